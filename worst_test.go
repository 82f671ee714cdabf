//go:build unix

package robotstxt_test

import (
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/robotstxt/robotstxt"
	"github.com/robotstxt/robotstxt/internal/testutil"
)

// The worst shapes of input found so far, each built at growing sizes. The
// benchmarks report the CPU time per unit of input ("cpu-ns/line"; CPU time
// is less disturbed by other work on the machine than wall time), which
// stays flat when the cost is linear; the tests bound time and memory generously on the
// largest file of each shape that fits in the 500 KiB parse limit.

// manyAgentsFile is one group of n user-agent lines followed by rules rules:
// every name shares the same rules.
func manyAgentsFile(n, rules int) (text string, names []string) {
	var b strings.Builder
	for i := range n {
		names = append(names, fmt.Sprintf("bot%d", i))
		fmt.Fprintf(&b, "User-agent: bot%d\n", i)
	}
	for i := range rules {
		fmt.Fprintf(&b, "Disallow: /p%d/\n", i)
	}
	return b.String(), names
}

// sharedAndOwnFile is manyAgentsFile's shape with, after it, a small group
// of its own for every name: each name's groups differ, but the large group
// must still be compiled once, not once per name.
func sharedAndOwnFile(n, size int) (text string, names []string) {
	var b strings.Builder
	for i := range n {
		names = append(names, fmt.Sprintf("bot%d", i))
		fmt.Fprintf(&b, "User-agent: bot%d\n", i)
	}
	for i := 0; b.Len() < size; i++ {
		fmt.Fprintf(&b, "Disallow: /p%d/\n", i)
	}
	for i := range n {
		fmt.Fprintf(&b, "\nUser-agent: bot%d\nAllow: /o\n", i)
	}
	return b.String(), names
}

// sharedPieceFile holds n wildcard rules that share their longest literal
// piece ("/*foo*a1", "/*foo*a2", ...).
func sharedPieceFile(n int) string {
	var b strings.Builder
	b.WriteString("User-agent: *\n")
	for i := range n {
		fmt.Fprintf(&b, "Disallow: /*foo*a%d\n", i)
	}
	return b.String()
}

// manyGroupsFile has n groups of one name and one rule each.
func manyGroupsFile(n int) string {
	var b strings.Builder
	for i := range n {
		fmt.Fprintf(&b, "User-agent: crawler%d\nDisallow: /x%d/\n\n", i, i)
	}
	b.WriteString("User-agent: *\nDisallow: /private/\n")
	return b.String()
}

var uaStrings = []string{
	"Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)",
	"Mozilla/5.0 (compatible; bingbot/2.0; +http://www.bing.com/bingbot.htm)",
	"Mozilla/5.0 (compatible; crawler77/1.0; +https://example.com/bot)",
}

// checkEveryName parses text and checks one URL for every name, through
// the one-call API.
func checkEveryName(text string, names []string) {
	r := robotstxt.ParseString(text)
	for _, n := range names {
		r.Check(n, "/p1/x")
	}
}

func BenchmarkWorstManyAgents(b *testing.B) {
	for _, n := range []int{500, 1000, 2000, 4000} {
		text, names := manyAgentsFile(n, 2*n)
		b.Run(fmt.Sprintf("agents=%d,rules=%d", n, 2*n), func(b *testing.B) {
			b.ReportAllocs()
			b.SetBytes(int64(len(text)))
			cpu := testutil.CPUTime()
			for b.Loop() {
				checkEveryName(text, names)
			}
			b.ReportMetric(float64(testutil.CPUTime()-cpu)/float64(b.N)/float64(3*n), "cpu-ns/line")
		})
	}
}

func BenchmarkWorstSharedPiece(b *testing.B) {
	paths := []string{"/xfooa17", "/foo/a123/b", "/nothing/here", "/a/foo/bar/a19999"}
	for _, n := range []int{10, 200, 2000, 20000} {
		r := robotstxt.ParseString(sharedPieceFile(n))
		a := r.Agent("x")
		b.Run(fmt.Sprintf("rules=%d", n), func(b *testing.B) {
			b.ReportAllocs()
			for range 100 {
				for _, p := range paths {
					a.Check(p) // compile, and build the needle automaton, outside the loop
				}
			}
			cpu := testutil.CPUTime()
			for b.Loop() {
				for _, p := range paths {
					a.Check(p)
				}
			}
			b.ReportMetric(float64(testutil.CPUTime()-cpu)/float64(b.N)/float64(len(paths)), "cpu-ns/check")
		})
	}
}

func BenchmarkWorstUserAgentStrings(b *testing.B) {
	for _, n := range []int{10, 100, 1000, 10000} {
		r := robotstxt.ParseString(manyGroupsFile(n))
		b.Run(fmt.Sprintf("groups=%d", n), func(b *testing.B) {
			b.ReportAllocs()
			for _, ua := range uaStrings {
				r.Check(ua, "/x7/y") // build the index outside the loop
			}
			cpu := testutil.CPUTime()
			for b.Loop() {
				for _, ua := range uaStrings {
					r.Check(ua, "/x7/y")
				}
			}
			b.ReportMetric(float64(testutil.CPUTime()-cpu)/float64(b.N)/float64(len(uaStrings)), "cpu-ns/check")
		})
	}
}

// The bounds are 20 to 40 times the targets of the performance docs, so
// that a loaded machine does not fail them, while a quadratic cost (seconds
// and gigabytes on these files) still does. Time is the process's CPU time,
// not the clock, which a loaded machine stretches.
func TestWorstShapesBounded(t *testing.T) {
	big, names := manyAgentsFile(4000, 20000)
	own, ownNames := sharedAndOwnFile(4000, 370<<10)
	cases := []struct {
		name   string
		size   int
		f      func()
		maxCPU time.Duration
		maxMem uint64
	}{
		{"4,000 agents sharing 20,000 rules, every name checked", len(big), func() { checkEveryName(big, names) }, 2 * time.Second, 400 << 20},
		{"4,000 agents sharing a large group, each with a group of its own, every name checked", len(own), func() { checkEveryName(own, ownNames) }, 2 * time.Second, 400 << 20},
		{"20,000 wildcard rules sharing a piece, 1,000 checks", 0, func() {
			a := robotstxt.ParseString(sharedPieceFile(20000)).Agent("x")
			for i := range 1000 {
				a.Check(fmt.Sprintf("/x/foo/a%d", i))
			}
		}, 2 * time.Second, 400 << 20},
		{"10,000 groups, 3,000 checks with alternating user-agent strings", 0, func() {
			r := robotstxt.ParseString(manyGroupsFile(10000))
			for i := range 3000 {
				r.Check(uaStrings[i%len(uaStrings)], "/x7/y")
			}
		}, 2 * time.Second, 400 << 20},
	}
	for _, c := range cases {
		if c.size > robotstxt.DefaultMaxBytes {
			t.Fatalf("%s: the file is %d bytes, over the parse limit", c.name, c.size)
		}
		cpu, mem := testutil.Cost(c.f)
		t.Logf("%s: %v of CPU, %.1f MB allocated", c.name, cpu, float64(mem)/1e6)
		if cpu > c.maxCPU || mem > c.maxMem {
			t.Errorf("%s: took %v of CPU and allocated %d MB; bounds %v and %d MB", c.name, cpu, mem>>20, c.maxCPU, c.maxMem>>20)
		}
	}
}
