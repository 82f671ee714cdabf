// Package docgen renders the reference material that the code is the truth
// for: one Markdown page per command of robotstxt (from the command's own flag
// set and help texts), the manual page robotstxt.1, the shell completion
// scripts, the audit catalogue (from lint.ChecksLang) and the crawler
// registry table (from crawlers.All).
//
// The command package builds the model (Command) by running each command's
// --help in-process; the renderers here are pure functions of it, so the
// committed pages can be compared with what the code generates (the drift
// test in cmd/robotstxt; "go generate ./cmd/robotstxt" rewrites them).
//
// CheckLinks checks the relative links of Markdown files, anchors included,
// so that the README and docs/ never point at a page or heading that is gone.
package docgen
