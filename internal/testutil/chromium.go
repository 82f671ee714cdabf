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
