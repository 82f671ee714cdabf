package docgen

import (
	"flag"
	"slices"
	"strings"

	"github.com/robotstxt/robotstxt/crawlers"
	"github.com/robotstxt/robotstxt/lint"
)

// Program is the name of the command every page documents.
const Program = "robotstxt"

// Command is what the docs, the man page and the completion scripts know of
// one subcommand.
type Command struct {
	Name    string // "lint"
	Summary string // one line, from the command table
	// Synopsis, About and Example are the texts the command gives its flag
	// set (its --help shows them): the arguments after "robotstxt NAME", what
	// it does (paragraphs; indented lines are preformatted) and example
	// command lines.
	Synopsis, About, Example string
	Help                     string // the complete --help output
	Flags                    []Flag // in name order
}

// Flag is one flag of a command.
type Flag struct {
	Name    string // without dashes: "format"
	Arg     string // the value's placeholder ("format"); empty for a boolean flag
	Usage   string // the usage text without the placeholder's back quotes
	Default string // the default value; empty when it is the zero value
	Bool    bool
	// Values are the values a shell may complete: from "--NAME a|b|c" in the
	// synopsis, a list such as "text, json, sarif or github" in the usage,
	// the audit's check ids for --explain (and with the severities and ID
	// prefixes for --select and --ignore) and the message languages for
	// --lang. Empty means any value.
	Values []string
	// Files reports that the value names a file or directory (its
	// placeholder is file, dir or path), so shells complete file names.
	Files bool
}

// Option is how the flag is written on a command line: "-f" for a one-letter
// name, "--format" otherwise (Go's flag package accepts both forms).
func (f Flag) Option() string {
	if len(f.Name) == 1 {
		return "-" + f.Name
	}
	return "--" + f.Name
}

// FromFlagSet builds a Command from its flag set and texts.
func FromFlagSet(name, summary, synopsis, about, example, help string, fs *flag.FlagSet) Command {
	cmd := Command{
		Name:     name,
		Summary:  summary,
		Synopsis: strings.TrimSpace(synopsis),
		About:    strings.TrimSpace(about),
		Example:  strings.TrimRight(example, "\n"),
		Help:     help,
	}
	if fs == nil {
		return cmd
	}
	fs.VisitAll(func(f *flag.Flag) {
		arg, usage := flag.UnquoteUsage(f)
		fl := Flag{Name: f.Name, Usage: usage, Default: f.DefValue}
		if b, ok := f.Value.(interface{ IsBoolFlag() bool }); ok && b.IsBoolFlag() {
			fl.Bool = true
			arg = ""
			if fl.Default == "false" {
				fl.Default = ""
			}
		}
		if fl.Default == "0" || fl.Default == "[]" {
			fl.Default = ""
		}
		fl.Arg = arg
		switch strings.ToLower(arg) {
		case "file", "dir", "directory", "folder", "path":
			fl.Files = true
		}
		if !fl.Bool {
			fl.Values = flagValues(cmd.Synopsis, f.Name, usage)
		}
		cmd.Flags = append(cmd.Flags, fl)
	})
	// An alias ("the same as --format format") completes as its flag does.
	for i, fl := range cmd.Flags {
		other, ok := strings.CutPrefix(fl.Usage, "the same as ")
		if !ok || fl.Bool || len(fl.Values) > 0 {
			continue
		}
		other, _, _ = strings.Cut(strings.TrimLeft(other, "-"), " ")
		for _, f := range cmd.Flags {
			if f.Name == other {
				cmd.Flags[i].Values, cmd.Flags[i].Files = f.Values, f.Files
			}
		}
	}
	return cmd
}

var (
	// "[--format text|json|sarif]" or "--color=auto|always" in a synopsis.
	synopsisValues = lazy(`--?([a-z][a-z0-9-]*)[ =]([a-z0-9-]+(?:\|[a-z0-9-]+)+)`)
	// "...: text, json, sarif or github" at the end of a usage text.
	usageValues = lazy(`:\s+([a-z][a-z0-9-]*(?:, [a-z][a-z0-9-]*)*,? or [a-z][a-z0-9-]*)\s*$`)
	parenthesis = lazy(`\s*\([^()]*\)`)
)

// flagValues infers the values a flag takes; nil when it takes any.
func flagValues(synopsis, name, usage string) []string {
	switch name {
	case "explain":
		var ids []string
		for _, ch := range lint.Checks() {
			ids = append(ids, ch.ID)
		}
		return ids
	case "select", "ignore":
		// lint's choices: the severities, every check ID and the prefixes
		// of check IDs ("blocks-") that --select and --ignore take.
		names := []string{"error", "warning", "info"}
		for _, ch := range lint.Checks() {
			names = append(names, ch.ID)
			if i := strings.Index(ch.ID, "-"); i > 0 {
				names = append(names, ch.ID[:i+1])
			}
		}
		slices.Sort(names)
		return slices.Compact(names)
	case "a":
		// A crawler's name: offer the registry's tokens.
		var tokens []string
		for _, c := range crawlers.All() {
			if c.Token != "*" {
				tokens = append(tokens, c.Token)
			}
		}
		return tokens
	case "lang":
		langs := append(lint.Languages(), crawlers.Languages()...)
		slices.Sort(langs)
		return slices.Compact(langs)
	}
	for _, m := range synopsisValues.FindAllStringSubmatch(synopsis, -1) {
		if m[1] == name {
			return strings.Split(m[2], "|")
		}
	}
	if m := usageValues.FindStringSubmatch(parenthesis.ReplaceAllString(usage, "")); m != nil {
		list := strings.ReplaceAll(m[1], " or ", ", ")
		var out []string
		for _, v := range strings.Split(list, ",") {
			if v = strings.TrimSpace(v); v != "" {
				out = append(out, v)
			}
		}
		return out
	}
	return nil
}

// paragraphs splits a help text into blocks separated by blank lines. A
// block whose lines are all indented (or that follows a line ending in ":"
// and is indented) is preformatted.
type block struct {
	pre   bool
	lines []string
}

func paragraphs(text string) []block {
	var out []block
	var cur []string
	flush := func() {
		if len(cur) == 0 {
			return
		}
		pre := true
		for _, l := range cur {
			if !strings.HasPrefix(l, "  ") && !strings.HasPrefix(l, "\t") {
				pre = false
			}
		}
		if pre {
			cur = dedent(cur)
		}
		out = append(out, block{pre: pre, lines: cur})
		cur = nil
	}
	for _, l := range strings.Split(strings.ReplaceAll(text, "\r\n", "\n"), "\n") {
		l = strings.TrimRight(l, " \t")
		if l == "" {
			flush()
			continue
		}
		cur = append(cur, l)
	}
	flush()
	return out
}

// dedent removes the indentation all lines share.
func dedent(lines []string) []string {
	common := -1
	for _, l := range lines {
		n := len(l) - len(strings.TrimLeft(l, " \t"))
		if common < 0 || n < common {
			common = n
		}
	}
	out := make([]string, len(lines))
	for i, l := range lines {
		out[i] = l[common:]
	}
	return out
}

// synopsisLines is the command's usage, one form per line: "robotstxt NAME
// ARGS" (a synopsis may give several forms on lines of their own).
func synopsisLines(c Command) []string {
	var out []string
	for i, l := range strings.Split(c.Synopsis, "\n") {
		l = strings.TrimSpace(l)
		if i == 0 {
			l = strings.TrimSpace(Program + " " + c.Name + " " + l)
		}
		if l != "" {
			out = append(out, l)
		}
	}
	if len(out) == 0 {
		out = append(out, Program+" "+c.Name)
	}
	return out
}
