package logcheck

import (
	"context"
	"strings"
	"testing"

	"github.com/robotstxt/robotstxt"
	"github.com/robotstxt/robotstxt/internal/loggen"
	"github.com/robotstxt/robotstxt/logs"
	"github.com/robotstxt/robotstxt/verify"
)

func newGenChecker(t testing.TB) *Checker {
	ranges, err := verify.Snapshot()
	if err != nil {
		t.Fatal(err)
	}
	tl := NewTimeline([]Version{{N: 1, Label: "robots.txt", Robots: robotstxt.ParseString(loggen.Robots)}})
	return &Checker{Timeline: tl, Identify: NewIdentifier(nil), Verifier: &verify.Verifier{Ranges: ranges}}
}

func runPipeline(t testing.TB, c *Checker, workers int, inputs ...logs.Input) logs.Stats {
	fm, _ := logs.Named("combined")
	rd := &logs.Reader[Judgement]{Format: fm, Workers: workers, Work: func(r *logs.Record, j *Judgement) { c.Judge(context.Background(), r, j) }}
	st, err := rd.Read(context.Background(), inputs, func(r *logs.Record, j *Judgement) error { c.Add(r, j); return nil })
	if err != nil {
		t.Fatal(err)
	}
	return st
}

// TestGeneratedLog: a generated log of known answers, split in two inputs
// merged back in time order, read by several workers.
func TestGeneratedLog(t *testing.T) {
	n := 60000
	if testing.Short() {
		n = 6000
	}
	log, w := loggen.Combined(n, 7)
	lines := strings.SplitAfter(log, "\n")
	var a, b strings.Builder
	for i, l := range lines {
		if i%3 == 0 {
			a.WriteString(l)
		} else {
			b.WriteString(l)
		}
	}
	c := newGenChecker(t)
	st := runPipeline(t, c, 3, logs.Input{Name: "a", R: strings.NewReader(a.String())}, logs.Input{Name: "b", R: strings.NewReader(b.String())})
	if st.Records != n || st.Bad != 0 || st.OutOfOrder != 0 {
		t.Errorf("stats %+v", st)
	}
	rep := c.Report()
	g, o := row(rep, "Googlebot"), row(rep, "GPTBot")
	if rep.OtherRequests != w.Other || g == nil || o == nil {
		t.Fatalf("other %d (want %d), rows %+v", rep.OtherRequests, w.Other, rep.Crawlers)
	}
	if g.Allowed != w.GoogleAllowed || g.Violations != w.GoogleViol || g.Spoofed != w.GoogleSpoofed || g.RobotsFetches != w.GoogleRobots || g.Verified != w.GoogleAllowed+w.GoogleViol+w.GoogleRobots {
		t.Errorf("Googlebot %+v, want %+v", g, w)
	}
	if o.Violations != w.GPTViol || o.Verified != w.GPTViol || o.Spoofed+o.Unverifiable != 0 || len(rep.Crawlers) != 2 {
		t.Errorf("GPTBot %+v, want %d violations", o, w.GPTViol)
	}
}

// TestPipelineAllocs: the whole pipeline allocates per chunk and per new
// rule or example, not per line: fewer than one allocation per 50 lines.
func TestPipelineAllocs(t *testing.T) {
	const n = 20000
	log, _ := loggen.Combined(n, 3)
	c := newGenChecker(t)
	runPipeline(t, c, 1, logs.Input{Name: "warm", R: strings.NewReader(log)}) // fill the caches
	allocs := testing.AllocsPerRun(3, func() {
		runPipeline(t, c, 2, logs.Input{Name: "gen", R: strings.NewReader(log)})
	})
	if allocs > n/50 {
		t.Errorf("%v allocations for %d lines", allocs, n)
	}
	t.Logf("%v allocations for %d lines", allocs, n)
}
