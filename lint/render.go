package lint

import (
	"bufio"
	"encoding/json"
	"fmt"
	"io"
	"net/url"
	"strconv"
	"strings"

	"github.com/robotstxt/robotstxt/internal/textsafe"
)

// Counts is how many findings of each severity there are.
type Counts struct {
	Error   int `json:"error"`
	Warning int `json:"warning"`
	Info    int `json:"info"`
}

// Count counts findings by severity.
func Count(findings []Finding) Counts {
	var c Counts
	for _, f := range findings {
		switch f.Severity {
		case Error:
			c.Error++
		case Warning:
			c.Warning++
		default:
			c.Info++
		}
	}
	return c
}

// Fails reports whether any finding is at least as severe as threshold.
func Fails(findings []Finding, threshold Severity) bool {
	for _, f := range findings {
		if f.Severity.AtLeast(threshold) {
			return true
		}
	}
	return false
}

// TextOptions control WriteText.
type TextOptions struct {
	// File names the file in the output ("robots.txt").
	File string
	// Source is the linted text; when given, each finding shows its line.
	Source string
	// Color adds ANSI colours, for a terminal.
	Color bool
	// Lang is the language of the headings ("en" by default).
	Lang string
}

const (
	ansiReset  = "\x1b[0m"
	ansiBold   = "\x1b[1m"
	ansiDim    = "\x1b[2m"
	ansiRed    = "\x1b[31m"
	ansiYellow = "\x1b[33m"
	ansiCyan   = "\x1b[36m"
	ansiGreen  = "\x1b[32m"
)

var severityColor = [...]string{ansiRed, ansiYellow, ansiCyan}

// WriteText writes findings for people: grouped by severity (errors first),
// each with its place as file:line:column, the line itself when
// opts.Source is given, the message and the fix; then a summary line.
func WriteText(w io.Writer, findings []Finding, opts TextOptions) error {
	bw := bufio.NewWriter(w)
	paint := func(code, s string) string {
		if !opts.Color {
			return s
		}
		return code + s + ansiReset
	}
	lang := opts.Lang
	file := textsafe.Escape(opts.File)
	if file == "" {
		file = "robots.txt"
	}
	// Only the lines findings point at are cut from the source: splitting a
	// 500 KiB file whole costs more than auditing it.
	var lines []string
	if opts.Source != "" {
		last := 0
		for _, f := range findings {
			last = max(last, f.Line)
		}
		lines = sourceLinesUpTo(opts.Source, last)
	}
	for sev := Error; sev <= Info; sev++ {
		var group []Finding
		for _, f := range findings {
			if f.Severity == sev {
				group = append(group, f)
			}
		}
		if len(group) == 0 {
			continue
		}
		// Written piece by piece, without fmt: a directory of files can
		// give hundreds of thousands of findings.
		bw.WriteString(paint(ansiBold+severityColor[sev], text(lang, "text.group."+sev.String())))
		bw.WriteString(" (" + strconv.Itoa(len(group)) + ")\n")
		sevText := paint(severityColor[sev], text(lang, "severity."+sev.String()))
		fixText := paint(ansiGreen, text(lang, "text.fix")+":")
		for _, f := range group {
			bw.WriteString("  " + file)
			if f.Line > 0 {
				bw.WriteString(":" + strconv.Itoa(f.Line))
				if f.Column > 0 {
					bw.WriteString(":" + strconv.Itoa(f.Column))
				}
			}
			bw.WriteString(": " + sevText + " ")
			bw.WriteString(paint(ansiBold, f.ID))
			bw.WriteByte('\n')
			if f.Line > 0 && f.Line <= len(lines) {
				bw.WriteString("    ")
				bw.WriteString(paint(ansiDim, strconv.Itoa(f.Line)+" | "+excerpt(lines[f.Line-1])))
				bw.WriteByte('\n')
			}
			bw.WriteString("    ")
			bw.WriteString(f.Message)
			bw.WriteByte('\n')
			if f.Fix != "" {
				bw.WriteString("    " + fixText + " ")
				bw.WriteString(f.Fix)
				bw.WriteByte('\n')
			}
		}
		bw.WriteByte('\n')
	}
	fmt.Fprintln(bw, Summary(file, findings, lang))
	return bw.Flush()
}

// Summary is the one-line count of findings: "robots.txt: 1 error, 2
// warnings, 0 info".
func Summary(file string, findings []Finding, lang string) string {
	if len(findings) == 0 {
		return text(lang, "text.summary", "file", file, "counts", text(lang, "text.no-findings"))
	}
	c := Count(findings)
	counts := countText(lang, c.Error, "severity.errors") + ", " + countText(lang, c.Warning, "severity.warnings") + ", " +
		countText(lang, c.Info, "severity.infos")
	return text(lang, "text.summary", "file", file, "counts", counts)
}

// lineEnd is strings.IndexAny(text, "\r\n"), with the fast byte search.
func lineEnd(text string) int {
	i := strings.IndexByte(text, '\n')
	head := text
	if i >= 0 {
		head = text[:i]
	}
	if j := strings.IndexByte(head, '\r'); j >= 0 {
		return j
	}
	return i
}

// sourceLines splits text into lines as the parser numbers them: LF, CRLF
// and a lone CR each end a line; a byte order mark is not part of line 1.
func sourceLines(text string) []string { return sourceLinesUpTo(text, -1) }

// sourceLinesUpTo is sourceLines that stops after line n (n < 0: no limit).
func sourceLinesUpTo(text string, n int) []string {
	text = strings.TrimPrefix(text, "\xEF\xBB\xBF")
	var out []string
	for len(text) > 0 && len(out) != n {
		i := lineEnd(text)
		if i < 0 {
			out = append(out, text)
			break
		}
		out = append(out, text[:i])
		if text[i] == '\r' && i+1 < len(text) && text[i+1] == '\n' {
			i++
		}
		text = text[i+1:]
	}
	return out
}

// excerpt makes a line safe and short enough to print: tabs become
// spaces, control characters and invalid bytes are written escaped (\x1b),
// never raw.
func excerpt(s string) string {
	const max = 120
	if r := []rune(s); len(r) > max {
		s = string(r[:max-1]) + "…"
	}
	return textsafe.Escape(strings.ReplaceAll(s, "\t", " "))
}

// JSONReport is the JSON form of an audit, one shape whatever the number
// of files: "robotstxt lint --json" prints it for one file or many, and the
// HTTP API's lint answer is the same object for its one file.
type JSONReport struct {
	Files  []JSONDoc `json:"files"`  // in the order linted; [] when none
	Counts Counts    `json:"counts"` // over all files
}

// JSONDoc is the audit of one file in a JSONReport.
type JSONDoc struct {
	File     string        `json:"file"`
	Counts   Counts        `json:"counts"`
	Findings []JSONFinding `json:"findings"` // [] when none
}

// JSONFinding is a finding with its fingerprint, which a baseline
// (ReadBaseline) matches: it depends on the check and on the content of the
// line, not on its number, so an edit above the line keeps it.
type JSONFinding struct {
	Finding
	Fingerprint string `json:"fingerprint"`
}

// NewJSONDoc returns the JSON form of one file's findings; source is the
// linted text, for the fingerprints.
func NewJSONDoc(file, source string, findings []Finding) JSONDoc {
	doc := JSONDoc{File: file, Counts: Count(findings), Findings: make([]JSONFinding, len(findings))}
	fp := newFingerprinter(source, findings)
	for i, f := range findings {
		doc.Findings[i] = JSONFinding{Finding: f, Fingerprint: fp.of(f)}
	}
	return doc
}

// NewJSONReport gathers the documents of a run and counts their findings.
func NewJSONReport(docs []JSONDoc) JSONReport {
	if docs == nil {
		docs = []JSONDoc{}
	}
	r := JSONReport{Files: docs}
	for _, d := range docs {
		r.Counts.Error += d.Counts.Error
		r.Counts.Warning += d.Counts.Warning
		r.Counts.Info += d.Counts.Info
	}
	return r
}

// WriteJSON writes the JSONReport of one file, indented.
func WriteJSON(w io.Writer, file, source string, findings []Finding) error {
	return WriteJSONReport(w, NewJSONReport([]JSONDoc{NewJSONDoc(file, source, findings)}))
}

// WriteJSONReport writes a report, indented, HTML characters unescaped.
// WriteNDJSON writes one finding a line, as JSON, with its file's name:
// the finding's fields and its fingerprint, as in WriteJSONReport.
func WriteNDJSON(w io.Writer, d JSONDoc) error {
	enc := json.NewEncoder(w)
	enc.SetEscapeHTML(false)
	for _, f := range d.Findings {
		if err := enc.Encode(struct {
			File string `json:"file"`
			JSONFinding
		}{d.File, f}); err != nil {
			return err
		}
	}
	return nil
}

func WriteJSONReport(w io.Writer, r JSONReport) error {
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	enc.SetEscapeHTML(false)
	return enc.Encode(r)
}

// SARIF 2.1.0 (OASIS), the subset code-scanning tools read.
const (
	sarifVersion = "2.1.0"
	sarifSchema  = "https://docs.oasis-open.org/sarif/sarif/v2.1.0/errata01/os/schemas/sarif-schema-2.1.0.json"
)

type sarifLog struct {
	Schema  string     `json:"$schema"`
	Version string     `json:"version"`
	Runs    []sarifRun `json:"runs"`
}

type sarifRun struct {
	Tool       sarifTool       `json:"tool"`
	Artifacts  []sarifArtifact `json:"artifacts,omitempty"`
	Results    []sarifResult   `json:"results"`
	ColumnKind string          `json:"columnKind"`
}

type sarifArtifact struct {
	Location sarifArtifactLocation `json:"location"`
}

type sarifArtifactLocation struct {
	URI   string `json:"uri"`
	Index *int   `json:"index,omitempty"`
}

type sarifTool struct {
	Driver sarifDriver `json:"driver"`
}

type sarifDriver struct {
	Name           string      `json:"name"`
	Version        string      `json:"version,omitempty"`
	InformationURI string      `json:"informationUri,omitempty"`
	Rules          []sarifRule `json:"rules"`
}

type sarifRule struct {
	ID                   string       `json:"id"`
	Name                 string       `json:"name"`
	ShortDescription     sarifMessage `json:"shortDescription"`
	FullDescription      sarifMessage `json:"fullDescription"`
	Help                 sarifMessage `json:"help"`
	HelpURI              string       `json:"helpUri,omitempty"`
	DefaultConfiguration struct {
		Level string `json:"level"`
	} `json:"defaultConfiguration"`
}

type sarifMessage struct {
	Text string `json:"text"`
}

type sarifResult struct {
	RuleID    string          `json:"ruleId"`
	RuleIndex int             `json:"ruleIndex"`
	Level     string          `json:"level"`
	Message   sarifMessage    `json:"message"`
	Locations []sarifLocation `json:"locations"`
	// PartialFingerprints carry the finding's Fingerprint, so that code
	// scanning follows a finding across edits that move its line.
	PartialFingerprints map[string]string `json:"partialFingerprints,omitempty"`
}

// sarifFingerprintKey names the fingerprint in partialFingerprints
// (versioned, as SARIF 2.1.0 section 3.27.17 recommends).
const sarifFingerprintKey = "robotstxtFingerprint/v1"

type sarifLocation struct {
	PhysicalLocation struct {
		ArtifactLocation sarifArtifactLocation `json:"artifactLocation"`
		Region           sarifRegion           `json:"region"`
	} `json:"physicalLocation"`
}

type sarifRegion struct {
	StartLine   int `json:"startLine"`
	StartColumn int `json:"startColumn,omitempty"`
	EndLine     int `json:"endLine,omitempty"`
}

// sarifLevel maps a severity to SARIF's "error", "warning" and "note".
func sarifLevel(s Severity) string {
	switch s {
	case Error:
		return "error"
	case Warning:
		return "warning"
	}
	return "note"
}

// SARIFOptions control WriteSARIF.
type SARIFOptions struct {
	// URI is the file's location as the code-scanning tool should show it,
	// relative to the repository root ("public/robots.txt"). It is written
	// as a URI reference (SARIFURI).
	URI string
	// ToolName and ToolVersion name the tool ("robotstxt").
	ToolName, ToolVersion string
	// Lang is the language of the rule descriptions.
	Lang string
}

// InformationURI is the project's home page, and CatalogueURI the check
// catalogue, whose anchors are the check IDs (docs/audit.md#hash-in-path):
// SARIF's driver.informationUri and each rule's helpUri.
const (
	InformationURI = "https://github.com/robotstxt/robotstxt"
	CatalogueURI   = InformationURI + "/blob/main/docs/audit.md"
)

// FileFindings are the findings of one file, for the writers that take
// several files.
type FileFindings struct {
	// Name is the file's path as the output shows it ("public/robots.txt").
	Name     string
	Findings []Finding
	// Source, when set, is the file's text: SARIF then gives each result
	// its fingerprint (as --json does) in partialFingerprints.
	Source string
}

// WriteSARIF writes findings as a SARIF 2.1.0 log with one run. Every check
// is listed as a rule, so rule indexes are stable. A finding about the whole
// file points at line 1, as code-scanning tools need a line.
func WriteSARIF(w io.Writer, findings []Finding, opts SARIFOptions) error {
	uri := opts.URI
	if uri == "" {
		uri = "robots.txt"
	}
	return WriteSARIFFiles(w, []FileFindings{{Name: uri, Findings: findings}}, opts)
}

// WriteSARIFFiles writes the findings of several files as one SARIF 2.1.0
// run with one artifact per file (opts.URI is not used).
func WriteSARIFFiles(w io.Writer, files []FileFindings, opts SARIFOptions) error {
	name := opts.ToolName
	if name == "" {
		name = "robotstxt"
	}
	run := sarifRun{Tool: sarifTool{Driver: sarifDriver{Name: name, Version: opts.ToolVersion, InformationURI: InformationURI}},
		Results: []sarifResult{}, ColumnKind: "unicodeCodePoints"}
	index := map[string]int{}
	for i, c := range ChecksLang(opts.Lang) {
		r := sarifRule{ID: c.ID, Name: ruleName(c.ID), ShortDescription: sarifMessage{c.Summary},
			FullDescription: sarifMessage{c.Explanation}, Help: sarifMessage{c.Fix}, HelpURI: CatalogueURI + "#" + c.ID}
		r.DefaultConfiguration.Level = sarifLevel(c.Severity)
		run.Tool.Driver.Rules = append(run.Tool.Driver.Rules, r)
		index[c.ID] = i
	}
	for fi, file := range files {
		uri := SARIFURI(file.Name)
		var fp *fingerprinter
		if file.Source != "" {
			p := newFingerprinter(file.Source, file.Findings)
			fp = &p
		}
		run.Artifacts = append(run.Artifacts, sarifArtifact{Location: sarifArtifactLocation{URI: uri}})
		for _, f := range file.Findings {
			msg := f.Message
			if f.Fix != "" {
				msg += " " + text(opts.Lang, "text.fix") + ": " + f.Fix
			}
			res := sarifResult{RuleID: f.ID, RuleIndex: index[f.ID], Level: sarifLevel(f.Severity), Message: sarifMessage{msg}}
			var loc sarifLocation
			loc.PhysicalLocation.ArtifactLocation = sarifArtifactLocation{URI: uri, Index: &fi}
			loc.PhysicalLocation.Region = sarifRegion{StartLine: max(f.Line, 1), StartColumn: f.Column}
			if f.EndLine > f.Line {
				loc.PhysicalLocation.Region.EndLine = f.EndLine
			}
			res.Locations = []sarifLocation{loc}
			if fp != nil {
				res.PartialFingerprints = map[string]string{sarifFingerprintKey: fp.of(f)}
			}
			run.Results = append(run.Results, res)
		}
	}
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	enc.SetEscapeHTML(false)
	return enc.Encode(sarifLog{Schema: sarifSchema, Version: sarifVersion, Runs: []sarifRun{run}})
}

// SARIFURI turns a file path into the URI reference SARIF wants: a
// relative path keeps its segments, each percent-encoded, with "/" between
// them ("my site/robots.txt" is "my%20site/robots.txt"); an absolute path
// becomes a file URI.
func SARIFURI(path string) string {
	p := strings.ReplaceAll(path, "\\", "/")
	abs := strings.HasPrefix(p, "/")
	if len(p) >= 3 && p[1] == ':' && p[2] == '/' { // C:/...
		abs, p = true, "/"+p
	}
	segs := strings.Split(p, "/")
	for i, seg := range segs {
		if i == 0 && len(seg) == 2 && seg[1] == ':' {
			continue
		}
		segs[i] = url.PathEscape(seg)
		if i == 0 && !abs && strings.Contains(seg, ":") {
			// "a:b" would read as a scheme: write the colon escaped.
			segs[i] = strings.ReplaceAll(segs[i], ":", "%3A")
		}
	}
	out := strings.Join(segs, "/")
	if abs {
		return "file://" + out
	}
	return out
}

// ruleName turns "empty-disallow" into "EmptyDisallow", SARIF's custom for
// rule names.
func ruleName(id string) string {
	var b strings.Builder
	for _, p := range strings.Split(id, "-") {
		if p != "" {
			b.WriteString(strings.ToUpper(p[:1]) + p[1:])
		}
	}
	return b.String()
}

// WriteGitHub writes one GitHub Actions workflow command per finding, which
// the runner turns into an annotation on the file:
//
//	::error file=robots.txt,line=3,col=1,title=rule-outside-group::message
//
// Info findings become notices.
func WriteGitHub(w io.Writer, file string, findings []Finding, lang string) error {
	bw := bufio.NewWriter(w)
	for _, f := range findings {
		cmd := "notice"
		switch f.Severity {
		case Error:
			cmd = "error"
		case Warning:
			cmd = "warning"
		}
		props := "file=" + ghProperty(file)
		if f.Line > 0 {
			props += ",line=" + strconv.Itoa(f.Line)
			if f.EndLine > f.Line {
				props += ",endLine=" + strconv.Itoa(f.EndLine)
			}
			if f.Column > 0 {
				props += ",col=" + strconv.Itoa(f.Column)
			}
		}
		props += ",title=" + ghProperty(f.ID)
		msg := f.Message
		if f.Fix != "" {
			msg += "\n" + text(lang, "text.fix") + ": " + f.Fix
		}
		fmt.Fprintf(bw, "::%s %s::%s\n", cmd, props, ghData(msg))
	}
	return bw.Flush()
}

// ghData escapes a workflow command's message: '%', CR and LF.
func ghData(s string) string {
	return strings.NewReplacer("%", "%25", "\r", "%0D", "\n", "%0A").Replace(s)
}

// ghProperty escapes a workflow command's property value: as ghData, plus
// ':' and ','.
func ghProperty(s string) string {
	return strings.NewReplacer("%", "%25", "\r", "%0D", "\n", "%0A", ":", "%3A", ",", "%2C").Replace(s)
}

// Label returns a heading or word of the text output in lang ("fix",
// "Bad", "Good", "More", "ID", "severity"): front ends that lay out checks
// and findings themselves use the audit's words.
func Label(lang, name string) string { return text(lang, "text."+name) }

// SeverityLabel returns a severity's name in lang ("ошибка").
func SeverityLabel(s Severity, lang string) string { return text(lang, "severity."+s.String()) }

// Totals is the one-line count over several files: "3 files: 1 error, 2
// warnings, 0 info".
func Totals(files []FileFindings, lang string) string {
	var all []Finding
	for _, f := range files {
		all = append(all, f.Findings...)
	}
	counts := text(lang, "text.no-findings")
	if len(all) > 0 {
		c := Count(all)
		counts = countText(lang, c.Error, "severity.errors") + ", " + countText(lang, c.Warning, "severity.warnings") + ", " +
			countText(lang, c.Info, "severity.infos")
	}
	return text(lang, "text.total", "files", len(files), "counts", counts)
}
