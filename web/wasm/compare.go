package main

import (
	"fmt"

	"github.com/robotstxt/robotstxt"
	"github.com/robotstxt/robotstxt/diff"
)

// compare(old, new, agents, urls, mode): what changes from the old version
// of a file to the new one, with the same code as "robotstxt diff": the
// rules added, removed or moved per crawler name, and the URLs whose
// verdict changes for each crawler. agents and urls are one per line; empty
// means the defaults (the registry's crawlers and the names the files use;
// probe paths derived from both files' patterns). mode is checkWith's.
func (s *session) compare(args []string) (any, error) {
	opts, err := agentOptions(args[4])
	if err != nil {
		return nil, err
	}
	if opts.Exact {
		return nil, fmt.Errorf("compare has no exact mode")
	}
	agents, urls := lines(args[2]), lines(args[3])
	switch {
	case len(agents) > maxManyAgents:
		return nil, fmt.Errorf("%d crawlers given; at most %d at once", len(agents), maxManyAgents)
	case len(urls) > maxManyURLs:
		return nil, fmt.Errorf("%d URLs given; at most %d at once", len(urls), maxManyURLs)
	}
	old, cur := robotstxt.ParseString(args[0]), robotstxt.ParseString(args[1])
	res := diff.Compare(old, cur, &diff.Options{Agents: agents, URLs: urls, NoFallback: opts.NoFallback})
	showPatterns(res)
	return res, nil
}

// showPatterns rewrites the patterns of the result that are not UTF-8 as
// they are matched, percent-encoded, as ruleText does: JSON cannot carry
// their bytes.
func showPatterns(res *diff.Result) {
	fix := func(rules []robotstxt.Rule) {
		for i := range rules {
			if s := shown(rules[i].Pattern); s != "" {
				rules[i].Pattern = s
			}
		}
	}
	for i := range res.Structural.Groups {
		fix(res.Structural.Groups[i].Added)
		fix(res.Structural.Groups[i].Removed)
	}
	for i := range res.Structural.Moved {
		if s := shown(res.Structural.Moved[i].Pattern); s != "" {
			res.Structural.Moved[i].Pattern = s
		}
	}
	side := func(sd *diff.Side) {
		if sd.Rule != nil {
			if s := shown(sd.Rule.Pattern); s != "" {
				r := *sd.Rule
				r.Pattern = s
				sd.Rule = &r
			}
		}
	}
	for i := range res.Changes {
		side(&res.Changes[i].Old)
		side(&res.Changes[i].New)
	}
	for i := range res.Summary {
		for j := range res.Summary[i].Examples {
			side(&res.Summary[i].Examples[j].Old)
			side(&res.Summary[i].Examples[j].New)
		}
	}
}
