package rediscache

import (
	"context"
	"encoding/json"
	"errors"
	"net"
	"testing"
	"time"

	"github.com/robotstxt/robotstxt/cache"
	"github.com/robotstxt/robotstxt/fetch"
	"github.com/robotstxt/robotstxt/gate"
	"github.com/robotstxt/robotstxt/internal/redistest"
)

// TestRestoreOnMiss: an entry the store lost comes back from an instance's
// copy, unless it was deleted on purpose (the tombstone), even by an
// instance whose "del" message has not arrived.
func TestRestoreOnMiss(t *testing.T) {
	srv := redistest.Start(t)
	ctx := context.Background()
	c := openUp(t, srv.URL(), Options{Prefix: "rm:"})
	now := time.Now().UTC()
	e := &cache.Entry{Policy: &fetch.Policy{Status: fetch.Success, Digest: "sha256:01", FetchedAt: now}, Expires: now.Add(time.Hour)}
	tests := []struct {
		name     string
		tomb     bool
		restored bool
	}{
		{"lost in a restart", false, true},
		{"deleted by another instance", true, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			const o = "https://lost.example"
			if err := c.Put(ctx, o, e); err != nil {
				t.Fatal(err)
			}
			// The keys vanish behind the instance's back (no message).
			c.rdb.Del(ctx, c.keys.policy(o), c.keys.hold(o), c.keys.tomb(o))
			if tt.tomb {
				c.rdb.Set(ctx, c.keys.tomb(o), "1", time.Minute)
			}
			c.forgetNear(o)
			got, err := c.Get(ctx, o)
			if tt.restored {
				if err != nil || got.Policy.Digest != "sha256:01" || got.Source != Shared {
					t.Fatalf("Get = %+v, %v; want the copy, written back", got, err)
				}
				if n, _ := c.rdb.Exists(ctx, c.keys.policy(o)).Result(); n != 1 {
					t.Error("the copy was not written back to the store")
				}
			} else if !errors.Is(err, cache.ErrMiss) {
				t.Fatalf("Get = %+v, %v; want ErrMiss: the deletion stands", got, err)
			}
		})
	}
}

// TestSlowStoreIsNotDown: a store that answers late (here blocked by DEBUG
// SLEEP) is not taken as down: the late request is answered from the local
// copy, and the fleet's single flight stays in place.
func TestSlowStoreIsNotDown(t *testing.T) {
	srv := redistest.Start(t)
	ctx := context.Background()
	c, err := Open(srv.URL(), Options{Prefix: "slow:", OpTimeout: 100 * time.Millisecond})
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close()
	for deadline := time.Now().Add(5 * time.Second); !c.Up() || !c.Subscribed(); time.Sleep(10 * time.Millisecond) {
		if time.Now().After(deadline) {
			t.Fatal("no store")
		}
	}
	now := time.Now().UTC()
	const o = "https://slow.example"
	if err := c.Put(ctx, o, &cache.Entry{Policy: &fetch.Policy{Status: fetch.Success, Digest: "sha256:02", FetchedAt: now}, Expires: now.Add(time.Hour)}); err != nil {
		t.Fatal(err)
	}
	other := redistest.Client(t, srv)
	done := make(chan error, 1)
	go func() { done <- other.Do(ctx, "DEBUG", "SLEEP", "0.3").Err() }()
	time.Sleep(50 * time.Millisecond) // the server is asleep
	c.forgetNear(o)
	got, err := c.Get(ctx, o)
	if err != nil || got.Source != Local || got.Policy.Digest != "sha256:02" {
		t.Errorf("Get while the store is slow = %+v, %v; want the local copy", got, err)
	}
	if err := <-done; err != nil {
		t.Fatal(err)
	}
	if c.down.Load() {
		t.Error("a slow answer marked the store down")
	}
	for deadline := time.Now().Add(5 * time.Second); !c.Up(); time.Sleep(10 * time.Millisecond) {
		if time.Now().After(deadline) {
			t.Fatal("not back within 5s")
		}
	}
	if c.down.Load() {
		t.Error("the store was marked down although pings answered")
	}
	if got, err := c.Get(ctx, o); err != nil || got.Source != Shared {
		t.Errorf("after: %+v, %v; want shared", got, err)
	}
}

// FuzzStoreURL: any redis-sentinel:// or redis-cluster:// --redis value
// gives options or a clear error, never a crash; options name host:port
// addresses (and, for Sentinel, the master).
func FuzzStoreURL(f *testing.F) {
	for _, s := range []string{"redis-sentinel://127.0.0.1:26379/fleet", "redis-sentinel://:pw@a:1,b:2/m/3",
		"redis-sentinel://", "redis-sentinel://@/", "redis-sentinel://a:1//", "redis-sentinel://[::1]:26379/m/-1",
		"redis-cluster://127.0.0.1:7000", "redis-cluster://:pw@a:1,b:2,[::1]:3/", "redis-cluster://@/",
		"redis-cluster://a:1//", "redis-cluster://a:1,,b:2", "redis-cluster://a:1/0"} {
		f.Add(s)
	}
	hostPorts := func(t *testing.T, s string, addrs []string) {
		if len(addrs) == 0 {
			t.Fatalf("%q: no addresses", s)
		}
		for _, a := range addrs {
			if _, _, err := net.SplitHostPort(a); err != nil {
				t.Fatalf("%q: address %q is not host:port", s, a)
			}
		}
	}
	f.Fuzz(func(t *testing.T, s string) {
		if o, err := parseSentinelURL(s); err == nil {
			if o.MasterName == "" || o.DB < 0 {
				t.Fatalf("%q: %+v", s, o)
			}
			hostPorts(t, s, o.SentinelAddrs)
		} else if o != nil {
			t.Fatal("options with an error")
		}
		if o, err := parseClusterURL(s); err == nil {
			hostPorts(t, s, o.Addrs)
		} else if o != nil {
			t.Fatal("options with an error")
		}
	})
}

// TestOldHoldNamesMigrated: a hold stored under the key names of releases
// before hash tags ("<prefix>target:<origin>") holds after an upgrade in
// place: the first process to reach the store moves it to the new name.
// An expired one is dropped.
func TestOldHoldNamesMigrated(t *testing.T) {
	srv := redistest.Start(t)
	ctx := context.Background()
	r := redistest.Client(t, srv)
	tests := []struct {
		origin string
		until  time.Time
		held   bool
	}{
		{"https://held.example", time.Now().Add(time.Hour), true},
		{"https://over.example", time.Now().Add(-time.Minute), false},
	}
	for _, tt := range tests {
		b, _ := json.Marshal(holdJSON{gate.OriginHold{Until: tt.until, HTTPStatus: 429}, tt.until.UnixMilli()})
		if err := r.Set(ctx, "mig:target:"+tt.origin, b, time.Hour).Err(); err != nil {
			t.Fatal(err)
		}
	}
	c := openUp(t, srv.URL(), Options{Prefix: "mig:"})
	for _, tt := range tests {
		if n, _ := r.Exists(ctx, "mig:target:"+tt.origin).Result(); n != 0 {
			t.Errorf("%s: the old key is still there", tt.origin)
		}
		if n, _ := r.Exists(ctx, c.keys.target(tt.origin)).Result(); (n == 1) != tt.held {
			t.Errorf("%s: new key exists %v, want %v", tt.origin, n == 1, tt.held)
		}
		h, ok, err := c.OriginHeld(ctx, tt.origin, time.Now())
		if err != nil || ok != tt.held || (ok && h.HTTPStatus != 429) {
			t.Errorf("%s: OriginHeld = %+v %v %v; want held %v", tt.origin, h, ok, err, tt.held)
		}
	}
}

// openUp opens a Cache on url for t, closed at its end, and waits until it
// uses the store and follows its channels.
func openUp(t *testing.T, url string, opt Options) *Cache {
	t.Helper()
	c, err := Open(url, opt)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { c.Close() })
	for deadline := time.Now().Add(5 * time.Second); !c.Up() || !c.Subscribed(); time.Sleep(10 * time.Millisecond) {
		if time.Now().After(deadline) {
			t.Fatal("no store")
		}
	}
	return c
}
