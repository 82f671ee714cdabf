package docgen

import (
	"fmt"
	"iter"
	"net/url"
	"os"
	"path/filepath"
	"strings"
	"unicode"
)

// LinkError is a relative link of a Markdown file that leads nowhere.
type LinkError struct {
	File   string // the Markdown file, as given
	Line   int
	Target string // the link as written
	Reason string
}

func (e LinkError) Error() string {
	return fmt.Sprintf("%s:%d: link %q: %s", e.File, e.Line, e.Target, e.Reason)
}

var (
	inlineLink = lazy(`!?\[[^\]]*\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)`)
	refLink    = lazy(`^\s{0,3}\[[^\]]+\]:\s*<?(\S+?)>?(?:\s+.*)?$`)
	htmlLink   = lazy(`(?:href|src)="([^"]+)"`)
	htmlID     = lazy(`(?:id|name)="([^"]+)"`)
	codeSpan   = lazy("`[^`]*`")
	scheme     = lazy(`^[A-Za-z][A-Za-z0-9+.-]*:`)
)

// CheckLinks checks every relative link and image of the Markdown files
// (paths relative to the working directory): the file or directory it names
// must exist, and a "#fragment" must name a heading or an id="..." of the
// Markdown file it points at. Links with a scheme (https:, mailto:) are not
// followed, and code (fenced blocks and `spans`) is skipped.
func CheckLinks(files []string) []error {
	anchors := map[string]map[string]bool{}
	anchorsOf := func(path string) (map[string]bool, error) {
		if a, ok := anchors[path]; ok {
			return a, nil
		}
		b, err := os.ReadFile(path)
		if err != nil {
			return nil, err
		}
		a := Anchors(string(b))
		anchors[path] = a
		return a, nil
	}
	var errs []error
	for _, file := range files {
		b, err := os.ReadFile(file)
		if err != nil {
			errs = append(errs, err)
			continue
		}
		for _, l := range links(string(b)) {
			target := l.target
			if scheme.MatchString(target) || strings.HasPrefix(target, "//") {
				continue
			}
			bad := func(reason string) {
				errs = append(errs, LinkError{File: file, Line: l.line, Target: target, Reason: reason})
			}
			pathPart, frag, _ := strings.Cut(target, "#")
			p, err := url.PathUnescape(pathPart)
			if err != nil {
				bad("bad escape")
				continue
			}
			dest := file
			if p != "" {
				if strings.HasPrefix(p, "/") {
					bad("absolute path: use a path relative to the file")
					continue
				}
				dest = filepath.Join(filepath.Dir(file), filepath.FromSlash(p))
				if _, err := os.Stat(dest); err != nil {
					bad("no such file or directory")
					continue
				}
			}
			if frag == "" || !strings.HasSuffix(dest, ".md") {
				continue
			}
			a, err := anchorsOf(dest)
			if err != nil {
				bad(err.Error())
				continue
			}
			if !a[frag] {
				bad("no heading or id \"" + frag + "\" in " + filepath.ToSlash(dest))
			}
		}
	}
	return errs
}

type link struct {
	line   int
	target string
}

// proseLines yields the index and text of each line of a Markdown text
// that is outside fenced code blocks.
func proseLines(text string) iter.Seq2[int, string] {
	return func(yield func(int, string) bool) {
		fence := ""
		for i, line := range strings.Split(text, "\n") {
			trimmed := strings.TrimSpace(line)
			if fence != "" {
				if strings.HasPrefix(trimmed, fence) {
					fence = ""
				}
				continue
			}
			if strings.HasPrefix(trimmed, "```") || strings.HasPrefix(trimmed, "~~~") {
				fence = trimmed[:3]
				continue
			}
			if !yield(i, line) {
				return
			}
		}
	}
}

// links returns the link targets of a Markdown text outside code.
func links(text string) []link {
	var out []link
	for i, line := range proseLines(text) {
		line = codeSpan.ReplaceAllString(line, "")
		for _, m := range inlineLink.FindAllStringSubmatch(line, -1) {
			out = append(out, link{i + 1, m[1]})
		}
		for _, m := range htmlLink.FindAllStringSubmatch(line, -1) {
			out = append(out, link{i + 1, m[1]})
		}
		if m := refLink.FindStringSubmatch(line); m != nil {
			out = append(out, link{i + 1, m[1]})
		}
	}
	return out
}

// Anchors returns the fragments a Markdown text can be linked to: the
// anchors GitHub gives its headings and the id or name attributes of its
// HTML.
func Anchors(text string) map[string]bool {
	out := map[string]bool{}
	seen := map[string]int{}
	for _, line := range proseLines(text) {
		for _, m := range htmlID.FindAllStringSubmatch(line, -1) {
			out[m[1]] = true
		}
		if !strings.HasPrefix(line, "#") {
			continue
		}
		title := strings.TrimLeft(line, "#")
		if len(line)-len(title) > 6 || title != "" && title[0] != ' ' {
			continue
		}
		slug := Slug(title)
		if n := seen[slug]; n > 0 {
			out[fmt.Sprintf("%s-%d", slug, n)] = true
		} else {
			out[slug] = true
		}
		seen[slug]++
	}
	return out
}

// Slug is the anchor GitHub gives a heading: lower case, punctuation
// removed, spaces made hyphens.
func Slug(title string) string {
	title = strings.TrimSpace(strings.TrimRight(strings.TrimSpace(title), "#"))
	var b strings.Builder
	for _, r := range strings.ToLower(title) {
		switch {
		case r == ' ':
			b.WriteByte('-')
		case r == '-' || r == '_' || unicode.IsLetter(r) || unicode.IsDigit(r):
			b.WriteRune(r)
		}
	}
	return b.String()
}
