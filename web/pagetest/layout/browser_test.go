package layout_test

import (
	"encoding/base64"
	"encoding/json"
	"fmt"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"

	"github.com/robotstxt/robotstxt/web/internal/pagetesting"
)

func TestBrowser(t *testing.T) {
	pagetesting.BrowserTest(t)
	b := pagetesting.NewBrowser(t)

	t.Run("language switch", func(t *testing.T) {
		ctx := b.Tab(t)
		b.Open(t, ctx, "#agent=Googlebot&url=%2Fprivate%2Fx")
		if got := pagetesting.TextOf(t, ctx, "editor-title"); got != "Your robots.txt" {
			t.Errorf("English title = %q", got)
		}
		pagetesting.Do(t, ctx, chromedp.Click(chromedp.CSS(`.langs button[data-lang="ru"]`)))
		pagetesting.WaitFor(t, ctx, `document.documentElement.lang === "ru" && /[а-я]/.test(document.getElementById("editor-title").innerText)`)
		b.Screenshot(t, ctx, "russian", false)
		pagetesting.NoRawMarkup(t, ctx, "ru")
		// The choice is remembered.
		pagetesting.Do(t, ctx, chromedp.Navigate(b.URL+"/"))
		pagetesting.WaitFor(t, ctx, `document.body.dataset.engine === "ready" && document.documentElement.lang === "ru"`)
		pagetesting.Do(t, ctx, chromedp.Click(chromedp.CSS(`.langs button[data-lang="ro"]`)))
		pagetesting.WaitFor(t, ctx, `document.documentElement.lang === "ro" && /ă|â|î|ș|ț/.test(document.body.innerText)`)
		b.Screenshot(t, ctx, "romanian", false)
		pagetesting.NoRawMarkup(t, ctx, "ro")
		// A link's lang wins over the remembered choice.
		pagetesting.Do(t, ctx, chromedp.Navigate(b.URL+"/#lang=en"))
		pagetesting.WaitFor(t, ctx, `document.body.dataset.engine === "ready" && document.documentElement.lang === "en"`)
		pagetesting.Do(t, ctx, chromedp.Click(chromedp.CSS(`.langs button[data-lang="en"]`)))
		pagetesting.NoRawMarkup(t, ctx, "en")
	})

	t.Run("plurals and numbers in every language", func(t *testing.T) {
		ctx := b.Tab(t)
		b.Open(t, ctx, "#robots="+base64.RawURLEncoding.EncodeToString([]byte("User-agent: *\nDisallow: /\nAllow: /a\n"))+"&agent=Bot&url=%2Fa")
		for _, tt := range []struct{ lang, one, summary string }{
			{"en", "(2 characters)", "36 bytes"},
			{"ru", "(2 символа)", "36 байт"},
			{"ro", "(2 caractere)", "36 de octeți"},
		} {
			pagetesting.Do(t, ctx, chromedp.Click(chromedp.CSS(fmt.Sprintf(`.langs button[data-lang=%q]`, tt.lang))))
			pagetesting.WaitFor(t, ctx, fmt.Sprintf(`document.documentElement.lang === %q && document.getElementById("verdict-why")`, tt.lang))
			pagetesting.WaitFor(t, ctx, fmt.Sprintf(`document.getElementById("verdict-why").innerText.includes(%q)`, tt.one))
			if got := pagetesting.TextOf(t, ctx, "structure-body"); !strings.Contains(got, tt.summary) {
				t.Errorf("%s: structure summary lacks %q: %.200s", tt.lang, tt.summary, got)
			}
		}
		pagetesting.Do(t, ctx, chromedp.Click(chromedp.CSS(`.langs button[data-lang="en"]`)))
	})

	t.Run("phone width", func(t *testing.T) {
		ctx := b.Tab(t)
		pagetesting.Do(t, ctx, chromedp.EmulateViewport(390, 844, chromedp.EmulateMobile, chromedp.EmulateScale(2)))
		frag := "#robots=" + base64.RawURLEncoding.EncodeToString([]byte(pagetesting.RobotsText)) + "&agent=GPTBot&url=%2Fprivate%2Freport"
		b.Open(t, ctx, frag)
		pagetesting.WaitFor(t, ctx, `document.getElementById("verdict-word") && document.getElementById("verdict-word").innerText === "DISALLOWED"`)
		if w := pagetesting.Eval[int](t, ctx, `document.documentElement.scrollWidth`); w > 390 {
			t.Errorf("the page is %d px wide on a 390 px phone: it scrolls sideways", w)
		}
		b.Screenshot(t, ctx, "phone", false)
		pagetesting.Do(t, ctx, chromedp.ScrollIntoView(chromedp.ID("matcher")))
		b.Screenshot(t, ctx, "phone-verdict", false)
		// The crawler table stacks: every row's deciding rule is in view,
		// with no sideways scroll.
		pagetesting.WaitFor(t, ctx, `document.querySelectorAll("#matrix-body tr[data-token]").length > 5`)
		if got := pagetesting.Eval[string](t, ctx, `(() => {
			const wrap = document.querySelector("#matrix-body .table-wrap");
			if (wrap.scrollWidth > wrap.clientWidth + 1) return "the table scrolls sideways: " + wrap.scrollWidth + " > " + wrap.clientWidth;
			for (const td of document.querySelectorAll("#matrix-body tr[data-token] td")) {
				const r = td.getBoundingClientRect();
				if (r.right > window.innerWidth + 1 || r.width < 1) return "a cell is out of view: " + td.innerText;
			}
			return "";
		})()`); got != "" {
			t.Error(got)
		}
		pagetesting.Do(t, ctx, chromedp.ScrollIntoView(chromedp.ID("matrix")))
		b.Screenshot(t, ctx, "phone-crawlers", false)
	})

	t.Run("axe-core finds no violation in any language", func(t *testing.T) {
		axe := pagetesting.AxeSource(t)
		ctx := b.Tab(t)
		// A laptop's screen (the phone widths: TestBrowserPhone).
		pagetesting.Do(t, ctx, chromedp.EmulateViewport(1366, 800))
		b.Open(t, ctx, "#robots="+base64.RawURLEncoding.EncodeToString([]byte(pagetesting.RobotsText))+"&agent=Googlebot&url=%2Fsearch")
		pagetesting.WaitFor(t, ctx, `document.getElementById("verdict-word")`)
		pagetesting.Do(t, ctx, chromedp.Click(chromedp.ID("parse")), chromedp.Click(chromedp.ID("run-selftest")))
		pagetesting.WaitFor(t, ctx, `document.getElementById("selftest-summary") && document.querySelectorAll("#audit-body .finding, #audit-body .good").length > 0`)
		pagetesting.Do(t, ctx, chromedp.Evaluate[chromedp.Void](axe))
		for _, lang := range []string{"en", "ru", "ro"} {
			pagetesting.Do(t, ctx, chromedp.Click(chromedp.CSS(fmt.Sprintf(`.langs button[data-lang=%q]`, lang))))
			pagetesting.WaitFor(t, ctx, fmt.Sprintf(`document.documentElement.lang === %q`, lang))
			pagetesting.Do(t, ctx, chromedp.Evaluate[chromedp.Void](`new Promise(r => setTimeout(r, 300))`, chromedp.EvalAwaitPromise))
			res, err := chromedp.Run(ctx, chromedp.Evaluate[string](`axe.run(document, {resultTypes: ["violations"]}).then(r => JSON.stringify(r.violations.map(v => ({id: v.id, n: v.nodes.length, where: v.nodes.slice(0, 3).map(n => n.target.join(" ") + ": " + n.failureSummary)}))))`, chromedp.EvalAwaitPromise))
			if err != nil {
				t.Fatalf("axe.run: %v", err)
			}
			var violations []struct {
				ID    string   `json:"id"`
				N     int      `json:"n"`
				Where []string `json:"where"`
			}
			if err := json.Unmarshal([]byte(res), &violations); err != nil {
				t.Fatalf("axe result %q: %v", res, err)
			}
			for _, v := range violations {
				t.Errorf("%s: axe-core %s on %d elements: %s", lang, v.ID, v.N, strings.Join(v.Where, " | "))
			}
		}
		pagetesting.Do(t, ctx, chromedp.Click(chromedp.CSS(`.langs button[data-lang="en"]`)))
	})

	t.Run("nothing leaves the browser", b.NothingLeaves)
}
