package robotstxt

import "strings"

// Most files are checked a few times: a crawler fetches robots.txt, checks
// the URLs it found on the site, and moves on. Compiling the rules (match
// forms, sorting, the key chain) costs as much as ten to twenty checks that
// try each rule in turn, so a rule set answers its first checks that way
// and compiles only once it has been asked often. The answer is the same:
// the best rule of each kind by priority, then by line, exactly as the
// compiled matcher chooses it (TestInterpretedAgreesWithCompiled).
//
// Only "plain" rule sets are interpreted: every pattern already in its
// canonical text and its match form (no escape to rewrite, no octet to
// encode), so that a check reads the patterns as written and allocates
// nothing. A check tried this way costs O(rules × path + pattern octets),
// so one whose rules and path are too many and too long for that compiles
// instead.

const (
	// interpretChecks is how many checks a rule set answers before it
	// compiles.
	interpretChecks = 16
	// interpretBudget bounds rules × (path octets + 1) for a check answered
	// by trying the rules in turn: a few hundred microseconds at most.
	interpretBudget = 1 << 18
)

// Compile builds now the matchers that checks otherwise build lazily: those
// of every group, as Agent and Check choose them. A file checked a few
// times needs none (its first checks try the rules in turn); one kept for
// many checks may be compiled ahead, so that no check pays for it.
func (r *Robots) Compile() {
	ix := r.index()
	compile := func(rs *ruleSet) {
		if rs != nil {
			for _, p := range rs.parts {
				p.get()
			}
		}
	}
	compile(ix.global)
	for _, rs := range ix.small {
		compile(rs)
	}
	for _, rs := range ix.byToken {
		compile(rs)
	}
}

// interpretNow reports whether a check of a path of n octets tries the
// rules in turn: for the first interpretChecks checks of a plain rule set,
// within interpretBudget.
func (lm *lazyMatcher) interpretNow(n int) bool {
	return lm.tries.Load() < interpretChecks && lm.interpretable(n) && lm.tries.Add(1) <= interpretChecks
}

// interpretable reports whether a check of a path of n octets could try the
// rules in turn, whatever the checks made so far.
func (lm *lazyMatcher) interpretable(n int) bool {
	rules := lm.plainRules.Load()
	if rules == 0 {
		rules = lm.countPlain()
	}
	return rules > 0 && int64(rules-1)*int64(n+1) <= interpretBudget
}

// countPlain counts the rules when every pattern is plain, and remembers
// the answer in plainRules: the count plus one, or -1 when some pattern is
// not plain.
func (lm *lazyMatcher) countPlain() int32 {
	n := int32(1)
	for _, gi := range lm.groups {
		rules := lm.r.Groups[gi].Rules
		for i := range rules {
			if !plainPattern(rules[i].Pattern) {
				lm.plainRules.Store(-1)
				return -1
			}
		}
		n += int32(len(rules))
	}
	lm.plainRules.Store(n)
	return n
}

// plainPattern reports whether a pattern is its own canonical text and
// match form: ASCII octets above the space, '%' only in an upper-case
// escape of a reserved octet, '$' only at the end.
func plainPattern(p string) bool {
	for i := 0; i < len(p); i++ {
		switch byteClasses[p[i]] {
		case keep:
		case operator:
			if p[i] == '$' && i != len(p)-1 {
				return false
			}
		case percent:
			if i+2 >= len(p) || !isHexPair(p[i+1:i+3]) || isLowerHex(p[i+1]) || isLowerHex(p[i+2]) {
				return false
			}
			h, _ := unhex(p[i+1])
			l, _ := unhex(p[i+2])
			if isUnreserved(h<<4 | l) {
				return false
			}
			i += 2
		default:
			return false
		}
	}
	return true
}

// interpret returns the best allow and disallow rules matching path (in
// match form), trying each rule in turn.
func (lm *lazyMatcher) interpret(path string) (allow, disallow match) {
	for _, gi := range lm.groups {
		rules := lm.r.Groups[gi].Rules
		for i := range rules {
			r := &rules[i]
			p := r.Pattern
			if p == "" {
				continue // matches nothing (RFC 9309 section 2.2.2)
			}
			mine := &disallow
			if r.Kind == Allow {
				mine = &allow
			}
			if c := (match{r, int32(len(p)), false}); c.beats(*mine) && globMatch(p, path) {
				*mine = c
			}
			if r.Kind == Allow {
				// Google's "index.html" reading (see compileRules): the
				// directory alone, as "/dir/$".
				if j := strings.LastIndexByte(p, '/'); j >= 0 && strings.HasPrefix(p[j:], "/index.htm") {
					c := match{r, int32(j + 2), true}
					if c.beats(allow) && globMatchAnchored(p[:j+1], path) {
						allow = c
					}
				}
			}
		}
	}
	return
}

// globMatch reports whether a pattern in match form (a final '$' anchors
// it) matches path.
func globMatch(p, path string) bool {
	if n := len(p); n > 0 && p[n-1] == '$' {
		return globMatchAnchored(p[:n-1], path)
	}
	return globMatchFrom(p, path, false)
}

func globMatchAnchored(p, path string) bool { return globMatchFrom(p, path, true) }

// globMatchFrom matches p, without its anchor, against path: the literal
// prefix, then each piece after a '*' at its leftmost place, which is exact
// for '*' patterns and linear in the length of the path (as crule.matchAt).
func globMatchFrom(p, path string, anchored bool) bool {
	star := strings.IndexByte(p, '*')
	if star < 0 {
		if anchored {
			return p == path
		}
		return strings.HasPrefix(path, p)
	}
	if !strings.HasPrefix(path, p[:star]) {
		return false
	}
	pos, rest := star, p[star+1:]
	for {
		j := strings.IndexByte(rest, '*')
		if j < 0 {
			if anchored {
				return len(path)-len(rest) >= pos && path[len(path)-len(rest):] == rest
			}
			return strings.Contains(path[pos:], rest)
		}
		if j > 0 {
			k := strings.Index(path[pos:], rest[:j])
			if k < 0 {
				return false
			}
			pos += k + j
		}
		rest = rest[j+1:]
	}
}
