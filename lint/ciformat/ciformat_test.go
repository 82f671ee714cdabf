package ciformat

import (
	"bytes"
	"encoding/json"
	"encoding/xml"
	"fmt"
	"regexp"
	"strings"
	"testing"

	"github.com/robotstxt/robotstxt/internal/junit"
	"github.com/robotstxt/robotstxt/lint"
)

// formatSample gives findings on lines, one about the whole file
// (no-sitemap) and a message with quotes, for every format's test.
const formatSample = "User-agent: *\nDisallow: admin/\nDisallow: /a#b\nDisallow: /x\nDisallow: /x\n"

// TestWriteConcise: one line per finding, "file:line:col: severity id:
// message", with 1:1 for a finding about the whole file and no line break
// inside a message.
func TestWriteConcise(t *testing.T) {
	fs := lint.Lint(formatSample, nil)
	fs = append(fs, lint.Finding{ID: "hash-in-path", Severity: lint.Warning, Line: 3, Message: "two\nlines\x1b[31m"})
	var b bytes.Buffer
	if err := WriteConcise(&b, "site/robots.txt", fs); err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(strings.TrimSuffix(b.String(), "\n"), "\n")
	if len(lines) != len(fs) {
		t.Fatalf("%d lines for %d findings:\n%s", len(lines), len(fs), b.String())
	}
	re := regexp.MustCompile(`^site/robots\.txt:(\d+):(\d+): (error|warning|info) ([a-z0-9-]+): [^\x00-\x1f]+$`)
	for i, l := range lines {
		m := re.FindStringSubmatch(l)
		if m == nil {
			t.Errorf("line %q is not file:line:col: severity id: message", l)
			continue
		}
		f := fs[i]
		if m[1] != fmt.Sprint(max(f.Line, 1)) || m[2] != fmt.Sprint(max(f.Column, 1)) || m[3] != f.Severity.String() || m[4] != f.ID {
			t.Errorf("line %q for finding %+v", l, f)
		}
	}
}

// TestWriteGitLab: a JSON array of Code Quality issues, GitLab's severity
// scale, a fingerprint unique across files, and "[]" for no findings.
func TestWriteGitLab(t *testing.T) {
	fs := lint.Lint(formatSample, nil)
	var b bytes.Buffer
	files := []lint.FileFindings{{Name: "a/robots.txt", Findings: fs, Source: formatSample}, {Name: "b/robots.txt", Findings: fs, Source: formatSample}}
	if err := WriteGitLab(&b, files); err != nil {
		t.Fatal(err)
	}
	var issues []gitlabIssue
	if err := json.Unmarshal(b.Bytes(), &issues); err != nil {
		t.Fatalf("not JSON: %v\n%s", err, b.String())
	}
	if len(issues) != 2*len(fs) {
		t.Fatalf("%d issues for %d findings", len(issues), 2*len(fs))
	}
	seen := map[string]bool{}
	want := map[lint.Severity]string{lint.Error: "major", lint.Warning: "minor", lint.Info: "info"}
	for i, is := range issues {
		f := fs[i%len(fs)]
		if seen[is.Fingerprint] {
			t.Errorf("fingerprint %s twice", is.Fingerprint)
		}
		seen[is.Fingerprint] = true
		if is.CheckName != f.ID || is.Severity != want[f.Severity] || is.Location.Lines.Begin != max(f.Line, 1) || !strings.HasPrefix(is.Description, f.Message) {
			t.Errorf("issue %+v for finding %+v", is, f)
		}
	}
	b.Reset()
	if err := WriteGitLab(&b, []lint.FileFindings{{Name: "robots.txt"}}); err != nil || b.String() != "[]\n" {
		t.Errorf("no findings: %q, %v", b.String(), err)
	}
}

// TestWriteJUnit: one suite per file, one failing case per finding at or
// above the threshold, a passing case for each below it and for a file
// without findings; the XML parses back.
func TestWriteJUnit(t *testing.T) {
	fs := lint.Lint(formatSample, nil)
	for _, threshold := range []lint.Severity{lint.Error, lint.Warning, lint.Info} {
		var b bytes.Buffer
		files := []lint.FileFindings{{Name: "robots.txt", Findings: fs}, {Name: "clean.txt"}}
		if err := WriteJUnit(&b, files, threshold); err != nil {
			t.Fatal(err)
		}
		var doc junit.Suites
		if err := xml.Unmarshal(b.Bytes(), &doc); err != nil {
			t.Fatalf("not XML: %v\n%s", err, b.String())
		}
		failing := 0
		for _, f := range fs {
			if f.Severity.AtLeast(threshold) {
				failing++
			}
		}
		if doc.Failures != failing || len(doc.Suites) != 2 || doc.Suites[0].Tests != len(fs) || doc.Suites[1].Tests != 1 || doc.Suites[1].Failures != 0 {
			t.Errorf("threshold %v: %d failures in %d suites (tests %d, %d), want %d failing of %d", threshold, doc.Failures,
				len(doc.Suites), doc.Suites[0].Tests, doc.Suites[1].Tests, failing, len(fs))
		}
	}
}
