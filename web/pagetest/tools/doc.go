// Package tools holds the browser tests of the web page's tools: many
// URLs, comparing two versions, fetching from a site, access logs, the
// usage preferences and the file builder.
//
// The tests drive Debian's Chromium headless through
// web/internal/pagetesting; they skip without it, except under CI=true,
// and with -short. The page's tests are split into packages of similar
// duration so that go test runs them side by side, each in its own
// test binary and time budget. The package has no code of its own.
package tools
