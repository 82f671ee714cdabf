package lint

import (
	"strings"
	"testing"
	"unicode"

	"github.com/robotstxt/robotstxt"
	"github.com/robotstxt/robotstxt/crawlers"
	"github.com/robotstxt/robotstxt/internal/testutil"
)

// TestMayGlue: the prefilter never hides a match of gluedKey, on crafted
// values and on every rule of the corpus.
func TestMayGlue(t *testing.T) {
	values := []string{
		"/a Disallow: /b", "/library/User-agent: *", "/x ALLOW : /y", "/x sitemap: https://e/s.xml", "/x Host: example.com",
		"/x crawl-delay\t: 5", "/x clean-param:a", "/ghost:", "/host:8080", "https://example.com/a", "/a:b", "/ſitemap: http://x",
		"/\u212Aey: x", "", ":", "allow:", "/x allow :/", "/x allow\n:/",
	}
	for _, f := range testutil.Corpus(t, "../../shared/corpus/robots") {
		for ln := range robotstxt.Lines(string(f.Data)) {
			// gluedAt reads the values of rules; every alternative of
			// gluedKey holds a colon.
			if (ln.Field == robotstxt.FieldAllow || ln.Field == robotstxt.FieldDisallow) && strings.Contains(ln.Value, ":") {
				values = append(values, ln.Value)
			}
		}
	}
	glued := 0
	for _, v := range values {
		match := gluedKey().FindStringIndex(v) != nil
		if match {
			glued++
		}
		if match && !mayGlue(v) {
			t.Errorf("mayGlue(%q) = false, but gluedKey matches", v)
		}
	}
	if glued == 0 {
		t.Error("no value matched gluedKey: the test proves nothing")
	}
}

func TestHasPrefixLower(t *testing.T) {
	for _, s := range []string{"http://x", "HTTP://x", "HtTpS://x", "https:/", "", "http:/", "\u212Ahttp://", "hTTp://", "ftp://x", "http//"} {
		for _, prefix := range []string{"http://", "https://"} {
			if got, want := hasPrefixLower(s, prefix), strings.HasPrefix(strings.ToLower(s), prefix); got != want {
				t.Errorf("hasPrefixLower(%q, %q) = %v, want %v", s, prefix, got, want)
			}
		}
	}
}

// TestLetterCase: the ASCII fast path agrees with the plain reading (cut
// at the query, drop the escapes, look for letters of any script).
func TestLetterCase(t *testing.T) {
	patterns := []string{"", "/", "/a", "/A", "/%41", "/%4", "/%4G", "/x?Q=1", "/1=A", "/é", "/É?a", "/%C3%A9", "/Ä%41", "/?", "/a%"}
	for _, f := range testutil.Corpus(t, "../../shared/corpus/robots") {
		for ln := range robotstxt.Lines(string(f.Data)) {
			if ln.Field == robotstxt.FieldAllow || ln.Field == robotstxt.FieldDisallow {
				patterns = append(patterns, ln.Value)
			}
		}
	}
	for _, p := range patterns {
		q := p
		if i := strings.IndexAny(q, "?="); i >= 0 {
			q = q[:i]
		}
		q = stripEscapes(q)
		wantLetter, wantUpper := strings.IndexFunc(q, unicode.IsLetter) >= 0, strings.IndexFunc(q, unicode.IsUpper) >= 0
		if letter, upper := letterCase(p); letter != wantLetter || upper != wantUpper {
			t.Errorf("letterCase(%q) = %v, %v; want %v, %v", p, letter, upper, wantLetter, wantUpper)
		}
	}
}

func TestLineEnd(t *testing.T) {
	for _, s := range []string{"", "a", "a\nb", "a\rb", "a\r\nb", "\n\r", "ab\rc\n", "abc\nd\r"} {
		if got, want := lineEnd(s), strings.IndexAny(s, "\r\n"); got != want {
			t.Errorf("lineEnd(%q) = %d, want %d", s, got, want)
		}
	}
}

func TestMatchesEverything(t *testing.T) {
	for _, p := range []string{"", "/", "*", "/*", "/$", "*$", "/*$", "$", "//", "/**", "/a", "/*a", "a", "/$*", "**$"} {
		if got, want := matchesEverything(p), crawlers.MatchesEverything(p); got != want {
			t.Errorf("matchesEverything(%q) = %v, want %v", p, got, want)
		}
	}
}
