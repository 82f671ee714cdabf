package editor_test

import (
	"encoding/base64"
	"fmt"
	"net/url"
	"regexp"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"

	"github.com/robotstxt/robotstxt/web/internal/pagetesting"
)

func TestBrowser(t *testing.T) {
	pagetesting.BrowserTest(t)
	b := pagetesting.NewBrowser(t)

	t.Run("paste, parse and check", func(t *testing.T) {
		ctx := b.Tab(t)
		b.Open(t, ctx, "")
		b.Screenshot(t, ctx, "empty", false)
		pagetesting.Paste(t, ctx, pagetesting.RobotsText)
		pagetesting.Do(t, ctx, chromedp.Click(chromedp.ID("parse")))
		pagetesting.WaitFor(t, ctx, `document.querySelectorAll("#structure-body [data-group]").length === 2`)
		pagetesting.TypeInto(t, ctx, "agent", "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)")
		pagetesting.TypeInto(t, ctx, "url", "https://www.example.com"+pagetesting.Secret+"/page?x=1")
		pagetesting.WaitFor(t, ctx, `document.getElementById("verdict-word") && document.getElementById("verdict-word").innerText === "DISALLOWED"`)
		if got := pagetesting.TextOf(t, ctx, "verdict-rule"); !strings.Contains(got, "line 6") || !strings.Contains(got, "Disallow: "+pagetesting.Secret+"/") {
			t.Errorf("deciding rule = %q, want line 6: Disallow: %s/", got, pagetesting.Secret)
		}
		if got := pagetesting.BandLines(t, ctx, "disallow"); got != "6" {
			t.Errorf("highlighted deciding line = %q, want 6", got)
		}
		if got := pagetesting.BandLines(t, ctx, "group"); got != "5" {
			t.Errorf("highlighted group lines = %q, want 5", got)
		}
		// The group that applies is marked in the parsed view.
		if got := pagetesting.Eval[string](t, ctx, `[...document.querySelectorAll(".group.applied")].map(g => g.dataset.group).join(",")`); got != "1" {
			t.Errorf("applied group = %q, want 1", got)
		}
		b.Screenshot(t, ctx, "disallowed", false)

		// The tie and the longest match, live as the URL changes.
		pagetesting.TypeInto(t, ctx, "url", "/search/about")
		pagetesting.WaitFor(t, ctx, `document.getElementById("verdict-word").innerText === "ALLOWED" && /line 7/.test(document.getElementById("verdict-rule").innerText)`)
		if got := pagetesting.TextOf(t, ctx, "verdict-why"); !strings.Contains(got, "Longest match") {
			t.Errorf("why = %q, want the longest-match explanation", got)
		}
		if got := pagetesting.BandLines(t, ctx, "allow"); got != "7" {
			t.Errorf("highlighted deciding line = %q, want 7", got)
		}
		b.Screenshot(t, ctx, "allowed", false)

		// The matrix shows the * row, Googlebot and the AI crawlers.
		rows := pagetesting.Eval[string](t, ctx, `[...document.querySelectorAll("#matrix-body tr[data-token]")].map(r => r.dataset.token + "=" + r.querySelector(".badge").innerText).join(" ")`)
		for _, want := range []string{"*=ALLOWED", "Googlebot=ALLOWED", "YandexBot=ALLOWED", "GPTBot=ALLOWED"} {
			if !strings.Contains(rows, want) {
				t.Errorf("matrix rows %q lack %q", rows, want)
			}
		}
		b.Screenshot(t, ctx, "full-page", true)
	})

	t.Run("audit finding highlights its line", func(t *testing.T) {
		ctx := b.Tab(t)
		b.Open(t, ctx, "")
		pagetesting.Do(t, ctx, chromedp.Evaluate[chromedp.Void](`(() => {
			const sel = document.getElementById("example");
			sel.value = "mistakes";
			sel.dispatchEvent(new Event("change"));
		})()`))
		pagetesting.WaitFor(t, ctx, `document.querySelectorAll("#audit-body .finding").length > 3`)
		line := pagetesting.Eval[int](t, ctx, `+[...document.querySelectorAll("#audit-body .finding")].find(f => +f.dataset.line > 1).dataset.line`)
		pagetesting.Do(t, ctx, chromedp.Click(chromedp.CSS(fmt.Sprintf(`#audit-body .finding[data-line="%d"] .line-link`, line))))
		if got := pagetesting.BandLines(t, ctx, "focus"); got != fmt.Sprint(line) {
			t.Errorf("focused line = %q, want %d", got, line)
		}
		b.Screenshot(t, ctx, "audit", false)
		pagetesting.Do(t, ctx, chromedp.ScrollIntoView(chromedp.ID("audit")))
		b.Screenshot(t, ctx, "audit-list", false)
	})

	t.Run("self-test passes", func(t *testing.T) {
		ctx := b.Tab(t)
		b.Open(t, ctx, "")
		pagetesting.Do(t, ctx, chromedp.Click(chromedp.ID("run-selftest")))
		pagetesting.WaitFor(t, ctx, `document.getElementById("selftest-summary")`)
		passed := pagetesting.Eval[int](t, ctx, `+document.getElementById("selftest-summary").dataset.passed`)
		total := pagetesting.Eval[int](t, ctx, `+document.getElementById("selftest-summary").dataset.total`)
		if total < 20 || passed != total {
			fails := pagetesting.Eval[string](t, ctx, `[...document.querySelectorAll("#selftest-body tr.fail")].map(r => r.innerText).join("\n")`)
			t.Errorf("self-test: %d of %d pass; failing:\n%s", passed, total, fails)
		}
		if got := pagetesting.TextOf(t, ctx, "selftest-body"); strings.Contains(strings.ToLower(got), "seed") {
			t.Errorf("the self-test names an internal document: %.300s", got)
		}
		// Where other parsers differ: Python takes the first match.
		pagetesting.WaitFor(t, ctx, `!!document.getElementById("parsers")`)
		if got := pagetesting.Eval[string](t, ctx, `[...document.querySelectorAll('#parsers tr[data-case="longest-match"] td')].map(c => c.dataset.parser + "=" + c.innerText + (c.classList.contains("differs") ? "!" : "")).join(" ")`); got != "page=ALLOWED google=ALLOWED python=DISALLOWED! protego=ALLOWED temoto=ALLOWED" {
			t.Errorf("parsers row longest-match: %s", got)
		}
		pagetesting.Do(t, ctx, chromedp.ScrollIntoView(chromedp.ID("selftest")))
		b.Screenshot(t, ctx, "selftest", false)
		pagetesting.Do(t, ctx, chromedp.ScrollIntoView(chromedp.ID("parsers")))
		b.Screenshot(t, ctx, "parsers", false)
		// Case names and results in the page's language.
		pagetesting.Do(t, ctx, chromedp.Click(chromedp.CSS(`.langs button[data-lang="ru"]`)))
		pagetesting.WaitFor(t, ctx, `document.documentElement.lang === "ru" && /Самое длинное|более длинное/i.test(document.getElementById("selftest-body").innerText)`)
		if got := pagetesting.TextOf(t, ctx, "selftest-body"); !strings.Contains(got, "Получено: РАЗРЕШЕНО") && !strings.Contains(got, "ЗАПРЕЩЕНО") {
			t.Errorf("Russian self-test results: %.300s", got)
		}
		pagetesting.Do(t, ctx, chromedp.Click(chromedp.CSS(`.langs button[data-lang="en"]`)))
	})

	t.Run("permalink reproduces the verdict", func(t *testing.T) {
		ctx := b.Tab(t)
		b.Open(t, ctx, "")
		pagetesting.Paste(t, ctx, pagetesting.RobotsText)
		pagetesting.TypeInto(t, ctx, "agent", "Googlebot")
		pagetesting.TypeInto(t, ctx, "url", "/search?q=robots")
		// The whole URL typed: "/search", typed on the way, is decided by
		// line 8 too.
		pagetesting.WaitFor(t, ctx, `document.getElementById("verdict-word") && /line 8/.test(document.getElementById("verdict-rule").innerText) && document.querySelector("#verdict .verdict-subject").innerText === "Googlebot → /search?q=robots"`)
		want := pagetesting.TextOf(t, ctx, "verdict")
		pagetesting.Do(t, ctx, chromedp.Click(chromedp.ID("copy-link")))
		pagetesting.WaitFor(t, ctx, `document.getElementById("link-out").value.includes("robots=")`)
		link := pagetesting.Eval[string](t, ctx, `document.getElementById("link-out").value`)
		u, err := url.Parse(link)
		if err != nil {
			t.Fatal(err)
		}
		t.Logf("link: %s", strings.TrimPrefix(link, b.URL))
		// Version 2: the bytes, deflate-raw compressed, with their CRC-32.
		frag := pagetesting.FragmentKeys(t, u.EscapedFragment())
		if frag["v"] != "2" || frag["z"] != "1" || frag["agent"] != "Googlebot" || frag["url"] != "%2Fsearch%3Fq%3Drobots" || frag["lang"] != "en" {
			t.Errorf("link fragment %s", u.EscapedFragment())
		}
		if got := pagetesting.LinkBytes(t, frag); string(got) != pagetesting.RobotsText {
			t.Errorf("the link carries %q, want %q", got, pagetesting.RobotsText)
		}

		// A fresh tab opening the link shows the same verdict, no clicks.
		ctx2 := b.Tab(t)
		pagetesting.Do(t, ctx2, chromedp.Navigate(link))
		pagetesting.WaitFor(t, ctx2, `document.getElementById("verdict-word") && /line 8/.test(document.getElementById("verdict-rule").innerText)`)
		if got := pagetesting.TextOf(t, ctx2, "verdict"); got != want {
			t.Errorf("verdict from the link:\n%s\nwant:\n%s", got, want)
		}
		if got := pagetesting.BandLines(t, ctx2, "disallow"); got != "8" {
			t.Errorf("highlighted line from the link = %q, want 8", got)
		}
		b.Screenshot(t, ctx2, "permalink", false)

		// A hand-written link with only agent and url tests the text in the box.
		pagetesting.Do(t, ctx2, chromedp.Evaluate[chromedp.Void](`location.hash = "agent=" + encodeURIComponent("Googlebot") + "&url=" + encodeURIComponent("/search/about")`))
		pagetesting.WaitFor(t, ctx2, `document.getElementById("verdict-word").innerText === "ALLOWED" && /line 7/.test(document.getElementById("verdict-rule").innerText)`)
		if got := pagetesting.Eval[string](t, ctx2, `document.getElementById("robots").value`); got != pagetesting.RobotsText {
			t.Errorf("the text changed on a link without robots: %q", got)
		}
	})

	t.Run("markers in the gutter, errors first, severity filters", func(t *testing.T) {
		ctx := b.Tab(t)
		// Many notes (unknown directives) and one error, at the end.
		var sb strings.Builder
		sb.WriteString("User-agent: *\n")
		for i := range 60 {
			fmt.Fprintf(&sb, "Foo-%d: bar\n", i)
		}
		sb.WriteString("Disallow: /x\nAllow: oops\n")
		b.Open(t, ctx, "")
		pagetesting.Paste(t, ctx, sb.String())
		pagetesting.Do(t, ctx, chromedp.Click(chromedp.ID("parse")))
		pagetesting.WaitFor(t, ctx, `document.querySelectorAll("#audit-body .finding").length > 10`)
		first := pagetesting.Eval[string](t, ctx, `document.querySelector("#audit-body .finding").dataset.severity`)
		if first != "error" {
			t.Errorf("first finding is a %s, want the error", first)
		}
		order := pagetesting.Eval[string](t, ctx, `[...document.querySelectorAll("#audit-body .finding")].map(f => f.dataset.severity[0]).join("")`)
		if !regexp.MustCompile(`^e+w*i*$`).MatchString(order) {
			t.Errorf("findings not ordered by severity: %s", order)
		}
		// Every finding with a line has a marker with its message as tooltip.
		lines := pagetesting.Eval[[]int](t, ctx, `[...new Set([...document.querySelectorAll("#audit-body .finding")].map(f => +f.dataset.line).filter(l => l > 0))]`)
		for _, l := range lines {
			title := pagetesting.Eval[string](t, ctx, fmt.Sprintf(`(document.querySelector('.mark[data-line="%d"]') || {}).title || ""`, l))
			if title == "" {
				t.Errorf("line %d has a finding and no marker", l)
			}
		}
		errLine := pagetesting.Eval[int](t, ctx, `+document.querySelector("#audit-body .finding.error").dataset.line`)
		if kinds := pagetesting.Eval[string](t, ctx, fmt.Sprintf(`document.querySelector('.mark[data-line="%d"]').dataset.kinds`, errLine)); !strings.HasPrefix(kinds, "error") {
			t.Errorf("marker of the error line: %q", kinds)
		}
		// The deciding line has its marker too.
		pagetesting.VerdictFor(t, ctx, "Bot", "/x/1")
		if kinds := pagetesting.Eval[string](t, ctx, `(document.querySelector('.mark[data-line="62"]') || {dataset: {}}).dataset.kinds || ""`); !strings.Contains(kinds, "disallow") {
			t.Errorf("the deciding line 62 has marks %q", kinds)
		}
		// The badges filter.
		pagetesting.Do(t, ctx, chromedp.Click(chromedp.CSS(`#audit-body .filter[data-severity="info"]`)))
		// The badges are laid out anew: the focus stays on the one pressed.
		if got := pagetesting.Eval[string](t, ctx, `document.activeElement.dataset.severity || document.activeElement.tagName`); got != "info" {
			t.Errorf("after the filter the focus is on %q, want the info filter", got)
		}
		if got := pagetesting.Eval[string](t, ctx, `[...new Set([...document.querySelectorAll("#audit-body .finding")].map(f => f.dataset.severity))].join(",")`); strings.Contains(got, "info") {
			t.Errorf("notes still shown after hiding them: %s", got)
		}
		if got := pagetesting.Eval[string](t, ctx, `document.querySelector('#audit-body .filter[data-severity="info"]').getAttribute("aria-pressed")`); got != "false" {
			t.Errorf("info filter aria-pressed = %s", got)
		}
		pagetesting.Do(t, ctx, chromedp.ScrollIntoView(chromedp.ID("audit")))
		b.Screenshot(t, ctx, "audit-sorted", false)
		pagetesting.Do(t, ctx, chromedp.Evaluate[chromedp.Void](`document.querySelector('.mark[data-line="62"]').scrollIntoView({block: "center"})`))
		b.Screenshot(t, ctx, "gutter-markers", false)
	})

	t.Run("nothing leaves the browser", b.NothingLeaves)
}

// TestBrowserLinksAndTable: links that carry the file's bytes and cannot
// lie, the verdict and the crawler table agreeing, the examples and the
// text kept across reloads. A browser of its own, beside TestBrowser and
// TestBrowserAnswers.
func TestBrowserLinksAndTable(t *testing.T) {
	pagetesting.BrowserTest(t)
	b := pagetesting.NewBrowser(t)

	t.Run("links carry the bytes and cannot lie", func(t *testing.T) {
		ctx := b.Tab(t)
		b.Open(t, ctx, "")
		const latin = "User-agent: *\r\nDisallow: /caf\xE9/\r\n"
		pagetesting.Upload(t, ctx, pagetesting.WriteFile(t, t.TempDir(), "robots.txt", latin))
		pagetesting.WaitParsed(t, ctx, len(latin))
		pagetesting.TypeInto(t, ctx, "agent", "Bot")
		pagetesting.TypeInto(t, ctx, "url", "/caf%E9/menu")
		pagetesting.WaitFor(t, ctx, `document.getElementById("verdict-word") && document.getElementById("verdict-word").innerText === "DISALLOWED"`)
		pagetesting.Do(t, ctx, chromedp.Click(chromedp.ID("copy-link")))
		pagetesting.WaitFor(t, ctx, `document.getElementById("link-out").value.includes("robots=")`)
		link := pagetesting.Eval[string](t, ctx, `document.getElementById("link-out").value`)
		u, _ := url.Parse(link)
		if got := pagetesting.LinkBytes(t, pagetesting.FragmentKeys(t, u.EscapedFragment())); string(got) != "User-agent: *\r\nDisallow: /caf\xE9/\r\n" {
			t.Errorf("the link carries %q", got)
		}

		// A fresh tab opening it runs the whole analysis on the same bytes.
		ctx2 := b.Tab(t)
		pagetesting.Do(t, ctx2, chromedp.Navigate(link))
		pagetesting.WaitFor(t, ctx2, `document.getElementById("verdict-word") && document.getElementById("verdict-word").innerText === "DISALLOWED"`)
		pagetesting.WaitFor(t, ctx2, `document.querySelectorAll("#structure-body [data-group]").length === 1 && document.querySelectorAll("#matrix-body tr[data-token]").length > 3`)
		if got := pagetesting.TextOf(t, ctx2, "editor-status"); !strings.Contains(got, "CRLF") || !strings.Contains(got, "not UTF-8") {
			t.Errorf("status from the link = %q", got)
		}
		if ids := pagetesting.FindingIDs(t, ctx2); !strings.Contains(ids, "invalid-utf8@") {
			t.Errorf("audit from the link: %s, want invalid-utf8", ids)
		}

		// A cut link is damaged: no verdict, in a fresh tab...
		cut := link[:len(link)-len(link[strings.Index(link, "&crc="):])+len("&crc=")+3] + "&agent=Bot&url=%2Fcaf%25E9%2Fmenu"
		ctx3 := b.Tab(t)
		pagetesting.Do(t, ctx3, chromedp.Navigate(cut))
		pagetesting.WaitFor(t, ctx3, `!!document.querySelector('[data-notice="damaged"]') && !!document.getElementById("verdict-damaged")`)
		if got := pagetesting.Eval[string](t, ctx3, `document.querySelector('[data-notice="damaged"]').innerText`); !strings.Contains(got, "This link is damaged") {
			t.Errorf("damaged notice = %q", got)
		}
		if pagetesting.Eval[bool](t, ctx3, `!!document.getElementById("verdict-word")`) {
			t.Error("a damaged link shows a verdict")
		}
		b.Screenshot(t, ctx3, "damaged-link", false)
		// Typing a new text brings verdicts back.
		pagetesting.Paste(t, ctx3, "User-agent: *\nDisallow: /\n")
		pagetesting.WaitFor(t, ctx3, `document.getElementById("verdict-word") && document.getElementById("verdict-word").innerText === "DISALLOWED"`)
		// ...and on hashchange, with the bytes changed but the checksum kept.
		frag := pagetesting.FragmentKeys(t, u.EscapedFragment())
		other := pagetesting.FlateBase64(t, []byte("User-agent: *\r\nAllow: /\r\n"))
		pagetesting.Do(t, ctx2, chromedp.Evaluate[chromedp.Void](fmt.Sprintf(`location.hash = "v=2&z=1&robots=%s&crc=%s&agent=Bot&url=%%2F"`, other, frag["crc"])))
		pagetesting.WaitFor(t, ctx2, `!!document.querySelector('[data-notice="damaged"]') && !!document.getElementById("verdict-damaged")`)

		// A version-1 link (UTF-8 text, no checksum) still opens.
		ctx4 := b.Tab(t)
		pagetesting.Do(t, ctx4, chromedp.Navigate(b.URL+"/#robots="+base64.RawURLEncoding.EncodeToString([]byte(pagetesting.RobotsText))+"&agent=Googlebot&url=%2Fsearch"))
		pagetesting.WaitFor(t, ctx4, `document.getElementById("verdict-word") && /line 8/.test(document.getElementById("verdict-rule").innerText)`)

		// A long link warns and offers the file instead.
		var sb strings.Builder
		for i := range 4000 {
			fmt.Fprintf(&sb, "Disallow: /%x/\n", i*7919)
		}
		ctx5 := b.Tab(t)
		b.Open(t, ctx5, "")
		pagetesting.SetField(t, ctx5, "robots", "User-agent: *\n"+sb.String())
		pagetesting.Do(t, ctx5, chromedp.Click(chromedp.ID("copy-link")))
		pagetesting.WaitFor(t, ctx5, `!document.getElementById("link-long").hidden`)
		if got := pagetesting.TextOf(t, ctx5, "link-long"); !strings.Contains(got, "may cut links") || !pagetesting.Eval[bool](t, ctx5, `!!document.getElementById("download-file")`) {
			t.Errorf("long link warning = %q", got)
		}
		b.Screenshot(t, ctx5, "long-link", false)
	})

	t.Run("verdict and table agree; fallback and URL notes", func(t *testing.T) {
		ctx := b.Tab(t)
		text := "User-agent: *\nAllow: /\n\nUser-agent: Googlebot\nDisallow: /photos/\n"
		b.Open(t, ctx, "#robots="+base64.RawURLEncoding.EncodeToString([]byte(text)))
		word, line := pagetesting.VerdictFor(t, ctx, "Googlebot-Image", "/photos/cat.jpg")
		if word != "DISALLOWED" || line != 5 {
			t.Errorf("Googlebot-Image: %s by line %d, want DISALLOWED by line 5", word, line)
		}
		if got := pagetesting.TextOf(t, ctx, "verdict-fallback"); !strings.Contains(got, "Googlebot-Image has no group of its own; it follows Googlebot's group (line 4)") {
			t.Errorf("fallback note = %q", got)
		}
		pagetesting.Do(t, ctx, chromedp.ScrollIntoView(chromedp.ID("matcher")))
		b.Screenshot(t, ctx, "fallback", false)
		// The table, with every crawler, says the same for each.
		pagetesting.Do(t, ctx, chromedp.Click(chromedp.CSS("#matrix-body .more")))
		pagetesting.WaitFor(t, ctx, `document.querySelectorAll("#matrix-body tr[data-token]").length > 30`)
		tokens := pagetesting.Eval[[]string](t, ctx, `[...document.querySelectorAll("#matrix-body tr[data-token]")].map(r => r.dataset.token).filter(t => t !== "*")`)
		for _, tok := range tokens {
			want := pagetesting.Eval[string](t, ctx, fmt.Sprintf(`document.querySelector('#matrix-body tr[data-token=%q] .badge').innerText`, tok))
			got, _ := pagetesting.VerdictFor(t, ctx, tok, "/photos/cat.jpg")
			if got != want {
				t.Errorf("%s: verdict box %s, table %s", tok, got, want)
			}
		}
		// Without fallbacks, the plain answer.
		pagetesting.Do(t, ctx, chromedp.Click(chromedp.ID("fallback")))
		pagetesting.TypeInto(t, ctx, "agent", "Googlebot-Image")
		pagetesting.WaitFor(t, ctx, `document.getElementById("verdict-word") && document.getElementById("verdict-word").innerText === "ALLOWED" && !document.getElementById("verdict-fallback")`)
		// ...and so does the table.
		pagetesting.WaitFor(t, ctx, `document.querySelector('#matrix-body tr[data-token="Googlebot-Image"] .badge').innerText === "ALLOWED"`)
		pagetesting.Do(t, ctx, chromedp.Click(chromedp.ID("fallback")))

		for _, tt := range []struct{ url, want string }{
			{"private/x", "is neither a full URL nor a path starting with /"},
			{"https://", "has a scheme but no host"},
			{"", "an empty URL is read as /"},
		} {
			pagetesting.VerdictFor(t, ctx, "Googlebot", tt.url)
			if got := pagetesting.TextOf(t, ctx, "verdict-url-note"); !strings.Contains(got, tt.want) {
				t.Errorf("URL %q: note %q, want %q", tt.url, got, tt.want)
			}
		}
		pagetesting.VerdictFor(t, ctx, "Googlebot", "/photos/")
		if pagetesting.Eval[bool](t, ctx, `!!document.getElementById("verdict-url-note")`) {
			t.Error("a path got a note")
		}
		pagetesting.VerdictFor(t, ctx, "Googlebot", "private/x")
		pagetesting.Do(t, ctx, chromedp.ScrollIntoView(chromedp.ID("matcher")))
		b.Screenshot(t, ctx, "url-note", false)
	})

	t.Run("examples, empty editor, text kept across reloads", func(t *testing.T) {
		ctx := b.Tab(t)
		b.Open(t, ctx, "")
		if got := pagetesting.Eval[string](t, ctx, `(e => e.placeholder || e.getAttribute("aria-placeholder") || "")(document.getElementById("robots"))`); got != "" {
			t.Errorf("the empty editor has a placeholder %q", got)
		}
		pagetesting.Do(t, ctx, chromedp.SetValue(chromedp.ID("example"), "staging"), chromedp.Evaluate[chromedp.Void](`document.getElementById("example").dispatchEvent(new Event("change"))`))
		pagetesting.WaitFor(t, ctx, `document.getElementById("verdict-word") && document.getElementById("verdict-word").innerText === "DISALLOWED"`)
		if got := pagetesting.Eval[string](t, ctx, `document.getElementById("example").value`); got != "staging" {
			t.Errorf("example menu shows %q after loading staging", got)
		}
		// An edit is no longer the example.
		pagetesting.Do(t, ctx, chromedp.Click(chromedp.ID("robots")), chromedp.KeyEvent("#"))
		if got := pagetesting.Eval[string](t, ctx, `document.getElementById("example").value`); got != "" {
			t.Errorf("example menu shows %q after an edit", got)
		}
		want := pagetesting.Eval[string](t, ctx, `document.getElementById("robots").value`)
		pagetesting.Do(t, ctx, chromedp.Evaluate[chromedp.Void](`new Promise(r => setTimeout(r, 600))`, chromedp.EvalAwaitPromise))
		b.Reopen(t, ctx, "")
		if got := pagetesting.Eval[string](t, ctx, `document.getElementById("robots").value`); got != want {
			t.Errorf("after a reload the text is %q, want %q", got, want)
		}
		// A link's text wins over the kept one.
		b.Reopen(t, ctx, "#robots="+base64.RawURLEncoding.EncodeToString([]byte(pagetesting.RobotsText)))
		if got := pagetesting.Eval[string](t, ctx, `document.getElementById("robots").value`); got != pagetesting.RobotsText {
			t.Errorf("with a link the text is %q", got)
		}
	})

	t.Run("nothing leaves the browser", b.NothingLeaves)
}
