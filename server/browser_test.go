package server_test

import (
	"bytes"
	"context"
	"encoding/base64"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"net/url"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/input"
	"github.com/chromedp/cdproto/network"
	"github.com/chromedp/cdproto/runtime"
	"github.com/chromedp/chromedp"

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

func chromiumPath(t *testing.T) string {
	t.Helper()
	for _, name := range []string{os.Getenv("ROBOTSTXT_CHROMIUM"), "/usr/bin/chromium", "chromium", "chromium-browser"} {
		if name == "" {
			continue
		}
		if p, err := exec.LookPath(name); err == nil {
			return p
		}
	}
	if os.Getenv("CI") == "true" {
		t.Fatal("Chromium is not installed: CI must install it (apt-get install -y chromium)")
	}
	t.Skip("Chromium is not installed (apt-get install -y chromium); skipping the browser tests")
	return ""
}

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

func newBrowser(t *testing.T) *browser {
	path := chromiumPath(t)
	srv, err := server.New(server.Options{})
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
	ctx, cancel3 := context.WithTimeout(ctx, 4*time.Minute)
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

// open navigates to the page (with a fragment) and waits for the engine.
func (b *browser) open(t *testing.T, ctx context.Context, fragment string) {
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
	_, err := chromedp.Run(ctx, chromedp.Poll[chromedp.Void](expr,
		chromedp.WithPollingInterval(25*time.Millisecond), chromedp.WithPollingTimeout(30*time.Second)))
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
		do(t, ctx, chromedp.Click(chromedp.CSS(fmt.Sprintf(`#audit-body .finding[data-line="%d"]`, line))))
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
		do(t, ctx, chromedp.ScrollIntoView(chromedp.ID("selftest")))
		b.screenshot(t, ctx, "selftest", false)
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
		waitFor(t, ctx, `document.getElementById("link-out").value.includes("#robots=")`)
		link := eval[string](t, ctx, `document.getElementById("link-out").value`)
		u, err := url.Parse(link)
		if err != nil {
			t.Fatal(err)
		}
		wantFrag := "robots=" + base64.RawURLEncoding.EncodeToString([]byte(robotsText)) + "&agent=Googlebot&url=%2Fsearch%3Fq%3Drobots&lang=en"
		if u.Fragment != "" && u.EscapedFragment() != wantFrag {
			t.Errorf("link fragment:\n got %s\nwant %s", u.EscapedFragment(), wantFrag)
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
		if longest > 500 {
			t.Errorf("the page froze for %.0f ms while parsing", longest)
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
