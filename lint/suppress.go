package lint

import "strings"

// Inline suppression: a comment "# robotstxt: ignore ID[,ID...]" silences
// the named checks on its own line, and, when the comment is the whole
// line, on the next line too (a comment above the line it is about).
// "# robotstxt: ignore" with no ID silences every check there. Text after
// the list is free ("# robotstxt: ignore hash-in-path the anchor is
// meant"): the list ends at the first word not joined to it by a comma.
// An ID that is no check is reported as bad-suppression, so that a typo
// never silences nothing without a word.

// suppression is one "robotstxt: ignore" comment.
type suppression struct {
	line   int
	column int      // of the ID list, for bad-suppression
	own    bool     // the comment is the whole line: it covers the next line too
	ids    []string // nil: every check
}

// covers reports whether the suppression silences f.
func (s *suppression) covers(f *Finding) bool {
	if f.Line != s.line && !(s.own && f.Line == s.line+1) {
		return false
	}
	if s.ids == nil {
		return true
	}
	for _, id := range s.ids {
		if id == f.ID {
			return true
		}
	}
	return false
}

// parseSuppression reads a "robotstxt: ignore" comment on a line; ok is
// false when the line has none.
func parseSuppression(text string) (s suppression, ok bool) {
	for off := 0; ; {
		i := strings.IndexByte(text[off:], '#')
		if i < 0 {
			return s, false
		}
		hash := off + i
		off = hash + 1
		rest := strings.TrimLeft(text[off:], " \t")
		const tag = "robotstxt:"
		if len(rest) < len(tag) || !strings.EqualFold(rest[:len(tag)], tag) {
			continue
		}
		rest = strings.TrimLeft(rest[len(tag):], " \t")
		const verb = "ignore"
		if len(rest) < len(verb) || !strings.EqualFold(rest[:len(verb)], verb) {
			continue
		}
		after := rest[len(verb):]
		if after != "" && after[0] != ' ' && after[0] != '\t' {
			continue // "ignored", "ignore-file": not ours
		}
		s.own = strings.TrimSpace(text[:hash]) == ""
		s.column = runeCount(text[:len(text)-len(strings.TrimLeft(after, " \t"))]) + 1
		s.ids = idList(after)
		return s, true
	}
}

// idList reads "ID[, ID...]" at the start of s (after spaces); nil when s
// does not start with an ID.
func idList(s string) []string {
	var ids []string
	s = strings.TrimLeft(s, " \t")
	for {
		n := 0
		if s != "" && (s[0] == '-' || s[0] == '_') {
			return ids // "-- a reason": not an ID
		}
		for n < len(s) && idByte(s[n]) {
			n++
		}
		if n == 0 {
			return ids
		}
		ids = append(ids, strings.ToLower(s[:n]))
		s = strings.TrimLeft(s[n:], " \t")
		if s == "" || s[0] != ',' {
			return ids
		}
		s = strings.TrimLeft(s[1:], " \t")
	}
}

func idByte(c byte) bool {
	return 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || '0' <= c && c <= '9' || c == '-' || c == '_'
}

// suppress drops the findings an inline comment silences and reports the
// unknown IDs of each such comment (one finding per comment).
func (l *linter) suppress() {
	var sups []suppression
	for i := range l.lines {
		ln := &l.lines[i]
		if strings.IndexByte(ln.Text, '#') < 0 {
			continue
		}
		if s, ok := parseSuppression(ln.Text); ok {
			s.line = ln.Number
			sups = append(sups, s)
		}
	}
	if len(sups) == 0 {
		return
	}
	byLine := make(map[int][]int, 2*len(sups)) // line -> the comments that may cover it
	for i, s := range sups {
		byLine[s.line] = append(byLine[s.line], i)
		if s.own {
			byLine[s.line+1] = append(byLine[s.line+1], i)
		}
	}
	out := l.out[:0]
	for _, f := range l.out {
		silenced := false
		for _, i := range byLine[f.Line] {
			if sups[i].covers(&f) {
				silenced = true
				break
			}
		}
		if !silenced {
			out = append(out, f)
		}
	}
	l.out = out
	for _, s := range sups {
		var unknown []string
		for _, id := range s.ids {
			if !IsCheck(id) {
				unknown = append(unknown, id)
			}
		}
		if len(unknown) == 0 {
			continue
		}
		if sug := SuggestCheck(unknown[0]); len(unknown) == 1 && sug != "" {
			l.add(Warning, "bad-suppression", "typo", s.line, s.column, "id", quote(unknown[0]), "suggestion", sug)
			continue
		}
		for i, id := range unknown {
			unknown[i] = quote(id)
		}
		l.add(Warning, "bad-suppression", "", s.line, s.column, "id", strings.Join(unknown, ", "))
	}
}
