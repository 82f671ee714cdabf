package rediscache

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"encoding/json"
	"errors"
	"strings"
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
var holdScript = redis.NewScript(`
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
	if c.replicated {
		// A failover must not lose the hold: on the same connection, wait
		// (bounded) until a replica has it.
		pipe := c.rdb.Pipeline()
		cmd := holdScript.Eval(ctx, pipe, keys, b, h.Until.UnixMilli(), set)
		pipe.Do(ctx, "WAIT", 1, (c.opt.OpTimeout / 2).Milliseconds())
		_, err = pipe.Exec(ctx)
		if err == nil || errors.Is(err, redis.Nil) {
			n, err = cmd.Int64()
		}
	} else {
		n, err = holdScript.Run(ctx, c.rdb, keys, b, h.Until.UnixMilli(), set).Int64()
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
	out := make(map[string]gate.OriginHold)
	octx, cancel := context.WithTimeout(ctx, 10*c.opt.OpTimeout)
	defer cancel()
	prefix := c.keys.target("")
	iter := c.rdb.Scan(octx, 0, prefix+"*", 500).Iterator()
	for iter.Next(octx) {
		if len(out) >= max {
			return out, true, nil
		}
		key := iter.Val()
		s, err := c.rdb.Get(octx, key).Result()
		if err != nil {
			continue // expired meanwhile
		}
		var h holdJSON
		if json.Unmarshal([]byte(s), &h) == nil && now.Before(h.Until) {
			out[strings.TrimPrefix(key, prefix)] = h.OriginHold
		}
	}
	if err := iter.Err(); err != nil {
		c.fail("holds", err)
		return nil, false, err
	}
	return out, false, nil
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
		vals, err := c.rdb.MGet(octx, c.keys.target(origin), c.keys.epoch(), c.keys.settling()).Result()
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
			if c.restarted(ctx, epoch) || settling {
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

// restarted compares the store's epoch (a random value the first process
// to find it missing writes) with the one this process knows. A store
// found without it, or with another, lost its data since this process last
// looked (a restart without persistence, a failover to an empty replica):
// the settling key then makes every process wait Options.Settle for the
// others to write back their holds. A process's first look only learns
// the epoch. It reports whether this look found a restart.
func (c *Cache) restarted(ctx context.Context, epoch string) bool {
	known := c.epochSeen.Load().(string)
	if epoch != "" && epoch == known {
		return false
	}
	octx, cancel := c.op(ctx)
	defer cancel()
	if epoch == "" {
		id := newID()
		if err := c.rdb.SetArgs(octx, c.keys.epoch(), id, redis.SetArgs{Mode: "NX"}).Err(); err != nil && !errors.Is(err, redis.Nil) {
			c.fail("epoch", err)
			return known != ""
		}
		if epoch, _ = c.rdb.Get(octx, c.keys.epoch()).Result(); epoch == "" {
			return known != ""
		}
	}
	if !c.epochSeen.CompareAndSwap(known, epoch) {
		return true // another goroutine found it first
	}
	if known == "" || known == epoch {
		return false
	}
	if err := c.rdb.SetArgs(octx, c.keys.settling(), "1", redis.SetArgs{Mode: "NX", TTL: c.opt.Settle}).Err(); err != nil && !errors.Is(err, redis.Nil) {
		c.fail("epoch", err)
	}
	c.logf("redis lost its data (a restart or failover): holds unconfirmed while the fleet writes back", "settle", c.opt.Settle.String())
	c.full.Store(true)
	c.startRecovery()
	return true
}

// takeScript takes a slot: expired leases are dropped, then at most
// ARGV[1] leases and ARGV[2] ms between takes. It answers 0 when taken,
// else the milliseconds to wait. The clock is the server's, the same for
// the whole fleet.
var takeScript = redis.NewScript(`
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
		ms, err := takeScript.Run(octx, c.rdb, []string{c.keys.slots(origin), c.keys.next(origin), c.keys.settling()},
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
