package crawlers

import (
	"testing"

	"github.com/robotstxt/robotstxt"
)

// FuzzMatrix checks the matrix against the matcher on any file: a crawler
// the site is closed to may fetch nothing but /robots.txt, and a crawler
// with no group may fetch everything.
func FuzzMatrix(f *testing.F) {
	f.Add("User-agent: *\nDisallow: /\n", "/x")
	f.Add("User-agent: Googlebot\nDisallow: /a\n\nUser-agent: Yandex\nDisallow: /*\nAllow: /$\n", "/a?b")
	f.Add("User-agent: GPTBot\nDisallow: /*$\nAllow:\n", "https://example.com/robots.txt")
	f.Add("User-agent: AdsBot-Google\nUser-agent: *\nDisallow: *\n", "//x")
	f.Fuzz(func(t *testing.T, text, url string) {
		r := robotstxt.ParseString(text)
		for _, row := range Matrix(r, []string{url}, All()) {
			v := row.Verdicts[0]
			if row.Closed && v.Allowed && robotstxt.NormalizePath(url) != "/robots.txt" {
				t.Fatalf("%s: closed (line %d), yet %q is allowed: %+v", row.Crawler.Token, row.ClosedBy.Line, url, v)
			}
			if row.Source == SourceNone && (!v.Allowed || row.Closed) {
				t.Fatalf("%s: no group applies, yet %q is disallowed", row.Crawler.Token, url)
			}
			if row.Source != SourceNone && len(row.Groups) == 0 {
				t.Fatalf("%s: source %s without groups", row.Crawler.Token, row.Source)
			}
		}
	})
}
