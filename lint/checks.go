package lint

// Check describes one check of the audit, for the check catalogue
// (docs/audit.md, whose anchors are the IDs), "robotstxt lint --explain"
// and SARIF rules.
type Check struct {
	ID       string   `json:"id"`
	Severity Severity `json:"severity"` // the usual severity of its findings
	Summary  string   `json:"summary"`  // what it looks for
	Fix      string   `json:"fix"`      // the generic fix
	// Explanation says in a paragraph why it matters and what crawlers do.
	Explanation string `json:"explanation"`
	// Bad is a robots.txt that triggers the check, Good the same file
	// fixed. They are robots.txt text, the same in every language.
	Bad  string `json:"bad"`
	Good string `json:"good"`
}

// checkIDs lists every check, in the order of the documentation, with the
// usual severity of its findings. A finding may differ from it where its
// message says why (an empty Disallow that is a group's only rule is info;
// one among other rules is a warning).
var checkIDs = []struct {
	id  string
	sev Severity
}{
	{"text-before-group", Warning},
	{"rule-outside-group", Error},
	{"empty-disallow", Warning},
	{"unknown-directive", Warning},
	{"typo-accepted", Warning},
	{"missing-colon", Warning},
	{"file-too-large", Error},
	{"site-closed", Warning},
	{"blocks-css-js", Warning},
	{"pattern-no-slash", Error},
	{"full-url-pattern", Error},
	{"dollar-inside", Warning},
	{"regex-syntax", Warning},
	{"redundant-wildcard", Info},
	{"duplicate-rule", Warning},
	{"conflicting-rules", Warning},
	{"shadowed-rule", Warning},
	{"case-mismatch-hint", Info},
	{"non-ascii-pattern", Info},
	{"agent-with-version", Warning},
	{"agent-wildcard", Warning},
	{"misspelled-agent", Warning},
	{"empty-group", Warning},
	{"crawl-delay", Info},
	{"host-directive", Info},
	{"clean-param-syntax", Error},
	{"clean-param", Info},
	{"noindex-directive", Warning},
	{"sitemap-not-absolute", Error},
	{"sitemap-malformed", Warning},
	{"multiple-star-groups", Warning},
	{"blank-line-in-group", Warning},
	{"named-group-replaces-star", Warning},
	{"invalid-product-token", Warning},
	{"ai-token-confusion", Warning},
	{"content-signal", Error},
	{"html-body", Error},
	{"bom", Info},
	{"mixed-line-endings", Info},
	{"invalid-utf8", Warning},
	{"line-too-long", Warning},
	{"empty-file", Info},
	{"space-in-path", Error},
	{"several-paths", Error},
	{"glued-directives", Error},
	{"hash-in-path", Warning},
	{"host-as-path", Warning},
	{"home-page-only", Warning},
	{"yandex-limits", Warning},
	{"repeated-directive", Warning},
	{"lookalike-field", Warning},
	{"html-in-line", Warning},
	{"no-sitemap", Info},
	{"sitemap-other-host", Info},
	{"sitemap-url-blocked", Error},
	{"sitemap-unreadable", Error},
	{"sitemap-cross-host", Warning},
	{"sitemap-invalid", Warning},
	{"redundant-rule", Info},
	{"broad-prefix", Info},
	{"audit-limit", Info},
	{"bad-suppression", Warning},
}

// Checks returns every check, with English texts, for documentation and
// front ends.
func Checks() []Check { return ChecksLang("en") }

// ChecksLang is Checks with the texts in lang (English where missing).
func ChecksLang(lang string) []Check {
	out := make([]Check, len(checkIDs))
	for i, c := range checkIDs {
		ex := examples()[c.id]
		out[i] = Check{ID: c.id, Severity: c.sev, Summary: text(lang, c.id+".summary"), Fix: generic(lang, c.id),
			Explanation: text(lang, c.id+".explain"), Bad: ex.bad, Good: ex.good}
	}
	return out
}

// generic is a check's fix without a finding's details: placeholders are
// dropped with the quotes around them.
func generic(lang, id string) string {
	g := func(k string) string { return text(lang, "generic."+k) }
	return text(lang, id+".fix", "kind", "Disallow", "fixed", "/path", "path", "/path", "key", "Disallow",
		"value", "/path", "same", g("same"), "token", g("token"), "major", "LF", "suggestion", g("suggestion"),
		"current", g("current"), "open", g("open"), "closed", g("closed"), "name", g("name"), "lines", g("lines"),
		"host", g("host"), "own", g("own"))
}

// Lookup returns the check with the given ID.
func Lookup(id string) (Check, bool) { return LookupLang(id, "en") }

// LookupLang is Lookup with the texts in lang.
func LookupLang(id, lang string) (Check, bool) {
	for _, c := range ChecksLang(lang) {
		if c.ID == id {
			return c, true
		}
	}
	return Check{}, false
}
