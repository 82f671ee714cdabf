package conform

import (
	"context"
	"crypto/tls"
	"crypto/x509"
	"io"
	"net"
	"net/http"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/robotstxt/robotstxt"
)

const testAgent = "conformbot"
const testUA = "conformbot/1.0 (+https://example.com/bot)"

// step is one request a scripted crawler sends: to an origin, a path with
// its query (as sent), with the test User-Agent unless ua is set.
type step struct{ origin, uri, ua string }

func get(o, uri string) step { return step{origin: o, uri: uri} }

// fakeClock advances by step at each reading, so that the times the site
// records are known in advance.
type fakeClock struct {
	mu   sync.Mutex
	t    time.Time
	step time.Duration
}

func (c *fakeClock) now() time.Time {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.t = c.t.Add(c.step)
	return c.t
}

// play starts a site, sends the steps in order through real HTTP and
// returns the graded report.
func play(t *testing.T, gap time.Duration, steps []step) *Report {
	t.Helper()
	clk := &fakeClock{t: time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC), step: gap}
	s, err := Start(Options{Agent: testAgent, Lifetime: time.Minute, now: clk.now})
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	urls := map[string]string{}
	for _, o := range s.Log().Origins {
		urls[o.Name] = o.URL
	}
	client := &http.Client{CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse },
		Transport: trusting(t, s)}
	for _, st := range steps {
		// The robots.txt that never answers is given up after a second;
		// the request is recorded on arrival, long before.
		wait := 10 * time.Second
		if st.origin == "status-timeout" && st.uri == "/robots.txt" {
			wait = time.Second
		}
		ctx, cancel := context.WithTimeout(context.Background(), wait)
		req, err := http.NewRequestWithContext(ctx, "GET", urls[st.origin]+st.uri, nil)
		if err != nil {
			t.Fatal(err)
		}
		ua := testUA
		if st.ua != "" {
			ua = st.ua
		}
		req.Header.Set("User-Agent", ua)
		if resp, err := client.Do(req); err == nil {
			io.Copy(io.Discard, resp.Body)
			resp.Body.Close()
		}
		cancel()
	}
	s.Close()
	return Grade(s.Log())
}

// trusting is a transport that trusts the site's certificate (and only it).
func trusting(t *testing.T, s *Site) *http.Transport {
	t.Helper()
	pool := x509.NewCertPool()
	if !pool.AppendCertsFromPEM(s.CACert()) {
		t.Fatal("the site's certificate does not parse")
	}
	tr := http.DefaultTransport.(*http.Transport).Clone()
	tr.TLSClientConfig = &tls.Config{RootCAs: pool}
	return tr
}

func result(t *testing.T, rep *Report, id string) Result {
	t.Helper()
	for _, r := range rep.Checks {
		if r.ID == id {
			return r
		}
	}
	t.Fatalf("no check %q", id)
	return Result{}
}

// robotsThen reads an origin's robots.txt, then the given paths.
func robotsThen(o string, uris ...string) []step {
	steps := []step{get(o, "/robots.txt")}
	for _, u := range uris {
		steps = append(steps, get(o, u))
	}
	return steps
}

func hops(o string) []step {
	s := robotsThen(o, "/r/1", "/r/2", "/r/3", "/r/4", "/r/5")
	return s
}

func cat(ss ...[]step) []step {
	var out []step
	for _, s := range ss {
		out = append(out, s...)
	}
	return out
}

// TestChecks: each check on its own, through the real site: a crawler that
// obeys passes it (or is noted), one that errs in exactly the way the check
// is about fails it (or is noted), one that never comes leaves it not
// exercised.
func TestChecks(t *testing.T) {
	cases := []struct {
		id        string
		gap       time.Duration // between the site's clock readings
		good, bad []step
		badResult string // default Fail
	}{
		{id: "match-longest", good: robotsThen("match-longest", "/shop/open/item", "/docs/page"),
			bad: robotsThen("match-longest", "/shop/open/item", "/docs/page", "/docs/private/page")},
		{id: "match-longest", good: robotsThen("match-longest", "/shop/open/item", "/docs/page"),
			bad: robotsThen("match-longest", "/docs/page")}, // first-match: /shop/open/ read as disallowed
		{id: "match-allow-on-tie", good: robotsThen("match-allow-on-tie", "/tie/page"),
			bad: robotsThen("match-allow-on-tie", "/")},
		{id: "match-wildcard", good: robotsThen("match-wildcard", "/files/report.html", "/w/secret"),
			bad: robotsThen("match-wildcard", "/files/report.html", "/w/secret", "/w/a/b/secret")},
		{id: "match-end-anchor", good: robotsThen("match-end-anchor", "/index.php5", "/index.php?page=2", "/exact/more"),
			bad: robotsThen("match-end-anchor", "/index.php5", "/index.php?page=2", "/exact/more", "/exact")},
		{id: "match-percent-encoding", good: robotsThen("match-percent-encoding", "/cafe/menu"),
			bad: robotsThen("match-percent-encoding", "/cafe/menu", "/~user/page")},
		{id: "match-percent-encoding", good: robotsThen("match-percent-encoding", "/cafe/menu"),
			bad: robotsThen("match-percent-encoding", "/cafe/menu", "/caf%C3%A9/menu")},
		{id: "match-percent-encoding", good: robotsThen("match-percent-encoding", "/cafe/menu"),
			bad: robotsThen("match-percent-encoding", "/cafe/menu", "/%7euser/other")},
		{id: "match-case", good: robotsThen("match-case", "/private/page"),
			bad: robotsThen("match-case", "/private/page", "/Private/page")},
		{id: "match-case", good: robotsThen("match-case", "/private/page"),
			bad: robotsThen("match-case")}, // case-insensitive matching blocks /private/
		{id: "match-query", good: robotsThen("match-query", "/search?q=public", "/list?page=1"),
			bad: robotsThen("match-query", "/search?q=public", "/list?page=1", "/list?page=1&session=abc")},
		{id: "group-own", good: robotsThen("group-own", "/star/page"),
			bad: robotsThen("group-own", "/star/page", "/own/page")},
		{id: "group-own", good: robotsThen("group-own", "/star/page"),
			bad: robotsThen("group-own")}, // "*" added to its own group
		{id: "group-consecutive", good: robotsThen("group-consecutive", "/star/page"),
			bad: robotsThen("group-consecutive", "/both/page")},
		{id: "group-case", good: robotsThen("group-case", "/star/page"),
			bad: robotsThen("group-case", "/own/page")},
		{id: "group-ua-token", good: []step{{"group-ua-token", "/robots.txt", "Mozilla/5.0"}, {"group-ua-token", "/star/page", "Mozilla/5.0"}},
			bad: []step{{"group-ua-token", "/robots.txt", "Mozilla/5.0"}, {"group-ua-token", "/star/page", "Mozilla/5.0"}, {"group-ua-token", "/own/page", "Mozilla/5.0"}}},
		{id: "robots-per-origin", good: cat(robotsThen("port-a", "/shared/page"), robotsThen("port-b", "/a-only/page"), robotsThen("host-b", "/a-only/page")),
			bad: cat(robotsThen("port-a", "/shared/page"), []step{get("port-b", "/shared/page"), get("port-b", "/a-only/page")})},
		{id: "robots-per-origin", good: cat(robotsThen("port-a", "/shared/page"), robotsThen("port-b", "/a-only/page"), robotsThen("host-b", "/a-only/page")),
			bad: cat(robotsThen("port-a", "/shared/page"), []step{get("host-b", "/shared/page"), get("host-b", "/a-only/page")})},
		{id: "robots-per-scheme", good: cat(robotsThen("scheme-http", "/tls-no/page"), robotsThen("scheme-https", "/plain-no/page")),
			bad: cat(robotsThen("scheme-http", "/tls-no/page"), []step{get("scheme-https", "/plain-no/page")})}, // http's robots.txt taken for https
		{id: "robots-per-scheme", good: cat(robotsThen("scheme-http", "/tls-no/page"), robotsThen("scheme-https", "/plain-no/page")),
			bad: cat(robotsThen("scheme-http", "/tls-no/page"), robotsThen("scheme-https", "/plain-no/page", "/tls-no/page"))},
		{id: "robots-per-scheme", good: cat(robotsThen("scheme-http", "/tls-no/page"), robotsThen("scheme-https", "/plain-no/page")),
			bad: cat(robotsThen("scheme-https", "/plain-no/page"), []step{get("scheme-http", "/tls-no/page")})}, // https's robots.txt taken for http
		{id: "status-404", good: robotsThen("status-404", "/page"), bad: robotsThen("status-404")},
		{id: "status-410", good: robotsThen("status-410", "/page"), bad: robotsThen("status-410")},
		{id: "status-401", good: robotsThen("status-401", "/page"), bad: robotsThen("status-401"), badResult: Noted},
		{id: "status-403", good: robotsThen("status-403", "/page"), bad: robotsThen("status-403"), badResult: Noted},
		{id: "status-500", good: robotsThen("status-500"), bad: robotsThen("status-500", "/page")},
		{id: "status-challenge", good: robotsThen("status-challenge"), bad: robotsThen("status-challenge", "/page")},
		{id: "status-429", good: robotsThen("status-429"), bad: robotsThen("status-429", "/page")},
		{id: "status-timeout", good: robotsThen("status-timeout"), bad: robotsThen("status-timeout", "/page")},
		{id: "status-reset", good: robotsThen("status-reset"), bad: robotsThen("status-reset", "/page")},
		{id: "status-flaky", good: robotsThen("status-flaky", "/robots.txt", "/public/page"),
			bad: robotsThen("status-flaky", "/public/page")}, // the 503 cached as "allowed"
		{id: "status-flaky", good: robotsThen("status-flaky", "/robots.txt", "/public/page"),
			bad: robotsThen("status-flaky", "/robots.txt", "/private/page")},
		{id: "status-soft-404", good: robotsThen("status-soft-404", "/page"), bad: robotsThen("status-soft-404"), badResult: Noted},
		{id: "redirect-five-hops", good: append(hops("redirect-five-hops"), get("redirect-five-hops", "/public/page")),
			bad: append(hops("redirect-five-hops")[:5], get("redirect-five-hops", "/public/page"), get("redirect-five-hops", "/private/page"))},
		{id: "redirect-cross-origin", good: []step{get("redirect-cross-origin", "/robots.txt"), get("policy-host", "/policy.txt"), get("redirect-cross-origin", "/public/page")},
			bad: []step{get("redirect-cross-origin", "/robots.txt"), get("policy-host", "/policy.txt"), get("redirect-cross-origin", "/public/page"), get("redirect-cross-origin", "/private/page")}},
		{id: "redirect-cross-origin", good: []step{get("redirect-cross-origin", "/robots.txt"), get("policy-host", "/policy.txt"), get("redirect-cross-origin", "/public/page")},
			bad: []step{get("redirect-cross-origin", "/robots.txt"), get("redirect-cross-origin", "/public/page"), get("redirect-cross-origin", "/private/page")}},
		{id: "size-500kib", good: robotsThen("size-500kib", "/open/page"), bad: robotsThen("size-500kib", "/open/page", "/early/page")},
		{id: "format-bom", good: robotsThen("format-bom", "/ok/page"), bad: robotsThen("format-bom", "/ok/page", "/bom/page")},
		{id: "format-crlf", good: robotsThen("format-crlf", "/ok/page"), bad: robotsThen("format-crlf", "/ok/page", "/crlf/page")},
		{id: "format-cr", good: robotsThen("format-cr", "/ok/page"), bad: robotsThen("format-cr", "/ok/page", "/cr/page")},
		{id: "format-long-line", good: robotsThen("format-long-line", "/ok/page"), bad: robotsThen("format-long-line", "/ok/page", "/long/page")},
		{id: "robots-change", good: robotsThen("robots-change", "/changing/b", "/robots.txt", "/changing/a"),
			bad: robotsThen("robots-change", "/changing/a")},
		{id: "crawl-delay", gap: time.Second, good: robotsThen("crawl-delay", "/cd/1", "/cd/2", "/cd/3"),
			bad: robotsThen("crawl-delay", "/cd/1", "/cd/2", "/cd/3"), badResult: Noted},
		{id: "retry-after", gap: 3 * time.Second, good: robotsThen("status-429", "/robots.txt"),
			bad: robotsThen("status-429", "/robots.txt"), badResult: Noted},
		{id: "robots-first", good: robotsThen("match-case", "/private/page"), bad: []step{get("match-case", "/private/page"), get("match-case", "/robots.txt")}},
		{id: "robots-once", good: robotsThen("match-case", "/private/page"), bad: robotsThen("match-case", "/private/page", "/robots.txt")},
		{id: "ua-token", good: robotsThen("match-case"), bad: []step{{"match-case", "/robots.txt", "Mozilla/5.0 (X11; Linux x86_64)"}}},
	}
	seen := map[string]bool{}
	for _, c := range cases {
		seen[c.id] = true
		t.Run(c.id, func(t *testing.T) {
			gap := c.gap
			if gap == 0 {
				gap = time.Millisecond
			}
			good := result(t, play(t, gap, c.good), c.id)
			if good.Result != Pass {
				t.Errorf("good crawler: %s (%s), want pass", good.Result, good.Detail)
			}
			badGap := gap
			if c.id == "crawl-delay" || c.id == "retry-after" {
				badGap = 100 * time.Millisecond
			}
			bad := result(t, play(t, badGap, c.bad), c.id)
			want := c.badResult
			if want == "" {
				want = Fail
			}
			if bad.Result != want {
				t.Errorf("bad crawler: %s (%s), want %s", bad.Result, bad.Detail, want)
			}
			if len(bad.Requests) == 0 {
				t.Errorf("bad crawler: no request given as evidence")
			}
			absent := result(t, play(t, gap, nil), c.id)
			if absent.Result != NotExercised {
				t.Errorf("no crawler: %s, want not-exercised", absent.Result)
			}
		})
	}
	for _, c := range Checks() {
		if !seen[c.ID] {
			t.Errorf("check %s has no test of its own", c.ID)
		}
	}
}

// TestProbesAgreeWithCore: what each origin's must-fetch probes are is the
// core's answer, and every probe of a matching or group check that is not
// must-fetch is disallowed (so that each probe tests something).
func TestProbesAgreeWithCore(t *testing.T) {
	origins, _ := catalogue()
	for _, o := range origins {
		if o.policy == nil || len(o.mustFetch) == 0 {
			continue
		}
		variant := ""
		name := testAgent
		if o.agentOf != nil {
			variant = testAgent
			name = o.agentOf(testAgent, variant)
		}
		r := robotstxt.ParseString(o.policy(testAgent, variant))
		must := map[string]bool{}
		for _, p := range o.mustFetch {
			must[p] = true
		}
		for _, p := range o.probes {
			allowed := r.Check(name, p).Allowed
			if strings.HasPrefix(o.name, "status-") {
				continue // the policy is not what decides there
			}
			if must[p] != allowed {
				t.Errorf("%s: %s allowed=%v, must-fetch=%v", o.name, p, allowed, must[p])
			}
		}
	}
}

// TestSizePolicy: the 500 KiB file is over the limit with its /early/ rule
// inside it.
func TestSizePolicy(t *testing.T) {
	p := sizePolicy("", "")
	i := strings.Index(p, "Disallow: /early/")
	if len(p) <= robotstxt.DefaultMaxBytes || i < 0 || i+len("Disallow: /early/\n") > robotstxt.DefaultMaxBytes || i < 400<<10 {
		t.Fatalf("size %d, /early/ at %d", len(p), i)
	}
}

// TestSiteStopsByItself: the lifetime closes the site.
func TestSiteStopsByItself(t *testing.T) {
	s, err := Start(Options{Agent: testAgent, Lifetime: time.Millisecond})
	if err != nil {
		t.Fatal(err)
	}
	select {
	case <-s.Done():
	case <-time.After(time.Minute):
		t.Fatal("the site did not close itself")
	}
	if _, err := http.Get(s.URL()); err == nil {
		t.Fatal("the site still answers after closing")
	}
}

// TestLoopbackOnly: every origin listens on a loopback address, each on a
// port of its own, and the start page links every probe.
func TestLoopbackOnly(t *testing.T) {
	s, err := Start(Options{Agent: testAgent, Lifetime: time.Minute})
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	seen := map[string]bool{}
	for _, o := range s.Log().Origins {
		if !(strings.HasPrefix(o.URL, "http://127.") || strings.HasPrefix(o.URL, "https://127.")) || seen[o.URL] {
			t.Errorf("origin %s at %s", o.Name, o.URL)
		}
		seen[o.URL] = true
	}
	// Where the system lets other loopback addresses be bound, host-b is
	// another host on port-a's port.
	if a, b := s.byName["port-a"].ln.Addr().String(), s.byName["host-b"].ln.Addr().String(); a == b {
		t.Errorf("port-a and host-b both at %s", a)
	} else if _, pa, _ := net.SplitHostPort(a); !strings.HasSuffix(b, ":"+pa) {
		t.Logf("host-b at %s, not on port-a's port (%s): the port was taken", b, a)
	}
	resp, err := http.Get(s.URL())
	if err != nil {
		t.Fatal(err)
	}
	body, _ := io.ReadAll(resp.Body)
	resp.Body.Close()
	for _, u := range s.SeedURLs()[1:] {
		if !strings.Contains(string(body), strings.ReplaceAll(u, "&", "&amp;")) {
			t.Errorf("start page does not link %s", u)
		}
	}
}

// TestSchemeOrigins: the https origin is served on the address and port of
// the http one, with the certificate CACert gives; a client that does not
// trust it reaches nothing there, and robots-per-scheme is then not
// exercised, not failed, even when the http origin was crawled.
func TestSchemeOrigins(t *testing.T) {
	s, err := Start(Options{Agent: testAgent, Lifetime: time.Minute})
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	plain, secure := s.byName["scheme-http"].url, s.byName["scheme-https"].url
	if strings.TrimPrefix(plain, "http://") != strings.TrimPrefix(secure, "https://") || !strings.HasPrefix(secure, "https://127.") {
		t.Fatalf("http origin %s, https origin %s: want one host and port", plain, secure)
	}
	body := func(c *http.Client, u string) string {
		resp, err := c.Get(u)
		if err != nil {
			return "error: " + err.Error()
		}
		defer resp.Body.Close()
		b, _ := io.ReadAll(resp.Body)
		return string(b)
	}
	trusted := &http.Client{Transport: trusting(t, s), Timeout: 10 * time.Second}
	if got := body(trusted, secure+"/robots.txt"); got != "User-agent: *\nDisallow: /tls-no/\n" {
		t.Errorf("https robots.txt: %q", got)
	}
	if got := body(trusted, plain+"/robots.txt"); got != "User-agent: *\nDisallow: /plain-no/\n" {
		t.Errorf("http robots.txt: %q", got)
	}
	untrusting := &http.Client{Timeout: 10 * time.Second}
	if got := body(untrusting, secure+"/plain-no/page"); !strings.HasPrefix(got, "error: ") {
		t.Errorf("a client without the certificate got %q", got)
	}
	s.Close()
	var httpsReqs int
	for _, q := range s.Log().Requests {
		if q.Origin == "scheme-https" {
			httpsReqs++
		}
	}
	if httpsReqs != 1 {
		t.Errorf("%d requests recorded at the https origin, want 1 (the trusted one)", httpsReqs)
	}
	// Without the https origin reached: not exercised.
	only := play(t, time.Millisecond, robotsThen("scheme-http", "/tls-no/page"))
	if r := result(t, only, "robots-per-scheme"); r.Result != NotExercised {
		t.Errorf("http origin only: %s (%s), want not-exercised", r.Result, r.Detail)
	}
}

// TestSniffSilentClient: a connection that sends nothing holds up no other
// on the port shared by http and https, and bytes that do not start a TLS
// handshake are served as plain HTTP.
func TestSniffSilentClient(t *testing.T) {
	s, err := Start(Options{Agent: testAgent, Lifetime: time.Minute})
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	addr := strings.TrimPrefix(s.byName["scheme-http"].url, "http://")
	silent, err := net.Dial("tcp", addr)
	if err != nil {
		t.Fatal(err)
	}
	defer silent.Close()
	c := &http.Client{Transport: trusting(t, s), Timeout: 5 * time.Second}
	for _, u := range []string{"http://" + addr + "/robots.txt", "https://" + addr + "/robots.txt"} {
		resp, err := c.Get(u)
		if err != nil {
			t.Fatalf("%s with a silent connection open: %v", u, err)
		}
		resp.Body.Close()
		if resp.StatusCode != 200 {
			t.Errorf("%s: %d", u, resp.StatusCode)
		}
	}
	junk, err := net.Dial("tcp", addr)
	if err != nil {
		t.Fatal(err)
	}
	defer junk.Close()
	junk.SetDeadline(time.Now().Add(5 * time.Second))
	junk.Write([]byte("\x00\xff junk\r\n\r\n"))
	b, _ := io.ReadAll(io.LimitReader(junk, 64))
	if !strings.HasPrefix(string(b), "HTTP/1.1 400") {
		t.Errorf("junk answered %q, want an HTTP 400", b)
	}
}

func TestStartRejectsBadAgent(t *testing.T) {
	for _, a := range []string{"", "bad agent", "x\ny"} {
		if _, err := Start(Options{Agent: a}); err == nil {
			t.Errorf("Start(%q): no error", a)
		}
	}
}
