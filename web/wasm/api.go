package main

import (
	"encoding/json"
	"fmt"
	"runtime"
	"runtime/debug"
	"strconv"
	"strings"

	"github.com/robotstxt/robotstxt"
	"github.com/robotstxt/robotstxt/internal/reference"
	"github.com/robotstxt/robotstxt/internal/wire"
)

// envelope is what every call returns, as JSON: the result, or an error.
// Panic is set when the error is a recovered panic, a bug to report.
type envelope struct {
	Result any    `json:"result,omitempty"`
	Error  string `json:"error,omitempty"`
	Panic  bool   `json:"panic,omitempty"`
	Stack  string `json:"stack,omitempty"`
}

// function is one function the page can call: it takes exactly len(params)
// string arguments.
type function struct {
	params []string
	run    func(s *session, args []string) (any, error)
}

// functions are the calls the page makes. Every argument is a string, so
// the bridge stays trivial; every result is JSON.
var functions = map[string]function{
	"parse":    {[]string{"text", "limit"}, (*session).parse},
	"check":    {[]string{"text", "agent", "url"}, (*session).check},
	"lint":     {[]string{"text", "lang"}, (*session).lint},
	"matrix":   {[]string{"text", "url", "lang", "set"}, (*session).matrix},
	"crawlers": {[]string{"lang"}, (*session).crawlers},
	"selftest": {nil, (*session).selftest},
	"version":  {nil, (*session).version},
}

// session remembers the last text parsed: the matcher runs on every
// keystroke in the agent and URL fields, and a 500 KiB file should be
// parsed once, not each time.
type session struct {
	text string
	r    *robotstxt.Robots
}

func (s *session) robots(text string) *robotstxt.Robots {
	if s.r == nil || text != s.text {
		s.text, s.r = text, robotstxt.ParseString(text)
	}
	return s.r
}

// call runs the named function and returns its JSON envelope. It never
// panics: a panic in the parser, the matcher or the linter is reported to the
// page, which shows it, rather than killing the Go program (after which
// every later call would fail).
func (s *session) call(name string, args []string) (out string) {
	defer func() {
		if p := recover(); p != nil {
			out = encode(envelope{Error: fmt.Sprintf("internal error in %s: %v", name, p), Panic: true, Stack: string(debug.Stack())})
		}
	}()
	f, ok := functions[name]
	if !ok {
		return encode(envelope{Error: fmt.Sprintf("unknown function %q", name)})
	}
	if len(args) != len(f.params) {
		return encode(envelope{Error: fmt.Sprintf("%s(%s) takes %d arguments, got %d", name, strings.Join(f.params, ", "), len(f.params), len(args))})
	}
	res, err := f.run(s, args)
	if err != nil {
		return encode(envelope{Error: name + ": " + err.Error()})
	}
	return encode(envelope{Result: res})
}

func encode(e envelope) string {
	b, err := json.Marshal(e)
	if err != nil {
		b, _ = json.Marshal(envelope{Error: "encoding the result: " + err.Error()})
	}
	return string(b)
}

// parseResult is the parsed file as the page lays it out: the same document
// as "robotstxt parse --json", with its lists cut to a limit so that a
// 500 KiB file does not cost megabytes of JSON for rows nobody scrolls to,
// plus the form in which each rule is matched when it differs from what was
// written.
type parseResult struct {
	wire.ParseDoc
	// Canon maps the line of a rule to its pattern as matched
	// (percent-encoding normalised), for the rules shown where that differs.
	Canon map[int]string `json:"canon"`
	// Counts are the full lengths of the lists, before any cut.
	Counts counts `json:"counts"`
	// RuleCounts holds the number of rules of each group shown, before
	// any cut.
	RuleCounts []int `json:"ruleCounts"`
}

type counts struct {
	Groups   int `json:"groups"`
	Rules    int `json:"rules"` // in groups and orphans
	Orphans  int `json:"orphans"`
	Sitemaps int `json:"sitemaps"`
	Other    int `json:"other"`
}

// parse(text, limit): limit is the most groups, rules per group, orphans,
// sitemaps and other records returned (user-agent lines are never cut), in decimal; "0" returns them all.
func (s *session) parse(args []string) (any, error) {
	limit, err := strconv.Atoi(args[1])
	if err != nil || limit < 0 {
		return nil, fmt.Errorf("limit %q is not a count", args[1])
	}
	r := s.robots(args[0])
	doc := wire.NewParseDoc(r)
	res := parseResult{Canon: map[int]string{}, Counts: counts{Groups: len(doc.Groups), Orphans: len(doc.Orphans),
		Sitemaps: len(doc.Sitemaps), Other: len(doc.Other)}}
	res.Counts.Rules = len(doc.Orphans)
	for _, g := range doc.Groups {
		res.Counts.Rules += len(g.Rules)
	}
	doc.Groups = cut(doc.Groups, limit)
	res.RuleCounts = make([]int, len(doc.Groups))
	groups := make([]robotstxt.Group, len(doc.Groups))
	for i, g := range doc.Groups {
		res.RuleCounts[i] = len(g.Rules)
		groups[i] = robotstxt.Group{UserAgents: g.UserAgents, Rules: cut(g.Rules, limit)}
	}
	doc.Groups = groups
	doc.Orphans, doc.Sitemaps, doc.Other = cut(doc.Orphans, limit), cut(doc.Sitemaps, limit), cut(doc.Other, limit)
	note := func(rules []robotstxt.Rule) {
		for _, rule := range rules {
			if c := robotstxt.CanonicalPattern(rule.Pattern); c != rule.Pattern {
				res.Canon[rule.Line] = c
			}
		}
	}
	for _, g := range doc.Groups {
		note(g.Rules)
	}
	note(doc.Orphans)
	res.ParseDoc = doc
	return res, nil
}

// cut returns at most limit elements of s (all of them for limit 0).
func cut[E any](s []E, limit int) []E {
	if limit > 0 && len(s) > limit {
		return s[:limit]
	}
	return s
}

// checkResult is one verdict: the JSON of "robotstxt check --json", plus
// what the page needs to explain it.
type checkResult struct {
	wire.CheckResult
	// Token is the product token whose groups applied ("*" for the
	// fallback), empty when no group applied.
	Token string `json:"token"`
	// GroupIndexes are the indexes of the applied groups in the parse
	// result's groups.
	GroupIndexes []int `json:"groupIndexes"`
	// RuleOctets and OverruledOctets are the priorities (octets of the
	// normalised pattern) of the deciding and the losing rule.
	RuleOctets      int `json:"ruleOctets,omitempty"`
	OverruledOctets int `json:"overruledOctets,omitempty"`
	// Tie: the deciding allow rule was as long as the disallow rule it beat.
	Tie bool `json:"tie,omitempty"`
	// AgentIsToken: the agent was a bare product token; otherwise it was
	// searched as a user-agent string.
	AgentIsToken bool `json:"agentIsToken"`
}

func (s *session) check(args []string) (any, error) {
	r := s.robots(args[0])
	agent, rawURL := strings.TrimSpace(args[1]), strings.TrimSpace(args[2])
	if rawURL == "" {
		rawURL = "/"
	}
	a := r.Agent(agent)
	v := a.Check(rawURL)
	res := checkResult{CheckResult: wire.NewCheckResult(agent, rawURL, v), GroupIndexes: a.Groups(),
		AgentIsToken: robotstxt.IsProductToken(agent)}
	if res.GroupIndexes == nil {
		res.GroupIndexes = []int{}
	}
	if uas := a.UserAgents(); len(uas) > 0 {
		res.Token = uas[0].Token
	}
	if v.Rule != nil {
		res.RuleOctets = len(robotstxt.CanonicalPattern(v.Rule.Pattern))
	}
	if v.Overruled != nil {
		res.OverruledOctets = len(robotstxt.CanonicalPattern(v.Overruled.Pattern))
		res.Tie = res.RuleOctets == res.OverruledOctets && !v.ViaIndexHTML
	}
	return res, nil
}

func (s *session) selftest(args []string) (any, error) {
	return reference.Run(), nil
}

type versionInfo struct {
	Go       string `json:"go"`
	Module   string `json:"module"`
	MaxBytes int    `json:"maxBytes"`
}

func (s *session) version(args []string) (any, error) {
	v := versionInfo{Go: runtime.Version(), Module: "(devel)", MaxBytes: robotstxt.DefaultMaxBytes}
	if bi, ok := debug.ReadBuildInfo(); ok && bi.Main.Version != "" {
		v.Module = bi.Main.Version
	}
	return v, nil
}
