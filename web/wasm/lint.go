package main

import (
	"github.com/robotstxt/robotstxt/lint"
)

// lint(text, lang) audits the text; messages and fixes are in lang.
func (s *session) lint(args []string) (any, error) {
	findings := lint.Lint(args[0], &lint.Options{Lang: args[1]})
	if findings == nil {
		findings = []lint.Finding{}
	}
	return findings, nil
}
