package main

import (
	"context"
	"fmt"
	"io"
	"strings"

	"github.com/robotstxt/robotstxt"
	"github.com/robotstxt/robotstxt/lint"
)

func runLint(ctx context.Context, c *cli, args []string) error {
	fs := c.newFlags("lint", "[-f FILE|-] [--format text|json|sarif|github] [--fail-on error|warning|info]",
		`Audit a robots.txt: what crawlers ignore or misread, what is risky or probably
not meant, and what only some crawlers understand. Each finding has a stable
ID, a severity, a line and, where there is one, a fix. With no file, standard
input is read. "robotstxt lint --checks" lists every check.

Formats: text (grouped by severity; coloured on a terminal unless NO_COLOR is
set), json (one document), sarif (SARIF 2.1.0, for code-scanning tools) and
github (workflow commands that annotate the file in a GitHub Actions run).

Exit status: 0 when no finding is at or above --fail-on, 1 when one is, 2 on a
usage or input error.`,
		`  robotstxt lint -f robots.txt
  curl -s https://example.com/robots.txt | robotstxt lint --name robots.txt --fail-on warning
  robotstxt lint -f public/robots.txt --format sarif > robots.sarif
  robotstxt lint -f public/robots.txt --format github`)
	file := fs.String("f", "-", "robots.txt `file` to read (- for standard input)")
	format := fs.String("format", "text", "output `format`: text, json, sarif or github")
	failOn := fs.String("fail-on", "error", "exit with status 1 when a finding is at least this `severity`: error, warning or info")
	name := fs.String("name", "", "the file's `path` as the output shows it (default: the file given; robots.txt for standard input)")
	color := fs.String("color", "auto", "colour text output: auto (on a terminal, unless NO_COLOR is set), always or never")
	lang := fs.String("lang", "en", "`language` of the messages (English where a text is missing)")
	maxBytes := fs.Int("max-bytes", robotstxt.DefaultMaxBytes, "crawlers read at most this many `bytes` (-1: no limit)")
	checks := fs.Bool("checks", false, "list every check (ID, severity, what it looks for) and exit")
	if err := c.parseFlags(fs, args); err != nil {
		return err
	}
	if *checks {
		return printChecks(c.stdout, *format, *lang)
	}
	if fs.NArg() > 1 || fs.NArg() == 1 && *file != "-" {
		return usagef("lint: give one file, with -f or as an argument")
	}
	if fs.NArg() == 1 {
		*file = fs.Arg(0)
	}
	threshold, err := lint.ParseSeverity(*failOn)
	if err != nil {
		return usagef("lint: --fail-on must be error, warning or info, not %q", *failOn)
	}
	colored, err := c.colorFlag(*color)
	if err != nil {
		return err
	}
	switch *format {
	case "text", "json", "sarif", "github":
	default:
		return usagef("lint: --format must be text, json, sarif or github, not %q", *format)
	}
	body, err := c.readInput(*file)
	if err != nil {
		return err
	}
	display := *name
	if display == "" {
		display = *file
		if display == "-" || display == "" {
			display = "robots.txt"
		}
	}
	text := string(body)
	findings := lint.Lint(text, &lint.Options{MaxBytes: *maxBytes, Lang: *lang})
	switch *format {
	case "json":
		err = lint.WriteJSON(c.stdout, display, findings)
	case "sarif":
		err = lint.WriteSARIF(c.stdout, findings, lint.SARIFOptions{URI: display, Lang: *lang})
	case "github":
		err = lint.WriteGitHub(c.stdout, display, findings, *lang)
	default:
		err = lint.WriteText(c.stdout, findings, lint.TextOptions{File: display, Source: text, Color: colored, Lang: *lang})
	}
	if err != nil {
		return err
	}
	if lint.Fails(findings, threshold) {
		return errFindings
	}
	return ctx.Err()
}

// colorFlag reads --color: auto colours a terminal unless NO_COLOR is set;
// always and never override both.
func (c *cli) colorFlag(v string) (bool, error) {
	switch v {
	case "auto":
		return c.useColor(c.stdout), nil
	case "always":
		return true, nil
	case "never":
		return false, nil
	}
	return false, usagef("--color must be auto, always or never, not %q", v)
}

// printChecks lists the checks, as a table or (--format json) as JSON.
func printChecks(w io.Writer, format, lang string) error {
	checks := lint.ChecksLang(lang)
	if format == "json" {
		return writeJSON(w, checks)
	}
	width := 0
	for _, ch := range checks {
		width = max(width, len(ch.ID))
	}
	for _, ch := range checks {
		fmt.Fprintf(w, "%-*s  %-7s  %s\n", width, ch.ID, ch.Severity, ch.Summary)
		fmt.Fprintf(w, "%-*s  %-7s  fix: %s\n", width, "", "", strings.TrimSpace(ch.Fix))
	}
	return nil
}
