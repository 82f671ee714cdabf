package testutil

import (
	"os"
	"os/exec"
	"testing"
)

// Chromium returns the path of the Chromium the browser tests drive:
// $ROBOTSTXT_CHROMIUM, else Debian's. Without one the test is skipped with a
// message, and fails under CI=true, where .ci/run must have installed it.
func Chromium(t testing.TB) string {
	t.Helper()
	for _, name := range []string{os.Getenv("ROBOTSTXT_CHROMIUM"), "/usr/bin/chromium", "chromium", "chromium-browser"} {
		if name == "" {
			continue
		}
		if p, err := exec.LookPath(name); err == nil {
			return p
		}
	}
	if os.Getenv("CI") == "true" {
		t.Fatal("Chromium is not installed: CI must install it (apt-get install -y chromium)")
	}
	t.Skip("Chromium is not installed (apt-get install -y chromium); skipping the browser tests")
	return ""
}

// HeadlessShell returns the Chromium the web page's tests drive:
// $ROBOTSTXT_CHROMIUM when set, else Debian's chromium-headless-shell, the
// same Blink and V8 as chromium without the browser around them (what
// Playwright runs headless by default). It takes half the CPU time of the
// full browser to start and to open a page, and the page's four test
// packages had taken half of the suite's CPU on two cores
// (docs/performance.md). Without the shell it falls back to Chromium,
// except under CI=true, where .ci/run must have installed it.
//
// The browser guard's tests keep the full browser: the guard refuses the
// shell, which makes speculative loads no profile turns off
// (guard.ErrPreloadingUnknown).
func HeadlessShell(t testing.TB) string {
	t.Helper()
	if os.Getenv("ROBOTSTXT_CHROMIUM") != "" {
		return Chromium(t)
	}
	if p, ok := findHeadlessShell(); ok {
		return p
	}
	if os.Getenv("CI") == "true" {
		t.Fatal("chromium-headless-shell is not installed: CI must install it (apt-get install -y chromium-headless-shell)")
	}
	t.Log("chromium-headless-shell is not installed (apt-get install -y chromium-headless-shell); the full Chromium takes about twice the CPU")
	return Chromium(t)
}

// RequireHeadlessShell returns the path of Debian's chromium-headless-shell
// for a test about the shell itself. Without it the test is skipped with a
// message, and fails under CI=true.
func RequireHeadlessShell(t testing.TB) string {
	t.Helper()
	if p, ok := findHeadlessShell(); ok {
		return p
	}
	if os.Getenv("CI") == "true" {
		t.Fatal("chromium-headless-shell is not installed: CI must install it (apt-get install -y chromium-headless-shell)")
	}
	t.Skip("chromium-headless-shell is not installed (apt-get install -y chromium-headless-shell); skipping")
	return ""
}

func findHeadlessShell() (string, bool) {
	for _, name := range []string{"/usr/bin/chromium-headless-shell", "chromium-headless-shell"} {
		if p, err := exec.LookPath(name); err == nil {
			return p, true
		}
	}
	return "", false
}
