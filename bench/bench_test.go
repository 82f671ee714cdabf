package bench

import (
	"sync"
	"testing"
)

var (
	suiteOnce sync.Once
	theSuite  *Suite
)

// testSuite is the suite over the corpus, built once per test binary so that
// the benchmark functions share prepared inputs.
func testSuite(tb testing.TB) *Suite {
	files := Corpus(tb)
	suiteOnce.Do(func() { theSuite = NewSuite(files) })
	return theSuite
}

func benchGroup(b *testing.B, group string) {
	for _, bb := range testSuite(b).Group(group) {
		b.Run(bb.Name(), bb.F)
	}
}

// BenchmarkParse parses the whole corpus (or its files under 16 KiB) per op;
// "+compile" also prepares every group's matcher, which temoto does while
// parsing and we do on a group's first check.
func BenchmarkParse(b *testing.B) { benchGroup(b, "Parse") }

// BenchmarkCheck is one check per op, the agent resolved beforehand
// (Robots.Agent, temoto's FindGroup), over every corpus file temoto accepts.
func BenchmarkCheck(b *testing.B) { benchGroup(b, "Check") }

// BenchmarkCheckAPI is one check per op through the one-call API
// (Robots.Allowed, temoto's TestAgent); ours-ua passes full user-agent
// strings, which only our library takes.
func BenchmarkCheckAPI(b *testing.B) { benchGroup(b, "CheckAPI") }

// BenchmarkRules checks paths against generated files of 10 and 20,000
// rules of three shapes.
func BenchmarkRules(b *testing.B) { benchGroup(b, "Rules") }

// BenchmarkHostile checks 500- to 4,000-octet paths against wildcard rules
// that make backtracking matchers slow.
func BenchmarkHostile(b *testing.B) { benchGroup(b, "Hostile") }

// BenchmarkBatch runs "robotstxt check", temotocheck and the floor as whole
// processes on the batch workloads (BatchSites), timed by their CPU time.
func BenchmarkBatch(b *testing.B) { benchGroup(b, "Batch") }

// BenchmarkStartup starts "robotstxt version" and an empty Go program.
func BenchmarkStartup(b *testing.B) { benchGroup(b, "Startup") }
