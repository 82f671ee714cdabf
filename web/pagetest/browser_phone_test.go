package pagetest_test

import (
	"context"
	"encoding/base64"
	"encoding/json"
	"fmt"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
)

// overflowJS lists what does not fit the viewport's width: the page
// scrolling sideways, a table or card wider than its box (a region that
// scrolls, which a keyboard cannot reach), a line button cut off.
const overflowJS = `(() => {
	const out = [];
	const w = window.innerWidth;
	if (document.documentElement.scrollWidth > w) out.push("page " + document.documentElement.scrollWidth + " > " + w);
	const name = (e) => (e.closest("[id]") || {}).id + " " + e.tagName.toLowerCase() + "." + [...e.classList].join(".");
	for (const e of document.querySelectorAll(".table-wrap, .card, .finding, .notice-item, .verdict")) {
		if (e.offsetParent && e.scrollWidth > e.clientWidth + 1) out.push(name(e) + " " + e.scrollWidth + " > " + e.clientWidth);
	}
	for (const e of document.querySelectorAll(".line-link, .langs button, .button")) {
		const r = e.getBoundingClientRect();
		if (e.offsetParent && (e.scrollWidth > e.clientWidth + 1 || r.right > w + 1)) out.push(name(e) + " cut: " + e.innerText);
	}
	return out.slice(0, 12).join("\n");
})()`

// axeViolations runs axe-core (already injected) on the page.
func axeViolations(t *testing.T, ctx context.Context) []string {
	t.Helper()
	res, err := chromedp.Run(ctx, chromedp.Evaluate[string](`axe.run(document, {resultTypes: ["violations"]}).then(r => JSON.stringify(r.violations.map(v => ({id: v.id, impact: v.impact, n: v.nodes.length, where: v.nodes.slice(0, 3).map(n => n.target.join(" ") + ": " + n.failureSummary)}))))`, chromedp.EvalAwaitPromise))
	if err != nil {
		t.Fatalf("axe.run: %v", err)
	}
	var violations []struct {
		ID     string   `json:"id"`
		Impact string   `json:"impact"`
		N      int      `json:"n"`
		Where  []string `json:"where"`
	}
	if err := json.Unmarshal([]byte(res), &violations); err != nil {
		t.Fatalf("axe result %q: %v", res, err)
	}
	var out []string
	for _, v := range violations {
		out = append(out, fmt.Sprintf("%s (%s) on %d elements: %s", v.ID, v.Impact, v.N, strings.Join(v.Where, " | ")))
	}
	return out
}

// At 390 px (a common phone) and 320 px (the narrowest in use), with every
// table of the page filled in (crawlers, many URLs, compare, self-test,
// other parsers, the audit), nothing scrolls sideways and axe-core finds
// nothing, in each language.
func TestBrowserPhone(t *testing.T) {
	if testing.Short() {
		t.Skip("browser tests are not short")
	}
	axe := axeSource(t)
	b := newBrowser(t)
	ctx := b.tab(t)
	do(t, ctx, chromedp.EmulateViewport(390, 844, chromedp.EmulateMobile, chromedp.EmulateScale(2)))
	b.open(t, ctx, "#robots="+base64.RawURLEncoding.EncodeToString([]byte(robotsText+"Allow: oops\n"))+"&agent=Googlebot&url=%2Fsearch")
	waitFor(t, ctx, `document.getElementById("verdict-word") && document.querySelectorAll("#matrix-body tr[data-token]").length > 5`)
	setField(t, ctx, "many-urls", "/private/x\nhttps://www.example.com/search?q=a-rather-long-query-string-that-goes-on-and-on\n/private/press/release-2026-with-a-long-name\nblog/3\n")
	do(t, ctx, chromedp.Click(chromedp.ID("many-run")))
	waitFor(t, ctx, `document.querySelectorAll("#many-body tbody tr").length === 4`)
	setField(t, ctx, "compare-text", "User-agent: *\nDisallow: /\n")
	do(t, ctx, chromedp.Click(chromedp.ID("compare-run")))
	waitFor(t, ctx, `document.querySelectorAll("#compare-body tbody tr").length > 0`)
	do(t, ctx, chromedp.Click(chromedp.ID("run-selftest")))
	waitFor(t, ctx, `!!document.getElementById("parsers") && document.querySelectorAll("#audit-body .finding").length > 0`)
	fitsPhones(t, b, ctx, axe, `document.querySelectorAll("#compare-body tbody tr").length > 0 && !!document.getElementById("parsers")`, "many", "compare", "parsers", "audit")
}

// fitsPhones checks the page, once ready (a JavaScript condition) in each
// language, at 390 and 320 px: nothing wider than the screen, and at 390 px
// no axe-core violation (axe is its script). It screenshots the sections
// named, and ends in English.
func fitsPhones(t *testing.T, b *browser, ctx context.Context, axe, ready string, sections ...string) {
	t.Helper()
	do(t, ctx, chromedp.Evaluate[chromedp.Void](axe))
	for _, width := range []int{390, 320} {
		do(t, ctx, chromedp.EmulateViewport(int64(width), 844, chromedp.EmulateMobile, chromedp.EmulateScale(2)))
		for _, lang := range []string{"en", "ru", "ro"} {
			do(t, ctx, chromedp.Click(chromedp.CSS(fmt.Sprintf(`.langs button[data-lang=%q]`, lang))))
			waitFor(t, ctx, fmt.Sprintf(`document.documentElement.lang === %q && %s`, lang, ready))
			do(t, ctx, chromedp.Evaluate[chromedp.Void](`new Promise(r => requestAnimationFrame(() => setTimeout(r, 100)))`, chromedp.EvalAwaitPromise))
			if got := eval[string](t, ctx, overflowJS); got != "" {
				t.Errorf("%d px, %s: does not fit:\n%s", width, lang, got)
			}
			if width == 390 {
				for _, v := range axeViolations(t, ctx) {
					t.Errorf("%d px, %s: axe-core %s", width, lang, v)
				}
			}
		}
		for _, id := range sections {
			do(t, ctx, chromedp.ScrollIntoView(chromedp.ID(id)))
			b.screenshot(t, ctx, fmt.Sprintf("phone-%d-%s", width, id), false)
		}
	}
	do(t, ctx, chromedp.Click(chromedp.CSS(`.langs button[data-lang="en"]`)))
}

// The status line under the editor wraps for a long file name or in
// Russian and Romanian: what follows it moves down instead of lying under
// it.
func TestBrowserStatusLineWraps(t *testing.T) {
	if testing.Short() {
		t.Skip("browser tests are not short")
	}
	b := newBrowser(t)
	ctx := b.tab(t)
	// A laptop's short screen, and the link box open: the editor pane (a
	// column as tall as the screen) has no room to spare.
	do(t, ctx, chromedp.EmulateViewport(1280, 600))
	b.open(t, ctx, "")
	name := strings.Repeat("a-very-long-file-name-", 8) + "robots.txt"
	upload(t, ctx, writeFile(t, t.TempDir(), name, "\xEF\xBB\xBFUser-agent: *\r\nDisallow: /caf\xE9/\nDisallow: /b/\r\n"))
	waitFor(t, ctx, `document.getElementById("editor-status").innerText.includes("robots.txt")`)
	do(t, ctx, chromedp.Click(chromedp.ID("copy-link")))
	waitFor(t, ctx, `!document.getElementById("link-box").hidden`)
	for _, lang := range []string{"en", "ru", "ro"} {
		do(t, ctx, chromedp.Click(chromedp.CSS(fmt.Sprintf(`.langs button[data-lang=%q]`, lang))))
		waitFor(t, ctx, fmt.Sprintf(`document.documentElement.lang === %q`, lang))
		got := eval[string](t, ctx, `(() => {
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
	b.screenshot(t, ctx, "status-wraps", false)

	// The status line counts lines as the parser and the parsed view do:
	// a final line ending ends the last line, it does not start another.
	do(t, ctx, chromedp.Click(chromedp.CSS(`.langs button[data-lang="en"]`)))
	setField(t, ctx, "robots", "User-agent: *\nDisallow: /\n")
	waitParsed(t, ctx, 26)
	status := textOf(t, ctx, "editor-status")
	parsed := eval[string](t, ctx, `document.querySelector("#structure-body .summary").innerText`)
	if !strings.Contains(status, "2 lines") || !strings.Contains(parsed, "2 lines") {
		t.Errorf("status %q and parsed view %q, want 2 lines in both", status, parsed)
	}
}
