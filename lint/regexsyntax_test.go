package lint

import (
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/robotstxt/robotstxt"
)

// RFC 9309 section 2.2.3: a path knows only "*" and a final "$"; every other
// character is literal. regex-syntax names the paths written as regular
// expressions, and offers a rewrite only where it matches the same URLs.
func TestRegexSyntax(t *testing.T) {
	for _, tt := range []struct {
		pattern string
		sev     Severity
		mark    string   // "": no finding
		fixed   []string // nil: no fix offered
	}{
		// Flagged, with an exact rewrite.
		{"^/private", Error, `"^"`, []string{"/private"}},
		{"^/private/.*", Error, `"^"`, []string{"/private/"}},
		{`/*\.pdf$`, Error, `"\."`, []string{"/*.pdf$"}},
		{`\.pdf$`, Error, `"\."`, []string{"/*.pdf$"}}, // unanchored: anywhere
		{`^/.*\.php$`, Error, `"^"`, []string{"/*.php$"}},
		{`/search\?q=`, Error, `"\?"`, []string{"/search?q="}},
		{"/(foo|bar)/", Warning, `"(foo|bar)"`, []string{"/foo/", "/bar/"}},
		{"/(?:a|b)x", Warning, `"(?:"`, []string{"/ax", "/bx"}},
		{"/(a|a)", Warning, `"(a|a)"`, []string{"/a"}},
		// Flagged, no exact rewrite: a class, a repetition, \d.
		{"/page[0-9]", Warning, `"[0-9]"`, nil},
		{"/[^/]+/edit", Warning, `"[^/]"`, nil},
		{`/item/\d+`, Error, `"\d"`, nil},
		{"/(a|b)+", Warning, `"(a|b)"`, nil},
		{"/(a|b|c|d|e|f|g)", Warning, `"(a|b|c|d|e|f|g)"`, nil},
		{"^products", Error, `"^"`, nil}, // which path was meant is a guess
		// A rewrite that would close the site is never offered.
		{"^.*", Error, `"^"`, nil},
		{"^/", Error, `"^"`, nil},
		// Not regular expressions: robots.txt syntax or plain URL text.
		{"/.*", Info, "", nil},            // dot files
		{"/index.*", Info, "", nil},       // a prefix ending in a dot
		{"/*.php$", Info, "", nil},        // a wildcard
		{"/filter[color]", Info, "", nil}, // a query parameter
		{"/a(b)c", Info, "", nil},         // parentheses in a URL
		{"/a|b", Info, "", nil},           // no group
		{"/[z-a]", Info, "", nil},
		{"/[2-l]", Info, "", nil},                                    // not one kind
		{"/a%20[http://example.com/e42-locked.html]", Info, "", nil}, // a URL in brackets (corpus)
		{"/[_0-9a-zA-Z]+/likes", Warning, `"[_0-9a-zA-Z]"`, nil},     // twitter.com (corpus)         // no valid range
		{"/*?ver=", Info, "", nil},
	} {
		t.Run(tt.pattern, func(t *testing.T) {
			text := "User-agent: *\nDisallow: " + tt.pattern + "\n"
			var got []Finding
			for _, f := range Lint(text, nil) {
				if f.ID == "regex-syntax" {
					got = append(got, f)
				}
				if f.ID == "pattern-no-slash" || f.ID == "dollar-inside" {
					if tt.mark != "" {
						t.Errorf("%s also reported: its fix would keep the regular expression: %s", f.ID, f.Fix)
					}
				}
			}
			if tt.mark == "" {
				if len(got) > 0 {
					t.Fatalf("false finding: %v", got[0])
				}
				return
			}
			if len(got) != 1 {
				t.Fatalf("got %d regex-syntax findings, want 1", len(got))
			}
			f := got[0]
			if f.Severity != tt.sev || !strings.Contains(f.Message, "("+tt.mark+")") {
				t.Errorf("got %v %q, want %v with mark %s", f.Severity, f.Message, tt.sev, tt.mark)
			}
			if tt.fixed == nil {
				if strings.Contains(f.Fix, "Write what it means") {
					t.Errorf("fix offered: %q", f.Fix)
				}
				return
			}
			var want []string
			for _, g := range tt.fixed {
				want = append(want, `"Disallow: `+g+`"`)
			}
			if w := "Write what it means: " + strings.Join(want, ", ") + "."; f.Fix != w {
				t.Errorf("fix %q, want %q", f.Fix, w)
			}
		})
	}
}

// Each rewrite matches what the regular expression meant: checked on
// paths against Go's regexp reading of the same pattern (anchored at the
// path's start where the pattern starts with "/" or "^").
func TestRegexRewriteMatchesSameURLs(t *testing.T) {
	paths := []string{"/", "/private", "/private/x", "/a.pdf", "/x/b.pdf", "/a.pdfx", "/search?q=1", "/searchq=1",
		"/foo/", "/bar/", "/foo", "/baz/", "/ax", "/bx", "/cx", "/x.php", "/x.phpx", "/.php"}
	for _, tt := range []struct{ pattern, re string }{
		{"^/private", "^/private"},
		{`/*\.pdf$`, `^/.*\.pdf$`},
		{`\.pdf$`, `\.pdf$`},
		{`^/.*\.php$`, `^/.*\.php$`},
		{`/search\?q=`, `^/search\?q=`},
		{"/(foo|bar)/", "^/(foo|bar)/"},
		{"/(?:a|b)x", "^/(?:a|b)x"},
	} {
		globs, ok := regexToGlobs(tt.pattern)
		if !ok {
			t.Fatalf("%s: no rewrite", tt.pattern)
		}
		var text strings.Builder
		text.WriteString("User-agent: *\n")
		for _, g := range globs {
			text.WriteString("Disallow: " + g + "\n")
		}
		r := robotstxt.Parse([]byte(text.String()))
		re := regexp.MustCompile(tt.re)
		for _, p := range paths {
			blocked := !r.Allowed("x", p)
			if want := re.MatchString(p); blocked != want {
				t.Errorf("%s as %v: %s blocked=%v, the regular expression matches=%v", tt.pattern, globs, p, blocked, want)
			}
		}
	}
}

func FuzzRegexToGlobs(f *testing.F) {
	for _, s := range []string{"^/a", `/*\.pdf$`, "/(a|b)/", "/(?:x|y)", "^.*", `\(a|b\)`, "((a|b))", "/(a|b"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, p string) {
		if p == "" {
			return
		}
		regexMark(p)
		globs, ok := regexToGlobs(p)
		if !ok {
			return
		}
		if len(globs) == 0 || len(globs) > maxAlternatives || slices.Contains(globs, "/") {
			t.Fatalf("%q -> %q", p, globs)
		}
		for _, g := range globs {
			if g[0] != '/' && g[0] != '*' {
				t.Fatalf("%q -> %q: not a path", p, g)
			}
		}
	})
}
