package main

import (
	"os"
	"strconv"
	"syscall"
	"testing"
	"unsafe"
)

// openPTY opens a pseudo-terminal and returns its terminal side, so that
// isTerminal sees a real terminal.
func openPTY(t *testing.T) *os.File {
	t.Helper()
	master, err := os.OpenFile("/dev/ptmx", os.O_RDWR, 0)
	if err != nil {
		t.Skipf("no pseudo-terminal: %v", err)
	}
	t.Cleanup(func() { master.Close() })
	var unlock int32
	if _, _, e := syscall.Syscall(syscall.SYS_IOCTL, master.Fd(), syscall.TIOCSPTLCK, uintptr(unsafe.Pointer(&unlock))); e != 0 {
		t.Skipf("unlockpt: %v", e)
	}
	var n uint32
	if _, _, e := syscall.Syscall(syscall.SYS_IOCTL, master.Fd(), syscall.TIOCGPTN, uintptr(unsafe.Pointer(&n))); e != 0 {
		t.Skipf("ptsname: %v", e)
	}
	tty, err := os.OpenFile("/dev/pts/"+strconv.Itoa(int(n)), os.O_RDWR|syscall.O_NOCTTY, 0)
	if err != nil {
		t.Skipf("open pts: %v", err)
	}
	t.Cleanup(func() { tty.Close() })
	return tty
}

// TestColorOnTerminal: colour on a terminal, except with NO_COLOR set or
// TERM=dumb (a terminal that has no colours); never off a terminal.
func TestColorOnTerminal(t *testing.T) {
	tty := openPTY(t)
	null, err := os.Open(os.DevNull)
	if err != nil {
		t.Fatal(err)
	}
	defer null.Close()
	for _, tt := range []struct {
		env  map[string]string
		out  *os.File
		want bool
	}{
		{map[string]string{"TERM": "xterm-256color"}, tty, true},
		{map[string]string{"TERM": "dumb"}, tty, false},
		{map[string]string{"TERM": "xterm", "NO_COLOR": "1"}, tty, false},
		{map[string]string{"TERM": "xterm"}, null, false},
	} {
		c := &cli{getenv: func(k string) string { return tt.env[k] }}
		if got := c.useColor(tt.out); got != tt.want {
			t.Errorf("env %v, %s: colour %v, want %v", tt.env, tt.out.Name(), got, tt.want)
		}
	}
}
