package main

import (
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"sync"
	"testing"

	"github.com/robotstxt/robotstxt"
	"github.com/robotstxt/robotstxt/fetch"
	"github.com/robotstxt/robotstxt/gate"
	"github.com/robotstxt/robotstxt/guard"
)

// tabRE matches a record's tab ID, a target ID that differs on every run.
var tabRE = regexp.MustCompile(`"tabId":"[0-9A-F]{32}"`)

// browseChromium skips the test when Chromium is missing, except under
// CI=true, where it fails.
func browseChromium(t *testing.T) {
	t.Helper()
	if _, err := guard.FindChromium(); err != nil {
		if os.Getenv("CI") == "true" {
			t.Fatalf("%v: CI must install it", err)
		}
		t.Skipf("%v; skipping", err)
	}
}

// browseSite is a loopback origin that counts the requests of each path.
type browseSite struct {
	*httptest.Server
	mu   sync.Mutex
	hits map[string]int
}

func newBrowseSite(t *testing.T, routes map[string]string) *browseSite {
	s := &browseSite{hits: map[string]int{}}
	s.Server = httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		s.mu.Lock()
		s.hits[r.URL.Path]++
		s.mu.Unlock()
		body, ok := routes[r.URL.Path]
		switch {
		case !ok:
			http.NotFound(w, r)
		case strings.HasPrefix(body, "redirect "):
			http.Redirect(w, r, strings.TrimPrefix(body, "redirect "), http.StatusFound)
		case strings.HasPrefix(body, "status 503"):
			w.WriteHeader(503)
		default:
			if strings.HasSuffix(r.URL.Path, ".js") {
				w.Header().Set("Content-Type", "text/javascript")
			}
			io.WriteString(w, body)
		}
	}))
	t.Cleanup(s.Close)
	return s
}

func (s *browseSite) count(path string) int {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.hits[path]
}

func TestBrowseCommand(t *testing.T) {
	dir := t.TempDir()
	names := map[string]string{"DIR": dir}
	n := 0
	urls := func(lines ...string) string {
		n++
		name := filepath.Join(dir, fmt.Sprintf("urls%d.txt", n))
		if err := os.WriteFile(name, []byte(strings.Join(lines, "\n")), 0o600); err != nil {
			t.Fatal(err)
		}
		return name
	}
	usage := []struct {
		name string
		args []string
	}{
		{"help", []string{"browse", "--help"}},
		{"usage-no-agent", []string{"browse", "http://127.0.0.1:1/"}},
		{"usage-not-a-token", []string{"browse", "--agent", "Mozilla/5.0 (compatible)", "http://127.0.0.1:1/"}},
		{"usage-no-url", []string{"browse", "--agent", "ExampleBot"}},
		{"usage-bad-url", []string{"browse", "--agent", "ExampleBot", "ftp://example.com/"}},
		{"usage-bad-wait", []string{"browse", "--agent", "ExampleBot", "--wait", "idle", "http://127.0.0.1:1/"}},
		{"usage-missing-scope", []string{"browse", "--agent", "ExampleBot", "--scope", filepath.Join(dir, "missing.yaml"), "http://127.0.0.1:1/"}},
		{"no-chromium", []string{"browse", "--agent", "ExampleBot", "--chromium", filepath.Join(dir, "no-such-chromium"), "http://127.0.0.1:1/"}},
		{"usage-short-hold-wait", []string{"browse", "--agent", "ExampleBot", "--hold-wait", "10s", "http://127.0.0.1:1/"}},
		{"usage-bad-attach", []string{"browse", "--agent", "ExampleBot", "--attach", "127.0.0.1:9222"}},
		{"usage-attach-flags", []string{"browse", "--agent", "ExampleBot", "--attach", "http://127.0.0.1:9222", "--chromium-flag", "disable-gpu"}},
		{"usage-urls-and-url", []string{"browse", "--agent", "ExampleBot", "--urls", urls("http://127.0.0.1:1/"), "http://127.0.0.1:1/"}},
		{"usage-urls-screenshot", []string{"browse", "--agent", "ExampleBot", "--urls", urls("http://127.0.0.1:1/"), "--screenshot", filepath.Join(dir, "x.png")}},
		{"usage-urls-bad-line", []string{"browse", "--agent", "ExampleBot", "--urls", urls("# pages", "http://127.0.0.1:1/", "", "ftp://127.0.0.1:1/")}},
		{"usage-urls-empty", []string{"browse", "--agent", "ExampleBot", "--urls", urls("# none", "")}},
		{"usage-urls-missing", []string{"browse", "--agent", "ExampleBot", "--urls", filepath.Join(dir, "missing.txt")}},
		{"usage-gate-url-bad", []string{"browse", "--agent", "ExampleBot", "--gate-url", "127.0.0.1:8080", "http://127.0.0.1:1/"}},
		{"usage-gate-url-scope", []string{"browse", "--agent", "ExampleBot", "--gate-url", "http://127.0.0.1:8080", "--scope", filepath.Join(dir, "scope.yaml"), "http://127.0.0.1:1/"}},
		{"usage-gate-token-without-url", []string{"browse", "--agent", "ExampleBot", "--gate-token-file", filepath.Join(dir, "token"), "http://127.0.0.1:1/"}},
		{"usage-json-records-stdout", []string{"browse", "--agent", "ExampleBot", "--json", "--records", "-", "http://127.0.0.1:1/"}},
		{"usage-proxy-addr-without-attach", []string{"browse", "--agent", "ExampleBot", "--proxy-addr", "127.0.0.1:0", "http://127.0.0.1:1/"}},
		{"usage-attach-no-proxy-addr", []string{"browse", "--agent", "ExampleBot", "--attach", "http://127.0.0.1:9222"}},
		{"usage-attach-proxy-both", []string{"browse", "--agent", "ExampleBot", "--attach", "http://127.0.0.1:9222", "--proxy-addr", "127.0.0.1:8899", "--no-proxy"}},
		{"usage-no-proxy-without-attach", []string{"browse", "--agent", "ExampleBot", "--no-proxy", "https://www.example.com/"}},
		{"usage-proxy-addr-not-loopback", []string{"browse", "--agent", "ExampleBot", "--attach", "http://127.0.0.1:1", "--proxy-addr", "0.0.0.0:0"}},
	}
	for _, tt := range usage {
		t.Run(tt.name, func(t *testing.T) {
			stdout, stderr, code := crawlerRun(t, "", tt.args...)
			crawlerGolden(t, filepath.Join("testdata", "browse", tt.name+".golden"), names, tt.args, stdout, stderr, code)
		})
	}
}

// TestBrowsePage runs the command against loopback origins with real
// Chromium: the summary, the records file, and, counted at the servers,
// that nothing blocked reached its origin.
func TestBrowsePage(t *testing.T) {
	browseChromium(t)
	b := newBrowseSite(t, map[string]string{"/robots.txt": "User-agent: *\nDisallow: /\n", "/lib.js": "1;", "/more.js": "2;"})
	c := newBrowseSite(t, map[string]string{"/robots.txt": "status 503", "/frame.html": "C"})
	a := newBrowseSite(t, nil)
	// Routes are filled once B and C have addresses.
	*a = *newBrowseSite(t, map[string]string{
		"/robots.txt": "# the site's rules\nUser-agent: *\nDisallow: /private/\n",
		"/": `<!doctype html><html><head><link rel="icon" href="data:,"><title>t</title>` +
			`<script src="` + b.URL + `/lib.js"></script><script src="` + b.URL + `/more.js"></script></head><body>` +
			`<img src="/private/a.png"><img src="/private/b.png"><img src="/pic.png">` +
			`<iframe src="` + c.URL + `/frame.html"></iframe></body></html>`,
		"/pic.png":         "",
		"/plain.html":      `<!doctype html><link rel="icon" href="data:,"><img src="/pic.png">`,
		"/private/a.png":   "",
		"/private/b.png":   "",
		"/start":           "redirect /private/landing",
		"/private/landing": "secret",
	})
	dir := t.TempDir()
	scope := filepath.Join(dir, "scope.yaml")
	if err := os.WriteFile(scope, []byte("approved:\n  - "+a.URL+"/\ndenied:\n  - "+a.URL+"/pic.png\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	records := filepath.Join(dir, "records.jsonl")
	shot := filepath.Join(dir, "page.png")
	names := map[string]string{"http://A": a.URL, "http://B": b.URL, "http://C": c.URL, "DIR": dir}
	tests := []struct {
		name string
		args []string
	}{
		{"page", []string{"browse", "--agent", "ExampleBot", "--allow-private", "--records", records, "--screenshot", shot, a.URL + "/"}},
		{"redirect", []string{"browse", "--agent", "ExampleBot", "--allow-private", a.URL + "/start"}},
		{"refused", []string{"browse", "--agent", "ExampleBot", a.URL + "/"}},
		{"scope", []string{"browse", "--agent", "ExampleBot", "--allow-private", "--scope", scope, a.URL + "/"}},
		{"records-stdout", []string{"browse", "--agent", "ExampleBot", "--allow-private", "--wait", "networkidle", "--records", "-", a.URL + "/plain.html"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			stdout, stderr, code := crawlerRun(t, "", tt.args...)
			stdout = tabRE.ReplaceAllString(stdout, `"tabId":"TAB"`)
			crawlerGolden(t, filepath.Join("testdata", "browse", tt.name+".golden"), names, tt.args, stdout, stderr, code)
		})
	}
	for _, p := range []string{"/private/a.png", "/private/b.png", "/private/landing"} {
		if n := a.count(p); n != 0 {
			t.Errorf("A%s reached %d times", p, n)
		}
	}
	if n := b.count("/lib.js") + b.count("/more.js") + c.count("/frame.html"); n != 0 {
		t.Errorf("blocked scripts or frame reached their origins %d times", n)
	}
	// Four runs allowed private destinations; the other fetched nothing.
	if n := a.count("/robots.txt"); n != 4 {
		t.Errorf("A/robots.txt fetched %d times in 4 runs", n)
	}
	// /pic.png: the page run and the records run (the scope run denies it);
	// B's and C's robots.txt: once by the page run, once by the scope run.
	if a.count("/pic.png") != 2 || b.count("/robots.txt") != 2 || c.count("/robots.txt") != 2 {
		t.Errorf("A/pic.png %d, B/robots.txt %d, C/robots.txt %d; want 1 each", a.count("/pic.png"), b.count("/robots.txt"), c.count("/robots.txt"))
	}
	data, err := os.ReadFile(records)
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(strings.TrimSpace(string(data)), "\n")
	if len(lines) != 7 {
		t.Errorf("%d records, want 7:\n%s", len(lines), data)
	}
	for _, line := range lines {
		var r guard.Record
		if err := json.Unmarshal([]byte(line), &r); err != nil {
			t.Errorf("record %s: %v", line, err)
		}
	}
	if png, err := os.ReadFile(shot); err != nil || !strings.HasPrefix(string(png), "\x89PNG") {
		t.Errorf("screenshot: %v", err)
	}
}

func TestBrowseCause(t *testing.T) {
	rule := &robotstxt.Rule{Line: 4, Kind: robotstxt.Disallow, Pattern: "/x/"}
	rec := func(f func(r *guard.Record)) guard.Record {
		r := guard.Record{Action: gate.Drop, Subject: true, Destination: guard.DestinationAllowed}
		f(&r)
		return r
	}
	tests := []struct {
		name string
		rec  guard.Record
		want string
	}{
		{"disallowed", rec(func(r *guard.Record) { r.RepDecision, r.MatchedRule = gate.RepDisallow, rule }),
			"blocked by its robots.txt line 4 (disallow: /x/)"},
		{"scope", rec(func(r *guard.Record) { r.RepDecision, r.CollectionDecision = gate.RepAllow, gate.Denied }),
			"denied by the scope"},
		{"refused", rec(func(r *guard.Record) {
			r.Destination, r.Reason = guard.DestinationRefused, "destination refused: 10.0.0.1 is private (robots.txt not fetched)"
		}), "refused: 10.0.0.1 is private"},
		{"unreachable", rec(func(r *guard.Record) {
			r.Action, r.RepDecision, r.PolicyStatus, r.PolicyHTTPStatus = gate.Hold, gate.RepUnresolved, fetch.Unreachable, 503
		}), "held: its robots.txt is unreachable (HTTP 503)"},
		{"rate-limited", rec(func(r *guard.Record) {
			r.Action, r.RepDecision, r.PolicyStatus, r.PolicyHTTPStatus = gate.Hold, gate.RepUnresolved, fetch.RateLimited, 429
		}), "held: its robots.txt is rate-limited (HTTP 429)"},
		{"network error", rec(func(r *guard.Record) {
			r.Action, r.RepDecision, r.PolicyStatus = gate.Hold, gate.RepUnresolved, fetch.Unreachable
		}), "held: its robots.txt is unreachable"},
		{"403", rec(func(r *guard.Record) {
			r.Action, r.RepDecision, r.CollectionDecision, r.PolicyHTTPStatus = gate.Hold, gate.RepAllow, gate.Unresolved, 403
		}), "held: its robots.txt answered HTTP 403, which calls for a decision by a person"},
		{"no scope entry", rec(func(r *guard.Record) {
			r.Action, r.RepDecision, r.CollectionDecision = gate.Hold, gate.RepAllow, gate.Unresolved
		}), "held: no scope entry covers it"},
		// Allowed and approved, yet dropped: the guard's own reason (a
		// tab's first document before the tab was ready), not the policy's.
		{"refused by the guard", rec(func(r *guard.Record) {
			r.RepDecision, r.CollectionDecision = gate.RepAllow, gate.Approved
			r.Reason = "this tab could not be guarded: gone; robots.txt: allowed by line 2"
		}), "refused by the guard: this tab could not be guarded: gone"},
	}
	for _, tt := range tests {
		if got := browseCause(tt.rec); got != tt.want {
			t.Errorf("%s: cause %q, want %q", tt.name, got, tt.want)
		}
	}
}

// TestBrowseSummaryUnguarded: a document that ran before the guard
// attached is counted apart (unguarded), neither as admitted nor as lost;
// a refused tab document names its origin (issue 41 item 5: the summary
// printed "6 documents from  drop").
func TestBrowseSummaryUnguarded(t *testing.T) {
	rec := func(action gate.Action, origin, url, reason string) guard.Record {
		r := guard.Record{Action: action, Subject: true, ResourceType: guard.TypeDocument}
		r.Origin, r.TargetURL, r.Reason = origin, url, reason
		r.RepDecision, r.CollectionDecision = gate.RepAllow, gate.Approved
		return r
	}
	recs := []guard.Record{
		rec(guard.Unguarded, "http://a.test", "http://a.test/", "not guarded: this tab's document was loaded when the guard attached; robots.txt: allowed"),
		rec(gate.Drop, "http://b.test", "http://b.test/", "this tab could not be guarded: gone; robots.txt: allowed"),
		rec(gate.Admit, "http://b.test", "http://b.test/", "allowed"),
	}
	var b strings.Builder
	printBrowse(&b, "", "ExampleBot", recs, nil, 2, 0)
	want := `agent    ExampleBot
requests 3: 1 admitted, 1 dropped, 0 held; 2 robots.txt fetched
         1 not guarded: loaded before the guard attached, nothing decided

ADMIT   DROP   HOLD  TYPE               ORIGIN
    0      0      0  document           http://a.test
    1      1      0  document           http://b.test

What the page lost:
  1 document from http://b.test refused by the guard: this tab could not be guarded: gone
`
	if b.String() != want {
		t.Errorf("summary:\n%s\nwant:\n%s", b.String(), want)
	}
	sum := newBrowseSummary("", "ExampleBot", recs, nil, "", 2, 0)
	if sum.Counts.Unguarded != 1 || sum.Counts.Admit != 1 || sum.Counts.Drop != 1 || sum.Counts.Hold != 0 {
		t.Errorf("counts %+v", sum.Counts)
	}
}

func TestBrowseNoun(t *testing.T) {
	tests := []struct {
		typ  string
		n    int
		want string
	}{
		{guard.TypeImage, 1, "image"},
		{guard.TypeImage, 3, "images"},
		{guard.TypeSubframeDocument, 2, "subframe documents"},
		{guard.TypeXHR, 1, "xhr request"},
		{guard.TypeFetch, 2, "fetch requests"},
		{guard.TypeOther, 2, "other requests"},
	}
	for _, tt := range tests {
		if got := browseNoun(tt.typ, tt.n); got != tt.want {
			t.Errorf("browseNoun(%q, %d) = %q, want %q", tt.typ, tt.n, got, tt.want)
		}
	}
}

// TestBrowseClean: what the page controls cannot drive the terminal.
func TestBrowseClean(t *testing.T) {
	tests := []struct{ in, want string }{
		{"http://example.com/a b", "http://example.com/a b"},
		{"http://example.com/\x1b[2J", `http://example.com/\x1b[2J`},
		{"a\nb\rc\td", `a\nb\rc\td`},
		{"caf\u00e9 \u009b31m", `café \u009b31m`},
		{"\x7f", `\x7f`},
	}
	for _, tt := range tests {
		if got := browseClean(tt.in); got != tt.want {
			t.Errorf("browseClean(%q) = %q, want %q", tt.in, got, tt.want)
		}
	}
}

// FuzzBrowseClean: whatever a page puts in a URL, the summary line holds no
// control character.
func FuzzBrowseClean(f *testing.F) {
	for _, s := range []string{"http://example.com/", "\x1b]0;title\x07", "a\u009bb", "\xff\xfe"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		if got := browseClean(s); strings.ContainsFunc(got, isControlRune) {
			t.Errorf("browseClean(%q) = %q", s, got)
		}
	})
}
