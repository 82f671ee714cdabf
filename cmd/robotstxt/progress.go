package main

import (
	"flag"
	"fmt"
	"io"
	"time"

	"github.com/robotstxt/robotstxt/internal/textsafe"
)

// progress is a status line on standard error for long runs: redrawn in
// place ("\r" and erase-line), and cleared before any other output so that
// the two never mix on a terminal. It is shown only on a terminal (not to a
// pipe, a file or a test's buffer) unless --progress always forces it, and
// never with --progress never or TERM=dumb, which cannot erase a line.
type progress struct {
	w     io.Writer
	on    bool
	shown bool
}

// addProgressFlag registers --progress; the returned function, called after
// parsing, gives the status line the flag asks for.
func addProgressFlag(fs *flag.FlagSet, c *cli) func() (*progress, error) {
	v := fs.String("progress", "auto", "a status line on standard error: auto (on a terminal), always or never")
	return func() (*progress, error) {
		p := &progress{w: c.stderr}
		switch *v {
		case "auto":
			p.on = isTerminal(c.stderr) && c.getenv("TERM") != "dumb"
		case "always":
			p.on = true
		case "never":
		default:
			return nil, usagef("%s: --progress must be auto, always or never, not %q", fs.Name(), *v)
		}
		return p, nil
	}
}

// show replaces the status line.
func (p *progress) show(format string, args ...any) {
	if p == nil || !p.on {
		return
	}
	fmt.Fprintf(p.w, "\r\x1b[K%s", textsafe.Escape(fmt.Sprintf(format, args...)))
	p.shown = true
}

// clear erases the status line, if one is shown.
func (p *progress) clear() {
	if p == nil || !p.shown {
		return
	}
	fmt.Fprint(p.w, "\r\x1b[K")
	p.shown = false
}

// before returns a writer that clears the status line before each write to
// w, so that output never lands on the end of the status line.
func (p *progress) before(w io.Writer) io.Writer {
	if p == nil || !p.on {
		return w
	}
	return clearingWriter{w, p}
}

type clearingWriter struct {
	w io.Writer
	p *progress
}

func (c clearingWriter) Write(b []byte) (int, error) {
	c.p.clear()
	return c.w.Write(b)
}

// until words a wait: "in 42m0s", rounded to the second.
func until(d time.Duration) string {
	return "in " + d.Round(time.Second).String()
}
