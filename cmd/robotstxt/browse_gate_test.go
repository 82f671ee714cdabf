package main

import (
	"net"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"

	"github.com/robotstxt/robotstxt/fetch"
	"github.com/robotstxt/robotstxt/gate"
	"github.com/robotstxt/robotstxt/guard"
	"github.com/robotstxt/robotstxt/netguard"
	"github.com/robotstxt/robotstxt/server"
)

// TestBrowseGateURL: two browse commands at once, each with its own
// Chromium (a farm of two), take their decisions from one real decision
// service (serve --gate's server, in-process, with a bearer token): the
// site's robots.txt is fetched once between them, and no disallowed
// request reaches the site. With the service down, the page is held (exit
// 1, recorded unresolved) and never reaches the site.
func TestBrowseGateURL(t *testing.T) {
	browseChromium(t)
	a := newBrowseSite(t, map[string]string{
		"/robots.txt":     "User-agent: *\nDisallow: /private/\n",
		"/page.html":      `<!doctype html><link rel="icon" href="data:,"><img src="/ok.png"><img src="/private/no.png">`,
		"/ok.png":         "png",
		"/private/no.png": "png",
	})
	scope, err := gate.ParseScope([]byte(`approved: ["*"]`), "yaml")
	if err != nil {
		t.Fatal(err)
	}
	client := &gate.Client{Fetcher: &fetch.Fetcher{UserAgent: "ExampleBot/1.0", Guard: &netguard.Policy{AllowPrivate: true}}}
	s, err := server.New(server.Options{Gate: &server.GateOptions{Gate: &gate.Gate{Agent: "ExampleBot", Client: client, Scope: scope}, Token: "s3cret"}})
	if err != nil {
		t.Fatal(err)
	}
	svc := httptest.NewServer(s)
	t.Cleanup(svc.Close)
	dir := t.TempDir()
	token := filepath.Join(dir, "token")
	os.WriteFile(token, []byte("s3cret\n"), 0o600)

	var wg sync.WaitGroup
	type run struct {
		stdout, stderr string
		code           int
		recs           []guard.Record
	}
	runs := make([]run, 2)
	for i := range runs {
		wg.Add(1)
		go func() {
			defer wg.Done()
			records := filepath.Join(dir, "records"+string(rune('0'+i))+".jsonl")
			r := &runs[i]
			r.stdout, r.stderr, r.code = crawlerRun(t, "", "browse", "--agent", "ExampleBot", "--allow-private", "--wait", "networkidle",
				"--gate-url", svc.URL, "--gate-token-file", token, "--records", records, a.URL+"/page.html")
			b, _ := os.ReadFile(records)
			for _, l := range strings.Split(strings.TrimSpace(string(b)), "\n") {
				var rec guard.Record
				if l != "" && rec.UnmarshalJSON([]byte(l)) == nil {
					r.recs = append(r.recs, rec)
				}
			}
		}()
	}
	wg.Wait()
	for i, r := range runs {
		if r.code != 0 {
			t.Errorf("browser %d: exit %d\n%s%s", i, r.code, r.stdout, r.stderr)
		}
		got := map[string]string{}
		for _, rec := range r.recs {
			got[strings.TrimPrefix(rec.TargetURL, a.URL)] = string(rec.Action) + " " + rec.PolicyURL
		}
		for path, want := range map[string]string{"/page.html": "admit", "/ok.png": "admit", "/private/no.png": "drop"} {
			if got[path] != want+" "+a.URL+"/robots.txt" {
				t.Errorf("browser %d: %s recorded %q, want %s under the site's robots.txt", i, path, got[path], want)
			}
		}
	}
	if n := a.count("/robots.txt"); n != 1 {
		t.Errorf("robots.txt fetched %d times for the two browsers, want once", n)
	}
	if n := a.count("/private/no.png"); n != 0 {
		t.Errorf("the disallowed image reached the site %d times", n)
	}
	pages := a.count("/page.html")

	// The service down: held, recorded unresolved, never let through.
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	down := "http://" + l.Addr().String()
	l.Close()
	records := filepath.Join(dir, "down.jsonl")
	stdout, stderr, code := crawlerRun(t, "", "browse", "--agent", "ExampleBot", "--allow-private", "--gate-url", down, "--records", records, a.URL+"/page.html")
	if code != exitFindings || !strings.Contains(stderr, "the page was not loaded: hold "+a.URL+"/page.html: no decision: the decision service "+down) {
		t.Errorf("service down: exit %d, stderr %q\n%s", code, stderr, stdout)
	}
	b, _ := os.ReadFile(records)
	var rec guard.Record
	if err := rec.UnmarshalJSON([]byte(strings.TrimSpace(string(b)))); err != nil || rec.RepDecision != gate.RepUnresolved ||
		rec.CollectionDecision != gate.Unresolved || !rec.TargetStatus.Blocked || rec.PolicyURL != a.URL+"/robots.txt" {
		t.Errorf("service down: record %s (%v), want one held, unresolved, blocked", b, err)
	}
	if n := a.count("/page.html"); n != pages {
		t.Errorf("with the service down the page reached the site")
	}
}
