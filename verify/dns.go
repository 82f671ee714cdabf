package verify

import (
	"context"
	"net/netip"
	"strings"
	"sync"
	"time"
)

// Resolver does the two lookups of forward-confirmed reverse DNS.
// *net.Resolver is one.
type Resolver interface {
	LookupAddr(ctx context.Context, addr string) ([]string, error)
	LookupHost(ctx context.Context, host string) ([]string, error)
}

// DNSResult is the outcome of forward-confirmed reverse DNS for one
// address.
type DNSResult uint8

const (
	// DNSUnknown: no answer (timeout, server failure, lookup budget spent).
	DNSUnknown DNSResult = iota
	// DNSConfirmed: a PTR name under one of the suffixes resolves back to
	// the address.
	DNSConfirmed
	// DNSRefuted: no PTR name, none under the suffixes, or none that
	// resolves back to the address.
	DNSRefuted
)

// Defaults of DNS.
const (
	DefaultDNSTimeout = 3 * time.Second
	DefaultDNSCache   = 10000
	DefaultDNSLookups = 2000
	// DefaultDNSFailures: after this many lookups without an answer
	// (timeouts, server failures), DNS stops asking, so that a dead
	// resolver costs at most this many timeouts, not one per address.
	DefaultDNSFailures = 20
	maxNames           = 8
)

// DNS is forward-confirmed reverse DNS with a cache. Each address is
// looked up at most once (concurrent askers wait for the first); at most
// MaxLookups addresses are looked up in all, each within Timeout; after
// MaxFailures lookups without an answer no more are made; and at most
// CacheSize answers are kept (beyond, the cache starts over). It is safe
// for concurrent use.
type DNS struct {
	Resolver    Resolver
	Timeout     time.Duration
	CacheSize   int
	MaxLookups  int
	MaxFailures int

	mu       sync.Mutex
	cache    map[dnsKey]*dnsEntry
	lookups  int
	failures int
	skipped  int
}

// DNSStats counts what DNS did: Lookups addresses looked up, Answered of
// them with an answer (confirmed or refuted), Unanswered without one
// (no resolver, refused, timed out), and Skipped checks that made no
// lookup because MaxLookups was spent or MaxFailures reached.
type DNSStats struct {
	Lookups    int `json:"lookups"`
	Answered   int `json:"answered"`
	Unanswered int `json:"unanswered"`
	Skipped    int `json:"skipped"`
}

// Stats returns the counts so far.
func (d *DNS) Stats() DNSStats {
	if d == nil {
		return DNSStats{}
	}
	d.mu.Lock()
	defer d.mu.Unlock()
	return DNSStats{Lookups: d.lookups, Answered: d.lookups - d.failures, Unanswered: d.failures, Skipped: d.skipped}
}

type dnsKey struct {
	addr     netip.Addr
	operator string
}

type dnsEntry struct {
	done   chan struct{}
	result DNSResult
	name   string
}

// Check runs forward-confirmed reverse DNS for addr against the suffixes
// and returns the result and the confirmed name.
func (d *DNS) Check(ctx context.Context, operator string, suffixes []string, addr netip.Addr) (DNSResult, string) {
	if d == nil || d.Resolver == nil || len(suffixes) == 0 || !addr.IsValid() {
		return DNSUnknown, ""
	}
	key := dnsKey{addr.Unmap(), operator}
	d.mu.Lock()
	if d.cache == nil {
		d.cache = map[dnsKey]*dnsEntry{}
	}
	if e, ok := d.cache[key]; ok {
		d.mu.Unlock()
		select {
		case <-e.done:
			return e.result, e.name
		case <-ctx.Done():
			return DNSUnknown, ""
		}
	}
	max := d.MaxLookups
	if max == 0 {
		max = DefaultDNSLookups
	}
	maxFail := d.MaxFailures
	if maxFail == 0 {
		maxFail = DefaultDNSFailures
	}
	if d.lookups >= max || d.failures >= maxFail {
		d.skipped++
		d.mu.Unlock()
		return DNSUnknown, ""
	}
	d.lookups++
	size := d.CacheSize
	if size <= 0 {
		size = DefaultDNSCache
	}
	if len(d.cache) >= size {
		d.cache = map[dnsKey]*dnsEntry{}
	}
	e := &dnsEntry{done: make(chan struct{})}
	d.cache[key] = e
	d.mu.Unlock()

	e.result, e.name = d.lookup(ctx, suffixes, key.addr)
	if e.result == DNSUnknown {
		d.mu.Lock()
		d.failures++
		d.mu.Unlock()
	}
	close(e.done)
	return e.result, e.name
}

// Lookups reports how many addresses were looked up.
func (d *DNS) Lookups() int {
	if d == nil {
		return 0
	}
	d.mu.Lock()
	defer d.mu.Unlock()
	return d.lookups
}

func (d *DNS) lookup(ctx context.Context, suffixes []string, addr netip.Addr) (DNSResult, string) {
	timeout := d.Timeout
	if timeout <= 0 {
		timeout = DefaultDNSTimeout
	}
	ctx, cancel := context.WithTimeout(ctx, timeout)
	defer cancel()
	names, err := d.Resolver.LookupAddr(ctx, addr.String())
	if err != nil {
		if notFound(err) {
			return DNSRefuted, ""
		}
		return DNSUnknown, ""
	}
	if len(names) > maxNames {
		names = names[:maxNames]
	}
	unknown := false
	for _, n := range names {
		host := strings.TrimSuffix(strings.ToLower(n), ".")
		if !underSuffix(host, suffixes) {
			continue
		}
		addrs, err := d.Resolver.LookupHost(ctx, host)
		if err != nil {
			if !notFound(err) {
				unknown = true
			}
			continue
		}
		for _, s := range addrs {
			if a, err := netip.ParseAddr(s); err == nil && a.Unmap() == addr {
				return DNSConfirmed, host
			}
		}
	}
	if unknown {
		return DNSUnknown, ""
	}
	return DNSRefuted, ""
}

// underSuffix reports whether host is a name under one of the suffixes,
// on a label boundary: "crawl-1.googlebot.com" is under "googlebot.com",
// "evilgooglebot.com" and "googlebot.com" itself are not.
func underSuffix(host string, suffixes []string) bool {
	for _, s := range suffixes {
		if len(host) > len(s)+1 && strings.HasSuffix(host, s) && host[len(host)-len(s)-1] == '.' {
			return true
		}
	}
	return false
}
