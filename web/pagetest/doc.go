// Package pagetest holds the tests of the web page in real headless
// Chromium: the page served by package server, driven as a user drives it
// (typing, files, permalinks, the access-log check, phone widths, axe-core),
// with its answers compared to the command line's and the API's.
//
// They live apart from package server's own tests so that each package's
// test binary has its own time budget: these take minutes, most of the
// suite's time. The package has no code of its own.
package pagetest
