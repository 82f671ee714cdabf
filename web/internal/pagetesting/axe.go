package pagetesting

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
)

// AxeSource returns axe-core's script: $ROBOTSTXT_AXE, or the copy .ci/run
// installs with npm. Without it the test skips, except under CI=true.
func AxeSource(t *testing.T) string {
	t.Helper()
	home, _ := os.UserHomeDir()
	for _, p := range []string{os.Getenv("ROBOTSTXT_AXE"), filepath.Join(home, ".cache", "robotstxt-axe", "node_modules", "axe-core", "axe.min.js")} {
		if p == "" {
			continue
		}
		if b, err := os.ReadFile(p); err == nil {
			return string(b)
		}
	}
	msg := "axe-core is not installed (npm install --prefix ~/.cache/robotstxt-axe axe-core, or set ROBOTSTXT_AXE to axe.min.js)"
	if os.Getenv("CI") == "true" {
		t.Fatal(msg)
	}
	t.Skip(msg)
	return ""
}

// OverflowJS lists what does not fit the viewport's width: the page
// scrolling sideways, a table or card wider than its box (a region that
// scrolls, which a keyboard cannot reach), a line button cut off.
const OverflowJS = `(() => {
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

// AxeViolations runs axe-core (already injected) on the page.
func AxeViolations(t *testing.T, ctx context.Context) []string {
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

// FitsPhones checks the page, once ready (a JavaScript condition) in each
// language, at 390 and 320 px: nothing wider than the screen, and no
// axe-core violation (axe is its script). It screenshots the sections
// named, and ends in English.
func FitsPhones(t *testing.T, b *Browser, ctx context.Context, axe, ready string, sections ...string) {
	t.Helper()
	Do(t, ctx, chromedp.Evaluate[chromedp.Void](axe))
	for _, width := range []int{390, 320} {
		Do(t, ctx, chromedp.EmulateViewport(int64(width), 844, chromedp.EmulateMobile, chromedp.EmulateScale(2)))
		for _, lang := range []string{"en", "ru", "ro"} {
			Do(t, ctx, chromedp.Click(chromedp.CSS(fmt.Sprintf(`.langs button[data-lang=%q]`, lang))))
			WaitFor(t, ctx, fmt.Sprintf(`document.documentElement.lang === %q && %s`, lang, ready))
			Do(t, ctx, chromedp.Evaluate[chromedp.Void](`new Promise(r => requestAnimationFrame(() => setTimeout(r, 100)))`, chromedp.EvalAwaitPromise))
			if got := Eval[string](t, ctx, OverflowJS); got != "" {
				t.Errorf("%d px, %s: does not fit:\n%s", width, lang, got)
			}
			for _, v := range AxeViolations(t, ctx) {
				t.Errorf("%d px, %s: axe-core %s", width, lang, v)
			}
		}
		for _, id := range sections {
			Do(t, ctx, chromedp.ScrollIntoView(chromedp.ID(id)))
			b.Screenshot(t, ctx, fmt.Sprintf("phone-%d-%s", width, id), false)
		}
	}
	Do(t, ctx, chromedp.Click(chromedp.CSS(`.langs button[data-lang="en"]`)))
}
