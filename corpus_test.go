package robotstxt_test

import (
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/robotstxt/robotstxt"
	"github.com/robotstxt/robotstxt/internal/testutil"
)

// samplePaths returns paths derived from a file's own rules, the kind of
// paths that exercise its matcher: each pattern with its wildcards filled
// in, extended, cut short and changed in case.
func samplePaths(rules []robotstxt.Rule, rnd *rand.Rand, n int) []string {
	out := []string{"/", "/index.html", "/robots.txt", "/search?q=x"}
	for i := 0; i < n && len(rules) > 0; i++ {
		p := rules[rnd.IntN(len(rules))].Pattern
		p = strings.TrimSuffix(p, "$")
		p = strings.ReplaceAll(p, "*", []string{"", "x", "/y/", "a.php"}[rnd.IntN(4)])
		switch rnd.IntN(4) {
		case 0:
			p += "/more?x=1"
		case 1:
			if len(p) > 1 {
				p = p[:rnd.IntN(len(p))]
			}
		case 2:
			p = strings.ToUpper(p)
		}
		if !strings.HasPrefix(p, "/") {
			p = "/" + p
		}
		out = append(out, p)
	}
	return out
}

// Every real file parses, and on paths drawn from its own rules the
// matcher agrees with the brute-force reference matcher for the groups
// that apply to a few crawlers.
func TestCorpusAgainstReference(t *testing.T) {
	files := testutil.Corpus(t, "../shared/corpus/robots")
	rnd := rand.New(rand.NewPCG(9309, 1))
	agents := []string{"Googlebot", "bingbot", "YandexBot", "GPTBot", "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)", "SomeUnknownBot"}
	checks, mismatches := 0, 0
	for _, f := range files {
		r := robotstxt.Parse(f.Data)
		for _, agent := range agents {
			a := r.Agent(agent)
			rules := a.Rules()
			if len(rules) > 400 {
				rules = nil // the reference is slow; large rule sets are compared in TestLargeFilesAgainstReference
			}
			var ref []refRule
			for _, rule := range rules {
				if rule.Pattern != "" {
					ref = append(ref, refRule{allow: rule.Kind == robotstxt.Allow, pattern: rule.Pattern, line: rule.Line})
				}
			}
			for _, p := range samplePaths(a.Rules(), rnd, 12) {
				v := a.Check(p)
				checks++
				if rules == nil && len(a.Rules()) > 0 {
					continue
				}
				wantAllowed, wantLine := refDecide(ref, p)
				gotLine := 0
				if v.Rule != nil {
					gotLine = v.Rule.Line
				}
				if v.Allowed != wantAllowed || gotLine != wantLine {
					mismatches++
					if mismatches <= 10 {
						t.Errorf("%s, agent %q, path %q: got allowed=%v line=%d, reference allowed=%v line=%d",
							f.Name, agent, p, v.Allowed, gotLine, wantAllowed, wantLine)
					}
				}
			}
		}
	}
	t.Logf("%d files, %d checks, %d mismatches", len(files), checks, mismatches)
	if len(files) < 1500 {
		t.Errorf("corpus has %d files, want the full 1,572", len(files))
	}
}

// Linting and editors rely on Lines seeing exactly what Parse saw.
func TestCorpusLinesAgreeWithParse(t *testing.T) {
	for _, f := range testutil.Corpus(t, "../shared/corpus/robots") {
		r := robotstxt.ParseOptions(string(f.Data), &robotstxt.Options{MaxBytes: -1})
		n := 0
		for l := range robotstxt.Lines(r.Text()) {
			if l.Field == robotstxt.FieldAllow || l.Field == robotstxt.FieldDisallow {
				n++
			}
		}
		got := len(r.Orphans)
		for _, g := range r.Groups {
			got += len(g.Rules)
		}
		if n != got {
			t.Errorf("%s: Lines saw %d rules, Parse kept %d", f.Name, n, got)
		}
	}
}

func ExampleLines_corpusShape() {
	// (Kept tiny: the corpus itself is not shipped with the module.)
	for l := range robotstxt.Lines("User-agent: *\nDisalow: /tmp\n") {
		fmt.Println(l.Number, l.Field, l.Value, l.Has(robotstxt.LineTypo))
	}
	// Output:
	// 1 user-agent * false
	// 2 disallow /tmp true
}

// A rule set's first checks try each rule in turn; later ones use the
// compiled matcher. On every corpus file, for a few crawlers and paths
// drawn from the file's rules, the two give the same verdict in every
// detail (rule, overruled rule, index.html reading, reason).
func TestInterpretedAgreesWithCompiled(t *testing.T) {
	files := testutil.Corpus(t, "../shared/corpus/robots")
	rnd := rand.New(rand.NewPCG(14, 16))
	agents := []string{"Googlebot", "bingbot", "Googlebot-Image", "Mozilla/5.0 (compatible; YandexBot/3.0)", "SomeUnknownBot"}
	checks, interpreted := 0, 0
	for _, f := range files {
		r := robotstxt.Parse(f.Data)
		for _, agent := range agents {
			a := r.Agent(agent)
			for _, p := range samplePaths(a.Rules(), rnd, 12) {
				iv, ok, cv := robotstxt.CheckBothWays(a, p)
				checks++
				if a.Allowed(p) != cv.Allowed {
					t.Errorf("%s, agent %q, path %q: Allowed says %v, Check %v", f.Name, agent, p, !cv.Allowed, cv.Allowed)
				}
				if !ok {
					continue
				}
				interpreted++
				if d := verdictDiff(iv, cv); d != "" {
					t.Errorf("%s, agent %q, path %q: %s", f.Name, agent, p, d)
				}
			}
		}
	}
	t.Logf("%d checks, %d of them compared with the rules tried in turn", checks, interpreted)
	if interpreted < checks/2 {
		t.Errorf("only %d of %d checks could be interpreted: most corpus rule sets are plain and small", interpreted, checks)
	}
}
