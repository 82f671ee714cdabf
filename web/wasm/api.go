package main

import (
	"encoding/json"
	"fmt"
	"runtime"
	"runtime/debug"
	"strconv"
	"strings"
	"unicode/utf8"

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
	"parse":         {[]string{"text", "limit"}, (*session).parse},
	"check":         {[]string{"text", "agent", "url"}, (*session).check},
	"checkWith":     {[]string{"text", "agent", "url", "mode"}, (*session).checkWith},
	"checkMany":     {[]string{"text", "agents", "urls", "mode"}, (*session).checkMany},
	"compare":       {[]string{"old", "new", "agents", "urls", "mode"}, (*session).compare},
	"lint":          {[]string{"text", "lang"}, (*session).lint},
	"matrix":        {[]string{"text", "url", "lang", "set"}, (*session).matrix},
	"matrixWith":    {[]string{"text", "url", "lang", "set", "mode"}, (*session).matrixWith},
	"crawlers":      {[]string{"lang"}, (*session).crawlers},
	"logsStart":     {[]string{"text", "format"}, (*session).logsStart},
	"logsFeed":      {[]string{"bytes"}, (*session).logsFeed},
	"logsEnd":       {[]string{"ending"}, (*session).logsEnd},
	"sitemapStart":  {[]string{"text", "set", "mode", "name", "fetch"}, (*session).sitemapStart},
	"sitemapFeed":   {[]string{"bytes"}, (*session).sitemapFeed},
	"sitemapEnd":    {[]string{"error"}, (*session).sitemapEnd},
	"sitemapCancel": {nil, (*session).sitemapCancel},
	"selftest":      {nil, (*session).selftest},
	"version":       {nil, (*session).version},
}

// session remembers the last text parsed: the matcher runs on every
// keystroke in the agent and URL fields, and a 500 KiB file should be
// parsed once, not each time.
type session struct {
	text    string
	r       *robotstxt.Robots
	whole   *robotstxt.Robots // text parsed without the limit, when it is over it
	log     *logRun           // the access log being read (logs.go)
	sitemap *sitemapRun       // the sitemap being read (sitemap.go)
}

func (s *session) robots(text string) *robotstxt.Robots {
	if s.r == nil || text != s.text {
		s.text, s.r, s.whole = text, robotstxt.ParseString(text), nil
	}
	return s.r
}

// wholeRobots is the session's text parsed to its end, ignoring the limit:
// to tell the user whether the rules past it would change a verdict.
func (s *session) wholeRobots() *robotstxt.Robots {
	if s.whole == nil {
		s.whole = robotstxt.ParseOptions(s.text, &robotstxt.Options{MaxBytes: -1})
	}
	return s.whole
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
	// CutLine is the first line past the parse limit, which crawlers never
	// read; 0 when the whole file is parsed.
	CutLine int `json:"cutLine,omitempty"`
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
	if r.Truncated {
		res.CutLine = lineCount(args[0][:r.Parsed]) + 1
	}
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
	// UsageLines: the file has Content-Usage or Content-Signal lines, so
	// the verdict box shows what they say (web/static/assets/usage.js).
	UsageLines bool `json:"usageLines,omitempty"`
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
	// NoteKind is the kind of the note (CheckResult.Note, in English) on
	// how a URL that is neither a full URL nor a path starting with "/" was
	// read: "empty", "no-host" or "not-url" (see urlNote), for the page to
	// say it in its language.
	NoteKind string `json:"noteKind,omitempty"`
	// Cut is set when the file is over the parse limit: the rules past it
	// were ignored, and whether they would change this verdict.
	Cut *cutInfo `json:"cut,omitempty"`
	// RuleShown and OverruledShown are the patterns as matched
	// (percent-encoded) when they are not valid UTF-8, which JSON cannot
	// carry: a Latin-1 "/caf\xE9/" is shown as "/caf%E9/", not "/caf\uFFFD/".
	RuleShown      string `json:"ruleShown,omitempty"`
	OverruledShown string `json:"overruledShown,omitempty"`
	// YandexBlank is, when the answer follows Yandex's reading (Reading is
	// "yandex"), the blank line that ends the group for Yandex: the first
	// after the applied group's user-agent lines, else the file's first.
	YandexBlank int `json:"yandexBlank,omitempty"`
}

// check(text, agent, url) is checkWith with the default mode.
func (s *session) check(args []string) (any, error) {
	return s.checkWith(append(args, ""))
}

// agentOptions reads a mode: "" (the default: each crawler's documented
// fallbacks apply, as in "robotstxt check"), "no-fallback" (check
// --no-fallback, "fallback": false in the API) or "exact" (Google's
// library bit for bit).
func agentOptions(mode string) (robotstxt.AgentOptions, error) {
	switch mode {
	case "":
		return robotstxt.AgentOptions{}, nil
	case "no-fallback":
		return robotstxt.AgentOptions{NoFallback: true}, nil
	case "exact":
		return robotstxt.AgentOptions{Exact: true}, nil
	}
	return robotstxt.AgentOptions{}, fmt.Errorf("unknown mode %q (want no-fallback or exact, or nothing)", mode)
}

// checkWith(text, agent, url, mode): the verdict for one agent and URL.
func (s *session) checkWith(args []string) (any, error) {
	r := s.robots(args[0])
	agent, rawURL := strings.TrimSpace(args[1]), strings.TrimSpace(args[2])
	opts, err := agentOptions(args[3])
	if err != nil {
		return nil, err
	}
	a := r.AgentWith(agent, opts)
	v := a.Check(rawURL)
	ans := wire.Enforce(r, a, rawURL, "", &v)
	res := checkResult{CheckResult: wire.NewCheckResult(agent, rawURL, v, &ans), GroupIndexes: a.Groups(),
		AgentIsToken: robotstxt.IsProductToken(agent), NoteKind: urlNote(rawURL), UsageLines: r.HasUsageLines()}
	if r.Truncated {
		w := s.wholeRobots().AgentWith(agent, opts).Check(rawURL)
		res.Cut = &cutInfo{Size: r.Size, Parsed: r.Parsed, FirstIgnoredLine: lineCount(s.text[:r.Parsed]) + 1,
			Whole: checkCore{w.Allowed, w.Reason, w.Rule}}
		res.Cut.Differs = w.Allowed != v.Allowed || w.Reason != v.Reason || (w.Rule == nil) != (v.Rule == nil) ||
			w.Rule != nil && v.Rule != nil && *w.Rule != *v.Rule
	}
	if v.Reading == robotstxt.ReadingYandex {
		res.YandexBlank = yandexBlank(r.YandexBlankLines(), v.UserAgents)
	}
	if res.GroupIndexes == nil {
		res.GroupIndexes = []int{}
	}
	if uas := a.UserAgents(); len(uas) > 0 {
		res.Token = uas[0].Token
	}
	if v.Rule != nil {
		res.RuleOctets = len(robotstxt.CanonicalPattern(v.Rule.Pattern))
		res.RuleShown = shown(v.Rule.Pattern)
	}
	if v.Overruled != nil {
		res.OverruledOctets = len(robotstxt.CanonicalPattern(v.Overruled.Pattern))
		res.OverruledShown = shown(v.Overruled.Pattern)
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
	// MaxURLs and MaxAgents bound checkMany and compare: the page checks
	// its lists against them first, to say so in its own language.
	MaxURLs   int `json:"maxURLs"`
	MaxAgents int `json:"maxAgents"`
}

func (s *session) version(args []string) (any, error) {
	v := versionInfo{Go: runtime.Version(), Module: "(devel)", MaxBytes: robotstxt.DefaultMaxBytes, MaxURLs: maxManyURLs, MaxAgents: maxManyAgents}
	if bi, ok := debug.ReadBuildInfo(); ok && bi.Main.Version != "" {
		v.Module = bi.Main.Version
	}
	return v, nil
}

// shown is the pattern as matched when it is not valid UTF-8, else "".
func shown(pattern string) string {
	if utf8.ValidString(pattern) {
		return ""
	}
	return robotstxt.CanonicalPattern(pattern)
}

// yandexBlank picks the blank line that explains a Yandex reading: the
// first one after the group's first user-agent line, else the first of all.
func yandexBlank(blanks []int, uas []robotstxt.UserAgent) int {
	if len(blanks) == 0 {
		return 0
	}
	if len(uas) > 0 {
		for _, b := range blanks {
			if b > uas[0].Line {
				return b
			}
		}
	}
	return blanks[0]
}
