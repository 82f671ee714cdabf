package lint

import (
	"cmp"
	"slices"
	"strings"

	"github.com/robotstxt/robotstxt"
)

// checkDuplicates finds rules repeated in a set (duplicate-rule), the same
// pattern both allowed and disallowed (conflicting-rules, RFC 9309 section
// 2.2.2: allow wins a tie), and patterns that differ only in case. On the
// way it fills rs.entries, which the other rule-comparing checks share.
func (l *linter) checkDuplicates(rs *ruleSet) {
	type first struct{ allow, disallow int32 }
	firsts := make([]first, 0, len(rs.rules))
	byPattern := make(map[string]int32, len(rs.rules)) // index in firsts
	// Patterns that differ only in case: none when no pattern has a byte
	// that lower-casing could change (the usual case, which then needs no
	// map).
	var byFold map[string]int32 // index in rs.rules
	if slices.ContainsFunc(rs.rules, func(r robotstxt.Rule) bool { return mayFold(r.Pattern) }) {
		byFold = make(map[string]int32, len(rs.rules))
	}
	rs.entries = make([]compiled, 0, len(rs.rules))
	for ri, rule := range rs.rules {
		if rule.Pattern == "" {
			continue
		}
		c := robotstxt.CanonicalPattern(rule.Pattern)
		fi, ok := byPattern[c]
		if !ok {
			fi = int32(len(firsts))
			firsts = append(firsts, first{})
			byPattern[c] = fi
		}
		f := &firsts[fi]
		mine, other := &f.disallow, f.allow
		if rule.Kind == robotstxt.Allow {
			mine, other = &f.allow, f.disallow
		}
		switch {
		case *mine != 0:
			variant := ""
			if !l.sameGroup(int(*mine), rule.Line) {
				variant = "merged"
			}
			f := l.add(Warning, "duplicate-rule", variant, rule.Line, 0, "rule", ruleText(rule), "first", int(*mine), "agents", l.list(rs.tokens, 4))
			if variant == "" {
				// fix.go: remove the repeat. Only a repeat written the same
				// way is a repeat for every parser: Protego and
				// urllib.robotparser compare "%3F" and "%3f" as written.
				l.fixLines(f, !sameRaw(l.line(int(*mine)), l.line(rule.Line)))
			}
		case other != 0:
			a, d := rule.Line, int(other)
			if rule.Kind == robotstxt.Disallow {
				a, d = int(other), rule.Line
			}
			// In different groups, the Disallow may still apply to the
			// crawlers that read its group and not the Allow's ("*" and
			// applebot share one group, a second applebot group opens a
			// path: tripadvisor.com). Only the same readers make a tie.
			if !l.sameGroup(a, d) && !l.sameReaders(a, d) {
				break
			}
			l.add(Warning, "conflicting-rules", "", rule.Line, 0, "pattern", quote(rule.Pattern), "allow", a, "disallow", d)
		}
		if *mine == 0 {
			*mine = int32(rule.Line)
			// The first rule of its kind and pattern: the one the other
			// checks compare (repeats are reported here).
			if g, ok := l.globOf(rule); ok {
				rs.entries = append(rs.entries, compiled{rule: &rs.rules[ri], glob: g, canon: c, pri: int32(len(c))})
			}
		}
		if byFold == nil {
			continue
		}
		fold := strings.ToLower(c)
		if prev, ok := byFold[fold]; ok && robotstxt.CanonicalPattern(rs.rules[prev].Pattern) != c {
			p := rs.rules[prev]
			l.add(Info, "case-mismatch-hint", "pair", rule.Line, 0, "pattern", quote(rule.Pattern),
				"other", quote(p.Pattern), "first", p.Line)
		} else if !ok {
			byFold[fold] = int32(ri)
		}
	}
}

// mayFold reports whether lower-casing a pattern's canonical form might
// change it: it holds an upper-case ASCII letter (or the hex digits of an
// escape, upper-case in canonical form) or a non-ASCII byte.
func mayFold(p string) bool {
	for i := 0; i < len(p); i++ {
		if c := p[i]; 'A' <= c && c <= 'Z' || c == '%' || c >= 0x80 {
			return true
		}
	}
	return false
}

// globOf is toGlob(rule.Pattern), computed once per rule line: the rules
// of a group are compared again in every set that holds the group.
func (l *linter) globOf(rule robotstxt.Rule) (glob, bool) {
	if len(l.ruleSets()) < 2 || rule.Line < 1 || rule.Line > len(l.lines) {
		return toGlobIn(rule.Pattern, &l.arena)
	}
	if l.globs == nil {
		l.globs = make([]cachedGlob, len(l.lines)+1)
	}
	c := &l.globs[rule.Line]
	if !c.done {
		c.glob, c.ok = toGlobIn(rule.Pattern, &l.arena)
		c.done = true
	}
	return c.glob, c.ok
}

type cachedGlob struct {
	glob     glob
	ok, done bool
}

// sameGroup reports whether two rule lines belong to the same group.
func (l *linter) sameGroup(a, b int) bool {
	if l.groupOf == nil {
		l.groupOf = make(map[int]int)
		for gi, g := range l.r.Groups {
			for _, r := range g.Rules {
				l.groupOf[r.Line] = gi
			}
		}
	}
	return l.groupOf[a] == l.groupOf[b]
}

// sameReaders reports whether the same crawlers read the groups of two
// rule lines: every rule set holding one holds the other (the "*" set
// stands for the crawlers without a group of their own).
// Each group's readers are computed once, as the list of the sets that
// hold it: linear in the size of the sets, which the audit bounds.
func (l *linter) sameReaders(a, b int) bool {
	l.sameGroup(a, a) // fills l.groupOf
	if l.readers == nil {
		l.readers = make([][]int32, len(l.r.Groups))
		for si, rs := range l.ruleSets() {
			for _, g := range rs.groups {
				l.readers[g] = append(l.readers[g], int32(si))
			}
		}
	}
	return slices.Equal(l.readers[l.groupOf[a]], l.readers[l.groupOf[b]])
}

type compiled struct {
	rule  *robotstxt.Rule // in rs.rules
	glob  glob
	canon string
	pri   int32
}

// keyRuns orders rs.entries by the literal prefix of their globs (file
// order among equal prefixes), and links each run of equal keys to the run
// of the longest key that is a prefix of its own. A rule can only be
// covered by rules whose key is a prefix of its own: the chain of parents
// from a rule's run holds exactly those. Computed once per set, for the
// checks that compare rules.
type keyRuns struct {
	order    []int32 // indexes of rs.entries, by key
	runStart []int32 // where each run starts in order
	runOf    []int32 // the run of each entry
	parent   []int32 // by run: the run of the longest key that is a proper prefix of its own; -1 for none
}

// run returns the entries of run r, as indexes of rs.entries in file order.
func (k *keyRuns) run(r int32) []int32 {
	end := len(k.order)
	if int(r)+1 < len(k.runStart) {
		end = int(k.runStart[r+1])
	}
	return k.order[k.runStart[r]:end]
}

func (rs *ruleSet) keyRuns() *keyRuns {
	if rs.runs == nil {
		cs := rs.entries
		ks := make([]keyed, len(cs))
		for i := range cs {
			ks[i] = keyed{keyHead(cs[i].glob.key), int32(i)}
		}
		key := func(i int32) string { return cs[i].glob.key }
		sortKeyed(ks, key)
		k := &keyRuns{order: make([]int32, len(cs)), runOf: make([]int32, len(cs))}
		var stack []int32
		for p, e := range ks {
			k.order[p] = e.i
			if p == 0 || key(e.i) != key(ks[p-1].i) {
				for len(stack) > 0 && !strings.HasPrefix(key(e.i), key(ks[k.runStart[stack[len(stack)-1]]].i)) {
					stack = stack[:len(stack)-1]
				}
				up := int32(-1)
				if len(stack) > 0 {
					up = stack[len(stack)-1]
				}
				k.parent = append(k.parent, up)
				stack = append(stack, int32(len(k.runStart)))
				k.runStart = append(k.runStart, int32(p))
			}
			k.runOf[e.i] = int32(len(k.runStart) - 1)
		}
		rs.runs = k
	}
	return rs.runs
}

// A keyed is an entry's index beside the first 8 bytes of its key,
// big-endian and zero-padded: where two heads differ, they order the keys
// as strings.Compare does, as one integer; equal heads are compared whole.
// It holds no pointer, so sorting moves it without write barriers.
type keyed struct {
	head uint64
	i    int32
}

func keyHead(k string) uint64 {
	var head uint64
	for j := range 8 {
		head <<= 8
		if j < len(k) {
			head |= uint64(k[j])
		}
	}
	return head
}

// sortKeyed sorts by key (key(i) is entry i's), then index: a radix sort
// of the heads (linear, and stable, so equal heads stay in index order),
// then a comparison sort within each run of equal heads (keys sharing
// their first 8 bytes).
func sortKeyed(ks []keyed, key func(int32) string) {
	compare := func(a, b keyed) int {
		if a.head != b.head {
			return cmp.Compare(a.head, b.head)
		}
		return cmp.Or(strings.Compare(key(a.i), key(b.i)), cmp.Compare(a.i, b.i))
	}
	if len(ks) < 256 {
		slices.SortFunc(ks, compare)
		return
	}
	src, dst := ks, make([]keyed, len(ks))
	for shift := 0; shift < 64; shift += 8 {
		var count [256]int
		for i := range src {
			count[byte(src[i].head>>shift)]++
		}
		if count[byte(src[0].head>>shift)] == len(src) {
			continue // every head has the same byte here
		}
		pos := 0
		for b, c := range count {
			count[b] = pos
			pos += c
		}
		for i := range src {
			b := byte(src[i].head >> shift)
			dst[count[b]] = src[i]
			count[b]++
		}
		src, dst = dst, src
	}
	if &src[0] != &ks[0] {
		copy(ks, src)
	}
	for i := 0; i < len(ks); {
		j := i + 1
		for j < len(ks) && ks[j].head == ks[i].head {
			j++
		}
		if j-i > 1 {
			slices.SortFunc(ks[i:j], compare)
		}
		i = j
	}
}

// sameRaw reports whether two rule lines have the same value as written
// (spaces around it aside), so that removing one changes nothing for a
// parser that does not normalise percent-encoding.
func sameRaw(a, b *robotstxt.Line) bool {
	return a != nil && b != nil && strings.TrimSpace(a.Value) == strings.TrimSpace(b.Value)
}
