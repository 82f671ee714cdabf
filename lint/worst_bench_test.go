//go:build unix

package lint

import (
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/robotstxt/robotstxt"
	"github.com/robotstxt/robotstxt/internal/testutil"
)

// worstShapes are generated files of about n lines in the shapes that make a
// check family do the most work: every family that compares lines, groups
// or rules with each other meets its worst case in one of them.
var worstShapes = []struct {
	name string
	gen  func(n int) string
}{
	// One group of many names and many rules (group and name checks,
	// per-name rule sets).
	{"agents×rules", func(n int) string {
		var b strings.Builder
		for i := range n / 3 {
			fmt.Fprintf(&b, "User-agent: bot%d\n", i)
		}
		for i := range n - n/3 {
			fmt.Fprintf(&b, "Disallow: /p%d/\n", i)
		}
		return b.String()
	}},
	// The same, and after it a small group of its own for every name: each
	// name's merged set differs, and each holds the large group.
	{"agents×rules+own", func(n int) string {
		var b strings.Builder
		for i := range n / 6 {
			fmt.Fprintf(&b, "User-agent: bot%d\n", i)
		}
		for i := range n - n/2 {
			fmt.Fprintf(&b, "Disallow: /p%d/\n", i)
		}
		for i := range n / 6 {
			fmt.Fprintf(&b, "\nUser-agent: bot%d\nAllow: /o\n", i)
		}
		return b.String()
	}},
	// Many groups naming the same crawler (repeated groups, merging).
	{"repeated-groups", func(n int) string {
		var b strings.Builder
		for i := range n / 3 {
			fmt.Fprintf(&b, "User-agent: Googlebot\nDisallow: /g%d/\n\n", i)
		}
		return b.String()
	}},
	// Many groups of distinct names (name lookups, crawler registry).
	{"distinct-groups", func(n int) string {
		var b strings.Builder
		for i := range n / 3 {
			fmt.Fprintf(&b, "User-agent: crawler%d\nDisallow: /x%d/\n\n", i, i)
		}
		return b.String()
	}},
	// Rules that repeat, nest and overlap (duplicates, shadowing, allow and
	// disallow of one path).
	{"overlapping-rules", func(n int) string {
		var b strings.Builder
		b.WriteString("User-agent: *\n")
		for i := range n {
			switch i % 4 {
			case 0:
				fmt.Fprintf(&b, "Disallow: /a/%d\n", i%50)
			case 1:
				fmt.Fprintf(&b, "Allow: /a/%d\n", i%50)
			case 2:
				fmt.Fprintf(&b, "Disallow: /a/%d/b%d\n", i%50, i)
			case 3:
				b.WriteString("Disallow: /a\n")
			}
		}
		return b.String()
	}},
	// Wildcard rules sharing pieces (pattern checks, glob comparisons).
	{"wildcards", func(n int) string {
		var b strings.Builder
		b.WriteString("User-agent: *\n")
		for i := range n {
			fmt.Fprintf(&b, "Disallow: /*foo*a%d*$\n", i)
		}
		return b.String()
	}},
	// Sitemaps, crawl-delays, hosts and unknown lines (record checks).
	{"records", func(n int) string {
		var b strings.Builder
		b.WriteString("User-agent: *\nDisallow: /x\n")
		for i := range n {
			switch i % 4 {
			case 0:
				fmt.Fprintf(&b, "Sitemap: https://example.com/s%d.xml\n", i%100)
			case 1:
				fmt.Fprintf(&b, "Crawl-delay: %d\n", i%7)
			case 2:
				fmt.Fprintf(&b, "Host: h%d.example.com\n", i%9)
			case 3:
				fmt.Fprintf(&b, "Foo-%d: bar\n", i)
			}
		}
		return b.String()
	}},
	// Lines that are not directives, and directives misspelt (line checks).
	{"junk-lines", func(n int) string {
		var b strings.Builder
		for i := range n {
			switch i % 3 {
			case 0:
				fmt.Fprintf(&b, "Dissallow: /t%d\n", i)
			case 1:
				fmt.Fprintf(&b, "this is not a directive %d\n", i)
			case 2:
				fmt.Fprintf(&b, "User-agent %d\n", i)
			}
		}
		return b.String()
	}},
}

// BenchmarkLintWorst lints each worst shape at growing sizes; cpu-ns/line
// (CPU time, which other work on the machine disturbs less than wall time)
// stays flat when the cost is linear.
func BenchmarkLintWorst(b *testing.B) {
	for _, s := range worstShapes {
		for _, n := range []int{1000, 4000, 16000} {
			text := s.gen(n)
			b.Run(fmt.Sprintf("%s/lines=%d", s.name, n), func(b *testing.B) {
				b.SetBytes(int64(len(text)))
				b.ReportAllocs()
				cpu := testutil.CPUTime()
				for b.Loop() {
					Lint(text, nil)
				}
				b.ReportMetric(float64(testutil.CPUTime()-cpu)/float64(b.N)/float64(n), "cpu-ns/line")
			})
		}
	}
}

// manyAgents507KB is issue 14's worst file for the audit (as bench's
// ManyAgentsFile(4000, 507000) makes it): 4,000 user-agent lines in one
// group, then literal rules up to 507 KB.
func manyAgents507KB() string {
	var b strings.Builder
	for i := range 4000 {
		fmt.Fprintf(&b, "User-agent: bot%d\n", i)
	}
	for i := 0; b.Len() < 507_000; i++ {
		fmt.Fprintf(&b, "Disallow: /p%d/\n", i)
	}
	return b.String()
}

// BenchmarkLintManyAgents507KB lints issue 14's file; cpu-ms is the CPU
// time of one audit (the target, process included, is under 50 ms).
func BenchmarkLintManyAgents507KB(b *testing.B) {
	text := manyAgents507KB()
	b.SetBytes(int64(len(text)))
	b.ReportAllocs()
	cpu := testutil.CPUTime()
	for b.Loop() {
		Lint(text, nil)
	}
	b.ReportMetric(float64(testutil.CPUTime()-cpu)/float64(b.N)/1e6, "cpu-ms")
}

// TestLintWorstBounded lints each worst shape at the largest size within
// the parse limit. The bounds are generous (a linear audit takes well under
// a second and 200 MB on these files; a quadratic one, minutes or
// gigabytes).
func TestLintWorstBounded(t *testing.T) {
	if testing.Short() {
		t.Skip("lints 500 KiB files")
	}
	for _, s := range worstShapes {
		n := 1000
		for len(s.gen(2*n)) <= robotstxt.DefaultMaxBytes {
			n *= 2
		}
		text := s.gen(n)
		// CPU time, not the clock, which a loaded machine stretches.
		cpu, mem := testutil.Cost(func() { Lint(text, nil) })
		t.Logf("%s: %d lines, %d bytes: %v of CPU, %.1f MB allocated", s.name, n, len(text), cpu, float64(mem)/1e6)
		if cpu > 5*time.Second || mem > 1<<30 {
			t.Errorf("%s: %v of CPU and %d MB for %d bytes; bounds 5s and 1 GiB", s.name, cpu, mem>>20, len(text))
		}
	}
}
