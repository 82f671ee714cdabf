package main

import (
	"bufio"
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/remote"

	"github.com/robotstxt/robotstxt/gate"
	"github.com/robotstxt/robotstxt/guard"
)

// TestBrowseAttachStreams: `browse --attach` with no page writes each
// record as its request is answered or stopped, while it still guards
// (the page's records are in the file before the command is interrupted),
// each once, and the rest when interrupted. (The User-Agent the guard
// gives an attached browser's requests: guard.TestAttachUserAgent.)
func TestBrowseAttachStreams(t *testing.T) {
	browseChromium(t)
	exe, _ := guard.FindChromium()
	a := newBrowseSite(t, map[string]string{
		"/robots.txt":     "User-agent: *\nDisallow: /private/\n",
		"/page.html":      `<!doctype html><link rel="icon" href="data:,"><img src="/ok.png"><img src="/private/no.png">`,
		"/ok.png":         "png",
		"/private/no.png": "png",
	})
	// The browser's profile, removed once the browser is gone (its
	// processes may still write as it ends, which t.TempDir would fail on).
	dir, err := os.MkdirTemp("", "robotstxt-attach-")
	if err != nil {
		t.Fatal(err)
	}
	defer os.RemoveAll(dir)
	if err := os.MkdirAll(filepath.Join(dir, "Default"), 0o700); err != nil {
		t.Fatal(err)
	}
	os.WriteFile(filepath.Join(dir, "Default", "Preferences"), []byte(`{"net":{"network_prediction_options":2}}`), 0o600)
	ctx, cancel := context.WithTimeout(context.Background(), 90*time.Second)
	defer cancel()
	// A browser someone else started, with a DevTools port of its own.
	cmd := exec.CommandContext(ctx, exe, "--headless", "--no-sandbox", "--disable-gpu", "--no-first-run", "--disable-quic",
		"--user-data-dir="+dir, "--remote-debugging-port=0", "about:blank")
	stderr, err := cmd.StderrPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	defer func() { cancel(); cmd.Wait() }()
	endpoint := ""
	for sc := bufio.NewScanner(stderr); sc.Scan(); {
		if _, after, ok := strings.Cut(sc.Text(), "DevTools listening on "); ok {
			endpoint = strings.TrimSpace(after)
			break
		}
	}
	if endpoint == "" {
		t.Fatal("the browser gave no DevTools endpoint")
	}
	go func() { // keep its stderr drained
		b := make([]byte, 4096)
		for {
			if _, err := stderr.Read(b); err != nil {
				return
			}
		}
	}()

	records := filepath.Join(t.TempDir(), "records.jsonl")
	g := startGuarding(t, ctx, endpoint, records, "--no-proxy")
	stop, done, out, errb := g.stop, g.done, &g.out, &g.errb
	// The owner of the browser loads a page in a tab of its own.
	actx, cancelAlloc := remote.NewAllocator(ctx, endpoint)
	defer cancelAlloc()
	tab, cancelTab := chromedp.NewContext(actx)
	defer cancelTab()
	// As docs/browse.md asks of such programs: wait until the guard has
	// the new tab, then navigate.
	for deadline := time.Now().Add(20 * time.Second); ; {
		if ok, err := chromedp.Run(tab, chromedp.Evaluate[bool](`WebSocket.__robotstxtGuard === true`)); err == nil && ok {
			break
		}
		if time.Now().After(deadline) {
			t.Fatal("the guard did not take the new tab")
		}
		time.Sleep(50 * time.Millisecond)
	}
	if _, err := chromedp.Run(tab, chromedp.Navigate(a.URL+"/page.html")); err != nil {
		t.Fatal(err)
	}
	want := []string{a.URL + "/page.html", a.URL + "/ok.png", a.URL + "/private/no.png"}
	streamed := func() map[string]int {
		b, _ := os.ReadFile(records)
		n := map[string]int{}
		for _, l := range strings.Split(strings.TrimSpace(string(b)), "\n") {
			var r guard.Record
			if l != "" && r.UnmarshalJSON([]byte(l)) == nil {
				n[r.TargetURL]++
			}
		}
		return n
	}
	deadline := time.Now().Add(30 * time.Second)
	for {
		n := streamed()
		if n[want[0]] > 0 && n[want[1]] > 0 && n[want[2]] > 0 {
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("records written while guarding: %v, want %v", n, want)
		}
		time.Sleep(50 * time.Millisecond)
	}
	stop()
	if code := <-done; code != 0 {
		t.Errorf("exit %d:\n%s%s", code, out.String(), errb.String())
	}
	for url, k := range streamed() {
		if k != 1 {
			t.Errorf("%s written %d times, want once", url, k)
		}
	}
	if a.count("/private/no.png") != 0 {
		t.Error("the disallowed image reached the site")
	}
}

// A streamed record not linked yet (guard.Record.Linked: a service
// worker's request to the frame request it answers for, a preflight to the
// request it precedes; the tab reports them on a session of its own, which
// may come after the answer) waits: it is written once linked, or after
// linkWait flushes unlinked, or at the end; other answered requests go out
// at the first flush, unanswered ones only at the end. The test stands in
// for Linked by the worker's tab (guard's TestRecordLinked tests Linked).
func TestBrowseStreamWaitsForLinks(t *testing.T) {
	answered := guard.Record{Action: gate.Admit, Method: "GET", TargetStatus: guard.TargetStatus{Code: 200}}
	page, linked, unlinked, open := answered, answered, answered, guard.Record{Action: gate.Admit, Method: "GET"}
	page.Tab = "T1"
	linked.ServiceWorker, linked.Tab = "http://a/sw.js", "T1"
	unlinked.ServiceWorker = "http://a/sw.js"
	var b strings.Builder
	byTab := func(r guard.Record) bool { return r.ServiceWorker == "" || r.Tab != "" }
	st := &browseStream{w: &b, linked: byTab}
	lines := func() int { return strings.Count(b.String(), "\n") }
	recs := []guard.Record{page, unlinked, open}
	if err := st.flush(recs, false); err != nil {
		t.Fatal(err)
	}
	if lines() != 1 {
		t.Fatalf("first flush wrote %d records, want the page's 1:\n%s", lines(), b.String())
	}
	for i := 2; i < linkWait; i++ {
		if err := st.flush(recs, false); err != nil {
			t.Fatal(err)
		}
	}
	if lines() != 1 {
		t.Fatalf("after %d flushes the unlinked worker's request was written:\n%s", linkWait-1, b.String())
	}
	// Linked now: written at the next flush.
	recs[1] = linked
	if err := st.flush(recs, false); err != nil {
		t.Fatal(err)
	}
	if lines() != 2 || !strings.Contains(b.String(), `"tabId":"T1","initiator":null,"redirectedFrom":null,"serviceWorker":"http://a/sw.js"`) {
		t.Fatalf("the linked worker's request was not written once linked:\n%s", b.String())
	}
	// Never linked: written after the wait.
	b.Reset()
	st = &browseStream{w: &b, linked: byTab}
	recs = []guard.Record{unlinked}
	for i := 1; i <= linkWait+1; i++ { // found done at the first
		if err := st.flush(recs, false); err != nil {
			t.Fatal(err)
		}
		if want := map[bool]int{true: 1, false: 0}[i > linkWait]; lines() != want {
			t.Fatalf("flush %d: %d records written, want %d", i, lines(), want)
		}
	}
	// The end writes the rest, the unanswered included, each once.
	b.Reset()
	st = &browseStream{w: &b, linked: byTab}
	recs = []guard.Record{unlinked, open, page}
	if err := st.flush(recs, false); err != nil {
		t.Fatal(err)
	}
	if err := st.flush(recs, true); err != nil {
		t.Fatal(err)
	}
	if lines() != 3 {
		t.Fatalf("the end wrote %d records in all, want 3:\n%s", lines(), b.String())
	}
}
