package gate

import (
	"context"
	"errors"
	"sync/atomic"
	"testing"
	"time"

	"github.com/robotstxt/robotstxt/cache"
	"github.com/robotstxt/robotstxt/fetch"
)

// slowLocker is a cache whose fleet lock answers with errs in turn, then
// grants the lock.
type slowLocker struct {
	*cache.Memory
	errs  []error
	calls atomic.Int64
}

func (l *slowLocker) Lock(ctx context.Context, origin string, ttl time.Duration) (func(), bool, error) {
	n := int(l.calls.Add(1)) - 1
	if n < len(l.errs) {
		return nil, false, l.errs[n]
	}
	return func() {}, true, nil
}

func (l *slowLocker) Wait(ctx context.Context, origin string, d time.Duration) error { return nil }

// TestLockSlowIsAskedAgain: a lock store that is slow (ErrLockSlow) is
// asked again rather than fetched around, so that single flight holds
// through a frozen store; one that fails otherwise is fetched around at
// once.
func TestLockSlowIsAskedAgain(t *testing.T) {
	slow := errors.Join(ErrLockSlow, context.DeadlineExceeded)
	tests := []struct {
		name  string
		errs  []error
		locks int64
	}{
		{"granted at once", nil, 1},
		{"slow twice, then granted", []error{slow, slow}, 3},
		{"refused: fetch at once", []error{errors.New("connection refused")}, 1},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s := newSite(t, 200, "User-agent: *\nAllow: /\n")
			l := &slowLocker{Memory: cache.NewMemory(0, 0), errs: tt.errs}
			c := &Client{Cache: l, Fetcher: &fetch.Fetcher{Guard: loopback}}
			if _, err := c.Policy(context.Background(), s.URL); err != nil {
				t.Fatal(err)
			}
			if n := l.calls.Load(); n != tt.locks {
				t.Errorf("%d lock requests, want %d", n, tt.locks)
			}
			if n := s.hits.Load(); n != 1 {
				t.Errorf("%d fetches, want 1", n)
			}
		})
	}
}
