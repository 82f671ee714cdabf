// Package pagetesting drives the web page in real headless Chromium for
// the page's browser tests (web/pagetest/...): a Browser is one Chromium
// with the page's server (server.New) behind a recorder, and the helpers
// type, paste, upload, wait and read the page as a user would, through the
// DevTools protocol (chromedp).
//
// It uses Debian's chromium-headless-shell (apt-get install
// chromium-headless-shell: the same engine as chromium at half the CPU),
// found by testutil.HeadlessShell, else Debian's chromium: without either a
// test skips, except under CI=true, where it fails. Screenshots of every
// state go to $ROBOTSTXT_ARTIFACTS, or to a temporary folder; the log
// names each file.
//
// Only tests import it. It is a package of its own so that the page's
// tests can be split into several test packages, each a test binary of its
// own that go test runs side by side with the others.
package pagetesting
