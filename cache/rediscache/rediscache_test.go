package rediscache_test

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"net/http/httptest"
	"os"
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

// origin is a loopback site whose robots.txt can be changed and whose
// fetches are counted.
type origin struct {
	*httptest.Server
	mu      sync.Mutex
	body    string
	status  int
	header  http.Header
	delay   time.Duration
	fetches atomic.Int64
}

func newOrigin(t *testing.T, body string) *origin {
	o := &origin{body: body, status: 200}
	o.Server = httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Path != "/robots.txt" {
			http.NotFound(w, r)
			return
		}
		o.fetches.Add(1)
		o.mu.Lock()
		body, status, delay, hdr := o.body, o.status, o.delay, o.header
		o.mu.Unlock()
		time.Sleep(delay)
		for k, v := range hdr {
			w.Header()[k] = v
		}
		w.WriteHeader(status)
		fmt.Fprint(w, body)
	}))
	t.Cleanup(o.Close)
	return o
}

func (o *origin) set(status int, body string, hdr http.Header) {
	o.mu.Lock()
	o.status, o.body, o.header = status, body, hdr
	o.mu.Unlock()
}

// instance is one process of a fleet: its own Cache on the shared server,
// its own Client and Gate.
type instance struct {
	cache  *rediscache.Cache
	client *gate.Client
	gate   *gate.Gate
}

func newInstance(t *testing.T, srv *redistest.Server, prefix string, opt rediscache.Options) *instance {
	t.Helper()
	return newInstanceAt(t, srv.URL(), prefix, opt)
}

// newInstanceAt is newInstance on a store's URL (redis:// or
// redis-sentinel://).
func newInstanceAt(t *testing.T, url, prefix string, opt rediscache.Options) *instance {
	t.Helper()
	opt.Prefix = prefix
	c, err := rediscache.Open(url, opt)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { c.Close() })
	waitUp(t, c)
	cl := &gate.Client{Cache: c, Fetcher: &fetch.Fetcher{Guard: &netguard.Policy{AllowPrivate: true}, Timeout: 2 * time.Second}}
	scope, err := gate.ParseScope([]byte("approved: [\"*\"]\n"), "yaml")
	if err != nil {
		t.Fatal(err)
	}
	return &instance{cache: c, client: cl, gate: &gate.Gate{Agent: "ExampleBot", Client: cl, Scope: scope}}
}

// waitUp waits until c uses the store and follows its channels.
func waitUp(t *testing.T, c *rediscache.Cache) {
	t.Helper()
	deadline := time.Now().Add(10 * time.Second)
	for !(c.Up() && c.Subscribed()) {
		if time.Now().After(deadline) {
			t.Fatal("cache did not reach the store within 10s")
		}
		time.Sleep(10 * time.Millisecond)
	}
}

func rdb(t *testing.T, srv *redistest.Server) *redis.Client {
	c := redis.NewClient(&redis.Options{Addr: srv.Addr, DisableIdentity: true})
	t.Cleanup(func() { c.Close() })
	return c
}

func TestEntryKeysAndTTLs(t *testing.T) {
	srv := redistest.Start(t)
	ctx := context.Background()
	a := newInstance(t, srv, "t1:", rediscache.Options{Keep: time.Hour, HoldKeep: 10 * time.Minute})
	b := newInstance(t, srv, "t1:", rediscache.Options{})
	other := newInstance(t, srv, "t1other:", rediscache.Options{})
	now := time.Now().UTC().Truncate(time.Second)
	p := &fetch.Policy{Origin: "https://a.example", Status: fetch.Success, HTTPStatus: 200, Body: []byte("User-agent: *\nDisallow: /x\n"),
		Digest: "sha256:01", FetchedAt: now, MaxAge: -1}
	fail := &fetch.Policy{Origin: "https://a.example", Status: fetch.Unreachable, HTTPStatus: 503, FetchedAt: now, Detail: "HTTP 503"}
	e := &cache.Entry{Policy: p, Expires: now.Add(2 * time.Hour), Failure: fail, Failures: 3, FailingSince: now, RetryAt: now.Add(5 * time.Minute)}
	if err := a.cache.Put(ctx, "https://a.example", e); err != nil {
		t.Fatal(err)
	}
	got, err := b.cache.Get(ctx, "https://a.example")
	if err != nil {
		t.Fatal(err)
	}
	if got.Source != rediscache.Shared || got.Policy.Digest != p.Digest || string(got.Policy.Body) != string(p.Body) ||
		!got.Expires.Equal(e.Expires) || got.Failures != 3 || !got.RetryAt.Equal(e.RetryAt) || got.Failure.HTTPStatus != 503 {
		t.Errorf("instance b read %+v, want what a wrote", got)
	}
	if _, err := other.cache.Get(ctx, "https://a.example"); !errors.Is(err, cache.ErrMiss) {
		t.Errorf("another prefix: err %v, want ErrMiss", err)
	}
	r := rdb(t, srv)
	tests := []struct {
		key      string
		min, max time.Duration
	}{
		{rediscache.KeyOf("t1:", "policy", "https://a.example"), 2*time.Hour + 50*time.Minute, 3 * time.Hour},    // expiry + Keep
		{rediscache.KeyOf("t1:", "hold", "https://a.example"), 14 * time.Minute, 15*time.Minute + 5*time.Second}, // retry + HoldKeep
	}
	for _, tt := range tests {
		ttl, err := r.TTL(ctx, tt.key).Result()
		if err != nil || ttl < tt.min || ttl > tt.max {
			t.Errorf("TTL(%s) = %v, %v; want in [%v, %v]", tt.key, ttl, err, tt.min, tt.max)
		}
	}
	// A success clears the hold key.
	if err := a.cache.Put(ctx, "https://a.example", &cache.Entry{Policy: p, Expires: e.Expires}); err != nil {
		t.Fatal(err)
	}
	if n, _ := r.Exists(ctx, rediscache.KeyOf("t1:", "hold", "https://a.example")).Result(); n != 0 {
		t.Error("hold key left after a successful fetch")
	}
	if err := b.cache.Delete(ctx, "https://a.example"); err != nil {
		t.Fatal(err)
	}
	for _, in := range []*instance{a, b} {
		deadline := time.Now().Add(5 * time.Second)
		for {
			_, err := in.cache.Get(ctx, "https://a.example")
			if errors.Is(err, cache.ErrMiss) {
				break
			}
			if time.Now().After(deadline) {
				t.Fatalf("after Delete, Get = %v, want ErrMiss on every instance", err)
			}
			time.Sleep(10 * time.Millisecond)
		}
	}
}

func TestFleetSingleFlight(t *testing.T) {
	srv := redistest.Start(t)
	o := newOrigin(t, "User-agent: *\nDisallow: /private/\n")
	o.delay = 300 * time.Millisecond
	fleet := []*instance{
		newInstance(t, srv, "sf:", rediscache.Options{}),
		newInstance(t, srv, "sf:", rediscache.Options{}),
		newInstance(t, srv, "sf:", rediscache.Options{}),
	}
	var wg sync.WaitGroup
	var admits, drops atomic.Int64
	for i := range 90 {
		wg.Go(func() {
			in := fleet[i%3]
			path := "/public/x"
			if i%2 == 1 {
				path = "/private/x"
			}
			d, err := in.gate.Check(context.Background(), o.URL+path)
			if err != nil {
				t.Error(err)
				return
			}
			if d.PolicySource != rediscache.Shared {
				t.Errorf("policySource %q, want shared", d.PolicySource)
			}
			switch d.Action {
			case gate.Admit:
				admits.Add(1)
			case gate.Drop:
				drops.Add(1)
			}
		})
	}
	wg.Wait()
	if n := o.fetches.Load(); n != 1 {
		t.Errorf("%d robots.txt fetches by a fleet of 3 for 90 concurrent tasks, want 1", n)
	}
	if admits.Load() != 45 || drops.Load() != 45 {
		t.Errorf("admit %d, drop %d; want 45 each", admits.Load(), drops.Load())
	}
	var total int64
	for _, in := range fleet {
		total += in.client.Stats().Fetches
	}
	if total != 1 {
		t.Errorf("clients report %d fetches, want 1", total)
	}
}

// A process that took the fleet's fetch lock and died frees it by the
// lock's expiry in the store: another instance waits while it is held,
// then takes it and fetches once. What is checked is the order of events
// in the store, not a time: the dead holder's lock carries a TTL; the live
// instance found it held and waited; when the store expired it, the live
// instance held the lock itself during its fetch (it neither took a held
// lock nor gave up and fetched without one, which it does only after
// twice its own lock TTL, 6.4 s here).
func TestDeadHolderFreesLockByExpiry(t *testing.T) {
	srv := redistest.Start(t)
	ctx := context.Background()
	r := rdb(t, srv)
	dead := newInstance(t, srv, "dh:", rediscache.Options{})
	live := newInstance(t, srv, "dh:", rediscache.Options{})
	site := httptest.NewServer(nil)
	t.Cleanup(site.Close)
	key, _ := fetch.Origin(site.URL)
	lockKey := rediscache.KeyOf("dh:", "lock", key)
	// The robots.txt fetch notes who holds the lock while it runs.
	var fetches atomic.Int64
	holder := make(chan string, 4)
	site.Config.Handler = http.HandlerFunc(func(w http.ResponseWriter, req *http.Request) {
		if req.URL.Path == "/robots.txt" {
			fetches.Add(1)
			h, _ := r.Get(ctx, lockKey).Result()
			holder <- h
		}
		fmt.Fprint(w, "User-agent: *\nAllow: /\n")
	})
	// A process took the lock and died: it never writes, never unlocks.
	// Its TTL is long, so that the live instance finds it held however
	// slow the machine; once the live instance waits, the lock is left
	// 300 ms, as if the dead holder had taken it just before.
	if _, ok, err := dead.cache.Lock(ctx, key, time.Minute); !ok || err != nil {
		t.Fatalf("Lock = %v, %v", ok, err)
	}
	deadID, err := r.Get(ctx, lockKey).Result()
	if err != nil || deadID == "" {
		t.Fatalf("the lock %s is not in the store: %q, %v", lockKey, deadID, err)
	}
	if ttl := r.PTTL(ctx, lockKey).Val(); ttl <= 0 || ttl > time.Minute {
		t.Fatalf("the lock's TTL is %v, want the minute it was taken for", ttl)
	}
	var waits atomic.Int64
	live.client.Hooks = &gate.Hooks{FleetWait: func(string) {
		if waits.Add(1) == 1 {
			if ok, err := r.PExpire(ctx, lockKey, 300*time.Millisecond).Result(); !ok || err != nil {
				t.Errorf("PEXPIRE %s = %v, %v: the lock was not held when the live instance waited", lockKey, ok, err)
			}
		}
	}}
	d, err := live.gate.Check(ctx, site.URL+"/x")
	if err != nil {
		t.Fatal(err)
	}
	if d.Action != gate.Admit || fetches.Load() != 1 {
		t.Fatalf("action %s after %d fetches, want admit after 1", d.Action, fetches.Load())
	}
	if n := waits.Load(); n != 1 {
		t.Errorf("the live instance waited %d times for the lock, want 1 (it was held)", n)
	}
	switch h := <-holder; h {
	case deadID:
		t.Errorf("the live instance fetched while the dead holder's lock was still in the store: it did not wait for the expiry")
	case "":
		t.Errorf("the live instance fetched without the lock: it gave up waiting instead of taking the expired lock")
	}
}

func TestPolicyChangeRechecksPending(t *testing.T) {
	srv := redistest.Start(t)
	o := newOrigin(t, "User-agent: *\nAllow: /\n")
	changes := make(chan gate.PolicyChange, 4)
	a := newInstance(t, srv, "pc:", rediscache.Options{OnChange: func(c gate.PolicyChange) { changes <- c }})
	b := newInstance(t, srv, "pc:", rediscache.Options{})
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	var pending gate.Pending
	var urls []string
	for _, p := range []string{"/a/1", "/a/2", "/b/1"} {
		d, err := a.gate.Check(ctx, o.URL+p)
		if err != nil || d.Action != gate.Admit {
			t.Fatalf("Check(%s) = %v, %v; want admit", p, d, err)
		}
		pending.Add(d)
		urls = append(urls, d.TargetURL)
	}
	type change struct{ prev, now *gate.Decision }
	got := make(chan change, 8)
	fanned := make(chan gate.PolicyChange, 4)
	go a.gate.Watch(ctx, fanned, &pending, func(prev, now *gate.Decision) { got <- change{prev, now} })
	// The site disallows /a/; another instance refreshes and publishes.
	o.set(200, "User-agent: *\nDisallow: /a/\n", nil)
	if _, err := b.client.Refresh(ctx, o.URL); err != nil {
		t.Fatal(err)
	}
	var ch gate.PolicyChange
	select {
	case ch = <-changes:
	case <-time.After(5 * time.Second):
		t.Fatal("no policy change published within 5s")
	}
	origin, _ := fetch.Origin(o.URL)
	if ch.Origin != origin || ch.Old == "" || ch.New == "" || ch.Old == ch.New {
		t.Fatalf("change %+v, want {%s, old, new} with two digests", ch, origin)
	}
	fanned <- ch
	dropped := map[string]bool{}
	for range 3 { // every pending task: the version changed for all
		select {
		case c := <-got:
			if !c.now.Changed || c.prev.Version() == c.now.Version() {
				t.Errorf("%s rechecked: changed=%v, versions %s -> %s", c.now.TargetURL, c.now.Changed, c.prev.Version(), c.now.Version())
			}
			if c.now.Action == gate.Drop {
				dropped[c.now.TargetURL] = true
			}
		case <-time.After(5 * time.Second):
			t.Fatal("pending tasks not rechecked within 5s")
		}
	}
	if len(dropped) != 2 || !dropped[urls[0]] || !dropped[urls[1]] {
		t.Errorf("dropped %v, want %s and %s", dropped, urls[0], urls[1])
	}
	if pending.Len() != 1 {
		t.Errorf("%d tasks pending, want 1 (/b/1, still admitted)", pending.Len())
	}
	if n := o.fetches.Load(); n != 2 {
		t.Errorf("%d fetches, want 2 (first fetch, refresh): the recheck must use the refreshed entry", n)
	}
}

// TestRedisDownNeverFailsOpen kills Redis mid-run and restarts it empty.
func TestRedisDownNeverFailsOpen(t *testing.T) {
	t.Parallel() // mostly waits on its own servers: beside the other such tests
	srv := redistest.Start(t)
	ctx := context.Background()
	known := newOrigin(t, "User-agent: *\nDisallow: /private/\n")
	failing := newOrigin(t, "")
	failing.set(503, "busy", http.Header{"Retry-After": {"3600"}})
	fresh := newOrigin(t, "User-agent: *\nDisallow: /secret/\n")
	fresh.delay = 200 * time.Millisecond
	a := newInstance(t, srv, "down:", rediscache.Options{})
	b := newInstance(t, srv, "down:", rediscache.Options{})

	check := func(in *instance, url string) *gate.Decision {
		t.Helper()
		d, err := in.gate.Check(ctx, url)
		if err != nil {
			t.Fatal(err)
		}
		return d
	}
	if d := check(a, known.URL+"/private/x"); d.Action != gate.Drop || d.PolicySource != rediscache.Shared {
		t.Fatalf("before: %s from %q, want drop from shared", d.Action, d.PolicySource)
	}
	if d := check(a, failing.URL+"/x"); d.Action != gate.Hold {
		t.Fatalf("503 origin: %s, want hold", d.Action)
	}
	if err := a.cache.HoldOrigin(ctx, "http://held.example", gate.OriginHold{Until: time.Now().Add(time.Hour), HTTPStatus: 429}); err != nil {
		t.Fatal(err)
	}

	srv.Kill()
	// Until the instances notice, their near copies (read from the store
	// within NearTTL) still answer as shared; wait for them to notice.
	for deadline := time.Now().Add(5 * time.Second); a.cache.Subscribed() || b.cache.Subscribed(); time.Sleep(5 * time.Millisecond) {
		if time.Now().After(deadline) {
			t.Fatal("the instances did not notice Redis was gone within 5s")
		}
	}
	tests := []struct {
		name   string
		url    string
		action gate.Action
	}{
		{"known origin, disallowed path", known.URL + "/private/x", gate.Drop},
		{"known origin, allowed path", known.URL + "/public/x", gate.Admit},
		{"held origin (503, Retry-After 1h)", failing.URL + "/x", gate.Hold},
		{"new origin, disallowed path", fresh.URL + "/secret/x", gate.Drop},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			d := check(a, tt.url)
			if d.Action != tt.action || d.PolicySource != rediscache.Local {
				t.Errorf("Redis down: %s from %q, want %s from local (%s)", d.Action, d.PolicySource, tt.action, d.Reason)
			}
		})
	}
	// Never seen by b: one local fetch for 20 concurrent tasks, none admitted
	// against the rules.
	var wg sync.WaitGroup
	before := fresh.fetches.Load()
	for i := range 20 {
		wg.Go(func() {
			d, err := b.gate.Check(ctx, fmt.Sprintf("%s/secret/%d", fresh.URL, i))
			if err != nil || d.Action != gate.Drop {
				t.Errorf("Redis down, b: %v %v, want drop", d, err)
			}
		})
	}
	wg.Wait()
	if n := fresh.fetches.Load() - before; n != 1 {
		t.Errorf("b made %d fetches for 20 tasks while Redis was down, want 1 (single flight in the process)", n)
	}
	if failing.fetches.Load() != 1 {
		t.Errorf("the 503 origin was fetched %d times, want 1: its Retry-After hold was lost", failing.fetches.Load())
	}

	if err := srv.Restart(); err != nil {
		t.Fatal(err)
	}
	waitUp(t, a.cache)
	waitUp(t, b.cache)
	// A new instance, after the restart, sees what a and b held: entries and
	// hold state written back, no refetch of the held origin.
	c := newInstance(t, srv, "down:", rediscache.Options{})
	for _, tt := range tests {
		d := check(c, tt.url)
		if d.Action != tt.action || d.PolicySource != rediscache.Shared {
			t.Errorf("after restart, new instance, %s: %s from %q, want %s from shared", tt.name, d.Action, d.PolicySource, tt.action)
		}
	}
	if failing.fetches.Load() != 1 {
		t.Errorf("the 503 origin was fetched %d times, want 1: hold state lost in the restart", failing.fetches.Load())
	}
	if h, ok, err := c.cache.OriginHeld(ctx, "http://held.example", time.Now()); !ok || err != nil || h.HTTPStatus != 429 {
		t.Errorf("target hold after restart: %+v %v %v, want the 429 hold", h, ok, err)
	}
}

func TestTakeSharedLimits(t *testing.T) {
	srv := redistest.Start(t)
	ctx := context.Background()
	a := newInstance(t, srv, "take:", rediscache.Options{})
	b := newInstance(t, srv, "take:", rediscache.Options{})
	const o = "https://slots.example"
	tests := []struct {
		in    *instance
		lease string
		taken bool
	}{
		{a, "l1", true},
		{b, "l2", true},
		{a, "l3", false}, // two at most, across the fleet
		{b, "l4", false},
	}
	for _, tt := range tests {
		wait, err := tt.in.cache.Take(ctx, o, tt.lease, 2, 0, time.Minute)
		if err != nil || (wait == 0) != tt.taken {
			t.Errorf("Take(%s) = %v, %v; taken %v", tt.lease, wait, err, tt.taken)
		}
	}
	if err := a.cache.Release(ctx, o, "l2"); err != nil {
		t.Fatal(err)
	}
	if wait, err := b.cache.Take(ctx, o, "l5", 2, 0, time.Minute); wait != 0 || err != nil {
		t.Errorf("after a release: Take = %v, %v; want taken", wait, err)
	}
	// Interval: the second take within it waits about the rest of it.
	if wait, _ := a.cache.Take(ctx, "https://iv.example", "x", 0, time.Second, time.Minute); wait != 0 {
		t.Errorf("first take waits %v", wait)
	}
	if wait, _ := b.cache.Take(ctx, "https://iv.example", "y", 0, time.Second, time.Minute); wait < 800*time.Millisecond || wait > time.Second {
		t.Errorf("second take within the interval waits %v, want about 1s", wait)
	}
}

type quiet struct{}

func (quiet) Printf(context.Context, string, ...any) {}

func TestMain(m *testing.M) {
	// go-redis logs every failed dial; the tests kill the server on purpose.
	redis.SetLogger(quiet{})
	os.Exit(m.Run())
}

// TestVersionChangeFromUnavailable: a site that had no robots.txt (404:
// everything allowed) and now has one is a policy change too.
func TestVersionChangeFromUnavailable(t *testing.T) {
	srv := redistest.Start(t)
	o := newOrigin(t, "not found")
	o.set(404, "not found", nil)
	changes := make(chan gate.PolicyChange, 4)
	a := newInstance(t, srv, "vu:", rediscache.Options{OnChange: func(c gate.PolicyChange) { changes <- c }})
	b := newInstance(t, srv, "vu:", rediscache.Options{})
	ctx := context.Background()
	if d, err := a.gate.Check(ctx, o.URL+"/x"); err != nil || d.Action != gate.Admit {
		t.Fatalf("404: %v %v, want admit", d, err)
	}
	o.set(200, "User-agent: *\nDisallow: /\n", nil)
	if _, err := b.client.Refresh(ctx, o.URL); err != nil {
		t.Fatal(err)
	}
	select {
	case ch := <-changes:
		if ch.Old != "unavailable 404" || !strings.HasPrefix(ch.New, "sha256:") {
			t.Errorf("change %+v, want from \"unavailable 404\" to a digest", ch)
		}
	case <-time.After(5 * time.Second):
		t.Fatal("no change published for 404 -> a file")
	}
	// No change, no message: the same file fetched again.
	if _, err := b.client.Refresh(ctx, o.URL); err != nil {
		t.Fatal(err)
	}
	select {
	case ch := <-changes:
		t.Errorf("change %+v published for the same file", ch)
	case <-time.After(300 * time.Millisecond):
	}
}

// TestOutageHoldsWhatItCannotConfirm: a target's 429 reported through
// instance a, then Redis killed before b read it. b must not admit the
// origin (it cannot know of the hold), nor take politeness slots it cannot
// count for the fleet, unless the degraded mode (LocalWhenDown) is chosen;
// a itself keeps the hold it set.
func TestOutageHoldsWhatItCannotConfirm(t *testing.T) {
	ctx := context.Background()
	site := newOrigin(t, "User-agent: *\nDisallow: /private/\n")
	tests := []struct {
		name   string
		local  bool
		max    int
		onB    gate.Action
		onA    gate.Action
		reason string
	}{
		{"default: hold what cannot be confirmed", false, 0, gate.Hold, gate.Hold, gate.UnavailableReason},
		{"default, with limits", false, 4, gate.Hold, gate.Hold, gate.UnavailableReason},
		{"degraded mode: local knowledge admits", true, 0, gate.Admit, gate.Hold, ""},
	}
	for i, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			srv := redistest.Start(t)
			prefix := fmt.Sprintf("outage%d:", i)
			a := newInstance(t, srv, prefix, rediscache.Options{LocalWhenDown: tt.local})
			b := newInstance(t, srv, prefix, rediscache.Options{LocalWhenDown: tt.local})
			pa := &gate.Politeness{Store: a.cache, MaxConcurrent: tt.max}
			pb := &gate.Politeness{Store: b.cache, MaxConcurrent: tt.max}
			// Both know the policy before the outage.
			for _, in := range []*instance{a, b} {
				if d, err := in.gate.Check(ctx, site.URL+"/x"); err != nil || d.Action != gate.Admit {
					t.Fatalf("before: %v %v", d, err)
				}
			}
			origin, _ := fetch.Origin(site.URL)
			if _, _, err := pa.Report(ctx, origin, 429, time.Hour, time.Now()); err != nil {
				t.Fatal(err)
			}
			srv.Kill()
			for _, step := range []struct {
				in   *instance
				pol  *gate.Politeness
				want gate.Action
			}{{b, pb, tt.onB}, {a, pa, tt.onA}} {
				d, err := step.in.gate.Check(ctx, site.URL+"/y")
				if err != nil {
					t.Fatal(err)
				}
				_, aerr := step.pol.Apply(ctx, d, time.Now())
				if d.Action != step.want {
					t.Errorf("Redis down: %s (%v, %s), want %s", d.Action, aerr, d.Reason, step.want)
				}
				if step.want == gate.Hold && d.RetryAt.IsZero() {
					t.Errorf("a hold without retryAt: %s", d.Reason)
				}
			}
			d, _ := b.gate.Check(ctx, site.URL+"/z")
			_, _ = pb.Apply(ctx, d, time.Now())
			if tt.reason != "" && !strings.Contains(d.Reason, tt.reason) {
				t.Errorf("reason %q, want it to say %q", d.Reason, tt.reason)
			}
		})
	}
}

// TestEmptyRestartSettles: Redis restarted without its data; instance b,
// which never read a's hold, finds the store's epoch changed and answers
// holds as unconfirmed (the task is held) until the settling time has let
// a write the hold back; a brand-new fleet does not settle.
func TestEmptyRestartSettles(t *testing.T) {
	t.Parallel() // mostly waits on its own servers: beside the other such tests
	ctx := context.Background()
	srv := redistest.Start(t)
	opt := rediscache.Options{Settle: 2 * time.Second}
	a := newInstance(t, srv, "settle:", opt)
	b := newInstance(t, srv, "settle:", opt)
	const held, free = "http://held.example", "http://free.example"
	// A fresh fleet: no settling, nothing held.
	for _, in := range []*instance{a, b} {
		if _, ok, err := in.cache.OriginHeld(ctx, free, time.Now()); ok || err != nil {
			t.Fatalf("fresh fleet: held %v, err %v; want neither", ok, err)
		}
	}
	if err := a.cache.HoldOrigin(ctx, held, gate.OriginHold{Until: time.Now().Add(time.Hour), HTTPStatus: 429}); err != nil {
		t.Fatal(err)
	}
	// Restart empty, faster than the instances notice: b's next read of
	// the held origin finds no hold key, and a changed epoch.
	if err := srv.Restart(); err != nil {
		t.Fatal(err)
	}
	// Right after the restart, an origin b never saw held is not
	// confirmed free: a hold of it may exist only in another instance.
	if _, ok, err := b.cache.OriginHeld(ctx, free, time.Now()); ok || !errors.Is(err, rediscache.ErrUnavailable) {
		t.Fatalf("just after an empty restart: held %v, err %v; want ErrUnavailable", ok, err)
	}
	var bErr error
	for deadline := time.Now().Add(10 * time.Second); ; time.Sleep(10 * time.Millisecond) {
		h, ok, err := b.cache.OriginHeld(ctx, held, time.Now())
		if ok && err == nil && h.HTTPStatus == 429 {
			break // a wrote it back
		}
		if ok || (err != nil && !errors.Is(err, rediscache.ErrUnavailable)) {
			t.Fatalf("b: %+v %v %v", h, ok, err)
		}
		if !ok && err == nil {
			t.Fatalf("b found the held origin not held after the restart: a fail-open")
		}
		bErr = err
		if time.Now().After(deadline) {
			t.Fatal("the hold never came back")
		}
	}
	if bErr == nil {
		t.Log("a wrote the hold back before b's first read")
	}
	// Settling also makes the limits unconfirmed.
	if _, err := b.cache.Take(ctx, free, "l1", 1, 0, time.Minute); err != nil && !errors.Is(err, rediscache.ErrUnavailable) {
		t.Fatal(err)
	}
	// After the settling time, an origin never held is free again.
	time.Sleep(opt.Settle)
	if _, ok, err := b.cache.OriginHeld(ctx, free, time.Now()); ok || err != nil {
		t.Errorf("after settling: held %v, err %v; want neither", ok, err)
	}
	if wait, err := b.cache.Take(ctx, free, "l2", 1, 0, time.Minute); err != nil || wait != 0 {
		t.Errorf("after settling: Take = %v, %v; want a slot", wait, err)
	}
}

// TestVersionChangeAfterDelete: DELETE of a policy, then a fetch that
// brings another file, is a policy change announced to the fleet (so that
// gate.Gate.Watch rechecks queued tasks); the same file again is not.
func TestVersionChangeAfterDelete(t *testing.T) {
	t.Parallel() // mostly waits on its own servers: beside the other such tests
	srv := redistest.Start(t)
	o := newOrigin(t, "User-agent: *\nAllow: /\n")
	changes := make(chan gate.PolicyChange, 4)
	a := newInstance(t, srv, "vd:", rediscache.Options{OnChange: func(c gate.PolicyChange) { changes <- c }})
	ctx := context.Background()
	origin, _ := fetch.Origin(o.URL)
	tests := []struct {
		name   string
		body   string
		change bool
	}{
		{"same file after DELETE", "User-agent: *\nAllow: /\n", false},
		{"another file after DELETE", "User-agent: *\nDisallow: /private/\n", true},
	}
	if _, err := a.gate.Check(ctx, o.URL+"/x"); err != nil {
		t.Fatal(err)
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			o.set(200, tt.body, nil)
			if err := a.cache.Delete(ctx, origin); err != nil {
				t.Fatal(err)
			}
			if _, err := a.gate.Check(ctx, o.URL+"/x"); err != nil {
				t.Fatal(err)
			}
			select {
			case ch := <-changes:
				if !tt.change {
					t.Errorf("change %+v announced for the same file", ch)
				} else if ch.Origin != origin || ch.Old == ch.New || !strings.HasPrefix(ch.Old, "sha256:") {
					t.Errorf("change %+v, want %s from the old digest to the new", ch, origin)
				}
			case <-time.After(2 * time.Second):
				if tt.change {
					t.Error("no change announced after DELETE and a new file")
				}
			}
		})
	}
}

// TestSentinelFailover: two instances on a real Sentinel (a primary, a
// replica); a hold set through a, then the primary killed: Sentinel
// promotes the replica, both instances follow it, b sees the hold (it was
// on the replica before the failover) and never admits the held origin;
// the other origin's decisions go on.
func TestSentinelFailover(t *testing.T) {
	t.Parallel() // mostly waits on its own servers: beside the other such tests
	primary, replica, sentinel := redistest.StartSentinel(t)
	url := "redis-sentinel://" + sentinel.Addr + "/fleet"
	ctx := context.Background()
	held := newOrigin(t, "User-agent: *\nAllow: /\n")
	free := newOrigin(t, "User-agent: *\nDisallow: /private/\n")
	ins := []*instance{newInstanceAt(t, url, "ha:", rediscache.Options{}), newInstanceAt(t, url, "ha:", rediscache.Options{})}
	b := ins[1]
	pa, pb := &gate.Politeness{Store: ins[0].cache}, &gate.Politeness{Store: b.cache}
	origin, _ := fetch.Origin(held.URL)
	if _, _, err := pa.Report(ctx, origin, 429, time.Hour, time.Now()); err != nil {
		t.Fatal(err)
	}
	decide := func(u string) gate.Action {
		d, err := b.gate.Check(ctx, u)
		if err != nil {
			t.Fatal(err)
		}
		pb.Apply(ctx, d, time.Now())
		return d.Action
	}
	if got := decide(free.URL + "/x"); got != gate.Admit {
		t.Fatalf("before the failover: %s, want admit", got)
	}
	primary.Kill()
	admits := 0
	for deadline := time.Now().Add(30 * time.Second); admits < 3; time.Sleep(50 * time.Millisecond) {
		if decide(held.URL+"/y") == gate.Admit {
			t.Fatal("b admitted the held origin during the failover")
		}
		if decide(free.URL+"/x") == gate.Admit {
			admits++ // b answers from the new primary again
		}
		if time.Now().After(deadline) {
			t.Fatal("the fleet did not come back after the failover within 30s")
		}
	}
	info, err := redistest.Client(t, replica).Info(ctx, "replication").Result()
	if err != nil || !strings.Contains(info, "role:master") {
		t.Fatalf("the replica was not promoted: %v %q", err, info)
	}
	if h, ok, err := b.cache.OriginHeld(ctx, origin, time.Now()); !ok || err != nil || h.HTTPStatus != 429 {
		t.Errorf("after the failover, b: %+v %v %v; want the 429 hold", h, ok, err)
	}
}

// TestStoreURLs: the forms of redis-sentinel:// and redis-cluster:// URLs,
// and a prefix that would break the keys' hash tags.
func TestStoreURLs(t *testing.T) {
	tests := []struct {
		url string
		ok  bool
	}{
		{"redis-sentinel://127.0.0.1:26379/fleet", true},
		{"redis-sentinel://127.0.0.1:26379,127.0.0.1:26380/fleet/2", true},
		{"redis-sentinel://:secret@127.0.0.1:26379/fleet", true},
		{"redis-sentinel://127.0.0.1:26379", false},
		{"redis-sentinel:///fleet", false},
		{"redis-sentinel://127.0.0.1/fleet", false},
		{"redis-sentinel://127.0.0.1:26379/fleet/x", false},
		{"redis-cluster://127.0.0.1:7000", true},
		{"redis-cluster://127.0.0.1:7000,127.0.0.1:7001,[::1]:7002", true},
		{"redis-cluster://:secret@127.0.0.1:7000/", true},
		{"redis-cluster://", false},
		{"redis-cluster://127.0.0.1", false},
		{"redis-cluster://127.0.0.1:7000/0", false},
		{"redis-cluster://127.0.0.1:7000,", false},
		{"redis-cluster://127.0.0.1:7000?db=1", false},
	}
	for _, tt := range tests {
		c, err := rediscache.Open(tt.url, rediscache.Options{})
		if (err == nil) != tt.ok {
			t.Errorf("Open(%q): %v, want ok %v", tt.url, err, tt.ok)
		}
		if c != nil {
			c.Close()
		}
	}
	if _, err := rediscache.Open("redis://127.0.0.1:6379/0", rediscache.Options{Prefix: "a{b}:"}); err == nil {
		t.Error("a prefix with braces was accepted")
	}
}
