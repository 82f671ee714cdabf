// Package junit writes JUnit XML reports, the test-result format CI
// systems show in their test views: one test suite per file, one test case
// per check, a failure element for each that failed. The commands' test
// and lint reports both write it.
package junit

import (
	"encoding/xml"
	"fmt"
	"io"
	"strings"
)

// Suites is the whole report.
type Suites struct {
	XMLName  xml.Name `xml:"testsuites"`
	Name     string   `xml:"name,attr"`
	Tests    int      `xml:"tests,attr"`
	Failures int      `xml:"failures,attr"`
	Suites   []Suite  `xml:"testsuite"`
}

// Suite is one file's cases.
type Suite struct {
	Name     string `xml:"name,attr"`
	Tests    int    `xml:"tests,attr"`
	Failures int    `xml:"failures,attr"`
	Cases    []Case `xml:"testcase"`
}

// Case is one check; Failure is nil when it passed.
type Case struct {
	Name      string   `xml:"name,attr"`
	ClassName string   `xml:"classname,attr"`
	File      string   `xml:"file,attr,omitempty"`
	Line      int      `xml:"line,attr,omitempty"`
	Failure   *Failure `xml:"failure"`
}

// Failure says why a case failed.
type Failure struct {
	Message string `xml:"message,attr"`
	Type    string `xml:"type,attr,omitempty"`
	Text    string `xml:",chardata"`
}

// Add appends a suite and counts its cases and failures, into the suite
// and the report.
func (s *Suites) Add(suite Suite) {
	suite.Tests, suite.Failures = len(suite.Cases), 0
	for _, c := range suite.Cases {
		if c.Failure != nil {
			suite.Failures++
		}
	}
	s.Tests += suite.Tests
	s.Failures += suite.Failures
	s.Suites = append(s.Suites, suite)
}

// Write writes the report, indented, after the XML header. Every text is
// made safe first: characters XML 1.0 cannot carry at all are dropped.
func (s *Suites) Write(w io.Writer) error {
	doc := *s
	doc.Name = Safe(doc.Name)
	doc.Suites = make([]Suite, len(s.Suites))
	for i, su := range s.Suites {
		su.Name = Safe(su.Name)
		cases := make([]Case, len(su.Cases))
		for j, c := range su.Cases {
			c.Name, c.ClassName, c.File = Safe(c.Name), Safe(c.ClassName), Safe(c.File)
			if c.Failure != nil {
				f := *c.Failure
				f.Message, f.Type, f.Text = Safe(f.Message), Safe(f.Type), Safe(f.Text)
				c.Failure = &f
			}
			cases[j] = c
		}
		su.Cases = cases
		doc.Suites[i] = su
	}
	b, err := xml.MarshalIndent(doc, "", "  ")
	if err != nil {
		return err
	}
	_, err = fmt.Fprintf(w, "%s%s\n", xml.Header, b)
	return err
}

// Safe drops the characters XML 1.0 cannot carry at all (control
// characters other than tab and line breaks, U+FFFE, U+FFFF).
func Safe(s string) string {
	return strings.Map(func(r rune) rune {
		if r == '\t' || r == '\n' || r == '\r' || (r >= 0x20 && r != 0xFFFE && r != 0xFFFF) {
			return r
		}
		return -1
	}, s)
}
