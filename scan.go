package robotstxt

import (
	"iter"
	"strings"
)

// MaxLineLength is the length at which Google's parser cuts a line: it keeps
// the first MaxLineLength-1 bytes and ignores the rest of the line. We do the
// same (see "Compatibility" in the package documentation).
const MaxLineLength = 2083 * 8

// Field says what a line is.
type Field uint8

const (
	FieldNone      Field = iota // blank, comment only, or not a directive
	FieldUserAgent              // user-agent (and its accepted misspellings)
	FieldAllow                  // allow
	FieldDisallow               // disallow (and its accepted misspellings)
	FieldSitemap                // sitemap (and site-map)
	FieldOther                  // any other "name: value" line
)

var fieldNames = [...]string{"none", "user-agent", "allow", "disallow", "sitemap", "other"}

func (f Field) String() string {
	if int(f) < len(fieldNames) {
		return fieldNames[f]
	}
	return "unknown"
}

// LineFlags record how leniently a line was read.
type LineFlags uint8

const (
	// LineComment: the line has a '#' comment (possibly after a directive).
	LineComment LineFlags = 1 << iota
	// LineTypo: the key is a misspelling that Google's parser accepts
	// ("useragent", "user agent", "dissallow", "dissalow", "disalow",
	// "diasllow", "disallaw", "site-map").
	LineTypo
	// LineMissingColon: the key and value are separated by whitespace only
	// ("Disallow /x"), which is accepted when the line has exactly two words.
	LineMissingColon
	// LineTooLong: the line was longer than MaxLineLength-1 bytes and was cut.
	LineTooLong
	// LineNUL: the line contains a NUL byte, which ends its content.
	LineNUL
)

// EOL is the line ending that ended a line.
type EOL uint8

const (
	EOLNone EOL = iota // last line of the input, without a line ending
	EOLLF              // "\n"
	EOLCRLF            // "\r\n"
	EOLCR              // "\r" alone
)

// Line is one line of a robots.txt file as the parser read it.
type Line struct {
	Number int    // 1-based line number
	Offset int    // byte offset of the line's first byte in the input
	Text   string // the raw line without its line ending, cut as described by MaxLineLength
	Length int    // the raw line's length in bytes before any cut
	EOL    EOL

	Field Field
	Key   string // the key as written, trimmed (empty for FieldNone)
	Value string // the value, trimmed, comment removed; not normalised
	Flags LineFlags
}

// Has reports whether all of the flags f are set on the line.
func (l *Line) Has(f LineFlags) bool { return l.Flags&f == f }

// Directive reports whether the line is a "key: value" line of any kind.
func (l *Line) Directive() bool { return l.Field != FieldNone }

// Blank reports whether the line holds nothing but whitespace.
func (l *Line) Blank() bool { return trimSpace(l.Text) == "" }

// bomLen returns the length of the (possibly partial) UTF-8 byte order mark
// at the start of s. Like Google's parser, we skip any prefix of EF BB BF.
func bomLen(s string) int {
	const bom = "\xEF\xBB\xBF"
	i := 0
	for i < len(bom) && i < len(s) && s[i] == bom[i] {
		i++
	}
	return i
}

// BOMLength returns how many bytes of a UTF-8 byte order mark (full or
// partial) start text; the parser skips them.
func BOMLength(text string) int { return bomLen(text) }

// Lines returns an iterator over every line of text, including blank lines,
// comments and lines beyond any size limit, exactly as Parse reads them.
// A final empty line after the last line ending is not reported.
//
// The grammar of a line (RFC 9309 section 2.2, with Google's leniency):
//
//	line  = *WS [key *WS (":" / WS) *WS value] *WS ["#" comment] EOL
//	EOL   = CR / LF / CR LF
//
// A line without a colon is a directive only if it holds exactly two words.
func Lines(text string) iter.Seq[Line] {
	return func(yield func(Line) bool) {
		scanLines(text, func(l *Line) bool { return yield(*l) })
	}
}

// scanLines calls fn for every line of text until fn returns false.
func scanLines(text string, fn func(*Line) bool) {
	pos := bomLen(text)
	nl := -1 // absolute offset of the next '\n' at or after pos, or len(text)
	var l Line
	for n := 1; pos < len(text); n++ {
		if nl < pos {
			if i := strings.IndexByte(text[pos:], '\n'); i >= 0 {
				nl = pos + i
			} else {
				nl = len(text)
			}
		}
		// A lone CR also ends a line; look for one only before the next LF
		// so that CR-only files stay linear.
		end, eol, next := nl, EOLLF, nl+1
		if cr := strings.IndexByte(text[pos:nl], '\r'); cr >= 0 {
			end = pos + cr
			if end+1 == nl && nl < len(text) {
				eol, next = EOLCRLF, nl+1
			} else {
				eol, next = EOLCR, end+1
			}
		} else if nl == len(text) {
			eol = EOLNone
		}
		l = Line{Number: n, Offset: pos, Text: text[pos:end], Length: end - pos, EOL: eol}
		parseLine(&l)
		if !fn(&l) {
			return
		}
		pos = next
	}
}

// parseLine splits l.Text into key and value following Google's
// GetKeyAndValueFrom, and classifies the key.
func parseLine(l *Line) {
	s := l.Text
	if len(s) > MaxLineLength-1 {
		s = s[:MaxLineLength-1]
		l.Text = s
		l.Flags |= LineTooLong
	}
	if i := strings.IndexByte(s, 0); i >= 0 {
		s = s[:i]
		l.Flags |= LineNUL
	}
	if i := strings.IndexByte(s, '#'); i >= 0 {
		s = s[:i]
		l.Flags |= LineComment
	}
	s = trimSpace(s)
	if s == "" {
		return
	}
	sep := strings.IndexByte(s, ':')
	if sep < 0 {
		// Google: accept whitespace instead of the colon when the line is
		// exactly two words ("Disallow /x").
		sep = strings.IndexAny(s, " \t")
		if sep < 0 || strings.ContainsAny(trimLeftBlank(s[sep:]), " \t") {
			return
		}
		l.Flags |= LineMissingColon
	}
	key := trimSpace(s[:sep])
	if key == "" {
		return
	}
	l.Key = key
	l.Value = trimSpace(s[sep+1:])
	var typo bool
	l.Field, typo = classifyKey(key)
	if typo {
		l.Flags |= LineTypo
	}
}

// Keys are recognised by a case-insensitive prefix test, in this order, as in
// Google's parser (so "Disallowed:" is a disallow line). The first spelling
// of each field is the correct one; the others are accepted misspellings.
var (
	userAgentKeys = []string{"user-agent", "useragent", "user agent"}
	allowKeys     = []string{"allow"}
	disallowKeys  = []string{"disallow", "dissallow", "dissalow", "disalow", "diasllow", "disallaw"}
	sitemapKeys   = []string{"sitemap", "site-map"}
)

func classifyKey(key string) (f Field, typo bool) {
	var keys []string
	switch lower(key[0]) { // every spelling of a field starts with the same letter
	case 'u':
		f, keys = FieldUserAgent, userAgentKeys
	case 'a':
		f, keys = FieldAllow, allowKeys
	case 'd':
		f, keys = FieldDisallow, disallowKeys
	case 's':
		f, keys = FieldSitemap, sitemapKeys
	default:
		return FieldOther, false
	}
	for i, k := range keys {
		if hasPrefixFold(key, k) {
			return f, i > 0
		}
	}
	return FieldOther, false
}

// hasPrefixFold reports whether s begins with the lower-case ASCII prefix,
// ignoring ASCII case.
func hasPrefixFold(s, prefix string) bool {
	if len(s) < len(prefix) {
		return false
	}
	for i := 0; i < len(prefix); i++ {
		if lower(s[i]) != prefix[i] {
			return false
		}
	}
	return true
}

func lower(c byte) byte {
	if 'A' <= c && c <= 'Z' {
		return c + 'a' - 'A'
	}
	return c
}

// isSpace matches absl::ascii_isspace, which Google's parser trims with.
func isSpace(c byte) bool {
	return c == ' ' || '\t' <= c && c <= '\r'
}

func trimSpace(s string) string {
	i, j := 0, len(s)
	for i < j && isSpace(s[i]) {
		i++
	}
	for j > i && isSpace(s[j-1]) {
		j--
	}
	return s[i:j]
}

func trimLeftBlank(s string) string {
	i := 0
	for i < len(s) && (s[i] == ' ' || s[i] == '\t') {
		i++
	}
	return s[i:]
}
