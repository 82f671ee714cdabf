package ciformat

import (
	"bufio"
	"encoding/json"
	"fmt"
	"io"
	"strings"

	"github.com/robotstxt/robotstxt/internal/junit"
	"github.com/robotstxt/robotstxt/lint"
)

// WriteConcise writes one line per finding, "file:line:col: severity id:
// message", as compilers and ruff's concise format do, so that editors and
// grep can jump to it. A finding about the whole file points at 1:1, as
// editors need a line; control characters of the message are escaped.
func WriteConcise(w io.Writer, file string, findings []lint.Finding) error {
	bw := bufio.NewWriter(w)
	for _, f := range findings {
		fmt.Fprintf(bw, "%s:%d:%d: %s %s: %s\n", file, max(f.Line, 1), max(f.Column, 1), f.Severity, f.ID, oneLine(f.Message))
	}
	return bw.Flush()
}

// oneLine writes a message on one line: line breaks and other control
// characters become spaces.
func oneLine(s string) string {
	return strings.Map(func(r rune) rune {
		if r < 0x20 || r == 0x7f {
			return ' '
		}
		return r
	}, s)
}

// gitlabIssue is one entry of GitLab's Code Quality report (a subset of
// the Code Climate issue format that GitLab reads).
type gitlabIssue struct {
	Description string         `json:"description"`
	CheckName   string         `json:"check_name"`
	Fingerprint string         `json:"fingerprint"`
	Severity    string         `json:"severity"`
	Location    gitlabLocation `json:"location"`
}

type gitlabLocation struct {
	Path  string `json:"path"`
	Lines struct {
		Begin int `json:"begin"`
	} `json:"lines"`
}

// gitlabSeverity maps a severity to GitLab's scale (info, minor, major,
// critical, blocker).
func gitlabSeverity(s lint.Severity) string {
	switch s {
	case lint.Error:
		return "major"
	case lint.Warning:
		return "minor"
	}
	return "info"
}

// WriteGitLab writes the findings of files as a GitLab Code Quality report
// (a JSON array; "[]" when there is none). Each fingerprint is the one
// --json gives the finding (from its check and its line's content, so it
// follows a moved line), hashed with the path, since GitLab needs them
// unique across the report. A file's Source gives the lines; without it
// the line number stands in for the content.
func WriteGitLab(w io.Writer, files []lint.FileFindings) error {
	issues := []gitlabIssue{}
	for _, file := range files {
		doc := lint.NewJSONDoc(file.Name, file.Source, file.Findings)
		for i, f := range file.Findings {
			is := gitlabIssue{Description: f.Message, CheckName: f.ID, Severity: gitlabSeverity(f.Severity)}
			if f.Fix != "" {
				is.Description += " Fix: " + f.Fix
			}
			print := doc.Findings[i].Fingerprint
			if file.Source == "" {
				print = lint.Fingerprint(f.ID, fmt.Sprint(f.Line))
			}
			is.Fingerprint = lint.Fingerprint(file.Name, print)
			is.Location.Path = file.Name
			is.Location.Lines.Begin = max(f.Line, 1)
			issues = append(issues, is)
		}
	}
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	enc.SetEscapeHTML(false)
	return enc.Encode(issues)
}

// WriteJUnit writes the findings of files as JUnit XML: a finding at or
// above threshold is a failure, one below it a passing case that still
// names it (so that the report and the exit status agree).
func WriteJUnit(w io.Writer, files []lint.FileFindings, threshold lint.Severity) error {
	doc := junit.Suites{Name: "robotstxt lint"}
	for _, file := range files {
		s := junit.Suite{Name: file.Name}
		for _, f := range file.Findings {
			c := junit.Case{Name: fmt.Sprintf("%s:%d %s", file.Name, max(f.Line, 1), f.ID), ClassName: "robotstxt.lint." + f.ID,
				File: file.Name, Line: max(f.Line, 1)}
			if f.Severity.AtLeast(threshold) {
				body := f.Message
				if f.Fix != "" {
					body += "\nFix: " + f.Fix
				}
				c.Failure = &junit.Failure{Message: oneLine(f.Message), Type: f.Severity.String(), Text: body}
			}
			s.Cases = append(s.Cases, c)
		}
		if len(s.Cases) == 0 {
			s.Cases = append(s.Cases, junit.Case{Name: file.Name + ": no findings", ClassName: "robotstxt.lint", File: file.Name})
		}
		doc.Add(s)
	}
	return doc.Write(w)
}
