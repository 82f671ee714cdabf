package lint

import (
	"strconv"
	"strings"

	"github.com/robotstxt/robotstxt"
	"github.com/robotstxt/robotstxt/crawlers"
)

// checkGroups looks at each group: its user-agent lines and its layout.
func (l *linter) checkGroups() {
	var stars []int // the lines of the "*" groups after the first
	firstStar := 0
	for gi := range l.r.Groups {
		g := &l.r.Groups[gi]
		global := false
		for _, ua := range g.UserAgents {
			l.checkAgent(ua)
			if ua.Global() {
				global = true
			}
		}
		if global {
			if firstStar == 0 {
				firstStar = starLine(g)
			} else {
				stars = append(stars, starLine(g))
			}
		}
		l.checkLayout(g, global)
	}
	if len(stars) > 0 {
		variant := ""
		if len(stars) > 1 {
			variant = "many"
		}
		lines := make([]string, len(stars))
		for i, n := range stars {
			lines[i] = strconv.Itoa(n)
		}
		l.add(Warning, "multiple-star-groups", variant, stars[0], 0, "first", firstStar, "count", len(stars)+1,
			"lines", l.list(lines, 8))
	}
}

func starLine(g *robotstxt.Group) int {
	for _, ua := range g.UserAgents {
		if ua.Global() {
			return ua.Line
		}
	}
	return 0
}

func (l *linter) checkLayout(g *robotstxt.Group, global bool) {
	uas := g.UserAgents
	if len(g.Rules) == 0 {
		variant := ""
		if global {
			variant = "star"
		}
		l.add(Warning, "empty-group", variant, uas[0].Line, 0, "agents", l.agents(uas))
		return
	}
	// User-agent lines parted from the next ones by a blank line or another
	// record still share the rules below (RFC 9309 section 2.2.1, Google);
	// Yandex ends the group at the blank line.
	last := -1 // index of the last user-agent line followed by a gap
	for i := 0; i+1 < len(uas); i++ {
		if l.parted(uas[i].Line, uas[i+1].Line) {
			last = i
		}
	}
	if last >= 0 {
		variant := "shares"
		if global {
			variant = "shares-star"
		}
		// Yandex ends a group at a blank line (docs/yandex.md); other records
		// between the lines (Crawl-delay) it is not documented to stop at.
		yandex := ""
		if l.blankBetween(uas[0].Line, uas[last+1].Line) {
			yandex = l.t("empty-group.yandex")
		}
		// A Content-Usage line among them is a rule for attach-05 (section
		// 3), which ends their group there: the file's usage preferences
		// and its crawl rules then come from different groups.
		usage := ""
		for n := uas[0].Line + 1; n < uas[last+1].Line; n++ {
			if ln := l.line(n); ln != nil && ln.Field == robotstxt.FieldOther && robotstxt.IsUsageKey(ln.Key) {
				usage = l.t("empty-group.usage", "line", n)
				break
			}
		}
		l.add(Warning, "empty-group", variant, uas[0].Line, 0, "agents", l.agents(uas[:last+1]),
			"next", uas[last+1].Line, "rules", g.Rules[0].Line, "yandex", yandex, "usage", usage)
	}
	// Blank lines between the last user-agent line and the first rule.
	last, first := uas[len(uas)-1].Line, g.Rules[0].Line
	for n := last + 1; n < first; n++ {
		if ln := l.line(n); ln != nil && ln.Blank() {
			if global || l.readByYandex(uas) {
				l.add(Warning, "blank-line-in-group", "", n, 0, "agents", l.agents(uas), "rule", first)
			}
			break
		}
	}
}

// parted reports whether a blank line or a record other than a comment
// stands between two user-agent lines.
func (l *linter) parted(a, b int) bool {
	for n := a + 1; n < b; n++ {
		ln := l.line(n)
		if ln == nil {
			return false
		}
		if ln.Blank() || ln.Directive() {
			return true
		}
	}
	return false
}

// blankBetween reports a blank line between lines a and b.
func (l *linter) blankBetween(a, b int) bool {
	for n := a + 1; n < b; n++ {
		if ln := l.line(n); ln != nil && ln.Blank() {
			return true
		}
	}
	return false
}

// readByYandex reports whether Yandex's robots read the group: it names
// Yandex or one of its robots.
func (l *linter) readByYandex(uas []robotstxt.UserAgent) bool {
	for _, ua := range uas {
		if strings.EqualFold(ua.Token, "yandex") {
			return true
		}
		if c, ok := crawlers.Lookup(ua.Token); ok && strings.EqualFold(c.Fallback, "yandex") {
			return true
		}
	}
	return false
}
