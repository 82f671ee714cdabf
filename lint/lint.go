package lint

import (
	"cmp"
	"errors"
	"fmt"
	"slices"
	"strings"
	"unicode/utf8"

	"github.com/robotstxt/robotstxt"
	"github.com/robotstxt/robotstxt/crawlers"
	"github.com/robotstxt/robotstxt/internal/textsafe"
)

// Severity says how much a finding matters.
type Severity uint8

const (
	// Error: crawlers ignore or misread something, or the file does not do
	// what it plainly means to.
	Error Severity = iota
	// Warning: legal but risky, ignored by some major crawler, or probably
	// not what was meant.
	Warning
	// Info: worth knowing; nothing is wrong as such.
	Info
)

var severityNames = [...]string{"error", "warning", "info"}

func (s Severity) String() string {
	if int(s) < len(severityNames) {
		return severityNames[s]
	}
	return "unknown"
}

// MarshalText renders the severity as "error", "warning" or "info".
func (s Severity) MarshalText() ([]byte, error) { return []byte(s.String()), nil }

// UnmarshalText reads "error", "warning" or "info".
func (s *Severity) UnmarshalText(b []byte) error {
	v, err := ParseSeverity(string(b))
	if err != nil {
		return err
	}
	*s = v
	return nil
}

// ParseSeverity reads "error", "warning" or "info".
func ParseSeverity(s string) (Severity, error) {
	for i, n := range severityNames {
		if n == s {
			return Severity(i), nil
		}
	}
	return 0, errors.New("lint: severity must be error, warning or info")
}

// AtLeast reports whether s is as severe as t or more (Error is the most
// severe).
func (s Severity) AtLeast(t Severity) bool { return s <= t }

// Finding is one thing the audit found.
type Finding struct {
	ID       string   `json:"id"` // stable slug: "empty-disallow", ...
	Severity Severity `json:"severity"`
	Line     int      `json:"line"`             // 1-based; 0 for the whole file
	Column   int      `json:"column,omitempty"` // 1-based, in characters; 0 when it would not help
	EndLine  int      `json:"endLine,omitempty"`
	Message  string   `json:"message"`       // plain words
	Fix      string   `json:"fix,omitempty"` // a concrete fix, when there is one
}

func (f Finding) String() string {
	return fmt.Sprintf("%d:%d: %s %s: %s", f.Line, f.Column, f.Severity, f.ID, f.Message)
}

// Options control the audit. The zero value is the default.
type Options struct {
	// MaxBytes is the parse limit, as in robotstxt.Options: zero means
	// robotstxt.DefaultMaxBytes (500 KiB, what Google and Yandex read); a
	// negative value means no limit.
	MaxBytes int
	// Lang is the language of messages and fixes: "en" (the default), or
	// any language the catalogue holds ("ru", "ro" once added). Missing
	// texts fall back to English.
	Lang string
	// Host is the host the file is served from ("www.example.org"), when
	// known: a rule or a sitemap naming another host is then said to belong
	// in that host's file, and a rule naming this host gets its path as the
	// fix. Empty: the file's host is unknown, and no fix names a path taken
	// from a URL.
	Host string
	// Sitemaps are the sitemaps read with the file (lint --sitemap): the
	// sitemap-* checks cross their URLs with the file's rules and report
	// what reading them found wrong. Nil: no sitemap was read.
	Sitemaps []Sitemap
}

// Lint audits a robots.txt. It reads the text exactly as the core parser
// does (robotstxt.Lines and robotstxt.ParseOptions), so a finding never
// disagrees with a verdict about what a line means. Findings are sorted by
// line, then severity (errors first), then ID. Lint never fails and never
// panics; its cost is linear in the size of the text: the checks that
// compare rules with each other are bounded, and an audit-limit finding
// says when a bound left part of the file uncompared.
func Lint(text string, opts *Options) []Finding { return lintLimits(text, opts, defaultLimits) }

// limits bound the work of the checks that compare rules with each other,
// so that the audit stays linear in the size of the file. Where a bound
// cuts a comparison short, audit-limit says so.
type limits struct {
	// setRules bounds the rules of all distinct merged rule sets together
	// (see ruleSets).
	setRules int
	// budget bounds the pattern comparisons of shadowed-rule,
	// redundant-rule and named-group-replaces-star together.
	budget int
}

var defaultLimits = limits{setRules: 100_000, budget: 4_000_000}

func lintLimits(text string, opts *Options, lim limits) []Finding {
	return lintWith(text, opts, lim, nil).out
}

// lintWith runs the audit; with edits not nil, it also collects there the
// mechanical fixes of the findings (fix.go).
func lintWith(text string, opts *Options, lim limits, edits map[findingKey]edit) *linter {
	var o Options
	if opts != nil {
		o = *opts
	}
	l := &linter{text: text, lang: o.Lang, host: normalHost(o.Host), seen: map[findingKey]bool{}, limits: lim, edits: edits, sitemaps: o.Sitemaps}
	l.r = robotstxt.ParseOptions(text, &robotstxt.Options{MaxBytes: o.MaxBytes})
	// One allocation for the lines: growing the slice line by line costs
	// several times its final size in copies and garbage.
	l.lines = make([]robotstxt.Line, 0, l.r.Lines+1)
	for ln := range robotstxt.Lines(text) {
		if ln.Offset < l.r.Parsed {
			l.lines = append(l.lines, ln)
			continue
		}
		// Beyond the parse limit: only counted, so that memory stays
		// bounded by the limit whatever the input's size.
		b := &l.beyond
		if b.first == 0 {
			b.first = ln.Number
		}
		b.last = ln.Number
		switch ln.Field {
		case robotstxt.FieldAllow, robotstxt.FieldDisallow:
			b.rules++
			b.directives++
		case robotstxt.FieldNone:
		default:
			b.directives++
		}
	}
	l.parsed = len(l.lines)
	l.run()
	l.suppress() // suppress.go
	slices.SortStableFunc(l.out, func(a, b Finding) int {
		return cmp.Or(cmp.Compare(a.Line, b.Line), cmp.Compare(a.Severity, b.Severity),
			strings.Compare(a.ID, b.ID), cmp.Compare(a.Column, b.Column))
	})
	return l
}

// renderedKeys, when not nil, records every message key a finding used
// (tests check that each message of the catalogue is reachable and
// rendered with all its placeholders filled).
var renderedKeys map[string]bool

type findingKey struct {
	id   string
	line int
}

type linter struct {
	text   string
	lang   string
	host   string // the file's own host, lower-case, without port; "" when unknown
	r      *robotstxt.Robots
	lines  []robotstxt.Line // the lines within the parse limit
	parsed int              // len(lines)
	beyond struct {         // the lines beyond the parse limit
		first, last       int
		rules, directives int
	}
	out  []Finding
	seen map[findingKey]bool

	sitemaps   []Sitemap      // Options.Sitemaps
	firstAgent int            // line of the first user-agent line, 0 when none
	sets       []*ruleSet     // the merged rules of each token, computed once
	rows       []crawlers.Row // every known crawler resolved, computed once
	priorities map[*robotstxt.Group]*groupPriorities
	agentLines map[string]int // first user-agent line of each lower-case token
	groupOf    map[int]int    // the group of each rule line
	readers    [][]int32      // by group: the rule sets that hold it (sameReaders)
	restricted map[string]int // lower-case token -> first group line that disallows something (see mergedRestriction)
	globs      []cachedGlob   // by rule line (see globOf)
	arena      arena          // for the texts of globs
	budget     int            // pattern comparisons left for the rule-comparing checks
	limits     limits
	// What the limits left out, for audit-limit.
	left struct {
		names []string   // names whose merged rule set was not built (limits.setRules)
		line  int        // the first user-agent line of the first of them
		large []*ruleSet // sets too large for redundant-rule (maxRedundantRules)
	}
	outOfBudget bool // a comparison was skipped for want of budget
	// edits, when not nil, collects the mechanical fixes (fix.go).
	edits map[findingKey]edit
}

func (l *linter) run() {
	if stop := l.checkFile(); stop {
		return
	}
	for _, g := range l.r.Groups {
		if len(g.UserAgents) > 0 && (l.firstAgent == 0 || g.UserAgents[0].Line < l.firstAgent) {
			l.firstAgent = g.UserAgents[0].Line
		}
	}
	l.checkLines()
	l.checkOrphans()
	l.checkPatterns()
	l.checkGroups()
	l.checkMisspelledAgents() // misspelled.go
	l.checkRuleSets()
	l.checkClosed()
	l.checkAITokens()
	l.checkCase()
	l.checkValues()
	l.checkHomePageOnly()
	l.checkYandexLimits()
	l.checkRepeated()
	l.checkHTML()
	l.checkSitemaps()
	l.checkSitemapsRead() // sitemaps.go
	l.checkBroadPrefix()
	l.checkUsage() // usage.go
	l.checkLimits()
}

// line returns the line with number n (1-based).
func (l *linter) line(n int) *robotstxt.Line {
	if n < 1 || n > len(l.lines) {
		return nil
	}
	return &l.lines[n-1]
}

// add records a finding once per (id, line). The message is the catalogue
// text "<id>.msg" or "<id>.msg.<variant>"; the fix is "<id>.fix.<variant>"
// when the catalogue has it, else the check's generic "<id>.fix".
func (l *linter) add(sev Severity, id, variant string, line, col int, args ...any) *Finding {
	k := findingKey{id, line}
	if l.seen[k] {
		return nil
	}
	l.seen[k] = true
	msgKey, fixKey := id+".msg", id+".fix"
	if variant != "" {
		msgKey += "." + variant
		if _, ok := english()[fixKey+"."+variant]; ok {
			fixKey += "." + variant
		}
	}
	// Values from the file may hold control characters: they never reach
	// a terminal raw (an escape sequence could clear the screen).
	for i := 1; i < len(args); i += 2 {
		if s, ok := args[i].(string); ok {
			args[i] = textsafe.Escape(s)
		}
	}
	if renderedKeys != nil {
		renderedKeys[msgKey] = true
	}
	l.out = append(l.out, Finding{ID: id, Severity: sev, Line: line, Column: col,
		Message: l.t(msgKey, args...), Fix: l.t(fixKey, args...)})
	return &l.out[len(l.out)-1]
}

// valueColumn is the column of a directive's value on line n.
func (l *linter) valueColumn(n int, value string) int {
	ln := l.line(n)
	if ln == nil || value == "" {
		return 0
	}
	// The value follows the key; search after it so that "Disallow: /disallow"
	// points at the value.
	start := strings.Index(ln.Text, ln.Key)
	if start < 0 {
		start = 0
	} else {
		start += len(ln.Key)
	}
	i := strings.Index(ln.Text[start:], value)
	if i < 0 {
		return 0
	}
	return utf8.RuneCountInString(ln.Text[:start+i]) + 1
}
