package robotstxt_test

import (
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/robotstxt/robotstxt"
)

// Many wildcard rules over a small alphabet, so that rules share pieces
// and needles and a path holds many of them: the needle index, the choice
// of needle and the piece searches remembered within a check
// (match.go's pieceFinder) must give the reference's answer.
func TestManyWildcardsAgainstReference(t *testing.T) {
	rng := rand.New(rand.NewPCG(14, 1))
	const alphabet = "ab/c"
	piece := func() string {
		var b strings.Builder
		for range 1 + rng.IntN(3) {
			b.WriteByte(alphabet[rng.IntN(len(alphabet))])
		}
		return b.String()
	}
	for round := range 200 {
		var b strings.Builder
		b.WriteString("User-agent: *\n")
		var rules []refRule
		for i := range 16 + rng.IntN(60) {
			var p strings.Builder
			p.WriteString("/")
			if rng.IntN(3) == 0 {
				p.WriteString(piece())
			}
			for range 1 + rng.IntN(4) {
				p.WriteString("*" + piece())
			}
			if rng.IntN(4) == 0 {
				p.WriteString("$")
			}
			allow := rng.IntN(3) == 0
			kind := "Disallow"
			if allow {
				kind = "Allow"
			}
			fmt.Fprintf(&b, "%s: %s\n", kind, p.String())
			rules = append(rules, refRule{allow: allow, pattern: p.String(), line: i + 2})
		}
		r := robotstxt.ParseString(b.String())
		a := r.Agent("bot")
		var paths []string
		for range 40 {
			var p strings.Builder
			p.WriteString("/")
			for range rng.IntN(40) {
				p.WriteByte(alphabet[rng.IntN(len(alphabet))])
			}
			paths = append(paths, p.String())
		}
		// The first checks try the rules one by one; from the 65th the
		// needle automaton answers (wildcard.go's acAfter): both are
		// compared.
		for _, path := range append(append(paths, paths...), paths...) {
			v := a.Check(path)
			wantAllowed, wantLine := refDecide(rules, path)
			gotLine := 0
			if v.Rule != nil {
				gotLine = v.Rule.Line
			}
			if v.Allowed != wantAllowed || gotLine != wantLine {
				t.Fatalf("round %d, rules:\n%s\npath %q: allowed=%v line %d, reference allowed=%v line %d",
					round, b.String(), path, v.Allowed, gotLine, wantAllowed, wantLine)
			}
		}
	}
}

// A name in a large group (kept apart, shared with the group's other names)
// and in small groups of its own (merged) gets the reference's answer on
// the merged rules: repeated rules, ties between groups, and allow against
// disallow of one pattern in different groups.
func TestSplitGroupsAgainstReference(t *testing.T) {
	rng := rand.New(rand.NewPCG(14, 2))
	pats := []string{"/a", "/a/", "/a/b", "/b", "/b/index.html", "/*.php$", "/a/*/c", "/c", "/", "/ab", "/a$"}
	for round := range 20 {
		var b strings.Builder
		var rules []refRule
		line := 0
		write := func(s string) {
			b.WriteString(s + "\n")
			line++
		}
		rule := func() {
			allow := rng.IntN(2) == 0
			p := pats[rng.IntN(len(pats))]
			if rng.IntN(4) == 0 {
				p = fmt.Sprintf("/x%d", rng.IntN(1000))
			}
			kind := "Disallow"
			if allow {
				kind = "Allow"
			}
			write(kind + ": " + p)
			rules = append(rules, refRule{allow: allow, pattern: p, line: line})
		}
		// A large group naming bot and others, then small groups of bot's.
		write("User-agent: other")
		write("User-agent: bot")
		for range 300 + rng.IntN(100) {
			rule()
		}
		for range 1 + rng.IntN(4) {
			write("")
			write("User-agent: bot")
			for range 1 + rng.IntN(5) {
				rule()
			}
			if rng.IntN(2) == 0 { // a second large group
				write("")
				write("User-agent: bot")
				for range 260 {
					rule()
				}
			}
		}
		r := robotstxt.ParseString(b.String())
		a := r.Agent("bot")
		for _, path := range []string{"/", "/a", "/a/", "/a/b", "/a/x/c", "/b/", "/b/index.html", "/x.php", "/c", "/ab", "/x17", "/zzz"} {
			v := a.Check(path)
			wantAllowed, wantLine := refDecide(rules, path)
			gotLine := 0
			if v.Rule != nil {
				gotLine = v.Rule.Line
			}
			if v.Allowed != wantAllowed || gotLine != wantLine {
				t.Fatalf("round %d, path %q: allowed=%v line %d, reference allowed=%v line %d", round, path, v.Allowed, gotLine, wantAllowed, wantLine)
			}
		}
		if got := len(a.Rules()); got != len(rules) {
			t.Fatalf("round %d: Rules() has %d rules, the groups %d", round, got, len(rules))
		}
	}
}
