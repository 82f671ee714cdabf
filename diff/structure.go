package diff

import (
	"strings"

	"github.com/robotstxt/robotstxt"
)

// Structural is what changed in the text of the rules and records, whatever
// its effect on verdicts.
type Structural struct {
	// Same reports that nothing below changed: the versions differ at most
	// in whitespace, comments, order and equivalent spellings.
	Same bool `json:"same"`
	// Groups are the crawler names whose rules changed, in the order they
	// first appear (old file first).
	Groups []GroupChange `json:"groups"`
	// Moved are rules that left one crawler name and arrived at another.
	Moved    []Move         `json:"moved"`
	Sitemaps SitemapChanges `json:"sitemaps"`
	Records  RecordChanges  `json:"records"`
}

// GroupChange is the change of one crawler name's rules.
type GroupChange struct {
	// Agent is the product token as first written ("*" for the global
	// group).
	Agent string `json:"agent"`
	// Change is "added" (the name has a group only in the new version),
	// "removed" (only in the old one) or "changed".
	Change string `json:"change"`
	// Added rules carry their line in the new version, Removed rules their
	// line in the old one; moved rules are in Moved instead.
	Added   []robotstxt.Rule `json:"added"`
	Removed []robotstxt.Rule `json:"removed"`
}

// Move is a rule that applied to one name and now applies to another.
type Move struct {
	Kind    robotstxt.RuleKind `json:"kind"`
	Pattern string             `json:"pattern"`
	From    string             `json:"from"`
	To      string             `json:"to"`
	OldLine int                `json:"oldLine"`
	NewLine int                `json:"newLine"`
}

// SitemapChanges are the sitemap URLs added and removed.
type SitemapChanges struct {
	Added   []robotstxt.Sitemap `json:"added"`
	Removed []robotstxt.Sitemap `json:"removed"`
}

// RecordChanges are the other records (crawl-delay, host, ...) added and
// removed; a changed value is one of each.
type RecordChanges struct {
	Added   []robotstxt.Record `json:"added"`
	Removed []robotstxt.Record `json:"removed"`
}

// ruleKey identifies a rule by what it does.
type ruleKey struct {
	kind    robotstxt.RuleKind
	pattern string
}

// nameRules are the rules of one crawler name, in file order, by key.
type nameRules struct {
	spelling string
	rules    map[ruleKey]robotstxt.Rule
	order    []ruleKey
}

func rulesByName(r *robotstxt.Robots) (map[string]*nameRules, []string) {
	m := map[string]*nameRules{}
	var order []string
	for _, g := range r.Groups {
		for _, ua := range g.UserAgents {
			name := strings.ToLower(ua.Token)
			if ua.Global() {
				name = "*"
			}
			nr := m[name]
			if nr == nil {
				sp := ua.Token
				if ua.Global() {
					sp = "*"
				}
				nr = &nameRules{spelling: sp, rules: map[ruleKey]robotstxt.Rule{}}
				m[name] = nr
				order = append(order, name)
			}
			for _, rule := range g.Rules {
				k := ruleKey{rule.Kind, robotstxt.CanonicalPattern(rule.Pattern)}
				if _, ok := nr.rules[k]; !ok {
					nr.rules[k] = rule
					nr.order = append(nr.order, k)
				}
			}
		}
	}
	return m, order
}

// CompareStructure compares the rules, sitemaps and other records of two
// versions.
func CompareStructure(old, new *robotstxt.Robots) Structural {
	om, oorder := rulesByName(old)
	nm, norder := rulesByName(new)
	names := append([]string(nil), oorder...)
	for _, n := range norder {
		if om[n] == nil {
			names = append(names, n)
		}
	}
	var s Structural
	changes := map[string]*GroupChange{}
	for _, n := range names {
		o, nw := om[n], nm[n]
		gc := &GroupChange{Change: "changed"}
		switch {
		case o == nil:
			gc.Agent, gc.Change = nw.spelling, "added"
		case nw == nil:
			gc.Agent, gc.Change = o.spelling, "removed"
		default:
			gc.Agent = o.spelling
		}
		if o != nil {
			for _, k := range o.order {
				if nw == nil || !has(nw, k) {
					gc.Removed = append(gc.Removed, o.rules[k])
				}
			}
		}
		if nw != nil {
			for _, k := range nw.order {
				if o == nil || !has(o, k) {
					gc.Added = append(gc.Added, nw.rules[k])
				}
			}
		}
		changes[n] = gc
	}
	// A rule removed from one name and added to another moved, when the
	// first name keeps no such rule.
	for _, from := range names {
		gf := changes[from]
		for i := 0; i < len(gf.Removed); i++ {
			rm := gf.Removed[i]
			k := ruleKey{rm.Kind, robotstxt.CanonicalPattern(rm.Pattern)}
			for _, to := range names {
				gt := changes[to]
				j := indexRule(gt.Added, k)
				if to == from || j < 0 || (om[to] != nil && has(om[to], k)) {
					continue
				}
				s.Moved = append(s.Moved, Move{Kind: rm.Kind, Pattern: rm.Pattern, From: gf.Agent, To: gt.Agent,
					OldLine: rm.Line, NewLine: gt.Added[j].Line})
				gt.Added = append(gt.Added[:j:j], gt.Added[j+1:]...)
				gf.Removed = append(gf.Removed[:i:i], gf.Removed[i+1:]...)
				i--
				break
			}
		}
	}
	for _, n := range names {
		gc := changes[n]
		if gc.Change != "changed" || len(gc.Added)+len(gc.Removed) > 0 {
			if gc.Added == nil {
				gc.Added = []robotstxt.Rule{}
			}
			if gc.Removed == nil {
				gc.Removed = []robotstxt.Rule{}
			}
			s.Groups = append(s.Groups, *gc)
		}
	}
	s.Sitemaps.Added, s.Sitemaps.Removed = setDiff(old.Sitemaps, new.Sitemaps, func(m robotstxt.Sitemap) string { return m.URL })
	s.Records.Added, s.Records.Removed = setDiff(old.Other, new.Other, func(r robotstxt.Record) string {
		return strings.ToLower(r.Name) + ":" + r.Value
	})
	s.Same = len(s.Groups)+len(s.Moved)+len(s.Sitemaps.Added)+len(s.Sitemaps.Removed)+
		len(s.Records.Added)+len(s.Records.Removed) == 0
	if s.Groups == nil {
		s.Groups = []GroupChange{}
	}
	if s.Moved == nil {
		s.Moved = []Move{}
	}
	return s
}

func has(nr *nameRules, k ruleKey) bool {
	_, ok := nr.rules[k]
	return ok
}

func indexRule(rules []robotstxt.Rule, k ruleKey) int {
	for i, r := range rules {
		if r.Kind == k.kind && robotstxt.CanonicalPattern(r.Pattern) == k.pattern {
			return i
		}
	}
	return -1
}

// setDiff returns the items of new whose key is not in old, and the items of
// old whose key is not in new, each in file order, once per key.
func setDiff[T any](old, new []T, key func(T) string) (added, removed []T) {
	ok, nk := map[string]bool{}, map[string]bool{}
	for _, x := range old {
		ok[key(x)] = true
	}
	for _, x := range new {
		nk[key(x)] = true
	}
	seen := map[string]bool{}
	for _, x := range new {
		if k := key(x); !ok[k] && !seen[k] {
			seen[k] = true
			added = append(added, x)
		}
	}
	clear(seen)
	for _, x := range old {
		if k := key(x); !nk[k] && !seen[k] {
			seen[k] = true
			removed = append(removed, x)
		}
	}
	if added == nil {
		added = []T{}
	}
	if removed == nil {
		removed = []T{}
	}
	return added, removed
}
