package promtext

import (
	"bufio"
	"io"
	"math"
	"net/http"
	"slices"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
)

// Opts name and describe a metric.
type Opts struct{ Name, Help string }

// CounterOpts and GaugeOpts are Opts, under the client's names.
type (
	CounterOpts = Opts
	GaugeOpts   = Opts
)

// A Registry holds metrics and writes them, sorted by name.
type Registry struct {
	mu      sync.Mutex
	metrics []Collector
}

// A Collector is a metric a Registry writes: a Counter, CounterVec or
// Histogram, or one of RuntimeMetrics.
type Collector interface {
	name() string
	write(w *bufio.Writer)
}

// NewRegistry returns an empty registry.
func NewRegistry() *Registry { return &Registry{} }

// MustRegister adds metrics; a name registered twice panics, as the
// client's MustRegister does.
func (r *Registry) MustRegister(cs ...Collector) {
	r.mu.Lock()
	defer r.mu.Unlock()
	for _, c := range cs {
		for _, m := range r.metrics {
			if m.name() == c.name() {
				panic("promtext: " + c.name() + " registered twice")
			}
		}
		r.metrics = append(r.metrics, c)
	}
	slices.SortFunc(r.metrics, func(a, b Collector) int { return strings.Compare(a.name(), b.name()) })
}

// WriteTo writes every metric in the text format.
func (r *Registry) WriteTo(w io.Writer) (int64, error) {
	r.mu.Lock()
	metrics := slices.Clone(r.metrics)
	r.mu.Unlock()
	cw := &countWriter{w: w}
	bw := bufio.NewWriter(cw)
	for _, m := range metrics {
		m.write(bw)
	}
	err := bw.Flush()
	return cw.n, err
}

// Handler serves the registry's metrics.
func (r *Registry) Handler() http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, _ *http.Request) {
		w.Header().Set("Content-Type", "text/plain; version=0.0.4; charset=utf-8")
		r.WriteTo(w)
	})
}

type countWriter struct {
	w io.Writer
	n int64
}

func (c *countWriter) Write(p []byte) (int, error) {
	n, err := c.w.Write(p)
	c.n += int64(n)
	return n, err
}

// A Counter is a value that only goes up.
type Counter struct {
	opts Opts
	bits atomic.Uint64 // a float64
}

// NewCounter returns a counter at 0.
func NewCounter(o Opts) *Counter { return &Counter{opts: o} }

// Inc adds 1.
func (c *Counter) Inc() { c.Add(1) }

// Add adds v, which must not be negative.
func (c *Counter) Add(v float64) {
	if v < 0 {
		panic("promtext: a counter cannot decrease")
	}
	for {
		old := c.bits.Load()
		if c.bits.CompareAndSwap(old, math.Float64bits(math.Float64frombits(old)+v)) {
			return
		}
	}
}

// Value returns the counter's value.
func (c *Counter) Value() float64 { return math.Float64frombits(c.bits.Load()) }

func (c *Counter) name() string { return c.opts.Name }

func (c *Counter) write(w *bufio.Writer) {
	header(w, c.opts, "counter")
	sample(w, c.opts.Name, nil, nil, c.Value())
}

// A CounterVec is a counter per set of label values.
type CounterVec struct {
	opts   Opts
	labels []string
	mu     sync.Mutex
	series map[string]*labelled
}

type labelled struct {
	values []string
	c      Counter
}

// NewCounterVec returns counters with the given label names.
func NewCounterVec(o Opts, labels []string) *CounterVec {
	return &CounterVec{opts: o, labels: labels, series: map[string]*labelled{}}
}

// WithLabelValues returns the counter of the label values, one per label
// name, made at 0 on first use.
func (v *CounterVec) WithLabelValues(values ...string) *Counter {
	if len(values) != len(v.labels) {
		panic("promtext: " + v.opts.Name + ": wrong number of label values")
	}
	key := strings.Join(values, "\xff")
	v.mu.Lock()
	defer v.mu.Unlock()
	s := v.series[key]
	if s == nil {
		s = &labelled{values: slices.Clone(values)}
		v.series[key] = s
	}
	return &s.c
}

func (v *CounterVec) name() string { return v.opts.Name }

func (v *CounterVec) write(w *bufio.Writer) {
	v.mu.Lock()
	keys := make([]string, 0, len(v.series))
	for k := range v.series {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	series := make([]*labelled, len(keys))
	for i, k := range keys {
		series[i] = v.series[k]
	}
	v.mu.Unlock()
	if len(series) == 0 {
		return // as the client: a family with no series is not written
	}
	header(w, v.opts, "counter")
	for _, s := range series {
		sample(w, v.opts.Name, v.labels, s.values, s.c.Value())
	}
}

// A Histogram counts observations in cumulative buckets.
type Histogram struct {
	opts    Opts
	buckets []float64 // upper bounds, increasing
	mu      sync.Mutex
	counts  []uint64 // per bucket, not cumulative; the last is +Inf
	sum     float64
}

// HistogramOpts are a histogram's name, help and bucket bounds.
type HistogramOpts struct {
	Name, Help string
	Buckets    []float64
}

// NewHistogram returns an empty histogram.
func NewHistogram(o HistogramOpts) *Histogram {
	b := slices.Clone(o.Buckets)
	slices.Sort(b)
	return &Histogram{opts: Opts{o.Name, o.Help}, buckets: b, counts: make([]uint64, len(b)+1)}
}

// Observe adds one observation.
func (h *Histogram) Observe(v float64) {
	i, _ := slices.BinarySearch(h.buckets, v) // v <= buckets[i]
	h.mu.Lock()
	h.counts[i]++
	h.sum += v
	h.mu.Unlock()
}

func (h *Histogram) name() string { return h.opts.Name }

func (h *Histogram) write(w *bufio.Writer) {
	h.mu.Lock()
	counts, sum := slices.Clone(h.counts), h.sum
	h.mu.Unlock()
	header(w, h.opts, "histogram")
	var n uint64
	le := []string{"le"}
	for i, c := range counts {
		n += c
		bound := "+Inf"
		if i < len(h.buckets) {
			bound = formatFloat(h.buckets[i])
		}
		sample(w, h.opts.Name+"_bucket", le, []string{bound}, float64(n))
	}
	sample(w, h.opts.Name+"_sum", nil, nil, sum)
	sample(w, h.opts.Name+"_count", nil, nil, float64(n))
}

// A gaugeFunc is a gauge (or a counter) read when the metrics are written.
type gaugeFunc struct {
	opts   Opts
	typ    string
	labels []string
	values []string
	f      func() (float64, bool)
}

func (g *gaugeFunc) name() string { return g.opts.Name }

func (g *gaugeFunc) write(w *bufio.Writer) {
	v, ok := g.f()
	if !ok {
		return
	}
	header(w, g.opts, g.typ)
	sample(w, g.opts.Name, g.labels, g.values, v)
}

// NewGaugeFunc returns a gauge whose value f gives each time the metrics
// are written.
func NewGaugeFunc(o GaugeOpts, f func() float64) Collector {
	return &gaugeFunc{opts: o, typ: "gauge", f: func() (float64, bool) { return f(), true }}
}

func header(w *bufio.Writer, o Opts, typ string) {
	w.WriteString("# HELP ")
	w.WriteString(o.Name)
	w.WriteByte(' ')
	w.WriteString(helpEscaper.Replace(o.Help))
	w.WriteString("\n# TYPE ")
	w.WriteString(o.Name)
	w.WriteByte(' ')
	w.WriteString(typ)
	w.WriteByte('\n')
}

func sample(w *bufio.Writer, name string, labels, values []string, v float64) {
	w.WriteString(name)
	if len(labels) > 0 {
		w.WriteByte('{')
		for i, l := range labels {
			if i > 0 {
				w.WriteByte(',')
			}
			w.WriteString(l)
			w.WriteString(`="`)
			w.WriteString(valueEscaper.Replace(values[i]))
			w.WriteByte('"')
		}
		w.WriteByte('}')
	}
	w.WriteByte(' ')
	w.WriteString(formatFloat(v))
	w.WriteByte('\n')
}

// The escapes of the text format: in help, backslash and newline; in a
// label value, the double quote too.
var (
	helpEscaper  = strings.NewReplacer(`\`, `\\`, "\n", `\n`)
	valueEscaper = strings.NewReplacer(`\`, `\\`, "\n", `\n`, `"`, `\"`)
)

func formatFloat(v float64) string {
	switch {
	case math.IsInf(v, 1):
		return "+Inf"
	case math.IsInf(v, -1):
		return "-Inf"
	case math.IsNaN(v):
		return "NaN"
	}
	return strconv.FormatFloat(v, 'g', -1, 64)
}
