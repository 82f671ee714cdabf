package main

import (
	"flag"
	"fmt"
	"os"
	"strings"

	"github.com/robotstxt/robotstxt/internal/textsafe"
	"github.com/robotstxt/robotstxt/lint"
)

// lintFixer holds lint's --fix and --diff, and what they did over a run.
type lintFixer struct {
	fix, diff bool
	changed   bool // some file has (or would have) a fix applied
}

func addLintFixFlags(fs *flag.FlagSet) *lintFixer {
	lf := &lintFixer{}
	fs.BoolVar(&lf.fix, "fix", false, "apply the mechanical fixes proven to change no verdict but those they mean to, in place (standard input: the fixed text on standard output); then report what is left")
	fs.BoolVar(&lf.diff, "diff", false, "print the fixes --fix would apply as a unified diff, and change nothing; exit status 1 when there is one")
	return lf
}

// on reports whether the run fixes or previews fixes.
func (lf *lintFixer) on() bool { return lf.fix || lf.diff }

// report reports whether the findings are printed: not with --diff, nor
// with --fix on standard input (the fixed text is the output).
func (lf *lintFixer) report(path string) bool { return !lf.diff && !(lf.fix && path == "-") }

// run fixes one file's text: it prints the diff (--diff) or writes the
// file or standard output (--fix), says on standard error what was fixed
// and which fixes stay suggestions, and returns the text to lint.
func (lf *lintFixer) run(c *cli, path, display, text string, opts lint.FixOptions) (string, error) {
	r := lint.Fix(text, &opts)
	name := textsafe.Escape(display)
	for _, s := range r.Suggested {
		fmt.Fprintf(c.stderr, "robotstxt: lint: %s:%d: %s not fixed: %s\n", name, s.Line, s.ID, suggestionText(s))
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
	if len(s.New) == 0 {
		b.WriteString(" (the fix: remove the line)")
	} else {
		b.WriteString(" (the fix: " + textsafe.Escape(strings.Join(s.New, " / ")) + ")")
	}
	return b.String()
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
