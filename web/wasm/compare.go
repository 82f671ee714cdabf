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
	return diff.Compare(old, cur, &diff.Options{Agents: agents, URLs: urls, NoFallback: opts.NoFallback}), nil
}
