// Package docexample finds the command examples of Markdown pages, so that
// a test can run each one and compare, or rewrite, the output the page shows.
//
// An example is a fenced code block with at least one line starting "$ ": a
// command line (continued on the next line after a trailing backslash or
// inside quotes),
// then the output it prints, up to the next "$ " line. One blank line
// before the next command separates the two and is not output.
//
// HTML comments of the form <!-- example: WORDS --> before a block are its
// notes, kept in order for the runner to read (a file to write, a site to
// stand in for, a clock, or "not run: REASON").
package docexample
