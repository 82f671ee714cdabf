package logcheck

import (
	"strings"
	"sync"
	"sync/atomic"

	"github.com/robotstxt/robotstxt/crawlers"
)

// Identifier knows a crawler from a user-agent string: the longest known
// product token that the string contains at a word boundary, ignoring
// case ("Googlebot-Image/1.0" is Googlebot-Image, not Googlebot). Known
// tokens are the registry's (except those that fetch nothing, such as
// Google-Extended) and any the site's robots.txt names. Answers are cached
// per user-agent string (bounded). It is safe for concurrent use.
type Identifier struct {
	Crawlers []crawlers.Crawler
	lower    []string

	// The cache of answers: snap is read without a lock; new answers go to
	// pending, which is folded into a new snap every foldEvery entries.
	snap    atomic.Pointer[map[string]int]
	mu      sync.Mutex
	pending map[string]int
	cached  int
}

// foldEvery is how many new user agents wait in pending before they join
// the lock-free snapshot.
const foldEvery = 32

// smallCache is the size up to which every new answer is folded at once.
const smallCache = 256

// maxCachedAgents bounds the user-agent cache; beyond, answers are
// computed each time.
const maxCachedAgents = 1 << 14

// NewIdentifier returns an identifier of the registry's crawlers and the
// extra tokens (from the site's robots.txt; those the registry knows are
// skipped, "*" too).
func NewIdentifier(extra []string) *Identifier {
	id := &Identifier{}
	seen := map[string]bool{}
	for _, c := range crawlers.All() {
		if c.Token == "*" || c.TokenOnly {
			continue
		}
		id.add(c, seen)
	}
	for _, t := range extra {
		if t == "*" || t == "" {
			continue
		}
		if c, ok := crawlers.Lookup(t); ok {
			if !c.TokenOnly {
				id.add(c, seen)
			}
			continue
		}
		id.add(crawlers.Crawler{Token: t}, seen)
	}
	return id
}

func (id *Identifier) add(c crawlers.Crawler, seen map[string]bool) {
	l := strings.ToLower(c.Token)
	if seen[l] {
		return
	}
	seen[l] = true
	id.Crawlers = append(id.Crawlers, c)
	id.lower = append(id.lower, l)
}

// Identify returns the index in Crawlers of the crawler the user agent
// names, or -1.
func (id *Identifier) Identify(ua string) int {
	if ua == "" {
		return -1
	}
	if m := id.snap.Load(); m != nil {
		if i, ok := (*m)[ua]; ok {
			return i
		}
	}
	id.mu.Lock()
	defer id.mu.Unlock()
	if i, ok := id.pending[ua]; ok {
		return i
	}
	i := id.find(strings.ToLower(ua))
	if id.cached >= maxCachedAgents {
		return i
	}
	if id.pending == nil {
		id.pending = map[string]int{}
	}
	id.pending[strings.Clone(ua)] = i
	id.cached++
	// While the cache is small, every new answer joins the snapshot at
	// once (copying a small map is cheap): a log of a handful of user
	// agents, the common case, must never take the lock again.
	if len(id.pending) >= foldEvery || id.cached <= smallCache {
		next := map[string]int{}
		if m := id.snap.Load(); m != nil {
			for k, v := range *m {
				next[k] = v
			}
		}
		for k, v := range id.pending {
			next[k] = v
		}
		id.snap.Store(&next)
		id.pending = nil
	}
	return i
}

func (id *Identifier) find(ua string) int {
	best, bestLen := -1, 0
	for i, tok := range id.lower {
		if len(tok) <= bestLen {
			continue
		}
		for from := 0; ; {
			k := strings.Index(ua[from:], tok)
			if k < 0 {
				break
			}
			k += from
			end := k + len(tok)
			if (k == 0 || !wordByte(ua[k-1])) && (end == len(ua) || !wordByte(ua[end])) {
				best, bestLen = i, len(tok)
				break
			}
			from = k + 1
		}
	}
	return best
}

func wordByte(c byte) bool {
	return c >= 'a' && c <= 'z' || c >= '0' && c <= '9' || c == '_'
}
