package robotstxt

import (
	"slices"
	"strings"
)

// namesMinNames is the number of named tokens above which a full user-agent
// string is resolved through an automaton rather than by trying every name.
const namesMinNames = 8

// A nameIndex finds the longest named token that a user-agent string
// contains, ignoring ASCII case, as index.namedFor's scan does, but in one
// pass over the string whatever the number of names: an Aho-Corasick
// automaton over the lower-case names (wildcard.go), where the first name
// reported at a position is the longest that ends there.
type nameIndex struct {
	ac    acIndex
	names []*ruleSet // by needle number: the names sorted
}

func newNameIndex(named []*ruleSet) *nameIndex {
	t := &nameIndex{names: slices.Clone(named)}
	slices.SortFunc(t.names, func(a, b *ruleSet) int { return strings.Compare(a.token, b.token) })
	tokens := make([]string, len(t.names))
	for i, rs := range t.names {
		tokens[i] = rs.token
	}
	t.ac.buildAutomaton(tokens)
	return t
}

// longest returns the longest token that s contains, ignoring ASCII case,
// the earliest in the file among equally long ones; nil if none.
func (t *nameIndex) longest(s string) *ruleSet {
	ac := &t.ac
	var best *ruleSet
	st, off := int32(0), int32(0)
	for i := 0; i < len(s); i++ {
		c := lower(s[i])
		if ac.dfa != nil {
			// See acIndex.dfa: a row's start, negated where names end.
			if off = ac.dfa[off+int32(ac.class[c])]; off >= 0 {
				continue
			}
			off = ^off
			st = off / ac.classes
		} else {
			st = ac.step(st, c)
		}
		o := ac.states[st].report
		if o < 0 {
			continue
		}
		rs := t.names[ac.states[o].needle]
		if best == nil || len(rs.token) > len(best.token) || len(rs.token) == len(best.token) && rs.order < best.order {
			best = rs
		}
	}
	return best
}
