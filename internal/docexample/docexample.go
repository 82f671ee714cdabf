package docexample

import (
	"strings"
)

// Block is a fenced code block of a Markdown page.
type Block struct {
	// Line is the 1-based line number of the opening fence.
	Line int
	// Info is the text after the opening fence ("sh", "json", ...).
	Info string
	// Lines are the lines between the fences.
	Lines []string
	// Notes are the WORDS of each <!-- example: WORDS --> comment between
	// the previous block and this one, in order.
	Notes []string

	start, end int // 0-based indexes of the fences in the page's lines
}

// Step is one command of an example and the output under it.
type Step struct {
	// Command is the command line without "$ ", its continuation lines
	// joined (after a trailing backslash, or inside quotes); the backslash
	// is dropped, the line break kept.
	Command string
	// Output is the output the page shows, each line ending in "\n".
	Output string
	// Sep is true when a blank line separates the output from the next
	// command.
	Sep bool

	cmd []string // the command's lines as written
}

// Page is a Markdown text split into lines, with its fenced blocks.
type Page struct {
	lines  []string
	Blocks []Block
}

const notePrefix = "<!-- example:"

// Parse reads a Markdown text. Fences are lines starting with three
// backticks; a block left open at the end of the text is dropped.
func Parse(text string) *Page {
	p := &Page{lines: strings.Split(text, "\n")}
	var notes []string
	open := -1
	for i, l := range p.lines {
		if open < 0 {
			if t := strings.TrimSpace(l); strings.HasPrefix(t, notePrefix) && strings.HasSuffix(t, "-->") {
				notes = append(notes, strings.TrimSpace(strings.TrimSuffix(strings.TrimPrefix(t, notePrefix), "-->")))
				continue
			}
		}
		if !strings.HasPrefix(l, "```") {
			continue
		}
		if open < 0 {
			open = i
			continue
		}
		p.Blocks = append(p.Blocks, Block{Line: open + 1, Info: strings.TrimSpace(strings.TrimPrefix(p.lines[open], "```")),
			Lines: p.lines[open+1 : i], Notes: notes, start: open, end: i})
		notes = nil
		open = -1
	}
	return p
}

// IsExample reports whether the block holds a "$ " command line.
func (b Block) IsExample() bool {
	for _, l := range b.Lines {
		if strings.HasPrefix(l, "$ ") {
			return true
		}
	}
	return false
}

// Text is the block's content, each line ending in "\n".
func (b Block) Text() string {
	if len(b.Lines) == 0 {
		return ""
	}
	return strings.Join(b.Lines, "\n") + "\n"
}

// Steps splits an example into its commands. Lines before the first
// command are ignored (there are none in a well-formed example).
func (b Block) Steps() []Step {
	var steps []Step
	var out []string
	flush := func(next bool) {
		if len(steps) == 0 {
			out = nil // lines before the first command
			return
		}
		s := &steps[len(steps)-1]
		if next && len(out) > 0 && out[len(out)-1] == "" {
			s.Sep = true
			out = out[:len(out)-1]
		}
		if len(out) > 0 {
			s.Output = strings.Join(out, "\n") + "\n"
		}
		out = nil
	}
	for i := 0; i < len(b.Lines); i++ {
		l := b.Lines[i]
		if !strings.HasPrefix(l, "$ ") {
			out = append(out, l)
			continue
		}
		flush(true)
		s := Step{cmd: []string{l}}
		cmd := strings.TrimPrefix(l, "$ ")
		for (strings.HasSuffix(cmd, "\\") || openQuote(cmd)) && i+1 < len(b.Lines) {
			i++
			s.cmd = append(s.cmd, b.Lines[i])
			cmd = strings.TrimSuffix(cmd, "\\") + "\n" + b.Lines[i]
		}
		s.Command = cmd
		steps = append(steps, s)
	}
	flush(false)
	return steps
}

// openQuote reports whether a command line ends inside quotes, so that it
// goes on on the next line, as in a shell.
func openQuote(s string) bool {
	var q byte
	for i := 0; i < len(s); i++ {
		switch c := s[i]; {
		case q == 0 && (c == '\'' || c == '"'):
			q = c
		case q == c:
			q = 0
		case c == '\\' && q != '\'':
			i++
		}
	}
	return q != 0
}

// Rewrite returns the page's text with the outputs of the examples given
// replaced: outputs maps a block (by its index in Blocks) to the new output
// of each of its steps. A blank line separates a step's output from the next
// command when the page had one there, or when the output ends in a blank
// line (which Steps would otherwise take for the separator).
func (p *Page) Rewrite(outputs map[int][]string) string {
	lines := append([]string(nil), p.lines...)
	for bi := len(p.Blocks) - 1; bi >= 0; bi-- {
		outs, ok := outputs[bi]
		if !ok {
			continue
		}
		b := p.Blocks[bi]
		steps := b.Steps()
		var body []string
		for _, l := range b.Lines {
			if strings.HasPrefix(l, "$ ") {
				break
			}
			body = append(body, l)
		}
		for i, s := range steps {
			body = append(body, s.cmd...)
			o := s.Output
			if i < len(outs) {
				o = outs[i]
			}
			if o != "" {
				body = append(body, strings.Split(strings.TrimSuffix(o, "\n"), "\n")...)
			}
			if i+1 < len(steps) && (s.Sep || strings.HasSuffix(o, "\n\n")) {
				body = append(body, "")
			}
		}
		lines = append(lines[:b.start+1], append(body, lines[b.end:]...)...)
	}
	return strings.Join(lines, "\n")
}
