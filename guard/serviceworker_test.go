package guard_test

import (
	"context"
	"net/http"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"github.com/robotstxt/robotstxt/gate"
	"github.com/robotstxt/robotstxt/guard"
)

// swSite is an origin whose page registers the service worker /api/sw.js
// for the scope / (?register), or says whether a worker controls it and
// how many registrations there are ("controlled 1", "free 0"). Its
// robots.txt is what robots holds.
func swSite(t *testing.T) (*origin, *atomic.Value) {
	var robots atomic.Value
	robots.Store("User-agent: *\nAllow: /\n")
	o := newOrigin(t, "127.0.0.1", map[string]http.HandlerFunc{
		"/robots.txt": func(w http.ResponseWriter, r *http.Request) {
			s := robots.Load().(string)
			if s == "503" {
				w.WriteHeader(http.StatusServiceUnavailable)
				return
			}
			w.Write([]byte(s))
		},
		"/api/sw.js": func(w http.ResponseWriter, r *http.Request) {
			w.Header().Set("Content-Type", "text/javascript")
			w.Header().Set("Service-Worker-Allowed", "/")
			w.Write([]byte("self.addEventListener('fetch', () => {});"))
		},
		"/": text("text/html", `<title>t</title><link rel="icon" href="data:,"><script>
if (new URLSearchParams(location.search).has('register')) {
  navigator.serviceWorker.register('/api/sw.js', {scope: '/'}).then(() => navigator.serviceWorker.ready)
    .then(() => { document.title = 'registered'; }, () => { document.title = 'refused'; });
} else {
  navigator.serviceWorker.getRegistrations().then((rs) => {
    document.title = (navigator.serviceWorker.controller ? 'controlled ' : 'free ') + rs.length;
  });
}
</script>`),
	})
	return o, &robots
}

func navigate(t *testing.T, ctx context.Context, url, title string) {
	t.Helper()
	if _, err := chromedp.Run(ctx, chromedp.Navigate(url)); err != nil {
		t.Fatal(err)
	}
	waitTitle(t, ctx, title)
}

// swRecords are the records of the worker's script: the registration's
// fetch, the update checks' decisions and refusals.
func swRecords(g *guard.Guard, o *origin) (admits, updates int, refused []guard.Record) {
	for _, r := range g.Records() {
		if r.TargetURL != o.URL+"/api/sw.js" || r.ResourceType != guard.TypeScript {
			continue
		}
		switch {
		case r.Action == gate.Admit && strings.HasPrefix(r.Reason, "service worker update check"):
			updates++
			admits++
		case r.Action == gate.Admit:
			admits++
		case strings.HasPrefix(r.Reason, "service worker update checks refused"):
			refused = append(refused, r)
		}
	}
	return admits, updates, refused
}

// TestServiceWorkerUpdateChecks: Chromium fetches a registered service
// worker's script again on navigations in its scope, as the browser's own
// request, which no Fetch or Network domain sees (issue 41 item 2). The
// guard decides those checks before the navigation goes on: allowed,
// each navigation's possible check has an admitted record (every GET of
// the script at the server has one); once robots.txt disallows the script
// (the guard's policy fetched again), the registration is unregistered
// before the next navigation in its scope goes on, with a drop record,
// and the server sees no GET of the script however the page navigates.
func TestServiceWorkerUpdateChecks(t *testing.T) {
	ctx := browser(t)
	o, robots := swSite(t)
	g, client := newGuard(t, true)
	if err := g.Attach(ctx); err != nil {
		t.Fatal(err)
	}
	defer g.Detach(ctx)
	// A second tab of the same browser context reports the same
	// registrations: they are followed once.
	second, closeSecond := chromedp.NewContext(ctx)
	defer closeSecond()
	if _, err := chromedp.Run(second, chromedp.Navigate("about:blank")); err != nil {
		t.Fatal(err)
	}
	for deadline := time.Now().Add(30 * time.Second); g.Stats().Tabs < 1; time.Sleep(20 * time.Millisecond) {
		if time.Now().After(deadline) {
			t.Fatal("the second tab was not prepared")
		}
	}
	navigate(t, ctx, o.URL+"/?register", "registered")
	for _, q := range []string{"a", "b", "c"} {
		navigate(t, ctx, o.URL+"/?"+q, "controlled 1")
	}
	admits, updates, refused := swRecords(g, o)
	// The checks of the last navigation may come later: count at the end.
	if updates != 3 || len(refused) != 0 {
		t.Errorf("allowed: %d update-check records, %d refused; want 3 (one per navigation in scope), 0", updates, len(refused))
	}

	robots.Store("User-agent: *\nDisallow: /api/\n")
	if _, err := client.Refresh(ctx, o.URL+"/"); err != nil {
		t.Fatal(err)
	}
	sent := o.Count("/api/sw.js")
	if sent > admits {
		t.Errorf("allowed: the script reached the server %d times, %d admitted records", sent, admits)
	}
	// The navigation that finds the script disallowed: the registration
	// is unregistered before it goes on (the page is still controlled, by
	// a worker whose registration is gone), and no later one finds it.
	navigate(t, ctx, o.URL+"/?d", "controlled 0")
	navigate(t, ctx, o.URL+"/?e", "free 0")
	for _, q := range []string{"f", "g", "h"} {
		navigate(t, ctx, o.URL+"/?"+q, "free 0")
	}
	navigate(t, ctx, o.URL+"/?register", "refused")
	time.Sleep(3 * time.Second) // the update checks of the navigations above come about a second after them
	if n := o.Count("/api/sw.js"); n != sent {
		t.Errorf("disallowed: the script reached the server %d more times", n-sent)
	}
	_, _, refused = swRecords(g, o)
	if len(refused) != 1 || refused[0].Action != gate.Drop || refused[0].RepDecision != gate.RepDisallow || !strings.Contains(refused[0].Reason, "was unregistered") {
		t.Errorf("disallowed: %d refusals (%s), want one drop: unregistered", len(refused), describeAll(refused))
	}
}

// TestServiceWorkerUpdateChecksAtAttach: a profile used again, whose
// worker sits at a path robots.txt no longer allows (here: robots.txt
// answers 503, so nothing is allowed). The guard unregisters it before
// Attach returns, with a hold record, and no navigation in its scope makes
// the browser fetch the script.
func TestServiceWorkerUpdateChecksAtAttach(t *testing.T) {
	ctx := browser(t)
	o, robots := swSite(t)
	g1, _ := newGuard(t, true)
	if err := g1.Attach(ctx); err != nil {
		t.Fatal(err)
	}
	navigate(t, ctx, o.URL+"/?register", "registered")
	navigate(t, ctx, o.URL+"/?a", "controlled 1")
	g1.Detach(ctx)

	robots.Store("503")
	sent := o.Count("/api/sw.js")
	g2, _ := newGuard(t, true)
	if err := g2.Attach(ctx); err != nil {
		t.Fatal(err)
	}
	defer g2.Detach(ctx)
	_, _, refused := swRecords(g2, o)
	if len(refused) != 1 || refused[0].Action != gate.Hold || refused[0].RepDecision != gate.RepUnresolved {
		t.Errorf("at attach: %d refusals (%s), want one hold", len(refused), describeAll(refused))
	}
	// A navigation in scope is held too (robots.txt 503): the page cannot
	// load, and its error page makes no request. What counts is the
	// script.
	for range 3 {
		chromedp.Run(ctx, chromedp.Navigate(o.URL+"/?b"))
	}
	time.Sleep(3 * time.Second) // as above
	if n := o.Count("/api/sw.js"); n != sent {
		t.Errorf("the script reached the server %d more times", n-sent)
	}
}

func describeAll(recs []guard.Record) string {
	var out []string
	for _, r := range recs {
		out = append(out, describe(r)+" "+string(r.RepDecision)+": "+r.Reason)
	}
	return strings.Join(out, "; ")
}
