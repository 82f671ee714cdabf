package lint

import (
	"strings"

	"github.com/robotstxt/robotstxt"
)

// yandexText is an independent reference for the core package's Yandex
// reading (robotstxt.Robots.YandexReadsDifferently): it returns text as
// Yandex's robots read it, and tests check that the core agrees with it
// and with blank-line-in-group and empty-group. Yandex documents that a blank line
// may not stand between User-agent and the rules, and its robots.txt
// checker reports the rules after such a line as having no User-agent line
// in front of them (docs/yandex.md): the blank line ends the group. RFC 9309
// and Google read past it.
//
// The result has the same lines, so line numbers stay valid: such a blank
// line becomes "Disallow:" (an empty rule, which matches nothing and ends
// the group for the core parser too), and the rules after it, up to the
// next User-agent line, become "Disallow:" as well, since Yandex reads them
// in no group. Lines is the list of the blank lines that ended a group;
// when it is empty, text is returned unchanged.
func yandexText(text string) (yandex string, lines []int) {
	type edit struct{ off, end int }
	var edits []edit
	agents, cut := false, false
	for ln := range robotstxt.Lines(text) {
		switch {
		case ln.Field == robotstxt.FieldUserAgent:
			agents, cut = true, false
		case ln.Blank():
			if agents {
				edits = append(edits, edit{ln.Offset, ln.Offset + ln.Length})
				lines = append(lines, ln.Number)
				agents, cut = false, true
			}
		case ln.Field == robotstxt.FieldAllow || ln.Field == robotstxt.FieldDisallow:
			if cut {
				edits = append(edits, edit{ln.Offset, ln.Offset + ln.Length})
			}
			agents = false
		}
	}
	if len(edits) == 0 {
		return text, nil
	}
	var b strings.Builder
	b.Grow(len(text) + 9*len(edits))
	prev := 0
	for _, e := range edits {
		b.WriteString(text[prev:e.off])
		b.WriteString("Disallow:")
		prev = e.end
	}
	b.WriteString(text[prev:])
	return b.String(), lines
}
