package server

import (
	"bufio"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"regexp"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/redis/go-redis/v9"

	"github.com/robotstxt/robotstxt/cache"
	"github.com/robotstxt/robotstxt/cache/rediscache"
	"github.com/robotstxt/robotstxt/fetch"
	"github.com/robotstxt/robotstxt/gate"
	"github.com/robotstxt/robotstxt/internal/redistest"
	"github.com/robotstxt/robotstxt/netguard"
)

// site is a loopback origin whose robots.txt fetches are counted.
type site struct {
	*httptest.Server
	fetches atomic.Int64
}

func newSite(t *testing.T, robots string, delay time.Duration) *site {
	s := &site{}
	s.Server = httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		switch r.URL.Path {
		case "/robots.txt":
			s.fetches.Add(1)
			time.Sleep(delay)
			fmt.Fprint(w, robots)
		case "/moved/robots.txt":
			http.Redirect(w, r, "/robots.txt", http.StatusMovedPermanently)
		default:
			http.NotFound(w, r)
		}
	}))
	t.Cleanup(s.Close)
	return s
}

// gateOptions is a decision service for ExampleBot approving everything,
// on c (memory when nil).
func gateOptions(t testing.TB, c cache.Cache, holds gate.HoldStore, pol *gate.Politeness) *GateOptions {
	t.Helper()
	if c == nil {
		c = cache.NewMemory(0, 0)
	}
	scope, err := gate.ParseScope([]byte(`{"approved": ["*"], "denied": ["http://127.0.0.1/denied/"]}`), "json")
	if err != nil {
		t.Fatal(err)
	}
	m := NewMetrics()
	client := &gate.Client{Cache: c, Hooks: m.Hooks(), Fetcher: &fetch.Fetcher{Guard: &netguard.Policy{AllowPrivate: true}, Timeout: 5 * time.Second}}
	if pol == nil {
		pol = &gate.Politeness{}
	}
	pol.Store = holds
	return &GateOptions{Gate: &gate.Gate{Agent: "ExampleBot", Client: client, Scope: scope}, Cache: c, Metrics: m, Politeness: pol}
}

type decideLine struct {
	URL      string       `json:"url"`
	Decision *gate.Record `json:"decision"`
	Gate     gate.Action  `json:"gate"`
	Error    string       `json:"error"`
	RetryAt  string       `json:"retryAt"`
	Lease    string       `json:"lease"`
}

func decide(t *testing.T, base string, body string) (int, []decideLine) {
	t.Helper()
	resp, err := http.Post(base+"/api/v1/decide", "application/json", strings.NewReader(body))
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	b, _ := io.ReadAll(resp.Body)
	var out []decideLine
	if resp.StatusCode == 200 {
		if err := json.Unmarshal(b, &out); err != nil {
			t.Fatalf("answer %s: %v", b, err)
		}
	}
	return resp.StatusCode, out
}

func urlsJSON(urls ...string) string {
	b, _ := json.Marshal(map[string][]string{"urls": urls})
	return string(b)
}

func TestDecideInRequestOrder(t *testing.T) {
	s := newSite(t, "User-agent: *\nDisallow: /private/\n\nUser-agent: OtherBot\nDisallow: /\n", 0)
	ts, _ := newServer(t, Options{Gate: gateOptions(t, nil, nil, nil)})
	tests := []struct {
		url    string
		action gate.Action
		err    bool
	}{
		{s.URL + "/public/a", gate.Admit, false},
		{s.URL + "/private/a", gate.Drop, false},
		{s.URL + "/public/../private/b", gate.Drop, false},
		{"ftp://example.com/x", gate.Drop, true},
		{"not a url", gate.Drop, true},
	}
	var urls []string
	for _, tt := range tests {
		urls = append(urls, tt.url)
	}
	code, out := decide(t, ts.URL, urlsJSON(urls...))
	if code != 200 || len(out) != len(tests) {
		t.Fatalf("status %d, %d answers; want 200, %d", code, len(out), len(tests))
	}
	for i, tt := range tests {
		if out[i].URL != tt.url || out[i].Gate != tt.action || (out[i].Error != "") != tt.err {
			t.Errorf("answer %d: %+v; want url %s, gate %s, error %v", i, out[i], tt.url, tt.action, tt.err)
		}
		if !tt.err && (out[i].Decision == nil || out[i].Decision.ProductToken != "ExampleBot") {
			t.Errorf("answer %d: decision %+v, want a record for ExampleBot", i, out[i].Decision)
		}
	}
	if n := s.fetches.Load(); n != 1 {
		t.Errorf("%d robots.txt fetches, want 1", n)
	}
	// Another agent, named in the request, gets its own group.
	_, out = decide(t, ts.URL, `{"urls":["`+s.URL+`/public/a"],"agent":"OtherBot"}`)
	if len(out) != 1 || out[0].Gate != gate.Drop || out[0].Decision.ProductToken != "OtherBot" {
		t.Errorf("agent OtherBot: %+v, want drop", out)
	}
}

func TestDecideRejects(t *testing.T) {
	ts, _ := newServer(t, Options{Gate: gateOptions(t, nil, nil, nil)})
	many := make([]string, MaxDecideURLs+1)
	for i := range many {
		many[i] = "http://127.0.0.1/x"
	}
	tests := []struct {
		name   string
		method string
		ctype  string
		body   string
		status int
	}{
		{"no urls", "POST", "application/json", `{"urls":[]}`, 400},
		{"too many urls", "POST", "application/json", urlsJSON(many...), 400},
		{"unknown field", "POST", "application/json", `{"urls":["http://a.example/"],"x":1}`, 400},
		{"not JSON", "POST", "application/json", `{"urls":`, 400},
		{"two values", "POST", "application/json", `{"urls":["http://a.example/"]} {}`, 400},
		{"bad agent", "POST", "application/json", `{"urls":["http://a.example/"],"agent":"/x"}`, 400},
		{"text body", "POST", "text/plain", `x`, 415},
		{"GET", "GET", "", ``, 405},
		{"body too large", "POST", "application/json", `{"urls":["` + strings.Repeat("a", DefaultMaxBody) + `"]}`, 413},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			req, _ := http.NewRequest(tt.method, ts.URL+"/api/v1/decide", strings.NewReader(tt.body))
			if tt.ctype != "" {
				req.Header.Set("Content-Type", tt.ctype)
			}
			resp, err := http.DefaultClient.Do(req)
			if err != nil {
				t.Fatal(err)
			}
			b, _ := io.ReadAll(resp.Body)
			resp.Body.Close()
			var e struct{ Error string }
			if resp.StatusCode != tt.status || json.Unmarshal(b, &e) != nil || e.Error == "" {
				t.Errorf("status %d %s; want %d with an error message", resp.StatusCode, b, tt.status)
			}
		})
	}
}

func TestDecideStreamsInCompletionOrder(t *testing.T) {
	slow := newSite(t, "User-agent: *\nAllow: /\n", 700*time.Millisecond)
	fast := newSite(t, "User-agent: *\nAllow: /\n", 0)
	ts, _ := newServer(t, Options{Gate: gateOptions(t, nil, nil, nil)})
	req, _ := http.NewRequest("POST", ts.URL+"/api/v1/decide", strings.NewReader(urlsJSON(slow.URL+"/a", fast.URL+"/b", fast.URL+"/c")))
	req.Header.Set("Accept", "application/x-ndjson")
	req.Header.Set("Content-Type", "application/json")
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	if ct := resp.Header.Get("Content-Type"); ct != "application/x-ndjson" {
		t.Errorf("Content-Type %q", ct)
	}
	var got []string
	sc := bufio.NewScanner(resp.Body)
	for sc.Scan() {
		var l decideLine
		if err := json.Unmarshal(sc.Bytes(), &l); err != nil {
			t.Fatalf("line %q: %v", sc.Text(), err)
		}
		got = append(got, l.URL)
	}
	if len(got) != 3 || got[2] != slow.URL+"/a" {
		t.Errorf("lines in order %v: want the slow origin's task last", got)
	}
}

func TestTargetStatusHoldsOrigin(t *testing.T) {
	s := newSite(t, "User-agent: *\nAllow: /\n", 0)
	ts, _ := newServer(t, Options{Gate: gateOptions(t, nil, nil, nil)})
	post := func(body string) (int, map[string]any) {
		resp, err := http.Post(ts.URL+"/api/v1/target-status", "application/json", strings.NewReader(body))
		if err != nil {
			t.Fatal(err)
		}
		defer resp.Body.Close()
		var out map[string]any
		json.NewDecoder(resp.Body).Decode(&out)
		return resp.StatusCode, out
	}
	tests := []struct {
		name   string
		body   string
		status int
		held   bool
	}{
		{"200 holds nothing", `{"url":"` + s.URL + `/a","status":200}`, 200, false},
		{"404 holds nothing", `{"url":"` + s.URL + `/a","status":404}`, 200, false},
		{"bad status", `{"url":"` + s.URL + `/a","status":42}`, 400, false},
		{"bad url", `{"url":"mailto:x","status":429}`, 400, false},
		{"429 with Retry-After", `{"url":"` + s.URL + `/a","status":429,"retryAfter":"120"}`, 200, true},
	}
	for _, tt := range tests {
		code, out := post(tt.body)
		if code != tt.status || (code == 200 && out["held"] != tt.held) {
			t.Errorf("%s: %d %v; want %d held=%v", tt.name, code, out, tt.status, tt.held)
		}
	}
	_, out := decide(t, ts.URL, urlsJSON(s.URL+"/b"))
	if len(out) != 1 || out[0].Gate != gate.Hold || out[0].RetryAt == "" || !strings.Contains(out[0].Decision.Reason, "HTTP 429") {
		t.Fatalf("after a 429: %+v; want hold with retryAt", out)
	}
	until, _ := time.Parse(time.RFC3339, out[0].RetryAt)
	if d := time.Until(until); d < 100*time.Second || d > 125*time.Second {
		t.Errorf("held for %v, want about the Retry-After's 120s", d)
	}
}

func TestPolitenessLimits(t *testing.T) {
	s := newSite(t, "User-agent: *\nAllow: /\nCrawl-delay: 30\n", 0)
	ts, _ := newServer(t, Options{Gate: gateOptions(t, nil, nil, &gate.Politeness{MaxConcurrent: 2})})
	_, out := decide(t, ts.URL, urlsJSON(s.URL+"/1", s.URL+"/2", s.URL+"/3"))
	admitted, held := 0, 0
	var lease string
	for _, l := range out {
		switch l.Gate {
		case gate.Admit:
			admitted++
			lease = l.Lease
		case gate.Hold:
			held++
		}
	}
	if admitted != 2 || held != 1 || lease == "" {
		t.Fatalf("admitted %d, held %d (lease %q); want 2 and 1 with a lease", admitted, held, lease)
	}
	// The task reports done: its slot is free.
	resp, err := http.Post(ts.URL+"/api/v1/target-status", "application/json",
		strings.NewReader(`{"url":"`+s.URL+`/1","status":200,"lease":"`+lease+`"}`))
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if _, out = decide(t, ts.URL, urlsJSON(s.URL+"/3")); out[0].Gate != gate.Admit {
		t.Errorf("after a task is done: %s, want admit", out[0].Gate)
	}

	// Crawl-delay, when asked for: one task per 30 s.
	ts2, _ := newServer(t, Options{Gate: gateOptions(t, nil, nil, &gate.Politeness{CrawlDelay: true})})
	_, out = decide(t, ts2.URL, urlsJSON(s.URL+"/1", s.URL+"/2"))
	if out[0].Gate == out[1].Gate {
		t.Fatalf("Crawl-delay 30: %s and %s, want one admit and one hold", out[0].Gate, out[1].Gate)
	}
	for _, l := range out {
		if l.Gate == gate.Hold && !strings.Contains(l.Decision.Reason, "Crawl-delay, line 3") {
			t.Errorf("hold reason %q, want it to name the Crawl-delay line", l.Decision.Reason)
		}
	}
}

func TestPolicyEndpoint(t *testing.T) {
	s := newSite(t, "User-agent: *\nDisallow: /x\nSitemap: https://example.com/s.xml\n", 0)
	ts, _ := newServer(t, Options{Gate: gateOptions(t, nil, nil, nil)})
	get := func(method string) (int, map[string]any) {
		req, _ := http.NewRequest(method, ts.URL+"/api/v1/policy?origin="+s.URL, nil)
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		defer resp.Body.Close()
		var out map[string]any
		json.NewDecoder(resp.Body).Decode(&out)
		return resp.StatusCode, out
	}
	code, p := get("GET")
	if code != 200 || p["status"] != "success" || !strings.HasPrefix(fmt.Sprint(p["digest"]), "sha256:") ||
		p["fetchedAt"] == nil || p["expires"] == nil {
		t.Fatalf("GET policy: %d %v", code, p)
	}
	sum, _ := p["summary"].(map[string]any)
	if sum["groups"] != 1.0 || sum["rules"] != 1.0 || sum["sitemaps"] != 1.0 {
		t.Errorf("summary %v, want 1 group, 1 rule, 1 sitemap", sum)
	}
	if code, _ := get("DELETE"); code != 200 {
		t.Errorf("DELETE: %d", code)
	}
	get("GET")
	if n := s.fetches.Load(); n != 2 {
		t.Errorf("%d fetches; want 2: DELETE forgets the policy", n)
	}
	if code, _ := get("PUT"); code != 405 {
		t.Errorf("PUT: %d, want 405", code)
	}
	resp, _ := http.Get(ts.URL + "/api/v1/policy?origin=javascript:x")
	if resp.StatusCode != 400 {
		t.Errorf("bad origin: %d, want 400", resp.StatusCode)
	}
	resp.Body.Close()
}

func TestMetricsAndReadyz(t *testing.T) {
	s := newSite(t, "User-agent: *\nDisallow: /x\n", 0)
	o := gateOptions(t, nil, nil, nil)
	var fail atomic.Bool
	o.SharedState = func(context.Context) error {
		if fail.Load() {
			return errors.New("redis: connection refused")
		}
		return nil
	}
	ts, _ := newServer(t, Options{Gate: o})
	decide(t, ts.URL, urlsJSON(s.URL+"/a", s.URL+"/x"))
	decide(t, ts.URL, urlsJSON(s.URL+"/b")) // from the cache
	resp, err := http.Get(ts.URL + "/metrics")
	if err != nil {
		t.Fatal(err)
	}
	b, _ := io.ReadAll(resp.Body)
	resp.Body.Close()
	for _, want := range []string{
		`robotstxt_decisions_total{action="admit",reason="robots-allow"} 2`,
		`robotstxt_decisions_total{action="drop",reason="robots-disallow"} 1`,
		`robotstxt_fetches_total{status="success"} 1`,
		`robotstxt_fetch_duration_seconds_count 1`,
	} {
		if !strings.Contains(string(b), want) {
			t.Errorf("/metrics lacks %s", want)
		}
	}
	// Three lookups: the first request's two URLs are decided side by
	// side, so the second may find the policy the first fetched (a hit)
	// or wait for that fetch (a miss); the second request's is a hit.
	lookups := func(result string) int {
		m := regexp.MustCompile(`robotstxt_cache_lookups_total\{result="` + result + `"\} (\d+)`).FindSubmatch(b)
		if m == nil {
			return 0
		}
		n, _ := strconv.Atoi(string(m[1]))
		return n
	}
	if miss, hit := lookups("miss"), lookups("hit"); miss+hit != 3 || miss < 1 || hit < 1 {
		t.Errorf("cache lookups: %d misses and %d hits, want 3 lookups, the first a miss and the last a hit", miss, hit)
	}
	// Readiness is whether this instance answers correctly, which it does
	// with Redis down (holding what it cannot confirm): a load balancer
	// must not take the whole fleet out. The shared state's health has its
	// own endpoint and metric.
	get := func(path string) (int, string) {
		resp, err := http.Get(ts.URL + path)
		if err != nil {
			t.Fatal(err)
		}
		defer resp.Body.Close()
		b, _ := io.ReadAll(resp.Body)
		return resp.StatusCode, string(b)
	}
	for _, tt := range []struct {
		fail           bool
		readyz, shared int
		metric         string
	}{{false, 200, 200, "robotstxt_shared_state_up 1"}, {true, 200, 503, "robotstxt_shared_state_up 0"}, {false, 200, 200, "robotstxt_shared_state_up 1"}} {
		fail.Store(tt.fail)
		if code, _ := get("/readyz"); code != tt.readyz {
			t.Errorf("readyz with Redis failing=%v: %d, want %d", tt.fail, code, tt.readyz)
		}
		if code, _ := get("/sharedz"); code != tt.shared {
			t.Errorf("sharedz with Redis failing=%v: %d, want %d", tt.fail, code, tt.shared)
		}
		if _, m := get("/metrics"); !strings.Contains(m, tt.metric+"\n") {
			t.Errorf("metrics with Redis failing=%v lack %q", tt.fail, tt.metric)
		}
	}
}

type quietRedis struct{}

func (quietRedis) Printf(context.Context, string, ...any) {}

// TestFleetOneAnswer runs three instances on one Redis: one fetch, one
// answer, one hold for all; Redis killed: no admit the rules forbid.
func TestFleetOneAnswer(t *testing.T) {
	redis.SetLogger(quietRedis{})
	srv := redistest.Start(t)
	s := newSite(t, "User-agent: *\nDisallow: /private/\n", 300*time.Millisecond)
	var bases []string
	var caches []*rediscache.Cache
	for range 3 {
		rc, err := rediscache.Open(srv.URL(), rediscache.Options{Prefix: "srv:"})
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { rc.Close() })
		o := gateOptions(t, rc, rc, nil)
		o.SharedState = rc.Ping
		ts, _ := newServer(t, Options{Gate: o})
		bases = append(bases, ts.URL)
		caches = append(caches, rc)
	}
	for _, rc := range caches {
		for deadline := time.Now().Add(5 * time.Second); !rc.Up() || !rc.Subscribed(); time.Sleep(10 * time.Millisecond) {
			if time.Now().After(deadline) {
				t.Fatal("instance did not reach Redis")
			}
		}
	}
	body := urlsJSON(s.URL+"/public/a", s.URL+"/private/a")
	answers := make([][]decideLine, 3)
	var wg sync.WaitGroup
	for i, base := range bases {
		wg.Go(func() { _, answers[i] = decide(t, base, body) })
	}
	wg.Wait()
	for i, a := range answers {
		if len(a) != 2 || a[0].Gate != gate.Admit || a[1].Gate != gate.Drop || a[0].Decision.PolicySource != "shared" {
			t.Errorf("instance %d: %+v; want admit, drop from the shared policy", i, a)
		}
		if a[0].Decision.PolicyDigest != answers[0][0].Decision.PolicyDigest {
			t.Errorf("instance %d decided under another policy version", i)
		}
	}
	if n := s.fetches.Load(); n != 1 {
		t.Errorf("%d fetches by 3 instances, want 1", n)
	}
	// A 503 reported to one instance holds the origin on all.
	resp, err := http.Post(bases[0]+"/api/v1/target-status", "application/json", strings.NewReader(`{"url":"`+s.URL+`/x","status":503,"retryAfter":"600"}`))
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	for i, base := range bases {
		if _, a := decide(t, base, urlsJSON(s.URL+"/public/b")); a[0].Gate != gate.Hold {
			t.Errorf("instance %d after a 503 reported elsewhere: %s, want hold", i, a[0].Gate)
		}
	}
	srv.Kill()
	for i, base := range bases {
		if resp, err := http.Get(base + "/readyz"); err != nil || resp.StatusCode != 200 {
			t.Errorf("instance %d /readyz with Redis down: %v %v, want 200 (it answers correctly)", i, resp.StatusCode, err)
		}
		if resp, err := http.Get(base + "/sharedz"); err != nil || resp.StatusCode != 503 {
			t.Errorf("instance %d /sharedz with Redis down: %v %v, want 503", i, resp.StatusCode, err)
		}
		_, a := decide(t, base, urlsJSON(s.URL+"/private/b", s.URL+"/public/c"))
		if a[0].Gate != gate.Drop || a[1].Gate != gate.Hold {
			t.Errorf("instance %d with Redis down: %s, %s; want drop (rules), hold (503 hold kept)", i, a[0].Gate, a[1].Gate)
		}
	}
}
