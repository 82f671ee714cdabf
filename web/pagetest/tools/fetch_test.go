package tools_test

import (
	"fmt"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync/atomic"
	"testing"

	"github.com/chromedp/chromedp"

	"github.com/robotstxt/robotstxt/fetch"
	"github.com/robotstxt/robotstxt/netguard"
	"github.com/robotstxt/robotstxt/server"
	"github.com/robotstxt/robotstxt/web/internal/pagetesting"
)

func TestBrowserFetchOutcomes(t *testing.T) {
	pagetesting.BrowserTest(t)
	site := pagetesting.Origin(t, func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Cache-Control", "max-age=3600")
		w.Write([]byte("User-agent: *\nDisallow: /private/\n"))
	})
	missing := pagetesting.Origin(t, func(w http.ResponseWriter, r *http.Request) { http.NotFound(w, r) })
	forbidden := pagetesting.Origin(t, func(w http.ResponseWriter, r *http.Request) { http.Error(w, "no", http.StatusForbidden) })
	down := pagetesting.Origin(t, func(w http.ResponseWriter, r *http.Request) { http.Error(w, "busy", http.StatusServiceUnavailable) })
	// A soft 404: an HTML page with 200 and no Cache-Control at all.
	soft := pagetesting.Origin(t, func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/html")
		w.Write([]byte("<!doctype html><html><body><h1>Page not found</h1></body></html>"))
	})
	big := pagetesting.Origin(t, func(w http.ResponseWriter, r *http.Request) {
		var sb strings.Builder
		sb.WriteString("User-agent: *\n")
		for i := 0; sb.Len() < 700<<10; i++ {
			fmt.Fprintf(&sb, "Disallow: /generated/%d/\n", i)
		}
		w.Header().Set("Cache-Control", "max-age=0")
		w.Write([]byte(sb.String()))
	})

	b := pagetesting.NewBrowserWith(t, server.Options{Fetch: &server.FetchOptions{Fetcher: &fetch.Fetcher{Guard: &netguard.Policy{AllowPrivate: true}}}})
	ctx := b.Tab(t)
	b.Open(t, ctx, "#agent=Googlebot&url=%2Fprivate%2Fx")
	pagetesting.WaitFor(t, ctx, `!document.getElementById("fetch-site").hidden`)
	pagetesting.FetchSite(t, ctx, site, "success")
	pagetesting.WaitFor(t, ctx, `document.getElementById("verdict-word") && document.getElementById("verdict-word").innerText === "DISALLOWED"`)

	// A 404: no rules. The previous site's file and its verdict go; the
	// editor holds an empty file, which means the same.
	pagetesting.FetchSite(t, ctx, missing, "unavailable")
	pagetesting.WaitFor(t, ctx, `document.getElementById("robots").value === "" && document.getElementById("verdict-word") && document.getElementById("verdict-word").innerText === "ALLOWED"`)
	if got := pagetesting.BandLines(t, ctx, "disallow"); got != "" {
		t.Errorf("after a 404 the old deciding line %s is still highlighted", got)
	}
	if got := pagetesting.TextOf(t, ctx, "fetch-status"); !strings.Contains(got, "HTTP 404") || !strings.Contains(got, "is not available") {
		t.Errorf("404 status: %q", got)
	}
	b.Screenshot(t, ctx, "fetch-404", false)

	// A 403 is not "not there": the site refuses access.
	pagetesting.FetchSite(t, ctx, site, "success")
	pagetesting.WaitFor(t, ctx, `document.getElementById("verdict-word").innerText === "DISALLOWED"`)
	pagetesting.FetchSite(t, ctx, forbidden, "unavailable")
	if got := pagetesting.TextOf(t, ctx, "fetch-status"); !strings.Contains(got, "HTTP 403") || !strings.Contains(got, "refuses access") || strings.Contains(got, "is not there") {
		t.Errorf("403 status: %q", got)
	}

	// A 503: no file to answer about, and no verdict about the old one.
	pagetesting.FetchSite(t, ctx, site, "success")
	pagetesting.WaitFor(t, ctx, `document.getElementById("verdict-word") && document.getElementById("verdict-word").innerText === "DISALLOWED"`)
	pagetesting.FetchSite(t, ctx, down, "unreachable")
	pagetesting.WaitFor(t, ctx, `!!document.getElementById("verdict-unfetched")`)
	if got := pagetesting.Eval[string](t, ctx, `document.getElementById("robots").value + "|" + !!document.getElementById("verdict-word") + "|" + document.querySelectorAll("#matrix-body tr[data-token]").length + "|" + document.querySelectorAll(".band.b-disallow").length`); got != "|false|0|0" {
		t.Errorf("after a 503: editor|verdict|table rows|bands = %s, want everything about the old file gone", got)
	}
	if got := pagetesting.TextOf(t, ctx, "verdict"); !strings.Contains(got, "disallowed") {
		t.Errorf("503 verdict box: %q", got)
	}
	b.Screenshot(t, ctx, "fetch-503", false)

	// An HTML soft 404 with no max-age: both are said.
	pagetesting.FetchSite(t, ctx, soft, "success")
	got := pagetesting.TextOf(t, ctx, "fetch-status")
	for _, want := range []string{"looks like an HTML page", "sends no max-age", "24 hours"} {
		if !strings.Contains(got, want) {
			t.Errorf("soft 404 status %q lacks %q", got, want)
		}
	}
	// The status line follows the language.
	pagetesting.Do(t, ctx, chromedp.Click(chromedp.CSS(`.langs button[data-lang="ru"]`)))
	pagetesting.WaitFor(t, ctx, `document.documentElement.lang === "ru" && document.getElementById("fetch-status").innerText.includes("HTML-страницу")`)
	pagetesting.Do(t, ctx, chromedp.Click(chromedp.CSS(`.langs button[data-lang="en"]`)))
	pagetesting.WaitFor(t, ctx, `document.documentElement.lang === "en" && document.getElementById("fetch-status").innerText.includes("HTML page")`)

	// A file longer than the server reads: only its first 500 KiB came.
	pagetesting.FetchSite(t, ctx, big, "success")
	got = pagetesting.TextOf(t, ctx, "fetch-status")
	if !strings.Contains(got, "longer than the server reads") || !strings.Contains(got, "512,000 bytes") || !strings.Contains(got, "asks not to cache") {
		t.Errorf("truncated status %q", got)
	}
	// Its markup is rendered, not shown as asterisks (issue 40).
	if strings.Contains(got, "**") || pagetesting.Eval[string](t, ctx, `(document.querySelector("#fetch-status strong") || {}).innerText || ""`) != "The file is longer than the server reads" {
		t.Errorf("truncated status shows its markup as text: %q", got)
	}
	// Fetched again within the minute: reused, and said so. The fetch
	// before is just before it: since the first one, a loaded machine
	// may have taken more than that minute.
	pagetesting.FetchSite(t, ctx, site, "success")
	pagetesting.FetchSite(t, ctx, site, "success")
	if got := pagetesting.TextOf(t, ctx, "fetch-status"); !strings.Contains(got, "less than a minute old") || !strings.Contains(got, "1 hour") {
		t.Errorf("reused status %q", got)
	}

	// The one-step live test: a full URL, its host's live robots.txt.
	pagetesting.TypeInto(t, ctx, "agent", "Googlebot")
	pagetesting.TypeInto(t, ctx, "url", missing+"/x")
	pagetesting.FetchSite(t, ctx, missing, "unavailable")
	pagetesting.TypeInto(t, ctx, "url", site+"/private/page")
	pagetesting.Click(t, ctx, "#live-test")
	pagetesting.WaitFor(t, ctx, `document.getElementById("live-note").innerText.includes("Tested against")`)
	pagetesting.WaitFor(t, ctx, `document.getElementById("verdict-word") && document.getElementById("verdict-word").innerText === "DISALLOWED" && /line 2/.test(document.getElementById("verdict-rule").innerText)`)
	if got := pagetesting.TextOf(t, ctx, "editor-status"); !strings.Contains(got, site+"/robots.txt") {
		t.Errorf("after the live test the editor holds %q, want the site's robots.txt", got)
	}
	for _, p := range b.Problems() {
		t.Errorf("browser console: %s", p)
	}
}

// "Fetch from a site" appears only when the server fetches (serve
// --allow-fetch); the server fetches the origin's robots.txt through a
// redirect, and the page analyses the file's bytes (CRLF kept) and shows
// the status, the redirect chain and how long crawlers may keep the copy.
func TestBrowserFetchFromSite(t *testing.T) {
	pagetesting.BrowserTest(t)
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
	off := pagetesting.NewBrowser(t)
	ctx := off.Tab(t)
	off.Open(t, ctx, "")
	if hidden := pagetesting.Eval[bool](t, ctx, `document.getElementById("fetch-site").hidden`); !hidden {
		t.Error("the fetch form shows although the server does not fetch")
	}

	b := pagetesting.NewBrowserWith(t, server.Options{Fetch: &server.FetchOptions{Fetcher: &fetch.Fetcher{Guard: &netguard.Policy{AllowPrivate: true}}}})
	ctx = b.Tab(t)
	b.Open(t, ctx, "")
	pagetesting.WaitFor(t, ctx, `!document.getElementById("fetch-site").hidden`)
	pagetesting.TypeInto(t, ctx, "fetch-url", origin.URL+"/any/page")
	pagetesting.Do(t, ctx, chromedp.Click(chromedp.ID("fetch-go")))
	pagetesting.WaitFor(t, ctx, `document.getElementById("fetch-site").dataset.state === "success"`)
	pagetesting.WaitFor(t, ctx, `document.body.dataset.engine === "ready" && document.querySelectorAll("#structure-body [data-group]").length === 1`)
	status := pagetesting.TextOf(t, ctx, "fetch-status")
	for _, want := range []string{"HTTP 200", origin.URL + "/robots.txt", "2 hours"} {
		if !strings.Contains(status, want) {
			t.Errorf("fetch status %q lacks %q", status, want)
		}
	}
	if chain := pagetesting.TextOf(t, ctx, "fetch-chain"); !strings.Contains(chain, "301") || !strings.Contains(chain, "/site/robots.txt") {
		t.Errorf("redirect chain %q, want the 301 to /site/robots.txt", chain)
	}
	// The editor holds the file; its CRLF line endings are the file's own.
	if got := pagetesting.Eval[string](t, ctx, `document.getElementById("robots").value`); got != strings.ReplaceAll(robots, "\r\n", "\n") {
		t.Errorf("editor text %q", got)
	}
	if got := pagetesting.TextOf(t, ctx, "editor-status"); !strings.Contains(got, "CRLF") {
		t.Errorf("editor status %q does not name the file's CRLF line endings", got)
	}
	b.Screenshot(t, ctx, "fetch-from-site", false)
	if n := hits.Load(); n != 2 {
		t.Errorf("the origin saw %d requests, want 2 (the redirect and the file)", n)
	}
	for _, p := range b.Problems() {
		t.Errorf("browser console: %s", p)
	}
}
