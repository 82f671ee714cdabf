//go:build unix

package guard_test

import (
	"bytes"
	"os"
	"slices"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"
)

// BenchmarkBrowseAllowedPairs is BenchmarkBrowseAllowed's page loaded in
// pairs, one guarded and one not, in one browser, the order turning each
// pair (guarded first, then unguarded first), so that a change of the
// machine's load touches both halves of a pair alike. One iteration is one
// pair (run with -benchtime=10x). It reports the medians of the per-pair
// ratios of wall time (x-wall) and of CPU time (x-cpu: the test process
// and every process of the browser, /proc), and the medians of each half.
// Each pair and the load average go to the log.
func BenchmarkBrowseAllowedPairs(b *testing.B) {
	loadPairs(b, guarded, unguarded, "guard", "no-guard")
}

// BenchmarkBrowseAllowedTriples loads the same page three ways in turn in
// one browser: unguarded, through the least interception a Fetch-domain
// interceptor can do (bareInterception: each request paused at the
// request stage and let go at once, as Playwright's route with
// route.continue() does), and guarded; the order turns each iteration.
// It reports the medians of the per-iteration ratios of wall time:
// x-guard (guarded over unguarded, BenchmarkBrowseAllowedPairs' x-wall),
// x-bare (the floor: pausing requests, over unguarded) and x-over-bare
// (what the guard costs beyond pausing them). Run with -benchtime=15x.
func BenchmarkBrowseAllowedTriples(b *testing.B) {
	ctx := browser(b)
	page, admitted170 := allowedPage(b)
	modes := [3]loadMode{unguarded, bareFetch, guarded}
	wall := func(m loadMode) float64 {
		t0 := time.Now()
		loadPageAs(b, ctx, page, m, admitted170)
		return time.Since(t0).Seconds()
	}
	for _, m := range modes { // the browser's first loads are slower; not counted
		wall(m)
	}
	var xGuard, xBare, xOver []float64
	var secs [3][]float64
	b.Logf("load average %s", loadAverage())
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		var w [3]float64
		for j := range modes {
			k := (i + j) % 3
			w[k] = wall(modes[k])
			secs[k] = append(secs[k], w[k])
		}
		xGuard, xBare, xOver = append(xGuard, w[2]/w[0]), append(xBare, w[1]/w[0]), append(xOver, w[2]/w[1])
		b.Logf("iteration %d: unguarded %.3fs, bare interception %.3fs, guarded %.3fs", i, w[0], w[1], w[2])
	}
	b.StopTimer()
	b.Logf("load average %s", loadAverage())
	b.ReportMetric(median(xGuard), "x-guard")
	b.ReportMetric(median(xBare), "x-bare")
	b.ReportMetric(median(xOver), "x-over-bare")
	b.ReportMetric(median(secs[0]), "unguarded-s")
	b.ReportMetric(median(secs[1]), "bare-s")
	b.ReportMetric(median(secs[2]), "guarded-s")
}

// loadPairs loads allowedPage in pairs, one half as treated and the other
// as base, and reports the medians of the ratios treated/base.
func loadPairs(b *testing.B, treated, base loadMode, tName, bName string) {
	ctx := browser(b)
	page, admitted170 := allowedPage(b)
	var phases [2][4][]float64 // base, treated: tab, attach, load, detach
	load := func(t bool) (wall, cpu, own time.Duration) {
		mode, k := base, 0
		if t {
			mode, k = treated, 1
		}
		o0, c0, t0 := ownCPU(), cpuTime(), time.Now()
		ph := loadPageAs(b, ctx, page, mode, admitted170)
		wall, cpu, own = time.Since(t0), cpuTime()-c0, ownCPU()-o0
		for i, d := range ph {
			phases[k][i] = append(phases[k][i], d.Seconds())
		}
		return wall, cpu, own
	}
	load(true) // the browser's first load is slower; not counted
	load(false)
	var wallRatio, loadRatio, cpuRatio, gWall, nWall, gCPU, nCPU, gOwn, nOwn []float64
	b.Logf("load average %s", loadAverage())
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		var gw, gc, gOwn1, nw, nc, nOwn1 time.Duration
		if i%2 == 0 {
			gw, gc, gOwn1 = load(true)
			nw, nc, nOwn1 = load(false)
		} else {
			nw, nc, nOwn1 = load(false)
			gw, gc, gOwn1 = load(true)
		}
		gOwn, nOwn = append(gOwn, gOwn1.Seconds()), append(nOwn, nOwn1.Seconds())
		gWall, nWall = append(gWall, gw.Seconds()), append(nWall, nw.Seconds())
		gCPU, nCPU = append(gCPU, gc.Seconds()), append(nCPU, nc.Seconds())
		wallRatio = append(wallRatio, gw.Seconds()/nw.Seconds())
		n := len(phases[0][2]) - 1
		loadRatio = append(loadRatio, phases[1][2][n]/phases[0][2][n])
		if nc > 0 {
			cpuRatio = append(cpuRatio, gc.Seconds()/nc.Seconds())
		}
		b.Logf("pair %d: %s %.3fs (cpu %.2fs, this process %.2fs), %s %.3fs (cpu %.2fs, this process %.2fs): x%.2f wall, x%.2f cpu",
			i, tName, gw.Seconds(), gc.Seconds(), gOwn1.Seconds(), bName, nw.Seconds(), nc.Seconds(), nOwn1.Seconds(), gw.Seconds()/nw.Seconds(), gc.Seconds()/max(nc.Seconds(), 1e-9))
	}
	b.StopTimer()
	b.Logf("load average %s", loadAverage())
	for k, name := range []string{bName, tName} {
		p := phases[k]
		b.Logf("%s medians: new tab %.3fs, attach %.3fs, load %.3fs, detach %.3fs", name, median(p[0]), median(p[1]), median(p[2]), median(p[3]))
	}
	b.ReportMetric(median(wallRatio), "x-wall")
	b.ReportMetric(median(loadRatio), "x-load")
	b.ReportMetric(median(cpuRatio), "x-cpu")
	b.ReportMetric(median(gWall), tName+"-s")
	b.ReportMetric(median(nWall), bName+"-s")
	b.ReportMetric(median(gCPU), tName+"-cpu-s")
	b.ReportMetric(median(nCPU), bName+"-cpu-s")
	b.ReportMetric(median(gOwn), tName+"-go-cpu-s")
	b.ReportMetric(median(nOwn), bName+"-go-cpu-s")
}

func median(v []float64) float64 {
	if len(v) == 0 {
		return 0
	}
	s := slices.Clone(v)
	slices.Sort(s)
	if len(s)%2 == 1 {
		return s[len(s)/2]
	}
	return (s[len(s)/2-1] + s[len(s)/2]) / 2
}

// ownCPU is the CPU time this process has used (the guard, chromedp, the
// test's servers and robots.txt fetches).
func ownCPU() time.Duration {
	var self syscall.Rusage
	syscall.Getrusage(syscall.RUSAGE_SELF, &self)
	return time.Duration(self.Utime.Nano() + self.Stime.Nano())
}

func loadAverage() string {
	b, err := os.ReadFile("/proc/loadavg")
	if err != nil {
		return "unknown"
	}
	return strings.Join(strings.Fields(string(b))[:3], " ")
}

// cpuTime is the CPU time used so far by this process and by every process
// it started, alive or ended (Linux /proc; 0 elsewhere): the browser's
// processes that ended count in their parents' children's time.
func cpuTime() time.Duration {
	total := ownCPU()
	ents, err := os.ReadDir("/proc")
	if err != nil {
		return total
	}
	type proc struct{ ppid, ticks int64 }
	procs := map[int64]proc{}
	for _, e := range ents {
		pid, err := strconv.ParseInt(e.Name(), 10, 64)
		if err != nil {
			continue
		}
		raw, err := os.ReadFile("/proc/" + e.Name() + "/stat")
		if err != nil {
			continue
		}
		// The name, field 2, is in parentheses and may hold spaces.
		i := bytes.LastIndexByte(raw, ')')
		if i < 0 {
			continue
		}
		f := strings.Fields(string(raw[i+1:]))
		if len(f) < 15 {
			continue
		}
		// f[0] is field 3 (state): ppid is field 4, utime..cstime 14..17.
		ppid, _ := strconv.ParseInt(f[1], 10, 64)
		var ticks int64
		for _, s := range f[11:15] {
			n, _ := strconv.ParseInt(s, 10, 64)
			ticks += n
		}
		procs[pid] = proc{ppid, ticks}
	}
	self64 := int64(os.Getpid())
	for _, p := range procs {
		for q, ok := p, true; ok; q, ok = procs[q.ppid] {
			if q.ppid == self64 {
				total += time.Duration(p.ticks) * time.Second / 100 // USER_HZ
				break
			}
			if q.ppid <= 1 {
				break
			}
		}
	}
	return total
}
