package layout_test

import (
	"encoding/base64"
	"fmt"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"

	"github.com/robotstxt/robotstxt/web/internal/pagetesting"
)

// At 390 px (a common phone) and 320 px (the narrowest in use), with every
// table of the page filled in (crawlers, many URLs, compare, self-test,
// other parsers, the audit), nothing scrolls sideways and axe-core finds
// nothing, in each language.
func TestBrowserPhone(t *testing.T) {
	pagetesting.BrowserTest(t)
	axe := pagetesting.AxeSource(t)
	b := pagetesting.NewBrowser(t)
	ctx := b.Tab(t)
	pagetesting.Do(t, ctx, chromedp.EmulateViewport(390, 844, chromedp.EmulateMobile, chromedp.EmulateScale(2)))
	b.Open(t, ctx, "#robots="+base64.RawURLEncoding.EncodeToString([]byte(pagetesting.RobotsText+"Allow: oops\n"))+"&agent=Googlebot&url=%2Fsearch")
	pagetesting.WaitFor(t, ctx, `document.getElementById("verdict-word") && document.querySelectorAll("#matrix-body tr[data-token]").length > 5`)
	pagetesting.SetField(t, ctx, "many-urls", "/private/x\nhttps://www.example.com/search?q=a-rather-long-query-string-that-goes-on-and-on\n/private/press/release-2026-with-a-long-name\nblog/3\n")
	pagetesting.Do(t, ctx, chromedp.Click(chromedp.ID("many-run")))
	pagetesting.WaitFor(t, ctx, `document.querySelectorAll("#many-body tbody tr").length === 4`)
	pagetesting.SetField(t, ctx, "compare-text", "User-agent: *\nDisallow: /\n")
	pagetesting.Do(t, ctx, chromedp.Click(chromedp.ID("compare-run")))
	pagetesting.WaitFor(t, ctx, `document.querySelectorAll("#compare-body tbody tr").length > 0`)
	pagetesting.Do(t, ctx, chromedp.Click(chromedp.ID("run-selftest")))
	pagetesting.WaitFor(t, ctx, `!!document.getElementById("parsers") && document.querySelectorAll("#audit-body .finding").length > 0`)
	pagetesting.FitsPhones(t, b, ctx, axe, `document.querySelectorAll("#compare-body tbody tr").length > 0 && !!document.getElementById("parsers")`, "many", "compare", "parsers", "audit")
}

// The status line under the editor wraps for a long file name or in
// Russian and Romanian: what follows it moves down instead of lying under
// it.
func TestBrowserStatusLineWraps(t *testing.T) {
	pagetesting.BrowserTest(t)
	b := pagetesting.NewBrowser(t)
	ctx := b.Tab(t)
	// A laptop's short screen, and the link box open: the editor pane (a
	// column as tall as the screen) has no room to spare.
	pagetesting.Do(t, ctx, chromedp.EmulateViewport(1280, 600))
	b.Open(t, ctx, "")
	name := strings.Repeat("a-very-long-file-name-", 8) + "robots.txt"
	pagetesting.Upload(t, ctx, pagetesting.WriteFile(t, t.TempDir(), name, "\xEF\xBB\xBFUser-agent: *\r\nDisallow: /caf\xE9/\nDisallow: /b/\r\n"))
	pagetesting.WaitFor(t, ctx, `document.getElementById("editor-status").innerText.includes("robots.txt")`)
	pagetesting.Do(t, ctx, chromedp.Click(chromedp.ID("copy-link")))
	pagetesting.WaitFor(t, ctx, `!document.getElementById("link-box").hidden`)
	for _, lang := range []string{"en", "ru", "ro"} {
		pagetesting.Do(t, ctx, chromedp.Click(chromedp.CSS(fmt.Sprintf(`.langs button[data-lang=%q]`, lang))))
		pagetesting.WaitFor(t, ctx, fmt.Sprintf(`document.documentElement.lang === %q`, lang))
		got := pagetesting.Eval[string](t, ctx, `(() => {
			const s = document.getElementById("editor-status").getBoundingClientRect();
			const lines = Math.round(s.height / parseFloat(getComputedStyle(document.getElementById("editor-status")).lineHeight));
			for (const e of document.querySelectorAll(".editor-pane > *")) {
				if (e.id === "editor-status" || e.hidden || !e.offsetParent) continue;
				const r = e.getBoundingClientRect();
				if (r.top < s.bottom - 1 && r.bottom > s.top + 1) return lines + " lines; overlaps " + (e.id || e.className);
			}
			return lines + " lines";
		})()`)
		if !strings.HasSuffix(got, "lines") || strings.HasPrefix(got, "1 ") {
			t.Errorf("%s: status line: %s (want it wrapped, overlapping nothing)", lang, got)
		}
	}
	b.Screenshot(t, ctx, "status-wraps", false)

	// The status line counts lines as the parser and the parsed view do:
	// a final line ending ends the last line, it does not start another.
	pagetesting.Do(t, ctx, chromedp.Click(chromedp.CSS(`.langs button[data-lang="en"]`)))
	pagetesting.SetField(t, ctx, "robots", "User-agent: *\nDisallow: /\n")
	pagetesting.WaitParsed(t, ctx, 26)
	status := pagetesting.TextOf(t, ctx, "editor-status")
	parsed := pagetesting.Eval[string](t, ctx, `document.querySelector("#structure-body .summary").innerText`)
	if !strings.Contains(status, "2 lines") || !strings.Contains(parsed, "2 lines") {
		t.Errorf("status %q and parsed view %q, want 2 lines in both", status, parsed)
	}
}
