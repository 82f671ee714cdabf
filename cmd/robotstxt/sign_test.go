package main

import (
	"bufio"
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/robotstxt/robotstxt/httpsig"
	"github.com/robotstxt/robotstxt/internal/testutil"
)

// webBotAuthModules is where .ci/run installs the npm packages of this test
// (testutil.NodeModules).
func webBotAuthModules(t *testing.T) string {
	t.Helper()
	return testutil.NodeModules(t, "ROBOTSTXT_WEBBOTAUTH", "robotstxt-webbotauth", "web-bot-auth")
}

// wbaSite is the Node site of testdata/webbotauth-site.cjs: two loopback
// authorities that verify every request with web-bot-auth.
type wbaSite struct {
	a, b string // http://127.0.0.1:port
}

type wbaCheck struct {
	Authority, Path, Error string
	OK                     bool
}

func startWBASite(t *testing.T, modules string, pub httpsig.JWK) *wbaSite {
	t.Helper()
	j, _ := json.Marshal(pub)
	ctx, cancel := context.WithCancel(context.Background())
	cmd := exec.CommandContext(ctx, "node", "testdata/webbotauth-site.cjs", string(j))
	cmd.Env = append(os.Environ(), "NODE_PATH="+modules)
	out, _ := cmd.StdoutPipe()
	var stderr strings.Builder
	cmd.Stderr = &stderr
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { cancel(); cmd.Wait() })
	line, err := bufio.NewReader(out).ReadString('\n')
	var ports struct{ A, B int }
	if err != nil || json.Unmarshal([]byte(line), &ports) != nil {
		t.Fatalf("node site did not start: %v %q\n%s", err, line, stderr.String())
	}
	return &wbaSite{a: fmt.Sprintf("http://127.0.0.1:%d", ports.A), b: fmt.Sprintf("http://127.0.0.1:%d", ports.B)}
}

// log returns the verifications made since the site started.
func (s *wbaSite) log(t *testing.T) []wbaCheck {
	t.Helper()
	resp, err := http.Get(s.a + "/__log")
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	var l []wbaCheck
	if err := json.NewDecoder(resp.Body).Decode(&l); err != nil {
		t.Fatal(err)
	}
	return l
}

// TestSignedCommandsWebBotAuth: every request that fetch, check --live,
// gate and serve --gate send, signed with a key from "keys new", is
// accepted by a site that verifies with Cloudflare's web-bot-auth
// (draft-ietf-webbotauth-httpsig-protocol section 4: @authority and
// signature-agent covered, created, expires, keyid, tag web-bot-auth), the
// redirect to another authority included; the records name the key. The
// same requests signed with another key are all refused.
func TestSignedCommandsWebBotAuth(t *testing.T) {
	modules := webBotAuthModules(t)
	key, dir := newTestKey(t, "crawler.jwk")
	wrong, _ := newTestKey(t, "wrong.jwk", "--pem")
	kid := dir.Keys[0].Kid
	sign := func(k string) []string {
		// web-bot-auth 0.1.3 verifies signature-agent covered whole.
		return []string{"--allow-private", "--sign-key", k, "--signature-agent", "https://bot.example", "--sign-whole-agent-field"}
	}
	scope := filepath.Join(t.TempDir(), "scope.yaml")
	os.WriteFile(scope, []byte("approved: [\"*\"]\n"), 0o644)

	type run struct {
		name  string
		do    func(t *testing.T, s *wbaSite, k string) string // returns what the command printed
		calls int                                             // requests it sends: /robots.txt on a, then on b
	}
	cli := func(stdin string, args ...string) func(t *testing.T, s *wbaSite, k string) string {
		return func(t *testing.T, s *wbaSite, k string) string {
			var argv []string
			for _, a := range args {
				argv = append(argv, strings.ReplaceAll(a, "SITE", s.a))
			}
			out, errOut, _ := runCLI(t, strings.ReplaceAll(stdin, "SITE", s.a), append(argv, sign(k)...)...)
			return out + errOut
		}
	}
	runs := []run{
		{"fetch", cli("", "fetch", "--json", "SITE/"), 2},
		{"check --live", cli("", "check", "--live", "--json", "-a", "ExampleBot", "SITE/private/x"), 2},
		{"gate", cli(`{"url":"SITE/page"}`+"\n", "gate", "--agent", "ExampleBot", "--scope", scope), 2},
		{"serve --gate", func(t *testing.T, s *wbaSite, k string) string {
			return serveGateDecide(t, s.a+"/page", append([]string{"--scope", scope}, sign(k)...))
		}, 2},
	}
	for _, r := range runs {
		t.Run(r.name, func(t *testing.T) {
			s := startWBASite(t, modules, dir.Keys[0])
			out := r.do(t, s, key)
			l := s.log(t)
			if len(l) != r.calls {
				t.Fatalf("%d requests verified, want %d: %+v\n%s", len(l), r.calls, l, out)
			}
			for _, c := range l {
				if !c.OK {
					t.Errorf("web-bot-auth refused %s%s: %s", c.Authority, c.Path, c.Error)
				}
			}
			if l[0].Authority == l[1].Authority {
				t.Errorf("the redirect stayed on %s", l[0].Authority)
			}
			if !strings.Contains(out, `"policySignedBy":"`+kid+`"`) && !strings.Contains(out, `"policySignedBy": "`+kid+`"`) {
				t.Errorf("the record does not name the key %s:\n%s", kid, out)
			}

			// Another key: every request refused.
			s = startWBASite(t, modules, dir.Keys[0])
			out = r.do(t, s, wrong)
			l = s.log(t)
			if len(l) == 0 {
				t.Fatalf("no request sent with the wrong key:\n%s", out)
			}
			for _, c := range l {
				if c.OK {
					t.Errorf("web-bot-auth accepted %s%s signed with the wrong key", c.Authority, c.Path)
				}
			}
		})
	}
}

// serveGateDecide starts "serve --gate" with args, asks it to decide u, and
// returns the answer.
func serveGateDecide(t *testing.T, u string, args []string) string {
	t.Helper()
	var stdout, stderr lockedBuffer
	c := &cli{stdin: strings.NewReader(""), stdout: &stdout, stderr: &stderr, getenv: func(string) string { return "" }}
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan int, 1)
	go func() {
		done <- c.run(ctx, append([]string{"serve", "--addr", "127.0.0.1:0", "--gate", "--agent", "ExampleBot", "--log-format", "json"}, args...))
	}()
	defer func() { cancel(); <-done }()
	urlRE := regexp.MustCompile(`http://127\.0\.0\.1:\d+/`)
	var base string
	for deadline := time.Now().Add(10 * time.Second); base == "" && time.Now().Before(deadline); time.Sleep(10 * time.Millisecond) {
		base = urlRE.FindString(stdout.String())
	}
	if base == "" {
		t.Fatalf("serve printed no URL:\n%s%s", stdout.String(), stderr.String())
	}
	resp, err := http.Post(base+"api/v1/decide", "application/json", strings.NewReader(`{"urls":["`+u+`"]}`))
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	var b strings.Builder
	if _, err := bufio.NewReader(resp.Body).WriteTo(&b); err != nil {
		t.Fatal(err)
	}
	return b.String()
}

// TestSignFlagErrors: the signing flags are checked before anything is
// sent, and a key file is never quoted.
func TestSignFlagErrors(t *testing.T) {
	key, _ := newTestKey(t, "k.jwk")
	loose := filepath.Join(t.TempDir(), "loose.jwk")
	data, _ := os.ReadFile(key)
	os.WriteFile(loose, data, 0o644)
	u := "http://127.0.0.1:9/"
	for _, tc := range []struct {
		args []string
		err  string
	}{
		{[]string{"fetch", u, "--sign-key", key}, "needs --signature-agent"},
		{[]string{"fetch", u, "--signature-agent", "https://bot.example"}, "go with --sign-key"},
		{[]string{"fetch", u, "--sign-key", key, "--signature-agent", "http://bot.example"}, "want an https URL"},
		{[]string{"fetch", u, "--sign-key", key, "--signature-agent", "https://bot.example", "--max-price", "1 dollar"}, "--max-price"},
		{[]string{"fetch", u, "--sign-key", loose, "--signature-agent", "https://bot.example"}, "can be read by other users"},
		{[]string{"gate", "--agent", "ExampleBot", "--max-price", "USD 0.01"}, "go with --sign-key"},
		{[]string{"check", "-a", "ExampleBot", u, "--sign-key", key}, "are for --live"},
		{[]string{"serve", "--sign-key", key}, "go with --gate"},
	} {
		_, errOut, code := runCLI(t, "", tc.args...)
		if code != 2 || !strings.Contains(errOut, tc.err) {
			t.Errorf("%v: exit %d, %q; want 2, %q", tc.args, code, errOut, tc.err)
		}
		if strings.Contains(errOut, `"d"`) {
			t.Errorf("%v: key quoted", tc.args)
		}
	}
}

// TestBrowseSignedWebBotAuth: browse signs the robots.txt fetches and every
// request of the page, in the browser (a subresource of another
// authority included), and a site verifying with Cloudflare's
// web-bot-auth accepts them all; the records name the key. With another
// key, it refuses them all.
func TestBrowseSignedWebBotAuth(t *testing.T) {
	if testing.Short() {
		t.Skip("a browser test")
	}
	browseChromium(t)
	modules := webBotAuthModules(t)
	key, dir := newTestKey(t, "crawler.jwk")
	wrong, _ := newTestKey(t, "wrong.jwk")
	kid := dir.Keys[0].Kid
	browse := func(s *wbaSite, k string) string {
		out, errOut, _ := runCLI(t, "", "browse", "--agent", "ExampleBot", "--allow-private", "--records", "-",
			"--sign-key", k, "--signature-agent", "https://bot.example", "--sign-whole-agent-field", s.a+"/page")
		return out + errOut
	}
	s := startWBASite(t, modules, dir.Keys[0])
	out := browse(s, key)
	var got []string
	for _, c := range s.log(t) {
		if !c.OK {
			t.Errorf("web-bot-auth refused %s%s: %s", c.Authority, c.Path, c.Error)
		}
		host := "a"
		if "http://"+c.Authority == s.b {
			host = "b"
		}
		got = append(got, host+c.Path)
	}
	if g := strings.Join(got, " "); g != "a/robots.txt b/robots.txt a/page b/robots.txt b/img" {
		t.Errorf("verified %s", g)
	}
	if n := strings.Count(out, `"signedBy":"`+kid+`"`); n != 2 || !strings.Contains(out, `"policySignedBy":"`+kid+`"`) {
		t.Errorf("%d records signed by %s:\n%s", n, kid, out)
	}

	s = startWBASite(t, modules, dir.Keys[0])
	browse(s, wrong)
	l := s.log(t)
	if len(l) == 0 {
		t.Fatal("no request sent with the wrong key")
	}
	for _, c := range l {
		if c.OK {
			t.Errorf("web-bot-auth accepted %s%s signed with the wrong key", c.Authority, c.Path)
		}
	}
}
