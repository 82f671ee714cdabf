package expect

import (
	"bufio"
	"bytes"
	"fmt"
	"sort"
	"strconv"
	"strings"
	"unicode/utf8"
)

// Limits on an expectations file: they bound memory and keep messages
// readable.
const (
	MaxLineLength   = 16 << 10
	MaxExpectations = 100_000
)

// Expectation is one line of an expectations file.
type Expectation struct {
	Line  int    `json:"line"`
	Agent string `json:"agent"`
	URL   string `json:"url"`
	Allow bool   `json:"allow"`
	// RuleLine, when not zero, is the line of robots.txt whose rule must
	// decide.
	RuleLine int `json:"ruleLine,omitempty"`
	// Sitemap, when not empty, is the sitemap (a file or an http(s) URL)
	// whose every URL the expectation is about: the URL was written
	// "sitemap:NAME".
	Sitemap string `json:"sitemap,omitempty"`
}

// SitemapPrefix starts a URL that names a sitemap: every URL it lists must
// get the verdict ("Googlebot  sitemap:sitemap.xml  allow").
const SitemapPrefix = "sitemap:"

// Want renders the verdict wanted as written: "allow", "disallow@12".
func (e Expectation) Want() string {
	s := "disallow"
	if e.Allow {
		s = "allow"
	}
	if e.RuleLine > 0 {
		s += "@" + strconv.Itoa(e.RuleLine)
	}
	return s
}

// Error is a bad line of an expectations file.
type Error struct {
	File string
	Line int
	Msg  string
}

func (e *Error) Error() string {
	if e.File == "" {
		return fmt.Sprintf("line %d: %s", e.Line, e.Msg)
	}
	return fmt.Sprintf("%s:%d: %s", e.File, e.Line, e.Msg)
}

// ErrorList is every bad line of a file, in line order.
type ErrorList []*Error

func (l ErrorList) Error() string {
	switch len(l) {
	case 0:
		return "no errors"
	case 1:
		return l[0].Error()
	}
	return fmt.Sprintf("%s (and %d more errors)", l[0], len(l)-1)
}

// Err returns the list as an error, or nil when it is empty.
func (l ErrorList) Err() error {
	if len(l) == 0 {
		return nil
	}
	sort.SliceStable(l, func(i, j int) bool { return l[i].Line < l[j].Line })
	return l
}

// Parse reads an expectations file. name is used in error messages. It
// returns the expectations of the good lines and, when any line is bad, an
// ErrorList.
//
// The grammar of a line:
//
//	line     = *WS [agent SEP (url / "sitemap:" name) WS1 verdict] *WS [comment]
//	agent    = quoted / word / words-followed-by-SEP2
//	SEP      = 1*WS (2*WS or a tab after an unquoted agent with spaces)
//	verdict  = ("allow" / "disallow") ["@" 1*DIGIT]
//	comment  = "#" *any   ; at the start or after whitespace
func Parse(name string, data []byte) ([]Expectation, error) {
	var exps []Expectation
	var errs ErrorList
	sc := bufio.NewScanner(bytes.NewReader(data))
	sc.Buffer(make([]byte, 0, 4096), MaxLineLength+1)
	n := 0
	for sc.Scan() {
		n++
		e, err := parseLine(sc.Text())
		if err != "" {
			errs = append(errs, &Error{File: name, Line: n, Msg: err})
			continue
		}
		if e == nil {
			continue
		}
		if len(exps) >= MaxExpectations {
			errs = append(errs, &Error{File: name, Line: n, Msg: fmt.Sprintf("more than %d expectations", MaxExpectations)})
			break
		}
		e.Line = n
		exps = append(exps, *e)
	}
	if err := sc.Err(); err != nil {
		errs = append(errs, &Error{File: name, Line: n + 1, Msg: fmt.Sprintf("line longer than %d bytes", MaxLineLength)})
	}
	return exps, errs.Err()
}

// parseLine parses one line; it returns nil and no message for a blank or
// comment line.
func parseLine(line string) (*Expectation, string) {
	if !utf8.ValidString(line) {
		return nil, "not valid UTF-8"
	}
	line = stripComment(line)
	line = strings.TrimSpace(line)
	if line == "" {
		return nil, ""
	}
	var agent, rest string
	if line[0] == '"' {
		a, r, msg := unquote(line)
		if msg != "" {
			return nil, msg
		}
		if r != "" && r[0] != ' ' && r[0] != '\t' {
			return nil, "a quoted agent must be followed by whitespace"
		}
		agent, rest = a, strings.TrimSpace(r)
		if agent == "" {
			return nil, "empty agent"
		}
	} else {
		words := strings.Fields(line)
		switch {
		case len(words) < 3:
			return nil, fmt.Sprintf("want AGENT URL VERDICT, found %d field(s)", len(words))
		case len(words) == 3:
			agent, rest = words[0], words[1]+" "+words[2]
		default:
			// An agent with spaces ends at the first run of two or more
			// spaces or a tab; after it, the URL and the verdict.
			i := sep2(line)
			if i < 0 {
				return nil, fmt.Sprintf("ambiguous: %d words; quote an agent that has spaces (\"%s\") or follow it by two or more spaces or a tab",
					len(words), strings.Join(words[:len(words)-2], " "))
			}
			agent, rest = line[:i], strings.TrimSpace(line[i:])
		}
	}
	fields := strings.Fields(rest)
	if len(fields) != 2 {
		return nil, fmt.Sprintf("after the agent %q, want URL VERDICT, found %d field(s)", agent, len(fields))
	}
	e := &Expectation{Agent: agent, URL: fields[0]}
	if name, ok := strings.CutPrefix(e.URL, SitemapPrefix); ok {
		if name == "" {
			return nil, "sitemap: names no sitemap; write sitemap:FILE or sitemap:URL"
		}
		e.Sitemap = name
	} else if msg := checkURL(e.URL); msg != "" {
		return nil, msg
	}
	verdict, at, hasAt := strings.Cut(fields[1], "@")
	switch strings.ToLower(verdict) {
	case "allow":
		e.Allow = true
	case "disallow":
	default:
		return nil, fmt.Sprintf("verdict %q: want allow or disallow (optionally @LINE)", fields[1])
	}
	if hasAt {
		n, err := strconv.Atoi(at)
		if err != nil || n < 1 || at[0] == '+' {
			return nil, fmt.Sprintf("verdict %q: @ must be followed by a line number", fields[1])
		}
		e.RuleLine = n
	}
	return e, ""
}

// stripComment removes a '#' comment that starts the line or follows
// whitespace, outside a leading quoted agent.
func stripComment(line string) string {
	start := 0
	if t := strings.TrimLeft(line, " \t"); strings.HasPrefix(t, `"`) {
		off := len(line) - len(t)
		if _, r, msg := unquote(t); msg == "" {
			start = len(line) - len(r)
		} else {
			start = off
		}
	}
	for i := start; i < len(line); i++ {
		if line[i] == '#' && (i == 0 || line[i-1] == ' ' || line[i-1] == '\t') {
			return line[:i]
		}
	}
	return line
}

// unquote reads a double-quoted string at the start of s and returns it and
// the rest of s.
func unquote(s string) (string, string, string) {
	var b strings.Builder
	for i := 1; i < len(s); i++ {
		switch c := s[i]; c {
		case '"':
			return b.String(), s[i+1:], ""
		case '\\':
			if i+1 < len(s) && (s[i+1] == '"' || s[i+1] == '\\') {
				i++
				b.WriteByte(s[i])
				continue
			}
			return "", "", `bad escape in quoted agent: only \" and \\`
		default:
			b.WriteByte(c)
		}
	}
	return "", "", "unterminated quoted agent"
}

// sep2 returns the index of the first run of two or more blanks or of a tab.
func sep2(s string) int {
	for i := 0; i < len(s); i++ {
		if s[i] == '\t' || (s[i] == ' ' && i+1 < len(s) && (s[i+1] == ' ' || s[i+1] == '\t')) {
			return i
		}
	}
	return -1
}

func checkURL(u string) string {
	if strings.HasPrefix(u, "/") {
		return ""
	}
	if i := strings.Index(u, "://"); i > 0 {
		switch strings.ToLower(u[:i]) {
		case "http", "https":
			return ""
		}
	}
	return fmt.Sprintf("URL %q: want a path starting with /, an http(s) URL or sitemap:NAME", u)
}
