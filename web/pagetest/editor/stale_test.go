package editor_test

import (
	"fmt"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"

	"github.com/robotstxt/robotstxt/web/internal/pagetesting"
)

// Issue 40: views follow the text in the editor, and the text survives a
// reload made right after typing.
func TestBrowserStaleViews(t *testing.T) {
	pagetesting.BrowserTest(t)
	b := pagetesting.NewBrowser(t)

	t.Run("compare is recomputed after an edit", func(t *testing.T) {
		ctx := b.Tab(t)
		b.Open(t, ctx, "")
		other := strings.Replace(pagetesting.RobotsText, "Disallow: /private/\n", "Disallow: /private/\nDisallow: /only-difference/\n", 1)
		pagetesting.SetField(t, ctx, "robots", pagetesting.RobotsText)
		pagetesting.Do(t, ctx, chromedp.Evaluate[chromedp.Void](fmt.Sprintf(`document.getElementById("compare-text").value = %q`, other)))
		pagetesting.Click(t, ctx, "#compare-run")
		pagetesting.WaitFor(t, ctx, `(() => { const c = document.getElementById("compare-body"); return c.dataset.rev === document.getElementById("editor").dataset.rev && !!c.querySelector("li.removed") })()`)
		if got := pagetesting.TextOf(t, ctx, "compare-rules"); !strings.Contains(got, "Disallow: /only-difference/") {
			t.Fatalf("compare shows %q, want the removed rule", got)
		}
		// The edit removes the only difference: no difference stays on
		// screen, at any moment, as if current.
		pagetesting.WatchStale(t, ctx)
		pagetesting.SetField(t, ctx, "robots", other)
		pagetesting.WaitFor(t, ctx, `(() => { const c = document.getElementById("compare-body"); return c.dataset.rev === document.getElementById("editor").dataset.rev && document.getElementById("compare").getAttribute("aria-busy") !== "true" })()`)
		if !pagetesting.Eval[bool](t, ctx, `!!document.getElementById("compare-same")`) {
			t.Errorf("after the edit compare shows %q, want no difference", pagetesting.TextOf(t, ctx, "compare-body"))
		}
		seen, _ := pagetesting.StaleSeen(t, ctx)
		for _, s := range seen {
			t.Errorf("stale answer on screen: %s", s)
		}
	})

	t.Run("the many-URLs table is marked recomputing after an edit", func(t *testing.T) {
		ctx := b.Tab(t)
		b.Open(t, ctx, "")
		pagetesting.SetField(t, ctx, "robots", pagetesting.RobotsText)
		pagetesting.SetField(t, ctx, "many-urls", "/private/x\n/search/x")
		pagetesting.Click(t, ctx, "#many-run")
		const current = `(() => { const m = document.getElementById("many-body"); return m.dataset.rev === document.getElementById("editor").dataset.rev && !!m.querySelector("tbody tr") && document.getElementById("many").getAttribute("aria-busy") !== "true" })()`
		pagetesting.WaitFor(t, ctx, current)
		pagetesting.WatchStale(t, ctx)
		pagetesting.SetField(t, ctx, "robots", "User-agent: *\nDisallow: /search/\n")
		pagetesting.WaitFor(t, ctx, current)
		seen, _ := pagetesting.StaleSeen(t, ctx)
		for _, s := range seen {
			t.Errorf("stale answer on screen: %s", s)
		}
	})

	t.Run("a reload right after typing keeps the edit", func(t *testing.T) {
		ctx := b.Tab(t)
		b.Open(t, ctx, "")
		pagetesting.Paste(t, ctx, pagetesting.RobotsText)
		pagetesting.WaitParsed(t, ctx, len(pagetesting.RobotsText))
		// Typed and reloaded in one task: the debounced save cannot have
		// run; only the save on pagehide keeps the edit.
		pagetesting.Do(t, ctx, chromedp.Evaluate[chromedp.Void](`(() => {
			window.beforeReload = true;
			const ta = document.getElementById("robots");
			ta.value += "# typed just before the reload\n";
			ta.dispatchEvent(new Event("input"));
			location.reload();
		})()`))
		pagetesting.WaitFor(t, ctx, `!window.beforeReload && document.body.dataset.engine === "ready" && document.body.dataset.settled === "true"`)
		if got := pagetesting.Eval[string](t, ctx, `document.getElementById("robots").value`); got != pagetesting.RobotsText+"# typed just before the reload\n" {
			t.Errorf("after the reload the editor holds %q, want the edit kept", got)
		}
	})
}
