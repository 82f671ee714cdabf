// Package rediscache shares the gate's robots.txt cache among the
// processes of a crawler fleet through Redis.
//
// Every key of an origin is named prefix + "{bNNN}:" + kind + ":" + origin,
// where bNNN is the origin's bucket (one of 256, a hash of the origin): the
// hash tag puts all of an origin's keys, and its bucket's "epoch" and
// "settling" keys, in one Redis Cluster slot, so that every multi-key
// request stays within one slot. Open accepts redis://, redis-sentinel://
// and redis-cluster:// URLs.
//
// Per origin it keeps two keys, each with its own TTL: "policy:<origin>"
// (the latest definitive fetch: bytes, status, digest, fetched-at, expiry;
// kept past its expiry for stale use) and "hold:<origin>" (the latest
// failure, consecutive failures, when to retry).
// It also implements:
//
//   - gate.Locker: a lock key "lock:<origin>" taken with SET NX and an
//     expiry slightly above the fetch deadline, so that one process of the
//     fleet fetches an origin's robots.txt while the others wait; they are
//     woken by a message on the "landed" channel, polling as a fallback, and
//     a holder that dies frees the lock by expiry.
//   - policy versions: a write whose digest differs from the one it replaces
//     publishes {origin, old, new} on the "versions" channel (Options.OnChange);
//     gate.Gate.Watch rechecks the tasks admitted and not started.
//   - gate.HoldStore: holds set by a target's 429/503/403 ("target:<origin>")
//     and the politeness slots ("slots:<origin>", "next:<origin>"), taken by
//     a Lua script on the server's clock.
//
// Redis unreachable never means fail open: Get answers from the process's
// own copy (cache.Entry.Source "local", "shared" otherwise), an origin it
// has never seen is fetched by this process alone (single flight within it),
// and what it stored meanwhile is written back when Redis answers again,
// unless the store has a later fetch. A store that comes back empty (a
// restart without persistence) gets back every entry and hold a process
// still holds, as soon as it is asked for it.
package rediscache
