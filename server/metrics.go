package server

import (
	"context"
	"net/http"
	"strings"
	"time"

	"github.com/robotstxt/robotstxt/fetch"
	"github.com/robotstxt/robotstxt/gate"
	prometheus "github.com/robotstxt/robotstxt/internal/promtext"
)

// Metrics are the decision service's Prometheus metrics, served on
// /metrics. Every label has a small, fixed set of values. They are written
// by internal/promtext, named prometheus here as the client library it
// replaces, which every command of the binary initialised (issue 25).
type Metrics struct {
	reg          *prometheus.Registry
	decisions    *prometheus.CounterVec
	fetches      *prometheus.CounterVec
	fetchSeconds *prometheus.Histogram
	cache        *prometheus.CounterVec
	fleetWaits   *prometheus.Counter
	holds        *prometheus.CounterVec
	redisErrors  *prometheus.CounterVec
	changes      *prometheus.Counter
}

// NewMetrics returns the metrics, with the Go runtime's and the process's.
func NewMetrics() *Metrics {
	m := &Metrics{
		reg: prometheus.NewRegistry(),
		decisions: prometheus.NewCounterVec(prometheus.CounterOpts{Name: "robotstxt_decisions_total",
			Help: "Gate decisions, by action (admit, hold, drop) and reason."}, []string{"action", "reason"}),
		fetches: prometheus.NewCounterVec(prometheus.CounterOpts{Name: "robotstxt_fetches_total",
			Help: "robots.txt fetches made by this process, by status."}, []string{"status"}),
		fetchSeconds: prometheus.NewHistogram(prometheus.HistogramOpts{Name: "robotstxt_fetch_duration_seconds",
			Help:    "Time taken by robots.txt fetches, redirects and body included.",
			Buckets: []float64{.005, .01, .025, .05, .1, .25, .5, 1, 2.5, 5, 10, 30, 60}}),
		cache: prometheus.NewCounterVec(prometheus.CounterOpts{Name: "robotstxt_cache_lookups_total",
			Help: "Policy cache lookups: hit (answered without a fetch), miss, stale (a copy past its expiry used because the origin is unreachable)."}, []string{"result"}),
		fleetWaits: prometheus.NewCounter(prometheus.CounterOpts{Name: "robotstxt_singleflight_waits_total",
			Help: "Fetches this process waited for because another process of the fleet was making them."}),
		holds: prometheus.NewCounterVec(prometheus.CounterOpts{Name: "robotstxt_holds_total",
			Help: "Holds set on an origin, by cause (target-429, target-503, target-403, robots-unreachable, robots-rate-limited, ...)."}, []string{"cause"}),
		redisErrors: prometheus.NewCounterVec(prometheus.CounterOpts{Name: "robotstxt_redis_errors_total",
			Help: "Failed requests to Redis, by operation."}, []string{"op"}),
		changes: prometheus.NewCounter(prometheus.CounterOpts{Name: "robotstxt_policy_changes_total",
			Help: "Policy version changes announced by the fleet (a fetch gave another digest or status)."}),
	}
	m.reg.MustRegister(m.decisions, m.fetches, m.fetchSeconds, m.cache, m.fleetWaits, m.holds, m.redisErrors, m.changes)
	m.reg.MustRegister(prometheus.RuntimeMetrics()...)
	return m
}

// Handler serves the metrics in the Prometheus text format.
func (m *Metrics) Handler() http.Handler {
	return m.reg.Handler()
}

// Hooks are the gate Client's hooks that feed the metrics.
func (m *Metrics) Hooks() *gate.Hooks {
	return &gate.Hooks{
		Lookup: func(_ string, hit bool) {
			if hit {
				m.cache.WithLabelValues("hit").Inc()
			} else {
				m.cache.WithLabelValues("miss").Inc()
			}
		},
		Fetched: func(_ string, p *fetch.Policy, took time.Duration) {
			m.fetches.WithLabelValues(string(p.Status)).Inc()
			m.fetchSeconds.Observe(took.Seconds())
			if !p.Status.Definitive() {
				m.holds.WithLabelValues("robots-" + string(p.Status)).Inc()
			}
		},
		FleetWait: func(string) { m.fleetWaits.Inc() },
	}
}

// RedisError counts a failed request to Redis (rediscache.Options.OnError).
func (m *Metrics) RedisError(op string, _ error) { m.redisErrors.WithLabelValues(op).Inc() }

// PolicyChanged counts a policy version change (rediscache.Options.OnChange).
func (m *Metrics) PolicyChanged() { m.changes.Inc() }

// SharedState adds robotstxt_shared_state_up: 1 when up answers nil at
// scrape time, else 0 (the fleet's shared state, Redis).
func (m *Metrics) SharedState(up func(context.Context) error) {
	m.reg.MustRegister(prometheus.NewGaugeFunc(prometheus.GaugeOpts{Name: "robotstxt_shared_state_up",
		Help: "Whether the fleet's shared state (Redis) answers: 1 up, 0 down (decisions it cannot confirm are held)."},
		func() float64 {
			ctx, cancel := context.WithTimeout(context.Background(), time.Second)
			defer cancel()
			if up(ctx) != nil {
				return 0
			}
			return 1
		}))
}

// Hold counts a hold set by a target's answer.
func (m *Metrics) Hold(cause string) { m.holds.WithLabelValues(cause).Inc() }

// Decision counts a decision.
func (m *Metrics) Decision(d *gate.Decision) {
	if d.PolicyStale {
		m.cache.WithLabelValues("stale").Inc()
	}
	m.decisions.WithLabelValues(string(d.Action), ReasonClass(d)).Inc()
}

// ReasonClass sums up why a decision was taken, in one of a few words, for
// a metric label: robots-allow, robots-disallow, robots-unavailable,
// robots-<failure status>, scope-denied, scope-unresolved, refusal (a
// 401/403 robots.txt awaiting a person), target-hold, politeness,
// fleet-unavailable (held: the fleet's holds and limits could not be read).
func ReasonClass(d *gate.Decision) string {
	switch {
	case strings.Contains(d.Reason, "; "+gate.UnavailableReason):
		return "fleet-unavailable"
	case strings.Contains(d.Reason, "; politeness: origin held"):
		return "target-hold"
	case strings.Contains(d.Reason, "; politeness: "):
		return "politeness"
	case d.RepDecision == gate.RepDisallow:
		return "robots-disallow"
	case d.CollectionDecision == gate.Denied:
		return "scope-denied"
	case d.RepDecision == gate.RepUnresolved:
		if d.PolicyStatus == "" {
			return "robots-unknown"
		}
		return "robots-" + string(d.PolicyStatus)
	case d.CollectionDecision == gate.Unresolved && (d.PolicyHTTPStatus == 401 || d.PolicyHTTPStatus == 403) &&
		d.PolicyStatus == fetch.Unavailable:
		return "refusal"
	case d.CollectionDecision == gate.Unresolved:
		return "scope-unresolved"
	case d.PolicyStatus == fetch.Success:
		return "robots-allow"
	}
	return "robots-unavailable"
}
