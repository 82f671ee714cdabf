package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/robotstxt/robotstxt/bench"
)

// Exit statuses.
const (
	exitOK     = 0
	exitMissed = 1 // with -strict: a target was missed
	exitUsage  = 2 // bad flags, or the corpus cannot be read
)

const usage = `usage: benchtable [flags]

Runs every benchmark of the bench module for both libraries, -count times,
and prints the comparison table (medians; ratios are medians of the ratios
within each repetition, so both libraries of a pair ran under the same
load), then the disagreement counts over the corpus.

Example:
	cd bench && go run ./cmd/benchtable -count 5 > /tmp/bench.md
	go run ./cmd/benchtable -run 'Hostile' -count 3 -no-disagreements

Flags:
`

func run(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("benchtable", flag.ContinueOnError)
	fs.SetOutput(stderr)
	fs.Usage = func() {
		fmt.Fprint(fs.Output(), usage)
		fs.PrintDefaults()
	}
	corpus := fs.String("corpus", bench.CorpusRel, "folder of robots.txt files (*.txt)")
	count := fs.Int("count", 5, "repetitions of each benchmark")
	benchtime := fs.String("benchtime", "1s", "time (or Nx iterations) per benchmark, as go test -benchtime")
	only := fs.String("run", "", "regexp: run only the benchmarks whose Group/Case/Lib name matches")
	noCompare := fs.Bool("no-disagreements", false, "skip the disagreement analysis")
	strict := fs.Bool("strict", false, "exit 1 when a target is missed")
	quiet := fs.Bool("q", false, "no progress on stderr")
	cpu := fs.Bool("cpu", false, "also print the table with speeds by the CPU time the process used (steadier when other work shares the machine)")
	if err := fs.Parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			fs.SetOutput(stdout)
			fs.Usage()
			return exitOK
		}
		return exitUsage
	}
	if fs.NArg() > 0 || *count < 1 {
		fmt.Fprintln(stderr, "benchtable: takes no arguments and -count must be at least 1 (run benchtable -h)")
		return exitUsage
	}
	var filter *regexp.Regexp
	if *only != "" {
		var err error
		if filter, err = regexp.Compile(*only); err != nil {
			fmt.Fprintf(stderr, "benchtable: -run: %v\n", err)
			return exitUsage
		}
	}
	testing.Init()
	if err := flag.Set("test.benchtime", *benchtime); err != nil {
		fmt.Fprintf(stderr, "benchtable: -benchtime: %v\n", err)
		return exitUsage
	}
	files, err := bench.LoadCorpus(*corpus)
	if err != nil {
		fmt.Fprintf(stderr, "benchtable: %v (the corpus sits beside the repository; use -corpus)\n", err)
		return exitUsage
	}

	suite := bench.NewSuite(files)
	var include func(bench.Bench) bool
	if filter != nil {
		include = func(b bench.Bench) bool { return filter.MatchString(b.Group + "/" + b.Name()) }
	}
	start := time.Now()
	progress := func(rep int, b bench.Bench) {
		if !*quiet {
			fmt.Fprintf(stderr, "[%s] run %d/%d %s/%s\n", time.Since(start).Round(time.Second), rep+1, *count, b.Group, b.Name())
		}
	}
	res := suite.Run(*count, include, progress)

	small := bench.Small(files)
	fmt.Fprintf(stdout, "Machine: %s.\n", bench.Machine())
	fmt.Fprintf(stdout, "Corpus: %s files, %s bytes (%s files under 16 KiB, %s bytes).\n",
		bench.Count(len(files)), bench.Count(bench.TotalBytes(files)), bench.Count(len(small)), bench.Count(bench.TotalBytes(small)))
	fmt.Fprintf(stdout, "Runs: %d x %s per benchmark; figures are medians, ratios the median of the ratios within each run.\n\n", *count, *benchtime)
	rows := res.Rows(false)
	if err := bench.WriteTable(stdout, rows); err != nil {
		fmt.Fprintf(stderr, "benchtable: %v\n", err)
		return exitUsage
	}
	if *cpu {
		fmt.Fprint(stdout, "\nThe same runs, speeds by the CPU time the process used (garbage collection included):\n\n")
		cpuRows := res.Rows(true)
		if err := bench.WriteTable(stdout, cpuRows); err != nil {
			fmt.Fprintf(stderr, "benchtable: %v\n", err)
			return exitUsage
		}
		rows = append(rows, cpuRows...)
	}
	if filter == nil || filter.MatchString("Kept") {
		fmt.Fprintln(stdout)
		if err := bench.WriteKept(stdout, bench.MemoryKept(files)); err != nil {
			fmt.Fprintf(stderr, "benchtable: %v\n", err)
			return exitUsage
		}
	}
	if filter != nil && filter.MatchString("Suite") {
		// Only when asked for by name: it runs the whole test suite.
		if err := timeSuite(stdout, stderr, *quiet, start, &rows); err != nil {
			fmt.Fprintf(stderr, "benchtable: %v\n", err)
			return exitUsage
		}
	}
	if !*noCompare {
		if !*quiet {
			fmt.Fprintf(stderr, "[%s] comparing answers over the corpus\n", time.Since(start).Round(time.Second))
		}
		fmt.Fprintln(stdout)
		if err := bench.WriteDisagreements(stdout, bench.Compare(files)); err != nil {
			fmt.Fprintf(stderr, "benchtable: %v\n", err)
			return exitUsage
		}
	}
	if *strict {
		for _, r := range rows {
			if r.Met == "no" {
				return exitMissed
			}
		}
	}
	return exitOK
}

// timeSuite times the repository's test suite and writes its line; a
// missed target becomes a row that -strict sees.
func timeSuite(stdout, stderr io.Writer, quiet bool, start time.Time, rows *[]bench.Row) error {
	root, err := bench.RepoRoot()
	if err != nil {
		return err
	}
	if !quiet {
		fmt.Fprintf(stderr, "[%s] timing the test suite (%s in %s)\n", time.Since(start).Round(time.Second), strings.Join(bench.SuiteCommand, " "), root)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 60*time.Minute)
	defer cancel()
	s, err := bench.TimeSuite(ctx, root, nil)
	if err != nil {
		return err
	}
	fmt.Fprintln(stdout)
	if err := bench.WriteSuite(stdout, s); err != nil {
		return err
	}
	*rows = append(*rows, bench.SuiteRow(s))
	return nil
}
