package rediscache

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"encoding/json"
	"errors"
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
	if c.down.Load() {
		return nil
	}
	if err := c.setHold(ctx, origin, h); err != nil {
		c.fail("hold", err)
	}
	return nil
}

// holdScript sets the hold unless a longer one is in place; the key
// expires with the hold.
var holdScript = redis.NewScript(`
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

func (c *Cache) setHold(ctx context.Context, origin string, h gate.OriginHold) error {
	b, err := json.Marshal(holdJSON{h, h.Until.UnixMilli()})
	if err != nil {
		return err
	}
	ctx, cancel := c.op(ctx)
	defer cancel()
	err = holdScript.Run(ctx, c.rdb, []string{c.keys.target(origin)}, b, h.Until.UnixMilli()).Err()
	if errors.Is(err, redis.Nil) {
		err = nil
	}
	return err
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
		s, err := c.rdb.Get(octx, c.keys.target(origin)).Result()
		cancel()
		switch {
		case err == nil:
			var h holdJSON
			if jerr := json.Unmarshal([]byte(s), &h); jerr == nil && now.Before(h.Until) {
				_ = c.holds.HoldOrigin(ctx, origin, h.OriginHold)
				return h.OriginHold, true, nil
			}
			return gate.OriginHold{}, false, nil
		case errors.Is(err, redis.Nil):
			// The store may have lost it in a restart: ours goes back.
			if h, ok, _ := c.holds.OriginHeld(ctx, origin, now); ok {
				if err := c.setHold(ctx, origin, h); err != nil {
					c.fail("hold", err)
				}
				return h, true, nil
			}
			return gate.OriginHold{}, false, nil
		default:
			c.fail("held", err)
		}
	}
	h, ok, _ := c.holds.OriginHeld(ctx, origin, now)
	if ok || c.opt.LocalWhenDown {
		return h, ok, nil
	}
	return gate.OriginHold{}, false, ErrUnavailable
}

// takeScript takes a slot: expired leases are dropped, then at most
// ARGV[1] leases and ARGV[2] ms between takes. It answers 0 when taken,
// else the milliseconds to wait. The clock is the server's, the same for
// the whole fleet.
var takeScript = redis.NewScript(`
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
		ms, err := takeScript.Run(octx, c.rdb, []string{c.keys.slots(origin), c.keys.next(origin)},
			max, interval.Milliseconds(), leaseTTL.Milliseconds(), lease).Int64()
		cancel()
		if err == nil {
			return time.Duration(ms) * time.Millisecond, nil
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
