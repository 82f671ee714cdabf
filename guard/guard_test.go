package guard_test

import (
	"context"
	"fmt"
	"io"
	"net/http"
	"path/filepath"
	"sort"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"github.com/robotstxt/robotstxt/gate"
	"github.com/robotstxt/robotstxt/guard"
	"github.com/robotstxt/robotstxt/internal/testutil"
)

const pageHTML = `<!doctype html>
<html><head><title>loading</title>
<link rel="icon" href="data:,">
<link rel="stylesheet" href="D/style.css">
<script src="B/lib.js"></script>
</head><body>
<img src="/private/secret.png">
<img src="/public/logo.png">
<img src="/go/logo.png">
<img src="data:image/gif;base64,R0lGODlhAQABAAAAACw=">
<iframe src="C/frame.html"></iframe>
<iframe src="D/frame.html"></iframe>
<script src="/app.js"></script>
</body></html>
`

const appJS = `const jobs = [];
const socket = (u) => new Promise((res) => {
  try {
    const s = new WebSocket(u);
    s.onopen = () => res('open');
    s.onerror = () => res('error');
  } catch (e) { res(e.name); }
});
jobs.push(fetch('/api/data').then((r) => r.status, () => 'error'));
jobs.push(fetch('/private/api').then((r) => r.status, () => 'error'));
jobs.push(new Promise((res) => { const x = new XMLHttpRequest(); x.open('GET', '/api/xhr'); x.onloadend = () => res(x.status); x.send(); }));
jobs.push(socket('ws://' + location.host + '/socket'));
jobs.push(socket('ws://' + location.host + '/private/socket'));
jobs.push(new Promise((res) => { const w = new Worker('/worker.js'); w.onmessage = (e) => res(e.data); w.onerror = () => res('worker error'); }));
jobs.push(fetch('data:text/plain,hello').then((r) => r.text(), () => 'error'));
jobs.push(new Promise((res) => addEventListener('load', () => res('load'))));
Promise.all(jobs).then((v) => { document.title = 'done ' + JSON.stringify(v); });
`

const workerJS = `const socket = (u) => new Promise((res) => {
  try {
    const s = new WebSocket(u);
    s.onopen = () => res('open');
    s.onerror = () => res('error');
  } catch (e) { res(e.name); }
});
Promise.all([
  fetch('/api/from-worker').then((r) => r.status, () => 'error'),
  fetch('/private/from-worker').then((r) => r.status, () => 'error'),
  socket('ws://' + location.host + '/worker-socket'),
  socket('ws://' + location.host + '/private/worker-socket'),
]).then((v) => postMessage(v.join(',')));
`

// TestPage loads a page whose requests cover every kind the guard decides,
// on four origins, and checks the exact records and, at the servers, that
// nothing blocked reached its origin and that each robots.txt was fetched
// once.
func TestBrowsePage(t *testing.T) {
	ctx := browser(t)
	b := newOrigin(t, "127.0.0.1", map[string]http.HandlerFunc{
		"/robots.txt":  text("text/plain", "User-agent: *\nDisallow: /\n"),
		"/lib.js":      text("text/javascript", "window.lib = 1;"),
		"/tracker.png": text("image/png", ""),
	})
	c := newOrigin(t, "127.0.0.2", map[string]http.HandlerFunc{
		"/robots.txt": status(503),
		"/frame.html": text("text/html", "<p>C"),
	})
	d := newOrigin(t, "127.0.0.3", map[string]http.HandlerFunc{
		"/style.css":  text("text/css", "body { color: black }"),
		"/frame.html": text("text/html", `<img src="/pic.png"><img src="`+b.URL+`/tracker.png">`),
		"/pic.png":    text("image/png", ""),
	})
	a := newOrigin(t, "127.0.0.1", nil)
	a.Routes = map[string]http.HandlerFunc{
		"/robots.txt":            text("text/plain", "User-agent: *\nDisallow: /private/\n"),
		"/":                      text("text/html", strings.NewReplacer("B/", b.URL+"/", "C/", c.URL+"/", "D/", d.URL+"/").Replace(pageHTML)),
		"/app.js":                text("text/javascript", appJS),
		"/worker.js":             text("text/javascript", workerJS),
		"/public/logo.png":       text("image/png", ""),
		"/go/logo.png":           redirect("/private/moved.png"),
		"/api/data":              text("application/json", "{}"),
		"/api/xhr":               text("application/json", "{}"),
		"/api/from-worker":       text("application/json", "{}"),
		"/socket":                websocket,
		"/private/secret.png":    text("image/png", ""),
		"/private/api":           text("application/json", "{}"),
		"/private/socket":        websocket,
		"/worker-socket":         websocket,
		"/private/worker-socket": websocket,
		"/private/moved.png":     text("image/png", ""),
		"/private/from-worker":   text("application/json", "{}"),
	}
	origins := map[string]*origin{"A": a, "B": b, "C": c, "D": d}

	g, client := newGuard(t, true)
	if err := g.Attach(ctx); err != nil {
		t.Fatal(err)
	}
	failed, err := g.Load(ctx, a.URL+"/", guard.WaitLoad)
	if err != nil || failed != "" {
		for _, r := range g.Records() {
			t.Log(describe(r), r.Reason)
		}
		t.Fatalf("load: %q %v", failed, err)
	}
	waitTitle(t, ctx, `done [200,"error",200,"open","SecurityError","200,error,open,SecurityError","hello","load"]`)
	if err := g.Detach(ctx); err != nil {
		t.Fatal(err)
	}

	for name, o := range origins {
		if n := o.Count("/robots.txt"); n != 1 {
			t.Errorf("%s/robots.txt fetched %d times, want once", name, n)
		}
		for _, p := range o.Paths() {
			if strings.HasPrefix(p, "/private/") || (o != a && o != d && p != "/robots.txt") {
				t.Errorf("blocked request reached %s%s", name, p)
			}
		}
	}
	if n := client.Stats().Fetches; n != 4 {
		t.Errorf("the gate's client fetched %d robots.txt, want 4", n)
	}
	for _, p := range []string{"/", "/app.js", "/worker.js", "/public/logo.png", "/go/logo.png", "/api/data", "/api/xhr", "/api/from-worker", "/socket", "/worker-socket"} {
		if a.Count(p) != 1 {
			t.Errorf("A%s reached %d times, want once", p, a.Count(p))
		}
	}
	for _, p := range []string{"/style.css", "/frame.html", "/pic.png"} {
		if d.Count(p) != 1 {
			t.Errorf("D%s reached %d times, want once", p, d.Count(p))
		}
	}

	var lines []string
	for _, r := range g.Records() {
		b, err := r.MarshalJSON()
		if err != nil {
			t.Fatal(err)
		}
		line := names(string(b), origins)
		if r.Tab != "" {
			if r.Tab != string(g.MainFrame()) {
				t.Errorf("%s: tab %q, want the page's %q", r.TargetURL, r.Tab, g.MainFrame())
			}
			line = strings.Replace(line, `"tabId":"`+r.Tab+`"`, `"tabId":"TAB"`, 1)
		}
		lines = append(lines, line)
	}
	sort.Strings(lines)
	testutil.Golden(t, filepath.Join("testdata", "page.golden"), []byte(strings.Join(lines, "\n")+"\n"))
}

// TestBrowseNavigationRedirect: a top-level redirect from an allowed to a
// disallowed URL is stopped at the redirect.
func TestBrowseNavigationRedirect(t *testing.T) {
	ctx := browser(t)
	a := newOrigin(t, "127.0.0.1", map[string]http.HandlerFunc{
		"/robots.txt":      text("text/plain", "User-agent: *\nDisallow: /private/\n"),
		"/start":           redirect("/private/landing"),
		"/private/landing": text("text/html", "secret"),
	})
	g, _ := newGuard(t, true)
	if err := g.Attach(ctx); err != nil {
		t.Fatal(err)
	}
	failed, err := g.Load(ctx, a.URL+"/start", guard.WaitLoad)
	if err != nil {
		t.Fatal(err)
	}
	if failed != "net::ERR_BLOCKED_BY_CLIENT" {
		t.Errorf("navigation failed with %q, want net::ERR_BLOCKED_BY_CLIENT", failed)
	}
	g.Detach(ctx)
	if n := a.Count("/private/landing"); n != 0 {
		t.Errorf("the disallowed redirect target was reached %d times", n)
	}
	var got []string
	for _, r := range g.Records() {
		got = append(got, names(describe(r)+" from "+r.RedirectedFrom, map[string]*origin{"A": a}))
	}
	want := []string{
		"admit document http://A/start -> 302 from ",
		"drop document http://A/private/landing -> blocked from http://A/start",
	}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("records:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
}

// TestBrowseSubresourceStatus: the records of a page's images and style
// sheets carry the target's status, each hop of a redirect its own, and a
// subresource's redirect to a disallowed URL is stopped at the redirect.
func TestBrowseSubresourceStatus(t *testing.T) {
	ctx := browser(t)
	a := newOrigin(t, "127.0.0.1", map[string]http.HandlerFunc{
		"/robots.txt":    text("text/plain", "User-agent: *\nDisallow: /private/\n"),
		"/":              text("text/html", `<link rel="icon" href="data:,"><link rel="stylesheet" href="/s.css"><img src="/a.png"><img src="/gone.png">`),
		"/a.png":         redirect("/b.png"),
		"/b.png":         text("image/png", ""),
		"/gone.png":      func(w http.ResponseWriter, r *http.Request) { http.Error(w, "gone", http.StatusGone) },
		"/s.css":         redirect("/private/s.css"),
		"/private/s.css": text("text/css", ""),
	})
	g, _ := newGuard(t, true)
	if err := g.Attach(ctx); err != nil {
		t.Fatal(err)
	}
	if _, err := g.Load(ctx, a.URL+"/", guard.WaitLoad); err != nil {
		t.Fatal(err)
	}
	g.Detach(ctx)
	if n := a.Count("/private/s.css"); n != 0 {
		t.Errorf("the disallowed redirect target was reached %d times", n)
	}
	var got []string
	for _, r := range g.Records() {
		if strings.HasPrefix(r.TargetURL, "data:") {
			continue
		}
		got = append(got, names(describe(r)+" from "+r.RedirectedFrom, map[string]*origin{"A": a}))
	}
	sort.Strings(got)
	want := []string{
		"admit document http://A/ -> 200 from ",
		"admit image http://A/a.png -> 302 from ",
		"admit image http://A/b.png -> 200 from http://A/a.png",
		"admit image http://A/gone.png -> 410 from ",
		"admit stylesheet http://A/s.css -> 302 from ",
		"drop stylesheet http://A/private/s.css -> blocked from http://A/s.css",
	}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("records:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
}

// TestBrowseDestinationRefused: without AllowPrivate, the page's requests
// to loopback are dropped before anything is sent, robots.txt included,
// whether the host is an address or a name that resolves to one.
func TestBrowseDestinationRefused(t *testing.T) {
	ctx := browser(t)
	a := newOrigin(t, "127.0.0.1", map[string]http.HandlerFunc{
		"/robots.txt": text("text/plain", "User-agent: *\nAllow: /\n"),
		"/":           text("text/html", `<link rel="icon" href="data:,">hello`),
	})
	_, port, _ := strings.Cut(a.Host(), ":")
	tests := []struct{ url, reason string }{
		{a.URL + "/", "destination refused: 127.0.0.1 is loopback (robots.txt not fetched)"},
		{"http://localhost:" + port + "/", "destination refused: localhost resolves to 127.0.0.1, which is loopback (robots.txt not fetched)"},
	}
	for _, tt := range tests {
		g, client := newGuard(t, false)
		tctx, cancel := chromedp.NewContext(ctx)
		if err := g.Attach(tctx); err != nil {
			t.Fatal(err)
		}
		failed, err := g.Load(tctx, tt.url, guard.WaitLoad)
		if err != nil || failed != "net::ERR_BLOCKED_BY_CLIENT" {
			t.Errorf("%s: load %q, %v; want net::ERR_BLOCKED_BY_CLIENT", tt.url, failed, err)
		}
		g.Detach(tctx)
		cancel()
		recs := g.Records()
		if len(recs) != 1 || recs[0].Action != gate.Drop || recs[0].Destination != guard.DestinationRefused ||
			!recs[0].TargetStatus.Blocked || recs[0].Reason != tt.reason {
			t.Errorf("%s: records %+v", tt.url, recs)
		}
		if n := client.Stats().Fetches; n != 0 {
			t.Errorf("%s: %d robots.txt fetches", tt.url, n)
		}
	}
	if ps := a.Paths(); len(ps) != 0 {
		t.Errorf("requests reached the refused origin: %v", ps)
	}
}

// TestBrowseManyOrigins: a page of 1,000 sub-requests to 50 origins
// finishes, with one robots.txt fetch per origin.
func TestBrowseManyOrigins(t *testing.T) {
	ctx := browser(t)
	const origins, perOrigin, disallowed = 50, 20, 5
	var os []*origin
	var page strings.Builder
	page.WriteString(`<!doctype html><html><head><link rel="icon" href="data:,"><title>loading</title></head><body>`)
	for i := 0; i < origins; i++ {
		o := newOrigin(t, "127.0.0.1", nil)
		o.Routes = map[string]http.HandlerFunc{"/robots.txt": text("text/plain", "User-agent: *\nDisallow: /no/\n")}
		for j := 0; j < perOrigin; j++ {
			dir := "img"
			if j < disallowed {
				dir = "no"
			}
			p := fmt.Sprintf("/%s/%d.png", dir, j)
			o.Routes[p] = text("image/png", "")
			fmt.Fprintf(&page, `<img src="%s%s">`, o.URL, p)
		}
		os = append(os, o)
	}
	page.WriteString(`<script>addEventListener('load', () => { document.title = 'done'; });</script></body></html>`)
	os[0].Routes["/"] = text("text/html", page.String())

	g, client := newGuard(t, true)
	if err := g.Attach(ctx); err != nil {
		t.Fatal(err)
	}
	if failed, err := g.Load(ctx, os[0].URL+"/", guard.WaitLoad); err != nil || failed != "" {
		t.Fatalf("load: %q %v", failed, err)
	}
	waitTitle(t, ctx, "done")
	g.Detach(ctx)

	for i, o := range os {
		if n := o.Count("/robots.txt"); n != 1 {
			t.Errorf("origin %d: robots.txt fetched %d times", i, n)
		}
		for _, p := range o.Paths() {
			if strings.HasPrefix(p, "/no/") {
				t.Errorf("origin %d: disallowed %s reached", i, p)
			}
		}
	}
	if n := client.Stats().Fetches; n != origins {
		t.Errorf("%d robots.txt fetches, want %d", n, origins)
	}
	st := g.Stats()
	want := guard.Stats{Requests: 1 + origins*perOrigin, Admitted: 1 + origins*(perOrigin-disallowed), Dropped: origins * disallowed}
	if st != want {
		t.Errorf("stats %+v, want %+v", st, want)
	}
}

// TestBrowseHoldWait: with HoldWait, a request held because its origin's
// robots.txt is unreachable waits for the next fetch and goes on once the
// file answers; without it, it fails at once.
func TestBrowseHoldWait(t *testing.T) {
	ctx := browser(t)
	for _, wait := range []time.Duration{0, 10 * time.Second} {
		var mu sync.Mutex
		down := true
		a := newOrigin(t, "127.0.0.1", map[string]http.HandlerFunc{
			"/robots.txt": func(w http.ResponseWriter, r *http.Request) {
				mu.Lock()
				defer mu.Unlock()
				if down {
					down = false
					w.WriteHeader(503)
					return
				}
				io.WriteString(w, "User-agent: *\nDisallow: /private/\n")
			},
			"/": text("text/html", `<link rel="icon" href="data:,">hello`),
		})
		g, client := newGuard(t, true)
		client.Now = nil
		client.MinBackoff = 300 * time.Millisecond
		g.HoldWait = wait
		tctx, cancel := chromedp.NewContext(ctx)
		if err := g.Attach(tctx); err != nil {
			t.Fatal(err)
		}
		failed, err := g.Load(tctx, a.URL+"/", guard.WaitLoad)
		g.Detach(tctx)
		cancel()
		recs := g.Records()
		if err != nil || len(recs) != 1 {
			t.Fatalf("wait %v: %v, records %+v", wait, err, recs)
		}
		r := recs[0]
		if wait == 0 {
			if failed != "net::ERR_BLOCKED_BY_CLIENT" || r.Action != gate.Hold || !r.TargetStatus.Blocked || a.Count("/") != 0 || a.Count("/robots.txt") != 1 {
				t.Errorf("no wait: load %q, record %s (%s), %d robots.txt fetches", failed, describe(r), r.Reason, a.Count("/robots.txt"))
			}
		} else if failed != "" || r.Action != gate.Admit || r.TargetStatus.Code != 200 || a.Count("/") != 1 || a.Count("/robots.txt") != 2 {
			t.Errorf("wait: load %q, record %s (%s), %d robots.txt fetches", failed, describe(r), r.Reason, a.Count("/robots.txt"))
		}
	}
}

// TestBrowseAttachExisting: the guard attaches to a browser the caller
// started with chromedp; an admitted request whose target fails has a null
// status and the network error.
func TestBrowseAttachExisting(t *testing.T) {
	path := chromium(t)
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	actx, cancelAlloc := chromedp.NewExecAllocator(ctx, chromedp.ExecPath(path), chromedp.Headless, chromedp.NoSandbox,
		chromedp.DisableGPU, chromedp.NoFirstRun, chromedp.Flag("disable-quic", true), chromedp.UserDataDir(guardedProfile(t)),
		chromedp.Flag("disable-background-networking", true), chromedp.Flag("disable-component-update", true))
	defer cancelAlloc()
	bctx, cancelBrowser := chromedp.NewContext(actx)
	defer cancelBrowser()
	if err := chromedp.Do(bctx, chromedp.Navigate("about:blank")); err != nil {
		t.Fatal(err)
	}
	a := newOrigin(t, "127.0.0.1", map[string]http.HandlerFunc{
		"/robots.txt": text("text/plain", "User-agent: *\nDisallow: /private/\n"),
		"/":           text("text/html", `<title>t</title><link rel="icon" href="data:,"><img src="/broken.png" onerror="document.title='done'">`),
		"/broken.png": func(w http.ResponseWriter, r *http.Request) {
			c, _, err := w.(http.Hijacker).Hijack()
			if err == nil {
				c.Close() // no answer at all
			}
		},
	})
	g, _ := newGuard(t, true)
	if err := g.Attach(bctx); err != nil {
		t.Fatal(err)
	}
	if failed, err := g.Load(bctx, a.URL+"/", guard.WaitLoad); err != nil || failed != "" {
		t.Fatalf("load: %q %v", failed, err)
	}
	waitTitle(t, bctx, "done")
	g.Detach(bctx)
	var got []string
	for _, r := range g.Records() {
		got = append(got, names(describe(r), map[string]*origin{"A": a}))
	}
	want := "admit document http://A/ -> 200\nadmit image http://A/broken.png -> error: net::ERR_EMPTY_RESPONSE"
	if strings.Join(got, "\n") != want {
		t.Errorf("records:\n%s\nwant:\n%s", strings.Join(got, "\n"), want)
	}
}

// TestBrowseMaxRecords: requests beyond MaxRecords are decided all the
// same, and counted.
func TestBrowseMaxRecords(t *testing.T) {
	ctx := browser(t)
	a := newOrigin(t, "127.0.0.1", map[string]http.HandlerFunc{
		"/robots.txt":      text("text/plain", "User-agent: *\nDisallow: /private/\n"),
		"/start":           redirect("/private/landing"),
		"/private/landing": text("text/html", "secret"),
	})
	g, _ := newGuard(t, true)
	g.MaxRecords = 1
	if err := g.Attach(ctx); err != nil {
		t.Fatal(err)
	}
	failed, err := g.Load(ctx, a.URL+"/start", guard.WaitLoad)
	g.Detach(ctx)
	if err != nil || failed != "net::ERR_BLOCKED_BY_CLIENT" {
		t.Errorf("load %q, %v", failed, err)
	}
	if n := a.Count("/private/landing"); n != 0 {
		t.Errorf("the unrecorded request was not blocked: reached %d times", n)
	}
	if st, want := g.Stats(), (guard.Stats{Requests: 1, Overflow: 1, Admitted: 1}); st != want {
		t.Errorf("stats %+v, want %+v", st, want)
	}
}

// TestBrowseWorkers: the requests of shared and service workers, which run
// in targets of their own, are decided too, and recorded with their types
// (a worker's fetch() is a fetch, a service worker's script a script).
func TestBrowseWorkers(t *testing.T) {
	ctx := browser(t)
	fetches := `Promise.all([fetch('/api/ok').then((r) => r.status, () => 'error'), fetch('/private/no').then((r) => r.status, () => 'error')])`
	a := newOrigin(t, "127.0.0.1", map[string]http.HandlerFunc{
		"/robots.txt": text("text/plain", "User-agent: *\nDisallow: /private/\n"),
		"/": text("text/html", `<title>t</title><link rel="icon" href="data:,"><script>
const shared = new Promise((res) => { const w = new SharedWorker('/shared.js'); w.port.onmessage = (e) => res(e.data); });
const service = navigator.serviceWorker.register('/sw.js').then(() => navigator.serviceWorker.ready).then(() => 'ready', (e) => 'error ' + e);
Promise.all([shared, service]).then((v) => { document.title = 'done ' + v.join(' '); });
</script>`),
		"/shared.js":  text("text/javascript", `onconnect = (e) => { `+fetches+`.then((v) => e.ports[0].postMessage(v.join(','))); };`),
		"/sw.js":      text("text/javascript", `self.addEventListener('install', (e) => e.waitUntil(`+fetches+`));`),
		"/api/ok":     text("application/json", "{}"),
		"/private/no": text("application/json", "{}"),
	})
	g, _ := newGuard(t, true)
	if err := g.Attach(ctx); err != nil {
		t.Fatal(err)
	}
	if failed, err := g.Load(ctx, a.URL+"/", guard.WaitLoad); err != nil || failed != "" {
		t.Fatalf("load: %q %v", failed, err)
	}
	waitTitle(t, ctx, "done 200,error ready")
	g.Detach(ctx)
	if n := a.Count("/private/no"); n != 0 {
		t.Errorf("the workers' disallowed request reached the origin %d times", n)
	}
	if n := a.Count("/api/ok"); n != 2 {
		t.Errorf("the workers' allowed request reached the origin %d times, want 2", n)
	}
	var got []string
	for _, r := range g.Records() {
		got = append(got, names(describe(r), map[string]*origin{"A": a}))
	}
	sort.Strings(got)
	want := []string{
		"admit document http://A/ -> 200",
		"admit script http://A/shared.js -> 200",
		"admit script http://A/sw.js -> 200", // the browser, not the tab, fetches it
		"admit fetch http://A/api/ok -> 200",
		"admit fetch http://A/api/ok -> 200",
		"drop fetch http://A/private/no -> blocked",
		"drop fetch http://A/private/no -> blocked",
	}
	sort.Strings(want)
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("records:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
}

// TestBrowseDetachWhileHeld: a request waiting for its policy when the
// guard detaches fails as held; it is not let through unguarded.
func TestBrowseDetachWhileHeld(t *testing.T) {
	ctx := browser(t)
	a := newOrigin(t, "127.0.0.1", map[string]http.HandlerFunc{
		"/robots.txt": status(503),
		"/":           text("text/html", `<link rel="icon" href="data:,">hello`),
	})
	g, client := newGuard(t, true)
	client.Now = nil
	client.MinBackoff = 60 * time.Second
	g.HoldWait = 90 * time.Second
	if err := g.Attach(ctx); err != nil {
		t.Fatal(err)
	}
	done := make(chan string, 1)
	go func() {
		failed, err := g.Load(ctx, a.URL+"/", guard.WaitLoad)
		if err != nil {
			failed = err.Error()
		}
		done <- failed
	}()
	for deadline := time.Now().Add(10 * time.Second); a.Count("/robots.txt") == 0; {
		if time.Now().After(deadline) {
			t.Fatal("robots.txt never fetched")
		}
		time.Sleep(20 * time.Millisecond)
	}
	time.Sleep(100 * time.Millisecond) // the request now waits for the next fetch
	if err := g.Detach(ctx); err != nil {
		t.Fatal(err)
	}
	// Detach did not wait for the held request: robots.txt was not fetched
	// again, which the backoff allows only a minute later. Counted in
	// fetches, not bounded on the clock, which a loaded machine stretches.
	if n := a.Count("/robots.txt"); n != 1 {
		t.Errorf("robots.txt fetched %d times before Detach returned, want 1", n)
	}
	if failed := <-done; failed != "net::ERR_BLOCKED_BY_CLIENT" {
		t.Errorf("load: %q", failed)
	}
	if n := a.Count("/"); n != 0 {
		t.Errorf("the held request reached the origin %d times", n)
	}
	recs := g.Records()
	if len(recs) != 1 || recs[0].Action != gate.Hold || !recs[0].TargetStatus.Blocked {
		t.Errorf("records %+v", recs)
	}
}
