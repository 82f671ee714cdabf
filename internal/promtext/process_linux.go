package promtext

import (
	"os"
	"strconv"
	"strings"
	"syscall"
)

// processMetrics reads the process's CPU time, memory and file
// descriptors from the system, as the client's process Collector does on
// Linux.
func processMetrics() []Collector {
	statm := func(field int) func() (float64, bool) {
		return func() (float64, bool) {
			b, err := os.ReadFile("/proc/self/statm")
			if err != nil {
				return 0, false
			}
			f := strings.Fields(string(b))
			if len(f) <= field {
				return 0, false
			}
			pages, err := strconv.ParseFloat(f[field], 64)
			return pages * float64(os.Getpagesize()), err == nil
		}
	}
	return []Collector{
		&gaugeFunc{opts: Opts{"process_cpu_seconds_total", "Total user and system CPU time spent in seconds."}, typ: "counter",
			f: func() (float64, bool) {
				var ru syscall.Rusage
				if syscall.Getrusage(syscall.RUSAGE_SELF, &ru) != nil {
					return 0, false
				}
				return float64(ru.Utime.Nano()+ru.Stime.Nano()) / 1e9, true
			}},
		&gaugeFunc{opts: Opts{"process_virtual_memory_bytes", "Virtual memory size in bytes."}, typ: "gauge", f: statm(0)},
		&gaugeFunc{opts: Opts{"process_resident_memory_bytes", "Resident memory size in bytes."}, typ: "gauge", f: statm(1)},
		&gaugeFunc{opts: Opts{"process_open_fds", "Number of open file descriptors."}, typ: "gauge",
			f: func() (float64, bool) {
				fds, err := os.ReadDir("/proc/self/fd")
				return float64(len(fds)), err == nil
			}},
		&gaugeFunc{opts: Opts{"process_max_fds", "Maximum number of open file descriptors."}, typ: "gauge",
			f: func() (float64, bool) {
				var l syscall.Rlimit
				if syscall.Getrlimit(syscall.RLIMIT_NOFILE, &l) != nil {
					return 0, false
				}
				return float64(l.Cur), true
			}},
	}
}
