package tools_test

import (
	"net/http"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"

	"github.com/robotstxt/robotstxt/fetch"
	"github.com/robotstxt/robotstxt/netguard"
	"github.com/robotstxt/robotstxt/server"
	"github.com/robotstxt/robotstxt/web/internal/pagetesting"
)

// slowSite is a site whose robots.txt is held until the test releases it:
// slow without sleeping. arrived says a request came.
type slowSite struct {
	URL     string
	arrived chan struct{}
	release chan struct{}
}

func newSlowSite(t *testing.T, body string) *slowSite {
	s := &slowSite{arrived: make(chan struct{}, 16), release: make(chan struct{})}
	s.URL = pagetesting.Origin(t, func(w http.ResponseWriter, r *http.Request) {
		s.arrived <- struct{}{}
		select {
		case <-s.release:
			w.Write([]byte(body))
		case <-r.Context().Done():
			// The fetch was given up: the server closed the connection.
		}
	})
	// Released before the server closes (cleanups run last first), so that
	// no handler is left waiting.
	t.Cleanup(func() { close(s.release) })
	return s
}

// answer lets a request the site holds answer, if one is still waiting (the
// server may have given it up when the page aborted its fetch).
func (s *slowSite) answer() {
	select {
	case s.release <- struct{}{}:
	default:
	}
}

// Issue 40: fetch a slow site, then a fast one while the first is pending:
// the fast one loads and the slow one's answer is dropped; the control
// shows one fetch at a time and can cancel it.
func TestBrowserFetchRace(t *testing.T) {
	pagetesting.BrowserTest(t)
	slow := newSlowSite(t, "User-agent: *\nDisallow: /slow/\n")
	fast := pagetesting.Origin(t, func(w http.ResponseWriter, r *http.Request) {
		w.Write([]byte("User-agent: *\nDisallow: /fast/\n"))
	})
	b := pagetesting.NewBrowserWith(t, server.Options{Fetch: &server.FetchOptions{Fetcher: &fetch.Fetcher{Guard: &netguard.Policy{AllowPrivate: true}}}})
	ctx := b.Tab(t)
	b.Open(t, ctx, "#agent=Googlebot&url=%2Fslow%2Fx")
	pagetesting.WaitFor(t, ctx, `!document.getElementById("fetch-site").hidden`)

	t.Run("a second fetch supersedes a pending one", func(t *testing.T) {
		pagetesting.TypeInto(t, ctx, "fetch-url", slow.URL)
		pagetesting.Do(t, ctx, chromedp.Click(chromedp.ID("fetch-go")))
		<-slow.arrived
		if !pagetesting.Eval[bool](t, ctx, `!document.getElementById("fetch-cancel").hidden && document.getElementById("fetch-site").dataset.state === "working"`) {
			t.Error("a pending fetch shows no Cancel button")
		}
		pagetesting.FetchSite(t, ctx, fast, "success")
		pagetesting.WaitFor(t, ctx, `document.getElementById("fetch-site").dataset.dropped === "1"`)
		// The slow site may answer now (if the server still waits for it):
		// its answer is not the one asked for.
		slow.answer()
		pagetesting.WaitFor(t, ctx, `document.getElementById("verdict").dataset.rev === document.getElementById("editor").dataset.rev && document.getElementById("verdict").getAttribute("aria-busy") !== "true"`)
		if got := pagetesting.Eval[string](t, ctx, `document.getElementById("robots").value`); !strings.Contains(got, "/fast/") {
			t.Errorf("editor holds %q, want the fast site's file", got)
		}
		if got := pagetesting.Eval[string](t, ctx, `document.getElementById("fetch-url").value`); !strings.HasPrefix(got, fast) {
			t.Errorf("fetch box holds %q, want the fast site", got)
		}
		if got := pagetesting.TextOf(t, ctx, "fetch-status"); !strings.Contains(got, fast) || strings.Contains(got, slow.URL) {
			t.Errorf("fetch status %q, want the fast site's answer only", got)
		}
		if !pagetesting.Eval[bool](t, ctx, `document.getElementById("fetch-cancel").hidden`) {
			t.Error("the Cancel button stays after the fetch ended")
		}
	})

	t.Run("Cancel stops a pending fetch and keeps the editor's text", func(t *testing.T) {
		before := pagetesting.Eval[string](t, ctx, `document.getElementById("robots").value`)
		pagetesting.TypeInto(t, ctx, "fetch-url", slow.URL)
		pagetesting.Do(t, ctx, chromedp.Click(chromedp.ID("fetch-go")))
		<-slow.arrived
		pagetesting.Click(t, ctx, "#fetch-cancel")
		pagetesting.WaitFor(t, ctx, `document.getElementById("fetch-site").dataset.state === "cancelled" && document.getElementById("fetch-site").dataset.dropped === "2"`)
		slow.answer()
		if got := pagetesting.Eval[string](t, ctx, `document.getElementById("robots").value`); got != before {
			t.Errorf("after Cancel the editor holds %q, want %q", got, before)
		}
		if got := pagetesting.TextOf(t, ctx, "fetch-status"); !strings.Contains(got, "cancelled") {
			t.Errorf("fetch status after Cancel: %q", got)
		}
	})

	t.Run("a bare address is fetched as people type it", func(t *testing.T) {
		// 127.0.0.1:PORT, without a scheme: http:// for an IP with a port.
		pagetesting.FetchSite(t, ctx, strings.TrimPrefix(fast, "http://"), "success")
		if got := pagetesting.TextOf(t, ctx, "fetch-status"); !strings.Contains(got, fast+"/robots.txt") {
			t.Errorf("fetch status %q, want %s/robots.txt fetched", got, fast)
		}
	})

	t.Run("the fetch box is styled like the other fields", func(t *testing.T) {
		const style = `(id) => { const s = getComputedStyle(document.getElementById(id)); return [s.borderTopWidth, s.borderTopStyle, s.borderTopColor, s.borderRadius, s.paddingTop, s.paddingLeft, s.fontSize, s.fontFamily, s.minHeight].join(" ") }`
		want := pagetesting.Eval[string](t, ctx, `(`+style+`)("agent")`)
		for _, id := range []string{"fetch-url", "many-search"} {
			if got := pagetesting.Eval[string](t, ctx, `(`+style+`)("`+id+`")`); got != want {
				t.Errorf("#%s styled %q, want the agent field's %q", id, got, want)
			}
		}
	})
	for _, p := range b.Problems() {
		t.Errorf("browser console: %s", p)
	}
}
