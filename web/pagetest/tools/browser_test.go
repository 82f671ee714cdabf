package tools_test

import (
	"bytes"
	"encoding/base64"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"github.com/robotstxt/robotstxt/web/internal/pagetesting"
)

func TestBrowser(t *testing.T) {
	pagetesting.BrowserTest(t)
	b := pagetesting.NewBrowser(t)

	t.Run("test many URLs", func(t *testing.T) {
		ctx := b.Tab(t)
		b.Open(t, ctx, "#robots="+base64.RawURLEncoding.EncodeToString([]byte(pagetesting.RobotsText)))
		var urls strings.Builder
		for i := range 10000 {
			switch i % 4 {
			case 0:
				fmt.Fprintf(&urls, "/private/doc-%d\n", i)
			case 1:
				fmt.Fprintf(&urls, "https://www.example.com/search?q=%d\n", i)
			case 2:
				fmt.Fprintf(&urls, "/private/press/%d\n", i)
			default:
				fmt.Fprintf(&urls, "blog/%d\n", i)
			}
		}
		pagetesting.Do(t, ctx, chromedp.Evaluate[chromedp.Void](fmt.Sprintf(`document.getElementById("many-urls").value = %q`, urls.String())))
		pagetesting.Do(t, ctx, chromedp.Evaluate[chromedp.Void](`window.longTasks = []; new PerformanceObserver(l => { for (const e of l.getEntries()) window.longTasks.push(e.duration) }).observe({type: "longtask"})`))
		pagetesting.WatchRowsPerTask(t, ctx, "many-body")
		start := time.Now()
		pagetesting.Do(t, ctx, chromedp.Click(chromedp.ID("many-run")))
		pagetesting.WaitFor(t, ctx, `document.querySelectorAll("#many-body tbody tr").length > 0`)
		took := time.Since(start)
		longest := pagetesting.Eval[float64](t, ctx, `Math.max(0, ...window.longTasks)`)
		t.Logf("10,000 URLs × 3 crawlers: table after %v; longest main-thread task %.0f ms", took.Round(time.Millisecond), longest)
		// Counted, not timed: the 10,000 URLs are checked in the worker and
		// the table lays out its first 300 rows.
		if n := pagetesting.Eval[int](t, ctx, `window.rowsPerTask`); n > 300 {
			t.Errorf("%d rows laid out in one task, want at most 300", n)
		}
		if got := pagetesting.TextOf(t, ctx, "many-summary"); !strings.Contains(got, "URLs: 10,000") {
			t.Errorf("summary = %q", got)
		}
		// Googlebot: /search is disallowed (line 8); GPTBot follows *.
		cell := func(url, agent string) string {
			return pagetesting.Eval[string](t, ctx, fmt.Sprintf(`(() => { const r = [...document.querySelectorAll("#many-body tbody tr")].find(r => r.dataset.url === %q); if (!r) return "missing"; const c = r.querySelector('td[data-agent=%q]'); return c.dataset.allowed + " " + c.innerText })()`, url, agent))
		}
		for _, tt := range []struct{ url, agent, want string }{
			{"/private/doc-0", "GPTBot", "false DISALLOWED line 2 Disallow: /private/"},
			{"/private/doc-0", "Googlebot", "true ALLOWED no matching rule"},
			{"https://www.example.com/search?q=1", "Googlebot", "false DISALLOWED line 8 Disallow: /search"},
			{"/private/press/2", "Bingbot", "true ALLOWED line 3 Allow: /private/press/"},
		} {
			if got := cell(tt.url, tt.agent); got != tt.want {
				t.Errorf("%s for %s: %q, want %q", tt.url, tt.agent, got, tt.want)
			}
		}
		if got := pagetesting.Eval[string](t, ctx, `document.querySelector('#many-body tr[data-url="blog/3"] .route').innerText`); !strings.Contains(got, "/3") {
			t.Errorf("note for blog/3: %q", got)
		}
		// Filter: URLs that differ between crawlers.
		pagetesting.Do(t, ctx, chromedp.SetValue(chromedp.ID("many-filter"), "differ"), chromedp.Evaluate[chromedp.Void](`document.getElementById("many-filter").dispatchEvent(new Event("change"))`))
		if got := pagetesting.TextOf(t, ctx, "many-summary"); !strings.Contains(got, "shown: 5,000") {
			t.Errorf("after filtering: %q", got)
		}
		// The deciding rule's line button shows it in the editor.
		pagetesting.Click(t, ctx, `#many-body tr[data-url="/private/doc-0"] td[data-agent="GPTBot"] .line-link`)
		if got := pagetesting.BandLines(t, ctx, "focus"); got != "2" {
			t.Errorf("the table's line button focused line %q, want 2", got)
		}
		b.Screenshot(t, ctx, "many-urls", false)
		pagetesting.Do(t, ctx, chromedp.ScrollIntoView(chromedp.ID("many")))
		b.Screenshot(t, ctx, "many-urls-table", false)
		// "Show more" lays the other 4,700 rows out a chunk per task, and
		// the keyboard focus goes to the first new row, not to the page.
		if !pagetesting.Eval[bool](t, ctx, `!!document.getElementById("many-more")`) {
			t.Fatal("no show-more button")
		}
		pagetesting.Do(t, ctx, chromedp.Evaluate[chromedp.Void](`window.rowsPerTask = 0; document.getElementById("many-more").focus()`), chromedp.KeyEvent("\r"))
		// Laying out 4,700 rows takes a loaded machine a while: wait for it
		// (what is asserted is the rows per task, not the time).
		if _, err := chromedp.Run(ctx, chromedp.Poll[chromedp.Void](`document.querySelectorAll("#many-body tbody tr").length === 5000 && !document.getElementById("many-more")`,
			chromedp.WithPollingInterval(100*time.Millisecond), chromedp.WithPollingTimeout(3*time.Minute))); err != nil {
			t.Fatalf("show more did not lay out the 5,000 rows: %v (%d rows)", err, pagetesting.Eval[int](t, ctx, `document.querySelectorAll("#many-body tbody tr").length`))
		}
		if n := pagetesting.Eval[int](t, ctx, `window.rowsPerTask`); n > 300 {
			t.Errorf("show more laid out %d rows in one task, want at most 300", n)
		}
		if got := pagetesting.Eval[string](t, ctx, `(() => { const a = document.activeElement; const r = a && a.closest("tr"); return r ? r.dataset.url + " " + [...r.parentNode.children].indexOf(r) : a.tagName })()`); !strings.HasSuffix(got, " 300") {
			t.Errorf("after show more the focus is on %q, want the first new row (301st)", got)
		}
		// The CSV download has every filtered row.
		dir := t.TempDir()
		pagetesting.AllowDownloads(t, ctx, dir)
		pagetesting.Do(t, ctx, chromedp.Click(chromedp.ID("many-csv")))
		csvPath := filepath.Join(dir, "robots-verdicts.csv")
		var data []byte
		for deadline := time.Now().Add(20 * time.Second); time.Now().Before(deadline); time.Sleep(100 * time.Millisecond) {
			if data, _ = os.ReadFile(csvPath); len(data) > 0 && bytes.HasSuffix(data, []byte("\r\n")) {
				break
			}
		}
		// A byte order mark first, for spreadsheet programs.
		if !bytes.HasPrefix(data, []byte("\xEF\xBB\xBF")) {
			t.Errorf("the CSV has no byte order mark: %q", data[:min(len(data), 20)])
		}
		lines := strings.Split(strings.TrimSuffix(strings.TrimPrefix(string(data), "\uFEFF"), "\r\n"), "\r\n")
		if len(lines) != 1+5000*3 || lines[0] != "url,path,crawler,verdict,line,rule,reason" {
			t.Fatalf("CSV: %d lines, header %q", len(lines), lines[0])
		}
		if !slices.Contains(lines, "/private/doc-0,/private/doc-0,GPTBot,disallowed,2,Disallow: /private/,matched-rule") {
			t.Errorf("CSV lacks the GPTBot row of /private/doc-0: %q", lines[1:4])
		}
	})

	t.Run("compare with another version", func(t *testing.T) {
		ctx := b.Tab(t)
		cur := "User-agent: *\nDisallow: /private/\nDisallow: /drafts/\n\nUser-agent: GPTBot\nAllow: /\n"
		old := "User-agent: *\nDisallow: /private/\n\nUser-agent: GPTBot\nDisallow: /\n\nSitemap: https://www.example.com/old.xml\n"
		b.Open(t, ctx, "#robots="+base64.RawURLEncoding.EncodeToString([]byte(cur)))
		// With no URL list, paths derived from both files are compared.
		upload2 := pagetesting.WriteFile(t, t.TempDir(), "old.txt", old)
		pagetesting.Do(t, ctx, chromedp.SetUploadFiles(chromedp.ID("compare-file"), []string{upload2}))
		pagetesting.WaitFor(t, ctx, `document.querySelectorAll("#compare-body tbody tr").length > 0`)
		rules := pagetesting.Eval[string](t, ctx, `[...document.querySelectorAll("#compare-rules li")].map(l => l.className + " " + l.querySelector("code").innerText).join(" | ")`)
		for _, want := range []string{"added Disallow: /drafts/", "added Allow: /", "removed Disallow: /", "removed Sitemap: https://www.example.com/old.xml"} {
			if !strings.Contains(rules, want) {
				t.Errorf("structural changes %q lack %q", rules, want)
			}
		}
		row := func(u, agent string) string {
			return pagetesting.Eval[string](t, ctx, fmt.Sprintf(`(() => { const r = document.querySelector('#compare-body tr[data-url=%q][data-agent=%q]'); return r ? [...r.querySelectorAll(".badge")].map(b => b.innerText).join(" -> ") : "" })()`, u, agent))
		}
		if got := row("/drafts/", "Googlebot"); got != "ALLOWED -> DISALLOWED" {
			t.Errorf("Googlebot /drafts/: %q", got)
		}
		// With a URL list, exactly those URLs.
		pagetesting.SetField(t, ctx, "many-urls", "/drafts/2024\n/blog/\n")
		pagetesting.SetField(t, ctx, "many-agents", "Googlebot\nGPTBot\n")
		pagetesting.Do(t, ctx, chromedp.Click(chromedp.ID("compare-run")))
		pagetesting.WaitFor(t, ctx, `document.querySelector('#compare-body tr[data-url="/drafts/2024"]') && !document.querySelector('#compare-body tr[data-url="/drafts/"]')`)
		got := pagetesting.Eval[string](t, ctx, `[...document.querySelectorAll("#compare-body tbody tr")].map(r => r.dataset.agent + " " + r.dataset.url + " " + [...r.querySelectorAll(".badge")].map(b => b.innerText).join("->")).join(" | ")`)
		if want := "Googlebot /drafts/2024 ALLOWED->DISALLOWED | GPTBot /drafts/2024 DISALLOWED->ALLOWED | GPTBot /blog/ DISALLOWED->ALLOWED"; got != want {
			t.Errorf("changes:\n got %s\nwant %s", got, want)
		}
		pagetesting.Do(t, ctx, chromedp.ScrollIntoView(chromedp.ID("compare")))
		b.Screenshot(t, ctx, "compare", false)
		// The same file: no difference.
		pagetesting.Do(t, ctx, chromedp.SetUploadFiles(chromedp.ID("compare-file"), []string{pagetesting.WriteFile(t, t.TempDir(), "same.txt", cur)}))
		pagetesting.WaitFor(t, ctx, `!!document.getElementById("compare-same")`)
	})

	t.Run("nothing leaves the browser", b.NothingLeaves)
}
