package main

import (
	"fmt"
	"strings"

	"github.com/robotstxt/robotstxt"
)

// Bounds of "Test many URLs": the list is pasted by hand, but a paste can
// be anything, and the answer must stay small enough to render.
const (
	maxManyURLs   = 50000
	maxManyAgents = 20
)

// manyResult is the verdict of every URL for every agent.
type manyResult struct {
	Agents []string `json:"agents"`
	// Rules maps a deciding rule's line to the rule as written, once,
	// rather than repeating it in every row.
	Rules map[int]string `json:"rules"`
	Rows  []manyRow      `json:"rows"`
}

type manyRow struct {
	URL  string `json:"url"`
	Path string `json:"path"`
	// Note: how the URL was read, when it is not a full URL or a path (see
	// urlNote).
	Note     string        `json:"note,omitempty"`
	Verdicts []manyVerdict `json:"v"`
}

type manyVerdict struct {
	Allowed bool             `json:"a"`
	Line    int              `json:"l,omitempty"` // the deciding rule's line
	Reason  robotstxt.Reason `json:"r"`
}

// checkMany(text, agents, urls, mode): agents and urls are one per line;
// blank lines and surrounding space are ignored; mode is checkWith's. Every
// agent is resolved once, so each URL costs one match per agent.
func (s *session) checkMany(args []string) (any, error) {
	r := s.robots(args[0])
	opts, err := agentOptions(args[3])
	if err != nil {
		return nil, err
	}
	agentNames := lines(args[1])
	urls := lines(args[2])
	switch {
	case len(agentNames) == 0:
		return nil, fmt.Errorf("no crawler given")
	case len(agentNames) > maxManyAgents:
		return nil, fmt.Errorf("%d crawlers given; at most %d at once", len(agentNames), maxManyAgents)
	case len(urls) > maxManyURLs:
		return nil, fmt.Errorf("%d URLs given; at most %d at once", len(urls), maxManyURLs)
	}
	agents := make([]robotstxt.Agent, len(agentNames))
	for i, name := range agentNames {
		agents[i] = r.AgentWith(name, opts)
	}
	res := manyResult{Agents: agentNames, Rules: map[int]string{}, Rows: make([]manyRow, len(urls))}
	for i, u := range urls {
		row := manyRow{URL: u, Path: robotstxt.NormalizePath(u), Note: urlNote(u), Verdicts: make([]manyVerdict, len(agents))}
		for j, a := range agents {
			v := a.Check(u)
			mv := manyVerdict{Allowed: v.Allowed, Reason: v.Reason}
			if v.Rule != nil {
				mv.Line = v.Rule.Line
				if _, ok := res.Rules[mv.Line]; !ok {
					res.Rules[mv.Line] = ruleText(*v.Rule)
				}
			}
			row.Verdicts[j] = mv
		}
		res.Rows[i] = row
	}
	return res, nil
}

// lines splits s into its non-blank lines, trimmed.
func lines(s string) []string {
	var out []string
	for _, l := range strings.Split(s, "\n") {
		if l = strings.TrimSpace(l); l != "" {
			out = append(out, l)
		}
	}
	return out
}

// ruleText writes a rule for the table and the CSV; a pattern that is not
// UTF-8 (a Latin-1 file) is written as matched, percent-encoded: JSON would
// turn its bytes into U+FFFD ("/caf\uFFFD/" instead of "/caf%E9/").
func ruleText(r robotstxt.Rule) string {
	p := r.Pattern
	if s := shown(p); s != "" {
		p = s
	}
	if r.Kind == robotstxt.Allow {
		return "Allow: " + p
	}
	return "Disallow: " + p
}
