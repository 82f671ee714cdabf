package main

import (
	"bytes"
	"testing"

	"github.com/robotstxt/robotstxt"
)

// check's text lines (textLines, with its cached explanations) are
// writeCheckText's, for every kind of verdict, repeated so that the cache
// answers too.
func TestTextLinesMatchWriteCheckText(t *testing.T) {
	files := []string{
		"User-agent: *\nDisallow: /a\nAllow: /a/*.html$\nDisallow: /b\nAllow: /b\n\nUser-agent: Googlebot\nDisallow: /g/\nAllow: /g/index.html\nDisallow: /x\x1b[2J\n",
		"User-agent: Googlebot\nDisallow: /search\n\nUser-agent: AdsBot-Google\nAllow: /ads\n",
		"User-agent: Yandex\n\nDisallow: /y\n\nUser-agent: *\nDisallow: /z\n",
		"",
	}
	agents := []string{"Googlebot", "Googlebot-Image", "AdsBot-Google", "YandexBot", "Mozilla/5.0 (compatible; Googlebot/2.1)", "bot\x1b[31m"}
	urls := []string{"/", "/a", "/a/x.html", "/b", "/g/", "/g/x", "/search?q=1", "/robots.txt", "/y", "/z", "private/x", "/x\x1b[2J"}
	for _, f := range files {
		r := robotstxt.ParseString(f)
		tl := newTextLines(agents)
		for range 2 {
			for _, u := range urls {
				for i, a := range agents {
					v := r.AgentWith(a, robotstxt.AgentOptions{}).Check(u)
					var want bytes.Buffer
					writeCheckText(&want, a, u, v)
					if got := tl.appendLine(nil, i, a, u, v); !bytes.Equal(got, want.Bytes()) {
						t.Fatalf("file %q, agent %q, url %q:\n got %q\nwant %q", f, a, u, got, want.Bytes())
					}
				}
			}
		}
	}
}
