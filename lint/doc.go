// Package lint audits a robots.txt: it finds what crawlers will ignore or
// misread, what is risky or probably not meant, and what only some crawlers
// understand, and says for each finding where it is and how to fix it.
//
//	for _, f := range lint.Lint(body, nil) {
//		fmt.Printf("%d: %s %s: %s\n", f.Line, f.Severity, f.ID, f.Message)
//	}
//
// Each finding has a stable ID (Checks lists them all, with a summary, a
// generic fix, an explanation and a bad and a good example, for the check
// catalogue docs/audit.md, whose anchors are the IDs), a severity, a line (0
// for the whole file), a column where it helps, a message in plain words
// and, where there is one, a concrete fix.
//
// # Precision
//
// A fix never makes a file worse: it never widens a rule, never turns into
// "/" or "/*", never names a crawler cut from a longer name ("MJ12bot" is a
// name, "MJ" is not), and suggests the path of a rule written as a full URL
// only when Options.Host says the URL is on the file's own host (a
// robots.txt applies to its own host only). Names with digits and dots
// ("360Spider", "Mail.RU_Bot") are the operators' own and read whole, as the
// core package reads them. What the shared corpus showed to be deliberate
// (a named crawler closed on purpose, Shopify's web-pixel scripts, build
// files, "$" in CMS paths) is info or nothing; lint/testdata/sample.md holds
// a sample of findings with verdicts, and lint/testdata/corpus.golden the
// count per check over the corpus.
//
// # Yandex
//
// Yandex ends a group at a blank line after its user-agent lines (its
// Webmaster help documents it; see docs/yandex.md). blank-line-in-group and
// empty-group say so, and every verdict for a Yandex robot follows that
// reading (robotstxt.Robots.YandexReadsDifferently); a test checks the core's
// reading against an independent rewrite of the file.
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
// for people (grouped by severity, optionally coloured), one JSON report
// (JSONReport: the same shape for one file or many),
// SARIF 2.1.0 for code-scanning tools (WriteSARIFFiles: one run over many
// files, with percent-encoded artifact URIs and a helpUri per rule), and
// GitHub Actions workflow commands. Text from the file never reaches a
// terminal raw: control characters are written escaped (as internal/textsafe does for the whole project).
//
// # Choosing and fixing
//
// Selection keeps the findings of chosen checks or severities; a comment
// "# robotstxt: ignore ID" silences a check on its line or, as a line of
// its own, on the next (suppress.go; an unknown ID is a bad-suppression
// finding); Config is the "lint" object of a .robotstxt.json (FindConfig,
// ReadConfig); a Baseline (a saved JSONReport) hides the findings it holds,
// matched by Fingerprint (check and line content). Statistics counts the
// findings per check. Fix applies the mechanical fixes that the diff
// package proves to change no verdict but those decided by the line they
// write or remove, and returns the others as suggestions with the verdicts
// they would change; UnifiedDiff shows a fix as a diff.
//
// # Cost
//
// Linting is linear in the size of the file. The checks that compare rules
// with each other (duplicate-rule, shadowed-rule, redundant-rule,
// named-group-replaces-star and the others that read a crawler's merged
// groups) are bounded: 100,000 rules in all merged rule sets, a fixed
// budget of pattern comparisons, 5000 distinct rules per set for
// redundant-rule. On a file past a bound they may report less, never
// something wrong, and the audit-limit finding says which bound was
// reached. Linting the largest file crawlers read (500 KiB) takes
// milliseconds.
package lint
