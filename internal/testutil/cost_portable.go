package testutil

import (
	"runtime"
	"time"
)

// Cost runs f once, after a garbage collection, and returns the CPU time
// the process used meanwhile (f's, the collector's, and any other test's
// running in parallel, so a bound on it has room to spare) and the bytes f
// allocated.
func Cost(f func()) (cpu time.Duration, alloc uint64) {
	runtime.GC()
	var m0, m1 runtime.MemStats
	runtime.ReadMemStats(&m0)
	c0 := CPUTime()
	f()
	cpu = CPUTime() - c0
	runtime.ReadMemStats(&m1)
	return cpu, m1.TotalAlloc - m0.TotalAlloc
}
