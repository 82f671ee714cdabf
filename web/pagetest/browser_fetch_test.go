package pagetest_test

import (
	"net/http"
	"net/http/httptest"
	"strings"
	"sync/atomic"
	"testing"

	"github.com/chromedp/chromedp"

	"github.com/robotstxt/robotstxt/fetch"
	"github.com/robotstxt/robotstxt/netguard"
	"github.com/robotstxt/robotstxt/server"
)

// "Fetch from a site" appears only when the server fetches (serve
// --allow-fetch); the server fetches the origin's robots.txt through a
// redirect, and the page analyses the file's bytes (CRLF kept) and shows
// the status, the redirect chain and how long crawlers may keep the copy.
func TestBrowserFetchFromSite(t *testing.T) {
	if testing.Short() {
		t.Skip("browser tests are not short")
	}
	const robots = "User-agent: *\r\nDisallow: /private/\r\n"
	var hits atomic.Int32
	origin := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		hits.Add(1)
		switch r.URL.Path {
		case "/robots.txt":
			http.Redirect(w, r, "/site/robots.txt", http.StatusMovedPermanently)
		case "/site/robots.txt":
			w.Header().Set("Content-Type", "text/plain")
			w.Header().Set("Cache-Control", "max-age=7200")
			w.Write([]byte(robots))
		default:
			http.NotFound(w, r)
		}
	}))
	defer origin.Close()

	// Without --allow-fetch the form stays hidden.
	off := newBrowser(t)
	ctx := off.tab(t)
	off.open(t, ctx, "")
	if hidden := eval[bool](t, ctx, `document.getElementById("fetch-site").hidden`); !hidden {
		t.Error("the fetch form shows although the server does not fetch")
	}

	b := newBrowserWith(t, server.Options{Fetch: &server.FetchOptions{Fetcher: &fetch.Fetcher{Guard: &netguard.Policy{AllowPrivate: true}}}})
	ctx = b.tab(t)
	b.open(t, ctx, "")
	waitFor(t, ctx, `!document.getElementById("fetch-site").hidden`)
	typeInto(t, ctx, "fetch-url", origin.URL+"/any/page")
	do(t, ctx, chromedp.Click(chromedp.ID("fetch-go")))
	waitFor(t, ctx, `document.getElementById("fetch-site").dataset.state === "success"`)
	waitFor(t, ctx, `document.body.dataset.engine === "ready" && document.querySelectorAll("#structure-body [data-group]").length === 1`)
	status := textOf(t, ctx, "fetch-status")
	for _, want := range []string{"HTTP 200", origin.URL + "/robots.txt", "2 hours"} {
		if !strings.Contains(status, want) {
			t.Errorf("fetch status %q lacks %q", status, want)
		}
	}
	if chain := textOf(t, ctx, "fetch-chain"); !strings.Contains(chain, "301") || !strings.Contains(chain, "/site/robots.txt") {
		t.Errorf("redirect chain %q, want the 301 to /site/robots.txt", chain)
	}
	// The editor holds the file; its CRLF line endings are the file's own.
	if got := eval[string](t, ctx, `document.getElementById("robots").value`); got != strings.ReplaceAll(robots, "\r\n", "\n") {
		t.Errorf("editor text %q", got)
	}
	if got := textOf(t, ctx, "editor-status"); !strings.Contains(got, "CRLF") {
		t.Errorf("editor status %q does not name the file's CRLF line endings", got)
	}
	b.screenshot(t, ctx, "fetch-from-site", false)
	if n := hits.Load(); n != 2 {
		t.Errorf("the origin saw %d requests, want 2 (the redirect and the file)", n)
	}
	for _, p := range b.problems {
		t.Errorf("browser console: %s", p)
	}
}
