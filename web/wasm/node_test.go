//go:build !js

package main

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// TestUnderNode runs this package's tests compiled to WebAssembly, under
// Node, through Go's go_js_wasm_exec wrapper: the same tests as natively
// plus the JavaScript bridge (main_js_test.go). It is what
//
//	PATH="$(go env GOROOT)/lib/wasm:$PATH" GOOS=js GOARCH=wasm go test ./web/wasm
//
// does by hand. Without Node it skips, except under CI=true.
func TestUnderNode(t *testing.T) {
	if testing.Short() {
		t.Skip("compiling to WebAssembly is not short")
	}
	if _, err := exec.LookPath("node"); err != nil {
		if os.Getenv("CI") == "true" {
			t.Fatal("node is not installed: CI needs it to run the WebAssembly tests")
		}
		t.Skip("node is not installed; skipping the WebAssembly tests")
	}
	goroot, err := exec.Command("go", "env", "GOROOT").Output()
	if err != nil {
		t.Fatalf("go env GOROOT: %v", err)
	}
	wasmDir := filepath.Join(strings.TrimSpace(string(goroot)), "lib", "wasm")
	if _, err := os.Stat(filepath.Join(wasmDir, "go_js_wasm_exec")); err != nil {
		t.Fatalf("Go's wasm exec wrapper: %v", err)
	}
	cmd := exec.Command("go", "test", "-count=1", "-v", "-run", "^(TestBridge|TestCheck|TestCheckExplains|TestParse|TestLintMatrixCrawlersSelftest|TestCallErrors|TestCallRecoversPanic|TestSessionCachesParse|TestURLNote|TestCheckMany|TestCheckFallback|TestCompare|TestMatrixWithoutFallback|TestLogs|TestLogsTruncated|TestLogsFormats|TestSitemap|TestSitemapIndex|TestSitemapBroken)$", ".")
	env := []string{"GOOS=js", "GOARCH=wasm", "PATH=" + wasmDir + string(os.PathListSeparator) + os.Getenv("PATH")}
	for _, kv := range os.Environ() {
		switch k, _, _ := strings.Cut(kv, "="); k {
		case "GOOS", "GOARCH", "PATH", "GOFLAGS":
			continue
		}
		env = append(env, kv)
	}
	cmd.Env = env
	out, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("GOOS=js GOARCH=wasm go test: %v\n%s", err, out)
	}
	// Make sure the JavaScript bridge test really ran, not zero tests.
	for _, name := range []string{"TestBridge", "TestCheck", "TestLintMatrixCrawlersSelftest"} {
		if !strings.Contains(string(out), "--- PASS: "+name+" ") {
			t.Errorf("%s did not pass under Node:\n%s", name, out)
		}
	}
	t.Logf("under Node:\n%s", lastLines(string(out), 12))
}

func lastLines(s string, n int) string {
	lines := strings.Split(strings.TrimRight(s, "\n"), "\n")
	if len(lines) > n {
		lines = lines[len(lines)-n:]
	}
	return strings.Join(lines, "\n")
}
