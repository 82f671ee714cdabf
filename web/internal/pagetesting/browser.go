package pagetesting

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
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/input"
	"github.com/chromedp/cdproto/network"
	"github.com/chromedp/cdproto/runtime"
	"github.com/chromedp/chromedp"

	"github.com/robotstxt/robotstxt/internal/testutil"
	"github.com/robotstxt/robotstxt/server"
)

// Secret is in every robots.txt the tests type: no request may carry it.
const Secret = "/members-only-7q2xk9"

// RobotsText is the file most tests type: two groups, a tie, a sitemap.
const RobotsText = `User-agent: *
Disallow: /private/
Allow: /private/press/

User-agent: Googlebot
Disallow: ` + Secret + `/
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

// Served is a request as the server received it.
type Served struct {
	Method, URL string
	Header      http.Header
	Body        []byte
}

// recording wraps the server and keeps every request it receives.
type recording struct {
	h    http.Handler
	mu   sync.Mutex
	reqs []Served
}

func (r *recording) ServeHTTP(w http.ResponseWriter, req *http.Request) {
	body, _ := io.ReadAll(req.Body)
	req.Body = io.NopCloser(bytes.NewReader(body))
	r.mu.Lock()
	r.reqs = append(r.reqs, Served{req.Method, req.URL.String(), req.Header.Clone(), body})
	r.mu.Unlock()
	r.h.ServeHTTP(w, req)
}

// Browser is one Chromium with the page's server, and what every tab saw.
type Browser struct {
	// URL is the page server's address, without a trailing slash.
	URL string

	rec   *recording
	ctx   context.Context
	art   string
	shots int

	mu        sync.Mutex
	requests  []*network.Request
	responses []*network.Response
	problems  []string // console errors and uncaught exceptions
}

// Parallel starts a browser test: it skips the test with -short (browser
// tests are not short) and runs it in parallel with the package's other
// tests, each of which has a browser of its own.
func Parallel(t *testing.T) {
	t.Helper()
	if testing.Short() {
		t.Skip("browser tests are not short")
	}
	t.Parallel()
}

// NewBrowser starts Chromium and the page's server with default options;
// both stop when the test ends. Without Chromium the test skips, except
// under CI=true, where it fails.
func NewBrowser(t *testing.T) *Browser { return NewBrowserWith(t, server.Options{}) }

// NewBrowserWith is NewBrowser with a server of the given options.
func NewBrowserWith(t *testing.T, sopts server.Options) *Browser {
	path := testutil.Chromium(t)
	srv, err := server.New(sopts)
	if err != nil {
		t.Fatal(err)
	}
	b := &Browser{rec: &recording{h: srv}, art: artifactDir(t)}
	ts := httptest.NewServer(b.rec)
	t.Cleanup(ts.Close)
	b.URL = ts.URL
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

// Problems returns the console errors and uncaught exceptions every tab
// has seen so far.
func (b *Browser) Problems() []string {
	b.mu.Lock()
	defer b.mu.Unlock()
	return slices.Clone(b.problems)
}

// ForgetProblems forgets the problems seen so far (a test that blocks
// requests on purpose, which the console reports as errors).
func (b *Browser) ForgetProblems() {
	b.mu.Lock()
	b.problems = nil
	b.mu.Unlock()
}

// Received returns the requests the page's server has received so far.
func (b *Browser) Received() []Served {
	b.rec.mu.Lock()
	defer b.rec.mu.Unlock()
	return slices.Clone(b.rec.reqs)
}

// Tab opens a new tab that records its network traffic and console.
func (b *Browser) Tab(t *testing.T) context.Context {
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

// Open navigates to the page (with a fragment) and waits for the engine,
// after forgetting the text a previous test left in local storage.
func (b *Browser) Open(t *testing.T, ctx context.Context, fragment string) {
	t.Helper()
	Do(t, ctx, chromedp.Navigate(b.URL+"/healthz"),
		chromedp.Evaluate[chromedp.Void](`localStorage.clear()`))
	b.Reopen(t, ctx, fragment)
}

// Reopen navigates to the page, keeping local storage.
func (b *Browser) Reopen(t *testing.T, ctx context.Context, fragment string) {
	t.Helper()
	Do(t, ctx, chromedp.Navigate(b.URL+"/"+fragment))
	WaitFor(t, ctx, `document.body.dataset.engine === "ready" && document.body.dataset.settled === "true"`)
}

// Do runs the steps in the tab and fails the test on an error.
func Do(t *testing.T, ctx context.Context, steps ...chromedp.Action[chromedp.Void]) {
	t.Helper()
	if err := chromedp.Do(ctx, steps...); err != nil {
		t.Fatal(err)
	}
}

// Eval evaluates a JavaScript expression in the tab.
func Eval[T any](t *testing.T, ctx context.Context, expr string) T {
	t.Helper()
	v, err := chromedp.Run(ctx, chromedp.Evaluate[T](expr))
	if err != nil {
		t.Fatalf("%s: %v", expr, err)
	}
	return v
}

// waitLimit bounds one WaitFor: what it waits for is a state, not a speed,
// and a machine at load average 30, running two browsers per test binary,
// once took more than 30 s to parse a 2 MiB file. Each package's test
// binary has its own 10-minute budget besides.
const waitLimit = 2 * time.Minute

// WaitFor polls a JavaScript condition until it holds (waitLimit at most),
// and fails with the page's banner and verdict when it does not.
func WaitFor(t *testing.T, ctx context.Context, expr string) {
	t.Helper()
	var err error
	for range 3 {
		_, err = chromedp.Run(ctx, chromedp.Poll[chromedp.Void](expr,
			chromedp.WithPollingInterval(25*time.Millisecond), chromedp.WithPollingTimeout(waitLimit)))
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

// Screenshot saves the page as NN-name.png in the artifact folder.
func (b *Browser) Screenshot(t *testing.T, ctx context.Context, name string, full bool) {
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

// Paste types text into the focused editor as a paste does: one input event
// with the whole text.
func Paste(t *testing.T, ctx context.Context, text string) {
	t.Helper()
	Do(t, ctx, chromedp.Click(chromedp.ID("robots")), chromedp.Func(func(ctx context.Context, tg *chromedp.Target) error {
		_, err := cdp.Call(ctx, tg, input.InsertText, input.InsertTextParams{Text: text})
		return err
	}))
}

// TypeInto empties an input and types text into it, key by key.
func TypeInto(t *testing.T, ctx context.Context, id, text string) {
	t.Helper()
	Do(t, ctx, chromedp.Evaluate[chromedp.Void](fmt.Sprintf(`document.getElementById(%q).value = ""`, id)),
		chromedp.SendKeys(chromedp.ID(id), text))
}

// TextOf returns the text of the element with the id ("" for none).
func TextOf(t *testing.T, ctx context.Context, id string) string {
	t.Helper()
	return Eval[string](t, ctx, fmt.Sprintf(`(document.getElementById(%q) || {}).innerText || ""`, id))
}

// BandLines returns the highlighted lines of a kind.
func BandLines(t *testing.T, ctx context.Context, kind string) string {
	t.Helper()
	return Eval[string](t, ctx, fmt.Sprintf(`[...document.querySelectorAll(".band.b-%s")].map(b => b.dataset.line).join(",")`, kind))
}

// NoRawMarkup fails when the catalogue's markup (**, `, {param}) shows as
// text instead of being rendered.
func NoRawMarkup(t *testing.T, ctx context.Context, lang string) {
	t.Helper()
	text := Eval[string](t, ctx, `document.body.innerText`)
	for _, bad := range []string{"**", "`", "{n}", "{token}", "{rule}"} {
		if i := strings.Index(text, bad); i >= 0 {
			t.Errorf("%s page shows raw markup %q: …%s…", lang, bad, text[max(0, i-60):min(len(text), i+60)])
		}
	}
}

// Header returns a response header of the network log, by name in any case.
func Header(h network.Headers, name string) string {
	for k, v := range h {
		if strings.EqualFold(k, name) {
			return fmt.Sprint(v)
		}
	}
	return ""
}

// WriteFile writes data to dir/name and returns the path.
func WriteFile(t *testing.T, dir, name, data string) string {
	t.Helper()
	p := filepath.Join(dir, name)
	if err := os.WriteFile(p, []byte(data), 0o644); err != nil {
		t.Fatal(err)
	}
	return p
}

// Upload opens a file through the page's file picker.
func Upload(t *testing.T, ctx context.Context, path string) {
	t.Helper()
	Do(t, ctx, chromedp.SetUploadFiles(chromedp.ID("file"), []string{path}))
}

// WaitParsed waits until the parsed view shows the current text, of size
// bytes.
func WaitParsed(t *testing.T, ctx context.Context, size int) {
	t.Helper()
	WaitFor(t, ctx, fmt.Sprintf(`(() => { const s = document.querySelector("#structure-body .summary"); return !!s && s.dataset.size === "%d" && s.dataset.rev === document.getElementById("editor").dataset.rev })()`, size))
}

// FindingIDs returns the audit as shown, every finding, as sorted
// "id@line" words.
func FindingIDs(t *testing.T, ctx context.Context) string {
	t.Helper()
	WaitFor(t, ctx, `(() => { const a = document.getElementById("audit-body"); return a.dataset.rev === document.getElementById("editor").dataset.rev })()`)
	return Eval[string](t, ctx, `(() => {
		for (const f of document.querySelectorAll('#audit-body .filter[aria-pressed="false"]')) f.click();
		const more = document.querySelector("#audit-body > .more");
		if (more) more.click();
		return [...document.querySelectorAll("#audit-body .finding")].map(f => f.querySelector(".id").innerText + "@" + f.dataset.line).sort().join(" ");
	})()`)
}

// SetField sets an input's value as a paste does, one input event.
func SetField(t *testing.T, ctx context.Context, id, value string) {
	t.Helper()
	Do(t, ctx, chromedp.Evaluate[chromedp.Void](fmt.Sprintf(`(() => { const e = document.getElementById(%q); e.value = %q; e.dispatchEvent(new Event("input")) })()`, id, value)))
}

// VerdictFor asks the matcher and waits for its verdict on the current
// text: the word and the deciding line (0 for none).
func VerdictFor(t *testing.T, ctx context.Context, agent, u string) (string, int) {
	t.Helper()
	// Fill both fields and press Check, as a user who pastes both would.
	Do(t, ctx, chromedp.Evaluate[chromedp.Void](fmt.Sprintf(`(() => {
		document.getElementById("agent").value = %q;
		document.getElementById("url").value = %q;
		document.getElementById("check-form").requestSubmit();
	})()`, agent, u)))
	subject := agent + " → " + u
	if u == "" {
		subject = agent + ` → ""`
	}
	WaitFor(t, ctx, fmt.Sprintf(`(() => { const v = document.getElementById("verdict"); const s = v.querySelector(".verdict-subject"); return !!s && s.innerText === %q && v.dataset.rev === document.getElementById("editor").dataset.rev })()`, subject))
	word := TextOf(t, ctx, "verdict-word")
	line := Eval[int](t, ctx, `+((document.querySelector("#verdict-rule .line-link") || {dataset: {line: 0}}).dataset.line)`)
	return word, line
}

var cliOnce struct {
	sync.Once
	path string
	err  error
}

// BuildCLI builds the robotstxt command once.
func BuildCLI(t *testing.T) string {
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

// RunJSON runs the command and decodes its standard output. Exit status 1
// (lint found something) is not a failure.
func RunJSON(t *testing.T, cli string, v any, args ...string) {
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

// PostJSON posts a robots.txt as text/plain and decodes the JSON answer.
func PostJSON(t *testing.T, u string, body []byte, v any) {
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

// Commas writes n with thousands separators, as the English page does.
func Commas(n int) string {
	s := fmt.Sprint(n)
	for i := len(s) - 3; i > 0; i -= 3 {
		s = s[:i] + "," + s[i:]
	}
	return s
}

// FragmentKeys splits a permalink's fragment into its keys.
func FragmentKeys(t *testing.T, frag string) map[string]string {
	t.Helper()
	keys := map[string]string{}
	for _, part := range strings.Split(frag, "&") {
		k, v, _ := strings.Cut(part, "=")
		keys[k] = v
	}
	return keys
}

// LinkBytes decodes a version-2 link's file and checks its CRC-32.
func LinkBytes(t *testing.T, keys map[string]string) []byte {
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

// FlateBase64 compresses data as the page's links do (raw deflate, then
// base64url).
func FlateBase64(t *testing.T, data []byte) string {
	t.Helper()
	var b bytes.Buffer
	w, _ := flate.NewWriter(&b, flate.BestCompression)
	w.Write(data)
	w.Close()
	return base64.RawURLEncoding.EncodeToString(b.Bytes())
}

// AxeSource returns axe-core's script: $ROBOTSTXT_AXE, or the copy .ci/run
// installs with npm. Without it the test skips, except under CI=true.
func AxeSource(t *testing.T) string {
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

// WatchRowsPerTask counts, in window.rowsPerTask, the most table rows added
// under the element in one task: an operation count that a loaded machine
// does not change, where a time would stretch.
func WatchRowsPerTask(t *testing.T, ctx context.Context, id string) {
	t.Helper()
	Do(t, ctx, chromedp.Evaluate[chromedp.Void](fmt.Sprintf(`(() => {
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

// Origin serves one robots.txt answer.
func Origin(t *testing.T, h http.HandlerFunc) string {
	t.Helper()
	s := httptest.NewServer(h)
	t.Cleanup(s.Close)
	return s.URL
}

// FetchSite types an address in "Fetch from a site", fetches and waits
// until the page shows the outcome (want is the API's status).
func FetchSite(t *testing.T, ctx context.Context, address, want string) {
	t.Helper()
	Do(t, ctx, chromedp.Evaluate[chromedp.Void](`document.getElementById("fetch-site").dataset.state = ""`))
	TypeInto(t, ctx, "fetch-url", address)
	Do(t, ctx, chromedp.Click(chromedp.ID("fetch-go")))
	WaitFor(t, ctx, fmt.Sprintf(`document.getElementById("fetch-site").dataset.state === %q`, want))
}

// Click clicks the element the selector finds, and fails at once when
// there is none (chromedp would wait for it until the test times out).
func Click(t *testing.T, ctx context.Context, sel string) {
	t.Helper()
	if !Eval[bool](t, ctx, fmt.Sprintf(`!!document.querySelector(%q)`, sel)) {
		t.Fatalf("nothing to click: %s", sel)
	}
	Do(t, ctx, chromedp.Click(chromedp.CSS(sel)))
}

// OverflowJS lists what does not fit the viewport's width: the page
// scrolling sideways, a table or card wider than its box (a region that
// scrolls, which a keyboard cannot reach), a line button cut off.
const OverflowJS = `(() => {
	const out = [];
	const w = window.innerWidth;
	if (document.documentElement.scrollWidth > w) out.push("page " + document.documentElement.scrollWidth + " > " + w);
	const name = (e) => (e.closest("[id]") || {}).id + " " + e.tagName.toLowerCase() + "." + [...e.classList].join(".");
	for (const e of document.querySelectorAll(".table-wrap, .card, .finding, .notice-item, .verdict")) {
		if (e.offsetParent && e.scrollWidth > e.clientWidth + 1) out.push(name(e) + " " + e.scrollWidth + " > " + e.clientWidth);
	}
	for (const e of document.querySelectorAll(".line-link, .langs button, .button")) {
		const r = e.getBoundingClientRect();
		if (e.offsetParent && (e.scrollWidth > e.clientWidth + 1 || r.right > w + 1)) out.push(name(e) + " cut: " + e.innerText);
	}
	return out.slice(0, 12).join("\n");
})()`

// AxeViolations runs axe-core (already injected) on the page.
func AxeViolations(t *testing.T, ctx context.Context) []string {
	t.Helper()
	res, err := chromedp.Run(ctx, chromedp.Evaluate[string](`axe.run(document, {resultTypes: ["violations"]}).then(r => JSON.stringify(r.violations.map(v => ({id: v.id, impact: v.impact, n: v.nodes.length, where: v.nodes.slice(0, 3).map(n => n.target.join(" ") + ": " + n.failureSummary)}))))`, chromedp.EvalAwaitPromise))
	if err != nil {
		t.Fatalf("axe.run: %v", err)
	}
	var violations []struct {
		ID     string   `json:"id"`
		Impact string   `json:"impact"`
		N      int      `json:"n"`
		Where  []string `json:"where"`
	}
	if err := json.Unmarshal([]byte(res), &violations); err != nil {
		t.Fatalf("axe result %q: %v", res, err)
	}
	var out []string
	for _, v := range violations {
		out = append(out, fmt.Sprintf("%s (%s) on %d elements: %s", v.ID, v.Impact, v.N, strings.Join(v.Where, " | ")))
	}
	return out
}

// FitsPhones checks the page, once ready (a JavaScript condition) in each
// language, at 390 and 320 px: nothing wider than the screen, and at 390 px
// no axe-core violation (axe is its script). It screenshots the sections
// named, and ends in English.
func FitsPhones(t *testing.T, b *Browser, ctx context.Context, axe, ready string, sections ...string) {
	t.Helper()
	Do(t, ctx, chromedp.Evaluate[chromedp.Void](axe))
	for _, width := range []int{390, 320} {
		Do(t, ctx, chromedp.EmulateViewport(int64(width), 844, chromedp.EmulateMobile, chromedp.EmulateScale(2)))
		for _, lang := range []string{"en", "ru", "ro"} {
			Do(t, ctx, chromedp.Click(chromedp.CSS(fmt.Sprintf(`.langs button[data-lang=%q]`, lang))))
			WaitFor(t, ctx, fmt.Sprintf(`document.documentElement.lang === %q && %s`, lang, ready))
			Do(t, ctx, chromedp.Evaluate[chromedp.Void](`new Promise(r => requestAnimationFrame(() => setTimeout(r, 100)))`, chromedp.EvalAwaitPromise))
			if got := Eval[string](t, ctx, OverflowJS); got != "" {
				t.Errorf("%d px, %s: does not fit:\n%s", width, lang, got)
			}
			if width == 390 {
				for _, v := range AxeViolations(t, ctx) {
					t.Errorf("%d px, %s: axe-core %s", width, lang, v)
				}
			}
		}
		for _, id := range sections {
			Do(t, ctx, chromedp.ScrollIntoView(chromedp.ID(id)))
			b.Screenshot(t, ctx, fmt.Sprintf("phone-%d-%s", width, id), false)
		}
	}
	Do(t, ctx, chromedp.Click(chromedp.CSS(`.langs button[data-lang="en"]`)))
}

// NothingLeaves is the test that ends each browser's tests: no request the
// browser made, and none the server received, carried the text typed
// (Secret, RobotsText) or any data; every request stayed on the page's
// origin and used GET; the server received the WebAssembly module's
// request; every response carried the Content-Security-Policy; no tab saw
// a console error. Run it as the last subtest, after every tab is done.
func (b *Browser) NothingLeaves(t *testing.T) {
	b.mu.Lock()
	defer b.mu.Unlock()
	encoded := []string{Secret, url.PathEscape(Secret), url.QueryEscape(Secret), base64.RawURLEncoding.EncodeToString([]byte(RobotsText))}
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
		if !strings.HasPrefix(r.URL, b.URL+"/") {
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
		if strings.HasSuffix(r.URL, "/robotstxt.wasm") {
			sawWasm = true
		}
		if r.Method != http.MethodGet && r.Method != http.MethodHead || len(r.Body) > 0 || carries(r.URL) || carries(fmt.Sprint(r.Header)) {
			t.Errorf("the server received %s %s (%d bytes of body)", r.Method, r.URL, len(r.Body))
		}
	}
	if !sawWasm {
		t.Error("the server never received the WebAssembly module's request")
	}
	// Every response carries the Content-Security-Policy.
	for _, r := range b.responses {
		if !strings.HasPrefix(r.URL, b.URL) {
			continue
		}
		if csp := Header(r.Headers, "Content-Security-Policy"); !strings.Contains(csp, "default-src 'self'") || !strings.Contains(csp, "'wasm-unsafe-eval'") {
			t.Errorf("%s: Content-Security-Policy %q", r.URL, csp)
		}
	}
	t.Logf("%d requests by the browser, %d received by the server: none carried the text", len(b.requests), len(b.rec.reqs))
	for _, p := range b.problems {
		t.Errorf("browser console: %s", p)
	}
}
