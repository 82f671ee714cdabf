package lint

import (
	"strings"
	"testing"
)

// TestCatalogueEntries: every check has, in every language, a summary, a
// fix, an explanation, and a Bad file that triggers it while its Good file
// does not.
func TestCatalogueEntries(t *testing.T) {
	for _, lang := range append([]string{"en"}, translations...) {
		for _, c := range ChecksLang(lang) {
			if c.Summary == "" || c.Fix == "" || c.Explanation == "" || strings.HasPrefix(c.Explanation, c.ID) {
				t.Errorf("%s %s: summary %q, fix %q, explanation %q", lang, c.ID, c.Summary, c.Fix, c.Explanation)
			}
			if c.Bad == "" || c.Good == "" {
				t.Errorf("%s: no Bad or Good example", c.ID)
			}
		}
	}
	for _, c := range Checks() {
		badMaps, goodMaps := SitemapExample(c.ID)
		opts := &Options{Host: "example.com", Sitemaps: badMaps}
		if c.ID == "file-too-large" {
			opts.MaxBytes = 40
		}
		lim := defaultLimits
		if c.ID == "audit-limit" {
			// A file that reaches the real bound is hundreds of lines (see
			// TestEveryCheckBothWays); the example reaches a lowered one.
			lim.setRules = 4
		}
		if !hasID(lintLimits(c.Bad, opts, lim), c.ID) {
			t.Errorf("%s: its Bad example does not trigger it:\n%s", c.ID, c.Bad)
		}
		opts.Sitemaps = goodMaps
		for _, f := range lintLimits(c.Good, opts, lim) {
			if f.ID == c.ID {
				t.Errorf("%s: its Good example triggers it: %v", c.ID, f)
			}
		}
	}
	if _, ok := LookupLang("hash-in-path", "ru"); !ok {
		t.Errorf("LookupLang(hash-in-path, ru) failed")
	}
}

func hasID(fs []Finding, id string) bool {
	for _, f := range fs {
		if f.ID == id {
			return true
		}
	}
	return false
}

// TestPluralAgreement: a list of crawlers takes a plural verb, one takes a
// singular one, and lists end with "and".
func TestPluralAgreement(t *testing.T) {
	base := "User-agent: *\nDisallow: /private/\n\n"
	for text, want := range map[string]string{
		base + "User-agent: GPTBot\nDisallow: /tmp/\n":                          "GPTBot has a group of its own",
		base + "User-agent: GPTBot\nUser-agent: CCBot\nDisallow: /tmp/\n":       "GPTBot and CCBot have a group of their own",
		base + "User-agent: a\nUser-agent: b\nUser-agent: c\nDisallow: /tmp/\n": "a, b and c have a group of their own",
	} {
		var msg string
		for _, f := range Lint(text, nil) {
			if f.ID == "named-group-replaces-star" {
				msg = f.Message
			}
		}
		if !strings.Contains(msg, want) {
			t.Errorf("Lint(%q): %q, want %q in it", text, msg, want)
		}
	}
}

// TestOperatorNames: names with digits, dots and underscores are the
// operators' own: never an error, never a cut name in a fix.
func TestOperatorNames(t *testing.T) {
	for _, name := range []string{"008", "360Spider", "404checker", "MJ12bot", "Mail.RU_Bot", "archive.org_bot", "80legs", "Spinn3r"} {
		for _, f := range Lint("User-agent: "+name+"\nDisallow: /x\n\nUser-agent: *\nDisallow: /x\n", nil) {
			if f.Severity == Error || f.ID == "invalid-product-token" || f.ID == "agent-with-version" {
				t.Errorf("%s: %v", name, f)
			}
		}
	}
}

func TestNormalHost(t *testing.T) {
	for in, want := range map[string]string{
		"WWW.Example.org": "www.example.org", "www.example.org:443": "www.example.org", "https://www.example.org/robots.txt": "www.example.org",
		"example.org.": "example.org", "[::1]:8080": "[::1]", "user@host.example": "host.example", "": "",
	} {
		if got := normalHost(in); got != want {
			t.Errorf("normalHost(%q) = %q, want %q", in, got, want)
		}
	}
}

// TestHTMLOneFinding: HTML pasted into a user-agent line gives html-in-line
// alone for that line, not a second finding about the same mistake.
func TestHTMLOneFinding(t *testing.T) {
	text := "User-agent: *<br/>Sitemap: https://example.com/sitemap.xml<br/>\nDisallow:\n"
	var ids []string
	for _, f := range Lint(text, nil) {
		if f.Line == 1 {
			ids = append(ids, f.ID)
		}
	}
	if len(ids) != 1 || ids[0] != "html-in-line" {
		t.Errorf("line 1: %v, want only html-in-line", ids)
	}
}
