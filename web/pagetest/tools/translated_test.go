package tools_test

import (
	"context"
	"fmt"
	"net"
	"net/http"
	"regexp"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"

	"github.com/robotstxt/robotstxt/fetch"
	"github.com/robotstxt/robotstxt/netguard"
	"github.com/robotstxt/robotstxt/server"
	"github.com/robotstxt/robotstxt/web/internal/pagetesting"
)

// english finds words of the English messages of the server, the fetch
// package and the builder in a text (URLs, HTTP and directive names taken
// out first), as whole words (Romanian "publică" is not "public").
var english = regexp.MustCompile(`(?i)(?:^|[^\p{L}\p{N}])(the|is|not|was|could|refused|connection|redirects?|address|server|want|keeps|own|group|bytes|loop|reset|error|fetch(ed)?|failed|such|host|public|sitemap|absolute|line|merged|file|no)(?:$|[^\p{L}\p{N}])`)

var notEnglish = regexp.MustCompile(`https?://\S+|ftp://\S+|\bHTTP\b|Content-(Usage|Signal)|--allow-private|robotstxt serve --allow-fetch|\b[A-Z][A-Za-z]*Bot\b`)

// In Russian and Romanian, every message the server, the fetch package and
// the builder give reaches the page in that language: the fetch of a site
// that is down, answers 503, loops or redirects too often, an address that
// is not a site's, one the server refuses (not public), a sitemap the
// site does not have, a builder refusal and a builder note. None shows an
// English sentence, and each is said again in the new language after a
// switch.
func TestBrowserMessagesTranslated(t *testing.T) {
	pagetesting.BrowserTest(t)
	down := pagetesting.Origin(t, func(w http.ResponseWriter, r *http.Request) { http.Error(w, "busy", http.StatusServiceUnavailable) })
	loop := pagetesting.Origin(t, func(w http.ResponseWriter, r *http.Request) {
		to := "/a/robots.txt"
		if r.URL.Path == to {
			to = "/robots.txt"
		}
		http.Redirect(w, r, to, http.StatusFound)
	})
	many := pagetesting.Origin(t, func(w http.ResponseWriter, r *http.Request) { http.Redirect(w, r, "/r"+r.URL.Path, http.StatusFound) })
	noSitemap := pagetesting.Origin(t, func(w http.ResponseWriter, r *http.Request) { http.NotFound(w, r) })
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	closed := "http://" + l.Addr().String()
	l.Close()

	open := pagetesting.NewBrowserWith(t, server.Options{Fetch: &server.FetchOptions{Fetcher: &fetch.Fetcher{Guard: &netguard.Policy{AllowPrivate: true}}}})
	guarded := pagetesting.NewBrowserWith(t, server.Options{Fetch: &server.FetchOptions{Fetcher: &fetch.Fetcher{}}})

	check := func(t *testing.T, ctx context.Context, lang, what, id string) {
		t.Helper()
		got := pagetesting.TextOf(t, ctx, id)
		if strings.TrimSpace(got) == "" {
			t.Errorf("%s, %s: #%s is empty", lang, what, id)
			return
		}
		if w := english.FindAllString(notEnglish.ReplaceAllString(got, ""), -1); len(w) > 0 {
			t.Errorf("%s, %s: #%s shows English (%v): %q", lang, what, id, w, got)
		}
		if lang == "ru" && !regexp.MustCompile(`[а-яё]`).MatchString(got) {
			t.Errorf("%s, %s: #%s has no Russian word: %q", lang, what, id, got)
		}
	}
	for _, lang := range []string{"ru", "ro"} {
		t.Run(lang, func(t *testing.T) {
			ctx := open.Tab(t)
			open.Open(t, ctx, "#lang="+lang)
			pagetesting.WaitFor(t, ctx, `!document.getElementById("fetch-site").hidden && !document.getElementById("sitemaps-fetch").hidden`)
			for _, tt := range []struct{ what, address, state string }{
				{"connection refused", closed, "unreachable"},
				{"HTTP 503", down, "unreachable"},
				{"a redirect loop", loop, "too-many-redirects"},
				{"too many redirects", many, "too-many-redirects"},
				{"not a site's address", "mailto:someone", "error"},
			} {
				pagetesting.FetchSite(t, ctx, tt.address, tt.state)
				check(t, ctx, lang, tt.what, "fetch-status")
			}
			// A sitemap the site does not have.
			pagetesting.TypeInto(t, ctx, "sitemaps-url", noSitemap+"/sitemap.xml")
			pagetesting.Do(t, ctx, chromedp.Click(chromedp.ID("sitemaps-go")))
			pagetesting.WaitFor(t, ctx, `!!document.querySelector('#sitemaps-problems li[data-code="fetch"]')`)
			pagetesting.Do(t, ctx, chromedp.Evaluate[chromedp.Void](`document.querySelector('#sitemaps-problems li[data-code="fetch"]').id = "sitemap-fetch-problem"`))
			check(t, ctx, lang, "a sitemap's 404", "sitemap-fetch-problem")
			if got := pagetesting.TextOf(t, ctx, "sitemaps-problems"); strings.Contains(got, "NaN") || strings.Contains(got, "не\u00a0число") || strings.Contains(got, "число") {
				t.Errorf("%s: the problems' count is not a number: %q", lang, got)
			}
			// The builder: a sitemap that is not a URL is refused; a
			// blocked crawler the merged file names keeps its group.
			pagetesting.SetField(t, ctx, "builder-sitemaps", "ftp://example.com/sitemap.xml")
			pagetesting.Click(t, ctx, "#builder-run")
			pagetesting.WaitFor(t, ctx, `document.getElementById("builder-out").innerText.includes("ftp://example.com/sitemap.xml")`)
			check(t, ctx, lang, "a builder refusal", "builder-out")
			pagetesting.SetField(t, ctx, "builder-sitemaps", "")
			pagetesting.SetField(t, ctx, "robots", "User-agent: GPTBot\nAllow: /\n")
			pagetesting.Click(t, ctx, `#builder [data-category="ai-training"]`)
			pagetesting.Click(t, ctx, "#builder-merge")
			pagetesting.Click(t, ctx, "#builder-run")
			pagetesting.WaitFor(t, ctx, `document.querySelectorAll("#builder-notes li").length === 1`)
			check(t, ctx, lang, "a builder note", "builder-notes")
			// Said again in the other language after a switch.
			other := map[string]string{"ru": "ro", "ro": "ru"}[lang]
			pagetesting.Do(t, ctx, chromedp.Click(chromedp.CSS(fmt.Sprintf(`.langs button[data-lang=%q]`, other))))
			pagetesting.WaitFor(t, ctx, fmt.Sprintf(`document.documentElement.lang === %q`, other))
			pagetesting.WaitFor(t, ctx, `!!document.querySelector('#sitemaps-problems li[data-code="fetch"]')`)
			pagetesting.Do(t, ctx, chromedp.Evaluate[chromedp.Void](`document.querySelector('#sitemaps-problems li[data-code="fetch"]').id = "sitemap-fetch-problem"`))
			for _, id := range []string{"fetch-status", "builder-notes", "sitemap-fetch-problem"} {
				check(t, ctx, other, "after a switch", id)
			}

			// The server refuses an address that is not public.
			gctx := guarded.Tab(t)
			guarded.Open(t, gctx, "#lang="+lang)
			pagetesting.WaitFor(t, gctx, `!document.getElementById("fetch-site").hidden`)
			pagetesting.FetchSite(t, gctx, down, "refused")
			check(t, gctx, lang, "a loopback address refused", "fetch-status")
		})
	}
}
