package walk

import (
	"bufio"
	"io"
	"regexp"
	"strings"
)

// maxPatterns bounds the patterns read from one ignore file, and
// maxPatternBytes the length of one: an ignore file is read from the tree
// being linted, which may come from anyone.
const (
	maxPatterns     = 10_000
	maxPatternBytes = 4096
)

// A Pattern is one line of a .gitignore file, or an include or exclude
// glob given on the command line.
type Pattern struct {
	re      *regexp.Regexp
	negate  bool // "!pattern": re-include
	dirOnly bool // "pattern/": folders only
	// base is the folder the pattern was read in, relative to the walk's
	// root with "/" separators ("" for the root): it matches paths under it.
	base string
}

// ParsePattern reads one gitignore-style pattern read in folder base
// (relative to the root, "" for the root). It returns false for a blank
// line, a comment or a pattern too long to be meant.
//
//	pattern = ["!"] glob ["/"]
//	glob    = segment *("/" segment)   ; "**" as a whole segment spans folders
func ParsePattern(line, base string) (Pattern, bool) {
	line = strings.TrimRight(line, "\r")
	if !strings.HasSuffix(line, "\\ ") {
		line = strings.TrimRight(line, " ")
	}
	if line == "" || line[0] == '#' || len(line) > maxPatternBytes {
		return Pattern{}, false
	}
	p := Pattern{base: strings.Trim(base, "/")}
	if line[0] == '!' {
		p.negate, line = true, line[1:]
	} else if strings.HasPrefix(line, `\!`) || strings.HasPrefix(line, `\#`) {
		line = line[1:]
	}
	if strings.HasSuffix(line, "/") {
		p.dirOnly, line = true, strings.TrimRight(line, "/")
	}
	if line == "" {
		return Pattern{}, false
	}
	// A slash at the start or in the middle anchors the pattern to its
	// folder; otherwise it matches a name at any depth below it.
	anchored := strings.Contains(line, "/")
	line = strings.TrimPrefix(line, "/")
	expr := globRegexp(line)
	if !anchored {
		expr = "(?:.*/)?" + expr
	}
	re, err := regexp.Compile("^" + expr + "$")
	if err != nil {
		return Pattern{}, false
	}
	p.re = re
	return p, true
}

// globRegexp translates a glob to a regular expression: "**" as a whole
// segment matches any number of folders, "*" and "?" stay within one.
func globRegexp(glob string) string {
	var b strings.Builder
	segs := strings.Split(glob, "/")
	for i, seg := range segs {
		last := i == len(segs)-1
		if seg == "**" {
			switch {
			case last:
				b.WriteString(".*")
			default:
				b.WriteString("(?:.*/)?")
			}
			continue
		}
		for j := 0; j < len(seg); j++ {
			switch c := seg[j]; c {
			case '*':
				b.WriteString("[^/]*")
			case '?':
				b.WriteString("[^/]")
			case '[':
				end := strings.IndexByte(seg[j+1:], ']')
				if end < 0 {
					b.WriteString(`\[`)
					continue
				}
				class := seg[j+1 : j+1+end]
				if strings.HasPrefix(class, "!") {
					class = "^" + class[1:]
				}
				b.WriteString("[" + strings.ReplaceAll(class, `\`, `\\`) + "]")
				j += end + 1
			case '\\':
				if j+1 < len(seg) {
					j++
					b.WriteString(regexp.QuoteMeta(seg[j : j+1]))
				}
			default:
				b.WriteString(regexp.QuoteMeta(string(c)))
			}
		}
		if !last {
			b.WriteByte('/')
		}
	}
	return b.String()
}

// Match reports whether the pattern matches rel, a path relative to the
// walk's root with "/" separators; isDir says whether it is a folder.
func (p Pattern) Match(rel string, isDir bool) bool {
	if p.dirOnly && !isDir {
		return false
	}
	if p.base != "" {
		var ok bool
		if rel, ok = strings.CutPrefix(rel, p.base+"/"); !ok {
			return false
		}
	}
	return p.re.MatchString(rel)
}

// ReadPatterns reads the patterns of an ignore file read in folder base.
func ReadPatterns(r io.Reader, base string) []Pattern {
	var out []Pattern
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 0, 4096), maxPatternBytes+2)
	for sc.Scan() && len(out) < maxPatterns {
		if p, ok := ParsePattern(sc.Text(), base); ok {
			out = append(out, p)
		}
	}
	return out
}

// Ignored reports whether the last pattern of ps that matches rel ignores
// it (a matching "!" pattern re-includes it), as git reads a .gitignore.
func Ignored(ps []Pattern, rel string, isDir bool) bool {
	ignored := false
	for _, p := range ps {
		if p.Match(rel, isDir) {
			ignored = !p.negate
		}
	}
	return ignored
}
