package lint

import (
	"cmp"
	"maps"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"sync"
	"unicode/utf8"

	"github.com/robotstxt/robotstxt"
	"github.com/robotstxt/robotstxt/crawlers"
)

// gluedKey finds a record name with its colon inside a value: directives
// run together on one line ("Disallow: /a Disallow: /b",
// "Disallow: /library/User-agent: *").
// The names that occur inside words or paths ("/ghost:", "/host:8080")
// count only where a value of their kind follows.
// It is compiled on first use, not at start-up (issue 25).
var gluedKey = sync.OnceValue(func() *regexp.Regexp {
	return regexp.MustCompile(`(?i)(user-agent|disallow|crawl-delay|clean-param)\s*:|` +
		`(^|[^a-z])(allow\s*:\s*[/*]|sitemap\s*:\s*https?:|host\s*:\s*[a-z])`)
})

// gluedAt is gluedKey.FindStringIndex, skipping the regular expression for
// the many values without a colon.
func gluedAt(v string) []int {
	if !mayGlue(v) {
		return nil
	}
	loc := gluedKey().FindStringIndex(v)
	if loc != nil && loc[0] < len(v) && !isLetter(v[loc[0]]) {
		loc[0]++ // the character before "allow:", "sitemap:" or "host:"
	}
	return loc
}

// gluedWords end every record name gluedKey finds.
var gluedWords = []string{"user-agent", "crawl-delay", "clean-param", "allow", "sitemap", "host"}

// mayGlue reports whether gluedKey could match v: a colon right after one
// of its record names (spaces between), or a byte beyond ASCII, which
// case-insensitive matching may fold to a letter of one ("ſitemap").
// Most values with a colon are URLs, where this saves the regular
// expression.
func mayGlue(v string) bool {
	for i := 0; i < len(v); i++ {
		if v[i] >= 0x80 {
			return true
		}
	}
	for i := 0; i < len(v); i++ {
		if v[i] != ':' {
			continue
		}
		w := strings.TrimRight(v[:i], "\t\n\f\r ")
		for _, k := range gluedWords {
			if len(w) >= len(k) && strings.EqualFold(w[len(w)-len(k):], k) {
				return true
			}
		}
	}
	return false
}

func isLetter(c byte) bool { return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' }

// htmlTag finds the HTML tags that CMS editors and copy-paste leave in a
// robots.txt.
var htmlTag = sync.OnceValue(func() *regexp.Regexp {
	return regexp.MustCompile(`(?i)</?(br|p|div|span|a|b|i|strong|em|pre|code|html|body|font|li|ul)(\s[^<>]*)?/?>`)
})

// checkValues looks at what stands inside a rule's value: spaces, several
// paths, glued directives, '#' and host names (RFC 9309 section 2.2.2: a
// path is one token without spaces; '#' starts a comment).
func (l *linter) checkValues() {
	for i := 0; i < l.parsed; i++ {
		ln := &l.lines[i]
		if ln.Field != robotstxt.FieldAllow && ln.Field != robotstxt.FieldDisallow {
			continue
		}
		l.checkHash(ln)
		v := ln.Value
		if v == "" {
			continue
		}
		kind := "Disallow"
		if ln.Field == robotstxt.FieldAllow {
			kind = "Allow"
		}
		// The column is only worked out for a finding.
		col := func() int { return l.valueColumn(ln.Number, v) }
		if loc := gluedAt(v); loc != nil && loc[1] > 0 && strings.TrimSpace(v[:loc[0]]) != "" {
			first := strings.TrimSpace(v[:loc[0]])
			rest := strings.TrimSpace(v[loc[0]:])
			variant := gluedSplit(kind, first, rest, isWordByte(v[loc[0]-1]))
			f := l.add(Error, "glued-directives", variant, ln.Number, col()+runeCount(v[:loc[0]]), "value", quote(v),
				"kind", kind, "first", first, "rest", quote(rest))
			if variant == "" {
				l.fixGlued(f, ln, first, rest) // fix.go: only a split the audit is sure of
			}
			continue
		}
		if !strings.ContainsAny(v, " \t") {
			l.checkHostPath(ln, kind)
			continue
		}
		fields := strings.Fields(v)
		several := len(fields) > 1
		for _, f := range fields {
			// "/anal /" is a stray space, not a second path: splitting it
			// would make "Disallow: /", which closes the site.
			if f[0] != '/' && f[0] != '*' || crawlers.MatchesEverything(f) {
				several = false
			}
		}
		if several {
			var lines []string
			for _, f := range fields {
				lines = append(lines, `"`+kind+": "+f+`"`)
			}
			l.add(Error, "several-paths", "", ln.Number, col(), "value", quote(v), "kind", kind, "count", len(fields),
				"lines", l.list(lines, 6))
			continue
		}
		if !strings.HasPrefix(v, "/") && !strings.HasPrefix(v, "*") {
			continue // pattern-no-slash says more
		}
		l.add(Error, "space-in-path", "", ln.Number, col()+strings.IndexAny(v, " \t"), "value", quote(v), "kind", kind,
			"fixed", strings.NewReplacer(" ", "%20", "\t", "%09").Replace(v))
	}
}

// checkHash: '#' starts a comment anywhere in a line, so "/page#top" is the
// rule "/page", which also matches "/pages/" and everything below. A '#'
// right after the value (no space before it) is the sign.
func (l *linter) checkHash(ln *robotstxt.Line) {
	c := content(ln)
	if len(c) == len(ln.Text) || ln.Value == "" || strings.Contains(ln.Text, "\x00") {
		return
	}
	if hasPrefixLower(ln.Value, "http://") || hasPrefixLower(ln.Value, "https://") {
		return
	}
	if strings.HasSuffix(c, " ") || strings.HasSuffix(c, "\t") {
		return // "Disallow: /x # note": a comment, as meant
	}
	rest := ln.Text[len(c)+1:]
	if rest == "" || rest[0] == ' ' || rest[0] == '#' {
		return
	}
	meant := strings.TrimSpace(ln.Value + "#" + strings.Fields(rest + " ")[0])
	variant := ""
	if crawlers.MatchesEverything(ln.Value) {
		variant = "everything"
	}
	l.add(Warning, "hash-in-path", variant, ln.Number, runeCount(c)+1, "value", quote(meant), "read", quote(ln.Value))
}

// fileExts are the endings that make "/name.ext" a file, not a host.
var fileExts = map[string]bool{"html": true, "htm": true, "shtml": true, "php": true, "asp": true, "aspx": true, "jsp": true,
	"cgi": true, "pl": true, "xml": true, "txt": true, "pdf": true, "js": true, "css": true, "json": true, "gz": true,
	"zip": true, "jpg": true, "jpeg": true, "png": true, "gif": true, "svg": true, "ico": true, "doc": true, "docx": true,
	"xls": true, "xlsx": true, "ppt": true, "rss": true, "atom": true, "do": true, "action": true, "cfm": true, "md": true}

// genericTLDs are the top-level domains a host name written as a path
// usually ends with; with a two-letter country code, the second-level
// names that come before it ("example.co.uk").
var (
	genericTLDs = map[string]bool{"com": true, "net": true, "org": true, "gov": true, "edu": true, "mil": true,
		"int": true, "info": true, "biz": true}
	secondLevel = map[string]bool{"co": true, "com": true, "ac": true, "gov": true, "org": true, "net": true, "edu": true}
)

// hostLike reports labels that read as a host name: "www." first, or a
// generic top-level domain last, or a country code after a usual
// second-level name. "/momma.made.it/" and "/st.paul.events/" (calendar
// names) are not.
func hostLike(labels []string) bool {
	n := len(labels)
	tld := labels[n-1]
	switch {
	case labels[0] == "www" && n >= 2:
		return !fileExts[tld]
	case genericTLDs[tld]:
		return true
	case len(tld) == 2 && n >= 3 && secondLevel[labels[n-2]]:
		return true
	}
	return false
}

// checkHostPath: "/beta.example.gov" is a host name written as a path; a
// robots.txt cannot speak for another host.
func (l *linter) checkHostPath(ln *robotstxt.Line, kind string) {
	v := ln.Value
	if !strings.HasPrefix(v, "/") {
		return
	}
	seg, _, _ := strings.Cut(v[1:], "/")
	seg = strings.TrimSuffix(strings.TrimSuffix(seg, "$"), "*")
	// Most paths are not two names and a dot: skip them without splitting.
	if dots := strings.Count(seg, "."); dots == 0 || dots == 1 && !strings.EqualFold(seg[:strings.IndexByte(seg, '.')], "www") {
		return
	}
	labels := strings.Split(strings.ToLower(seg), ".")
	if len(labels) < 2 || len(labels) == 2 && labels[0] != "www" {
		return
	}
	if !hostLike(labels) {
		return
	}
	for _, lb := range labels {
		if lb == "" || strings.Trim(lb, "abcdefghijklmnopqrstuvwxyz0123456789-") != "" {
			return
		}
	}
	l.add(Warning, "host-as-path", "", ln.Number, l.valueColumn(ln.Number, v), "value", quote(v), "host", seg, "kind", kind)
}

// matchesEverything is crawlers.MatchesEverything, which needs a pattern
// of '/', '*' and '$' only: most patterns fail that at their second byte,
// checked here without building a set of bytes for each.
func matchesEverything(p string) bool {
	for i := 0; i < len(p); i++ {
		if c := p[i]; c != '/' && c != '*' && c != '$' {
			return false
		}
	}
	return crawlers.MatchesEverything(p)
}

// checkHomePageOnly: "Disallow: /" with "Allow: /$" opens only the home
// page; site-closed does not fire (an Allow opens something), so say it.
func (l *linter) checkHomePageOnly() {
	for _, rs := range l.ruleSets() {
		var closing *robotstxt.Rule
		home := false
		other := false
		for i, r := range rs.rules {
			switch {
			case r.Kind == robotstxt.Disallow && matchesEverything(r.Pattern):
				if closing == nil {
					closing = &rs.rules[i]
				}
			case r.Kind == robotstxt.Allow && isHomePattern(r.Pattern):
				home = true
			case r.Kind == robotstxt.Allow && r.Pattern != "":
				other = true
			}
		}
		if closing == nil || !home || other {
			continue
		}
		sev := Info
		if rs.global || majorEngine(rs.tokens) {
			sev = Warning
		}
		l.add(sev, "home-page-only", "", closing.Line, 0, "agents", l.list(rs.tokens, 4))
	}
}

func isHomePattern(p string) bool {
	switch p {
	case "/$", "/index.html$", "/index.php$", "/index.htm$":
		return true
	}
	return false
}

// Yandex's limits (its robots.txt error list): at most 2,048 rules, and a
// rule at most 1,024 characters long.
const (
	yandexMaxRules  = 2048
	yandexMaxLength = 1024
)

// checkYandexLimits counts the rules of the groups Yandex's main robot
// reads (its own, Yandex's, else "*").
func (l *linter) checkYandexLimits() {
	c, _ := crawlers.Lookup("YandexBot")
	a, _, src := crawlers.Resolve(l.r, c)
	if src == crawlers.SourceNone {
		return
	}
	rules := a.Rules()
	if len(rules) > yandexMaxRules {
		first := rules[yandexMaxRules].Line
		l.add(Warning, "yandex-limits", "count", first, 0, "count", len(rules), "max", yandexMaxRules)
	}
	for _, r := range rules {
		if n := utf8.RuneCountInString(r.Pattern); n > yandexMaxLength {
			l.add(Warning, "yandex-limits", "length", r.Line, 0, "length", n, "max", yandexMaxLength)
		}
	}
}

// checkRepeated: Crawl-delay twice in one group, or Host twice in the
// file; crawlers take one of them, and which one differs.
func (l *linter) checkRepeated() {
	delay := 0 // line of the current group's Crawl-delay
	host := 0
	inAgents := false
	for i := 0; i < l.parsed; i++ {
		ln := &l.lines[i]
		switch {
		case ln.Field == robotstxt.FieldUserAgent:
			if !inAgents {
				delay = 0
			}
			inAgents = true
			continue
		case !ln.Directive():
			continue
		}
		inAgents = false
		if ln.Field != robotstxt.FieldOther {
			continue
		}
		switch strings.ToLower(ln.Key) {
		case "crawl-delay":
			if delay != 0 && l.firstAgent != 0 {
				l.add(Warning, "repeated-directive", "", ln.Number, 1, "key", "Crawl-delay", "first", delay)
			} else {
				delay = ln.Number
			}
		case "host":
			if host != 0 {
				l.add(Warning, "repeated-directive", "host", ln.Number, 1, "key", "Host", "first", host)
			} else {
				host = ln.Number
			}
		}
	}
}

// lookalikes maps characters that look like the ASCII letters and hyphen
// of field names to them: dashes, a minus, Cyrillic and Greek letters.
var lookalikes = map[rune]rune{
	'\u2010': '-', '\u2011': '-', '\u2012': '-', '\u2013': '-', '\u2014': '-', '\u2212': '-', '\uFE63': '-', '\uFF0D': '-',
	'а': 'a', 'е': 'e', 'о': 'o', 'р': 'p', 'с': 'c', 'у': 'y', 'х': 'x', 'і': 'i', 'ѕ': 's', 'А': 'A', 'В': 'B',
	'Е': 'E', 'К': 'K', 'М': 'M', 'Н': 'H', 'О': 'O', 'Р': 'P', 'С': 'C', 'Т': 'T', 'Х': 'X', 'Α': 'A', 'Ε': 'E',
	'Ο': 'O', 'ο': 'o', 'Τ': 'T',
}

// lookalikeKey returns the field name a key spells with lookalike
// characters ("User‑agent" with U+2011), and the first such character.
func lookalikeKey(key string) (name, char string, ok bool) {
	var b strings.Builder
	for _, r := range key {
		if a, found := lookalikes[r]; found {
			if char == "" {
				char = "U+" + hex4(r)
			}
			r = a
		} else if r == '\u00AD' || r == '\u200B' {
			if char == "" {
				char = "U+" + hex4(r)
			}
			continue
		}
		b.WriteRune(r)
	}
	if char == "" || !isKnownKey(b.String()) {
		return "", "", false
	}
	return displayKey(strings.ToLower(b.String())), char, true
}

func hex4(r rune) string {
	const digits = "0123456789ABCDEF"
	return string([]byte{digits[r>>12&15], digits[r>>8&15], digits[r>>4&15], digits[r&15]})
}

// checkHTML: HTML tags inside a line, left by a CMS editor or a copy from a
// web page ("Disallow: /x<br/>").
func (l *linter) checkHTML() {
	for i := 0; i < l.parsed; i++ {
		ln := &l.lines[i]
		c := content(ln)
		if !strings.Contains(c, "<") || !strings.Contains(c, ">") {
			continue
		}
		if m := htmlTag().FindStringIndex(c); m != nil {
			l.add(Warning, "html-in-line", "", ln.Number, runeCount(c[:m[0]])+1, "tag", quote(c[m[0]:m[1]]))
		}
	}
}

// checkSitemaps: no Sitemap line at all (info), and sitemaps on another
// host than the file's (when the host is known).
func (l *linter) checkSitemaps() {
	seen := false
	for i := 0; i < l.parsed; i++ {
		ln := &l.lines[i]
		if ln.Field != robotstxt.FieldSitemap {
			continue
		}
		seen = true
		low := strings.ToLower(ln.Value)
		if l.host == "" || !(strings.HasPrefix(low, "http://") || strings.HasPrefix(low, "https://")) {
			continue
		}
		if h := normalHost(ln.Value); h != "" && h != l.host {
			l.add(Info, "sitemap-other-host", "", ln.Number, l.valueColumn(ln.Number, ln.Value), "value", quote(ln.Value),
				"host", h, "own", l.host)
		}
	}
	if !seen && len(l.r.Groups) > 0 {
		l.add(Info, "no-sitemap", "", 0, 0)
	}
}

// checkBroadPrefix: a rule without a trailing "/" also matches every path
// that merely starts with it ("Disallow: /test" blocks "/testimonial").
// Reported when the file itself names such a longer path and disallows it
// nowhere (an Allow, so the catch is known to be real and to matter): a
// longer path the file disallows for other crawlers (yandex.com.tr's
// "/sportagent" beside "/sport", ibm.com's "/links" beside "/link") shows
// the owner means the prefix, and "/sport/" would open it.
func (l *linter) checkBroadPrefix() {
	var all []string            // every pattern of the file, sorted; built when first needed
	var blocked map[string]bool // every Disallow pattern of the file; the same
	for _, rs := range l.ruleSets() {
		for _, r := range rs.rules {
			p := r.Pattern
			if r.Kind != robotstxt.Disallow || len(p) < 3 || p[0] != '/' || !isNameByte(p[len(p)-1]) ||
				p[len(p)-1] == '-' || p[len(p)-1] == '_' || strings.ContainsAny(p, "*$?=.&") {
				continue
			}
			if all == nil {
				for _, g := range l.r.Groups {
					for _, r := range g.Rules {
						all = append(all, r.Pattern)
					}
				}
				slices.Sort(all)
				all = slices.Compact(all)
			}
			if blocked == nil {
				blocked = map[string]bool{}
				for _, g := range l.r.Groups {
					for _, r := range g.Rules {
						if r.Kind == robotstxt.Disallow {
							blocked[r.Pattern] = true
						}
					}
				}
			}
			i, _ := slices.BinarySearch(all, p)
			var longer []string
			// Bounded: a file with thousands of rules under one prefix would
			// otherwise cost a quadratic walk.
			for tries := 0; i < len(all) && strings.HasPrefix(all[i], p) && len(longer) < 3 && tries < 64; i, tries = i+1, tries+1 {
				if len(all[i]) <= len(p) || !isNameByte(all[i][len(p)]) || blocked[all[i]] {
					continue
				}
				// Only a catch this very rule decides: a longer Allow wins anyway.
				if w := witness(all[i]); w != "" {
					if v := rs.agent.Check("http://h" + w); !v.Allowed && v.Rule != nil && v.Rule.Line == r.Line {
						longer = append(longer, all[i])
					}
				}
			}
			if len(longer) == 0 {
				continue
			}
			l.add(Info, "broad-prefix", "", r.Line, 0, "pattern", quote(p), "examples", l.list(longer, 3), "fixed", p+"/")
		}
	}
}

func isNameByte(c byte) bool {
	return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '-' || c == '_'
}

// checkRedundant finds longer rules that a shorter rule of the same kind
// makes redundant ("Disallow: /ref/" then "Disallow: /ref/x"): every path
// the longer one matches, the shorter one matches too, with the same
// outcome, as long as no rule of the other kind could decide between them.
// Such a rule is left alone when any rule of the other kind at least as
// long as the shorter one shares its literal prefix (or starts with '*'):
// it might decide some paths, which the rule would then take back.
func (l *linter) checkRedundant(rs *ruleSet) {
	if len(rs.entries) > maxRedundantRules {
		// Bounded (the walk below the prefixes of each rule would cost
		// too much); shadowed-rule's budget covers the rest.
		l.left.large = append(l.left.large, rs)
		return
	}
	// The entries (deduplicated by checkDuplicates) in the order of their
	// keys.
	cs, runs := rs.entries, rs.keyRuns()
	made := map[int][]robotstxt.Rule{} // longer rules made redundant, by the line of the shorter one
	byRule := map[int]robotstxt.Rule{}
	for _, ai := range runs.order {
		if l.budget <= 0 {
			l.outOfBudget = true
			return
		}
		a := &cs[ai]
		var by *compiled
		risky := false
		// Rules whose literal prefix is a prefix of a's, longest first.
		for r := runs.runOf[ai]; r >= 0 && !risky; r = runs.parent[r] {
			for _, bi := range runs.run(r) {
				l.budget--
				b := &cs[bi]
				if b.rule.Line == a.rule.Line {
					continue
				}
				if b.rule.Kind != a.rule.Kind {
					risky = true
					break
				}
				if b.pri < a.pri && (by == nil || b.pri < by.pri) && covers(b.glob.text, a.glob.text) {
					by = b
				}
			}
		}
		if by == nil || risky || covers(a.glob.text, by.glob.text) {
			continue // equivalent patterns: shadowed-rule's reading
		}
		// Rules of the other kind below a's prefix could decide paths a
		// matches: they follow a's run in key order.
		for _, bi := range runs.order[runs.runStart[runs.runOf[ai]]:] {
			b := &cs[bi]
			if !strings.HasPrefix(b.glob.key, a.glob.key) {
				break
			}
			l.budget--
			if b.rule.Kind != a.rule.Kind {
				risky = true
				break
			}
		}
		if risky {
			continue
		}
		made[by.rule.Line] = append(made[by.rule.Line], *a.rule)
		byRule[by.rule.Line] = *by.rule
	}
	// One finding per shorter rule, naming the longer ones it makes
	// redundant: a file listing hundreds of pages under one folder gets one
	// finding, not hundreds.
	for _, line := range slices.Sorted(maps.Keys(made)) {
		longer := made[line]
		// In file order, whatever order the keys gave.
		slices.SortFunc(longer, func(a, b robotstxt.Rule) int { return cmp.Compare(a.Line, b.Line) })
		var lines []string
		for _, r := range longer {
			lines = append(lines, strconv.Itoa(r.Line))
		}
		where := l.t("at-line", "line", lines[0])
		if len(lines) > 1 {
			where = l.t("at-lines", "lines", l.list(lines, 8))
		}
		l.add(Info, "redundant-rule", "longer", line, 0, "rule", ruleText(byRule[line]), "count", l.count(len(longer), "rule"),
			"lines", where)
	}
}

// maxRedundantRules bounds the distinct rules of a set that redundant-rule
// compares.
const maxRedundantRules = 5000

// checkLimits says where the limits of the rule-comparing checks left part
// of the file uncompared: a clean audit of such a file does not prove that
// no rule is shadowed, repeated or redundant.
func (l *linter) checkLimits() {
	if n := len(l.left.names); n > 0 {
		l.add(Info, "audit-limit", "", l.left.line, 0, "count", l.count(n, "name"), "agents", l.list(l.left.names, 4),
			"limit", l.number(l.limits.setRules))
	}
	if large := l.left.large; len(large) > 0 {
		var names []string
		for _, rs := range large {
			names = append(names, rs.tokens...)
		}
		l.add(Info, "audit-limit", "large", starLineOf(large[0]), 0, "sets", l.count(len(large), "rule set"),
			"agents", l.list(names, 4), "limit", l.number(maxRedundantRules))
	}
	if l.outOfBudget {
		l.add(Info, "audit-limit", "budget", 0, 0, "limit", l.number(l.limits.budget))
	}
}

// gluedSplit says whether splitting a glued line ("Disallow: /a Disallow:
// /b") into its two directives is certain to be what was meant (""), or
// would change far more than the line does today: "closes" when a half
// would disallow the whole site ("Disallow: /Disallow: /": today the line
// matches nothing), "opens" when a half would allow it all, and "cut" when
// the first half is not a path (its start was lost), "inword" when the
// directive starts inside a word (inWord). Only a certain split
// is offered as the fix.
func gluedSplit(kind, first, rest string, inWord bool) string {
	name, val, _ := strings.Cut(rest, ":")
	name = strings.ToLower(strings.TrimSpace(name))
	val = strings.TrimSpace(val)
	if i := strings.IndexAny(val, " \t#"); i >= 0 {
		val = val[:i]
	}
	switch {
	case kind == "Disallow" && crawlers.MatchesEverything(first),
		name == "disallow" && crawlers.MatchesEverything(val):
		return "closes"
	case kind == "Allow" && crawlers.MatchesEverything(first),
		name == "allow" && crawlers.MatchesEverything(val):
		return "opens"
	case first[0] != '/' && first[0] != '*':
		return "cut"
	case (name == "disallow" || name == "allow") && inWord:
		// "/fs/serve/bottoDisallow: /m/dbds356": the directive starts
		// inside a word, so the break may belong elsewhere ("bottom"), and
		// "/fs/serve/botto" would block a whole folder.
		return "inword"
	}
	return ""
}

func isWordByte(c byte) bool { return isLetter(c) || c >= '0' && c <= '9' }
