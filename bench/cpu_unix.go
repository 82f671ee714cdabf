//go:build unix

package bench

import (
	"syscall"
	"time"
)

// cpuTime is the CPU time the process has used so far (user and system,
// all threads, so the garbage collector's work counts), or -1 when unknown.
func cpuTime() time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return -1
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}
