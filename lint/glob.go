package lint

import (
	"strings"

	"github.com/robotstxt/robotstxt"
)

// A glob is a pattern in "full match" form: its literal octets in the form
// the matcher compares (canonical percent-encoding, a '$' that is not last
// encoded as %24, controls and space encoded), '*' as the only operator,
// and a trailing '*' when the pattern was not anchored with '$'. A path
// matches a pattern exactly when the glob matches the whole path.
type glob struct {
	text string
	key  string // literal prefix, up to the first '*'
}

// maxGlob bounds the patterns the rule-comparing checks look at; longer
// ones are skipped (they are reported by line-too-long when cut).
const maxGlob = 2048

// toGlob returns the glob of an allow/disallow pattern, or false when the
// pattern matches no path at all (empty, or not starting with '/' or '*').
func toGlob(pattern string) (glob, bool) { return toGlobIn(pattern, nil) }

// toGlobIn is toGlob that cuts the text of a plain pattern's glob from a
// (when not nil) rather than allocating it.
func toGlobIn(pattern string, a *arena) (glob, bool) {
	if pattern == "" || pattern[0] != '/' && pattern[0] != '*' || len(pattern) > maxGlob {
		return glob{}, false
	}
	c := robotstxt.CanonicalPattern(pattern)
	anchored := strings.HasSuffix(c, "$")
	if anchored {
		c = c[:len(c)-1]
	}
	if plain(c) {
		t := c
		if !anchored && !strings.HasSuffix(c, "*") {
			if a != nil {
				t = a.concat(c, '*')
			} else {
				t += "*"
			}
		}
		k := t
		if i := strings.IndexByte(t, '*'); i >= 0 {
			k = t[:i]
		}
		return glob{text: t, key: k}, true
	}
	var b strings.Builder
	b.Grow(len(c) + 4)
	for i := 0; i < len(c); i++ {
		switch ch := c[i]; {
		case ch == '*':
			if b.Len() == 0 || b.String()[b.Len()-1] != '*' {
				b.WriteByte('*')
			}
		case ch == '$' || ch <= 0x20 || ch == 0x7F:
			const hex = "0123456789ABCDEF"
			b.WriteByte('%')
			b.WriteByte(hex[ch>>4])
			b.WriteByte(hex[ch&15])
		default:
			b.WriteByte(ch)
		}
	}
	if !anchored && (b.Len() == 0 || b.String()[b.Len()-1] != '*') {
		b.WriteByte('*')
	}
	t := b.String()
	k := t
	if i := strings.IndexByte(t, '*'); i >= 0 {
		k = t[:i]
	}
	return glob{text: t, key: k}, true
}

// plain reports whether a canonical pattern is its own glob text: no '$',
// no octets to encode, no run of stars.
func plain(c string) bool {
	for i := 0; i < len(c); i++ {
		switch ch := c[i]; {
		case ch == '$' || ch <= 0x20 || ch == 0x7F:
			return false
		case ch == '*' && i > 0 && c[i-1] == '*':
			return false
		}
	}
	return true
}

// covers reports whether every path a matches is matched by b too.
//
// With '*' as the only operator this holds exactly when b matches a's text
// with each of a's stars taken as one symbol that only a star of b can
// absorb: then any text put in place of a's stars is absorbed the same way;
// and if b fails, putting a long run of an octet b does not contain in
// place of each of a's stars gives a path a matches and b does not. (The
// second half needs such an octet; without one we may answer false
// wrongly, never true wrongly, which keeps the checks using this quiet.)
//
// The search backtracks only to b's last star, which is exact for '*'
// patterns; it costs O(len(a) * len(b)) at worst.
func covers(b, a string) bool {
	bi, ai := 0, 0
	star, mark := -1, 0
	for ai < len(a) {
		switch {
		case bi < len(b) && b[bi] == '*':
			star, mark = bi, ai
			bi++
		case bi < len(b) && b[bi] == a[ai] && a[ai] != '*':
			bi++
			ai++
		case star >= 0:
			bi = star + 1
			mark++
			ai = mark
		default:
			return false
		}
	}
	for bi < len(b) && b[bi] == '*' {
		bi++
	}
	return bi == len(b)
}

// witness returns a path that the pattern matches (each star matching
// "x"; a trailing one nothing), or "" when it matches none.
func witness(pattern string) string {
	g, ok := toGlob(pattern)
	if !ok {
		return ""
	}
	w := strings.TrimSuffix(g.text, "*")
	w = strings.ReplaceAll(w, "*", "x")
	if !strings.HasPrefix(w, "/") {
		w = "/" + w // "*.php" matches "/x.php"
	}
	return w
}

// An arena hands out strings cut from large shared buffers: one allocation
// for thousands of short glob texts instead of one each.
type arena struct{ b strings.Builder }

// concat returns s followed by c.
func (a *arena) concat(s string, c byte) string {
	n := len(s) + 1
	if a.b.Cap()-a.b.Len() < n {
		// A new buffer, twice the last (a small file needs little), up to
		// 16 KiB; strings cut from the old one keep it alive.
		size := min(2*a.b.Cap(), 16<<10)
		a.b = strings.Builder{}
		a.b.Grow(max(n, size, 512))
	}
	start := a.b.Len()
	a.b.WriteString(s)
	a.b.WriteByte(c)
	return a.b.String()[start:]
}
