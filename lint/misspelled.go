package lint

import (
	"strconv"
	"strings"
	"sync"

	"github.com/robotstxt/robotstxt"
	"github.com/robotstxt/robotstxt/crawlers"
	"github.com/robotstxt/robotstxt/internal/editdist"
)

// checkMisspelledAgents: a crawler finds its group by its own product token
// (RFC 9309 section 2.2.1), so "User-agent: Googelbot" is a group no
// crawler follows. A name is reported only when it is very close to one
// crawler of the registry and to no other, and is itself no crawler the
// registry knows: thousands of real crawlers are not in the registry, and
// many of them ("Roverbot", "Aipbot", "MSRBOT") are one letter from one
// that is. So the part of the known name that tells it apart (its stem,
// without "bot", "spider" or "crawler") must be long: 6 letters for one
// edit, 10 for two.
func (l *linter) checkMisspelledAgents() {
	for gi := range l.r.Groups {
		g := &l.r.Groups[gi]
		for _, ua := range g.UserAgents {
			if ua.Global() || ua.Token == "" {
				continue
			}
			known, ok := misspelledCrawler(ua.Token)
			if !ok || groupNames(g, known) {
				// The group names the crawler too: the slip is harmless.
				continue
			}
			args := []any{"token", quote(ua.Token), "suggestion", known}
			variant := ""
			if other := l.otherGroupLine(g, known); other > 0 {
				variant = "merge"
				args = append(args, "other", strconv.Itoa(other))
			} else if l.hasStarGroup() {
				variant = "star"
			}
			l.add(Warning, "misspelled-agent", variant, ua.Line, l.valueColumn(ua.Line, ua.Value), args...)
		}
	}
}

type knownName struct {
	token, lower string
	stem         int // length of the part that tells the name apart
}

var knownNames = sync.OnceValue(func() []knownName {
	var out []knownName
	for _, c := range crawlers.All() {
		if c.Token == "*" {
			continue
		}
		low := strings.ToLower(c.Token)
		stem := low
		for _, suffix := range []string{"-bot", "_bot", "bot", "-spider", "spider", "-crawler", "crawler"} {
			if s, ok := strings.CutSuffix(stem, suffix); ok {
				stem = s
				break
			}
		}
		out = append(out, knownName{c.Token, low, len(stem)})
	}
	return out
})

// allowedEdits is how far a name may be from a known one of the given stem
// length to be taken for a misspelling of it.
func allowedEdits(stem int) int {
	switch {
	case stem >= 10:
		return 2
	case stem >= 6:
		return 1
	}
	return 0
}

// misspelledCrawler returns the registry's crawler that token is a
// misspelling of, if there is exactly one.
func misspelledCrawler(token string) (string, bool) {
	if len(token) < 5 || len(token) > editdist.Max {
		return "", false
	}
	if _, ok := crawlers.Lookup(token); ok {
		return "", false
	}
	low := strings.ToLower(token)
	best, bestD, ties := "", editdist.Far, 0
	for _, k := range knownNames() {
		edits := allowedEdits(k.stem)
		if edits == 0 || len(low) < len(k.lower)-edits || len(low) > len(k.lower)+edits {
			continue // cheaper than the distance, for files naming thousands
		}
		d := editdist.Distance(low, k.lower)
		if d == 0 || d > edits || withoutDigits(low) == withoutDigits(k.lower) {
			// Names that differ only in digits are versions or siblings
			// ("MJ12bot"), not slips.
			continue
		}
		switch {
		case d < bestD:
			best, bestD, ties = k.token, d, 0
		case d == bestD:
			ties++
		}
	}
	return best, best != "" && ties == 0
}

func withoutDigits(s string) string {
	return strings.Map(func(r rune) rune {
		if '0' <= r && r <= '9' {
			return -1
		}
		return r
	}, s)
}

// groupNames reports whether g names token (ignoring case).
func groupNames(g *robotstxt.Group, token string) bool {
	for _, ua := range g.UserAgents {
		if strings.EqualFold(ua.Token, token) {
			return true
		}
	}
	return false
}

// otherGroupLine is the first user-agent line naming token in a group other
// than g, or 0.
func (l *linter) otherGroupLine(g *robotstxt.Group, token string) int {
	for gi := range l.r.Groups {
		if o := &l.r.Groups[gi]; o != g {
			for _, ua := range o.UserAgents {
				if strings.EqualFold(ua.Token, token) {
					return ua.Line
				}
			}
		}
	}
	return 0
}

func (l *linter) hasStarGroup() bool {
	for gi := range l.r.Groups {
		for _, ua := range l.r.Groups[gi].UserAgents {
			if ua.Global() {
				return true
			}
		}
	}
	return false
}
