package lint

import (
	"cmp"
	"fmt"
	"io"
	"maps"
	"slices"
	"strconv"
	"strings"
)

// Stat is how many findings one check gave over a run, for "robotstxt lint
// --statistics".
type Stat struct {
	ID       string   `json:"id"`
	Severity Severity `json:"severity"` // the check's usual severity
	Count    int      `json:"count"`    // findings
	Files    int      `json:"files"`    // files with at least one
}

// Statistics counts the findings of each check over files, most frequent
// first (ties by ID). Checks with no finding are left out.
func Statistics(files []FileFindings) []Stat {
	by := map[string]*Stat{}
	for _, file := range files {
		seen := map[string]bool{}
		for _, f := range file.Findings {
			s := by[f.ID]
			if s == nil {
				s = &Stat{ID: f.ID, Severity: f.Severity}
				if c, ok := checkSeverity(f.ID); ok {
					s.Severity = c
				}
				by[f.ID] = s
			}
			s.Count++
			if !seen[f.ID] {
				seen[f.ID] = true
				s.Files++
			}
		}
	}
	out := make([]Stat, 0, len(by))
	for _, id := range slices.Sorted(maps.Keys(by)) {
		out = append(out, *by[id])
	}
	slices.SortStableFunc(out, func(a, b Stat) int { return cmp.Compare(b.Count, a.Count) })
	return out
}

func checkSeverity(id string) (Severity, bool) {
	for _, c := range checkIDs {
		if c.id == id {
			return c.sev, true
		}
	}
	return 0, false
}

// WriteStatistics writes stats as a table: count, ID, usual severity and
// the number of files, one check a line, then the total.
func WriteStatistics(w io.Writer, stats []Stat, lang string) error {
	cw, iw := 1, 0
	total := 0
	for _, s := range stats {
		cw = max(cw, len(strconv.Itoa(s.Count)))
		iw = max(iw, len(s.ID))
		total += s.Count
	}
	sw := 0
	for _, s := range []Severity{Error, Warning, Info} {
		sw = max(sw, runeCount(SeverityLabel(s, lang)))
	}
	var b strings.Builder
	for _, s := range stats {
		sev := SeverityLabel(s.Severity, lang)
		fmt.Fprintf(&b, "%*d  %-*s  %s%s  %s\n", cw, s.Count, iw, s.ID, sev, strings.Repeat(" ", sw-runeCount(sev)),
			countText(lang, s.Files, "unit.file"))
	}
	fmt.Fprintf(&b, "%*d  %s\n", cw, total, text(lang, "text.stat.total"))
	_, err := io.WriteString(w, b.String())
	return err
}
