package robotstxt

import "sort"

// Yandex's reading of robots.txt differs from RFC 9309 and Google's in one
// documented way: a blank line between a group's user-agent lines and its
// first rule ends the group. Yandex Webmaster's help says that empty line
// breaks are not allowed between User-agent, Disallow and Allow, and lists
// the parsing error "No User-agent directive in front of rule", "perhaps the
// file contains an empty line after User-agent". So for Yandex the group
// has no rules, and the rules after the blank line, up to the next
// user-agent line, belong to no group. A blank line between two rules is
// not documented to do anything and is read as RFC 9309 reads it.
//
// Yandex's robots (the crawlers whose documented fallback is "Yandex", and
// "Yandex" itself) get this reading in every answer when the file has such
// a blank line; AgentOptions.NoFallback and Exact turn it off.

// ReadingYandex is Verdict.Reading when a Yandex robot's answer comes from
// Yandex's reading of a file that Yandex reads differently.
const ReadingYandex = "yandex"

// YandexReadsDifferently reports whether Yandex's robots read the file's
// groups differently from RFC 9309: a blank line follows a group's
// user-agent lines before its first rule.
func (r *Robots) YandexReadsDifferently() bool { return len(r.yandexBlank) > 0 }

// YandexBlankLines returns the line numbers of the blank lines that end a
// group for Yandex: the first blank line after a group's user-agent lines,
// before its first rule. Shared: do not modify.
func (r *Robots) YandexBlankLines() []int { return r.yandexBlank }

// yandexRobots returns the file as Yandex reads it, parsed once, and the
// file's group of each of its groups.
func (r *Robots) yandexRobots() (*Robots, []int) {
	s := r.rare()
	s.yandexOnce.Do(func() {
		y := &Robots{Size: r.Size, Parsed: r.Parsed, Truncated: r.Truncated, Lines: r.Lines, text: r.text}
		parseInto(y, r.text, true)
		y.Lines = r.Lines
		// Yandex's groups only split the file's groups: map each to the
		// file's group that holds its first user-agent line.
		groups := make([]int, len(y.Groups))
		for i, g := range y.Groups {
			line := g.UserAgents[0].Line
			j := sort.Search(len(r.Groups), func(j int) bool { return r.Groups[j].UserAgents[0].Line > line })
			groups[i] = j - 1
		}
		s.yandexR, s.yandexGroups = y, groups
	})
	return s.yandexR, s.yandexGroups
}

// resolveYandex resolves a Yandex robot's name in Yandex's reading, when
// the file needs it.
func (r *Robots) resolveYandex(name string, o AgentOptions) (Agent, bool) {
	if len(r.yandexBlank) == 0 || o.Exact || o.NoFallback {
		return Agent{}, false
	}
	if _, cr, ok := knownCrawler(name); !ok || !cr.yandexReading {
		return Agent{}, false
	}
	y, groups := r.yandexRobots()
	a := y.resolve(name, o) // y itself never differs, so this does not recurse
	a.reading = ReadingYandex
	a.groupMap = groups
	return a, true
}
