package main

import (
	"fmt"

	"github.com/robotstxt/robotstxt"
	"github.com/robotstxt/robotstxt/crawlers"
	"github.com/robotstxt/robotstxt/internal/wire"
)

// crawlerInfo is a registry entry as the page shows it, in the page's
// language.
type crawlerInfo struct {
	crawlers.Crawler
	AI           bool   `json:"ai"`
	PurposeLabel string `json:"purposeLabel"`
}

// matrixRow is one crawler's verdict for the URL in the matcher.
type matrixRow struct {
	Crawler  crawlerInfo      `json:"crawler"`
	Agent    string           `json:"agent"`
	Source   crawlers.Source  `json:"source"`
	Groups   []int            `json:"groups"`
	Closed   bool             `json:"closed"`
	ClosedBy *robotstxt.Rule  `json:"closedBy,omitempty"`
	Verdict  wire.CheckResult `json:"verdict"`
	Note     string           `json:"note,omitempty"`
}

func info(c crawlers.Crawler, lang string) crawlerInfo {
	return crawlerInfo{Crawler: c, AI: c.AI(), PurposeLabel: crawlers.PurposeLabel(c.Purpose, lang)}
}

// matrix(text, url, lang, set): set is "default" (all robots, Googlebot,
// YandexBot and the AI crawlers) or "all" (the whole registry).
func (s *session) matrix(args []string) (any, error) {
	return s.matrixWith(append(args, ""))
}

// matrixWith(text, url, lang, set, mode): mode is checkWith's, so that the
// table answers as the verdict box does, with fallbacks turned off too.
func (s *session) matrixWith(args []string) (any, error) {
	r := s.robots(args[0])
	rawURL, lang, set := args[1], args[2], args[3]
	opts, err := agentOptions(args[4])
	if err != nil {
		return nil, err
	}
	if rawURL == "" {
		rawURL = "/"
	}
	var list []crawlers.Crawler
	switch set {
	case "default", "":
		list = pageDefault()
	case "all":
		list = crawlers.All()
	default:
		return nil, fmt.Errorf("unknown crawler set %q (want default or all)", set)
	}
	list = crawlers.Localize(list, lang)
	rows := crawlers.MatrixLang(r, []string{rawURL}, list, lang)
	out := make([]matrixRow, len(rows))
	for i, row := range rows {
		groups := row.Groups
		if groups == nil {
			groups = []int{}
		}
		out[i] = matrixRow{Crawler: info(row.Crawler, lang), Agent: row.Agent, Source: row.Source, Groups: groups,
			Closed: row.Closed, ClosedBy: row.ClosedBy, Verdict: rowResult(r, resolved(r, row.Crawler), row.Crawler.Token, rawURL, row.Verdicts[0]),
			Note: row.Note}
		if opts != (robotstxt.AgentOptions{}) && row.Crawler.Token != "*" {
			out[i] = plainRow(r, out[i], rawURL, opts)
		}
	}
	return out, nil
}

// pageDefault is the page's default crawler table: "robotstxt report"'s
// (all robots, Googlebot, YandexBot, the AI crawlers) with Bingbot after
// Googlebot, the third search engine whose tester site owners check (Bing
// Webmaster Tools).
func pageDefault() []crawlers.Crawler {
	list := crawlers.Default()
	bing, ok := crawlers.Lookup("Bingbot")
	if !ok {
		return list
	}
	out := make([]crawlers.Crawler, 0, len(list)+1)
	for _, c := range list {
		if c.Token == bing.Token {
			return list
		}
		out = append(out, c)
		if c.Token == "Googlebot" {
			out = append(out, bing)
		}
	}
	return out
}

// crawlers(lang) lists the registry, for the user-agent field's suggestions.
func (s *session) crawlers(args []string) (any, error) {
	all := crawlers.Localize(crawlers.All(), args[0])
	out := make([]crawlerInfo, 0, len(all))
	for _, c := range all {
		if c.Token == "*" {
			continue
		}
		out = append(out, info(c, args[0]))
	}
	return out, nil
}

// plainRow recomputes a row without the registry's fallbacks: the groups
// naming the crawler, else "*", as robotstxt.Robots.AgentWith reads them.
func plainRow(r *robotstxt.Robots, row matrixRow, rawURL string, opts robotstxt.AgentOptions) matrixRow {
	a := r.AgentWith(row.Crawler.Token, opts)
	row.Groups = a.Groups()
	if row.Groups == nil {
		row.Groups = []int{}
	}
	row.Agent, row.Source, row.Note = "", crawlers.SourceNone, ""
	if uas := a.UserAgents(); len(uas) > 0 {
		row.Agent, row.Source = uas[0].Token, crawlers.SourceNamed
		if a.Global() {
			row.Source = crawlers.SourceStar
		}
	}
	row.Closed, row.ClosedBy = false, nil
	if rule, ok := crawlers.ClosedBy(a.Rules()); ok {
		row.Closed, row.ClosedBy = true, &rule
	}
	row.Verdict = rowResult(r, a, row.Crawler.Token, rawURL, a.Check(rawURL))
	return row
}

// resolved is the crawler's agent, as the row chose its groups.
func resolved(r *robotstxt.Robots, c crawlers.Crawler) robotstxt.Agent {
	a, _, _ := crawlers.Resolve(r, c)
	return a
}

// rowResult is a row's answer, with what the site says about using the
// content (as check and report say it).
func rowResult(r *robotstxt.Robots, a robotstxt.Agent, token, rawURL string, v robotstxt.Verdict) wire.CheckResult {
	ans := wire.Enforce(r, a, rawURL, "", &v)
	return wire.NewCheckResult(token, rawURL, v, &ans)
}
