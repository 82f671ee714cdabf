package tools_test

import (
	"fmt"
	"net/http"
	"strings"
	"testing"

	"github.com/robotstxt/robotstxt"
	"github.com/robotstxt/robotstxt/fetch"
	"github.com/robotstxt/robotstxt/netguard"
	"github.com/robotstxt/robotstxt/server"
	"github.com/robotstxt/robotstxt/web/internal/pagetesting"
)

// A robots.txt in windows-1251 (common on Russian sites) is shown decoded
// as the server declares it, or, with no charset declared, as its bytes
// look (and the notice says which), never as Latin-1 mojibake; the verdict
// matches its bytes as crawlers do (they read UTF-8: a path in these bytes
// matches only URLs with the very same bytes, percent-encoded). A Latin-1
// file is still shown as Latin-1.
func TestBrowserFetchCharset(t *testing.T) {
	pagetesting.BrowserTest(t)
	const text = "User-agent: *\nDisallow: /каталог/\nDisallow: /Поиск\n"
	cp1251 := windows1251(text)
	serve := func(contentType, body string) string {
		return pagetesting.Origin(t, func(w http.ResponseWriter, r *http.Request) {
			w.Header().Set("Content-Type", contentType)
			w.Write([]byte(body))
		})
	}
	declared := serve("text/plain; charset=windows-1251", cp1251)
	undeclared := serve("text/plain", cp1251)
	latin1 := serve("text/plain", "User-agent: *\nDisallow: /caf\xE9/\n")

	b := pagetesting.NewBrowserWith(t, server.Options{Fetch: &server.FetchOptions{Fetcher: &fetch.Fetcher{Guard: &netguard.Policy{AllowPrivate: true}}}})
	ctx := b.Tab(t)
	b.Open(t, ctx, "")
	pagetesting.WaitFor(t, ctx, `!document.getElementById("fetch-site").hidden`)
	noticeJS := `(document.querySelector('[data-notice="not-utf8"]') || {}).innerText || ""`

	r := robotstxt.ParseString(cp1251)
	for _, tt := range []struct {
		site, how string
	}{
		{declared, "the charset the server declares"},
		{undeclared, "which its bytes look like"},
	} {
		pagetesting.FetchSite(t, ctx, tt.site, "success")
		pagetesting.WaitParsed(t, ctx, len(cp1251))
		if got := pagetesting.Eval[string](t, ctx, `document.getElementById("robots").value`); got != text {
			t.Errorf("%s: editor shows %q, want %q", tt.how, got, text)
		}
		if got := pagetesting.Eval[string](t, ctx, noticeJS); !strings.Contains(got, "windows-1251") || !strings.Contains(got, tt.how) || !strings.Contains(got, "crawlers read it as UTF-8") {
			t.Errorf("%s: notice %q", tt.how, got)
		}
		if got := pagetesting.TextOf(t, ctx, "editor-status"); !strings.Contains(got, "not UTF-8, shown as windows-1251") {
			t.Errorf("%s: status line %q", tt.how, got)
		}
		// The verdict is about the bytes: the windows-1251 bytes of
		// "каталог", percent-encoded, are disallowed; the same word in
		// UTF-8 is not.
		for _, u := range []struct{ url, want string }{
			{"/%EA%E0%F2%E0%EB%EE%E3/x", "DISALLOWED"},
			{"/%D0%BA%D0%B0%D1%82%D0%B0%D0%BB%D0%BE%D0%B3/x", "ALLOWED"},
			{"/каталог/x", "ALLOWED"},
		} {
			word, _ := pagetesting.VerdictFor(t, ctx, "Bot", u.url)
			core := map[bool]string{true: "ALLOWED", false: "DISALLOWED"}[r.Agent("Bot").Check(u.url).Allowed]
			if word != u.want || word != core {
				t.Errorf("%s: Bot %s = %s, want %s (the core says %s)", tt.how, u.url, word, u.want, core)
			}
		}
		// The audit says that crawlers read UTF-8.
		if ids := pagetesting.FindingIDs(t, ctx); !strings.Contains(ids, "invalid-utf8@2") {
			t.Errorf("%s: audit %s, want invalid-utf8 on line 2", tt.how, ids)
		}
		if got := pagetesting.Eval[string](t, ctx, `[...document.querySelectorAll("#audit-body .finding")].filter(f => f.querySelector(".id").innerText === "invalid-utf8").map(f => f.innerText).join("|")`); !strings.Contains(got, "crawlers read robots.txt as UTF-8") {
			t.Errorf("%s: the audit's invalid-utf8 finding %q does not say that crawlers read UTF-8", tt.how, got)
		}
	}
	b.Screenshot(t, ctx, "charset-1251", false)

	pagetesting.FetchSite(t, ctx, latin1, "success")
	pagetesting.WaitParsed(t, ctx, len("User-agent: *\nDisallow: /caf\xE9/\n"))
	if got := pagetesting.Eval[string](t, ctx, `document.getElementById("robots").value`); !strings.Contains(got, "/café/") {
		t.Errorf("Latin-1 file shown as %q", got)
	}
	if got := pagetesting.Eval[string](t, ctx, noticeJS); !strings.Contains(got, "Latin-1") {
		t.Errorf("Latin-1 notice %q", got)
	}
}

// windows1251 encodes ASCII and the Russian letters А-я in windows-1251,
// where they are 0xC0-0xFF.
func windows1251(s string) string {
	var b []byte
	for _, r := range s {
		switch {
		case r < 0x80:
			b = append(b, byte(r))
		case r >= 'А' && r <= 'я':
			b = append(b, byte(r-'А'+0xC0))
		default:
			panic(fmt.Sprintf("%q is not in the test's windows-1251", r))
		}
	}
	return string(b)
}
