package layout_test

import (
	"encoding/base64"
	"fmt"
	"testing"

	"github.com/chromedp/chromedp"

	"github.com/robotstxt/robotstxt/web/internal/pagetesting"
)

// CutJS lists the verdict badges and deciding rules of the many-URLs table
// and the other-parsers table that do not fit their cell: a badge wider than
// itself (its text cut, "ALLOWEI") or than its cell, and a rule squeezed
// into a column narrower than ten characters (wrapped one character per
// line).
const cutJS = `(() => {
	const out = [];
	const ch = (() => {
		const s = document.createElement("code");
		s.className = "rule";
		s.textContent = "0000000000";
		document.getElementById("many-body").append(s);
		const w = s.getBoundingClientRect().width / 10;
		s.remove();
		return w;
	})();
	for (const b of document.querySelectorAll("#many-body .badge, #parsers .badge")) {
		const td = b.closest("td");
		const r = b.getBoundingClientRect(), c = td.getBoundingClientRect();
		if (b.scrollWidth > b.clientWidth + 1) out.push("badge cut: " + b.innerText + " " + b.scrollWidth + " > " + b.clientWidth);
		else if (r.right > c.right + 1 || r.left < c.left - 1) out.push("badge out of its cell: " + b.innerText + " in " + (td.dataset.agent || td.dataset.parser));
	}
	for (const code of document.querySelectorAll("#many-body code.rule")) {
		const w = code.closest("td").clientWidth;
		if (w < 10 * ch) out.push("rule " + code.innerText + " in a cell " + w + " px wide (" + (w / ch).toFixed(1) + " characters)");
	}
	return out.slice(0, 12).join("\n");
})()`

// At a laptop's 1366 px, with five crawlers in Test many URLs and the
// self-test's other-parsers table shown, no verdict badge is cut, no rule is
// wrapped a character per line and nothing makes the page scroll sideways;
// at 390 and 320 px too. In each language, as words differ in length; and
// axe-core finds no violation in any of the nine combinations.
func TestBrowserManyCrawlersFit(t *testing.T) {
	pagetesting.BrowserTest(t)
	axe := pagetesting.AxeSource(t)
	b := pagetesting.NewBrowser(t)
	ctx := b.Tab(t)
	pagetesting.Do(t, ctx, chromedp.EmulateViewport(1366, 800))
	b.Open(t, ctx, "#robots="+base64.RawURLEncoding.EncodeToString([]byte(pagetesting.RobotsText+"\nUser-agent: GPTBot\nDisallow: /private/press/release-2026-with-a-long-name\n"))+"&agent=Googlebot&url=%2Fsearch")
	pagetesting.WaitFor(t, ctx, `document.getElementById("verdict-word") && document.querySelectorAll("#matrix-body tr[data-token]").length > 5`)
	pagetesting.SetField(t, ctx, "many-agents", "Googlebot\nBingbot\nGPTBot\nYandexBot\nClaudeBot\n")
	pagetesting.SetField(t, ctx, "many-urls", "/private/x\nhttps://www.example.com/search?q=a-rather-long-query-string-that-goes-on-and-on\n/private/press/release-2026-with-a-long-name\n/search/about\nblog/3\n/members-only\n")
	pagetesting.Do(t, ctx, chromedp.Click(chromedp.ID("many-run")))
	pagetesting.WaitFor(t, ctx, `document.querySelectorAll("#many-body tbody tr").length === 6 && document.querySelectorAll("#many-body tbody tr:first-child td").length === 5`)
	pagetesting.Do(t, ctx, chromedp.Click(chromedp.ID("run-selftest")))
	pagetesting.WaitFor(t, ctx, `!!document.getElementById("parsers")`)
	ready := `document.querySelectorAll("#many-body tbody tr").length === 6 && !!document.getElementById("parsers")`
	pagetesting.Do(t, ctx, chromedp.Evaluate[chromedp.Void](axe))
	// 980 px: the widest screen with one column, where the tables have
	// the most room short of a laptop's two panes.
	for _, width := range []int64{1366, 980, 390, 320} {
		if width >= 980 {
			pagetesting.Do(t, ctx, chromedp.EmulateViewport(width, 800))
		} else {
			pagetesting.Do(t, ctx, chromedp.EmulateViewport(width, 844, chromedp.EmulateMobile, chromedp.EmulateScale(2)))
		}
		for _, lang := range []string{"en", "ru", "ro"} {
			pagetesting.Do(t, ctx, chromedp.Click(chromedp.CSS(fmt.Sprintf(`.langs button[data-lang=%q]`, lang))))
			pagetesting.WaitFor(t, ctx, fmt.Sprintf(`document.documentElement.lang === %q && %s`, lang, ready))
			pagetesting.Do(t, ctx, chromedp.Evaluate[chromedp.Void](`new Promise(r => requestAnimationFrame(() => setTimeout(r, 100)))`, chromedp.EvalAwaitPromise))
			if got := pagetesting.Eval[string](t, ctx, pagetesting.OverflowJS); got != "" {
				t.Errorf("%d px, %s: does not fit:\n%s", width, lang, got)
			}
			if got := pagetesting.Eval[string](t, ctx, cutJS); got != "" {
				t.Errorf("%d px, %s:\n%s", width, lang, got)
			}
			for _, v := range pagetesting.AxeViolations(t, ctx) {
				t.Errorf("%d px, %s: axe-core %s", width, lang, v)
			}
		}
		for _, id := range []string{"many", "parsers"} {
			pagetesting.Do(t, ctx, chromedp.ScrollIntoView(chromedp.ID(id)))
			b.Screenshot(t, ctx, fmt.Sprintf("fit-%d-%s", width, id), false)
		}
	}
	pagetesting.Do(t, ctx, chromedp.Click(chromedp.CSS(`.langs button[data-lang="en"]`)))
}
