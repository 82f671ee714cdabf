package crawlers

import (
	"testing"

	"github.com/robotstxt/robotstxt"
)

// BenchmarkMatrix decides three URLs for every known crawler.
func BenchmarkMatrix(b *testing.B) {
	r := robotstxt.ParseString("User-agent: *\nDisallow: /private/\nAllow: /private/press.html\n\n" +
		"User-agent: Googlebot\nDisallow: /search\n\nUser-agent: Yandex\nDisallow: /private/\n\n" +
		"User-agent: GPTBot\nUser-agent: CCBot\nDisallow: /\n")
	urls := []string{"/", "/private/x", "/search?q=1"}
	list := All()
	b.ReportAllocs()
	for b.Loop() {
		Matrix(r, urls, list)
	}
}
