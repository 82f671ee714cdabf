package main

import (
	"bufio"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/url"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"strings"
	"testing"
	"time"

	"github.com/robotstxt/robotstxt/guard"
	"github.com/robotstxt/robotstxt/internal/leaksite"
)

// freeProxyAddr is a loopback address with a port free now, for a test that
// must give the browser the guard's proxy before the guard runs.
func freeProxyAddr(t *testing.T) string {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	addr := ln.Addr().String()
	ln.Close()
	return addr
}

// nodeScript starts a Node script with the test's npm packages, Chromium
// and the guard's proxy address; it returns its standard input and a
// function that reads standard output up to the line with prefix.
type nodeRun struct {
	cmd    *exec.Cmd
	stdin  io.WriteCloser
	lines  *bufio.Scanner
	stderr lockedBuffer
}

func startNode(t *testing.T, ctx context.Context, proxy string, args ...string) *nodeRun {
	t.Helper()
	modules := nodeModules(t)
	exe, _ := guard.FindChromium()
	n := &nodeRun{cmd: exec.CommandContext(ctx, "node", args...)}
	n.cmd.Env = append(os.Environ(), "NODE_PATH="+modules, "CHROMIUM="+exe, "ROBOTSTXT_GUARD_PROXY="+proxy)
	var err error
	if n.stdin, err = n.cmd.StdinPipe(); err != nil {
		t.Fatal(err)
	}
	stdout, err := n.cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	n.cmd.Stderr = &n.stderr
	if err := n.cmd.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		n.stdin.Close()
		n.cmd.Process.Kill()
		n.cmd.Wait()
	})
	n.lines = bufio.NewScanner(stdout)
	return n
}

func (n *nodeRun) next(t *testing.T, prefix string) string {
	t.Helper()
	for n.lines.Scan() {
		if l := n.lines.Text(); strings.HasPrefix(l, prefix) {
			return strings.TrimPrefix(l, prefix)
		}
	}
	t.Fatalf("%v: no line %q (%v)\n%s", n.cmd.Args, prefix, n.lines.Err(), n.stderr.String())
	return ""
}

// guardProcess is `robotstxt browse --attach` in a process of its own (the
// test binary as robotstxt), so that it can be killed.
type guardProcess struct {
	cmd         *exec.Cmd
	stderr, out lockedBuffer
	done        chan struct{}
	exitCode    int
}

func startGuardProcess(t *testing.T, args ...string) *guardProcess {
	t.Helper()
	g := &guardProcess{cmd: robotstxtCommand(t, t.TempDir(), args...), done: make(chan struct{})}
	g.cmd.Stdout, g.cmd.Stderr = &g.out, &g.stderr
	if err := g.cmd.Start(); err != nil {
		t.Fatal(err)
	}
	go func() {
		err := g.cmd.Wait()
		var ee *exec.ExitError
		if errors.As(err, &ee) {
			g.exitCode = ee.ExitCode()
		}
		close(g.done)
	}()
	t.Cleanup(func() { g.cmd.Process.Kill(); <-g.done })
	for !strings.Contains(g.stderr.String(), "guarding ") {
		select {
		case <-g.done:
			t.Fatalf("browse --attach ended with %d before guarding:\n%s%s", g.exitCode, g.out.String(), g.stderr.String())
		case <-time.After(20 * time.Millisecond):
		}
	}
	return g
}

// kill SIGKILLs the guard and waits until its process is gone.
func (g *guardProcess) kill(t *testing.T) {
	t.Helper()
	if err := g.cmd.Process.Kill(); err != nil {
		t.Fatal(err)
	}
	<-g.done
}

// hits is what reached the origins: "host path" -> count.
func hits(os ...*leaksite.Origin) map[string]int {
	m := map[string]int{}
	for _, o := range os {
		for _, p := range o.Paths() {
			m[o.Host()+" "+p] = o.Count(p)
		}
	}
	return m
}

func hitsDiff(before, after map[string]int) []string {
	var d []string
	for k, n := range after {
		if n != before[k] {
			d = append(d, fmt.Sprintf("%s (%d more)", k, n-before[k]))
		}
	}
	sort.Strings(d)
	return d
}

// TestBrowseAttachGuardKilled (issue 41, item 1): the guard, `browse
// --attach --proxy-addr`, is SIGKILLed in the middle of a Playwright or
// Puppeteer script that launched Chromium through the guard's proxy (the
// launch options docs/browse.md gives). The script does not watch the
// guard: it goes on, with a fetch() from the open page (allowed,
// disallowed, and to an origin whose robots.txt is unresolved), a
// WebSocket, window.open, goto (allowed and disallowed) and a new tab.
// Counted at the servers from the kill until the browser is closed: 0
// requests arrived.
func TestBrowseAttachGuardKilled(t *testing.T) {
	browseChromium(t)
	for _, lib := range []string{"playwright", "puppeteer"} {
		t.Run(lib, func(t *testing.T) {
			a := leaksite.NewOrigin(t, "127.0.0.1", map[string]http.HandlerFunc{
				"/robots.txt": leaksite.Text("text/plain", "User-agent: *\nDisallow: /api/\n"),
				"/":           leaksite.Text("text/html", `<!doctype html><title>ready</title><link rel="icon" href="data:,">`),
				"/after/ws":   leaksite.Websocket,
				"*":           leaksite.Text("text/plain", "reached"),
			})
			c := leaksite.NewOrigin(t, "127.0.0.2", map[string]http.HandlerFunc{
				"/robots.txt": leaksite.Status(503),
				"*":           leaksite.Text("text/plain", "reached"),
			})
			ctx, cancel := context.WithTimeout(context.Background(), 3*time.Minute)
			defer cancel()
			proxy := freeProxyAddr(t)
			n := startNode(t, ctx, proxy, filepath.Join("testdata", "browse", "guard-killed.cjs"), lib, a.URL, c.URL)
			endpoint := n.next(t, "ENDPOINT ")
			g := startGuardProcess(t, "browse", "--agent", "ExampleBot", "--allow-private", "--attach", endpoint, "--proxy-addr", proxy)
			io.WriteString(n.stdin, "go\n")
			n.next(t, "LOADED")
			if a.Count("/") != 1 {
				t.Fatalf("the page reached A %d times before the kill, want 1", a.Count("/"))
			}
			before := hits(a, c)
			g.kill(t)
			io.WriteString(n.stdin, "killed\n")
			var results map[string]string
			if err := json.Unmarshal([]byte(n.next(t, "DONE ")), &results); err != nil {
				t.Fatal(err)
			}
			n.stdin.Close() // the script closes the browser and ends
			if err := n.cmd.Wait(); err != nil {
				t.Errorf("script: %v\n%s", err, n.stderr.String())
			}
			if d := hitsDiff(before, hits(a, c)); len(d) > 0 {
				t.Errorf("after the guard was killed, requests reached the servers: %v\nthe script saw: %v", d, results)
			}
			for what, r := range results {
				if r == "200" || r == "open" {
					t.Errorf("%s after the kill: %s", what, r)
				}
			}
			t.Logf("after the kill: %v", results)
		})
	}
}

// TestBrowseAttachWatchesGuard (issue 41, item 1): the integration scripts
// watch the guard (a request held open on its proxy) and close the browser
// when it ends: SIGKILLed mid-script, the script says so, exits with
// status 3, and the browser is gone (its DevTools endpoint no longer
// answers).
func TestBrowseAttachWatchesGuard(t *testing.T) {
	browseChromium(t)
	for _, lib := range []string{"playwright", "puppeteer"} {
		t.Run(lib, func(t *testing.T) {
			s := leaksite.New(t)
			ctx, cancel := context.WithTimeout(context.Background(), 3*time.Minute)
			defer cancel()
			proxy := freeProxyAddr(t)
			n := startNode(t, ctx, proxy, filepath.Join("..", "..", "integrations", "browser", lib+"-attach.cjs"), s.A.URL+"/")
			endpoint := n.next(t, "ENDPOINT ")
			g := startGuardProcess(t, "browse", "--agent", "ExampleBot", "--allow-private", "--attach", endpoint, "--proxy-addr", proxy)
			io.WriteString(n.stdin, "go\n")
			n.next(t, "LOADED")
			g.kill(t)
			err := n.cmd.Wait()
			var ee *exec.ExitError
			if !errors.As(err, &ee) || ee.ExitCode() != 3 {
				t.Errorf("script: %v, want exit status 3\n%s", err, n.stderr.String())
			}
			if !strings.Contains(n.stderr.String(), "went away") || !strings.Contains(n.stderr.String(), "closing the browser") {
				t.Errorf("script's stderr:\n%s", n.stderr.String())
			}
			u, err := url.Parse(endpoint)
			if err != nil {
				t.Fatal(err)
			}
			if res, err := http.Get("http://" + u.Host + "/json/version"); err == nil {
				res.Body.Close()
				t.Errorf("the browser still answers at %s after the script closed it", u.Host)
			}
		})
	}
}
