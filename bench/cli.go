package bench

import (
	"bytes"
	"fmt"
	"io"
	"math"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"
)

// The command-line comparison: "robotstxt check" against temotocheck
// (cmd/temotocheck, the same job on temoto) and against a floor, a process
// that only reads the URLs and writes the same bytes (cat of the URL file
// and of our output). Each is a whole process, timed by its CPU time.

// CLIURLs is the number of URLs of the command-line workload.
const CLIURLs = 100_000

// CLIFile is the corpus file of the command-line workload.
const CLIFile = "en.wikipedia.org.txt"

// CLIURLList returns n URL paths, deterministic, in the style of a wiki's.
func CLIURLList(n int) []string {
	rng := rand.New(rand.NewPCG(14, 100))
	words := []string{"wiki", "w", "index.php", "Special:Search", "api", "User:Foo", "Talk:Bar", "images", "static", "a%C3%A9"}
	out := make([]string, n)
	for i := range out {
		var b strings.Builder
		for range 1 + rng.IntN(4) {
			b.WriteString("/" + words[rng.IntN(len(words))])
		}
		if i%3 == 0 {
			fmt.Fprintf(&b, "?q=%d", i)
		}
		out[i] = b.String()
	}
	return out
}

// CLISetup is the built commands and the workload's files.
type CLISetup struct {
	Ours, Temoto, Robots, URLs string
	Worst                      string // the 507 KB file of ManyAgentsFile
	dir                        string
}

// NewCLISetup builds the commands into a temporary folder and writes the
// workload there: CLIFile from files, and the URLs. root is the repository
// (the folder above bench).
func NewCLISetup(root string, files []File) (*CLISetup, error) {
	var robots []byte
	for _, f := range files {
		if f.Name == CLIFile {
			robots = f.Data
		}
	}
	if robots == nil {
		return nil, fmt.Errorf("%s is not in the corpus", CLIFile)
	}
	dir, err := os.MkdirTemp("", "bench-cli")
	if err != nil {
		return nil, err
	}
	s := &CLISetup{dir: dir, Ours: filepath.Join(dir, "robotstxt"), Temoto: filepath.Join(dir, "temotocheck"),
		Robots: filepath.Join(dir, CLIFile), URLs: filepath.Join(dir, "urls.txt")}
	if err := os.WriteFile(s.Robots, robots, 0o644); err != nil {
		return nil, err
	}
	if err := os.WriteFile(s.URLs, []byte(strings.Join(CLIURLList(CLIURLs), "\n")+"\n"), 0o644); err != nil {
		return nil, err
	}
	s.Worst = filepath.Join(dir, "worst-agents.txt")
	worst, _ := ManyAgentsFile(WorstAgents, WorstAgentsBytes)
	if err := os.WriteFile(s.Worst, []byte(worst), 0o644); err != nil {
		return nil, err
	}
	for _, b := range []struct{ folder, out, pkg string }{{root, s.Ours, "./cmd/robotstxt"}, {".", s.Temoto, "./cmd/temotocheck"}} {
		cmd := exec.Command("go", "build", "-o", b.out, b.pkg)
		cmd.Dir = b.folder
		if out, err := cmd.CombinedOutput(); err != nil {
			return nil, fmt.Errorf("building %s: %v\n%s", b.pkg, err, out)
		}
	}
	return s, nil
}

// Close removes the temporary folder.
func (s *CLISetup) Close() { os.RemoveAll(s.dir) }

// run runs a command and returns its CPU time (user and system).
func run(stdout io.Writer, name string, args ...string) (time.Duration, error) {
	d, err := runCmd(exec.Command(name, args...), stdout)
	return d, err
}

// gnuTime is GNU time, which measures a command's peak resident set
// without counting ours: a child started by this process inherits its
// high-water mark, so the child's own rusage says more than it used.
const gnuTime = "/usr/bin/time"

// runPeak is run that also returns the process's peak resident set in MB,
// measured by GNU time (NaN when it is missing; Debian's package "time").
func runPeak(stdout io.Writer, name string, args ...string) (time.Duration, float64, error) {
	if _, err := os.Stat(gnuTime); err != nil {
		d, err := run(stdout, name, args...)
		return d, math.NaN(), err
	}
	f, err := os.CreateTemp("", "bench-peak")
	if err != nil {
		return 0, 0, err
	}
	f.Close()
	defer os.Remove(f.Name())
	d, err := runCmd(exec.Command(gnuTime, append([]string{"-f", "%M", "-o", f.Name(), name}, args...)...), stdout)
	if err != nil {
		return 0, 0, err
	}
	out, err := os.ReadFile(f.Name())
	if err != nil {
		return 0, 0, err
	}
	// The last line: before it, GNU time notes a non-zero exit status.
	lines := strings.Split(strings.TrimSpace(string(out)), "\n")
	kb, err := strconv.ParseFloat(lines[len(lines)-1], 64)
	if err != nil {
		return 0, 0, fmt.Errorf("%s: %q is not a size", gnuTime, out)
	}
	return d, kb * 1024 / 1e6, nil
}

// runCmd runs cmd and returns its CPU time, children included; exit
// status 1 is an answer, not a failure.
func runCmd(cmd *exec.Cmd, stdout io.Writer) (time.Duration, error) {
	name := cmd.Path
	cmd.Stdout = stdout
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	err := cmd.Run()
	if cmd.ProcessState == nil {
		return 0, err
	}
	if ee, ok := err.(*exec.ExitError); ok && ee.ExitCode() == 1 {
		err = nil // check: some URL is disallowed; lint: errors found
	}
	if err != nil {
		return 0, fmt.Errorf("%s: %v: %s", name, err, stderr.String())
	}
	return cmd.ProcessState.UserTime() + cmd.ProcessState.SystemTime(), nil
}

// The audit and the report as whole processes: lint and report on the
// issue's 507 KB worst file (4,000 user-agent lines sharing 8,000 rules),
// report on en.wikipedia.org's file, and lint over the whole corpus in one
// process. Ours only: temoto has no such commands.
func (s *Suite) addTools(setup func() *CLISetup) {
	for _, t := range []struct {
		cas  string
		args func(cs *CLISetup) []string
	}{
		{"lint-worst", func(cs *CLISetup) []string { return []string{"lint", cs.Worst} }},
		{"report-worst", func(cs *CLISetup) []string { return []string{"report", "-f", cs.Worst} }},
		{"report-wikipedia", func(cs *CLISetup) []string { return []string{"report", "-f", cs.Robots} }},
		{"lint-corpus", func(cs *CLISetup) []string { return []string{"lint", CorpusRel} }},
	} {
		s.add("Tools", t.cas, Ours, func(b *testing.B) {
			cs := setup()
			if cs == nil {
				b.Skip("the commands could not be built")
			}
			var cpu time.Duration
			peak := 0.0
			for i := 0; i < b.N; i++ {
				d, mb, err := runPeak(io.Discard, cs.Ours, t.args(cs)...)
				if err != nil {
					b.Fatal(err)
				}
				cpu += d
				peak = max(peak, mb)
			}
			b.ReportMetric(float64(cpu.Nanoseconds())/float64(b.N), "cpu-ns/op")
			b.ReportMetric(peak, "peak-MB")
		})
	}
}

// addCLI adds the command-line benchmarks: for text and JSON output, ours,
// temotocheck and the floor. Each op is one process; cpu-ns/op is its CPU
// time.
func (s *Suite) addCLI(setup func() *CLISetup) {
	for _, mode := range []string{"text", "json"} {
		var flags []string
		if mode == "json" {
			flags = []string{"--json"}
		}
		proc := func(b *testing.B, f func(s *CLISetup) (time.Duration, error)) {
			cs := setup()
			if cs == nil {
				b.Skip("the commands could not be built")
			}
			var cpu time.Duration
			for i := 0; i < b.N; i++ {
				d, err := f(cs)
				if err != nil {
					b.Fatal(err)
				}
				cpu += d
			}
			b.ReportMetric(float64(cpu.Nanoseconds())/float64(b.N), "cpu-ns/op")
		}
		s.add("CLI", mode, Ours, func(b *testing.B) {
			proc(b, func(cs *CLISetup) (time.Duration, error) {
				return run(io.Discard, cs.Ours, append([]string{"check", "-f", cs.Robots, "-a", "Googlebot", "--urls", cs.URLs}, flags...)...)
			})
		})
		s.add("CLI", mode, Temoto, func(b *testing.B) {
			proc(b, func(cs *CLISetup) (time.Duration, error) {
				return run(io.Discard, cs.Temoto, append([]string{"-f", cs.Robots, "-a", "Googlebot", "--urls", cs.URLs}, flags...)...)
			})
		})
		s.add("CLI", mode, Floor, func(b *testing.B) {
			proc(b, func(cs *CLISetup) (time.Duration, error) {
				out := filepath.Join(cs.dir, "out-"+mode)
				if _, err := os.Stat(out); err != nil {
					f, err := os.Create(out)
					if err != nil {
						return 0, err
					}
					_, err = run(f, cs.Ours, append([]string{"check", "-f", cs.Robots, "-a", "Googlebot", "--urls", cs.URLs}, flags...)...)
					f.Close()
					if err != nil {
						return 0, err
					}
				}
				return run(io.Discard, "cat", cs.URLs, out)
			})
		})
	}
}
