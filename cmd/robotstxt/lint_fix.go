package main

import (
	"flag"
	"fmt"
	"os"
	"slices"
	"strings"

	"github.com/robotstxt/robotstxt/internal/textsafe"
	"github.com/robotstxt/robotstxt/lint"
)

// lintFixer holds lint's --fix and --diff, and what they did over a run.
type lintFixer struct {
	fix, diff, unsafe bool
	changed           bool // some file has (or would have) a fix applied
}

func addLintFixFlags(fs *flag.FlagSet) *lintFixer {
	lf := &lintFixer{}
	fs.BoolVar(&lf.fix, "fix", false, "apply the safe fixes, proven to change no verdict for Google or for strict parsers, in place (standard input: the fixed text on standard output, the findings left on standard error); then report what is left")
	fs.BoolVar(&lf.diff, "diff", false, "print the fixes --fix would apply as a unified diff, and change nothing; exit status 1 when there is one")
	fs.BoolVar(&lf.unsafe, "unsafe-fixes", false, "with --fix or --diff, also the fixes that guess what was meant and so change verdicts (a path given its \"/\", a misspelt field no crawler reads, a repeat written with other escapes)")
	return lf
}

// on reports whether the run fixes or previews fixes.
func (lf *lintFixer) on() bool { return lf.fix || lf.diff }

// report reports whether the findings are printed: not with --diff. (With
// --fix on standard input they are, on standard error: the fixed text is
// the output.)
func (lf *lintFixer) report() bool { return !lf.diff }

// run fixes one file's text: it prints the diff (--diff) or writes the
// file or standard output (--fix), says on standard error what was fixed
// and which fixes stay suggestions, and returns the text to lint.
func (lf *lintFixer) run(c *cli, path, display, text string, opts lint.FixOptions) (string, error) {
	opts.Unsafe = lf.unsafe
	r := lint.Fix(text, &opts)
	name := textsafe.Escape(display)
	for _, s := range r.Suggested {
		fmt.Fprintf(c.stderr, "robotstxt: lint: %s:%d: %s not fixed: %s\n", name, s.Line, s.ID, suggestionText(s))
	}
	slices.SortStableFunc(r.Unsafe, func(a, b lint.FixEdit) int { return a.Line - b.Line })
	for _, u := range r.Unsafe {
		fmt.Fprintf(c.stderr, "robotstxt: lint: %s:%d: %s not fixed without --unsafe-fixes: %s\n", name, u.Line, u.ID, suggestionText(u))
	}
	if r.Text == text {
		if lf.fix && path == "-" {
			_, err := fmt.Fprint(c.stdout, r.Text)
			return r.Text, err
		}
		return text, nil
	}
	lf.changed = true
	switch {
	case lf.diff:
		d := lint.UnifiedDiff(display, text, r.Text)
		if isTerminal(c.stdout) {
			d = escapeDiff(d)
		}
		_, err := fmt.Fprint(c.stdout, d)
		return r.Text, err
	case path == "-":
		_, err := fmt.Fprint(c.stdout, r.Text)
		fmt.Fprintf(c.stderr, "robotstxt: lint: %s: %s\n", name, fixedCount(len(r.Applied)))
		return r.Text, err
	}
	st, err := os.Stat(path)
	if err != nil {
		return "", usagef("lint: %s", fileError(err))
	}
	if err := os.WriteFile(path, []byte(r.Text), st.Mode().Perm()); err != nil {
		return "", usagef("lint: --fix: %s", fileError(err))
	}
	fmt.Fprintf(c.stderr, "robotstxt: lint: %s: %s\n", name, fixedCount(len(r.Applied)))
	return r.Text, nil
}

// status is the exit status of a run that printed no findings: 2 when a
// file was missing, 1 when --diff shows a fix, else 0.
func (lf *lintFixer) status(missing bool) error {
	switch {
	case missing:
		return &exitError{code: exitUsage}
	case lf.diff && lf.changed:
		return errFindings
	}
	return nil
}

func fixedCount(n int) string {
	if n == 1 {
		return "fixed 1 finding"
	}
	return fmt.Sprintf("fixed %d findings", n)
}

// suggestionText says why a fix was not applied, with a few of the
// verdicts it would change.
func suggestionText(s lint.FixEdit) string {
	var b strings.Builder
	switch s.Reason {
	case "other-verdicts":
		fmt.Fprintf(&b, "it would change %d verdicts it does not mean to", len(s.Changes))
	case "closes-home":
		b.WriteString("it would close / for " + plural(len(s.Changes), "crawler"))
	case "unproven":
		b.WriteString("the diff engine could not prove it (its search was cut short)")
	case "unsafe":
		if s.Meant > 0 {
			fmt.Fprintf(&b, "it changes %d verdicts, as it means to: it guesses what the line was meant to say", s.Meant)
		} else {
			b.WriteString("parsers that skip the line today (urllib, Protego, RFC 9309 read strictly) would allow more")
		}
	case "":
		if s.Unsafe {
			b.WriteString("it guesses what the line was meant to say, and so changes verdicts")
			break
		}
		fallthrough
	default:
		fmt.Fprintf(&b, "the file is too large to prove fixes for (over %d KiB), or needs too many", lint.MaxFixBytes>>10)
	}
	for i, ch := range s.Changes {
		if i == 3 {
			fmt.Fprintf(&b, "; ... and %d more", len(s.Changes)-3)
			break
		}
		fmt.Fprintf(&b, "; %s %s: %s -> %s", textsafe.Escape(ch.Agent), textsafe.Escape(ch.URL), verdictWord(ch.Old.Allowed), verdictWord(ch.New.Allowed))
	}
	b.WriteString(" (the fix: " + fixText(s) + ")")
	return b.String()
}

// fixText says what a fix writes, escaped for a terminal.
func fixText(s lint.FixEdit) string {
	if len(s.New) == 0 {
		return "remove the line"
	}
	return textsafe.Escape(strings.Join(s.New, " / "))
}

func verdictWord(allowed bool) string {
	if allowed {
		return "allowed"
	}
	return "disallowed"
}

// escapeDiff writes control characters of a diff escaped, for a terminal,
// keeping its line breaks.
func escapeDiff(d string) string {
	lines := strings.SplitAfter(d, "\n")
	for i, l := range lines {
		body, nl := strings.CutSuffix(l, "\n")
		lines[i] = textsafe.Escape(body)
		if nl {
			lines[i] += "\n"
		}
	}
	return strings.Join(lines, "")
}
