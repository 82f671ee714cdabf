package testutil

import (
	"os"
	"os/exec"
	"testing"
)

// Tool returns the path of an outside program a test needs (a Debian
// package's binary). Without it the test is skipped with a message, and
// fails under CI=true, where .ci/run must have installed it.
func Tool(t testing.TB, name string) string {
	t.Helper()
	p, err := exec.LookPath(name)
	if err == nil {
		return p
	}
	if os.Getenv("CI") == "true" {
		t.Fatalf("%s is not installed (.ci/run installs it): %v", name, err)
	}
	t.Skipf("%s is not installed: %v", name, err)
	return ""
}
