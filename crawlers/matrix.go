package crawlers

import (
	"strconv"
	"strings"

	"github.com/robotstxt/robotstxt"
)

// Source says where the rules a crawler follows come from.
type Source string

const (
	SourceNamed    Source = "named"    // the groups naming the crawler
	SourceFallback Source = "fallback" // the groups naming its fallback token (Googlebot, Yandex)
	SourceStar     Source = "star"     // the "*" groups
	SourceNone     Source = "none"     // no group applies: everything is allowed
)

// Row is one crawler's line of the matrix.
type Row struct {
	Crawler Crawler `json:"crawler"`
	// Agent is the token of the groups that apply: the crawler's own, its
	// fallback's, "*", or empty when no group applies.
	Agent  string `json:"agent"`
	Source Source `json:"source"`
	// Groups are the indexes in Robots.Groups of the groups that apply.
	Groups []int `json:"groups"`
	// Closed reports that the whole site is closed to the crawler: a rule
	// disallows every path and no allow rule opens anything (ClosedBy).
	Closed   bool            `json:"closed"`
	ClosedBy *robotstxt.Rule `json:"closedBy,omitempty"`
	// Verdicts holds one verdict per URL, in the order given.
	Verdicts []robotstxt.Verdict `json:"verdicts"`
	// Reading is robotstxt.ReadingYandex when the crawler is a Yandex robot
	// and reads this file as Yandex documents, which differs from RFC 9309
	// here (robotstxt.Robots.YandexReadsDifferently).
	Reading string `json:"reading,omitempty"`
	// Note explains how the groups were chosen when it is not simply the
	// crawler's own group or "*" (fallback, ignored "*", no group).
	Note string `json:"note,omitempty"`
}

// Resolve chooses the groups a crawler follows, as robotstxt.Robots.Agent
// does for every answer of the project: the groups naming its token; else
// those naming its documented fallback token; else, unless it ignores "*",
// the "*" groups. It returns the agent, the token of the chosen groups and
// where they came from. The registry's Fallback and IgnoresStar fields
// describe the same rules (robotstxt.CrawlerFallback); a test keeps them
// equal.
func Resolve(r *robotstxt.Robots, c Crawler) (robotstxt.Agent, string, Source) {
	var a robotstxt.Agent
	if c.Token == "*" {
		a = r.ExactAgent("*")
	} else {
		a = r.Agent(c.Token)
	}
	switch {
	case a.Fallback() != "":
		return a, a.Fallback(), SourceFallback
	case a.Global():
		return a, "*", SourceStar
	case a.Matched():
		return a, groupToken(a), SourceNamed
	}
	return a, "", SourceNone
}

func groupToken(a robotstxt.Agent) string {
	if uas := a.UserAgents(); len(uas) > 0 {
		return uas[0].Token
	}
	return ""
}

// Matrix decides every URL for every crawler of list under r, applying the
// registry's fallbacks (see Resolve). Notes are in English; MatrixLang
// gives them in another language.
func Matrix(r *robotstxt.Robots, urls []string, list []Crawler) []Row {
	return MatrixLang(r, urls, list, "en")
}

// MatrixLang is Matrix with the row notes in lang.
func MatrixLang(r *robotstxt.Robots, urls []string, list []Crawler, lang string) []Row {
	rows := make([]Row, 0, len(list))
	type closed struct {
		rule robotstxt.Rule
		ok   bool
	}
	cache := map[string]closed{} // by the groups that apply: many crawlers share "*"
	for _, c := range list {
		a, tok, src := Resolve(r, c)
		row := Row{Crawler: c, Agent: tok, Source: src, Groups: a.Groups(), Reading: a.Reading(), Verdicts: make([]robotstxt.Verdict, len(urls))}
		key := GroupsKey(row.Groups)
		cl, ok := cache[key]
		if !ok {
			cl.rule, cl.ok = ClosedBy(a.Rules())
			cache[key] = cl
		}
		if cl.ok {
			rule := cl.rule
			row.Closed, row.ClosedBy = true, &rule
		}
		for i, u := range urls {
			row.Verdicts[i] = a.Check(u)
		}
		row.Note = rowNote(c, tok, src, lang)
		rows = append(rows, row)
	}
	return rows
}

func rowNote(c Crawler, tok string, src Source, lang string) string {
	var notes []string
	switch {
	case src == SourceFallback:
		notes = append(notes, text(lang, "row.fallback", "token", c.Token, "agent", tok))
	case src == SourceNone && c.Token == "*":
		notes = append(notes, text(lang, "row.no-star-group"))
	case src == SourceNone && c.IgnoresStar:
		notes = append(notes, text(lang, "row.ignores-star", "token", c.Token))
	case src == SourceNone:
		notes = append(notes, text(lang, "row.no-group", "token", c.Token))
	}
	if c.TokenOnly {
		notes = append(notes, text(lang, "row.token-only", "token", c.Token))
	}
	return strings.Join(notes, " ")
}

// GroupsKey turns a list of group indexes into a map key.
func GroupsKey(groups []int) string {
	b := make([]byte, 0, 4*len(groups))
	for _, g := range groups {
		b = strconv.AppendInt(b, int64(g), 10)
		b = append(b, ',')
	}
	return string(b)
}

// Closed reports whether the whole site is closed under rules: a disallow
// rule matches every path ("/", "/*", "*") and no allow rule with a
// pattern opens anything back.
func Closed(rules []robotstxt.Rule) bool {
	_, ok := ClosedBy(rules)
	return ok
}

// ClosedBy is Closed that also returns the first rule that disallows
// every path.
func ClosedBy(rules []robotstxt.Rule) (robotstxt.Rule, bool) {
	var by robotstxt.Rule
	found := false
	for _, rule := range rules {
		switch {
		case rule.Kind == robotstxt.Allow && rule.Pattern != "":
			return robotstxt.Rule{}, false
		case rule.Kind == robotstxt.Disallow && !found && MatchesEverything(rule.Pattern):
			by, found = rule, true
		}
	}
	return by, found
}

// MatchesEverything reports whether a pattern matches every path: it is
// made of '*' and at most one '/' ("/", "/*", "*", "*/*"), and when it ends
// with '$' the '$' follows a '*'.
func MatchesEverything(pattern string) bool {
	if strings.Trim(pattern, "/*$") != "" {
		return false // a pattern matching every path is made of these only
	}
	p := pattern
	if strings.HasSuffix(p, "$") {
		p = p[:len(p)-1]
		if !strings.HasSuffix(p, "*") {
			return false
		}
	}
	if p == "" {
		return false
	}
	core := strings.Trim(p, "*")
	return core == "" || core == "/"
}

// Count is how many crawlers of a kind a file keeps out.
type Count struct {
	// Closed: the whole site is closed to them.
	Closed int `json:"closed"`
	// Blocked: not closed, but at least one of the URLs given is
	// disallowed.
	Blocked int `json:"blocked"`
	// Total known crawlers of the kind.
	Total int `json:"total"`
}

// Summary counts the known AI and search crawlers a file keeps out.
type Summary struct {
	// AI counts current AI crawlers that fetch pages; Legacy counts apart the
	// old tokens and the tokens that fetch nothing (Google-Extended).
	AI     Count `json:"ai"`
	Search Count `json:"search"`
	Legacy Count `json:"legacy"`
}

// Summarize counts, over the whole registry, the AI crawlers and the search
// crawlers to which r closes the site, and those it only keeps from some of
// urls.
func Summarize(r *robotstxt.Robots, urls []string) Summary {
	var s Summary
	for _, row := range Matrix(r, urls, All()) {
		var c *Count
		switch {
		case row.Crawler.AI() && (row.Crawler.Legacy || row.Crawler.TokenOnly):
			c = &s.Legacy
		case row.Crawler.AI():
			c = &s.AI
		case row.Crawler.Purpose == PurposeSearch:
			c = &s.Search
		default:
			continue
		}
		c.Total++
		if row.Closed {
			c.Closed++
			continue
		}
		for _, v := range row.Verdicts {
			if !v.Allowed {
				c.Blocked++
				break
			}
		}
	}
	return s
}

// Text renders the summary in lang as two phrases, for AI and for search
// crawlers: "blocks 9 of 30 known AI crawlers from the whole site".
func (s Summary) Text(lang string) (ai, search string) {
	return s.AI.text(lang, "summary.ai"), s.Search.text(lang, "summary.search")
}

func (c Count) text(lang, key string) string {
	if c.Blocked > 0 {
		key += ".partial"
	}
	return text(lang, key, "closed", strconv.Itoa(c.Closed), "total", strconv.Itoa(c.Total), "blocked", strconv.Itoa(c.Blocked))
}
