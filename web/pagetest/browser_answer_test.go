package pagetest_test

import (
	"context"
	"encoding/base64"
	"fmt"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	cdpbrowser "github.com/chromedp/cdproto/browser"
	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/network"
	"github.com/chromedp/chromedp"

	"github.com/robotstxt/robotstxt/fetch"
	"github.com/robotstxt/robotstxt/netguard"
	"github.com/robotstxt/robotstxt/server"
)

// The page never shows an answer about another file than the one in the
// editor, keeps the user's work across a reload, says why a reading
// differs, and follows the text as it is typed (issue 23).

// origin serves one robots.txt answer.
func origin(t *testing.T, h http.HandlerFunc) string {
	t.Helper()
	s := httptest.NewServer(h)
	t.Cleanup(s.Close)
	return s.URL
}

// fetchSite types an address in "Fetch from a site", fetches and waits
// until the page shows the outcome (want is the API's status).
func fetchSite(t *testing.T, ctx context.Context, address, want string) {
	t.Helper()
	do(t, ctx, chromedp.Evaluate[chromedp.Void](`document.getElementById("fetch-site").dataset.state = ""`))
	typeInto(t, ctx, "fetch-url", address)
	do(t, ctx, chromedp.Click(chromedp.ID("fetch-go")))
	waitFor(t, ctx, fmt.Sprintf(`document.getElementById("fetch-site").dataset.state === %q`, want))
}

// click clicks the element the selector finds, and fails at once when
// there is none (chromedp would wait for it until the test times out).
func click(t *testing.T, ctx context.Context, sel string) {
	t.Helper()
	if !eval[bool](t, ctx, fmt.Sprintf(`!!document.querySelector(%q)`, sel)) {
		t.Fatalf("nothing to click: %s", sel)
	}
	do(t, ctx, chromedp.Click(chromedp.CSS(sel)))
}

func TestBrowserFetchOutcomes(t *testing.T) {
	if testing.Short() {
		t.Skip("browser tests are not short")
	}
	site := origin(t, func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Cache-Control", "max-age=3600")
		w.Write([]byte("User-agent: *\nDisallow: /private/\n"))
	})
	missing := origin(t, func(w http.ResponseWriter, r *http.Request) { http.NotFound(w, r) })
	forbidden := origin(t, func(w http.ResponseWriter, r *http.Request) { http.Error(w, "no", http.StatusForbidden) })
	down := origin(t, func(w http.ResponseWriter, r *http.Request) { http.Error(w, "busy", http.StatusServiceUnavailable) })
	// A soft 404: an HTML page with 200 and no Cache-Control at all.
	soft := origin(t, func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/html")
		w.Write([]byte("<!doctype html><html><body><h1>Page not found</h1></body></html>"))
	})
	big := origin(t, func(w http.ResponseWriter, r *http.Request) {
		var sb strings.Builder
		sb.WriteString("User-agent: *\n")
		for i := 0; sb.Len() < 700<<10; i++ {
			fmt.Fprintf(&sb, "Disallow: /generated/%d/\n", i)
		}
		w.Header().Set("Cache-Control", "max-age=0")
		w.Write([]byte(sb.String()))
	})

	b := newBrowserWith(t, server.Options{Fetch: &server.FetchOptions{Fetcher: &fetch.Fetcher{Guard: &netguard.Policy{AllowPrivate: true}}}})
	ctx := b.tab(t)
	b.open(t, ctx, "#agent=Googlebot&url=%2Fprivate%2Fx")
	waitFor(t, ctx, `!document.getElementById("fetch-site").hidden`)
	fetchSite(t, ctx, site, "success")
	waitFor(t, ctx, `document.getElementById("verdict-word") && document.getElementById("verdict-word").innerText === "DISALLOWED"`)

	// A 404: no rules. The previous site's file and its verdict go; the
	// editor holds an empty file, which means the same.
	fetchSite(t, ctx, missing, "unavailable")
	waitFor(t, ctx, `document.getElementById("robots").value === "" && document.getElementById("verdict-word") && document.getElementById("verdict-word").innerText === "ALLOWED"`)
	if got := bandLines(t, ctx, "disallow"); got != "" {
		t.Errorf("after a 404 the old deciding line %s is still highlighted", got)
	}
	if got := textOf(t, ctx, "fetch-status"); !strings.Contains(got, "HTTP 404") || !strings.Contains(got, "is not available") {
		t.Errorf("404 status: %q", got)
	}
	b.screenshot(t, ctx, "fetch-404", false)

	// A 403 is not "not there": the site refuses access.
	fetchSite(t, ctx, site, "success")
	waitFor(t, ctx, `document.getElementById("verdict-word").innerText === "DISALLOWED"`)
	fetchSite(t, ctx, forbidden, "unavailable")
	if got := textOf(t, ctx, "fetch-status"); !strings.Contains(got, "HTTP 403") || !strings.Contains(got, "refuses access") || strings.Contains(got, "is not there") {
		t.Errorf("403 status: %q", got)
	}

	// A 503: no file to answer about, and no verdict about the old one.
	fetchSite(t, ctx, site, "success")
	waitFor(t, ctx, `document.getElementById("verdict-word") && document.getElementById("verdict-word").innerText === "DISALLOWED"`)
	fetchSite(t, ctx, down, "unreachable")
	waitFor(t, ctx, `!!document.getElementById("verdict-unfetched")`)
	if got := eval[string](t, ctx, `document.getElementById("robots").value + "|" + !!document.getElementById("verdict-word") + "|" + document.querySelectorAll("#matrix-body tr[data-token]").length + "|" + document.querySelectorAll(".band.b-disallow").length`); got != "|false|0|0" {
		t.Errorf("after a 503: editor|verdict|table rows|bands = %s, want everything about the old file gone", got)
	}
	if got := textOf(t, ctx, "verdict"); !strings.Contains(got, "disallowed") {
		t.Errorf("503 verdict box: %q", got)
	}
	b.screenshot(t, ctx, "fetch-503", false)

	// An HTML soft 404 with no max-age: both are said.
	fetchSite(t, ctx, soft, "success")
	got := textOf(t, ctx, "fetch-status")
	for _, want := range []string{"looks like an HTML page", "sends no max-age", "24 hours"} {
		if !strings.Contains(got, want) {
			t.Errorf("soft 404 status %q lacks %q", got, want)
		}
	}
	// The status line follows the language.
	do(t, ctx, chromedp.Click(chromedp.CSS(`.langs button[data-lang="ru"]`)))
	waitFor(t, ctx, `document.documentElement.lang === "ru" && document.getElementById("fetch-status").innerText.includes("HTML-страницу")`)
	do(t, ctx, chromedp.Click(chromedp.CSS(`.langs button[data-lang="en"]`)))
	waitFor(t, ctx, `document.documentElement.lang === "en" && document.getElementById("fetch-status").innerText.includes("HTML page")`)

	// A file longer than the server reads: only its first 500 KiB came.
	fetchSite(t, ctx, big, "success")
	got = textOf(t, ctx, "fetch-status")
	if !strings.Contains(got, "longer than the server reads") || !strings.Contains(got, "512,000 bytes") || !strings.Contains(got, "asks not to cache") {
		t.Errorf("truncated status %q", got)
	}
	// Fetched again within the minute: reused, and said so.
	fetchSite(t, ctx, site, "success")
	if got := textOf(t, ctx, "fetch-status"); !strings.Contains(got, "less than a minute old") || !strings.Contains(got, "1 hour") {
		t.Errorf("reused status %q", got)
	}

	// The one-step live test: a full URL, its host's live robots.txt.
	typeInto(t, ctx, "agent", "Googlebot")
	typeInto(t, ctx, "url", missing+"/x")
	fetchSite(t, ctx, missing, "unavailable")
	typeInto(t, ctx, "url", site+"/private/page")
	click(t, ctx, "#live-test")
	waitFor(t, ctx, `document.getElementById("live-note").innerText.includes("Tested against")`)
	waitFor(t, ctx, `document.getElementById("verdict-word") && document.getElementById("verdict-word").innerText === "DISALLOWED" && /line 2/.test(document.getElementById("verdict-rule").innerText)`)
	if got := textOf(t, ctx, "editor-status"); !strings.Contains(got, site+"/robots.txt") {
		t.Errorf("after the live test the editor holds %q, want the site's robots.txt", got)
	}
	for _, p := range b.problems {
		t.Errorf("browser console: %s", p)
	}
}

func TestBrowserAnswers(t *testing.T) {
	if testing.Short() {
		t.Skip("browser tests are not short")
	}
	b := newBrowser(t)

	t.Run("a reload after Copy link keeps the later edits", func(t *testing.T) {
		ctx := b.tab(t)
		b.open(t, ctx, "")
		paste(t, ctx, robotsText)
		typeInto(t, ctx, "agent", "Googlebot")
		do(t, ctx, chromedp.Click(chromedp.ID("copy-link")))
		waitFor(t, ctx, `location.hash.includes("robots=")`)
		// An edit after the link was made: the address bar no longer
		// carries the old text, and a reload shows the edited one.
		do(t, ctx, chromedp.Evaluate[chromedp.Void](`(() => { const ta = document.getElementById("robots"); ta.focus(); ta.setSelectionRange(ta.value.length, ta.value.length) })()`),
			chromedp.KeyEvent("# later edit"))
		want := eval[string](t, ctx, `document.getElementById("robots").value`)
		if !strings.HasSuffix(want, "# later edit") {
			t.Fatalf("the edit did not land: %q", want)
		}
		waitFor(t, ctx, `!location.hash.includes("robots=") && location.hash.includes("agent=Googlebot")`)
		do(t, ctx, chromedp.Evaluate[chromedp.Void](`new Promise(r => setTimeout(r, 600))`, chromedp.EvalAwaitPromise))
		do(t, ctx, chromedp.Reload())
		waitFor(t, ctx, `document.body.dataset.engine === "ready" && document.body.dataset.settled === "true"`)
		if got := eval[string](t, ctx, `document.getElementById("robots").value`); got != want {
			t.Errorf("after a reload the text is %q, want the edited %q", got, want)
		}
		if got := eval[string](t, ctx, `document.getElementById("agent").value`); got != "Googlebot" {
			t.Errorf("after a reload the agent is %q", got)
		}
	})

	t.Run("Googlebot preselected, the file downloadable, the live test says where it cannot", func(t *testing.T) {
		ctx := b.tab(t)
		b.open(t, ctx, "")
		if got := eval[string](t, ctx, `document.getElementById("agent").value`); got != "Googlebot" {
			t.Errorf("user-agent field = %q, want Googlebot preselected", got)
		}
		// The file's own bytes (Latin-1, CRLF), whatever the text box shows.
		const latin = "User-agent: *\r\nDisallow: /caf\xE9/\r\n"
		upload(t, ctx, writeFile(t, t.TempDir(), "site.txt", latin))
		waitParsed(t, ctx, len(latin))
		dir := t.TempDir()
		do(t, ctx, chromedp.Func(func(ctx context.Context, tg *chromedp.Target) error {
			_, err := cdp.Call(ctx, tg, cdpbrowser.SetDownloadBehavior, cdpbrowser.SetDownloadBehaviorParams{Behavior: cdpbrowser.SetDownloadBehaviorBehaviorAllow, DownloadPath: dir})
			return err
		}))
		click(t, ctx, "#download")
		var data []byte
		for deadline := time.Now().Add(20 * time.Second); time.Now().Before(deadline) && string(data) != latin; time.Sleep(100 * time.Millisecond) {
			data, _ = os.ReadFile(filepath.Join(dir, "site.txt"))
		}
		if string(data) != latin {
			t.Errorf("downloaded %q, want the file's bytes %q", data, latin)
		}
		// A static copy cannot fetch: the live test says so.
		typeInto(t, ctx, "url", "https://www.example.com/private/x")
		click(t, ctx, "#live-test")
		waitFor(t, ctx, `document.getElementById("live-note").innerText.includes("cannot fetch")`)
		if got := textOf(t, ctx, "live-note"); !strings.Contains(got, "robotstxt serve --allow-fetch") {
			t.Errorf("live note %q", got)
		}
	})

	t.Run("links carry the URL list and the compared version", func(t *testing.T) {
		ctx := b.tab(t)
		b.open(t, ctx, "#robots="+base64.RawURLEncoding.EncodeToString([]byte(robotsText)))
		setField(t, ctx, "many-agents", "Googlebot\nGPTBot\n")
		setField(t, ctx, "many-urls", "/private/x\n/search\n")
		const other = "User-agent: *\r\nDisallow: /caf\xE9/\r\n"
		upload2 := writeFile(t, t.TempDir(), "other.txt", other)
		do(t, ctx, chromedp.SetUploadFiles(chromedp.ID("compare-file"), []string{upload2}))
		waitFor(t, ctx, `document.querySelectorAll("#compare-body tbody tr").length > 0`)
		want := textOf(t, ctx, "compare-body")
		do(t, ctx, chromedp.Click(chromedp.ID("copy-link")))
		waitFor(t, ctx, `document.getElementById("link-out").value.includes("many=")`)
		link := eval[string](t, ctx, `document.getElementById("link-out").value`)
		keys := fragmentKeys(t, link[strings.Index(link, "#")+1:])
		if got := linkBytes(t, map[string]string{"robots": keys["other"], "z": keys["z"], "crc": keys["ocrc"]}); string(got) != other {
			t.Errorf("the link's other version is %q, want the file's bytes %q", got, other)
		}
		ctx2 := b.tab(t)
		do(t, ctx2, chromedp.Navigate(link))
		waitFor(t, ctx2, `document.querySelectorAll("#many-body tbody tr").length === 2 && document.querySelectorAll("#compare-body tbody tr").length > 0`)
		if got := eval[string](t, ctx2, `document.getElementById("many-agents").value + "|" + document.getElementById("many-urls").value`); got != "Googlebot\nGPTBot\n|/private/x\n/search\n" {
			t.Errorf("lists from the link: %q", got)
		}
		if got := textOf(t, ctx2, "compare-body"); got != want {
			t.Errorf("compare from the link:\n%s\nwant:\n%s", got, want)
		}
		// A compared version that does not match its checksum: damaged.
		ctx3 := b.tab(t)
		do(t, ctx3, chromedp.Navigate(strings.Replace(link, "ocrc="+keys["ocrc"], "ocrc=00000000", 1)))
		waitFor(t, ctx3, `!!document.querySelector('[data-notice="damaged"]') && !!document.getElementById("verdict-damaged")`)
	})

	t.Run("the page's text shows before its catalogue and module arrive", func(t *testing.T) {
		ctx := b.tab(t)
		// A link so slow that the catalogues and the module never come.
		do(t, ctx, chromedp.Func(func(ctx context.Context, tg *chromedp.Target) error {
			_, err := cdp.Call(ctx, tg, network.Enable, network.EnableParams{})
			if err != nil {
				return err
			}
			_, err = cdp.Call(ctx, tg, network.SetBlockedURLs, network.SetBlockedURLsParams{URLPatterns: []*network.BlockPattern{{URLPattern: "*://*:*/v/*/i18n/*", Block: true}, {URLPattern: "*://*:*/v/*/robotstxt.wasm", Block: true}}})
			return err
		}))
		do(t, ctx, chromedp.Navigate(b.ts.URL+"/"))
		waitFor(t, ctx, `document.readyState === "complete"`)
		got := eval[string](t, ctx, `(() => {
			const e = document.getElementById("editor-title");
			const m = document.getElementById("matcher-title");
			// "loading" stays until the catalogue is in: it never came.
			return e.innerText + "|" + m.innerText + "|" + getComputedStyle(document.querySelector("main")).visibility + "|" + document.body.classList.contains("loading");
		})()`)
		if got != "Your robots.txt|Test a URL|visible|true" {
			t.Errorf("before the catalogue: %q, want the English titles shown", got)
		}
		b.screenshot(t, ctx, "text-at-once", false)
		b.mu.Lock()
		b.problems = nil // the blocked requests are reported as errors
		b.mu.Unlock()
	})

	t.Run("Yandex's reading is explained", func(t *testing.T) {
		ctx := b.tab(t)
		const file = "User-agent: *\n\nDisallow: /private/\n"
		b.open(t, ctx, "#robots="+base64.RawURLEncoding.EncodeToString([]byte(file)))
		word, _ := verdictFor(t, ctx, "Yandex", "/private/x")
		if word != "ALLOWED" {
			t.Fatalf("Yandex /private/x = %s, want ALLOWED (Yandex's reading)", word)
		}
		got := textOf(t, ctx, "verdict-reading")
		for _, want := range []string{"Yandex reads this file differently", "blank line 2"} {
			if !strings.Contains(got, want) {
				t.Errorf("reading note %q lacks %q", got, want)
			}
		}
		click(t, ctx, `#verdict-reading .line-link`)
		if got := bandLines(t, ctx, "focus"); got != "2" {
			t.Errorf("the note's line button focused line %q, want 2", got)
		}
		do(t, ctx, chromedp.ScrollIntoView(chromedp.ID("matcher")))
		b.screenshot(t, ctx, "yandex-reading", false)
		do(t, ctx, chromedp.Click(chromedp.CSS(`.langs button[data-lang="ru"]`)))
		waitFor(t, ctx, `document.documentElement.lang === "ru" && document.getElementById("verdict-reading") && document.getElementById("verdict-reading").innerText.includes("Яндекс читает этот файл иначе")`)
		do(t, ctx, chromedp.Click(chromedp.CSS(`.langs button[data-lang="en"]`)))
		waitFor(t, ctx, `document.documentElement.lang === "en"`)
		if word, _ := verdictFor(t, ctx, "Bingbot", "/private/x"); word != "DISALLOWED" || eval[bool](t, ctx, `!!document.getElementById("verdict-reading")`) {
			t.Errorf("Bingbot: %s, with a reading note: %v", word, eval[bool](t, ctx, `!!document.getElementById("verdict-reading")`))
		}
	})

	t.Run("the audit follows the text as it is typed", func(t *testing.T) {
		ctx := b.tab(t)
		b.open(t, ctx, "")
		// A paste, and no press of Parse: the audit and its markers come.
		paste(t, ctx, "User-agent: *\nDisallow: /x\nAllow: oops\n")
		waitFor(t, ctx, `document.getElementById("audit-body").dataset.rev === document.getElementById("editor").dataset.rev && !!document.querySelector('.mark.m-error[data-line="3"]')`)
		// One keystroke: the markers stay while the next audit runs...
		do(t, ctx, chromedp.Evaluate[chromedp.Void](`(() => { const ta = document.getElementById("robots"); ta.focus(); ta.setSelectionRange(0, 0) })()`),
			chromedp.KeyEvent("#"))
		if !eval[bool](t, ctx, `!!document.querySelector('.mark.m-error')`) {
			t.Error("the gutter markers vanished after one keystroke")
		}
		// ...which comes without Parse, about the text now shown.
		waitFor(t, ctx, `document.getElementById("audit-body").dataset.rev === document.getElementById("editor").dataset.rev`)
		if !eval[bool](t, ctx, `!!document.querySelector('.mark.m-error[data-line="3"]')`) {
			t.Error("no marker on the error line after the audit of the edited text")
		}
	})

	t.Run("notices and a damaged link in the page's language and state", func(t *testing.T) {
		ctx := b.tab(t)
		b.open(t, ctx, "")
		upload(t, ctx, writeFile(t, t.TempDir(), "latin1.txt", "User-agent: *\nDisallow: /caf\xE9/\n"))
		waitFor(t, ctx, `!!document.querySelector('[data-notice="not-utf8"]')`)
		do(t, ctx, chromedp.Click(chromedp.CSS(`.langs button[data-lang="ro"]`)))
		waitFor(t, ctx, `document.documentElement.lang === "ro"`)
		if got := eval[string](t, ctx, `document.querySelector('[data-notice="not-utf8"]').innerText`); !strings.Contains(got, "UTF-8") || strings.Contains(got, "This file") {
			t.Errorf("the notice stayed in English after the switch to Romanian: %q", got)
		}
		do(t, ctx, chromedp.Click(chromedp.CSS(`.langs button[data-lang="en"]`)))
		waitFor(t, ctx, `document.documentElement.lang === "en"`)

		// A damaged link arriving by hashchange: the old text and its
		// deciding-rule band go with the verdict.
		setField(t, ctx, "robots", robotsText)
		word, _ := verdictFor(t, ctx, "Googlebot", "/search")
		if word != "DISALLOWED" || bandLines(t, ctx, "disallow") != "8" {
			t.Fatalf("before the damaged link: %s, band %q", word, bandLines(t, ctx, "disallow"))
		}
		do(t, ctx, chromedp.Evaluate[chromedp.Void](`new Promise(r => setTimeout(r, 600))`, chromedp.EvalAwaitPromise))
		do(t, ctx, chromedp.Evaluate[chromedp.Void](`location.hash = "v=2&z=1&robots=AAAA&crc=00000000"`))
		waitFor(t, ctx, `!!document.getElementById("verdict-damaged")`)
		if got := eval[string](t, ctx, `document.getElementById("robots").value + "|" + document.querySelectorAll(".band.b-disallow, .band.b-group").length`); got != "|0" {
			t.Errorf("after a damaged link: editor|bands = %q, want the old text and bands gone", got)
		}
		// The text kept from before stays for a reload without the link.
		do(t, ctx, chromedp.Evaluate[chromedp.Void](`new Promise(r => setTimeout(r, 600))`, chromedp.EvalAwaitPromise))
		b.reopen(t, ctx, "")
		if got := eval[string](t, ctx, `document.getElementById("robots").value`); got != robotsText {
			t.Errorf("the damaged link threw away the kept text: %q", got)
		}
	})
}

func TestBrowserListsAndCompare(t *testing.T) {
	if testing.Short() {
		t.Skip("browser tests are not short")
	}
	b := newBrowser(t)
	ctx := b.tab(t)
	// A Latin-1 rule: the table, its CSV and compare show it as matched,
	// never as U+FFFD.
	b.open(t, ctx, "#robots="+base64.RawURLEncoding.EncodeToString([]byte("User-agent: *\nDisallow: /caf\xE9/\n")))
	setField(t, ctx, "many-agents", "Googlebot\nBingbot\n")
	setField(t, ctx, "many-urls", "/caf%E9/x\n/other\n")
	do(t, ctx, chromedp.Click(chromedp.ID("many-run")))
	waitFor(t, ctx, `document.querySelectorAll("#many-body tbody tr").length === 2`)
	if got := eval[string](t, ctx, `document.querySelector('#many-body tr[data-url="/caf%E9/x"] td[data-agent="Bingbot"]').innerText`); got != "DISALLOWED line 2 Disallow: /caf%E9/" {
		t.Errorf("Latin-1 rule in the table: %q", got)
	}
	if got := eval[string](t, ctx, `document.getElementById("many-body").innerHTML`); strings.ContainsRune(got, '\uFFFD') {
		t.Error("the table shows U+FFFD")
	}
	setField(t, ctx, "compare-text", "User-agent: *\nAllow: /\n")
	do(t, ctx, chromedp.Click(chromedp.ID("compare-run")))
	waitFor(t, ctx, `document.querySelectorAll("#compare-body tbody tr").length > 0`)
	if got := textOf(t, ctx, "compare-body"); strings.ContainsRune(got, '\uFFFD') || !strings.Contains(got, "Disallow: /caf%E9/") {
		t.Errorf("compare of a Latin-1 rule: %.400s", got)
	}
	// Compare says which crawlers it used: those of the many-URL box.
	if got := textOf(t, ctx, "compare-agents"); !strings.Contains(got, "Googlebot, Bingbot") || !strings.Contains(got, "robotstxt diff") {
		t.Errorf("compare's crawlers: %q", got)
	}

	// A list over the bound: said in the page's language, beside the list,
	// without the module's internal words.
	setField(t, ctx, "many-urls", strings.Repeat("/x\n", 50001))
	do(t, ctx, chromedp.Click(chromedp.ID("many-run")))
	waitFor(t, ctx, `!!document.getElementById("many-problem")`)
	if got := textOf(t, ctx, "many-problem"); !strings.Contains(got, "50,001 URLs given") || !strings.Contains(got, "50,000") || strings.Contains(got, "checkMany") {
		t.Errorf("bound message %q", got)
	}
	if !eval[bool](t, ctx, `document.getElementById("banner").hidden`) {
		t.Errorf("the bound is shown as an error: %s", textOf(t, ctx, "banner"))
	}
	do(t, ctx, chromedp.Click(chromedp.CSS(`.langs button[data-lang="ru"]`)))
	waitFor(t, ctx, `document.documentElement.lang === "ru" && !!document.getElementById("many-problem") && /Указано URL/.test(document.getElementById("many-problem").innerText)`)
	do(t, ctx, chromedp.Click(chromedp.CSS(`.langs button[data-lang="en"]`)))
	waitFor(t, ctx, `document.documentElement.lang === "en"`)

	// Probe paths of files with many '*' patterns: the search stops at its
	// bound, and compare says so.
	var sb strings.Builder
	sb.WriteString("User-agent: *\n")
	for i := range 20 {
		fmt.Fprintf(&sb, "Disallow: /*%c*%c*%d$\n", 'a'+i%26, 'a'+(i*7)%26, i)
	}
	setField(t, ctx, "many-urls", "")
	setField(t, ctx, "robots", sb.String())
	setField(t, ctx, "compare-text", "User-agent: *\nDisallow: /\n")
	do(t, ctx, chromedp.Click(chromedp.ID("compare-run")))
	// The bounded search costs seconds (diff's probe search, in
	// WebAssembly): wait as long as a loaded machine may need.
	if _, err := chromedp.Run(ctx, chromedp.Poll[chromedp.Void](`!!document.getElementById("compare-bounded")`,
		chromedp.WithPollingInterval(100*time.Millisecond), chromedp.WithPollingTimeout(4*time.Minute))); err != nil {
		t.Fatalf("no note that the probe search was bounded: %v (compare: %.300s)", err, textOf(t, ctx, "compare-body"))
	}
	if got := textOf(t, ctx, "compare-bounded"); !strings.Contains(got, "stopped at its bound") {
		t.Errorf("bounded note %q", got)
	}
	for _, p := range b.problems {
		t.Errorf("browser console: %s", p)
	}
}
