package docgen

import (
	"regexp"
	"sync"
)

// lazyRegexp is a regular expression compiled on first use rather than
// when the program starts: every run of the command line links this
// package, and few runs generate documentation.
type lazyRegexp struct {
	get func() *regexp.Regexp
}

func lazy(expr string) *lazyRegexp {
	return &lazyRegexp{get: sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(expr) })}
}

func (l *lazyRegexp) MatchString(s string) bool { return l.get().MatchString(s) }
func (l *lazyRegexp) ReplaceAllString(src, repl string) string {
	return l.get().ReplaceAllString(src, repl)
}
func (l *lazyRegexp) FindStringSubmatch(s string) []string { return l.get().FindStringSubmatch(s) }
func (l *lazyRegexp) FindAllStringSubmatch(s string, n int) [][]string {
	return l.get().FindAllStringSubmatch(s, n)
}
