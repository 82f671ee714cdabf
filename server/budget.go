package server

import (
	"context"
	"sync"
	"time"
)

// DefaultGateMemory is the default of GateOptions.MaxMemory: the bytes of
// request bodies, decisions and answers one instance holds at once.
const DefaultGateMemory = 256 << 20

// memBudget bounds the bytes in flight on an instance: request bodies as
// they are read, the URLs and answers of the requests being decided. It
// is not first come, first served: a small request that fits goes ahead
// of a large one that waits, so that a large one never holds back the
// answers a cache gives at once.
type memBudget struct {
	mu   sync.Mutex
	max  int64
	used int64
	wake chan struct{} // closed and replaced when bytes are given back
}

func newMemBudget(n int64) *memBudget {
	return &memBudget{max: n, wake: make(chan struct{})}
}

// tryTake takes n bytes if they are left.
func (m *memBudget) tryTake(n int64) bool {
	m.mu.Lock()
	defer m.mu.Unlock()
	if m.used+n > m.max {
		return false
	}
	m.used += n
	return true
}

// take takes n bytes, waiting for them until deadline or ctx's end.
func (m *memBudget) take(ctx context.Context, n int64, deadline time.Time) bool {
	var t *time.Timer
	for {
		m.mu.Lock()
		if m.used+n <= m.max {
			m.used += n
			m.mu.Unlock()
			if t != nil {
				t.Stop()
			}
			return true
		}
		wake := m.wake
		m.mu.Unlock()
		if t == nil {
			t = time.NewTimer(time.Until(deadline))
			defer t.Stop()
		}
		select {
		case <-wake:
		case <-t.C:
			return false
		case <-ctx.Done():
			return false
		}
	}
}

func (m *memBudget) give(n int64) {
	if n == 0 {
		return
	}
	m.mu.Lock()
	m.used -= n
	close(m.wake)
	m.wake = make(chan struct{})
	m.mu.Unlock()
}

// Used is the bytes taken now.
func (m *memBudget) Used() int64 {
	m.mu.Lock()
	defer m.mu.Unlock()
	return m.used
}

// charge is what one request took from the budget; give returns it all.
type charge struct {
	b  *memBudget
	mu sync.Mutex
	n  int64
}

func (c *charge) tryTake(n int64) bool {
	if !c.b.tryTake(n) {
		return false
	}
	c.mu.Lock()
	c.n += n
	c.mu.Unlock()
	return true
}

func (c *charge) take(ctx context.Context, n int64, deadline time.Time) bool {
	if !c.b.take(ctx, n, deadline) {
		return false
	}
	c.mu.Lock()
	c.n += n
	c.mu.Unlock()
	return true
}

func (c *charge) giveAll() {
	c.mu.Lock()
	n := c.n
	c.n = 0
	c.mu.Unlock()
	c.b.give(n)
}

// give returns n of the bytes c took.
func (c *charge) give(n int64) {
	c.mu.Lock()
	n = min(n, c.n)
	c.n -= n
	c.mu.Unlock()
	c.b.give(n)
}
