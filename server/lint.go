package server

import (
	"github.com/robotstxt/robotstxt/lint"
)

// langs are the languages of lint messages the API accepts.
var langs = map[string]bool{"": true, "en": true, "ru": true, "ro": true}

func (s *Server) apiLint(req *request) (any, error) {
	if req.Robots == nil {
		return nil, badRequest(`"robots" is required: the robots.txt text as a JSON string (it may be empty)`)
	}
	if !langs[req.Lang] {
		return nil, badRequest(`"lang" must be en, ru or ro, not %q`, req.Lang)
	}
	// The same object as "robotstxt lint --json", for the one file.
	findings := lint.Lint(*req.Robots, &lint.Options{Lang: req.Lang})
	return lint.NewJSONReport([]lint.JSONDoc{lint.NewJSONDoc("robots.txt", *req.Robots, findings)}), nil
}
