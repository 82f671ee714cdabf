//go:build !unix

package testutil

import "time"

var processStart = time.Now()

// CPUTime is, where the system gives no CPU time of the process, the time
// since the process started: a looser bound, on the clock.
func CPUTime() time.Duration { return time.Since(processStart) }
