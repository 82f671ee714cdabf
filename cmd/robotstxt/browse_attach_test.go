package main

import (
	"bufio"
	"context"
	"errors"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/robotstxt/robotstxt/guard"
	"github.com/robotstxt/robotstxt/internal/leaksite"
	"github.com/robotstxt/robotstxt/internal/testutil"
)

// nodeModules is where .ci/run installs the npm packages of this test
// (testutil.NodeModules).
func nodeModules(t *testing.T) string {
	t.Helper()
	return testutil.NodeModules(t, "ROBOTSTXT_NODE_MODULES", "robotstxt-automation", "playwright-core", "puppeteer-core")
}

// TestBrowseAttachAutomation: real Playwright (playwright-core) and
// Puppeteer (puppeteer-core) from Node launch Debian's Chromium, `browse
// --attach` guards it with no page URL (every tab, until interrupted), and
// the script loads the leak page, which opens a window.open window and a
// target=_blank popup. The browser goes through the guard's proxy
// (--proxy-addr). Counted at the servers: no disallowed or unresolved
// request arrived, and every request that arrived has a record. Once the
// guard is stopped, the script closes the browser and exits with status 3.
func TestBrowseAttachAutomation(t *testing.T) {
	browseChromium(t)
	modules := nodeModules(t)
	exe, _ := guard.FindChromium()
	for _, lib := range []struct{ name, script, endpoint string }{
		{"playwright", "playwright-attach.cjs", "http://127.0.0.1:"},
		{"puppeteer", "puppeteer-attach.cjs", "ws://127.0.0.1:"},
	} {
		t.Run(lib.name, func(t *testing.T) {
			waitForLinks(t) // (browse_load_test.go)
			s := leaksite.New(t)
			ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
			defer cancel()
			script := exec.CommandContext(ctx, "node", filepath.Join("..", "..", "integrations", "browser", lib.script), s.A.URL+"/")
			proxy := freeProxyAddr(t)
			script.Env = append(os.Environ(), "NODE_PATH="+modules, "CHROMIUM="+exe, "ROBOTSTXT_GUARD_PROXY="+proxy)
			stdin, err := script.StdinPipe()
			if err != nil {
				t.Fatal(err)
			}
			stdout, err := script.StdoutPipe()
			if err != nil {
				t.Fatal(err)
			}
			var scriptErr lockedBuffer
			script.Stderr = &scriptErr
			if err := script.Start(); err != nil {
				t.Fatal(err)
			}
			guardStopped := false
			defer func() {
				// Once the guard ended, the script must end by itself (its
				// watch of the guard): its standard input stays open, so that
				// its end cannot be the input's.
				if !guardStopped {
					stdin.Close()
				}
				err := script.Wait()
				var ee *exec.ExitError
				switch {
				case guardStopped && (!errors.As(err, &ee) || ee.ExitCode() != 3 || !strings.Contains(scriptErr.String(), "went away")):
					t.Errorf("%s: %v, want exit status 3 once the guard ended\n%s", lib.script, err, scriptErr.String())
				case !guardStopped && err != nil:
					t.Errorf("%s: %v\n%s", lib.script, err, scriptErr.String())
				}
			}()
			lines := bufio.NewScanner(stdout)
			next := func(prefix string) (string, bool) {
				for lines.Scan() {
					if l := lines.Text(); strings.HasPrefix(l, prefix) {
						return strings.TrimPrefix(l, prefix), true
					}
				}
				return "", false
			}
			endpoint, ok := next("ENDPOINT ")
			if !ok {
				t.Fatalf("%s: no endpoint (%v)\n%s", lib.script, lines.Err(), scriptErr.String())
			}
			if !strings.HasPrefix(endpoint, lib.endpoint) {
				t.Fatalf("endpoint %q, want %s...", endpoint, lib.endpoint)
			}

			records := filepath.Join(t.TempDir(), "records.jsonl")
			g := startGuarding(t, ctx, endpoint, records, "--proxy-addr", proxy)
			stopGuard, done, out, errb := g.stop, g.done, &g.out, &g.errb
			io.WriteString(stdin, "go\n")
			if _, ok := next("LOADED"); !ok {
				stopGuard()
				<-done
				b, _ := os.ReadFile(records)
				t.Fatalf("%s: the page did not load (%v)\n%s\nrecords:\n%s", lib.script, lines.Err(), scriptErr.String(), b)
			}
			reports := s.WaitReports(t, "page", "open", "blank", "kinds")
			waitLeakLinks(t, s, records, 60*time.Second)
			time.Sleep(2 * time.Second) // long enough for speculative loads, were any made
			stopGuard()
			guardStopped = true
			if code := <-done; code != 0 {
				t.Errorf("browse --attach exit %d:\n%s%s", code, out.String(), errb.String())
			}
			for via, r := range reports {
				if want := leaksite.WantReport(via); r != want {
					t.Errorf("%s: report %q, want %q", via, r, want)
				}
			}
			b, err := os.ReadFile(records)
			if err != nil {
				t.Fatal(err)
			}
			var recs []guard.Record
			for _, l := range strings.Split(strings.TrimSpace(string(b)), "\n") {
				var r guard.Record
				if err := r.UnmarshalJSON([]byte(l)); err != nil {
					t.Fatalf("record %q: %v", l, err)
				}
				recs = append(recs, r)
			}
			s.CheckServers(t, recs)
			s.CheckKinds(t, recs)
			if !strings.Contains(out.String(), "browser  "+endpoint+" (attached: every tab guarded)") {
				t.Errorf("summary does not name the browser:\n%s", out.String())
			}
		})
	}
}

// guarding is a `browse --attach ENDPOINT --records FILE` running with no
// page, until stop (its interrupt); done gives its exit status.
type guarding struct {
	stop      context.CancelFunc
	done      chan int
	out, errb lockedBuffer
}

// startGuarding starts it and waits until it guards.
func startGuarding(t *testing.T, ctx context.Context, endpoint, records string, extra ...string) *guarding {
	t.Helper()
	guarded, stop := context.WithCancel(ctx)
	g := &guarding{stop: stop, done: make(chan int, 1)}
	args := append([]string{"browse", "--agent", "ExampleBot", "--allow-private", "--attach", endpoint, "--records", records}, extra...)
	go func() {
		g.done <- Run(guarded, args,
			strings.NewReader(""), &g.out, &g.errb)
	}()
	for !strings.Contains(g.errb.String(), "guarding ") {
		select {
		case code := <-g.done:
			stop()
			t.Fatalf("browse --attach ended with %d before guarding:\n%s%s", code, g.out.String(), g.errb.String())
		case <-time.After(20 * time.Millisecond):
		}
	}
	return g
}

// TestBrowseLeakPageCommand loads the leak page with the command (the
// browser it starts, popups allowed): nothing disallowed or unresolved
// reaches the servers, speculation rules included, every request that
// arrived has a record, and the page's own report is the guarded one.
func TestBrowseLeakPageCommand(t *testing.T) {
	browseChromium(t)
	s := leaksite.New(t)
	records := filepath.Join(t.TempDir(), "records.jsonl")
	stdout, stderr, code := crawlerRun(t, "", "browse", "--agent", "ExampleBot", "--allow-private", "--chromium-flag", "disable-popup-blocking",
		"--wait", "networkidle", "--records", records, s.A.URL+"/")
	if code != 0 {
		t.Fatalf("exit %d:\n%s%s", code, stdout, stderr)
	}
	reports := s.WaitReports(t, "page", "kinds")
	for via, r := range reports {
		if want := leaksite.WantReport(via); r != want {
			t.Errorf("%s: report %q, want %q", via, r, want)
		}
	}
	b, err := os.ReadFile(records)
	if err != nil {
		t.Fatal(err)
	}
	var recs []guard.Record
	tabs := map[string]bool{}
	for _, l := range strings.Split(strings.TrimSpace(string(b)), "\n") {
		var r guard.Record
		if err := r.UnmarshalJSON([]byte(l)); err != nil {
			t.Fatalf("record %q: %v", l, err)
		}
		if r.ResourceType == guard.TypeDocument {
			if r.Tab == "" {
				t.Errorf("document %s has no tab", r.TargetURL)
			}
			tabs[r.Tab] = true
		}
		recs = append(recs, r)
	}
	s.CheckServers(t, recs)
	s.CheckKinds(t, recs)
	if len(tabs) < 2 {
		t.Errorf("documents of %d tabs recorded, want the page's and its window.open window's at least", len(tabs))
	}
	if !strings.Contains(stdout, "(admit: HTTP 200)") {
		t.Errorf("summary:\n%s", stdout)
	}
}

// TestBrowseClientRedirect: a page that sends itself to a disallowed URL
// (location.replace, a meta refresh) was not loaded: exit status 1 as for a
// blocked page, the disallowed URL never reaches its origin, and with
// --wait networkidle the command returns before its timeout.
func TestBrowseClientRedirect(t *testing.T) {
	browseChromium(t)
	a := newBrowseSite(t, map[string]string{
		"/robots.txt":        "User-agent: *\nDisallow: /private/\n",
		"/replace.html":      `<!doctype html><link rel="icon" href="data:,"><script>location.replace('/private/replaced')</script>`,
		"/refresh.html":      `<!doctype html><link rel="icon" href="data:,"><meta http-equiv="refresh" content="0; url=/private/refreshed">`,
		"/private/replaced":  "secret",
		"/private/refreshed": "secret",
	})
	for _, tt := range []struct{ page, to string }{
		{"/replace.html", "/private/replaced"},
		{"/refresh.html", "/private/refreshed"},
	} {
		t.Run(tt.page, func(t *testing.T) {
			stdout, stderr, code := crawlerRun(t, "", "browse", "--agent", "ExampleBot", "--allow-private", "--wait", "networkidle", "--timeout", "40s", a.URL+tt.page)
			want := "browse: the page was not loaded: drop " + a.URL + tt.to
			if code != exitFindings || !strings.Contains(stderr, want) {
				t.Errorf("exit %d, stderr %q; want %d and %q\n%s", code, stderr, exitFindings, want, stdout)
			}
			if !strings.Contains(stdout, a.URL+tt.page+" -> "+a.URL+tt.to+" (drop: blocked by the guard)") {
				t.Errorf("summary:\n%s", stdout)
			}
			if n := a.count(tt.to); n != 0 {
				t.Errorf("%s reached %d times", tt.to, n)
			}
		})
	}
}
