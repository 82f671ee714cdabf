package lint

import (
	"regexp"
	"slices"
	"strings"
	"testing"
)

// checkTests holds, for every check, a small file that must trigger it (at
// the given line) and a near miss that must not. ref names where the
// behaviour comes from: an RFC 9309 section, "google" for Google's parser,
// "yandex" or another crawler's documentation, "audit" for plain advice.
// checkCase is a check's bad file and its near miss.
type checkCase = struct {
	id   string
	ref  string
	bad  string
	line int
	good string
	// infoOK: the near miss may still give info findings of the same ID
	// (clean-param-syntax shows what a valid line means).
	infoOK bool
	opts   *Options
	// goodOpts, when set, are the near miss's options (the sitemap
	// checks: the sitemaps read are part of the input).
	goodOpts *Options
}

var checkTests = []checkCase{
	{id: "text-before-group", ref: "RFC9309 2.2", line: 1,
		bad:  "Welcome to our site\nUser-agent: *\nDisallow: /x\n",
		good: "# Welcome to our site\nUser-agent: *\nDisallow: /x\n"},
	{id: "rule-outside-group", ref: "RFC9309 2.2.2", line: 1,
		bad:  "Disallow: /x\nUser-agent: *\nDisallow: /y\n",
		good: "User-agent: *\nDisallow: /x\nDisallow: /y\n"},
	{id: "empty-disallow", ref: "RFC9309 2.2.2", line: 2,
		bad:  "User-agent: *\nDisallow:\nDisallow: /x\n",
		good: "User-agent: *\nDisallow: /x\n"},
	{id: "unknown-directive", ref: "RFC9309 2.2.4", line: 2,
		bad:  "User-agent: *\nDisallw: /x\n",
		good: "User-agent: *\nDisallow: /x\n"},
	{id: "typo-accepted", ref: "google", line: 1,
		bad:  "Useragent: *\nDisallow: /x\n",
		good: "User-agent: *\nDisallow: /x\n"},
	{id: "missing-colon", ref: "google", line: 2,
		bad:  "User-agent: *\nDisallow /x\n",
		good: "User-agent: *\nDisallow: /x\n"},
	{id: "file-too-large", ref: "RFC9309 2.5", line: 4,
		bad:  "User-agent: *\nDisallow: /a\nDisallow: /b\nDisallow: /c\nDisallow: /d\n",
		good: "User-agent: *\nDisallow: /a\n", opts: &Options{MaxBytes: 40}},
	{id: "site-closed", ref: "audit", line: 2,
		bad:  "User-agent: *\nDisallow: /\n",
		good: "User-agent: *\nDisallow: /\nAllow: /$\n"},
	{id: "blocks-css-js", ref: "google", line: 2,
		bad:  "User-agent: *\nDisallow: /*.css$\n",
		good: "User-agent: *\nDisallow: /*.php$\n"},
	{id: "pattern-no-slash", ref: "RFC9309 2.2.2", line: 2,
		bad:  "User-agent: *\nDisallow: private/\n",
		good: "User-agent: *\nDisallow: /private/\n"},
	{id: "full-url-pattern", ref: "RFC9309 2.2.2", line: 2,
		bad:  "User-agent: *\nDisallow: https://example.com/private/\n",
		good: "User-agent: *\nDisallow: /private/\n"},
	{id: "dollar-inside", ref: "RFC9309 2.2.3", line: 2,
		bad:  "User-agent: *\nDisallow: /a$b\n",
		good: "User-agent: *\nDisallow: /a$\n"},
	{id: "regex-syntax", ref: "RFC9309 2.2.3", line: 2,
		bad:  "User-agent: *\nDisallow: /*\\.pdf$\n",
		good: "User-agent: *\nDisallow: /*.pdf$\n"},
	{id: "redundant-wildcard", ref: "RFC9309 2.2.3", line: 2,
		bad:  "User-agent: *\nDisallow: /private/*\n",
		good: "User-agent: *\nDisallow: /private/\n"},
	{id: "duplicate-rule", ref: "audit", line: 3,
		bad:  "User-agent: *\nDisallow: /x\nDisallow: /x\n",
		good: "User-agent: *\nDisallow: /x\nDisallow: /y\n"},
	{id: "conflicting-rules", ref: "RFC9309 2.2.2", line: 3,
		bad:  "User-agent: *\nDisallow: /x\nAllow: /x\n",
		good: "User-agent: *\nDisallow: /x\nAllow: /x/y\n"},
	{id: "misspelled-agent", ref: "RFC9309 2.2.1", line: 1,
		bad:  "User-agent: Googelbot\nDisallow: /x\n",
		good: "User-agent: Googlebot\nDisallow: /x\n"},
	{id: "shadowed-rule", ref: "RFC9309 2.2.2", line: 2,
		bad:  "User-agent: *\nDisallow: /x\nAllow: /x*\n",
		good: "User-agent: *\nDisallow: /x/private\nAllow: /x*\n"},
	{id: "case-mismatch-hint", ref: "RFC9309 2.2.2", line: 3,
		bad:  "User-agent: *\nDisallow: /admin/\nDisallow: /Admin/\n",
		good: "User-agent: *\nDisallow: /admin/\nDisallow: /users/\n"},
	{id: "non-ascii-pattern", ref: "RFC9309 2.2.2", line: 2,
		bad:  "User-agent: *\nDisallow: /каталог/\n",
		good: "User-agent: *\nDisallow: /%D0%BA%D0%B0%D1%82%D0%B0%D0%BB%D0%BE%D0%B3/\n"},
	{id: "agent-with-version", ref: "RFC9309 2.2.1", line: 1,
		bad:  "User-agent: Googlebot/2.1\nDisallow: /x\n",
		good: "User-agent: Googlebot\nDisallow: /x\n"},
	{id: "agent-wildcard", ref: "RFC9309 2.2.1", line: 1,
		bad:  "User-agent: Googlebot*\nDisallow: /x\n",
		good: "User-agent: Googlebot\nUser-agent: Googlebot-Image\nDisallow: /x\n"},
	{id: "empty-group", ref: "RFC9309 2.2.1", line: 4,
		bad:  "User-agent: *\nDisallow: /x\n\nUser-agent: Googlebot\n",
		good: "User-agent: *\nDisallow: /x\n\nUser-agent: Googlebot\nDisallow:\n"},
	{id: "crawl-delay", ref: "google, yandex", line: 2,
		bad:  "User-agent: *\nCrawl-delay: 5\nDisallow: /x\n",
		good: "User-agent: *\nDisallow: /x\n"},
	{id: "host-directive", ref: "yandex", line: 3,
		bad:  "User-agent: *\nDisallow: /x\nHost: example.com\n",
		good: "User-agent: *\nDisallow: /x\n"},
	{id: "clean-param-syntax", ref: "yandex", line: 3,
		bad:  "User-agent: Yandex\nDisallow: /x\nClean-param: utm_source=google /catalog/\n",
		good: "User-agent: Yandex\nDisallow: /x\nClean-param: utm_source&utm_medium /catalog/\n"},
	{id: "clean-param", ref: "yandex", line: 3,
		bad:  "User-agent: Yandex\nDisallow: /x\nClean-param: utm_source&utm_medium /catalog/\n",
		good: "User-agent: Yandex\nDisallow: /x\nClean-param: utm_source=google /catalog/\n"},
	{id: "noindex-directive", ref: "google", line: 3,
		bad:  "User-agent: *\nDisallow: /x\nNoindex: /drafts/\n",
		good: "User-agent: *\nDisallow: /x\n"},
	{id: "sitemap-not-absolute", ref: "RFC9309 2.4", line: 3,
		bad:  "User-agent: *\nDisallow: /x\nSitemap: /sitemap.xml\n",
		good: "User-agent: *\nDisallow: /x\nSitemap: https://example.com/sitemap.xml\n"},
	{id: "sitemap-malformed", ref: "RFC3986 3.2.2", line: 3,
		bad:  "User-agent: *\nDisallow: /x\nSitemap: https://https//www.trumpf.com/sitemap.xml\n",
		good: "User-agent: *\nDisallow: /x\nSitemap: https://www.trumpf.com/sitemap.xml\n"},
	{id: "multiple-star-groups", ref: "yandex", line: 4,
		bad:  "User-agent: *\nDisallow: /a\n\nUser-agent: *\nDisallow: /b\n",
		good: "User-agent: *\nDisallow: /a\nDisallow: /b\n"},
	{id: "blank-line-in-group", ref: "yandex", line: 2,
		bad:  "User-agent: *\n\nDisallow: /x\n",
		good: "User-agent: *\nDisallow: /x\n"},
	{id: "named-group-replaces-star", ref: "RFC9309 2.2.1", line: 4,
		bad:  "User-agent: *\nDisallow: /private/\n\nUser-agent: Googlebot\nDisallow: /tmp/\n",
		good: "User-agent: *\nDisallow: /private/\n\nUser-agent: Googlebot\nDisallow: /tmp/\nDisallow: /private/\n"},
	{id: "invalid-product-token", ref: "RFC9309 2.2.1", line: 1,
		bad:  "User-agent: Brightbot 1.0\nDisallow: /\n",
		good: "User-agent: Brightbot\nDisallow: /\n"},
	{id: "ai-token-confusion", ref: "openai", line: 1,
		bad:  "User-agent: OAI-SearchBot\nDisallow: /\n\nUser-agent: *\nDisallow: /tmp/\n",
		good: "User-agent: GPTBot\nDisallow: /\n\nUser-agent: *\nDisallow: /tmp/\n"},
	{id: "content-signal", ref: "contentsignals.org", line: 2,
		bad:  "User-agent: *\nContent-Signal: search=yes, ai-train=maybe\nAllow: /\n",
		good: "User-agent: *\nContent-Signal: search=yes, ai-train=no\nAllow: /\n"},
	{id: "html-body", ref: "audit", line: 0,
		bad:  "<!DOCTYPE html>\n<html><head><title>Not found</title></head><body>404</body></html>\n",
		good: "# <html> is not a robots.txt\nUser-agent: *\nDisallow: /x\n"},
	{id: "bom", ref: "RFC9309 2.2, google", line: 1,
		bad:  "\uFEFFUser-agent: *\nDisallow: /x\n",
		good: "User-agent: *\nDisallow: /x\n"},
	{id: "mixed-line-endings", ref: "RFC9309 2.2", line: 1,
		bad:  "User-agent: *\r\nDisallow: /x\nDisallow: /y\n",
		good: "User-agent: *\r\nDisallow: /x\r\nDisallow: /y\r\n"},
	{id: "invalid-utf8", ref: "RFC9309 2.2", line: 2,
		bad:  "User-agent: *\nDisallow: /caf\xE9\n",
		good: "User-agent: *\nDisallow: /caf%C3%A9\n"},
	{id: "line-too-long", ref: "google", line: 2,
		bad:  "User-agent: *\nDisallow: /" + strings.Repeat("a", 17000) + "\n",
		good: "User-agent: *\nDisallow: /" + strings.Repeat("a", 16000) + "\n"},
	{id: "empty-file", ref: "RFC9309 2.3.1", line: 0,
		bad:  "",
		good: "User-agent: *\nDisallow:\n"},
	{id: "space-in-path", ref: "RFC9309 2.2.2", line: 2,
		bad:  "User-agent: *\nDisallow: /path with space/\n",
		good: "User-agent: *\nDisallow: /path%20with%20space/\n"},
	{id: "several-paths", ref: "RFC9309 2.2.2", line: 2,
		bad:  "User-agent: *\nDisallow: /cgi-bin/ /tmp/\n",
		good: "User-agent: *\nDisallow: /cgi-bin/\nDisallow: /tmp/\n"},
	{id: "glued-directives", ref: "RFC9309 2.2", line: 2,
		bad:  "User-agent: *\nDisallow: /a Disallow: /b\n",
		good: "User-agent: *\nDisallow: /a\nDisallow: /b\n"},
	{id: "hash-in-path", ref: "RFC9309 2.2", line: 2,
		bad:  "User-agent: *\nDisallow: /page#section\n",
		good: "User-agent: *\nDisallow: /page # the page\n"},
	{id: "host-as-path", ref: "RFC9309 2.2.2", line: 2,
		bad:  "User-agent: *\nDisallow: /beta.example.gov\n",
		good: "User-agent: *\nDisallow: /beta.html\n"},
	{id: "home-page-only", ref: "audit", line: 2,
		bad:  "User-agent: *\nDisallow: /\nAllow: /$\n",
		good: "User-agent: *\nDisallow: /\nAllow: /$\nAllow: /blog/\n"},
	{id: "yandex-limits", ref: "yandex", line: 2,
		bad:  "User-agent: *\nDisallow: /" + strings.Repeat("a", 1100) + "\n",
		good: "User-agent: *\nDisallow: /" + strings.Repeat("a", 1000) + "\n"},
	{id: "repeated-directive", ref: "audit", line: 4,
		bad:  "User-agent: *\nCrawl-delay: 5\nDisallow: /x\nCrawl-delay: 10\n",
		good: "User-agent: *\nCrawl-delay: 5\nDisallow: /x\n\nUser-agent: bingbot\nCrawl-delay: 10\nDisallow: /x\n"},
	{id: "lookalike-field", ref: "RFC9309 2.2", line: 1,
		bad:  "User\u2011agent: *\nDisallow: /x\n",
		good: "User-agent: *\nDisallow: /x\n"},
	{id: "html-in-line", ref: "audit", line: 2,
		bad:  "User-agent: *\nDisallow: /x<br/>\n",
		good: "User-agent: *\nDisallow: /x # <br/>\n"},
	{id: "no-sitemap", ref: "RFC9309 2.4", line: 0,
		bad:  "User-agent: *\nDisallow: /x\n",
		good: "User-agent: *\nDisallow: /x\nSitemap: https://example.com/sitemap.xml\n"},
	{id: "sitemap-other-host", ref: "google", line: 3, opts: &Options{Host: "www.example.com"},
		bad:  "User-agent: *\nDisallow: /x\nSitemap: https://cdn.example.net/sitemap.xml\n",
		good: "User-agent: *\nDisallow: /x\nSitemap: https://www.example.com/sitemap.xml\n"},
	{id: "redundant-rule", ref: "RFC9309 2.2.2", line: 2,
		bad:  "User-agent: *\nDisallow: /ref/\nDisallow: /ref/x\n",
		good: "User-agent: *\nDisallow: /ref/\nAllow: /ref/x\n"},
	{id: "broad-prefix", ref: "RFC9309 2.2.2", line: 2,
		bad:  "User-agent: *\nDisallow: /test\n\nUser-agent: bingbot\nAllow: /testimonials\nDisallow: /admin/\n",
		good: "User-agent: *\nDisallow: /test/\n\nUser-agent: bingbot\nAllow: /testimonials\nDisallow: /admin/\n"},
	// 311 merged sets of 321 rules fit in the bound of 100,000; bot311's
	// would not (limits_test.go has the finer points).
	{id: "audit-limit", ref: "audit", line: 312, bad: mergedSets(330, 320), good: mergedSets(300, 320)},
	// The sitemaps read with the file (lint --sitemap).
	{id: "sitemap-url-blocked", ref: "sitemaps.org, Google Search Console", line: 2,
		bad:  "User-agent: *\nDisallow: /*?\nSitemap: https://example.com/sitemap.xml\n",
		good: "User-agent: *\nDisallow: /*?sort=\nSitemap: https://example.com/sitemap.xml\n",
		opts: &Options{Sitemaps: []Sitemap{{URL: "https://example.com/sitemap.xml", Line: 3, URLs: []string{"https://example.com/", "https://example.com/shoes/?page=2"}}}}},
	{id: "sitemap-unreadable", ref: "sitemaps.org", line: 3,
		bad:      "User-agent: *\nDisallow: /x\nSitemap: https://example.com/sitemap.xml\n",
		good:     "User-agent: *\nDisallow: /x\nSitemap: https://example.com/sitemap.xml\n",
		goodOpts: &Options{Sitemaps: []Sitemap{{URL: "https://example.com/sitemap.xml", Line: 3, URLs: []string{"https://example.com/"}}}},
		opts:     &Options{Sitemaps: []Sitemap{{URL: "https://example.com/sitemap.xml", Line: 3, Unreadable: "HTTP 404"}}}},
	{id: "sitemap-cross-host", ref: "sitemaps.org #sitemaps_cross_submits", line: 3,
		bad:      "User-agent: *\nDisallow: /x\nSitemap: https://example.com/sitemap.xml\n",
		good:     "User-agent: *\nDisallow: /x\nSitemap: https://example.com/sitemap.xml\n",
		goodOpts: &Options{Sitemaps: []Sitemap{{URL: "https://example.com/sitemap.xml", Line: 3, URLs: []string{"https://example.com/"}}}},
		opts:     &Options{Sitemaps: []Sitemap{{URL: "https://example.com/sitemap.xml", Line: 3, Problems: []SitemapProblem{{Sitemap: "https://example.com/sitemap.xml", Line: 2, Code: "cross-host", Message: "https://other.example/ is on another host"}}}}}},
	{id: "sitemap-invalid", ref: "sitemaps.org #xmlTagDefinitions", line: 3,
		bad:      "User-agent: *\nDisallow: /x\nSitemap: https://example.com/sitemap.xml\n",
		good:     "User-agent: *\nDisallow: /x\nSitemap: https://example.com/sitemap.xml\n",
		goodOpts: &Options{Sitemaps: []Sitemap{{URL: "https://example.com/sitemap.xml", Line: 3, URLs: []string{"https://example.com/"}}}},
		opts:     &Options{Sitemaps: []Sitemap{{URL: "https://example.com/sitemap.xml", Line: 3, Problems: []SitemapProblem{{Sitemap: "https://example.com/sitemap.xml", Line: 2, Code: "too-many-urls", Message: "more than 50000 URLs", More: 0}}}}}},
	{id: "bad-suppression", ref: "suppression", line: 2,
		bad:  "User-agent: *\n# robotstxt: ignore hash-in-pth\nDisallow: /#top\n",
		good: "User-agent: *\n# robotstxt: ignore hash-in-path\nDisallow: /#top\n"},
}

func TestEveryCheckBothWays(t *testing.T) {
	tested := map[string]bool{}
	for _, tt := range checkTests {
		tested[tt.id] = true
		t.Run(tt.id, func(t *testing.T) {
			got := Lint(tt.bad, tt.opts)
			var hit *Finding
			for i := range got {
				if got[i].ID == tt.id {
					hit = &got[i]
					break
				}
			}
			if hit == nil {
				t.Fatalf("Lint(%q) (%s): no %s finding; got\n%s", short(tt.bad), tt.ref, tt.id, dump(got))
			}
			if hit.Line != tt.line {
				t.Errorf("Lint(%q): %s at line %d, want %d: %s", short(tt.bad), tt.id, hit.Line, tt.line, hit.Message)
			}
			good := tt.opts
			if tt.id == "file-too-large" {
				good = nil
			}
			if tt.goodOpts != nil {
				good = tt.goodOpts
			}
			for _, f := range Lint(tt.good, good) {
				if f.ID == tt.id && !(tt.infoOK && f.Severity == Info) {
					t.Errorf("Lint(%q) (the near miss): unexpected %v", short(tt.good), f)
				}
			}
		})
	}
	for _, c := range Checks() {
		if !tested[c.ID] {
			t.Errorf("check %s has no test", c.ID)
		}
	}
	if len(tested) != len(Checks()) {
		t.Errorf("%d checks tested, %d exist", len(tested), len(Checks()))
	}
}

// variantTests pin the finer points: each case lists every finding ID (and
// line) the file must give, in order; nothing else may appear.
var variantTests = []struct {
	name string
	text string
	want []string // "id@line"
}{
	{"suppression naming two unknown IDs", "User-agent: *\n# robotstxt: ignore zzz, qqqq\nDisallow: /a\nSitemap: https://example.com/s.xml\n", []string{"bad-suppression@2"}},
	{"clean file", "User-agent: *\nDisallow: /admin/\nAllow: /admin/public/\n\nSitemap: https://example.com/sitemap.xml\n", nil},
	{"allow all, the classic way", "User-agent: *\nDisallow:\n", []string{"empty-disallow@2"}},
	{"prose with a colon before the group", "Note: this file is generated\nUser-agent: *\nDisallow: /x\n",
		[]string{"text-before-group@1"}},
	{"two words without colon before the group", "Hello world\nUser-agent: *\nDisallow: /x\n", []string{"text-before-group@1"}},
	{"junk after the group", "User-agent: *\nDisallow: /x\n-----\n", []string{"unknown-directive@3"}},
	{"directive without colon and three words", "User-agent: *\nDisallow /a /b\n", []string{"empty-group@1", "missing-colon@2"}},
	{"prose starting with a field name", "Allow me to explain our rules\nUser-agent: *\nDisallow: /x\n", []string{"text-before-group@1"}},
	{"bare sitemap URL", "User-agent: *\nDisallow: /x\nhttps://example.com/sitemap.xml\n", []string{"unknown-directive@3"}},
	{"old extension", "User-agent: *\nDisallow: /x\nRequest-rate: 1/5\n", []string{"unknown-directive@3"}},
	{"blank line in a Googlebot group: Yandex does not read it", "User-agent: Googlebot\n\nDisallow: /x\n", nil},
	{"blank line in a Yandex group", "User-agent: Yandex\n\nDisallow: /x\n", []string{"blank-line-in-group@2"}},
	{"user-agent lines parted by a blank line share rules", "User-agent: a\n\nUser-agent: b\nDisallow: /x\n",
		[]string{"empty-group@1"}},
	{"comment between user-agent lines is fine", "User-agent: a\n# b too\nUser-agent: b\nDisallow: /x\n", nil},
	{"named bots closed, * open", "User-agent: GPTBot\nDisallow: /\n\nUser-agent: CCBot\nDisallow: /\n\nUser-agent: *\nDisallow:\n",
		[]string{"site-closed@1", "empty-disallow@8"}},
	{"whitelist: * closed, Googlebot open", "User-agent: Googlebot\nDisallow: /tmp/\n\nUser-agent: *\nDisallow: /\n",
		[]string{"site-closed@5"}},
	{"search engine closed", "User-agent: Googlebot\nDisallow: /\n", []string{"site-closed@2"}},
	{"trailing star that decides a tie", "User-agent: *\nDisallow: /private/*\nAllow: /private/\n", []string{"shadowed-rule@3"}},
	{"allow tie beats a covered disallow", "User-agent: *\nDisallow: /$\nAllow: /*\n", []string{"shadowed-rule@2"}},
	{"longer disallow covers an allow", "User-agent: *\nAllow: /a\nDisallow: /a*\n", []string{"shadowed-rule@2"}},
	{"same-kind redundancy is info", "User-agent: *\nDisallow: /ref/\nDisallow: /ref/*\n", []string{"redundant-rule@2", "redundant-wildcard@3"}},
	{"index.html allow is not shadowed", "User-agent: *\nAllow: /d/index.html\nDisallow: /d/index.html*\n", nil},
	{"empty allow never decides", "User-agent: *\nAllow:\nDisallow: /x\n", []string{"shadowed-rule@2"}},
	{"duplicate across merged groups", "User-agent: a\nDisallow: /x\n\nUser-agent: a\nDisallow: /x\n", []string{"duplicate-rule@5"}},
	{"AdsBot group does not lose *", "User-agent: *\nDisallow: /private/\n\nUser-agent: AdsBot-Google\nDisallow: /tmp/\n", nil},
	{"open named group loses nothing that matters", "User-agent: *\nDisallow: /private/\n\nUser-agent: Googlebot\nAllow: /\n", nil},
	{"wp-includes is an asset folder", "User-agent: *\nDisallow: /wp-includes/\n", []string{"blocks-css-js@2"}},
	{"a PHP file in a plugin folder is not an asset", "User-agent: *\nDisallow: /wp-content/plugins/x/y.php\n", nil},
	{"assets blocked only for a bot that does not render", "User-agent: BadBot\nDisallow: /*.js$\n", nil},
	{"Googlebot closed with AI crawlers", "User-agent: GPTBot\nUser-agent: Googlebot\nDisallow: /\n",
		[]string{"site-closed@1", "ai-token-confusion@2", "site-closed@3"}},
	{"old Anthropic token alone", "User-agent: anthropic-ai\nDisallow: /\n", []string{"ai-token-confusion@1", "site-closed@1"}},
	{"user-triggered fetcher that may ignore robots.txt", "User-agent: Perplexity-User\nUser-agent: PerplexityBot\nDisallow: /\n",
		[]string{"ai-token-confusion@1", "site-closed@1"}},
	{"upper case among lower case", "User-agent: *\nDisallow: /admin/login\nDisallow: /b\nDisallow: /c\nDisallow: /d\nDisallow: /e\nDisallow: /Admin\n",
		[]string{"case-mismatch-hint@7"}},
	{"a name the file spells only one way", "User-agent: *\nDisallow: /a\nDisallow: /b\nDisallow: /c\nDisallow: /d\nDisallow: /e\nDisallow: /Admin\n", nil},
	{"camel-case query parameter is fine", "User-agent: *\nDisallow: /a\nDisallow: /b\nDisallow: /c\nDisallow: /d\nDisallow: /e\nDisallow: /*?sessionID=\n", nil},
	{"star with text", "User-agent: * Disallow: /\n", []string{"empty-group@1", "invalid-product-token@1"}},
	{"no-break space before a path", "User-agent: *\nDisallow:\u00a0/x\n", []string{"pattern-no-slash@2"}},
	{"sitemap without scheme", "Sitemap: example.com/sitemap.xml\n", []string{"sitemap-not-absolute@1"}},
	{"sitemap with its scheme twice", "Sitemap: https://https://www.trumpf.com//sitemap.xml\n", []string{"sitemap-not-absolute@1"}},
	{"valid clean-param", "Clean-param: ref /some_dir/get_book.pl\n", []string{"clean-param@1"}},
	{"crawl-delay too long", "User-agent: *\nCrawl-delay: 3600\nDisallow: /x\n", []string{"crawl-delay@2"}},
	{"only comments", "# nothing here\n", []string{"empty-file@0"}},
	{"UTF-16", "\xFF\xFEU\x00s\x00e\x00r\x00", []string{"invalid-utf8@0"}},
	{"UTF-16 without a byte order mark", "U\x00s\x00e\x00r\x00-\x00a\x00g\x00e\x00n\x00t\x00:\x00 \x00*\x00\n\x00", []string{"invalid-utf8@0"}},
	{"an executable is not a text file", "\x7fELF\x02\x01\x01\x00\x00\x00\x00\x00\x00\x00\x00\x00\nUser-agent: *\nDisallow: /x\n", []string{"invalid-utf8@0"}},
	{"a gzip body is not a text file", "\x1f\x8b\x08\x00\x00\x00\x00\x00\x00\x03\xcb\x48\xcd\xc9", []string{"invalid-utf8@0"}},
	{"XML, not robots.txt", "<?xml version=\"1.0\"?>\n<urlset></urlset>\n", []string{"html-body@0"}},
	{"agent wildcard with no token", "User-agent: *bot\nDisallow: /\n", []string{"agent-wildcard@1"}},
	{"names with digits are the operators' own", "User-agent: 360Spider\nUser-agent: 008\nUser-agent: MJ12bot\nUser-agent: Mail.RU_Bot\nDisallow: /\n",
		[]string{"site-closed@2", "site-closed@5"}},
}

func TestVariants(t *testing.T) {
	for _, tt := range variantTests {
		t.Run(tt.name, func(t *testing.T) {
			got := Lint(tt.text, nil)
			var ids []string
			for _, f := range got {
				// Most cases have no sitemap; only those about it list it.
				if f.ID == "no-sitemap" && !slices.Contains(tt.want, "no-sitemap@0") {
					continue
				}
				ids = append(ids, f.ID+"@"+itoa(f.Line))
			}
			if !slices.Equal(ids, tt.want) {
				t.Errorf("Lint(%q)\n\tgot  %v\n\twant %v\n%s", short(tt.text), ids, tt.want, dump(got))
			}
		})
	}
}

func TestSeverities(t *testing.T) {
	for _, tt := range []struct {
		text string
		id   string
		sev  Severity
	}{
		{"User-agent: *\nDisallow:\n", "empty-disallow", Info},
		{"User-agent: *\nDisallow:\nDisallow: /x\n", "empty-disallow", Warning},
		{"User-agent: *\nDisallow: /\n", "site-closed", Warning},
		{"User-agent: GPTBot\nDisallow: /\n", "site-closed", Info},
		{"Clean-param: ref /x\n", "clean-param", Info},
		{"Clean-param: ref /x y\n", "clean-param-syntax", Error},
		{"User-agent: *\nDisallow: /a\nAllow: /a*\n", "shadowed-rule", Warning},
		{"User-agent: *\nDisallow: /a\nDisallow: /a*\n", "redundant-rule", Info},
		{"User-agent: /x\nDisallow: /\n", "invalid-product-token", Warning},
		{"User-agent: Web Sucker\nDisallow: /\n", "invalid-product-token", Info},
		{"User-agent: PetalBot\nDisallow: /\n", "site-closed", Info},
		{"# block Baidu\nUser-agent: Baiduspider\nDisallow: /\n", "site-closed", Info},
		{"User-agent: bingbot\nDisallow: /\n", "site-closed", Warning},
		{"User-agent: Yandex\nDisallow: /\n", "site-closed", Info},
		{"User-agent: Googlebot\nDisallow:\n\nUser-agent: *\nDisallow: /\n", "site-closed", Info},
		{"User-agent: *\nDisallow: /a$b\n", "dollar-inside", Info},
	} {
		var found bool
		for _, f := range Lint(tt.text, nil) {
			if f.ID == tt.id {
				found = true
				if f.Severity != tt.sev {
					t.Errorf("Lint(%q): %s is %s, want %s", tt.text, tt.id, f.Severity, tt.sev)
				}
			}
		}
		if !found {
			t.Errorf("Lint(%q): no %s", tt.text, tt.id)
		}
	}
}

// TestMessages runs every test input and checks that each finding is
// complete: a known ID, a message from the catalogue with every
// placeholder filled, a line inside the file.
func TestMessages(t *testing.T) {
	placeholder := regexp.MustCompile(`\{[a-z]+\}`)
	known := map[string]bool{}
	for _, c := range Checks() {
		known[c.ID] = true
		if c.Summary == "" || c.Fix == "" || placeholder.MatchString(c.Summary+c.Fix) {
			t.Errorf("check %s: summary %q, fix %q", c.ID, c.Summary, c.Fix)
		}
	}
	var texts []string
	for _, tt := range checkTests {
		texts = append(texts, tt.bad, tt.good)
	}
	for _, tt := range variantTests {
		texts = append(texts, tt.text)
	}
	for _, text := range texts {
		lines := len(sourceLines(text))
		for _, f := range Lint(text, &Options{MaxBytes: 40}) {
			check(t, text, f, known, lines, placeholder)
		}
		for _, f := range Lint(text, nil) {
			check(t, text, f, known, lines, placeholder)
		}
	}
}

func check(t *testing.T, text string, f Finding, known map[string]bool, lines int, placeholder *regexp.Regexp) {
	t.Helper()
	switch {
	case !known[f.ID]:
		t.Errorf("Lint(%q): unknown ID %q", short(text), f.ID)
	case f.Message == "" || strings.HasPrefix(f.Message, f.ID+"."):
		t.Errorf("Lint(%q): %s has no message (%q)", short(text), f.ID, f.Message)
	case placeholder.MatchString(f.Message) || placeholder.MatchString(f.Fix):
		t.Errorf("Lint(%q): %s has an unfilled placeholder: %q / %q", short(text), f.ID, f.Message, f.Fix)
	case f.Line < 0 || f.Line > lines || f.EndLine != 0 && f.EndLine < f.Line:
		t.Errorf("Lint(%q): %s at line %d-%d, the file has %d lines", short(text), f.ID, f.Line, f.EndLine, lines)
	}
}

func TestSorted(t *testing.T) {
	got := Lint(checkTests[0].bad+"Disallow: private\nDisallow: /a$b\nDisallow: /a$b\n", nil)
	if !slices.IsSortedFunc(got, func(a, b Finding) int {
		if a.Line != b.Line {
			return a.Line - b.Line
		}
		return int(a.Severity) - int(b.Severity)
	}) {
		t.Errorf("findings not sorted by line, then severity:\n%s", dump(got))
	}
}

func TestColumns(t *testing.T) {
	got := Lint("User-agent: *\nDisallow: /a$b\nDisallow:   nope\n", nil)
	want := map[string]int{"dollar-inside": 13, "pattern-no-slash": 13}
	for _, f := range got {
		if c, ok := want[f.ID]; ok && f.Column != c {
			t.Errorf("%s at column %d, want %d", f.ID, f.Column, c)
		}
	}
}

func TestFixes(t *testing.T) {
	for _, tt := range []struct{ text, id, fix string }{
		{"User-agent: *\nAllow: .shtml$\n", "pattern-no-slash", `"Allow: /*.shtml$"`},
		{"User-agent: *\nDisallow: ?recommid=\n", "pattern-no-slash", `"Disallow: /*?recommid="`},
		{"User-agent: *\nDisallow: Disallow: /x\n", "pattern-no-slash", `"Disallow: /x"`},
		{"User-agent: *\nDisallow: /a b\n", "space-in-path", `"Disallow: /a%20b"`},
		{"User-agent: *\nDisallow: /a/ /b/\n", "several-paths", `"Disallow: /a/" and "Disallow: /b/"`},
		{"User-agent: *\nDisallow: /anal /\n", "space-in-path", `"Disallow: /anal%20/"`},
		{"User-agent: Yahoo! Slurp\nDisallow: /\n", "invalid-product-token", `"User-agent: Slurp"`},
		{"User-agent: Mozilla/5.0 (compatible; Yahoo! Slurp; http://help.yahoo.com/help/us/ysearch/slurp)\nDisallow: /\n",
			"agent-with-version", `"User-agent: Slurp"`},
		{"User-agent: Mozilla/5.0 (compatible; ExampleBot/2.1; +http://example.com/bot)\nDisallow: /\n",
			"agent-with-version", `"User-agent: ExampleBot"`},
		{"User-agent: *\nUser\u2011agent: x\n", "lookalike-field", `"User-agent:"`},
		{"User-agent: *\nAllow: public/\n", "pattern-no-slash", `"Allow: /public/"`},
		{"User-agent: *\nDisallow /y\n", "missing-colon", `"Disallow: /y"`},
		{"User-agent: Googlebot/2.1\nDisallow: /x\n", "agent-with-version", `"User-agent: Googlebot"`},
		{"User-agent: *\nContent-Signal: ai_train=no\n", "content-signal", "ai-train"},
		{"User-agent: *\nUser-Agnet: x\n", "unknown-directive", `"User-agent:"`},
		{"Clean-param: sid=1 /x\n", "clean-param-syntax", "sid"},
	} {
		var got string
		for _, f := range Lint(tt.text, nil) {
			if f.ID == tt.id {
				got = f.Fix
			}
		}
		if !strings.Contains(got, tt.fix) {
			t.Errorf("Lint(%q): %s fix %q, want it to contain %q", tt.text, tt.id, got, tt.fix)
		}
	}
}

// TestFixesNeverWorse pins the fixes that must never make a file worse: a
// rule written as a full URL never becomes "/" or "/*", and its path is
// suggested only for the file's own host; no fix names a crawler cut from
// a longer name.
func TestFixesNeverWorse(t *testing.T) {
	for _, tt := range []struct {
		text, host, id, variantWord string
		wantFix, notFix             string
	}{
		{"User-agent: *\nDisallow: https://www.example.org/a/b?c\n", "www.example.org", "full-url-pattern", "",
			`"Disallow: /a/b?c"`, ""},
		{"User-agent: *\nDisallow: https://app.example.org/*\n", "www.example.org", "full-url-pattern", "app.example.org",
			"robots.txt of app.example.org", `"Disallow: /*"`},
		{"User-agent: *\nDisallow: https://app.example.org/*\n", "", "full-url-pattern", "app.example.org",
			"robots.txt of app.example.org", `"Disallow: /*"`},
		{"User-agent: *\nDisallow: https://www.example.org/*\n", "www.example.org", "full-url-pattern", "whole site",
			"only if the whole site", `Write only the path`},
		{"User-agent: *\nDisallow: https://www.example.org/\n", "https://www.example.org/robots.txt", "full-url-pattern", "whole site",
			"", `Write only the path`},
		{"User-agent: MJ12bot\nDisallow: /\n", "", "", "", "", "MJ"},
		{"User-agent: Mail.RU_Bot\nDisallow: /\n", "", "", "", "", "Mail"},
		{"User-agent: archive.org_bot\nDisallow: /\n", "", "", "", "", "archive"},
		{"User-agent: Internet Ninja\nDisallow: /\n", "", "invalid-product-token", "", "", `"User-agent: Internet"`},
	} {
		got := Lint(tt.text, &Options{Host: tt.host})
		for _, f := range got {
			if tt.notFix != "" && strings.Contains(f.Fix, tt.notFix) {
				t.Errorf("Lint(%q, host %q): %s suggests %q: %s", tt.text, tt.host, f.ID, tt.notFix, f.Fix)
			}
		}
		if tt.id == "" {
			continue
		}
		i := slices.IndexFunc(got, func(f Finding) bool { return f.ID == tt.id })
		if i < 0 {
			t.Errorf("Lint(%q, host %q): no %s", tt.text, tt.host, tt.id)
			continue
		}
		f := got[i]
		if !strings.Contains(f.Message+" "+f.Fix, tt.variantWord) || !strings.Contains(f.Fix, tt.wantFix) {
			t.Errorf("Lint(%q, host %q): %s\n\t%s\n\tfix: %s\nwant %q in the text and %q in the fix",
				tt.text, tt.host, tt.id, f.Message, f.Fix, tt.variantWord, tt.wantFix)
		}
	}
}

// TestOneFindingPerMistake: a line with one mistake gets one finding.
func TestOneFindingPerMistake(t *testing.T) {
	for _, tt := range []struct{ text, id string }{
		{"User-agent: *\nDisallow; /x\n", "missing-colon"},
	} {
		var ids []string
		for _, f := range Lint(tt.text, nil) {
			if f.Line == 2 {
				ids = append(ids, f.ID)
			}
		}
		if !slices.Equal(ids, []string{tt.id}) {
			t.Errorf("Lint(%q): line 2 has %v, want only %s", tt.text, ids, tt.id)
		}
	}
}

// TestNoise: what the corpus showed to be no mistake gives no warning.
func TestNoise(t *testing.T) {
	for _, text := range []string{
		"User-agent: *\nDisallow: /cdn/wpm/*.js\n",                                                                             // Shopify's web-pixel sandbox
		"User-agent: *\nDisallow: /Gruntfile.js\nDisallow: /webpack.config.js\n",                                               // build files
		"User-agent: *\nDisallow: /$FILE/\nDisallow: /$uuid$/x\n",                                                              // CMS paths with a dollar
		"User-agent: PetalBot\nDisallow: /\n\nUser-agent: *\nDisallow: /private/\n",                                            // one named crawler closed
		"User-agent: 360Spider\nDisallow: /\n\nUser-agent: *\nDisallow: /private/\n",                                           // a name with digits
		"User-agent: Rule1TestBot\nDisallow: /a\n\nUser-agent: Rule4TestBot\nDisallow: /a\n",                                   // no merge, no duplicate
		"User-agent: *\nDisallow: /host:8080/\nDisallow: /ghost:x\nDisallow: /a/allow:b\nSitemap: https://example.com/s.xml\n", // not glued
		"User-agent: *\nDisallow: /mx*/blog-article-remove-faq-utms-*.js\n",                                                    // one named script
		"User-agent: Yandex\nDisallow: /\n\nUser-agent: *\nDisallow: /private/\n",                                              // Yandex closed by name
	} {
		for _, f := range Lint(text, nil) {
			if f.Severity.AtLeast(Warning) {
				t.Errorf("Lint(%q): %v", text, f)
			}
		}
	}
}

func TestSuggest(t *testing.T) {
	for key, want := range map[string]string{
		"Disallw": "disallow", "User-Agnet": "user-agent", "Crawldelay": "crawl-delay", "Sitemp": "sitemap",
		"Alow": "allow", "Cleanparam": "clean-param", "User_agent": "user-agent",
		"Hos": "host", "Foo": "", "Image Sitemap": "", "X": "", "Hostname": "",
	} {
		if got := suggest(key); got != want {
			t.Errorf("suggest(%q) = %q, want %q", key, got, want)
		}
	}
}

func TestLanguages(t *testing.T) {
	if !slices.Contains(Languages(), "en") {
		t.Fatalf("Languages() = %v", Languages())
	}
	catalogues()["xx"] = map[string]string{"bom.msg": "xx-bom", "bom.summary": "xx-summary"}
	defer delete(catalogues(), "xx")
	got := Lint("\uFEFFUser-agent: *\nDisallow: /x\nSitemap: https://example.com/s.xml\n", &Options{Lang: "xx"})
	if len(got) != 1 || got[0].Message != "xx-bom" || got[0].Fix != english()["bom.fix"] {
		t.Errorf("Lang xx: %v, want the xx message and the English fix", got)
	}
	if c := ChecksLang("xx"); c[slices.IndexFunc(c, func(c Check) bool { return c.ID == "bom" })].Summary != "xx-summary" {
		t.Errorf("ChecksLang(xx) does not use the xx catalogue")
	}
}

func TestPlurals(t *testing.T) {
	for _, tt := range []struct {
		lang string
		n    int
		want int
	}{
		{"en", 1, 0}, {"en", 0, 1}, {"en", 2, 1},
		{"ru", 1, 0}, {"ru", 21, 0}, {"ru", 11, 2}, {"ru", 3, 1}, {"ru", 14, 2}, {"ru", 5, 2}, {"ru", 102, 1},
		{"ro", 1, 0}, {"ro", 0, 1}, {"ro", 19, 1}, {"ro", 20, 2}, {"ro", 101, 1},
	} {
		if got := pluralForm(tt.lang, tt.n); got != tt.want {
			t.Errorf("pluralForm(%s, %d) = %d, want %d", tt.lang, tt.n, got, tt.want)
		}
	}
	if got := countText("en", 1, "unit.rule"); got != "1 rule" {
		t.Errorf("1 rule: %q", got)
	}
	if got := countText("en", 3, "unit.rule"); got != "3 rules" {
		t.Errorf("3 rules: %q", got)
	}
}

func TestSeverityText(t *testing.T) {
	for _, s := range []Severity{Error, Warning, Info} {
		b, _ := s.MarshalText()
		var back Severity
		if err := back.UnmarshalText(b); err != nil || back != s {
			t.Errorf("%v round trip: %v, %v", s, back, err)
		}
	}
	if _, err := ParseSeverity("fatal"); err == nil {
		t.Errorf("ParseSeverity(fatal): no error")
	}
	if !Error.AtLeast(Warning) || Info.AtLeast(Warning) || !Warning.AtLeast(Warning) {
		t.Errorf("AtLeast is wrong")
	}
}

func TestCovers(t *testing.T) {
	for _, tt := range []struct {
		b, a string
		want bool
	}{
		{"/*", "/a*", true},
		{"/a*", "/a", true}, // the glob "/a" is the single path "/a"
		{"/a", "/a*", false},
		{"/a*", "/ab*", true},
		{"/a*b*", "/axb*", true},
		{"/a*b*", "/a*", false},
		{"/*.php", "/x.php", true},
		{"/*.php", "/*.php", true},
		{"/*.php", "/*x.php", true},
		{"/x*", "/*x*", false},
		{"*", "/a*b", true},
	} {
		if got := covers(tt.b, tt.a); got != tt.want {
			t.Errorf("covers(%q, %q) = %v, want %v", tt.b, tt.a, got, tt.want)
		}
	}
	for p, want := range map[string]string{"/a": "/a*", "/a$": "/a", "/a$b": "/a%24b*", "/a**b": "/a*b*", "/a b": "/a%20b*", "*": "*"} {
		if g, _ := toGlob(p); g.text != want {
			t.Errorf("toGlob(%q) = %q, want %q", p, g.text, want)
		}
	}
	if _, ok := toGlob("x"); ok {
		t.Errorf("toGlob(x): a pattern without / or * matches nothing")
	}
}

func itoa(n int) string {
	if n == 0 {
		return "0"
	}
	s := ""
	for ; n > 0; n /= 10 {
		s = string(rune('0'+n%10)) + s
	}
	return s
}

func short(s string) string {
	if len(s) > 200 {
		return s[:200] + "..."
	}
	return s
}

func dump(fs []Finding) string {
	var b strings.Builder
	for _, f := range fs {
		b.WriteString("\t" + f.String() + "\n")
	}
	return b.String()
}
