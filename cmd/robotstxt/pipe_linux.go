package main

import (
	"os"
	"syscall"
)

// Linux's F_SETPIPE_SZ and F_GETPIPE_SZ.
const (
	fSetPipeSize = 1031
	fGetPipeSize = 1032
	pipeSize     = 1 << 20
)

// growPipe asks the kernel for a pipe buffer of 1 MiB (the default
// /proc/sys/fs/pipe-max-size, which needs no privilege) when w is a pipe,
// before a command writes many megabytes into it. With the default 64 KiB
// each of check's 256 KiB writes was cut into four, every piece blocking
// until the reader drained the pipe and waking it again: 100,000 answers
// in JSON (37 MB) spent about a fifth of their CPU time in pipe_write and
// the switches it causes (docs/performance.md, "The whole process"). A
// refusal (the per-user pipe allowance spent) changes nothing: the answers
// are the same. A pipe already as large is left as it is.
func growPipe(w any) bool {
	f, ok := underlying(w).(*os.File)
	if !ok {
		return false
	}
	fi, err := f.Stat()
	if err != nil || fi.Mode()&os.ModeNamedPipe == 0 {
		return false
	}
	rc, err := f.SyscallConn()
	if err != nil {
		return false
	}
	grown := false
	rc.Control(func(fd uintptr) {
		size, _, errno := syscall.Syscall(syscall.SYS_FCNTL, fd, fGetPipeSize, 0)
		if errno != 0 || size >= pipeSize {
			return
		}
		_, _, errno = syscall.Syscall(syscall.SYS_FCNTL, fd, fSetPipeSize, pipeSize)
		grown = errno == 0
	})
	return grown
}
