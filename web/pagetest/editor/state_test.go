package editor_test

import (
	"context"
	"strconv"
	"strings"
	"testing"

	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/page"
	"github.com/chromedp/chromedp"

	"github.com/robotstxt/robotstxt/web/internal/pagetesting"
)

// holdAnswers wraps the page's Worker (before any script of the page runs)
// so that the test decides when the answers to calls of the functions in
// window.holdFns reach the page: window.held lists them in the order they
// came, each released by release().
const holdAnswers = `
	window.holdFns = new Set();
	window.held = [];
	const Real = window.Worker;
	window.Worker = class extends Real {
		constructor(...args) {
			super(...args);
			this.fns = new Map();
		}
		postMessage(m, ...rest) {
			if (m && m.id) this.fns.set(m.id, m);
			return super.postMessage(m, ...rest);
		}
		set onmessage(handle) {
			super.onmessage = (e) => {
				const call = e.data && e.data.id ? this.fns.get(e.data.id) : null;
				if (call && window.holdFns.has(call.fn)) {
					window.held.push({ fn: call.fn, args: call.args, release: () => handle.call(this, e) });
					return;
				}
				handle.call(this, e);
			};
		}
		get onmessage() { return super.onmessage; }
	};`

// Issue 40, "One state, derived views": a change of the crawler, the URL,
// the fallbacks, the crawler set or the lists is a new version of the
// page's state, as an edit of the text is; every view is then either
// marked busy or shows the new version, never an older answer as if
// current.
func TestBrowserStateVersions(t *testing.T) {
	pagetesting.BrowserTest(t)
	b := pagetesting.NewBrowser(t)

	t.Run("crawler and URL changes mark views busy or current", func(t *testing.T) {
		ctx := b.Tab(t)
		b.Open(t, ctx, "")
		pagetesting.Paste(t, ctx, pagetesting.RobotsText)
		pagetesting.SetField(t, ctx, "many-urls", "/private/x\n/search/x")
		pagetesting.Click(t, ctx, "#many-run")
		pagetesting.Do(t, ctx, chromedp.Evaluate[chromedp.Void](`document.getElementById("compare-text").value = "User-agent: *\nDisallow: /\n"`))
		pagetesting.Click(t, ctx, "#compare-run")
		pagetesting.WaitFor(t, ctx, `!!document.querySelector("#many-body tbody tr") && !!document.querySelector("#compare-body h3") && `+pagetesting.CurrentJS())
		start := pagetesting.Eval[int](t, ctx, `+document.documentElement.dataset.version`)

		pagetesting.WatchVersions(t, ctx)
		// Each step is one input of the user's; the page keeps answering
		// (some steps land while answers of the one before are under way).
		pagetesting.TypeInto(t, ctx, "agent", "Bingbot")
		pagetesting.TypeInto(t, ctx, "url", "/search/x")
		pagetesting.Click(t, ctx, "#fallback")
		showAllCrawlers(t, ctx)
		pagetesting.TypeInto(t, ctx, "many-urls", "/private/press/x")
		pagetesting.TypeInto(t, ctx, "agent", "Googlebot-Image")
		pagetesting.Click(t, ctx, "#fallback")
		pagetesting.Do(t, ctx, chromedp.SendKeys(chromedp.ID("compare-text"), "Allow: /search/\n"))
		pagetesting.WaitFor(t, ctx, pagetesting.CurrentJS())

		breaks, busy := pagetesting.VersionsSeen(t, ctx)
		for _, s := range breaks {
			t.Errorf("an older answer shown as current: %s", s)
		}
		if busy == 0 {
			t.Error("no view was ever marked busy while its inputs changed")
		}
		// Eight changes, each a version at least.
		if end := pagetesting.Eval[int](t, ctx, `+document.documentElement.dataset.version`); end < start+8 {
			t.Errorf("the state's version went from %d to %d over eight changes, want one version per change at least", start, end)
		}
		// The views now answer for the last inputs.
		if got := pagetesting.Eval[string](t, ctx, `document.querySelector("#verdict .verdict-subject").textContent`); got != "Googlebot-Image → /search/x" {
			t.Errorf("verdict about %q, want Googlebot-Image → /search/x", got)
		}
		if got := pagetesting.Eval[string](t, ctx, `[...document.querySelectorAll("#many-body tbody tr")].map(r => r.dataset.url).join(",")`); got != "/private/press/x" {
			t.Errorf("many-URLs table of %q, want /private/press/x", got)
		}
		if n := pagetesting.Eval[int](t, ctx, `document.querySelectorAll("#matrix-body tr[data-token]").length`); n <= 8 {
			t.Errorf("crawler table has %d rows after Show all crawlers, want the whole registry", n)
		}
		if got := pagetesting.TextOf(t, ctx, "compare-body"); !strings.Contains(got, "Allow: /search/") {
			t.Errorf("compare shows %q, want the rule added to the other version", got)
		}
	})

	t.Run("the log and sitemap cards follow the text, the crawler set and the fallbacks", func(t *testing.T) {
		ctx := b.Tab(t)
		b.Open(t, ctx, "")
		pagetesting.Paste(t, ctx, pagetesting.RobotsText)
		dir := t.TempDir()
		sitemap := pagetesting.WriteFile(t, dir, "sitemap.txt", "https://www.example.com/private/x\nhttps://www.example.com/search/x\nhttps://www.example.com/\n")
		log := pagetesting.WriteFile(t, dir, "access.log", `66.249.66.1 - - [05/Dec/2026:10:00:00 +0000] "GET /private/x HTTP/1.1" 200 512 "-" "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)"`+"\n")
		pagetesting.Do(t, ctx, chromedp.SetUploadFiles(chromedp.ID("sitemaps-file"), []string{sitemap}))
		pagetesting.Do(t, ctx, chromedp.SetUploadFiles(chromedp.ID("logs-file"), []string{log}))
		const shown = `!!document.querySelector("#sitemaps-body .sitemap-crawler") && !!document.getElementById("logs-table")`
		pagetesting.WaitFor(t, ctx, shown+" && "+pagetesting.CurrentJS())

		pagetesting.WatchVersions(t, ctx)
		pagetesting.SetField(t, ctx, "robots", "User-agent: *\nDisallow: /search/\n")
		showAllCrawlers(t, ctx)
		pagetesting.Click(t, ctx, "#fallback")
		pagetesting.WaitFor(t, ctx, shown+" && "+pagetesting.CurrentJS())
		breaks, busy := pagetesting.VersionsSeen(t, ctx)
		for _, s := range breaks {
			t.Errorf("an older answer shown as current: %s", s)
		}
		if busy == 0 {
			t.Error("no card was ever marked busy while the text changed")
		}
		// Both answer for the new text: /private/x is no longer blocked,
		// /search/x is, by line 2.
		for _, id := range []string{"sitemaps-body", "logs-body"} {
			if got, want := pagetesting.Eval[string](t, ctx, `document.getElementById("`+id+`").dataset.rev`), pagetesting.Eval[string](t, ctx, `document.getElementById("editor").dataset.rev`); got != want {
				t.Errorf("%s is about the text of version %s, want %s", id, got, want)
			}
		}
		if n := pagetesting.Eval[int](t, ctx, `document.querySelectorAll('#sitemaps-body li[data-line="2"]').length`); n == 0 {
			t.Errorf("the sitemap card names no URL blocked by line 2 of the new text: %q", pagetesting.TextOf(t, ctx, "sitemaps-body"))
		}
		if n := pagetesting.Eval[string](t, ctx, `(document.querySelector('#logs-table tr[data-token="Googlebot"] td[data-col="violations"]') || {dataset: {}}).dataset.n || ""`); n != "0" {
			t.Errorf("Googlebot's requests disallowed yet fetched = %q under the new text, want 0", n)
		}
	})

	t.Run("late worker answers are dropped", func(t *testing.T) {
		ctx := b.OwnTab(t) // its script for every new document stays with the tab
		pagetesting.Do(t, ctx, chromedp.Func(func(ctx context.Context, tg *chromedp.Target) error {
			_, err := cdp.Call(ctx, tg, page.AddScriptToEvaluateOnNewDocument, page.AddScriptToEvaluateOnNewDocumentParams{Source: holdAnswers})
			return err
		}))
		b.Open(t, ctx, "")
		pagetesting.Paste(t, ctx, pagetesting.RobotsText)
		pagetesting.SetField(t, ctx, "url", "/search/x")
		pagetesting.WaitFor(t, ctx, `!!document.querySelector("#verdict .verdict-word") && `+pagetesting.CurrentJS())
		dropped := pagetesting.Eval[int](t, ctx, `+document.documentElement.dataset.dropped`)

		pagetesting.WatchVersions(t, ctx)
		pagetesting.Do(t, ctx, chromedp.Evaluate[chromedp.Void](`window.holdFns.add("checkWith")`))
		// Two crawlers one after the other; the worker's answer for the
		// first is held back until after the second's.
		pagetesting.Do(t, ctx, chromedp.Evaluate[chromedp.Void](`(() => {
			const a = document.getElementById("agent");
			a.value = "Bingbot";
			a.dispatchEvent(new Event("input"));
		})()`))
		pagetesting.WaitFor(t, ctx, `window.held.some(h => h.args[1] === "Bingbot")`)
		pagetesting.Do(t, ctx, chromedp.Evaluate[chromedp.Void](`(() => {
			const a = document.getElementById("agent");
			a.value = "Googlebot";
			a.dispatchEvent(new Event("input"));
		})()`))
		pagetesting.WaitFor(t, ctx, `window.held.some(h => h.args[1] === "Googlebot")`)
		if !pagetesting.Eval[bool](t, ctx, `document.getElementById("verdict").getAttribute("aria-busy") === "true"`) {
			t.Error("the verdict is not marked busy while its answer is awaited")
		}
		// The newer answer first: the verdict is Googlebot's.
		pagetesting.Do(t, ctx, chromedp.Evaluate[chromedp.Void](`window.held.filter(h => h.args[1] === "Googlebot").forEach(h => h.release())`))
		pagetesting.WaitFor(t, ctx, pagetesting.CurrentJS())
		if word, line := verdictNow(t, ctx); word != "DISALLOWED" || line != 8 {
			t.Fatalf("Googlebot on /search/x: %s by line %d, want DISALLOWED by line 8", word, line)
		}
		// Then the late one, Bingbot's (ALLOWED, no rule of its own): it
		// is dropped, and counted as such.
		pagetesting.Do(t, ctx, chromedp.Evaluate[chromedp.Void](`window.held.filter(h => h.args[1] === "Bingbot").forEach(h => h.release())`))
		pagetesting.WaitFor(t, ctx, `+document.documentElement.dataset.dropped > `+strconv.Itoa(dropped))
		if n := pagetesting.Eval[int](t, ctx, `+document.documentElement.dataset.dropped`); n != dropped+1 {
			t.Errorf("%d answers dropped, want the one late answer", n-dropped)
		}
		if word, line := verdictNow(t, ctx); word != "DISALLOWED" || line != 8 {
			t.Errorf("after the late answer: %s by line %d, want Googlebot's DISALLOWED by line 8 to stay", word, line)
		}
		if got := pagetesting.BandLines(t, ctx, "disallow"); got != "8" {
			t.Errorf("deciding line band = %q, want 8", got)
		}
		breaks, _ := pagetesting.VersionsSeen(t, ctx)
		for _, s := range breaks {
			t.Errorf("an older answer shown as current: %s", s)
		}
	})
}

// A change of the text while the first many-URLs table is computed (none
// on screen yet, so nothing to redo at the change) is computed again once
// that answer arrives: the table ends current, about the new text, rather
// than greyed for good (found by TestBrowserRandomActions, seed 3).
func TestBrowserManyChangedWhileFirstRun(t *testing.T) {
	pagetesting.BrowserTest(t)
	b := pagetesting.NewBrowser(t)
	ctx := b.OwnTab(t)
	pagetesting.Do(t, ctx, chromedp.Func(func(ctx context.Context, tg *chromedp.Target) error {
		_, err := cdp.Call(ctx, tg, page.AddScriptToEvaluateOnNewDocument, page.AddScriptToEvaluateOnNewDocumentParams{Source: holdAnswers})
		return err
	}))
	b.Open(t, ctx, "")
	pagetesting.Paste(t, ctx, pagetesting.RobotsText)
	pagetesting.WaitFor(t, ctx, pagetesting.CurrentJS())
	pagetesting.Do(t, ctx, chromedp.Evaluate[chromedp.Void](`window.holdFns.add("checkMany")`))
	pagetesting.SetField(t, ctx, "many-agents", "Bingbot")
	pagetesting.SetField(t, ctx, "many-urls", "/private/x")
	pagetesting.Click(t, ctx, "#many-run")
	pagetesting.WaitFor(t, ctx, `window.held.some(h => h.fn === "checkMany")`)
	// The whole text replaced while that answer is held back.
	pagetesting.Do(t, ctx, chromedp.Evaluate[chromedp.Void](`(() => {
		const r = document.getElementById("robots");
		r.focus();
		r.setSelectionRange(0, r.value.length);
	})()`))
	pagetesting.InsertText(t, ctx, "User-agent: *\nAllow: /\n")
	pagetesting.Do(t, ctx, chromedp.Evaluate[chromedp.Void](`window.holdFns.delete("checkMany"); window.held.filter(h => h.fn === "checkMany").forEach(h => h.release())`))
	pagetesting.WaitFor(t, ctx, `document.getElementById("many").getAttribute("aria-busy") !== "true" && !!document.querySelector('#many-body td[data-agent="Bingbot"]') && `+pagetesting.CurrentJS())
	if got := pagetesting.Eval[string](t, ctx, `document.querySelector('#many-body tr[data-url="/private/x"] td[data-agent="Bingbot"]').dataset.allowed`); got != "true" {
		t.Errorf("Bingbot on /private/x under the new text: allowed=%s, want true (Allow: /)", got)
	}
}

// verdictNow reads the verdict box as it is: its word and deciding line.
func verdictNow(t *testing.T, ctx context.Context) (string, int) {
	t.Helper()
	word := pagetesting.TextOf(t, ctx, "verdict-word")
	line, _ := strconv.Atoi(pagetesting.Eval[string](t, ctx, `(document.querySelector("#verdict-rule .line-link") || {dataset: {}}).dataset.line || "0"`))
	return word, line
}

// showAllCrawlers presses the crawler table's "Show all crawlers" in one
// step: the table is laid out anew with each answer, so a button found
// first and clicked after may be gone.
func showAllCrawlers(t *testing.T, ctx context.Context) {
	t.Helper()
	if !pagetesting.Eval[bool](t, ctx, `(() => { const b = document.querySelector("#matrix-body .more"); if (b) b.click(); return !!b })()`) {
		t.Fatal("the crawler table has no Show all crawlers button")
	}
}
