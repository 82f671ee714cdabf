package guard_test

import (
	"context"
	"fmt"
	"net/http"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/fetch"
	"github.com/chromedp/chromedp"

	"github.com/robotstxt/robotstxt/guard"
)

// BenchmarkBrowse loads a page of 1,000 images from 50 loopback origins,
// with and without the guard (a fresh guard, so 50 robots.txt fetches, each
// time). Run with -benchtime=3x: one iteration is one page load.
func BenchmarkBrowse(b *testing.B) {
	ctx := browser(b)
	var page strings.Builder
	page.WriteString(`<!doctype html><html><head><link rel="icon" href="data:,"></head><body>`)
	var first *origin
	for i := 0; i < 50; i++ {
		o := newOrigin(b, "127.0.0.1", nil)
		o.Routes = map[string]http.HandlerFunc{"/robots.txt": text("text/plain", "User-agent: *\nDisallow: /no/\n")}
		for j := 0; j < 20; j++ {
			p := fmt.Sprintf("/img/%d.png", j)
			if j < 5 {
				p = fmt.Sprintf("/no/%d.png", j)
			}
			o.Routes[p] = text("image/png", "")
			fmt.Fprintf(&page, `<img src="%s%s">`, o.URL, p)
		}
		if first == nil {
			first = o
		}
	}
	page.WriteString(`</body></html>`)
	first.Routes["/"] = text("text/html", page.String())
	b.Run("guard", func(b *testing.B) { loadPages(b, ctx, first.URL+"/", true, nil) })
	b.Run("no-guard", func(b *testing.B) { loadPages(b, ctx, first.URL+"/", false, nil) })
}

// BenchmarkBrowseAllowed is the guard's overhead on an ordinary page: 170
// requests, all allowed (the document, 160 images and 9 scripts from two
// loopback origins), guarded and not. Run with -benchtime=5x: one
// iteration is one page load; docs/performance.md has the figures.
// BenchmarkBrowseAllowedPairs gives the figure that the load of a shared
// machine does not decide.
func BenchmarkBrowseAllowed(b *testing.B) {
	ctx := browser(b)
	page, admitted170 := allowedPage(b)
	b.Run("guard", func(b *testing.B) { loadPages(b, ctx, page, true, admitted170) })
	b.Run("no-guard", func(b *testing.B) { loadPages(b, ctx, page, false, nil) })
}

// allowedRequests is how many requests allowedPage's page makes: the
// document, 9 scripts and 160 images.
const allowedRequests = 170

// allowedPage serves BenchmarkBrowseAllowed's page and returns its URL and
// the check that a guard admitted its 170 requests.
func allowedPage(b *testing.B) (string, func(*testing.B, *guard.Guard)) {
	robots := text("text/plain", "User-agent: *\nDisallow: /no/\n")
	cdn := newOrigin(b, "127.0.0.2", map[string]http.HandlerFunc{"/robots.txt": robots, "*": text("image/png", "")})
	site := newOrigin(b, "127.0.0.1", map[string]http.HandlerFunc{"/robots.txt": robots, "*": text("text/javascript", "1;")})
	var page strings.Builder
	page.WriteString(`<!doctype html><html><head><link rel="icon" href="data:,">`)
	for i := 0; i < 9; i++ {
		fmt.Fprintf(&page, `<script src="/js/%d.js"></script>`, i)
	}
	page.WriteString(`</head><body>`)
	for i := 0; i < 160; i++ {
		fmt.Fprintf(&page, `<img src="%s/img/%d.png">`, cdn.URL, i)
	}
	page.WriteString(`</body></html>`)
	site.Routes["/"] = text("text/html", page.String())
	admitted170 := func(b *testing.B, g *guard.Guard) {
		if st := g.Stats(); st.Admitted != allowedRequests {
			b.Fatalf("%d requests admitted, want %d", st.Admitted, allowedRequests)
		}
	}
	return site.URL + "/", admitted170
}

// loadPages loads page b.N times in new tabs, each time with a fresh guard
// attached when guarded (so its robots.txt fetches are part of the cost);
// check, if not nil, looks at the guard before it detaches.
func loadPages(b *testing.B, ctx context.Context, page string, guarded bool, check func(*testing.B, *guard.Guard)) {
	for i := 0; i < b.N; i++ {
		loadPage(b, ctx, page, guarded, check)
	}
}

// loadMode is how loadPage loads a page: with no interception, guarded,
// or through the bare minimum of interception (every request paused at the
// request stage and let go at once, with no decision and no record).
type loadMode int

const (
	unguarded loadMode = iota
	guarded
	bareFetch
)

// loadPage is one of loadPages' loads. It returns the time the phases
// took: a new tab, Attach, Load and Detach.
func loadPage(b *testing.B, ctx context.Context, page string, guardIt bool, check func(*testing.B, *guard.Guard)) (phases [4]time.Duration) {
	mode := unguarded
	if guardIt {
		mode = guarded
	}
	return loadPageAs(b, ctx, page, mode, check)
}

func loadPageAs(b *testing.B, ctx context.Context, page string, mode loadMode, check func(*testing.B, *guard.Guard)) (phases [4]time.Duration) {
	t0 := time.Now()
	lap := func(i int) {
		phases[i] = time.Since(t0)
		t0 = time.Now()
	}
	tctx, cancel := chromedp.NewContext(ctx)
	defer cancel()
	if err := chromedp.Do(tctx); err != nil {
		b.Fatal(err)
	}
	lap(0)
	g, _ := newGuard(b, true)
	var stopBare func()
	switch mode {
	case guarded:
		if err := g.Attach(tctx); err != nil {
			b.Fatal(err)
		}
	case bareFetch:
		stopBare = bareInterception(b, tctx, allowedRequests) // the only page loaded so
	}
	lap(1)
	if _, err := g.Load(tctx, page, guard.WaitLoad); err != nil {
		b.Fatal(err)
	}
	lap(2)
	switch mode {
	case guarded:
		if check != nil {
			check(b, g)
		}
		g.Detach(tctx)
	case bareFetch:
		stopBare()
	}
	lap(3)
	return phases
}

// bareInterception is the least a Fetch-domain interceptor can do: pause
// every request of the browser at the request stage and continue it at
// once, as Playwright's route(url, r => r.continue()) does. It is the
// floor under the guard's cost. stop fails the benchmark unless at least
// want requests were paused, so that the floor is not a load that nothing
// intercepted.
func bareInterception(b *testing.B, ctx context.Context, want int64) (stop func()) {
	br := chromedp.FromContext(ctx).Browser
	lctx, cancel := context.WithCancel(ctx)
	paused := cdp.Events(lctx, br, fetch.RequestPaused)
	var wg sync.WaitGroup
	var n atomic.Int64
	wg.Add(1)
	go func() {
		defer wg.Done()
		for ev, err := range paused {
			if err != nil {
				return
			}
			n.Add(1)
			wg.Add(1)
			go func() {
				defer wg.Done()
				cctx, cancel := context.WithTimeout(context.WithoutCancel(lctx), 10*time.Second)
				defer cancel()
				cdp.Call(cctx, br, fetch.ContinueRequest, fetch.ContinueRequestParams{RequestID: ev.RequestID})
			}()
		}
	}()
	if _, err := cdp.Call(ctx, br, fetch.Enable, fetch.EnableParams{Patterns: []*fetch.RequestPattern{{URLPattern: "*", RequestStage: fetch.RequestStageRequest}}}); err != nil {
		b.Fatal(err)
	}
	return func() {
		if _, err := cdp.Call(ctx, br, fetch.Disable, cdp.Empty{}); err != nil {
			b.Fatal(err)
		}
		cancel()
		wg.Wait()
		if got := n.Load(); got < want {
			b.Fatalf("the bare interception paused %d requests, want at least %d", got, want)
		}
	}
}
