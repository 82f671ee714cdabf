package fetch

import (
	"context"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"net/netip"
	"net/url"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"golang.org/x/net/dns/dnsmessage"

	"github.com/robotstxt/robotstxt/netguard"
)

// hits is a server on addr (a loopback address) that counts its requests
// and answers with h.
func hits(t *testing.T, addr string, h http.HandlerFunc) (*httptest.Server, *atomic.Int64) {
	t.Helper()
	ln, err := net.Listen("tcp", addr)
	if err != nil {
		t.Skipf("cannot listen on %s: %v", addr, err)
	}
	var n atomic.Int64
	srv := &httptest.Server{Listener: ln, Config: &http.Server{Handler: http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		n.Add(1)
		h(w, r)
	})}}
	srv.Start()
	t.Cleanup(srv.Close)
	return srv, &n
}

func robotsFile(w http.ResponseWriter, _ *http.Request) { io.WriteString(w, normalFile) }

// TestGuardRefusesByDefault: the zero Fetcher never sends a request to a
// loopback address, whether written as an IP, a name or an IPv4-mapped
// IPv6 address; the outcome is Status Refused with the reason.
func TestGuardRefusesByDefault(t *testing.T) {
	srv, n := hits(t, "127.0.0.1:0", robotsFile)
	_, port, _ := net.SplitHostPort(srv.Listener.Addr().String())
	for _, target := range []string{
		srv.URL,
		"http://localhost:" + port + "/",
		"http://[::ffff:127.0.0.1]:" + port + "/",
	} {
		f := quick()
		f.Guard = nil
		p := mustFetch(t, f, target)
		if p.Status != Refused || p.RefusedReason != "loopback" && !strings.HasPrefix(p.RefusedReason, "loopback") {
			t.Errorf("Fetch(%s): status %s reason %q detail %q; want refused, loopback", target, p.Status, p.RefusedReason, p.Detail)
		}
		if p.HTTPStatus != 0 || p.Body != nil || p.Status.Definitive() {
			t.Errorf("Fetch(%s): refused policy has HTTP %d, body %q, definitive %v", target, p.HTTPStatus, p.Body, p.Status.Definitive())
		}
		if !strings.Contains(p.Detail, "destination refused") {
			t.Errorf("Fetch(%s): detail %q does not say the destination was refused", target, p.Detail)
		}
	}
	if n.Load() != 0 {
		t.Errorf("the loopback server received %d requests, want 0", n.Load())
	}
}

// TestGuardOptIn: AllowPrivate and an allow-list entry let the fetch
// through.
func TestGuardOptIn(t *testing.T) {
	srv, n := hits(t, "127.0.0.1:0", robotsFile)
	for _, g := range []*netguard.Policy{
		{AllowPrivate: true},
		{Allow: []netip.Prefix{netip.MustParsePrefix("127.0.0.1/32")}},
	} {
		f := quick()
		f.Guard = g
		if p := mustFetch(t, f, srv.URL); p.Status != Success {
			t.Errorf("guard %+v: status %s (%s), want success", g, p.Status, p.Detail)
		}
	}
	if n.Load() != 2 {
		t.Errorf("the server received %d requests, want 2", n.Load())
	}
}

// TestGuardRedirect: an allowed origin that redirects to a refused address
// is refused at that hop, and the refused server never sees a request.
func TestGuardRedirect(t *testing.T) {
	inner, innerHits := hits(t, "127.0.0.2:0", robotsFile)
	outer, _ := hits(t, "127.0.0.1:0", func(w http.ResponseWriter, r *http.Request) {
		http.Redirect(w, r, inner.URL+"/robots.txt", http.StatusFound)
	})
	f := quick()
	f.Guard = &netguard.Policy{Allow: []netip.Prefix{netip.MustParsePrefix("127.0.0.1/32")}}
	p := mustFetch(t, f, outer.URL)
	if p.Status != Refused || p.RefusedReason != "loopback" {
		t.Fatalf("status %s reason %q detail %q; want refused loopback", p.Status, p.RefusedReason, p.Detail)
	}
	if len(p.Redirects) != 1 || p.FinalURL != inner.URL+"/robots.txt" {
		t.Errorf("redirects %+v final %q; want the hop recorded and the refused URL as final", p.Redirects, p.FinalURL)
	}
	if innerHits.Load() != 0 {
		t.Errorf("the redirect target received %d requests, want 0", innerHits.Load())
	}
}

// dnsServer answers A queries on loopback UDP with the next address of
// answers each time (the last one repeats): a rebinding name server.
func dnsServer(t *testing.T, answers ...string) *net.Resolver {
	t.Helper()
	pc, err := net.ListenPacket("udp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { pc.Close() })
	var mu sync.Mutex
	i := 0
	go func() {
		buf := make([]byte, 512)
		for {
			n, from, err := pc.ReadFrom(buf)
			if err != nil {
				return
			}
			var p dnsmessage.Parser
			h, err := p.Start(buf[:n])
			if err != nil {
				continue
			}
			q, err := p.Question()
			if err != nil {
				continue
			}
			resp := dnsmessage.Message{Header: dnsmessage.Header{ID: h.ID, Response: true, Authoritative: true}, Questions: []dnsmessage.Question{q}}
			if q.Type == dnsmessage.TypeA {
				mu.Lock()
				a := netip.MustParseAddr(answers[min(i, len(answers)-1)])
				i++
				mu.Unlock()
				resp.Answers = []dnsmessage.Resource{{
					Header: dnsmessage.ResourceHeader{Name: q.Name, Type: dnsmessage.TypeA, Class: dnsmessage.ClassINET, TTL: 0},
					Body:   &dnsmessage.AResource{A: a.As4()},
				}}
			}
			out, err := resp.Pack()
			if err == nil {
				pc.WriteTo(out, from)
			}
		}
	}()
	addr := pc.LocalAddr().String()
	return &net.Resolver{PreferGo: true, Dial: func(ctx context.Context, network, _ string) (net.Conn, error) {
		var d net.Dialer
		return d.DialContext(ctx, "udp", addr)
	}}
}

// TestGuardDNSRebinding: a name that first resolves to an allowed address
// and then to a refused one is refused on the second fetch, because the
// check is on the address dialled, not on a lookup made beforehand.
func TestGuardDNSRebinding(t *testing.T) {
	srv, _ := hits(t, "127.0.0.1:0", robotsFile)
	_, port, _ := net.SplitHostPort(srv.Listener.Addr().String())
	// The refused server listens on the same port number, so that only the
	// address differs.
	_, refusedHits := hits(t, "127.0.0.3:"+port, robotsFile)
	target := fmt.Sprintf("http://rebind.test:%s/", port)
	resolver := dnsServer(t, "127.0.0.1", "127.0.0.3")
	guard := &netguard.Policy{Allow: []netip.Prefix{netip.MustParsePrefix("127.0.0.1/32")}}
	fetcher := func() *Fetcher { // a new one each time: no connection to reuse
		f := quick()
		f.Resolver, f.Guard = resolver, guard
		return f
	}
	if p := mustFetch(t, fetcher(), target); p.Status != Success {
		t.Fatalf("first fetch: status %s (%s), want success from 127.0.0.1", p.Status, p.Detail)
	}
	p := mustFetch(t, fetcher(), target)
	if p.Status != Refused || p.RefusedReason != "loopback" || !strings.Contains(p.Detail, "127.0.0.3") {
		t.Errorf("second fetch: status %s reason %q detail %q; want refused 127.0.0.3", p.Status, p.RefusedReason, p.Detail)
	}
	if refusedHits.Load() != 0 {
		t.Errorf("the rebound address received %d requests, want 0", refusedHits.Load())
	}
}

// TestTotalDeadline: a redirect chain whose every hop is slow but within
// the per-request bounds ends at the fetch's total deadline, not after
// hops × the bounds.
func TestTotalDeadline(t *testing.T) {
	var srv *httptest.Server
	srv = serve(t, func(w http.ResponseWriter, r *http.Request) {
		time.Sleep(150 * time.Millisecond)
		var n int
		fmt.Sscanf(r.URL.Query().Get("n"), "%d", &n)
		http.Redirect(w, r, fmt.Sprintf("%s/robots.txt?n=%d", srv.URL, n+1), http.StatusFound)
	})
	f := quick()
	f.MaxRedirects = 20
	f.HeaderTimeout = 5 * time.Second // only the total deadline may end it
	f.Timeout = 400 * time.Millisecond
	start := time.Now()
	p := mustFetch(t, f, srv.URL)
	took := time.Since(start)
	if p.Status != Unreachable || !strings.Contains(p.Detail, "not completed within 400ms") {
		t.Errorf("status %s detail %q; want unreachable at the total deadline", p.Status, p.Detail)
	}
	if len(p.Redirects) > 3 {
		t.Errorf("%d redirects followed in %s; the deadline allows at most 3", len(p.Redirects), took)
	}
	if f.TotalTimeout() != 400*time.Millisecond || (&Fetcher{}).TotalTimeout() != DefaultTimeout {
		t.Errorf("TotalTimeout: %s, %s", f.TotalTimeout(), (&Fetcher{}).TotalTimeout())
	}
}

// TestTotalDeadlineBody: a body that trickles in within BodyTimeout still
// ends at the total deadline when the headers took part of it.
func TestTotalDeadlineBody(t *testing.T) {
	srv := serve(t, func(w http.ResponseWriter, r *http.Request) {
		time.Sleep(200 * time.Millisecond)
		w.WriteHeader(200)
		w.(http.Flusher).Flush()
		for i := 0; i < 20; i++ {
			io.WriteString(w, "# drip\n")
			w.(http.Flusher).Flush()
			time.Sleep(20 * time.Millisecond)
		}
	})
	f := quick()
	f.HeaderTimeout, f.BodyTimeout = 5*time.Second, 5*time.Second // only the total deadline may end it
	f.Timeout = 350 * time.Millisecond
	p := mustFetch(t, f, srv.URL)
	if p.Status != Unreachable || !strings.Contains(p.Detail, "not completed within") || p.Body != nil {
		t.Errorf("status %s detail %q body %d bytes; want unreachable at the total deadline, no body", p.Status, p.Detail, len(p.Body))
	}
}

// TestHeaderBound: response headers over 64 KiB are not read.
func TestHeaderBound(t *testing.T) {
	big := strings.Repeat("x", 70<<10)
	srv := serve(t, func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("X-Big", big)
		io.WriteString(w, normalFile)
	})
	p := mustFetch(t, quick(), srv.URL)
	if p.Status != Unreachable || !strings.Contains(p.Detail, "header") {
		t.Errorf("status %s detail %q; want unreachable, headers too large", p.Status, p.Detail)
	}
	small := serve(t, func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("X-Big", big[:60<<10])
		io.WriteString(w, normalFile)
	})
	if p := mustFetch(t, quick(), small.URL); p.Status != Success {
		t.Errorf("60 KiB of headers: status %s (%s), want success", p.Status, p.Detail)
	}
}

// TestGuardBehindProxy: behind a proxy the address dialled is the proxy's,
// so the target's own addresses are checked before the request; a refused
// target never reaches the proxy.
func TestGuardBehindProxy(t *testing.T) {
	proxy, proxied := hits(t, "127.0.0.2:0", robotsFile) // answers any URL, as a proxy would
	pu, _ := url.Parse(proxy.URL)
	via := func(*http.Request) (*url.URL, error) { return pu, nil }
	guard := &netguard.Policy{Allow: []netip.Prefix{netip.MustParsePrefix(pu.Hostname() + "/32")}} // the proxy itself is allowed
	for _, target := range []string{"http://10.1.2.3/", "http://localhost:8080/", "http://[fd00:ec2::254]/"} {
		f := quick()
		f.Guard, f.proxyFrom = guard, via
		p := mustFetch(t, f, target)
		if p.Status != Refused || p.RefusedReason == "" {
			t.Errorf("%s via a proxy: status %s reason %q (%s); want refused", target, p.Status, p.RefusedReason, p.Detail)
		}
	}
	if proxied.Load() != 0 {
		t.Fatalf("the proxy received %d requests for refused targets", proxied.Load())
	}
	f := quick()
	f.proxyFrom = via // AllowPrivate: the proxy is asked
	if p := mustFetch(t, f, "http://10.1.2.3/"); p.Status != Success || proxied.Load() != 1 {
		t.Errorf("AllowPrivate via a proxy: status %s (%s), proxy hits %d", p.Status, p.Detail, proxied.Load())
	}
}
