package pagetest_test

import (
	"bytes"
	"compress/flate"
	"context"
	"encoding/base64"
	"encoding/json"
	"fmt"
	"hash/crc32"
	"io"
	"net/http"
	"net/http/httptest"
	"net/url"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"sort"
	"strings"
	"sync"
	"testing"
	"time"
	"unicode/utf8"

	cdpbrowser "github.com/chromedp/cdproto/browser"
	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/input"
	"github.com/chromedp/cdproto/network"
	"github.com/chromedp/cdproto/runtime"
	"github.com/chromedp/chromedp"

	"github.com/robotstxt/robotstxt/internal/testutil"
	"github.com/robotstxt/robotstxt/server"
)

// The browser tests drive Debian's Chromium (apt-get install chromium)
// headless through the DevTools protocol, against the real server and the
// real page, WebAssembly included. Without Chromium they skip, except under
// CI=true, where they fail. Screenshots of every state go to
// $ROBOTSTXT_ARTIFACTS, or to a temporary folder; the log names each file.

// secret is in every robots.txt the tests type: no request may carry it.
const secret = "/members-only-7q2xk9"

const robotsText = `User-agent: *
Disallow: /private/
Allow: /private/press/

User-agent: Googlebot
Disallow: ` + secret + `/
Allow: /search/about
Disallow: /search

Sitemap: https://www.example.com/sitemap.xml
Crawl-delay: 10
`

func artifactDir(t *testing.T) string {
	if d := os.Getenv("ROBOTSTXT_ARTIFACTS"); d != "" {
		if err := os.MkdirAll(d, 0o755); err != nil {
			t.Fatal(err)
		}
		return d
	}
	return t.TempDir()
}

// served is a request as the server received it.
type served struct {
	method, url string
	header      http.Header
	body        []byte
}

// recording wraps the server and keeps every request it receives.
type recording struct {
	h    http.Handler
	mu   sync.Mutex
	reqs []served
}

func (r *recording) ServeHTTP(w http.ResponseWriter, req *http.Request) {
	body, _ := io.ReadAll(req.Body)
	req.Body = io.NopCloser(bytes.NewReader(body))
	r.mu.Lock()
	r.reqs = append(r.reqs, served{req.Method, req.URL.String(), req.Header.Clone(), body})
	r.mu.Unlock()
	r.h.ServeHTTP(w, req)
}

// browser is one Chromium with the page's server, and what every tab saw.
type browser struct {
	t     *testing.T
	ts    *httptest.Server
	rec   *recording
	ctx   context.Context
	art   string
	shots int

	mu        sync.Mutex
	requests  []*network.Request
	responses []*network.Response
	problems  []string // console errors and uncaught exceptions
}

func newBrowser(t *testing.T) *browser { return newBrowserWith(t, server.Options{}) }

// newBrowserWith is newBrowser with a server of the given options.
func newBrowserWith(t *testing.T, sopts server.Options) *browser {
	path := testutil.Chromium(t)
	srv, err := server.New(sopts)
	if err != nil {
		t.Fatal(err)
	}
	b := &browser{t: t, rec: &recording{h: srv}, art: artifactDir(t)}
	b.ts = httptest.NewServer(b.rec)
	t.Cleanup(b.ts.Close)
	opts := append(chromedp.DefaultExecAllocatorOptions[:],
		chromedp.ExecPath(path),
		chromedp.NoSandbox,
		chromedp.DisableGPU,
		chromedp.NoFirstRun,
		chromedp.Flag("disable-background-networking", true),
		chromedp.Flag("disable-component-update", true),
		chromedp.Flag("disable-sync", true),
		chromedp.UserDataDir(t.TempDir()),
		chromedp.WindowSize(1400, 1000),
	)
	actx, cancel := chromedp.NewExecAllocator(context.Background(), opts...)
	t.Cleanup(cancel)
	ctx, cancel2 := chromedp.NewContext(actx)
	t.Cleanup(cancel2)
	ctx, cancel3 := context.WithTimeout(ctx, 10*time.Minute)
	t.Cleanup(cancel3)
	if err := chromedp.Do(ctx); err != nil {
		t.Fatalf("starting Chromium: %v", err)
	}
	b.ctx = ctx
	t.Logf("screenshots go to %s", b.art)
	return b
}

// tab opens a new tab that records its network traffic and console.
func (b *browser) tab(t *testing.T) context.Context {
	ctx, cancel := chromedp.NewContext(b.ctx)
	t.Cleanup(cancel)
	err := chromedp.Listen(ctx, func(ev any) {
		b.mu.Lock()
		defer b.mu.Unlock()
		switch ev := ev.(type) {
		case *network.EventRequestWillBeSent:
			b.requests = append(b.requests, ev.Request)
		case *network.EventResponseReceived:
			b.responses = append(b.responses, ev.Response)
		case *runtime.EventExceptionThrown:
			b.problems = append(b.problems, "exception: "+exceptionText(ev.ExceptionDetails))
		case *runtime.EventConsoleAPICalled:
			if ev.Type == runtime.ConsoleAPICalledTypeError || ev.Type == runtime.ConsoleAPICalledTypeAssert {
				var parts []string
				for _, a := range ev.Args {
					parts = append(parts, string(a.Value)+a.Description)
				}
				b.problems = append(b.problems, "console.error: "+strings.Join(parts, " "))
			}
		}
	})
	if err != nil {
		t.Fatal(err)
	}
	return ctx
}

func exceptionText(d *runtime.ExceptionDetails) string {
	if d == nil {
		return ""
	}
	s := d.Text
	if d.Exception != nil {
		s += " " + d.Exception.Description
	}
	return s
}

// open navigates to the page (with a fragment) and waits for the engine,
// after forgetting the text a previous test left in local storage.
func (b *browser) open(t *testing.T, ctx context.Context, fragment string) {
	t.Helper()
	do(t, ctx, chromedp.Navigate(b.ts.URL+"/healthz"),
		chromedp.Evaluate[chromedp.Void](`localStorage.clear()`))
	b.reopen(t, ctx, fragment)
}

// reopen navigates to the page, keeping local storage.
func (b *browser) reopen(t *testing.T, ctx context.Context, fragment string) {
	t.Helper()
	do(t, ctx, chromedp.Navigate(b.ts.URL+"/"+fragment))
	waitFor(t, ctx, `document.body.dataset.engine === "ready" && document.body.dataset.settled === "true"`)
}

func do(t *testing.T, ctx context.Context, steps ...chromedp.Action[chromedp.Void]) {
	t.Helper()
	if err := chromedp.Do(ctx, steps...); err != nil {
		t.Fatal(err)
	}
}

func eval[T any](t *testing.T, ctx context.Context, expr string) T {
	t.Helper()
	v, err := chromedp.Run(ctx, chromedp.Evaluate[T](expr))
	if err != nil {
		t.Fatalf("%s: %v", expr, err)
	}
	return v
}

func waitFor(t *testing.T, ctx context.Context, expr string) {
	t.Helper()
	var err error
	for range 3 {
		_, err = chromedp.Run(ctx, chromedp.Poll[chromedp.Void](expr,
			chromedp.WithPollingInterval(25*time.Millisecond), chromedp.WithPollingTimeout(30*time.Second)))
		// A poll that starts while a navigation replaces the document
		// loses its context; poll the new document.
		if err == nil || !strings.Contains(err.Error(), "Cannot find context") {
			break
		}
	}
	if err != nil {
		state, _ := chromedp.Run(ctx, chromedp.Evaluate[string](`(document.getElementById("banner").hidden ? "" : "banner: " + document.getElementById("banner").innerText) + " verdict: " + document.getElementById("verdict").innerText`))
		t.Fatalf("waiting for %s: %v (page: %s)", expr, err, state)
	}
}

// screenshot saves the page as NN-name.png in the artifact folder.
func (b *browser) screenshot(t *testing.T, ctx context.Context, name string, full bool) {
	t.Helper()
	var png []byte
	var err error
	if full {
		png, err = chromedp.Run(ctx, chromedp.FullScreenshot(100))
	} else {
		png, err = chromedp.Run(ctx, chromedp.CaptureScreenshot())
	}
	if err != nil {
		t.Fatalf("screenshot %s: %v", name, err)
	}
	b.mu.Lock()
	b.shots++
	file := filepath.Join(b.art, fmt.Sprintf("%02d-%s.png", b.shots, name))
	b.mu.Unlock()
	if err := os.WriteFile(file, png, 0o644); err != nil {
		t.Fatal(err)
	}
	t.Logf("screenshot: %s", file)
}

// paste types text into the focused editor as a paste does: one input event
// with the whole text.
func paste(t *testing.T, ctx context.Context, text string) {
	t.Helper()
	do(t, ctx, chromedp.Click(chromedp.ID("robots")), chromedp.Func(func(ctx context.Context, tg *chromedp.Target) error {
		_, err := cdp.Call(ctx, tg, input.InsertText, input.InsertTextParams{Text: text})
		return err
	}))
}

func typeInto(t *testing.T, ctx context.Context, id, text string) {
	t.Helper()
	do(t, ctx, chromedp.Evaluate[chromedp.Void](fmt.Sprintf(`document.getElementById(%q).value = ""`, id)),
		chromedp.SendKeys(chromedp.ID(id), text))
}

func textOf(t *testing.T, ctx context.Context, id string) string {
	t.Helper()
	return eval[string](t, ctx, fmt.Sprintf(`(document.getElementById(%q) || {}).innerText || ""`, id))
}

// bandLines returns the highlighted lines of a kind.
func bandLines(t *testing.T, ctx context.Context, kind string) string {
	t.Helper()
	return eval[string](t, ctx, fmt.Sprintf(`[...document.querySelectorAll(".band.b-%s")].map(b => b.dataset.line).join(",")`, kind))
}

func TestBrowser(t *testing.T) {
	if testing.Short() {
		t.Skip("browser tests are not short")
	}
	b := newBrowser(t)

	t.Run("paste, parse and check", func(t *testing.T) {
		ctx := b.tab(t)
		b.open(t, ctx, "")
		b.screenshot(t, ctx, "empty", false)
		paste(t, ctx, robotsText)
		do(t, ctx, chromedp.Click(chromedp.ID("parse")))
		waitFor(t, ctx, `document.querySelectorAll("#structure-body [data-group]").length === 2`)
		typeInto(t, ctx, "agent", "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)")
		typeInto(t, ctx, "url", "https://www.example.com"+secret+"/page?x=1")
		waitFor(t, ctx, `document.getElementById("verdict-word") && document.getElementById("verdict-word").innerText === "DISALLOWED"`)
		if got := textOf(t, ctx, "verdict-rule"); !strings.Contains(got, "line 6") || !strings.Contains(got, "Disallow: "+secret+"/") {
			t.Errorf("deciding rule = %q, want line 6: Disallow: %s/", got, secret)
		}
		if got := bandLines(t, ctx, "disallow"); got != "6" {
			t.Errorf("highlighted deciding line = %q, want 6", got)
		}
		if got := bandLines(t, ctx, "group"); got != "5" {
			t.Errorf("highlighted group lines = %q, want 5", got)
		}
		// The group that applies is marked in the parsed view.
		if got := eval[string](t, ctx, `[...document.querySelectorAll(".group.applied")].map(g => g.dataset.group).join(",")`); got != "1" {
			t.Errorf("applied group = %q, want 1", got)
		}
		b.screenshot(t, ctx, "disallowed", false)

		// The tie and the longest match, live as the URL changes.
		typeInto(t, ctx, "url", "/search/about")
		waitFor(t, ctx, `document.getElementById("verdict-word").innerText === "ALLOWED" && /line 7/.test(document.getElementById("verdict-rule").innerText)`)
		if got := textOf(t, ctx, "verdict-why"); !strings.Contains(got, "Longest match") {
			t.Errorf("why = %q, want the longest-match explanation", got)
		}
		if got := bandLines(t, ctx, "allow"); got != "7" {
			t.Errorf("highlighted deciding line = %q, want 7", got)
		}
		b.screenshot(t, ctx, "allowed", false)

		// The matrix shows the * row, Googlebot and the AI crawlers.
		rows := eval[string](t, ctx, `[...document.querySelectorAll("#matrix-body tr[data-token]")].map(r => r.dataset.token + "=" + r.querySelector(".badge").innerText).join(" ")`)
		for _, want := range []string{"*=ALLOWED", "Googlebot=ALLOWED", "YandexBot=ALLOWED", "GPTBot=ALLOWED"} {
			if !strings.Contains(rows, want) {
				t.Errorf("matrix rows %q lack %q", rows, want)
			}
		}
		b.screenshot(t, ctx, "full-page", true)
	})

	t.Run("audit finding highlights its line", func(t *testing.T) {
		ctx := b.tab(t)
		b.open(t, ctx, "")
		do(t, ctx, chromedp.Evaluate[chromedp.Void](`(() => {
			const sel = document.getElementById("example");
			sel.value = "mistakes";
			sel.dispatchEvent(new Event("change"));
		})()`))
		waitFor(t, ctx, `document.querySelectorAll("#audit-body .finding").length > 3`)
		line := eval[int](t, ctx, `+[...document.querySelectorAll("#audit-body .finding")].find(f => +f.dataset.line > 1).dataset.line`)
		do(t, ctx, chromedp.Click(chromedp.CSS(fmt.Sprintf(`#audit-body .finding[data-line="%d"] .line-link`, line))))
		if got := bandLines(t, ctx, "focus"); got != fmt.Sprint(line) {
			t.Errorf("focused line = %q, want %d", got, line)
		}
		b.screenshot(t, ctx, "audit", false)
		do(t, ctx, chromedp.ScrollIntoView(chromedp.ID("audit")))
		b.screenshot(t, ctx, "audit-list", false)
	})

	t.Run("self-test passes", func(t *testing.T) {
		ctx := b.tab(t)
		b.open(t, ctx, "")
		do(t, ctx, chromedp.Click(chromedp.ID("run-selftest")))
		waitFor(t, ctx, `document.getElementById("selftest-summary")`)
		passed := eval[int](t, ctx, `+document.getElementById("selftest-summary").dataset.passed`)
		total := eval[int](t, ctx, `+document.getElementById("selftest-summary").dataset.total`)
		if total < 20 || passed != total {
			fails := eval[string](t, ctx, `[...document.querySelectorAll("#selftest-body tr.fail")].map(r => r.innerText).join("\n")`)
			t.Errorf("self-test: %d of %d pass; failing:\n%s", passed, total, fails)
		}
		if got := textOf(t, ctx, "selftest-body"); strings.Contains(strings.ToLower(got), "seed") {
			t.Errorf("the self-test names an internal document: %.300s", got)
		}
		// Where other parsers differ: Python takes the first match.
		waitFor(t, ctx, `!!document.getElementById("parsers")`)
		if got := eval[string](t, ctx, `[...document.querySelectorAll('#parsers tr[data-case="longest-match"] td')].map(c => c.dataset.parser + "=" + c.innerText + (c.classList.contains("differs") ? "!" : "")).join(" ")`); got != "page=ALLOWED google=ALLOWED python=DISALLOWED! protego=ALLOWED temoto=ALLOWED" {
			t.Errorf("parsers row longest-match: %s", got)
		}
		do(t, ctx, chromedp.ScrollIntoView(chromedp.ID("selftest")))
		b.screenshot(t, ctx, "selftest", false)
		do(t, ctx, chromedp.ScrollIntoView(chromedp.ID("parsers")))
		b.screenshot(t, ctx, "parsers", false)
		// Case names and results in the page's language.
		do(t, ctx, chromedp.Click(chromedp.CSS(`.langs button[data-lang="ru"]`)))
		waitFor(t, ctx, `document.documentElement.lang === "ru" && /Самое длинное|более длинное/i.test(document.getElementById("selftest-body").innerText)`)
		if got := textOf(t, ctx, "selftest-body"); !strings.Contains(got, "Получено: РАЗРЕШЕНО") && !strings.Contains(got, "ЗАПРЕЩЕНО") {
			t.Errorf("Russian self-test results: %.300s", got)
		}
		do(t, ctx, chromedp.Click(chromedp.CSS(`.langs button[data-lang="en"]`)))
	})

	t.Run("permalink reproduces the verdict", func(t *testing.T) {
		ctx := b.tab(t)
		b.open(t, ctx, "")
		paste(t, ctx, robotsText)
		typeInto(t, ctx, "agent", "Googlebot")
		typeInto(t, ctx, "url", "/search?q=robots")
		waitFor(t, ctx, `document.getElementById("verdict-word") && /line 8/.test(document.getElementById("verdict-rule").innerText)`)
		want := textOf(t, ctx, "verdict")
		do(t, ctx, chromedp.Click(chromedp.ID("copy-link")))
		waitFor(t, ctx, `document.getElementById("link-out").value.includes("robots=")`)
		link := eval[string](t, ctx, `document.getElementById("link-out").value`)
		u, err := url.Parse(link)
		if err != nil {
			t.Fatal(err)
		}
		t.Logf("link: %s", strings.TrimPrefix(link, b.ts.URL))
		// Version 2: the bytes, deflate-raw compressed, with their CRC-32.
		frag := fragmentKeys(t, u.EscapedFragment())
		if frag["v"] != "2" || frag["z"] != "1" || frag["agent"] != "Googlebot" || frag["url"] != "%2Fsearch%3Fq%3Drobots" || frag["lang"] != "en" {
			t.Errorf("link fragment %s", u.EscapedFragment())
		}
		if got := linkBytes(t, frag); string(got) != robotsText {
			t.Errorf("the link carries %q, want %q", got, robotsText)
		}

		// A fresh tab opening the link shows the same verdict, no clicks.
		ctx2 := b.tab(t)
		do(t, ctx2, chromedp.Navigate(link))
		waitFor(t, ctx2, `document.getElementById("verdict-word") && /line 8/.test(document.getElementById("verdict-rule").innerText)`)
		if got := textOf(t, ctx2, "verdict"); got != want {
			t.Errorf("verdict from the link:\n%s\nwant:\n%s", got, want)
		}
		if got := bandLines(t, ctx2, "disallow"); got != "8" {
			t.Errorf("highlighted line from the link = %q, want 8", got)
		}
		b.screenshot(t, ctx2, "permalink", false)

		// A hand-written link with only agent and url tests the text in the box.
		do(t, ctx2, chromedp.Evaluate[chromedp.Void](`location.hash = "agent=" + encodeURIComponent("Googlebot") + "&url=" + encodeURIComponent("/search/about")`))
		waitFor(t, ctx2, `document.getElementById("verdict-word").innerText === "ALLOWED" && /line 7/.test(document.getElementById("verdict-rule").innerText)`)
		if got := eval[string](t, ctx2, `document.getElementById("robots").value`); got != robotsText {
			t.Errorf("the text changed on a link without robots: %q", got)
		}
	})

	t.Run("language switch", func(t *testing.T) {
		ctx := b.tab(t)
		b.open(t, ctx, "#agent=Googlebot&url=%2Fprivate%2Fx")
		if got := textOf(t, ctx, "editor-title"); got != "Your robots.txt" {
			t.Errorf("English title = %q", got)
		}
		do(t, ctx, chromedp.Click(chromedp.CSS(`.langs button[data-lang="ru"]`)))
		waitFor(t, ctx, `document.documentElement.lang === "ru" && /[а-я]/.test(document.getElementById("editor-title").innerText)`)
		b.screenshot(t, ctx, "russian", false)
		noRawMarkup(t, ctx, "ru")
		// The choice is remembered.
		do(t, ctx, chromedp.Navigate(b.ts.URL+"/"))
		waitFor(t, ctx, `document.body.dataset.engine === "ready" && document.documentElement.lang === "ru"`)
		do(t, ctx, chromedp.Click(chromedp.CSS(`.langs button[data-lang="ro"]`)))
		waitFor(t, ctx, `document.documentElement.lang === "ro" && /ă|â|î|ș|ț/.test(document.body.innerText)`)
		b.screenshot(t, ctx, "romanian", false)
		noRawMarkup(t, ctx, "ro")
		// A link's lang wins over the remembered choice.
		do(t, ctx, chromedp.Navigate(b.ts.URL+"/#lang=en"))
		waitFor(t, ctx, `document.body.dataset.engine === "ready" && document.documentElement.lang === "en"`)
		do(t, ctx, chromedp.Click(chromedp.CSS(`.langs button[data-lang="en"]`)))
		noRawMarkup(t, ctx, "en")
	})

	t.Run("file picker and drop", func(t *testing.T) {
		ctx := b.tab(t)
		b.open(t, ctx, "")
		file := filepath.Join(t.TempDir(), "robots.txt")
		if err := os.WriteFile(file, []byte("\xEF\xBB\xBFUser-agent: *\r\nDisallow: /from-file/\r\n"), 0o644); err != nil {
			t.Fatal(err)
		}
		do(t, ctx, chromedp.SetUploadFiles(chromedp.ID("file"), []string{file}))
		waitFor(t, ctx, `document.getElementById("robots").value.includes("/from-file/")`)
		waitFor(t, ctx, `document.querySelectorAll("#structure-body [data-group]").length === 1`)
		typeInto(t, ctx, "agent", "AnyBot")
		typeInto(t, ctx, "url", "/from-file/x")
		waitFor(t, ctx, `document.getElementById("verdict-word") && document.getElementById("verdict-word").innerText === "DISALLOWED"`)
		if got := bandLines(t, ctx, "disallow"); got != "2" {
			t.Errorf("deciding line = %q, want 2", got)
		}

		// Dropping a file on the editor opens it too.
		dropped := filepath.Join(t.TempDir(), "dropped.txt")
		if err := os.WriteFile(dropped, []byte("User-agent: *\nAllow: /from-file/x\nDisallow: /\n"), 0o644); err != nil {
			t.Fatal(err)
		}
		box := eval[[]float64](t, ctx, `(() => { const r = document.getElementById("editor").getBoundingClientRect(); return [r.x + r.width / 2, r.y + r.height / 2] })()`)
		do(t, ctx, chromedp.Func(func(ctx context.Context, tg *chromedp.Target) error {
			data := &input.DragData{Items: []*input.DragDataItem{}, Files: []string{dropped}, DragOperationsMask: 1}
			for _, typ := range []input.DispatchDragEventType{input.DispatchDragEventTypeDragEnter, input.DispatchDragEventTypeDragOver, input.DispatchDragEventTypeDrop} {
				if _, err := cdp.Call(ctx, tg, input.DispatchDragEvent, input.DispatchDragEventParams{Type: typ, X: box[0], Y: box[1], Data: data}); err != nil {
					return err
				}
			}
			return nil
		}))
		waitFor(t, ctx, `document.getElementById("robots").value.includes("Allow: /from-file/x")`)
		waitFor(t, ctx, `document.getElementById("verdict-word").innerText === "ALLOWED" && /line 2/.test(document.getElementById("verdict-rule").innerText)`)
		if got := eval[string](t, ctx, `location.href`); !strings.HasPrefix(got, b.ts.URL) {
			t.Errorf("the drop navigated away to %s", got)
		}
	})

	t.Run("500 KiB file stays responsive", func(t *testing.T) {
		ctx := b.tab(t)
		b.open(t, ctx, "")
		// Put 530 KiB of text in the box. Laying it out is the browser's own
		// work on the main thread (it is the same for any textarea), so it is
		// measured apart; then watch for main-thread tasks over 50 ms while
		// the file is parsed, audited, shown and checked.
		loadStart := time.Now()
		do(t, ctx, chromedp.Evaluate[chromedp.Void](`(() => {
			const lines = ["User-agent: *"];
			let n = 0, size = 14;
			while (size < 530 * 1024) { const l = "Disallow: /generated/section-" + (n++) + "/page-*.html$"; lines.push(l); size += l.length + 1; }
			lines.push("User-agent: Googlebot", "Disallow: /after-the-limit/");
			const ta = document.getElementById("robots");
			ta.value = lines.join("\n") + "\n";
			ta.dispatchEvent(new Event("input"));
			ta.scrollTop;
		})()`))
		loaded := time.Since(loadStart)
		do(t, ctx, chromedp.Evaluate[chromedp.Void](`new Promise(r => requestAnimationFrame(() => setTimeout(r, 0)))`, chromedp.EvalAwaitPromise))
		do(t, ctx, chromedp.Evaluate[chromedp.Void](`window.longTasks = []; new PerformanceObserver(l => { for (const e of l.getEntries()) window.longTasks.push(e.duration) }).observe({type: "longtask"})`))
		start := time.Now()
		do(t, ctx, chromedp.Click(chromedp.ID("parse")))
		waitFor(t, ctx, `document.querySelector("#structure-body .notice") !== null`)
		parsed := time.Since(start)
		typeInto(t, ctx, "agent", "Googlebot")
		typeInto(t, ctx, "url", "/generated/section-5000/page-1.html")
		waitFor(t, ctx, `document.getElementById("verdict-word") && document.getElementById("verdict-word").innerText === "DISALLOWED"`)
		total := time.Since(start)
		longest := eval[float64](t, ctx, `Math.max(0, ...window.longTasks)`)
		t.Logf("530 KiB file: text laid out by the browser in %v; parsed, audited and shown in %v; checked after %v; longest main-thread task meanwhile %.0f ms",
			loaded.Round(time.Millisecond), parsed.Round(time.Millisecond), total.Round(time.Millisecond), longest)
		// What keeps the page responsive, counted rather than timed (a
		// loaded machine stretches every task): the parsing runs in the
		// worker, and the main thread lays out only the first rows of the
		// parsed view and the gutter numbers around the visible lines, not
		// the file's 18,000 lines.
		if n := eval[int](t, ctx, `document.querySelectorAll("#structure-body .rec").length`); n > 400 {
			t.Errorf("the parsed view laid out %d records of a 530 KiB file at once, want at most 400", n)
		}
		if n := eval[int](t, ctx, `document.querySelector("#gutter .gutter-inner").textContent.split("\n").length`); n > 400 {
			t.Errorf("the gutter laid out %d line numbers, want at most 400", n)
		}
		// Googlebot's group is past the 500 KiB limit: the * rules apply.
		if got := textOf(t, ctx, "verdict-rule"); !strings.Contains(got, "line 5002") {
			t.Errorf("deciding rule = %q, want line 5002", got)
		}
		b.screenshot(t, ctx, "large-file", false)
	})

	t.Run("phone width", func(t *testing.T) {
		ctx := b.tab(t)
		do(t, ctx, chromedp.EmulateViewport(390, 844, chromedp.EmulateMobile, chromedp.EmulateScale(2)))
		frag := "#robots=" + base64.RawURLEncoding.EncodeToString([]byte(robotsText)) + "&agent=GPTBot&url=%2Fprivate%2Freport"
		b.open(t, ctx, frag)
		waitFor(t, ctx, `document.getElementById("verdict-word") && document.getElementById("verdict-word").innerText === "DISALLOWED"`)
		if w := eval[int](t, ctx, `document.documentElement.scrollWidth`); w > 390 {
			t.Errorf("the page is %d px wide on a 390 px phone: it scrolls sideways", w)
		}
		b.screenshot(t, ctx, "phone", false)
		do(t, ctx, chromedp.ScrollIntoView(chromedp.ID("matcher")))
		b.screenshot(t, ctx, "phone-verdict", false)
		// The crawler table stacks: every row's deciding rule is in view,
		// with no sideways scroll.
		waitFor(t, ctx, `document.querySelectorAll("#matrix-body tr[data-token]").length > 5`)
		if got := eval[string](t, ctx, `(() => {
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
		do(t, ctx, chromedp.ScrollIntoView(chromedp.ID("matrix")))
		b.screenshot(t, ctx, "phone-crawlers", false)
	})

	t.Run("file bytes are analysed, not the textarea's text", func(t *testing.T) {
		ctx := b.tab(t)
		b.open(t, ctx, "")
		dir := t.TempDir()
		// A byte order mark and CRLF: the textarea loses both, the audit
		// must still see the BOM.
		const bomText = "\xEF\xBB\xBFUser-agent: *\r\nDisallow: /a/\r\n"
		upload(t, ctx, writeFile(t, dir, "bom.txt", bomText))
		waitParsed(t, ctx, len(bomText))
		if ids := findingIDs(t, ctx); !strings.Contains(ids, "bom@") {
			t.Errorf("audit of a BOM+CRLF file: %s, want a bom finding", ids)
		}
		if got := textOf(t, ctx, "editor-status"); !strings.Contains(got, "CRLF line endings") || !strings.Contains(got, "byte order mark") {
			t.Errorf("status = %q, want CRLF and the byte order mark said", got)
		}
		b.screenshot(t, ctx, "bom-crlf", false)

		// Mixed line endings are seen.
		const mixed = "User-agent: *\r\nDisallow: /a/\nDisallow: /b/\r\n"
		upload(t, ctx, writeFile(t, dir, "mixed.txt", mixed))
		waitParsed(t, ctx, len(mixed))
		if got := textOf(t, ctx, "editor-status"); !strings.Contains(got, "mixed line endings (CRLF+LF)") {
			t.Errorf("status = %q, want mixed line endings", got)
		}

		// Latin-1: the page and the command line give the same answer
		// for the percent-encoded byte.
		const latin = "User-agent: *\nDisallow: /caf\xE9/\n"
		upload(t, ctx, writeFile(t, dir, "latin1.txt", latin))
		waitParsed(t, ctx, len(latin))
		if !eval[bool](t, ctx, `!!document.querySelector('[data-notice="not-utf8"]')`) {
			t.Error("no notice that the file is not UTF-8")
		}
		word, line := verdictFor(t, ctx, "AnyBot", "/caf%E9/x")
		if word != "DISALLOWED" || line != 2 {
			t.Errorf("Latin-1 rule: %s by line %d, want DISALLOWED by line 2", word, line)
		}
		if got := textOf(t, ctx, "verdict-rule"); !strings.Contains(got, "Disallow: /caf%E9/") {
			t.Errorf("Latin-1 rule shown as %q, want Disallow: /caf%%E9/", got)
		}
		b.screenshot(t, ctx, "latin1", false)

		// After an edit the text is analysed, and the page says so until
		// the notice is dismissed.
		do(t, ctx, chromedp.Click(chromedp.ID("robots")), chromedp.KeyEvent("x"))
		waitFor(t, ctx, `!!document.querySelector('[data-notice="edited"]')`)
		do(t, ctx, chromedp.Click(chromedp.ID("parse")))
		do(t, ctx, chromedp.Evaluate[chromedp.Void](`new Promise(r => setTimeout(r, 300))`, chromedp.EvalAwaitPromise))
		if !eval[bool](t, ctx, `!!document.querySelector('[data-notice="edited"]')`) {
			t.Error("the edited notice did not stay after a parse")
		}
		do(t, ctx, chromedp.Click(chromedp.CSS(`[data-notice="edited"] .dismiss`)))
		if eval[bool](t, ctx, `!!document.querySelector('[data-notice="edited"]')`) {
			t.Error("the notice stayed after it was dismissed")
		}
	})

	t.Run("page, command line and API agree on corpus files", func(t *testing.T) {
		files := corpusSample(t)
		cli := buildCLI(t)
		// The JSON API, on a server of its own: the recorded one must see
		// nothing but the page's GET requests.
		srv, err := server.New(server.Options{})
		if err != nil {
			t.Fatal(err)
		}
		api := httptest.NewServer(srv)
		defer api.Close()
		ctx := b.tab(t)
		b.open(t, ctx, "")
		for _, f := range files {
			data, err := os.ReadFile(f)
			if err != nil {
				t.Fatal(err)
			}
			upload(t, ctx, f)
			waitParsed(t, ctx, len(data))
			name := filepath.Base(f)
			var doc struct {
				Groups []struct {
					Rules []json.RawMessage `json:"rules"`
				} `json:"groups"`
				Orphans, Sitemaps, Other []json.RawMessage
				Parsed, Lines            int
			}
			runJSON(t, cli, &doc, "parse", "--json", "-f", f)
			rules := len(doc.Orphans)
			for _, g := range doc.Groups {
				rules += len(g.Rules)
			}
			want := fmt.Sprintf("parsed=%d lines=%d groups=%d rules=%d sitemaps=%d other=%d", doc.Parsed, doc.Lines, len(doc.Groups), rules, len(doc.Sitemaps), len(doc.Other))
			got := eval[string](t, ctx, `(() => { const d = document.querySelector("#structure-body .summary").dataset; return "parsed=" + d.parsed + " lines=" + d.lines + " groups=" + d.groups + " rules=" + d.rules + " sitemaps=" + d.sitemaps + " other=" + d.other })()`)
			if got != want {
				t.Errorf("%s: page %s, command line %s", name, got, want)
			}
			var lint struct {
				Files []struct {
					Findings []struct {
						ID   string `json:"id"`
						Line int    `json:"line"`
					} `json:"findings"`
				} `json:"files"`
			}
			runJSON(t, cli, &lint, "lint", "--format", "json", "-f", f)
			if len(lint.Files) != 1 {
				t.Fatalf("%s: lint --json gave %d files, want 1", name, len(lint.Files))
			}
			var ids []string
			for _, x := range lint.Files[0].Findings {
				ids = append(ids, fmt.Sprintf("%s@%d", x.ID, x.Line))
			}
			sort.Strings(ids)
			if got := findingIDs(t, ctx); got != strings.Join(ids, " ") {
				t.Errorf("%s: audit differs\npage:          %.300s\ncommand line:  %.300s", name, got, strings.Join(ids, " "))
			}
			for _, agent := range []string{"Googlebot", "Googlebot-Image", "SomeOtherBot"} {
				for _, u := range probeURLs(data) {
					var v struct {
						Allowed bool `json:"allowed"`
						Rule    *struct {
							Line int `json:"line"`
						} `json:"rule"`
					}
					runJSON(t, cli, &v, "check", "--json", "-f", f, "-a", agent, u)
					word, line := verdictFor(t, ctx, agent, u)
					wantLine := 0
					if v.Rule != nil {
						wantLine = v.Rule.Line
					}
					if (word == "ALLOWED") != v.Allowed || line != wantLine {
						t.Errorf("%s: %s %s: page %s by line %d, command line allowed=%v by line %d", name, agent, u, word, line, v.Allowed, wantLine)
					}
					var fromAPI []struct {
						Allowed bool `json:"allowed"`
						Rule    *struct {
							Line int `json:"line"`
						} `json:"rule"`
					}
					postJSON(t, api.URL+"/api/v1/check?"+url.Values{"agent": {agent}, "url": {u}}.Encode(), data, &fromAPI)
					apiLine := 0
					if len(fromAPI) == 1 && fromAPI[0].Rule != nil {
						apiLine = fromAPI[0].Rule.Line
					}
					if len(fromAPI) != 1 || fromAPI[0].Allowed != v.Allowed || apiLine != wantLine {
						t.Errorf("%s: %s %s: API %+v, command line allowed=%v by line %d", name, agent, u, fromAPI, v.Allowed, wantLine)
					}
				}
			}
		}
		t.Logf("%d corpus files compared", len(files))
	})

	t.Run("a file over the limit: true size, the cut in the editor, the verdict says so", func(t *testing.T) {
		ctx := b.tab(t)
		b.open(t, ctx, "")
		dir := t.TempDir()
		var sb strings.Builder
		// LateBot's group is past the 500 KiB limit but within the 2 MiB
		// the page loads; the file goes on past those 2 MiB.
		sb.WriteString("User-agent: *\nDisallow: /private/\n")
		n := 3
		for sb.Len() < 2200<<10 {
			if n == 40000 {
				sb.WriteString("User-agent: LateBot\nDisallow: /\n")
				n += 2
			}
			fmt.Fprintf(&sb, "Disallow: /generated/%d/\n", n)
			n++
		}
		big := writeFile(t, dir, "big.txt", sb.String())
		upload(t, ctx, big)
		waitFor(t, ctx, `!!document.querySelector('[data-notice="file-cut"]') && !!document.querySelector("#structure-body .summary")`)
		note := eval[string](t, ctx, `document.querySelector('[data-notice="file-cut"]').innerText`)
		if want := fmt.Sprintf("%s bytes (%s lines)", commas(sb.Len()), commas(n)); !strings.Contains(note, want) {
			t.Errorf("file notice %q lacks the true size and line count %q", note, want)
		}
		cut := eval[int](t, ctx, `+document.querySelector(".band.b-cut").dataset.line`)
		marks := eval[string](t, ctx, `[...document.querySelectorAll(".mark.m-cut")].map(m => m.dataset.line).join(",")`)
		if cut < 10000 || marks != fmt.Sprint(cut) {
			t.Errorf("cut band at line %d, cut marks %q", cut, marks)
		}
		word, _ := verdictFor(t, ctx, "LateBot", "/page")
		if word != "ALLOWED" {
			t.Errorf("LateBot /page = %s, want ALLOWED (its group is past the limit)", word)
		}
		if got := textOf(t, ctx, "verdict-cut"); !strings.Contains(got, "would change this answer") || !strings.Contains(got, "DISALLOWED by line") {
			t.Errorf("cut note = %q", got)
		}
		// Line numbers are written one way, without separators, in one
		// sentence as everywhere.
		if got := textOf(t, ctx, "verdict-cut"); regexp.MustCompile(`line \d{1,3},\d`).MatchString(got) || !regexp.MustCompile(`from line \d{5}\b`).MatchString(got) {
			t.Errorf("cut note writes line numbers two ways: %q", got)
		}
		verdictFor(t, ctx, "OtherBot", "/page")
		if got := textOf(t, ctx, "verdict-cut"); !strings.Contains(got, "would not change this answer") {
			t.Errorf("cut note = %q", got)
		}
		// The notice stays across a new parse until dismissed.
		do(t, ctx, chromedp.Click(chromedp.ID("parse")))
		do(t, ctx, chromedp.Evaluate[chromedp.Void](`new Promise(r => setTimeout(r, 500))`, chromedp.EvalAwaitPromise))
		if !eval[bool](t, ctx, `!!document.querySelector('[data-notice="file-cut"]')`) {
			t.Error("the file notice went away by itself")
		}
		if got := eval[string](t, ctx, `document.getElementById("notices").innerText`); strings.Contains(got, "Something went wrong") {
			t.Errorf("notice worded as an error: %q", got)
		}
		do(t, ctx, chromedp.Evaluate[chromedp.Void](`document.getElementById("editor").scrollIntoView()`))
		do(t, ctx, chromedp.Evaluate[chromedp.Void](fmt.Sprintf(`(() => { const ta = document.getElementById("robots"); ta.scrollTop = (%d - 8) * 20; ta.dispatchEvent(new Event("scroll")) })()`, cut)))
		b.screenshot(t, ctx, "cut-marker", false)
	})

	t.Run("markers in the gutter, errors first, severity filters", func(t *testing.T) {
		ctx := b.tab(t)
		// Many notes (unknown directives) and one error, at the end.
		var sb strings.Builder
		sb.WriteString("User-agent: *\n")
		for i := range 60 {
			fmt.Fprintf(&sb, "Foo-%d: bar\n", i)
		}
		sb.WriteString("Disallow: /x\nAllow: oops\n")
		b.open(t, ctx, "")
		paste(t, ctx, sb.String())
		do(t, ctx, chromedp.Click(chromedp.ID("parse")))
		waitFor(t, ctx, `document.querySelectorAll("#audit-body .finding").length > 10`)
		first := eval[string](t, ctx, `document.querySelector("#audit-body .finding").dataset.severity`)
		if first != "error" {
			t.Errorf("first finding is a %s, want the error", first)
		}
		order := eval[string](t, ctx, `[...document.querySelectorAll("#audit-body .finding")].map(f => f.dataset.severity[0]).join("")`)
		if !regexp.MustCompile(`^e+w*i*$`).MatchString(order) {
			t.Errorf("findings not ordered by severity: %s", order)
		}
		// Every finding with a line has a marker with its message as tooltip.
		lines := eval[[]int](t, ctx, `[...new Set([...document.querySelectorAll("#audit-body .finding")].map(f => +f.dataset.line).filter(l => l > 0))]`)
		for _, l := range lines {
			title := eval[string](t, ctx, fmt.Sprintf(`(document.querySelector('.mark[data-line="%d"]') || {}).title || ""`, l))
			if title == "" {
				t.Errorf("line %d has a finding and no marker", l)
			}
		}
		errLine := eval[int](t, ctx, `+document.querySelector("#audit-body .finding.error").dataset.line`)
		if kinds := eval[string](t, ctx, fmt.Sprintf(`document.querySelector('.mark[data-line="%d"]').dataset.kinds`, errLine)); !strings.HasPrefix(kinds, "error") {
			t.Errorf("marker of the error line: %q", kinds)
		}
		// The deciding line has its marker too.
		verdictFor(t, ctx, "Bot", "/x/1")
		if kinds := eval[string](t, ctx, `(document.querySelector('.mark[data-line="62"]') || {dataset: {}}).dataset.kinds || ""`); !strings.Contains(kinds, "disallow") {
			t.Errorf("the deciding line 62 has marks %q", kinds)
		}
		// The badges filter.
		do(t, ctx, chromedp.Click(chromedp.CSS(`#audit-body .filter[data-severity="info"]`)))
		// The badges are laid out anew: the focus stays on the one pressed.
		if got := eval[string](t, ctx, `document.activeElement.dataset.severity || document.activeElement.tagName`); got != "info" {
			t.Errorf("after the filter the focus is on %q, want the info filter", got)
		}
		if got := eval[string](t, ctx, `[...new Set([...document.querySelectorAll("#audit-body .finding")].map(f => f.dataset.severity))].join(",")`); strings.Contains(got, "info") {
			t.Errorf("notes still shown after hiding them: %s", got)
		}
		if got := eval[string](t, ctx, `document.querySelector('#audit-body .filter[data-severity="info"]').getAttribute("aria-pressed")`); got != "false" {
			t.Errorf("info filter aria-pressed = %s", got)
		}
		do(t, ctx, chromedp.ScrollIntoView(chromedp.ID("audit")))
		b.screenshot(t, ctx, "audit-sorted", false)
		do(t, ctx, chromedp.Evaluate[chromedp.Void](`document.querySelector('.mark[data-line="62"]').scrollIntoView({block: "center"})`))
		b.screenshot(t, ctx, "gutter-markers", false)
	})

	t.Run("test many URLs", func(t *testing.T) {
		ctx := b.tab(t)
		b.open(t, ctx, "#robots="+base64.RawURLEncoding.EncodeToString([]byte(robotsText)))
		var urls strings.Builder
		for i := range 10000 {
			switch i % 4 {
			case 0:
				fmt.Fprintf(&urls, "/private/doc-%d\n", i)
			case 1:
				fmt.Fprintf(&urls, "https://www.example.com/search?q=%d\n", i)
			case 2:
				fmt.Fprintf(&urls, "/private/press/%d\n", i)
			default:
				fmt.Fprintf(&urls, "blog/%d\n", i)
			}
		}
		do(t, ctx, chromedp.Evaluate[chromedp.Void](fmt.Sprintf(`document.getElementById("many-urls").value = %q`, urls.String())))
		do(t, ctx, chromedp.Evaluate[chromedp.Void](`window.longTasks = []; new PerformanceObserver(l => { for (const e of l.getEntries()) window.longTasks.push(e.duration) }).observe({type: "longtask"})`))
		watchRowsPerTask(t, ctx, "many-body")
		start := time.Now()
		do(t, ctx, chromedp.Click(chromedp.ID("many-run")))
		waitFor(t, ctx, `document.querySelectorAll("#many-body tbody tr").length > 0`)
		took := time.Since(start)
		longest := eval[float64](t, ctx, `Math.max(0, ...window.longTasks)`)
		t.Logf("10,000 URLs × 3 crawlers: table after %v; longest main-thread task %.0f ms", took.Round(time.Millisecond), longest)
		// Counted, not timed: the 10,000 URLs are checked in the worker and
		// the table lays out its first 300 rows.
		if n := eval[int](t, ctx, `window.rowsPerTask`); n > 300 {
			t.Errorf("%d rows laid out in one task, want at most 300", n)
		}
		if got := textOf(t, ctx, "many-summary"); !strings.Contains(got, "URLs: 10,000") {
			t.Errorf("summary = %q", got)
		}
		// Googlebot: /search is disallowed (line 8); GPTBot follows *.
		cell := func(url, agent string) string {
			return eval[string](t, ctx, fmt.Sprintf(`(() => { const r = [...document.querySelectorAll("#many-body tbody tr")].find(r => r.dataset.url === %q); if (!r) return "missing"; const c = r.querySelector('td[data-agent=%q]'); return c.dataset.allowed + " " + c.innerText })()`, url, agent))
		}
		for _, tt := range []struct{ url, agent, want string }{
			{"/private/doc-0", "GPTBot", "false DISALLOWED line 2 Disallow: /private/"},
			{"/private/doc-0", "Googlebot", "true ALLOWED no matching rule"},
			{"https://www.example.com/search?q=1", "Googlebot", "false DISALLOWED line 8 Disallow: /search"},
			{"/private/press/2", "Bingbot", "true ALLOWED line 3 Allow: /private/press/"},
		} {
			if got := cell(tt.url, tt.agent); got != tt.want {
				t.Errorf("%s for %s: %q, want %q", tt.url, tt.agent, got, tt.want)
			}
		}
		if got := eval[string](t, ctx, `document.querySelector('#many-body tr[data-url="blog/3"] .route').innerText`); !strings.Contains(got, "/3") {
			t.Errorf("note for blog/3: %q", got)
		}
		// Filter: URLs that differ between crawlers.
		do(t, ctx, chromedp.SetValue(chromedp.ID("many-filter"), "differ"), chromedp.Evaluate[chromedp.Void](`document.getElementById("many-filter").dispatchEvent(new Event("change"))`))
		if got := textOf(t, ctx, "many-summary"); !strings.Contains(got, "shown: 5,000") {
			t.Errorf("after filtering: %q", got)
		}
		// The deciding rule's line button shows it in the editor.
		click(t, ctx, `#many-body tr[data-url="/private/doc-0"] td[data-agent="GPTBot"] .line-link`)
		if got := bandLines(t, ctx, "focus"); got != "2" {
			t.Errorf("the table's line button focused line %q, want 2", got)
		}
		b.screenshot(t, ctx, "many-urls", false)
		do(t, ctx, chromedp.ScrollIntoView(chromedp.ID("many")))
		b.screenshot(t, ctx, "many-urls-table", false)
		// "Show more" lays the other 4,700 rows out a chunk per task, and
		// the keyboard focus goes to the first new row, not to the page.
		if !eval[bool](t, ctx, `!!document.getElementById("many-more")`) {
			t.Fatal("no show-more button")
		}
		do(t, ctx, chromedp.Evaluate[chromedp.Void](`window.rowsPerTask = 0; document.getElementById("many-more").focus()`), chromedp.KeyEvent("\r"))
		// Laying out 4,700 rows takes a loaded machine a while: wait for it
		// (what is asserted is the rows per task, not the time).
		if _, err := chromedp.Run(ctx, chromedp.Poll[chromedp.Void](`document.querySelectorAll("#many-body tbody tr").length === 5000 && !document.getElementById("many-more")`,
			chromedp.WithPollingInterval(100*time.Millisecond), chromedp.WithPollingTimeout(3*time.Minute))); err != nil {
			t.Fatalf("show more did not lay out the 5,000 rows: %v (%d rows)", err, eval[int](t, ctx, `document.querySelectorAll("#many-body tbody tr").length`))
		}
		if n := eval[int](t, ctx, `window.rowsPerTask`); n > 300 {
			t.Errorf("show more laid out %d rows in one task, want at most 300", n)
		}
		if got := eval[string](t, ctx, `(() => { const a = document.activeElement; const r = a && a.closest("tr"); return r ? r.dataset.url + " " + [...r.parentNode.children].indexOf(r) : a.tagName })()`); !strings.HasSuffix(got, " 300") {
			t.Errorf("after show more the focus is on %q, want the first new row (301st)", got)
		}
		// The CSV download has every filtered row.
		dir := t.TempDir()
		do(t, ctx, chromedp.Func(func(ctx context.Context, tg *chromedp.Target) error {
			_, err := cdp.Call(ctx, tg, cdpbrowser.SetDownloadBehavior, cdpbrowser.SetDownloadBehaviorParams{Behavior: cdpbrowser.SetDownloadBehaviorBehaviorAllow, DownloadPath: dir})
			return err
		}))
		do(t, ctx, chromedp.Click(chromedp.ID("many-csv")))
		csvPath := filepath.Join(dir, "robots-verdicts.csv")
		var data []byte
		for deadline := time.Now().Add(20 * time.Second); time.Now().Before(deadline); time.Sleep(100 * time.Millisecond) {
			if data, _ = os.ReadFile(csvPath); len(data) > 0 && bytes.HasSuffix(data, []byte("\r\n")) {
				break
			}
		}
		// A byte order mark first, for spreadsheet programs.
		if !bytes.HasPrefix(data, []byte("\xEF\xBB\xBF")) {
			t.Errorf("the CSV has no byte order mark: %q", data[:min(len(data), 20)])
		}
		lines := strings.Split(strings.TrimSuffix(strings.TrimPrefix(string(data), "\uFEFF"), "\r\n"), "\r\n")
		if len(lines) != 1+5000*3 || lines[0] != "url,path,crawler,verdict,line,rule,reason" {
			t.Fatalf("CSV: %d lines, header %q", len(lines), lines[0])
		}
		if !slices.Contains(lines, "/private/doc-0,/private/doc-0,GPTBot,disallowed,2,Disallow: /private/,matched-rule") {
			t.Errorf("CSV lacks the GPTBot row of /private/doc-0: %q", lines[1:4])
		}
	})

	t.Run("links carry the bytes and cannot lie", func(t *testing.T) {
		ctx := b.tab(t)
		b.open(t, ctx, "")
		const latin = "User-agent: *\r\nDisallow: /caf\xE9/\r\n"
		upload(t, ctx, writeFile(t, t.TempDir(), "robots.txt", latin))
		waitParsed(t, ctx, len(latin))
		typeInto(t, ctx, "agent", "Bot")
		typeInto(t, ctx, "url", "/caf%E9/menu")
		waitFor(t, ctx, `document.getElementById("verdict-word") && document.getElementById("verdict-word").innerText === "DISALLOWED"`)
		do(t, ctx, chromedp.Click(chromedp.ID("copy-link")))
		waitFor(t, ctx, `document.getElementById("link-out").value.includes("robots=")`)
		link := eval[string](t, ctx, `document.getElementById("link-out").value`)
		u, _ := url.Parse(link)
		if got := linkBytes(t, fragmentKeys(t, u.EscapedFragment())); string(got) != "User-agent: *\r\nDisallow: /caf\xE9/\r\n" {
			t.Errorf("the link carries %q", got)
		}

		// A fresh tab opening it runs the whole analysis on the same bytes.
		ctx2 := b.tab(t)
		do(t, ctx2, chromedp.Navigate(link))
		waitFor(t, ctx2, `document.getElementById("verdict-word") && document.getElementById("verdict-word").innerText === "DISALLOWED"`)
		waitFor(t, ctx2, `document.querySelectorAll("#structure-body [data-group]").length === 1 && document.querySelectorAll("#matrix-body tr[data-token]").length > 3`)
		if got := textOf(t, ctx2, "editor-status"); !strings.Contains(got, "CRLF") || !strings.Contains(got, "not UTF-8") {
			t.Errorf("status from the link = %q", got)
		}
		if ids := findingIDs(t, ctx2); !strings.Contains(ids, "invalid-utf8@") {
			t.Errorf("audit from the link: %s, want invalid-utf8", ids)
		}

		// A cut link is damaged: no verdict, in a fresh tab...
		cut := link[:len(link)-len(link[strings.Index(link, "&crc="):])+len("&crc=")+3] + "&agent=Bot&url=%2Fcaf%25E9%2Fmenu"
		ctx3 := b.tab(t)
		do(t, ctx3, chromedp.Navigate(cut))
		waitFor(t, ctx3, `!!document.querySelector('[data-notice="damaged"]') && !!document.getElementById("verdict-damaged")`)
		if got := eval[string](t, ctx3, `document.querySelector('[data-notice="damaged"]').innerText`); !strings.Contains(got, "This link is damaged") {
			t.Errorf("damaged notice = %q", got)
		}
		if eval[bool](t, ctx3, `!!document.getElementById("verdict-word")`) {
			t.Error("a damaged link shows a verdict")
		}
		b.screenshot(t, ctx3, "damaged-link", false)
		// Typing a new text brings verdicts back.
		paste(t, ctx3, "User-agent: *\nDisallow: /\n")
		waitFor(t, ctx3, `document.getElementById("verdict-word") && document.getElementById("verdict-word").innerText === "DISALLOWED"`)
		// ...and on hashchange, with the bytes changed but the checksum kept.
		frag := fragmentKeys(t, u.EscapedFragment())
		other := flateBase64(t, []byte("User-agent: *\r\nAllow: /\r\n"))
		do(t, ctx2, chromedp.Evaluate[chromedp.Void](fmt.Sprintf(`location.hash = "v=2&z=1&robots=%s&crc=%s&agent=Bot&url=%%2F"`, other, frag["crc"])))
		waitFor(t, ctx2, `!!document.querySelector('[data-notice="damaged"]') && !!document.getElementById("verdict-damaged")`)

		// A version-1 link (UTF-8 text, no checksum) still opens.
		ctx4 := b.tab(t)
		do(t, ctx4, chromedp.Navigate(b.ts.URL+"/#robots="+base64.RawURLEncoding.EncodeToString([]byte(robotsText))+"&agent=Googlebot&url=%2Fsearch"))
		waitFor(t, ctx4, `document.getElementById("verdict-word") && /line 8/.test(document.getElementById("verdict-rule").innerText)`)

		// A long link warns and offers the file instead.
		var sb strings.Builder
		for i := range 4000 {
			fmt.Fprintf(&sb, "Disallow: /%x/\n", i*7919)
		}
		ctx5 := b.tab(t)
		b.open(t, ctx5, "")
		setField(t, ctx5, "robots", "User-agent: *\n"+sb.String())
		do(t, ctx5, chromedp.Click(chromedp.ID("copy-link")))
		waitFor(t, ctx5, `!document.getElementById("link-long").hidden`)
		if got := textOf(t, ctx5, "link-long"); !strings.Contains(got, "may cut links") || !eval[bool](t, ctx5, `!!document.getElementById("download-file")`) {
			t.Errorf("long link warning = %q", got)
		}
		b.screenshot(t, ctx5, "long-link", false)
	})

	t.Run("verdict and table agree; fallback and URL notes", func(t *testing.T) {
		ctx := b.tab(t)
		text := "User-agent: *\nAllow: /\n\nUser-agent: Googlebot\nDisallow: /photos/\n"
		b.open(t, ctx, "#robots="+base64.RawURLEncoding.EncodeToString([]byte(text)))
		word, line := verdictFor(t, ctx, "Googlebot-Image", "/photos/cat.jpg")
		if word != "DISALLOWED" || line != 5 {
			t.Errorf("Googlebot-Image: %s by line %d, want DISALLOWED by line 5", word, line)
		}
		if got := textOf(t, ctx, "verdict-fallback"); !strings.Contains(got, "Googlebot-Image has no group of its own; it follows Googlebot's group (line 4)") {
			t.Errorf("fallback note = %q", got)
		}
		do(t, ctx, chromedp.ScrollIntoView(chromedp.ID("matcher")))
		b.screenshot(t, ctx, "fallback", false)
		// The table, with every crawler, says the same for each.
		do(t, ctx, chromedp.Click(chromedp.CSS("#matrix-body .more")))
		waitFor(t, ctx, `document.querySelectorAll("#matrix-body tr[data-token]").length > 30`)
		tokens := eval[[]string](t, ctx, `[...document.querySelectorAll("#matrix-body tr[data-token]")].map(r => r.dataset.token).filter(t => t !== "*")`)
		for _, tok := range tokens {
			want := eval[string](t, ctx, fmt.Sprintf(`document.querySelector('#matrix-body tr[data-token=%q] .badge').innerText`, tok))
			got, _ := verdictFor(t, ctx, tok, "/photos/cat.jpg")
			if got != want {
				t.Errorf("%s: verdict box %s, table %s", tok, got, want)
			}
		}
		// Without fallbacks, the plain answer.
		do(t, ctx, chromedp.Click(chromedp.ID("fallback")))
		typeInto(t, ctx, "agent", "Googlebot-Image")
		waitFor(t, ctx, `document.getElementById("verdict-word") && document.getElementById("verdict-word").innerText === "ALLOWED" && !document.getElementById("verdict-fallback")`)
		// ...and so does the table.
		waitFor(t, ctx, `document.querySelector('#matrix-body tr[data-token="Googlebot-Image"] .badge').innerText === "ALLOWED"`)
		do(t, ctx, chromedp.Click(chromedp.ID("fallback")))

		for _, tt := range []struct{ url, want string }{
			{"private/x", "is neither a full URL nor a path starting with /"},
			{"https://", "has a scheme but no host"},
			{"", "an empty URL is read as /"},
		} {
			verdictFor(t, ctx, "Googlebot", tt.url)
			if got := textOf(t, ctx, "verdict-url-note"); !strings.Contains(got, tt.want) {
				t.Errorf("URL %q: note %q, want %q", tt.url, got, tt.want)
			}
		}
		verdictFor(t, ctx, "Googlebot", "/photos/")
		if eval[bool](t, ctx, `!!document.getElementById("verdict-url-note")`) {
			t.Error("a path got a note")
		}
		verdictFor(t, ctx, "Googlebot", "private/x")
		do(t, ctx, chromedp.ScrollIntoView(chromedp.ID("matcher")))
		b.screenshot(t, ctx, "url-note", false)
	})

	t.Run("examples, empty editor, text kept across reloads", func(t *testing.T) {
		ctx := b.tab(t)
		b.open(t, ctx, "")
		if got := eval[string](t, ctx, `document.getElementById("robots").placeholder`); got != "" {
			t.Errorf("the empty editor has a placeholder %q", got)
		}
		do(t, ctx, chromedp.SetValue(chromedp.ID("example"), "staging"), chromedp.Evaluate[chromedp.Void](`document.getElementById("example").dispatchEvent(new Event("change"))`))
		waitFor(t, ctx, `document.getElementById("verdict-word") && document.getElementById("verdict-word").innerText === "DISALLOWED"`)
		if got := eval[string](t, ctx, `document.getElementById("example").value`); got != "staging" {
			t.Errorf("example menu shows %q after loading staging", got)
		}
		// An edit is no longer the example.
		do(t, ctx, chromedp.Click(chromedp.ID("robots")), chromedp.KeyEvent("#"))
		if got := eval[string](t, ctx, `document.getElementById("example").value`); got != "" {
			t.Errorf("example menu shows %q after an edit", got)
		}
		want := eval[string](t, ctx, `document.getElementById("robots").value`)
		do(t, ctx, chromedp.Evaluate[chromedp.Void](`new Promise(r => setTimeout(r, 600))`, chromedp.EvalAwaitPromise))
		b.reopen(t, ctx, "")
		if got := eval[string](t, ctx, `document.getElementById("robots").value`); got != want {
			t.Errorf("after a reload the text is %q, want %q", got, want)
		}
		// A link's text wins over the kept one.
		b.reopen(t, ctx, "#robots="+base64.RawURLEncoding.EncodeToString([]byte(robotsText)))
		if got := eval[string](t, ctx, `document.getElementById("robots").value`); got != robotsText {
			t.Errorf("with a link the text is %q", got)
		}
	})

	t.Run("plurals and numbers in every language", func(t *testing.T) {
		ctx := b.tab(t)
		b.open(t, ctx, "#robots="+base64.RawURLEncoding.EncodeToString([]byte("User-agent: *\nDisallow: /\nAllow: /a\n"))+"&agent=Bot&url=%2Fa")
		for _, tt := range []struct{ lang, one, summary string }{
			{"en", "(2 characters)", "36 bytes"},
			{"ru", "(2 символа)", "36 байт"},
			{"ro", "(2 caractere)", "36 de octeți"},
		} {
			do(t, ctx, chromedp.Click(chromedp.CSS(fmt.Sprintf(`.langs button[data-lang=%q]`, tt.lang))))
			waitFor(t, ctx, fmt.Sprintf(`document.documentElement.lang === %q && document.getElementById("verdict-why")`, tt.lang))
			waitFor(t, ctx, fmt.Sprintf(`document.getElementById("verdict-why").innerText.includes(%q)`, tt.one))
			if got := textOf(t, ctx, "structure-body"); !strings.Contains(got, tt.summary) {
				t.Errorf("%s: structure summary lacks %q: %.200s", tt.lang, tt.summary, got)
			}
		}
		do(t, ctx, chromedp.Click(chromedp.CSS(`.langs button[data-lang="en"]`)))
	})

	t.Run("axe-core finds no violation in any language", func(t *testing.T) {
		axe := axeSource(t)
		ctx := b.tab(t)
		b.open(t, ctx, "#robots="+base64.RawURLEncoding.EncodeToString([]byte(robotsText))+"&agent=Googlebot&url=%2Fsearch")
		waitFor(t, ctx, `document.getElementById("verdict-word")`)
		do(t, ctx, chromedp.Click(chromedp.ID("parse")), chromedp.Click(chromedp.ID("run-selftest")))
		waitFor(t, ctx, `document.getElementById("selftest-summary") && document.querySelectorAll("#audit-body .finding, #audit-body .good").length > 0`)
		do(t, ctx, chromedp.Evaluate[chromedp.Void](axe))
		for _, lang := range []string{"en", "ru", "ro"} {
			do(t, ctx, chromedp.Click(chromedp.CSS(fmt.Sprintf(`.langs button[data-lang=%q]`, lang))))
			waitFor(t, ctx, fmt.Sprintf(`document.documentElement.lang === %q`, lang))
			do(t, ctx, chromedp.Evaluate[chromedp.Void](`new Promise(r => setTimeout(r, 300))`, chromedp.EvalAwaitPromise))
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
		do(t, ctx, chromedp.Click(chromedp.CSS(`.langs button[data-lang="en"]`)))
	})

	t.Run("compare with another version", func(t *testing.T) {
		ctx := b.tab(t)
		cur := "User-agent: *\nDisallow: /private/\nDisallow: /drafts/\n\nUser-agent: GPTBot\nAllow: /\n"
		old := "User-agent: *\nDisallow: /private/\n\nUser-agent: GPTBot\nDisallow: /\n\nSitemap: https://www.example.com/old.xml\n"
		b.open(t, ctx, "#robots="+base64.RawURLEncoding.EncodeToString([]byte(cur)))
		// With no URL list, paths derived from both files are compared.
		upload2 := writeFile(t, t.TempDir(), "old.txt", old)
		do(t, ctx, chromedp.SetUploadFiles(chromedp.ID("compare-file"), []string{upload2}))
		waitFor(t, ctx, `document.querySelectorAll("#compare-body tbody tr").length > 0`)
		rules := eval[string](t, ctx, `[...document.querySelectorAll("#compare-rules li")].map(l => l.className + " " + l.querySelector("code").innerText).join(" | ")`)
		for _, want := range []string{"added Disallow: /drafts/", "added Allow: /", "removed Disallow: /", "removed Sitemap: https://www.example.com/old.xml"} {
			if !strings.Contains(rules, want) {
				t.Errorf("structural changes %q lack %q", rules, want)
			}
		}
		row := func(u, agent string) string {
			return eval[string](t, ctx, fmt.Sprintf(`(() => { const r = document.querySelector('#compare-body tr[data-url=%q][data-agent=%q]'); return r ? [...r.querySelectorAll(".badge")].map(b => b.innerText).join(" -> ") : "" })()`, u, agent))
		}
		if got := row("/drafts/", "Googlebot"); got != "ALLOWED -> DISALLOWED" {
			t.Errorf("Googlebot /drafts/: %q", got)
		}
		// With a URL list, exactly those URLs.
		setField(t, ctx, "many-urls", "/drafts/2024\n/blog/\n")
		setField(t, ctx, "many-agents", "Googlebot\nGPTBot\n")
		do(t, ctx, chromedp.Click(chromedp.ID("compare-run")))
		waitFor(t, ctx, `document.querySelector('#compare-body tr[data-url="/drafts/2024"]') && !document.querySelector('#compare-body tr[data-url="/drafts/"]')`)
		got := eval[string](t, ctx, `[...document.querySelectorAll("#compare-body tbody tr")].map(r => r.dataset.agent + " " + r.dataset.url + " " + [...r.querySelectorAll(".badge")].map(b => b.innerText).join("->")).join(" | ")`)
		if want := "Googlebot /drafts/2024 ALLOWED->DISALLOWED | GPTBot /drafts/2024 DISALLOWED->ALLOWED | GPTBot /blog/ DISALLOWED->ALLOWED"; got != want {
			t.Errorf("changes:\n got %s\nwant %s", got, want)
		}
		do(t, ctx, chromedp.ScrollIntoView(chromedp.ID("compare")))
		b.screenshot(t, ctx, "compare", false)
		// The same file: no difference.
		do(t, ctx, chromedp.SetUploadFiles(chromedp.ID("compare-file"), []string{writeFile(t, t.TempDir(), "same.txt", cur)}))
		waitFor(t, ctx, `!!document.getElementById("compare-same")`)
	})

	t.Run("nothing leaves the browser", func(t *testing.T) {
		b.mu.Lock()
		defer b.mu.Unlock()
		encoded := []string{secret, url.PathEscape(secret), url.QueryEscape(secret), base64.RawURLEncoding.EncodeToString([]byte(robotsText))}
		carries := func(s string) bool {
			for _, e := range encoded {
				if strings.Contains(s, e) {
					return true
				}
			}
			return false
		}
		if len(b.requests) < 10 {
			t.Fatalf("only %d requests recorded: the network events are not being seen", len(b.requests))
		}
		sawWasm := false
		for _, r := range b.requests {
			if strings.HasPrefix(r.URL, "data:") {
				continue
			}
			if !strings.HasPrefix(r.URL, b.ts.URL+"/") {
				t.Errorf("request to another origin: %s %s", r.Method, r.URL)
			}
			if r.Method != http.MethodGet {
				t.Errorf("the page sent %s %s", r.Method, r.URL)
			}
			if strings.HasSuffix(r.URL, ".wasm") {
				sawWasm = true
			}
			if carries(r.URL) || r.HasPostData {
				t.Errorf("request carries data: %s %s", r.Method, r.URL)
			}
			for k, v := range r.Headers {
				if carries(fmt.Sprint(v)) {
					t.Errorf("request %s carries the robots text in header %s", r.URL, k)
				}
			}
		}
		// The worker's own requests (the WebAssembly module) are not reported
		// to the page's target; the server saw them, and the worker's
		// response carries the same policy, which confines it to this origin.
		_ = sawWasm
		b.rec.mu.Lock()
		defer b.rec.mu.Unlock()
		sawWasm = false
		for _, r := range b.rec.reqs {
			if strings.HasSuffix(r.url, "/robotstxt.wasm") {
				sawWasm = true
			}
			if r.method != http.MethodGet && r.method != http.MethodHead || len(r.body) > 0 || carries(r.url) || carries(fmt.Sprint(r.header)) {
				t.Errorf("the server received %s %s (%d bytes of body)", r.method, r.url, len(r.body))
			}
		}
		if !sawWasm {
			t.Error("the server never received the WebAssembly module's request")
		}
		// Every response carries the Content-Security-Policy.
		for _, r := range b.responses {
			if !strings.HasPrefix(r.URL, b.ts.URL) {
				continue
			}
			if csp := header(r.Headers, "Content-Security-Policy"); !strings.Contains(csp, "default-src 'self'") || !strings.Contains(csp, "'wasm-unsafe-eval'") {
				t.Errorf("%s: Content-Security-Policy %q", r.URL, csp)
			}
		}
		t.Logf("%d requests by the browser, %d received by the server: none carried the text", len(b.requests), len(b.rec.reqs))
		for _, p := range b.problems {
			t.Errorf("browser console: %s", p)
		}
	})
}

// noRawMarkup fails when the catalogue's markup (**, `, {param}) shows as
// text instead of being rendered.
func noRawMarkup(t *testing.T, ctx context.Context, lang string) {
	t.Helper()
	text := eval[string](t, ctx, `document.body.innerText`)
	for _, bad := range []string{"**", "`", "{n}", "{token}", "{rule}"} {
		if i := strings.Index(text, bad); i >= 0 {
			t.Errorf("%s page shows raw markup %q: …%s…", lang, bad, text[max(0, i-60):min(len(text), i+60)])
		}
	}
}

func header(h network.Headers, name string) string {
	for k, v := range h {
		if strings.EqualFold(k, name) {
			return fmt.Sprint(v)
		}
	}
	return ""
}

func writeFile(t *testing.T, dir, name, data string) string {
	t.Helper()
	p := filepath.Join(dir, name)
	if err := os.WriteFile(p, []byte(data), 0o644); err != nil {
		t.Fatal(err)
	}
	return p
}

// upload opens a file through the page's file picker.
func upload(t *testing.T, ctx context.Context, path string) {
	t.Helper()
	do(t, ctx, chromedp.SetUploadFiles(chromedp.ID("file"), []string{path}))
}

// waitParsed waits until the parsed view shows the current text, of size
// bytes.
func waitParsed(t *testing.T, ctx context.Context, size int) {
	t.Helper()
	waitFor(t, ctx, fmt.Sprintf(`(() => { const s = document.querySelector("#structure-body .summary"); return !!s && s.dataset.size === "%d" && s.dataset.rev === document.getElementById("editor").dataset.rev })()`, size))
}

// findingIDs returns the audit as shown, every finding, as sorted
// "id@line" words.
func findingIDs(t *testing.T, ctx context.Context) string {
	t.Helper()
	waitFor(t, ctx, `(() => { const a = document.getElementById("audit-body"); return a.dataset.rev === document.getElementById("editor").dataset.rev })()`)
	return eval[string](t, ctx, `(() => {
		for (const f of document.querySelectorAll('#audit-body .filter[aria-pressed="false"]')) f.click();
		const more = document.querySelector("#audit-body > .more");
		if (more) more.click();
		return [...document.querySelectorAll("#audit-body .finding")].map(f => f.querySelector(".id").innerText + "@" + f.dataset.line).sort().join(" ");
	})()`)
}

// setField sets an input's value as a paste does, one input event.
func setField(t *testing.T, ctx context.Context, id, value string) {
	t.Helper()
	do(t, ctx, chromedp.Evaluate[chromedp.Void](fmt.Sprintf(`(() => { const e = document.getElementById(%q); e.value = %q; e.dispatchEvent(new Event("input")) })()`, id, value)))
}

// verdictFor asks the matcher and waits for its verdict on the current
// text: the word and the deciding line (0 for none).
func verdictFor(t *testing.T, ctx context.Context, agent, u string) (string, int) {
	t.Helper()
	// Fill both fields and press Check, as a user who pastes both would.
	do(t, ctx, chromedp.Evaluate[chromedp.Void](fmt.Sprintf(`(() => {
		document.getElementById("agent").value = %q;
		document.getElementById("url").value = %q;
		document.getElementById("check-form").requestSubmit();
	})()`, agent, u)))
	subject := agent + " → " + u
	if u == "" {
		subject = agent + ` → ""`
	}
	waitFor(t, ctx, fmt.Sprintf(`(() => { const v = document.getElementById("verdict"); const s = v.querySelector(".verdict-subject"); return !!s && s.innerText === %q && v.dataset.rev === document.getElementById("editor").dataset.rev })()`, subject))
	word := textOf(t, ctx, "verdict-word")
	line := eval[int](t, ctx, `+((document.querySelector("#verdict-rule .line-link") || {dataset: {line: 0}}).dataset.line)`)
	return word, line
}

// corpusSample picks real files of every kind the page must read as the
// command line does: the largest (past the limit, CRLF), files with a byte
// order mark, CRLF line endings, bytes that are not UTF-8, and plain ones.
func corpusSample(t *testing.T) []string {
	t.Helper()
	dir, err := filepath.Abs(testutil.CorpusDir(t, "../../../shared/corpus/robots"))
	if err != nil {
		t.Fatal(err)
	}
	entries, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	kinds := map[string]int{}
	var out []string
	for _, e := range entries {
		p := filepath.Join(dir, e.Name())
		data, err := os.ReadFile(p)
		if err != nil {
			t.Fatal(err)
		}
		kind := "plain"
		switch {
		case strings.Contains(e.Name(), "merckmanuals.com"):
			kind = "large"
		case bytes.HasPrefix(data, []byte("\xEF\xBB\xBF")):
			kind = "bom"
		case !utf8.Valid(data):
			kind = "not-utf8"
		case bytes.Contains(data, []byte("\r\n")):
			kind = "crlf"
		}
		if kinds[kind] < 2 && len(data) < 800<<10 {
			kinds[kind]++
			out = append(out, p)
		}
	}
	if kinds["large"] == 0 {
		t.Fatal("the corpus lacks merckmanuals.com (713,120 bytes)")
	}
	return out
}

var cliOnce struct {
	sync.Once
	path string
	err  error
}

// buildCLI builds the robotstxt command once.
func buildCLI(t *testing.T) string {
	t.Helper()
	cliOnce.Do(func() {
		dir, err := os.MkdirTemp("", "robotstxt-cli")
		if err != nil {
			cliOnce.err = err
			return
		}
		cliOnce.path = filepath.Join(dir, "robotstxt")
		out, err := exec.Command("go", "build", "-o", cliOnce.path, "github.com/robotstxt/robotstxt/cmd/robotstxt").CombinedOutput()
		if err != nil {
			cliOnce.err = fmt.Errorf("%v\n%s", err, out)
		}
	})
	if cliOnce.err != nil {
		t.Fatalf("building the command: %v", cliOnce.err)
	}
	return cliOnce.path
}

// runJSON runs the command and decodes its standard output. Exit status 1
// (lint found something) is not a failure.
func runJSON(t *testing.T, cli string, v any, args ...string) {
	t.Helper()
	cmd := exec.Command(cli, args...)
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil && cmd.ProcessState.ExitCode() != 1 {
		t.Fatalf("robotstxt %s: %v\n%s", strings.Join(args, " "), err, stderr.String())
	}
	if err := json.Unmarshal(out, v); err != nil {
		t.Fatalf("robotstxt %s: %v\n%.300s", strings.Join(args, " "), err, out)
	}
}

// postJSON posts a robots.txt as text/plain and decodes the JSON answer.
func postJSON(t *testing.T, u string, body []byte, v any) {
	t.Helper()
	resp, err := http.Post(u, "text/plain", bytes.NewReader(body))
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	b, _ := io.ReadAll(resp.Body)
	if resp.StatusCode != http.StatusOK {
		t.Fatalf("POST %s: %s: %s", u, resp.Status, b)
	}
	if err := json.Unmarshal(b, v); err != nil {
		t.Fatalf("POST %s: %v: %.200s", u, err, b)
	}
}

// probeURLs derives a few paths from a file's first rules, and "/".
func probeURLs(data []byte) []string {
	urls := []string{"/"}
	re := regexp.MustCompile(`(?im)^\s*(?:dis)?allow\s*:\s*(/[^\s#*$]*)`)
	for _, m := range re.FindAllSubmatch(data, -1) {
		if len(urls) == 3 {
			break
		}
		u := string(m[1]) + "x"
		if utf8.ValidString(u) && !slices.Contains(urls, u) {
			urls = append(urls, u)
		}
	}
	return urls
}

// commas writes n with thousands separators, as the English page does.
func commas(n int) string {
	s := fmt.Sprint(n)
	for i := len(s) - 3; i > 0; i -= 3 {
		s = s[:i] + "," + s[i:]
	}
	return s
}

// fragmentKeys splits a permalink's fragment into its keys.
func fragmentKeys(t *testing.T, frag string) map[string]string {
	t.Helper()
	keys := map[string]string{}
	for _, part := range strings.Split(frag, "&") {
		k, v, _ := strings.Cut(part, "=")
		keys[k] = v
	}
	return keys
}

// linkBytes decodes a version-2 link's file and checks its CRC-32.
func linkBytes(t *testing.T, keys map[string]string) []byte {
	t.Helper()
	raw, err := base64.RawURLEncoding.DecodeString(keys["robots"])
	if err != nil {
		t.Fatalf("robots=%q: %v", keys["robots"], err)
	}
	if keys["z"] == "1" {
		if raw, err = io.ReadAll(flate.NewReader(bytes.NewReader(raw))); err != nil {
			t.Fatalf("inflating the link: %v", err)
		}
	}
	if want := fmt.Sprintf("%08x", crc32.ChecksumIEEE(raw)); keys["crc"] != want {
		t.Errorf("crc=%s, want %s", keys["crc"], want)
	}
	return raw
}

func flateBase64(t *testing.T, data []byte) string {
	t.Helper()
	var b bytes.Buffer
	w, _ := flate.NewWriter(&b, flate.BestCompression)
	w.Write(data)
	w.Close()
	return base64.RawURLEncoding.EncodeToString(b.Bytes())
}

// axeSource returns axe-core's script: $ROBOTSTXT_AXE, or the copy .ci/run
// installs with npm. Without it the test skips, except under CI=true.
func axeSource(t *testing.T) string {
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

// watchRowsPerTask counts, in window.rowsPerTask, the most table rows added
// under the element in one task: an operation count that a loaded machine
// does not change, where a time would stretch.
func watchRowsPerTask(t *testing.T, ctx context.Context, id string) {
	t.Helper()
	do(t, ctx, chromedp.Evaluate[chromedp.Void](fmt.Sprintf(`(() => {
		window.rowsPerTask = 0;
		new MutationObserver((records) => {
			let n = 0;
			for (const r of records) for (const a of r.addedNodes) {
				if (a.nodeType !== 1) continue;
				n += (a.tagName === "TR" && a.parentNode.tagName === "TBODY" ? 1 : 0) + a.querySelectorAll("tbody tr").length;
			}
			window.rowsPerTask = Math.max(window.rowsPerTask, n);
		}).observe(document.getElementById(%q), {childList: true, subtree: true});
	})()`, id)))
}
