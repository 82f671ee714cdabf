package bench

import (
	"errors"
	"fmt"
	"runtime"
	"sort"
	"strings"
	"sync"

	"github.com/robotstxt/robotstxt"
	temoto "github.com/temoto/robotstxt"
)

// Causes of a disagreement between our library and temoto.
const (
	CauseTruncated   = "500 KiB limit"
	CauseParse       = "line reading, other"
	CauseCrawlDelay  = "crawl-delay line ends a group"
	CauseTypo        = "key spelt as Google accepts"
	CauseHash        = "'#' right after a value"
	CauseColon       = "space before the colon"
	CauseSpace       = "whitespace inside a value"
	CauseLineOther   = "other line syntax"
	CauseAgentPrefix = "user-agent prefix match"
	CauseAgentSuffix = "user-agent value with more than a token"
	CauseGroupOther  = "group choice, other"
	CauseRobotsTxt   = "/robots.txt always allowed"
	CauseNoSlash     = "pattern without leading '/'"
	CausePercent     = "percent-encoding"
	CauseDollar      = "'$' inside a pattern"
	CauseAnchor      = "wildcard matched anywhere"
	CauseStarOnly    = "pattern of only '*'"
	CausePriority    = "wildcard rule priority"
	CauseTie         = "equal priority: allow wins"
	CauseIndexHTML   = "index.html allows its directory"
	CauseUnexplained = "unexplained"
)

// Disagreement is one check the two libraries answer differently.
type Disagreement struct {
	File, Agent, Path string
	Ours, Temoto      bool // allowed?
	Cause             string
}

func (d Disagreement) String() string {
	return fmt.Sprintf("%s agent=%s path=%s ours=%s temoto=%s (%s)", d.File, d.Agent, d.Path, verdict(d.Ours), verdict(d.Temoto), d.Cause)
}

func verdict(allowed bool) string {
	if allowed {
		return "allow"
	}
	return "disallow"
}

// Tally counts the checks and files of one cause.
type Tally struct {
	Cause   string
	Checks  int
	Files   int
	Samples []Disagreement // the first of each of the first few files
}

// Report is the outcome of comparing both libraries over a set of files.
type Report struct {
	Files    int            // files read
	Rejected map[string]int // files temoto refuses (an error for the whole file), by reason
	// RejectedFiles names the files temoto refuses.
	RejectedFiles []string
	Compared      int // files both libraries parsed
	Checks        int // checks made on them
	Disagree      int // checks answered differently
	DisagreeFiles int // files with at least one such check
	Causes        []*Tally
	// Disagreements lists every check answered differently, in corpus order.
	Disagreements []Disagreement
	// RefChecks counts the checks where our library was also compared with
	// the naive reference model (RFC 9309 with Google's leniency, every
	// rule tried in turn); RefMismatches are the checks where it differs.
	RefChecks     int
	RefMismatches []Disagreement
}

// Samples per cause kept in a report.
const keepSamples = 8

// Compare checks every file with both libraries: each agent of Agents and
// up to two product tokens the file names itself, against every path of
// Paths. Our library runs with its defaults (500 KiB limit), temoto with
// its own. Each disagreement is put down to a cause by modelling both
// libraries' rules (see the model type).
func Compare(files []File) *Report {
	// Files are compared in parallel and the results merged in corpus order.
	results := make([]fileResult, len(files))
	var wg sync.WaitGroup
	next := make(chan int)
	for w := 0; w < runtime.GOMAXPROCS(0); w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range next {
				results[i] = compareFile(files[i])
			}
		}()
	}
	for i := range files {
		next <- i
	}
	close(next)
	wg.Wait()

	rep := &Report{Rejected: map[string]int{}}
	tallies := map[string]*Tally{}
	for i, res := range results {
		rep.Files++
		if res.rejected != "" {
			rep.Rejected[res.rejected]++
			rep.RejectedFiles = append(rep.RejectedFiles, files[i].Name)
			continue
		}
		rep.Compared++
		rep.Checks += res.checks
		rep.RefChecks += res.checks
		rep.RefMismatches = append(rep.RefMismatches, res.refMismatches...)
		if len(res.disagreements) > 0 {
			rep.DisagreeFiles++
		}
		seen := map[string]bool{}
		for _, d := range res.disagreements {
			rep.Disagree++
			rep.Disagreements = append(rep.Disagreements, d)
			tl := tallies[d.Cause]
			if tl == nil {
				tl = &Tally{Cause: d.Cause}
				tallies[d.Cause] = tl
			}
			tl.Checks++
			if !seen[d.Cause] {
				seen[d.Cause] = true
				tl.Files++
				if len(tl.Samples) < keepSamples {
					tl.Samples = append(tl.Samples, d)
				}
			}
		}
	}
	for _, tl := range tallies {
		rep.Causes = append(rep.Causes, tl)
	}
	sort.Slice(rep.Causes, func(i, j int) bool {
		a, b := rep.Causes[i], rep.Causes[j]
		if a.Checks != b.Checks {
			return a.Checks > b.Checks
		}
		return a.Cause < b.Cause
	})
	return rep
}

type fileResult struct {
	rejected      string // why temoto refused the file, or ""
	checks        int
	disagreements []Disagreement
	refMismatches []Disagreement
}

func compareFile(f File) (res fileResult) {
	c, reason := newFileComparer(f)
	if c == nil {
		res.rejected = reason
		return res
	}
	paths := Paths(c.r)
	for _, agent := range fileAgents(c.r) {
		for _, p := range paths {
			res.checks++
			o, tv, cause, refOK := c.compare(agent, p)
			if !refOK {
				res.refMismatches = append(res.refMismatches, Disagreement{f.Name, agent, p, o, !o, "reference model"})
			}
			if cause != "" {
				res.disagreements = append(res.disagreements, Disagreement{f.Name, agent, p, o, tv, cause})
			}
		}
	}
	return res
}

// newFileComparer parses f with both libraries; when temoto refuses the
// file it returns nil and the reason.
func newFileComparer(f File) (*fileComparer, string) {
	t, err := temotoParse(f.Data)
	if err != nil {
		return nil, rejectReason(err)
	}
	c := &fileComparer{name: f.Name, data: f.Data, r: robotstxt.Parse(f.Data), t: t, cache: regexpCache{}}
	if c.r.Truncated {
		c.full = robotstxt.ParseOptions(string(f.Data), unlimited)
	}
	return c, ""
}

// plainRFC is how our library is compared: without the crawlers' documented
// fallbacks (Googlebot-Image following Googlebot, Yandex's reading of
// groups, AdsBot-Google ignoring "*"), which neither temoto nor the
// reference model knows; they are tested in the library itself.
var plainRFC = robotstxt.AgentOptions{NoFallback: true}

// compare checks path for agent with both libraries. cause is empty when
// they agree; refOK reports whether our answer is the reference model's.
func (c *fileComparer) compare(agent, path string) (ours, tem bool, cause string, refOK bool) {
	ours = c.r.AgentWith(agent, plainRFC).Allowed(path)
	refOK = ours
	if rules, ok := refRules(c.r, agent); ok {
		refOK = c.model(modelKey{agent, false, allFeatures}, rules).allowed(path) == ours
	}
	tem, err := temotoTest(c.t.FindGroup(agent), path)
	switch {
	case err != nil:
		return ours, !ours, "temoto panicked: " + err.Error(), refOK
	case tem == ours:
		return ours, tem, "", refOK
	}
	return ours, tem, c.classify(agent, path, ours, tem), refOK
}

// temotoParse is temoto.FromBytes with a panic turned into an error.
func temotoParse(data []byte) (r *temoto.RobotsData, err error) {
	defer func() {
		if p := recover(); p != nil {
			r, err = nil, fmt.Errorf("panic: %v", p)
		}
	}()
	return temoto.FromBytes(data)
}

func temotoTest(g *temoto.Group, path string) (ok bool, err error) {
	defer func() {
		if p := recover(); p != nil {
			err = fmt.Errorf("%v", p)
		}
	}()
	return g.Test(path), nil
}

// rejectReason sums up why temoto refused a file, from its first error.
func rejectReason(err error) string {
	msg := err.Error()
	var pe *temoto.ParseError
	if errors.As(err, &pe) && len(pe.Errs) > 0 {
		msg = pe.Errs[0].Error()
	}
	switch {
	case strings.HasPrefix(msg, "panic:"):
		return "temoto panicked"
	case strings.Contains(msg, "Crawl-delay before User-agent"):
		return "crawl-delay before the first user-agent line"
	case strings.Contains(msg, "before User-agent"):
		return "allow/disallow before the first user-agent line"
	case strings.Contains(msg, "ParseFloat"), strings.Contains(msg, "Crawl-delay invalid"):
		return "crawl-delay value not a number"
	}
	return "other: " + msg
}

type fileComparer struct {
	name  string
	data  []byte
	r     *robotstxt.Robots // our parse, default limit
	full  *robotstxt.Robots // our parse without limit, when r is truncated
	t     *temoto.RobotsData
	cache regexpCache
	// repairs are temoto's parses of the file after each step of lineFixes.
	repairs []*temoto.RobotsData
	models  map[modelKey]*model
}

type modelKey struct {
	agent  string
	temoto bool // the rules of temoto's group choice, not ours
	f      feature
}

// model returns the model of an agent's rules for a feature set, built once.
func (c *fileComparer) model(k modelKey, rules []robotstxt.Rule) *model {
	m := c.models[k]
	if m == nil {
		if c.models == nil {
			c.models = map[modelKey]*model{}
		}
		m = newModel(rules, k.f, c.cache)
		c.models[k] = m
	}
	return m
}

// classify puts a disagreement down to its first cause:
//  1. the file is over 500 KiB and our answer on the whole file is temoto's;
//  2. temoto read the lines differently: modelling temoto's group choice
//     and matching on the rules we read does not give temoto's answer (see
//     lineCause for which lines);
//  3. the two choose different groups;
//  4. on the same rules, the first of the features (see featureCauses)
//     that, turned on in order, turns temoto's answer into ours.
func (c *fileComparer) classify(agent, path string, ours, tem bool) string {
	if c.full != nil && c.full.AgentWith(agent, plainRFC).Allowed(path) == tem {
		return CauseTruncated
	}
	trules, key := temotoRules(c.r, agent)
	if c.model(modelKey{agent, true, 0}, trules).allowed(path) != tem {
		return c.lineCause(agent, path, ours)
	}
	orules, ok := refRules(c.r, agent)
	if !sameRules(trules, orules) || (key != "") != ok {
		return c.groupCause(agent, key)
	}
	var f feature
	for _, fc := range featureCauses {
		f |= fc.f
		if c.model(modelKey{agent, false, f}, orules).allowed(path) == ours {
			return fc.cause
		}
	}
	return CauseUnexplained
}

func (c *fileComparer) groupCause(agent, key string) string {
	if key != "" && key != "*" && !strings.EqualFold(key, agent) {
		return CauseAgentPrefix
	}
	for _, g := range c.r.Groups {
		for _, ua := range g.UserAgents {
			if strings.EqualFold(ua.Token, agent) && temotoKey(ua.Value) != strings.ToLower(agent) {
				return CauseAgentSuffix
			}
		}
	}
	return CauseGroupOther
}
