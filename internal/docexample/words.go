package docexample

import (
	"fmt"
	"strings"
)

// Word is a word of a command line: a literal (quotes removed) or, when Op
// is set, an unquoted operator: |, <, >, >>, 2>, 2>&1.
type Word struct {
	Text string
	Op   bool
}

// Words splits a command line as a POSIX shell does, for the part of the
// shell the examples use: single and double quotes, backslash escapes,
// line breaks as spaces, "$?" expanded to status (in double quotes too),
// and the operators of Word. Everything else ($VAR, globs, ;, &&) is
// literal text.
func Words(line, status string) ([]Word, error) {
	var words []Word
	var cur strings.Builder
	inWord := false
	end := func() {
		if inWord {
			words = append(words, Word{Text: cur.String()})
			cur.Reset()
			inWord = false
		}
	}
	for i := 0; i < len(line); i++ {
		c := line[i]
		switch {
		case c == ' ' || c == '\t' || c == '\n':
			end()
		case c == '\'':
			j := strings.IndexByte(line[i+1:], '\'')
			if j < 0 {
				return nil, fmt.Errorf("unclosed ' in %q", line)
			}
			cur.WriteString(line[i+1 : i+1+j])
			inWord = true
			i += j + 1
		case c == '"':
			inWord = true
			i++
			for ; i < len(line) && line[i] != '"'; i++ {
				switch {
				case line[i] == '\\' && i+1 < len(line) && strings.IndexByte("\"\\$`", line[i+1]) >= 0:
					i++
					cur.WriteByte(line[i])
				case strings.HasPrefix(line[i:], "$?"):
					cur.WriteString(status)
					i++
				default:
					cur.WriteByte(line[i])
				}
			}
			if i == len(line) {
				return nil, fmt.Errorf("unclosed \" in %q", line)
			}
		case c == '\\' && i+1 < len(line):
			i++
			if line[i] != '\n' {
				cur.WriteByte(line[i])
				inWord = true
			}
		case c == '$' && strings.HasPrefix(line[i:], "$?"):
			cur.WriteString(status)
			inWord = true
			i++
		case c == '|' || c == '<' || c == '>' || (c == '2' && !inWord && strings.HasPrefix(line[i:], "2>")):
			end()
			op := string(c)
			for _, long := range []string{"2>&1", "2>", ">>"} {
				if strings.HasPrefix(line[i:], long) {
					op = long
					break
				}
			}
			words = append(words, Word{Text: op, Op: true})
			i += len(op) - 1
		default:
			cur.WriteByte(c)
			inWord = true
		}
	}
	end()
	return words, nil
}
