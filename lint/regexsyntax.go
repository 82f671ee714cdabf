package lint

import (
	"slices"
	"strings"

	"github.com/robotstxt/robotstxt"
)

// regexSyntax: RFC 9309 section 2.2.3 gives a path only two special
// characters, "*" (any sequence) and a final "$" (end of the URL). A path
// written as a regular expression ("^/private", "/*\.pdf$", "/(a|b)/",
// "/page[0-9]") is matched character for character, so it means something
// else than its author wrote. It reports whether the rule was such a path:
// the checks of ordinary paths (a missing "/", a "$" inside) then say
// nothing, as their fixes would keep the regular expression.
func (l *linter) regexSyntax(rule robotstxt.Rule, col func() int) bool {
	p := rule.Pattern
	if !strings.ContainsAny(p, `^\([`) {
		return false // the common case: no allocation
	}
	mark, at := regexMark(p)
	if mark == "" {
		return false
	}
	sev, variant := Warning, ""
	if p[0] == '^' || strings.IndexByte(p, '\\') >= 0 {
		// No path starts with "^", and browsers and crawlers turn a "\" in
		// an http(s) URL into "/": the rule never matches.
		sev, variant = Error, "never"
	}
	kind := kindName(rule.Kind)
	args := []any{"kind", kind, "pattern", quote(p), "mark", quote(mark)}
	if globs, ok := regexToGlobs(p); ok {
		lines := make([]string, len(globs))
		for i, g := range globs {
			lines[i] = quote(kind + ": " + g)
		}
		args = append(args, "fixed", strings.Join(lines, ", "))
		if variant == "" {
			variant = "fixed"
		} else {
			variant += "-fixed"
		}
	}
	l.add(sev, "regex-syntax", variant, rule.Line, col()+runeCount(p[:at]), args...)
	return true
}

// regexMark finds the first piece of p that only a regular expression
// would hold, and its byte offset; "" when there is none. Only unambiguous
// pieces count: a leading "^", a backslash before punctuation or a class
// letter (\d, \w, \s), alternatives in parentheses ("(a|b)", "(?:"), and a
// character class with a range or a negation ("[0-9]", "[^/]"). A ".*"
// alone does not: "/.*" is how files starting with a dot are blocked, and
// "/index.*" is a plain prefix.
func regexMark(p string) (string, int) {
	if p[0] == '^' {
		return "^", 0
	}
	for i := 0; i < len(p); i++ {
		switch p[i] {
		case '\\':
			if i+1 < len(p) && (strings.IndexByte(`.?*+()[]{}|/$^-_&=`, p[i+1]) >= 0 || strings.IndexByte("dDwWsSbB", p[i+1]) >= 0) {
				return p[i : i+2], i
			}
		case '(':
			if strings.HasPrefix(p[i:], "(?:") {
				return "(?:", i
			}
			if j := strings.IndexByte(p[i:], ')'); j > 0 && strings.IndexByte(p[i:i+j], '|') > 0 {
				return capMark(p[i : i+j+1]), i
			}
		case '[':
			if j := strings.IndexByte(p[i:], ']'); j > 1 && charClass(p[i+1:i+j]) {
				return capMark(p[i : i+j+1]), i
			}
		}
	}
	return "", 0
}

// charClass reports whether s, the inside of "[...]", reads as a character
// class: only letters, digits and "_-.\\", with a negation or a range of
// the same kind ("a-z", "0-9"). "filter[color]" is a query parameter, and
// "[http://example.com/e42-locked]" a URL, not a class.
func charClass(s string) bool {
	if len(s) > 32 {
		return false
	}
	neg := s[0] == '^'
	if neg {
		s = s[1:]
	}
	if s == "" {
		return false
	}
	ranged := false
	for i := 0; i < len(s); i++ {
		c := s[i]
		if !alnum(c) && strings.IndexByte(`_-.\/`, c) < 0 {
			return false
		}
		if c == '-' && i > 0 && i+1 < len(s) && sameKind(s[i-1], s[i+1]) && s[i-1] < s[i+1] {
			ranged = true
		}
	}
	return neg || ranged
}

// sameKind reports whether a and b are both digits, both lower-case or
// both upper-case letters: the ends of a range.
func sameKind(a, b byte) bool {
	kind := func(c byte) int {
		switch {
		case '0' <= c && c <= '9':
			return 1
		case 'a' <= c && c <= 'z':
			return 2
		case 'A' <= c && c <= 'Z':
			return 3
		}
		return 0
	}
	return kind(a) != 0 && kind(a) == kind(b)
}

func alnum(c byte) bool {
	return '0' <= c && c <= '9' || 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z'
}

func capMark(s string) string {
	if len(s) > 24 {
		return s[:21] + "..."
	}
	return s
}

// maxAlternatives bounds how many rules one "(a|b|...)" becomes in a fix.
const maxAlternatives = 6

// regexToGlobs rewrites a regular expression as the robots.txt paths that
// match the same URLs, when that is certain: a leading "^" goes (paths
// always match from the start), "\." becomes ".", ".*" becomes "*", one
// group of plain alternatives becomes one rule for each. Anything else (a
// class, "+", "?", "{n}", "\d", nested groups) has no equivalent, and then
// there is no fix: a "*" would match more than the author meant. A fix that
// would match every path ("^.*") is not offered either: it closes the site.
func regexToGlobs(p string) ([]string, bool) {
	if strings.Contains(p, `\(`) || strings.Contains(p, `\)`) {
		return nil, false
	}
	anchored := p[0] == '^'
	s := strings.TrimPrefix(p, "^")
	alts := []string{s}
	if i := strings.IndexByte(s, '('); i >= 0 {
		j := strings.IndexByte(s[i:], ')')
		if j < 0 {
			return nil, false
		}
		j += i
		inner := strings.TrimPrefix(s[i+1:j], "?:")
		if strings.ContainsAny(inner, "()[]") || strings.ContainsAny(s[j+1:], "()") {
			return nil, false
		}
		parts := strings.Split(inner, "|")
		if len(parts) > maxAlternatives {
			return nil, false
		}
		alts = alts[:0]
		for _, part := range parts {
			alts = append(alts, s[:i]+part+s[j+1:])
		}
	}
	var out []string
	for _, a := range alts {
		g, ok := regexToGlob(a)
		if !ok {
			return nil, false
		}
		if g[0] != '/' && g[0] != '*' {
			if anchored {
				return nil, false // "^products": which path was meant is a guess
			}
			g = "/*" + g // unanchored: the text may be anywhere
		}
		g = strings.TrimSuffix(g, "*$")
		g = strings.TrimRight(g, "*")
		if g == "" || g == "/" {
			return nil, false
		}
		if !slices.Contains(out, g) {
			out = append(out, g)
		}
	}
	return out, true
}

// regexToGlob translates one alternative without groups, or fails.
func regexToGlob(s string) (string, bool) {
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case c == '\\':
			if i+1 >= len(s) || strings.IndexByte(`./?-_&=~!,;:@`, s[i+1]) < 0 {
				return "", false // \d, \*, \$ ...: no robots.txt equivalent
			}
			i++
			b.WriteByte(s[i])
		case c == '.' && i+1 < len(s) && s[i+1] == '*':
			b.WriteByte('*')
			i++
		case c == '$':
			if i != len(s)-1 {
				return "", false
			}
			b.WriteByte('$')
		case strings.IndexByte("[]{}+?|()^", c) >= 0:
			return "", false
		default:
			b.WriteByte(c)
		}
	}
	if b.Len() == 0 {
		return "", false
	}
	return b.String(), true
}
