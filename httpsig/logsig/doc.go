// Package logsig checks the Web Bot Auth signatures of logged requests for
// "robotstxt logs": it implements logcheck.SignatureChecker with httpsig,
// each request verified at its own logged time against the signature
// agents' saved key directories (keydir.Folder).
//
// It is apart from logcheck so that the web page, which runs logcheck as
// WebAssembly, does not carry the signature crypto.
package logsig
