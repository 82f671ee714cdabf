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

// TestConcurrentLazyIndexes: goroutines checking one parsed file at once,
// with alternating agents (the agent cache), full user-agent strings (the
// name automaton) and enough checks that the needle automaton is built
// while others check (wildcard.go's lazyAC), all get the answers of a
// sequential run. CI runs it with the race detector.
func TestConcurrentLazyIndexes(t *testing.T) {
	var b strings.Builder
	for i := range 12 {
		fmt.Fprintf(&b, "User-agent: bot%d\nDisallow: /*x%d*y\nAllow: /*x%d*y$\n\n", i, i, i)
	}
	b.WriteString("User-agent: *\n")
	for i := range 100 {
		fmt.Fprintf(&b, "Disallow: /*p%d*q\n", i)
	}
	text := b.String()
	agents := []string{"bot1", "bot7", "Mozilla/5.0 (compatible; bot11/1.0)", "other", "bot3"}
	paths := []string{"/ax1zy", "/ax1y", "/p17aq", "/p99", "/x7/y", "/zzz"}
	want := map[string]bool{}
	ref := robotstxt.ParseString(text)
	for _, a := range agents {
		for _, p := range paths {
			want[a+" "+p] = ref.AgentWith(a, robotstxt.AgentOptions{}).Allowed(p)
		}
	}
	r := robotstxt.ParseString(text)
	done := make(chan string, 8)
	for g := range 8 {
		go func() {
			for i := range 400 {
				a, p := agents[(i+g)%len(agents)], paths[(i*7+g)%len(paths)]
				if got := r.Allowed(a, p); got != want[a+" "+p] {
					done <- fmt.Sprintf("%s %s: %v, want %v", a, p, got, want[a+" "+p])
					return
				}
			}
			done <- ""
		}()
	}
	for range 8 {
		if msg := <-done; msg != "" {
			t.Error(msg)
		}
	}
}
