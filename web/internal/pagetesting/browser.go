package pagetesting

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
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/emulation"
	"github.com/chromedp/cdproto/network"
	"github.com/chromedp/cdproto/runtime"
	"github.com/chromedp/chromedp"

	"github.com/robotstxt/robotstxt/internal/testutil"
	"github.com/robotstxt/robotstxt/server"
)

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
	idle      []context.Context // tabs a finished test gave back (Tab)
	requests  []*network.Request
	responses []*network.Response
	problems  []string // console errors and uncaught exceptions
}

// BrowserTest starts a browser test: it skips the test with -short
// (browser tests are not short). The tests of a package run one after the
// other, each in a browser context of its own: on two cores, browsers side
// by side share the cores rather than fill idle time (the page's four
// packages took 268 s in parallel, 237 s in turn; docs/performance.md).
func BrowserTest(t *testing.T) {
	t.Helper()
	if testing.Short() {
		t.Skip("browser tests are not short")
	}
}

// NewBrowser starts the page's server with default options and opens a
// browser context for it; both end with the test. Without Chromium the test skips, except
// under CI=true, where it fails.
func NewBrowser(t *testing.T) *Browser { return NewBrowserWith(t, server.Options{}) }

// NewBrowserWith is NewBrowser with a server of the given options. The
// browser is a browser context of its own (its own cache, storage and
// cookies) in the one Chromium the package's tests share (Main): starting
// the shell costs about 1.8 s of CPU, more than most tests.
func NewBrowserWith(t *testing.T, sopts server.Options) *Browser {
	bctx := sharedBrowser(t)
	srv, err := server.New(sopts)
	if err != nil {
		t.Fatal(err)
	}
	b := &Browser{rec: &recording{h: srv}, art: artifactDir(t)}
	ts := httptest.NewServer(b.rec)
	t.Cleanup(ts.Close)
	b.URL = ts.URL
	// The browser lives as long as the test may (go test -timeout), at
	// least 10 minutes.
	limit := 10 * time.Minute
	if d, ok := t.Deadline(); ok && time.Until(d) > limit {
		limit = time.Until(d)
	}
	ctx, cancel := context.WithTimeout(bctx, limit)
	t.Cleanup(cancel)
	ctx, cancel2 := chromedp.NewContext(ctx, chromedp.WithNewBrowserContext())
	t.Cleanup(cancel2)
	if err := chromedp.Do(ctx); err != nil {
		t.Fatalf("opening a browser context: %v", err)
	}
	b.ctx = ctx
	t.Logf("screenshots go to %s", b.art)
	return b
}

// shared is the package's Chromium, started by the first NewBrowser and
// stopped by Main.
var shared struct {
	sync.Mutex
	ctx  context.Context
	stop func()
}

// Main runs the package's tests, then stops the Chromium they shared. A
// package that calls NewBrowser calls it from its TestMain.
func Main(m *testing.M) {
	code := m.Run()
	shared.Lock()
	if shared.stop != nil {
		shared.stop()
	}
	shared.Unlock()
	os.Exit(code)
}

// sharedBrowser starts the package's Chromium once. Without Chromium the
// test skips, except under CI=true, where it fails.
func sharedBrowser(t *testing.T) context.Context {
	path := testutil.HeadlessShell(t)
	shared.Lock()
	defer shared.Unlock()
	if shared.ctx != nil {
		return shared.ctx
	}
	dir, err := os.MkdirTemp("", "robotstxt-pagetest-")
	if err != nil {
		t.Fatal(err)
	}
	opts := append(chromedp.DefaultExecAllocatorOptions[:],
		chromedp.ExecPath(path),
		chromedp.NoSandbox,
		chromedp.DisableGPU,
		chromedp.NoFirstRun,
		chromedp.Flag("disable-background-networking", true),
		chromedp.Flag("disable-component-update", true),
		chromedp.Flag("disable-sync", true),
		chromedp.UserDataDir(dir),
		chromedp.WindowSize(1400, 1000),
	)
	actx, cancelAlloc := chromedp.NewExecAllocator(context.Background(), opts...)
	ctx, cancelBrowser := chromedp.NewContext(actx)
	stop := func() {
		cancelBrowser()
		cancelAlloc()
		os.RemoveAll(dir)
	}
	if err := chromedp.Do(ctx); err != nil {
		stop()
		t.Fatalf("starting Chromium: %v", err)
	}
	shared.ctx, shared.stop = ctx, stop
	return ctx
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

// Tab returns a tab that records its network traffic and console: an idle
// tab of this browser if there is one, else a new one. When the test ends
// the tab goes back to the browser, on about:blank (so that its page's
// timers stop) with no device metrics emulated, and Open then forgets what
// the previous test left in local storage. A page opened in a tab that
// has had one costs Chromium about a third less CPU than in a new tab
// (docs/performance.md). A test that changes the tab in other ways
// (blocked URLs, scripts for every new document) takes OwnTab instead.
func (b *Browser) Tab(t *testing.T) context.Context {
	b.mu.Lock()
	var ctx context.Context
	if n := len(b.idle); n > 0 {
		ctx, b.idle = b.idle[n-1], b.idle[:n-1]
	}
	b.mu.Unlock()
	if ctx == nil {
		// The tab lives as long as the browser, whose end closes it.
		ctx, _ = chromedp.NewContext(b.ctx)
		b.record(t, ctx)
	}
	t.Cleanup(func() {
		err := chromedp.Do(ctx, chromedp.Navigate("about:blank"), chromedp.Func(func(ctx context.Context, tg *chromedp.Target) error {
			_, err := cdp.Call(ctx, tg, emulation.ClearDeviceMetricsOverride, cdp.Empty{})
			return err
		}))
		if err != nil {
			t.Logf("the tab is not reused: %v", err)
			return
		}
		b.mu.Lock()
		b.idle = append(b.idle, ctx)
		b.mu.Unlock()
	})
	return ctx
}

// OwnTab opens a new tab, as Tab does, that is closed when the test ends
// instead of going back to the browser.
func (b *Browser) OwnTab(t *testing.T) context.Context {
	ctx, cancel := chromedp.NewContext(b.ctx)
	t.Cleanup(cancel)
	b.record(t, ctx)
	return ctx
}

// record makes the tab of ctx record its traffic and console in b.
func (b *Browser) record(t *testing.T, ctx context.Context) {
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
