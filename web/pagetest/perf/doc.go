// Package perf holds the browser tests that measure the web page's main
// thread (issue 40): how long the first verdict takes on a cold load over
// loopback, and the longest task the main thread runs while a large file
// is opened, typed in and checked against 10,000 URLs.
//
// TestMainThread bounds what a loaded machine does not change: no task
// over a generous limit, and the work that matters counted rather than
// timed. TestFigures, run with -perf, prints the figures that
// docs/performance.md quotes; with -perf.profile it also lists the
// functions the main thread spent its time in (the CPU profile of the
// page's target, through the DevTools protocol).
//
// The tests drive Chromium's headless shell through
// web/internal/pagetesting; they skip without it, except under CI=true,
// and with -short. The package has no code of its own.
package perf
