// Package lint audits a robots.txt: it finds what crawlers will ignore or
// misread, what is risky or probably not meant, and what only some crawlers
// understand, and says for each finding where it is and how to fix it.
//
//	for _, f := range lint.Lint(body, nil) {
//		fmt.Printf("%d: %s %s: %s\n", f.Line, f.Severity, f.ID, f.Message)
//	}
//
// Each finding has a stable ID (Checks lists them all, with a summary and a
// generic fix), a severity, a line (0 for the whole file), a column where it
// helps, a message in plain words and, where there is one, a concrete fix.
//
// The audit reads the file through the core package only: robotstxt.Lines
// for what each line is, robotstxt.ParseOptions for the groups, and
// robotstxt.Agent for what a rule decides. It never parses a line itself,
// so it can never disagree with the matcher about what a line means.
// Crawler-specific knowledge (which tokens belong to AI crawlers, which
// crawlers follow another's group, which ignore "*") comes from the
// crawlers package.
//
// # Languages
//
// Messages and fixes come from one catalogue (messages.go), keyed by
// message; Options.Lang picks the language and missing texts fall back to
// English. A language is added by adding one map.
//
// # Output
//
// WriteText, WriteJSON, WriteSARIF and WriteGitHub render findings as text
// for people (grouped by severity, optionally coloured), one JSON document,
// SARIF 2.1.0 for code-scanning tools, and GitHub Actions workflow
// commands.
//
// # Cost
//
// Linting is linear in the size of the file except for the checks that
// compare rules with each other (shadowed-rule, named-group-replaces-star),
// which share a fixed budget of pattern comparisons per file: on a
// pathological file they may report less, never something wrong. Linting
// the largest file crawlers read (500 KiB) takes milliseconds.
package lint
