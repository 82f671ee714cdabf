package gate

import (
	"context"
	"encoding/json"
	"errors"
	"github.com/robotstxt/robotstxt/internal/reference"
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/robotstxt/robotstxt/cache"
	"github.com/robotstxt/robotstxt/fetch"
	"github.com/robotstxt/robotstxt/netguard"
)

// Every server in these tests listens on 127.0.0.1, which the fetcher's
// destination guard refuses unless told otherwise: the tests opt in.
var loopback = &netguard.Policy{AllowPrivate: true}

// local is a Client whose fetcher may reach the loopback test servers.
func local() *Client { return &Client{Fetcher: &fetch.Fetcher{Guard: loopback}} }

type fakeClock struct {
	mu sync.Mutex
	t  time.Time
}

func newClock() *fakeClock {
	return &fakeClock{t: time.Date(2026, 3, 1, 12, 0, 0, 0, time.UTC)}
}

func (c *fakeClock) Now() time.Time {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.t
}

func (c *fakeClock) Add(d time.Duration) {
	c.mu.Lock()
	c.t = c.t.Add(d)
	c.mu.Unlock()
}

// site is a test origin whose robots.txt answer can be changed.
type site struct {
	srv   *httptest.Server
	URL   string
	hits  atomic.Int64
	mu    sync.Mutex
	code  int
	body  string
	head  map[string]string
	delay time.Duration
}

func newSite(t *testing.T, code int, body string) *site {
	s := &site{code: code, body: body}
	s.srv = httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Path != "/robots.txt" {
			http.NotFound(w, r)
			return
		}
		s.hits.Add(1)
		s.mu.Lock()
		code, body, head, delay := s.code, s.body, s.head, s.delay
		s.mu.Unlock()
		if delay > 0 {
			time.Sleep(delay)
		}
		for k, v := range head {
			w.Header().Set(k, v)
		}
		w.WriteHeader(code)
		io.WriteString(w, body)
	}))
	t.Cleanup(s.srv.Close)
	s.URL = s.srv.URL
	return s
}

func (s *site) set(code int, body string, head map[string]string) {
	s.mu.Lock()
	s.code, s.body, s.head = code, body, head
	s.mu.Unlock()
}

func testClient(clk *fakeClock) *Client {
	return &Client{
		Fetcher: &fetch.Fetcher{UserAgent: "ExampleBot/1.0", HeaderTimeout: time.Second, BodyTimeout: time.Second, Guard: loopback},
		Now:     clk.Now,
	}
}

var approveAll = mustScope(`approved: ["*"]`)

func mustScope(y string) *Scope {
	s, err := ParseScope([]byte(y), "yaml")
	if err != nil {
		panic(err)
	}
	return s
}

func check(t *testing.T, g *Gate, u string) *Decision {
	t.Helper()
	d, err := g.Check(context.Background(), u)
	if err != nil {
		t.Fatalf("Check(%q): %v", u, err)
	}
	return d
}

const seedFile = reference.Seed004

// TestDecisions: the cases of seed 004, through a live fetch.
func TestDecisions(t *testing.T) {
	s := newSite(t, 200, seedFile)
	clk := newClock()
	c := testClient(clk)
	scope := mustScope("approved: [" + s.URL + "/]\ndenied: [" + s.URL + "/exports/public/secret]\n")
	tests := []struct {
		agent, path string
		rep         RepDecision
		col         CollectionDecision
		action      Action
		rule        int // matched rule line, 0 for none
	}{
		{"ExampleBot", "/catalog/item", RepAllow, Approved, Admit, 0},
		{"OtherBot", "/catalog/item", RepDisallow, Approved, Drop, 2},
		{"ExampleBot", "/catalog/private/item", RepDisallow, Approved, Drop, 5},
		{"ExampleBot", "/catalog/private/help/start", RepAllow, Approved, Admit, 6},
		{"ExampleBot", "/exports/file", RepDisallow, Approved, Drop, 9},
		{"EXAMPLEBOT", "/exports/public/file", RepAllow, Approved, Admit, 10},
		{"ExampleBot", "/Catalog/private/item", RepAllow, Approved, Admit, 0},
		{"ExampleBot", "/exports/public/secret/x", RepAllow, Denied, Drop, 10},
		{"ExampleBot", "/robots.txt", RepAllow, Approved, Admit, 0},
	}
	for _, tt := range tests {
		g := &Gate{Agent: tt.agent, Client: c, Scope: scope}
		d := check(t, g, s.URL+tt.path)
		got := 0
		if d.MatchedRule != nil {
			got = d.MatchedRule.Line
		}
		if d.RepDecision != tt.rep || d.CollectionDecision != tt.col || d.Action != tt.action || got != tt.rule {
			t.Errorf("%s %s: rep %s col %s action %s rule %d; want %s %s %s %d\n\treason: %s",
				tt.agent, tt.path, d.RepDecision, d.CollectionDecision, d.Action, got, tt.rep, tt.col, tt.action, tt.rule, d.Reason)
		}
		if d.PolicyStatus != fetch.Success || d.PolicyHTTPStatus != 200 || !strings.HasPrefix(d.PolicyDigest, "sha256:") || d.PolicyStale {
			t.Errorf("policy fields %+v", d.Record)
		}
	}
	if n := s.hits.Load(); n != 1 {
		t.Errorf("%d fetches for one origin, want 1", n)
	}
	// The named groups for ExampleBot are merged: both are in the record.
	d := check(t, &Gate{Agent: "ExampleBot", Client: c}, s.URL+"/exports/file")
	if len(d.Group) != 2 || d.Group[0].Line != 4 || d.Group[1].Line != 8 {
		t.Errorf("group %+v", d.Group)
	}
	// Without a scope, nothing is admitted.
	if d := check(t, &Gate{Agent: "ExampleBot", Client: c}, s.URL+"/catalog/item"); d.Action != Hold || d.CollectionDecision != Unresolved || d.RepDecision != RepAllow {
		t.Errorf("no scope: %s %s %s", d.Action, d.CollectionDecision, d.RepDecision)
	}
}

// TestStatusDecisions: RFC 9309 section 2.3.1 and seed 004's table, one
// case per answer.
func TestStatusDecisions(t *testing.T) {
	tests := []struct {
		name   string
		code   int
		head   map[string]string
		status fetch.Status
		rep    RepDecision
		col    CollectionDecision
		action Action
		reason string
	}{
		{"404", 404, nil, fetch.Unavailable, RepAllow, Approved, Admit, "the REP allows everything"},
		{"410", 410, nil, fetch.Unavailable, RepAllow, Approved, Admit, "the REP allows everything"},
		{"401", 401, nil, fetch.Unavailable, RepAllow, Unresolved, Hold, "HTTP 401, which calls for a decision"},
		{"403", 403, nil, fetch.Unavailable, RepAllow, Unresolved, Hold, "HTTP 403, which calls for a decision"},
		{"429", 429, map[string]string{"Retry-After": "600"}, fetch.RateLimited, RepUnresolved, Approved, Hold, "until 2026-03-01T12:10:00Z"},
		{"500", 500, nil, fetch.Unreachable, RepUnresolved, Approved, Hold, "everything is disallowed for now"},
		{"503", 503, nil, fetch.Unreachable, RepUnresolved, Approved, Hold, "everything is disallowed for now"},
	}
	for _, tt := range tests {
		s := newSite(t, tt.code, "User-agent: *\nDisallow: /\n")
		s.head = tt.head
		clk := newClock()
		g := &Gate{Agent: "ExampleBot", Client: testClient(clk), Scope: approveAll}
		d := check(t, g, s.URL+"/page")
		if d.PolicyStatus != tt.status || d.PolicyHTTPStatus != tt.code || d.RepDecision != tt.rep || d.CollectionDecision != tt.col || d.Action != tt.action {
			t.Errorf("%s: %s/%d rep %s col %s action %s; want %s %s %s %s", tt.name, d.PolicyStatus, d.PolicyHTTPStatus,
				d.RepDecision, d.CollectionDecision, d.Action, tt.status, tt.rep, tt.col, tt.action)
		}
		if !strings.Contains(d.Reason, tt.reason) {
			t.Errorf("%s: reason %q lacks %q", tt.name, d.Reason, tt.reason)
		}
		// A failed fetch never has a digest: no file was invented.
		if d.PolicyDigest != "" || d.MatchedRule != nil {
			t.Errorf("%s: digest %q rule %v", tt.name, d.PolicyDigest, d.MatchedRule)
		}
		// A scope denial wins over a 401/403.
		g.Scope = mustScope("denied: [\"*\"]")
		if d := check(t, g, s.URL+"/page"); d.Action != Drop {
			t.Errorf("%s with a denying scope: %s", tt.name, d.Action)
		}
	}
}

func TestConnectionRefusedIsHeld(t *testing.T) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	addr := ln.Addr().String()
	ln.Close()
	clk := newClock()
	g := &Gate{Agent: "ExampleBot", Client: testClient(clk), Scope: approveAll}
	d := check(t, g, "http://"+addr+"/x")
	if d.RepDecision != RepUnresolved || d.Action != Hold || d.PolicyStatus != fetch.Unreachable || d.PolicyHTTPStatus != 0 {
		t.Errorf("%+v", d.Record)
	}
	if !strings.Contains(d.Reason, "connection refused") || !d.RetryAt.Equal(clk.Now().Add(DefaultMinBackoff)) {
		t.Errorf("reason %q retry %v", d.Reason, d.RetryAt)
	}
}

func TestCacheHitAndExpiry(t *testing.T) {
	s := newSite(t, 200, "User-agent: *\nDisallow: /a\n")
	clk := newClock()
	g := &Gate{Agent: "ExampleBot", Client: testClient(clk)}
	check(t, g, s.URL+"/a")
	check(t, g, s.URL+"/b")
	if n := s.hits.Load(); n != 1 {
		t.Fatalf("cache hit: %d fetches, want 1", n)
	}
	clk.Add(24*time.Hour - time.Second)
	check(t, g, s.URL+"/a")
	if n := s.hits.Load(); n != 1 {
		t.Fatalf("within 24 h: %d fetches, want 1", n)
	}
	clk.Add(time.Second)
	d := check(t, g, s.URL+"/a")
	if n := s.hits.Load(); n != 2 {
		t.Fatalf("after 24 h: %d fetches, want 2", n)
	}
	if !d.PolicyFetchedAt.Equal(clk.Now()) {
		t.Errorf("fetched at %v, now %v", d.PolicyFetchedAt, clk.Now())
	}
}

func TestMaxAge(t *testing.T) {
	tests := []struct {
		cc    string
		fresh time.Duration
	}{
		{"max-age=3600", time.Hour},
		{"max-age=172800", 24 * time.Hour}, // longer than 24 h: 24 h
		{"no-cache", DefaultMinAge},
		{"max-age=5", DefaultMinAge},
	}
	for _, tt := range tests {
		s := newSite(t, 200, "User-agent: *\nDisallow: /a\n")
		s.head = map[string]string{"Cache-Control": tt.cc}
		clk := newClock()
		g := &Gate{Agent: "ExampleBot", Client: testClient(clk)}
		check(t, g, s.URL)
		clk.Add(tt.fresh - time.Second)
		check(t, g, s.URL)
		if n := s.hits.Load(); n != 1 {
			t.Errorf("%s: %d fetches before %v", tt.cc, n, tt.fresh)
		}
		clk.Add(time.Second)
		check(t, g, s.URL)
		if n := s.hits.Load(); n != 2 {
			t.Errorf("%s: %d fetches at %v", tt.cc, n, tt.fresh)
		}
	}
}

// TestStaleWhileUnreachable: RFC 9309 section 2.4, a cached copy may be used
// past 24 hours while the origin is unreachable, up to a bound.
func TestStaleWhileUnreachable(t *testing.T) {
	s := newSite(t, 200, "User-agent: *\nDisallow: /private/\n")
	clk := newClock()
	c := testClient(clk)
	g := &Gate{Agent: "ExampleBot", Client: c, Scope: approveAll}
	first := check(t, g, s.URL+"/page")
	s.set(503, "down", nil)
	clk.Add(25 * time.Hour)

	d := check(t, g, s.URL+"/page")
	if !d.PolicyStale || d.PolicyStatus != fetch.Success || d.RepDecision != RepAllow || d.Action != Admit {
		t.Fatalf("stale use: %+v", d.Record)
	}
	if d.PolicyDigest != first.PolicyDigest || !d.PolicyFetchedAt.Equal(first.PolicyFetchedAt) {
		t.Errorf("stale record does not describe the copy used: %+v", d.Record)
	}
	if !strings.Contains(d.Reason, "using the copy fetched 1d1h ago") || !strings.Contains(d.Reason, "HTTP 503") {
		t.Errorf("reason %q", d.Reason)
	}
	if d := check(t, g, s.URL+"/private/x"); d.RepDecision != RepDisallow || !d.PolicyStale {
		t.Errorf("stale copy's disallow not applied: %+v", d.Record)
	}
	if n := s.hits.Load(); n != 2 {
		t.Errorf("%d fetches; the failure should be remembered until the retry time", n)
	}

	// Backoff doubles while the origin keeps failing.
	clk.Add(DefaultMinBackoff)
	check(t, g, s.URL+"/page")
	st, _ := c.Policy(context.Background(), s.URL)
	if st.RetryAt.Sub(clk.Now()) != 2*DefaultMinBackoff || s.hits.Load() != 3 {
		t.Errorf("second failure: retry in %v after %d fetches", st.RetryAt.Sub(clk.Now()), s.hits.Load())
	}

	// Past the 30-day bound, the copy is no longer used: unresolved.
	clk.Add(30 * 24 * time.Hour)
	d = check(t, g, s.URL+"/page")
	if d.PolicyStale || d.RepDecision != RepUnresolved || d.Action != Hold || d.PolicyStatus != fetch.Unreachable || d.PolicyDigest != "" {
		t.Fatalf("beyond the bound: %+v", d.Record)
	}
	if !strings.Contains(d.Reason, "past the 30d bound") {
		t.Errorf("reason %q", d.Reason)
	}

	// A success ends it all.
	s.set(200, "User-agent: *\nDisallow: /\n", nil)
	clk.Add(DefaultMaxBackoff)
	if d := check(t, g, s.URL+"/page"); d.PolicyStale || d.RepDecision != RepDisallow {
		t.Errorf("after recovery: %+v", d.Record)
	}
}

func TestStaleBoundConfigurable(t *testing.T) {
	s := newSite(t, 200, "User-agent: *\nDisallow: /private/\n")
	clk := newClock()
	c := testClient(clk)
	c.MaxStale = 48 * time.Hour
	g := &Gate{Agent: "ExampleBot", Client: c}
	check(t, g, s.URL)
	s.set(500, "", nil)
	clk.Add(47 * time.Hour)
	if d := check(t, g, s.URL); !d.PolicyStale {
		t.Errorf("47 h with a 48 h bound: %+v", d.Record)
	}
	clk.Add(2 * time.Hour)
	if d := check(t, g, s.URL); d.PolicyStale || d.RepDecision != RepUnresolved {
		t.Errorf("49 h with a 48 h bound: %+v", d.Record)
	}
}

func TestRateLimitedHonoursRetryAfter(t *testing.T) {
	s := newSite(t, 429, "")
	s.head = map[string]string{"Retry-After": "300"}
	clk := newClock()
	g := &Gate{Agent: "ExampleBot", Client: testClient(clk), Scope: approveAll}
	d := check(t, g, s.URL)
	if d.Action != Hold || !d.RetryAt.Equal(clk.Now().Add(5*time.Minute)) {
		t.Fatalf("action %s retry %v", d.Action, d.RetryAt)
	}
	clk.Add(5*time.Minute - time.Second)
	check(t, g, s.URL)
	if s.hits.Load() != 1 {
		t.Errorf("fetched again before Retry-After")
	}
	s.set(200, "User-agent: *\n", nil)
	clk.Add(time.Second)
	if d := check(t, g, s.URL); d.Action != Admit || s.hits.Load() != 2 {
		t.Errorf("after Retry-After: %s, %d fetches", d.Action, s.hits.Load())
	}
	// A stale copy does not lift a rate limit: the origin asked to wait.
	s.set(429, "", map[string]string{"Retry-After": "60"})
	clk.Add(25 * time.Hour)
	if d := check(t, g, s.URL); d.Action != Hold || d.PolicyStatus != fetch.RateLimited {
		t.Errorf("rate-limited with a stale copy: %s %s", d.Action, d.PolicyStatus)
	}
}

// TestSingleFlight: 1,000 concurrent checks for one origin make one fetch.
func TestSingleFlight(t *testing.T) {
	s := newSite(t, 200, "User-agent: *\nDisallow: /a\n")
	s.delay = 100 * time.Millisecond
	g := &Gate{Agent: "ExampleBot", Client: local()}
	var wg sync.WaitGroup
	var disallowed atomic.Int64
	start := make(chan struct{})
	for i := range 1000 {
		wg.Go(func() {
			<-start
			d, err := g.Check(context.Background(), s.URL+"/a/"+string(rune('a'+i%26)))
			if err != nil {
				t.Error(err)
				return
			}
			if d.RepDecision == RepDisallow {
				disallowed.Add(1)
			}
		})
	}
	close(start)
	wg.Wait()
	if n := s.hits.Load(); n != 1 {
		t.Errorf("1000 concurrent checks made %d fetches, want 1", n)
	}
	if disallowed.Load() != 1000 {
		t.Errorf("%d of 1000 disallowed", disallowed.Load())
	}
	if st := g.c().Stats(); st.Fetches != 1 {
		t.Errorf("stats %+v", st)
	}
}

// TestWaiterCancelDoesNotFailOthers: the caller that started a fetch giving
// up does not cancel it for the others.
func TestWaiterCancelDoesNotFailOthers(t *testing.T) {
	s := newSite(t, 200, "User-agent: *\nDisallow: /a\n")
	s.delay = 200 * time.Millisecond
	g := &Gate{Agent: "ExampleBot", Client: local()}
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Millisecond)
	defer cancel()
	if _, err := g.Check(ctx, s.URL+"/a"); !errors.Is(err, context.DeadlineExceeded) {
		t.Fatalf("first caller: %v", err)
	}
	d := check(t, g, s.URL+"/a")
	if d.RepDecision != RepDisallow || s.hits.Load() != 1 {
		t.Errorf("second caller: %s after %d fetches", d.RepDecision, s.hits.Load())
	}
}

// TestRedirectDoesNotPoisonCache: a policy reached through a redirect is
// cached for the original origin only.
func TestRedirectDoesNotPoisonCache(t *testing.T) {
	target := newSite(t, 200, "User-agent: *\nAllow: /\n")
	// evil redirects its robots.txt to a page on target's origin that is
	// not target's robots.txt.
	mux := http.NewServeMux()
	var evilHits atomic.Int64
	mux.HandleFunc("/robots.txt", func(w http.ResponseWriter, r *http.Request) {
		evilHits.Add(1)
		http.Redirect(w, r, target.URL+"/users/evil/robots.txt", http.StatusFound)
	})
	evil := httptest.NewServer(mux)
	defer evil.Close()
	// target serves a user page that says "disallow everything".
	target.srv.Config.Handler = http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		switch r.URL.Path {
		case "/users/evil/robots.txt":
			io.WriteString(w, "User-agent: *\nDisallow: /\n")
		case "/robots.txt":
			target.hits.Add(1)
			io.WriteString(w, "User-agent: *\nAllow: /\n")
		}
	})
	mem := cache.NewMemory(0, 0)
	g := &Gate{Agent: "ExampleBot", Client: &Client{Cache: mem, Fetcher: local().Fetcher}, Scope: approveAll}

	d := check(t, g, evil.URL+"/page")
	if d.RepDecision != RepDisallow || d.PolicyFinalURL != target.URL+"/users/evil/robots.txt" || d.Origin != evil.URL {
		t.Fatalf("redirected policy: %+v", d.Record)
	}
	if _, err := mem.Get(context.Background(), target.URL); !errors.Is(err, cache.ErrMiss) {
		t.Fatalf("the redirect target's origin got a cache entry: %v", err)
	}
	d = check(t, g, target.URL+"/page")
	if d.RepDecision != RepAllow || target.hits.Load() != 1 || d.PolicyFinalURL != target.URL+"/robots.txt" {
		t.Errorf("target's own policy: %+v after %d fetches", d.Record, target.hits.Load())
	}
	// And the other way round: target's entry does not leak into evil's.
	if d := check(t, g, evil.URL+"/page"); d.RepDecision != RepDisallow || evilHits.Load() != 1 {
		t.Errorf("evil's entry: %s after %d fetches", d.RepDecision, evilHits.Load())
	}
	// Origins differ by scheme, host and port: none shares an entry.
	if mem.Len() != 2 {
		t.Errorf("%d cache entries, want 2", mem.Len())
	}
}

// TestRecheckDropsNewlyDisallowed: a task admitted under one policy version
// and not yet started is dropped when the next version disallows it.
func TestRecheckDropsNewlyDisallowed(t *testing.T) {
	s := newSite(t, 200, "User-agent: *\nDisallow: /private/\n")
	clk := newClock()
	c := testClient(clk)
	g := &Gate{Agent: "ExampleBot", Client: c, Scope: approveAll}
	var pending []*Decision
	for _, p := range []string{"/reports/2026", "/about", "/private/x"} {
		if d := check(t, g, s.URL+p); d.Action == Admit {
			pending = append(pending, d)
		}
	}
	if len(pending) != 2 {
		t.Fatalf("admitted %d, want 2", len(pending))
	}
	v1 := pending[0].Version()

	// Same version: nothing changes.
	again, err := g.Recheck(context.Background(), pending)
	if err != nil {
		t.Fatal(err)
	}
	for _, d := range again {
		if d.Changed || d.Action != Admit {
			t.Errorf("unchanged policy: %s changed=%v", d.Action, d.Changed)
		}
	}

	// The site now disallows /reports/; the copy expires.
	s.set(200, "User-agent: *\nDisallow: /private/\nDisallow: /reports/\n", nil)
	clk.Add(24 * time.Hour)
	again, err = g.Recheck(context.Background(), pending)
	if err != nil {
		t.Fatal(err)
	}
	if d := again[0]; !d.Changed || d.Action != Drop || d.RepDecision != RepDisallow || d.Version() == v1 {
		t.Errorf("/reports/2026 after the change: %s changed=%v %s", d.Action, d.Changed, d.Reason)
	}
	if d := again[1]; !d.Changed || d.Action != Admit {
		t.Errorf("/about after the change: %s changed=%v", d.Action, d.Changed)
	}

	// Refresh learns of a new version before expiry.
	s.set(200, "User-agent: *\nDisallow: /\n", nil)
	if _, err := c.Refresh(context.Background(), s.URL); err != nil {
		t.Fatal(err)
	}
	again, _ = g.Recheck(context.Background(), again)
	if d := again[1]; !d.Changed || d.Action != Drop {
		t.Errorf("/about after Refresh: %s changed=%v", d.Action, d.Changed)
	}
}

func TestCheckBadURL(t *testing.T) {
	g := &Gate{Agent: "ExampleBot", Client: local()}
	for _, u := range []string{"/just/a/path", "ftp://example.com/", "http://"} {
		if _, err := g.Check(context.Background(), u); err == nil {
			t.Errorf("Check(%q) succeeded", u)
		}
	}
}

// brokenCache fails every call; the client goes on as with no cache.
type brokenCache struct{}

func (brokenCache) Get(context.Context, string) (*cache.Entry, error) {
	return nil, errors.New("down")
}
func (brokenCache) Put(context.Context, string, *cache.Entry) error { return errors.New("down") }
func (brokenCache) Delete(context.Context, string) error            { return errors.New("down") }

func TestBrokenCache(t *testing.T) {
	s := newSite(t, 200, "User-agent: *\nDisallow: /a\n")
	c := &Client{Cache: brokenCache{}, Fetcher: local().Fetcher}
	g := &Gate{Agent: "ExampleBot", Client: c}
	if d := check(t, g, s.URL+"/a"); d.RepDecision != RepDisallow {
		t.Errorf("%+v", d.Record)
	}
	if st := c.Stats(); st.CacheErrors != 3 {
		t.Errorf("stats %+v", st)
	}
}

// TestRecordJSON: the record has exactly the fields, RFC 3339 UTC
// times and nulls for absent values.
func TestRecordJSON(t *testing.T) {
	s := newSite(t, 200, "User-agent: ExampleBot\nDisallow: /private/\n")
	clk := newClock()
	g := &Gate{Agent: "ExampleBot", Client: testClient(clk)}
	d := check(t, g, s.URL+"/private/x")
	b, err := json.Marshal(d.Record)
	if err != nil {
		t.Fatal(err)
	}
	want := []string{"origin", "productToken", "targetURL", "policyURL", "policyFinalURL", "policyFetchedAt", "policyStatus",
		"policyHTTPStatus", "policyDigest", "policyStale", "group", "matchedRule", "repDecision", "collectionDecision", "reason"}
	fields, err := parseTask(b)
	if err != nil {
		t.Fatal(err)
	}
	var keys []string
	for _, f := range fields {
		keys = append(keys, f.key)
	}
	if strings.Join(keys, ",") != strings.Join(want, ",") {
		t.Errorf("keys %v\nwant %v", keys, want)
	}
	got := string(b)
	for _, sub := range []string{`"policyFetchedAt":"2026-03-01T12:00:00Z"`, `"matchedRule":{"line":2,"kind":"disallow","pattern":"/private/"}`,
		`"group":[{"line":1,"value":"ExampleBot"}]`, `"repDecision":"disallow"`, `"collectionDecision":"unresolved"`, `"policyStale":false`} {
		if !strings.Contains(got, sub) {
			t.Errorf("JSON lacks %s:\n%s", sub, got)
		}
	}
	var back Record
	if err := json.Unmarshal(b, &back); err != nil {
		t.Fatal(err)
	}
	if b2, _ := json.Marshal(back); string(b2) != got {
		t.Errorf("round trip:\n%s\n%s", got, b2)
	}

	// Absent values are null.
	ln, _ := net.Listen("tcp", "127.0.0.1:0")
	addr := ln.Addr().String()
	ln.Close()
	d = check(t, g, "http://"+addr+"/x")
	b, _ = json.Marshal(d.Record)
	for _, sub := range []string{`"policyHTTPStatus":null`, `"policyDigest":null`, `"matchedRule":null`, `"group":[]`, `"repDecision":"unresolved"`} {
		if !strings.Contains(string(b), sub) {
			t.Errorf("JSON lacks %s:\n%s", sub, b)
		}
	}
}

func TestDecisionJSON(t *testing.T) {
	s := newSite(t, 200, "User-agent: *\nDisallow: /x\n")
	g := &Gate{Agent: "ExampleBot", Client: testClient(newClock())}
	d := check(t, g, s.URL+"/x")
	b, err := json.Marshal(d)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.HasPrefix(string(b), `{"decision":{"origin":`) || !strings.HasSuffix(string(b), `},"gate":"drop"}`) {
		t.Errorf("%s", b)
	}
	var back Decision
	if err := json.Unmarshal(b, &back); err != nil {
		t.Fatal(err)
	}
	if back.Action != Drop || back.Version() != d.Version() || back.MatchedRule == nil || back.MatchedRule.Line != 2 {
		t.Errorf("read back %+v", back)
	}
}

func TestAge(t *testing.T) {
	tests := map[time.Duration]string{
		40 * time.Second:            "40s",
		90 * time.Minute:            "1h30m",
		2 * time.Hour:               "2h",
		25 * time.Hour:              "1d1h",
		30 * 24 * time.Hour:         "30d",
		-time.Second:                "0s",
		3*time.Minute + time.Second: "3m1s",
	}
	for d, want := range tests {
		if got := age(d); got != want {
			t.Errorf("age(%v) = %q, want %q", d, got, want)
		}
	}
}

func BenchmarkCheckWarm(b *testing.B) {
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		io.WriteString(w, seedFile)
	}))
	defer srv.Close()
	g := &Gate{Agent: "ExampleBot", Client: local(), Scope: approveAll}
	u := srv.URL + "/catalog/private/help/start"
	if _, err := g.Check(context.Background(), u); err != nil {
		b.Fatal(err)
	}
	b.ReportAllocs()
	for b.Loop() {
		g.Check(context.Background(), u)
	}
}
