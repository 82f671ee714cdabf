package lint

import (
	"fmt"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/robotstxt/robotstxt"
)

func validUTF8(s string) bool { return utf8.ValidString(s) }

func runeCount(s string) int { return utf8.RuneCountInString(s) }

// quote puts a value from the file in double quotes for a message, cut to a
// readable length.
func quote(s string) string {
	const max = 60
	if runeCount(s) > max {
		r := []rune(s)
		s = string(r[:max-1]) + "…"
	}
	return `"` + s + `"`
}

// tail returns the last n characters of s.
func tail(s string, n int) string {
	r := []rune(s)
	if len(r) <= n {
		return s
	}
	return "…" + string(r[len(r)-n:])
}

// kindName is the field name of a rule kind, as RFC 9309 writes it.
func kindName(k robotstxt.RuleKind) string {
	if k == robotstxt.Allow {
		return "Allow"
	}
	return "Disallow"
}

// ruleText renders a rule as written: "Disallow: /private/".
func ruleText(r robotstxt.Rule) string {
	k := kindName(r.Kind)
	if r.Pattern == "" {
		return k + ":"
	}
	return k + ": " + r.Pattern
}

// list joins items for a message, naming at most max of them: "a, b and
// c", "a, b and 3 more".
func (l *linter) list(items []string, max int) string {
	if len(items) <= max {
		if len(items) < 2 {
			return strings.Join(items, "")
		}
		return l.t("and", "list", strings.Join(items[:len(items)-1], ", "), "last", items[len(items)-1])
	}
	return strings.Join(items[:max], ", ") + l.t("more", "n", len(items)-max)
}

// normalHost lower-cases a host and drops a port and a trailing dot:
// "WWW.Example.org:443" is "www.example.org". A URL gives its host.
func normalHost(h string) string {
	h = strings.ToLower(strings.TrimSpace(h))
	if i := strings.Index(h, "://"); i >= 0 {
		h = h[i+3:]
	}
	if i := strings.IndexAny(h, "/?#"); i >= 0 {
		h = h[:i]
	}
	if i := strings.LastIndexByte(h, '@'); i >= 0 {
		h = h[i+1:]
	}
	if strings.HasPrefix(h, "[") {
		if i := strings.IndexByte(h, ']'); i >= 0 {
			return h[:i+1]
		}
	}
	if i := strings.LastIndexByte(h, ':'); i >= 0 {
		h = h[:i]
	}
	return strings.TrimSuffix(h, ".")
}

// agents lists the values of user-agent lines.
func (l *linter) agents(uas []robotstxt.UserAgent) string {
	var vs []string
	for _, ua := range uas {
		vs = append(vs, ua.Value)
	}
	return l.list(vs, 4)
}

// invisible reports a leading character that looks like nothing but is
// not the ASCII white space parsers trim: a no-break space, a zero-width
// space, a byte order mark. It returns the character's name ("U+00A0").
func invisible(s string) (string, bool) {
	r, _ := utf8.DecodeRuneInString(s)
	if r >= 0x80 && (unicode.IsSpace(r) || unicode.Is(unicode.Cf, r)) {
		return fmt.Sprintf("U+%04X", r), true
	}
	return "", false
}
