package main

import (
	"bufio"
	"encoding/json"
	"io"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/robotstxt/robotstxt/internal/testutil"
)

// robotstxtWrapper writes an executable "robotstxt" that runs the test
// binary as the command (TestMain), for scripts that call robotstxt.
func robotstxtWrapper(t *testing.T) string {
	t.Helper()
	exe, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	w := filepath.Join(t.TempDir(), "robotstxt")
	script := "#!/bin/sh\nROBOTSTXT_TEST_MAIN=1 exec '" + exe + "' \"$@\"\n"
	if err := os.WriteFile(w, []byte(script), 0o755); err != nil {
		t.Fatal(err)
	}
	return w
}

type conformJSON struct {
	Agent  string `json:"agent"`
	Checks []struct {
		ID       string            `json:"id"`
		Result   string            `json:"result"`
		Ref      string            `json:"ref"`
		Detail   string            `json:"detail"`
		Requests []json.RawMessage `json:"requests"`
	} `json:"checks"`
}

// TestConformGate: ours through the gate ("robotstxt gate" deciding, wget
// fetching what it admits: conform/crawlers/gate.sh) as the crawler under
// test, through the command path: no check fails, the 401/403 holds and the
// unpaced Crawl-delay are noted, and the JSON has what each check needs.
// Given {cacert}, it reaches the https origin: robots-per-scheme passes.
func TestConformGate(t *testing.T) {
	if testing.Short() {
		t.Skip("runs a crawler of child processes for a few seconds")
	}
	testutil.Tool(t, "wget")
	script, _ := filepath.Abs("../../conform/crawlers/gate.sh")
	out, errOut, code := runCLI(t, "", "conform", "--json", "--timeout", "2m", "--", script, robotstxtWrapper(t), "conformbot", "{urls}", "{cacert}")
	if code != 0 {
		t.Fatalf("exit %d: %s\n%s", code, errOut, out)
	}
	var rep conformJSON
	if err := json.Unmarshal([]byte(out), &rep); err != nil {
		t.Fatal(err)
	}
	noted := map[string]bool{"status-401": true, "status-403": true, "crawl-delay": true}
	for _, c := range rep.Checks {
		want := "pass"
		if noted[c.ID] {
			want = "noted"
		}
		if c.Result != want || c.Ref == "" || len(c.Requests) == 0 {
			t.Errorf("%s: %s (%s), ref %q, %d requests; want %s", c.ID, c.Result, c.Detail, c.Ref, len(c.Requests), want)
		}
	}
}

// TestConformBadCrawler: wget fetching every seed URL without robots.txt
// fails the checks and the command exits with 1; the Markdown table says so.
func TestConformBadCrawler(t *testing.T) {
	wget := testutil.Tool(t, "wget")
	out, errOut, code := runCLI(t, "", "conform", "--markdown", "--", wget, "-q", "-O", "/dev/null", "--tries=1", "--timeout=1", "-i", "{urls}")
	if code != exitFindings {
		t.Fatalf("exit %d, want 1: %s", code, errOut)
	}
	for _, want := range []string{"| `status-500` | ❌ fail |", "| `robots-first` | ❌ fail |", "| `match-longest` | ❌ fail |"} {
		if !strings.Contains(out, want) {
			t.Errorf("no %q in\n%s", want, out)
		}
	}
}

// TestConformServeAndReport: serve records what reaches it until
// interrupted, writes the log, and report grades it.
func TestConformServeAndReport(t *testing.T) {
	if testing.Short() {
		t.Skip("runs the command as a child process")
	}
	dir := t.TempDir()
	cmd := robotstxtCommand(t, dir, "conform", "serve", "--log", "log.json", "--timeout", "2m")
	stdout, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	defer cmd.Process.Kill()
	lines := bufio.NewReader(stdout)
	var head [3]string
	for i := range head {
		head[i], _ = lines.ReadString('\n')
		head[i] = strings.TrimSuffix(head[i], "\n")
	}
	start := head[0]
	if !strings.HasPrefix(start, "http://127.") {
		t.Fatalf("first line %q", start)
	}
	// The certificate of the https origin, for the crawler to trust.
	cert, ok := strings.CutPrefix(head[2], "https certificate: ")
	if b, err := os.ReadFile(cert); !ok || err != nil || !strings.HasPrefix(string(b), "-----BEGIN CERTIFICATE-----") {
		t.Errorf("third line %q: %v", head[2], err)
	}
	// robots.txt, then the start page: robots-first and robots-once pass.
	for _, u := range []string{start + "robots.txt", start} {
		req, _ := http.NewRequest("GET", u, nil)
		req.Header.Set("User-Agent", "conformbot/1.0")
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		io.Copy(io.Discard, resp.Body)
		resp.Body.Close()
	}
	cmd.Process.Signal(syscall.SIGINT)
	go io.Copy(io.Discard, lines)
	done := make(chan error, 1)
	go func() { done <- cmd.Wait() }()
	select {
	case <-done:
	case <-time.After(hangBound):
		t.Fatal("serve did not stop on SIGINT")
	}
	out, errOut, code := runCLI(t, "", "conform", "report", filepath.Join(dir, "log.json"))
	if code != 0 || !strings.Contains(out, "PASS  robots-first") || !strings.Contains(out, "PASS  robots-once") {
		t.Fatalf("exit %d: %s\n%s", code, errOut, out)
	}
}

func TestConformUsage(t *testing.T) {
	for _, args := range [][]string{
		{"conform"},
		{"conform", "--json", "--markdown", "--", "true"},
		{"conform", "nonsense"},
		{"conform", "report"},
		{"conform", "report", "/nonexistent/log.json"},
		{"conform", "--agent", "two words", "--", "true"},
		{"conform", "--timeout", "0s", "--", "true"},
	} {
		if _, _, code := runCLI(t, "", args...); code != exitUsage {
			t.Errorf("%q: exit %d, want 2", args, code)
		}
	}
}
