package perf_test

import (
	"context"
	"flag"
	"fmt"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/page"
	"github.com/chromedp/chromedp"

	"github.com/robotstxt/robotstxt/web/internal/pagetesting"
)

var (
	perfFlag    = flag.Bool("perf", false, "run TestFigures: the figures of docs/performance.md")
	profileFlag = flag.Bool("perf.profile", false, "with -perf, list the functions the main thread was busy in")
	runsFlag    = flag.Int("perf.runs", 3, "with -perf, cold loads measured")
)

// firstVerdictScript runs in every new document of the tab before the
// page's own scripts: it records when the verdict box first shows a
// verdict (performance.now(), from the start of the navigation) and every
// long task from the start.
const firstVerdictScript = `(() => {
	window.longTasks = [];
	window.longTaskObserver = new PerformanceObserver((l) => { for (const e of l.getEntries()) window.longTasks.push(e.duration) });
	window.longTaskObserver.observe({type: "longtask", buffered: true});
	const mo = new MutationObserver(() => {
		if (document.getElementById("verdict-word")) {
			window.firstVerdictAt = performance.now();
			mo.disconnect();
		}
	});
	mo.observe(document, {subtree: true, childList: true});
})()`

// coldLoad opens the page in a browser context of its own (an empty
// cache: the page, its scripts and its 6.9 MB WebAssembly module all come
// over loopback) and returns the time to the first verdict and the
// longest main-thread task until then.
func coldLoad(t *testing.T) (time.Duration, float64) {
	b := pagetesting.NewBrowser(t)
	ctx := b.OwnTab(t)
	pagetesting.Do(t, ctx, chromedp.Func(func(ctx context.Context, tg *chromedp.Target) error {
		_, err := cdp.Call(ctx, tg, page.AddScriptToEvaluateOnNewDocument, page.AddScriptToEvaluateOnNewDocumentParams{Source: firstVerdictScript})
		return err
	}))
	pagetesting.Do(t, ctx, chromedp.Navigate(b.URL+"/"))
	pagetesting.WaitFor(t, ctx, `window.firstVerdictAt !== undefined`)
	at := pagetesting.Eval[float64](t, ctx, `window.firstVerdictAt`)
	return time.Duration(at * float64(time.Millisecond)), longest(longTasks(t, ctx))
}

// TestFigures measures what docs/performance.md quotes: the first
// verdict on a cold load, and the longest main-thread task while a
// 500 KiB and a 5 MB file are opened, typed in and checked against 10,000
// URLs. Run it on a quiet machine:
//
//	go test ./web/pagetest/perf -run TestFigures -perf -v
func TestFigures(t *testing.T) {
	pagetesting.BrowserTest(t)
	if !*perfFlag {
		t.Skip("figures are measured with -perf")
	}
	var loads []time.Duration
	var loadTask float64
	for range *runsFlag {
		d, task := coldLoad(t)
		loads = append(loads, d)
		loadTask = max(loadTask, task)
	}
	slices.Sort(loads)
	t.Logf("cold load over loopback: first verdict after %v (median of %d: %v), longest main-thread task until then %.0f ms",
		loads[len(loads)/2].Round(time.Millisecond), len(loads), roundAll(loads), loadTask)

	b := pagetesting.NewBrowser(t)
	for _, size := range []int{500 << 10, 5 << 20} {
		t.Run(fmt.Sprintf("%d KiB", size>>10), func(t *testing.T) {
			ctx := b.Tab(t)
			b.Open(t, ctx, "")
			pagetesting.SetField(t, ctx, "url", "/catalog/section-7/item-3/page.html")
			pagetesting.WaitFor(t, ctx, `/section-7/.test((document.querySelector("#verdict .verdict-subject") || {}).innerText)`)
			data := robotsFile(size)
			dir := t.TempDir()
			tr := newTracer(t, ctx)
			step := func(what string, fn func()) {
				watchLongTasks(t, ctx)
				start := time.Now()
				var prof []string
				traced := tr.tasks(t, ctx, func() {
					if *profileFlag {
						prof = profile(t, ctx, fn)
					} else {
						fn()
					}
				})
				took := time.Since(start)
				tasks := longTasks(t, ctx)
				t.Logf("%s: answers after %v; longest main-thread task %.0f ms, %d tasks over 50 ms, %d over 200 ms (Long Tasks API)",
					what, took.Round(time.Millisecond), longest(tasks), len(tasks), countOver(tasks, 200))
				if len(traced) > 0 {
					n := 0
					for _, k := range traced {
						if k.cpu > 200 {
							n++
						}
					}
					t.Logf("    trace: longest task %.0f ms of CPU (%.0f ms on the clock), %d tasks over 200 ms of CPU", traced[0].cpu, traced[0].wall, n)
					for _, k := range traced[:n] {
						if len(k.what) > 0 {
							t.Logf("      task of %.0f ms of CPU: %s", k.cpu, strings.Join(k.what[:min(6, len(k.what))], "; "))
						}
					}
				}
				for _, p := range prof {
					t.Logf("    %s", p)
				}
			}
			step("open", func() { openFile(t, ctx, dir, "big.txt", data) })
			step("open again", func() { openFile(t, ctx, dir, "big2.txt", "# again\n"+data) })
			step("type 20 characters", func() {
				pagetesting.Do(t, ctx, chromedp.Evaluate[chromedp.Void](`(() => { const ta = document.getElementById("robots"); ta.focus(); ta.setSelectionRange(200, 200) })()`))
				typeKeys(t, ctx, "# typed in the file\n")
				waitAnswers(t, ctx, len(loaded("# again\n"+data))+len("# typed in the file\n"))
			})
			step("check 10,000 URLs", func() { checkMany(t, ctx, urlList(10000)) })
		})
	}
}

func countOver(tasks []float64, ms float64) int {
	n := 0
	for _, d := range tasks {
		if d > ms {
			n++
		}
	}
	return n
}

func roundAll(ds []time.Duration) []time.Duration {
	out := make([]time.Duration, len(ds))
	for i, d := range ds {
		out[i] = d.Round(time.Millisecond)
	}
	return out
}
