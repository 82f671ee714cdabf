package lint

import (
	"maps"
	"strings"
	"sync"
)

// examples are each check's Bad and Good files (Check.Bad, Check.Good): a
// file that triggers the check and the same file fixed. A test lints both.
// Built on first use, as the catalogues are.
var examples = sync.OnceValue(func() map[string]struct{ bad, good string } {
	m := exampleFiles()
	maps.Copy(m, usageExamples())
	return m
})

// SitemapExample is what the sitemaps of a sitemap check's Bad and Good
// examples hold, as lint --sitemap would read them: the checks need the
// sitemaps as well as the file. It returns nil for the other checks.
func SitemapExample(id string) (bad, good []Sitemap) {
	bad = sitemapExample(id)
	if bad == nil {
		return nil, nil
	}
	return bad, bad[len(bad)-1:]
}

func sitemapExample(id string) []Sitemap {
	good := Sitemap{URL: "https://example.com/sitemap.xml", Line: 4,
		URLs: []string{"https://example.com/shoes/", "https://example.com/shoes/?page=2"}}
	switch id {
	case "sitemap-url-blocked":
		return []Sitemap{good}
	case "sitemap-unreadable":
		return []Sitemap{{URL: "https://example.com/sitemap-old.xml", Line: 4, Unreadable: "HTTP 404"}, good}
	case "sitemap-cross-host":
		return []Sitemap{{URL: "https://example.com/sitemap-all.xml", Line: 4, URLs: []string{"https://example.com/", "https://shop.example.org/"},
			Problems: []SitemapProblem{{Sitemap: "https://example.com/sitemap-all.xml", Line: 3, Code: "cross-host",
				Message: "https://shop.example.org/ is on https://shop.example.org, not on the sitemap's https://example.com, and no robots.txt of https://shop.example.org is known to name the sitemap (cross-submission)"}}}, good}
	case "sitemap-invalid":
		return []Sitemap{{URL: "https://example.com/sitemap-bad.xml", Line: 4, URLs: []string{"https://example.com/"},
			Problems: []SitemapProblem{{Sitemap: "https://example.com/sitemap-bad.xml", Line: 3, Code: "bad-loc",
				Message: "\"/shoes/\" is not an absolute URL: a sitemap's URLs start with http:// or https://: skipped"}}}, good}
	}
	return nil
}

func exampleFiles() map[string]struct{ bad, good string } {
	return map[string]struct{ bad, good string }{
		"text-before-group":         {"Welcome to our site\nUser-agent: *\nDisallow: /admin/\n", "# Welcome to our site\nUser-agent: *\nDisallow: /admin/\n"},
		"rule-outside-group":        {"Disallow: /admin/\nUser-agent: *\nDisallow: /tmp/\n", "User-agent: *\nDisallow: /admin/\nDisallow: /tmp/\n"},
		"empty-disallow":            {"User-agent: *\nDisallow:\nDisallow: /admin/\n", "User-agent: *\nDisallow: /admin/\n"},
		"unknown-directive":         {"User-agent: *\nDisallw: /admin/\n", "User-agent: *\nDisallow: /admin/\n"},
		"typo-accepted":             {"Useragent: *\nDisallow: /admin/\n", "User-agent: *\nDisallow: /admin/\n"},
		"missing-colon":             {"User-agent: *\nDisallow /admin/\n", "User-agent: *\nDisallow: /admin/\n"},
		"file-too-large":            {"User-agent: *\nDisallow: /page-1\n# ... 600 KB of rules ...\nDisallow: /page-99999\n", "User-agent: *\nDisallow: /page-\n"},
		"site-closed":               {"User-agent: *\nDisallow: /\n", "User-agent: *\nDisallow: /admin/\n"},
		"blocks-css-js":             {"User-agent: *\nDisallow: /*.css$\n", "User-agent: *\nDisallow: /admin/\n"},
		"pattern-no-slash":          {"User-agent: *\nDisallow: admin/\n", "User-agent: *\nDisallow: /admin/\n"},
		"full-url-pattern":          {"User-agent: *\nDisallow: https://example.com/admin/\n", "User-agent: *\nDisallow: /admin/\n"},
		"regex-syntax":              {"User-agent: *\nDisallow: ^/*\\.pdf$\n", "User-agent: *\nDisallow: /*.pdf$\n"},
		"misspelled-agent":          {"User-agent: Googelbot\nDisallow: /private/\n", "User-agent: Googlebot\nDisallow: /private/\n"},
		"dollar-inside":             {"User-agent: *\nDisallow: /a$b\n", "User-agent: *\nDisallow: /a$\n"},
		"redundant-wildcard":        {"User-agent: *\nDisallow: /admin/*\n", "User-agent: *\nDisallow: /admin/\n"},
		"duplicate-rule":            {"User-agent: *\nDisallow: /admin/\nDisallow: /admin/\n", "User-agent: *\nDisallow: /admin/\n"},
		"conflicting-rules":         {"User-agent: *\nDisallow: /admin/\nAllow: /admin/\n", "User-agent: *\nDisallow: /admin/\n"},
		"shadowed-rule":             {"User-agent: *\nDisallow: /admin\nAllow: /admin*\n", "User-agent: *\nDisallow: /admin/private\nAllow: /admin*\n"},
		"case-mismatch-hint":        {"User-agent: *\nDisallow: /admin/\nDisallow: /Admin/\n", "User-agent: *\nDisallow: /admin/\nDisallow: /users/\n"},
		"non-ascii-pattern":         {"User-agent: *\nDisallow: /каталог/\n", "User-agent: *\nDisallow: /%D0%BA%D0%B0%D1%82%D0%B0%D0%BB%D0%BE%D0%B3/\n"},
		"agent-with-version":        {"User-agent: Googlebot/2.1\nDisallow: /admin/\n", "User-agent: Googlebot\nDisallow: /admin/\n"},
		"agent-wildcard":            {"User-agent: Googlebot*\nDisallow: /admin/\n", "User-agent: Googlebot\nUser-agent: Googlebot-Image\nDisallow: /admin/\n"},
		"empty-group":               {"User-agent: *\nDisallow: /admin/\n\nUser-agent: Googlebot\n", "User-agent: *\nDisallow: /admin/\n\nUser-agent: Googlebot\nDisallow:\n"},
		"crawl-delay":               {"User-agent: *\nCrawl-delay: 5\nDisallow: /admin/\n", "User-agent: *\nDisallow: /admin/\n"},
		"host-directive":            {"User-agent: *\nDisallow: /admin/\nHost: example.com\n", "User-agent: *\nDisallow: /admin/\n"},
		"clean-param-syntax":        {"User-agent: Yandex\nClean-param: utm_source=google /catalog/\n", "User-agent: Yandex\nClean-param: utm_source /catalog/\n"},
		"clean-param":               {"User-agent: Yandex\nClean-param: utm_source&utm_medium /catalog/\n", "User-agent: Yandex\nDisallow: /admin/\n"},
		"noindex-directive":         {"User-agent: *\nDisallow: /admin/\nNoindex: /drafts/\n", "User-agent: *\nDisallow: /admin/\n"},
		"sitemap-not-absolute":      {"User-agent: *\nDisallow: /admin/\nSitemap: /sitemap.xml\n", "User-agent: *\nDisallow: /admin/\nSitemap: https://example.com/sitemap.xml\n"},
		"sitemap-malformed":         {"User-agent: *\nDisallow: /admin/\nSitemap: https://https//example.com/sitemap.xml\n", "User-agent: *\nDisallow: /admin/\nSitemap: https://example.com/sitemap.xml\n"},
		"multiple-star-groups":      {"User-agent: *\nDisallow: /a/\n\nUser-agent: *\nDisallow: /b/\n", "User-agent: *\nDisallow: /a/\nDisallow: /b/\n"},
		"blank-line-in-group":       {"User-agent: Yandex\n\nDisallow: /admin/\n", "User-agent: Yandex\nDisallow: /admin/\n"},
		"named-group-replaces-star": {"User-agent: *\nDisallow: /private/\n\nUser-agent: Googlebot\nDisallow: /tmp/\n", "User-agent: *\nDisallow: /private/\n\nUser-agent: Googlebot\nDisallow: /tmp/\nDisallow: /private/\n"},
		"invalid-product-token":     {"User-agent: Yahoo! Slurp\nDisallow: /admin/\n", "User-agent: Slurp\nDisallow: /admin/\n"},
		"ai-token-confusion":        {"User-agent: OAI-SearchBot\nDisallow: /\n\nUser-agent: *\nDisallow: /tmp/\n", "User-agent: GPTBot\nDisallow: /\n\nUser-agent: *\nDisallow: /tmp/\n"},
		"content-signal":            {"User-agent: *\nContent-Signal: search=yes, ai-train=maybe\nAllow: /\n", "User-agent: *\nContent-Signal: search=yes, ai-train=no\nAllow: /\n"},
		"html-body":                 {"<!DOCTYPE html>\n<html><body>Not found</body></html>\n", "User-agent: *\nDisallow: /admin/\n"},
		"bom":                       {"\uFEFFUser-agent: *\nDisallow: /admin/\n", "User-agent: *\nDisallow: /admin/\n"},
		"mixed-line-endings":        {"User-agent: *\r\nDisallow: /a/\nDisallow: /b/\n", "User-agent: *\nDisallow: /a/\nDisallow: /b/\n"},
		"invalid-utf8":              {"User-agent: *\nDisallow: /caf\xE9\n", "User-agent: *\nDisallow: /caf%C3%A9\n"},
		"line-too-long":             {"User-agent: *\nDisallow: /" + strings.Repeat("a", 17000) + "\n", "User-agent: *\nDisallow: /" + strings.Repeat("a", 100) + "\n"},
		"empty-file":                {"# nothing yet\n", "User-agent: *\nDisallow:\n"},
		"space-in-path":             {"User-agent: *\nDisallow: /my files/\n", "User-agent: *\nDisallow: /my%20files/\n"},
		"several-paths":             {"User-agent: *\nDisallow: /cgi-bin/ /tmp/\n", "User-agent: *\nDisallow: /cgi-bin/\nDisallow: /tmp/\n"},
		"glued-directives":          {"User-agent: *\nDisallow: /a/ Disallow: /b/\n", "User-agent: *\nDisallow: /a/\nDisallow: /b/\n"},
		"hash-in-path":              {"User-agent: *\nDisallow: /page#comments\n", "User-agent: *\nDisallow: /page\n"},
		"host-as-path":              {"User-agent: *\nDisallow: /beta.example.gov\n", "User-agent: *\nDisallow: /beta/\n"},
		"home-page-only":            {"User-agent: *\nDisallow: /\nAllow: /$\n", "User-agent: *\nDisallow: /admin/\n"},
		"yandex-limits":             {"User-agent: Yandex\nDisallow: /" + strings.Repeat("a", 1100) + "\n", "User-agent: Yandex\nDisallow: /" + strings.Repeat("a", 100) + "\n"},
		"repeated-directive":        {"User-agent: bingbot\nCrawl-delay: 5\nDisallow: /admin/\nCrawl-delay: 10\n", "User-agent: bingbot\nCrawl-delay: 5\nDisallow: /admin/\n"},
		"lookalike-field":           {"User\u2011agent: *\nDisallow: /admin/\n", "User-agent: *\nDisallow: /admin/\n"},
		"html-in-line":              {"User-agent: *<br/>\nDisallow: /admin/<br/>\n", "User-agent: *\nDisallow: /admin/\n"},
		"no-sitemap":                {"User-agent: *\nDisallow: /admin/\n", "User-agent: *\nDisallow: /admin/\n\nSitemap: https://example.com/sitemap.xml\n"},
		"sitemap-url-blocked":       {"User-agent: *\nDisallow: /*?\n\nSitemap: https://example.com/sitemap.xml\n", "User-agent: *\nDisallow: /*?sort=\n\nSitemap: https://example.com/sitemap.xml\n"},
		"sitemap-unreadable":        {"User-agent: *\nDisallow: /admin/\n\nSitemap: https://example.com/sitemap-old.xml\n", "User-agent: *\nDisallow: /admin/\n\nSitemap: https://example.com/sitemap.xml\n"},
		"sitemap-cross-host":        {"User-agent: *\nDisallow: /admin/\n\nSitemap: https://example.com/sitemap-all.xml\n", "User-agent: *\nDisallow: /admin/\n\nSitemap: https://example.com/sitemap.xml\n"},
		"sitemap-invalid":           {"User-agent: *\nDisallow: /admin/\n\nSitemap: https://example.com/sitemap-bad.xml\n", "User-agent: *\nDisallow: /admin/\n\nSitemap: https://example.com/sitemap.xml\n"},
		"sitemap-other-host":        {"User-agent: *\nDisallow: /admin/\nSitemap: https://cdn.example.net/sitemap.xml\n", "User-agent: *\nDisallow: /admin/\nSitemap: https://example.com/sitemap.xml\n"},
		"redundant-rule":            {"User-agent: *\nDisallow: /admin/\nDisallow: /admin/users\n", "User-agent: *\nDisallow: /admin/\n"},
		"broad-prefix":              {"User-agent: *\nDisallow: /test\n\nUser-agent: bingbot\nAllow: /testimonials\nDisallow: /admin/\n", "User-agent: *\nDisallow: /test/\n\nUser-agent: bingbot\nAllow: /testimonials\nDisallow: /admin/\n"},
		// The catalogue test lints these with the bound on merged rule sets
		// lowered to 4 rules (a file that reaches the real bound is hundreds of
		// lines): each name below merges the shared group with its own.
		"bad-suppression": {"User-agent: *\n# robotstxt: ignore hash-in-pth\nDisallow: /#top\n", "User-agent: *\n# robotstxt: ignore hash-in-path\nDisallow: /#top\n"},
		"audit-limit": {"User-agent: bot-a\nUser-agent: bot-b\nDisallow: /search/\nDisallow: /cart/\n\nUser-agent: bot-a\nAllow: /search/a/\n\n" +
			"User-agent: bot-b\nAllow: /search/b/\n",
			"User-agent: bot-a\nUser-agent: bot-b\nDisallow: /search/\nDisallow: /cart/\nAllow: /search/a/\nAllow: /search/b/\n"},
	}
}
