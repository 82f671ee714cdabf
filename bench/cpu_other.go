//go:build !unix

package bench

import "time"

// cpuTime is unknown on this system.
func cpuTime() time.Duration { return -1 }
