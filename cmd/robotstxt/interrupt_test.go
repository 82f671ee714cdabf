package main

import (
	"bytes"
	"context"
	"errors"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"
)

// TestMain lets the tests run the real command, with its real signal
// handling, as a child process of the test binary: with
// ROBOTSTXT_TEST_MAIN=1 the test binary is robotstxt.
func TestMain(m *testing.M) {
	if os.Getenv("ROBOTSTXT_TEST_MAIN") == "1" {
		main()
		return
	}
	os.Exit(m.Run())
}

// robotstxtCommand is the command line args run by the test binary as
// robotstxt, in dir.
func robotstxtCommand(t *testing.T, dir string, args ...string) *exec.Cmd {
	t.Helper()
	exe, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command(exe, args...)
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), "ROBOTSTXT_TEST_MAIN=1", "NO_COLOR=1")
	return cmd
}

// hangBound is how long a test waits for an interrupted command before it
// calls it a hang. It is no measure of speed: the command is expected to
// stop long before, and the bound only keeps a hang from blocking the run.
const hangBound = 30 * time.Second

// TestInterrupt sends SIGINT and SIGTERM to commands blocked where a signal
// used to be lost (reading standard input, a pipe, a FIFO, waiting for a
// server): each stops, says it was interrupted, and exits with 128 + the
// signal's number, as a shell reports a process the signal ended.
func TestInterrupt(t *testing.T) {
	if testing.Short() {
		t.Skip("runs the command as child processes")
	}
	dir := t.TempDir()
	robots := filepath.Join(dir, "robots.txt")
	if err := os.WriteFile(robots, []byte("User-agent: *\nDisallow: /private\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	fifo := filepath.Join(dir, "fifo")
	if err := syscall.Mkfifo(fifo, 0o600); err != nil {
		t.Skipf("no FIFO here: %v", err)
	}
	hang := make(chan struct{})
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		select { // answers nothing until the test ends
		case <-hang:
		case <-r.Context().Done():
		}
	}))
	defer srv.Close()
	defer close(hang)

	for _, tt := range []struct {
		name string
		args []string
	}{
		{"lint stdin", []string{"lint"}},
		{"lint fifo", []string{"lint", fifo}},
		{"lint file and fifo", []string{"lint", robots, fifo}},
		{"parse stdin", []string{"parse"}},
		{"report stdin", []string{"report", "-f", "-"}},
		{"check stdin", []string{"check", "-a", "bot", "/x"}},
		{"check fifo", []string{"check", "-a", "bot", "-f", fifo, "/x"}},
		{"check urls stdin", []string{"check", "-a", "bot", "-f", robots, "--urls", "-"}},
		{"check urls fifo", []string{"check", "-a", "bot", "-f", robots, "--urls", fifo}},
		{"diff stdin", []string{"diff", "-", robots}},
		{"test stdin", []string{"test", "-"}},
		{"gate stdin", []string{"gate", "--agent", "bot"}},
		{"fetch hanging server", []string{"fetch", "--allow-private", srv.URL}},
		{"check live hanging server", []string{"check", "--live", "--allow-private", "-a", "bot", srv.URL + "/x"}},
	} {
		for _, sig := range []syscall.Signal{syscall.SIGINT, syscall.SIGTERM} {
			t.Run(tt.name+" "+sig.String(), func(t *testing.T) {
				stderr, code := interrupt(t, dir, sig, tt.args)
				if want := 128 + int(sig); code != want {
					t.Errorf("exit status %d, want %d; stderr:\n%s", code, want, stderr)
				}
				if !strings.Contains(stderr, "robotstxt: interrupted (") {
					t.Errorf("stderr does not say the command was interrupted:\n%s", stderr)
				}
				if strings.Contains(stderr, "context canceled") {
					t.Errorf("stderr shows a raw context error:\n%s", stderr)
				}
			})
		}
	}
}

// interrupt runs args with standard input an open pipe no one writes to,
// sends sig, and returns standard error and the exit status. A signal that
// comes before the command has installed its handler ends the process the
// default way; the run is then tried again, later.
func interrupt(t *testing.T, dir string, sig syscall.Signal, args []string) (string, int) {
	t.Helper()
	for delay := 50 * time.Millisecond; ; delay *= 2 {
		cmd := robotstxtCommand(t, dir, args...)
		stdin, err := cmd.StdinPipe()
		if err != nil {
			t.Fatal(err)
		}
		var stderr bytes.Buffer
		cmd.Stderr = &stderr
		if err := cmd.Start(); err != nil {
			t.Fatal(err)
		}
		time.Sleep(delay)
		if err := cmd.Process.Signal(sig); err != nil {
			t.Fatalf("signal: %v (the command ended before it: %s)", err, stderr.String())
		}
		done := make(chan error, 1)
		go func() { done <- cmd.Wait() }()
		select {
		case err = <-done:
		case <-time.After(hangBound):
			_ = cmd.Process.Kill()
			t.Fatalf("%v: still running %v after %v", args, hangBound, sig)
		}
		stdin.Close()
		var ee *exec.ExitError
		if errors.As(err, &ee) {
			if ws, ok := ee.Sys().(syscall.WaitStatus); ok && ws.Signaled() && delay < 5*time.Second {
				continue // the handler was not yet installed
			}
			return stderr.String(), ee.ExitCode()
		}
		if err != nil {
			t.Fatal(err)
		}
		return stderr.String(), 0
	}
}

// TestInterruptCheckURLs: "check --urls -" stops reading at the signal: a
// URL that arrives after it is not answered (it used to be).
func TestInterruptCheckURLs(t *testing.T) {
	if testing.Short() {
		t.Skip("runs the command as a child process")
	}
	dir := t.TempDir()
	robots := filepath.Join(dir, "robots.txt")
	if err := os.WriteFile(robots, []byte("User-agent: *\nDisallow: /private\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	for delay := 100 * time.Millisecond; ; delay *= 2 {
		cmd := robotstxtCommand(t, dir, "check", "-a", "bot", "-f", robots, "--urls", "-")
		stdin, err := cmd.StdinPipe()
		if err != nil {
			t.Fatal(err)
		}
		var stdout, stderr bytes.Buffer
		cmd.Stdout, cmd.Stderr = &stdout, &stderr
		if err := cmd.Start(); err != nil {
			t.Fatal(err)
		}
		if _, err := io.WriteString(stdin, "/before\n"); err != nil {
			t.Fatal(err)
		}
		time.Sleep(delay)
		if err := cmd.Process.Signal(syscall.SIGINT); err != nil {
			t.Fatal(err)
		}
		time.Sleep(delay)
		_, _ = io.WriteString(stdin, "/after\n") // may fail: the command may have gone
		stdin.Close()
		err = cmd.Wait()
		var ee *exec.ExitError
		if !errors.As(err, &ee) {
			t.Fatalf("exit: %v, want status 130; stderr:\n%s", err, stderr.String())
		}
		if ws, ok := ee.Sys().(syscall.WaitStatus); ok && ws.Signaled() && delay < 5*time.Second {
			continue // the handler was not yet installed
		}
		if !strings.Contains(stdout.String(), "/before") && delay < 5*time.Second {
			continue // the signal came before the first URL was read
		}
		if ee.ExitCode() != 130 {
			t.Errorf("exit status %d, want 130; stderr:\n%s", ee.ExitCode(), stderr.String())
		}
		if strings.Contains(stdout.String(), "/after") {
			t.Errorf("a URL sent after the signal was answered:\n%s", stdout.String())
		}
		if !strings.Contains(stdout.String(), "/before") {
			// Read before the signal, so answered: what was read is not lost.
			t.Errorf("the URL read before the signal was not answered:\n%s", stdout.String())
		}
		return
	}
}

// TestCtxReaderReadsRegularFilesDirectly: a regular file, whose reads do
// not block, is read into the caller's buffer with no goroutine or buffer
// of the reader's own (no allocation per read), and still stops at a
// cancelled context; a pipe, which can block, keeps the cancellable read.
func TestCtxReaderReadsRegularFilesDirectly(t *testing.T) {
	name := filepath.Join(t.TempDir(), "urls.txt")
	text := strings.Repeat("https://example.com/a\n", 4000)
	if err := os.WriteFile(name, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
	f, err := os.Open(name)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	pr, pw, err := os.Pipe()
	if err != nil {
		t.Fatal(err)
	}
	defer pr.Close()
	defer pw.Close()
	for _, c := range []struct {
		name   string
		r      io.Reader
		direct bool
	}{
		{"regular file", f, true},
		{"pipe", pr, false},
		{"not a file", strings.NewReader(text), false},
	} {
		if got := newCtxReader(t.Context(), c.r).direct; got != c.direct {
			t.Errorf("%s: direct = %v, want %v", c.name, got, c.direct)
		}
	}

	cr := newCtxReader(t.Context(), f)
	var got bytes.Buffer
	buf := make([]byte, 1000)
	allocs := testing.AllocsPerRun(20, func() {
		n, _ := cr.Read(buf)
		got.Write(buf[:n])
	})
	if allocs != 0 {
		t.Errorf("a read of a regular file allocates %v times, want 0 (no goroutine, no buffer of its own)", allocs)
	}
	if want := text[:got.Len()]; got.String() != want || got.Len() != 21*1000 {
		t.Errorf("read %d bytes, not the file's first %d", got.Len(), 21*1000)
	}

	ctx, cancel := context.WithCancel(t.Context())
	cancel()
	if n, err := newCtxReader(ctx, f).Read(buf); n != 0 || !errors.Is(err, context.Canceled) {
		t.Errorf("cancelled: Read = %d, %v; want 0, context.Canceled", n, err)
	}
}
