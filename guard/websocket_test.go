package guard_test

import (
	"context"
	"net/http"
	"sort"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/serviceworker"
	"github.com/chromedp/chromedp"

	"github.com/robotstxt/robotstxt/gate"
	"github.com/robotstxt/robotstxt/guard"
)

// socketsJS opens an allowed and a disallowed websocket to host and
// reports how each went: "open", "error" or the name of the exception.
const socketsJS = `const socket = (u) => new Promise((res) => {
  try {
    const s = new WebSocket(u);
    s.onopen = () => { res('open'); s.close(); };
    s.onerror = () => res('error');
  } catch (e) { res(e.name); }
});
const both = (name) => Promise.all([socket('ws://' + location.host + '/' + name + '-socket'),
  socket('ws://' + location.host + '/private/' + name + '-socket')]).then((v) => v.join(','));
`

// TestBrowseWebsocketsEverywhere: the websockets of frames from other
// sites (one nested in another), of a dedicated worker nested in another,
// of a shared worker and of a service worker
// are checked before their handshake: the disallowed ones never reach their
// origin, the allowed ones are recorded with their handshake's status.
func TestBrowseWebsocketsEverywhere(t *testing.T) {
	ctx := browser(t)
	robots := text("text/plain", "User-agent: *\nDisallow: /private/\n")
	c := newOrigin(t, "127.0.0.3", map[string]http.HandlerFunc{
		"/robots.txt":             robots,
		"/frame.html":             text("text/html", `<script>`+socketsJS+`both('c').then((v) => top.postMessage({k: 'frame-c', v}, '*'));</script>`),
		"/c-socket":               websocket,
		"/private/c-socket":       websocket,
		"/api/c":                  text("application/json", "{}"),
		"/private/not-a-frame.js": text("text/javascript", ""),
	})
	b := newOrigin(t, "127.0.0.2", map[string]http.HandlerFunc{
		"/robots.txt": robots,
		"/frame.html": text("text/html", `<iframe src="`+c.URL+`/frame.html"></iframe><script>`+socketsJS+
			`fetch('/api/b').then(() => both('b')).then((v) => parent.postMessage({k: 'frame-b', v}, '*'));</script>`),
		"/b-socket":         websocket,
		"/private/b-socket": websocket,
		"/api/b":            text("application/json", "{}"),
	})
	a := newOrigin(t, "127.0.0.1", map[string]http.HandlerFunc{
		"/robots.txt": robots,
		"/": text("text/html", `<title>t</title><link rel="icon" href="data:,"><iframe src="`+b.URL+`/frame.html"></iframe><script>
const got = {}, want = ['frame-b', 'frame-c', 'inner', 'shared', 'sw'];
const note = (k, v) => { got[k] = v; if (want.every((k) => k in got)) document.title = 'done ' + want.map((k) => k + '=' + got[k]).join(' '); };
addEventListener('message', (e) => note(e.data.k, e.data.v));
new BroadcastChannel('r').onmessage = (e) => note(e.data.k, e.data.v);
new SharedWorker('/shared.js').port.onmessage = (e) => note('shared', e.data);
navigator.serviceWorker.register('/sw.js');
new Worker('/outer.js').onmessage = (e) => note('inner', e.data);
</script>`),
		"/outer.js":              text("text/javascript", `new Worker('/inner.js').onmessage = (e) => postMessage(e.data);`),
		"/inner.js":              text("text/javascript", socketsJS+`both('inner').then((v) => postMessage(v));`),
		"/inner-socket":          websocket,
		"/private/inner-socket":  websocket,
		"/shared.js":             text("text/javascript", socketsJS+`onconnect = (e) => { both('shared').then((v) => e.ports[0].postMessage(v)); };`),
		"/sw.js":                 text("text/javascript", socketsJS+`self.addEventListener('install', (e) => e.waitUntil(both('sw').then((v) => new BroadcastChannel('r').postMessage({k: 'sw', v}))));`),
		"/shared-socket":         websocket,
		"/private/shared-socket": websocket,
		"/sw-socket":             websocket,
		"/private/sw-socket":     websocket,
	})
	origins := map[string]*origin{"A": a, "B": b, "C": c}

	g, _ := newGuard(t, true)
	if err := g.Attach(ctx); err != nil {
		t.Fatal(err)
	}
	if failed, err := g.Load(ctx, a.URL+"/", guard.WaitLoad); err != nil || failed != "" {
		t.Fatalf("load: %q %v", failed, err)
	}
	waitTitle(t, ctx, "done frame-b=open,SecurityError frame-c=open,SecurityError inner=open,SecurityError shared=open,SecurityError sw=open,error")
	// The frames ran in processes of their own (else this test would not
	// test frames from other sites).
	infos, err := chromedp.Targets(ctx)
	if err != nil {
		t.Fatal(err)
	}
	frames := 0
	own := chromedp.FromContext(ctx).BrowserContextID
	for _, info := range infos {
		if info.Type == "iframe" && info.BrowserContextID == own {
			frames++
		}
	}
	if frames != 2 {
		t.Errorf("%d out-of-process frames, want 2", frames)
	}
	waitHandshakes(t, g, 5)
	g.Detach(ctx)

	noPrivateReached(t, origins)
	for _, p := range []string{"A/inner-socket", "A/shared-socket", "A/sw-socket", "B/b-socket", "C/c-socket"} {
		if n := origins[p[:1]].Count(p[1:]); n != 1 {
			t.Errorf("%s reached %d times, want once", p, n)
		}
	}
	var got []string
	for _, r := range g.Records() {
		got = append(got, names(describe(r)+" in "+r.FrameURL, origins))
	}
	want := []string{
		"admit document http://A/ -> 200 in ",
		"admit fetch http://B/api/b -> 200 in http://B/frame.html",
		"admit script http://A/inner.js -> 200 in ", // asked for by a worker, not a frame
		"admit script http://A/outer.js -> 200 in http://A/",
		"admit script http://A/shared.js -> 200 in http://A/",
		"admit script http://A/sw.js -> 200 in ", // fetched by the browser, for no frame
		"admit subframe document http://B/frame.html -> 200 in http://A/",
		"admit subframe document http://C/frame.html -> 200 in http://B/frame.html",
		"admit websocket ws://A/inner-socket -> 101 in http://A/",
		"admit websocket ws://A/shared-socket -> 101 in ",
		"admit websocket ws://A/sw-socket -> 101 in ",
		"admit websocket ws://B/b-socket -> 101 in http://B/frame.html",
		"admit websocket ws://C/c-socket -> 101 in http://C/frame.html",
		"drop websocket ws://A/private/inner-socket -> blocked in http://A/",
		"drop websocket ws://A/private/shared-socket -> blocked in ",
		"drop websocket ws://A/private/sw-socket -> blocked in ",
		"drop websocket ws://B/private/b-socket -> blocked in http://B/frame.html",
		"drop websocket ws://C/private/c-socket -> blocked in http://C/frame.html",
	}
	sameLines(t, got, want)
}

// sameLines fails unless got, sorted, is want.
func sameLines(t *testing.T, got, want []string) {
	t.Helper()
	sort.Strings(got)
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("records:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
}

// noPrivateReached fails when a request for a /private/ path, which every
// test origin's robots.txt disallows, reached one of the origins.
func noPrivateReached(t *testing.T, origins map[string]*origin) {
	t.Helper()
	for name, o := range origins {
		for _, p := range o.Paths() {
			if strings.HasPrefix(p, "/private/") {
				t.Errorf("blocked request reached %s%s", name, p)
			}
		}
	}
}

// socketRecords describes the guard's websocket records, with origin names.
func socketRecords(g *guard.Guard, origins map[string]*origin) []string {
	var got []string
	for _, r := range g.Records() {
		if r.ResourceType == guard.TypeWebSocket {
			got = append(got, names(describe(r), origins))
		}
	}
	return got
}

// waitHandshakes waits until n admitted websockets have their handshake's
// status in their records.
func waitHandshakes(t *testing.T, g *guard.Guard, n int) {
	t.Helper()
	for deadline := time.Now().Add(10 * time.Second); ; {
		got := 0
		for _, r := range g.Records() {
			if r.ResourceType == guard.TypeWebSocket && r.TargetStatus.Code != 0 {
				got++
			}
		}
		if got >= n {
			return
		}
		if time.Now().After(deadline) {
			t.Errorf("%d websocket handshakes recorded, want %d", got, n)
			return
		}
		time.Sleep(20 * time.Millisecond)
	}
}

// TestBrowseMaxTargets: a frame or worker beyond MaxTargets gets its
// websocket check all the same, through the paused session itself: its
// disallowed socket never reaches the origin; what the guard cannot follow
// without a session of its own (the handshake's status) is missing, and a
// record says why.
func TestBrowseMaxTargets(t *testing.T) {
	ctx := browser(t)
	robots := text("text/plain", "User-agent: *\nDisallow: /private/\n")
	b := newOrigin(t, "127.0.0.2", map[string]http.HandlerFunc{
		"/robots.txt":           robots,
		"/frame.html":           text("text/html", `<script>`+socketsJS+`both('frame').then((v) => parent.postMessage(v, '*'));</script>`),
		"/frame-socket":         websocket,
		"/private/frame-socket": websocket,
	})
	a := newOrigin(t, "127.0.0.1", map[string]http.HandlerFunc{
		"/robots.txt": robots,
		"/": text("text/html", `<title>t</title><link rel="icon" href="data:,"><body><script>
const got = {};
const note = (k, v) => { got[k] = v; if (got.first && got.second && got.frame) document.title = 'done ' + [got.first, got.second, got.frame].join(' '); };
addEventListener('message', (e) => note('frame', e.data));
const first = new Worker('/first.js');
first.onmessage = (e) => {
  note('first', e.data);
  new Worker('/second.js').onmessage = (e) => note('second', e.data);
  const f = document.createElement('iframe'); f.src = '`+b.URL+`/frame.html'; document.body.appendChild(f);
};
</script>`),
		"/first.js":              text("text/javascript", socketsJS+`both('first').then((v) => postMessage(v));`),
		"/second.js":             text("text/javascript", socketsJS+`both('second').then((v) => postMessage(v));`),
		"/first-socket":          websocket,
		"/private/first-socket":  websocket,
		"/second-socket":         websocket,
		"/private/second-socket": websocket,
	})
	origins := map[string]*origin{"A": a, "B": b}
	g, _ := newGuard(t, true)
	g.MaxTargets = 1
	if err := g.Attach(ctx); err != nil {
		t.Fatal(err)
	}
	if failed, err := g.Load(ctx, a.URL+"/", guard.WaitLoad); err != nil || failed != "" {
		t.Fatalf("load: %q %v", failed, err)
	}
	waitTitle(t, ctx, "done open,SecurityError open,SecurityError open,SecurityError")
	waitHandshakes(t, g, 1)
	g.Detach(ctx)
	const why = ": checked without a session of its own: the guard follows the network events of at most 1 frames and workers at once (MaxTargets); its websockets are checked, but its records may lack resource types, initiators and handshake statuses"
	want := []string{
		"admit document http://A/ -> 200",
		"admit script http://A/first.js -> 200",
		"admit script http://A/second.js -> 200",
		"admit script http://A/second.js -> error: checked without a session of its own" + why,
		"admit subframe document http://B/frame.html -> 200",
		"admit subframe document http://B/frame.html -> error: checked without a session of its own" + why,
		"admit websocket ws://A/first-socket -> 101",
		"admit websocket ws://A/second-socket -> error: no answer seen",
		"admit websocket ws://B/frame-socket -> error: no answer seen",
		"drop websocket ws://A/private/first-socket -> blocked",
		"drop websocket ws://A/private/second-socket -> blocked",
		"drop websocket ws://B/private/frame-socket -> blocked",
	}
	var got []string
	for _, r := range g.Records() {
		s := names(describe(r), origins)
		if strings.HasPrefix(r.Reason, "checked without") {
			// The guard's reason; what robots.txt says follows it.
			why, policy, _ := strings.Cut(r.Reason, "; robots.txt: ")
			s += ": " + why
			if !strings.HasPrefix(policy, "allowed") || r.Origin == "" || r.RepDecision != gate.RepAllow {
				t.Errorf("%s: origin %q repDecision %q, policy %q: want its origin and what robots.txt says", r.TargetURL, r.Origin, r.RepDecision, policy)
			}
		}
		got = append(got, s)
	}
	sameLines(t, got, want)
	noPrivateReached(t, origins)
	for _, p := range []string{"A/second-socket", "B/frame-socket"} {
		if n := origins[p[:1]].Count(p[1:]); n != 1 {
			t.Errorf("%s reached %d times, want once", p, n)
		}
	}
}

// opaqueFrames is a page with a sandboxed about:srcdoc frame and a data:
// frame (both of an opaque origin), each opening an allowed and a
// disallowed websocket to host.
func opaqueFrames(host string) string {
	open := func(name string) string {
		return `<script>new WebSocket('ws://` + host + `/` + name + `-socket'); new WebSocket('ws://` + host + `/private/` + name + `-socket');</script>`
	}
	return `<title>t</title><link rel="icon" href="data:,"><iframe sandbox="allow-scripts" srcdoc="` + open("srcdoc") + `"></iframe>` +
		`<iframe src="data:text/html,` + open("data") + `"></iframe>` +
		// Nor does the constructor the prototype names, or a fresh
		// frame's, escape the check.
		`<script>new WebSocket.prototype.constructor('ws://` + host + `/private/ctor-socket');</script>
<script>const f = document.createElement('iframe'); document.body.appendChild(f);
new f.contentWindow.WebSocket('ws://` + host + `/private/fresh-socket');</script>`
}

// TestBrowseOpaqueFrames: the websockets of a sandboxed about:srcdoc frame
// and of a data: frame are checked (the check asks at the socket's host,
// since the frames' own origin is opaque), and so are those made with the
// constructor WebSocket.prototype names and with a fresh frame's.
func TestBrowseOpaqueFrames(t *testing.T) {
	ctx := browser(t)
	a := newOrigin(t, "127.0.0.1", nil)
	a.Routes = map[string]http.HandlerFunc{
		"/robots.txt":            text("text/plain", "User-agent: *\nDisallow: /private/\n"),
		"/":                      text("text/html", opaqueFrames(a.Host())),
		"/srcdoc-socket":         websocket,
		"/private/srcdoc-socket": websocket,
		"/data-socket":           websocket,
		"/private/data-socket":   websocket,
		"/private/ctor-socket":   websocket,
		"/private/fresh-socket":  websocket,
	}
	g, _ := newGuard(t, true)
	if err := g.Attach(ctx); err != nil {
		t.Fatal(err)
	}
	if failed, err := g.Load(ctx, a.URL+"/", guard.WaitLoad); err != nil || failed != "" {
		t.Fatalf("load: %q %v", failed, err)
	}
	waitHandshakes(t, g, 2)
	g.Detach(ctx)
	origins := map[string]*origin{"A": a}
	sameLines(t, socketRecords(g, origins), []string{
		"admit websocket ws://A/data-socket -> 101",
		"admit websocket ws://A/srcdoc-socket -> 101",
		"drop websocket ws://A/private/ctor-socket -> blocked",
		"drop websocket ws://A/private/data-socket -> blocked",
		"drop websocket ws://A/private/fresh-socket -> blocked",
		"drop websocket ws://A/private/srcdoc-socket -> blocked",
	})
	noPrivateReached(t, origins)
}

// TestBrowseUnpausedFrame: in a browser that runs sandboxed about:srcdoc
// frames in a process of their own (Chromium's default, which Launch turns
// off), such a frame starts without the pause the guard asks for; its
// record says that it was not checked from its start.
func TestBrowseUnpausedFrame(t *testing.T) {
	path := chromium(t)
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	actx, cancelAlloc := chromedp.NewExecAllocator(ctx, chromedp.ExecPath(path), chromedp.Headless, chromedp.NoSandbox,
		chromedp.DisableGPU, chromedp.NoFirstRun, chromedp.Flag("disable-quic", true), chromedp.UserDataDir(guardedProfile(t)),
		chromedp.Flag("disable-background-networking", true), chromedp.Flag("disable-component-update", true))
	defer cancelAlloc()
	bctx, cancelBrowser := chromedp.NewContext(actx, chromedp.WithErrorf(guard.QuietErrorf(t.Logf)))
	defer cancelBrowser()
	a := newOrigin(t, "127.0.0.1", nil)
	a.Routes = map[string]http.HandlerFunc{
		"/robots.txt": text("text/plain", "User-agent: *\nDisallow: /private/\n"),
		"/":           text("text/html", `<title>t</title><link rel="icon" href="data:,"><iframe sandbox="allow-scripts" srcdoc="<p>hello"></iframe>`),
	}
	g, _ := newGuard(t, true)
	if err := g.Attach(bctx); err != nil {
		t.Fatal(err)
	}
	if failed, err := g.Load(bctx, a.URL+"/", guard.WaitLoad); err != nil || failed != "" {
		t.Fatalf("load: %q %v", failed, err)
	}
	var got []string
	for deadline := time.Now().Add(10 * time.Second); len(got) == 0 && time.Now().Before(deadline); time.Sleep(20 * time.Millisecond) {
		for _, r := range g.Records() {
			if r.ResourceType == guard.TypeSubframeDocument {
				got = append(got, describe(r)+": "+r.Reason)
			}
		}
	}
	g.Detach(bctx)
	want := "admit subframe document about:srcdoc -> error: not checked from its start: not checked from its start: this frame ran before the guard could add its websocket check (it was running when the guard attached, or Chromium started it without the pause the guard asks for, as it does a sandboxed about:srcdoc or about:blank frame in a process of its own unless started with --disable-features=IsolateSandboxedIframes, as Launch does); its websockets are checked from then on"
	if strings.Join(got, "\n") != want {
		t.Errorf("records:\n%s\nwant:\n%s", strings.Join(got, "\n"), want)
	}
}

// TestBrowseDetachReleases: after Detach, the browser no longer pauses new
// workers for the guard: a shared worker started then runs.
func TestBrowseDetachReleases(t *testing.T) {
	ctx := browser(t)
	a := newOrigin(t, "127.0.0.1", map[string]http.HandlerFunc{
		"/robots.txt": text("text/plain", "User-agent: *\nDisallow: /private/\n"),
		"/":           text("text/html", `<title>t</title><link rel="icon" href="data:,">`),
		"/shared.js":  text("text/javascript", `onconnect = (e) => e.ports[0].postMessage('ran');`),
	})
	g, _ := newGuard(t, true)
	if err := g.Attach(ctx); err != nil {
		t.Fatal(err)
	}
	if failed, err := g.Load(ctx, a.URL+"/", guard.WaitLoad); err != nil || failed != "" {
		t.Fatalf("load: %q %v", failed, err)
	}
	if err := g.Detach(ctx); err != nil {
		t.Fatalf("detach: %v", err)
	}
	if _, err := chromedp.Run(ctx, chromedp.Evaluate[string](`new SharedWorker('/shared.js').port.onmessage = (e) => { document.title = e.data; }; 'ok'`)); err != nil {
		t.Fatal(err)
	}
	waitTitle(t, ctx, "ran")
}

// TestBrowseServiceWorkerRestart: a service worker that Chromium stops and
// starts again (as it does with idle ones) gets the check again before it
// runs: its disallowed socket never reaches the origin.
func TestBrowseServiceWorkerRestart(t *testing.T) {
	ctx := browser(t)
	a := newOrigin(t, "127.0.0.1", map[string]http.HandlerFunc{
		"/robots.txt": text("text/plain", "User-agent: *\nDisallow: /private/\n"),
		"/": text("text/html", `<title>t</title><link rel="icon" href="data:,"><script>
new BroadcastChannel('r').onmessage = (e) => { document.title = e.data; };
navigator.serviceWorker.register('/sw.js');
window.again = () => navigator.serviceWorker.getRegistration().then((r) => r.active.postMessage('again'));
</script>`),
		"/sw.js": text("text/javascript", socketsJS+`
self.addEventListener('install', (e) => e.waitUntil(both('first').then((v) => new BroadcastChannel('r').postMessage('first ' + v))));
self.addEventListener('message', (e) => e.waitUntil(both('again').then((v) => new BroadcastChannel('r').postMessage('again ' + v))));
`),
		"/first-socket":         websocket,
		"/private/first-socket": websocket,
		"/again-socket":         websocket,
		"/private/again-socket": websocket,
	})
	g, _ := newGuard(t, true)
	if err := g.Attach(ctx); err != nil {
		t.Fatal(err)
	}
	if failed, err := g.Load(ctx, a.URL+"/", guard.WaitLoad); err != nil || failed != "" {
		t.Fatalf("load: %q %v", failed, err)
	}
	waitTitle(t, ctx, "first open,error")
	tab := chromedp.FromContext(ctx).Target
	if _, err := cdp.Call(ctx, tab, serviceworker.Enable, cdp.Empty{}); err != nil {
		t.Fatal(err)
	}
	if _, err := cdp.Call(ctx, tab, serviceworker.StopAllWorkers, cdp.Empty{}); err != nil {
		t.Fatal(err)
	}
	if _, err := chromedp.Run(ctx, chromedp.Evaluate[string](`again(); ''`)); err != nil {
		t.Fatal(err)
	}
	waitTitle(t, ctx, "again open,error")
	waitHandshakes(t, g, 2)
	g.Detach(ctx)
	origins := map[string]*origin{"A": a}
	sameLines(t, socketRecords(g, origins), []string{
		"admit websocket ws://A/again-socket -> 101",
		"admit websocket ws://A/first-socket -> 101",
		"drop websocket ws://A/private/again-socket -> blocked",
		"drop websocket ws://A/private/first-socket -> blocked",
	})
	noPrivateReached(t, origins)
}

// TestBrowseAttachLate: a frame from another site whose document was
// loaded before the guard attached is not guarded (the Fetch domain does
// not pause the requests of loaders made before it was enabled): its record
// says so, and its websockets are refused, not checked, as the check's own
// request is not answered by the guard (the origin's 204 does not admit).
// Its next document is guarded.
func TestBrowseAttachLate(t *testing.T) {
	ctx := browser(t)
	b := newOrigin(t, "127.0.0.2", map[string]http.HandlerFunc{
		"/robots.txt": text("text/plain", "User-agent: *\nDisallow: /private/\n"),
		"/frame.html": text("text/html", `<script>`+socketsJS+`onmessage = () => both('late').then((v) => parent.postMessage(v, '*'));
onload = () => parent.postMessage('ready', '*');</script>`),
		"/late-socket":         websocket,
		"/private/late-socket": websocket,
		// An origin that answers the check's request, were it to get
		// one, as the guard admits (204) does not admit a socket.
		"*": status(204),
	})
	a := newOrigin(t, "127.0.0.1", map[string]http.HandlerFunc{
		"/": text("text/html", `<title>t</title><link rel="icon" href="data:,"><iframe src="`+b.URL+`/frame.html"></iframe>
<script>let n = 0; addEventListener('message', (e) => { document.title = e.data === 'ready' ? 'ready ' + ++n : 'late ' + e.data; });</script>`),
	})
	if _, err := chromedp.Run(ctx, chromedp.Navigate(a.URL+"/")); err != nil {
		t.Fatal(err)
	}
	waitTitle(t, ctx, "ready 1")
	g, _ := newGuard(t, true)
	if err := g.Attach(ctx); err != nil {
		t.Fatal(err)
	}
	run := func(js string) {
		t.Helper()
		if _, err := chromedp.Run(ctx, chromedp.Evaluate[string](js+`; ''`)); err != nil {
			t.Fatal(err)
		}
	}
	// The document loaded before Attach: its sockets are refused.
	waitPrepared(t, g, 1)
	run(`frames[0].postMessage('go', '*')`)
	waitTitle(t, ctx, "late SecurityError,SecurityError")
	// Its next document is guarded.
	run(`document.querySelector('iframe').src = '` + b.URL + `/frame.html?again'`)
	waitTitle(t, ctx, "ready 2")
	run(`frames[0].postMessage('go', '*')`)
	waitTitle(t, ctx, "late open,SecurityError")
	waitHandshakes(t, g, 1)
	g.Detach(ctx)
	var got []string
	for _, r := range g.Records() {
		got = append(got, names(describe(r), map[string]*origin{"A": a, "B": b}))
	}
	want := []string{
		"admit subframe document http://B/frame.html?again -> 200",
		"admit websocket ws://B/late-socket -> 101",
		"drop websocket ws://B/private/late-socket -> blocked",
		"unguarded document http://A/ -> error: not guarded",
		"unguarded subframe document http://B/frame.html -> error: not guarded",
	}
	sameLines(t, got, want)
	// Nothing was decided for them, yet their records say whose they
	// are and what their robots.txt says (issue 41, item 5).
	for _, r := range g.Records() {
		if r.Action == guard.Unguarded && (r.Origin == "" || r.PolicyStatus == "" || r.RepDecision != gate.RepAllow) {
			t.Errorf("unguarded %s: origin %q, policyStatus %q, repDecision %q; want its origin, success, allow", r.TargetURL, r.Origin, r.PolicyStatus, r.RepDecision)
		}
	}
	if st := g.Stats(); st.Unguarded != 2 || st.Admitted != 2 {
		t.Errorf("stats %+v: want 2 unguarded, 2 admitted", st)
	}
	if n := b.Count("/private/late-socket"); n != 0 {
		t.Errorf("the disallowed socket reached its origin %d times", n)
	}
	if n := b.Count("/late-socket"); n != 1 {
		t.Errorf("the allowed socket reached its origin %d times, want once (from the guarded document)", n)
	}
	checks := 0
	for _, p := range b.Paths() {
		if strings.HasPrefix(p, "/.well-known/robotstxt-guard-") {
			checks += b.Count(p)
		}
	}
	if checks != 2 {
		t.Errorf("the unguarded document's checks reached the origin %d times, want 2 (the limit the docs describe)", checks)
	}
}

// waitPrepared waits until the guard has a session of its own for n frames
// or workers (their later documents, or they, are then checked).
func waitPrepared(t *testing.T, g *guard.Guard, n int) {
	t.Helper()
	for deadline := time.Now().Add(10 * time.Second); g.Stats().Prepared < n; time.Sleep(20 * time.Millisecond) {
		if time.Now().After(deadline) {
			t.Fatalf("%d frames and workers prepared, want %d", g.Stats().Prepared, n)
		}
	}
}
