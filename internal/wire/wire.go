// Package wire holds the JSON shapes that several front ends print: the CLI
// (--json), the HTTP API of "robotstxt serve" and the WebAssembly page. Keeping
// them in one place keeps those outputs identical.
package wire

import (
	"strings"

	"github.com/robotstxt/robotstxt"
)

// ParseDoc is a parsed file ("robotstxt parse --json", POST /api/v1/parse).
type ParseDoc struct {
	Groups    []robotstxt.Group   `json:"groups"`
	Orphans   []robotstxt.Rule    `json:"orphans"`
	Sitemaps  []robotstxt.Sitemap `json:"sitemaps"`
	Other     []robotstxt.Record  `json:"other"`
	Size      int                 `json:"size"`
	Parsed    int                 `json:"parsed"`
	Truncated bool                `json:"truncated"`
	Lines     int                 `json:"lines"`
}

// NewParseDoc returns the JSON form of r. Empty lists are [] rather than
// null, which is easier on scripts.
func NewParseDoc(r *robotstxt.Robots) ParseDoc {
	d := ParseDoc{Groups: r.Groups, Orphans: r.Orphans, Sitemaps: r.Sitemaps, Other: r.Other,
		Size: r.Size, Parsed: r.Parsed, Truncated: r.Truncated, Lines: r.Lines}
	if d.Groups == nil {
		d.Groups = []robotstxt.Group{}
	}
	for i := range d.Groups {
		if d.Groups[i].Rules == nil {
			d.Groups[i].Rules = []robotstxt.Rule{}
		}
	}
	if d.Orphans == nil {
		d.Orphans = []robotstxt.Rule{}
	}
	if d.Sitemaps == nil {
		d.Sitemaps = []robotstxt.Sitemap{}
	}
	if d.Other == nil {
		d.Other = []robotstxt.Record{}
	}
	return d
}

// CheckResult is one answer ("robotstxt check --json", POST /api/v1/check).
type CheckResult struct {
	Agent   string           `json:"agent"`
	URL     string           `json:"url"`
	Path    string           `json:"path"` // the normalised path that was matched
	Allowed bool             `json:"allowed"`
	Reason  robotstxt.Reason `json:"reason"`
	Rule    *robotstxt.Rule  `json:"rule"`
	// ViaIndexHTML: the allow rule matched the directory through Google's
	// index.html reading.
	ViaIndexHTML bool `json:"viaIndexHtml,omitempty"`
	// Overruled is the best-matching rule of the other kind, which lost.
	Overruled *robotstxt.Rule `json:"overruled,omitempty"`
	// Groups are the user-agent lines of the groups that applied.
	Groups []AgentLine `json:"groups"`
	// Fallback is the name whose groups applied because none names the
	// agent and its operator documents that fallback ("Googlebot" for
	// Googlebot-Image).
	Fallback string `json:"fallback,omitempty"`
	// Reading is "yandex" when a Yandex robot read the file as Yandex
	// documents, which differs here: a blank line after User-agent lines
	// ends the group.
	Reading string `json:"reading,omitempty"`
	// Note says how a URL that is neither a full URL nor a path starting
	// with "/" was read (InputNote).
	Note string `json:"note,omitempty"`
	// Usage holds the Content-Usage preferences that apply ("y", "n" or
	// "unknown" for each label), null when the URL is disallowed
	// (docs/usage-preferences.md).
	Usage *robotstxt.Preferences `json:"usage"`
	// UsageLine is the line of the deciding Content-Usage rule, 0 when none.
	UsageLine int `json:"usageLine"`
	// Signals are the Content-Signal keys that apply with their values as
	// written, null when none applies.
	Signals map[string]string `json:"signals"`
	// SignalsReading says which Content-Signal lines were read: "group"
	// (those in the groups that apply) or "file" (those before the first
	// group).
	SignalsReading string `json:"signalsReading,omitempty"`
	// Refused is set when the crawler declared a purpose the site refuses;
	// Allowed is then false and Reason "purpose-refused".
	Refused *Refused `json:"refused,omitempty"`
}

// Refused says which line refuses the crawler's declared purpose.
type Refused struct {
	Purpose string `json:"purpose"`
	Line    int    `json:"line"`
	Source  string `json:"source"` // "Content-Usage train-ai=n", "Content-Signal ai-train=no"
}

// Answer is the usage part of an answer: what Usage says and, when the
// crawler declared a purpose the site refuses, the refusal.
type Answer struct {
	Usage   robotstxt.Usage
	Refused *Refused
	// Reason is the verdict's reason before a refusal turned it into
	// PurposeRefused.
	Reason robotstxt.Reason
}

// Enforce looks up the usage of rawURL for agent and, when purpose is set
// and the site refuses it, turns v into a refusal (Allowed false, Reason
// PurposeRefused). r is the file a was resolved against.
func Enforce(r *robotstxt.Robots, a robotstxt.Agent, rawURL, purpose string, v *robotstxt.Verdict) Answer {
	ans := Answer{Usage: r.UsageAllowed(a, rawURL, v.Allowed)}
	if purpose == "" {
		return ans
	}
	if ref, ok := ans.Usage.Refuses(purpose); ok {
		ans.Reason = v.Reason
		v.Allowed, v.Reason = false, robotstxt.PurposeRefused
		ans.Refused = &Refused{Purpose: purpose, Line: ref.Line, Source: ref.Source}
	}
	return ans
}

// SetUsage fills in the usage fields of the result.
func (c *CheckResult) SetUsage(ans *Answer) {
	u := &ans.Usage
	c.Usage, c.UsageLine, c.Signals, c.SignalsReading, c.Refused = nil, 0, nil, "", ans.Refused
	if u.Applicable {
		p := u.Preferences
		c.Usage, c.UsageLine = &p, u.Line()
		if c.Signals = u.SignalMap(); c.Signals != nil {
			c.SignalsReading = u.SignalsReading
		}
	}
}

// AgentLine is a user-agent line of an applied group.
type AgentLine struct {
	Line  int    `json:"line"`
	Value string `json:"value"`
}

// NewCheckResult returns the JSON form of the verdict v for agent and
// rawURL, with the usage ans (nil: the usage of a file without
// Content-Usage and Content-Signal lines).
func NewCheckResult(agent, rawURL string, v robotstxt.Verdict, ans *Answer) CheckResult {
	if ans == nil {
		ans = &Answer{Usage: robotstxt.Usage{Applicable: v.Allowed}}
	}
	c := CheckResult{Agent: agent, URL: rawURL, Path: robotstxt.NormalizePath(rawURL), Allowed: v.Allowed,
		Reason: v.Reason, Rule: v.Rule, ViaIndexHTML: v.ViaIndexHTML, Overruled: v.Overruled,
		Groups: AgentLines(v.UserAgents), Fallback: v.Fallback, Reading: v.Reading, Note: InputNote(rawURL)}
	c.SetUsage(ans)
	return c
}

// InputNote says how a URL that is neither a full URL ("scheme://host...")
// nor a path starting with "/" is read, as Google's library reads it: an
// empty URL is "/", and "private/x" is host "private" with path "/x". It
// returns "" for a full URL or a path.
func InputNote(raw string) string {
	if strings.HasPrefix(raw, "/") && !strings.HasPrefix(raw, "//") {
		return ""
	}
	if i := schemeEnd(raw); i > 0 && isScheme(raw[:i]) {
		// A full URL: the common case of a batch, which needs no path.
		if host := raw[i+3:]; host != "" && strings.IndexByte("/?;#", host[0]) < 0 {
			return ""
		}
		return "a URL without a host: read as the path " + quote(robotstxt.PathOf(raw))
	}
	path := robotstxt.PathOf(raw)
	if raw == "" {
		return "an empty URL: read as the path \"/\""
	}
	rest := strings.TrimPrefix(raw, "//")
	host := rest
	if j := strings.IndexAny(rest, "/?;#"); j >= 0 {
		host = rest[:j]
	}
	return "not a full URL or a path starting with \"/\": read as host " + quote(host) + ", path " + quote(path)
}

// schemeEnd is strings.Index(raw, "://"), found at once for the schemes
// of nearly every URL of a batch.
func schemeEnd(raw string) int {
	switch {
	case strings.HasPrefix(raw, "https://"):
		return len("https")
	case strings.HasPrefix(raw, "http://"):
		return len("http")
	}
	return strings.Index(raw, "://")
}

func isScheme(s string) bool {
	for i := 0; i < len(s); i++ {
		c := s[i]
		letter := 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z'
		if !letter && (i == 0 || !('0' <= c && c <= '9' || c == '+' || c == '-' || c == '.')) {
			return false
		}
	}
	return s != ""
}

// quote writes s in double quotes, escaping what a terminal or a JSON
// reader could trip on.
func quote(s string) string {
	var b strings.Builder
	b.WriteByte('"')
	for _, r := range s {
		switch {
		case r == '"' || r == '\\':
			b.WriteByte('\\')
			b.WriteRune(r)
		case r < 0x20 || r == 0x7f || r >= 0x80 && r <= 0x9f:
			b.WriteString(`\x`)
			b.WriteByte("0123456789abcdef"[r>>4&15])
			b.WriteByte("0123456789abcdef"[r&15])
		default:
			b.WriteRune(r)
		}
	}
	b.WriteByte('"')
	return b.String()
}

// AgentLines returns the line and value of each user-agent line.
func AgentLines(uas []robotstxt.UserAgent) []AgentLine {
	out := make([]AgentLine, len(uas))
	for i, ua := range uas {
		out[i] = AgentLine{ua.Line, ua.Value}
	}
	return out
}
