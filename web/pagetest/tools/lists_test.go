package tools_test

import (
	"encoding/base64"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"github.com/robotstxt/robotstxt/web/internal/pagetesting"
)

func TestBrowserListsAndCompare(t *testing.T) {
	pagetesting.BrowserTest(t)
	b := pagetesting.NewBrowser(t)
	ctx := b.Tab(t)
	// A Latin-1 rule: the table, its CSV and compare show it as matched,
	// never as U+FFFD.
	b.Open(t, ctx, "#robots="+base64.RawURLEncoding.EncodeToString([]byte("User-agent: *\nDisallow: /caf\xE9/\n")))
	pagetesting.SetField(t, ctx, "many-agents", "Googlebot\nBingbot\n")
	pagetesting.SetField(t, ctx, "many-urls", "/caf%E9/x\n/other\n")
	pagetesting.Do(t, ctx, chromedp.Click(chromedp.ID("many-run")))
	pagetesting.WaitFor(t, ctx, `document.querySelectorAll("#many-body tbody tr").length === 2`)
	if got := pagetesting.Eval[string](t, ctx, `document.querySelector('#many-body tr[data-url="/caf%E9/x"] td[data-agent="Bingbot"]').innerText`); got != "DISALLOWED line 2 Disallow: /caf%E9/" {
		t.Errorf("Latin-1 rule in the table: %q", got)
	}
	if got := pagetesting.Eval[string](t, ctx, `document.getElementById("many-body").innerHTML`); strings.ContainsRune(got, '\uFFFD') {
		t.Error("the table shows U+FFFD")
	}
	pagetesting.SetField(t, ctx, "compare-text", "User-agent: *\nAllow: /\n")
	pagetesting.Do(t, ctx, chromedp.Click(chromedp.ID("compare-run")))
	pagetesting.WaitFor(t, ctx, `document.querySelectorAll("#compare-body tbody tr").length > 0`)
	if got := pagetesting.TextOf(t, ctx, "compare-body"); strings.ContainsRune(got, '\uFFFD') || !strings.Contains(got, "Disallow: /caf%E9/") {
		t.Errorf("compare of a Latin-1 rule: %.400s", got)
	}
	// Compare says which crawlers it used: those of the many-URL box.
	if got := pagetesting.TextOf(t, ctx, "compare-agents"); !strings.Contains(got, "Googlebot, Bingbot") || !strings.Contains(got, "robotstxt diff") {
		t.Errorf("compare's crawlers: %q", got)
	}

	// A list over the bound: said in the page's language, beside the list,
	// without the module's internal words.
	pagetesting.SetField(t, ctx, "many-urls", strings.Repeat("/x\n", 50001))
	pagetesting.Do(t, ctx, chromedp.Click(chromedp.ID("many-run")))
	pagetesting.WaitFor(t, ctx, `!!document.getElementById("many-problem")`)
	if got := pagetesting.TextOf(t, ctx, "many-problem"); !strings.Contains(got, "50,001 URLs given") || !strings.Contains(got, "50,000") || strings.Contains(got, "checkMany") {
		t.Errorf("bound message %q", got)
	}
	if !pagetesting.Eval[bool](t, ctx, `document.getElementById("banner").hidden`) {
		t.Errorf("the bound is shown as an error: %s", pagetesting.TextOf(t, ctx, "banner"))
	}
	pagetesting.Do(t, ctx, chromedp.Click(chromedp.CSS(`.langs button[data-lang="ru"]`)))
	pagetesting.WaitFor(t, ctx, `document.documentElement.lang === "ru" && !!document.getElementById("many-problem") && /Указано URL/.test(document.getElementById("many-problem").innerText)`)
	pagetesting.Do(t, ctx, chromedp.Click(chromedp.CSS(`.langs button[data-lang="en"]`)))
	pagetesting.WaitFor(t, ctx, `document.documentElement.lang === "en"`)

	// Probe paths of files with many '*' patterns: the search stops at its
	// bound, and compare says so.
	var sb strings.Builder
	sb.WriteString("User-agent: *\n")
	for i := range 20 {
		fmt.Fprintf(&sb, "Disallow: /*%c*%c*%d$\n", 'a'+i%26, 'a'+(i*7)%26, i)
	}
	pagetesting.SetField(t, ctx, "many-urls", "")
	pagetesting.SetField(t, ctx, "robots", sb.String())
	pagetesting.SetField(t, ctx, "compare-text", "User-agent: *\nDisallow: /\n")
	pagetesting.Do(t, ctx, chromedp.Click(chromedp.ID("compare-run")))
	// The bounded search costs seconds (diff's probe search, in
	// WebAssembly): wait as long as a loaded machine may need.
	if _, err := chromedp.Run(ctx, chromedp.Poll[chromedp.Void](`!!document.getElementById("compare-bounded")`,
		chromedp.WithPollingInterval(100*time.Millisecond), chromedp.WithPollingTimeout(4*time.Minute))); err != nil {
		t.Fatalf("no note that the probe search was bounded: %v (compare: %.300s)", err, pagetesting.TextOf(t, ctx, "compare-body"))
	}
	if got := pagetesting.TextOf(t, ctx, "compare-bounded"); !strings.Contains(got, "stopped at its bound") {
		t.Errorf("bounded note %q", got)
	}
	for _, p := range b.Problems() {
		t.Errorf("browser console: %s", p)
	}
}
