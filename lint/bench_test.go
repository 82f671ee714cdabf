package lint

import (
	"fmt"
	"strings"
	"testing"

	"github.com/robotstxt/robotstxt"
)

// bigFile builds a file of about size bytes that looks like a large real
// one: many groups of bots, long rule lists with wildcards and queries,
// comments, sitemaps, and the odd mistake.
func bigFile(size int) string {
	var b strings.Builder
	b.WriteString("# Large generated robots.txt\nUser-agent: *\n")
	for i := 0; b.Len() < size*3/4; i++ {
		switch i % 7 {
		case 0:
			fmt.Fprintf(&b, "Disallow: /catalog/%d/\n", i)
		case 1:
			fmt.Fprintf(&b, "Disallow: /*?sort=%d*\n", i)
		case 2:
			fmt.Fprintf(&b, "Allow: /catalog/%d/public/\n", i-2)
		case 3:
			fmt.Fprintf(&b, "Disallow: /search/%d$\n", i)
		case 4:
			fmt.Fprintf(&b, "Disallow: /*/print/%d.html\n", i)
		case 5:
			fmt.Fprintf(&b, "# section %d\n", i)
		case 6:
			fmt.Fprintf(&b, "Disallow: /Archive/%d\n", i)
		}
	}
	for i := 0; b.Len() < size; i++ {
		fmt.Fprintf(&b, "\nUser-agent: Bot%c%c\nDisallow: /\n", 'a'+i%26, 'a'+i/26%26)
		if i%10 == 0 {
			fmt.Fprintf(&b, "Crawl-delay: %d\nSitemap: https://example.com/sitemap-%d.xml\n", i%30, i)
		}
	}
	return b.String()[:size]
}

// BenchmarkLint500KiB lints a file as large as crawlers read.
func BenchmarkLint500KiB(b *testing.B) {
	text := bigFile(robotstxt.DefaultMaxBytes)
	b.SetBytes(int64(len(text)))
	b.ReportAllocs()
	for b.Loop() {
		Lint(text, nil)
	}
}

// BenchmarkLintHostile500KiB lints 500 KiB of wildcard rules that share one
// prefix, the worst case for the rule-comparing checks.
func BenchmarkLintHostile500KiB(b *testing.B) {
	var sb strings.Builder
	sb.WriteString("User-agent: *\n")
	for i := 0; sb.Len() < robotstxt.DefaultMaxBytes; i++ {
		fmt.Fprintf(&sb, "Disallow: /*a*%d*b*\nAllow: /*a*b*%d\n", i, i)
	}
	text := sb.String()
	b.SetBytes(int64(len(text)))
	b.ReportAllocs()
	for b.Loop() {
		Lint(text, nil)
	}
}

// BenchmarkLintSmall lints a typical small file.
func BenchmarkLintSmall(b *testing.B) {
	text := "User-agent: *\nDisallow: /admin/\nDisallow: /cart\nAllow: /admin/public/\nDisallow: /*?sessionid=\n\n" +
		"User-agent: GPTBot\nDisallow: /\n\nSitemap: https://example.com/sitemap.xml\n"
	b.SetBytes(int64(len(text)))
	b.ReportAllocs()
	for b.Loop() {
		Lint(text, nil)
	}
}
