package lint

import (
	"strings"

	"github.com/robotstxt/robotstxt"
)

// checkShadowed finds rules that can never decide any path (RFC 9309
// section 2.2.2: the longest match wins, allow on a tie). A rule never
// decides when another rule matches every path it matches and always beats
// it: a rule of the other kind at least as long (longer, when the other is a
// disallow), or a longer rule of the same kind. Exact repeats are left to
// duplicate-rule and conflicting-rules.
func (l *linter) checkShadowed(rs *ruleSet) {
	cs := rs.entries
	runs := rs.keyRuns()
	for i := range cs {
		a := &cs[i]
		// Google: an allowed ".../index.htm..." also allows its directory,
		// which the comparison below does not model; leave such rules alone.
		if a.rule.Kind == robotstxt.Allow && strings.Contains(a.canon[strings.LastIndexByte(a.canon, '/')+1:], "index.htm") {
			continue
		}
		var by *compiled
		other := false
		r := runs.runOf[i]
		for ; r >= 0 && l.budget > 0; r = runs.parent[r] {
			for _, j := range runs.run(r) {
				l.budget--
				b := &cs[j]
				if int(j) == i || b.canon == a.canon {
					continue
				}
				var beats, otherKind bool
				if b.rule.Kind != a.rule.Kind {
					otherKind = true
					beats = b.pri > a.pri || b.pri == a.pri && b.rule.Kind == robotstxt.Allow
				} else {
					beats = b.pri > a.pri
				}
				if !beats || by != nil && (other || !otherKind) {
					continue
				}
				l.budget -= len(a.glob.text) + len(b.glob.text)
				if covers(b.glob.text, a.glob.text) {
					by, other = b, otherKind
				}
			}
		}
		if r >= 0 {
			l.outOfBudget = true // runs left unwalked
		}
		if by == nil {
			continue
		}
		args := []any{"rule", ruleText(*a.rule), "by", ruleText(*by.rule), "line", by.rule.Line}
		if other {
			l.add(Warning, "shadowed-rule", "", a.rule.Line, 0, args...)
		} else {
			l.add(Info, "redundant-rule", "", a.rule.Line, 0, args...)
		}
	}
}
