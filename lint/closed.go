package lint

import (
	"fmt"
	"slices"
	"strings"
	"unicode"

	"github.com/robotstxt/robotstxt"
	"github.com/robotstxt/robotstxt/crawlers"
)

// registryRows resolves every known crawler against the file, with the
// fallbacks of the crawlers package (Googlebot-Image to Googlebot, Yandex
// robots to Yandex, AdsBot-Google ignoring "*").
func (l *linter) registryRows() []crawlers.Row {
	if l.rows == nil {
		l.rows = crawlers.Matrix(l.r, nil, crawlers.All())
	}
	return l.rows
}

// agentLine returns the first user-agent line naming token.
func (l *linter) agentLine(token string) int {
	if l.agentLines == nil {
		l.agentLines = map[string]int{}
		for _, g := range l.r.Groups {
			for _, ua := range g.UserAgents {
				if k := strings.ToLower(ua.Token); l.agentLines[k] == 0 {
					l.agentLines[k] = ua.Line
				}
			}
		}
	}
	return l.agentLines[strings.ToLower(token)]
}

// checkClosed reports groups that close the whole site: a rule disallows
// every path and no allow rule opens anything back. For "*" it names who is
// still let in (crawlers with an open group of their own, and those that
// ignore "*"); for a search engine it names the crawlers that follow its
// group; the other named crawlers are listed together, as closing a site to
// a bot is usually meant.
func (l *linter) checkClosed() {
	rows := l.registryRows()
	star := l.star()
	starClosed := star != nil && star.closed()
	var named []string
	namedLine := 0
	for _, rs := range l.ruleSets() {
		rule, ok := rs.closedBy()
		if !ok {
			continue
		}
		if rs.global {
			l.closedStar(rs, rule, rows)
			continue
		}
		var search []string
		for _, t := range rs.tokens {
			if isSearchToken(t) {
				search = append(search, t)
				continue
			}
			at := l.agentLine(t)
			named = append(named, fmt.Sprintf("%s (%s)", t, l.t("at-line", "line", at)))
			if namedLine == 0 || at < namedLine {
				namedLine = at
			}
		}
		if len(search) == 0 {
			continue
		}
		var followers []string
		for _, row := range rows {
			if row.Source == crawlers.SourceFallback && containsFold(rs.tokens, row.Agent) {
				followers = append(followers, row.Crawler.Token)
			}
		}
		extra := ""
		if len(followers) > 0 {
			extra = l.t("site-closed.followers", "followers", l.list(followers, 6))
		}
		if !starClosed {
			extra = join(extra, l.t("site-closed.others-open"))
		}
		// Closing Google or Bing is rarely meant; closing another engine by
		// name (Yandex, PetalBot, Baiduspider), or under a comment that says
		// so, usually is.
		sev := Info
		if majorEngine(search) && !l.explained(rs) {
			sev = Warning
		}
		if first, next := l.runIn(rule.Line, search); next > 0 {
			// Their own records hold no rule, so they run into another
			// crawler's "Disallow: /" (chci.cz): the fix is a rule of
			// their own, not removing the other crawler's.
			l.add(sev, "site-closed", "run-in", rule.Line, 0, "agents", l.list(search, 6), "extra", extra,
				"first", first, "next", next)
			continue
		}
		l.add(sev, "site-closed", "search", rule.Line, 0, "agents", l.list(search, 6), "extra", extra)
	}
	if len(named) > 0 {
		extra := l.t("site-closed.star-open")
		switch {
		case star == nil:
			extra = l.t("site-closed.no-star")
		case starClosed:
			extra = ""
		}
		l.add(Info, "site-closed", "named", namedLine, 0, "count", l.count(len(named), "named crawler"),
			"agents", l.list(named, 8), "extra", extra)
	}
}

// runIn finds, in the group holding the rule line, user-agent lines for
// one of tokens that are parted from the group's later user-agent lines
// (by Crawl-delay lines or blank lines): under RFC 9309 and Google they
// share that group's rules (section 2.2.1). It returns the first such line
// and the user-agent line whose rules they run into; next is 0 when none.
func (l *linter) runIn(ruleLine int, tokens []string) (first, next int) {
	l.sameGroup(ruleLine, ruleLine) // fills l.groupOf
	g := &l.r.Groups[l.groupOf[ruleLine]]
	uas := g.UserAgents
	last := -1
	for i := 0; i+1 < len(uas); i++ {
		if l.parted(uas[i].Line, uas[i+1].Line) {
			last = i
		}
	}
	for i := 0; i <= last; i++ {
		if containsFold(tokens, uas[i].Token) {
			return uas[0].Line, uas[last+1].Line
		}
	}
	return 0, 0
}

func (l *linter) closedStar(rs *ruleSet, rule robotstxt.Rule, rows []crawlers.Row) {
	var affected, ignoring []string
	for _, row := range rows {
		switch {
		case row.Crawler.Token == "*":
		case row.Source == crawlers.SourceStar && row.Closed:
			affected = append(affected, row.Crawler.Token)
		case row.Source == crawlers.SourceNone && row.Crawler.IgnoresStar:
			ignoring = append(ignoring, row.Crawler.Token)
		}
	}
	var open []string
	for _, o := range l.ruleSets() {
		if !o.global && !o.closed() {
			open = append(open, o.tokens...)
		}
	}
	extra := ""
	if len(open) > 0 {
		extra = l.t("site-closed.open-named", "agents", l.list(open, 6))
	}
	if len(ignoring) > 0 {
		extra = join(extra, l.t("site-closed.ignoring", "agents", l.list(ignoring, 4)))
	}
	// A "*" group closed while named groups leave the site open is a list of
	// crawlers let in (LinkedIn's file): meant, so info.
	sev := Warning
	if len(open) > 0 {
		sev = Info
	}
	if first, next := l.runIn(rule.Line, []string{"*"}); next > 0 {
		// "User-agent: *" and a Crawl-delay, then another crawler's
		// "Disallow: /": the fix is a rule of its own for "*".
		l.add(Warning, "site-closed", "star-run-in", rule.Line, 0, "count", len(affected), "examples", l.list(affected, 5),
			"extra", extra, "first", first, "next", next)
		return
	}
	l.add(sev, "site-closed", "star", rule.Line, 0, "count", len(affected), "examples", l.list(affected, 5), "extra", extra)
}

func containsFold(list []string, s string) bool {
	for _, x := range list {
		if strings.EqualFold(x, s) {
			return true
		}
	}
	return false
}

// join appends sentences, each of which starts with a space.
func join(a, b string) string { return a + b }

// legacyTokens maps old AI tokens to the ones their operator now documents.
var legacyTokens = map[string]string{"anthropic-ai": "ClaudeBot", "claude-web": "Claude-User"}

// checkAITokens looks for the usual confusions between an AI operator's
// tokens: its training crawler, its search crawler and the fetcher that
// acts for a user each have their own token, and closing one does not close
// the others.
func (l *linter) checkAITokens() {
	rows := l.registryRows()
	byToken := map[string]crawlers.Row{}
	for _, row := range rows {
		byToken[strings.ToLower(row.Crawler.Token)] = row
	}

	// 1. An AI search or assistant token is closed by name while the same
	// operator's training crawler is open: probably the reverse of what was
	// meant (closing OAI-SearchBot takes a site out of ChatGPT search, and
	// leaves GPTBot training on it).
	type opRows struct{ closed, open []string }
	ops := map[string]*opRows{}
	var order []string
	for _, row := range rows {
		c := row.Crawler
		if c.Legacy || !c.AI() || c.Operator == "" {
			continue
		}
		o := ops[c.Operator]
		if o == nil {
			o = &opRows{}
			ops[c.Operator] = o
			order = append(order, c.Operator)
		}
		if c.Robots == "" {
			continue // not documented by its operator: what it does is a guess
		}
		switch {
		case c.Purpose != crawlers.PurposeAITraining && row.Source == crawlers.SourceNamed && row.Closed:
			o.closed = append(o.closed, c.Token)
		case c.Purpose == crawlers.PurposeAITraining && !row.Closed && !c.TokenOnly:
			o.open = append(o.open, c.Token)
		}
	}
	for _, op := range order {
		o := ops[op]
		if len(o.closed) > 0 && len(o.open) > 0 {
			l.add(Warning, "ai-token-confusion", "reverse", l.agentLine(o.closed[0]), 0, "closed", l.list(o.closed, 4),
				"operator", op, "open", l.list(o.open, 4))
		}
	}

	// 2. A search engine closed in the same group as AI crawlers: a list
	// meant to keep AI out that also leaves the search engine.
	for _, rs := range l.ruleSets() {
		if rs.global || !rs.closed() {
			continue
		}
		ai := false
		for _, t := range rs.tokens {
			if c, ok := crawlers.Lookup(t); ok && c.AI() {
				ai = true
			}
		}
		if !ai {
			continue
		}
		for _, t := range rs.tokens {
			c, ok := crawlers.Lookup(t)
			if !ok || c.Purpose != crawlers.PurposeSearch {
				continue
			}
			variant, sev := "search", Warning
			switch c.Token {
			case "Googlebot":
				variant = "google"
			case "Applebot":
				// Many sites keep Apple's search out on purpose (msn.com
				// closes Applebot in a group of its own too): never advise
				// dropping the block, only name Applebot-Extended, the
				// training token, as an addition, and only while the file
				// does not name it.
				if l.agentLine("Applebot-Extended") > 0 {
					continue
				}
				variant, sev = "apple", Info
			}
			l.add(sev, "ai-token-confusion", variant, l.agentLine(t), 0, "token", t)
		}
	}

	// 3. An old token named, its replacement not: the operator's current
	// crawler follows other rules.
	for old, repl := range legacyTokens {
		o, ok1 := byToken[old]
		n, ok2 := byToken[strings.ToLower(repl)]
		if !ok1 || !ok2 || o.Source != crawlers.SourceNamed || n.Source == crawlers.SourceNamed || o.Closed == n.Closed {
			continue
		}
		variant := "legacy"
		if n.Agent == "" {
			variant = "legacy-none"
		}
		l.add(Warning, "ai-token-confusion", variant, l.agentLine(old), 0, "token", o.Crawler.Token,
			"operator", o.Crawler.Operator, "current", repl, "group", n.Agent)
	}

	// 4. A made-up AI crawler name ("ChatGPT", "Claude"): no crawler looks
	// itself up under it, and RFC 9309 section 2.2.1 matches the whole
	// product token, so the line binds nobody (8 files of the corpus list
	// such names among the crawlers they close).
	for gi := range l.r.Groups {
		g := &l.r.Groups[gi]
		for _, ua := range g.UserAgents {
			m, ok := madeUpAI[strings.ToLower(ua.Token)]
			if !ok {
				continue
			}
			if _, known := crawlers.Lookup(ua.Token); known {
				continue // the registry knows it after all
			}
			sev, extra := Warning, ""
			n := byToken[strings.ToLower(m.real)]
			switch {
			case l.agentLine(m.real) > 0:
				sev, extra = Info, l.t("ai-token-confusion.made-up-named", "real", m.real, "line", l.agentLine(m.real))
			case n.Agent == "":
				extra = l.t("ai-token-confusion.made-up-none", "real", m.real)
			default:
				extra = l.t("ai-token-confusion.made-up-other", "real", m.real, "group", n.Agent)
			}
			l.add(sev, "ai-token-confusion", "made-up", ua.Line, l.valueColumn(ua.Line, ua.Value), "token", quote(ua.Token),
				"operator", m.operator, "real", m.real, "extra", extra)
		}
	}

	// 5. Closing a fetcher that acts for a user and is documented not to
	// follow robots.txt (or not always).
	for _, row := range rows {
		c := row.Crawler
		if c.Purpose == crawlers.PurposeAIAssistant && row.Source == crawlers.SourceNamed && row.Closed &&
			(c.Robots == crawlers.RobotsNo || c.Robots == crawlers.RobotsPartial) {
			l.add(Info, "ai-token-confusion", "user-fetch", l.agentLine(c.Token), 0, "token", c.Token, "operator", c.Operator)
		}
	}
}

// madeUpAI are names written in robots.txt files to keep AI crawlers out
// that no crawler uses, with the token the operator documents.
var madeUpAI = map[string]struct{ real, operator string }{
	"chatgpt":       {"GPTBot", "OpenAI"},
	"openai":        {"GPTBot", "OpenAI"},
	"gpt-3-crawler": {"GPTBot", "OpenAI"},
	"gpt":           {"GPTBot", "OpenAI"},
	"anthropicbot":  {"ClaudeBot", "Anthropic"},
	"anthropic":     {"ClaudeBot", "Anthropic"},
	"claude":        {"ClaudeBot", "Anthropic"},
	"bytedance":     {"Bytespider", "ByteDance"},
	"perplexity":    {"PerplexityBot", "Perplexity"},
	"bard":          {"Google-Extended", "Google"},
	"gemini":        {"Google-Extended", "Google"},
}

// checkCase: paths are case-sensitive (RFC 9309 section 2.2.2). A pattern
// with an upper-case folder or file name whose lower-case spelling the
// file's lower-case patterns use ("/Admin/" beside "/admin/login") is often
// a slip: "/Admin/" never blocks "/admin/". Names the file spells only one
// way ("/fs/serve/CouponCode.html", "-TLS-", "Default.aspx") are how the
// site spells them, and a pattern whose other spelling the file names too
// ("/MAPS/" beside "/maps/") is written on purpose: no hint for those.
// Patterns are counted once however many groups repeat them.
func (l *linter) checkCase() {
	// Most files have no upper-case pattern at all: no maps for them.
	if !slices.ContainsFunc(l.r.Groups, func(g robotstxt.Group) bool {
		return slices.ContainsFunc(g.Rules, func(r robotstxt.Rule) bool { _, up := letterCase(r.Pattern); return up })
	}) {
		return
	}
	lower := map[string]bool{} // distinct lettered lower-case patterns
	folded := map[string]int{} // case-folded canonical pattern: how many spellings
	segs := map[string]bool{}  // the segments of the lower-case patterns
	seen := map[string]bool{}
	upperSeen := map[string]bool{}
	var upper []robotstxt.Rule
	for _, g := range l.r.Groups {
		for _, rule := range g.Rules {
			letter, up := letterCase(rule.Pattern)
			if !letter {
				continue
			}
			c := robotstxt.CanonicalPattern(rule.Pattern)
			if !seen[c] {
				seen[c] = true
				folded[strings.ToLower(c)]++
			}
			if up {
				upperSeen[c] = true
				upper = append(upper, rule)
				continue
			}
			if !lower[c] {
				lower[c] = true
				for _, s := range pathSegments(c) {
					segs[s] = true
				}
			}
		}
	}
	if len(upperSeen) == 0 || len(lower) < 5 || len(upperSeen) > max(1, (len(lower)+len(upperSeen))/10) {
		return
	}
	for _, rule := range upper {
		c := robotstxt.CanonicalPattern(rule.Pattern)
		if folded[strings.ToLower(c)] > 1 || !lowerElsewhere(c, segs) {
			continue
		}
		l.add(Info, "case-mismatch-hint", "upper", rule.Line, 0, "pattern", quote(rule.Pattern),
			"lower", quote(lowerPath(rule.Pattern)), "others", len(lower))
	}
}

// pathSegments are the names between the slashes of a pattern's path
// (before any query), without wildcards; names of parameters ("filmId=")
// are left out.
func pathSegments(p string) []string {
	if i := strings.IndexByte(p, '?'); i >= 0 {
		p = p[:i]
	}
	var out []string
	for _, s := range strings.Split(p, "/") {
		s = strings.Trim(s, "*$")
		if s == "" || strings.ContainsAny(s, "=*") {
			continue
		}
		out = append(out, s)
	}
	return out
}

// lowerElsewhere reports an upper-case segment of p whose lower-case
// spelling is a segment of the file's lower-case patterns.
func lowerElsewhere(p string, segs map[string]bool) bool {
	for _, s := range pathSegments(p) {
		if low := strings.ToLower(s); low != s && segs[low] {
			return true
		}
	}
	return false
}

// letterCase reports whether the path part of a pattern (before any query
// parameter, which is often upper- or camel-case on purpose), without its
// %XX escapes, holds a letter, and an upper-case one.
func letterCase(p string) (letter, upper bool) {
	for i := 0; i < len(p); i++ {
		switch c := p[i]; {
		case c == '?' || c == '=':
			return letter, upper
		case c >= 0x80:
			// Beyond ASCII: the letters of every script.
			if i := strings.IndexAny(p, "?="); i >= 0 {
				p = p[:i]
			}
			p = stripEscapes(p)
			return strings.IndexFunc(p, unicode.IsLetter) >= 0, strings.IndexFunc(p, unicode.IsUpper) >= 0
		case c == '%' && i+2 < len(p) && isHex(p[i+1]) && isHex(p[i+2]):
			i += 2
		case 'A' <= c && c <= 'Z':
			letter, upper = true, true
		case 'a' <= c && c <= 'z':
			letter = true
		}
	}
	return letter, upper
}

// stripEscapes removes %XX escapes, whose hex digits are not letters of the
// path.
func stripEscapes(p string) string {
	if !strings.Contains(p, "%") {
		return p
	}
	var b strings.Builder
	for i := 0; i < len(p); i++ {
		if p[i] == '%' && i+2 < len(p) && isHex(p[i+1]) && isHex(p[i+2]) {
			i += 2
			continue
		}
		b.WriteByte(p[i])
	}
	return b.String()
}

// lowerPath lower-cases the letters of a pattern, leaving the hex digits of
// %XX escapes upper-case.
func lowerPath(p string) string {
	b := []byte(strings.ToLower(p))
	for i := 0; i+2 < len(b); i++ {
		if b[i] == '%' && isHex(b[i+1]) && isHex(b[i+2]) {
			b[i+1], b[i+2] = toUpperHex(b[i+1]), toUpperHex(b[i+2])
			i += 2
		}
	}
	return string(b)
}

func toUpperHex(c byte) byte {
	if 'a' <= c && c <= 'f' {
		return c - 'a' + 'A'
	}
	return c
}

func isHex(c byte) bool { return '0' <= c && c <= '9' || 'a' <= c && c <= 'f' || 'A' <= c && c <= 'F' }

// majorEngines are the search engines whose absence a site notices.
// Closing one of the others by name (Yandex, Baiduspider, PetalBot) is
// usually meant: many sites do it on purpose.
var majorEngines = map[string]bool{"googlebot": true, "bingbot": true}

func majorEngine(tokens []string) bool {
	for _, t := range tokens {
		if majorEngines[strings.ToLower(t)] {
			return true
		}
	}
	return false
}

// blockWords in a comment say that closing a crawler is meant.
var blockWords = []string{"block", "ban", "deny", "disallow", "bad", "stop", "exclude", "keep out", "запрет", "блок"}

// explained reports a comment on, or in the three lines above, the first
// user-agent line of a rule set that says a crawler is blocked on purpose.
func (l *linter) explained(rs *ruleSet) bool {
	uas := rs.agent.UserAgents()
	if len(uas) == 0 {
		return false
	}
	first := uas[0].Line
	for n := max(1, first-3); n <= uas[len(uas)-1].Line; n++ {
		ln := l.line(n)
		if ln == nil {
			continue
		}
		i := strings.IndexByte(ln.Text, '#')
		if i < 0 {
			continue
		}
		c := strings.ToLower(ln.Text[i:])
		for _, w := range blockWords {
			if strings.Contains(c, w) {
				return true
			}
		}
	}
	return false
}
