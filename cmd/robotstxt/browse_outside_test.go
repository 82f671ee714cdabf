package main

import (
	"bufio"
	"context"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/robotstxt/robotstxt/gate"
	"github.com/robotstxt/robotstxt/guard"
)

// TestBrowseAttachGuardedFetch: requests a script makes outside the
// browser (Playwright's context.request, Node's fetch under Puppeteer) go
// through guardedFetch (integrations/browser/guarded-fetch.cjs), which asks
// `browse --attach --decide-addr` first: a disallowed URL, one whose
// robots.txt answers 503, and the disallowed target of an allowed URL's
// redirect are refused and never reach their servers; an allowed one is
// sent, once, and recorded with its answer (issue 41 item 4).
func TestBrowseAttachGuardedFetch(t *testing.T) {
	browseChromium(t)
	modules := nodeModules(t)
	exe, _ := guard.FindChromium()
	for _, lib := range []struct{ name, script string }{
		{"playwright", "playwright-attach.cjs"},
		{"puppeteer", "puppeteer-attach.cjs"},
	} {
		t.Run(lib.name, func(t *testing.T) {
			a := newBrowseSite(t, map[string]string{
				"/robots.txt":     "User-agent: *\nDisallow: /private/\n",
				"/":               `<!doctype html><title>done</title><link rel="icon" href="data:,">`,
				"/api/items.json": `{"items":[]}`,
				"/private/x.json": "secret",
				"/go":             "redirect /private/x.json",
			})
			c := newBrowseSite(t, map[string]string{"/robots.txt": "status 503", "/x.json": "{}"})
			ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
			defer cancel()
			script := exec.CommandContext(ctx, "node", filepath.Join("..", "..", "integrations", "browser", lib.script), a.URL+"/")
			script.Env = append(os.Environ(), "NODE_PATH="+modules, "CHROMIUM="+exe)
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
			defer func() {
				stdin.Close()
				if err := script.Wait(); err != nil {
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
			records := filepath.Join(t.TempDir(), "records.jsonl")
			g := startGuarding(t, ctx, endpoint, records, "--no-proxy", "--decide-addr", "127.0.0.1:0")
			decide := regexp.MustCompile(`(?m)^decide   (http://127\.0\.0\.1:\d+/[0-9a-f]{32}) `).FindStringSubmatch(g.errb.String())
			if decide == nil {
				g.stop()
				<-g.done
				t.Fatalf("no decide URL on standard error:\n%s", g.errb.String())
			}
			io.WriteString(stdin, "go\n")
			if _, ok := next("LOADED"); !ok {
				g.stop()
				<-g.done
				t.Fatalf("%s: the page did not load (%v)\n%s", lib.script, lines.Err(), scriptErr.String())
			}
			io.WriteString(stdin, "DECIDE "+decide[1]+"\n")
			want := []struct{ url, line string }{
				{a.URL + "/private/x.json", "REFUSED " + a.URL + "/private/x.json drop"},
				{c.URL + "/x.json", "REFUSED " + c.URL + "/x.json hold"},
				{a.URL + "/go", "REFUSED " + a.URL + "/private/x.json drop"},
				{a.URL + "/api/items.json", "FETCHED " + a.URL + "/api/items.json 200"},
			}
			for _, w := range want {
				io.WriteString(stdin, "FETCH "+w.url+"\n")
				var got string
				for lines.Scan() {
					if l := lines.Text(); strings.HasPrefix(l, "FETCHED ") || strings.HasPrefix(l, "REFUSED ") {
						got = l
						break
					}
				}
				if got != w.line {
					t.Errorf("FETCH %s: %q, want %q\n%s", w.url, got, w.line, scriptErr.String())
				}
			}
			// The guard is interrupted first: a browser closed under it
			// ends browse --attach with status 1 ("went away").
			g.stop()
			if code := <-g.done; code != 0 {
				t.Errorf("browse --attach exit %d:\n%s%s", code, g.out.String(), g.errb.String())
			}
			stdin.Close()
			if _, ok := next("never"); ok {
				t.Error("the script went on after its standard input ended")
			}
			for site, paths := range map[*browseSite][]string{a: {"/private/x.json"}, c: {"/x.json"}} {
				for _, p := range paths {
					if n := site.count(p); n != 0 {
						t.Errorf("%s reached its server %d times", p, n)
					}
				}
			}
			if n := a.count("/api/items.json"); n != 1 {
				t.Errorf("/api/items.json reached its server %d times, want once", n)
			}
			if n := a.count("/go"); n != 1 {
				t.Errorf("/go reached its server %d times, want once (its redirect's target is refused)", n)
			}
			b, err := os.ReadFile(records)
			if err != nil {
				t.Fatal(err)
			}
			var got []string
			for _, l := range strings.Split(strings.TrimSpace(string(b)), "\n") {
				var r guard.Record
				if err := r.UnmarshalJSON([]byte(l)); err != nil {
					t.Fatalf("record %q: %v", l, err)
				}
				if r.ResourceType != guard.TypeOutside {
					continue
				}
				if r.Origin == "" || r.RepDecision == "" {
					t.Errorf("outside record %s: origin %q repDecision %q", r.TargetURL, r.Origin, r.RepDecision)
				}
				got = append(got, fmt.Sprintf("%s %s %s", r.Action, strings.NewReplacer(a.URL, "A", c.URL, "C").Replace(r.TargetURL), r.TargetStatus))
			}
			wantRecs := []string{
				string(gate.Drop) + " A/private/x.json blocked",
				string(gate.Hold) + " C/x.json blocked",
				string(gate.Admit) + " A/go 302",
				string(gate.Drop) + " A/private/x.json blocked",
				string(gate.Admit) + " A/api/items.json 200",
			}
			if strings.Join(got, "\n") != strings.Join(wantRecs, "\n") {
				t.Errorf("outside records:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(wantRecs, "\n"))
			}
		})
	}
}
