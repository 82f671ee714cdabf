// Package random holds the browser test that looks for stale answers by
// itself (issue 40): long random sequences of what a user does on the web
// page (typing, pasting, deleting, replacing the text, fetching fast, slow,
// failing and huge sites, examples, agents, URLs, many URLs, compare, the
// builder, logs, sitemaps, reloads, languages), and after every action one
// check: every verdict, crawler-table row, many-URLs cell and highlight band
// on screen is the command line's answer for the text now in the editor,
// or is marked as being recomputed (aria-busy).
//
// A run's seed is logged first; a failure prints it with the actions so
// far and the shortest failing sequence found by replaying shorter ones.
// See docs/page.md for the flags (-seed, -actions, -shrink).
//
// The test drives Debian's Chromium headless through
// web/internal/pagetesting; it skips without it, except under CI=true, and
// with -short. The package has no code of its own.
package random
