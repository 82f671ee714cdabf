package main

import (
	"bufio"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/robotstxt/robotstxt"
	"github.com/robotstxt/robotstxt/crawlers"
	"github.com/robotstxt/robotstxt/internal/textsafe"
	"github.com/robotstxt/robotstxt/internal/wire"
)

func runReport(ctx context.Context, c *cli, args []string) error {
	fs := c.newFlags("report", "[-f FILE|URL | FILE | -] [--all] [-a AGENT ...] [--json] [--lang LANG] [URL ...]",
		`Show what each crawler people ask about may fetch under a robots.txt: all
robots (*), Googlebot and YandexBot first, then the AI crawlers (--all: every
known crawler, search engines, SEO tools and archives too), then every other
crawler the file names in a group of its own, known to the registry or not.
For each: the group it follows (its own; Googlebot's for Googlebot-Image and
Applebot, Yandex's for the Yandex robots, when not named; "*" otherwise, except
for AdsBot-Google, which ignores "*"), whether the whole site is closed to it,
and the verdict with its deciding line for each URL (default "/"). Notes say
when a fallback decided, when a crawler may ignore robots.txt, and when Yandex
reads the file differently: Yandex ends a group at a blank line after
User-agent (docs/yandex.md), so the Yandex rows show Yandex's own reading. A
summary counts the current AI and search crawlers the file keeps out; old and
control-only AI tokens are counted apart.

Input: -f FILE, or the first argument when it is "-", names an existing file
or does not look like a URL or a path (nosuch.txt is a missing file, an
error), else standard input. -f also takes a site or robots.txt URL
(-f https://example.com), fetched as "robotstxt fetch" fetches its robots.txt;
the status goes to standard error. The other arguments are URLs or paths (/x,
https://example.com/x), checked against the file.
--lang ru or ro translates the headings, verdicts and notes.

Exit status: 0, or 2 on a usage or input error.`,
		`  robotstxt report robots.txt
  robotstxt report -f robots.txt / /private/page https://example.com/search?q=x
  robotstxt report -f https://example.com / /search
  curl -s https://example.com/robots.txt | robotstxt report --lang ru
  robotstxt report -f robots.txt --all -a ExampleBot --json`)
	file := fs.String("f", "", "robots.txt `file` to read (- for standard input), or a site or robots.txt URL to fetch")
	asJSON := fs.Bool("json", false, "print one JSON document")
	ndjson := fs.Bool("ndjson", false, "print each crawler's row as one JSON object a line (the rows of --json)")
	all := fs.Bool("all", false, "show every known crawler, not only the default set")
	var agents stringList
	fs.Var(&agents, "a", "also show this `agent` (product token or user-agent string); repeatable")
	alias(fs, "a", "agent")
	color := fs.String("color", "auto", "colour text output: auto (on a terminal, unless NO_COLOR is set), always or never")
	lang := fs.String("lang", "en", "`language` of notes and purposes (English where a text is missing)")
	maxBytes := fs.Int("max-bytes", robotstxt.DefaultMaxBytes, "parse at most this many `bytes` (-1: no limit)")
	src := addSourceFlags(fs)
	if err := c.parseFlags(fs, args); err != nil {
		return err
	}
	colored, err := c.colorFlag(*color)
	if err != nil {
		return err
	}
	urls := fs.Args()
	implicitStdin := false
	if *file == "" {
		*file, implicitStdin = "-", true
		if len(urls) > 0 && (urls[0] == "-" || isFile(urls[0]) || !looksLikeURL(urls[0])) {
			*file, urls, implicitStdin = urls[0], urls[1:], false
		}
	}
	given := urls
	if len(urls) == 0 {
		urls = []string{"/"}
	}
	body, name, err := c.readSource(ctx, *file, src)
	if err != nil {
		return err
	}
	if err := emptyStdinForFile("report", implicitStdin, body, given); err != nil {
		return err
	}
	r := robotstxt.ParseOptions(string(body), &robotstxt.Options{MaxBytes: *maxBytes})

	list := crawlers.Default()
	if *all {
		list = crawlers.All()
	}
	// Tokens listed so far, in lower case: a set, as a file may name
	// thousands of crawlers.
	listed := make(map[string]bool, len(list))
	for _, c := range list {
		listed[strings.ToLower(c.Token)] = true
	}
	for _, a := range agents {
		if k := strings.ToLower(a); !listed[k] {
			listed[k] = true
			list = append(list, crawlers.Custom(a))
		}
	}
	// Every group of the file has a row, also for crawlers the registry does
	// not know.
	unknown := make(map[string]bool)
	for _, g := range r.Groups {
		for _, ua := range g.UserAgents {
			k := strings.ToLower(ua.Token)
			if k == "" || ua.Global() || listed[k] {
				continue
			}
			listed[k] = true
			if _, known := crawlers.Lookup(ua.Token); !known {
				unknown[ua.Token] = true
			}
			list = append(list, crawlers.Custom(ua.Token))
		}
	}
	list = crawlers.Localize(list, *lang)
	rows := crawlers.MatrixLang(r, urls, list, *lang)
	// The rows of Yandex's robots follow Yandex's reading of the file where
	// it differs (robotstxt.Robots.YandexReadsDifferently), as every
	// answer does; the lines that make it differ are listed.
	yandexLines := r.YandexBlankLines()
	summary := crawlers.Summarize(r, urls)
	if name == "-" {
		name = "robots.txt"
	}
	switch {
	case *asJSON && *ndjson:
		return usagef("report: --json and --ndjson ask for two outputs; give one")
	case *ndjson:
		enc := json.NewEncoder(c.stdout)
		enc.SetEscapeHTML(false)
		for _, row := range newReportDoc(name, r, urls, rows, summary, *lang, yandexLines).Rows {
			if err := enc.Encode(row); err != nil {
				return err
			}
		}
		return nil
	case *asJSON:
		return writeJSON(c.stdout, newReportDoc(name, r, urls, rows, summary, *lang, yandexLines))
	}
	return printReport(c.stdout, name, r, urls, rows, summary, *lang, colored, unknown, yandexLines)
}

// isFile reports whether p names an existing regular file.
// looksLikeURL reports whether a report argument is a URL or a URL path
// ("/private", "https://example.com/x", "*.pdf") rather than a file name:
// "nosuch.txt" or "sites/robots.txt" is a file, and a missing one is an
// error, not a URL checked against standard input.
func looksLikeURL(a string) bool {
	return strings.HasPrefix(a, "/") || strings.HasPrefix(a, "*") || strings.Contains(a, "://") || strings.HasPrefix(a, "?")
}

// emptyStdinForFile is the usage error of a command that read an empty
// robots.txt from standard input because no file was given, while an
// argument it took for a URL looks like a file that is not there
// ("report /srv/www/robots.txt" with a typo in the path): an empty file
// allows everything, an answer that would look real.
func emptyStdinForFile(cmd string, implicit bool, body []byte, args []string) error {
	if !implicit || len(body) > 0 {
		return nil
	}
	for _, a := range args {
		if looksLikeFilePath(a) {
			return usagef("%s: %q looks like a robots.txt file, but there is no such file, and standard input was empty (give the file with -f FILE; an empty robots.txt allows everything)", cmd, a)
		}
	}
	return nil
}

// looksLikeFilePath reports whether an argument reads as a path to a file
// rather than a URL path to check: it names a .txt file, or its folder
// exists on this machine, and it is not a URL.
func looksLikeFilePath(a string) bool {
	if strings.Contains(a, "://") || strings.ContainsAny(a, "?*$") {
		return false
	}
	if strings.HasSuffix(strings.ToLower(a), ".txt") {
		return true
	}
	dir := filepath.Dir(a)
	st, err := os.Stat(dir)
	return err == nil && st.IsDir() && dir != "/" && dir != "."
}

func isFile(p string) bool {
	st, err := os.Stat(p)
	return err == nil && st.Mode().IsRegular()
}

// reportDoc is "robotstxt report --json".
type reportDoc struct {
	File      string        `json:"file"`
	URLs      []string      `json:"urls"`
	Rows      []reportRow   `json:"rows"`
	Summary   reportSummary `json:"summary"`
	Truncated bool          `json:"truncated"`
	// YandexBlankLines are the blank lines after User-agent lines that end
	// a group for Yandex (its robots' rows use that reading).
	YandexBlankLines []int `json:"yandexBlankLines,omitempty"`
}

type reportRow struct {
	Token    string `json:"token"`
	Operator string `json:"operator"`
	Purpose  string `json:"purpose"`
	Notes    string `json:"notes,omitempty"`
	// Robots says whether the operator says the crawler obeys robots.txt:
	// yes, no, partial, or empty when unknown.
	Robots string `json:"robots,omitempty"`
	Legacy bool   `json:"legacy,omitempty"`
	// Reading is "yandex" when the row follows Yandex's reading of the file.
	Reading string `json:"reading,omitempty"`
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

func newReportDoc(file string, r *robotstxt.Robots, urls []string, rows []crawlers.Row, s crawlers.Summary, lang string,
	yandexLines []int) reportDoc {
	d := reportDoc{File: file, URLs: urls, Rows: make([]reportRow, len(rows)), Truncated: r.Truncated, YandexBlankLines: yandexLines}
	for i, row := range rows {
		c := row.Crawler
		rr := reportRow{Token: c.Token, Operator: c.Operator, Purpose: c.Purpose, Notes: c.Notes, Robots: c.Robots, Legacy: c.Legacy,
			Agent: row.Agent, Source: row.Source, Groups: []wire.AgentLine{}, Closed: row.Closed, ClosedBy: row.ClosedBy, Note: row.Note}
		rr.Reading = row.Reading
		a, _, _ := crawlers.Resolve(r, c)
		for j, v := range row.Verdicts {
			ans := wire.Enforce(r, a, urls[j], "", &v)
			rr.Verdicts = append(rr.Verdicts, wire.NewCheckResult(c.Token, urls[j], v, &ans))
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
	lang string, colored bool, unknown map[string]bool, yandexLines []int) error {
	bw := bufio.NewWriter(w)
	t := func(key string, args ...any) string { return crawlers.Text(lang, key, args...) }
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
	file = textsafe.Escape(file)
	if lang == "" || lang == "en" {
		fmt.Fprintf(bw, "%s: %s, %s\n", file, plural(len(r.Groups), "group"), plural(rules, "rule"))
	} else {
		fmt.Fprintln(bw, t("report.header", "file", file, "groups", len(r.Groups), "rules", rules))
	}
	if r.Truncated {
		fmt.Fprintln(bw, t("report.truncated", "bytes", r.Parsed))
	}
	fmt.Fprintln(bw)

	// A table: one row per crawler, one column per URL. A "!" after a name
	// marks a crawler that may ignore robots.txt (see the notes).
	header := []string{t("report.crawler"), t("report.purpose"), t("report.group"), t("report.site")}
	for _, u := range urls {
		header = append(header, cut(textsafe.Escape(u), 32))
	}
	table := [][]cell{}
	for _, row := range rows {
		c := row.Crawler
		tok := textsafe.Escape(c.Token)
		if tok == "*" {
			tok = t("report.all-robots")
		}
		if c.Robots == crawlers.RobotsNo || c.Robots == crawlers.RobotsPartial {
			tok += " !"
		}
		line := []cell{{text: tok}, {text: crawlers.PurposeLabel(c.Purpose, lang)}, {text: groupCell(row, lang)}}
		if row.Closed {
			line = append(line, cell{text: t("report.closed"), color: "\x1b[1;31m"})
		} else {
			line = append(line, cell{text: t("report.open")})
		}
		a, _, _ := crawlers.Resolve(r, c)
		for j, v := range row.Verdicts {
			line = append(line, usageCell(verdictCell(v, lang), r, a, urls[j], v, lang)) // report_usage.go
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
		c := row.Crawler
		var parts []string
		if row.Note != "" {
			parts = append(parts, row.Note)
		}
		switch c.Robots {
		case crawlers.RobotsNo:
			parts = append(parts, t("report.caveat", "token", c.Token))
		case crawlers.RobotsPartial:
			parts = append(parts, t("report.caveat-partial", "token", c.Token))
		}
		if row.Reading == robotstxt.ReadingYandex {
			parts = append(parts, t("report.yandex", "token", c.Token, "lines", joinInts(yandexLines)))
		}
		if unknown[c.Token] {
			parts = append(parts, t("report.unknown", "token", c.Token))
		}
		if len(parts) > 0 {
			notes = append(notes, fmt.Sprintf("  %s: %s", textsafe.Escape(c.Token), textsafe.Escape(strings.Join(parts, " "))))
		}
	}
	if len(notes) > 0 {
		fmt.Fprintf(bw, "\n%s\n%s\n", t("report.notes"), strings.Join(notes, "\n"))
	}
	ai, search := s.Text(lang)
	fmt.Fprintf(bw, "\n%s\n", t("report.summary", "ai", ai, "search", search))
	if s.Legacy.Total > 0 {
		line := t("report.legacy", "closed", s.Legacy.Closed, "total", s.Legacy.Total)
		var closed []string
		for _, row := range rows {
			if c := row.Crawler; c.AI() && (c.Legacy || c.TokenOnly) && row.Closed {
				closed = append(closed, c.Token)
			}
		}
		if len(closed) > 0 {
			line += t("report.legacy-names", "names", strings.Join(closed, ", "))
		}
		fmt.Fprintln(bw, line)
	}
	return bw.Flush()
}

func joinInts(ns []int) string {
	s := make([]string, len(ns))
	for i, n := range ns {
		s[i] = strconv.Itoa(n)
	}
	return strings.Join(s, ", ")
}

type cell struct {
	text, color string
}

// groupCell names the groups a crawler follows: "Yandex (line 12)".
func groupCell(row crawlers.Row, lang string) string {
	if row.Source == crawlers.SourceNone {
		return crawlers.Text(lang, "report.none")
	}
	line := 0
	for _, v := range row.Verdicts {
		if len(v.UserAgents) > 0 {
			line = v.UserAgents[0].Line
			break
		}
	}
	return crawlers.Text(lang, "report.line", "token", textsafe.Escape(row.Agent), "line", line)
}

func verdictCell(v robotstxt.Verdict, lang string) cell {
	c := cell{text: crawlers.Text(lang, "report.allowed"), color: "\x1b[32m"}
	if !v.Allowed {
		c = cell{text: crawlers.Text(lang, "report.disallowed"), color: "\x1b[31m"}
	}
	if v.Rule != nil {
		c.text = crawlers.Text(lang, "report.rule-line", "verdict", c.text, "line", v.Rule.Line)
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
