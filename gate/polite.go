package gate

import (
	"context"
	"fmt"
	"math"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/robotstxt/robotstxt"
)

// OriginHold is a hold on every task of an origin, set because a target of
// it answered 429, 503 or 403 (a crawler reported it).
type OriginHold struct {
	Until      time.Time `json:"until"`
	HTTPStatus int       `json:"httpStatus"`
	Detail     string    `json:"detail,omitempty"`
}

// HoldStore keeps the politeness state of origins: holds and the slots of
// running tasks. LocalHolds keeps it in the process; cache/rediscache
// shares it with a fleet.
type HoldStore interface {
	// HoldOrigin holds origin until h.Until; a longer hold already in
	// place is kept.
	HoldOrigin(ctx context.Context, origin string, h OriginHold) error
	// OriginHeld returns the hold in force on origin at now, if any.
	OriginHeld(ctx context.Context, origin string, now time.Time) (OriginHold, bool, error)
	// Take takes a slot for a task of origin under lease: at most max
	// leases at once (0: no limit) and at least interval between two
	// takes. It returns 0 when taken, else how long to wait before asking
	// again. A lease ends after leaseTTL unless released.
	Take(ctx context.Context, origin, lease string, max int, interval, leaseTTL time.Duration) (time.Duration, error)
	// Release ends a lease early (the task is done).
	Release(ctx context.Context, origin, lease string) error
}

// HoldLister is implemented by a HoldStore whose holds an operator can
// list and lift (LocalHolds, and cache/rediscache for the whole fleet).
type HoldLister interface {
	// Holds returns the holds in force at now, at most max of them, and
	// whether there were more.
	Holds(ctx context.Context, now time.Time, max int) (map[string]OriginHold, bool, error)
	// Lift ends the hold of origin everywhere; false when there was none.
	Lift(ctx context.Context, origin string) (bool, error)
}

// LocalHolds is a HoldStore in the process. The zero value is ready.
type LocalHolds struct {
	mu    sync.Mutex
	holds map[string]OriginHold
	slots map[string]*slots
}

type slots struct {
	leases map[string]time.Time // lease -> end
	next   time.Time
}

var (
	_ HoldStore  = (*LocalHolds)(nil)
	_ HoldLister = (*LocalHolds)(nil)
)

// Holds implements HoldLister.
func (l *LocalHolds) Holds(_ context.Context, now time.Time, max int) (map[string]OriginHold, bool, error) {
	all := l.All(now)
	more := false
	for o := range all {
		if len(all) <= max {
			break
		}
		delete(all, o)
		more = true
	}
	return all, more, nil
}

// Lift implements HoldLister.
func (l *LocalHolds) Lift(_ context.Context, origin string) (bool, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	_, ok := l.holds[origin]
	delete(l.holds, origin)
	return ok, nil
}

// HoldOrigin implements HoldStore.
func (l *LocalHolds) HoldOrigin(ctx context.Context, origin string, h OriginHold) error {
	l.mu.Lock()
	defer l.mu.Unlock()
	if l.holds == nil {
		l.holds = make(map[string]OriginHold)
	}
	if cur, ok := l.holds[origin]; !ok || cur.Until.Before(h.Until) {
		l.holds[origin] = h
	}
	return nil
}

// OriginHeld implements HoldStore.
func (l *LocalHolds) OriginHeld(ctx context.Context, origin string, now time.Time) (OriginHold, bool, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	h, ok := l.holds[origin]
	if ok && !now.Before(h.Until) {
		delete(l.holds, origin)
		ok = false
	}
	return h, ok, nil
}

// All returns the holds in force at now.
func (l *LocalHolds) All(now time.Time) map[string]OriginHold {
	l.mu.Lock()
	defer l.mu.Unlock()
	out := make(map[string]OriginHold, len(l.holds))
	for o, h := range l.holds {
		if now.Before(h.Until) {
			out[o] = h
		}
	}
	return out
}

// Take implements HoldStore.
func (l *LocalHolds) Take(ctx context.Context, origin, lease string, max int, interval, leaseTTL time.Duration) (time.Duration, error) {
	now := time.Now()
	l.mu.Lock()
	defer l.mu.Unlock()
	if l.slots == nil {
		l.slots = make(map[string]*slots)
	}
	s := l.slots[origin]
	if s == nil {
		if len(l.slots) > 100000 {
			l.sweep(now)
		}
		s = &slots{leases: make(map[string]time.Time)}
		l.slots[origin] = s
	}
	first := time.Time{}
	for k, end := range s.leases {
		if !now.Before(end) {
			delete(s.leases, k)
		} else if first.IsZero() || end.Before(first) {
			first = end
		}
	}
	if max > 0 && len(s.leases) >= max {
		return first.Sub(now), nil
	}
	if interval > 0 {
		if now.Before(s.next) {
			return s.next.Sub(now), nil
		}
		s.next = now.Add(interval)
	}
	if max > 0 {
		s.leases[lease] = now.Add(leaseTTL)
	}
	return 0, nil
}

func (l *LocalHolds) sweep(now time.Time) {
	for o, s := range l.slots {
		if now.After(s.next) && len(s.leases) == 0 {
			delete(l.slots, o)
		}
	}
}

// Release implements HoldStore.
func (l *LocalHolds) Release(ctx context.Context, origin, lease string) error {
	l.mu.Lock()
	defer l.mu.Unlock()
	if s := l.slots[origin]; s != nil {
		delete(s.leases, lease)
	}
	return nil
}

// Defaults for Politeness.
const (
	DefaultLease         = time.Minute
	DefaultMaxHold       = 24 * time.Hour
	DefaultMaxCrawlDelay = time.Minute
	// DefaultStatusHold is how long a target's 429 or 503 without
	// Retry-After holds its origin; a 403 holds it for DefaultRefusalHold.
	DefaultStatusHold  = time.Minute
	DefaultRefusalHold = time.Hour
	// DefaultUnavailableRetry is when a task held because the politeness
	// state could not be read (a shared store down) is asked about again.
	DefaultUnavailableRetry = 5 * time.Second
)

// Politeness limits the tasks a gate admits per origin, for a whole fleet
// when Store is shared: at most MaxConcurrent running at once, at least
// MinInterval apart, and none while the origin is held because a target
// answered 429, 503 or 403. The zero value limits nothing but holds.
type Politeness struct {
	// Store keeps the state; nil means a LocalHolds of its own.
	Store HoldStore
	// MaxConcurrent is the most tasks of one origin admitted and not yet
	// done (reported through Done or their lease ended); 0: no limit.
	MaxConcurrent int
	// MinInterval is the least time between two admitted tasks of one
	// origin; 0: none.
	MinInterval time.Duration
	// CrawlDelay uses the origin's Crawl-delay for the agent, when longer
	// than MinInterval, capped at MaxCrawlDelay (default one minute).
	CrawlDelay    bool
	MaxCrawlDelay time.Duration
	// Lease is how long an admitted task counts as running when nobody
	// reports it done (default one minute).
	Lease time.Duration
	// MaxHold caps a hold asked for by Retry-After (default 24 hours).
	MaxHold time.Duration
	// UnavailableRetry is the retry time of a task held because Store
	// failed (default DefaultUnavailableRetry).
	UnavailableRetry time.Duration
	// MaxPrice is the most the crawler pays a target that charges (pay per
	// crawl, "USD 0.01"): a 402 whose crawler-price it covers holds
	// nothing (ReportPayment). Empty: every 402 holds its origin.
	MaxPrice string

	once  sync.Once
	store HoldStore
}

func (p *Politeness) s() HoldStore {
	p.once.Do(func() {
		p.store = p.Store
		if p.store == nil {
			p.store = &LocalHolds{}
		}
	})
	return p.store
}

// Apply turns an admitted decision into a hold when the origin is held or
// its politeness limits are reached; it returns d, changed in place, and
// the lease to pass to Done when the task admitted ends ("" otherwise).
//
// When Store fails (a shared store unreachable), the task cannot be shown
// to respect the fleet's holds and limits: d becomes a hold until
// UnavailableRetry from now, and the error is returned for the log. An
// error never leaves d admitted.
func (p *Politeness) Apply(ctx context.Context, d *Decision, now time.Time) (lease string, err error) {
	if d.Action != Admit {
		return "", nil
	}
	lease, err = p.apply(ctx, d, now)
	if err != nil {
		d.Action, d.RetryAt = Hold, now.Add(orDur(p.UnavailableRetry, DefaultUnavailableRetry))
		d.Reason += "; " + UnavailableReason + " (" + err.Error() + "); ask again after " + stamp(d.RetryAt)
		return "", err
	}
	return lease, nil
}

// UnavailableReason starts the part of a held decision's reason that says
// the politeness state could not be read.
const UnavailableReason = "politeness: the fleet's holds and limits cannot be read"

func (p *Politeness) apply(ctx context.Context, d *Decision, now time.Time) (lease string, err error) {
	h, held, err := p.s().OriginHeld(ctx, d.Origin, now)
	if err != nil {
		return "", err
	}
	if held {
		d.Action, d.RetryAt = Hold, h.Until
		d.Reason += fmt.Sprintf("; politeness: origin held until %s because a target answered HTTP %d", stamp(h.Until), h.HTTPStatus)
		if h.Detail != "" {
			d.Reason += " (" + h.Detail + ")"
		}
		return "", nil
	}
	interval := p.MinInterval
	var delayLine int
	if p.CrawlDelay && d.Verdict != nil {
		if cd, line := crawlDelay(d, p.MaxCrawlDelay); cd > interval {
			interval, delayLine = cd, line
		}
	}
	if p.MaxConcurrent <= 0 && interval <= 0 {
		return "", nil
	}
	lease = newLease()
	wait, err := p.s().Take(ctx, d.Origin, lease, p.MaxConcurrent, interval, orDur(p.Lease, DefaultLease))
	if err != nil {
		return "", err
	}
	if wait > 0 {
		d.Action, d.RetryAt = Hold, now.Add(wait)
		why := fmt.Sprintf("%d tasks at most at once, %s apart", p.MaxConcurrent, interval)
		if p.MaxConcurrent <= 0 {
			why = interval.String() + " between tasks"
		}
		if delayLine > 0 {
			why += fmt.Sprintf(" (Crawl-delay, line %d)", delayLine)
		}
		d.Reason += fmt.Sprintf("; politeness: %s for this origin; ask again after %s", why, stamp(d.RetryAt))
		return "", nil
	}
	if p.MaxConcurrent <= 0 {
		return "", nil
	}
	return lease, nil
}

// HoldStore returns the store in use (Store, or the Politeness's own).
func (p *Politeness) HoldStore() HoldStore { return p.s() }

// Done ends the lease of a task Apply admitted.
func (p *Politeness) Done(ctx context.Context, origin, lease string) error {
	if lease == "" {
		return nil
	}
	return p.s().Release(ctx, origin, lease)
}

// Report records a target's answer: a 429 or 503 holds its origin for its
// Retry-After (capped at MaxHold; DefaultStatusHold without one), a 403 for
// DefaultRefusalHold, a 402 as ReportPayment does without a price. It
// returns the hold set, if any.
func (p *Politeness) Report(ctx context.Context, origin string, status int, retryAfter time.Duration, now time.Time) (OriginHold, bool, error) {
	var d time.Duration
	switch status {
	case 402:
		h, held, _, err := p.ReportPayment(ctx, origin, "", retryAfter, now)
		return h, held, err
	case 429, 503:
		d = DefaultStatusHold
		if retryAfter > 0 {
			d = min(retryAfter, orDur(p.MaxHold, DefaultMaxHold))
		}
	case 403:
		d = max(DefaultRefusalHold, min(retryAfter, orDur(p.MaxHold, DefaultMaxHold)))
	default:
		return OriginHold{}, false, nil
	}
	// Whole seconds, as records show them, rounded up.
	until := now.Add(d).UTC()
	if r := until.Truncate(time.Second); !r.Equal(until) {
		until = r.Add(time.Second)
	}
	h := OriginHold{Until: until, HTTPStatus: status}
	if retryAfter > 0 {
		h.Detail = "Retry-After " + retryAfter.String()
	}
	return h, true, p.s().HoldOrigin(ctx, origin, h)
}

// crawlDelay is the Crawl-delay of the group that decided d, capped, with
// its line; 0 when there is none or it is not a number.
func crawlDelay(d *Decision, limit time.Duration) (time.Duration, int) {
	v := d.Verdict
	if v == nil || len(v.UserAgents) == 0 {
		return 0, 0
	}
	s := robotsOf(d)
	if s == nil {
		return 0, 0
	}
	// A group runs from its first user-agent line to the next group's.
	var starts []int
	for _, g := range s.Groups {
		if len(g.UserAgents) > 0 {
			starts = append(starts, g.UserAgents[0].Line)
		}
	}
	inGroup := func(line int) bool {
		for _, ua := range v.UserAgents {
			end := math.MaxInt
			for _, st := range starts {
				if st > ua.Line {
					end = st
					break
				}
			}
			if line > ua.Line && line < end {
				return true
			}
		}
		return false
	}
	for _, r := range s.Other {
		if !strings.EqualFold(r.Name, "crawl-delay") || !inGroup(r.Line) {
			continue
		}
		f, err := strconv.ParseFloat(strings.TrimSpace(r.Value), 64)
		if err != nil || f <= 0 || math.IsNaN(f) {
			continue
		}
		sec := min(time.Duration(f*float64(time.Second)), orDur(limit, DefaultMaxCrawlDelay))
		return sec, r.Line
	}
	return 0, 0
}

// robotsOf returns the parsed file a decision was taken under; set by
// Decide through the Verdict's source.
func robotsOf(d *Decision) *robotstxt.Robots { return d.robots }

var leaseN struct {
	sync.Mutex
	n uint64
}

func newLease() string {
	leaseN.Lock()
	leaseN.n++
	n := leaseN.n
	leaseN.Unlock()
	return processID() + "-" + strconv.FormatUint(n, 36)
}
