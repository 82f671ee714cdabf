package robotstxt

import (
	"fmt"
	"strings"
	"testing"
)

func TestPlainPattern(t *testing.T) {
	for _, tc := range []struct {
		pattern string
		plain   bool
	}{
		{"/", true},
		{"/*.php$", true},
		{"*", true},
		{"$", true},
		{"/a%2Fb", true},        // an upper-case escape of a reserved octet stays as it is
		{"/a%2fb", false},       // lower-case hex digits are upper-cased
		{"/%7Euser", false},     // an escaped unreserved octet is decoded
		{"/100%", false},        // a '%' that starts no escape is written %25
		{"/100%4", false},       // the same, cut short
		{"/a$b", false},         // a '$' inside is a literal, written %24
		{"/a b", false},         // a space is encoded in the match form
		{"/caf\xc3\xa9", false}, // octets >= 0x80 are encoded
		{"/a\tb", false},
	} {
		if got := plainPattern(tc.pattern); got != tc.plain {
			t.Errorf("plainPattern(%q) = %v, want %v", tc.pattern, got, tc.plain)
		}
		if tc.plain && (CanonicalPattern(tc.pattern) != tc.pattern || patternMatchForm(tc.pattern) != tc.pattern) {
			t.Errorf("%q is called plain but its canonical text or match form differs", tc.pattern)
		}
	}
}

// firstPart returns the lazy matcher of the "*" groups of a file.
func firstPart(t *testing.T, r *Robots) *lazyMatcher {
	t.Helper()
	a := r.Agent("bot")
	if a.rs == nil || len(a.rs.parts) != 1 {
		t.Fatalf("want one rule set part, got %+v", a.rs)
	}
	return a.rs.parts[0]
}

// When a rule set compiles: a plain one after interpretChecks checks,
// unless its rules times the path's length exceed interpretBudget; others
// on their first check.
func TestWhenRulesCompile(t *testing.T) {
	many := new(strings.Builder)
	many.WriteString("User-agent: *\n")
	for i := range 1000 {
		fmt.Fprintf(many, "Disallow: /p%d/\n", i)
	}
	long := "/a/b.css?" + strings.Repeat("x", interpretBudget/1000)
	for _, tc := range []struct {
		name, file, path string
		interpreted      int // checks answered before the matcher is compiled
	}{
		{"plain and small", "User-agent: *\nDisallow: /a\nAllow: /a/*.css$\n", "/a/b.css", interpretChecks},
		{"empty group", "User-agent: *\n", "/a/b.css", interpretChecks},
		{"a pattern to re-encode", "User-agent: *\nDisallow: /a\nDisallow: /caf\xc3\xa9\n", "/a/b.css", 0},
		{"a stray percent", "User-agent: *\nDisallow: /100%\n", "/a/b.css", 0},
		{"many rules, short path", many.String(), "/a/b.css", interpretChecks},
		{"many rules, long path", many.String(), long, 0},
	} {
		t.Run(tc.name, func(t *testing.T) {
			r := ParseString(tc.file)
			lm := firstPart(t, r)
			for i := range tc.interpreted + 1 {
				if lm.m.Load() != nil {
					t.Fatalf("compiled after %d checks, want after %d", i, tc.interpreted)
				}
				r.Allowed("bot", tc.path)
			}
			if lm.m.Load() == nil {
				t.Fatalf("not compiled after %d checks", tc.interpreted+1)
			}
		})
	}
}

// The rules tried in turn follow the same rules as the compiled matcher:
// the longest match wins, allow on a tie, the earlier line among equals,
// '*' and '$' as operators, Google's index.html reading.
func TestInterpretedMatches(t *testing.T) {
	file := strings.Join([]string{
		"User-agent: *",           // 1
		"Disallow: /fish",         // 2
		"Allow: /fish/salmon",     // 3
		"Disallow: /*.php$",       // 4
		"Allow: /shop/index.html", // 5
		"Disallow: /shop/",        // 6
		"Disallow: /tie",          // 7
		"Allow: /tie",             // 8
		"Disallow: /*a*a*b",       // 9
		"Disallow: /same",         // 10
		"Disallow: /same",         // 11
		"Allow: /x*$",             // 12
		"Disallow: /x",            // 13
	}, "\n")
	for _, tc := range []struct {
		path      string
		allowed   bool
		line      int
		overruled int
		index     bool
	}{
		{"/fish", false, 2, 0, false},
		{"/fish/salmon/1", true, 3, 2, false},
		{"/a.php", false, 4, 0, false},
		{"/a.php?x", true, 0, 0, false},
		{"/shop/", true, 5, 6, true},
		{"/shop/x", false, 6, 0, false},
		{"/tie", true, 8, 7, false},
		{"/zaxaxb", false, 9, 0, false},
		{"/zaxab", false, 9, 0, false},
		{"/zab", true, 0, 0, false},
		{"/same", false, 10, 0, false},
		{"/xyz", true, 12, 13, false},
		{"/x", true, 12, 13, false},
	} {
		r := ParseString(file)
		a := r.Agent("bot")
		v := a.Check(tc.path)
		if r.Agent("bot").rs.parts[0].m.Load() != nil {
			t.Fatalf("%s: compiled on the first check", tc.path)
		}
		line := func(r *Rule) int {
			if r == nil {
				return 0
			}
			return r.Line
		}
		if v.Allowed != tc.allowed || line(v.Rule) != tc.line || line(v.Overruled) != tc.overruled || v.ViaIndexHTML != tc.index {
			t.Errorf("%s: got allowed=%v rule=%d overruled=%d index=%v, want %v %d %d %v",
				tc.path, v.Allowed, line(v.Rule), line(v.Overruled), v.ViaIndexHTML, tc.allowed, tc.line, tc.overruled, tc.index)
		}
		_, _, cv := CheckBothWays(a, tc.path)
		if cv.Allowed != v.Allowed || cv.Rule != v.Rule || cv.Overruled != v.Overruled || cv.ViaIndexHTML != v.ViaIndexHTML {
			t.Errorf("%s: the compiled matcher says %+v", tc.path, cv)
		}
	}
}

// Compile builds every rule set's matcher, for few names (a list) and many
// (a map), and the empty name too; checks then use them.
func TestCompile(t *testing.T) {
	var many strings.Builder
	for i := range 2 * smallIndex {
		fmt.Fprintf(&many, "User-agent: bot%d\nDisallow: /b%d\n\n", i, i)
	}
	for _, tc := range []struct {
		file                string
		allowed, disallowed string // agents that may and may not fetch /a
	}{
		{"User-agent: *\nDisallow: /a\n\nUser-agent: x\nUser-agent: /y\nAllow: /\n", "x", "bot"},
		{many.String() + "User-agent: *\nDisallow: /\n", "bot3", "x"},
	} {
		file := tc.file
		r := ParseString(file)
		r.Compile()
		ix := r.index()
		sets := append([]*ruleSet{ix.global}, ix.small...)
		for _, rs := range ix.byToken {
			sets = append(sets, rs)
		}
		for _, rs := range sets {
			for _, p := range rs.parts {
				if p.m.Load() == nil {
					t.Errorf("%q: the matcher of %q was not compiled", file, rs.token)
				}
			}
		}
		if !r.Allowed(tc.allowed, "/a") || r.Allowed(tc.disallowed, "/a") {
			t.Errorf("%q: wrong answers after Compile", file)
		}
	}
}
