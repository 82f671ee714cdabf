package bench

import (
	"bufio"
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"math"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"time"
)

// SuiteTarget is issue 25's bound on the README's test command, on the
// clock of a quiet machine.
const SuiteTarget = 5 * time.Minute

// SuiteCommand is the README's test command with the test cache turned off,
// so that every test runs.
var SuiteCommand = []string{"go", "test", "-count=1", "./..."}

// SuiteTime is one run of the test suite.
type SuiteTime struct {
	Command []string
	Wall    time.Duration
	// CPU is the user and system time of the command and of the processes
	// it waited for (the test binaries; not the processes a test left to
	// the system, as a browser's helpers can be).
	CPU time.Duration
	// Busy is the CPU time the whole machine spent during the run, from
	// /proc/stat (0 where there is none), and Cores the cores it had.
	Busy  time.Duration
	Cores int
	// Packages are the packages' own times as go test reports them,
	// slowest first; Failed the packages (or "build") that failed.
	Packages []PackageTime
	Failed   []string
}

// PackageTime is a package's test time as go test reports it.
type PackageTime struct {
	Path    string
	Elapsed time.Duration
}

// TimeSuite runs cmd (SuiteCommand when nil) in dir and times it. A suite
// whose tests fail is timed too, with its failures; an error means the
// command could not run at all.
func TimeSuite(ctx context.Context, dir string, cmd []string) (SuiteTime, error) {
	if cmd == nil {
		cmd = SuiteCommand
	}
	s := SuiteTime{Command: cmd, Cores: runtime.NumCPU()}
	c := exec.CommandContext(ctx, cmd[0], cmd[1:]...)
	c.Dir = dir
	var out bytes.Buffer
	c.Stdout, c.Stderr = &out, &out
	before, haveBusy := machineBusy()
	start := time.Now()
	err := c.Run()
	s.Wall = time.Since(start)
	if after, ok := machineBusy(); ok && haveBusy {
		s.Busy = after - before
	}
	var exit *exec.ExitError
	if err != nil && !errors.As(err, &exit) {
		return s, fmt.Errorf("running %s in %s: %v", strings.Join(cmd, " "), dir, err)
	}
	if st := c.ProcessState; st != nil {
		s.CPU = st.UserTime() + st.SystemTime()
	}
	s.Packages, s.Failed = parseTestOutput(&out)
	if err != nil && len(s.Failed) == 0 {
		s.Failed = []string{"the command (" + exit.Error() + ")"}
	}
	return s, nil
}

// RepoRoot returns the repository's root seen from the bench module's
// folder: the folder above, if it holds the library's go.mod.
func RepoRoot() (string, error) {
	dir, err := filepath.Abs("..")
	if err != nil {
		return "", err
	}
	b, err := os.ReadFile(filepath.Join(dir, "go.mod"))
	if err != nil || !bytes.HasPrefix(b, []byte("module github.com/robotstxt/robotstxt\n")) {
		return "", fmt.Errorf("%s is not the robotstxt repository: run benchtable from its bench folder", dir)
	}
	return dir, nil
}

// parseTestOutput reads go test's summary lines ("ok  \tpath\t1.234s",
// "FAIL\tpath\t1.2s", "FAIL\tpath [build failed]") and returns the
// packages' times, slowest first, and the failed packages. Other lines
// (test output, "?  path [no test files]") are skipped.
func parseTestOutput(r io.Reader) (pkgs []PackageTime, failed []string) {
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 64<<10), 1<<20)
	for sc.Scan() {
		f := strings.Split(sc.Text(), "\t")
		if len(f) < 2 {
			continue
		}
		status := strings.TrimSpace(f[0])
		if status != "ok" && status != "FAIL" {
			continue
		}
		path := strings.TrimSpace(f[1])
		if status == "FAIL" {
			p, _, _ := strings.Cut(path, " ")
			failed = append(failed, p)
		}
		if len(f) < 3 {
			continue
		}
		t := strings.Fields(f[2])
		if len(t) == 0 {
			continue
		}
		secs, err := strconv.ParseFloat(strings.TrimSuffix(t[0], "s"), 64)
		if err != nil || secs < 0 {
			continue // "(cached)" cannot be: the suite runs with -count=1
		}
		pkgs = append(pkgs, PackageTime{Path: path, Elapsed: time.Duration(secs * float64(time.Second))})
	}
	slices.SortStableFunc(pkgs, func(a, b PackageTime) int { return int(b.Elapsed - a.Elapsed) })
	return pkgs, failed
}

// machineBusy returns the CPU time the machine has spent busy since it
// started, every core's added (/proc/stat's first line, idle and iowait
// left out).
func machineBusy() (time.Duration, bool) {
	b, err := os.ReadFile("/proc/stat")
	if err != nil {
		return 0, false
	}
	return parseBusy(b)
}

// parseBusy reads the "cpu" line of /proc/stat, whose figures are in
// clock ticks (USER_HZ, 100 a second on Linux): user, nice, system, idle,
// iowait, irq, softirq, steal, then guest and guest_nice, which user and
// nice already count (proc(5)).
func parseBusy(stat []byte) (time.Duration, bool) {
	line, _, _ := bytes.Cut(stat, []byte("\n"))
	f := strings.Fields(string(line))
	if len(f) < 6 || f[0] != "cpu" {
		return 0, false
	}
	var ticks int64
	for i, x := range f[1:] {
		n, err := strconv.ParseInt(x, 10, 64)
		if err != nil {
			return 0, false
		}
		switch i {
		case 3, 4, 8, 9: // idle, iowait, guest, guest_nice
		default:
			ticks += n
		}
	}
	return time.Duration(ticks) * (time.Second / 100), true
}

// SuiteRow is the suite's target as a row (for -strict; not printed).
func SuiteRow(s SuiteTime) Row {
	return Row{What: "test suite", Ours: s.Wall.Seconds(), Temoto: math.NaN(), Ratio: math.NaN(),
		Target: "< " + minSec(SuiteTarget), Met: yesNo(s.Wall < SuiteTarget && len(s.Failed) == 0)}
}

// WriteSuite writes the suite's figures: its time against SuiteTarget,
// its CPU, and its slowest packages.
func WriteSuite(w io.Writer, s SuiteTime) error {
	var b strings.Builder
	fmt.Fprintf(&b, "Test suite (`%s` in the repository: the README's test command without the test cache): %s on the clock; target under %s: %s.",
		strings.Join(s.Command, " "), minSec(s.Wall), minSec(SuiteTarget), SuiteRow(s).Met)
	if len(s.Failed) > 0 {
		fmt.Fprintf(&b, " Failed: %s.", strings.Join(s.Failed, ", "))
	}
	fmt.Fprintf(&b, " CPU: %s s by the command and the processes it waited for", num(s.CPU.Seconds()))
	if s.Busy > 0 {
		fmt.Fprintf(&b, "; the whole machine was busy %s s of the %s s its %d cores had (%.0f%%)",
			num(s.Busy.Seconds()), num(s.Wall.Seconds()*float64(s.Cores)), s.Cores, 100*s.Busy.Seconds()/(s.Wall.Seconds()*float64(s.Cores)))
	}
	b.WriteString(".")
	if len(s.Packages) > 0 {
		var total time.Duration
		for _, p := range s.Packages {
			total += p.Elapsed
		}
		fmt.Fprintf(&b, " The packages' own times add up to %s s; the slowest:", num(total.Seconds()))
		for i, p := range s.Packages[:min(len(s.Packages), 8)] {
			sep := ","
			if i == 0 {
				sep = ""
			}
			fmt.Fprintf(&b, "%s %s %s s", sep, shortPackage(p.Path), num(p.Elapsed.Seconds()))
		}
		b.WriteString(".")
	}
	b.WriteString("\n")
	_, err := io.WriteString(w, b.String())
	return err
}

// minSec writes d as "4 min 17 s" (or "42 s", "5 min").
func minSec(d time.Duration) string {
	d = d.Round(time.Second)
	switch {
	case d < time.Minute:
		return fmt.Sprintf("%d s", int(d.Seconds()))
	case d%time.Minute == 0:
		return fmt.Sprintf("%d min", int(d.Minutes()))
	}
	return fmt.Sprintf("%d min %d s", int(d.Minutes()), int(d.Seconds())%60)
}

// shortPackage is a package's path within the module ("." for the root).
func shortPackage(path string) string {
	const module = "github.com/robotstxt/robotstxt"
	if path == module {
		return "."
	}
	return strings.TrimPrefix(path, module+"/")
}
