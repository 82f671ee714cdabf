package walk

import (
	"strings"
	"testing"
)

// FuzzPattern: any line of a .gitignore (a file of the tree being linted,
// from anyone) parses or is passed over, never panics, and a pattern that
// parses matches in time linear in the path (regexp, no backtracking).
func FuzzPattern(f *testing.F) {
	for _, s := range []string{"*.txt", "!robots.txt", "/a/**/b/", "[!a-z]?", `\#x`, "**", "a/**", "[", `\`, "x/"} {
		f.Add(s, "a/b/robots.txt")
	}
	f.Fuzz(func(t *testing.T, line, path string) {
		p, ok := ParsePattern(line, "base")
		if !ok {
			return
		}
		p.Match(path, false)
		p.Match("base/"+path, true)
		Ignored(ReadPatterns(strings.NewReader(line+"\n"+line), ""), path, false)
	})
}
