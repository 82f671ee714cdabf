// Package leaksite is the leak page of the browser guard's tests (issue
// 19): loopback origins and a page that makes every kind of request that
// once escaped the guard, with the servers' own count of what reached them.
// The guard's tests, the command's and the Playwright and Puppeteer tests
// load it; each asserts, at the servers, that no disallowed or unresolved
// request arrived and that every request that arrived has a record.
package leaksite

import (
	"crypto/sha1"
	"encoding/base64"
	"io"
	"net"
	"net/http"
	"net/url"
	"sort"
	"strings"
	"sync"
	"testing"
	"time"

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
<link rel="icon" href="/favicon.png">
<link rel="manifest" href="/manifest.json">
<link rel="prefetch" href="/prefetched-link">
<link rel="prefetch" href="/api/prefetched-link">
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
  kinds();
  // Answered once the page's reports are in: until then the page is not
  // network-idle, so that browse --wait networkidle waits for them.
  fetch('/idle');
}
`

// kindsJS runs on the page only: the request kinds whose records are
// typed or marked (EventSource, a CORS request to D and its preflight,
// requests a service worker re-issues for a frame it controls). It
// reports as "kinds".
const kindsJS = `function kinds() {
  const es = (u) => new Promise((res) => { const e = new EventSource(u); e.onmessage = (m) => { e.close(); res(m.data); }; e.onerror = () => { e.close(); res('error'); }; });
  const activated = (reg) => new Promise((res) => {
    const w = reg.installing || reg.waiting || reg.active;
    if (w.state === 'activated') { res(); return; }
    w.addEventListener('statechange', () => { if (w.state === 'activated') res(); });
  });
  const viaWorker = navigator.serviceWorker.register('/sw/sw.js', {scope: '/sw/'}).then(activated).then(() => new Promise((res) => {
    addEventListener('message', (e) => res(e.data));
    const f = document.createElement('iframe');
    f.src = '/sw/frame.html';
    document.body.appendChild(f);
  }), (e) => 'no service worker: ' + e);
  Promise.all([
    es('/events'), es('/api/events'),
    fetch('D/cors', {method: 'PUT', headers: {'X-Leak': '1'}}).then((r) => r.status, () => 'error'),
    viaWorker,
  ]).then((v) => fetch('/report?via=kinds&r=' + encodeURIComponent(v.join(' '))));
}
`

// swJS re-issues every request of the frames it controls (not their
// navigations); swFrameHTML fetches an allowed and a disallowed URL and
// tells the page whether it is controlled.
const swJS = `self.addEventListener('install', () => self.skipWaiting());
self.addEventListener('activate', (e) => e.waitUntil(self.clients.claim()));
self.addEventListener('fetch', (e) => { if (e.request.mode !== 'navigate') e.respondWith(fetch(e.request)); });
`

const swFrameHTML = `<!doctype html><title>sw</title><script>
Promise.all([fetch('/sw/ok').then((r) => r.status, () => 'error'), fetch('/api/sw').then((r) => r.status, () => 'error')])
  .then((v) => parent.postMessage((navigator.serviceWorker.controller ? 'controlled ' : 'not controlled ') + v.join(','), '*'));
</script>
`

const leakWorkerJS = `const sock = (make) => new Promise((res) => { try { make(res); } catch (e) { res(e.name); } });
const ws = (u) => sock((res) => { const s = new WebSocket(u); s.onopen = () => res('open'); s.onerror = () => res('error'); });
const wss = (u) => sock((res) => { const s = new WebSocketStream(u); s.opened.then(() => res('open'), () => res('error')); });
Promise.all([
  ws('ws://' + location.host + '/api/worker-ws'), wss('ws://' + location.host + '/api/worker-wss'),
  fetch('/api/worker-fetch').then((r) => r.status, () => 'error'),
]).then((v) => postMessage(v.join(',')));
`

// Site is the leak page's set-up: A (Disallow: /api/, the pages), C
// (robots.txt answers 503), D (robots.txt 404). reports collects the
// reports of the tabs, by "via".
type Site struct {
	A, C, D *Origin
	mu      sync.Mutex
	reports map[string]string
}

func New(t testing.TB) *Site {
	s := &Site{reports: map[string]string{}}
	s.C = NewOrigin(t, "127.0.0.2", map[string]http.HandlerFunc{"/robots.txt": Status(503), "*": Text("text/html", "<p>C")})
	s.D = NewOrigin(t, "127.0.0.3", map[string]http.HandlerFunc{"*": Text("text/html", "<p>D"), "/cors": cors})
	s.A = NewOrigin(t, "127.0.0.1", nil)
	page := strings.ReplaceAll(leakHTML, "C/", s.C.URL+"/")
	script := leakJS + strings.ReplaceAll(kindsJS, "D/", s.D.URL+"/")
	s.A.Routes = map[string]http.HandlerFunc{
		"/robots.txt":      Text("text/plain", "User-agent: *\nDisallow: /api/\n"),
		"/":                Text("text/html", page),
		"/tab.html":        Text("text/html", `<!doctype html><title>tab</title><script src="/leak.js"></script>`),
		"/leak.js":         Text("text/javascript", script),
		"/favicon.png":     Text("image/png", ""),
		"/manifest.json":   Text("application/manifest+json", `{"name": "leak", "start_url": "/"}`),
		"/prefetched-link": Text("text/plain", "prefetched"),
		"/events":          Text("text/event-stream", "data: hi\n\n"),
		"/sw/sw.js":        Text("text/javascript", swJS),
		"/sw/frame.html":   Text("text/html", swFrameHTML),
		"/sw/ok":           Text("text/plain", "ok"),
		"/leak-worker.js":  Text("text/javascript", leakWorkerJS),
		"/live":            Websocket,
		"/idle": func(w http.ResponseWriter, r *http.Request) {
			for deadline := time.Now().Add(40 * time.Second); time.Now().Before(deadline) && r.Context().Err() == nil; time.Sleep(50 * time.Millisecond) {
				s.mu.Lock()
				_, page := s.reports["page"]
				_, kinds := s.reports["kinds"]
				s.mu.Unlock()
				if page && kinds {
					break
				}
			}
			w.Header().Set("Cache-Control", "no-store")
		},
		"/report": func(w http.ResponseWriter, r *http.Request) {
			s.mu.Lock()
			s.reports[r.URL.Query().Get("via")] = r.URL.Query().Get("r")
			s.mu.Unlock()
		},
		"*": Text("text/plain", "leaked"), // every /api/ path
	}
	return s
}

// WaitReports waits until every tab named in want reported.
func (s *Site) WaitReports(t testing.TB, want ...string) map[string]string {
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

// Report is what each tab reports: its two websockets, its two
// WebSocketStreams, its WebTransport, its fetch and its worker's.
const Report = "open SecurityError open SecurityError SecurityError error SecurityError,SecurityError,error"

// KindsReport is what the page's kinds() reports: the allowed EventSource's
// message, the disallowed one's error, the CORS request's status (after its
// preflight), and the service worker's frame: controlled, its allowed
// fetch answered, its disallowed one failed.
const KindsReport = "hi error 204 controlled 200,error"

// WantReport is the report a tab (or the page's kinds()) sends when
// guarded: KindsReport for "kinds", Report for the others.
func WantReport(via string) string {
	if via == "kinds" {
		return KindsReport
	}
	return Report
}

// CheckKinds asserts the records of the page's kinds() and head: typed
// (eventsource, prefetch, favicon), the CORS preflight marked as one with
// the initiator of the request it precedes, and the requests the service
// worker made again for its frame recorded with that frame, its tab and
// its script line as requester, and the worker's script URL.
func (s *Site) CheckKinds(t testing.TB, recs []guard.Record) {
	t.Helper()
	page := ""
	for _, r := range recs {
		if r.ResourceType == guard.TypeDocument && r.TargetURL == s.A.URL+"/" {
			page = r.Tab
		}
	}
	if page == "" {
		t.Errorf("no record of the page's document %s/ with a tab", s.A.URL)
	}
	got := map[string]string{}
	var put guard.Record
	for _, r := range recs {
		u, err := url.Parse(r.TargetURL)
		if err != nil {
			continue
		}
		k := r.Method + " " + u.Host + u.Path
		got[k] = string(r.Action) + " " + r.ResourceType
		if r.Method == "PUT" {
			put = r
		}
		switch r.TargetURL {
		case s.A.URL + "/sw/ok", s.A.URL + "/api/sw":
			// Made again by the service worker for its frame.
			if r.ServiceWorker != s.A.URL+"/sw/sw.js" || r.FrameURL != s.A.URL+"/sw/frame.html" || r.Tab != page ||
				!strings.HasPrefix(r.Initiator, s.A.URL+"/sw/frame.html:") {
				t.Errorf("%s: serviceWorker %q frameURL %q tab %q initiator %q; want the worker %s/sw/sw.js, and the frame %s/sw/frame.html of the page's tab %q as requester",
					r.TargetURL, r.ServiceWorker, r.FrameURL, r.Tab, r.Initiator, s.A.URL, s.A.URL, page)
			}
		case s.A.URL + "/sw/sw.js":
			if r.ServiceWorker != "" {
				t.Errorf("the worker's own script is recorded as made by the worker %q", r.ServiceWorker)
			}
		}
		if r.ResourceType == guard.TypePreflight && (r.Method != "OPTIONS" || r.TargetURL != s.D.URL+"/cors") {
			t.Errorf("%s %s recorded as a preflight", r.Method, r.TargetURL)
		}
	}
	for k, want := range map[string]string{
		"GET " + s.A.Host() + "/events":              "admit eventsource",
		"GET " + s.A.Host() + "/api/events":          "drop eventsource",
		"GET " + s.A.Host() + "/prefetched-link":     "admit prefetch",
		"GET " + s.A.Host() + "/api/prefetched-link": "drop prefetch",
		"GET " + s.A.Host() + "/favicon.ico":         "admit favicon",
		"OPTIONS " + s.D.Host() + "/cors":            "admit preflight",
		"PUT " + s.D.Host() + "/cors":                "admit fetch",
		"GET " + s.A.Host() + "/sw/ok":               "admit fetch",
		"GET " + s.A.Host() + "/api/sw":              "drop fetch",
	} {
		if got[k] != want {
			t.Errorf("%s: record %q, want %q", k, got[k], want)
		}
	}
	for _, r := range recs {
		if r.ResourceType == guard.TypePreflight && (put.Initiator == "" || r.Initiator != put.Initiator) {
			t.Errorf("preflight initiator %q, want the PUT's %q", r.Initiator, put.Initiator)
		}
	}
}

// CheckServers asserts, counted at the servers, that no disallowed or
// unresolved request arrived (nothing under /api/ at A, nothing but
// robots.txt at C), and that every request that arrived has a record.
func (s *Site) CheckServers(t testing.TB, recs []guard.Record) {
	t.Helper()
	for _, p := range s.A.Paths() {
		if strings.HasPrefix(p, "/api/") {
			t.Errorf("disallowed request reached A: %s (%d times)", p, s.A.Count(p))
		}
	}
	for _, p := range s.C.Paths() {
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
	for _, o := range []*Origin{s.A, s.C, s.D} {
		for _, p := range o.Paths() {
			if p != "/robots.txt" && !admitted[o.host+p] {
				t.Errorf("%s%s reached its origin with no record of an admitted request", o.URL, p)
			}
		}
	}
}

// Origin is a loopback test server that counts the requests of each path.
// Routes (path to handler, "*" for any other path) are set before the
// first request.
type Origin struct {
	URL    string
	Routes map[string]http.HandlerFunc
	host   string
	mu     sync.Mutex
	hits   map[string]int
}

// NewOrigin listens on ip (127.0.0.x), falling back to 127.0.0.1 when the
// sandbox allows no other loopback address.
func NewOrigin(t testing.TB, ip string, routes map[string]http.HandlerFunc) *Origin {
	t.Helper()
	l, err := net.Listen("tcp", ip+":0")
	if err != nil {
		if l, err = net.Listen("tcp", "127.0.0.1:0"); err != nil {
			t.Fatal(err)
		}
	}
	o := &Origin{URL: "http://" + l.Addr().String(), host: l.Addr().String(), hits: map[string]int{}, Routes: routes}
	srv := &http.Server{Handler: o, ReadHeaderTimeout: 10 * time.Second}
	go srv.Serve(l)
	t.Cleanup(func() { srv.Close() })
	return o
}

func (o *Origin) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	o.mu.Lock()
	o.hits[r.URL.Path]++
	h := o.Routes[r.URL.Path]
	if h == nil {
		h = o.Routes["*"] // any other path
	}
	o.mu.Unlock()
	if h == nil {
		http.NotFound(w, r)
		return
	}
	h(w, r)
}

// Count is the number of requests of path.
func (o *Origin) Count(path string) int {
	o.mu.Lock()
	defer o.mu.Unlock()
	return o.hits[path]
}

// Paths are the paths requested, sorted.
func (o *Origin) Paths() []string {
	o.mu.Lock()
	defer o.mu.Unlock()
	var ps []string
	for p := range o.hits {
		ps = append(ps, p)
	}
	sort.Strings(ps)
	return ps
}

// Host is the origin's host:port.
func (o *Origin) Host() string { return o.host }

// Text answers body with the Content-Type ctype, not to be cached.
func Text(ctype, body string) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", ctype)
		w.Header().Set("Cache-Control", "no-store")
		io.WriteString(w, body)
	}
}

// Status answers with the status code.
func Status(code int) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) { w.WriteHeader(code) }
}

// cors answers a CORS request and its preflight from any origin.
func cors(w http.ResponseWriter, r *http.Request) {
	w.Header().Set("Access-Control-Allow-Origin", "*")
	w.Header().Set("Access-Control-Allow-Methods", "PUT")
	w.Header().Set("Access-Control-Allow-Headers", "X-Leak")
	w.WriteHeader(http.StatusNoContent)
}

// Websocket answers the handshake and closes a moment later.
func Websocket(w http.ResponseWriter, r *http.Request) {
	key := r.Header.Get("Sec-WebSocket-Key")
	sum := sha1.Sum([]byte(key + "258EAFA5-E914-47DA-95CA-C5AB0DC85B11"))
	c, buf, err := w.(http.Hijacker).Hijack()
	if err != nil {
		return
	}
	defer c.Close()
	buf.WriteString("HTTP/1.1 101 Switching Protocols\r\nUpgrade: websocket\r\nConnection: Upgrade\r\nSec-WebSocket-Accept: " +
		base64.StdEncoding.EncodeToString(sum[:]) + "\r\n\r\n")
	buf.Flush()
	time.Sleep(time.Second)
}
