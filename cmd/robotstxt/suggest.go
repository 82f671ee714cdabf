package main

import (
	"flag"
	"strings"
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
		d := editDistance(name, strings.ToLower(c))
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

// editDistance is the optimal string alignment distance of a and b (the
// Damerau-Levenshtein distance without repeated edits of one substring),
// byte by byte: command and flag names are ASCII. Names longer than 64
// bytes are not compared (a typo of a 6-letter name is not 64 bytes long).
func editDistance(a, b string) int {
	if len(a) > 64 || len(b) > 64 {
		return 1 << 30
	}
	var rows [3][65]int
	prev2, prev, cur := &rows[0], &rows[1], &rows[2]
	for j := 0; j <= len(b); j++ {
		prev[j] = j
	}
	for i := 1; i <= len(a); i++ {
		cur[0] = i
		for j := 1; j <= len(b); j++ {
			cost := 1
			if a[i-1] == b[j-1] {
				cost = 0
			}
			cur[j] = min(prev[j]+1, cur[j-1]+1, prev[j-1]+cost)
			if i > 1 && j > 1 && a[i-1] == b[j-2] && a[i-2] == b[j-1] {
				cur[j] = min(cur[j], prev2[j-2]+1)
			}
		}
		prev2, prev, cur = prev, cur, prev2
	}
	return prev[len(b)]
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
