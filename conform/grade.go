package conform

import (
	"fmt"
	"sort"
	"strings"
	"time"

	"github.com/robotstxt/robotstxt"
)

// Results of a check.
const (
	Pass         = "pass"
	Fail         = "fail"
	Noted        = "noted" // differs where the RFC leaves room: reported, not failed
	NotExercised = "not-exercised"
)

// maxEvidence bounds the requests a result lists.
const maxEvidence = 8

// Result is one check's grade.
type Result struct {
	CheckInfo
	Result string `json:"result"`
	// Detail says why, in one sentence.
	Detail string `json:"detail"`
	// Requests are those that decided it (at most a few).
	Requests []Request `json:"requests"`
}

// Report is the report card of one crawl.
type Report struct {
	Agent  string         `json:"agent"`
	Start  string         `json:"start"`
	Counts map[string]int `json:"counts"`
	Checks []Result       `json:"checks"`
}

// Failed reports whether a graded check failed.
func (r *Report) Failed() bool { return r.Counts[Fail] > 0 }

// grader holds a log and what grading derives from it.
type grader struct {
	log     *Log
	origins map[string]*origin
	// byOrigin: the requests that reached each origin; robotsOf: the
	// robots-path requests asking for each origin's policy.
	byOrigin, robotsOf, distinct map[string][]Request
	parsed                       map[string]*robotstxt.Robots
}

// Grade grades what a log recorded. Its cost is linear in the requests
// (maxAnswers bounds the robots.txt answers weighed per origin).
func Grade(l *Log) *Report {
	rep, _ := grade(l)
	return rep
}

func grade(l *Log) (*Report, *grader) {
	origins, checks := catalogue()
	g := &grader{log: l, origins: map[string]*origin{}, byOrigin: map[string][]Request{},
		robotsOf: map[string][]Request{}, distinct: map[string][]Request{}, parsed: map[string]*robotstxt.Robots{}}
	for _, o := range origins {
		g.origins[o.name] = o
	}
	for _, q := range l.Requests {
		g.byOrigin[q.Origin] = append(g.byOrigin[q.Origin], q)
		if q.Robots != "" {
			g.robotsOf[q.Robots] = append(g.robotsOf[q.Robots], q)
		}
	}
	rep := &Report{Agent: l.Agent, Start: l.Start, Counts: map[string]int{}}
	for _, c := range checks {
		var r Result
		switch c.ID {
		case "robots-per-origin":
			r = g.originCheck(c, "port-a", "port-b")
		case "robots-per-scheme":
			r = g.schemeCheck(c)
		case "crawl-delay":
			r = g.crawlDelay(c)
		case "retry-after":
			r = g.retryAfter(c)
		case "robots-first":
			r = g.robotsFirst(c)
		case "robots-once":
			r = g.robotsOnce(c)
		case "ua-token":
			r = g.uaToken(c)
		default:
			r = g.originCheck(c, c.ID)
		}
		if len(r.Requests) > maxEvidence {
			r.Requests = r.Requests[:maxEvidence]
		}
		if r.Requests == nil {
			r.Requests = []Request{}
		}
		rep.Checks = append(rep.Checks, r)
		rep.Counts[r.Result]++
	}
	return rep, g
}

// isRobots reports whether q asked for a robots path (of any origin).
func (g *grader) isRobots(q Request) bool {
	o := g.origins[q.Origin]
	return q.Robots != "" || (o != nil && q.Query == "" && o.isRobotsPath(q.Path))
}

// policy is the parsed text an origin served as its variant.
func (g *grader) policy(o *origin, variant string) *robotstxt.Robots {
	key := o.name + "\x00" + variant
	r, ok := g.parsed[key]
	if !ok {
		r = robotstxt.ParseString(o.policy(g.log.Agent, variant))
		g.parsed[key] = r
	}
	return r
}

// maxAnswers bounds the distinct robots.txt answers per origin that grading
// weighs (the first ones): a site gives one or two (one per User-Agent on
// the group-ua-token origin), and a hostile log must not make grading
// quadratic.
const maxAnswers = 16

// answers are the distinct robots.txt answers an origin gave, each at its
// first appearance, at most maxAnswers of them.
func (g *grader) answers(name string) []Request {
	if a, ok := g.distinct[name]; ok {
		return a
	}
	var out []Request
	seen := map[[3]string]bool{}
	for _, a := range g.robotsOf[name] {
		k := [3]string{fmt.Sprint(a.Status), a.Variant, a.Answer}
		if a.Status/100 == 3 || seen[k] {
			continue
		}
		seen[k] = true
		out = append(out, a)
		if len(out) == maxAnswers {
			break
		}
	}
	g.distinct[name] = out
	return out
}

// verdict decides a page request by the robots.txt answers the origin gave
// before it: allowed when one of them allows it (a 2xx whose rules allow
// it, or a 4xx other than 429); when none did (none asked for yet, or only
// 5xx, 429, timeouts and resets), it is disallowed. It returns why and the
// answer that decided.
func (g *grader) verdict(o *origin, q Request) (allowed bool, why string, by *Request) {
	var last *Request
	why = "fetched before robots.txt was read"
	for _, a := range g.answers(o.name) {
		if a.Seq > q.Seq {
			break
		}
		switch {
		case a.Answer != "":
			why = "fetched while robots.txt was unreachable (" + a.Answer + ")"
		case a.Status/100 == 2:
			name := g.log.Agent
			if o.agentOf != nil {
				name = o.agentOf(g.log.Agent, a.Variant)
			}
			v := g.policy(o, a.Variant).Check(name, q.URI())
			if v.Allowed {
				return true, "", &a
			}
			last = &a
			why = "disallowed"
			if v.Rule != nil {
				why = fmt.Sprintf("disallowed by %q (line %d)", v.Rule.Kind.String()+": "+v.Rule.Pattern, v.Rule.Line)
			}
		case a.Status == 429 || a.Status/100 == 5:
			why = fmt.Sprintf("fetched while robots.txt answered %d", a.Status)
			last = &a
		case a.Status/100 == 4:
			return true, "", &a
		}
	}
	return false, why, last
}

// originCheck grades the origins serving one check: fail when a page was
// fetched that no robots.txt answer allowed, or (for graded checks) when an
// allowed probe that must be fetched was not while the crawler reached the
// origin; noted instead of the latter for the checks that are not graded.
func (g *grader) originCheck(c CheckInfo, names ...string) Result {
	r := Result{CheckInfo: c}
	var violations, evidence []Request
	var reasons, missing []string
	reached := false
	for _, name := range names {
		o := g.origins[name]
		reqs := g.byOrigin[name]
		reached = reached || len(reqs) > 0 || len(g.robotsOf[name]) > 0
		fetched := map[string]bool{}
		for _, q := range reqs {
			if g.isRobots(q) {
				evidence = append(evidence, q)
				continue
			}
			fetched[robotstxt.NormalizePath(q.URI())] = true
			ok, why, _ := g.verdict(o, q)
			if !ok {
				violations = append(violations, q)
				reasons = append(reasons, q.URI()+" "+why)
			} else {
				evidence = append(evidence, q)
			}
		}
		for _, p := range o.mustFetch {
			if !fetched[robotstxt.NormalizePath(p)] {
				missing = append(missing, p)
			}
		}
	}
	switch {
	case !reached:
		r.Result, r.Detail = NotExercised, "the crawler sent no request to this origin"
	case len(violations) > 0:
		r.Result, r.Detail, r.Requests = Fail, strings.Join(reasons, "; "), append(violations, robotsOnly(evidence)...)
	case len(missing) > 0 && c.Graded:
		r.Result, r.Detail, r.Requests = Fail, "allowed but never fetched: "+strings.Join(missing, ", "), evidence
	case len(missing) > 0:
		r.Result, r.Detail, r.Requests = Noted, "read as disallowed: never fetched "+strings.Join(missing, ", "), evidence
	default:
		r.Result, r.Detail, r.Requests = Pass, "every page fetched was allowed", evidence
		if len(names) == 1 && len(g.origins[names[0]].mustFetch) > 0 {
			r.Detail = "every page fetched was allowed, and every allowed probe was fetched"
		}
	}
	return r
}

// schemeCheck grades the http and https origins on one host and port as
// one: each page by its own origin's robots.txt, so an https page fetched
// before the https robots.txt was read fails, whatever the http one said.
// A crawler that never reached the https origin (it was not given the
// site's certificate) leaves the check not exercised.
func (g *grader) schemeCheck(c CheckInfo) Result {
	if len(g.byOrigin["scheme-https"]) == 0 {
		return Result{CheckInfo: c, Result: NotExercised,
			Detail: "the crawler sent no request to the https origin (does it trust the site's certificate? {cacert})"}
	}
	return g.originCheck(c, "scheme-http", "scheme-https")
}

func robotsOnly(qs []Request) []Request {
	var out []Request
	for _, q := range qs {
		if q.Robots != "" {
			out = append(out, q)
		}
	}
	return out
}

// crawlDelay: the gaps between the pages fetched from the crawl-delay origin
// after its robots.txt was read; honoured when each is at least 0.9 s.
func (g *grader) crawlDelay(c CheckInfo) Result {
	r := Result{CheckInfo: c}
	var after []Request
	read := false
	for _, q := range g.byOrigin["crawl-delay"] {
		if g.isRobots(q) {
			read = read || q.Status == 200
		} else if read {
			after = append(after, q)
		}
	}
	if len(after) < 2 {
		r.Result, r.Detail, r.Requests = NotExercised, "fewer than two pages fetched after robots.txt", after
		return r
	}
	shortest := time.Duration(1<<63 - 1)
	at := 0
	for i := 1; i < len(after); i++ {
		if d := after[i].Time.Sub(after[i-1].Time); d < shortest {
			shortest, at = d, i
		}
	}
	r.Requests = after
	if shortest >= 900*time.Millisecond {
		r.Result, r.Detail = Pass, fmt.Sprintf("honoured: the shortest gap was %s", shortest.Round(time.Millisecond))
	} else {
		r.Result, r.Detail = Noted, fmt.Sprintf("not honoured: %s between requests %d and %d", shortest.Round(time.Millisecond), after[at-1].Seq, after[at].Seq)
		r.Requests = after[at-1 : at+1]
	}
	return r
}

// retryAfter: after the 429 with Retry-After: 2, no request to that origin
// within 1.8 s (the two seconds, less the 10% that the gap measured at the
// site may lose to the client's clock, as crawl-delay allows).
func (g *grader) retryAfter(c CheckInfo) Result {
	r := Result{CheckInfo: c}
	reqs := g.byOrigin["status-429"]
	for i, q := range reqs {
		if q.Robots == "" || q.Status != 429 {
			continue
		}
		// The next request decides: it is the earliest (requests are in
		// order of arrival).
		if i+1 < len(reqs) {
			n := reqs[i+1]
			if d := n.Time.Sub(q.Time); d < 1800*time.Millisecond {
				r.Result, r.Requests = Noted, []Request{q, n}
				r.Detail = fmt.Sprintf("not honoured: request %d came %s after the 429", n.Seq, d.Round(time.Millisecond))
				return r
			}
		}
		r.Requests = append(r.Requests, q)
	}
	if len(r.Requests) == 0 {
		r.Result, r.Detail = NotExercised, "robots.txt of the 429 origin was never asked for"
		return r
	}
	r.Result, r.Detail = Pass, "honoured: no request within 1.8 s of a 429 (Retry-After: 2)"
	return r
}

// robotsFirst: the first request to each origin asks for robots.txt (the
// start page itself, named by the operator, excepted).
func (g *grader) robotsFirst(c CheckInfo) Result {
	r := Result{CheckInfo: c}
	var bad, good []string
	var firsts []Request
	for _, o := range g.log.Origins {
		reqs := g.byOrigin[o.Name]
		for _, q := range reqs {
			if o.Name == "start" && q.Path == "/" && q.Query == "" {
				continue
			}
			if g.isRobots(q) {
				good = append(good, o.Name)
				firsts = append(firsts, q)
			} else if g.origins[o.Name] != nil {
				bad = append(bad, o.Name)
				r.Requests = append(r.Requests, q)
			}
			break
		}
	}
	switch {
	case len(bad) > 0:
		r.Result, r.Detail = Fail, "the first request was not for robots.txt on "+strings.Join(bad, ", ")
	case len(good) == 0:
		r.Result, r.Detail = NotExercised, "no origin was reached"
	default:
		r.Result, r.Detail = Pass, fmt.Sprintf("robots.txt came first on all %d origins reached", len(good))
		r.Requests = firsts
	}
	return r
}

// robotsOnce: origins whose robots.txt always gives the same answer are
// asked for it once.
func (g *grader) robotsOnce(c CheckInfo) Result {
	r := Result{CheckInfo: c}
	var over []string
	var once []Request
	reached := 0
	names := make([]string, 0, len(g.origins))
	for name := range g.origins {
		names = append(names, name)
	}
	sort.Strings(names)
	for _, name := range names {
		if !g.origins[name].stable {
			continue
		}
		var asks []Request
		for _, q := range g.byOrigin[name] {
			if q.Path == "/robots.txt" && q.Query == "" {
				asks = append(asks, q)
			}
		}
		if len(asks) > 0 {
			reached++
			once = append(once, asks[0])
		}
		if len(asks) > 1 {
			over = append(over, fmt.Sprintf("%s (%d times)", name, len(asks)))
			r.Requests = append(r.Requests, asks...)
		}
	}
	switch {
	case len(over) > 0:
		r.Result, r.Detail = Fail, "robots.txt read more than once: "+strings.Join(over, ", ")
	case reached == 0:
		r.Result, r.Detail = NotExercised, "no robots.txt was read"
	default:
		r.Result, r.Detail = Pass, fmt.Sprintf("read once on each of %d origins", reached)
		r.Requests = once
	}
	return r
}

// uaToken: every request's User-Agent carries the agent's token.
func (g *grader) uaToken(c CheckInfo) Result {
	r := Result{CheckInfo: c}
	seen := map[string]bool{}
	for _, q := range g.log.Requests {
		if !containsFold(q.UserAgent, g.log.Agent) && !seen[q.UserAgent] {
			seen[q.UserAgent] = true
			r.Requests = append(r.Requests, q)
		}
	}
	switch {
	case len(r.Requests) > 0:
		r.Result, r.Detail = Fail, fmt.Sprintf("User-Agent without %q: %q", g.log.Agent, r.Requests[0].UserAgent)
	case len(g.log.Requests) == 0:
		r.Result, r.Detail = NotExercised, "no request"
	default:
		r.Result, r.Detail = Pass, fmt.Sprintf("every User-Agent carried %q", g.log.Agent)
		r.Requests = g.log.Requests[:1]
	}
	return r
}
