// Package ciformat writes lint's findings in the formats of CI systems
// beside those of package lint (text, JSON, SARIF, GitHub's workflow
// commands): one line per finding, GitLab's Code Quality report and JUnit
// XML. It is a package of its own so that the page's WebAssembly, which
// uses lint, does not carry encoding/xml.
package ciformat
