// Package editor holds the browser tests of the web page's editor and
// verdict: typing, the audit, the self-test, permalinks, the gutter's
// markers, links that carry the bytes, the crawler table and the answers
// that follow the text (issue 23).
//
// The tests drive Debian's Chromium headless through
// web/internal/pagetesting; they skip without it, except under CI=true,
// and with -short. The page's tests are split into packages of similar
// duration so that go test runs them side by side, each in its own
// test binary and time budget. The package has no code of its own.
package editor
