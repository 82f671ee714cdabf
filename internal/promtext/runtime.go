package promtext

import (
	"runtime"
	"time"
)

// start is when the process started, near enough: when this package was
// initialised.
var start = time.Now()

// RuntimeMetrics returns a few of the Go runtime's and the process's
// metrics, under the names of the Prometheus client's Go and process
// collectors: goroutines, heap, collections, version; CPU seconds,
// resident and virtual memory, open and maximum file descriptors, start
// time (the process metrics where the system gives them).
func RuntimeMetrics() []Collector {
	mem := func(f func(*runtime.MemStats) float64) func() (float64, bool) {
		return func() (float64, bool) {
			var m runtime.MemStats
			runtime.ReadMemStats(&m)
			return f(&m), true
		}
	}
	cs := []Collector{
		&gaugeFunc{opts: Opts{"go_goroutines", "Number of goroutines that currently exist."}, typ: "gauge",
			f: func() (float64, bool) { return float64(runtime.NumGoroutine()), true }},
		&gaugeFunc{opts: Opts{"go_info", "Information about the Go environment."}, typ: "gauge",
			labels: []string{"version"}, values: []string{runtime.Version()}, f: func() (float64, bool) { return 1, true }},
		&gaugeFunc{opts: Opts{"go_memstats_alloc_bytes", "Number of bytes allocated in heap and currently in use."}, typ: "gauge",
			f: mem(func(m *runtime.MemStats) float64 { return float64(m.HeapAlloc) })},
		&gaugeFunc{opts: Opts{"go_memstats_heap_objects", "Number of currently allocated objects."}, typ: "gauge",
			f: mem(func(m *runtime.MemStats) float64 { return float64(m.HeapObjects) })},
		&gaugeFunc{opts: Opts{"go_memstats_sys_bytes", "Number of bytes obtained from system."}, typ: "gauge",
			f: mem(func(m *runtime.MemStats) float64 { return float64(m.Sys) })},
		&gaugeFunc{opts: Opts{"go_memstats_next_gc_bytes", "Number of heap bytes when next garbage collection will take place."}, typ: "gauge",
			f: mem(func(m *runtime.MemStats) float64 { return float64(m.NextGC) })},
		&gaugeFunc{opts: Opts{"go_gc_cycles_total", "Number of completed garbage collection cycles."}, typ: "counter",
			f: mem(func(m *runtime.MemStats) float64 { return float64(m.NumGC) })},
		&gaugeFunc{opts: Opts{"process_start_time_seconds", "Start time of the process since unix epoch in seconds."}, typ: "gauge",
			f: func() (float64, bool) { return float64(start.UnixNano()) / 1e9, true }},
	}
	return append(cs, processMetrics()...)
}
