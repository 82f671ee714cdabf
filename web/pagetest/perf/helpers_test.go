package perf_test

import (
	"context"
	"fmt"
	"sort"
	"strings"
	"testing"

	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/profiler"
	"github.com/chromedp/chromedp"

	"github.com/robotstxt/robotstxt/web/internal/pagetesting"
)

// robotsFile is a robots.txt of about size bytes shaped like a large real
// one: comments, groups of one or more user agents, Allow and Disallow
// rules with wildcards and end anchors, crawl delays and sitemaps, with a
// few mistakes for the audit. It is the same for the same size.
func robotsFile(size int) string {
	agents := []string{"*", "Googlebot", "Bingbot", "GPTBot", "Yandex", "Baiduspider", "DuckDuckBot", "Applebot", "CCBot", "AhrefsBot"}
	var sb strings.Builder
	sb.WriteString("# robots.txt of a large shop\n# generated for the page's performance tests\n\n")
	for g := 0; sb.Len() < size; g++ {
		fmt.Fprintf(&sb, "User-agent: %s\n", agents[g%len(agents)])
		if g%3 == 1 {
			fmt.Fprintf(&sb, "User-agent: %s-%d\n", agents[(g+1)%len(agents)], g)
		}
		for r := 0; r < 40 && sb.Len() < size; r++ {
			switch r % 8 {
			case 0:
				fmt.Fprintf(&sb, "Disallow: /catalog/section-%d/item-%d/\n", g, r)
			case 1:
				fmt.Fprintf(&sb, "Allow: /catalog/section-%d/item-%d/public/\n", g, r)
			case 2:
				fmt.Fprintf(&sb, "Disallow: /*?sort=%d&page=*\n", r)
			case 3:
				fmt.Fprintf(&sb, "Disallow: /search/%d/*.json$\n", g)
			case 4:
				fmt.Fprintf(&sb, "# section %d, rule %d\n", g, r)
			case 5:
				fmt.Fprintf(&sb, "Disallow: /account/%d/orders\n", r)
			case 6:
				fmt.Fprintf(&sb, "Allow: /media/%d/*.css$\n", r)
			case 7:
				// A mistake: a path without its leading slash.
				fmt.Fprintf(&sb, "Disallow: tmp-%d-%d\n", g, r)
			}
		}
		if g%5 == 4 {
			sb.WriteString("Crawl-delay: 5\n")
		}
		if g%25 == 0 {
			fmt.Fprintf(&sb, "Sitemap: https://shop.example/sitemaps/sitemap-%d.xml\n", g)
		}
		sb.WriteString("\n")
	}
	return sb.String()
}

// loaded is what the page keeps of a file: all of it up to 2 MiB, else
// its first 2 MiB cut after the last line end (source.js).
func loaded(data string) string {
	const max = 2 << 20
	if len(data) <= max {
		return data
	}
	return data[:strings.LastIndexByte(data[:max], '\n')+1]
}

// urlList is n URLs, one a line, for "Test many URLs".
func urlList(n int) string {
	var sb strings.Builder
	for i := range n {
		switch i % 4 {
		case 0:
			fmt.Fprintf(&sb, "https://shop.example/catalog/section-%d/item-%d/page.html\n", i%300, i%40)
		case 1:
			fmt.Fprintf(&sb, "/search/%d/results.json\n", i%300)
		case 2:
			fmt.Fprintf(&sb, "/list?sort=%d&page=%d\n", i%40, i)
		case 3:
			fmt.Fprintf(&sb, "/media/%d/style.css\n", i%40)
		}
	}
	return sb.String()
}

// watchLongTasks makes the page record the duration of every main-thread
// task over 50 ms from now on (the Long Tasks API), in window.longTasks.
func watchLongTasks(t *testing.T, ctx context.Context) {
	t.Helper()
	pagetesting.Do(t, ctx, chromedp.Evaluate[chromedp.Void](`(() => {
		if (window.longTaskObserver) window.longTaskObserver.disconnect();
		window.longTasks = [];
		window.longTaskObserver = new PerformanceObserver((l) => { for (const e of l.getEntries()) window.longTasks.push(e.duration) });
		window.longTaskObserver.observe({type: "longtask"});
	})()`))
}

// longTasks waits until the main thread has run a frame and a task after
// what came before, and returns the durations of the long tasks recorded
// since watchLongTasks, in milliseconds, longest first.
func longTasks(t *testing.T, ctx context.Context) []float64 {
	t.Helper()
	pagetesting.Do(t, ctx, chromedp.Evaluate[chromedp.Void](`new Promise(r => requestAnimationFrame(() => setTimeout(r, 50)))`, chromedp.EvalAwaitPromise))
	got := pagetesting.Eval[[]float64](t, ctx, `(() => {
		for (const e of window.longTaskObserver.takeRecords()) window.longTasks.push(e.duration);
		return window.longTasks;
	})()`)
	sort.Sort(sort.Reverse(sort.Float64Slice(got)))
	return got
}

// longest is the longest task, 0 for none.
func longest(tasks []float64) float64 {
	if len(tasks) == 0 {
		return 0
	}
	return tasks[0]
}

// openFile opens data through the page's file picker and waits until the
// parsed view and the verdict are about it.
func openFile(t *testing.T, ctx context.Context, dir, name, data string) {
	t.Helper()
	pagetesting.Upload(t, ctx, pagetesting.WriteFile(t, dir, name, data))
	waitAnswers(t, ctx, len(loaded(data)))
}

// waitAnswers waits until the parsed view (of size bytes) and the verdict
// are about the text in the editor.
func waitAnswers(t *testing.T, ctx context.Context, size int) {
	t.Helper()
	pagetesting.WaitParsed(t, ctx, size)
	waitVerdict(t, ctx)
}

// waitVerdict waits until the verdict is about the text in the editor.
func waitVerdict(t *testing.T, ctx context.Context) {
	t.Helper()
	pagetesting.WaitFor(t, ctx, `(() => { const v = document.getElementById("verdict"); return !!v.querySelector(".verdict-word") && v.dataset.rev === document.getElementById("editor").dataset.rev && v.getAttribute("aria-busy") !== "true" })()`)
}

// typeKeys types text into the editor at its caret, one input event per
// character, as a user types.
func typeKeys(t *testing.T, ctx context.Context, text string) {
	t.Helper()
	for _, r := range text {
		pagetesting.InsertText(t, ctx, string(r))
	}
}

// checkMany checks the URLs in "Test many URLs" and waits for the table
// about the text in the editor.
func checkMany(t *testing.T, ctx context.Context, urls string) {
	t.Helper()
	pagetesting.SetField(t, ctx, "many-urls", urls)
	pagetesting.Click(t, ctx, "#many-run")
	pagetesting.WaitFor(t, ctx, `(() => { const b = document.getElementById("many-body"); return !!b.querySelector("tbody tr") && b.dataset.rev === document.getElementById("editor").dataset.rev && document.getElementById("many").getAttribute("aria-busy") !== "true" })()`)
}

// profile records a CPU profile of the page's main thread while fn runs,
// and returns the functions it spent most time in (self time), busiest
// first, as "12.3 ms name (file:line)".
func profile(t *testing.T, ctx context.Context, fn func()) []string {
	t.Helper()
	pagetesting.Do(t, ctx, chromedp.Func(func(ctx context.Context, tg *chromedp.Target) error {
		if _, err := cdp.Call(ctx, tg, profiler.Enable, cdp.Empty{}); err != nil {
			return err
		}
		if _, err := cdp.Call(ctx, tg, profiler.SetSamplingInterval, profiler.SetSamplingIntervalParams{Interval: 200}); err != nil {
			return err
		}
		_, err := cdp.Call(ctx, tg, profiler.Start, cdp.Empty{})
		return err
	}))
	fn()
	var prof *profiler.Profile
	pagetesting.Do(t, ctx, chromedp.Func(func(ctx context.Context, tg *chromedp.Target) error {
		res, err := cdp.Call(ctx, tg, profiler.Stop, cdp.Empty{})
		prof = res.Profile
		return err
	}))
	self := map[int64]int64{}
	for i, id := range prof.Samples {
		if i < len(prof.TimeDeltas) {
			self[id] += prof.TimeDeltas[i]
		}
	}
	byName := map[string]int64{}
	for _, n := range prof.Nodes {
		f := n.CallFrame
		name := f.FunctionName
		if name == "" {
			name = "(anonymous)"
		}
		if f.URL != "" {
			name += fmt.Sprintf(" (%s:%d)", f.URL[strings.LastIndexByte(f.URL, '/')+1:], f.LineNumber+1)
		}
		if name == "(idle)" {
			continue
		}
		byName[name] += self[n.ID]
	}
	names := make([]string, 0, len(byName))
	for n := range byName {
		names = append(names, n)
	}
	sort.Slice(names, func(i, j int) bool { return byName[names[i]] > byName[names[j]] })
	var out []string
	for _, n := range names[:min(15, len(names))] {
		out = append(out, fmt.Sprintf("%7.1f ms %s", float64(byName[n])/1000, n))
	}
	return out
}
