package bench

import (
	"regexp"
	"strings"

	"github.com/robotstxt/robotstxt"
)

// The model is a deliberately naive matcher over rules our parser read: it
// tries every rule in turn, with regexp for wildcards. With every feature on
// it is RFC 9309 with Google's leniency, a reference independent of our
// matcher's index; with none it reproduces temoto's matching. Turning
// features on one by one tells which difference explains a disagreement.

// feature is one way our reading of rules differs from temoto's.
type feature uint16

const (
	// fRobotsTxt: /robots.txt is always allowed (RFC 9309 2.2.2).
	fRobotsTxt feature = 1 << iota
	// fNoSlash: a pattern that starts with neither '/' nor '*' is kept as
	// written and so matches no path (Google); temoto prefixes a '/'.
	fNoSlash
	// fNormalize: patterns and paths are percent-normalised and a literal '*'
	// or '$' in the path is encoded (RFC 9309 2.2.2, 2.2.3); temoto compares
	// raw octets.
	fNormalize
	// fDollar: a '$' that is not a pattern's last octet is a literal;
	// temoto makes every '$' an end anchor.
	fDollar
	// fAnchored: wildcard patterns match from the path's first octet;
	// temoto's regexps match anywhere in the path.
	fAnchored
	// fStarOnly: a pattern of only '*' matches every path; temoto drops
	// trailing '*', is left with an empty pattern and never applies it.
	fStarOnly
	// fOctets: a rule's priority is the octet count of its pattern, '*' and
	// '$' included (RFC 9309 2.2.2); temoto measures the regexp it built,
	// after dropping trailing '*'.
	fOctets
	// fAllowTie: between an allow and a disallow rule of equal priority,
	// allow wins (RFC 9309 2.2.2); temoto takes the first in the file.
	fAllowTie
	// fIndexHTML: Google's parser lets "Allow: /d/index.html" allow "/d/".
	fIndexHTML

	allFeatures feature = 1<<iota - 1
)

// featureCauses names the features in the order they are tried when a
// disagreement is explained.
var featureCauses = []struct {
	f     feature
	cause string
}{
	{fRobotsTxt, CauseRobotsTxt},
	{fNoSlash, CauseNoSlash},
	{fNormalize, CausePercent},
	{fDollar, CauseDollar},
	{fAnchored, CauseAnchor},
	{fStarOnly, CauseStarOnly},
	{fOctets, CausePriority},
	{fAllowTie, CauseTie},
	{fIndexHTML, CauseIndexHTML},
}

type mrule struct {
	allow  bool
	pri    int
	prefix string         // literal pattern: matches paths starting with it
	re     *regexp.Regexp // wildcard pattern; nil for literal ones
}

func (m *mrule) matches(path string) bool {
	if m.re != nil {
		return m.re.MatchString(path)
	}
	return strings.HasPrefix(path, m.prefix)
}

// model is a compiled rule list for one feature set.
type model struct {
	f     feature
	rules []mrule
}

// regexps caches compiled patterns; the model is used from one goroutine at
// a time (a Compare run).
type regexpCache map[string]*regexp.Regexp

// get compiles expr, or returns nil when it is not valid (a pattern with
// invalid UTF-8 in temoto's reading).
func (c regexpCache) get(expr string) *regexp.Regexp {
	re, ok := c[expr]
	if !ok {
		re, _ = regexp.Compile(expr)
		c[expr] = re
	}
	return re
}

func newModel(rules []robotstxt.Rule, f feature, cache regexpCache) *model {
	m := &model{f: f}
	for _, r := range rules {
		if r.Pattern == "" {
			continue // RFC 9309 and temoto alike: an empty pattern matches nothing
		}
		allow := r.Kind == robotstxt.Allow
		m.add(r.Pattern, allow, f, cache)
		if allow && f&fIndexHTML != 0 {
			p := r.Pattern
			if f&fNormalize != 0 {
				p = robotstxt.CanonicalPattern(p)
			}
			if i := strings.LastIndexByte(p, '/'); i >= 0 && strings.HasPrefix(p[i:], "/index.htm") {
				m.add(p[:i+1]+"$", true, f, cache)
			}
		}
	}
	return m
}

func (m *model) add(pat string, allow bool, f feature, cache regexpCache) {
	if f&fNoSlash == 0 && !strings.HasPrefix(pat, "*") && !strings.HasPrefix(pat, "/") {
		pat = "/" + pat
	}
	if f&fNormalize != 0 {
		pat = robotstxt.CanonicalPattern(pat)
	}
	r := mrule{allow: allow}
	if f&fOctets != 0 {
		r.pri = len(pat)
	} else {
		// temoto: trailing '*' dropped; a wildcard pattern weighs as long as
		// its regexp's text.
		trimmed := strings.TrimRight(pat, "*")
		switch {
		case trimmed == "" && f&fStarOnly != 0:
			r.pri = len(pat)
		case strings.ContainsAny(trimmed, "*$"):
			r.pri = len(temotoRegexp(trimmed))
		default:
			r.pri = len(trimmed)
		}
		if trimmed != "" || f&fStarOnly == 0 {
			pat = trimmed
		}
	}
	// Literal runs are quoted whole, so that UTF-8 sequences stay intact.
	var b strings.Builder
	b.WriteString("(?s)")
	if f&fAnchored != 0 {
		b.WriteString("^")
	}
	wild := false
	lit := 0
	flush := func(i int) {
		b.WriteString(regexp.QuoteMeta(pat[lit:i]))
		lit = i + 1
	}
	for i := 0; i < len(pat); i++ {
		c := pat[i]
		switch {
		case c == '*':
			flush(i)
			b.WriteString(".*")
			wild = true
		case c == '$' && (i == len(pat)-1 || f&fDollar == 0):
			flush(i)
			b.WriteString("$")
			wild = true
		case f&fNormalize != 0 && (c <= 0x20 || c == 0x7F || c == '$'):
			// The match form: paths carry these octets percent-encoded.
			flush(i)
			b.WriteString(matchFormLiteral(string(c)))
		}
	}
	flush(len(pat))
	switch {
	case wild:
		r.re = cache.get(b.String())
		if r.re == nil {
			return // temoto would have refused the file
		}
	case f&fNormalize != 0:
		r.prefix = matchFormLiteral(pat)
	default:
		r.prefix = pat
	}
	m.rules = append(m.rules, r)
}

// matchFormLiteral percent-encodes the octets that paths carry encoded.
func matchFormLiteral(p string) string {
	var b strings.Builder
	for i := 0; i < len(p); i++ {
		c := p[i]
		if c <= 0x20 || c == 0x7F || c == '$' {
			const hex = "0123456789ABCDEF"
			b.WriteByte('%')
			b.WriteByte(hex[c>>4])
			b.WriteByte(hex[c&15])
		} else {
			b.WriteByte(c)
		}
	}
	return b.String()
}

// temotoRegexp is the regexp text temoto builds for a wildcard pattern.
func temotoRegexp(p string) string {
	s := regexp.QuoteMeta(p)
	s = strings.ReplaceAll(s, `\*`, `.*`)
	return strings.ReplaceAll(s, `\$`, `$`)
}

// allowed decides path (as a crawler sends it, starting with '/').
func (m *model) allowed(path string) bool {
	if m.f&fNormalize != 0 {
		path = robotstxt.NormalizePath(path)
	}
	if m.f&fRobotsTxt != 0 && path == "/robots.txt" {
		return true
	}
	if m.f&fAllowTie != 0 {
		allow, disallow := -1, -1
		for i := range m.rules {
			r := &m.rules[i]
			best := &disallow
			if r.allow {
				best = &allow
			}
			if r.pri > *best && r.matches(path) {
				*best = r.pri
			}
		}
		return disallow <= allow
	}
	// temoto: the first rule of the highest priority wins; a rule of
	// priority 0 never does.
	var best *mrule
	pri := 0
	for i := range m.rules {
		r := &m.rules[i]
		if r.pri > pri && r.matches(path) {
			best, pri = r, r.pri
		}
	}
	return best == nil || best.allow
}

// refRules returns the rules that apply to an agent given as a product
// token, as RFC 9309 and Google choose them: every group whose token equals
// the agent ignoring case, else every "*" group. ok is false when no group
// applies.
func refRules(r *robotstxt.Robots, agent string) (rules []robotstxt.Rule, ok bool) {
	for _, global := range []bool{false, true} {
		for _, g := range r.Groups {
			for _, ua := range g.UserAgents {
				if global && ua.Token == "*" || !global && ua.Token != "*" && strings.EqualFold(ua.Token, agent) {
					rules = append(rules, g.Rules...)
					ok = true
					break
				}
			}
		}
		if ok {
			return rules, true
		}
	}
	return nil, false
}

// temotoKey is the group key temoto reads from a user-agent value: its
// first word, lower-cased ("Googlebot/2.1 (x)" gives "googlebot/2.1").
func temotoKey(value string) string {
	if i := strings.IndexAny(value, " \t\v"); i >= 0 {
		value = value[:i]
	}
	return strings.ToLower(value)
}

// temotoRules models temoto's choice of group on our parse: the longest key
// other than "*" that the lower-cased agent starts with, else "*"; groups
// with the same key are merged. key is "" when no group applies.
func temotoRules(r *robotstxt.Robots, agent string) (rules []robotstxt.Rule, key string) {
	agent = strings.ToLower(agent)
	best := 0 // temoto starts at 1 when there is a "*" group
	for _, g := range r.Groups {
		for _, ua := range g.UserAgents {
			if temotoKey(ua.Value) == "*" {
				key, best = "*", 1
			}
		}
	}
	for _, g := range r.Groups {
		for _, ua := range g.UserAgents {
			if k := temotoKey(ua.Value); k != "*" && strings.HasPrefix(agent, k) && len(k) > best {
				key, best = k, len(k)
			}
		}
	}
	if key == "" {
		return nil, ""
	}
	for _, g := range r.Groups {
		for _, ua := range g.UserAgents {
			if temotoKey(ua.Value) == key {
				rules = append(rules, g.Rules...)
				break
			}
		}
	}
	return rules, key
}

// sameRules reports whether two rule lists are the same lines.
func sameRules(a, b []robotstxt.Rule) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i].Line != b[i].Line {
			return false
		}
	}
	return true
}
