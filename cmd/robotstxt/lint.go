package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"runtime/debug"
	"slices"
	"strings"

	"github.com/robotstxt/robotstxt"
	"github.com/robotstxt/robotstxt/internal/textsafe"
	"github.com/robotstxt/robotstxt/internal/walk"
	"github.com/robotstxt/robotstxt/lint"
	"github.com/robotstxt/robotstxt/lint/ciformat"
	"github.com/robotstxt/robotstxt/sitemap"
)

// maxLintFiles bounds how many files one run lints (a directory walk).
const maxLintFiles = 100_000

func runLint(ctx context.Context, c *cli, args []string) error {
	fs := c.newFlags("lint", "[-f FILE | FILE... | DIR...] [--format text|json|ndjson|sarif|github|concise|gitlab|junit] [--fail-on error|warning|info] [--host HOST]\n       robotstxt lint --checks | --explain ID [--lang LANG]",
		`Audit robots.txt files: what crawlers ignore or misread, what is risky or
probably not meant, and what only some crawlers understand. Each finding has a
stable ID, a severity, a line and, where there is one, a fix.

Input: -f FILE, or one or more FILE arguments, or a DIR (every *.txt file
under it, recursively), or standard input when no file is given (or "-f -").
A site or robots.txt URL (https://example.com) is fetched as "robotstxt fetch"
fetches its robots.txt; the status goes to standard error.
Many files are linted in one run: text output shows each file, then a total;
json prints one object whatever the number of files ({"files": [...],
"counts": {...}}; see docs/auditing.md); sarif writes one run with one
artifact per file.

--host names the host the file is served from (www.example.org): a rule
written as a full URL on that host then gets its path as the fix, while one
on another host is said to belong in that host's robots.txt; sitemaps on
other hosts are noted.

Formats: text (grouped by severity; coloured on a terminal unless NO_COLOR is
set), json (one document per file), sarif (SARIF 2.1.0, for code-scanning
tools; each rule links to its entry in the check catalogue) and github
(workflow commands that annotate the file in a GitHub Actions run). Control
characters from a file are always shown escaped (\x1b), never raw.

Choosing findings: --select and --ignore take check IDs or severities
(--select error,warning --ignore crawl-delay); a comment "# robotstxt: ignore
ID[,ID]" silences checks on its line, or on the next line when it is a line
of its own ("# robotstxt: ignore" alone silences every check there). The
nearest .robotstxt.json from the current folder upwards gives defaults for
the same options ({"lint": {"select": [...], "ignore": [...], "fail-on": ...,
"format", "host", "lang", "max-bytes", "baseline"}}); flags win, --config FILE
names another file, --no-config reads none. --baseline FILE reports only the
findings that FILE (saved with "robotstxt lint --json > FILE") does not hold:
they are matched by file, check and line content, not line number.
--statistics prints the count per check instead of the findings.

Sitemaps: --sitemap FILE|URL|- (repeatable) reads a sitemap with the file,
--sitemaps-from-robots every sitemap its Sitemap lines name (fetched through
the destination guard, --allow-private and --allow-range as for a URL
input): sitemap-url-blocked reports the sitemap URLs that the file blocks
for Googlebot, bingbot or YandexBot, by rule and with a count;
sitemap-unreadable, sitemap-cross-host and sitemap-invalid what reading the
sitemaps found wrong (docs/sitemaps.md).

Fixing: --fix applies the safe fixes: those the diff engine proves to
change no verdict at all, for Google and for parsers that read robots.txt
strictly (urllib's robotparser, Protego), and never to close "/" for a
crawler: field names Google reads that others skip (when writing them
correctly opens nothing for those), a relative sitemap with --host, a
sitemap's scheme written twice, a rule repeated as written in its group. It
writes the file in place (standard input: the fixed text on standard
output, the findings left on standard error) and then reports what is left.
--unsafe-fixes also applies the fixes that guess what a line meant and so
change verdicts on purpose (a leading "/", a misspelt field no crawler
reads, a repeat written with other escapes, a glued line split), when
proven to change no verdict but those decided by the line they write or
remove. Fixes not applied are named on standard error with why. --diff
prints the fixes as a unified diff and changes nothing (exit status 1 when
there is one). --select and --ignore choose what is fixed.

"robotstxt lint --checks" lists every check (with --format json, as JSON);
"robotstxt lint --explain ID" explains one check, with a bad and a good
example. --lang ru or ro translates messages, headings and severities.

Exit status: 0 when no finding in any file is at or above --fail-on, 1 when
one is, 2 on a usage or input error.`,
		`  robotstxt lint robots.txt
  robotstxt lint --host www.example.org public/robots.txt
  curl -s https://example.com/robots.txt | robotstxt lint --name robots.txt --fail-on warning
  robotstxt lint sites/ --format sarif > robots.sarif
  robotstxt lint -f public/robots.txt --format github
  robotstxt lint --explain hash-in-path --lang ru
  robotstxt lint --select error --ignore sitemap-not-absolute robots.txt
  robotstxt lint --json robots.txt > baseline.json; robotstxt lint --baseline baseline.json robots.txt
  robotstxt lint --statistics sites/
  robotstxt lint --sitemaps-from-robots https://www.example.com/
  robotstxt lint --diff --host www.example.org public/robots.txt; robotstxt lint --fix --host www.example.org public/robots.txt
  cat robots.txt | robotstxt lint --fix - > fixed.txt`)
	file := fs.String("f", "", "robots.txt `file` to read (- for standard input)")
	format := fs.String("format", "text", "output `format`: text, json, ndjson (one finding a line), sarif, github, concise (file:line:col: severity id: message), gitlab (Code Quality) or junit")
	alias(fs, "format", "output-format")
	ndjsonFlag := addNDJSONFlag(fs, format)
	failOn := fs.String("fail-on", "error", "exit with status 1 when a finding is at least this `severity`: error, warning or info")
	name := fs.String("name", "", "the file's `path` as the output shows it, for a single input (default: the file given; robots.txt for standard input)")
	host := fs.String("host", "", "the `host` the file is served from (tells a rule for this host from one for another)")
	color := fs.String("color", "auto", "colour text output: auto (on a terminal, unless NO_COLOR is set), always or never")
	lang := fs.String("lang", "en", "`language` of the messages (English where a text is missing)")
	maxBytes := fs.Int("max-bytes", robotstxt.DefaultMaxBytes, "crawlers read at most this many `bytes` (-1: no limit)")
	checks := fs.Bool("checks", false, "list every check (ID, severity, what it looks for, fix) and exit")
	explain := fs.String("explain", "", "explain the check with this `ID` (why it matters, a bad and a good example) and exit")
	jsonFlag := addJSONFlag(fs, format)
	choice := addLintChoiceFlags(fs) // lint_choose.go
	fixer := addLintFixFlags(fs)     // lint_fix.go
	src := addSourceFlags(fs)        // a URL input is fetched (source.go)
	sm := addSitemapFlags(fs)        // sitemaps.go
	quiet := fs.Bool("q", false, "print no findings: only the exit status says whether one is at or above --fail-on (errors are still printed)")
	alias(fs, "q", "quiet")
	progressFlag := addProgressFlag(fs, c) // progress.go
	if err := c.parseFlags(fs, args); err != nil {
		return err
	}
	prog, err := progressFlag()
	if err != nil {
		return err
	}
	errOut := c.stderr // unreadable inputs are errors: named even under -q
	if *quiet {
		c, prog = c.quiet(), nil
	} else if prog.on {
		// The status line is cleared before anything else is written.
		shown := *c
		shown.stdout, shown.stderr = prog.before(c.stdout), prog.before(c.stderr)
		c, errOut = &shown, shown.stderr
		defer prog.clear()
	}
	sel, baseline, err := choice.resolve(fs, lintSettings{failOn: failOn, format: format, host: host, lang: lang, maxBytes: maxBytes})
	if err != nil {
		return err
	}
	if err := ndjsonFlag(); err != nil {
		return err
	}
	if err := jsonFlag(); err != nil {
		return err
	}
	if fixer.fix && fixer.diff {
		return usagef("lint: --fix and --diff ask for two things; give one (--diff previews --fix)")
	}
	if choice.statistics && *format != "text" && *format != "json" {
		return usagef("lint: --statistics prints text or json, not %s", *format)
	}
	if *checks {
		return printChecks(c.stdout, *format, *lang)
	}
	if *explain != "" {
		return explainCheck(c.stdout, *explain, *format, *lang)
	}
	threshold, err := lint.ParseSeverity(*failOn)
	if err != nil {
		return usagef("lint: --fail-on must be error, warning or info, not %q", *failOn)
	}
	colored, err := c.colorFlag(*color)
	if err != nil {
		return err
	}
	if !slices.Contains(lint.Formats, *format) {
		return usagef("lint: --format must be %s, not %q", orList(lint.Formats), *format)
	}
	inputs := fs.Args()
	if *file != "" {
		if len(inputs) > 0 {
			return usagef("lint: give the files with -f or as arguments, not both")
		}
		inputs = []string{*file}
	}
	if len(inputs) == 0 {
		inputs = []string{"-"}
	}
	if *quiet && fixer.fix && slices.Contains(inputs, "-") {
		// The fixed text of standard input goes to standard output, which
		// -q silences: the fix would be lost.
		return usagef("lint: --fix on standard input writes the fixed text to standard output; leave out -q")
	}
	paths, missing, err := lintPaths(inputs, choice)
	if err != nil {
		return err
	}
	// A file that cannot be read is named on standard error and the others
	// are still linted; the exit status is then 2 (an input error).
	for _, m := range missing {
		fmt.Fprintf(errOut, "robotstxt: lint: %s\n", fileError(m))
	}
	if len(paths) == 0 {
		return &exitError{code: exitUsage} // each one named above
	}
	if *name != "" && len(paths) > 1 {
		return usagef("lint: --name names a single input, not %d files", len(paths))
	}

	// Text and GitHub output are written file by file, so that a folder of
	// files is not held in memory; JSON and SARIF are one document.
	// With --fix on standard input the fixed text is standard output, so
	// the findings left go to standard error, as ruff does.
	out := c.stdout
	if fixer.fix && slices.Contains(paths, "-") {
		out = c.stderr
	}
	var results []lint.FileFindings
	var docs []lint.JSONDoc
	for i, p := range paths {
		if err := ctx.Err(); err != nil {
			return err
		}
		if len(paths) > 1 {
			prog.show("lint: %d of %d: %s", i+1, len(paths), p)
		}
		body, fetched, err := c.readSource(ctx, p, src)
		if err != nil {
			var ee *exitError
			if p == "-" || !errors.As(err, &ee) {
				return err
			}
			fmt.Fprintf(errOut, "robotstxt: lint: %s\n", ee.msg)
			missing = append(missing, err)
			continue
		}
		display := p
		if *name != "" {
			display = *name
		} else if p == "-" {
			display = "robots.txt"
		} else {
			display = fetched
		}
		text := string(body)
		fc, err := choice.forFile(p, sel, *host, *maxBytes)
		if err != nil {
			return err
		}
		if fixer.on() {
			opts := lint.FixOptions{Options: lint.Options{MaxBytes: fc.maxBytes, Lang: *lang, Host: fc.host}, Keep: fc.sel.Filter}
			// A proof can take a moment on a file of many wildcards: say so.
			prog.show("lint: proving the fixes of %s", display)
			if text, err = fixer.run(c, p, display, text, opts); err != nil {
				return err
			}
			if !fixer.report() {
				continue
			}
		}
		var maps []lint.Sitemap
		if sm.set() {
			robotsURL := ""
			if isSourceURL(p) {
				robotsURL = fetched
			}
			if maps, err = lintSitemaps(ctx, c, sm, src.guard, text, fc.maxBytes, robotsURL, fc.host, p == "-"); err != nil {
				return err
			}
		}
		findings := fc.sel.Filter(lint.Lint(text, &lint.Options{MaxBytes: fc.maxBytes, Lang: *lang, Host: fc.host, Sitemaps: maps}))
		r := lint.FileFindings{Name: display, Findings: baseline.Filter(display, text, findings)}
		if *format == "sarif" || *format == "gitlab" {
			r.Source = text // for the fingerprints
		}
		results = append(results, r)
		if *format == "json" && !choice.statistics {
			docs = append(docs, lint.NewJSONDoc(r.Name, text, r.Findings))
		}
		switch {
		case choice.statistics:
		case *format == "github":
			err = lint.WriteGitHub(out, r.Name, r.Findings, *lang)
		case *format == "ndjson":
			err = lint.WriteNDJSON(out, lint.NewJSONDoc(r.Name, text, r.Findings))
		case *format == "concise":
			err = ciformat.WriteConcise(out, textsafe.Escape(r.Name), r.Findings)
		case *format == "text":
			if i > 0 {
				fmt.Fprintln(out)
			}
			err = lint.WriteText(out, r.Findings, lint.TextOptions{File: r.Name, Source: text, Color: colored, Lang: *lang})
		}
		if err != nil {
			return err
		}
	}

	if fixer.diff || fixer.fix && len(results) == 0 {
		return fixer.status(len(missing) > 0)
	}
	switch *format {
	case "json":
		if choice.statistics {
			err = writeJSON(out, lint.Statistics(results))
			break
		}
		err = lint.WriteJSONReport(out, lint.NewJSONReport(docs))
	case "sarif":
		err = lint.WriteSARIFFiles(out, results, lint.SARIFOptions{ToolVersion: moduleVersion(), Lang: *lang})
	case "gitlab":
		err = ciformat.WriteGitLab(out, results)
	case "junit":
		err = ciformat.WriteJUnit(out, results, threshold)
	case "text":
		if choice.statistics {
			err = lint.WriteStatistics(out, lint.Statistics(results), *lang)
			break
		}
		if len(results) > 1 {
			_, err = fmt.Fprintf(out, "\n%s\n", lint.Totals(results, *lang))
		}
	}
	if err != nil {
		return err
	}
	if len(missing) > 0 {
		return &exitError{code: exitUsage}
	}
	for _, r := range results {
		if lint.Fails(r.Findings, threshold) {
			return errFindings
		}
	}
	return ctx.Err()
}

// lintPaths expands the inputs: a directory gives the robots files under
// it (walk.Files: .gitignore honoured, hidden folders skipped, --include
// and --exclude applied), sorted; a file named is linted whatever its
// name; "-" is standard input.
func lintPaths(inputs []string, choice *lintChoice) (paths []string, missing []error, err error) {
	var out []string
	for _, in := range inputs {
		if in == "-" || isSourceURL(in) {
			out = append(out, in)
			continue
		}
		st, err := os.Stat(in)
		if err != nil {
			missing = append(missing, err)
			continue
		}
		if !st.IsDir() {
			out = append(out, in)
			continue
		}
		opts := choice.walkOptions(in)
		opts.MaxFiles = maxLintFiles - len(out)
		found, err := walk.Files(in, opts)
		if err != nil {
			return nil, nil, usagef("lint: %s: %v", in, err)
		}
		if len(found) == 0 {
			missing = append(missing, fmt.Errorf("%s: no robots files in the folder (*robots*.txt; --include '*.txt' takes every .txt file)", in))
			continue
		}
		out = append(out, found...)
	}
	return out, missing, nil
}

// moduleVersion is the version SARIF gives as driver.version.
func moduleVersion() string {
	if info, ok := debug.ReadBuildInfo(); ok && info.Main.Version != "" {
		return info.Main.Version
	}
	return "(devel)"
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

// printChecks lists the checks, as a table or (--format json) as JSON, in
// lang.
func printChecks(w io.Writer, format, lang string) error {
	checks := lint.ChecksLang(lang)
	if format == "json" {
		return writeJSON(w, checks)
	}
	width := 0
	for _, ch := range checks {
		width = max(width, len(ch.ID))
	}
	sevWidth := 0
	for _, s := range []lint.Severity{lint.Error, lint.Warning, lint.Info} {
		sevWidth = max(sevWidth, len([]rune(lint.SeverityLabel(s, lang))))
	}
	pad := func(s string, n int) string { return s + strings.Repeat(" ", max(0, n-len([]rune(s)))) }
	fix := lint.Label(lang, "fix")
	for _, ch := range checks {
		fmt.Fprintf(w, "%s  %s  %s\n", pad(ch.ID, width), pad(lint.SeverityLabel(ch.Severity, lang), sevWidth), ch.Summary)
		fmt.Fprintf(w, "%s  %s  %s: %s\n", pad("", width), pad("", sevWidth), fix, strings.TrimSpace(ch.Fix))
	}
	return nil
}

// explainCheck prints one check: severity, summary, explanation, a bad and
// a good example, the fix and the catalogue's link.
func explainCheck(w io.Writer, id, format, lang string) error {
	ch, ok := lint.LookupLang(id, lang)
	if !ok {
		var ids []string
		for _, ch := range lint.Checks() {
			ids = append(ids, ch.ID)
		}
		hint := ""
		if s := suggest(id, ids); s != "" {
			hint = fmt.Sprintf("; did you mean %q?", s)
		}
		return usagef("lint: no check %q%s (run \"robotstxt lint --checks\")", id, hint)
	}
	if format == "json" {
		return writeJSON(w, ch)
	}
	indent := func(s string) string {
		lines := strings.Split(strings.TrimRight(s, "\n"), "\n")
		for i, l := range lines {
			if len([]rune(l)) > 100 {
				l = string([]rune(l)[:99]) + "…"
			}
			lines[i] = "    " + textsafe.Escape(l)
		}
		return strings.Join(lines, "\n")
	}
	fmt.Fprintf(w, "%s (%s)\n\n%s\n\n%s\n\n%s:\n%s\n\n%s:\n%s\n\n%s: %s\n%s: %s#%s\n", ch.ID, lint.SeverityLabel(ch.Severity, lang),
		ch.Summary, ch.Explanation, lint.Label(lang, "bad"), indent(ch.Bad), lint.Label(lang, "good"), indent(ch.Good),
		lint.Label(lang, "fix"), ch.Fix, lint.Label(lang, "more"), lint.CatalogueURI, ch.ID)
	return nil
}

// orList writes words as "a, b or c".
func orList(words []string) string {
	if len(words) < 2 {
		return strings.Join(words, "")
	}
	return strings.Join(words[:len(words)-1], ", ") + " or " + words[len(words)-1]
}

// lintSitemapURLs bounds the sitemap URLs lint keeps for one file: the
// audit crosses them with the rules after reading them all.
const lintSitemapURLs = 1_000_000

// lintSitemaps reads the sitemaps of lint --sitemap for one robots.txt, as
// the lint package takes them: each source with its URLs and what its
// reading found wrong.
func lintSitemaps(ctx context.Context, c *cli, sm *sitemapFlags, guard *guardFlags, text string, maxBytes int, robotsURL, host string, stdinUsed bool) ([]lint.Sitemap, error) {
	r := robotstxt.ParseOptions(text, &robotstxt.Options{MaxBytes: maxBytes})
	run := &sitemapRun{c: c, flags: sm, guard: guard, robots: r, robotsURL: robotsURL, robotsHost: strings.ToLower(host), stdinUsed: stdinUsed}
	var out []lint.Sitemap
	var urls []string
	kept, dropped := 0, 0
	err := run.readEach(ctx, func(e sitemap.Entry) error {
		if kept >= lintSitemapURLs {
			dropped++
			return nil
		}
		kept++
		urls = append(urls, e.Loc)
		return nil
	}, func(src sitemapSource, res *sitemap.Result) {
		ls := lint.Sitemap{URL: src.name, Line: src.line, URLs: urls}
		urls = nil
		for _, p := range res.Problems {
			if p.Code.Stops() && ls.Unreadable == "" {
				ls.Unreadable = p.Message
				if p.Sitemap != src.name {
					ls.Unreadable = "its sitemap " + p.Sitemap + ": " + p.Message
				}
			}
			ls.Problems = append(ls.Problems, lint.SitemapProblem{Sitemap: p.Sitemap, Line: p.Line, Code: string(p.Code), Message: p.Message, More: p.More})
		}
		out = append(out, ls)
	})
	if dropped > 0 {
		fmt.Fprintf(c.stderr, "robotstxt: lint: the sitemaps list more than %d URLs; only the first %d were checked\n", lintSitemapURLs, lintSitemapURLs)
	}
	// A Sitemap line that is not a URL is sitemap-not-absolute already;
	// the problems of the sources themselves (not read) are kept.
	return out, err
}
