package diff

import (
	"strings"

	"github.com/robotstxt/robotstxt"
	"github.com/robotstxt/robotstxt/crawlers"
)

// MaxChanges bounds the changes a Result lists one by one; the counts in
// Result.Summary stay exact beyond it.
const MaxChanges = 10000

// Options say what to compare. The zero value (or nil) compares the default
// crawlers over probe URLs.
type Options struct {
	// Agents are the crawler names to compare for (product tokens or full
	// user-agent strings). Empty: "*", the registry's search and AI
	// crawlers, and every name either file uses.
	Agents []string
	// URLs are the URLs or paths to compare. Empty: probe URLs derived from
	// the patterns of both files (see Probes).
	URLs []string
	// NoFallback leaves out the documented fallbacks between crawler names
	// (Googlebot-Image following Googlebot, ...) where the core applies
	// them: only the groups naming a crawler, else "*", apply.
	NoFallback bool
}

// Result is what changed between two versions of a file. It is plain data,
// for JSON.
type Result struct {
	// Unchanged reports that no URL changed verdict for any crawler
	// compared.
	Unchanged bool `json:"unchanged"`
	// Structural lists the rules and records that changed.
	Structural Structural `json:"structural"`
	// Agents are the crawler names compared.
	Agents []string `json:"agents"`
	// URLs is how many URLs (or probe paths) were compared.
	URLs int `json:"urls"`
	// Probed reports that the URLs were probe paths derived from the files,
	// and ProbesComplete that the search for them was exhaustive.
	Probed         bool `json:"probed"`
	ProbesComplete bool `json:"probesComplete"`
	// Summary counts the changes per set of crawlers that see them alike.
	Summary []Summary `json:"summary"`
	// Changes are the URLs whose verdict changed, per crawler, in the order
	// of Agents then URLs; at most MaxChanges (then Truncated).
	Changes   []Change `json:"changes"`
	Truncated bool     `json:"truncated,omitempty"`
}

// Summary counts the verdict changes of crawlers that read the same groups
// of both files, and so see the same changes.
type Summary struct {
	Agents []string `json:"agents"`
	// Blocked counts URLs allowed before and disallowed now; Unblocked the
	// reverse.
	Blocked   int `json:"blocked"`
	Unblocked int `json:"unblocked"`
	// Examples are a few of the changes (at most 3 of each direction), for
	// the first of Agents.
	Examples []Change `json:"examples,omitempty"`
}

// Change is a URL whose verdict changed for a crawler.
type Change struct {
	URL   string `json:"url"`
	Agent string `json:"agent"`
	Old   Side   `json:"old"`
	New   Side   `json:"new"`
}

// Blocked reports that the URL was allowed and is now disallowed.
func (c Change) Blocked() bool { return c.Old.Allowed && !c.New.Allowed }

// Side is a verdict in one version: what it was and the rule that decided.
type Side struct {
	Allowed bool             `json:"allowed"`
	Reason  robotstxt.Reason `json:"reason"`
	// Rule is the deciding rule (with its line in that version), or null
	// when no rule decided: the verdict fields of check, report and test.
	Rule *robotstxt.Rule `json:"rule"`
}

func side(v robotstxt.Verdict) Side {
	s := Side{Allowed: v.Allowed, Reason: v.Reason}
	if v.Rule != nil {
		r := *v.Rule
		s.Rule = &r
	}
	return s
}

// Compare compares two versions of a file. opts may be nil.
func Compare(old, new *robotstxt.Robots, opts *Options) *Result {
	if opts == nil {
		opts = &Options{}
	}
	c := NewComparer(old, new, opts)
	urls := opts.URLs
	if len(urls) == 0 {
		urls, c.res.ProbesComplete = c.probes()
		c.res.Probed = true
	}
	for _, u := range urls {
		c.Add(u)
	}
	return c.Result()
}

// A Comparer compares the verdicts of two files URL by URL, for a stream of
// URLs too large to hold (a log, a sitemap). It is not safe for concurrent
// use.
type Comparer struct {
	old, new *robotstxt.Robots
	agents   []pair
	classes  []*class
	res      Result
}

// pair is one crawler resolved in both files.
type pair struct {
	name     string
	old, new robotstxt.Agent
	class    *class
}

// class is the crawlers that read the same groups of both files.
type class struct {
	sum       Summary
	blocked   int
	unblocked int
}

// NewComparer returns a Comparer for the crawlers of opts (its URLs are not
// used). opts may be nil.
func NewComparer(old, new *robotstxt.Robots, opts *Options) *Comparer {
	if opts == nil {
		opts = &Options{}
	}
	c := &Comparer{old: old, new: new}
	names := opts.Agents
	if len(names) == 0 {
		names = DefaultAgents(old, new)
	}
	byKey := map[string]*class{}
	given := map[string]bool{}
	for _, name := range names {
		if given[name] {
			continue // a name given twice is compared once
		}
		given[name] = true
		p := pair{name: name, old: agent(old, name, opts.NoFallback), new: agent(new, name, opts.NoFallback)}
		k := crawlers.GroupsKey(p.old.Groups()) + "|" + crawlers.GroupsKey(p.new.Groups())
		cl := byKey[k]
		if cl == nil {
			cl = &class{}
			byKey[k] = cl
			c.classes = append(c.classes, cl)
		}
		cl.sum.Agents = append(cl.sum.Agents, name)
		p.class = cl
		c.agents = append(c.agents, p)
		c.res.Agents = append(c.res.Agents, name)
	}
	return c
}

// agent resolves a crawler as the core does, with or without the crawlers'
// documented fallbacks.
func agent(r *robotstxt.Robots, name string, noFallback bool) robotstxt.Agent {
	return r.AgentWith(name, robotstxt.AgentOptions{NoFallback: noFallback})
}

// probes derives the probe paths from the groups that matter: a crawler
// whose rules are the same set (kind and canonical pattern) in both files
// gets the same verdict for every path, so only the groups of the crawlers
// whose rules differ are searched. With none, one path shows that nothing
// changed.
func (c *Comparer) probes() ([]string, bool) {
	og, ng := map[int]bool{}, map[int]bool{}
	for _, p := range c.agents {
		if sameRules(p.old.Rules(), p.new.Rules()) {
			continue
		}
		for _, g := range p.old.Groups() {
			og[g] = true
		}
		for _, g := range p.new.Groups() {
			ng[g] = true
		}
	}
	if len(og) == 0 && len(ng) == 0 {
		return []string{"/"}, true
	}
	return probesIn(c.old, c.new, og, ng, MaxStates, maxWork)
}

func sameRules(a, b []robotstxt.Rule) bool {
	set := func(rs []robotstxt.Rule) map[ruleKey]bool {
		m := make(map[ruleKey]bool, len(rs))
		for _, r := range rs {
			if r.Pattern != "" { // an empty pattern matches nothing
				m[ruleKey{r.Kind, robotstxt.CanonicalPattern(r.Pattern)}] = true
			}
		}
		return m
	}
	sa, sb := set(a), set(b)
	if len(sa) != len(sb) {
		return false
	}
	for k := range sa {
		if !sb[k] {
			return false
		}
	}
	return true
}

// Add compares the verdicts of one URL (or path) for every crawler.
func (c *Comparer) Add(rawURL string) {
	c.res.URLs++
	for i := range c.agents {
		p := &c.agents[i]
		ov, nv := p.old.Check(rawURL), p.new.Check(rawURL)
		if ov.Allowed == nv.Allowed {
			continue
		}
		ch := Change{URL: rawURL, Agent: p.name, Old: side(ov), New: side(nv)}
		if len(c.res.Changes) < MaxChanges {
			c.res.Changes = append(c.res.Changes, ch)
		} else {
			c.res.Truncated = true
		}
		cl := p.class
		if p.name != cl.sum.Agents[0] {
			continue
		}
		if ch.Blocked() {
			cl.sum.Blocked++
			if cl.blocked < 3 {
				cl.blocked++
				cl.sum.Examples = append(cl.sum.Examples, ch)
			}
		} else {
			cl.sum.Unblocked++
			if cl.unblocked < 3 {
				cl.unblocked++
				cl.sum.Examples = append(cl.sum.Examples, ch)
			}
		}
	}
}

// Result returns the comparison so far, with the structural changes.
func (c *Comparer) Result() *Result {
	res := c.res
	res.Structural = CompareStructure(c.old, c.new)
	res.Changes = append([]Change(nil), c.res.Changes...)
	sortChanges(res.Changes, c.res.Agents)
	res.Summary = nil
	for _, cl := range c.classes {
		if cl.sum.Blocked+cl.sum.Unblocked > 0 {
			res.Summary = append(res.Summary, cl.sum)
		}
	}
	res.Unchanged = len(res.Summary) == 0
	if res.Changes == nil {
		res.Changes = []Change{}
	}
	if res.Summary == nil {
		res.Summary = []Summary{}
	}
	return &res
}

// sortChanges orders changes by agent (in the order given), keeping the
// order of the URLs within an agent.
func sortChanges(ch []Change, agents []string) {
	rank := make(map[string]int, len(agents))
	for i, a := range agents {
		if _, ok := rank[a]; !ok {
			rank[a] = i
		}
	}
	stableSortBy(ch, func(c Change) int { return rank[c.Agent] })
}

// DefaultAgents are the crawlers compared when none are given: "*", the
// registry's search and AI crawlers, and every name either file uses
// (user-agent lines' product tokens), each once, ignoring case.
func DefaultAgents(files ...*robotstxt.Robots) []string {
	var names []string
	seen := map[string]bool{}
	add := func(n string) {
		if k := strings.ToLower(n); n != "" && !seen[k] {
			seen[k] = true
			names = append(names, n)
		}
	}
	add("*")
	for _, c := range crawlers.ByPurpose(crawlers.PurposeSearch) {
		add(c.Token)
	}
	for _, c := range crawlers.AICrawlers() {
		add(c.Token)
	}
	for _, r := range files {
		for _, g := range r.Groups {
			for _, ua := range g.UserAgents {
				if !ua.Global() {
					add(ua.Token)
				}
			}
		}
	}
	return names
}
