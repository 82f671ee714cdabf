package guard_test

import (
	"context"
	"fmt"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/chromedp/cdproto/cdp"
	cdpfetch "github.com/chromedp/cdproto/fetch"
	"github.com/chromedp/cdproto/target"
	"github.com/chromedp/chromedp"

	"github.com/robotstxt/robotstxt/fetch"
	"github.com/robotstxt/robotstxt/gate"
	"github.com/robotstxt/robotstxt/guard"
	"github.com/robotstxt/robotstxt/internal/leaksite"
	"github.com/robotstxt/robotstxt/netguard"
)

// The tests drive a real headless Chromium (Debian's chromium) against
// servers on loopback only. Without Chromium they skip, except under
// CI=true, where they fail.

func chromium(t testing.TB) string {
	t.Helper()
	p, err := guard.FindChromium()
	if err == nil {
		return p
	}
	if os.Getenv("CI") == "true" {
		t.Fatalf("%v: CI must install it", err)
	}
	t.Skipf("%v; skipping the browser tests", err)
	return ""
}

// browser returns a tab for the test; the tab ends with the test. With no
// launch option the tab is in a browser context of its own (its own
// cache, cookies, storage and service workers, as Playwright's
// newContext gives) in one Chromium the package's tests share in turn:
// a full Chromium costs about 5 s of CPU to start, most of what a test
// costs. A test that needs launch options, and a benchmark, starts a
// browser of its own.
func browser(t testing.TB, opts ...guard.LaunchOption) context.Context {
	t.Helper()
	if testing.Short() {
		t.Skip("browser tests are not short") // most of the suite's time
	}
	path := chromium(t)
	limit := 2 * time.Minute
	_, bench := t.(*testing.B)
	if bench {
		// A benchmark runs as long as -benchtime and -count make it (and
		// -count repeats each sub-benchmark within one call of this).
		limit = 30 * time.Minute
	}
	if len(opts) == 0 && !bench {
		return sharedTab(t, path, limit)
	}
	ctx, cancel := context.WithTimeout(context.Background(), limit)
	t.Cleanup(cancel)
	bctx, stop, err := guard.Launch(ctx, path, opts...)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(stop)
	return bctx
}

// shared is the package's browser: started by the first test that asks,
// stopped by TestMain.
var shared struct {
	sync.Mutex
	ctx  context.Context
	stop context.CancelFunc
}

func TestMain(m *testing.M) {
	code := m.Run()
	shared.Lock()
	if shared.stop != nil {
		shared.stop()
	}
	shared.Unlock()
	os.Exit(code)
}

// sharedTab opens a tab in a new browser context of the shared browser.
func sharedTab(t testing.TB, path string, limit time.Duration) context.Context {
	t.Helper()
	shared.Lock()
	if shared.ctx == nil {
		bctx, stop, err := guard.Launch(context.Background(), path)
		if err != nil {
			shared.Unlock()
			t.Fatal(err)
		}
		// Close its first tab, which would be another tab of the
		// browser to every test's guard (Attach guards every tab).
		c := chromedp.FromContext(bctx)
		if _, err := cdp.Call(bctx, c.Browser, target.CloseTarget, target.CloseTargetParams{TargetID: c.Target.TargetID}); err != nil {
			stop()
			shared.Unlock()
			t.Fatal(err)
		}
		shared.ctx, shared.stop = bctx, stop
	}
	bctx := shared.ctx
	shared.Unlock()
	// A test that fails before Detach leaves the browser's interception
	// on, which would hold the next test's requests before its Attach.
	t.Cleanup(func() {
		ctx, cancel := context.WithTimeout(bctx, 10*time.Second)
		defer cancel()
		cdp.Call(ctx, chromedp.FromContext(bctx).Browser, cdpfetch.Disable, cdp.Empty{})
	})
	ctx, cancel := context.WithTimeout(bctx, limit)
	t.Cleanup(cancel)
	tctx, closeTab := chromedp.NewContext(ctx, chromedp.WithNewBrowserContext())
	t.Cleanup(closeTab)
	if err := chromedp.Do(tctx); err != nil {
		t.Fatal(err)
	}
	return tctx
}

// origin is a loopback test server that counts the requests of each path
// (the leak page's, package internal/leaksite).
type origin = leaksite.Origin

var (
	newOrigin = leaksite.NewOrigin
	text      = leaksite.Text
	status    = leaksite.Status
	websocket = leaksite.Websocket
)

func redirect(to string) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) { http.Redirect(w, r, to, http.StatusFound) }
}

var epoch = time.Date(2026, 3, 1, 12, 0, 0, 0, time.UTC)

// newGuard is a guard for ExampleBot that approves every URL for
// collection (so robots.txt alone decides), with a fixed clock.
func newGuard(t testing.TB, allowPrivate bool) (*guard.Guard, *gate.Client) {
	scope, err := gate.ParseScope([]byte(`approved: ["*"]`), "yaml")
	if err != nil {
		t.Fatal(err)
	}
	net := &netguard.Policy{AllowPrivate: allowPrivate}
	client := &gate.Client{Fetcher: &fetch.Fetcher{UserAgent: "ExampleBot/1.0", Guard: net}, Now: func() time.Time { return epoch }}
	g := &guard.Guard{Gate: &gate.Gate{Agent: "ExampleBot", Client: client, Scope: scope}, Net: net}
	return g, client
}

// waitTitle waits until the page's title is want.
func waitTitle(t testing.TB, ctx context.Context, want string) {
	t.Helper()
	deadline := time.Now().Add(30 * time.Second)
	for {
		title, err := chromedp.Run(ctx, chromedp.Title())
		if err == nil && title == want {
			return
		}
		if time.Now().After(deadline) {
			t.Fatalf("page title %q, want %q (err %v)", title, want, err)
		}
		time.Sleep(50 * time.Millisecond)
	}
}

// names replaces the test servers' addresses by stable names.
func names(s string, os map[string]*origin) string {
	var pairs []string
	for name, o := range os {
		pairs = append(pairs, o.Host(), name)
	}
	return strings.NewReplacer(pairs...).Replace(s)
}

func describe(r guard.Record) string {
	return fmt.Sprintf("%s %s %s -> %s", r.Action, r.ResourceType, r.TargetURL, r.TargetStatus)
}

// guardedProfile is a new profile with network prediction off, for a
// browser a test starts itself: Attach refuses one that makes speculative
// loads.
func guardedProfile(t testing.TB) string {
	dir := t.TempDir()
	if err := os.MkdirAll(filepath.Join(dir, "Default"), 0o700); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "Default", "Preferences"), []byte(`{"net":{"network_prediction_options":2}}`), 0o600); err != nil {
		t.Fatal(err)
	}
	return dir
}
