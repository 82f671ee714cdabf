package bench

import (
	"math"
	"strings"
	"testing"
	"time"
)

func TestNum(t *testing.T) {
	tests := []struct {
		x    float64
		want string
	}{
		{math.NaN(), ""}, {0, "0"}, {0.00025, "0.00025"}, {2.014, "2.01"}, {23.64, "23.6"},
		{189.4, "189"}, {1340, "1,340"}, {34012, "34,000"}, {15312345, "15,300,000"}, {999.7, "1,000"}, {-2500, "-2,500"},
	}
	for _, tt := range tests {
		if got := num(tt.x); got != tt.want {
			t.Errorf("num(%v) = %q, want %q", tt.x, got, tt.want)
		}
	}
}

func result(ns float64, extra map[string]float64) testing.BenchmarkResult {
	return testing.BenchmarkResult{N: 1, T: time.Duration(ns), Bytes: 1e6, Extra: extra}
}

func TestRows(t *testing.T) {
	res := Results{
		// Two repetitions: ours 10x then 4x faster than temoto; the ratio
		// reported is the median of the per-run ratios (7x), not the ratio
		// of medians.
		"Parse/corpus/ours":   {result(1e8, map[string]float64{"B/in-B": 2}), result(2e8, map[string]float64{"B/in-B": 2})},
		"Parse/corpus/temoto": {result(1e9, map[string]float64{"B/in-B": 24}), result(8e8, map[string]float64{"B/in-B": 24})},
		"Check/corpus/ours":   {result(1, map[string]float64{"ns/check": 500, "allocs/check": 0.002})},
		"Check/corpus/temoto": {result(1, map[string]float64{"ns/check": 4000, "allocs/check": 0})},
	}
	rows := res.Rows(false)
	byWhat := map[string]Row{}
	for _, r := range rows {
		byWhat[r.What] = r
	}
	want := []struct {
		what  string
		ratio float64
		met   string
	}{
		{"parse, corpus (MB/s)", 7, "yes"},
		{"parse, corpus (bytes allocated per input byte)", 12, "yes"},
		{"check, corpus (ns/check)", 8, "no"},
		{"check, corpus (allocs/check)", math.NaN(), "no"},
	}
	if len(rows) != len(want) {
		t.Errorf("%d rows, want %d: %v", len(rows), len(want), rows)
	}
	for _, w := range want {
		r, ok := byWhat[w.what]
		switch {
		case !ok:
			t.Errorf("no row %q", w.what)
		case !(math.IsNaN(w.ratio) && math.IsNaN(r.Ratio)) && math.Abs(r.Ratio-w.ratio) > 1e-9:
			t.Errorf("%s: ratio %v, want %v", w.what, r.Ratio, w.ratio)
		case r.Met != w.met:
			t.Errorf("%s: met %q, want %q", w.what, r.Met, w.met)
		}
	}
	var b strings.Builder
	if err := WriteTable(&b, rows); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(b.String(), "| parse, corpus (MB/s) | 1.12 | 7.50 | 7.00x better | >= 5x | yes |") {
		t.Errorf("table:\n%s", b.String())
	}
}

func TestCount(t *testing.T) {
	for n, want := range map[int]string{0: "0", 999: "999", 1000: "1,000", 80570: "80,570", 28873030: "28,873,030", -1234: "-1,234"} {
		if got := Count(n); got != want {
			t.Errorf("Count(%d) = %q, want %q", n, got, want)
		}
	}
}
