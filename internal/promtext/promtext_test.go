package promtext

import (
	"bytes"
	"math"
	"net/http/httptest"
	"runtime"
	"strings"
	"testing"
	"unicode/utf8"

	dto "github.com/prometheus/client_model/go"
	"github.com/prometheus/common/expfmt"
	"github.com/prometheus/common/model"
)

// parse reads the text format with the Prometheus project's own parser.
func parse(t *testing.T, text string) map[string]*dto.MetricFamily {
	t.Helper()
	p := expfmt.NewTextParser(model.LegacyValidation)
	fams, err := p.TextToMetricFamilies(strings.NewReader(text))
	if err != nil {
		t.Fatalf("the Prometheus parser refuses the output: %v\n%s", err, text)
	}
	return fams
}

// Every kind of metric, with label values and help that need escaping,
// reads back through the Prometheus parser with its type, help, labels and
// values (text exposition format 0.0.4: "# HELP", "# TYPE", cumulative
// buckets ending at +Inf, _sum and _count).
func TestExpositionReadsBack(t *testing.T) {
	reg := NewRegistry()
	c := NewCounter(Opts{Name: "t_plain_total", Help: "A counter.\nSecond line with a \\ backslash."})
	v := NewCounterVec(Opts{Name: "t_vec_total", Help: "By action and reason."}, []string{"action", "reason"})
	empty := NewCounterVec(Opts{Name: "t_empty_total", Help: "Never used."}, []string{"x"})
	h := NewHistogram(HistogramOpts{Name: "t_seconds", Help: "Durations.", Buckets: []float64{1, 0.1, 10}})
	up := 0.0
	g := NewGaugeFunc(GaugeOpts{Name: "t_up", Help: "Read when written."}, func() float64 { return up })
	reg.MustRegister(v, c, h, empty, g)
	up = 1
	c.Inc()
	c.Add(2.5)
	v.WithLabelValues("admit", "robots-allow").Inc()
	v.WithLabelValues("admit", "robots-allow").Inc()
	v.WithLabelValues("drop", `quote " back \ new`+"\n").Add(3)
	for _, x := range []float64{0.05, 0.1, 0.5, 5, 50} {
		h.Observe(x)
	}
	var b bytes.Buffer
	if _, err := reg.WriteTo(&b); err != nil {
		t.Fatal(err)
	}
	fams := parse(t, b.String())

	if gauge := fams["t_up"]; gauge.GetType() != dto.MetricType_GAUGE || gauge.Metric[0].GetGauge().GetValue() != 1 {
		t.Errorf("gauge: %v, want 1, the value when written", gauge)
	}
	if _, ok := fams["t_empty_total"]; ok {
		t.Error("a counter vector with no series is written")
	}
	plain := fams["t_plain_total"]
	if plain.GetType() != dto.MetricType_COUNTER || plain.GetHelp() != "A counter.\nSecond line with a \\ backslash." ||
		plain.Metric[0].GetCounter().GetValue() != 3.5 {
		t.Errorf("plain counter: %v", plain)
	}
	got := map[string]float64{}
	for _, m := range fams["t_vec_total"].Metric {
		var key []string
		for _, l := range m.Label {
			key = append(key, l.GetName()+"="+l.GetValue())
		}
		got[strings.Join(key, ",")] = m.GetCounter().GetValue()
	}
	want := map[string]float64{"action=admit,reason=robots-allow": 2, "action=drop,reason=quote \" back \\ new\n": 3}
	if len(got) != len(want) {
		t.Errorf("vector: %v, want %v", got, want)
	}
	for k, w := range want {
		if got[k] != w {
			t.Errorf("vector %q = %v, want %v", k, got[k], w)
		}
	}
	hist := fams["t_seconds"].Metric[0].GetHistogram()
	if hist.GetSampleCount() != 5 || math.Abs(hist.GetSampleSum()-55.65) > 1e-9 {
		t.Errorf("histogram count %d sum %v, want 5 and 55.65", hist.GetSampleCount(), hist.GetSampleSum())
	}
	wantBuckets := []struct{ le, n float64 }{{0.1, 2}, {1, 3}, {10, 4}, {math.Inf(1), 5}} // cumulative; 0.1 is in le="0.1"
	if len(hist.Bucket) != len(wantBuckets) {
		t.Fatalf("buckets %v", hist.Bucket)
	}
	for i, w := range wantBuckets {
		if hist.Bucket[i].GetUpperBound() != w.le || float64(hist.Bucket[i].GetCumulativeCount()) != w.n {
			t.Errorf("bucket %d: le=%v n=%d, want le=%v n=%v", i, hist.Bucket[i].GetUpperBound(), hist.Bucket[i].GetCumulativeCount(), w.le, w.n)
		}
	}
}

// The runtime's and the process's metrics read back under the client's
// names, and the handler says the format's version.
func TestRuntimeMetricsAndHandler(t *testing.T) {
	runtime.GC() // so that go_gc_cycles_total is not 0
	reg := NewRegistry()
	reg.MustRegister(RuntimeMetrics()...)
	w := httptest.NewRecorder()
	reg.Handler().ServeHTTP(w, httptest.NewRequest("GET", "/metrics", nil))
	if ct := w.Header().Get("Content-Type"); ct != "text/plain; version=0.0.4; charset=utf-8" {
		t.Errorf("Content-Type %q", ct)
	}
	fams := parse(t, w.Body.String())
	for _, name := range []string{"go_goroutines", "go_info", "go_memstats_alloc_bytes", "go_gc_cycles_total",
		"process_cpu_seconds_total", "process_resident_memory_bytes", "process_open_fds", "process_start_time_seconds"} {
		f, ok := fams[name]
		if !ok {
			t.Errorf("%s missing", name)
			continue
		}
		if v := f.Metric[0].GetGauge().GetValue() + f.Metric[0].GetCounter().GetValue(); v <= 0 {
			t.Errorf("%s = %v, want a positive value", name, v)
		}
	}
}

// Registering a name twice is a programming error.
func TestRegisterTwicePanics(t *testing.T) {
	defer func() {
		if recover() == nil {
			t.Error("no panic")
		}
	}()
	reg := NewRegistry()
	reg.MustRegister(NewCounter(Opts{Name: "x_total"}), NewCounter(Opts{Name: "x_total"}))
}

// FuzzLabelValue: any help text and UTF-8 label value reads back through
// the Prometheus parser as it was given.
func FuzzLabelValue(f *testing.F) {
	f.Add("help", "robots-unreachable")
	f.Add("a \\ b\nc", "quote \" back \\ new\n")
	f.Fuzz(func(t *testing.T, help, value string) {
		if !utf8.ValidString(help) || !utf8.ValidString(value) {
			return // the text format is UTF-8
		}
		reg := NewRegistry()
		v := NewCounterVec(Opts{Name: "f_total", Help: help}, []string{"l"})
		reg.MustRegister(v)
		v.WithLabelValues(value).Inc()
		var b bytes.Buffer
		reg.WriteTo(&b)
		fam := parse(t, b.String())["f_total"]
		// The format does not keep blanks around a help text; the client
		// writes them as we do.
		wantHelp := strings.Trim(help, " \t")
		if strings.Trim(fam.GetHelp(), " \t") != wantHelp || fam.Metric[0].Label[0].GetValue() != value || fam.Metric[0].GetCounter().GetValue() != 1 {
			t.Fatalf("help %q, value %q: read back %v", help, value, fam)
		}
	})
}
