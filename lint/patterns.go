package lint

import (
	"slices"
	"strings"

	"github.com/robotstxt/robotstxt"
	"github.com/robotstxt/robotstxt/crawlers"
)

// checkPatterns looks at each allow/disallow value on its own (RFC 9309
// section 2.2.2 and 2.2.3): where it can start, what '*' and '$' mean, and
// how it is normalised.
func (l *linter) checkPatterns() {
	for gi := range l.r.Groups {
		g := &l.r.Groups[gi]
		for _, rule := range g.Rules {
			l.checkPattern(g, rule)
		}
	}
}

func (l *linter) checkPattern(g *robotstxt.Group, rule robotstxt.Rule) {
	p, n := rule.Pattern, rule.Line
	// The column is only worked out for a finding.
	col := func() int { return l.valueColumn(n, p) }
	if p == "" {
		if rule.Kind == robotstxt.Allow {
			l.add(Warning, "shadowed-rule", "empty-allow", n, 0)
			return
		}
		if len(g.Rules) == 1 {
			if other := l.mergedRestriction(g); other > 0 {
				// A second "User-agent: *" group with "Disallow:" alone
				// is merged with the first (RFC 9309 section 2.2.1): it
				// allows nothing the other group disallows.
				l.add(Warning, "empty-disallow", "merged", n, 0, "agents", l.agents(g.UserAgents), "other", other)
				return
			}
			l.add(Info, "empty-disallow", "only", n, 0, "agents", l.agents(g.UserAgents))
		} else {
			l.add(Warning, "empty-disallow", "", n, 0)
		}
		return
	}
	if hasPrefixLower(p, "http://") || hasPrefixLower(p, "https://") {
		l.fullURL(rule, col())
		return
	}
	if l.regexSyntax(rule, col) { // regexsyntax.go
		return
	}
	c, hidden := invisible(p)
	if hidden {
		fixed := strings.TrimLeftFunc(p, func(r rune) bool { _, ok := invisible(string(r)); return ok })
		l.add(Error, "pattern-no-slash", "invisible", n, col(), "kind", kindName(rule.Kind), "pattern", quote(p), "char", c, "fixed", fixed)
	} else if p[0] != '/' && p[0] != '*' {
		l.noSlash(rule, col())
	}
	if i := strings.IndexByte(p, '$'); i >= 0 && i < len(p)-1 {
		l.add(Info, "dollar-inside", "", n, col()+runeCount(p[:i]), "pattern", quote(p))
	}
	if same, ok := withoutTrailingStar(p); ok && !l.starMatters(g, rule, len(robotstxt.CanonicalPattern(same))) {
		l.add(Info, "redundant-wildcard", "", n, col()+runeCount(p)-1, "pattern", quote(p), "same", quote(same))
	}
	if hasNonASCII(p) && !hidden {
		l.add(Info, "non-ascii-pattern", "", n, col(), "pattern", quote(p), "encoded", robotstxt.CanonicalPattern(p))
	}
}

// withoutTrailingStar returns the pattern without its trailing '*' (and a
// "*$" ending), which match the same paths, when it has one. "*" alone is
// left alone.
func withoutTrailingStar(p string) (string, bool) {
	q := strings.TrimSuffix(p, "$")
	if !strings.HasSuffix(q, "*") {
		return "", false
	}
	q = strings.TrimRight(q, "*")
	if q == "" {
		return "", false
	}
	return q, true
}

// starMatters reports whether dropping the trailing '*' of a rule could
// change a decision: the star counts towards the rule's length, so it
// matters when a rule of the other kind in the group has a length between
// the shorter and the longer form (a tie or a win could flip).
func (l *linter) starMatters(g *robotstxt.Group, rule robotstxt.Rule, short int) bool {
	long := len(robotstxt.CanonicalPattern(rule.Pattern))
	gp := l.groupPriorities(g)
	other := gp.allow
	if rule.Kind == robotstxt.Allow {
		other = gp.disallow
	}
	i, _ := slices.BinarySearch(other, short)
	return i < len(other) && other[i] <= long
}

// groupPriorities are the sorted lengths of a group's allow and disallow
// patterns.
type groupPriorities struct{ allow, disallow []int }

func (l *linter) groupPriorities(g *robotstxt.Group) *groupPriorities {
	if gp := l.priorities[g]; gp != nil {
		return gp
	}
	gp := &groupPriorities{}
	for _, o := range g.Rules {
		if o.Pattern == "" {
			continue
		}
		n := len(robotstxt.CanonicalPattern(o.Pattern))
		if o.Kind == robotstxt.Allow {
			gp.allow = append(gp.allow, n)
		} else {
			gp.disallow = append(gp.disallow, n)
		}
	}
	slices.Sort(gp.allow)
	slices.Sort(gp.disallow)
	if l.priorities == nil {
		l.priorities = map[*robotstxt.Group]*groupPriorities{}
	}
	l.priorities[g] = gp
	return gp
}

func hasNonASCII(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] >= 0x80 {
			return true
		}
	}
	return false
}

// fullURL reports a rule written as a full URL. A robots.txt applies only
// to the host it is served from, so the rule belongs in the file of the
// host it names; its path is suggested only when that host is the file's
// own, and never when the path would match every URL (closing the site is
// not a fix for a rule that matched nothing).
func (l *linter) fullURL(rule robotstxt.Rule, col int) {
	p, n := rule.Pattern, rule.Line
	path := robotstxt.PathOf(p)
	host := normalHost(p)
	args := []any{"kind", kindName(rule.Kind), "pattern", quote(p), "path", path, "host", host}
	switch {
	case l.host != "" && host == l.host && !crawlers.MatchesEverything(path):
		l.add(Error, "full-url-pattern", "", n, col, args...)
	case l.host != "" && host == l.host:
		l.add(Error, "full-url-pattern", "everything", n, col, args...)
	case l.host != "":
		l.add(Error, "full-url-pattern", "other-host", n, col, append(args, "own", l.host)...)
	default:
		l.add(Error, "full-url-pattern", "unknown-host", n, col, args...)
	}
}

// noSlash reports a path that starts with neither '/' nor '*', with the fix
// that keeps what it plainly means: ".shtml$", ".css" and "?x=" are meant
// anywhere in the path ("/*.shtml$"); a key written twice ("Disallow:
// Disallow: /x") loses the second key; anything else gets a leading "/".
func (l *linter) noSlash(rule robotstxt.Rule, col int) {
	p, n := rule.Pattern, rule.Line
	fixed, variant := "/"+p, ""
	if k, rest, ok := strings.Cut(p, ":"); ok && (strings.EqualFold(k, "disallow") || strings.EqualFold(k, "allow")) {
		rest = strings.TrimSpace(rest)
		if rest == "" || rest[0] == '/' || rest[0] == '*' {
			f := l.add(Error, "pattern-no-slash", "doubled-key", n, col, "kind", kindName(rule.Kind), "pattern", quote(p),
				"key", k, "fixed", rest)
			l.fixValue(f, l.line(n), p, rest) // fix.go
			return
		}
	}
	switch p[0] {
	case '.', '?', '&', '=':
		fixed, variant = "/*"+p, "anywhere"
	}
	f := l.add(Error, "pattern-no-slash", variant, n, col, "kind", kindName(rule.Kind), "pattern", quote(p), "fixed", fixed)
	if gluedAt(p) == nil && !strings.ContainsAny(p, " \t") {
		// Not a line whose start was cut before a glued directive
		// ("ivate/ Disallow: /tmp/"): "/" would not restore it.
		l.fixValue(f, l.line(n), p, fixed) // fix.go
	}
}

// hasPrefixLower is strings.HasPrefix(strings.ToLower(s), prefix) for a
// lower-case ASCII prefix without the letters that other scripts lower-case
// to ASCII ('i', 'k'), without lower-casing all of s.
func hasPrefixLower(s, prefix string) bool {
	if len(s) < len(prefix) {
		return false
	}
	for i := range len(prefix) {
		c := s[i]
		if 'A' <= c && c <= 'Z' {
			c += 'a' - 'A'
		}
		if c != prefix[i] {
			return false
		}
	}
	return true
}

// mergedRestriction returns the first line of another group that names one
// of g's agents and disallows something, or 0: groups naming the same
// token are merged (RFC 9309 section 2.2.1), so g's rules are not all the
// rules those crawlers follow. The tokens are indexed once per file.
func (l *linter) mergedRestriction(g *robotstxt.Group) int {
	if l.restricted == nil {
		l.restricted = map[string]int{}
		for gi := range l.r.Groups {
			o := &l.r.Groups[gi]
			if !slices.ContainsFunc(o.Rules, func(r robotstxt.Rule) bool { return r.Kind == robotstxt.Disallow && r.Pattern != "" }) {
				continue
			}
			for _, u := range o.UserAgents {
				if k := strings.ToLower(u.Token); k != "" && l.restricted[k] == 0 {
					l.restricted[k] = o.UserAgents[0].Line
				}
			}
		}
	}
	for _, ua := range g.UserAgents {
		if line := l.restricted[strings.ToLower(ua.Token)]; line > 0 {
			return line
		}
	}
	return 0
}
