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
	"github.com/robotstxt/robotstxt/internal/leaksite"
	"github.com/robotstxt/robotstxt/internal/testutil"
)

// TestBrowseLeakPage loads the leak page through the Go API: the page, a
// window.open window, a target=_blank popup and a second tab the program
// opens itself (loaded with Load and WaitNetworkIdle, which must return).
func TestBrowseLeakPage(t *testing.T) {
	// Popups from script are what the page asks for: no popup blocker.
	ctx := browser(t, guard.WithFlag("disable-popup-blocking", true))
	s := leaksite.New(t)
	g, _ := newGuard(t, true)
	if err := g.Attach(ctx); err != nil {
		t.Fatal(err)
	}
	lctx, lcancel := context.WithTimeout(ctx, 45*time.Second)
	defer lcancel()
	failed, err := g.Load(lctx, s.A.URL+"/", guard.WaitLoad)
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
	if failed, err := g.Load(tctx, s.A.URL+"/tab.html?via=tab", guard.WaitNetworkIdle); err != nil || failed != "" {
		for _, r := range g.Records() {
			t.Log(describe(r), r.Tab, r.Reason)
		}
		t.Fatalf("second tab: Load with WaitNetworkIdle: %q %v", failed, err)
	}
	reports := s.WaitReports(t, "page", "open", "blank", "tab", "kinds")
	// Long enough for speculative loads, which start once the page is idle.
	time.Sleep(2 * time.Second)
	if err := g.Detach(ctx); err != nil {
		t.Fatal(err)
	}
	for via, r := range reports {
		if want := leaksite.WantReport(via); r != want {
			t.Errorf("%s: report %q, want %q", via, r, want)
		}
	}
	recs := g.Records()
	s.CheckServers(t, recs)
	s.CheckKinds(t, recs)

	// Every tab's documents are typed "document" and carry their tab's ID.
	main := string(g.MainFrame())
	second := string(chromedp.FromContext(tab).Target.TargetID)
	tabs := map[string]string{} // via -> tab ID
	for _, r := range recs {
		if r.ResourceType == guard.TypeSubframeDocument && r.TargetURL != s.A.URL+"/sw/frame.html" { // the page's only frame
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
			sockets = append(sockets, string(r.Action)+" "+strings.TrimPrefix(r.TargetURL, "ws://"+s.A.Host()))
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
			bctx := startedBrowser(t, path, tt.prefs)
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

// startedBrowser starts Chromium at path as someone else would, not
// through Launch, on a new profile whose Default/Preferences is prefs (none
// when ""); it ends with the test.
func startedBrowser(t *testing.T, path, prefs string) context.Context {
	t.Helper()
	dir := t.TempDir()
	if prefs != "" {
		if err := os.MkdirAll(filepath.Join(dir, "Default"), 0o700); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(dir, "Default", "Preferences"), []byte(prefs), 0o600); err != nil {
			t.Fatal(err)
		}
	}
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	t.Cleanup(cancel)
	actx, cancelAlloc := chromedp.NewExecAllocator(ctx, chromedp.ExecPath(path), chromedp.Headless, chromedp.NoSandbox,
		chromedp.NoFirstRun, chromedp.UserDataDir(dir))
	t.Cleanup(cancelAlloc)
	bctx, cancelBrowser := chromedp.NewContext(actx)
	t.Cleanup(cancelBrowser)
	return bctx
}

// TestAttachRefusesHeadlessShell: Chromium's headless shell (Playwright's
// default headless browser) makes speculation rules' prefetch and prerender
// even on a profile with network prediction off, and its Preload domain
// does not report its state, so the guard cannot know; Attach refuses it
// with ErrPreloadingUnknown, before anything changes in the browser. The
// first half shows the premise on the leak page, unguarded: the
// speculative URLs reach the servers. Should a later shell stop making
// them, this test says so, and the refusal can be reconsidered.
func TestAttachRefusesHeadlessShell(t *testing.T) {
	if testing.Short() {
		t.Skip("browser tests are not short")
	}
	bctx := startedBrowser(t, testutil.RequireHeadlessShell(t), `{"net":{"network_prediction_options":2}}`)

	s := leaksite.New(t)
	if _, err := chromedp.Run(bctx, chromedp.Navigate(s.A.URL+"/")); err != nil {
		t.Fatal(err)
	}
	speculative := func() int { return s.A.Count("/api/prefetched") + s.A.Count("/api/prerendered") }
	for deadline := time.Now().Add(20 * time.Second); speculative() < 2 && time.Now().Before(deadline); {
		time.Sleep(100 * time.Millisecond)
	}
	if n := speculative(); n < 2 {
		t.Errorf("unguarded, the shell made %d of the page's 2 speculative loads of A's URLs: has it stopped making them?", n)
	}

	g, _ := newGuard(t, true)
	if err := g.Attach(bctx); err != guard.ErrPreloadingUnknown {
		if err == nil {
			g.Detach(bctx)
		}
		t.Fatalf("Attach: %v, want ErrPreloadingUnknown", err)
	}
}

// TestLaunchUserAgent: with WithUserAgent, the page's requests carry the
// crawler's header (with its product token), as the robots.txt fetches
// do, not Chromium's HeadlessChrome one.
func TestLaunchUserAgent(t *testing.T) {
	const ua = "ExampleBot/1.0 (+https://example.com/bot)"
	ctx := browser(t, guard.WithUserAgent(ua))
	var mu sync.Mutex
	seen := map[string]string{}
	note := func(w http.ResponseWriter, r *http.Request) {
		mu.Lock()
		seen[r.URL.Path] = r.UserAgent()
		mu.Unlock()
		text("text/html", `<img src="/pic.png">`)(w, r)
	}
	a := newOrigin(t, "127.0.0.1", map[string]http.HandlerFunc{"/robots.txt": text("text/plain", ""), "/": note, "/pic.png": note})
	g, _ := newGuard(t, true)
	if err := g.Attach(ctx); err != nil {
		t.Fatal(err)
	}
	if failed, err := g.Load(ctx, a.URL+"/", guard.WaitNetworkIdle); err != nil || failed != "" {
		t.Fatalf("load: %q %v", failed, err)
	}
	g.Detach(ctx)
	mu.Lock()
	defer mu.Unlock()
	for _, p := range []string{"/", "/pic.png"} {
		if seen[p] != ua {
			t.Errorf("%s: User-Agent %q, want %q", p, seen[p], ua)
		}
	}
}

// TestAttachUserAgent: a browser someone else started keeps its own
// User-Agent (HeadlessChrome); with Guard.UserAgent, every request the
// guard lets go on carries the crawler's, from the tab, its dedicated
// worker and a second tab alike.
func TestAttachUserAgent(t *testing.T) {
	const ua = "ExampleBot/1.0 (+https://example.com/bot)"
	path := chromium(t)
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	actx, cancelAlloc := chromedp.NewExecAllocator(ctx, chromedp.ExecPath(path), chromedp.Headless, chromedp.NoSandbox,
		chromedp.DisableGPU, chromedp.NoFirstRun, chromedp.Flag("disable-quic", true), chromedp.UserDataDir(guardedProfile(t)))
	defer cancelAlloc()
	bctx, cancelBrowser := chromedp.NewContext(actx)
	defer cancelBrowser()
	var mu sync.Mutex
	seen := map[string]string{}
	note := func(body string) http.HandlerFunc {
		return func(w http.ResponseWriter, r *http.Request) {
			mu.Lock()
			seen[r.URL.Path+"?"+r.URL.RawQuery] = r.UserAgent()
			mu.Unlock()
			text("text/html", body)(w, r)
		}
	}
	page := `<title>t</title><link rel="icon" href="data:,"><img src="/pic.png"><script>new Worker('/w.js');</script>`
	a := newOrigin(t, "127.0.0.1", map[string]http.HandlerFunc{
		"/robots.txt":  text("text/plain", ""),
		"/":            note(page),
		"/pic.png":     note(""),
		"/w.js":        note(`fetch('/from-worker');`),
		"/from-worker": note(""),
	})
	g, _ := newGuard(t, true)
	g.UserAgent = ua
	if err := g.Attach(bctx); err != nil {
		t.Fatal(err)
	}
	if failed, err := g.Load(bctx, a.URL+"/", guard.WaitNetworkIdle); err != nil || failed != "" {
		t.Fatalf("load: %q %v", failed, err)
	}
	tab, cancelTab := chromedp.NewContext(bctx)
	defer cancelTab()
	if failed, err := g.Load(tab, a.URL+"/?tab=2", guard.WaitNetworkIdle); err != nil || failed != "" {
		t.Fatalf("second tab: %q %v", failed, err)
	}
	g.Detach(bctx)
	mu.Lock()
	defer mu.Unlock()
	for _, p := range []string{"/?", "/pic.png?", "/w.js?", "/from-worker?", "/?tab=2"} {
		if seen[p] != ua {
			t.Errorf("%s: User-Agent %q, want %q", p, seen[p], ua)
		}
	}
}
