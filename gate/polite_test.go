package gate

import (
	"context"
	"errors"
	"strings"
	"testing"
	"time"
)

func TestReportHolds(t *testing.T) {
	now := time.Date(2026, 3, 1, 12, 0, 0, 0, time.UTC)
	tests := []struct {
		name       string
		status     int
		retryAfter time.Duration
		held       bool
		hold       time.Duration // about
	}{
		{"429 with Retry-After", 429, 120 * time.Second, true, 120 * time.Second},
		{"503 with Retry-After", 503, 30 * time.Second, true, 30 * time.Second},
		{"429 without Retry-After", 429, 0, true, DefaultStatusHold},
		{"Retry-After capped", 503, 1000 * time.Hour, true, DefaultMaxHold},
		{"403 holds for an hour", 403, 0, true, DefaultRefusalHold},
		{"200 holds nothing", 200, 0, false, 0},
		{"404 holds nothing", 404, 0, false, 0},
		{"500 holds nothing", 500, 0, false, 0},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			p := &Politeness{}
			h, held, err := p.Report(context.Background(), "https://a.example", tt.status, tt.retryAfter, now)
			if err != nil || held != tt.held {
				t.Fatalf("Report = %+v, %v, %v; want held %v", h, held, err, tt.held)
			}
			_, stored, _ := p.s().OriginHeld(context.Background(), "https://a.example", now)
			if stored != tt.held {
				t.Errorf("store holds %v, want %v", stored, tt.held)
			}
			if held {
				if d := h.Until.Sub(now); d < tt.hold || d > tt.hold+2*time.Second {
					t.Errorf("held for %v, want about %v", d, tt.hold)
				}
			}
		})
	}
}

func TestApplyTurnsAdmitIntoHold(t *testing.T) {
	s := newSite(t, 200, "User-agent: *\nDisallow: /private/\n")
	g := &Gate{Agent: "ExampleBot", Client: local(), Scope: approveAll}
	p := &Politeness{}
	ctx := context.Background()
	now := time.Now()
	origin := check(t, g, s.URL+"/").Origin
	if _, _, err := p.Report(ctx, origin, 429, time.Minute, now); err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		path string
		want Action
	}{
		{"/public", Hold},    // admitted, but the origin is held
		{"/private/x", Drop}, // a drop stays a drop
	}
	for _, tt := range tests {
		d := check(t, g, s.URL+tt.path)
		if _, err := p.Apply(ctx, d, now); err != nil {
			t.Fatal(err)
		}
		if d.Action != tt.want {
			t.Errorf("%s: %s, want %s", tt.path, d.Action, tt.want)
		}
		if tt.want == Hold && (d.RetryAt.Sub(now) < 59*time.Second || !strings.Contains(d.Reason, "HTTP 429")) {
			t.Errorf("%s: retry at %v, reason %q; want a minute, naming the 429", tt.path, d.RetryAt, d.Reason)
		}
	}
}

func TestLocalHoldsTake(t *testing.T) {
	l := &LocalHolds{}
	ctx := context.Background()
	steps := []struct {
		lease    string
		max      int
		interval time.Duration
		taken    bool
	}{
		{"a", 2, 0, true},
		{"b", 2, 0, true},
		{"c", 2, 0, false}, // two at most
	}
	for _, s := range steps {
		wait, err := l.Take(ctx, "o", s.lease, s.max, s.interval, time.Minute)
		if err != nil || (wait == 0) != s.taken {
			t.Errorf("Take(%s) waits %v, %v; taken %v", s.lease, wait, err, s.taken)
		}
	}
	l.Release(ctx, "o", "a")
	if wait, _ := l.Take(ctx, "o", "d", 2, 0, time.Minute); wait != 0 {
		t.Errorf("after a release, Take waits %v", wait)
	}
	// A lease that ends frees its slot.
	l.Take(ctx, "p", "x", 1, 0, 20*time.Millisecond)
	if wait, _ := l.Take(ctx, "p", "y", 1, 0, time.Minute); wait <= 0 || wait > 20*time.Millisecond {
		t.Errorf("while the lease runs: wait %v, want up to 20ms", wait)
	}
	time.Sleep(25 * time.Millisecond)
	if wait, _ := l.Take(ctx, "p", "y", 1, 0, time.Minute); wait != 0 {
		t.Errorf("after the lease ended: wait %v", wait)
	}
	// Interval.
	l.Take(ctx, "q", "x", 0, time.Second, time.Minute)
	if wait, _ := l.Take(ctx, "q", "y", 0, time.Second, time.Minute); wait < 900*time.Millisecond {
		t.Errorf("within the interval: wait %v, want about 1s", wait)
	}
}

func TestCrawlDelay(t *testing.T) {
	tests := []struct {
		name  string
		file  string
		delay time.Duration
		line  int
	}{
		{"in the agent's group", "User-agent: ExampleBot\nCrawl-delay: 5\nDisallow: /x\n", 5 * time.Second, 2},
		{"after the rules", "User-agent: ExampleBot\nDisallow: /x\nCrawl-delay: 2.5\n", 2500 * time.Millisecond, 3},
		{"of the * group when it applies", "User-agent: *\nCrawl-delay: 3\n", 3 * time.Second, 2},
		{"not another group's", "User-agent: *\nCrawl-delay: 3\n\nUser-agent: ExampleBot\nDisallow: /x\n", 0, 0},
		{"not another group's, after ours", "User-agent: ExampleBot\nDisallow: /x\n\nUser-agent: Other\nCrawl-delay: 9\n", 0, 0},
		{"capped", "User-agent: *\nCrawl-delay: 86400\n", DefaultMaxCrawlDelay, 2},
		{"not a number", "User-agent: *\nCrawl-delay: soon\n", 0, 0},
		{"negative", "User-agent: *\nCrawl-delay: -4\n", 0, 0},
		{"none", "User-agent: *\nDisallow: /x\n", 0, 0},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s := newSite(t, 200, tt.file)
			g := &Gate{Agent: "ExampleBot", Client: local(), Scope: approveAll}
			d := check(t, g, s.URL+"/page")
			delay, line := crawlDelay(d, 0)
			if delay != tt.delay || line != tt.line {
				t.Errorf("crawlDelay = %v, line %d; want %v, line %d", delay, line, tt.delay, tt.line)
			}
		})
	}
}

func TestPending(t *testing.T) {
	p := &Pending{Max: 2}
	d := func(o, u string) *Decision { return &Decision{Record: Record{Origin: o, TargetURL: u}} }
	steps := []struct {
		op   string
		d    *Decision
		ok   bool
		size int
	}{
		{"add", d("o1", "u1"), true, 1},
		{"add", d("o1", "u1"), true, 1}, // the same task again replaces
		{"add", d("o2", "u2"), true, 2},
		{"add", d("o2", "u3"), false, 2}, // full
		{"start", d("o1", "u1"), true, 1},
		{"start", d("o1", "u1"), true, 1}, // twice is harmless
		{"add", d("o2", "u3"), true, 2},
	}
	for i, s := range steps {
		ok := true
		if s.op == "add" {
			ok = p.Add(s.d)
		} else {
			p.Start(s.d)
		}
		if ok != s.ok || p.Len() != s.size {
			t.Errorf("step %d %s %s: ok %v size %d; want %v %d", i, s.op, s.d.TargetURL, ok, p.Len(), s.ok, s.size)
		}
	}
	if got := p.take("o2"); len(got) != 2 {
		t.Errorf("take(o2) = %d decisions, want 2", len(got))
	}
}

// failingStore is a HoldStore whose reads fail as a shared store's do while
// it is unreachable.
type failingStore struct {
	LocalHolds
	heldErr, takeErr error
}

func (f *failingStore) OriginHeld(ctx context.Context, origin string, now time.Time) (OriginHold, bool, error) {
	if f.heldErr != nil {
		return OriginHold{}, false, f.heldErr
	}
	return f.LocalHolds.OriginHeld(ctx, origin, now)
}

func (f *failingStore) Take(ctx context.Context, origin, lease string, max int, interval, leaseTTL time.Duration) (time.Duration, error) {
	if f.takeErr != nil {
		return 0, f.takeErr
	}
	return f.LocalHolds.Take(ctx, origin, lease, max, interval, leaseTTL)
}

// TestApplyStoreErrorNeverAdmits: a politeness store that fails (the
// fleet's shared state unreachable) turns an admit into a hold, whichever
// read fails; a decision that was not an admit is left alone.
func TestApplyStoreErrorNeverAdmits(t *testing.T) {
	s := newSite(t, 200, "User-agent: *\nDisallow: /private/\n")
	g := &Gate{Agent: "ExampleBot", Client: local(), Scope: approveAll}
	now := time.Date(2026, 3, 1, 12, 0, 0, 0, time.UTC)
	down := errors.New("store unreachable")
	tests := []struct {
		name       string
		store      *failingStore
		pol        func() *Politeness
		path       string
		want       Action
		err, lease bool
		retryAt    time.Time
	}{
		{"holds unreadable, no limits", &failingStore{heldErr: down}, func() *Politeness { return &Politeness{} }, "/a", Hold, true, false, now.Add(DefaultUnavailableRetry)},
		{"holds unreadable, with limits", &failingStore{heldErr: down}, func() *Politeness { return &Politeness{MaxConcurrent: 2} }, "/a", Hold, true, false, now.Add(DefaultUnavailableRetry)},
		{"slots unreadable (concurrency)", &failingStore{takeErr: down}, func() *Politeness { return &Politeness{MaxConcurrent: 2} }, "/a", Hold, true, false, now.Add(DefaultUnavailableRetry)},
		{"slots unreadable (interval)", &failingStore{takeErr: down}, func() *Politeness { return &Politeness{MinInterval: time.Second, UnavailableRetry: 9 * time.Second} }, "/a", Hold, true, false, now.Add(9 * time.Second)},
		{"slots unreadable, no limits: not asked", &failingStore{takeErr: down}, func() *Politeness { return &Politeness{} }, "/a", Admit, false, false, time.Time{}},
		{"store fine", &failingStore{}, func() *Politeness { return &Politeness{MaxConcurrent: 2} }, "/a", Admit, false, true, time.Time{}},
		{"a drop stays a drop", &failingStore{heldErr: down}, func() *Politeness { return &Politeness{} }, "/private/a", Drop, false, false, time.Time{}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			p := tt.pol()
			p.Store = tt.store
			d := check(t, g, s.URL+tt.path)
			lease, err := p.Apply(context.Background(), d, now)
			if d.Action != tt.want || (err != nil) != tt.err || (lease != "") != tt.lease || !d.RetryAt.Equal(tt.retryAt) {
				t.Fatalf("Apply: %s retryAt %v lease %q err %v; want %s retryAt %v lease %v err %v (%s)",
					d.Action, d.RetryAt, lease, err, tt.want, tt.retryAt, tt.lease, tt.err, d.Reason)
			}
			if tt.err && !strings.Contains(d.Reason, UnavailableReason) {
				t.Errorf("reason %q does not say why", d.Reason)
			}
		})
	}
}
