package lint

import (
	"fmt"
	"maps"
	"slices"
	"strconv"
	"strings"

	"github.com/robotstxt/robotstxt"
	"github.com/robotstxt/robotstxt/crawlers"
)

// checkGroups looks at each group: its user-agent lines and its layout.
func (l *linter) checkGroups() {
	var stars []int // the lines of the "*" groups after the first
	firstStar := 0
	for gi := range l.r.Groups {
		g := &l.r.Groups[gi]
		global := false
		for _, ua := range g.UserAgents {
			l.checkAgent(ua)
			if ua.Global() {
				global = true
			}
		}
		if global {
			if firstStar == 0 {
				firstStar = starLine(g)
			} else {
				stars = append(stars, starLine(g))
			}
		}
		l.checkLayout(g, global)
	}
	if len(stars) > 0 {
		variant := ""
		if len(stars) > 1 {
			variant = "many"
		}
		lines := make([]string, len(stars))
		for i, n := range stars {
			lines[i] = strconv.Itoa(n)
		}
		l.add(Warning, "multiple-star-groups", variant, stars[0], 0, "first", firstStar, "count", len(stars)+1,
			"lines", l.list(lines, 8))
	}
}

func starLine(g *robotstxt.Group) int {
	for _, ua := range g.UserAgents {
		if ua.Global() {
			return ua.Line
		}
	}
	return 0
}

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
	if strings.Contains(v, "<") && htmlTag.MatchString(v) {
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
		if len(crawlers.Followers(tok)) > 0 { // "Googlebot Images" is read as Googlebot
			variant = "family"
		}
		name := tok
		if w := crawlerWord(rest); w != "" {
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
func crawlerWord(s string) string {
	words := strings.FieldsFunc(s, func(r rune) bool { return r < 0x80 && !robotstxt.IsProductToken(string(r)) })
	for _, w := range words {
		if c, ok := crawlers.Lookup(w); ok && c.Token != "*" {
			return c.Token
		}
	}
	low := strings.ToLower(s)
	if i := strings.Index(low, "compatible;"); i >= 0 {
		rest := strings.TrimLeft(s[i+len("compatible;"):], " ")
		if tok := robotstxt.ProductToken(rest); tok != "" && strings.HasPrefix(rest[len(tok):], "/") {
			return tok
		}
	}
	return ""
}

// versionOnly reports whether what follows a token is only a version
// ("/2.1", " 1.0", " v2"), so that the token alone names the crawler.
func versionOnly(rest string) bool {
	r := strings.TrimLeft(rest, " \t/")
	r = strings.TrimPrefix(strings.TrimPrefix(r, "v"), "V")
	return r != "" && strings.Trim(r, "0123456789.") == ""
}

// checkLayout looks at what lies between a group's lines: blank lines, and
// user-agent lines that look like a group of their own.
func (l *linter) checkLayout(g *robotstxt.Group, global bool) {
	uas := g.UserAgents
	if len(g.Rules) == 0 {
		variant := ""
		if global {
			variant = "star"
		}
		l.add(Warning, "empty-group", variant, uas[0].Line, 0, "agents", l.agents(uas))
		return
	}
	// User-agent lines parted from the next ones by a blank line or another
	// record still share the rules below (RFC 9309 section 2.2.1, Google);
	// Yandex ends the group at the blank line.
	last := -1 // index of the last user-agent line followed by a gap
	for i := 0; i+1 < len(uas); i++ {
		if l.parted(uas[i].Line, uas[i+1].Line) {
			last = i
		}
	}
	if last >= 0 {
		variant := "shares"
		if global {
			variant = "shares-star"
		}
		// Yandex ends a group at a blank line (docs/yandex.md); other records
		// between the lines (Crawl-delay) it is not documented to stop at.
		yandex := ""
		if l.blankBetween(uas[0].Line, uas[last+1].Line) {
			yandex = l.t("empty-group.yandex")
		}
		l.add(Warning, "empty-group", variant, uas[0].Line, 0, "agents", l.agents(uas[:last+1]),
			"next", uas[last+1].Line, "rules", g.Rules[0].Line, "yandex", yandex)
	}
	// Blank lines between the last user-agent line and the first rule.
	last, first := uas[len(uas)-1].Line, g.Rules[0].Line
	for n := last + 1; n < first; n++ {
		if ln := l.line(n); ln != nil && ln.Blank() {
			if global || l.readByYandex(uas) {
				l.add(Warning, "blank-line-in-group", "", n, 0, "agents", l.agents(uas), "rule", first)
			}
			break
		}
	}
}

// parted reports whether a blank line or a record other than a comment
// stands between two user-agent lines.
func (l *linter) parted(a, b int) bool {
	for n := a + 1; n < b; n++ {
		ln := l.line(n)
		if ln == nil {
			return false
		}
		if ln.Blank() || ln.Directive() {
			return true
		}
	}
	return false
}

// blankBetween reports a blank line between lines a and b.
func (l *linter) blankBetween(a, b int) bool {
	for n := a + 1; n < b; n++ {
		if ln := l.line(n); ln != nil && ln.Blank() {
			return true
		}
	}
	return false
}

// readByYandex reports whether Yandex's robots read the group: it names
// Yandex or one of its robots.
func (l *linter) readByYandex(uas []robotstxt.UserAgent) bool {
	for _, ua := range uas {
		if strings.EqualFold(ua.Token, "yandex") {
			return true
		}
		if c, ok := crawlers.Lookup(ua.Token); ok && strings.EqualFold(c.Fallback, "yandex") {
			return true
		}
	}
	return false
}

// A ruleSet is the merged rules of all groups naming one or more tokens, as
// the matcher sees them (RFC 9309 section 2.2.1: groups naming the same
// token are merged).
type ruleSet struct {
	tokens []string // as first written; "*" for the global groups
	groups []int
	agent  robotstxt.Agent
	rules  []robotstxt.Rule
	global bool
}

// setRules bounds the rules of all distinct rule sets together. They can
// hold far more rules than the file (thousands of names, each in one large
// shared group and a small group of its own, make thousands of sets that
// each hold the large group): past the bound, further sets are not built,
// so that the audit stays linear in the size of the file.
const setRules = 100_000

// ruleSets returns the distinct merged rule sets of the file (up to
// setRules rules in all).
func (l *linter) ruleSets() []*ruleSet {
	if l.sets != nil {
		return l.sets
	}
	total := 0
	byGroups := map[string]*ruleSet{}
	seen := map[string]bool{}
	for _, g := range l.r.Groups {
		for _, ua := range g.UserAgents {
			low := strings.ToLower(ua.Token)
			if low == "" || seen[low] {
				continue
			}
			seen[low] = true
			var a robotstxt.Agent
			if low == "*" {
				a = l.r.ExactAgent("*")
			} else {
				// The groups naming the token as written ("MJ12bot" whole),
				// without the fallbacks: rule sets are compared as written.
				a = l.r.AgentWith(ua.Token, robotstxt.AgentOptions{NoFallback: true})
			}
			key := crawlers.GroupsKey(a.Groups())
			rs := byGroups[key]
			if rs == nil {
				n := 0
				for _, gi := range a.Groups() {
					n += len(l.r.Groups[gi].Rules)
				}
				if total > 0 && total+n > setRules {
					continue
				}
				total += n
				rs = &ruleSet{groups: a.Groups(), agent: a, rules: a.Rules(), global: low == "*"}
				byGroups[key] = rs
				l.sets = append(l.sets, rs)
			}
			tok := ua.Token
			if low == "*" {
				tok = "*"
			}
			rs.tokens = append(rs.tokens, tok)
		}
	}
	if l.sets == nil {
		l.sets = []*ruleSet{}
	}
	return l.sets
}

func (l *linter) star() *ruleSet {
	for _, rs := range l.ruleSets() {
		if rs.global {
			return rs
		}
	}
	return nil
}

// checkRuleSets compares the rules that apply to the same crawlers.
func (l *linter) checkRuleSets() {
	l.budget = 4_000_000
	star := l.star()
	for _, rs := range l.ruleSets() {
		l.checkDuplicates(rs)
		l.checkShadowed(rs)
		l.checkRedundant(rs)
		l.checkAssets(rs)
		if star != nil && rs != star {
			l.checkReplacesStar(rs, star)
		}
	}
}

// checkDuplicates finds rules repeated in a set (duplicate-rule), the same
// pattern both allowed and disallowed (conflicting-rules, RFC 9309 section
// 2.2.2: allow wins a tie), and patterns that differ only in case.
func (l *linter) checkDuplicates(rs *ruleSet) {
	type first struct{ allow, disallow int }
	byPattern := map[string]*first{}
	byFold := map[string]robotstxt.Rule{}
	for _, rule := range rs.rules {
		if rule.Pattern == "" {
			continue
		}
		c := robotstxt.CanonicalPattern(rule.Pattern)
		f := byPattern[c]
		if f == nil {
			f = &first{}
			byPattern[c] = f
		}
		mine, other := &f.disallow, f.allow
		if rule.Kind == robotstxt.Allow {
			mine, other = &f.allow, f.disallow
		}
		switch {
		case *mine != 0:
			variant := ""
			if !l.sameGroup(*mine, rule.Line) {
				variant = "merged"
			}
			l.add(Warning, "duplicate-rule", variant, rule.Line, 0, "rule", ruleText(rule), "first", *mine, "agents", l.list(rs.tokens, 4))
		case other != 0:
			a, d := rule.Line, other
			if rule.Kind == robotstxt.Disallow {
				a, d = other, rule.Line
			}
			l.add(Warning, "conflicting-rules", "", rule.Line, 0, "pattern", quote(rule.Pattern), "allow", a, "disallow", d)
		}
		if *mine == 0 {
			*mine = rule.Line
		}
		fold := strings.ToLower(c)
		if prev, ok := byFold[fold]; ok && robotstxt.CanonicalPattern(prev.Pattern) != c {
			l.add(Info, "case-mismatch-hint", "pair", rule.Line, 0, "pattern", quote(rule.Pattern),
				"other", quote(prev.Pattern), "first", prev.Line)
		} else if !ok {
			byFold[fold] = rule
		}
	}
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

type compiled struct {
	rule  robotstxt.Rule
	glob  glob
	canon string
	pri   int
}

// checkShadowed finds rules that can never decide any path (RFC 9309
// section 2.2.2: the longest match wins, allow on a tie). A rule never
// decides when another rule matches every path it matches and always beats
// it: a rule of the other kind at least as long (longer, when the other is a
// disallow), or a longer rule of the same kind. Exact repeats are left to
// duplicate-rule and conflicting-rules.
func (l *linter) checkShadowed(rs *ruleSet) {
	var cs []compiled
	byKey := map[string][]int{}
	type kindPattern struct {
		kind  robotstxt.RuleKind
		canon string
	}
	seen := map[kindPattern]bool{}
	for _, rule := range rs.rules {
		c := robotstxt.CanonicalPattern(rule.Pattern)
		if seen[kindPattern{rule.Kind, c}] {
			continue // a repeat: duplicate-rule reports it
		}
		seen[kindPattern{rule.Kind, c}] = true
		g, ok := toGlob(rule.Pattern)
		if !ok {
			continue
		}
		byKey[g.key] = append(byKey[g.key], len(cs))
		cs = append(cs, compiled{rule: rule, glob: g, canon: c, pri: len(c)})
	}
	// A rule can only be covered by rules whose literal prefix is a prefix
	// of its own: walk up the chain of keys that are prefixes of each other.
	keys := slices.Sorted(maps.Keys(byKey))
	parent := make(map[string]string, len(keys))
	var stack []string
	for _, k := range keys {
		for len(stack) > 0 && !strings.HasPrefix(k, stack[len(stack)-1]) {
			stack = stack[:len(stack)-1]
		}
		if len(stack) > 0 {
			parent[k] = stack[len(stack)-1]
		}
		stack = append(stack, k)
	}
	for i := range cs {
		a := &cs[i]
		// Google: an allowed ".../index.htm..." also allows its directory,
		// which the comparison below does not model; leave such rules alone.
		if a.rule.Kind == robotstxt.Allow && strings.Contains(a.canon[strings.LastIndexByte(a.canon, '/')+1:], "index.htm") {
			continue
		}
		var by *compiled
		other := false
		for k, more := a.glob.key, true; more && l.budget > 0; k, more = parent[k] {
			for _, j := range byKey[k] {
				l.budget--
				b := &cs[j]
				if j == i || b.canon == a.canon {
					continue
				}
				var beats, otherKind bool
				if b.rule.Kind != a.rule.Kind {
					otherKind = true
					beats = b.pri > a.pri || b.pri == a.pri && b.rule.Kind == robotstxt.Allow
				} else {
					beats = b.pri > a.pri
				}
				if !beats || by != nil && (other || !otherKind) {
					continue
				}
				l.budget -= len(a.glob.text) + len(b.glob.text)
				if covers(b.glob.text, a.glob.text) {
					by, other = b, otherKind
				}
			}
		}
		if by == nil {
			continue
		}
		args := []any{"rule", ruleText(a.rule), "by", ruleText(by.rule), "line", by.rule.Line}
		if other {
			l.add(Warning, "shadowed-rule", "", a.rule.Line, 0, args...)
		} else {
			l.add(Info, "redundant-rule", "", a.rule.Line, 0, args...)
		}
	}
}

// assetDirs hold a site's CSS and JavaScript in common setups.
var assetDirs = []string{"/wp-includes/", "/wp-content/themes/", "/wp-content/plugins/", "/_next/static/", "/_nuxt/",
	"/static/css/", "/static/js/", "/assets/css/", "/assets/js/", "/css/", "/js/"}

// checkAssets finds disallow rules that keep renderers (Google, Bing,
// Yandex and the rest of "*") from CSS and JavaScript files: patterns about
// .css/.js files, and rules over the usual asset folders.
func (l *linter) checkAssets(rs *ruleSet) {
	if !rs.global && !l.searchSet(rs) {
		return
	}
	if crawlers.Closed(rs.rules) {
		return // site-closed says more
	}
	for _, rule := range rs.rules {
		if rule.Kind != robotstxt.Disallow || notAsset(rule.Pattern) {
			continue
		}
		g, ok := toGlob(rule.Pattern)
		if !ok {
			continue
		}
		var probes []string
		variant := "" // files of a kind; "folder": a usual asset folder, a guess
		if ext := assetExt(g.text); ext != "" {
			// "/*.js", "/assets/*.css": files of a kind. A rule naming one
			// script ("/x/remove-utms-*.js") is a deliberate choice.
			last := g.text[strings.LastIndexByte(g.text, '/')+1:]
			if !strings.HasPrefix(strings.TrimLeft(last, "*"), ".") {
				continue
			}
			probes = append(probes, witness(rule.Pattern))
		} else {
			variant = "folder"
			for _, d := range assetDirs {
				switch {
				case strings.HasPrefix(d, g.key) && g.key != "" && g.key != "/" &&
					(strings.HasSuffix(g.key, "/") || d[len(g.key)] == '/'):
					// The rule covers the whole folder ("/wp-includes", "/assets/").
					probes = append(probes, d+"app.css", d+"app.js")
				case strings.HasPrefix(g.key, d) && strings.HasSuffix(g.text, "/*"):
					// A folder inside an asset folder ("/wp-includes/js/").
					w := witness(rule.Pattern)
					probes = append(probes, w+"app.css", w+"app.js")
				}
			}
		}
		for _, p := range probes {
			v := rs.agent.Check("http://h" + p)
			if !v.Allowed && v.Rule != nil && v.Rule.Line == rule.Line {
				l.add(Warning, "blocks-css-js", variant, rule.Line, 0, "rule", ruleText(rule), "path", p, "agents", l.list(rs.tokens, 4))
				break
			}
		}
	}
}

// buildFiles are JavaScript files of a site's build, never loaded by its
// pages: blocking them hides nothing a renderer needs.
var buildFiles = map[string]bool{"gruntfile.js": true, "gulpfile.js": true, "gulpfile.babel.js": true, "package.json": true,
	"karma.conf.js": true, "protractor.conf.js": true, ".eslintrc.js": true}

// notAsset reports a disallow rule over JavaScript that pages do not need
// rendered: Shopify's default "Disallow: /cdn/wpm/*.js" (its web-pixel
// sandbox) and build files ("/Gruntfile.js", "/webpack.config.js").
func notAsset(pattern string) bool {
	low := strings.ToLower(strings.TrimSuffix(pattern, "$"))
	if strings.HasPrefix(low, "/cdn/wpm/") {
		return true
	}
	base := low[strings.LastIndexByte(low, '/')+1:]
	return buildFiles[base] || strings.HasSuffix(base, ".config.js") || strings.HasSuffix(base, ".conf.js")
}

// assetExt reports a glob that names .css or .js files.
func assetExt(g string) string {
	for _, ext := range []string{".css", ".js"} {
		for i := 0; ; {
			j := strings.Index(g[i:], ext)
			if j < 0 {
				break
			}
			end := i + j + len(ext)
			if end == len(g) || g[end] == '*' || g[end] == '?' {
				return ext
			}
			i = end
		}
	}
	return ""
}

// searchSet reports whether a rule set applies to a search engine that
// renders pages (Googlebot, bingbot, Yandex and their kin).
func (l *linter) searchSet(rs *ruleSet) bool {
	for _, t := range rs.tokens {
		if isSearchToken(t) {
			return true
		}
	}
	return false
}

func isSearchToken(t string) bool {
	if c, ok := crawlers.Lookup(t); ok {
		return c.Purpose == crawlers.PurposeSearch
	}
	return len(crawlers.Followers(t)) > 0 // "Yandex"
}

// checkReplacesStar: a crawler with a group of its own does not read the
// "*" group (RFC 9309 section 2.2.1), so it may fetch what "*" disallows
// unless its group repeats the rule. Groups that disallow nothing (open on
// purpose) or everything (closed) lose nothing that matters.
func (l *linter) checkReplacesStar(rs, star *ruleSet) {
	restricts := false
	for _, r := range rs.rules {
		if r.Kind == robotstxt.Disallow && r.Pattern != "" {
			restricts = true
		}
	}
	if !restricts || crawlers.Closed(rs.rules) || crawlers.Closed(star.rules) {
		// A named group beside a closed "*" is how crawlers are let in.
		return
	}
	ignores := true // every token of the set ignores "*" anyway (AdsBot-Google)
	for _, t := range rs.tokens {
		if c, ok := crawlers.Lookup(t); !ok || !c.IgnoresStar {
			ignores = false
		}
	}
	if ignores {
		return
	}
	var lost []string
	count := 0
	done := map[string]bool{}
	for _, r := range star.rules {
		if r.Kind != robotstxt.Disallow || l.budget <= 0 || done[r.Pattern] {
			continue
		}
		done[r.Pattern] = true
		w := witness(r.Pattern)
		if w == "" {
			continue
		}
		l.budget -= 64
		u := "http://h" + w
		if v := star.agent.Check(u); v.Allowed {
			continue
		}
		if v := rs.agent.Check(u); v.Allowed {
			count++
			if len(lost) < 4 {
				lost = append(lost, fmt.Sprintf("%s (%s)", ruleText(r), l.t("at-line", "line", r.Line)))
			}
		}
	}
	if count == 0 {
		return
	}
	list := strings.Join(lost, ", ")
	if count > len(lost) {
		list += l.t("more", "n", count-len(lost))
	}
	first := rs.agent.UserAgents()[0].Line
	variant := ""
	if len(rs.tokens) > 1 {
		variant = "many" // "GPTBot and CCBot have a group of their own"
	}
	l.add(Warning, "named-group-replaces-star", variant, first, 0, "agents", l.list(rs.tokens, 4), "count", l.count(count, "rule"),
		"rules", list, "star", starLineOf(star))
}

func starLineOf(rs *ruleSet) int {
	if uas := rs.agent.UserAgents(); len(uas) > 0 {
		return uas[0].Line
	}
	return 0
}
