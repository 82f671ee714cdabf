package main

import (
	"context"
	"flag"
	"fmt"
	"io"
	"log/slog"
	"os"
	"strings"
	"time"

	"github.com/redis/go-redis/v9"

	"github.com/robotstxt/robotstxt"
	"github.com/robotstxt/robotstxt/cache"
	"github.com/robotstxt/robotstxt/cache/rediscache"
	"github.com/robotstxt/robotstxt/fetch"
	"github.com/robotstxt/robotstxt/gate"
	"github.com/robotstxt/robotstxt/server"
)

// serveGateHelp is the part of "serve --help" about the decision service.
const serveGateHelp = `

With --gate, the server is also a decision service for a crawler fleet, in
any language: POST /api/v1/decide with {"urls": [...], "agent": "..."}
answers, for each URL in request order, the object a line of "robotstxt
gate" output holds ({"url", "decision", "gate": admit|hold|drop}, with
"retryAt" for a hold that knows when to ask again); with the header
Accept: application/x-ndjson it streams JSON lines in completion order.
POST /api/v1/target-status {"url", "status", "retryAfter", "lease"} reports
a target's answer: 429 and 503 hold the origin for the fleet for their
Retry-After, 403 for an hour. GET /api/v1/policy?origin=URL shows the
origin's policy (status, digest, fetched-at, expiry, redirects, summary);
DELETE forgets it. GET /metrics serves Prometheus metrics; /readyz says
the instance answers (it does while Redis is down, holding what it cannot
confirm); /sharedz answers 503 while Redis (if given) does not answer.
Gate requests must be application/json, from no other site's page (Origin,
Sec-Fetch-Site, Host checked), and carry the bearer token of
--gate-token-file when one is given. A URL whose robots.txt is still being
fetched at the deadline (a little over --fetch-timeout) is answered with a
hold.

With --redis, every instance sharing the server shares the policies, the
holds and the politeness limits, and fetches each robots.txt once for all;
when Redis is unreachable, each instance goes on with its own copy (never
admitting more than it would) and writes back when Redis returns.`

type serveGateFlags struct {
	on          bool
	agent       string
	scope       string
	redisURL    string
	prefix      string
	userAgent   string
	origins     int
	maxPer      int
	minInterval time.Duration
	crawlDelay  bool
	maxDelay    time.Duration
	logFormat   string
	redisDown   string
	tokenFile   string
	hosts       stringList
	fetchTime   time.Duration
	memoryMiB   int
	guard       *guardFlags
	sign        *signFlags
	fetchOn     bool // --allow-fetch: the guard flags apply to it too
}

func addServeGateFlags(fs *flag.FlagSet) *serveGateFlags {
	f := &serveGateFlags{}
	fs.BoolVar(&f.on, "gate", false, "serve the decision service (POST /api/v1/decide, /api/v1/target-status, /api/v1/policy, /metrics)")
	fs.StringVar(&f.agent, "agent", "", "with --gate: the crawler's product `token` decided for by default")
	alias(fs, "agent", "a")
	fs.StringVar(&f.scope, "scope", "", "with --gate: collection scope `file`, YAML or JSON; without one nothing is admitted")
	fs.StringVar(&f.redisURL, "redis", "", "with --gate: share policies, holds and limits through Redis at `URL` (redis://host:port/db, redis-sentinel://host:port[,host:port]/master[/db], or a cluster's seeds: redis-cluster://host:port[,host:port...])")
	fs.StringVar(&f.prefix, "redis-prefix", rediscache.DefaultPrefix, "with --redis: `prefix` of every key and channel")
	fs.StringVar(&f.userAgent, "user-agent", "", "with --gate: User-Agent `header` for fetching robots.txt (default: the agent token)")
	fs.IntVar(&f.origins, "cache-origins", cache.DefaultEntries, "with --gate: keep at most this many origins' policies in memory")
	fs.IntVar(&f.maxPer, "max-per-origin", 0, "with --gate: admit at most `N` tasks of one origin at once (0: no limit)")
	fs.DurationVar(&f.minInterval, "min-interval", 0, "with --gate: admit tasks of one origin at least this `duration` apart")
	fs.BoolVar(&f.crawlDelay, "crawl-delay", false, "with --gate: use the origin's Crawl-delay for the agent when longer than --min-interval")
	fs.DurationVar(&f.maxDelay, "max-crawl-delay", gate.DefaultMaxCrawlDelay, "with --crawl-delay: the longest Crawl-delay honoured")
	fs.StringVar(&f.redisDown, "redis-down", "hold", "with --redis: while Redis cannot be reached, `hold` every task the fleet's holds and limits cannot confirm, or use each instance's local knowledge (degraded: may admit what a hold set elsewhere forbids)")
	fs.StringVar(&f.tokenFile, "gate-token-file", "", "with --gate: gate requests must carry Authorization: Bearer with the token in this `file`")
	fs.Var(&f.hosts, "gate-host", "with --gate: a Host `name` the gate answers besides IP addresses and localhost (repeatable)")
	fs.DurationVar(&f.fetchTime, "fetch-timeout", fetch.DefaultTimeout, "with --gate: bound on one robots.txt fetch, redirects included; decide waits a little longer")
	fs.IntVar(&f.memoryMiB, "gate-memory", server.DefaultGateMemory>>20, "with --gate: `MiB` of request bodies, decisions and answers held at once (503 or holds beyond)")
	fs.StringVar(&f.logFormat, "log-format", "text", "log as `text` or json (structured, one object per line)")
	f.guard = addGuardFlags(fs)
	f.sign = addSignFlags(fs, "with --gate: ", true)
	return f
}

type redisLog struct{ l *slog.Logger }

func (r redisLog) Printf(_ context.Context, format string, args ...any) {
	r.l.Debug("redis client", "msg", fmt.Sprintf(format, args...))
}

// logger builds the structured logger; nil for the plain text request log.
func (f *serveGateFlags) logger(w io.Writer) (*slog.Logger, error) {
	switch f.logFormat {
	case "text":
		if !f.on {
			return nil, nil
		}
		return slog.New(slog.NewTextHandler(w, nil)), nil
	case "json":
		return slog.New(slog.NewJSONHandler(w, nil)), nil
	}
	return nil, usagef("serve: --log-format %q: want text or json", f.logFormat)
}

// build makes the decision service's options; close releases them.
func (f *serveGateFlags) build(log *slog.Logger) (opts *server.GateOptions, close func(), err error) {
	close = func() {}
	if !f.on {
		if f.agent != "" || f.scope != "" || f.redisURL != "" {
			return nil, close, usagef("serve: --agent, --scope and --redis go with --gate")
		}
		if f.sign.set() {
			return nil, close, usagef("serve: --sign-key, --signature-agent and --max-price go with --gate")
		}
		if f.guard.set() && !f.fetchOn {
			return nil, close, usagef("serve: --allow-private and --allow-range go with --gate or --allow-fetch")
		}
		return nil, close, nil
	}
	if !robotstxt.IsProductToken(f.agent) {
		return nil, close, usagef("serve: --gate needs --agent TOKEN, your crawler's product token (such as ExampleBot)")
	}
	if f.origins <= 0 || f.maxPer < 0 || f.minInterval < 0 || f.maxDelay <= 0 {
		return nil, close, usagef("serve: --cache-origins and --max-crawl-delay must be positive, --max-per-origin and --min-interval not negative")
	}
	if f.fetchTime <= 0 {
		return nil, close, usagef("serve: --fetch-timeout must be positive")
	}
	if f.memoryMiB < 16 || f.memoryMiB > 1<<20 {
		return nil, close, usagef("serve: --gate-memory %d: want 16 to 1048576 (MiB)", f.memoryMiB)
	}
	token := ""
	if f.tokenFile != "" {
		b, err := os.ReadFile(f.tokenFile)
		if err != nil {
			return nil, close, usagef("serve: --gate-token-file: %v", err)
		}
		if token = strings.TrimSpace(string(b)); token == "" || len(token) > 4096 {
			return nil, close, usagef("serve: --gate-token-file %s: want one token of 1 to 4096 bytes", f.tokenFile)
		}
	}
	if f.redisDown != "hold" && f.redisDown != "local" {
		return nil, close, usagef("serve: --redis-down %q: want hold or local", f.redisDown)
	}
	var scope *gate.Scope
	if f.scope != "" {
		if scope, err = gate.LoadScope(f.scope); err != nil {
			return nil, close, usagef("serve: %v", err)
		}
	}
	metrics := server.NewMetrics()
	local := cache.NewMemory(f.origins, 0)
	var c cache.Cache = local
	var holds gate.HoldStore
	var shared func(context.Context) error
	if f.redisURL != "" {
		redis.SetLogger(redisLog{log})
		rc, err := rediscache.Open(f.redisURL, rediscache.Options{Prefix: f.prefix, Local: local, Log: log,
			LocalWhenDown: f.redisDown == "local",
			OnError:       metrics.RedisError,
			OnChange: func(ch gate.PolicyChange) {
				metrics.PolicyChanged()
				log.Info("policy changed", "origin", ch.Origin, "old", ch.Old, "new", ch.New)
			}})
		if err != nil {
			return nil, close, usagef("serve: --redis: %v", err)
		}
		c, holds, shared, close = rc, rc, rc.Health, func() { rc.Close() }
	}
	ua := f.userAgent
	if ua == "" {
		ua = f.agent
	}
	fetcher := &fetch.Fetcher{UserAgent: ua, Guard: f.guard.policy(), Timeout: f.fetchTime}
	if err := f.sign.apply("serve", fetcher); err != nil {
		close()
		return nil, func() {}, err
	}
	client := &gate.Client{Cache: c, Hooks: metrics.Hooks(), Fetcher: fetcher}
	return &server.GateOptions{
		Gate:        &gate.Gate{Agent: f.agent, Client: client, Scope: scope},
		Cache:       c,
		Metrics:     metrics,
		SharedState: shared,
		MaxMemory:   int64(f.memoryMiB) << 20,
		Token:       token,
		Hosts:       f.hosts,
		Log:         log,
		Politeness: &gate.Politeness{Store: holds, MaxConcurrent: f.maxPer, MinInterval: f.minInterval,
			CrawlDelay: f.crawlDelay, MaxCrawlDelay: f.maxDelay, MaxPrice: f.sign.maxPrice},
	}, close, nil
}
