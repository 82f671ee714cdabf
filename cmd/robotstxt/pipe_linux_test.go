package main

import (
	"bytes"
	"context"
	"io"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
)

func pipeSizeOf(t *testing.T, f *os.File) int {
	t.Helper()
	size, _, errno := syscall.Syscall(syscall.SYS_FCNTL, f.Fd(), fGetPipeSize, 0)
	if errno != 0 {
		t.Fatal(errno)
	}
	return int(size)
}

func newPipe(t *testing.T) *os.File {
	t.Helper()
	r, w, err := os.Pipe()
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { r.Close(); w.Close() })
	return w
}

// TestGrowPipe: a batch's output pipe is grown to 1 MiB, one as large or
// larger is left as it is, and what is not a pipe is not touched.
func TestGrowPipe(t *testing.T) {
	w := newPipe(t)
	if got := pipeSizeOf(t, w); got >= pipeSize {
		t.Fatalf("a new pipe already has %d bytes", got)
	}
	if !growPipe(w) {
		t.Fatal("growPipe did not grow a new pipe")
	}
	if got := pipeSizeOf(t, w); got != pipeSize {
		t.Fatalf("pipe size %d, want %d", got, pipeSize)
	}
	if growPipe(w) {
		t.Error("growPipe set a pipe already of its size again")
	}

	// Larger than the unprivileged limit: only with CAP_SYS_RESOURCE.
	big := newPipe(t)
	if _, _, errno := syscall.Syscall(syscall.SYS_FCNTL, big.Fd(), fSetPipeSize, 4*pipeSize); errno == 0 {
		if growPipe(big) || pipeSizeOf(t, big) != 4*pipeSize {
			t.Errorf("growPipe shrank a pipe of %d bytes to %d", 4*pipeSize, pipeSizeOf(t, big))
		}
	}

	f, err := os.Create(filepath.Join(t.TempDir(), "out"))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	if growPipe(f) {
		t.Error("growPipe grew a regular file")
	}
	if growPipe(nil) {
		t.Error("growPipe(nil)")
	}
}

// TestCheckBatchGrowsItsPipe: check --urls grows the pipe it writes into,
// and its answers are the same as into a buffer.
func TestCheckBatchGrowsItsPipe(t *testing.T) {
	dir := t.TempDir()
	robots, urls := filepath.Join(dir, "robots.txt"), filepath.Join(dir, "urls")
	if err := os.WriteFile(robots, []byte("User-agent: *\nDisallow: /private\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(urls, []byte("https://example.com/private/a\nhttps://example.com/public\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	args := []string{"check", "-f", robots, "-a", "ExampleBot", "--urls", urls, "--json"}
	var want, stderr bytes.Buffer
	code := Run(context.Background(), args, strings.NewReader(""), &want, &stderr)

	r, w, err := os.Pipe()
	if err != nil {
		t.Fatal(err)
	}
	defer r.Close()
	got := make(chan []byte)
	go func() { b, _ := io.ReadAll(r); got <- b }()
	if c := Run(context.Background(), args, strings.NewReader(""), w, io.Discard); c != code {
		t.Errorf("exit status %d into a pipe, %d into a buffer", c, code)
	}
	size := pipeSizeOf(t, w)
	w.Close()
	if out := <-got; string(out) != want.String() {
		t.Errorf("into a pipe:\n%s\ninto a buffer:\n%s", out, want.String())
	}
	if size != pipeSize {
		t.Errorf("check --urls left its pipe at %d bytes, want %d", size, pipeSize)
	}
	if want.Len() == 0 {
		t.Fatalf("no answers (stderr %q)", stderr.String())
	}
}
