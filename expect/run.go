package expect

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/robotstxt/robotstxt"
)

// Verdict is the answer an expectation is compared with. Its fields are
// those of every command's verdict (check, report, diff): allowed, reason
// and rule, with why besides.
type Verdict struct {
	Allowed bool `json:"allowed"`
	// Reason is robotstxt's reason ("matched-rule", "no-matching-rule",
	// ...) or, when no file applied, the robots.txt's status
	// ("unavailable", "unreachable", "rate-limited").
	Reason string `json:"reason"`
	// Rule is the deciding rule, or null when none decided.
	Rule *robotstxt.Rule `json:"rule"`
	// Why says in a few words why: the rule and its line, "no matching
	// rule", or why no file applied.
	Why string `json:"why"`
}

// A Decider answers for one crawler and URL.
type Decider func(agent, rawURL string) Verdict

// Rules decides by the rules of a parsed file, as robotstxt.Robots.AgentWith
// does with opts.
func Rules(r *robotstxt.Robots, opts robotstxt.AgentOptions) Decider {
	agents := map[string]robotstxt.Agent{}
	return func(agent, rawURL string) Verdict {
		a, ok := agents[agent]
		if !ok {
			a = r.AgentWith(agent, opts)
			agents[agent] = a
		}
		v := a.Check(rawURL)
		out := Verdict{Allowed: v.Allowed, Reason: v.Reason.String(), Why: Explain(v)}
		if v.Rule != nil {
			rule := *v.Rule
			out.Rule = &rule
		}
		return out
	}
}

// Fixed gives the same answer for every URL: a file that could not be had
// allows everything (unavailable) or disallows everything (unreachable), as
// RFC 9309 section 2.3.1 says; reason is that status.
func Fixed(allowed bool, reason, why string) Decider {
	return func(string, string) Verdict { return Verdict{Allowed: allowed, Reason: reason, Why: why} }
}

// Result is an expectation and what was found.
type Result struct {
	Expectation
	Pass bool    `json:"pass"`
	Got  Verdict `json:"got"`
}

// Message says what failed, or what passed: "want disallow, got allow (no
// matching rule)".
func (r Result) Message() string {
	got := "disallow"
	if r.Got.Allowed {
		got = "allow"
	}
	if r.Pass {
		return got + " (" + r.Got.Why + ")"
	}
	if r.Got.Allowed == r.Allow && r.RuleLine > 0 {
		return fmt.Sprintf("want %s, got %s by another rule (%s)", r.Want(), got, r.Got.Why)
	}
	return fmt.Sprintf("want %s, got %s (%s)", r.Want(), got, r.Got.Why)
}

// Run checks each expectation.
func Run(exps []Expectation, d Decider) []Result {
	out := make([]Result, len(exps))
	for i, e := range exps {
		v := d(e.Agent, e.URL)
		pass := v.Allowed == e.Allow
		if pass && e.RuleLine > 0 {
			pass = v.Rule != nil && v.Rule.Line == e.RuleLine
		}
		out[i] = Result{Expectation: e, Pass: pass, Got: v}
	}
	return out
}

// SitemapURLs lists the URLs of a sitemap that an expectation names
// (Expectation.Sitemap); the error says why it could not be read.
type SitemapURLs func(name string) ([]string, error)

// RunSitemaps checks each expectation as Run does; one that names a
// sitemap holds when every URL the sitemap lists gets the verdict (and, with
// @LINE, the rule). Its Got is then the first URL that fails, with how many
// do, or, when all pass, the first URL's verdict. A sitemap that cannot be
// read, or lists no URL, fails the expectation.
func RunSitemaps(exps []Expectation, d Decider, urls SitemapURLs) []Result {
	out := make([]Result, len(exps))
	for i, e := range exps {
		if e.Sitemap == "" {
			out[i] = Run([]Expectation{e}, d)[0]
			continue
		}
		list, err := urls(e.Sitemap)
		switch {
		case err != nil:
			out[i] = Result{Expectation: e, Got: Verdict{Allowed: !e.Allow, Reason: "sitemap-unreadable", Why: "the sitemap could not be read: " + err.Error()}}
			continue
		case len(list) == 0:
			out[i] = Result{Expectation: e, Got: Verdict{Allowed: !e.Allow, Reason: "sitemap-empty", Why: "the sitemap lists no URL"}}
			continue
		}
		failed := 0
		var first Verdict
		var firstURL string
		for _, u := range list {
			r := Run([]Expectation{{Agent: e.Agent, URL: u, Allow: e.Allow, RuleLine: e.RuleLine}}, d)[0]
			if !r.Pass {
				if failed == 0 {
					first, firstURL = r.Got, u
				}
				failed++
			}
		}
		if failed == 0 {
			v := d(e.Agent, list[0])
			v.Why = fmt.Sprintf("every one of %d URLs of the sitemap; the first: %s", len(list), v.Why)
			out[i] = Result{Expectation: e, Pass: true, Got: v}
			continue
		}
		first.Why = fmt.Sprintf("%d of %d URLs of the sitemap, such as %s: %s", failed, len(list), firstURL, first.Why)
		out[i] = Result{Expectation: e, Got: first}
	}
	return out
}

// Failed counts the results that did not pass.
func Failed(rs []Result) int {
	n := 0
	for _, r := range rs {
		if !r.Pass {
			n++
		}
	}
	return n
}

// Explain says in a few words why a verdict was reached, in the words of
// "robotstxt check".
func Explain(v robotstxt.Verdict) string {
	switch v.Reason {
	case robotstxt.MatchedRule:
		s := fmt.Sprintf("line %d: %s: %s", v.Rule.Line, v.Rule.Kind, v.Rule.Pattern)
		if v.ViaIndexHTML {
			s += ", index.html also allows its directory"
		}
		if o := v.Overruled; o != nil {
			s += fmt.Sprintf(", over line %d: %s: %s", o.Line, o.Kind, o.Pattern)
		}
		if v.Fallback != "" {
			s += " (" + v.Fallback + "'s group, by fallback)"
		}
		return s
	case robotstxt.NoMatchingRule:
		lines := make([]string, len(v.UserAgents))
		for i, ua := range v.UserAgents {
			lines[i] = strconv.Itoa(ua.Line)
		}
		s := "no matching rule in the group of line " + strings.Join(lines, ", ")
		if v.Fallback != "" {
			s += " (" + v.Fallback + "'s, by fallback)"
		}
		return s
	case robotstxt.NoGroup:
		return "no group for this agent and no * group"
	case robotstxt.ImplicitRobotsTxt:
		return "/robots.txt is always allowed"
	}
	return v.Reason.String()
}
