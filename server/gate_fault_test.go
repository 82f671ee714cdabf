package server

import (
	"bufio"
	"context"
	"encoding/json"
	"fmt"
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
	"github.com/robotstxt/robotstxt/cache/rediscache"
	"github.com/robotstxt/robotstxt/fetch"
	"github.com/robotstxt/robotstxt/gate"
	"github.com/robotstxt/robotstxt/internal/redistest"
)

// tarpit accepts connections and never answers; it counts the connections
// open at once (the fetcher closes them at its deadline).
type tarpit struct {
	ln         net.Listener
	open, peak atomic.Int64
	total      atomic.Int64
}

func newTarpit(t *testing.T) *tarpit {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	tp := &tarpit{ln: ln}
	go func() {
		for {
			c, err := ln.Accept()
			if err != nil {
				return
			}
			n := tp.open.Add(1)
			tp.total.Add(1)
			for p := tp.peak.Load(); n > p && !tp.peak.CompareAndSwap(p, n); p = tp.peak.Load() {
			}
			go func() {
				io.Copy(io.Discard, c) // until the fetcher gives up
				c.Close()
				tp.open.Add(-1)
			}()
		}
	}()
	t.Cleanup(func() { ln.Close() })
	return tp
}

func (tp *tarpit) URL() string { return "http://" + tp.ln.Addr().String() }

// postJSON sends a decide request and reads the whole answer (a hang is
// caught by the client's generous timeout, never timed).
func postJSON(t *testing.T, url, body string, hdr map[string]string) (int, string) {
	t.Helper()
	req, _ := http.NewRequest("POST", url, strings.NewReader(body))
	req.Header.Set("Content-Type", "application/json")
	for k, v := range hdr {
		if v == "" {
			req.Header.Del(k)
		} else {
			req.Header.Set(k, v)
		}
	}
	c := &http.Client{Timeout: 60 * time.Second}
	resp, err := c.Do(req)
	if err != nil {
		t.Fatalf("POST %s: %v (an answer must always come)", url, err)
	}
	defer resp.Body.Close()
	b, _ := io.ReadAll(resp.Body)
	return resp.StatusCode, string(b)
}

// TestTarpitsNeverStarveCachedAnswers: origins that accept connections and
// never answer fill neither the requests' turns nor more than MaxFetches
// connections; a URL of a cached origin is answered meanwhile; every
// tarpit URL is answered too, with a hold, at the decide deadline.
func TestTarpitsNeverStarveCachedAnswers(t *testing.T) {
	tests := []struct {
		name      string
		distinct  bool // one tarpit origin per request, or one for all
		requests  int
		maxFetch  int
		wantTotal int64 // connections to the tarpits, at most
	}{
		{"distinct tarpit origins: bounded in total", true, 8, 2, 8},
		{"one tarpit origin: one fetch for all", false, 8, 4, 1},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			good := newSite(t, "User-agent: *\nDisallow: /private/\n", 0)
			o := gateOptions(t, nil, nil, nil)
			o.Gate.Client.MaxFetches = tt.maxFetch
			o.Gate.Client.Fetcher.Timeout = 3 * time.Second
			o.Gate.Client.Fetcher.HeaderTimeout = 3 * time.Second
			o.MaxInFlight = 2
			o.DecideTimeout = 500 * time.Millisecond
			ts, _ := newServer(t, Options{Gate: o})
			if code, a := decide(t, ts.URL, urlsJSON(good.URL+"/warm")); code != 200 || a[0].Gate != gate.Admit {
				t.Fatalf("warming: %d %+v", code, a)
			}
			var pits []*tarpit
			pit := newTarpit(t)
			var wg sync.WaitGroup
			answers := make([]string, tt.requests)
			for i := range tt.requests {
				if tt.distinct {
					pit = newTarpit(t)
				}
				pits = append(pits, pit)
				wg.Go(func() {
					code, b := postJSON(t, ts.URL+"/api/v1/decide", urlsJSON(pit.URL()+fmt.Sprintf("/p%d", i)), nil)
					answers[i] = fmt.Sprint(code, " ", b)
				})
			}
			// While the tarpits hold their fetches: the cached origin is
			// answered, with no 503.
			for range 3 {
				code, a := decide(t, ts.URL, urlsJSON(good.URL+"/a", good.URL+"/private/b"))
				if code != 200 || a[0].Gate != gate.Admit || a[1].Gate != gate.Drop {
					t.Fatalf("cached origin during the tarpits: %d %+v", code, a)
				}
			}
			wg.Wait()
			for i, a := range answers {
				if !strings.HasPrefix(a, "200 ") || !strings.Contains(a, `"gate":"hold"`) || !strings.Contains(a, gate.FetchPending) || !strings.Contains(a, `"retryAt"`) {
					t.Errorf("tarpit request %d: %s; want a hold saying the fetch goes on", i, a)
				}
			}
			var total int64
			seen := map[*tarpit]bool{}
			for _, p := range pits {
				if !seen[p] {
					seen[p] = true
					total += p.total.Load()
				}
			}
			if total > tt.wantTotal {
				t.Errorf("%d connections to the tarpits, want at most %d (one fetch per origin)", total, tt.wantTotal)
			}
		})
	}
}

// TestFetchesBoundedInTotal: with MaxFetches 2, no more than 2 tarpit
// connections are ever open at once, whatever the number of origins asked.
// The servers see a connection end a moment after the fetcher has let it go
// and started the next, so a third one counted for a few milliseconds is
// that lag, not a third fetch; a third fetch would hold its connection for
// the whole fetch timeout (400 ms). So a count over the bound is a failure
// once it has lasted 100 ms.
func TestFetchesBoundedInTotal(t *testing.T) {
	const lag = 100 * time.Millisecond
	var mu sync.Mutex
	var peak int
	var overSince time.Time
	var pits []*tarpit
	for range 6 {
		pits = append(pits, newTarpit(t))
	}
	o := gateOptions(t, nil, nil, nil)
	o.Gate.Client.MaxFetches = 2
	o.Gate.Client.Fetcher.Timeout = 400 * time.Millisecond
	o.DecideTimeout = 200 * time.Millisecond
	ts, _ := newServer(t, Options{Gate: o})
	var urls []string
	for _, p := range pits {
		urls = append(urls, p.URL()+"/x")
	}
	stop := make(chan struct{})
	var sampler sync.WaitGroup
	sampler.Go(func() {
		for {
			select {
			case <-stop:
				return
			case <-time.After(5 * time.Millisecond):
			}
			n := 0
			for _, p := range pits {
				n += int(p.open.Load())
			}
			mu.Lock()
			switch {
			case n <= 2:
				overSince = time.Time{}
			case overSince.IsZero():
				overSince = time.Now()
			case time.Since(overSince) >= lag:
				peak = max(peak, n)
			}
			mu.Unlock()
		}
	})
	code, b := postJSON(t, ts.URL+"/api/v1/decide", urlsJSON(urls...), nil)
	// Wait for every fetch to have had its turn (each ends at its deadline).
	for deadline := time.Now().Add(30 * time.Second); ; time.Sleep(20 * time.Millisecond) {
		var total int64
		for _, p := range pits {
			total += p.total.Load()
		}
		if total == int64(len(pits)) {
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("only %d of %d origins were ever fetched", total, len(pits))
		}
	}
	close(stop)
	sampler.Wait()
	if code != 200 || strings.Count(b, `"gate":"hold"`) != len(pits) {
		t.Errorf("decide: %d %s; want a hold for each tarpit URL", code, b)
	}
	for _, p := range pits {
		if p.peak.Load() > 1 {
			t.Errorf("an origin had %d connections at once, want 1", p.peak.Load())
		}
	}
	if peak > 2 {
		t.Errorf("%d tarpit connections open at once for %v or more, want at most MaxFetches = 2", peak, lag)
	}
}

// TestDeadlinesNest: a fetch that outlives the decide deadline gives a hold, not an empty
// reply, even on a server whose own write timeout is shorter; a stream
// keeps its fast lines and ends with the hold.
func TestDeadlinesNest(t *testing.T) {
	slow := newSite(t, "User-agent: *\nAllow: /\n", 1500*time.Millisecond)
	fast := newSite(t, "User-agent: *\nDisallow: /private/\n", 0)
	o := gateOptions(t, nil, nil, nil)
	o.DecideTimeout = 400 * time.Millisecond
	h, err := New(Options{Gate: o})
	if err != nil {
		t.Fatal(err)
	}
	ts := httptest.NewUnstartedServer(h)
	ts.Config.WriteTimeout = 100 * time.Millisecond // shorter than the decide deadline
	ts.Start()
	t.Cleanup(ts.Close)
	code, b := postJSON(t, ts.URL+"/api/v1/decide", urlsJSON(fast.URL+"/a", slow.URL+"/b"), nil)
	var got []decideLine
	if code != 200 || json.Unmarshal([]byte(b), &got) != nil || len(got) != 2 {
		t.Fatalf("decide past the server's write timeout: %d %q", code, b)
	}
	if got[0].Gate != gate.Admit || got[1].Gate != gate.Hold || got[1].RetryAt == "" || !strings.HasPrefix(got[1].Decision.Reason, gate.FetchPending) {
		t.Errorf("decide: %+v; want admit, then a hold saying the fetch goes on", got)
	}
	// Stream: the fast lines, then the hold; never cut.
	fast2 := newSite(t, "User-agent: *\nDisallow: /private/\n", 0)
	slow2 := newSite(t, "User-agent: *\nAllow: /\n", 1500*time.Millisecond)
	code, b = postJSON(t, ts.URL+"/api/v1/decide", urlsJSON(fast2.URL+"/a", slow2.URL+"/b", fast2.URL+"/private/c"), map[string]string{"Accept": "application/x-ndjson"})
	var lines []decideLine
	sc := bufio.NewScanner(strings.NewReader(b))
	for sc.Scan() {
		var l decideLine
		if err := json.Unmarshal(sc.Bytes(), &l); err != nil {
			t.Fatalf("stream line %q: %v", sc.Text(), err)
		}
		lines = append(lines, l)
	}
	if code != 200 || len(lines) != 3 || lines[2].URL != slow2.URL+"/b" || lines[2].Gate != gate.Hold {
		t.Errorf("stream: %d %+v; want 3 lines, the slow origin's hold last", code, lines)
	}
	// Asked again once the fetch landed, the slow origin is answered.
	for deadline := time.Now().Add(30 * time.Second); slow.fetches.Load() == 0 || !cached(o.Cache, slow.URL); time.Sleep(20 * time.Millisecond) {
		if time.Now().After(deadline) {
			t.Fatal("the fetch that outlived the deadline never landed")
		}
	}
	if _, a := decide(t, ts.URL, urlsJSON(slow.URL+"/b")); a[0].Gate != gate.Admit {
		t.Errorf("after the fetch landed: %+v, want admit", a)
	}
	if n := slow.fetches.Load(); n != 1 {
		t.Errorf("%d fetches of the slow origin, want 1 (the deadline does not cancel the fetch)", n)
	}
}

func cached(c cache.Cache, u string) bool {
	origin, _ := fetch.Origin(u)
	_, err := c.Get(context.Background(), origin)
	return err == nil
}

// TestDefaultDeadlinesNest: with the defaults, fetch < lock < decide <
// write, so that a waiter for a dead holder's lock is answered, and the
// answer is written.
func TestDefaultDeadlinesNest(t *testing.T) {
	for _, ft := range []time.Duration{0, time.Second, 30 * time.Second, 5 * time.Minute} {
		t.Run(fmt.Sprint(ft), func(t *testing.T) {
			cl := &gate.Client{Fetcher: &fetch.Fetcher{Timeout: ft}}
			s := &Server{mux: http.NewServeMux()}
			o := &GateOptions{Gate: &gate.Gate{Agent: "ExampleBot", Client: cl}}
			s.routeGate(o)
			g := s.gateSvc
			fetchT := ft
			if fetchT == 0 {
				fetchT = fetch.DefaultTimeout
			}
			lock := cl.LockTTL()
			chain := []struct {
				name string
				d    time.Duration
			}{{"fetch", fetchT}, {"lock", lock}, {"decide", g.o.DecideTimeout}, {"write", g.o.DecideTimeout + writeMargin}}
			for i := 1; i < len(chain); i++ {
				if chain[i-1].d >= chain[i].d {
					t.Errorf("%s %v >= %s %v: deadlines must nest", chain[i-1].name, chain[i-1].d, chain[i].name, chain[i].d)
				}
			}
		})
	}
}

// openShared opens a shared cache on srv for t and waits until it uses the
// store and follows its channels.
func openShared(t *testing.T, srv *redistest.Server, opt rediscache.Options) *rediscache.Cache {
	t.Helper()
	rc, err := rediscache.Open(srv.URL(), opt)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { rc.Close() })
	for deadline := time.Now().Add(10 * time.Second); !rc.Up() || !rc.Subscribed(); time.Sleep(10 * time.Millisecond) {
		if time.Now().After(deadline) {
			t.Fatal("the cache did not reach Redis within 10s")
		}
	}
	return rc
}

// TestDeadLockHolderAnswered: the fleet lock of an origin is held by an
// instance that died (a key nobody will release); a decide is answered at
// its deadline with a hold, not left without an answer.
func TestDeadLockHolderAnswered(t *testing.T) {
	srv := redistest.Start(t)
	site := newSite(t, "User-agent: *\nAllow: /\n", 0)
	rc := openShared(t, srv, rediscache.Options{Prefix: "deadlock:"})
	origin, _ := fetch.Origin(site.URL)
	if err := redistest.Client(t, srv).Set(context.Background(), rc.Key("lock", origin), "dead-instance", time.Minute).Err(); err != nil {
		t.Fatal(err)
	}
	o := gateOptions(t, rc, rc, nil)
	o.DecideTimeout = 600 * time.Millisecond
	ts, _ := newServer(t, Options{Gate: o})
	code, a := decide(t, ts.URL, urlsJSON(site.URL+"/x"))
	if code != 200 || len(a) != 1 || a[0].Gate != gate.Hold || !strings.HasPrefix(a[0].Decision.Reason, gate.FetchPending) {
		t.Errorf("decide behind a dead holder's lock: %d %+v; want a hold at the deadline", code, a)
	}
	if n := site.fetches.Load(); n != 0 {
		t.Errorf("%d fetches while another instance holds the lock, want 0", n)
	}
}

// TestCrossSiteRequestsRefused: a page of another site can send a POST
// without a CORS preflight only as a form or text/plain, or with any body
// through a name that resolves to this server (DNS rebinding); each is
// refused before anything is decided or held. With a token, requests
// without it are refused.
func TestCrossSiteRequestsRefused(t *testing.T) {
	tests := []struct {
		name  string
		path  string
		token string
		hosts []string
		hdr   map[string]string
		want  int
	}{
		{"JSON from a crawler", "/api/v1/target-status", "", nil, nil, 200},
		{"no Content-Type", "/api/v1/target-status", "", nil, map[string]string{"Content-Type": ""}, 415},
		{"text/plain (no preflight)", "/api/v1/target-status", "", nil, map[string]string{"Content-Type": "text/plain"}, 415},
		{"form (no preflight)", "/api/v1/target-status", "", nil, map[string]string{"Content-Type": "application/x-www-form-urlencoded"}, 415},
		{"multipart (no preflight)", "/api/v1/decide", "", nil, map[string]string{"Content-Type": "multipart/form-data; boundary=x"}, 415},
		{"Origin of another site", "/api/v1/target-status", "", nil, map[string]string{"Origin": "https://evil.example"}, 403},
		{"Origin null (sandboxed page)", "/api/v1/target-status", "", nil, map[string]string{"Origin": "null"}, 403},
		{"Sec-Fetch-Site cross-site", "/api/v1/decide", "", nil, map[string]string{"Sec-Fetch-Site": "cross-site"}, 403},
		{"Sec-Fetch-Site same-site", "/api/v1/decide", "", nil, map[string]string{"Sec-Fetch-Site": "same-site"}, 403},
		{"Sec-Fetch-Site same-origin", "/api/v1/decide", "", nil, map[string]string{"Sec-Fetch-Site": "same-origin"}, 200},
		{"rebound Host name", "/api/v1/target-status", "", nil, map[string]string{"Host": "rebind.evil.example"}, 403},
		{"Host name allowed", "/api/v1/decide", "", []string{"gate.internal"}, map[string]string{"Host": "gate.internal"}, 200},
		{"localhost", "/api/v1/decide", "", nil, map[string]string{"Host": "localhost"}, 200},
		{"token missing", "/api/v1/decide", "s3cret", nil, nil, 401},
		{"token wrong", "/api/v1/decide", "s3cret", nil, map[string]string{"Authorization": "Bearer nope"}, 401},
		{"token right", "/api/v1/decide", "s3cret", nil, map[string]string{"Authorization": "Bearer s3cret"}, 200},
		// RFC 9110 section 11.1: the scheme's name is case-insensitive.
		{"token right, scheme in lower case", "/api/v1/decide", "s3cret", nil, map[string]string{"Authorization": "bearer s3cret"}, 200},
		{"token right, scheme in upper case", "/api/v1/decide", "s3cret", nil, map[string]string{"Authorization": "BEARER s3cret"}, 200},
		{"another scheme", "/api/v1/decide", "s3cret", nil, map[string]string{"Authorization": "Basic s3cret"}, 401},
		{"the scheme glued to the token", "/api/v1/decide", "s3cret", nil, map[string]string{"Authorization": "Bearers3cret"}, 401},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			site := newSite(t, "User-agent: *\nAllow: /\n", 0)
			status := `{"url":"` + site.URL + `/x","status":503,"retryAfter":"86400"}`
			pol := &gate.Politeness{}
			o := gateOptions(t, nil, &gate.LocalHolds{}, pol)
			o.Token, o.Hosts = tt.token, tt.hosts
			ts, _ := newServer(t, Options{Gate: o})
			body := status
			if tt.path == "/api/v1/decide" {
				body = urlsJSON(site.URL + "/x")
			}
			req, _ := http.NewRequest("POST", ts.URL+tt.path, strings.NewReader(body))
			req.Header.Set("Content-Type", "application/json")
			for k, v := range tt.hdr {
				switch {
				case k == "Host":
					req.Host = v
				case v == "":
					req.Header.Del(k)
				default:
					req.Header.Set(k, v)
				}
			}
			resp, err := http.DefaultClient.Do(req)
			if err != nil {
				t.Fatal(err)
			}
			b, _ := io.ReadAll(resp.Body)
			resp.Body.Close()
			if resp.StatusCode != tt.want {
				t.Fatalf("%s: %d %s, want %d", tt.path, resp.StatusCode, b, tt.want)
			}
			origin, _ := fetch.Origin(site.URL)
			_, held, _ := pol.Store.OriginHeld(context.Background(), origin, time.Now())
			if tt.path == "/api/v1/target-status" && held != (tt.want == 200) {
				t.Errorf("origin held: %v after a %d", held, tt.want)
			}
			if tt.want != 200 && site.fetches.Load() != 0 {
				t.Errorf("a refused request fetched robots.txt")
			}
		})
	}
	// DELETE of a policy is refused cross-site too.
	site := newSite(t, "User-agent: *\nAllow: /\n", 0)
	o := gateOptions(t, nil, nil, nil)
	ts, _ := newServer(t, Options{Gate: o})
	req, _ := http.NewRequest("DELETE", ts.URL+"/api/v1/policy?origin="+site.URL, nil)
	req.Header.Set("Origin", "https://evil.example")
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if resp.StatusCode != 403 {
		t.Errorf("cross-site DELETE /api/v1/policy: %d, want 403", resp.StatusCode)
	}
}

// TestDecideAnswerBounded: one decide answer stays within its limit (plus
// one record), and every URL is answered: those beyond the limit with a
// hold that says to ask again; URLs alone over the limit are refused with
// 413 before anything is fetched. URLs JSON would escape six-fold ('<')
// are written as they are: a body of 2 MB of them answers less than 5
// times its size (it was 7.3 times, 14 MB).
func TestDecideAnswerBounded(t *testing.T) {
	site := newSite(t, "User-agent: *\nDisallow: /private/\n", 0)
	var urls []string
	for i := range 150 {
		urls = append(urls, fmt.Sprintf("%s/%d?q=%s", site.URL, i, strings.Repeat("a", 200)))
	}
	var big []string
	for i := range 1000 {
		big = append(big, fmt.Sprintf("%s/%d?q=%s", site.URL, i, strings.Repeat("<", 1900)))
	}
	tests := []struct {
		name   string
		limit  int64
		urls   []string
		stream bool
		code   int
		full   bool // some URLs answered AnswerFull
		ratio  int  // answer at most ratio times the body
	}{
		{"within the limit", 0, urls, false, 200, false, 5},
		{"over a 128 KiB limit", 128 << 10, urls, false, 200, true, 0},
		{"over a 128 KiB limit, streamed", 128 << 10, urls, true, 200, true, 0},
		{"URLs alone over the limit", 128 << 10, big[:100], false, 413, false, 0},
		{"2 MB of '<' URLs", 0, big, false, 200, false, 5},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			o := gateOptions(t, nil, nil, nil)
			o.MaxAnswer = tt.limit
			ts, _ := newServer(t, Options{Gate: o})
			hdr := map[string]string{}
			if tt.stream {
				hdr["Accept"] = "application/x-ndjson"
			}
			body := `{"urls":["` + strings.Join(tt.urls, `","`) + `"]}` // '<' unescaped
			code, b := postJSON(t, ts.URL+"/api/v1/decide", body, hdr)
			if code != tt.code {
				t.Fatalf("%d %.300s, want %d", code, b, tt.code)
			}
			if code != 200 {
				return
			}
			limit := tt.limit
			if limit == 0 {
				limit = MaxDecideAnswer
			}
			if int64(len(b)) > limit+4<<10 {
				t.Errorf("answer of %d KB, over the %d KB limit", len(b)>>10, limit>>10)
			}
			if tt.ratio > 0 && len(b) > tt.ratio*len(body) {
				t.Errorf("answer of %d bytes for a body of %d: over %d times", len(b), len(body), tt.ratio)
			}
			var got []decideLine
			if tt.stream {
				for l := range strings.Lines(b) {
					var d decideLine
					if err := json.Unmarshal([]byte(l), &d); err != nil {
						t.Fatal(err)
					}
					got = append(got, d)
				}
			} else if err := json.Unmarshal([]byte(b), &got); err != nil {
				t.Fatal(err)
			}
			full, decided := 0, 0
			seen := map[string]bool{}
			for _, d := range got {
				seen[d.URL] = true
				switch {
				case d.Error == AnswerFull && d.Gate == gate.Hold:
					full++
				case d.Decision != nil && d.Gate == gate.Admit:
					decided++
				default:
					t.Errorf("unexpected answer %+v", d)
				}
			}
			if len(seen) != len(tt.urls) || (full > 0) != tt.full || decided == 0 {
				t.Errorf("%d distinct URLs answered of %d, %d decided, %d held as over the limit", len(seen), len(tt.urls), decided, full)
			}
			if strings.Contains(b, `\u003c`) {
				t.Errorf("'<' escaped as \\u003c: the answer grows six-fold")
			}
		})
	}
}

// TestDecideSizesBounded: header lines beyond MaxHeaderBytes get 431; connections beyond MaxConns
// wait for a turn.
func TestDecideSizesBounded(t *testing.T) {
	site := newSite(t, "User-agent: *\nAllow: /\n", 0)
	o := gateOptions(t, nil, nil, nil)
	h, err := New(Options{Gate: o, MaxConns: 2})
	if err != nil {
		t.Fatal(err)
	}
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	served := make(chan error, 1)
	go func() { served <- h.Serve(ctx, ln) }()
	t.Cleanup(func() { cancel(); <-served })
	base := "http://" + ln.Addr().String()

	tests := []struct {
		name string
		body string
		hdr  map[string]string
		want int
	}{
		{"header lines over 64 KiB", urlsJSON(site.URL + "/a"), map[string]string{"X-Big": strings.Repeat("a", 80<<10)}, 431},
		{"a small request", urlsJSON(site.URL + "/a"), map[string]string{"X-Fine": strings.Repeat("a", 8<<10)}, 200},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			code, b := postJSON(t, base+"/api/v1/decide", tt.body, tt.hdr)
			if code != tt.want {
				t.Errorf("%d %.200s, want %d", code, b, tt.want)
			}
		})
	}
	if n := site.fetches.Load(); n != 1 {
		t.Errorf("%d fetches, want 1 (the small request's): a refused request fetched", n)
	}

	// Two connections that send half a header take both turns; a third
	// request is served once one of them goes.
	http.DefaultTransport.(*http.Transport).CloseIdleConnections()
	time.Sleep(100 * time.Millisecond) // let the server see them go
	var idle []net.Conn
	for range 2 {
		c, err := net.Dial("tcp", ln.Addr().String())
		if err != nil {
			t.Fatal(err)
		}
		fmt.Fprintf(c, "POST /api/v1/decide HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Partial: ")
		idle = append(idle, c)
	}
	time.Sleep(100 * time.Millisecond) // let the server accept them
	got := make(chan int, 1)
	go func() {
		c := &http.Client{Transport: &http.Transport{DisableKeepAlives: true}, Timeout: 60 * time.Second}
		resp, err := c.Post(base+"/api/v1/decide", "application/json", strings.NewReader(urlsJSON(site.URL+"/b")))
		if err != nil {
			got <- 0
			return
		}
		resp.Body.Close()
		got <- resp.StatusCode
	}()
	select {
	case code := <-got:
		t.Errorf("a third connection was served (%d) while MaxConns = 2 were open", code)
	case <-time.After(300 * time.Millisecond):
	}
	idle[0].Close()
	select {
	case code := <-got:
		if code != 200 {
			t.Errorf("after a turn freed: %d, want 200", code)
		}
	case <-time.After(30 * time.Second):
		t.Fatal("the waiting connection was never served")
	}
	idle[1].Close()
}

// TestHoldsListedAndLifted: a hold reported through one instance is listed
// by another and lifted through it for the whole fleet: every instance
// admits again, and none writes its copy back after Redis restarts empty.
func TestHoldsListedAndLifted(t *testing.T) {
	srv := redistest.Start(t)
	site := newSite(t, "User-agent: *\nDisallow: /private/\n", 0)
	var bases []string
	for range 2 {
		rc := openShared(t, srv, rediscache.Options{Prefix: "lift:", Settle: 300 * time.Millisecond})
		o := gateOptions(t, rc, rc, nil)
		o.SharedState = rc.Health
		ts, _ := newServer(t, Options{Gate: o})
		bases = append(bases, ts.URL)
	}
	gateOf := func(base string) gate.Action {
		t.Helper()
		code, a := decide(t, base, urlsJSON(site.URL+"/page"))
		if code != 200 || len(a) != 1 {
			t.Fatalf("decide: %d %+v", code, a)
		}
		return a[0].Gate
	}
	if code, b := postJSON(t, bases[0]+"/api/v1/target-status", `{"url":"`+site.URL+`/x","status":429,"retryAfter":"3600"}`, nil); code != 200 {
		t.Fatalf("target-status: %d %s", code, b)
	}
	for i, base := range bases {
		if g := gateOf(base); g != gate.Hold {
			t.Fatalf("instance %d after the 429: %s, want hold", i, g)
		}
	}
	origin, _ := fetch.Origin(site.URL)
	get := func(base string) []holdAnswer {
		resp, err := http.Get(base + "/api/v1/holds")
		if err != nil {
			t.Fatal(err)
		}
		defer resp.Body.Close()
		var out struct{ Holds []holdAnswer }
		if err := json.NewDecoder(resp.Body).Decode(&out); err != nil || resp.StatusCode != 200 {
			t.Fatalf("GET /api/v1/holds: %d %v", resp.StatusCode, err)
		}
		return out.Holds
	}
	if h := get(bases[1]); len(h) != 1 || h[0].Origin != origin || h[0].HTTPStatus != 429 {
		t.Fatalf("holds listed by instance 2: %+v, want the 429 of %s", h, origin)
	}
	req, _ := http.NewRequest("DELETE", bases[1]+"/api/v1/holds?origin="+origin, nil)
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if resp.StatusCode != 200 {
		t.Fatalf("DELETE /api/v1/holds: %d", resp.StatusCode)
	}
	// Every instance drops its copy (the message may take a moment).
	for i, base := range bases {
		for deadline := time.Now().Add(10 * time.Second); gateOf(base) != gate.Admit; time.Sleep(20 * time.Millisecond) {
			if time.Now().After(deadline) {
				t.Fatalf("instance %d still holds the lifted origin", i)
			}
		}
	}
	if h := get(bases[0]); len(h) != 0 {
		t.Errorf("holds after the lift: %+v, want none", h)
	}
	// Redis restarted empty: no instance writes the lifted hold back.
	if err := srv.Restart(); err != nil {
		t.Fatal(err)
	}
	for i, base := range bases {
		for deadline := time.Now().Add(15 * time.Second); ; time.Sleep(50 * time.Millisecond) {
			resp, err := http.Get(base + "/sharedz")
			if err == nil {
				resp.Body.Close()
				if resp.StatusCode == 200 {
					break
				}
			}
			if time.Now().After(deadline) {
				t.Fatalf("instance %d: shared state not back", i)
			}
		}
		if g := gateOf(base); g != gate.Admit {
			_, a := decide(t, base, urlsJSON(site.URL+"/page"))
			t.Errorf("instance %d after the restart: %s, want admit (the lifted hold came back?): %s", i, g, a[0].Decision.Reason)
		}
	}
}

// TestHoldsLocal: without Redis, the instance's own holds are listed and
// lifted; a lift of an origin not held says so.
func TestHoldsLocal(t *testing.T) {
	site := newSite(t, "User-agent: *\nAllow: /\n", 0)
	o := gateOptions(t, nil, &gate.LocalHolds{}, nil)
	ts, _ := newServer(t, Options{Gate: o})
	postJSON(t, ts.URL+"/api/v1/target-status", `{"url":"`+site.URL+`/x","status":503,"retryAfter":"60"}`, nil)
	origin, _ := fetch.Origin(site.URL)
	tests := []struct {
		method, query string
		want          string
	}{
		{"GET", "", `"origin":"` + origin + `"`},
		{"DELETE", "?origin=" + origin, `"lifted":true`},
		{"GET", "", `"holds":[]`},
		{"DELETE", "?origin=" + origin, `"lifted":false`},
		{"DELETE", "?origin=ftp://x", `want an http(s) URL`},
	}
	for _, tt := range tests {
		req, _ := http.NewRequest(tt.method, ts.URL+"/api/v1/holds"+tt.query, nil)
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		b, _ := io.ReadAll(resp.Body)
		resp.Body.Close()
		if !strings.Contains(string(b), tt.want) {
			t.Errorf("%s /api/v1/holds%s: %s, want %s", tt.method, tt.query, b, tt.want)
		}
	}
	if _, a := decide(t, ts.URL, urlsJSON(site.URL+"/y")); a[0].Gate != gate.Admit {
		t.Errorf("after the lift: %s, want admit", a[0].Gate)
	}
}
