package docexample

import "strings"

// A figure quoted in prose is marked <!-- count: NAME -->TEXT<!-- /count -->,
// so that the test that computes NAME can check TEXT and rewrite it.
const (
	countOpen  = "<!-- count: "
	countClose = "<!-- /count -->"
)

// Count is a marked figure of a text.
type Count struct {
	Name, Text string
}

// Counts returns the marked figures of a text, in order. A marker without
// its end, or with another comment inside, or whose name is not lower-case
// letters, digits and dashes, is ignored.
func Counts(text string) []Count {
	var out []Count
	for {
		i := strings.Index(text, countOpen)
		if i < 0 {
			return out
		}
		text = text[i+len(countOpen):]
		name, rest, ok := strings.Cut(text, " -->")
		if !ok {
			return out
		}
		body, _, ok := strings.Cut(rest, countClose)
		if !ok {
			return out
		}
		if !strings.Contains(body, "<!--") && validName(name) {
			out = append(out, Count{Name: name, Text: body})
		}
		text = rest
	}
}

// validName reports whether a figure's name is lower-case letters, digits
// and dashes (so that a page can show the syntax with NAME).
func validName(name string) bool {
	for _, c := range name {
		if (c < 'a' || c > 'z') && (c < '0' || c > '9') && c != '-' {
			return false
		}
	}
	return name != ""
}

// SetCount returns text with the figure of every marker named name
// replaced by value.
func SetCount(text, name, value string) string {
	open := countOpen + name + " -->"
	var b strings.Builder
	for {
		i := strings.Index(text, open)
		if i < 0 {
			break
		}
		j := strings.Index(text[i+len(open):], countClose)
		if j < 0 {
			break
		}
		b.WriteString(text[:i+len(open)])
		if strings.Contains(text[i+len(open):i+len(open)+j], "<!--") {
			text = text[i+len(open):] // not a figure: another marker inside
			continue
		}
		b.WriteString(value)
		text = text[i+len(open)+j:]
	}
	b.WriteString(text)
	return b.String()
}
