//go:build unix

package testutil

import (
	"syscall"
	"time"
)

// CPUTime is the CPU time (user and system) the process has used so far.
// Tests bound it rather than the clock: on a loaded machine the clock runs
// on while the test waits for a core, but the CPU time a piece of work
// takes grows little.
func CPUTime() time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}
