package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"os/signal"
	"sync"
	"syscall"
	"time"
)

// interruptGrace is how long a command may take to stop after a signal
// (to flush what it has answered, to close a database) before the process
// ends anyway: a read that cannot be cancelled, such as opening a FIFO no
// one writes to, must not keep it alive. A second signal ends it at once.
const interruptGrace = 2 * time.Second

// interrupted is the cause of a context cancelled by a signal.
type interrupted struct {
	sig  os.Signal
	once sync.Once // the message is printed once, by the command or the watchdog
}

func (e *interrupted) Error() string { return "interrupted (" + signalName(e.sig) + ")" }

// code is the exit status a shell gives a process the signal ended:
// 128 + the signal's number (130 for SIGINT, 143 for SIGTERM).
func (e *interrupted) code() int {
	if s, ok := e.sig.(syscall.Signal); ok {
		return 128 + int(s)
	}
	return 128 + int(syscall.SIGINT)
}

// announce prints that the command was interrupted, once.
func (e *interrupted) announce(w io.Writer) {
	e.once.Do(func() { fmt.Fprintf(w, "robotstxt: %s\n", e.Error()) })
}

func signalName(s os.Signal) string {
	switch s {
	case os.Interrupt:
		return "SIGINT"
	case syscall.SIGTERM:
		return "SIGTERM"
	}
	return s.String()
}

// interruptOf returns the signal that cancelled ctx, or nil.
func interruptOf(ctx context.Context) *interrupted {
	var in *interrupted
	if errors.As(context.Cause(ctx), &in) {
		return in
	}
	return nil
}

// withSignals returns a context cancelled, with an *interrupted cause, by
// SIGINT or SIGTERM. If the command has not returned interruptGrace after
// the signal, or a second signal comes, the process says so and exits with
// the signal's status. stop ends the watch.
func withSignals(parent context.Context, stderr io.Writer) (ctx context.Context, stop func()) {
	ctx, cancel := context.WithCancelCause(parent)
	sigs := make(chan os.Signal, 2)
	signal.Notify(sigs, os.Interrupt, syscall.SIGTERM)
	done := make(chan struct{})
	go func() {
		var in *interrupted
		select {
		case s := <-sigs:
			in = &interrupted{sig: s}
			cancel(in)
		case <-done:
			return
		}
		timer := time.NewTimer(interruptGrace)
		select {
		case <-sigs:
		case <-timer.C:
		case <-done:
			return
		}
		in.announce(stderr)
		os.Exit(in.code())
	}()
	var once sync.Once
	return ctx, func() {
		once.Do(func() {
			signal.Stop(sigs)
			close(done)
			cancel(nil)
		})
	}
}

// ctxReader reads from r until ctx is done, then returns ctx's error at
// once, even while a read of r is blocked (a terminal, a pipe, a FIFO no one
// writes to): the blocked read is left to finish in the background, into a
// buffer of its own, and what it reads is dropped. A regular file's read
// does not block, so it is read directly, after the same check of ctx: a
// goroutine and a copy per read cost a batch check of many URLs the
// runtime's hand-offs between threads and the page faults of a second
// buffer.
type ctxReader struct {
	ctx    context.Context
	r      io.Reader
	buf    []byte
	direct bool // r is a regular file
}

type readResult struct {
	n   int
	err error
}

// maxCtxRead bounds one read of a ctxReader (its buffer).
const maxCtxRead = 256 << 10

func newCtxReader(ctx context.Context, r io.Reader) *ctxReader {
	return &ctxReader{ctx: ctx, r: r, direct: isRegularFile(r)}
}

// isRegularFile reports whether r is an open regular file, whose reads
// return at once (not a terminal, pipe, FIFO, socket or device).
func isRegularFile(r io.Reader) bool {
	f, ok := r.(*os.File)
	if !ok || f == nil {
		return false
	}
	fi, err := f.Stat()
	return err == nil && fi.Mode().IsRegular()
}

func (cr *ctxReader) Read(p []byte) (int, error) {
	if err := cr.ctx.Err(); err != nil {
		return 0, err
	}
	if len(p) == 0 {
		return 0, nil
	}
	if cr.direct {
		return cr.r.Read(p)
	}
	// The read goes to a buffer of the reader's own, no longer than p, so
	// that a read left behind by a cancellation never writes to p.
	n := min(len(p), maxCtxRead)
	if cap(cr.buf) < n {
		cr.buf = make([]byte, n)
	}
	buf := cr.buf[:n]
	ch := make(chan readResult, 1)
	go func() {
		n, err := cr.r.Read(buf)
		ch <- readResult{n, err}
	}()
	select {
	case res := <-ch:
		return copy(p, buf[:res.n]), res.err
	case <-cr.ctx.Done():
		cr.buf = nil // the read left behind still owns it
		return 0, cr.ctx.Err()
	}
}

// underlying returns what a ctxReader wraps, for isTerminal.
func underlying(r any) any {
	if cr, ok := r.(*ctxReader); ok {
		return cr.r
	}
	return r
}
