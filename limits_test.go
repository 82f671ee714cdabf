package robotstxt_test

import (
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/robotstxt/robotstxt"
)

// manyRules returns a robots.txt of n rules in one group, most of them
// literal paths, one in ten with wildcards or an end anchor, as large real
// files are.
func manyRules(n int, rnd *rand.Rand) (string, []refRule) {
	var b strings.Builder
	b.WriteString("User-agent: *\n")
	var rules []refRule
	words := []string{"catalog", "product", "search", "user", "cart", "api", "img", "static", "blog", "tag"}
	for i := 0; i < n; i++ {
		p := fmt.Sprintf("/%s/%d/%s", words[rnd.IntN(len(words))], rnd.IntN(5000), words[rnd.IntN(len(words))])
		switch rnd.IntN(10) {
		case 0:
			p += "/*.html"
		case 1:
			p = "/*" + p[1:] + "$"
		}
		allow := rnd.IntN(3) == 0
		kind := "Disallow"
		if allow {
			kind = "Allow"
		}
		fmt.Fprintf(&b, "%s: %s\n", kind, p)
		rules = append(rules, refRule{allow: allow, pattern: p, line: i + 2})
	}
	return b.String(), rules
}

// A 20,000-rule file (about 500 KiB) answers as the brute-force reference
// does. (Its speed is measured by BenchmarkManyRules and in bench/.)
func TestManyRulesAgainstReference(t *testing.T) {
	rnd := rand.New(rand.NewPCG(20000, 2))
	text, ref := manyRules(20000, rnd)
	r := robotstxt.ParseOptions(text, &robotstxt.Options{MaxBytes: -1})
	var rules []robotstxt.Rule
	for _, g := range r.Groups {
		rules = append(rules, g.Rules...)
	}
	if len(rules) != 20000 {
		t.Fatalf("parsed %d rules, want 20000", len(rules))
	}
	paths := samplePaths(rules, rnd, 40)
	for _, p := range paths {
		v := r.Check("bot", p)
		wantAllowed, wantLine := refDecide(ref, p)
		gotLine := 0
		if v.Rule != nil {
			gotLine = v.Rule.Line
		}
		if v.Allowed != wantAllowed || gotLine != wantLine {
			t.Errorf("path %q: got allowed=%v line=%d, reference allowed=%v line=%d", p, v.Allowed, gotLine, wantAllowed, wantLine)
		}
	}
}

// Hostile wildcard patterns against long URLs give the right answer (the
// time they take is measured by BenchmarkHostile: it grows linearly).
func TestHostilePatterns(t *testing.T) {
	rules := []refRule{
		{false, "/*a*a*a*a*a*a*a*a*b", 2},
		{true, "/*a*a*a*a*a*a*a*a*a$", 3},
		{false, "/" + strings.Repeat("*a", 50) + "*c", 4},
		{true, "/" + strings.Repeat("a*", 30) + "$", 5},
	}
	var b strings.Builder
	b.WriteString("User-agent: *\n")
	for _, r := range rules {
		kind := "Disallow"
		if r.allow {
			kind = "Allow"
		}
		fmt.Fprintf(&b, "%s: %s\n", kind, r.pattern)
	}
	robots := robotstxt.ParseString(b.String())
	for _, p := range []string{
		"/" + strings.Repeat("a", 2000),
		"/" + strings.Repeat("a", 2000) + "b",
		"/" + strings.Repeat("a", 1999) + "c",
		"/" + strings.Repeat("ab", 1000),
		"/" + strings.Repeat("a", 100) + "x",
	} {
		v := robots.Check("bot", p)
		wantAllowed, wantLine := refDecide(rules, p)
		gotLine := 0
		if v.Rule != nil {
			gotLine = v.Rule.Line
		}
		if v.Allowed != wantAllowed || gotLine != wantLine {
			t.Errorf("path of %d bytes ending %q: got allowed=%v line=%d, reference allowed=%v line=%d",
				len(p), p[len(p)-3:], v.Allowed, gotLine, wantAllowed, wantLine)
		}
	}
}

func BenchmarkManyRules(b *testing.B) {
	for _, n := range []int{10, 20000} {
		text, _ := manyRules(n, rand.New(rand.NewPCG(uint64(n), 3)))
		bot := robotstxt.ParseOptions(text, &robotstxt.Options{MaxBytes: -1}).Agent("bot")
		paths := []string{"/catalog/123/search/x.html", "/api/4/img", "/nothing/here", "/static/77/blog"}
		for _, p := range paths {
			bot.Check(p) // compile before timing
		}
		b.Run(fmt.Sprintf("rules=%d", n), func(b *testing.B) {
			b.ReportAllocs()
			for i := 0; b.Loop(); i++ {
				bot.Check(paths[i%len(paths)])
			}
		})
	}
}

func BenchmarkHostile(b *testing.B) {
	bot := robotstxt.ParseString("User-agent: *\nDisallow: /*a*a*a*a*a*a*a*a*b\n").Agent("bot")
	for _, n := range []int{500, 1000, 2000, 4000} {
		p := "/" + strings.Repeat("a", n)
		b.Run(fmt.Sprintf("url=%d", n), func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				bot.Check(p)
			}
		})
	}
}

func BenchmarkParse(b *testing.B) {
	text, _ := manyRules(20000, rand.New(rand.NewPCG(1, 1)))
	b.SetBytes(int64(len(text)))
	b.ReportAllocs()
	for b.Loop() {
		robotstxt.ParseOptions(text, &robotstxt.Options{MaxBytes: -1})
	}
}
