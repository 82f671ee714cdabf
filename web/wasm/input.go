package main

import (
	"strings"

	"github.com/robotstxt/robotstxt"
	"github.com/robotstxt/robotstxt/internal/wire"
)

// How a URL typed in the page was read, when it is neither a full URL nor a
// path starting with "/" (wire.InputNote decides, as for "robotstxt check").
// The answer is still the one Google's library gives (its own tests pin
// that "private/x" is host "private", path "/x", and that an empty URL is
// "/"), but the page says so beside the verdict, in its own language: these
// are the kinds its catalogue words.
const (
	noteEmpty  = "empty"   // "" is read as "/"
	noteNoHost = "no-host" // "https://": a scheme and no host
	noteNotURL = "not-url" // "private/x", "not a url", "//host/x"
)

// urlNote returns the kind of note rawURL gets ("" for none).
func urlNote(rawURL string) string {
	switch {
	case wire.InputNote(rawURL) == "":
		return ""
	case rawURL == "":
		return noteEmpty
	}
	if i := strings.Index(rawURL, "://"); i > 0 && isScheme(rawURL[:i]) {
		return noteNoHost
	}
	return noteNotURL
}

// isScheme reports whether s is a URI scheme (RFC 3986 section 3.1).
func isScheme(s string) bool {
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case 'a' <= c && c <= 'z', 'A' <= c && c <= 'Z':
		case i > 0 && ('0' <= c && c <= '9' || c == '+' || c == '-' || c == '.'):
		default:
			return false
		}
	}
	return s != ""
}

// cutInfo says that the file is longer than the parse limit, where the
// limit falls, and whether the rules past it would change the verdict.
type cutInfo struct {
	Size   int `json:"size"`   // bytes in the file
	Parsed int `json:"parsed"` // bytes parsed
	// FirstIgnoredLine is the first line past the limit.
	FirstIgnoredLine int `json:"firstIgnoredLine"`
	// Differs: with the whole file parsed, the verdict would be different.
	Differs bool `json:"differs"`
	// Whole is the verdict with the whole file parsed.
	Whole checkCore `json:"whole"`
}

// checkCore is the part of a verdict the cut note compares.
type checkCore struct {
	Allowed bool             `json:"allowed"`
	Reason  robotstxt.Reason `json:"reason"`
	Rule    *robotstxt.Rule  `json:"rule"`
}

// lineCount counts the lines text[:n] ends, with the scanner's line endings
// (LF, CRLF, or CR alone): the number of the line after them is that plus 1.
func lineCount(text string) int {
	n := 0
	for i := 0; i < len(text); i++ {
		switch text[i] {
		case '\n':
			n++
		case '\r':
			if i+1 < len(text) && text[i+1] == '\n' {
				i++
			}
			n++
		}
	}
	return n
}
