package main

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// The status line of long runs: only where asked or on a terminal, redrawn
// in place, and always erased before other output, so that stdout and the
// status line never share a line of the terminal.
func TestProgressLine(t *testing.T) {
	for _, tt := range []struct {
		flag, term string
		want       bool
	}{
		{"auto", "xterm", false}, // a test's buffer is no terminal
		{"always", "xterm", true},
		{"never", "xterm", false},
		{"auto", "dumb", false},
	} {
		var b bytes.Buffer
		fs := (&cli{stderr: &b, getenv: func(k string) string { return map[string]string{"TERM": tt.term}[k] }})
		flags := fs.newFlags("x", "", "", "")
		get := addProgressFlag(flags, fs)
		if err := flags.Parse([]string{"--progress", tt.flag}); err != nil {
			t.Fatal(err)
		}
		p, err := get()
		if err != nil {
			t.Fatal(err)
		}
		out := p.before(&b)
		p.show("step %d of %d", 1, 2)
		p.show("step %d of %d", 2, 2)
		out.Write([]byte("result\n"))
		p.show("waiting\x1b[2J")
		p.clear()
		want := ""
		if tt.want {
			want = "\r\x1b[Kstep 1 of 2\r\x1b[Kstep 2 of 2\r\x1b[Kresult\n\r\x1b[Kwaiting\\x1b[2J\r\x1b[K"
		} else {
			want = "result\n"
		}
		if b.String() != want {
			t.Errorf("--progress %s, TERM=%s: %q, want %q", tt.flag, tt.term, b.String(), want)
		}
	}
	c := &cli{getenv: func(string) string { return "" }}
	flags := c.newFlags("x", "", "", "")
	get := addProgressFlag(flags, c)
	flags.Parse([]string{"--progress", "sometimes"})
	if _, err := get(); err == nil {
		t.Error("--progress sometimes: no error")
	}
}

// watch --progress always shows the fetch under way and the wait for the
// next one; the lines on standard output are those of a run without it.
func TestWatchProgress(t *testing.T) {
	clk := &fakeClock{t: time.Date(2026, 11, 1, 0, 0, 0, 0, time.UTC)}
	old := watchClock
	watchClock = clk
	t.Cleanup(func() { watchClock = old })
	site := newScriptedSite(t, clk, crawlerRoute{body: watchA}, crawlerRoute{body: watchB})
	dir := t.TempDir()
	args := []string{"watch", site.URL, "--every", "1h", "--count", "2", "--allow-private"}
	plain, _, code := runCLI(t, "", append(args, "--db", filepath.Join(dir, "a.db"))...)
	if code != 0 {
		t.Fatalf("exit %d", code)
	}
	clk.t = time.Date(2026, 11, 1, 0, 0, 0, 0, time.UTC)
	site.n = 0
	stdout, stderr, code := runCLI(t, "", append(args, "--db", filepath.Join(dir, "b.db"), "--progress", "always")...)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	if stdout != plain {
		t.Errorf("stdout with --progress:\n%s\nwithout:\n%s", stdout, plain)
	}
	for _, want := range []string{"watch: round 1: fetching 1 of 1: " + site.URL + "/robots.txt",
		"watch: 1 site, round 2: next fetch " + site.URL + "/robots.txt (in 1h0m0s)", "watch: round 2: fetching 1 of 1"} {
		if !strings.Contains(stderr, want) {
			t.Errorf("stderr lacks %q: %q", want, stderr)
		}
	}
	if !strings.HasSuffix(stderr, "\r\x1b[K") {
		t.Errorf("the status line is not erased at the end: %q", stderr)
	}
}

// lint --progress always names each file as it is linted, on standard
// error; standard output is that of a run without it, and the line is
// erased at the end.
func TestLintProgress(t *testing.T) {
	dir := t.TempDir()
	for _, name := range []string{"a.txt", "b.txt", "c.txt"} {
		if err := os.WriteFile(filepath.Join(dir, name), []byte("User-agent: *\nDisallow: x\n"), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	plain, _, code := runCLI(t, "", "lint", "--include", "*.txt", dir)
	if code != 1 {
		t.Fatalf("exit %d, want 1 (an error: no leading slash)", code)
	}
	stdout, stderr, code := runCLI(t, "", "lint", "--include", "*.txt", "--progress", "always", dir)
	if code != 1 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	if stdout != plain {
		t.Errorf("stdout with --progress:\n%s\nwithout:\n%s", stdout, plain)
	}
	for i, name := range []string{"a.txt", "b.txt", "c.txt"} {
		if want := fmt.Sprintf("lint: %d of 3: %s", i+1, filepath.Join(dir, name)); !strings.Contains(stderr, want) {
			t.Errorf("stderr lacks %q: %q", want, stderr)
		}
	}
	if !strings.HasSuffix(stderr, "\r\x1b[K") {
		t.Errorf("the status line is not erased at the end: %q", stderr)
	}
	if _, stderr, _ := runCLI(t, "", "lint", "--include", "*.txt", dir); strings.Contains(stderr, "\x1b[K") {
		t.Errorf("a status line with no terminal: %q", stderr)
	}
}

// lint --fix --progress always says, while it proves fixes, whose fixes.
func TestLintFixProgress(t *testing.T) {
	dir := t.TempDir()
	file := filepath.Join(dir, "robots.txt")
	if err := os.WriteFile(file, []byte("Useragent: *\nDisallow: /x\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	_, stderr, code := runCLI(t, "", "lint", "--fix", "--progress", "always", file)
	if code != 0 || !strings.Contains(stderr, "lint: proving the fixes of "+file) || !strings.Contains(stderr, "fixed 1 finding") {
		t.Errorf("exit %d, stderr %q", code, stderr)
	}
}
