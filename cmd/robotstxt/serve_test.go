package main

import (
	"bytes"
	"context"
	"encoding/json"
	"io"
	"net"
	"net/http"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/robotstxt/robotstxt/internal/testutil"
)

// lockedBuffer is written by the command while the test reads it.
type lockedBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (l *lockedBuffer) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.Write(p)
}

func (l *lockedBuffer) String() string {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.String()
}

// TestServe runs "robotstxt serve" as a user does: it prints the URL to
// open, serves the page and the API there, logs each request, and stops
// cleanly when the context ends (main cancels it on SIGINT and SIGTERM).
func TestServe(t *testing.T) {
	var stdout, stderr lockedBuffer
	c := &cli{stdin: strings.NewReader(""), stdout: &stdout, stderr: &stderr, getenv: func(string) string { return "" }}
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	done := make(chan int, 1)
	go func() { done <- c.run(ctx, []string{"serve", "--addr", "127.0.0.1:0"}) }()

	urlRE := regexp.MustCompile(`http://127\.0\.0\.1:\d+/`)
	var url string
	for deadline := time.Now().Add(10 * time.Second); url == "" && time.Now().Before(deadline); time.Sleep(10 * time.Millisecond) {
		url = urlRE.FindString(stdout.String())
	}
	if url == "" {
		t.Fatalf("serve printed no URL to open:\n%s%s", stdout.String(), stderr.String())
	}
	resp, err := http.Get(url)
	if err != nil {
		t.Fatal(err)
	}
	page, _ := io.ReadAll(resp.Body)
	resp.Body.Close()
	if resp.StatusCode != 200 || !bytes.Contains(page, []byte(`<div id="robots" contenteditable="plaintext-only" role="textbox"`)) || resp.Header.Get("Content-Security-Policy") == "" {
		t.Errorf("GET %s: %d, CSP %q", url, resp.StatusCode, resp.Header.Get("Content-Security-Policy"))
	}
	resp, err = http.Post(url+"api/v1/check", "application/json",
		strings.NewReader(`{"robots": "User-agent: *\nDisallow: /private/\n", "agents": ["Googlebot"], "urls": ["/private/x"]}`))
	if err != nil {
		t.Fatal(err)
	}
	var results []struct {
		Allowed bool `json:"allowed"`
		Rule    struct {
			Line int `json:"line"`
		} `json:"rule"`
	}
	if err := json.NewDecoder(resp.Body).Decode(&results); err != nil || len(results) != 1 || results[0].Allowed || results[0].Rule.Line != 2 {
		t.Errorf("POST /api/v1/check: %v %+v", err, results)
	}
	resp.Body.Close()

	cancel()
	select {
	case code := <-done:
		if code != exitOK {
			t.Errorf("serve exited %d after the signal:\n%s", code, stderr.String())
		}
	case <-time.After(10 * time.Second):
		t.Fatal("serve did not stop")
	}
	out := urlRE.ReplaceAllString(stdout.String(), "http://127.0.0.1:PORT/")
	testutil.Golden(t, "testdata/serve/serve-stdout.txt", []byte(out))
	log := stderr.String()
	if n := strings.Count(log, "\n"); n != 2 || !strings.Contains(log, " GET / 200 ") || !strings.Contains(log, " POST /api/v1/check 200 ") {
		t.Errorf("request log (%d lines):\n%s", n, log)
	}
}

func TestServeQuiet(t *testing.T) {
	var stdout, stderr lockedBuffer
	c := &cli{stdin: strings.NewReader(""), stdout: &stdout, stderr: &stderr, getenv: func(string) string { return "" }}
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan int, 1)
	go func() { done <- c.run(ctx, []string{"serve", "--quiet", "--addr=127.0.0.1:0"}) }()
	urlRE := regexp.MustCompile(`http://127\.0\.0\.1:\d+/`)
	var url string
	for deadline := time.Now().Add(10 * time.Second); url == "" && time.Now().Before(deadline); time.Sleep(10 * time.Millisecond) {
		url = urlRE.FindString(stdout.String())
	}
	if url == "" {
		t.Fatal("no URL printed")
	}
	if resp, err := http.Get(url + "healthz"); err == nil {
		resp.Body.Close()
	}
	cancel()
	if code := <-done; code != exitOK || stderr.String() != "" {
		t.Errorf("exit %d, log %q", code, stderr.String())
	}
}

func TestServeErrors(t *testing.T) {
	// A port in use is a clear error with exit status 2.
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer ln.Close()
	stdout, stderr, code := runCLI(t, "", "serve", "--addr", ln.Addr().String())
	if code != exitUsage || stdout != "" || !strings.Contains(stderr, "address already in use") {
		t.Errorf("serve on a busy port: exit %d, stdout %q, stderr %q", code, stdout, stderr)
	}
	for _, tc := range []struct{ name string }{{"serve-help"}, {"serve-extra-arg"}, {"site-help"}, {"site-no-dir"}} {
		var args []string
		switch tc.name {
		case "serve-help":
			args = []string{"serve", "--help"}
		case "serve-extra-arg":
			args = []string{"serve", "8080"}
		case "site-help":
			args = []string{"site", "-h"}
		case "site-no-dir":
			args = []string{"site"}
		}
		stdout, stderr, code := runCLI(t, "", args...)
		var b strings.Builder
		b.WriteString("$ robotstxt " + strings.Join(args, " ") + "\n")
		b.WriteString(stdout)
		if stderr != "" {
			b.WriteString("--- stderr\n" + stderr)
		}
		b.WriteString("--- exit " + string(rune('0'+code)) + "\n")
		testutil.Golden(t, "testdata/serve/"+tc.name+".txt", []byte(b.String()))
	}
}

// TestSite writes the page to a folder and checks that it is complete: a
// static server of that folder serves a working page.
func TestSite(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "public")
	stdout, stderr, code := runCLI(t, "", "site", dir)
	if code != exitOK || stderr != "" {
		t.Fatalf("site: exit %d, stderr %q", code, stderr)
	}
	if !strings.Contains(stdout, "wrote ") || !strings.Contains(stdout, dir) {
		t.Errorf("site printed %q", stdout)
	}
	index, err := os.ReadFile(filepath.Join(dir, "index.html"))
	if err != nil {
		t.Fatal(err)
	}
	// Every asset index.html names is in the folder, and the module too.
	refs := regexp.MustCompile(`(?:src|href)="(v/[^"]+)"`).FindAllStringSubmatch(string(index), -1)
	if len(refs) < 3 {
		t.Fatalf("index.html names %d assets", len(refs))
	}
	assets := filepath.Dir(filepath.Join(dir, filepath.FromSlash(refs[0][1])))
	for _, name := range []string{"app.js", "worker.js", "wasm_exec.js", "robotstxt.wasm", "robotstxt.wasm.gz", "i18n/en.json", "i18n/ru.json", "i18n/ro.json"} {
		if _, err := os.Stat(filepath.Join(assets, name)); err != nil {
			t.Error(err)
		}
	}
	// Served by a plain file server, the page loads (no API needed).
	srv := http.FileServer(http.Dir(dir))
	rec := &statusRecorder{header: http.Header{}}
	srv.ServeHTTP(rec, mustRequest(t, "/"+refs[0][1]))
	if rec.status != 0 && rec.status != 200 {
		t.Errorf("static server: %s -> %d", refs[0][1], rec.status)
	}

	// A file in the way is a usage error.
	file := filepath.Join(t.TempDir(), "file")
	os.WriteFile(file, nil, 0o644)
	if _, stderr, code := runCLI(t, "", "site", file); code != exitUsage || !strings.Contains(stderr, "is not a directory") {
		t.Errorf("site onto a file: exit %d, stderr %q", code, stderr)
	}
}

type statusRecorder struct {
	header http.Header
	status int
}

func (r *statusRecorder) Header() http.Header         { return r.header }
func (r *statusRecorder) Write(b []byte) (int, error) { return len(b), nil }
func (r *statusRecorder) WriteHeader(code int)        { r.status = code }

func mustRequest(t *testing.T, path string) *http.Request {
	req, err := http.NewRequest("GET", "http://x"+path, nil)
	if err != nil {
		t.Fatal(err)
	}
	return req
}
