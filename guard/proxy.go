package guard

import (
	"bufio"
	"context"
	"crypto/rand"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"log"
	"net"
	"net/http"
	"net/http/httputil"
	"net/netip"
	"net/url"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/page"
)

// The guard's proxy: the browser's only way out. The DevTools interception
// decides; the proxy is what makes losing the guard close the door. The
// browser is started with --proxy-server pointing at a port of the guard's
// own process (and --proxy-bypass-list=<-loopback>, so that loopback goes
// through it too), and Chromium does not fall back to a direct connection
// when its proxy is gone: with the guard's process killed, the port is
// closed, and every request of the browser fails before it leaves it.
//
// While the guard runs, the proxy is also a backstop: it relays only what
// the guard admitted. An http: request is relayed only if the guard
// admitted that very URL (each admission lets one request through); a
// tunnel (CONNECT, for https:, ws: and wss:) is opened only to a host and
// port the guard admitted a request or a socket for, since what goes
// through a TLS tunnel cannot be seen. Everything else is refused: the
// requests Chromium makes outside the interception (speculative loads,
// service-worker update checks, its own background requests). The proxy
// dials with the guard's destination policy, on the address it actually
// connects to.

// Paths the proxy answers itself (a browser never asks its proxy for a
// path: it asks for absolute URLs or CONNECT).
const (
	// WatchPath is a request a program keeps open to learn when the guard
	// ends: the proxy answers it with a line and holds it open until the
	// guard's process exits, or its proxy is closed.
	WatchPath = "/.well-known/robotstxt-guard/watch"
	// maxTickets bounds the admissions waiting for their request.
	maxTickets = 100_000
	// maxTunnels bounds the tunnels and relays open at once.
	maxTunnels = 1024
)

// ErrNotProxied is returned by Attach when the Guard has a Proxy and the
// browser did not send the guard's probe through it.
var ErrNotProxied = errors.New("guard: the browser does not send its requests through the guard's proxy")

// Proxy is the guard's proxy: an HTTP proxy on a loopback port of the
// guard's process (see Guard.Proxy). Make one with NewProxy before the
// browser starts, start the browser with it (WithGuardProxy, or
// --proxy-server=URL() and --proxy-bypass-list=<-loopback>), and set
// Guard.Proxy. Until a Guard attached with it, and after it detached, it
// refuses everything.
type Proxy struct {
	ln    net.Listener
	srv   *http.Server
	probe string // the path of Attach's probe

	mu      sync.Mutex
	g       *Guard
	relay   *httputil.ReverseProxy
	dialer  *net.Dialer
	urls    map[string][]uint64 // admitted http: URL -> its admissions not used yet, oldest first
	queue   []admission         // every admission, oldest first, until evicted (bounds urls)
	seq     uint64
	hosts   map[string]bool // host:port admitted for a tunnel
	probed  bool
	conns   map[io.Closer]bool
	closed  chan struct{}
	refused []string
	slots   chan struct{}

	relayed atomic.Int64
}

// NewProxy listens on addr, a loopback address ("127.0.0.1:0" picks a
// port). A proxy on any other address would relay for whoever reaches it.
func NewProxy(addr string) (*Proxy, error) {
	host, _, err := net.SplitHostPort(addr)
	if err != nil {
		return nil, fmt.Errorf("guard: proxy address %q: %v", addr, err)
	}
	if a, err := netip.ParseAddr(host); err != nil || !a.IsLoopback() {
		return nil, fmt.Errorf("guard: proxy address %q: not a loopback IP address (127.0.0.1:PORT or [::1]:PORT)", addr)
	}
	ln, err := net.Listen("tcp", addr)
	if err != nil {
		return nil, fmt.Errorf("guard: proxy: %v", err)
	}
	var tok [12]byte
	rand.Read(tok[:])
	p := &Proxy{ln: ln, probe: "/.well-known/robotstxt-guard-probe-" + hex.EncodeToString(tok[:]),
		urls: map[string][]uint64{}, hosts: map[string]bool{}, conns: map[io.Closer]bool{},
		closed: make(chan struct{}), slots: make(chan struct{}, maxTunnels)}
	p.srv = &http.Server{Handler: p, ReadHeaderTimeout: 30 * time.Second,
		ErrorLog: nullLogger()}
	go p.srv.Serve(ln)
	return p, nil
}

// Addr is the address the proxy listens on (127.0.0.1:PORT).
func (p *Proxy) Addr() string { return p.ln.Addr().String() }

// URL is the proxy's URL, for Chromium's --proxy-server and Playwright's
// proxy.server: http://127.0.0.1:PORT.
func (p *Proxy) URL() string { return "http://" + p.Addr() }

// Close closes the proxy and every connection through it: the browser
// reaches nothing any more.
func (p *Proxy) Close() error {
	p.mu.Lock()
	select {
	case <-p.closed:
		p.mu.Unlock()
		return nil
	default:
	}
	close(p.closed)
	conns := p.conns
	p.conns = map[io.Closer]bool{}
	p.g = nil
	p.mu.Unlock()
	err := p.srv.Close()
	for c := range conns {
		c.Close()
	}
	return err
}

// Refused returns what the proxy refused so far ("GET URL" or "CONNECT
// host:port", with why), at most the first 1,000.
func (p *Proxy) Refused() []string {
	p.mu.Lock()
	defer p.mu.Unlock()
	return append([]string(nil), p.refused...)
}

// Relayed counts the requests and tunnels the proxy let through.
func (p *Proxy) Relayed() int64 { return p.relayed.Load() }

// bind makes the proxy relay for g, dialing under its destination policy.
func (p *Proxy) bind(g *Guard) error {
	p.mu.Lock()
	defer p.mu.Unlock()
	select {
	case <-p.closed:
		return errors.New("guard: the proxy is closed")
	default:
	}
	if p.g != nil {
		return errors.New("guard: the proxy serves another guard")
	}
	base := &net.Dialer{Timeout: 30 * time.Second, KeepAlive: 30 * time.Second, Resolver: g.Resolver}
	p.dialer = base
	if n := g.netOf(); n == nil || !n.AllowPrivate {
		p.dialer = n.Dialer(base)
	}
	tr := &http.Transport{
		Proxy: nil, DialContext: p.dialer.DialContext, DisableCompression: true,
		MaxIdleConnsPerHost: 16, IdleConnTimeout: 90 * time.Second,
	}
	p.relay = &httputil.ReverseProxy{
		Rewrite:       func(pr *httputil.ProxyRequest) { pr.Out.Host = pr.In.Host },
		Transport:     tr,
		FlushInterval: -1, // event streams as they come
		ErrorLog:      nullLogger(),
		ErrorHandler: func(w http.ResponseWriter, r *http.Request, err error) {
			http.Error(w, "robotstxt guard: "+err.Error(), http.StatusBadGateway)
		},
	}
	p.g = g
	return nil
}

// unbind stops relaying: nothing is admitted any more.
func (p *Proxy) unbind() {
	p.mu.Lock()
	p.g = nil
	p.urls, p.queue, p.hosts = map[string][]uint64{}, nil, map[string]bool{}
	p.mu.Unlock()
}

// admit lets one request for rawURL (http: or https:, without its
// fragment) through, or, for a socket (ws:, wss:) or https:, tunnels to its
// host and port.
func (p *Proxy) admit(rawURL string) {
	u, err := url.Parse(rawURL)
	if err != nil || u.Host == "" {
		return
	}
	scheme := strings.ToLower(u.Scheme)
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.g == nil {
		return
	}
	if scheme == "http" {
		p.seq++
		p.urls[rawURL] = append(p.urls[rawURL], p.seq)
		p.queue = append(p.queue, admission{rawURL, p.seq})
		if len(p.queue) > maxTickets {
			// The oldest admission goes, if it was not used yet (a request
			// uses its URL's oldest first). Fail closed: its request, should
			// it come this late, is refused.
			old := p.queue[0]
			p.queue = p.queue[1:] // append reallocates, leaving the head behind
			if q := p.urls[old.url]; len(q) > 0 && q[0] == old.seq {
				p.useTicket(old.url)
			}
		}
	}
	if a := authority(u); a != "" {
		if len(p.hosts) >= maxTickets && !p.hosts[a] {
			// Start over: each admission names its host again.
			clear(p.hosts)
		}
		p.hosts[a] = true
	}
}

// admission is one admission of an http: URL.
type admission struct {
	url string
	seq uint64
}

// useTicket uses the oldest admission of rawURL; p.mu is held.
func (p *Proxy) useTicket(rawURL string) bool {
	q := p.urls[rawURL]
	if len(q) == 0 {
		return false
	}
	if len(q) == 1 {
		delete(p.urls, rawURL)
	} else {
		p.urls[rawURL] = q[1:]
	}
	return true
}

// authority is the host:port a tunnel to u's origin asks for.
func authority(u *url.URL) string {
	port := u.Port()
	if port == "" {
		switch strings.ToLower(u.Scheme) {
		case "http", "ws":
			port = "80"
		case "https", "wss":
			port = "443"
		default:
			return ""
		}
	}
	return net.JoinHostPort(strings.ToLower(strings.TrimSuffix(u.Hostname(), ".")), port)
}

func (p *Proxy) refuse(w http.ResponseWriter, what, why string) {
	p.mu.Lock()
	if len(p.refused) < 1000 {
		p.refused = append(p.refused, what+": "+why)
	}
	p.mu.Unlock()
	w.Header().Set("X-Robotstxt-Guard", "refused")
	w.Header().Set("Cache-Control", "no-store")
	http.Error(w, "robotstxt guard: refused: "+why, http.StatusForbidden)
}

// ServeHTTP answers the browser (absolute URLs, CONNECT) and the watch.
func (p *Proxy) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	switch {
	case r.Method == http.MethodConnect:
		p.tunnel(w, r)
	case strings.HasPrefix(r.RequestURI, "/"):
		if r.URL.Path != WatchPath {
			http.NotFound(w, r)
			return
		}
		p.watch(w, r)
	default:
		p.forward(w, r)
	}
}

// watch holds the request open until the proxy closes (or the process
// ends, which closes it too).
func (p *Proxy) watch(w http.ResponseWriter, r *http.Request) {
	w.Header().Set("Content-Type", "text/plain; charset=utf-8")
	w.Header().Set("Cache-Control", "no-store")
	w.WriteHeader(http.StatusOK)
	io.WriteString(w, "guarding\n")
	http.NewResponseController(w).Flush()
	select {
	case <-p.closed:
	case <-r.Context().Done():
	}
}

func (p *Proxy) forward(w http.ResponseWriter, r *http.Request) {
	if r.URL.Scheme != "http" || r.URL.Host == "" {
		p.refuse(w, r.Method+" "+r.RequestURI, "not an http: URL")
		return
	}
	if r.URL.Path == p.probe {
		p.mu.Lock()
		p.probed = true
		p.mu.Unlock()
		w.Header().Set("Cache-Control", "no-store")
		w.WriteHeader(http.StatusNoContent)
		return
	}
	key := r.RequestURI
	p.mu.Lock()
	relay, ok := p.relay, p.g != nil && p.useTicket(key)
	p.mu.Unlock()
	if !ok {
		p.refuse(w, r.Method+" "+key, "not admitted by the guard (a request made outside its interception, or with no guard attached)")
		return
	}
	select {
	case p.slots <- struct{}{}:
		defer func() { <-p.slots }()
	default:
		http.Error(w, "robotstxt guard: too many connections", http.StatusServiceUnavailable)
		return
	}
	p.relayed.Add(1)
	relay.ServeHTTP(w, r)
}

func (p *Proxy) tunnel(w http.ResponseWriter, r *http.Request) {
	host, port, err := net.SplitHostPort(r.Host)
	if err != nil {
		p.refuse(w, "CONNECT "+r.Host, "not host:port")
		return
	}
	a := net.JoinHostPort(strings.ToLower(strings.TrimSuffix(host, ".")), port)
	p.mu.Lock()
	dialer, ok := p.dialer, p.g != nil && p.hosts[a]
	p.mu.Unlock()
	if !ok {
		p.refuse(w, "CONNECT "+a, "the guard admitted nothing for this host and port")
		return
	}
	select {
	case p.slots <- struct{}{}:
	default:
		http.Error(w, "robotstxt guard: too many connections", http.StatusServiceUnavailable)
		return
	}
	release := func() { <-p.slots }
	dst, err := dialer.DialContext(r.Context(), "tcp", a)
	if err != nil {
		release()
		http.Error(w, "robotstxt guard: "+err.Error(), http.StatusBadGateway)
		return
	}
	conn, buf, err := http.NewResponseController(w).Hijack()
	if err != nil {
		release()
		dst.Close()
		return
	}
	if !p.track(conn, dst) {
		release()
		return
	}
	p.relayed.Add(1)
	go func() {
		defer release()
		defer p.untrack(conn, dst)
		if _, err := io.WriteString(conn, "HTTP/1.1 200 Connection established\r\n\r\n"); err != nil {
			return
		}
		done := make(chan struct{}, 2)
		go func() { copyBuffered(dst, buf.Reader); done <- struct{}{} }()
		go func() { io.Copy(conn, dst); done <- struct{}{} }()
		<-done
	}()
}

// copyBuffered copies what the client sent, its buffered bytes first.
func copyBuffered(dst io.Writer, src *bufio.Reader) { io.Copy(dst, src) }

func (p *Proxy) track(cs ...io.Closer) bool {
	p.mu.Lock()
	defer p.mu.Unlock()
	select {
	case <-p.closed:
		for _, c := range cs {
			c.Close()
		}
		return false
	default:
	}
	for _, c := range cs {
		p.conns[c] = true
	}
	return true
}

func (p *Proxy) untrack(cs ...io.Closer) {
	p.mu.Lock()
	for _, c := range cs {
		delete(p.conns, c)
	}
	p.mu.Unlock()
	for _, c := range cs {
		c.Close()
	}
}

// probeProxy makes the guard's tab ask for the probe URL, a loopback URL
// only the proxy answers: a browser that does not send it through the
// proxy (no --proxy-server, or loopback bypassing it) is refused.
func (g *Guard) probeProxy(ctx context.Context) error {
	p := g.Proxy
	// The proxy's own address: a browser that connects to it directly asks
	// for a path, not an absolute URL, and is not answered as probed.
	probe := "http://" + p.Addr() + p.probe
	g.mu.Lock()
	g.probeURL = probe
	g.mu.Unlock()
	cctx, cancel := context.WithTimeout(ctx, 60*time.Second)
	defer cancel()
	// The navigation ends with the probe's answer (or the failure to get
	// one): by then the proxy has seen it, or never will.
	res, err := cdp.Call(cctx, g.pageT, page.Navigate, page.NavigateParams{URL: probe})
	p.mu.Lock()
	ok := p.probed
	p.mu.Unlock()
	if ok {
		return nil
	}
	why := "it asked for the probe without a proxy"
	switch {
	case err != nil:
		why = err.Error()
	case res.ErrorText != "":
		why = res.ErrorText
	}
	return fmt.Errorf("%w at %s (%s): start it with --proxy-server=%s --proxy-bypass-list='<-loopback>' (Playwright: proxy: {server: '%s'}; see docs/browse.md)",
		ErrNotProxied, p.Addr(), why, p.URL(), p.URL())
}

// isProbe reports whether a paused request is the proxy probe, which the
// guard lets go on undecided and unrecorded (the proxy answers it).
func (g *Guard) isProbe(rawURL string) bool {
	g.mu.Lock()
	defer g.mu.Unlock()
	return g.probeURL != "" && rawURL == g.probeURL
}

// proxyAdmit tells the proxy, when there is one, that the guard admitted
// rawURL.
func (g *Guard) proxyAdmit(rawURL string) {
	if g.Proxy != nil {
		g.Proxy.admit(rawURL)
	}
}

// unbindProxy stops the proxy relaying for the guard.
func (g *Guard) unbindProxy() {
	if g.Proxy != nil {
		g.Proxy.unbind()
	}
}

func nullLogger() *log.Logger { return log.New(io.Discard, "", 0) }
