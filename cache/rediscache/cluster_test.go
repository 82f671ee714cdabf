package rediscache_test

import (
	"context"
	"errors"
	"fmt"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/redis/go-redis/v9"

	"github.com/robotstxt/robotstxt/cache/rediscache"
	"github.com/robotstxt/robotstxt/fetch"
	"github.com/robotstxt/robotstxt/gate"
	"github.com/robotstxt/robotstxt/internal/redistest"
)

// TestClusterKeysOneSlot: on a real Redis Cluster, every key of an origin
// and its bucket's epoch and settling keys hash to one slot (CLUSTER
// KEYSLOT), and the origins of a fleet spread over every primary.
func TestClusterKeysOneSlot(t *testing.T) {
	t.Parallel() // mostly waits on its own servers: beside the other such tests
	cl := redistest.StartCluster(t, 0)
	ctx := context.Background()
	r := redis.NewClient(&redis.Options{Addr: cl.Nodes[0].Addr, DisableIdentity: true})
	defer r.Close()
	primaries := map[string]bool{}
	for i := range 40 {
		o := fmt.Sprintf("https://site%d.example", i)
		var slots []int64
		for _, kind := range []string{"policy", "hold", "lock", "target", "slots", "next", "deleted", "lifted", "forgot"} {
			s, err := r.ClusterKeySlot(ctx, rediscache.KeyOf("robotstxt:", kind, o)).Result()
			if err != nil {
				t.Fatal(err)
			}
			slots = append(slots, s)
		}
		for _, key := range []string{rediscache.EpochKeyOf("robotstxt:", o), rediscache.SettlingKeyOf("robotstxt:", o)} {
			s, err := r.ClusterKeySlot(ctx, key).Result()
			if err != nil {
				t.Fatal(err)
			}
			slots = append(slots, s)
		}
		for _, s := range slots {
			if s != slots[0] {
				t.Fatalf("%s: slots %v, want one", o, slots)
			}
		}
		p, err := cl.PrimaryFor(rediscache.KeyOf("robotstxt:", "target", o))
		if err != nil {
			t.Fatal(err)
		}
		primaries[p.Addr] = true
	}
	if len(primaries) != 3 {
		t.Errorf("40 origins on %d primaries, want all 3", len(primaries))
	}
}

// decider is one instance's decisions: the gate, then politeness.
type decider struct {
	in *instance
	p  *gate.Politeness
}

// decide answers for u; an error or a hold without a reason is a lost
// answer.
func (d decider) decide(ctx context.Context, u string) (gate.Action, error) {
	dec, err := d.in.gate.Check(ctx, u)
	if err != nil {
		return "", err
	}
	_, _ = d.p.Apply(ctx, dec, time.Now())
	if dec.Action == gate.Hold && dec.Reason == "" {
		return "", errors.New("a hold without a reason")
	}
	return dec.Action, nil
}

// TestClusterFleet: two instances on a real three-primary Redis Cluster
// with a replica each. Holds reported through a (origins on every shard)
// hold on b; then, under load from both instances, the primary of a held
// origin's slot is killed: its replica takes over, every decision gets an
// answer, no held origin is ever admitted, and after the failover the
// holds are still there (each waited for the replica) and the free origins
// are admitted again.
func TestClusterFleet(t *testing.T) {
	t.Parallel() // mostly waits on its own servers: beside the other such tests
	cl := redistest.StartCluster(t, 1)
	ctx := context.Background()
	const prefix = "cf:"
	a := decider{in: newInstanceAt(t, cl.URL(), prefix, rediscache.Options{})}
	b := decider{in: newInstanceAt(t, cl.URL(), prefix, rediscache.Options{})}
	a.p, b.p = &gate.Politeness{Store: a.in.cache}, &gate.Politeness{Store: b.in.cache}
	var held, free []*origin
	heldShards := map[string]bool{}
	for i := range 12 {
		o := newOrigin(t, "User-agent: *\nAllow: /\n")
		if i%2 == 0 {
			held = append(held, o)
		} else {
			free = append(free, o)
		}
	}
	originOf := func(o *origin) string { s, _ := fetch.Origin(o.URL); return s }
	for _, o := range held {
		if _, _, err := a.p.Report(ctx, originOf(o), 429, time.Hour, time.Now()); err != nil {
			t.Fatal(err)
		}
		p, err := cl.PrimaryFor(rediscache.KeyOf(prefix, "target", originOf(o)))
		if err != nil {
			t.Fatal(err)
		}
		heldShards[p.Addr] = true
	}
	if len(heldShards) < 2 {
		t.Logf("the held origins fell on %d shard(s) only", len(heldShards))
	}
	// Shared: b holds what a was told, admits the rest.
	for _, tt := range []struct {
		os   []*origin
		want gate.Action
	}{{held, gate.Hold}, {free, gate.Admit}} {
		for _, o := range tt.os {
			for _, d := range []decider{a, b} {
				if got, err := d.decide(ctx, o.URL+"/x"); err != nil || got != tt.want {
					t.Fatalf("before the failover: %s: %s, %v; want %s", o.URL, got, err, tt.want)
				}
			}
		}
	}
	victim, err := cl.PrimaryFor(rediscache.KeyOf(prefix, "target", originOf(held[0])))
	if err != nil {
		t.Fatal(err)
	}
	// Origins on the victim's shard that a holds right before the kill and
	// b has never read: b may learn of them only from the replica.
	var late []*origin
	for i := 0; len(late) < 3 && i < 60; i++ {
		o := newOrigin(t, "User-agent: *\nAllow: /\n")
		if p, err := cl.PrimaryFor(rediscache.KeyOf(prefix, "target", originOf(o))); err == nil && p == victim {
			late = append(late, o)
		}
	}
	if len(late) < 3 {
		t.Fatalf("found %d origins on the victim's shard, want 3", len(late))
	}
	held = append(held, late...)
	// Load: both instances decide for every origin, over and over.
	var decisions, lost, failOpen, admits atomic.Int64
	var lateHeld atomic.Bool // the late origins are held from now on
	var firstLost atomic.Value
	stop := make(chan struct{})
	var wg sync.WaitGroup
	for _, d := range []decider{a, b} {
		for range 2 {
			wg.Add(1)
			go func() {
				defer wg.Done()
				for i := 0; ; i++ {
					select {
					case <-stop:
						return
					default:
					}
					o, isHeld := free[i%len(free)], false
					if i%2 == 0 {
						j := (i / 2) % len(held)
						o, isHeld = held[j], j < len(held)-len(late) || lateHeld.Load()
					}
					got, err := d.decide(ctx, fmt.Sprintf("%s/p%d", o.URL, i))
					decisions.Add(1)
					switch {
					case err != nil:
						lost.Add(1)
						firstLost.CompareAndSwap(nil, err.Error())
					case got == gate.Admit && isHeld:
						failOpen.Add(1)
					case got == gate.Admit:
						admits.Add(1)
					}
					time.Sleep(2 * time.Millisecond)
				}
			}()
		}
	}
	time.Sleep(300 * time.Millisecond)
	for _, o := range late {
		if _, _, err := a.p.Report(ctx, originOf(o), 503, time.Hour, time.Now()); err != nil {
			t.Fatal(err)
		}
	}
	lateHeld.Store(true)
	victim.Kill()
	if err := cl.WaitOK(30 * time.Second); err != nil {
		close(stop)
		wg.Wait()
		t.Fatal(err)
	}
	// Free origins are admitted again on both instances.
	before := admits.Load()
	for deadline := time.Now().Add(20 * time.Second); admits.Load() < before+20; time.Sleep(50 * time.Millisecond) {
		if time.Now().After(deadline) {
			close(stop)
			wg.Wait()
			t.Fatalf("decisions did not come back after the failover within 20s (admits %d)", admits.Load())
		}
	}
	close(stop)
	wg.Wait()
	t.Logf("%d decisions, %d admits of free origins, %d lost, %d fail-open", decisions.Load(), admits.Load(), lost.Load(), failOpen.Load())
	if n := lost.Load(); n > 0 {
		t.Errorf("%d decisions got no answer (first: %v)", n, firstLost.Load())
	}
	if n := failOpen.Load(); n > 0 {
		t.Errorf("%d decisions admitted a held origin during the failover", n)
	}
	now, err := cl.PrimaryFor(rediscache.KeyOf(prefix, "target", originOf(held[0])))
	if err != nil || now == victim {
		t.Fatalf("no replica took over the killed primary's slots: %v", err)
	}
	// The holds survived in the store itself, not only in the instances.
	for _, o := range held {
		for _, d := range []decider{a, b} {
			h, ok, err := d.in.cache.OriginHeld(ctx, originOf(o), time.Now())
			if !ok || err != nil || (h.HTTPStatus != 429 && h.HTTPStatus != 503) {
				t.Errorf("after the failover, %s: %+v %v %v; want its hold", o.URL, h, ok, err)
			}
		}
	}
	var seeds []string
	for _, n := range cl.Nodes {
		if n.Running() {
			seeds = append(seeds, n.Addr)
		}
	}
	c := redis.NewClusterClient(&redis.ClusterOptions{Addrs: seeds, DisableIdentity: true})
	defer c.Close()
	for _, o := range held {
		if n, err := c.Exists(ctx, rediscache.KeyOf(prefix, "target", originOf(o))).Result(); err != nil || n != 1 {
			t.Errorf("after the failover, the hold key of %s: %d %v; want it kept", o.URL, n, err)
		}
	}
}

// TestClusterShardLosesData: a cluster without replicas, one primary
// restarted empty (it keeps its slots). Instance b, which never read a's
// hold of an origin on that shard, does not find it free: the bucket's
// epoch is gone, so the hold is unconfirmed until a (told by b's "lost"
// message, though a's own connections never broke on that shard) writes
// it back. An origin on another shard is answered as before: only the
// buckets that lost their data settle.
func TestClusterShardLosesData(t *testing.T) {
	t.Parallel() // mostly waits on its own servers: beside the other such tests
	cl := redistest.StartCluster(t, 0)
	ctx := context.Background()
	const prefix = "cl:"
	opt := rediscache.Options{Settle: 3 * time.Second}
	a := newInstanceAt(t, cl.URL(), prefix, opt)
	b := newInstanceAt(t, cl.URL(), prefix, opt)
	victim := cl.Nodes[0]
	pick := func(onVictim bool) string {
		for i := range 500 {
			o := fmt.Sprintf("https://site%d.example", i)
			p, err := cl.PrimaryFor(rediscache.KeyOf(prefix, "target", o))
			if err == nil && (p == victim) == onVictim {
				return o
			}
		}
		t.Fatal("no origin found on the wanted shard")
		return ""
	}
	lost, kept := pick(true), pick(false)
	if err := a.cache.HoldOrigin(ctx, lost, gate.OriginHold{Until: time.Now().Add(time.Hour), HTTPStatus: 429}); err != nil {
		t.Fatal(err)
	}
	if err := victim.Restart(); err != nil {
		t.Fatal(err)
	}
	if err := cl.WaitOK(30 * time.Second); err != nil {
		t.Fatal(err)
	}
	sawUnconfirmed := false
	for deadline := time.Now().Add(20 * time.Second); ; time.Sleep(20 * time.Millisecond) {
		h, ok, err := b.cache.OriginHeld(ctx, lost, time.Now())
		if ok && err == nil && h.HTTPStatus == 429 {
			break // a wrote it back
		}
		if !ok && err == nil {
			t.Fatal("b found the held origin free after its shard lost its data: a fail-open")
		}
		if errors.Is(err, rediscache.ErrUnavailable) {
			sawUnconfirmed = true
		} else if err != nil {
			t.Fatal(err)
		}
		if time.Now().After(deadline) {
			t.Fatal("the hold never came back")
		}
	}
	if !sawUnconfirmed {
		t.Log("a wrote the hold back before b's first read")
	}
	if _, ok, err := b.cache.OriginHeld(ctx, kept, time.Now()); ok || err != nil {
		t.Errorf("an origin on a shard that kept its data: held %v, err %v; want free", ok, err)
	}
	if n, err := redistest.Client(t, victim).Exists(ctx, rediscache.KeyOf(prefix, "target", lost)).Result(); err != nil || n != 1 {
		t.Errorf("the hold key on the restarted shard: %d %v; want written back", n, err)
	}
}
