package pagetesting

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"testing"
)

var cliOnce struct {
	sync.Once
	path string
	err  error
}

// BuildCLI builds the robotstxt command once.
func BuildCLI(t *testing.T) string {
	t.Helper()
	cliOnce.Do(func() {
		dir, err := os.MkdirTemp("", "robotstxt-cli")
		if err != nil {
			cliOnce.err = err
			return
		}
		cliOnce.path = filepath.Join(dir, "robotstxt")
		out, err := exec.Command("go", "build", "-o", cliOnce.path, "github.com/robotstxt/robotstxt/cmd/robotstxt").CombinedOutput()
		if err != nil {
			cliOnce.err = fmt.Errorf("%v\n%s", err, out)
		}
	})
	if cliOnce.err != nil {
		t.Fatalf("building the command: %v", cliOnce.err)
	}
	return cliOnce.path
}

// RunJSON runs the command and decodes its standard output. Exit status 1
// (lint found something) is not a failure.
func RunJSON(t *testing.T, cli string, v any, args ...string) {
	t.Helper()
	cmd := exec.Command(cli, args...)
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil && cmd.ProcessState.ExitCode() != 1 {
		t.Fatalf("robotstxt %s: %v\n%s", strings.Join(args, " "), err, stderr.String())
	}
	if err := json.Unmarshal(out, v); err != nil {
		t.Fatalf("robotstxt %s: %v\n%.300s", strings.Join(args, " "), err, out)
	}
}

// PostJSON posts a robots.txt as text/plain and decodes the JSON answer.
func PostJSON(t *testing.T, u string, body []byte, v any) {
	t.Helper()
	resp, err := http.Post(u, "text/plain", bytes.NewReader(body))
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	b, _ := io.ReadAll(resp.Body)
	if resp.StatusCode != http.StatusOK {
		t.Fatalf("POST %s: %s: %s", u, resp.Status, b)
	}
	if err := json.Unmarshal(b, v); err != nil {
		t.Fatalf("POST %s: %v: %.200s", u, err, b)
	}
}
