package guard_test

import (
	"testing"

	"github.com/chromedp/chromedp"

	"github.com/robotstxt/robotstxt/guard"
)

// BenchmarkBrowseProxied is the cost of the guard's proxy (issue 41, item
// 1): BenchmarkBrowseAllowed's page of 170 allowed requests, guarded, in a
// browser started without a proxy and in one started through the guard's
// proxy, which relays every request. Run with -benchtime=5x: one iteration
// is one page load (a new tab, Attach, Load, Detach); docs/performance.md
// has the figures.
func BenchmarkBrowseProxied(b *testing.B) {
	page, admitted170 := allowedPage(b)
	px, err := guard.NewProxy("127.0.0.1:0")
	if err != nil {
		b.Fatal(err)
	}
	defer px.Close()
	for _, mode := range []struct {
		name  string
		proxy *guard.Proxy
	}{{"guard", nil}, {"guard+proxy", px}} {
		b.Run(mode.name, func(b *testing.B) {
			opts := []guard.LaunchOption{guard.WithUserAgent("ExampleBot/1.0")}
			if mode.proxy != nil {
				opts = append(opts, guard.WithGuardProxy(mode.proxy))
			}
			ctx := browser(b, opts...)
			for b.Loop() {
				tctx, cancel := chromedp.NewContext(ctx)
				if err := chromedp.Do(tctx); err != nil {
					b.Fatal(err)
				}
				g, _ := newGuard(b, true)
				g.Proxy = mode.proxy
				if err := g.Attach(tctx); err != nil {
					b.Fatal(err)
				}
				if _, err := g.Load(tctx, page, guard.WaitLoad); err != nil {
					b.Fatal(err)
				}
				admitted170(b, g)
				g.Detach(tctx)
				cancel()
			}
		})
	}
}
