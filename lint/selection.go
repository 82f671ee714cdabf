package lint

import (
	"strconv"
	"strings"

	"github.com/robotstxt/robotstxt/internal/editdist"
)

// Selection chooses which findings are reported, as "robotstxt lint
// --select" and "--ignore" and the config file do. Each name is a check ID
// ("hash-in-path"), a prefix of check IDs ending in "-" or "-*" ("blocks-"
// chooses blocks-css-js and every other blocks- check, as ruff's "--select
// E" does), or a severity ("error", "warning", "info"; it matches a
// finding's own severity, which may differ from its check's usual one).
//
// A finding is kept when Select is empty or one of its names matches it,
// and no name of Ignore matches it: "--select warning --ignore
// crawl-delay" keeps every warning except crawl-delay's.
type Selection struct {
	Select []string `json:"select,omitempty"`
	Ignore []string `json:"ignore,omitempty"`
}

// UnknownCheckError is a name that is neither a check ID nor a severity.
type UnknownCheckError struct {
	Name string
	// Suggestion is the closest check ID, "" when none is close.
	Suggestion string
}

func (e *UnknownCheckError) Error() string {
	s := "no check " + strconv.Quote(e.Name)
	if e.Suggestion != "" {
		s += "; did you mean " + strconv.Quote(e.Suggestion) + "?"
	}
	return s
}

// Validate returns an *UnknownCheckError for the first name that is
// neither a check ID nor a severity.
func (s Selection) Validate() error {
	for _, list := range [][]string{s.Select, s.Ignore} {
		for _, n := range list {
			if !validName(n) {
				return &UnknownCheckError{Name: n, Suggestion: SuggestCheck(n)}
			}
		}
	}
	return nil
}

func validName(n string) bool {
	if _, err := ParseSeverity(n); err == nil {
		return true
	}
	if p, ok := idPrefix(n); ok {
		for _, c := range checkIDs {
			if strings.HasPrefix(c.id, p) {
				return true
			}
		}
		return false
	}
	return IsCheck(n)
}

// idPrefix returns the prefix a name stands for ("blocks-" for "blocks-"
// and "blocks-*"), and false for a whole check ID or a severity.
func idPrefix(n string) (string, bool) {
	n = strings.TrimSuffix(n, "*")
	if len(n) > 1 && strings.HasSuffix(n, "-") {
		return n, true
	}
	return "", false
}

// IsCheck reports whether id is the ID of a check.
func IsCheck(id string) bool {
	for _, c := range checkIDs {
		if c.id == id {
			return true
		}
	}
	return false
}

// SuggestCheck returns the check ID closest to name (at most 2 edits, and
// fewer than half its length), or "" when none is close.
func SuggestCheck(name string) string {
	name = strings.ToLower(name)
	best, bestD := "", 3
	for _, c := range checkIDs {
		if d := editdist.Distance(name, c.id); d < bestD && 2*d < len(name) {
			best, bestD = c.id, d
		}
	}
	return best
}

// Keeps reports whether the selection reports f.
func (s Selection) Keeps(f Finding) bool {
	return (len(s.Select) == 0 || matchesAny(s.Select, f)) && !matchesAny(s.Ignore, f)
}

func matchesAny(names []string, f Finding) bool {
	for _, n := range names {
		if n == f.ID || n == f.Severity.String() {
			return true
		}
		if p, ok := idPrefix(n); ok && strings.HasPrefix(f.ID, p) {
			return true
		}
	}
	return false
}

// Filter returns the findings the selection keeps, in order; it reuses
// the slice.
func (s Selection) Filter(findings []Finding) []Finding {
	if len(s.Select) == 0 && len(s.Ignore) == 0 {
		return findings
	}
	out := findings[:0]
	for _, f := range findings {
		if s.Keeps(f) {
			out = append(out, f)
		}
	}
	return out
}

// SplitNames splits comma-separated lists of names ("error,hash-in-path")
// into names, dropping spaces and empty items.
func SplitNames(lists []string) []string {
	var out []string
	for _, l := range lists {
		for n := range strings.SplitSeq(l, ",") {
			if n = strings.TrimSpace(n); n != "" {
				out = append(out, n)
			}
		}
	}
	return out
}
