package bench

import (
	"fmt"
	"os"
	"runtime"
	"sync"
	"testing"

	"github.com/robotstxt/robotstxt"
	temoto "github.com/temoto/robotstxt"
)

// The two libraries compared.
const (
	Ours   = "ours"
	Temoto = "temoto"
	// OursUA is our library given full user-agent strings, which temoto
	// cannot take; it has no temoto counterpart and no ratio.
	OursUA = "ours-ua"
	// Floor is the least a command-line check could cost: reading the URLs
	// and writing the same bytes (see addCLI).
	Floor = "floor"
)

// userAgents maps each of Agents to a full user-agent string.
var userAgents = map[string]string{
	"Googlebot":  GooglebotUA,
	"Bingbot":    "Mozilla/5.0 (compatible; bingbot/2.0; +http://www.bing.com/bingbot.htm)",
	"ExampleBot": "ExampleBot/1.0 (+https://example.com/bot)",
}

// unlimited makes our parser read whole files, as temoto does, so that both
// libraries do the same work in the benchmarks (by default we stop at
// 500 KiB; nine corpus files are longer).
var unlimited = &robotstxt.Options{MaxBytes: -1}

// Bench is one benchmark of one library. Its full name is
// Group/Case/Lib, e.g. "Check/corpus/ours".
type Bench struct {
	Group, Case, Lib string
	F                func(b *testing.B)
}

// Name is the sub-benchmark name under Group: Case/Lib.
func (b Bench) Name() string { return b.Case + "/" + b.Lib }

// Suite is every benchmark, ours and temoto's side by side. Inputs are
// prepared once, on first use, outside the timed loops.
type Suite struct {
	Files   []File
	Benches []Bench
}

// NewSuite builds the benchmarks over the given corpus files.
func NewSuite(files []File) *Suite {
	s := &Suite{Files: files}
	sets := []struct {
		name  string
		files []File
	}{{"corpus", files}, {"small", Small(files)}}

	for _, set := range sets {
		fs := set.files
		s.add("Parse", set.name, Ours, func(b *testing.B) { benchParse(b, fs, parseOurs) })
		s.add("Parse", set.name, Temoto, func(b *testing.B) { benchParse(b, fs, parseTemoto) })
		s.add("Parse", set.name+"+compile", Ours, func(b *testing.B) { benchParse(b, fs, parseOursCompiled) })
	}
	for _, set := range sets {
		cs := lazy(func() *checkSet { return newCheckSet(set.files) })
		s.add("Check", set.name, Ours, func(b *testing.B) { benchChecks(b, cs().ours) })
		s.add("Check", set.name, Temoto, func(b *testing.B) { benchChecks(b, cs().temoto) })
		s.add("CheckAPI", set.name, Ours, func(b *testing.B) { benchChecks(b, cs().oursAPI) })
		s.add("CheckAPI", set.name, Temoto, func(b *testing.B) { benchChecks(b, cs().temotoAPI) })
		s.add("CheckAPI", set.name, OursUA, func(b *testing.B) { benchChecks(b, cs().oursUA) })
	}
	for _, shape := range Shapes {
		for _, n := range []int{FewRules, ManyRules} {
			name := fmt.Sprintf("%s-%d", shape, n)
			text, paths := RulesFile(shape, n)
			s.addPair("Rules", name, text, paths)
		}
	}
	for _, n := range HostileLengths {
		s.addPair("Hostile", fmt.Sprint(n), HostileFile, HostilePaths(n))
	}
	s.addWorst()
	s.addFirstCheck(files)
	setup := lazy(func() *CLISetup {
		cs, err := NewCLISetup("..", files)
		if err != nil {
			fmt.Fprintln(os.Stderr, "bench: command-line benchmarks skipped:", err)
			return nil
		}
		return cs
	})
	s.addCLI(setup)
	s.addBatch(setup)
	s.addStartup(setup)
	s.addTools(setup)
	return s
}

// Group returns the benchmarks of one group, in order.
func (s *Suite) Group(g string) []Bench {
	var out []Bench
	for _, b := range s.Benches {
		if b.Group == g {
			out = append(out, b)
		}
	}
	return out
}

func (s *Suite) add(group, cas, lib string, f func(*testing.B)) {
	s.Benches = append(s.Benches, Bench{group, cas, lib, f})
}

// addPair adds ours and temoto checking paths against one file, with the
// agent resolved once (the group a crawler named Googlebot gets).
func (s *Suite) addPair(group, cas, text string, paths []string) {
	cs := lazy(func() *checkSet {
		c := &checkSet{}
		r := robotstxt.ParseOptions(text, unlimited)
		t, err := temoto.FromString(text)
		if err != nil {
			panic(fmt.Sprintf("bench: temoto rejects generated file %s/%s: %v", group, cas, err))
		}
		a, g := r.Agent("Googlebot"), t.FindGroup("Googlebot")
		for _, p := range paths {
			c.ours = append(c.ours, oursCheck{a, p})
			c.temoto = append(c.temoto, temotoCheck{g, p})
		}
		c.warm()
		return c
	})
	s.add(group, cas, Ours, func(b *testing.B) { benchChecks(b, cs().ours) })
	s.add(group, cas, Temoto, func(b *testing.B) { benchChecks(b, cs().temoto) })
}

func lazy[T any](f func() T) func() T {
	var once sync.Once
	var v T
	return func() T {
		once.Do(func() { v = f() })
		return v
	}
}

func parseOurs(data []byte) { runtime.KeepAlive(robotstxt.ParseOptions(string(data), unlimited)) }

func parseTemoto(data []byte) {
	r, _ := temoto.FromBytes(data)
	runtime.KeepAlive(r)
}

// parseOursCompiled parses and then prepares the matcher of every group, as
// temoto does while parsing (we do it lazily, once a group has been checked
// often).
func parseOursCompiled(data []byte) {
	r := robotstxt.ParseOptions(string(data), unlimited)
	r.Compile()
	runtime.KeepAlive(r)
}

// benchParse parses every file once per op. Besides MB/s and B/op it
// reports B/in-B, the bytes allocated per input byte, and cpu-MB/s, the
// throughput by the CPU time the process used (garbage collection
// included), which other work on the machine disturbs less than MB/s.
func benchParse(b *testing.B, files []File, parse func([]byte)) {
	total := TotalBytes(files)
	b.SetBytes(int64(total))
	b.ReportAllocs()
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	cpu := cpuTime()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		for _, f := range files {
			parse(f.Data)
		}
	}
	b.StopTimer()
	cpu = cpuTime() - cpu
	runtime.ReadMemStats(&after)
	b.ReportMetric(float64(after.TotalAlloc-before.TotalAlloc)/float64(b.N)/float64(total), "B/in-B")
	if cpu > 0 {
		b.ReportMetric(float64(total)*float64(b.N)/cpu.Seconds()/1e6, "cpu-MB/s")
	}
}

// A checker is one prepared check.
type checker interface{ check() bool }

type oursCheck struct {
	a    robotstxt.Agent
	path string
}

func (c *oursCheck) check() bool { return c.a.Allowed(c.path) }

type temotoCheck struct {
	g    *temoto.Group
	path string
}

func (c *temotoCheck) check() bool { return c.g.Test(c.path) }

type oursAPICheck struct {
	r           *robotstxt.Robots
	agent, path string
}

func (c *oursAPICheck) check() bool { return c.r.Allowed(c.agent, c.path) }

type temotoAPICheck struct {
	r           *temoto.RobotsData
	agent, path string
}

func (c *temotoAPICheck) check() bool { return c.r.TestAgent(c.path, c.agent) }

// benchChecks runs every prepared check once per op, so that each op covers
// all files alike, and reports ns/check, cpu-ns/check (by the CPU time the
// process used) and allocs/check.
func benchChecks[C any, P interface {
	*C
	checker
}](b *testing.B, cs []C) {
	b.ReportAllocs()
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	n := 0
	cpu := cpuTime()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		for j := range cs {
			if P(&cs[j]).check() {
				n++
			}
		}
	}
	b.StopTimer()
	cpu = cpuTime() - cpu
	runtime.ReadMemStats(&after)
	runtime.KeepAlive(n)
	checks := float64(b.N) * float64(len(cs))
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/checks, "ns/check")
	if cpu > 0 {
		b.ReportMetric(float64(cpu.Nanoseconds())/checks, "cpu-ns/check")
	}
	b.ReportMetric(float64(after.Mallocs-before.Mallocs)/checks, "allocs/check")
}

// checkSet is the prepared checks over a set of files: every agent of Agents
// against every path of Paths, for each file that temoto accepts (the files
// it rejects are left out for both libraries). The checks of one file and
// agent are consecutive.
type checkSet struct {
	ours      []oursCheck
	temoto    []temotoCheck
	oursAPI   []oursAPICheck
	temotoAPI []temotoAPICheck
	oursUA    []oursAPICheck
}

func newCheckSet(files []File) *checkSet {
	c := &checkSet{}
	for _, f := range files {
		t, err := temoto.FromBytes(f.Data)
		if err != nil {
			continue
		}
		r := robotstxt.ParseOptions(string(f.Data), unlimited)
		paths := Paths(robotstxt.Parse(f.Data))
		for _, name := range Agents {
			a, g := r.Agent(name), t.FindGroup(name)
			for _, p := range paths {
				c.ours = append(c.ours, oursCheck{a, p})
				c.temoto = append(c.temoto, temotoCheck{g, p})
				c.oursAPI = append(c.oursAPI, oursAPICheck{r, name, p})
				c.temotoAPI = append(c.temotoAPI, temotoAPICheck{t, name, p})
				c.oursUA = append(c.oursUA, oursAPICheck{r, userAgents[name], p})
			}
		}
	}
	c.warm()
	return c
}

// warm runs every check enough times that our lazily built matchers exist
// before timing: a group's first 16 checks try its rules in turn, the 17th
// compiles them.
func (c *checkSet) warm() {
	for range 17 {
		for i := range c.ours {
			c.ours[i].check()
		}
	}
}
