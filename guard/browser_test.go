package guard_test

import (
	"context"
	"fmt"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

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

// browser starts a Chromium for the test; it ends with the test.
func browser(t testing.TB, opts ...guard.LaunchOption) context.Context {
	t.Helper()
	if testing.Short() {
		t.Skip("browser tests are not short") // most of the suite's time
	}
	path := chromium(t)
	limit := 2 * time.Minute
	if _, ok := t.(*testing.B); ok {
		// A benchmark runs as long as -benchtime and -count make it (and
		// -count repeats each sub-benchmark within one call of this).
		limit = 30 * time.Minute
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
