package main

import (
	"flag"
	"strings"

	"github.com/robotstxt/robotstxt/internal/editdist"
)

// suggest returns the candidate closest to name, for a "did you mean" hint
// after a typo in a command or flag name: the one at the smallest edit
// distance (insertions, deletions, substitutions and swaps of two adjacent
// letters, case ignored), if that distance is at most 2 and less than half
// the name's length, else a candidate the name is a prefix of, if only one
// is; "" when nothing is close. Ties go to the first candidate.
func suggest(name string, candidates []string) string {
	name = strings.ToLower(name)
	best, bestDist := "", 3
	for _, c := range candidates {
		d := editdist.Distance(name, strings.ToLower(c))
		if d < bestDist && 2*d < len(name) {
			best, bestDist = c, d
		}
	}
	if best != "" {
		return best
	}
	var prefixed []string
	for _, c := range candidates {
		if len(name) >= 2 && strings.HasPrefix(strings.ToLower(c), name) {
			prefixed = append(prefixed, c)
		}
	}
	if len(prefixed) == 1 {
		return prefixed[0]
	}
	return ""
}

// commandNames lists the commands, for suggest.
func commandNames() []string {
	names := make([]string, len(commands))
	for i, cmd := range commands {
		names[i] = cmd.name
	}
	return names
}

// unknownFlagHint returns "; did you mean --NAME?" for the flag package's
// "flag provided but not defined: -X" error when one of fs's flags is
// close to X, else "".
func unknownFlagHint(fs *flag.FlagSet, err error) string {
	const prefix = "flag provided but not defined: -"
	msg := err.Error()
	if !strings.HasPrefix(msg, prefix) {
		return ""
	}
	given := strings.TrimLeft(strings.TrimPrefix(msg, prefix), "-")
	var names []string
	fs.VisitAll(func(f *flag.Flag) {
		if len(f.Name) > 1 { // not the one-letter aliases
			names = append(names, f.Name)
		}
	})
	if s := suggest(given, names); s != "" {
		return "; did you mean --" + s + "?"
	}
	return ""
}

// commandHint returns "; did you mean NAME?" when a command is close to
// the unknown name, else "".
func commandHint(name string) string {
	if s := suggest(name, commandNames()); s != "" {
		return "; did you mean \"" + s + "\"?"
	}
	return ""
}
