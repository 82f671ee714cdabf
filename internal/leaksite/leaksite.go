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
	s.D = NewOrigin(t, "127.0.0.3", map[string]http.HandlerFunc{"*": Text("text/html", "<p>D")})
	s.A = NewOrigin(t, "127.0.0.1", nil)
	page := strings.ReplaceAll(leakHTML, "C/", s.C.URL+"/")
	s.A.Routes = map[string]http.HandlerFunc{
		"/robots.txt":     Text("text/plain", "User-agent: *\nDisallow: /api/\n"),
		"/":               Text("text/html", page),
		"/tab.html":       Text("text/html", `<!doctype html><title>tab</title><script src="/leak.js"></script>`),
		"/leak.js":        Text("text/javascript", leakJS),
		"/leak-worker.js": Text("text/javascript", leakWorkerJS),
		"/live":           Websocket,
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
