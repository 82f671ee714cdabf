package tools_test

import (
	"encoding/base64"
	"fmt"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"

	"github.com/robotstxt/robotstxt/internal/robotsgen"
	"github.com/robotstxt/robotstxt/web/internal/pagetesting"
)

// TestBrowserUsage: the verdict box says what the site says about AI use
// (the example of draft-ietf-aipref-attach-05 section 3.4, with a
// Content-Signal line), the same as "check --json", in every language; a
// file without such lines shows nothing of it.
func TestBrowserUsage(t *testing.T) {
	pagetesting.BrowserTest(t)
	b := pagetesting.NewBrowser(t)
	file := "User-Agent: *\nAllow: /\nDisallow: /never/\nContent-Usage: train-ai=n\nContent-Usage: /ai-ok/ train-ai=y\nContent-Signal: search=yes\n"
	ctx := b.Tab(t)
	b.Open(t, ctx, "#robots="+base64.RawURLEncoding.EncodeToString([]byte(file))+"&agent=OtherBot&url=%2Ftest")
	for _, tt := range []struct{ lang, refused, allowed, na, reading string }{
		{"en", "refused (n)", "allowed (y)", "Not applicable", "from the group"},
		{"ru", "запрещено (n)", "разрешено (y)", "Не применяется", "из применяемой группы"},
		{"ro", "refuzată (n)", "permisă (y)", "Nu se aplică", "din grupul"},
	} {
		pagetesting.Do(t, ctx, chromedp.Click(chromedp.CSS(fmt.Sprintf(`.langs button[data-lang=%q]`, tt.lang))))
		pagetesting.TypeInto(t, ctx, "url", "/test")
		pagetesting.WaitFor(t, ctx, fmt.Sprintf(`document.documentElement.lang === %q && (document.getElementById("verdict-usage") || {}).innerText?.includes(%q)`, tt.lang, tt.refused))
		if got := pagetesting.TextOf(t, ctx, "verdict-usage"); !strings.Contains(got, "4") {
			t.Errorf("%s /test: usage %q does not name line 4", tt.lang, got)
		}
		if got := pagetesting.TextOf(t, ctx, "verdict-signals"); !strings.Contains(got, "search=yes") || !strings.Contains(got, tt.reading) {
			t.Errorf("%s /test: signals %q", tt.lang, got)
		}
		pagetesting.TypeInto(t, ctx, "url", "/ai-ok/test")
		pagetesting.WaitFor(t, ctx, fmt.Sprintf(`(document.getElementById("verdict-usage") || {}).innerText?.includes(%q)`, tt.allowed))
		pagetesting.TypeInto(t, ctx, "url", "/never/test")
		pagetesting.WaitFor(t, ctx, fmt.Sprintf(`(document.getElementById("verdict-usage") || {}).innerText?.includes(%q)`, tt.na))
	}
	pagetesting.Do(t, ctx, chromedp.Click(chromedp.CSS(`.langs button[data-lang="en"]`)))
	// A file without preference lines: no usage row.
	b.Open(t, ctx, "#robots="+base64.RawURLEncoding.EncodeToString([]byte("User-agent: *\nDisallow: /x\n"))+"&agent=Bot&url=%2Fa")
	pagetesting.WaitFor(t, ctx, `document.getElementById("verdict-word") && document.getElementById("verdict-word").innerText === "ALLOWED"`)
	if pagetesting.Eval[bool](t, ctx, `!!document.getElementById("verdict-usage")`) {
		t.Error("a file without Content-Usage or Content-Signal shows a usage row")
	}
}

// TestBrowserBuilder: the builder writes what "robotstxt generate" writes
// for the same choices, in every language, and "Put it in the editor"
// gives verdicts that confirm the choices.
func TestBrowserBuilder(t *testing.T) {
	pagetesting.BrowserTest(t)
	b := pagetesting.NewBrowser(t)
	ctx := b.Tab(t)
	b.Open(t, ctx, "#robots="+base64.RawURLEncoding.EncodeToString([]byte("User-agent: *\nDisallow: /private/\n"))+"&agent=GPTBot&url=%2Fa")
	want, err := robotsgen.Build(robotsgen.Choices{Block: []string{"ai-training"}, TrainAI: "n", SignalAITrain: "no",
		Sitemaps: []string{"https://example.com/sitemap.xml"}, Merge: "User-agent: *\nDisallow: /private/\n"})
	if err != nil {
		t.Fatal(err)
	}
	for _, lang := range []string{"ru", "ro", "en"} {
		pagetesting.Do(t, ctx, chromedp.Click(chromedp.CSS(fmt.Sprintf(`.langs button[data-lang=%q]`, lang))))
		pagetesting.WaitFor(t, ctx, fmt.Sprintf(`document.documentElement.lang === %q && document.getElementById("builder-title").innerText !== ""`, lang))
		if lang != "en" && pagetesting.Eval[bool](t, ctx, `/These crawlers/.test(document.getElementById("builder").innerText)`) {
			t.Errorf("%s: the builder is not translated", lang)
		}
	}
	pagetesting.Do(t, ctx, chromedp.Evaluate[chromedp.Void](`(() => {
		document.querySelector('#builder [data-category="ai-training"]').checked = true;
		document.getElementById("builder-train-ai").value = "n";
		document.getElementById("builder-signal-ai-train").value = "no";
		document.getElementById("builder-sitemaps").value = "https://example.com/sitemap.xml";
		document.getElementById("builder-merge").checked = true;
	})()`))
	pagetesting.Do(t, ctx, chromedp.Click(chromedp.ID("builder-run")))
	pagetesting.WaitFor(t, ctx, `document.getElementById("builder-out").textContent.includes("Content-Usage")`)
	if got := pagetesting.Eval[string](t, ctx, `document.getElementById("builder-out").textContent`); got != want.Text {
		t.Errorf("the builder wrote\n%s\nrobotsgen (robotstxt generate) writes\n%s", got, want.Text)
	}
	pagetesting.Do(t, ctx, chromedp.Click(chromedp.ID("builder-use")))
	pagetesting.WaitFor(t, ctx, `document.getElementById("robots").value.includes("Content-Usage: train-ai=n")`)
	pagetesting.TypeInto(t, ctx, "agent", "GPTBot")
	pagetesting.TypeInto(t, ctx, "url", "/a")
	pagetesting.WaitFor(t, ctx, `document.getElementById("verdict-word") && document.getElementById("verdict-word").innerText === "DISALLOWED"`)
	pagetesting.TypeInto(t, ctx, "agent", "ExampleBot")
	pagetesting.TypeInto(t, ctx, "url", "/private/x")
	pagetesting.WaitFor(t, ctx, `document.getElementById("verdict-word") && document.getElementById("verdict-word").innerText === "DISALLOWED"`)
	pagetesting.TypeInto(t, ctx, "url", "/a")
	pagetesting.WaitFor(t, ctx, `document.getElementById("verdict-word").innerText === "ALLOWED" && (document.getElementById("verdict-usage") || {}).innerText?.includes("refused (n)")`)
}

// Issue 40: "Merge into the file in the editor" after the user edited the
// editor merges into the edited text, not the one of the preview.
func TestBrowserBuilderMergesLaterEdits(t *testing.T) {
	pagetesting.BrowserTest(t)
	b := pagetesting.NewBrowser(t)
	ctx := b.Tab(t)
	b.Open(t, ctx, "#robots="+base64.RawURLEncoding.EncodeToString([]byte("User-agent: *\nDisallow: /private/\n")))
	pagetesting.Do(t, ctx, chromedp.Evaluate[chromedp.Void](`(() => {
		document.querySelector('#builder [data-category="ai-training"]').checked = true;
		document.getElementById("builder-merge").checked = true;
	})()`))
	pagetesting.Click(t, ctx, "#builder-run")
	pagetesting.WaitFor(t, ctx, `document.getElementById("builder-out").textContent.includes("/private/") && !document.getElementById("builder-use").disabled`)
	const edited = "User-agent: *\nDisallow: /private/\nDisallow: /edited-after-preview/\n"
	pagetesting.SetField(t, ctx, "robots", edited)
	want, err := robotsgen.Build(robotsgen.Choices{Block: []string{"ai-training"}, Merge: edited})
	if err != nil {
		t.Fatal(err)
	}
	pagetesting.Click(t, ctx, "#builder-use")
	// The editor's text changes (to the merge, with the edit or without).
	pagetesting.WaitFor(t, ctx, fmt.Sprintf(`document.getElementById("robots").value !== %q`, edited))
	if got := pagetesting.Eval[string](t, ctx, `document.getElementById("robots").value`); got != want.Text {
		t.Errorf("after the merge the editor holds\n%s\nwant the edited text merged\n%s", got, want.Text)
	}
}
