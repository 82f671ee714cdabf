package guard_test

import (
	"context"
	"net/http"
	"net/url"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"github.com/robotstxt/robotstxt/guard"
)

// The leak page: every kind of request that escaped the guard before
// (issue 19): speculation rules (prefetch and prerender of disallowed URLs,
// and of a page on an origin whose robots.txt answers 503), WebSocketStream
// and WebTransport, a target=_blank popup, window.open, and a second tab,
// each of them with its own websockets and a dedicated worker's.
const leakHTML = `<!doctype html>
<html><head><title>leak</title>
<script type="speculationrules">
{"prefetch": [{"source": "list", "urls": ["/api/prefetched", "C/prefetched.html"]}],
 "prerender": [{"source": "list", "urls": ["/api/prerendered", "C/prerendered.html"]}]}
</script>
</head><body>
<a id="blank" href="/tab.html?via=blank" target="_blank">a popup</a>
<a href="/api/prefetched">prefetched</a>
<script src="/leak.js"></script>
</body></html>
`

// leakJS reports what each socket did; leakWorkerJS the same in a
// dedicated worker. Each tab sends its report to /report (allowed).
const leakJS = `const sock = (make) => new Promise((res) => { try { make(res); } catch (e) { res(e.name); } });
const ws = (u) => sock((res) => { const s = new WebSocket(u); s.onopen = () => res('open'); s.onerror = () => res('error'); });
const wss = (u) => sock((res) => { const s = new WebSocketStream(u); s.opened.then(() => res('open'), () => res('error')); });
const wt = (u) => sock((res) => { const s = new WebTransport(u); s.ready.then(() => res('open'), () => res('error')); });
const host = location.host;
const worker = () => new Promise((res) => { const w = new Worker('/leak-worker.js'); w.onmessage = (e) => res(e.data); w.onerror = () => res('worker error'); });
Promise.all([
  ws('ws://' + host + '/live'), ws('ws://' + host + '/api/ws'),
  wss('ws://' + host + '/live'), wss('ws://' + host + '/api/wss'),
  wt('https://' + host + '/api/wt'),
  fetch('/api/fetch').then((r) => r.status, () => 'error'),
  worker(),
]).then((v) => {
  const via = new URLSearchParams(location.search).get('via') || 'page';
  fetch('/report?via=' + via + '&r=' + encodeURIComponent(v.join(' ')));
  document.title = 'done';
});
if (location.pathname === '/') {
  window.open('/tab.html?via=open');
  document.getElementById('blank').click();
}
`

const leakWorkerJS = `const sock = (make) => new Promise((res) => { try { make(res); } catch (e) { res(e.name); } });
const ws = (u) => sock((res) => { const s = new WebSocket(u); s.onopen = () => res('open'); s.onerror = () => res('error'); });
const wss = (u) => sock((res) => { const s = new WebSocketStream(u); s.opened.then(() => res('open'), () => res('error')); });
Promise.all([
  ws('ws://' + location.host + '/api/worker-ws'), wss('ws://' + location.host + '/api/worker-wss'),
  fetch('/api/worker-fetch').then((r) => r.status, () => 'error'),
]).then((v) => postMessage(v.join(',')));
`

// leakSite is the leak page's set-up: A (Disallow: /api/, the pages), C
// (robots.txt answers 503), D (robots.txt 404). reports collects the
// reports of the tabs, by "via".
type leakSite struct {
	a, c, d *origin
	mu      sync.Mutex
	reports map[string]string
}

func newLeakSite(t testing.TB) *leakSite {
	s := &leakSite{reports: map[string]string{}}
	s.c = newOrigin(t, "127.0.0.2", map[string]http.HandlerFunc{"/robots.txt": status(503), "*": text("text/html", "<p>C")})
	s.d = newOrigin(t, "127.0.0.3", map[string]http.HandlerFunc{"*": text("text/html", "<p>D")})
	s.a = newOrigin(t, "127.0.0.1", nil)
	page := strings.ReplaceAll(leakHTML, "C/", s.c.URL+"/")
	s.a.routes = map[string]http.HandlerFunc{
		"/robots.txt":     text("text/plain", "User-agent: *\nDisallow: /api/\n"),
		"/":               text("text/html", page),
		"/tab.html":       text("text/html", `<!doctype html><title>tab</title><script src="/leak.js"></script>`),
		"/leak.js":        text("text/javascript", leakJS),
		"/leak-worker.js": text("text/javascript", leakWorkerJS),
		"/live":           websocket,
		"/report": func(w http.ResponseWriter, r *http.Request) {
			s.mu.Lock()
			s.reports[r.URL.Query().Get("via")] = r.URL.Query().Get("r")
			s.mu.Unlock()
		},
		"*": text("text/plain", "leaked"), // every /api/ path
	}
	return s
}

// waitReports waits until every tab named in want reported.
func (s *leakSite) waitReports(t testing.TB, want ...string) map[string]string {
	t.Helper()
	deadline := time.Now().Add(45 * time.Second)
	for {
		s.mu.Lock()
		n := 0
		for _, w := range want {
			if _, ok := s.reports[w]; ok {
				n++
			}
		}
		got := map[string]string{}
		for k, v := range s.reports {
			got[k] = v
		}
		s.mu.Unlock()
		if n == len(want) {
			return got
		}
		if time.Now().After(deadline) {
			t.Fatalf("reports %v, want one of each of %v", got, want)
		}
		time.Sleep(50 * time.Millisecond)
	}
}

// leakReport is what each tab reports: its two websockets, its two
// WebSocketStreams, its WebTransport, its fetch and its worker's.
const leakReport = "open SecurityError open SecurityError SecurityError error SecurityError,SecurityError,error"

// checkServers asserts, counted at the servers, that no disallowed or
// unresolved request arrived (nothing under /api/ at A, nothing but
// robots.txt at C), and that every request that arrived has a record.
func (s *leakSite) checkServers(t *testing.T, recs []guard.Record) {
	t.Helper()
	for _, p := range s.a.paths() {
		if strings.HasPrefix(p, "/api/") {
			t.Errorf("disallowed request reached A: %s (%d times)", p, s.a.count(p))
		}
	}
	for _, p := range s.c.paths() {
		if p != "/robots.txt" {
			t.Errorf("request held by C's unreachable robots.txt reached C: %s", p)
		}
	}
	admitted := map[string]bool{}
	for _, r := range recs {
		if r.TargetStatus.Code != 0 || r.TargetStatus.Error != "" {
			if u, err := url.Parse(r.TargetURL); err == nil {
				admitted[u.Host+u.Path] = true
			}
		}
	}
	for _, o := range []*origin{s.a, s.c, s.d} {
		for _, p := range o.paths() {
			if p != "/robots.txt" && !admitted[o.host+p] {
				t.Errorf("%s%s reached its origin with no record of an admitted request", o.URL, p)
			}
		}
	}
}

// TestBrowseLeakPage loads the leak page through the Go API: the page, a
// window.open window, a target=_blank popup and a second tab the program
// opens itself (loaded with Load and WaitNetworkIdle, which must return).
func TestBrowseLeakPage(t *testing.T) {
	// Popups from script are what the page asks for: no popup blocker.
	ctx := browser(t, guard.WithFlag("disable-popup-blocking", true))
	s := newLeakSite(t)
	g, _ := newGuard(t, true)
	if err := g.Attach(ctx); err != nil {
		t.Fatal(err)
	}
	lctx, lcancel := context.WithTimeout(ctx, 45*time.Second)
	defer lcancel()
	failed, err := g.Load(lctx, s.a.URL+"/", guard.WaitLoad)
	if err != nil || failed != "" {
		for _, r := range g.Records() {
			t.Log(describe(r), r.Tab, r.Reason)
		}
		t.Fatalf("load: %q %v", failed, err)
	}
	// A second tab of the program's own, opened after Attach.
	tab, cancel := chromedp.NewContext(ctx)
	defer cancel()
	tctx, tcancel := context.WithTimeout(tab, 45*time.Second)
	defer tcancel()
	if failed, err := g.Load(tctx, s.a.URL+"/tab.html?via=tab", guard.WaitNetworkIdle); err != nil || failed != "" {
		for _, r := range g.Records() {
			t.Log(describe(r), r.Tab, r.Reason)
		}
		t.Fatalf("second tab: Load with WaitNetworkIdle: %q %v", failed, err)
	}
	reports := s.waitReports(t, "page", "open", "blank", "tab")
	// Long enough for speculative loads, which start once the page is idle.
	time.Sleep(2 * time.Second)
	if err := g.Detach(ctx); err != nil {
		t.Fatal(err)
	}
	for via, r := range reports {
		if r != leakReport {
			t.Errorf("%s: report %q, want %q", via, r, leakReport)
		}
	}
	recs := g.Records()
	s.checkServers(t, recs)

	// Every tab's documents are typed "document" and carry their tab's ID.
	main := string(g.MainFrame())
	second := string(chromedp.FromContext(tab).Target.TargetID)
	tabs := map[string]string{} // via -> tab ID
	for _, r := range recs {
		if r.ResourceType == guard.TypeSubframeDocument {
			t.Errorf("a document recorded as a subframe's: %s", r.TargetURL)
		}
		if r.ResourceType != guard.TypeDocument {
			continue
		}
		u, _ := url.Parse(r.TargetURL)
		via := u.Query().Get("via")
		if via == "" {
			via = "page"
		}
		tabs[via] = r.Tab
	}
	if tabs["page"] != main || tabs["tab"] != second {
		t.Errorf("tab IDs: page %q (want %q), second tab %q (want %q)", tabs["page"], main, tabs["tab"], second)
	}
	ids := map[string]bool{}
	for via, id := range tabs {
		if id == "" {
			t.Errorf("the document of %s has no tab ID", via)
		}
		ids[id] = true
	}
	if len(ids) != 4 {
		t.Errorf("tab IDs %v: want 4 different", tabs)
	}
	// The sockets of every tab are recorded, with their tab.
	var sockets []string
	for _, r := range recs {
		if r.ResourceType == guard.TypeWebSocket {
			sockets = append(sockets, string(r.Action)+" "+strings.TrimPrefix(r.TargetURL, "ws://"+s.a.host))
		}
	}
	sort.Strings(sockets)
	want := []string{}
	for range 4 {
		want = append(want, "admit /live", "admit /live", "drop /api/ws", "drop /api/wss", "drop /api/worker-ws", "drop /api/worker-wss")
	}
	sort.Strings(want)
	if strings.Join(sockets, "\n") != strings.Join(want, "\n") {
		t.Errorf("socket records:\n%s\nwant:\n%s", strings.Join(sockets, "\n"), strings.Join(want, "\n"))
	}
	if st := g.Stats(); st.Tabs < 3 {
		t.Errorf("Stats().Tabs = %d, want at least 3 (two popups and a second tab)", st.Tabs)
	}
}

// TestBrowseRefusesSpeculativeLoads: a browser someone else started, on a
// profile that lets Chromium make speculative loads (which the Fetch domain
// does not pause: the leak page's test counts them at the servers when the
// preference is on), is refused; the same browser on a profile with
// network prediction off is guarded.
func TestBrowseRefusesSpeculativeLoads(t *testing.T) {
	path := chromium(t)
	for _, tt := range []struct {
		name  string
		prefs string // the profile's Default/Preferences, "" for none
		want  error
	}{
		{"default profile", "", guard.ErrSpeculativeLoads},
		{"prediction on", `{"net":{"network_prediction_options":0}}`, guard.ErrSpeculativeLoads},
		{"prediction off", `{"net":{"network_prediction_options":2}}`, nil},
	} {
		t.Run(tt.name, func(t *testing.T) {
			dir := t.TempDir()
			if tt.prefs != "" {
				if err := os.MkdirAll(filepath.Join(dir, "Default"), 0o700); err != nil {
					t.Fatal(err)
				}
				if err := os.WriteFile(filepath.Join(dir, "Default", "Preferences"), []byte(tt.prefs), 0o600); err != nil {
					t.Fatal(err)
				}
			}
			ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
			defer cancel()
			actx, cancelAlloc := chromedp.NewExecAllocator(ctx, chromedp.ExecPath(path), chromedp.Headless, chromedp.NoSandbox,
				chromedp.NoFirstRun, chromedp.UserDataDir(dir))
			defer cancelAlloc()
			bctx, cancelBrowser := chromedp.NewContext(actx)
			defer cancelBrowser()
			g, _ := newGuard(t, true)
			err := g.Attach(bctx)
			if err != tt.want {
				t.Fatalf("Attach: %v, want %v", err, tt.want)
			}
			if err == nil {
				g.Detach(bctx)
			}
		})
	}
}
