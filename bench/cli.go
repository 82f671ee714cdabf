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

	"github.com/robotstxt/robotstxt"
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
	Empty                      string                // cmd/emptyprog, an empty Go program
	Worst                      string                // the 507 KB file of ManyAgentsFile
	Batch                      map[string]BatchFiles // by BatchSite.Case
	dir                        string
}

// BatchFiles are the files of one batch workload: the site's robots.txt,
// its BatchURLs URLs, the first BatchSample of them, and a file of no URL.
type BatchFiles struct{ Robots, URLs, Sample, Empty string }

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
	s := &CLISetup{dir: dir, Ours: filepath.Join(dir, "robotstxt"), Temoto: filepath.Join(dir, "temotocheck"), Empty: filepath.Join(dir, "emptyprog"),
		Robots: filepath.Join(dir, CLIFile), URLs: filepath.Join(dir, "urls.txt")}
	if err := os.WriteFile(s.Robots, robots, 0o644); err != nil {
		return nil, err
	}
	if err := os.WriteFile(s.URLs, []byte(strings.Join(CLIURLList(CLIURLs), "\n")+"\n"), 0o644); err != nil {
		return nil, err
	}
	if err := s.writeBatch(files); err != nil {
		return nil, err
	}
	s.Worst = filepath.Join(dir, "worst-agents.txt")
	worst, _ := ManyAgentsFile(WorstAgents, WorstAgentsBytes)
	if err := os.WriteFile(s.Worst, []byte(worst), 0o644); err != nil {
		return nil, err
	}
	for _, b := range []struct{ folder, out, pkg string }{{root, s.Ours, "./cmd/robotstxt"}, {".", s.Temoto, "./cmd/temotocheck"}, {".", s.Empty, "./cmd/emptyprog"}} {
		cmd := exec.Command("go", "build", "-o", b.out, b.pkg)
		cmd.Dir = b.folder
		// As the README installs it: pure Go, a static binary.
		cmd.Env = append(os.Environ(), "CGO_ENABLED=0")
		if out, err := cmd.CombinedOutput(); err != nil {
			return nil, fmt.Errorf("building %s: %v\n%s", b.pkg, err, out)
		}
	}
	return s, nil
}

// writeBatch writes the files of every batch workload.
func (s *CLISetup) writeBatch(files []File) error {
	s.Batch = map[string]BatchFiles{}
	for _, site := range BatchSites {
		var data []byte
		for _, f := range files {
			if f.Name == site.File {
				data = f.Data
			}
		}
		if data == nil {
			return fmt.Errorf("%s is not in the corpus", site.File)
		}
		bf := BatchFiles{Robots: filepath.Join(s.dir, site.Case+".robots.txt"),
			URLs: filepath.Join(s.dir, site.Case+".urls"), Sample: filepath.Join(s.dir, site.Case+".sample.urls"),
			Empty: filepath.Join(s.dir, "empty.urls")}
		urls := BatchURLList(site.Host, robotstxt.Parse(data), BatchURLs)
		for _, w := range []struct {
			name string
			data []byte
		}{
			{bf.Robots, data},
			{bf.URLs, []byte(strings.Join(urls, "\n") + "\n")},
			{bf.Sample, []byte(strings.Join(urls[:BatchSample], "\n") + "\n")},
			{bf.Empty, nil},
		} {
			if err := os.WriteFile(w.name, w.data, 0o644); err != nil {
				return err
			}
		}
		s.Batch[site.Case] = bf
	}
	return nil
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
		{"lint-corpus", func(cs *CLISetup) []string { return []string{"lint", "--include", "*.txt", CorpusRel} }},
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

// addBatch adds the batch workloads (BatchSites): for text and JSON
// output, ours, temotocheck and the floor, each a whole process timed by
// its CPU time. temotocheck on a site of SlowSites runs on the first
// BatchSample URLs, and its time is scaled to BatchURLs (see BatchScale).
func (s *Suite) addBatch(setup func() *CLISetup) {
	for _, site := range BatchSites {
		for _, mode := range []string{"text", "json"} {
			var flags []string
			if mode == "json" {
				flags = []string{"--json"}
			}
			cas := site.Case + "-" + mode
			proc := func(b *testing.B, f func(cs *CLISetup, bf BatchFiles) (time.Duration, error)) {
				cs := setup()
				if cs == nil {
					b.Skip("the commands could not be built")
				}
				var cpu time.Duration
				for i := 0; i < b.N; i++ {
					d, err := f(cs, cs.Batch[site.Case])
					if err != nil {
						b.Fatal(err)
					}
					cpu += d
				}
				b.ReportMetric(float64(cpu.Nanoseconds())/float64(b.N), "cpu-ns/op")
			}
			ours := func(cs *CLISetup, bf BatchFiles, stdout io.Writer) (time.Duration, error) {
				return run(stdout, cs.Ours, append([]string{"check", "-f", bf.Robots, "-a", "Googlebot", "--urls", bf.URLs}, flags...)...)
			}
			s.add("Batch", cas, Ours, func(b *testing.B) {
				proc(b, func(cs *CLISetup, bf BatchFiles) (time.Duration, error) { return ours(cs, bf, io.Discard) })
			})
			s.add("Batch", cas, Temoto, func(b *testing.B) {
				proc(b, func(cs *CLISetup, bf BatchFiles) (time.Duration, error) {
					temoto := func(urls string) (time.Duration, error) {
						return run(io.Discard, cs.Temoto, append([]string{"-f", bf.Robots, "-a", "Googlebot", "--urls", urls}, flags...)...)
					}
					if !SlowSites[site.Case] {
						return temoto(bf.URLs)
					}
					// The process with no URL (start-up and parse), plus
					// BatchScale times what the sample's URLs added.
					none, err := temoto(bf.Empty)
					if err != nil {
						return 0, err
					}
					sample, err := temoto(bf.Sample)
					return none + time.Duration(float64(max(sample-none, 0))*BatchScale), err
				})
			})
			s.add("Batch", cas, Floor, func(b *testing.B) {
				proc(b, func(cs *CLISetup, bf BatchFiles) (time.Duration, error) {
					out := filepath.Join(cs.dir, "out-"+cas)
					if _, err := os.Stat(out); err != nil {
						f, err := os.Create(out)
						if err != nil {
							return 0, err
						}
						_, err = ours(cs, bf, f)
						f.Close()
						if err != nil {
							return 0, err
						}
					}
					return run(io.Discard, "cat", bf.URLs, out)
				})
			})
		}
	}
}

// BatchSample is how many URLs temotocheck checks on a site of SlowSites.
const BatchSample = 1_000

// BatchScale scales what temotocheck's BatchSample URLs cost to BatchURLs.
// Its cost per URL is flat: it tries every rule's regexp in turn.
const BatchScale = float64(BatchURLs) / BatchSample

// SlowSites are the batch workloads on which temotocheck takes about ten
// minutes (6 ms per URL): laprensa.hn's 1,780 rules, most of them
// wildcards, are each a regexp.
var SlowSites = map[string]bool{"laprensa": true}

// StartupRuns is how many processes one op of the start-up rows starts:
// each takes a few milliseconds, so one alone would be lost in noise.
const StartupRuns = 20

// addStartup adds the start-up rows: "robotstxt version", a command that
// uses none of the heavy packages, against an empty Go program, each op
// StartupRuns processes, by their CPU time.
func (s *Suite) addStartup(setup func() *CLISetup) {
	for _, p := range []struct {
		lib  string
		prog func(cs *CLISetup) (string, []string)
	}{
		{Ours, func(cs *CLISetup) (string, []string) { return cs.Ours, []string{"version"} }},
		{Floor, func(cs *CLISetup) (string, []string) { return cs.Empty, nil }},
	} {
		s.add("Startup", "version", p.lib, func(b *testing.B) {
			cs := setup()
			if cs == nil {
				b.Skip("the commands could not be built")
			}
			name, args := p.prog(cs)
			var cpu time.Duration
			for i := 0; i < b.N; i++ {
				for range StartupRuns {
					d, err := run(io.Discard, name, args...)
					if err != nil {
						b.Fatal(err)
					}
					cpu += d
				}
			}
			b.ReportMetric(float64(cpu.Nanoseconds())/float64(b.N*StartupRuns), "cpu-ns/op")
		})
	}
}
