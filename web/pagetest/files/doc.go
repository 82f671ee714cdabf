// Package files holds the browser tests of the files the web page reads:
// the file picker and drop, the file's own bytes (byte order mark, line
// endings, Latin-1), a 500 KiB file, a file over the limit, and real
// corpus files, whose answers must be the command line's and the API's.
//
// The tests drive Debian's Chromium headless through
// web/internal/pagetesting; they skip without it, except under CI=true,
// and with -short. The page's tests are split into packages of similar
// duration so that go test runs them side by side, each in its own
// test binary and time budget. The package has no code of its own.
package files
