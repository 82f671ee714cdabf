package rediscache

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"net"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/redis/go-redis/v9"

	"github.com/robotstxt/robotstxt/cache"
	"github.com/robotstxt/robotstxt/fetch"
	"github.com/robotstxt/robotstxt/gate"
)

// Defaults for Options.
const (
	DefaultPrefix    = "robotstxt:"
	DefaultKeep      = gate.DefaultMaxStale
	DefaultHoldKeep  = 24 * time.Hour
	DefaultOpTimeout = time.Second
	DefaultNearTTL   = 5 * time.Second
	DefaultSettle    = 10 * time.Second
	// retryEvery is how often an unreachable store is tried again.
	retryEvery = 500 * time.Millisecond
)

// Sources of an entry (cache.Entry.Source).
const (
	Shared = "shared"
	Local  = "local"
)

// Options configure a Cache. The zero value is usable.
type Options struct {
	// Prefix starts every key and channel name (default "robotstxt:"), so
	// that several fleets or tests share one server.
	Prefix string
	// Local is the process's own copy, used while the store is unreachable;
	// nil means cache.NewMemory with its default bounds.
	Local *cache.Memory
	// Keep is how long a policy outlives its expiry in the store, for stale
	// use while its origin is unreachable (default 30 days, the gate's
	// DefaultMaxStale). HoldKeep is how long hold state (consecutive
	// failures) outlives its retry time (default 24 hours).
	Keep, HoldKeep time.Duration
	// OpTimeout bounds each request to the store (default one second). A
	// request that times out is answered from the local copy; the store is
	// taken as down when pings fail too, or at once when it refuses.
	OpTimeout time.Duration
	// NearTTL bounds how long an entry read from the store is used without
	// reading it again, even while invalidation messages flow (default 5 s).
	NearTTL time.Duration
	// Log receives state changes (store lost, store back); nil: none.
	Log *slog.Logger
	// OnError is called for every failed request to the store (metrics).
	OnError func(op string, err error)
	// OnChange is called for every policy change published by any process.
	OnChange func(gate.PolicyChange)
	// LocalWhenDown is the degraded mode: while the store cannot answer,
	// holds and politeness limits come from this process alone (holds it
	// read or was told of, its own count of leases). An instance may then
	// admit an origin another instance held since the outage began, and a
	// fleet of N instances may admit N times the limits. Without it (the
	// default), OriginHeld and Take return ErrUnavailable and
	// gate.Politeness holds every task it would have admitted.
	LocalWhenDown bool
	// Settle is how long, after the store is found to have lost its data
	// (restarted without persistence, failed over to an empty replica),
	// holds and limits count as unconfirmed, so that every instance has
	// written back the holds it knows (default DefaultSettle).
	Settle time.Duration
}

// Cache is a cache.Cache shared by a crawler fleet through Redis, with the
// process's own copy as a fallback. It implements gate.Locker (one fetch
// per origin for the whole fleet) and gate.HoldStore (politeness). Close
// it when done.
type Cache struct {
	rdb redis.UniversalClient
	// cluster is rdb when it is a Redis Cluster's client, else nil.
	cluster *redis.ClusterClient
	opt     Options
	// replicated: the store has replicas (Sentinel, a cluster with
	// replicas); holds wait for one.
	replicated atomic.Bool
	id         string // this process's lock value
	keys       *keys

	local *cache.Memory

	down       atomic.Bool
	full       atomic.Bool // the next write-back covers every local entry
	recovering atomic.Bool
	dirty      sync.Map // origin -> struct{}: written while the store was down

	// Near copies: an entry read from the store is used again without a
	// read while the invalidation subscription has been up since (same
	// epoch) and for at most NearTTL.
	epoch      atomic.Uint64
	subscribed atomic.Bool
	nearMu     sync.Mutex
	near       map[string]nearItem

	waitMu  sync.Mutex
	waiters map[string][]chan struct{}

	holds *gate.LocalHolds // mirror of the fleet's holds, for when the store is down

	// epochSeen[b]: bucket b's epoch as this process last saw it (string).
	epochSeen [buckets]atomic.Value
	migrated  atomic.Bool // holds under the old key names moved (once)
	holdAt    sync.Map    // origin -> int64 ms: when this process learnt of its hold

	ctx    context.Context
	cancel context.CancelFunc
	wg     sync.WaitGroup
}

type nearItem struct {
	epoch uint64
	at    time.Time
}

// buckets is how many hash slots one fleet's keys use: every key of an
// origin carries the hash tag of its bucket ("{b042}"), and each bucket has
// its own epoch and settling keys, so that every multi-key request (MGET,
// MULTI, a Lua script, WAIT after a write) stays within one slot of a
// Redis Cluster, and a shard that loses its data is seen by its epochs.
const buckets = 256

// bucket is origin's bucket: FNV-1a, allocation-free.
func bucket(origin string) int {
	h := uint32(2166136261)
	for i := 0; i < len(origin); i++ {
		h ^= uint32(origin[i])
		h *= 16777619
	}
	return int(h % buckets)
}

// keys names the store's keys: prefix + "{bNNN}:" + kind + ":" + origin.
type keys struct {
	prefix string
	tags   [buckets]string // prefix + "{bNNN}:"
}

func newKeys(prefix string) *keys {
	k := &keys{prefix: prefix}
	for b := range k.tags {
		k.tags[b] = fmt.Sprintf("%s{b%03d}:", prefix, b)
	}
	return k
}

func (k *keys) of(kind, o string) string { return k.tags[bucket(o)] + kind + o }

func (k *keys) policy(o string) string { return k.of("policy:", o) }
func (k *keys) hold(o string) string   { return k.of("hold:", o) }
func (k *keys) lock(o string) string   { return k.of("lock:", o) }
func (k *keys) target(o string) string { return k.of("target:", o) }
func (k *keys) slots(o string) string  { return k.of("slots:", o) }
func (k *keys) next(o string) string   { return k.of("next:", o) }
func (k *keys) tomb(o string) string   { return k.of("deleted:", o) }
func (k *keys) lifted(o string) string { return k.of("lifted:", o) }
func (k *keys) forgot(o string) string { return k.of("forgot:", o) }

// epoch and settling are per bucket: the same slot as its origins' keys.
func (k *keys) epoch(b int) string    { return k.tags[b] + "epoch" }
func (k *keys) settling(b int) string { return k.tags[b] + "settling" }

// Channels are not keys: a cluster delivers them to every node.
func (k *keys) landed() string   { return k.prefix + "landed" }
func (k *keys) versions() string { return k.prefix + "versions" }

// originOf is the origin a key of kind names ("" when it is not one).
func (k *keys) originOf(kind, key string) string {
	rest, ok := strings.CutPrefix(key, k.prefix+"{b")
	if !ok || len(rest) < 5 || rest[3:5] != "}:" {
		return ""
	}
	o, ok := strings.CutPrefix(rest[5:], kind)
	if !ok || o == "" || k.of(kind, o) != key {
		return ""
	}
	return o
}

var (
	_ cache.Cache     = (*Cache)(nil)
	_ gate.Locker     = (*Cache)(nil)
	_ gate.HoldStore  = (*Cache)(nil)
	_ gate.HoldLister = (*Cache)(nil)
)

// Open connects to the Redis server at url ("redis://host:port/db") and
// returns a Cache. It does not fail when the server is unreachable: the
// Cache starts on its local copy and joins the store when it answers.
//
// A "redis-sentinel://[:password@]host:port[,host:port...]/master[/db]" URL
// names Redis Sentinels and the master they watch: the Cache follows the
// primary through failovers, and waits for a replica to have each hold
// (bounded) so that a failover does not lose it.
//
// A "redis-cluster://[:password@]host:port[,host:port...]" URL names seeds
// of a Redis Cluster (any of its nodes; the client learns the others): keys
// are spread over the cluster's shards by origin, each origin's keys in one
// hash slot, and when the cluster has replicas each hold waits (bounded)
// for one, as with Sentinel.
func Open(url string, opt Options) (*Cache, error) {
	if strings.ContainsAny(opt.Prefix, "{}") {
		return nil, fmt.Errorf("redis prefix %q: braces are not allowed (the keys' hash tags use them)", opt.Prefix)
	}
	if strings.HasPrefix(url, "redis-sentinel://") {
		fo, err := parseSentinelURL(url)
		if err != nil {
			return nil, err
		}
		c := New(redis.NewFailoverClient(fo), opt)
		c.replicated.Store(true)
		return c, nil
	}
	if strings.HasPrefix(url, "redis-cluster://") {
		co, err := parseClusterURL(url)
		if err != nil {
			return nil, err
		}
		return New(redis.NewClusterClient(co), opt), nil
	}
	ro, err := redis.ParseURL(url)
	if err != nil {
		return nil, fmt.Errorf("redis URL: %w", err)
	}
	ro.DisableIdentity = true
	// OpTimeout is a context deadline: let it bound socket reads too.
	ro.ContextTimeoutEnabled = true
	// Fail fast: a store that does not answer at once is taken as down and
	// retried in the background, rather than retried inside each decision.
	if ro.DialerRetries == 0 {
		ro.DialerRetries = 1
	}
	if ro.MaxRetries == 0 {
		ro.MaxRetries = 1
	}
	return New(redis.NewClient(ro), opt), nil
}

// parseSentinelURL reads a redis-sentinel:// URL into failover options
// with the same fail-fast settings as Open.
func parseSentinelURL(raw string) (*redis.FailoverOptions, error) {
	password, rest := cutPassword(strings.TrimPrefix(raw, "redis-sentinel://"))
	hosts, path, _ := strings.Cut(rest, "/")
	master, dbs, _ := strings.Cut(path, "/")
	if hosts == "" || master == "" {
		return nil, fmt.Errorf("redis URL %q: want redis-sentinel://host:port[,host:port...]/master[/db]", raw)
	}
	db := 0
	if dbs != "" {
		n, err := strconv.Atoi(dbs)
		if err != nil || n < 0 {
			return nil, fmt.Errorf("redis URL %q: database %q is not a number", raw, dbs)
		}
		db = n
	}
	var addrs []string
	for _, h := range strings.Split(hosts, ",") {
		if _, _, err := net.SplitHostPort(h); err != nil {
			return nil, fmt.Errorf("redis URL %q: sentinel %q: want host:port", raw, h)
		}
		addrs = append(addrs, h)
	}
	return &redis.FailoverOptions{MasterName: master, SentinelAddrs: addrs, Password: password, DB: db,
		DisableIdentity: true, ContextTimeoutEnabled: true, DialerRetries: 1, MaxRetries: 1}, nil
}

// cutPassword splits "[user:password@]rest" (the user is ignored).
func cutPassword(s string) (password, rest string) {
	at := strings.LastIndex(s, "@")
	if at < 0 {
		return "", s
	}
	_, password, _ = strings.Cut(s[:at], ":")
	return password, s[at+1:]
}

// parseClusterURL reads a redis-cluster:// URL (seeds, an optional
// password) into cluster options with the same fail-fast settings as Open.
func parseClusterURL(raw string) (*redis.ClusterOptions, error) {
	password, rest := cutPassword(strings.TrimPrefix(raw, "redis-cluster://"))
	rest = strings.TrimSuffix(rest, "/")
	if rest == "" || strings.ContainsAny(rest, "/?#") {
		return nil, fmt.Errorf("redis URL %q: want redis-cluster://host:port[,host:port...] (a cluster has no databases)", raw)
	}
	var addrs []string
	for _, h := range strings.Split(rest, ",") {
		if host, port, err := net.SplitHostPort(h); err != nil || host == "" || port == "" {
			return nil, fmt.Errorf("redis URL %q: seed %q: want host:port", raw, h)
		}
		addrs = append(addrs, h)
	}
	return &redis.ClusterOptions{Addrs: addrs, Password: password,
		DisableIdentity: true, ContextTimeoutEnabled: true, DialerRetries: 1, MaxRetries: 1}, nil
}

// New returns a Cache on rdb (a *redis.Client, a failover client or a
// *redis.ClusterClient), which it owns from then on (Close closes it).
// rdb should have ContextTimeoutEnabled set, so that Options.OpTimeout
// bounds each request (Open sets it).
func New(rdb redis.UniversalClient, opt Options) *Cache {
	if opt.Prefix == "" {
		opt.Prefix = DefaultPrefix
	}
	if opt.Local == nil {
		opt.Local = cache.NewMemory(0, 0)
	}
	if opt.Keep <= 0 {
		opt.Keep = DefaultKeep
	}
	if opt.HoldKeep <= 0 {
		opt.HoldKeep = DefaultHoldKeep
	}
	if opt.OpTimeout <= 0 {
		opt.OpTimeout = DefaultOpTimeout
	}
	if opt.NearTTL <= 0 {
		opt.NearTTL = DefaultNearTTL
	}
	if opt.Settle <= 0 {
		opt.Settle = DefaultSettle
	}
	ctx, cancel := context.WithCancel(context.Background())
	c := &Cache{rdb: rdb, opt: opt, id: newID(), keys: newKeys(opt.Prefix), local: opt.Local,
		near: make(map[string]nearItem), waiters: make(map[string][]chan struct{}),
		holds: &gate.LocalHolds{}, ctx: ctx, cancel: cancel}
	c.cluster, _ = rdb.(*redis.ClusterClient)
	for b := range c.epochSeen {
		c.epochSeen[b].Store("")
	}
	c.wg.Add(1)
	go c.subscribe()
	return c
}

// Close stops the subscription and closes the connection.
func (c *Cache) Close() error {
	c.cancel()
	err := c.rdb.Close()
	c.wg.Wait()
	return err
}

// Key is the name of origin's key of kind ("policy", "hold", "lock",
// "target", "slots", "next", "deleted", "lifted", "forgot") in the store,
// for operators and tests that look at Redis itself.
func (c *Cache) Key(kind, origin string) string { return c.keys.of(kind+":", origin) }

// Client returns the Redis client (for readiness checks).
func (c *Cache) Client() redis.UniversalClient { return c.rdb }

// Ping reports whether the store answers now: for a cluster, every
// primary the client knows (one that does not answer holds a share of the
// origins).
func (c *Cache) Ping(ctx context.Context) error {
	ctx, cancel := context.WithTimeout(ctx, c.opt.OpTimeout)
	defer cancel()
	if c.cluster != nil {
		return c.cluster.ForEachMaster(ctx, func(ctx context.Context, n *redis.Client) error {
			return n.Ping(ctx).Err()
		})
	}
	return c.rdb.Ping(ctx).Err()
}

// Health reports whether the fleet's shared state can be relied on now:
// the store answers for every bucket, and none is settling after it lost
// its data (holds then count as unconfirmed; see Options.Settle).
func (c *Cache) Health(ctx context.Context) error {
	ctx, cancel := context.WithTimeout(ctx, c.opt.OpTimeout)
	defer cancel()
	pipe := c.rdb.Pipeline()
	cmds := make([]*redis.SliceCmd, buckets)
	for b := range cmds {
		cmds[b] = pipe.MGet(ctx, c.keys.epoch(b), c.keys.settling(b))
	}
	if _, err := pipe.Exec(ctx); err != nil {
		return err
	}
	for b, cmd := range cmds {
		vals := cmd.Val()
		epoch, _ := vals[0].(string)
		_, settling := vals[1].(string)
		if c.restarted(ctx, b, epoch) || settling {
			return fmt.Errorf("redis lost its data: settling for up to %v while the fleet writes back its holds", c.opt.Settle)
		}
	}
	if c.down.Load() {
		return errors.New("redis answers again; this instance is writing back")
	}
	return nil
}

// Up reports whether the Cache is using the store (false while it runs on
// its local copy).
func (c *Cache) Up() bool { return !c.down.Load() && !c.recovering.Load() }

func (c *Cache) op(ctx context.Context) (context.Context, context.CancelFunc) {
	return context.WithTimeout(context.WithoutCancel(ctx), c.opt.OpTimeout)
}

// fail records a failed request: the store is taken as down (decisions use
// the local copy) until a ping answers.
func (c *Cache) fail(op string, err error) {
	if errors.Is(err, redis.Nil) {
		return
	}
	if c.opt.OnError != nil {
		c.opt.OnError(op, err)
	}
	if isTimeout(err) {
		// A slow answer (a loaded host) is not yet an absent store: this
		// request used the local copy; the store is taken as down only if
		// pings fail too.
		c.startRecovery()
		return
	}
	c.markDown(op, err)
	c.startRecovery()
}

func (c *Cache) markDown(op string, err error) {
	c.full.Store(true)
	if c.down.CompareAndSwap(false, true) {
		c.logf("redis unreachable; using this process's copy", "op", op, "err", err.Error())
	}
}

func isTimeout(err error) bool {
	var ne interface{ Timeout() bool }
	return errors.Is(err, context.DeadlineExceeded) || (errors.As(err, &ne) && ne.Timeout())
}

func (c *Cache) startRecovery() {
	if c.recovering.CompareAndSwap(false, true) {
		c.wg.Add(1)
		go c.recover()
	}
}

func (c *Cache) logf(msg string, args ...any) {
	if c.opt.Log != nil {
		c.opt.Log.Warn(msg, args...)
	}
}

// recover pings the store until it answers, then writes back what was
// stored while it was down, and the holds it may have lost.
func (c *Cache) recover() {
	defer c.wg.Done()
	defer c.recovering.Store(false)
	t := time.NewTicker(retryEvery)
	defer t.Stop()
	misses := 0
	for {
		select {
		case <-c.ctx.Done():
			return
		case <-t.C:
		}
		if err := c.Ping(c.ctx); err != nil {
			if misses++; misses >= 2 {
				c.markDown("ping", err)
			}
			continue
		}
		// Has the store (or a shard) lost its data meanwhile? Then the
		// fleet settles.
		c.learnEpochs(c.ctx)
		full := c.full.Swap(false)
		n, err := c.writeBack(full)
		if err != nil {
			if full {
				c.full.Store(true)
			}
			continue
		}
		if c.down.Swap(false) || n > 0 {
			c.logf("redis reachable again; wrote back this process's entries", "entries", n)
		}
		return
	}
}

// writeBack stores the entries of the local copy that the store lacks or
// has older, and the holds known here: all of them when full (the store was
// down, or may have restarted empty), else those written while a request
// to it failed.
func (c *Cache) writeBack(full bool) (int, error) {
	n := 0
	now := time.Now()
	var origins []string
	if full {
		origins = c.local.Origins()
	} else {
		c.dirty.Range(func(k, _ any) bool {
			origins = append(origins, k.(string))
			return true
		})
	}
	for _, origin := range origins {
		e, err := c.local.Get(c.ctx, origin)
		if err != nil || !c.useful(e, now) || c.deleted(c.ctx, origin) {
			c.dirty.Delete(origin)
			continue
		}
		cur, err := c.read(c.ctx, origin)
		if err != nil && !errors.Is(err, cache.ErrMiss) {
			return n, err
		}
		if cur == nil || latest(cur).Before(latest(e)) {
			if _, err := c.write(c.ctx, origin, e); err != nil {
				return n, err
			}
			n++
		}
		c.dirty.Delete(origin)
	}
	for origin, h := range c.holds.All(time.Now()) {
		if err := c.setHold(c.ctx, origin, h); err != nil && !errors.Is(err, errLifted) {
			return n, err
		}
	}
	return n, nil
}

// latest is the time of the latest fetch an entry records.
func latest(e *cache.Entry) time.Time {
	var t time.Time
	for _, p := range []*fetch.Policy{e.Policy, e.Failure} {
		if p != nil && p.FetchedAt.After(t) {
			t = p.FetchedAt
		}
	}
	return t
}

// Get returns the entry for origin: from the store, or from the local copy
// while the store is down (Source says which).
func (c *Cache) Get(ctx context.Context, origin string) (*cache.Entry, error) {
	if !c.down.Load() {
		if e := c.nearGet(origin); e != nil {
			return e, nil
		}
		e, err := c.read(ctx, origin)
		switch {
		case err == nil:
			c.keepNear(origin, e)
			return withSource(e, Shared), nil
		case errors.Is(err, cache.ErrMiss):
			// The store may have lost it (restarted without its data):
			// our copy, if still of use and not just deleted, goes back.
			if l, lerr := c.local.Get(ctx, origin); lerr == nil && c.useful(l, time.Now()) && !c.deleted(ctx, origin) {
				if _, werr := c.write(ctx, origin, l); werr == nil {
					return withSource(l, Shared), nil
				}
				c.dirty.Store(origin, struct{}{})
				return withSource(l, Local), nil
			}
			return nil, cache.ErrMiss
		}
		c.fail("get", err)
	}
	e, err := c.local.Get(ctx, origin)
	if err != nil {
		return nil, err
	}
	return withSource(e, Local), nil
}

// useful reports whether the store would still hold e (its keys' TTLs).
func (c *Cache) useful(e *cache.Entry, now time.Time) bool {
	return (e.Policy != nil && now.Before(e.Expires.Add(c.opt.Keep))) ||
		(e.Failure != nil && now.Before(e.RetryAt.Add(c.opt.HoldKeep)))
}

func withSource(e *cache.Entry, src string) *cache.Entry {
	cp := *e
	cp.Source = src
	return &cp
}

func (c *Cache) nearGet(origin string) *cache.Entry {
	if !c.subscribed.Load() {
		return nil
	}
	c.nearMu.Lock()
	it, ok := c.near[origin]
	c.nearMu.Unlock()
	if !ok || it.epoch != c.epoch.Load() || time.Since(it.at) > c.opt.NearTTL {
		return nil
	}
	e, err := c.local.Get(context.Background(), origin)
	if err != nil {
		return nil
	}
	return withSource(e, Shared)
}

func (c *Cache) keepNear(origin string, e *cache.Entry) {
	_ = c.local.Put(context.Background(), origin, e)
	if !c.subscribed.Load() {
		return
	}
	c.nearMu.Lock()
	if len(c.near) >= cache.DefaultEntries*4 {
		clear(c.near)
	}
	c.near[origin] = nearItem{c.epoch.Load(), time.Now()}
	c.nearMu.Unlock()
}

func (c *Cache) forgetNear(origin string) {
	c.nearMu.Lock()
	delete(c.near, origin)
	c.nearMu.Unlock()
}

// The two parts of an entry, each in its own key with its own TTL.
type policyPart struct {
	V       int           `json:"v"`
	Policy  *fetch.Policy `json:"policy"`
	Expires time.Time     `json:"expires"`
}

type holdPart struct {
	V            int           `json:"v"`
	Failure      *fetch.Policy `json:"failure"`
	Failures     int           `json:"failures"`
	FailingSince time.Time     `json:"failingSince"`
	RetryAt      time.Time     `json:"retryAt"`
}

// read reads origin's two keys; ErrMiss when neither exists, or when what
// they hold cannot be decoded (written by an incompatible version, or
// damaged): the next fetch replaces it.
func (c *Cache) read(ctx context.Context, origin string) (*cache.Entry, error) {
	ctx, cancel := c.op(ctx)
	defer cancel()
	vals, err := c.rdb.MGet(ctx, c.keys.policy(origin), c.keys.hold(origin)).Result()
	if err != nil {
		return nil, err
	}
	var pb, hb []byte
	if s, ok := vals[0].(string); ok {
		pb = []byte(s)
	}
	if s, ok := vals[1].(string); ok {
		hb = []byte(s)
	}
	e, err := decodeEntry(pb, hb)
	if err != nil {
		if c.opt.OnError != nil {
			c.opt.OnError("decode", err)
		}
		c.logf("undecodable entry in redis; treated as absent", "origin", origin, "err", err.Error())
		return nil, cache.ErrMiss
	}
	if e == nil {
		return nil, cache.ErrMiss
	}
	e.Policy = c.reuse(origin, e.Policy)
	return e, nil
}

// encoding is the version of the stored parts; another version is treated
// as absent.
const encoding = 1

// decodeEntry decodes the two stored parts (nil when absent) into an
// entry; nil when both are absent.
func decodeEntry(policy, hold []byte) (*cache.Entry, error) {
	if policy == nil && hold == nil {
		return nil, nil
	}
	e := &cache.Entry{}
	if policy != nil {
		var p policyPart
		if err := json.Unmarshal(policy, &p); err != nil {
			return nil, fmt.Errorf("robotstxt/rediscache: decoding a policy: %w", err)
		}
		if p.V != encoding || p.Policy == nil || p.Policy.Status == "" {
			return nil, fmt.Errorf("robotstxt/rediscache: policy of encoding %d (want %d) or without a status", p.V, encoding)
		}
		e.Policy, e.Expires = p.Policy, p.Expires
	}
	if hold != nil {
		var h holdPart
		if err := json.Unmarshal(hold, &h); err != nil {
			return nil, fmt.Errorf("robotstxt/rediscache: decoding hold state: %w", err)
		}
		if h.V != encoding || h.Failure == nil || h.Failures < 1 {
			return nil, fmt.Errorf("robotstxt/rediscache: hold state of encoding %d (want %d) or without a failure", h.V, encoding)
		}
		e.Failure, e.Failures, e.FailingSince, e.RetryAt = h.Failure, h.Failures, h.FailingSince, h.RetryAt
	}
	return e, nil
}

// reuse returns the local copy's Policy when it is the same fetch, so that
// its parsed file is not parsed again.
func (c *Cache) reuse(origin string, p *fetch.Policy) *fetch.Policy {
	if p == nil {
		return nil
	}
	if l, err := c.local.Get(context.Background(), origin); err == nil && l.Policy != nil &&
		l.Policy.Digest == p.Digest && l.Policy.FetchedAt.Equal(p.FetchedAt) && l.Policy.Status == p.Status {
		return l.Policy
	}
	return p
}

// Put stores e for origin in the store and the local copy. While the store
// is down it stores the local copy only and remembers to write it back.
func (c *Cache) Put(ctx context.Context, origin string, e *cache.Entry) error {
	if e == nil {
		return errors.New("robotstxt/rediscache: nil entry")
	}
	cp := *e
	cp.Source = ""
	if err := c.local.Put(ctx, origin, &cp); err != nil {
		return err
	}
	if c.down.Load() {
		c.dirty.Store(origin, struct{}{})
		return nil
	}
	old, err := c.write(ctx, origin, &cp)
	if err != nil {
		c.dirty.Store(origin, struct{}{})
		c.fail("put", err)
		return nil
	}
	if e.Policy != nil && old != "" && old != version(e.Policy) {
		c.publishChange(ctx, gate.PolicyChange{Origin: origin, Old: old, New: version(e.Policy)})
	}
	return nil
}

func (c *Cache) publishChange(ctx context.Context, ch gate.PolicyChange) {
	b, _ := json.Marshal(ch)
	ctx, cancel := c.op(ctx)
	defer cancel()
	if err := c.rdb.Publish(ctx, c.keys.versions(), b).Err(); err != nil {
		c.fail("publish", err)
	}
}

// version names a policy version as gate.Record.Version does: the digest
// of a fetched file, else its status and HTTP status ("unavailable 404").
func version(p *fetch.Policy) string {
	if p.Digest != "" {
		return p.Digest
	}
	return fmt.Sprintf("%s %d", p.Status, p.HTTPStatus)
}

// write stores e's two parts and tells the fleet; it returns the version
// of the policy it replaced ("" when none).
func (c *Cache) write(ctx context.Context, origin string, e *cache.Entry) (old string, err error) {
	ctx, cancel := c.op(ctx)
	defer cancel()
	now := time.Now()
	pipe := c.rdb.TxPipeline()
	var prev interface{ Result() (string, error) }
	if e.Policy != nil {
		b, err := json.Marshal(policyPart{encoding, e.Policy, e.Expires})
		if err != nil {
			return "", err
		}
		ttl := max(e.Expires.Add(c.opt.Keep).Sub(now), time.Second)
		prev = pipe.SetArgs(ctx, c.keys.policy(origin), b, redis.SetArgs{TTL: ttl, Get: true})
	} else {
		prev = pipe.GetDel(ctx, c.keys.policy(origin))
	}
	if e.Failure != nil {
		b, err := json.Marshal(holdPart{encoding, e.Failure, e.Failures, e.FailingSince, e.RetryAt})
		if err != nil {
			return "", err
		}
		ttl := max(e.RetryAt.Add(c.opt.HoldKeep).Sub(now), time.Second)
		pipe.Set(ctx, c.keys.hold(origin), b, ttl)
	} else {
		pipe.Del(ctx, c.keys.hold(origin))
	}
	var forgot *redis.StringCmd
	if e.Policy != nil {
		// The version a DELETE forgot: the fetch that follows it is a
		// change when it differs.
		forgot = pipe.GetDel(ctx, c.keys.forgot(origin))
	}
	pipe.Publish(ctx, c.keys.landed(), "put "+origin)
	if _, err := pipe.Exec(ctx); err != nil && !errors.Is(err, redis.Nil) {
		return "", err
	}
	if s, err := prev.Result(); err == nil && s != "" {
		var p policyPart
		if json.Unmarshal([]byte(s), &p) == nil && p.Policy != nil {
			old = version(p.Policy)
		}
	}
	if forgot != nil && old == "" {
		old = forgot.Val()
	}
	c.keepNear(origin, e)
	return old, nil
}

// Delete removes origin's entry from the store, the local copy and every
// process's near copy.
func (c *Cache) Delete(ctx context.Context, origin string) error {
	c.forgetNear(origin)
	c.dirty.Delete(origin)
	if err := c.local.Delete(ctx, origin); err != nil {
		return err
	}
	if c.down.Load() {
		return errors.New("robotstxt/rediscache: redis unreachable: deleted this process's copy only")
	}
	octx, cancel := c.op(ctx)
	defer cancel()
	// Remember the version forgotten, so that the next fetch announces a
	// change when it brings another (gate.Gate.Watch rechecks then).
	forgotten := ""
	if b, err := c.rdb.Get(octx, c.keys.policy(origin)).Bytes(); err == nil {
		var p policyPart
		if json.Unmarshal(b, &p) == nil && p.Policy != nil {
			forgotten = version(p.Policy)
		}
	}
	pipe := c.rdb.TxPipeline()
	pipe.Del(octx, c.keys.policy(origin), c.keys.hold(origin))
	if forgotten != "" {
		pipe.Set(octx, c.keys.forgot(origin), forgotten, gate.DefaultMaxAge)
	}
	// A tombstone, so that an instance that has not yet heard of the
	// deletion does not write its copy back.
	pipe.Set(octx, c.keys.tomb(origin), "1", tombTTL)
	pipe.Publish(octx, c.keys.landed(), "del "+origin)
	if _, err := pipe.Exec(octx); err != nil {
		c.fail("delete", err)
		return err
	}
	return nil
}

// tombTTL is how long a deletion keeps instances from writing back their
// copies: far longer than a message takes to reach them.
const tombTTL = 10 * time.Second

// deleted reports whether origin was deleted within tombTTL.
func (c *Cache) deleted(ctx context.Context, origin string) bool {
	octx, cancel := c.op(ctx)
	defer cancel()
	n, err := c.rdb.Exists(octx, c.keys.tomb(origin)).Result()
	return err != nil || n > 0
}

// Lock tries to take the fleet's fetch lock for origin (gate.Locker).
func (c *Cache) Lock(ctx context.Context, origin string, ttl time.Duration) (func(), bool, error) {
	if c.down.Load() {
		return nil, false, errors.New("robotstxt/rediscache: redis unreachable")
	}
	octx, cancel := c.op(ctx)
	defer cancel()
	key := c.keys.lock(origin)
	ok, err := c.rdb.SetNX(octx, key, c.id, ttl).Result()
	if err != nil {
		c.fail("lock", err)
		if isTimeout(err) && !c.down.Load() {
			return nil, false, fmt.Errorf("%w: %v", gate.ErrLockSlow, err)
		}
		return nil, false, err
	}
	if !ok {
		return nil, false, nil
	}
	return func() {
		uctx, cancel := c.op(ctx)
		defer cancel()
		if err := unlockScript().Run(uctx, c.rdb, []string{key}, c.id).Err(); err != nil && !errors.Is(err, redis.Nil) {
			c.fail("unlock", err)
		}
	}, true, nil
}

// unlockScript deletes the lock only when this process still holds it: a
// lock that expired and was taken by another is not ours to free.
var unlockScript = lazyScript(`if redis.call("GET", KEYS[1]) == ARGV[1] then return redis.call("DEL", KEYS[1]) end return 0`)

// Wait returns when an entry for origin lands (gate.Locker), after d, or
// when ctx ends. Without the subscription it simply waits d: the caller
// polls.
func (c *Cache) Wait(ctx context.Context, origin string, d time.Duration) error {
	ch := make(chan struct{})
	c.waitMu.Lock()
	c.waiters[origin] = append(c.waiters[origin], ch)
	c.waitMu.Unlock()
	t := time.NewTimer(d)
	defer t.Stop()
	var err error
	select {
	case <-ch:
		return nil
	case <-t.C:
	case <-ctx.Done():
		err = ctx.Err()
	}
	c.waitMu.Lock()
	ws := c.waiters[origin]
	for i, w := range ws {
		if w == ch {
			ws = append(ws[:i], ws[i+1:]...)
			break
		}
	}
	if len(ws) == 0 {
		delete(c.waiters, origin)
	} else {
		c.waiters[origin] = ws
	}
	c.waitMu.Unlock()
	return err
}

func (c *Cache) wake(origin string) {
	c.waitMu.Lock()
	ws := c.waiters[origin]
	delete(c.waiters, origin)
	c.waitMu.Unlock()
	for _, w := range ws {
		close(w)
	}
}

// subscribe follows the landed and versions channels: it drops near copies
// of entries other processes wrote, wakes waiters and reports changes.
// Any break in the subscription starts a new epoch, which drops every near
// copy (a message may have been missed).
func (c *Cache) subscribe() {
	defer c.wg.Done()
	ps := c.rdb.Subscribe(c.ctx, c.keys.landed(), c.keys.versions())
	defer ps.Close()
	for c.ctx.Err() == nil {
		msg, err := ps.ReceiveTimeout(c.ctx, 2*time.Second)
		if err != nil {
			if c.ctx.Err() != nil {
				return
			}
			var ne interface{ Timeout() bool }
			if errors.As(err, &ne) && ne.Timeout() {
				// Quiet channel: make sure the connection is alive.
				if perr := ps.Ping(c.ctx); perr == nil {
					continue
				}
			}
			if c.subscribed.Swap(false) {
				c.epoch.Add(1)
			}
			select {
			case <-c.ctx.Done():
				return
			case <-time.After(retryEvery):
			}
			continue
		}
		switch m := msg.(type) {
		case *redis.Subscription:
			if m.Kind == "subscribe" && m.Count == 2 {
				// Learn every bucket's epoch first, so that a later loss
				// of any of them is seen as one.
				c.learnEpochs(c.ctx)
				if c.epoch.Add(1) > 1 {
					// Back after a break: the store may have restarted
					// empty; write back what it lacks.
					c.full.Store(true)
					c.startRecovery()
				}
				c.subscribed.Store(true)
			}
		case *redis.Message:
			switch m.Channel {
			case c.keys.landed():
				kind, origin, _ := strings.Cut(m.Payload, " ")
				if kind == "lost" {
					// A bucket lost its data: write back everything.
					c.full.Store(true)
					c.startRecovery()
					continue
				}
				if kind == "unhold" {
					_, _ = c.holds.Lift(c.ctx, origin)
					c.holdAt.Delete(origin)
					continue
				}
				c.forgetNear(origin)
				if kind == "del" {
					_ = c.local.Delete(c.ctx, origin)
				}
				c.wake(origin)
			case c.keys.versions():
				var ch gate.PolicyChange
				if json.Unmarshal([]byte(m.Payload), &ch) == nil && c.opt.OnChange != nil {
					c.opt.OnChange(ch)
				}
			}
		}
	}
}

// Subscribed reports whether the Cache follows the fleet's channels now.
func (c *Cache) Subscribed() bool { return c.subscribed.Load() }

// Source says where entries stored now go (gate.Sourcer): Shared, or Local
// while the store is unreachable.
func (c *Cache) Source() string {
	if c.down.Load() {
		return Local
	}
	return Shared
}

// lazyScript is redis.NewScript(src) on first use: NewScript hashes its
// source, and package initialisation runs in every command of the binary.
func lazyScript(src string) func() *redis.Script {
	return sync.OnceValue(func() *redis.Script { return redis.NewScript(src) })
}
