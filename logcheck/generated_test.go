package logcheck

import (
	"context"
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"
	"time"

	"github.com/robotstxt/robotstxt"
	"github.com/robotstxt/robotstxt/logs"
	"github.com/robotstxt/robotstxt/verify"
)

// genRobots is the file the generated logs are judged by.
const genRobots = "User-agent: *\nDisallow: /private/\n\nUser-agent: GPTBot\nDisallow: /\n"

// want is what a generated log must give, counted while generating it.
type want struct {
	other                     int
	googleAllowed, googleViol int
	googleSpoofed             int
	gptViol                   int
	robots                    int
}

var browserUAs = []string{
	"Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/142.0.0.0 Safari/537.36",
	"Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1",
	"Mozilla/5.0 (X11; Linux x86_64; rv:140.0) Gecko/20100101 Firefox/140.0",
}

// genLog writes n combined lines: browsers, Googlebot from Google's listed
// addresses and from elsewhere, and GPTBot, in time order.
func genLog(n int, seed uint64) (string, want) {
	rng := rand.New(rand.NewPCG(seed, 1))
	var b strings.Builder
	var w want
	t := time.Date(2026, 11, 1, 0, 0, 0, 0, time.UTC)
	googleUA := "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)"
	gptUA := "Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; GPTBot/1.2; +https://openai.com/gptbot)"
	for i := range n {
		t = t.Add(time.Duration(rng.IntN(2000)) * time.Millisecond)
		addr, ua, target := "", "", fmt.Sprintf("/p/%d?q=%d", rng.IntN(5000), i)
		switch k := rng.IntN(10); {
		case k < 6:
			addr, ua = fmt.Sprintf("198.51.%d.%d", rng.IntN(256), rng.IntN(256)), browserUAs[rng.IntN(len(browserUAs))]
			w.other++
		case k < 8:
			addr, ua = fmt.Sprintf("66.249.64.%d", rng.IntN(32)), googleUA // 66.249.64.0/27 is listed
			switch rng.IntN(4) {
			case 0:
				target = "/private/" + target[3:]
				w.googleViol++
			case 1:
				target = "/robots.txt"
				w.robots++
			default:
				w.googleAllowed++
			}
		case k < 9:
			addr, ua = fmt.Sprintf("203.0.113.%d", rng.IntN(256)), googleUA
			w.googleSpoofed++
		default:
			addr, ua = fmt.Sprintf("20.171.%d.%d", rng.IntN(256), rng.IntN(256)), gptUA
			w.gptViol++
		}
		fmt.Fprintf(&b, "%s - - [%s] \"GET %s HTTP/1.1\" 200 %d \"-\" %q\n", addr, t.Format("02/Jan/2006:15:04:05 -0700"), target, rng.IntN(90000), ua)
	}
	return b.String(), w
}

func newGenChecker(t testing.TB) *Checker {
	ranges, err := verify.Snapshot()
	if err != nil {
		t.Fatal(err)
	}
	tl := NewTimeline([]Version{{N: 1, Label: "robots.txt", Robots: robotstxt.ParseString(genRobots)}})
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
	log, w := genLog(n, 7)
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
	if rep.OtherRequests != w.other || g == nil || o == nil {
		t.Fatalf("other %d (want %d), rows %+v", rep.OtherRequests, w.other, rep.Crawlers)
	}
	if g.Allowed != w.googleAllowed || g.Violations != w.googleViol || g.Spoofed != w.googleSpoofed || g.RobotsFetches != w.robots || g.Verified != w.googleAllowed+w.googleViol+w.robots {
		t.Errorf("Googlebot %+v, want %+v", g, w)
	}
	if o.Violations != w.gptViol || o.Unverifiable != w.gptViol || len(rep.Crawlers) != 2 {
		t.Errorf("GPTBot %+v, want %d violations", o, w.gptViol)
	}
}

// TestPipelineAllocs: the whole pipeline allocates per chunk and per new
// rule or example, not per line: fewer than one allocation per 50 lines.
func TestPipelineAllocs(t *testing.T) {
	const n = 20000
	log, _ := genLog(n, 3)
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
