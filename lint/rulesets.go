package lint

import (
	"strings"

	"github.com/robotstxt/robotstxt"
	"github.com/robotstxt/robotstxt/crawlers"
)

// A ruleSet is the merged rules of all groups naming one or more tokens, as
// the matcher sees them (RFC 9309 section 2.2.1: groups naming the same
// token are merged).
type ruleSet struct {
	tokens []string // as first written; "*" for the global groups
	groups []int
	agent  robotstxt.Agent
	rules  []robotstxt.Rule
	global bool
	// entries are the rules the rule-comparing checks compare: the first
	// of each kind and canonical pattern that matches some path, in file
	// order (checkDuplicates fills them); runs orders them by key.
	entries []compiled
	runs    *keyRuns // see keyRuns
	closing *closing // see closedBy
}

// ruleSets returns the distinct merged rule sets of the file, up to
// limits.setRules rules in all. They can hold far more rules than the file
// (thousands of names, each in one large shared group and a small group of
// its own, make thousands of sets that each hold the large group): past the
// bound, further sets are not built, so that the audit stays linear in the
// size of the file; the names left out are kept for audit-limit.
func (l *linter) ruleSets() []*ruleSet {
	if l.sets != nil {
		return l.sets
	}
	total := 0
	byGroups := map[string]*ruleSet{}
	seen := map[string]bool{}
	for _, g := range l.r.Groups {
		for _, ua := range g.UserAgents {
			low := strings.ToLower(ua.Token)
			if low == "" || seen[low] {
				continue
			}
			seen[low] = true
			var a robotstxt.Agent
			if low == "*" {
				a = l.r.ExactAgent("*")
			} else {
				// The groups naming the token as written ("MJ12bot" whole),
				// without the fallbacks: rule sets are compared as written.
				a = l.r.AgentWith(ua.Token, robotstxt.AgentOptions{NoFallback: true})
			}
			key := crawlers.GroupsKey(a.Groups())
			rs := byGroups[key]
			if rs == nil {
				n := 0
				for _, gi := range a.Groups() {
					n += len(l.r.Groups[gi].Rules)
				}
				if total > 0 && total+n > l.limits.setRules {
					if len(l.left.names) == 0 {
						l.left.line = ua.Line
					}
					l.left.names = append(l.left.names, ua.Token)
					continue
				}
				total += n
				rs = &ruleSet{groups: a.Groups(), agent: a, rules: l.groupRules(a.Groups()), global: low == "*"}
				byGroups[key] = rs
				l.sets = append(l.sets, rs)
			}
			tok := ua.Token
			if low == "*" {
				tok = "*"
			}
			rs.tokens = append(rs.tokens, tok)
		}
	}
	if l.sets == nil {
		l.sets = []*ruleSet{}
	}
	return l.sets
}

// closedBy is crawlers.ClosedBy(rs.rules), computed once: several checks
// ask it of every set.
func (rs *ruleSet) closedBy() (robotstxt.Rule, bool) {
	if rs.closing == nil {
		r, ok := crawlers.ClosedBy(rs.rules)
		rs.closing = &closing{r, ok}
	}
	return rs.closing.rule, rs.closing.ok
}

// closed is crawlers.Closed(rs.rules).
func (rs *ruleSet) closed() bool {
	_, ok := rs.closedBy()
	return ok
}

type closing struct {
	rule robotstxt.Rule
	ok   bool
}

// groupRules is Agent.Rules for the agent of these groups: their rules in
// file order. A single group's rules are its own, not a copy.
func (l *linter) groupRules(groups []int) []robotstxt.Rule {
	if len(groups) == 1 {
		rules := l.r.Groups[groups[0]].Rules
		return rules[:len(rules):len(rules)]
	}
	n := 0
	for _, gi := range groups {
		n += len(l.r.Groups[gi].Rules)
	}
	out := make([]robotstxt.Rule, 0, n)
	for _, gi := range groups {
		out = append(out, l.r.Groups[gi].Rules...)
	}
	return out
}

func (l *linter) star() *ruleSet {
	for _, rs := range l.ruleSets() {
		if rs.global {
			return rs
		}
	}
	return nil
}

// checkRuleSets compares the rules that apply to the same crawlers.
func (l *linter) checkRuleSets() {
	l.budget = l.limits.budget
	star := l.star()
	for _, rs := range l.ruleSets() {
		l.checkDuplicates(rs)
		l.checkShadowed(rs)
		l.checkRedundant(rs)
		rs.entries, rs.runs = nil, nil // no other check reads them: let them go
		l.checkAssets(rs)
		if star != nil && rs != star {
			l.checkReplacesStar(rs, star)
		}
	}
}
