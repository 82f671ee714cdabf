//go:build unix

package guard_test

import (
	"bufio"
	"context"
	"fmt"
	"io"
	"os"
	"os/exec"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/remote"

	"github.com/robotstxt/robotstxt/guard"
	"github.com/robotstxt/robotstxt/internal/testutil"
)

// BenchmarkBrowseVsPlaywrightRoute compares the guard with Playwright's
// own interception on the same page (BenchmarkBrowseAllowed's: 170
// allowed requests from two loopback origins), in one Chromium that
// Playwright launched (testdata/route-bench.cjs): each iteration loads the
// page three times, in a new page each time, the order turning: with no
// interception (plain), with page.route on every request let go at once
// (route: the floor any interception pays, Chromium's pause of each
// request), and guarded (a fresh guard attached for the load: each
// request paused and decided, robots.txt fetched). The time is Playwright's,
// from page.goto to the load event. It reports the medians of the
// per-iteration ratios: x-guard-over-route (the figure docs/browse.md
// gives), x-route and x-guard (over plain). Run with -benchtime=15x.
func BenchmarkBrowseVsPlaywrightRoute(b *testing.B) {
	if testing.Short() {
		b.Skip("browser benchmarks are not short")
	}
	exe := chromium(b)
	modules := testutil.NodeModules(b, "ROBOTSTXT_NODE_MODULES", "robotstxt-automation", "playwright-core")
	page, admitted170 := allowedPage(b)
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Minute)
	defer cancel()
	script := exec.CommandContext(ctx, "node", "testdata/route-bench.cjs")
	script.Env = append(os.Environ(), "NODE_PATH="+modules, "CHROMIUM="+exe)
	script.Stderr = os.Stderr
	stdin, err := script.StdinPipe()
	if err != nil {
		b.Fatal(err)
	}
	stdout, err := script.StdoutPipe()
	if err != nil {
		b.Fatal(err)
	}
	if err := script.Start(); err != nil {
		b.Fatal(err)
	}
	defer func() {
		stdin.Close()
		script.Wait()
	}()
	lines := bufio.NewScanner(stdout)
	next := func(prefix string) string {
		for lines.Scan() {
			if l := lines.Text(); strings.HasPrefix(l, prefix) {
				return strings.TrimPrefix(l, prefix)
			}
		}
		b.Fatalf("route-bench.cjs: no %q line (%v)", prefix, lines.Err())
		return ""
	}
	endpoint := next("ENDPOINT ")
	actx, cancelAlloc := remote.NewAllocator(ctx, endpoint)
	defer cancelAlloc()
	bctx, cancelTab := chromedp.NewContext(actx, chromedp.WithDetachOnCancel(), chromedp.WithErrorf(guard.QuietErrorf(b.Logf)))
	defer cancelTab()
	if err := chromedp.Do(bctx); err != nil {
		b.Fatal(err)
	}
	modes := [3]string{"plain", "route", "guard"}
	load := func(mode string) float64 {
		g, _ := newGuard(b, true)
		if mode == "guard" {
			if err := g.Attach(bctx); err != nil {
				b.Fatal(err)
			}
		}
		io.WriteString(stdin, fmt.Sprintf("LOAD %s %s\n", mode, page))
		ms, err := strconv.ParseFloat(next("LOADED "), 64)
		if err != nil {
			b.Fatal(err)
		}
		if mode == "guard" {
			admitted170(b, g) // every request decided: not a load nothing intercepted
			g.Detach(bctx)
		}
		return ms / 1000
	}
	for _, m := range modes { // the browser's first loads are slower; not counted
		load(m)
	}
	var xOver, xRoute, xGuard []float64
	var secs [3][]float64
	b.Logf("load average %s", loadAverage())
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		var s [3]float64
		for j := range modes {
			k := (i + j) % 3
			s[k] = load(modes[k])
			secs[k] = append(secs[k], s[k])
		}
		xOver, xRoute, xGuard = append(xOver, s[2]/s[1]), append(xRoute, s[1]/s[0]), append(xGuard, s[2]/s[0])
		b.Logf("iteration %d: plain %.3fs, route %.3fs, guard %.3fs", i, s[0], s[1], s[2])
	}
	b.StopTimer()
	b.Logf("load average %s", loadAverage())
	b.ReportMetric(median(xOver), "x-guard-over-route")
	b.ReportMetric(median(xRoute), "x-route")
	b.ReportMetric(median(xGuard), "x-guard")
	b.ReportMetric(median(secs[0]), "plain-s")
	b.ReportMetric(median(secs[1]), "route-s")
	b.ReportMetric(median(secs[2]), "guard-s")
}
