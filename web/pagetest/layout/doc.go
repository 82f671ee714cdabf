// Package layout holds the browser tests of the web page's layout and
// languages: phone widths, the status line, axe-core in every language,
// the language switch and plural forms.
//
// The tests drive Debian's Chromium headless through
// web/internal/pagetesting; they skip without it, except under CI=true,
// and with -short. The page's tests are split into packages of similar
// duration so that go test runs them side by side, each in its own
// test binary and time budget. The package has no code of its own.
package layout
