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
		Groups: AgentLines(v.UserAgents), Fallback: v.Fallback, Reading: v.Reading, Note: InputNote(rawURL)}
}

// InputNote says how a URL that is neither a full URL ("scheme://host...")
// nor a path starting with "/" is read, as Google's library reads it: an
// empty URL is "/", and "private/x" is host "private" with path "/x". It
// returns "" for a full URL or a path.
func InputNote(raw string) string {
	if strings.HasPrefix(raw, "/") && !strings.HasPrefix(raw, "//") {
		return ""
	}
	if i := strings.Index(raw, "://"); i > 0 && isScheme(raw[:i]) {
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
