// Package diff compares two versions of a robots.txt file and says what the
// change does: which rules were added, removed or moved between crawler
// groups (the structural part), and which URLs change verdict for which
// crawlers (the semantic part).
//
//	res := diff.Compare(old, new, nil)
//	for _, c := range res.Changes {
//		fmt.Println(c.Agent, c.URL, c.Old.Allowed, "->", c.New.Allowed)
//	}
//
// Verdicts are the core package's (robotstxt.Robots.AgentWith), so a change that
// moves a crawler from its own group to the "*" group, or from "*" to a new
// group of its own, is seen as the crawler sees it.
//
// # Structure
//
// Rules are compared per crawler name (the product token of the user-agent
// lines, ignoring case; "*" for the global group) as sets of (kind, canonical
// pattern): a rule present for a name in both versions is unchanged wherever
// it sits, so reordering lines, splitting or merging groups, whitespace,
// comments and equivalent percent-encodings ("/%7Ea" and "/~a") change
// nothing. A rule that disappears from one name and appears for another is
// reported as moved. Sitemaps and other records (crawl-delay, host, ...) are
// compared as sets of values.
//
// # Probe URLs
//
// When no URLs are given, Compare derives them from the patterns of both
// files, so that any change that flips a verdict for some path is found.
// A verdict depends only on the longest matching allow and disallow rule of
// each group that applies, so the probes are one shortest path for each such
// outcome that some path produces: every pattern instantiated at its
// boundaries (exactly, one octet short, longer, '*' filled with nothing or
// with the text of other patterns, '$' reached and passed). They are found by
// a breadth-first search over the states of all patterns' matchers at once;
// the octets tried are those of the patterns and one octet that is in none.
// Only the groups of crawlers whose rules differ between the files are
// searched.
//
// The search is bounded (MaxStates, and a bound on matcher steps). When it
// completes (Result.ProbesComplete), the promise is exact; when it stops
// early, every pattern's own boundary instantiations are added.
//
// The package imports the core package, the crawler registry and the
// standard library only, and no networking code, so that it also runs in
// WebAssembly.
package diff
