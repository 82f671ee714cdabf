package lint

import (
	"cmp"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"sync"

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
	// entries are the rules the rule-comparing checks compare: the first
	// of each kind and canonical pattern that matches some path, in file
	// order (checkDuplicates fills them); runs orders them by key.
	entries []compiled
	runs    *keyRuns // see keyRuns
	closing *closing // see closedBy
}

// ruleSets returns the distinct merged rule sets of the file, up to
// limits.setRules rules in all. They can hold far more rules than the file
// (thousands of names, each in one large shared group and a small group of
// its own, make thousands of sets that each hold the large group): past the
// bound, further sets are not built, so that the audit stays linear in the
// size of the file; the names left out are kept for audit-limit.
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
				if total > 0 && total+n > l.limits.setRules {
					if len(l.left.names) == 0 {
						l.left.line = ua.Line
					}
					l.left.names = append(l.left.names, ua.Token)
					continue
				}
				total += n
				rs = &ruleSet{groups: a.Groups(), agent: a, rules: l.groupRules(a.Groups()), global: low == "*"}
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

// closedBy is crawlers.ClosedBy(rs.rules), computed once: several checks
// ask it of every set.
func (rs *ruleSet) closedBy() (robotstxt.Rule, bool) {
	if rs.closing == nil {
		r, ok := crawlers.ClosedBy(rs.rules)
		rs.closing = &closing{r, ok}
	}
	return rs.closing.rule, rs.closing.ok
}

// closed is crawlers.Closed(rs.rules).
func (rs *ruleSet) closed() bool {
	_, ok := rs.closedBy()
	return ok
}

type closing struct {
	rule robotstxt.Rule
	ok   bool
}

// groupRules is Agent.Rules for the agent of these groups: their rules in
// file order. A single group's rules are its own, not a copy.
func (l *linter) groupRules(groups []int) []robotstxt.Rule {
	if len(groups) == 1 {
		rules := l.r.Groups[groups[0]].Rules
		return rules[:len(rules):len(rules)]
	}
	n := 0
	for _, gi := range groups {
		n += len(l.r.Groups[gi].Rules)
	}
	out := make([]robotstxt.Rule, 0, n)
	for _, gi := range groups {
		out = append(out, l.r.Groups[gi].Rules...)
	}
	return out
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
	l.budget = l.limits.budget
	star := l.star()
	for _, rs := range l.ruleSets() {
		l.checkDuplicates(rs)
		l.checkShadowed(rs)
		l.checkRedundant(rs)
		rs.entries, rs.runs = nil, nil // no other check reads them: let them go
		l.checkAssets(rs)
		if star != nil && rs != star {
			l.checkReplacesStar(rs, star)
		}
	}
}

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
			l.add(Warning, "duplicate-rule", variant, rule.Line, 0, "rule", ruleText(rule), "first", int(*mine), "agents", l.list(rs.tokens, 4))
		case other != 0:
			a, d := rule.Line, int(other)
			if rule.Kind == robotstxt.Disallow {
				a, d = int(other), rule.Line
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

// checkShadowed finds rules that can never decide any path (RFC 9309
// section 2.2.2: the longest match wins, allow on a tie). A rule never
// decides when another rule matches every path it matches and always beats
// it: a rule of the other kind at least as long (longer, when the other is a
// disallow), or a longer rule of the same kind. Exact repeats are left to
// duplicate-rule and conflicting-rules.
func (l *linter) checkShadowed(rs *ruleSet) {
	cs := rs.entries
	runs := rs.keyRuns()
	for i := range cs {
		a := &cs[i]
		// Google: an allowed ".../index.htm..." also allows its directory,
		// which the comparison below does not model; leave such rules alone.
		if a.rule.Kind == robotstxt.Allow && strings.Contains(a.canon[strings.LastIndexByte(a.canon, '/')+1:], "index.htm") {
			continue
		}
		var by *compiled
		other := false
		r := runs.runOf[i]
		for ; r >= 0 && l.budget > 0; r = runs.parent[r] {
			for _, j := range runs.run(r) {
				l.budget--
				b := &cs[j]
				if int(j) == i || b.canon == a.canon {
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
		if r >= 0 {
			l.outOfBudget = true // runs left unwalked
		}
		if by == nil {
			continue
		}
		args := []any{"rule", ruleText(*a.rule), "by", ruleText(*by.rule), "line", by.rule.Line}
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
	if rs.closed() {
		return // site-closed says more
	}
	for _, rule := range rs.rules {
		if rule.Kind != robotstxt.Disallow {
			continue
		}
		g, ok := l.globOf(rule)
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
		if len(probes) == 0 || notAsset(rule.Pattern) {
			continue
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
	return hasFollowers(t) // "Yandex"
}

// fallbacks are the distinct tokens whose groups some crawler of the
// registry follows ("Googlebot", "Yandex"), computed once: a file can name
// thousands of tokens, and crawlers.Followers scans the whole registry.
var fallbacks = sync.OnceValue(func() []string {
	var out []string
	for _, c := range crawlers.All() {
		if c.Fallback != "" && !slices.ContainsFunc(out, func(f string) bool { return strings.EqualFold(f, c.Fallback) }) {
			out = append(out, c.Fallback)
		}
	}
	return out
})

// hasFollowers is len(crawlers.Followers(token)) > 0.
func hasFollowers(token string) bool {
	return slices.ContainsFunc(fallbacks(), func(f string) bool { return strings.EqualFold(f, token) })
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
	if !restricts || rs.closed() || star.closed() {
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
		if r.Kind != robotstxt.Disallow || done[r.Pattern] {
			continue
		}
		if l.budget <= 0 {
			l.outOfBudget = true
			break
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
