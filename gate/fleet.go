package gate

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"errors"
	"sync"
	"time"

	"github.com/robotstxt/robotstxt/cache"
	"github.com/robotstxt/robotstxt/fetch"
)

// Locker is implemented by a cache shared by a crawler fleet (package
// cache/rediscache) to make one robots.txt fetch per origin across all the
// processes, not only within one. A Client whose Cache is a Locker takes
// the fleet's lock before fetching; a process that does not get it waits
// for the entry the holder writes.
type Locker interface {
	// Lock tries to become the one process fetching origin's robots.txt
	// for ttl. ok is false when another process holds the lock. An error
	// means the lock could not be asked for (the store is unreachable): the
	// Client then fetches on its own, single flight within the process.
	Lock(ctx context.Context, origin string, ttl time.Duration) (unlock func(), ok bool, err error)
	// Wait returns when an entry for origin has been written by any
	// process, or after d, or when ctx ends, whichever comes first.
	Wait(ctx context.Context, origin string, d time.Duration) error
}

// ErrLockSlow is wrapped by a Locker's error when the store did not answer
// in time but may still be there (a frozen or overloaded server): the
// Client then asks again every fleetPoll, up to twice the lock's life,
// rather than fetching on its own, so that single flight holds through a
// freeze. Any other error (the store refused, is known down) makes the
// Client fetch on its own at once.
var ErrLockSlow = errors.New("gate: the fleet's lock store is slow")

// Sourcer is implemented by a shared cache: Source says where the entries
// it stores now go, "shared" or "local" (see cache.Entry.Source).
type Sourcer interface {
	Source() string
}

func sourceOf(c cache.Cache) string {
	if s, ok := c.(Sourcer); ok {
		return s.Source()
	}
	return ""
}

// Hooks are called by a Client as it works, for metrics. Every field may be
// nil. They must be quick and safe for concurrent use.
type Hooks struct {
	// Lookup reports a cache lookup: hit is true when the cached entry
	// answered without a fetch.
	Lookup func(origin string, hit bool)
	// Fetched reports a robots.txt fetch and how long it took.
	Fetched func(origin string, p *fetch.Policy, took time.Duration)
	// FleetWait reports that this process waited for another one's fetch.
	FleetWait func(origin string)
}

// fleetPoll is how often a process waiting for another one's fetch looks
// at the cache when no notification came.
const fleetPoll = 250 * time.Millisecond

// lockTTL is the fleet lock's expiry: slightly above the longest a fetch
// may take, so that a holder that dies frees it.
func (c *Client) lockTTL() time.Duration {
	d := orDur(c.fetcher.Timeout, fetch.DefaultTimeout)
	return d + d/10 + time.Second
}

func orDur(d, def time.Duration) time.Duration {
	if d <= 0 {
		return def
	}
	return d
}

// landed reports whether e, read after start, answers without a fetch: the
// entry another process wrote while this one waited.
func landed(e *cache.Entry, start time.Time, now time.Time, force bool) bool {
	if e == nil {
		return false
	}
	if !force {
		return !needsFetch(e, now, false)
	}
	// A forced refresh is answered only by a fetch made after it began.
	for _, p := range []*fetch.Policy{e.Failure, e.Policy} {
		if p != nil && !p.FetchedAt.Before(start) {
			return true
		}
	}
	return false
}

// fleetFetch fetches origin's robots.txt once for the whole fleet when the
// cache is a Locker: it returns the entry that answers (written by another
// process), or nil when this process is to fetch: it holds the lock, or the
// cache is not shared, or the lock could not be asked for. cur is then the
// entry read under the lock (nil when none was read), the one the fetch
// follows. unlock must be called after the fetch has been stored.
func (c *Client) fleetFetch(ctx context.Context, origin string, now time.Time, force bool) (e, cur *cache.Entry, unlock func()) {
	l, ok := c.cache.(Locker)
	if !ok {
		return nil, nil, func() {}
	}
	ttl := c.lockTTL()
	deadline := time.Now().Add(2 * ttl)
	waited := false
	for {
		un, ok, err := l.Lock(ctx, origin, ttl)
		if errors.Is(err, ErrLockSlow) && time.Now().Before(deadline) {
			// Slow, not gone: another process may hold the lock.
			select {
			case <-ctx.Done():
				return nil, nil, func() {}
			case <-time.After(fleetPoll):
			}
			if e := c.load(ctx, origin); landed(e, now, c.now(), force) {
				return e, nil, nil
			}
			continue
		}
		if err != nil {
			return nil, nil, func() {}
		}
		if ok {
			// The holder before us may have just written the entry.
			e := c.load(ctx, origin)
			if landed(e, now, c.now(), force) {
				un()
				return e, nil, nil
			}
			return nil, e, un
		}
		if !waited && c.Hooks != nil && c.Hooks.FleetWait != nil {
			c.Hooks.FleetWait(origin)
		}
		waited = true
		if err := l.Wait(ctx, origin, fleetPoll); err != nil {
			return nil, nil, func() {}
		}
		if e := c.load(ctx, origin); landed(e, now, c.now(), force) {
			return e, nil, nil
		}
		if time.Now().After(deadline) {
			// The lock outlived twice its expiry: something is wrong with
			// the store; fetch on our own rather than wait for ever.
			return nil, nil, func() {}
		}
	}
}

// PolicyChange is published by a shared cache when a fetch yields a policy
// version (digest) different from the one it replaces.
type PolicyChange struct {
	Origin string `json:"origin"`
	Old    string `json:"old"`
	New    string `json:"new"`
}

// Pending keeps the decisions of tasks that were admitted but have not
// started, by origin, so that a policy change can decide them again before
// they run. It is safe for concurrent use; the zero value is ready. At most
// Max decisions are kept (default 100,000); beyond it, Add refuses.
type Pending struct {
	Max int

	mu sync.Mutex
	n  int
	m  map[string]map[string]*Decision // origin -> target URL -> decision
}

// Add keeps d until Start or a change replaces it; false when full.
func (p *Pending) Add(d *Decision) bool {
	p.mu.Lock()
	defer p.mu.Unlock()
	limit := p.Max
	if limit <= 0 {
		limit = 100000
	}
	if p.m == nil {
		p.m = make(map[string]map[string]*Decision)
	}
	byURL := p.m[d.Origin]
	if byURL == nil {
		byURL = make(map[string]*Decision)
		p.m[d.Origin] = byURL
	}
	if _, ok := byURL[d.TargetURL]; !ok {
		if p.n >= limit {
			return false
		}
		p.n++
	}
	byURL[d.TargetURL] = d
	return true
}

// Start forgets the task of d: it has started, no recheck can stop it.
func (p *Pending) Start(d *Decision) {
	p.mu.Lock()
	defer p.mu.Unlock()
	if byURL := p.m[d.Origin]; byURL != nil {
		if _, ok := byURL[d.TargetURL]; ok {
			delete(byURL, d.TargetURL)
			p.n--
			if len(byURL) == 0 {
				delete(p.m, d.Origin)
			}
		}
	}
}

// Len returns the number of pending tasks.
func (p *Pending) Len() int {
	p.mu.Lock()
	defer p.mu.Unlock()
	return p.n
}

func (p *Pending) take(origin string) []*Decision {
	p.mu.Lock()
	defer p.mu.Unlock()
	byURL := p.m[origin]
	out := make([]*Decision, 0, len(byURL))
	for _, d := range byURL {
		out = append(out, d)
	}
	return out
}

// Watch rechecks the pending tasks of each origin whose policy changes, as
// the changes arrive, until ctx ends or changes is closed. fn is called for
// every rechecked task whose decision changed (Decision.Changed set); a
// task that is no longer admitted leaves p.
func (g *Gate) Watch(ctx context.Context, changes <-chan PolicyChange, p *Pending, fn func(prev, now *Decision)) {
	for {
		var ch PolicyChange
		var ok bool
		select {
		case ch, ok = <-changes:
			if !ok {
				return
			}
		case <-ctx.Done():
			return
		}
		prev := p.take(ch.Origin)
		if len(prev) == 0 {
			continue
		}
		now, err := g.Recheck(ctx, prev)
		if err != nil {
			continue
		}
		for i, d := range now {
			if d.Action != Admit {
				p.Start(prev[i])
			} else {
				p.Add(d)
			}
			if d.Changed && fn != nil {
				fn(prev[i], d)
			}
		}
	}
}

// processID tells this process's leases apart from other processes'. It is
// made on first use: most runs of the command line never take a lease.
var processID = sync.OnceValue(func() string {
	var b [8]byte
	_, _ = rand.Read(b[:])
	return hex.EncodeToString(b[:])
})
