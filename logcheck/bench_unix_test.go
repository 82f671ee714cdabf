//go:build unix

package logcheck

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/robotstxt/robotstxt/internal/loggen"
	"github.com/robotstxt/robotstxt/logs"
)

// cpuTime is the CPU time (user and system) this process has used: the
// benchmarks report lines per CPU-second, which a busy machine does not
// skew as it skews wall time, and which counts every goroutine.
func cpuTime() time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

var benchLog = sync.OnceValue(func() string { log, _ := loggen.Combined(200000, 1); return log })

// BenchmarkPipeline measures the whole of "robotstxt logs" on one core:
// read, parse, identify, verify against the IP lists, judge, count. Its
// lines/s is set beside grep -c over the same file (BenchmarkGrepCount).
func BenchmarkPipeline(b *testing.B) {
	log := benchLog()
	b.SetBytes(int64(len(log)))
	b.ResetTimer()
	cpu0 := cpuTime()
	for range b.N {
		c := newGenChecker(b)
		runPipeline(b, c, 1, logs.Input{Name: "gen", R: strings.NewReader(log)})
	}
	b.ReportMetric(float64(200000*b.N)/b.Elapsed().Seconds(), "lines/s")
	b.ReportMetric(float64(200000*b.N)/(cpuTime()-cpu0).Seconds(), "lines/cpu-s")
}

// BenchmarkGrepCount runs grep -c on the same generated log, from a file,
// as the baseline of BenchmarkPipeline (skipped when grep is missing).
func BenchmarkGrepCount(b *testing.B) {
	grep, err := exec.LookPath("grep")
	if err != nil {
		b.Skip("no grep on the PATH")
	}
	log := benchLog()
	path := filepath.Join(b.TempDir(), "access.log")
	if err := os.WriteFile(path, []byte(log), 0o644); err != nil {
		b.Fatal(err)
	}
	b.SetBytes(int64(len(log)))
	b.ResetTimer()
	var cpu time.Duration
	for range b.N {
		cmd := exec.Command(grep, "-c", "GPTBot", path)
		if out, err := cmd.Output(); err != nil || len(out) == 0 {
			b.Fatal(err)
		}
		cpu += cmd.ProcessState.UserTime() + cmd.ProcessState.SystemTime()
	}
	b.ReportMetric(float64(200000*b.N)/b.Elapsed().Seconds(), "lines/s")
	b.ReportMetric(float64(200000*b.N)/cpu.Seconds(), "lines/cpu-s")

}
