package main

import (
	"bufio"
	"context"
	"fmt"
	"io"
	"strings"
	"unicode/utf8"

	"github.com/robotstxt/robotstxt"
	"github.com/robotstxt/robotstxt/crawlers"
	"github.com/robotstxt/robotstxt/internal/wire"
)

func runReport(ctx context.Context, c *cli, args []string) error {
	fs := c.newFlags("report", "-f FILE [--all] [-a AGENT ...] [--json] [URL ...]",
		`Show what each crawler people ask about may fetch under a robots.txt: all
robots (*), Googlebot and YandexBot first, then the AI crawlers (--all: every
known crawler, search engines, SEO tools and archives too). For each: the group
it follows (its own; Googlebot's for Googlebot-Image and Applebot, Yandex's for
the Yandex robots, when not named; "*" otherwise, except for AdsBot-Google,
which ignores "*"), whether the whole site is closed to it, and the verdict
with its deciding line for each URL (default "/"). A summary line counts the
known AI and search crawlers the file keeps out.`,
		`  robotstxt report -f robots.txt
  robotstxt report -f robots.txt / /private/page https://example.com/search?q=x
  robotstxt report -f robots.txt --all -a ExampleBot --json`)
	file := fs.String("f", "", "robots.txt `file` to read (- for standard input)")
	asJSON := fs.Bool("json", false, "print one JSON document")
	all := fs.Bool("all", false, "show every known crawler, not only the default set")
	var agents stringList
	fs.Var(&agents, "a", "also show this `agent` (product token or user-agent string); repeatable")
	color := fs.String("color", "auto", "colour text output: auto (on a terminal, unless NO_COLOR is set), always or never")
	lang := fs.String("lang", "en", "`language` of notes and purposes (English where a text is missing)")
	maxBytes := fs.Int("max-bytes", robotstxt.DefaultMaxBytes, "parse at most this many `bytes` (-1: no limit)")
	if err := c.parseFlags(fs, args); err != nil {
		return err
	}
	if *file == "" {
		return usagef("report: give the robots.txt with -f FILE (or -f - for standard input)")
	}
	colored, err := c.colorFlag(*color)
	if err != nil {
		return err
	}
	urls := fs.Args()
	if len(urls) == 0 {
		urls = []string{"/"}
	}
	body, err := c.readInput(*file)
	if err != nil {
		return err
	}
	r := robotstxt.ParseOptions(string(body), &robotstxt.Options{MaxBytes: *maxBytes})

	list := crawlers.Default()
	if *all {
		list = crawlers.All()
	}
	for _, a := range agents {
		if !containsToken(list, a) {
			list = append(list, crawlers.Custom(a))
		}
	}
	list = crawlers.Localize(list, *lang)
	rows := crawlers.MatrixLang(r, urls, list, *lang)
	summary := crawlers.Summarize(r, urls)
	name := *file
	if name == "-" {
		name = "robots.txt"
	}
	if *asJSON {
		return writeJSON(c.stdout, newReportDoc(name, r, urls, rows, summary, *lang))
	}
	return printReport(c.stdout, name, r, urls, rows, summary, *lang, colored)
}

func containsToken(list []crawlers.Crawler, token string) bool {
	for _, c := range list {
		if strings.EqualFold(c.Token, token) {
			return true
		}
	}
	return false
}

// reportDoc is "robotstxt report --json".
type reportDoc struct {
	File      string        `json:"file"`
	URLs      []string      `json:"urls"`
	Rows      []reportRow   `json:"rows"`
	Summary   reportSummary `json:"summary"`
	Truncated bool          `json:"truncated"`
}

type reportRow struct {
	Token    string `json:"token"`
	Operator string `json:"operator"`
	Purpose  string `json:"purpose"`
	Notes    string `json:"notes,omitempty"`
	// Agent is the token of the groups that apply ("" when none does) and
	// Source says why: named, fallback, star or none.
	Agent    string             `json:"agent"`
	Source   crawlers.Source    `json:"source"`
	Groups   []wire.AgentLine   `json:"groups"`
	Closed   bool               `json:"closed"`
	ClosedBy *robotstxt.Rule    `json:"closedBy,omitempty"`
	Verdicts []wire.CheckResult `json:"verdicts"`
	Note     string             `json:"note,omitempty"`
}

type reportSummary struct {
	crawlers.Summary
	Text []string `json:"text"`
}

func newReportDoc(file string, r *robotstxt.Robots, urls []string, rows []crawlers.Row, s crawlers.Summary, lang string) reportDoc {
	d := reportDoc{File: file, URLs: urls, Rows: make([]reportRow, len(rows)), Truncated: r.Truncated}
	for i, row := range rows {
		c := row.Crawler
		rr := reportRow{Token: c.Token, Operator: c.Operator, Purpose: c.Purpose, Notes: c.Notes, Agent: row.Agent,
			Source: row.Source, Groups: []wire.AgentLine{}, Closed: row.Closed, ClosedBy: row.ClosedBy, Note: row.Note}
		for j, v := range row.Verdicts {
			rr.Verdicts = append(rr.Verdicts, wire.NewCheckResult(c.Token, urls[j], v))
			if j == 0 {
				rr.Groups = wire.AgentLines(v.UserAgents)
			}
		}
		d.Rows[i] = rr
	}
	ai, search := s.Text(lang)
	d.Summary = reportSummary{Summary: s, Text: []string{ai, search}}
	return d
}

func printReport(w io.Writer, file string, r *robotstxt.Robots, urls []string, rows []crawlers.Row, s crawlers.Summary,
	lang string, colored bool) error {
	bw := bufio.NewWriter(w)
	paint := func(code, s string) string {
		if !colored || code == "" {
			return s
		}
		return code + s + "\x1b[0m"
	}
	rules := len(r.Orphans)
	for _, g := range r.Groups {
		rules += len(g.Rules)
	}
	fmt.Fprintf(bw, "%s: %s, %s\n", file, plural(len(r.Groups), "group"), plural(rules, "rule"))
	if r.Truncated {
		fmt.Fprintf(bw, "truncated: only the first %d bytes were read, as crawlers do\n", r.Parsed)
	}
	fmt.Fprintln(bw)

	// A table: one row per crawler, one column per URL.
	header := []string{"CRAWLER", "PURPOSE", "GROUP", "SITE"}
	for _, u := range urls {
		header = append(header, cut(u, 32))
	}
	table := [][]cell{}
	for _, row := range rows {
		c := row.Crawler
		tok := c.Token
		if tok == "*" {
			tok = "* (all robots)"
		}
		line := []cell{{text: tok}, {text: crawlers.PurposeLabel(c.Purpose, lang)}, {text: groupCell(row)}}
		if row.Closed {
			line = append(line, cell{text: "CLOSED", color: "\x1b[1;31m"})
		} else {
			line = append(line, cell{text: "open"})
		}
		for _, v := range row.Verdicts {
			line = append(line, verdictCell(v))
		}
		table = append(table, line)
	}
	widths := make([]int, len(header))
	for i, h := range header {
		widths[i] = utf8.RuneCountInString(h)
	}
	for _, line := range table {
		for i, c := range line {
			widths[i] = max(widths[i], utf8.RuneCountInString(c.text))
		}
	}
	printLine := func(cells []cell) {
		var b strings.Builder
		for i, c := range cells {
			if i > 0 {
				b.WriteString("  ")
			}
			pad := ""
			if i < len(cells)-1 {
				pad = strings.Repeat(" ", widths[i]-utf8.RuneCountInString(c.text))
			}
			b.WriteString(paint(c.color, c.text) + pad)
		}
		fmt.Fprintln(bw, b.String())
	}
	var head []cell
	for _, h := range header {
		head = append(head, cell{text: h, color: "\x1b[1m"})
	}
	printLine(head)
	for _, line := range table {
		printLine(line)
	}

	var notes []string
	for _, row := range rows {
		if row.Note != "" {
			notes = append(notes, fmt.Sprintf("  %s: %s", row.Crawler.Token, row.Note))
		}
	}
	if len(notes) > 0 {
		fmt.Fprintf(bw, "\nNotes:\n%s\n", strings.Join(notes, "\n"))
	}
	ai, search := s.Text(lang)
	fmt.Fprintf(bw, "\nSummary: %s; %s.\n", ai, search)
	return bw.Flush()
}

type cell struct {
	text, color string
}

// groupCell names the groups a crawler follows: "Yandex (line 12)".
func groupCell(row crawlers.Row) string {
	if row.Source == crawlers.SourceNone {
		return "none"
	}
	line := 0
	for _, v := range row.Verdicts {
		if len(v.UserAgents) > 0 {
			line = v.UserAgents[0].Line
			break
		}
	}
	return fmt.Sprintf("%s (line %d)", row.Agent, line)
}

func verdictCell(v robotstxt.Verdict) cell {
	c := cell{text: "allowed", color: "\x1b[32m"}
	if !v.Allowed {
		c = cell{text: "DISALLOWED", color: "\x1b[31m"}
	}
	if v.Rule != nil {
		c.text += fmt.Sprintf(" (line %d)", v.Rule.Line)
	}
	return c
}

// cut shortens s to n characters.
func cut(s string, n int) string {
	if utf8.RuneCountInString(s) <= n {
		return s
	}
	return string([]rune(s)[:n-1]) + "…"
}
