package gate

import (
	"context"
	"errors"
	"sync"
	"sync/atomic"
	"time"

	"github.com/robotstxt/robotstxt/cache"
	"github.com/robotstxt/robotstxt/fetch"
)

// Defaults for the zero Client.
const (
	// DefaultMaxAge: RFC 9309 section 2.4, a cached copy should not be used
	// for more than 24 hours.
	DefaultMaxAge = 24 * time.Hour
	// DefaultMinAge is the least time a copy is kept, whatever its
	// Cache-Control says, so that "no-cache" does not mean one fetch per task.
	DefaultMinAge = time.Minute
	// DefaultMaxStale: the RFC's example of "a reasonably long period" an
	// unreachable origin's copy may still be used.
	DefaultMaxStale = 30 * 24 * time.Hour
	// DefaultMinBackoff and DefaultMaxBackoff bound the wait before fetching
	// again after a failure without Retry-After; it doubles each time.
	DefaultMinBackoff = time.Minute
	DefaultMaxBackoff = time.Hour
)

// Client knows each origin's robots.txt: it fetches it once, keeps it in a
// cache, fetches it again when it expires, and backs off while the origin
// fails. One Client is meant to be shared by all the workers of a crawler;
// it is safe for concurrent use, and concurrent requests for one origin
// make a single fetch. The zero value is ready to use; the fields must not
// change after first use.
type Client struct {
	// Fetcher fetches the files; nil means a Fetcher with default settings.
	Fetcher *fetch.Fetcher
	// Cache stores them; nil means cache.NewMemory with its default bounds.
	Cache cache.Cache
	// Now is the clock; nil means time.Now. The Client stamps
	// Policy.FetchedAt with it.
	Now func() time.Time
	// MaxAge is the longest a copy is fresh (default 24 hours); a shorter
	// Cache-Control max-age of the answer wins, down to MinAge (default one
	// minute).
	MaxAge, MinAge time.Duration
	// MaxStale is how long after its fetch a copy may still be used while
	// the origin is unreachable (default 30 days). Beyond it the origin's
	// decisions stay unresolved until a fetch succeeds.
	MaxStale time.Duration
	// MinBackoff and MaxBackoff bound the wait before the next fetch after a
	// failure without Retry-After (defaults one minute and one hour). A
	// Retry-After is honoured up to MaxAge.
	MinBackoff, MaxBackoff time.Duration
	// Hooks, when set, are told of lookups and fetches (for metrics).
	Hooks *Hooks
	// MaxFetches bounds the robots.txt fetches the Client makes at once,
	// whatever the number of callers (default DefaultMaxFetches); more wait
	// for a turn. One origin never has more than one fetch at a time (two
	// while a Refresh of it runs): concurrent callers share it.
	MaxFetches int

	once      sync.Once
	fetcher   *fetch.Fetcher
	cache     cache.Cache
	mu        sync.Mutex
	flights   map[string]*flight
	fetches   atomic.Int64
	cacheErrs atomic.Int64
	slots     chan struct{} // fetches at once, MaxFetches
}

// DefaultMaxFetches is the default of Client.MaxFetches.
const DefaultMaxFetches = 32

type flight struct {
	done  chan struct{}
	state *State
	err   error
}

func (c *Client) init() {
	c.once.Do(func() {
		c.fetcher = c.Fetcher
		if c.fetcher == nil {
			c.fetcher = &fetch.Fetcher{}
		}
		c.cache = c.Cache
		if c.cache == nil {
			c.cache = cache.NewMemory(0, 0)
		}
		c.flights = make(map[string]*flight)
		n := c.MaxFetches
		if n <= 0 {
			n = DefaultMaxFetches
		}
		c.slots = make(chan struct{}, n)
	})
}

func (c *Client) now() time.Time {
	if c.Now != nil {
		return c.Now().UTC()
	}
	return time.Now().UTC()
}

func dur(d, def time.Duration) time.Duration {
	if d <= 0 {
		return def
	}
	return d
}

// State is what a Client knows of an origin's policy at one moment.
type State struct {
	// Origin is the canonical origin (see fetch.Origin).
	Origin string
	// Policy is the policy whose rules apply now: a fresh definitive fetch,
	// or, while the origin is unreachable, a copy no older than MaxStale.
	// Nil when none applies: the origin's decisions are unresolved.
	Policy *fetch.Policy
	// Stale reports that Policy is past its expiry and used only because
	// the origin is unreachable.
	Stale bool
	// Cached is the latest definitive fetch, even when it no longer
	// applies (nil when there never was one).
	Cached *fetch.Policy
	// Age is how old Cached is.
	Age time.Duration
	// Expires is when Cached stops being fresh.
	Expires time.Time
	// Failure is the latest failed fetch while the origin fails, else nil.
	Failure *fetch.Policy
	// FailingSince is when the origin started failing.
	FailingSince time.Time
	// RetryAt is the earliest next fetch while the origin fails.
	RetryAt time.Time
	// MaxStale is the client's bound on stale use, for explanations.
	MaxStale time.Duration
	// Source is where a shared cache found the entry (cache.Entry.Source).
	Source string
}

// Stats counts what a Client did.
type Stats struct {
	Fetches     int64 // robots.txt fetches made
	CacheErrors int64 // cache reads or writes that failed (treated as misses)
}

// Stats returns the counts so far.
func (c *Client) Stats() Stats {
	return Stats{Fetches: c.fetches.Load(), CacheErrors: c.cacheErrs.Load()}
}

// Policy returns the state of rawURL's origin, fetching its robots.txt
// when the cache has no fresh copy and no failure asks to wait. The error
// is non-nil only when rawURL is not an http(s) URL or ctx ends.
func (c *Client) Policy(ctx context.Context, rawURL string) (*State, error) {
	origin, err := fetch.Origin(rawURL)
	if err != nil {
		return nil, &fetch.Error{Op: "origin", URL: rawURL, Err: err}
	}
	return c.get(ctx, origin, false)
}

// Refresh fetches rawURL's robots.txt now, even when the cached copy is
// fresh (but not while a failure asks to wait), and returns the new state.
// Decisions taken under an older version can then be rechecked.
func (c *Client) Refresh(ctx context.Context, rawURL string) (*State, error) {
	origin, err := fetch.Origin(rawURL)
	if err != nil {
		return nil, &fetch.Error{Op: "origin", URL: rawURL, Err: err}
	}
	return c.get(ctx, origin, true)
}

// Expires returns when a definitive policy fetched at p.FetchedAt stops
// being fresh: after MaxAge, or the answer's shorter max-age (not less than
// MinAge).
func (c *Client) Expires(p *fetch.Policy) time.Time {
	age := dur(c.MaxAge, DefaultMaxAge)
	if p.MaxAge >= 0 && p.MaxAge < age {
		age = max(p.MaxAge, dur(c.MinAge, DefaultMinAge))
	}
	return p.FetchedAt.Add(age)
}

func (c *Client) load(ctx context.Context, origin string) *cache.Entry {
	e, err := c.cache.Get(ctx, origin)
	if err != nil {
		if !errors.Is(err, cache.ErrMiss) {
			c.cacheErrs.Add(1)
		}
		return nil
	}
	return e
}

// needsFetch reports whether e can no longer answer without a fetch.
func needsFetch(e *cache.Entry, now time.Time, force bool) bool {
	switch {
	case e == nil:
		return true
	case e.Failure != nil:
		return !now.Before(e.RetryAt)
	case force:
		return true
	}
	return !now.Before(e.Expires)
}

// cached returns the state of origin when the cache answers without a
// fetch; false when a fetch is needed (nothing is counted then: get counts
// the lookup that follows).
//
// An origin known to fail whose next fetch is due is answered at once
// from the known failure (a hold, or its stale copy), with RetryAt
// RefetchRetry later, while the fetch is made in the background (single
// flight): an unreachable origin does not keep its decisions, nor the
// other URLs asked with them, waiting for a fetch that will likely fail
// again.
func (c *Client) cached(ctx context.Context, origin string) (*State, bool) {
	c.init()
	e := c.load(ctx, origin)
	now := c.now()
	if needsFetch(e, now, false) {
		if e == nil || e.Failure == nil {
			return nil, false
		}
		c.background(ctx, origin)
		s := c.state(origin, e, now)
		s.RetryAt = now.Add(RefetchRetry)
		if h := c.Hooks; h != nil && h.Lookup != nil {
			h.Lookup(origin, true)
		}
		return s, true
	}
	if h := c.Hooks; h != nil && h.Lookup != nil {
		h.Lookup(origin, true)
	}
	return c.state(origin, e, now), true
}

// RefetchRetry is when to ask again about an origin known to fail whose
// fetch is being made again in the background.
const RefetchRetry = 5 * time.Second

// background starts the fetch of origin unless one is in flight; it does
// not wait for it.
func (c *Client) background(ctx context.Context, origin string) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if _, ok := c.flights[origin]; ok {
		return
	}
	f := &flight{done: make(chan struct{})}
	c.flights[origin] = f
	go c.fly(context.WithoutCancel(ctx), origin, origin, false, f)
}

// LockTTL is how long the fleet's fetch lock of an origin lives (with a
// shared cache): slightly above the fetch's whole deadline, so that a
// holder that dies frees it. A caller that waits for a fetch should wait a
// little longer than this before answering without it.
func (c *Client) LockTTL() time.Duration {
	c.init()
	return c.lockTTL()
}

func (c *Client) get(ctx context.Context, origin string, force bool) (*State, error) {
	c.init()
	e := c.load(ctx, origin)
	hit := !needsFetch(e, c.now(), force)
	if h := c.Hooks; h != nil && h.Lookup != nil {
		h.Lookup(origin, hit)
	}
	if hit {
		return c.state(origin, e, c.now()), nil
	}
	key := origin
	if force {
		key += " refresh"
	}
	c.mu.Lock()
	f, ok := c.flights[key]
	if !ok {
		f = &flight{done: make(chan struct{})}
		c.flights[key] = f
		// The fetch belongs to every caller waiting for it, not to the one
		// that started it: one caller giving up must not fail the others,
		// nor leave a cancelled fetch in the cache.
		go c.fly(context.WithoutCancel(ctx), key, origin, force, f)
	}
	c.mu.Unlock()
	select {
	case <-f.done:
		return f.state, f.err
	case <-ctx.Done():
		return nil, ctx.Err()
	}
}

func (c *Client) fly(ctx context.Context, key, origin string, force bool, f *flight) {
	defer func() {
		c.mu.Lock()
		delete(c.flights, key)
		c.mu.Unlock()
		close(f.done)
	}()
	// Another flight may have filled the cache between our look and our
	// start: look again before fetching.
	old := c.load(ctx, origin)
	now := c.now()
	if !needsFetch(old, now, force) {
		f.state = c.state(origin, old, now)
		return
	}
	// A turn among the process's fetches: a site that never answers holds
	// one turn until the fetch's deadline, never every caller.
	c.slots <- struct{}{}
	defer func() { <-c.slots }()
	// Across a fleet sharing the cache: one fetch for all the processes.
	shared, cur, unlock := c.fleetFetch(ctx, origin, now, force)
	if shared != nil {
		f.state = c.state(origin, shared, c.now())
		return
	}
	defer unlock()
	if cur != nil {
		old = cur
	}
	now = c.now()
	c.fetches.Add(1)
	p, err := c.fetcher.Fetch(ctx, origin)
	if h := c.Hooks; h != nil && h.Fetched != nil && p != nil {
		h.Fetched(origin, p, c.now().Sub(now))
	}
	if err != nil {
		f.err = err
		return
	}
	p.FetchedAt = now
	e := c.merge(old, p, now)
	if err := c.cache.Put(ctx, origin, e); err != nil {
		c.cacheErrs.Add(1)
	}
	f.state = c.state(origin, e, c.now())
	f.state.Source = sourceOf(c.cache)
}

// merge makes the entry that follows old after the fetch p.
func (c *Client) merge(old *cache.Entry, p *fetch.Policy, now time.Time) *cache.Entry {
	if p.Status.Definitive() {
		return &cache.Entry{Policy: p, Expires: c.Expires(p)}
	}
	e := &cache.Entry{Failure: p, Failures: 1, FailingSince: now}
	if old != nil {
		e.Policy, e.Expires = old.Policy, old.Expires
		if old.Failure != nil {
			e.Failures, e.FailingSince = old.Failures+1, old.FailingSince
		}
	}
	wait := dur(c.MinBackoff, DefaultMinBackoff) << min(e.Failures-1, 20)
	wait = min(wait, dur(c.MaxBackoff, DefaultMaxBackoff))
	if p.Status == fetch.PaymentRequired {
		// The same request gets the same 402: never retried blindly soon.
		wait = dur(c.MaxBackoff, DefaultMaxBackoff)
	}
	if p.RetryAfter > 0 {
		wait = min(p.RetryAfter, dur(c.MaxAge, DefaultMaxAge))
	}
	e.RetryAt = now.Add(wait)
	return e
}

// state derives what applies now from an entry (RFC 9309 sections 2.3.1.4
// and 2.4).
func (c *Client) state(origin string, e *cache.Entry, now time.Time) *State {
	s := &State{Origin: origin, Cached: e.Policy, Expires: e.Expires, Failure: e.Failure,
		FailingSince: e.FailingSince, RetryAt: e.RetryAt, MaxStale: dur(c.MaxStale, DefaultMaxStale), Source: e.Source}
	if e.Policy != nil {
		s.Age = now.Sub(e.Policy.FetchedAt)
	}
	switch {
	case e.Policy == nil:
	case e.Failure == nil:
		s.Policy = e.Policy
	case e.Failure.Status == fetch.RateLimited, e.Failure.Status == fetch.PaymentRequired:
		// The origin asks to wait, or to pay: no copy makes crawling it
		// polite now.
	case e.Failure.Status == fetch.Refused:
		// The origin now leads to an address the guard refuses (a private
		// one, say): its tasks would go there too, so none goes ahead.
	case now.Before(e.Expires):
		s.Policy = e.Policy
	case s.Age <= s.MaxStale:
		s.Policy, s.Stale = e.Policy, true
	}
	return s
}
