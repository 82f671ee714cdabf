package lint

import (
	"strconv"
	"strings"

	"github.com/robotstxt/robotstxt"
	"github.com/robotstxt/robotstxt/internal/textsafe"
)

// checkFile runs the checks about the file as a whole: size, encoding, line
// endings, HTML. It reports stop when the text is not a robots.txt at all
// (HTML, UTF-16, binary data), so that line checks would only add noise.
func (l *linter) checkFile() (stop bool) {
	text := l.text
	bom := robotstxt.BOMLength(text)

	// UTF-16 (with or without its byte order mark) and binary data (an
	// executable, an image, a compressed body) are not robots.txt text.
	switch textsafe.Kind(text) {
	case textsafe.UTF16:
		l.add(Error, "invalid-utf8", "utf16", 0, 0)
		return true
	case textsafe.Binary:
		l.add(Error, "invalid-utf8", "binary", 0, 0)
		return true
	}
	if kind := markup(text[bom:]); kind != "" {
		l.add(Error, "html-body", kind, 0, 0)
		return true
	}

	directives, content := 0, false
	for i := 0; i < l.parsed; i++ {
		ln := &l.lines[i]
		if ln.Directive() {
			directives++
		}
		if !ln.Blank() && !commentOnly(ln) {
			content = true
		}
	}
	switch {
	case directives > 0:
	case strings.TrimSpace(text[bom:]) == "":
		l.add(Info, "empty-file", "empty", 0, 0)
	case !content:
		l.add(Info, "empty-file", "comments", 0, 0)
	default:
		l.add(Warning, "empty-file", "no-directives", 0, 0)
	}

	switch {
	case bom == 3:
		l.add(Info, "bom", "", 1, 1)
	case bom > 0:
		l.add(Warning, "bom", "partial", 1, 1, "bytes", bom)
	}

	l.checkLineEndings()
	l.checkSize()
	l.checkEncoding()
	return false
}

// markup tells whether the text is an HTML page or an XML document rather
// than robots.txt: it starts with a tag and holds a telling one early on.
func markup(text string) string {
	s := strings.TrimLeft(text, " \t\r\n")
	if !strings.HasPrefix(s, "<") {
		return ""
	}
	head := strings.ToLower(s[:min(len(s), 2048)])
	switch {
	case strings.HasPrefix(head, "<?xml"):
		return "xml"
	case strings.Contains(head, "<!doctype html"), strings.Contains(head, "<html"), strings.Contains(head, "<head"),
		strings.Contains(head, "<body"), strings.Contains(head, "<meta"), strings.Contains(head, "<title"),
		strings.Contains(head, "<script"), strings.Contains(head, "<div"), strings.Contains(head, "<p>"):
		return "html"
	}
	return ""
}

// commentOnly reports a line that holds only a comment.
func commentOnly(ln *robotstxt.Line) bool {
	return !ln.Directive() && ln.Has(robotstxt.LineComment) && strings.TrimSpace(content(ln)) == ""
}

// content is the part of a line before its comment (and before a NUL byte,
// which ends a line's content as the parser reads it).
func content(ln *robotstxt.Line) string {
	s := ln.Text
	if i := strings.IndexByte(s, 0); i >= 0 {
		s = s[:i]
	}
	if i := strings.IndexByte(s, '#'); i >= 0 {
		s = s[:i]
	}
	return s
}

func (l *linter) checkLineEndings() {
	var count [4]int
	for i := 0; i < l.parsed; i++ {
		count[l.lines[i].EOL]++
	}
	kinds := 0
	major := robotstxt.EOLLF
	for _, e := range []robotstxt.EOL{robotstxt.EOLLF, robotstxt.EOLCRLF, robotstxt.EOLCR} {
		if count[e] > 0 {
			kinds++
		}
		if count[e] > count[major] {
			major = e
		}
	}
	if kinds < 2 {
		return
	}
	first := 0
	for i := 0; i < l.parsed; i++ {
		if e := l.lines[i].EOL; e != major && e != robotstxt.EOLNone {
			first = l.lines[i].Number
			break
		}
	}
	var parts []string
	for _, e := range []robotstxt.EOL{robotstxt.EOLLF, robotstxt.EOLCRLF, robotstxt.EOLCR} {
		if count[e] > 0 {
			parts = append(parts, strconv.Itoa(count[e])+" "+eolNames[e])
		}
	}
	l.add(Info, "mixed-line-endings", "", first, 0, "counts", strings.Join(parts, ", "), "major", eolNames[major])
}

var eolNames = [...]string{"", "LF", "CRLF", "CR"}

func (l *linter) checkSize() {
	b := l.beyond
	if !l.r.Truncated || b.first == 0 {
		return
	}
	sev, variant := Error, ""
	if b.directives == 0 {
		sev, variant = Warning, "no-directives"
	}
	f := l.add(sev, "file-too-large", variant, b.first, 0, "size", len(l.text), "limit", l.r.Parsed, "first", b.first,
		"last", b.last, "rules", l.count(b.rules, "rule"), "directives", l.count(b.directives, "directive"))
	if f != nil && b.last > b.first {
		f.EndLine = b.last
	}
}

// checkEncoding reports lines that are not valid UTF-8, once for the file,
// pointing at the first such line.
func (l *linter) checkEncoding() {
	first, last, n := 0, 0, 0
	for i := 0; i < l.parsed; i++ {
		if !validUTF8(l.lines[i].Text) {
			if first == 0 {
				first = l.lines[i].Number
			}
			last = l.lines[i].Number
			n++
		}
	}
	if n == 0 {
		return
	}
	variant := ""
	if n > 1 {
		variant = "many"
	}
	f := l.add(Warning, "invalid-utf8", variant, first, 0, "count", n, "last", last)
	if f != nil && last > first {
		f.EndLine = last
	}
}
