package editor_test

import (
	"context"
	"encoding/base64"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/network"
	"github.com/chromedp/chromedp"

	"github.com/robotstxt/robotstxt/web/internal/pagetesting"
)

func TestBrowserAnswers(t *testing.T) {
	pagetesting.BrowserTest(t)
	b := pagetesting.NewBrowser(t)

	t.Run("a reload after Copy link keeps the later edits", func(t *testing.T) {
		ctx := b.Tab(t)
		b.Open(t, ctx, "")
		pagetesting.Paste(t, ctx, pagetesting.RobotsText)
		pagetesting.TypeInto(t, ctx, "agent", "Googlebot")
		pagetesting.Do(t, ctx, chromedp.Click(chromedp.ID("copy-link")))
		pagetesting.WaitFor(t, ctx, `location.hash.includes("robots=")`)
		// An edit after the link was made: the address bar no longer
		// carries the old text, and a reload shows the edited one.
		pagetesting.Do(t, ctx, chromedp.Evaluate[chromedp.Void](`(() => { const ta = document.getElementById("robots"); ta.focus(); ta.setSelectionRange(ta.value.length, ta.value.length) })()`),
			chromedp.KeyEvent("# later edit"))
		want := pagetesting.Eval[string](t, ctx, `document.getElementById("robots").value`)
		if !strings.HasSuffix(want, "# later edit") {
			t.Fatalf("the edit did not land: %q", want)
		}
		pagetesting.WaitFor(t, ctx, `!location.hash.includes("robots=") && location.hash.includes("agent=Googlebot")`)
		pagetesting.Do(t, ctx, chromedp.Evaluate[chromedp.Void](`new Promise(r => setTimeout(r, 600))`, chromedp.EvalAwaitPromise))
		pagetesting.Do(t, ctx, chromedp.Reload())
		pagetesting.WaitFor(t, ctx, `document.body.dataset.engine === "ready" && document.body.dataset.settled === "true"`)
		if got := pagetesting.Eval[string](t, ctx, `document.getElementById("robots").value`); got != want {
			t.Errorf("after a reload the text is %q, want the edited %q", got, want)
		}
		if got := pagetesting.Eval[string](t, ctx, `document.getElementById("agent").value`); got != "Googlebot" {
			t.Errorf("after a reload the agent is %q", got)
		}
	})

	t.Run("Googlebot preselected, the file downloadable, the live test says where it cannot", func(t *testing.T) {
		ctx := b.Tab(t)
		b.Open(t, ctx, "")
		if got := pagetesting.Eval[string](t, ctx, `document.getElementById("agent").value`); got != "Googlebot" {
			t.Errorf("user-agent field = %q, want Googlebot preselected", got)
		}
		// The file's own bytes (Latin-1, CRLF), whatever the text box shows.
		const latin = "User-agent: *\r\nDisallow: /caf\xE9/\r\n"
		pagetesting.Upload(t, ctx, pagetesting.WriteFile(t, t.TempDir(), "site.txt", latin))
		pagetesting.WaitParsed(t, ctx, len(latin))
		dir := t.TempDir()
		pagetesting.AllowDownloads(t, ctx, dir)
		pagetesting.Click(t, ctx, "#download")
		var data []byte
		for deadline := time.Now().Add(20 * time.Second); time.Now().Before(deadline) && string(data) != latin; time.Sleep(100 * time.Millisecond) {
			data, _ = os.ReadFile(filepath.Join(dir, "site.txt"))
		}
		if string(data) != latin {
			t.Errorf("downloaded %q, want the file's bytes %q", data, latin)
		}
		// A static copy cannot fetch: the live test says so.
		pagetesting.TypeInto(t, ctx, "url", "https://www.example.com/private/x")
		pagetesting.Click(t, ctx, "#live-test")
		pagetesting.WaitFor(t, ctx, `document.getElementById("live-note").innerText.includes("cannot fetch")`)
		if got := pagetesting.TextOf(t, ctx, "live-note"); !strings.Contains(got, "robotstxt serve --allow-fetch") {
			t.Errorf("live note %q", got)
		}
	})

	t.Run("links carry the URL list and the compared version", func(t *testing.T) {
		ctx := b.Tab(t)
		b.Open(t, ctx, "#robots="+base64.RawURLEncoding.EncodeToString([]byte(pagetesting.RobotsText)))
		pagetesting.SetField(t, ctx, "many-agents", "Googlebot\nGPTBot\n")
		pagetesting.SetField(t, ctx, "many-urls", "/private/x\n/search\n")
		const other = "User-agent: *\r\nDisallow: /caf\xE9/\r\n"
		upload2 := pagetesting.WriteFile(t, t.TempDir(), "other.txt", other)
		pagetesting.Do(t, ctx, chromedp.SetUploadFiles(chromedp.ID("compare-file"), []string{upload2}))
		pagetesting.WaitFor(t, ctx, `document.querySelectorAll("#compare-body tbody tr").length > 0`)
		want := pagetesting.TextOf(t, ctx, "compare-body")
		pagetesting.Do(t, ctx, chromedp.Click(chromedp.ID("copy-link")))
		pagetesting.WaitFor(t, ctx, `document.getElementById("link-out").value.includes("many=")`)
		link := pagetesting.Eval[string](t, ctx, `document.getElementById("link-out").value`)
		keys := pagetesting.FragmentKeys(t, link[strings.Index(link, "#")+1:])
		if got := pagetesting.LinkBytes(t, map[string]string{"robots": keys["other"], "z": keys["z"], "crc": keys["ocrc"]}); string(got) != other {
			t.Errorf("the link's other version is %q, want the file's bytes %q", got, other)
		}
		ctx2 := b.Tab(t)
		pagetesting.Do(t, ctx2, chromedp.Navigate(link))
		pagetesting.WaitFor(t, ctx2, `document.querySelectorAll("#many-body tbody tr").length === 2 && document.querySelectorAll("#compare-body tbody tr").length > 0`)
		if got := pagetesting.Eval[string](t, ctx2, `document.getElementById("many-agents").value + "|" + document.getElementById("many-urls").value`); got != "Googlebot\nGPTBot\n|/private/x\n/search\n" {
			t.Errorf("lists from the link: %q", got)
		}
		if got := pagetesting.TextOf(t, ctx2, "compare-body"); got != want {
			t.Errorf("compare from the link:\n%s\nwant:\n%s", got, want)
		}
		// A compared version that does not match its checksum: damaged.
		ctx3 := b.Tab(t)
		pagetesting.Do(t, ctx3, chromedp.Navigate(strings.Replace(link, "ocrc="+keys["ocrc"], "ocrc=00000000", 1)))
		pagetesting.WaitFor(t, ctx3, `!!document.querySelector('[data-notice="damaged"]') && !!document.getElementById("verdict-damaged")`)
	})

	t.Run("the page's text shows before its catalogue and module arrive", func(t *testing.T) {
		ctx := b.OwnTab(t) // its blocked URLs stay with the tab
		// A link so slow that the catalogues and the module never come.
		pagetesting.Do(t, ctx, chromedp.Func(func(ctx context.Context, tg *chromedp.Target) error {
			_, err := cdp.Call(ctx, tg, network.Enable, network.EnableParams{})
			if err != nil {
				return err
			}
			_, err = cdp.Call(ctx, tg, network.SetBlockedURLs, network.SetBlockedURLsParams{URLPatterns: []*network.BlockPattern{{URLPattern: "*://*:*/v/*/i18n/*", Block: true}, {URLPattern: "*://*:*/v/*/robotstxt.wasm", Block: true}}})
			return err
		}))
		pagetesting.Do(t, ctx, chromedp.Navigate(b.URL+"/"))
		pagetesting.WaitFor(t, ctx, `document.readyState === "complete"`)
		got := pagetesting.Eval[string](t, ctx, `(() => {
			const e = document.getElementById("editor-title");
			const m = document.getElementById("matcher-title");
			// "loading" stays until the catalogue is in: it never came.
			return e.innerText + "|" + m.innerText + "|" + getComputedStyle(document.querySelector("main")).visibility + "|" + document.body.classList.contains("loading");
		})()`)
		if got != "Your robots.txt|Test a URL|visible|true" {
			t.Errorf("before the catalogue: %q, want the English titles shown", got)
		}
		b.Screenshot(t, ctx, "text-at-once", false)
		b.ForgetProblems() // the blocked requests are reported as errors
	})

	t.Run("Yandex's reading is explained", func(t *testing.T) {
		ctx := b.Tab(t)
		const file = "User-agent: *\n\nDisallow: /private/\n"
		b.Open(t, ctx, "#robots="+base64.RawURLEncoding.EncodeToString([]byte(file)))
		word, _ := pagetesting.VerdictFor(t, ctx, "Yandex", "/private/x")
		if word != "ALLOWED" {
			t.Fatalf("Yandex /private/x = %s, want ALLOWED (Yandex's reading)", word)
		}
		got := pagetesting.TextOf(t, ctx, "verdict-reading")
		for _, want := range []string{"Yandex reads this file differently", "blank line 2"} {
			if !strings.Contains(got, want) {
				t.Errorf("reading note %q lacks %q", got, want)
			}
		}
		pagetesting.Click(t, ctx, `#verdict-reading .line-link`)
		if got := pagetesting.BandLines(t, ctx, "focus"); got != "2" {
			t.Errorf("the note's line button focused line %q, want 2", got)
		}
		pagetesting.Do(t, ctx, chromedp.ScrollIntoView(chromedp.ID("matcher")))
		b.Screenshot(t, ctx, "yandex-reading", false)
		pagetesting.Do(t, ctx, chromedp.Click(chromedp.CSS(`.langs button[data-lang="ru"]`)))
		pagetesting.WaitFor(t, ctx, `document.documentElement.lang === "ru" && document.getElementById("verdict-reading") && document.getElementById("verdict-reading").innerText.includes("Яндекс читает этот файл иначе")`)
		pagetesting.Do(t, ctx, chromedp.Click(chromedp.CSS(`.langs button[data-lang="en"]`)))
		pagetesting.WaitFor(t, ctx, `document.documentElement.lang === "en"`)
		if word, _ := pagetesting.VerdictFor(t, ctx, "Bingbot", "/private/x"); word != "DISALLOWED" || pagetesting.Eval[bool](t, ctx, `!!document.getElementById("verdict-reading")`) {
			t.Errorf("Bingbot: %s, with a reading note: %v", word, pagetesting.Eval[bool](t, ctx, `!!document.getElementById("verdict-reading")`))
		}
	})

	t.Run("the audit follows the text as it is typed", func(t *testing.T) {
		ctx := b.Tab(t)
		b.Open(t, ctx, "")
		// A paste, and no press of Parse: the audit and its markers come.
		pagetesting.Paste(t, ctx, "User-agent: *\nDisallow: /x\nAllow: oops\n")
		pagetesting.WaitFor(t, ctx, `document.getElementById("audit-body").dataset.rev === document.getElementById("editor").dataset.rev && !!document.querySelector('.mark.m-error[data-line="3"]')`)
		// One keystroke: the markers stay while the next audit runs...
		pagetesting.Do(t, ctx, chromedp.Evaluate[chromedp.Void](`(() => { const ta = document.getElementById("robots"); ta.focus(); ta.setSelectionRange(0, 0) })()`),
			chromedp.KeyEvent("#"))
		if !pagetesting.Eval[bool](t, ctx, `!!document.querySelector('.mark.m-error')`) {
			t.Error("the gutter markers vanished after one keystroke")
		}
		// ...which comes without Parse, about the text now shown.
		pagetesting.WaitFor(t, ctx, `document.getElementById("audit-body").dataset.rev === document.getElementById("editor").dataset.rev`)
		if !pagetesting.Eval[bool](t, ctx, `!!document.querySelector('.mark.m-error[data-line="3"]')`) {
			t.Error("no marker on the error line after the audit of the edited text")
		}
	})

	t.Run("notices and a damaged link in the page's language and state", func(t *testing.T) {
		ctx := b.Tab(t)
		b.Open(t, ctx, "")
		pagetesting.Upload(t, ctx, pagetesting.WriteFile(t, t.TempDir(), "latin1.txt", "User-agent: *\nDisallow: /caf\xE9/\n"))
		pagetesting.WaitFor(t, ctx, `!!document.querySelector('[data-notice="not-utf8"]')`)
		pagetesting.Do(t, ctx, chromedp.Click(chromedp.CSS(`.langs button[data-lang="ro"]`)))
		pagetesting.WaitFor(t, ctx, `document.documentElement.lang === "ro"`)
		if got := pagetesting.Eval[string](t, ctx, `document.querySelector('[data-notice="not-utf8"]').innerText`); !strings.Contains(got, "UTF-8") || strings.Contains(got, "This file") {
			t.Errorf("the notice stayed in English after the switch to Romanian: %q", got)
		}
		pagetesting.Do(t, ctx, chromedp.Click(chromedp.CSS(`.langs button[data-lang="en"]`)))
		pagetesting.WaitFor(t, ctx, `document.documentElement.lang === "en"`)

		// A damaged link arriving by hashchange: the old text and its
		// deciding-rule band go with the verdict.
		pagetesting.SetField(t, ctx, "robots", pagetesting.RobotsText)
		word, _ := pagetesting.VerdictFor(t, ctx, "Googlebot", "/search")
		if word != "DISALLOWED" || pagetesting.BandLines(t, ctx, "disallow") != "8" {
			t.Fatalf("before the damaged link: %s, band %q", word, pagetesting.BandLines(t, ctx, "disallow"))
		}
		pagetesting.Do(t, ctx, chromedp.Evaluate[chromedp.Void](`new Promise(r => setTimeout(r, 600))`, chromedp.EvalAwaitPromise))
		pagetesting.Do(t, ctx, chromedp.Evaluate[chromedp.Void](`location.hash = "v=2&z=1&robots=AAAA&crc=00000000"`))
		pagetesting.WaitFor(t, ctx, `!!document.getElementById("verdict-damaged")`)
		if got := pagetesting.Eval[string](t, ctx, `document.getElementById("robots").value + "|" + document.querySelectorAll(".band.b-disallow, .band.b-group").length`); got != "|0" {
			t.Errorf("after a damaged link: editor|bands = %q, want the old text and bands gone", got)
		}
		// The text kept from before stays for a reload without the link.
		pagetesting.Do(t, ctx, chromedp.Evaluate[chromedp.Void](`new Promise(r => setTimeout(r, 600))`, chromedp.EvalAwaitPromise))
		b.Reopen(t, ctx, "")
		if got := pagetesting.Eval[string](t, ctx, `document.getElementById("robots").value`); got != pagetesting.RobotsText {
			t.Errorf("the damaged link threw away the kept text: %q", got)
		}
	})
}
