package robotstxt

import (
	"errors"
	"strconv"
	"strings"
)

// AI usage preferences: what a file says about how fetched content may be
// used, apart from whether it may be fetched. Two vocabularies are read
// (docs/usage-preferences.md):
//
//   - Content-Usage, from the IETF AI Preferences working group, as
//     draft-ietf-aipref-attach-05 section 3 and draft-ietf-aipref-vocab-07
//     define it: a group's rule "Content-Usage: [path] preferences", the
//     preferences an RFC 9651 dictionary of labels (train-ai, search) with
//     the tokens y or n.
//   - Content-Signal, from Cloudflare's Content Signals Policy
//     (contentsignals.org): "Content-Signal: search=yes, ai-train=no".
//
// Both lines are kept by the parser as Records; the preferences are read
// from them, once per file, only when asked, so a check of a file without
// them costs what it did.

// Preference is what a statement says about one category of use
// (vocab-07 section 3): allowed, disallowed, or unknown.
type Preference uint8

const (
	// PreferenceUnknown: no statement, or none this reader understands
	// (vocab-07 section 6.5: not an error).
	PreferenceUnknown Preference = iota
	// PreferenceAllow: the token y.
	PreferenceAllow
	// PreferenceDisallow: the token n.
	PreferenceDisallow
)

var preferenceNames = [...]string{"unknown", "y", "n"}

// String returns "y", "n" or "unknown".
func (p Preference) String() string {
	if int(p) < len(preferenceNames) {
		return preferenceNames[p]
	}
	return "unknown"
}

// MarshalText renders the preference as String does.
func (p Preference) MarshalText() ([]byte, error) { return []byte(p.String()), nil }

// UnmarshalText reads "y", "n" or "unknown".
func (p *Preference) UnmarshalText(b []byte) error {
	for i, n := range preferenceNames {
		if n == string(b) {
			*p = Preference(i)
			return nil
		}
	}
	return errors.New("robotstxt: a preference is y, n or unknown, not " + strconv.Quote(string(b)))
}

// combine is vocab-07 section 5.1: any refusal wins, then any allowance.
func (p Preference) combine(q Preference) Preference {
	if p == PreferenceDisallow || q == PreferenceDisallow {
		return PreferenceDisallow
	}
	if p == PreferenceAllow || q == PreferenceAllow {
		return PreferenceAllow
	}
	return PreferenceUnknown
}

// The usage category labels of vocab-07 section 6.1.
const (
	LabelTrainAI = "train-ai"
	LabelSearch  = "search"
)

// UsageLabels are the labels this reader understands, in the order
// answers list them.
var UsageLabels = []string{LabelTrainAI, LabelSearch}

// Preferences are the values a statement of preference gives the labels of
// the vocabulary.
type Preferences struct {
	TrainAI Preference `json:"train-ai"`
	Search  Preference `json:"search"`
}

// Get returns the preference for a label of UsageLabels (unknown for any
// other).
func (p Preferences) Get(label string) Preference {
	switch label {
	case LabelTrainAI:
		return p.TrainAI
	case LabelSearch:
		return p.Search
	}
	return PreferenceUnknown
}

// ParsePreferences reads a statement of preference (vocab-07 sections 6
// and 6.5): s is parsed as an RFC 9651 dictionary; a label whose value is
// the Token y allows, the Token n refuses, anything else is unknown; a
// duplicate key's last value wins; parameters and unknown labels are
// ignored. When s does not parse (an upper-case key included: the format
// works on bytes, vocab-07 section 6.5.1) ok is false and every preference
// is unknown.
func ParsePreferences(s string) (p Preferences, ok bool) {
	members, ok := parseSFDictionary(s)
	if !ok {
		return Preferences{}, false
	}
	for _, m := range members {
		v := PreferenceUnknown
		if m.token && m.value == "y" {
			v = PreferenceAllow
		} else if m.token && m.value == "n" {
			v = PreferenceDisallow
		}
		switch m.key {
		case LabelTrainAI:
			p.TrainAI = v
		case LabelSearch:
			p.Search = v
		}
	}
	return p, true
}

// PreferenceKeys returns the keys of a statement of preference that
// parses, in order of first appearance (nil when it does not parse), for
// tools that look at labels this reader does not know (lint).
func PreferenceKeys(s string) (keys []string, ok bool) {
	members, ok := parseSFDictionary(s)
	if !ok {
		return nil, false
	}
	for _, m := range members {
		keys = append(keys, m.key)
	}
	return keys, true
}

// SplitUsageValue splits a Content-Usage rule's value into its path and its
// statement of preference (attach-05 section 3.2): a value starting with
// "/" holds a path up to its first space or tab; any other value is all
// statement, and the rule has no path.
func SplitUsageValue(value string) (path, prefs string) {
	if !strings.HasPrefix(value, "/") {
		return "", value
	}
	i := strings.IndexAny(value, " \t")
	if i < 0 {
		return value, ""
	}
	return value[:i], trimSpace(value[i:])
}

// UsageRule is a Content-Usage line of a group.
type UsageRule struct {
	Line int `json:"line"`
	// Path is the rule's path as written, "" when it has none (the rule
	// then applies to every path of the group).
	Path string `json:"path"`
	// Statement is the statement of preference as written.
	Statement string `json:"statement"`
	// Parsed reports that Statement parsed as a dictionary; when it did
	// not, every preference of the rule is unknown.
	Parsed      bool        `json:"parsed"`
	Preferences Preferences `json:"preferences"`
	// Agents are the lines of the user-agent lines the rule applies to when
	// that is fewer than its group's: attach-05's grammar (section 3) makes
	// Content-Usage a rule, which ends a run of User-agent lines, while
	// Google's parser (and so the group, and Allow and Disallow) reads on
	// past it. Nil for every user-agent line of the group.
	Agents []int `json:"agents,omitempty"`

	pri  int    // the path's priority: the byte length of its canonical text
	form string // the path in match form
}

// Signal is one key of a Content-Signal line, its value as written.
type Signal struct {
	Line  int    `json:"line"`
	Key   string `json:"key"` // lower-case
	Value string `json:"value"`
}

// Refuses reports whether a Content-Signal value says no ("no", or "n",
// in any case).
func (s Signal) Refuses() bool {
	return strings.EqualFold(s.Value, "no") || strings.EqualFold(s.Value, "n")
}

// ParseSignals reads a Content-Signal value: comma-separated key=value
// pairs ("search=yes, ai-train=no"). Keys are lower-cased; values are kept
// as written, trimmed; a pair without '=' or with an empty key is skipped.
func ParseSignals(line int, value string) []Signal {
	var out []Signal
	for part := range strings.SplitSeq(value, ",") {
		k, v, ok := strings.Cut(part, "=")
		k, v = strings.ToLower(trimSpace(k)), trimSpace(v)
		if !ok || k == "" {
			continue
		}
		out = append(out, Signal{Line: line, Key: k, Value: v})
	}
	return out
}

// The readings of Content-Signal lines an answer says it used.
const (
	// SignalsGroup: the lines inside the groups that apply to the crawler,
	// as Cloudflare's managed files place them.
	SignalsGroup = "group"
	// SignalsFile: the lines before the first group, read for every
	// crawler whose groups have none (file-wide, as crawler-commons reads
	// every such line).
	SignalsFile = "file"
)

// Usage is what a file says about using the content at a URL, for a
// crawler.
type Usage struct {
	// Applicable is false when the URL is disallowed: no preference
	// applies to what may not be fetched (attach-05 section 3.1), and
	// the rest of Usage is empty.
	Applicable bool
	// Preferences are the Content-Usage preferences, each label's value
	// combined over the deciding rules (vocab-07 section 5.1).
	Preferences Preferences
	// Rule is the deciding Content-Usage rule: among the rules of the
	// crawler's groups whose path matches longest (a rule without a path
	// matches everything, with length 0), the first that refuses a label,
	// else the first that allows one, else the first; nil when none.
	Rule *UsageRule
	// Signals are the Content-Signal keys that apply, in order of first
	// appearance, each with the value that decides it (a "no" on any
	// line, else the last value written); nil when none.
	Signals []Signal
	// SignalsReading is SignalsGroup or SignalsFile when Signals is set.
	SignalsReading string

	// While rules are considered: the best priority so far (-1: none),
	// and among the rules of that priority the first, the first that
	// allows a label, the first that refuses one, and the first that
	// refuses each label.
	pri                         int
	first, allows, refuses      *UsageRule
	refusesTrain, refusesSearch *UsageRule
}

// consider adds a Content-Usage rule to the answer for path (in match
// form; any when the rule has no path): the longest match decides, as for
// Allow and Disallow (attach-05 section 3.1), and rules of equal length
// combine, the most restrictive winning (vocab-07 section 5.1).
func (u *Usage) consider(ur *UsageRule, path string) {
	if u.first == nil {
		u.pri = -1
	}
	if ur.Path != "" && !globMatch(ur.form, path) || ur.pri < u.pri {
		return
	}
	if ur.pri > u.pri {
		*u = Usage{Applicable: true, pri: ur.pri}
	}
	p := ur.Preferences
	if u.first == nil {
		u.first = ur
	}
	if u.allows == nil && (p.TrainAI == PreferenceAllow || p.Search == PreferenceAllow) {
		u.allows = ur
	}
	if u.refuses == nil && (p.TrainAI == PreferenceDisallow || p.Search == PreferenceDisallow) {
		u.refuses = ur
	}
	if u.refusesTrain == nil && p.TrainAI == PreferenceDisallow {
		u.refusesTrain = ur
	}
	if u.refusesSearch == nil && p.Search == PreferenceDisallow {
		u.refusesSearch = ur
	}
	u.Preferences.TrainAI = u.Preferences.TrainAI.combine(p.TrainAI)
	u.Preferences.Search = u.Preferences.Search.combine(p.Search)
}

// decide names the deciding rule once every rule was considered.
func (u *Usage) decide() {
	switch {
	case u.refuses != nil:
		u.Rule = u.refuses
	case u.allows != nil:
		u.Rule = u.allows
	default:
		u.Rule = u.first
	}
}

// mergeSignals adds the keys of sigs to merged: a key's first appearance
// keeps its place; a "no" on any line decides it, else the last value.
func mergeSignals(merged, sigs []Signal) []Signal {
	for _, s := range sigs {
		found := false
		for i := range merged {
			if merged[i].Key == s.Key {
				if !merged[i].Refuses() {
					merged[i] = s
				}
				found = true
				break
			}
		}
		if !found {
			merged = append(merged, s)
		}
	}
	return merged
}

// Line returns the deciding Content-Usage rule's line, 0 when none.
func (u *Usage) Line() int {
	if u.Rule == nil {
		return 0
	}
	return u.Rule.Line
}

// Signal returns the value of a Content-Signal key that applies, and
// whether one does.
func (u *Usage) Signal(key string) (Signal, bool) {
	for _, s := range u.Signals {
		if s.Key == key {
			return s, true
		}
	}
	return Signal{}, false
}

// SignalMap returns the Content-Signal keys that apply with their values,
// nil when none applies (the JSON answers' "signals").
func (u *Usage) SignalMap() map[string]string {
	if u.Signals == nil {
		return nil
	}
	m := make(map[string]string, len(u.Signals))
	for _, s := range u.Signals {
		m[s.Key] = s.Value
	}
	return m
}

// Purposes a crawler can declare, and what each reads: train-ai is
// Content-Usage's train-ai and Content-Signal's ai-train; search is both
// vocabularies' search; ai-input is Content-Signal's ai-input (the IETF
// vocabulary has no such label).
var Purposes = []string{"train-ai", "search", "ai-input"}

// IsPurpose reports whether p is one of Purposes.
func IsPurpose(p string) bool {
	for _, q := range Purposes {
		if p == q {
			return true
		}
	}
	return false
}

// Refusal says which line refuses a purpose.
type Refusal struct {
	Line int
	// Source is the line's directive and the key that refuses:
	// "Content-Usage train-ai=n" or "Content-Signal ai-train=no".
	Source string
}

// Refuses reports whether the file refuses the purpose for this URL: a
// Content-Usage label it reads that is n, or a Content-Signal key it
// reads that is no. Nothing is refused where Usage is not applicable (the
// URL is disallowed anyway).
func (u *Usage) Refuses(purpose string) (Refusal, bool) {
	if !u.Applicable {
		return Refusal{}, false
	}
	label, signal := "", ""
	switch purpose {
	case "train-ai":
		label, signal = LabelTrainAI, "ai-train"
	case "search":
		label, signal = LabelSearch, "search"
	case "ai-input":
		signal = "ai-input"
	default:
		return Refusal{}, false
	}
	if label != "" && u.Preferences.Get(label) == PreferenceDisallow {
		return Refusal{Line: u.refusingLine(label), Source: "Content-Usage " + label + "=n"}, true
	}
	if s, ok := u.Signal(signal); ok && s.Refuses() {
		return Refusal{Line: s.Line, Source: "Content-Signal " + s.Key + "=" + s.Value}, true
	}
	return Refusal{}, false
}

// refusingLine is the line of the first deciding rule that refuses the
// label (the deciding rule may refuse another one).
func (u *Usage) refusingLine(label string) int {
	r := u.refusesTrain
	if label == LabelSearch {
		r = u.refusesSearch
	}
	if r == nil {
		return u.Line()
	}
	return r.Line
}

// usageIndex is a file's Content-Usage and Content-Signal lines by group,
// built once when first asked for.
type usageIndex struct {
	rules   [][]UsageRule // by group of Robots.Groups; nil when no group has one
	signals [][]Signal    // by group, the lines' keys in file order
	// preamble are the Content-Signal keys of lines before the first
	// group; orphans the Content-Usage lines there, which no group holds.
	preamble []Signal
	orphans  []UsageRule
}

// noUsage is the index of every file without such lines.
var noUsage = &usageIndex{}

func (r *Robots) usageIndex() *usageIndex {
	s := r.rare()
	s.usageOnce.Do(func() { s.usage = buildUsageIndex(r) })
	return s.usage
}

// IsUsageKey reports whether a directive's key is Content-Usage.
func IsUsageKey(key string) bool { return strings.EqualFold(key, "content-usage") }

// IsSignalKey reports whether a directive's key is Content-Signal.
func IsSignalKey(key string) bool { return strings.EqualFold(key, "content-signal") }

// buildUsageIndex assigns each Content-Usage and Content-Signal line to the
// group whose lines it sits among: from its first user-agent line to the
// next group's. That is the parser's grouping, so the lines apply to the
// crawlers the group's Allow and Disallow lines apply to.
func buildUsageIndex(r *Robots) *usageIndex {
	found := false
	for _, rec := range r.Other {
		if IsUsageKey(rec.Name) || IsSignalKey(rec.Name) {
			found = true
			break
		}
	}
	if !found {
		return noUsage
	}
	ix := &usageIndex{rules: make([][]UsageRule, len(r.Groups)), signals: make([][]Signal, len(r.Groups))}
	g := -1 // the group the record is in
	for _, rec := range r.Other {
		isUsage := IsUsageKey(rec.Name)
		if !isUsage && !IsSignalKey(rec.Name) {
			continue
		}
		for g+1 < len(r.Groups) && r.Groups[g+1].UserAgents[0].Line < rec.Line {
			g++
		}
		if isUsage {
			ur := newUsageRule(rec)
			if g < 0 {
				ix.orphans = append(ix.orphans, ur)
			} else {
				ix.rules[g] = append(ix.rules[g], ur)
			}
			continue
		}
		sigs := ParseSignals(rec.Line, rec.Value)
		if g < 0 {
			ix.preamble = append(ix.preamble, sigs...)
		} else {
			ix.signals[g] = append(ix.signals[g], sigs...)
		}
	}
	for g, rules := range ix.rules {
		attachRuns(r.Groups[g].UserAgents, rules)
	}
	return ix
}

// attachRuns gives each Content-Usage rule of a group the user-agent lines
// attach-05's grammar gives it (section 3: "content-usage" is a rule, so it
// ends a run of User-agent lines): the run of user-agent lines above it,
// when user-agent lines of the group follow a Content-Usage line ("User-agent:
// GPTBot", "Content-Usage: train-ai=n", "User-agent: *", "Disallow: /x" is
// one group for Google, two for attach-05).
func attachRuns(uas []UserAgent, rules []UsageRule) {
	if len(rules) == 0 || rules[0].Line > uas[len(uas)-1].Line {
		return // the usual case: every rule after every user-agent line
	}
	var run []int
	inRules := false
	i := 0
	for k := range rules {
		for i < len(uas) && uas[i].Line < rules[k].Line {
			if inRules {
				run, inRules = nil, false
			}
			run = append(run, uas[i].Line)
			i++
		}
		inRules = true
		if len(run) < len(uas) {
			rules[k].Agents = run[:len(run):len(run)]
		}
	}
}

// appliesTo reports whether the rule applies to a crawler whose groups
// name it on the user-agent lines uas.
func (ur *UsageRule) appliesTo(uas []UserAgent) bool {
	if ur.Agents == nil {
		return true
	}
	for _, ua := range uas {
		for _, l := range ur.Agents {
			if ua.Line == l {
				return true
			}
		}
	}
	return false
}

func newUsageRule(rec Record) UsageRule {
	path, stmt := SplitUsageValue(rec.Value)
	prefs, ok := ParsePreferences(stmt)
	return UsageRule{Line: rec.Line, Path: path, Statement: stmt, Parsed: ok, Preferences: prefs,
		pri: len(CanonicalPattern(path)), form: patternMatchForm(path)}
}

// HasUsageLines reports whether the file has any Content-Usage or
// Content-Signal line.
func (r *Robots) HasUsageLines() bool { return r.usageIndex() != noUsage }

// UsageRules returns the Content-Usage rules of the file's group gi, in
// file order. Shared: do not modify.
func (r *Robots) UsageRules(gi int) []UsageRule {
	ix := r.usageIndex()
	if ix.rules == nil || gi < 0 || gi >= len(ix.rules) {
		return nil
	}
	return ix.rules[gi]
}

// OrphanUsageRules returns the Content-Usage lines before the first group,
// which apply to no crawler. Shared: do not modify.
func (r *Robots) OrphanUsageRules() []UsageRule { return r.usageIndex().orphans }

// GroupSignals returns the Content-Signal keys of the file's group gi, in
// file order. Shared: do not modify.
func (r *Robots) GroupSignals(gi int) []Signal {
	ix := r.usageIndex()
	if ix.signals == nil || gi < 0 || gi >= len(ix.signals) {
		return nil
	}
	return ix.signals[gi]
}

// PreambleSignals returns the Content-Signal keys of the lines before the
// first group. Shared: do not modify.
func (r *Robots) PreambleSignals() []Signal { return r.usageIndex().preamble }

// Usage returns what the file says about using the content at rawURL for
// the agent (resolved against r): the Content-Usage preferences that
// apply, with the deciding rule, and the Content-Signal keys, or not
// applicable when the agent may not fetch rawURL.
func (r *Robots) Usage(a Agent, rawURL string) Usage {
	return r.UsageAllowed(a, rawURL, a.Allowed(rawURL))
}

// UsageAllowed is Usage for a caller that has checked rawURL already:
// allowed is the verdict's Allowed.
func (r *Robots) UsageAllowed(a Agent, rawURL string, allowed bool) Usage {
	if !allowed {
		return Usage{}
	}
	u := Usage{Applicable: true}
	ix := r.usageIndex()
	if ix == noUsage {
		return u
	}
	groups := a.Groups()
	var path string
	for _, gi := range groups {
		for i := range ix.rules[gi] {
			ur := &ix.rules[gi][i]
			if !ur.appliesTo(a.UserAgents()) {
				continue
			}
			if ur.Path != "" && path == "" {
				var ok bool
				if path, ok = canonicalPath(rawURL); !ok {
					path = NormalizePath(rawURL)
				}
			}
			u.consider(ur, path)
		}
	}
	u.decide()
	for _, gi := range groups {
		u.Signals = mergeSignals(u.Signals, ix.signals[gi])
	}
	if u.Signals != nil {
		u.SignalsReading = SignalsGroup
	} else if ix.preamble != nil {
		u.Signals, u.SignalsReading = mergeSignals(nil, ix.preamble), SignalsFile
	}
	return u
}
