package bench

import (
	"fmt"
	"runtime"
	"strings"
	"testing"

	"github.com/robotstxt/robotstxt"
	temoto "github.com/temoto/robotstxt"
)

// The worst shapes of input (issue 14): files within the 500 KiB limit that
// cost a quadratic matcher or name lookup seconds and gigabytes. Each is
// measured for both libraries.

// ManyAgentsFile is one group of agents user-agent lines ("bot0", "bot1",
// ...) followed by literal rules up to about size bytes: every name shares
// every rule. It returns the names too.
func ManyAgentsFile(agents, size int) (text string, names []string) {
	var b strings.Builder
	for i := range agents {
		names = append(names, fmt.Sprintf("bot%d", i))
		fmt.Fprintf(&b, "User-agent: bot%d\n", i)
	}
	for i := 0; b.Len() < size; i++ {
		fmt.Fprintf(&b, "Disallow: /p%d/\n", i)
	}
	return b.String(), names
}

// SharedPieceFile holds n wildcard rules that share their longest literal
// piece ("/*foo*a0", "/*foo*a1", ...), and paths to check against it.
func SharedPieceFile(n int) (text string, paths []string) {
	var b strings.Builder
	b.WriteString("User-agent: *\n")
	for i := range n {
		fmt.Fprintf(&b, "Disallow: /*foo*a%d\n", i)
	}
	return b.String(), []string{"/xfooa17", "/foo/a123/b", "/nothing/here", "/a/foo/bar/a9999", "/foo/foo/foo", "/shop/item/42"}
}

// ManyGroupsFile has n groups naming one crawler each and a "*" group.
func ManyGroupsFile(n int) string {
	var b strings.Builder
	for i := range n {
		fmt.Fprintf(&b, "User-agent: crawler%d\nDisallow: /x%d/\n\n", i, i)
	}
	b.WriteString("User-agent: *\nDisallow: /private/\n")
	return b.String()
}

// worstUAs are full user-agent strings checked in turn against
// ManyGroupsFile.
var worstUAs = []string{
	GooglebotUA,
	"Mozilla/5.0 (compatible; bingbot/2.0; +http://www.bing.com/bingbot.htm)",
	"Mozilla/5.0 (compatible; crawler7777/1.0; +https://example.com/bot)",
}

// WorstAgents and WorstRules size the worst-case files: the issue's
// 507 KB file of 4,000 user-agent lines, and 20,000 wildcard rules.
const (
	WorstAgents      = 4000
	WorstAgentsBytes = 507_000
	WorstRules       = 20000
	WorstGroups      = 10000
)

// addWorst adds the worst-case benchmarks to s.
func (s *Suite) addWorst() {
	text, names := ManyAgentsFile(WorstAgents, WorstAgentsBytes)
	// Parse, then check one path for every name (the one-call API of each).
	s.add("Worst", "agents", Ours, func(b *testing.B) {
		benchOnce(b, len(text), func() {
			r := robotstxt.ParseString(text)
			for _, n := range names {
				r.Allowed(n, "/p1/x")
			}
		})
	})
	s.add("Worst", "agents", Temoto, func(b *testing.B) {
		benchOnce(b, len(text), func() {
			r, _ := temoto.FromString(text)
			for _, n := range names {
				r.TestAgent("/p1/x", n)
			}
		})
	})
	pieceText, piecePaths := SharedPieceFile(WorstRules)
	s.addPair("Worst", "shared-piece", pieceText, piecePaths)
	groups := lazy(func() *checkSet {
		c := &checkSet{}
		text := ManyGroupsFile(WorstGroups)
		r := robotstxt.ParseString(text)
		t, err := temoto.FromString(text)
		if err != nil {
			panic(err)
		}
		for i := range 30 {
			ua := worstUAs[i%len(worstUAs)]
			c.oursAPI = append(c.oursAPI, oursAPICheck{r, ua, "/x7/y"})
			c.temotoAPI = append(c.temotoAPI, temotoAPICheck{t, ua, "/x7/y"})
		}
		for i := range c.oursAPI {
			c.oursAPI[i].check()
		}
		return c
	})
	s.add("Worst", "ua-groups", Ours, func(b *testing.B) { benchChecks(b, groups().oursAPI) })
	s.add("Worst", "ua-groups", Temoto, func(b *testing.B) { benchChecks(b, groups().temotoAPI) })
}

// benchOnce times f, which handles size bytes, once per op, and reports
// cpu-ns/op and the bytes allocated per op.
func benchOnce(b *testing.B, size int, f func()) {
	b.SetBytes(int64(size))
	b.ReportAllocs()
	cpu := cpuTime()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		f()
	}
	b.StopTimer()
	if cpu := cpuTime() - cpu; cpu > 0 {
		b.ReportMetric(float64(cpu.Nanoseconds())/float64(b.N), "cpu-ns/op")
	}
}

// addFirstCheck adds parse plus first check, per file: a crawler checks
// most files only a few times, so this is what it pays per file.
func (s *Suite) addFirstCheck(files []File) {
	var accepted []File
	for _, f := range files {
		if _, err := temoto.FromBytes(f.Data); err == nil {
			accepted = append(accepted, f)
		}
	}
	per := func(b *testing.B, first func(data []byte) bool) { perFiles(b, accepted, first) }
	for _, fc := range FirstCheckFiles {
		for _, f := range accepted {
			if f.Name != fc.File {
				continue
			}
			one := []File{f}
			s.add("FirstCheck", fc.Case, Ours, func(b *testing.B) {
				perFiles(b, one, func(data []byte) bool {
					return robotstxt.ParseOptions(string(data), unlimited).Allowed("Googlebot", "/search?q=1")
				})
			})
			s.add("FirstCheck", fc.Case, Temoto, func(b *testing.B) {
				perFiles(b, one, func(data []byte) bool {
					r, _ := temoto.FromBytes(data)
					return r.TestAgent("/search?q=1", "Googlebot")
				})
			})
		}
	}
	s.add("FirstCheck", "corpus", Ours, func(b *testing.B) {
		per(b, func(data []byte) bool {
			return robotstxt.ParseOptions(string(data), unlimited).Allowed("Googlebot", "/search?q=1")
		})
	})
	s.add("FirstCheck", "corpus", Temoto, func(b *testing.B) {
		per(b, func(data []byte) bool {
			r, _ := temoto.FromBytes(data)
			return r.TestAgent("/search?q=1", "Googlebot")
		})
	})
}

// FirstCheckFiles are the files whose parse and first check the issue
// compares with Google's C++ library (its figures, quoted: the library is
// not built here).
var FirstCheckFiles = []struct {
	Case, File, Label string
	GoogleNs          float64
}{
	{"github", "github.com.txt", "github.com's 1.5 KB file (56 rules, most of them wildcards)", 10_500},
	{"laprensa", "top1m-2017-45957-laprensa.hn.txt", "laprensa.hn's 311 KB file (1,780 rules)", 1_050_000},
}

// perFiles parses and checks each file once per op (first), and reports
// ns/file, cpu-ns/file and the allocations.
func perFiles(b *testing.B, files []File, first func(data []byte) bool) {
	b.ReportAllocs()
	cpu := cpuTime()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		for _, f := range files {
			first(f.Data)
		}
	}
	b.StopTimer()
	n := float64(b.N) * float64(len(files))
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/n, "ns/file")
	if cpu := cpuTime() - cpu; cpu > 0 {
		b.ReportMetric(float64(cpu.Nanoseconds())/n, "cpu-ns/file")
	}
}

// Kept is the memory a parsed file keeps after checks, for the files under
// 16 KiB: the median of the bytes kept and of the bytes kept per byte of
// file, for each library.
type Kept struct {
	Files                      int
	MedianSize                 int
	OursBytes, TemotoBytes     float64
	OursPerByte, TemotoPerByte float64
	// The same for a robotstxt.Compact made by ParseCompact, and the
	// share of the files it keeps packed.
	CompactBytes, CompactPerByte float64
	CompactPacked                int
}

// MemoryKept parses each file under 16 KiB, checks it for every agent of
// Agents against a few paths, and measures what stays on the heap while
// the parsed file is kept (the text included): as a Robots, by temoto, and
// as a Compact.
func MemoryKept(files []File) Kept {
	var k Kept
	var ours, tem, comp, oursPer, temPer, compPer, sizes []float64
	paths := []string{"/", "/search?q=1", "/a/b.html"}
	for _, f := range Small(files) {
		if _, err := temoto.FromBytes(f.Data); err != nil {
			continue
		}
		data := string(f.Data) // copied out of the corpus as a fetch would
		o := keptBy(func() any {
			r := robotstxt.ParseString(strings.Clone(data))
			for _, a := range Agents {
				for _, p := range paths {
					r.Allowed(a, p)
				}
			}
			return r
		})
		tt := keptBy(func() any {
			t, _ := temoto.FromString(strings.Clone(data))
			for _, a := range Agents {
				for _, p := range paths {
					t.TestAgent(p, a)
				}
			}
			return t
		})
		packed := false
		cc := keptBy(func() any {
			c := robotstxt.ParseCompact(f.Data) // copies what it keeps
			for _, a := range Agents {
				for _, p := range paths {
					c.Check(a, p)
				}
			}
			packed = c.Packed()
			return c
		})
		if packed {
			k.CompactPacked++
		}
		ours, tem, comp = append(ours, o), append(tem, tt), append(comp, cc)
		oursPer, temPer = append(oursPer, o/float64(len(data))), append(temPer, tt/float64(len(data)))
		compPer = append(compPer, cc/float64(len(data)))
		sizes = append(sizes, float64(len(data)))
	}
	k.Files = len(ours)
	k.MedianSize = int(median(sizes))
	k.OursBytes, k.TemotoBytes = median(ours), median(tem)
	k.OursPerByte, k.TemotoPerByte = median(oursPer), median(temPer)
	k.CompactBytes, k.CompactPerByte = median(comp), median(compPer)
	return k
}

// keptBy returns the bytes that what build returns keeps on the heap. It
// runs in a frame of its own, so that what the caller still holds (or has
// just dropped) cannot move between the two readings.
//
//go:noinline
func keptBy(build func() any) float64 {
	before := heapInUse()
	x := build()
	after := heapInUse()
	runtime.KeepAlive(x)
	return float64(int64(after - before))
}

func heapInUse() uint64 {
	runtime.GC()
	var m runtime.MemStats
	runtime.ReadMemStats(&m)
	return m.HeapAlloc
}
