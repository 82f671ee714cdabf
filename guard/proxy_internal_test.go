package guard

import (
	"bufio"
	"crypto/tls"
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"net/url"
	"strconv"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/robotstxt/robotstxt/netguard"
)

// proxied is an origin (plain or TLS) counting what reached it, and a
// client that goes through p.
func proxied(t *testing.T, p *Proxy, tlsOn bool) (*httptest.Server, *atomic.Int64, *http.Client) {
	t.Helper()
	var n atomic.Int64
	h := http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) { n.Add(1); io.WriteString(w, "reached") })
	var s *httptest.Server
	if tlsOn {
		s = httptest.NewTLSServer(h)
	} else {
		s = httptest.NewServer(h)
	}
	t.Cleanup(s.Close)
	pu, _ := url.Parse(p.URL())
	c := &http.Client{Transport: &http.Transport{Proxy: http.ProxyURL(pu), DisableKeepAlives: true,
		TLSClientConfig: &tls.Config{InsecureSkipVerify: true}}}
	return s, &n, c
}

func newProxy(t *testing.T, net *netguard.Policy) (*Proxy, *Guard) {
	t.Helper()
	p, err := NewProxy("127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { p.Close() })
	g := &Guard{Net: net}
	if err := p.bind(g); err != nil {
		t.Fatal(err)
	}
	return p, g
}

// TestProxyBackstop: the guard's proxy relays only what the guard admitted
// (issue 41, item 1): an http: URL once per admission, a tunnel (CONNECT:
// https:, ws:, wss:) to a host and port the guard admitted something for;
// nothing with no guard bound, or once it is unbound (detached); and it
// dials under the guard's destination policy.
func TestProxyBackstop(t *testing.T) {
	private := &netguard.Policy{AllowPrivate: true}
	for _, tt := range []struct {
		name    string
		net     *netguard.Policy
		tls     bool
		admit   func(base string) []string // what the guard admitted
		unbind  bool
		path    string
		gets    int // requests made
		reached int // of which reach the origin
	}{
		{"http: not admitted", private, false, func(string) []string { return nil }, false, "/x", 1, 0},
		{"http: admitted once, asked once", private, false, func(b string) []string { return []string{b + "/x"} }, false, "/x", 1, 1},
		{"http: admitted once, asked twice", private, false, func(b string) []string { return []string{b + "/x"} }, false, "/x", 2, 1},
		{"http: admitted twice, asked twice", private, false, func(b string) []string { return []string{b + "/x", b + "/x"} }, false, "/x", 2, 2},
		{"http: another URL admitted", private, false, func(b string) []string { return []string{b + "/y"} }, false, "/x", 1, 0},
		{"http: query is part of the URL", private, false, func(b string) []string { return []string{b + "/x?a=1"} }, false, "/x?a=2", 1, 0},
		{"http: admitted, then the guard detached", private, false, func(b string) []string { return []string{b + "/x"} }, true, "/x", 1, 0},
		{"http: admitted, destination refused", &netguard.Policy{}, false, func(b string) []string { return []string{b + "/x"} }, false, "/x", 1, 0},
		{"https: nothing for the host", private, true, func(string) []string { return nil }, false, "/x", 1, 0},
		{"https: the host admitted", private, true, func(b string) []string { return []string{b + "/y"} }, false, "/x", 2, 2},
		{"https: a websocket to the host admitted", private, true, func(b string) []string { return []string{"wss" + strings.TrimPrefix(b, "https") + "/ws"} }, false, "/x", 1, 1},
		{"https: another port admitted", private, true, func(b string) []string { return []string{"https://127.0.0.1:1/"} }, false, "/x", 1, 0},
		{"https: admitted, then the guard detached", private, true, func(b string) []string { return []string{b + "/y"} }, true, "/x", 1, 0},
		{"https: admitted, destination refused", &netguard.Policy{}, true, func(b string) []string { return []string{b + "/y"} }, false, "/x", 1, 0},
	} {
		t.Run(tt.name, func(t *testing.T) {
			p, _ := newProxy(t, tt.net)
			s, n, c := proxied(t, p, tt.tls)
			for _, u := range tt.admit(s.URL) {
				p.admit(u)
			}
			if tt.unbind {
				p.unbind()
			}
			ok := 0
			for range tt.gets {
				res, err := c.Get(s.URL + tt.path)
				if err != nil {
					continue
				}
				b, _ := io.ReadAll(res.Body)
				res.Body.Close()
				if res.StatusCode == 200 && string(b) == "reached" {
					ok++
				} else if res.StatusCode == http.StatusForbidden && res.Header.Get("X-Robotstxt-Guard") != "refused" {
					t.Errorf("a refusal without the guard's header: %v", res.Header)
				}
			}
			if got := int(n.Load()); got != tt.reached || ok != tt.reached {
				t.Errorf("%d requests reached the origin (%d answered), want %d", got, ok, tt.reached)
			}
		})
	}
}

// TestProxyNotBound: a proxy no guard attached with refuses everything.
func TestProxyNotBound(t *testing.T) {
	p, err := NewProxy("127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer p.Close()
	p.admit("http://127.0.0.1:1/x") // not bound: not kept
	s, n, c := proxied(t, p, false)
	p.admit(s.URL + "/x")
	if res, err := c.Get(s.URL + "/x"); err == nil {
		res.Body.Close()
		if res.StatusCode != http.StatusForbidden {
			t.Errorf("HTTP %d, want 403", res.StatusCode)
		}
	}
	if n.Load() != 0 {
		t.Errorf("%d requests reached the origin", n.Load())
	}
}

// TestProxyAddress: only loopback addresses (an open proxy otherwise).
func TestProxyAddress(t *testing.T) {
	for _, tt := range []struct {
		addr string
		ok   bool
	}{
		{"127.0.0.1:0", true},
		{"[::1]:0", true},
		{"0.0.0.0:0", false},
		{"localhost:0", false},
		{":0", false},
		{"192.0.2.1:0", false},
		{"127.0.0.1", false},
	} {
		p, err := NewProxy(tt.addr)
		if p != nil {
			p.Close()
		}
		if (err == nil) != tt.ok {
			if tt.ok && strings.Contains(tt.addr, "::1") {
				continue // no IPv6 loopback here
			}
			t.Errorf("NewProxy(%q): %v, want ok %v", tt.addr, err, tt.ok)
		}
	}
}

// TestProxyWatch: the watch request is answered at once and held open
// until the proxy closes; the probe is answered only as a proxy request.
func TestProxyWatch(t *testing.T) {
	p, _ := newProxy(t, &netguard.Policy{AllowPrivate: true})
	res, err := http.Get(p.URL() + WatchPath)
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	r := bufio.NewReader(res.Body)
	if line, err := r.ReadString('\n'); err != nil || line != "guarding\n" {
		t.Fatalf("watch: %q, %v", line, err)
	}
	// Asked directly (a browser not using its proxy), the probe is not one.
	direct, err := http.Get(p.URL() + p.probe)
	if err != nil {
		t.Fatal(err)
	}
	direct.Body.Close()
	if direct.StatusCode != http.StatusNotFound || probed(p) {
		t.Errorf("probe asked directly: HTTP %d, probed %v", direct.StatusCode, probed(p))
	}
	conn, err := net.Dial("tcp", p.Addr())
	if err != nil {
		t.Fatal(err)
	}
	io.WriteString(conn, "GET http://"+p.Addr()+p.probe+" HTTP/1.1\r\nHost: "+p.Addr()+"\r\n\r\n")
	pr, err := http.ReadResponse(bufio.NewReader(conn), nil)
	conn.Close()
	if err != nil || pr.StatusCode != http.StatusNoContent || !probed(p) {
		t.Errorf("probe through the proxy: %v, %v, probed %v", pr, err, probed(p))
	}
	p.Close()
	io.ReadAll(r) // returns once the watch ended (held open, it hangs here)
	if _, err := net.Dial("tcp", p.Addr()); err == nil {
		t.Errorf("the closed proxy still accepts connections")
	}
}

func probed(p *Proxy) bool {
	p.mu.Lock()
	defer p.mu.Unlock()
	return p.probed
}

// TestProxyTickets: the admissions waiting for their request are bounded
// (maxTickets): beyond it the oldest unused one goes (its request, should
// it come that late, is refused), and no other: a URL admitted, used, and
// admitted again after many others keeps its new admission.
func TestProxyTickets(t *testing.T) {
	p, _ := newProxy(t, &netguard.Policy{AllowPrivate: true})
	use := func(u string) bool {
		p.mu.Lock()
		defer p.mu.Unlock()
		return p.useTicket(u)
	}
	const again = "http://127.0.0.1:1/again"
	p.admit(again)
	if !use(again) {
		t.Fatal("an admission could not be used")
	}
	first := "http://127.0.0.1:1/0"
	for i := range maxTickets {
		p.admit("http://127.0.0.1:1/" + strconv.Itoa(i))
	}
	p.admit(again) // evicts the oldest admission still in the queue
	if !use(again) {
		t.Error("the latest admission of a URL admitted before was taken away")
	}
	if use(first) {
		t.Error("the oldest admission beyond the bound was kept")
	}
	if !use("http://127.0.0.1:1/1") || !use("http://127.0.0.1:1/"+strconv.Itoa(maxTickets-1)) {
		t.Error("admissions within the bound were taken away")
	}
	p.mu.Lock()
	n, q := len(p.urls), len(p.queue)
	p.mu.Unlock()
	if n > maxTickets || q > maxTickets {
		t.Errorf("%d URLs and %d admissions kept, bound %d", n, q, maxTickets)
	}
}

// FuzzProxyRequest: whatever a client sends the proxy (ORIGIN stands for
// a loopback origin's host:port), with nothing admitted, nothing reaches
// the origin, and the proxy answers or closes.
func FuzzProxyRequest(f *testing.F) {
	for _, s := range []string{
		"GET http://ORIGIN/x HTTP/1.1\r\nHost: ORIGIN\r\n\r\n",
		"CONNECT ORIGIN HTTP/1.1\r\nHost: ORIGIN\r\n\r\nGET /x HTTP/1.1\r\nHost: ORIGIN\r\n\r\n",
		"GET /x HTTP/1.1\r\nHost: ORIGIN\r\n\r\n",
		"POST http://ORIGIN/x HTTP/1.1\r\nHost: ORIGIN\r\nContent-Length: 3\r\n\r\nabc",
		"GET http://ORIGIN/x HTTP/1.1\r\nHost: ORIGIN\r\nConnection: Upgrade\r\nUpgrade: websocket\r\n\r\n",
		"GET HTTP://ORIGIN/x HTTP/1.0\r\n\r\n",
		"GET //ORIGIN/x HTTP/1.1\r\nHost: ORIGIN\r\n\r\n",
		"CONNECT ORIGIN.:80 HTTP/1.1\r\n\r\n",
	} {
		f.Add(s)
	}
	var n atomic.Int64
	origin := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) { n.Add(1) }))
	defer origin.Close()
	host := strings.TrimPrefix(origin.URL, "http://")
	p, err := NewProxy("127.0.0.1:0")
	if err != nil {
		f.Fatal(err)
	}
	defer p.Close()
	if err := p.bind(&Guard{Net: &netguard.Policy{AllowPrivate: true}}); err != nil {
		f.Fatal(err)
	}
	f.Fuzz(func(t *testing.T, req string) {
		conn, err := net.Dial("tcp", p.Addr())
		if err != nil {
			t.Fatal(err)
		}
		defer conn.Close()
		conn.SetDeadline(time.Now().Add(300 * time.Millisecond)) // a keep-alive connection stays open
		io.WriteString(conn, strings.ReplaceAll(req, "ORIGIN", host))
		io.Copy(io.Discard, conn) // until the proxy answers and closes, or the deadline
		if n.Load() != 0 {
			t.Fatalf("a request reached the origin with nothing admitted: %q", req)
		}
	})
}
