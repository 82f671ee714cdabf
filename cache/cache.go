package cache

import (
	"container/list"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"sync"
	"time"

	"github.com/robotstxt/robotstxt/fetch"
)

// ErrMiss is returned by Get when the cache holds no entry for the origin.
var ErrMiss = errors.New("robotstxt/cache: miss")

// Cache stores entries by origin. Implementations must be safe for
// concurrent use. Get returns ErrMiss for an absent origin; other errors
// mean the cache could not answer.
type Cache interface {
	Get(ctx context.Context, origin string) (*Entry, error)
	Put(ctx context.Context, origin string, e *Entry) error
	Delete(ctx context.Context, origin string) error
}

// Entry is what is known of one origin's robots.txt.
type Entry struct {
	// Policy is the latest definitive fetch (success, unavailable or
	// too-many-redirects), possibly no longer fresh; nil when no fetch
	// ever gave one.
	Policy *fetch.Policy `json:"policy,omitempty"`
	// Expires is when Policy stops being fresh.
	Expires time.Time `json:"expires,omitzero"`
	// Failure is the latest failed fetch (unreachable or rate-limited)
	// since Policy was fetched; nil when the latest fetch succeeded.
	Failure *fetch.Policy `json:"failure,omitempty"`
	// Failures counts the consecutive failed fetches.
	Failures int `json:"failures,omitempty"`
	// FailingSince is when the first of those failed.
	FailingSince time.Time `json:"failingSince,omitzero"`
	// RetryAt is the earliest time to fetch again after a failure.
	RetryAt time.Time `json:"retryAt,omitzero"`
	// Source says where a shared cache found the entry: "shared" (the
	// fleet's store) or "local" (this process's copy, the store being
	// unreachable); "" for a cache that is not shared. Not stored.
	Source string `json:"-"`
}

// encodingVersion marks the byte form of an Entry, so that a shared cache
// can tell entries written by an incompatible version.
const encodingVersion = 1

type wireEntry struct {
	V int `json:"v"`
	*Entry
}

// MarshalBinary encodes the entry for a shared cache: JSON with the body
// in base64.
func (e *Entry) MarshalBinary() ([]byte, error) {
	return json.Marshal(wireEntry{encodingVersion, e})
}

// UnmarshalBinary decodes an entry written by MarshalBinary.
func (e *Entry) UnmarshalBinary(b []byte) error {
	w := wireEntry{Entry: e}
	if err := json.Unmarshal(b, &w); err != nil {
		return fmt.Errorf("robotstxt/cache: decoding entry: %w", err)
	}
	if w.V != encodingVersion {
		return fmt.Errorf("robotstxt/cache: entry encoding version %d, want %d", w.V, encodingVersion)
	}
	return nil
}

// Size estimates the memory an entry takes, the parsed file included, for
// the byte bound of Memory.
func (e *Entry) Size() int64 {
	n := int64(256)
	for _, p := range []*fetch.Policy{e.Policy, e.Failure} {
		if p == nil {
			continue
		}
		n += 512 + int64(len(p.Origin)+len(p.URL)+len(p.FinalURL)+len(p.Detail)+len(p.ContentType))
		n += int64(len(p.Redirects)) * 128
		// The body, plus the parsed file, which takes about twice the
		// body (rules, lines and index).
		n += 3 * int64(len(p.Body))
	}
	return n
}

// Defaults for NewMemory.
const (
	DefaultEntries = 10000
	DefaultBytes   = 256 << 20
)

// Memory is an in-process Cache bounded in entries and in bytes (by
// Entry.Size), evicting the least recently used origin. The zero value is
// not usable; call NewMemory.
type Memory struct {
	maxEntries int
	maxBytes   int64

	mu    sync.Mutex
	bytes int64
	ll    *list.List // front: most recently used
	items map[string]*list.Element
}

type item struct {
	origin string
	e      *Entry
	size   int64
}

var _ Cache = (*Memory)(nil)

// NewMemory returns a Memory holding at most maxEntries origins and about
// maxBytes bytes; zero or less means DefaultEntries and DefaultBytes. The
// most recent entry is kept even when it alone exceeds maxBytes.
func NewMemory(maxEntries int, maxBytes int64) *Memory {
	if maxEntries <= 0 {
		maxEntries = DefaultEntries
	}
	if maxBytes <= 0 {
		maxBytes = DefaultBytes
	}
	return &Memory{maxEntries: maxEntries, maxBytes: maxBytes, ll: list.New(), items: make(map[string]*list.Element)}
}

// Get returns the entry for origin, or ErrMiss.
func (m *Memory) Get(ctx context.Context, origin string) (*Entry, error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	el, ok := m.items[origin]
	if !ok {
		return nil, ErrMiss
	}
	m.ll.MoveToFront(el)
	return el.Value.(*item).e, nil
}

// Put stores e for origin, evicting the least recently used entries beyond
// the bounds.
func (m *Memory) Put(ctx context.Context, origin string, e *Entry) error {
	if e == nil {
		return errors.New("robotstxt/cache: nil entry")
	}
	size := e.Size() + int64(len(origin))
	m.mu.Lock()
	defer m.mu.Unlock()
	if el, ok := m.items[origin]; ok {
		it := el.Value.(*item)
		m.bytes += size - it.size
		it.e, it.size = e, size
		m.ll.MoveToFront(el)
	} else {
		m.items[origin] = m.ll.PushFront(&item{origin, e, size})
		m.bytes += size
	}
	for m.ll.Len() > 1 && (m.ll.Len() > m.maxEntries || m.bytes > m.maxBytes) {
		m.remove(m.ll.Back())
	}
	return nil
}

// Delete removes the entry for origin, if any.
func (m *Memory) Delete(ctx context.Context, origin string) error {
	m.mu.Lock()
	defer m.mu.Unlock()
	if el, ok := m.items[origin]; ok {
		m.remove(el)
	}
	return nil
}

func (m *Memory) remove(el *list.Element) {
	it := m.ll.Remove(el).(*item)
	delete(m.items, it.origin)
	m.bytes -= it.size
}

// Len returns the number of entries.
func (m *Memory) Len() int {
	m.mu.Lock()
	defer m.mu.Unlock()
	return m.ll.Len()
}

// Bytes returns the estimated size of the entries.
func (m *Memory) Bytes() int64 {
	m.mu.Lock()
	defer m.mu.Unlock()
	return m.bytes
}

// Origins returns the origins held, most recently used first.
func (m *Memory) Origins() []string {
	m.mu.Lock()
	defer m.mu.Unlock()
	out := make([]string, 0, m.ll.Len())
	for el := m.ll.Front(); el != nil; el = el.Next() {
		out = append(out, el.Value.(*item).origin)
	}
	return out
}
