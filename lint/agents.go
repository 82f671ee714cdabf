package lint

import (
	"strings"

	"github.com/robotstxt/robotstxt"
	"github.com/robotstxt/robotstxt/crawlers"
)

// checkAgent: RFC 9309 section 2.2.1 makes a user-agent value a product
// token; the core package reads a value up to its first ASCII byte that is
// not a letter, digit, '-', '_' or '.' ("MJ12bot" and "Mail.RU_Bot" whole,
// "Googlebot/2.1" as Googlebot), as crawlers find their own group.
func (l *linter) checkAgent(ua robotstxt.UserAgent) {
	v, tok, n := ua.Value, ua.Token, ua.Line
	col := l.valueColumn(n, v)
	if ua.Global() && v != "*" {
		l.add(Warning, "invalid-product-token", "star", n, col, "value", quote(v), "rest", quote(strings.TrimSpace(v[1:])))
		return
	}
	if strings.Contains(v, "<") && htmlTag().MatchString(v) {
		return // html-in-line says what is wrong with the line
	}
	c, inv := invisible(v)
	switch {
	case v == "":
		l.add(Warning, "invalid-product-token", "empty", n, 0)
		return
	case inv:
		// Bytes >= 0x80 belong to a name, so a leading no-break space makes
		// a name no crawler has.
		l.add(Warning, "invalid-product-token", "invisible", n, col, "value", quote(v), "char", c)
		return
	case ua.Global() || tok == v:
		return
	}
	rest := v[len(tok):]
	switch {
	case strings.Contains(v, "*"):
		if tok == "" {
			l.add(Warning, "agent-wildcard", "none", n, col, "value", quote(v))
			return
		}
		var also []string
		for _, c := range crawlers.All() {
			if len(c.Token) > len(tok) && strings.EqualFold(c.Token[:len(tok)], tok) {
				also = append(also, c.Token)
			}
		}
		if len(also) > 0 {
			l.add(Warning, "agent-wildcard", "family", n, col, "value", quote(v), "token", tok, "others", l.list(also, 5))
		} else {
			l.add(Warning, "agent-wildcard", "", n, col, "value", quote(v), "token", tok)
		}
	case strings.EqualFold(tok, "Mozilla") && len(rest) > 1 && rest[0] == '/':
		// A browser's whole user-agent string: the crawler's own token is
		// inside it ("... (compatible; Yahoo! Slurp; ...)").
		if name := crawlerWord(v[len(tok):]); name != "" {
			l.add(Warning, "agent-with-version", "browser", n, col, "value", quote(v), "token", tok, "name", name)
		} else {
			l.add(Warning, "agent-with-version", "browser-unknown", n, col, "value", quote(v), "token", tok)
		}
	case tok != "" && len(rest) > 1 && rest[0] == '/' && rest[1] >= '0' && rest[1] <= '9':
		l.add(Warning, "agent-with-version", "", n, col, "value", quote(v), "token", tok)
	case tok == "":
		l.add(Warning, "invalid-product-token", "none", n, col, "value", quote(v))
	default:
		variant := ""
		if hasFollowers(tok) { // "Googlebot Images" is read as Googlebot
			variant = "family"
		}
		name := tok
		if c, ok := crawlers.Lookup(tok); ok && c.Token != "*" {
			// "YandexBot compatible with Googlebot": the first name is a
			// known crawler's, and the one parsers read: the fix keeps it.
		} else if w := crawlerWord(rest); w != "" {
			// "Yahoo! Slurp": the crawler's token is Slurp, not Yahoo.
			name, variant = w, "other-word"
		} else if variant == "" && !versionOnly(rest) {
			// "Internet Ninja": which word is the crawler's token only its
			// operator can say; suggesting "Internet" would cut the name.
			variant = "unsure"
		}
		sev := Warning
		if variant == "unsure" {
			// "Web Sucker", "Indy Library": old lists of bad bots, matched
			// by crawlers whose user-agent string holds the first word.
			sev = Info
		}
		l.add(sev, "invalid-product-token", variant, n, col, "value", quote(v), "token", tok, "name", name)
	}
}

// crawlerWord finds the crawler's own name in the rest of a user-agent
// value: a known token of the registry ("Yahoo! Slurp" names Slurp), else,
// in a browser-style string, the name after "compatible;" that carries a
// version ("(compatible; ExampleBot/1.0; ...)"). It never guesses from
// ordinary words, and never returns a word cut from a longer name.
//
// A crawler named only as a likeness ("compatible with Googlebot", "like
// Googlebot", "similar to ...") is another crawler, not this one: naming it
// would move the rules to the wrong crawler.
func crawlerWord(s string) string {
	low := strings.ToLower(s)
	if i := strings.Index(low, "compatible;"); i >= 0 {
		rest := strings.TrimLeft(s[i+len("compatible;"):], " +")
		if tok := robotstxt.ProductToken(rest); tok != "" && strings.HasPrefix(rest[len(tok):], "/") {
			return tok
		}
	}
	words := strings.FieldsFunc(s, func(r rune) bool { return r < 0x80 && !robotstxt.IsProductToken(string(r)) })
	for i, w := range words {
		if i > 0 && likeness[strings.ToLower(words[i-1])] {
			continue
		}
		if c, ok := crawlers.Lookup(w); ok && c.Token != "*" {
			return c.Token
		}
	}
	return ""
}

// likeness holds the words after which a crawler's name is a comparison
// ("compatible with Googlebot"), not the crawler's own name.
var likeness = map[string]bool{"with": true, "like": true, "to": true, "as": true, "than": true}

// versionOnly reports whether what follows a token is only a version
// ("/2.1", " 1.0", " v2"), so that the token alone names the crawler.
func versionOnly(rest string) bool {
	r := strings.TrimLeft(rest, " \t/")
	r = strings.TrimPrefix(strings.TrimPrefix(r, "v"), "V")
	return r != "" && strings.Trim(r, "0123456789.") == ""
}

// checkLayout looks at what lies between a group's lines: blank lines, and
// user-agent lines that look like a group of their own.
