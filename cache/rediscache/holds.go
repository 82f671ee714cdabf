package rediscache

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"encoding/json"
	"errors"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/redis/go-redis/v9"

	"github.com/robotstxt/robotstxt/gate"
)

func newID() string {
	var b [12]byte
	_, _ = rand.Read(b[:])
	return hex.EncodeToString(b[:])
}

// HoldOrigin holds origin for the whole fleet (gate.HoldStore). The hold is
// also kept in the process, used while the store is down and written back
// when it returns.
func (c *Cache) HoldOrigin(ctx context.Context, origin string, h gate.OriginHold) error {
	_ = c.holds.HoldOrigin(ctx, origin, h)
	c.holdAt.Store(origin, time.Now().UnixMilli())
	if c.down.Load() {
		return nil
	}
	if err := c.setHold(ctx, origin, h); err != nil {
		c.fail("hold", err)
	}
	return nil
}

// holdScript sets the hold unless a longer one is in place, or an operator
// lifted the origin's holds after this one was set (KEYS[2] holds when, in
// ms; ARGV[3] is when this hold was set): it answers 2 then. The key
// expires with the hold.
var holdScript = lazyScript(`
local lifted = redis.call("GET", KEYS[2])
if lifted and tonumber(ARGV[3]) <= tonumber(lifted) then return 2 end
local cur = redis.call("GET", KEYS[1])
if cur then
  local ok, v = pcall(cjson.decode, cur)
  if ok and v.untilMs and tonumber(v.untilMs) >= tonumber(ARGV[2]) then return 0 end
end
redis.call("SET", KEYS[1], ARGV[1], "PXAT", ARGV[2])
return 1`)

type holdJSON struct {
	gate.OriginHold
	UntilMs int64 `json:"untilMs"`
}

// errLifted: the hold written back was lifted by an operator since.
var errLifted = errors.New("robotstxt/rediscache: hold lifted")

func (c *Cache) setHold(ctx context.Context, origin string, h gate.OriginHold) error {
	b, err := json.Marshal(holdJSON{h, h.Until.UnixMilli()})
	if err != nil {
		return err
	}
	set := c.holdSet(origin)
	ctx, cancel := c.op(ctx)
	defer cancel()
	keys := []string{c.keys.target(origin), c.keys.lifted(origin)}
	var n int64
	if c.replicated.Load() {
		// A failover must not lose the hold: on the same connection, wait
		// (bounded) until a replica has it. In a cluster, the connection is
		// to the primary of the hold's slot.
		var on redis.Cmdable = c.rdb
		if c.cluster != nil {
			node, nerr := c.cluster.MasterForKey(ctx, keys[0])
			if nerr != nil {
				return nerr
			}
			on = node
		}
		pipe := on.Pipeline()
		cmd := holdScript().Eval(ctx, pipe, keys, b, h.Until.UnixMilli(), set)
		pipe.Do(ctx, "WAIT", 1, (c.opt.OpTimeout / 2).Milliseconds())
		_, err = pipe.Exec(ctx)
		if err == nil || errors.Is(err, redis.Nil) {
			n, err = cmd.Int64()
		}
	} else {
		n, err = holdScript().Run(ctx, c.rdb, keys, b, h.Until.UnixMilli(), set).Int64()
	}
	if errors.Is(err, redis.Nil) {
		err = nil
	}
	if err == nil && n == 2 {
		_, _ = c.holds.Lift(ctx, origin)
		return errLifted
	}
	return err
}

// holdSet is when this process learnt of origin's hold (ms), for lifts.
func (c *Cache) holdSet(origin string) int64 {
	if v, ok := c.holdAt.Load(origin); ok {
		return v.(int64)
	}
	return 0
}

// maxHoldsListed bounds a listing of the fleet's holds.
const maxHoldsListed = 10000

// Holds lists the fleet's holds (gate.HoldLister): every target:* key of
// the store, scanned, at most max; while the store is down, those this
// process knows.
func (c *Cache) Holds(ctx context.Context, now time.Time, max int) (map[string]gate.OriginHold, bool, error) {
	max = min(max, maxHoldsListed)
	if c.down.Load() {
		return c.holds.Holds(ctx, now, max)
	}
	var mu sync.Mutex
	out := make(map[string]gate.OriginHold)
	more := false
	octx, cancel := context.WithTimeout(ctx, 10*c.opt.OpTimeout)
	defer cancel()
	err := c.eachPrimary(octx, func(ctx context.Context, n redis.Cmdable) error {
		iter := n.Scan(ctx, 0, c.keys.prefix+"{b*}:target:*", 500).Iterator()
		for iter.Next(ctx) {
			key := iter.Val()
			origin := c.keys.originOf("target:", key)
			if origin == "" {
				continue
			}
			s, err := n.Get(ctx, key).Result()
			if err != nil {
				continue // expired meanwhile
			}
			var h holdJSON
			if json.Unmarshal([]byte(s), &h) != nil || !now.Before(h.Until) {
				continue
			}
			mu.Lock()
			full := len(out) >= max
			if !full {
				out[origin] = h.OriginHold
			}
			more = more || full
			mu.Unlock()
			if full {
				return nil
			}
		}
		return iter.Err()
	})
	if err != nil {
		c.fail("holds", err)
		return nil, false, err
	}
	return out, more, nil
}

// eachPrimary runs fn on every primary of a cluster, or on the one server.
func (c *Cache) eachPrimary(ctx context.Context, fn func(context.Context, redis.Cmdable) error) error {
	if c.cluster != nil {
		return c.cluster.ForEachMaster(ctx, func(ctx context.Context, n *redis.Client) error { return fn(ctx, n) })
	}
	return fn(ctx, c.rdb)
}

// Lift ends origin's hold for the whole fleet (gate.HoldLister): the key
// goes, a "lifted" mark keeps instances from writing their copies back,
// and every instance drops its copy on the "unhold" message.
func (c *Cache) Lift(ctx context.Context, origin string) (bool, error) {
	had, _ := c.holds.Lift(ctx, origin)
	if c.down.Load() {
		return had, errors.New("robotstxt/rediscache: redis unreachable: lifted this process's copy only")
	}
	octx, cancel := c.op(ctx)
	defer cancel()
	pipe := c.rdb.TxPipeline()
	del := pipe.Del(octx, c.keys.target(origin))
	pipe.Set(octx, c.keys.lifted(origin), time.Now().UnixMilli(), gate.DefaultMaxHold+time.Hour)
	pipe.Publish(octx, c.keys.landed(), "unhold "+origin)
	if _, err := pipe.Exec(octx); err != nil {
		c.fail("lift", err)
		return had, err
	}
	return had || del.Val() > 0, nil
}

// ErrUnavailable is returned by OriginHeld and Take when the store cannot
// answer and Options.LocalWhenDown is not set: the fleet's holds and limits
// cannot be confirmed, so gate.Politeness holds the task.
var ErrUnavailable = errors.New("robotstxt/rediscache: redis unreachable: the fleet's holds and limits cannot be confirmed")

// OriginHeld returns the fleet's hold on origin (gate.HoldStore). When the
// store cannot answer, a hold this process knows is still returned; without
// one the answer is ErrUnavailable (another instance may have set a hold
// this one has not read), or, with Options.LocalWhenDown, "not held".
func (c *Cache) OriginHeld(ctx context.Context, origin string, now time.Time) (gate.OriginHold, bool, error) {
	if !c.down.Load() {
		octx, cancel := c.op(ctx)
		b := bucket(origin)
		vals, err := c.rdb.MGet(octx, c.keys.target(origin), c.keys.epoch(b), c.keys.settling(b)).Result()
		cancel()
		if err == nil {
			if s, ok := vals[0].(string); ok {
				var h holdJSON
				if jerr := json.Unmarshal([]byte(s), &h); jerr == nil && now.Before(h.Until) {
					if _, known := c.holdAt.Load(origin); !known {
						c.holdAt.Store(origin, time.Now().UnixMilli())
					}
					_ = c.holds.HoldOrigin(ctx, origin, h.OriginHold)
					return h.OriginHold, true, nil
				}
			}
			// No hold in the store. Ours, if any, goes back (the store
			// may have lost it in a restart), unless it was lifted.
			if h, ok, _ := c.holds.OriginHeld(ctx, origin, now); ok {
				err := c.setHold(ctx, origin, h)
				switch {
				case errors.Is(err, errLifted):
					return gate.OriginHold{}, false, nil
				case err != nil:
					c.fail("hold", err)
				}
				return h, true, nil
			}
			epoch, _ := vals[1].(string)
			_, settling := vals[2].(string)
			if c.restarted(ctx, b, epoch) || settling {
				// The store restarted empty: another instance may not
				// have written back a hold it set. Unconfirmed until
				// the settling time ends.
				return c.unconfirmed(origin, now)
			}
			return gate.OriginHold{}, false, nil
		}
		c.fail("held", err)
	}
	return c.unconfirmed(origin, now)
}

// unconfirmed answers OriginHeld when the fleet's holds cannot be read or
// trusted: a hold this process knows, else ErrUnavailable (or, with
// LocalWhenDown, not held).
func (c *Cache) unconfirmed(origin string, now time.Time) (gate.OriginHold, bool, error) {
	h, ok, _ := c.holds.OriginHeld(context.Background(), origin, now)
	if ok || c.opt.LocalWhenDown {
		return h, ok, nil
	}
	return gate.OriginHold{}, false, ErrUnavailable
}

// restarted compares bucket b's epoch in the store (a random value the
// first process to find it missing writes) with the one this process
// knows. A bucket found without it, or with another, lost its data since
// this process last looked (a restart without persistence, a failover to
// an empty replica, a cluster shard that lost its data): the bucket's
// settling key then makes every process wait Options.Settle for the others
// to write back their holds. A process's first look only learns the epoch
// (learnEpochs looks at every bucket as soon as the store answers). It
// reports whether this look found a restart.
func (c *Cache) restarted(ctx context.Context, b int, epoch string) bool {
	known := c.epochSeen[b].Load().(string)
	if epoch != "" && epoch == known {
		return false
	}
	octx, cancel := c.op(ctx)
	defer cancel()
	if epoch == "" {
		var err error
		if epoch, err = epochScript().Run(octx, c.rdb, []string{c.keys.epoch(b)}, newID()).Text(); err != nil {
			c.fail("epoch", err)
			return known != ""
		}
	}
	if !c.epochSeen[b].CompareAndSwap(known, epoch) {
		return true // another goroutine found it first
	}
	if known == "" || known == epoch {
		return false
	}
	if err := c.rdb.SetArgs(octx, c.keys.settling(b), "1", redis.SetArgs{Mode: "NX", TTL: c.opt.Settle}).Err(); err != nil && !errors.Is(err, redis.Nil) {
		c.fail("epoch", err)
	}
	// Tell the fleet: a process whose connections did not break (the
	// shard that lost its data is not the one it subscribes on, or it was
	// idle) writes back too.
	if err := c.rdb.Publish(octx, c.keys.landed(), "lost "+strconv.Itoa(b)).Err(); err != nil {
		c.fail("publish", err)
	}
	c.logf("redis lost its data (a restart or failover): holds unconfirmed while the fleet writes back", "bucket", b, "settle", c.opt.Settle.String())
	c.full.Store(true)
	c.startRecovery()
	return true
}

// takeScript takes a slot: expired leases are dropped, then at most
// ARGV[1] leases and ARGV[2] ms between takes. It answers 0 when taken,
// else the milliseconds to wait. The clock is the server's, the same for
// the whole fleet.
var takeScript = lazyScript(`
if redis.call("EXISTS", KEYS[3]) == 1 then return -1 end
local t = redis.call("TIME")
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
local max = tonumber(ARGV[1])
local interval = tonumber(ARGV[2])
local lease = tonumber(ARGV[3])
redis.call("ZREMRANGEBYSCORE", KEYS[1], "-inf", now)
if max > 0 and redis.call("ZCARD", KEYS[1]) >= max then
  local first = redis.call("ZRANGE", KEYS[1], 0, 0, "WITHSCORES")
  return math.max(1, tonumber(first[2]) - now)
end
if interval > 0 then
  local nx = tonumber(redis.call("GET", KEYS[2]) or "0")
  if nx > now then return nx - now end
  redis.call("SET", KEYS[2], now + interval, "PX", interval)
end
if max > 0 then
  redis.call("ZADD", KEYS[1], now + lease, ARGV[4])
  redis.call("PEXPIRE", KEYS[1], lease)
end
return 0`)

// Take takes a politeness slot for the fleet (gate.HoldStore). When the
// store cannot answer, it returns ErrUnavailable (the fleet's count cannot
// be known), or, with Options.LocalWhenDown, this process's own limits
// apply.
func (c *Cache) Take(ctx context.Context, origin, lease string, max int, interval, leaseTTL time.Duration) (time.Duration, error) {
	if !c.down.Load() {
		octx, cancel := c.op(ctx)
		ms, err := takeScript().Run(octx, c.rdb, []string{c.keys.slots(origin), c.keys.next(origin), c.keys.settling(bucket(origin))},
			max, interval.Milliseconds(), leaseTTL.Milliseconds(), lease).Int64()
		cancel()
		if err == nil && ms >= 0 {
			return time.Duration(ms) * time.Millisecond, nil
		}
		if err == nil {
			// Settling after a restart: the fleet's leases are not all
			// back yet.
			if c.opt.LocalWhenDown {
				return c.holds.Take(ctx, origin, lease, max, interval, leaseTTL)
			}
			return 0, ErrUnavailable
		}
		c.fail("take", err)
	}
	if !c.opt.LocalWhenDown {
		return 0, ErrUnavailable
	}
	return c.holds.Take(ctx, origin, lease, max, interval, leaseTTL)
}

// Release ends a lease (gate.HoldStore).
func (c *Cache) Release(ctx context.Context, origin, lease string) error {
	_ = c.holds.Release(ctx, origin, lease)
	if c.down.Load() {
		return nil
	}
	octx, cancel := c.op(ctx)
	defer cancel()
	if err := c.rdb.ZRem(octx, c.keys.slots(origin), lease).Err(); err != nil {
		c.fail("release", err)
	}
	return nil
}

// epochScript answers the epoch in KEYS[1], setting it to ARGV[1] first
// when there is none (SET NX GET in one step, on any Redis version).
var epochScript = lazyScript(`
local v = redis.call("GET", KEYS[1])
if v then return v end
redis.call("SET", KEYS[1], ARGV[1])
return ARGV[1]`)

// learnEpochs reads (or sets) every bucket's epoch in one pipeline and
// compares each with the one this process knows (restarted): a process
// learns them all as soon as the store answers, so that a bucket that
// loses its data later is seen as lost by every process, not only by those
// that had looked at one of its origins. For a cluster it also finds
// whether holds can wait for a replica.
func (c *Cache) learnEpochs(ctx context.Context) {
	octx, cancel := context.WithTimeout(context.WithoutCancel(ctx), 5*c.opt.OpTimeout)
	defer cancel()
	pipe := c.rdb.Pipeline()
	cmds := make([]*redis.Cmd, buckets)
	for b := range cmds {
		cmds[b] = epochScript().Eval(octx, pipe, []string{c.keys.epoch(b)}, newID())
	}
	_, _ = pipe.Exec(octx)
	for b, cmd := range cmds {
		epoch, err := cmd.Text()
		if err != nil {
			continue // this bucket's shard did not answer: learnt later
		}
		c.restarted(ctx, b, epoch)
	}
	if c.cluster != nil {
		var replicas atomic.Int64 // the callbacks run at once
		_ = c.cluster.ForEachSlave(octx, func(context.Context, *redis.Client) error {
			replicas.Add(1)
			return nil
		})
		c.replicated.Store(replicas.Load() > 0)
	} else if !c.migrated.Swap(true) {
		c.migrateHolds(octx)
	}
}

// migrateHolds moves the holds stored under the key names of releases
// before hash tags ("<prefix>target:<origin>", single server or Sentinel
// only) to the new names, once per process, so that a fleet upgraded in
// place keeps its holds. Everything else under the old names is a cache
// (policies refetch, locks and slots last seconds) and expires unread.
func (c *Cache) migrateHolds(ctx context.Context) {
	old := c.keys.prefix + "target:"
	iter := c.rdb.Scan(ctx, 0, old+"*", 500).Iterator()
	for n := 0; n < maxHoldsListed && iter.Next(ctx); n++ {
		key := iter.Val()
		origin := strings.TrimPrefix(key, old)
		s, err := c.rdb.GetDel(ctx, key).Result()
		if err != nil {
			continue
		}
		var h holdJSON
		if json.Unmarshal([]byte(s), &h) != nil || !time.Now().Before(h.Until) {
			continue
		}
		// Known here first, so that a failed write is written back later.
		_ = c.holds.HoldOrigin(ctx, origin, h.OriginHold)
		if err := c.setHold(ctx, origin, h.OriginHold); err != nil && !errors.Is(err, errLifted) {
			c.fail("migrate", err)
			return
		}
	}
}
