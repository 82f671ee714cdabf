// Package wire holds the JSON shapes that several front ends print: the CLI
// (--json), the HTTP API of "robotstxt serve" and the WebAssembly page. Keeping
// them in one place keeps those outputs identical.
package wire

import "github.com/robotstxt/robotstxt"

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
}

// AgentLine is a user-agent line of an applied group.
type AgentLine struct {
	Line  int    `json:"line"`
	Value string `json:"value"`
}

// NewCheckResult returns the JSON form of the verdict v for agent and rawURL.
func NewCheckResult(agent, rawURL string, v robotstxt.Verdict) CheckResult {
	return CheckResult{Agent: agent, URL: rawURL, Path: robotstxt.NormalizePath(rawURL), Allowed: v.Allowed,
		Reason: v.Reason, Rule: v.Rule, ViaIndexHTML: v.ViaIndexHTML, Overruled: v.Overruled,
		Groups: AgentLines(v.UserAgents)}
}

// AgentLines returns the line and value of each user-agent line.
func AgentLines(uas []robotstxt.UserAgent) []AgentLine {
	out := make([]AgentLine, len(uas))
	for i, ua := range uas {
		out[i] = AgentLine{ua.Line, ua.Value}
	}
	return out
}
