package bench

import (
	"fmt"
	"io"
	"math"
	"os"
	"runtime"
	"slices"
	"strings"
	"testing"
)

// Results holds the runs of each benchmark, by full name
// (Group/Case/Lib), one entry per repetition.
type Results map[string][]testing.BenchmarkResult

// Run measures every benchmark of s count times. Within a repetition the
// benchmarks run in suite order, so ours and temoto's of a pair run one
// after the other and their ratio is taken under the same load. progress,
// if not nil, is called before each benchmark.
func (s *Suite) Run(count int, include func(Bench) bool, progress func(rep int, b Bench)) Results {
	res := Results{}
	for rep := 0; rep < count; rep++ {
		for _, b := range s.Benches {
			if include != nil && !include(b) {
				continue
			}
			if progress != nil {
				progress(rep, b)
			}
			name := b.Group + "/" + b.Name()
			res[name] = append(res[name], testing.Benchmark(b.F))
		}
	}
	return res
}

// A Row is one line of the comparison table.
type Row struct {
	What   string  // what is measured, with its unit
	Temoto float64 // median; NaN when not measured for temoto
	Ours   float64 // median
	// Ratio is how many times better ours is (median of the ratios of the
	// repetitions), or for rows comparing ours with itself the factor named
	// in What; NaN when there is none.
	Ratio  float64
	Target string // the goal, e.g. ">= 5x"; empty when there is none
	Met    string // "yes", "no", or "" without a target
}

// metric reads one value from a benchmark result.
type metric func(r testing.BenchmarkResult) float64

func mbPerSec(r testing.BenchmarkResult) float64 {
	return float64(r.Bytes) * float64(r.N) / r.T.Seconds() / 1e6
}

func extra(name string) metric {
	return func(r testing.BenchmarkResult) float64 { return r.Extra[name] }
}

var (
	nsPerCheck     = extra("ns/check")
	allocsPerCheck = extra("allocs/check")
	bytesPerInput  = extra("B/in-B")
)

func median(xs []float64) float64 {
	if len(xs) == 0 {
		return math.NaN()
	}
	s := slices.Clone(xs)
	slices.Sort(s)
	if n := len(s); n%2 == 1 {
		return s[n/2]
	} else {
		return (s[n/2-1] + s[n/2]) / 2
	}
}

func (res Results) values(name string, m metric) []float64 {
	var out []float64
	for _, r := range res[name] {
		out = append(out, m(r))
	}
	return out
}

// ratios pairs the repetitions of two benchmarks and returns f(a, b) for
// each pair.
func (res Results) ratios(a, b string, m metric, f func(a, b float64) float64) []float64 {
	ra, rb := res[a], res[b]
	var out []float64
	for i := 0; i < len(ra) && i < len(rb); i++ {
		out = append(out, f(m(ra[i]), m(rb[i])))
	}
	return out
}

func div(a, b float64) float64 { return a / b }

// pairRow compares ours with temoto on one case. higher says whether a
// higher value is better; min is the target factor (0 for none).
func (res Results) pairRow(what, group, cas string, m metric, higher bool, min float64) Row {
	o, t := group+"/"+cas+"/"+Ours, group+"/"+cas+"/"+Temoto
	row := Row{What: what, Ours: median(res.values(o, m)), Temoto: median(res.values(t, m))}
	if higher {
		row.Ratio = median(res.ratios(o, t, m, div))
	} else {
		row.Ratio = median(res.ratios(t, o, m, div))
	}
	if min > 0 {
		row.Target = fmt.Sprintf(">= %gx", min)
		row.Met = yesNo(row.Ratio >= min)
	}
	return row
}

func yesNo(ok bool) string {
	if ok {
		return "yes"
	}
	return "no"
}

func (res Results) has(names ...string) bool {
	for _, n := range names {
		if len(res[n]) == 0 {
			return false
		}
	}
	return true
}

// Rows builds the comparison table from the measured results; rows whose
// benchmarks did not run are left out. With cpu, speeds are by the CPU time
// the process used rather than by the clock.
func (res Results) Rows(cpu bool) []Row {
	mbPerSec, nsPerCheck := mbPerSec, nsPerCheck
	if cpu {
		mbPerSec, nsPerCheck = extra("cpu-MB/s"), extra("cpu-ns/check")
	}
	var rows []Row
	// add appends the row mk builds, when the named benchmarks ran.
	add := func(names []string, mk func() Row) {
		if res.has(names...) {
			rows = append(rows, mk())
		}
	}
	both := func(group, cas string) []string {
		return []string{group + "/" + cas + "/" + Ours, group + "/" + cas + "/" + Temoto}
	}
	pair := func(what, group, cas string, m metric, higher bool, target float64) {
		add(both(group, cas), func() Row { return res.pairRow(what, group, cas, m, higher, target) })
	}
	allocs := func(what, group, cas string) {
		add(both(group, cas), func() Row { return res.allocRow(what, group+"/"+cas) })
	}
	compiled := []string{"Parse/corpus+compile/" + Ours, "Parse/corpus/" + Temoto}

	pair("parse, corpus (MB/s)", "Parse", "corpus", mbPerSec, true, 5)
	pair("parse, corpus (bytes allocated per input byte)", "Parse", "corpus", bytesPerInput, false, 5)
	add(compiled, func() Row {
		return res.oursVsTemoto("parse and build every matcher, corpus (MB/s)", compiled[0], compiled[1], mbPerSec, true)
	})
	add(compiled, func() Row {
		return res.oursVsTemoto("parse and build every matcher, corpus (bytes allocated per input byte)", compiled[0], compiled[1], bytesPerInput, false)
	})
	pair("parse, files < 16 KiB (MB/s)", "Parse", "small", mbPerSec, true, 0)
	pair("parse, files < 16 KiB (bytes allocated per input byte)", "Parse", "small", bytesPerInput, false, 0)

	pair("check, corpus (ns/check)", "Check", "corpus", nsPerCheck, false, 10)
	allocs("check, corpus (allocs/check)", "Check", "corpus")
	pair("check, files < 16 KiB (ns/check)", "Check", "small", nsPerCheck, false, 0)
	allocs("check, files < 16 KiB (allocs/check)", "Check", "small")
	pair("one-call check (Allowed vs TestAgent), corpus (ns/check)", "CheckAPI", "corpus", nsPerCheck, false, 0)
	ua := "CheckAPI/corpus/" + OursUA
	add([]string{ua}, func() Row {
		return res.single("one-call check given full user-agent strings (ours only), corpus (ns/check)", ua, nsPerCheck)
	})

	for _, shape := range Shapes {
		many, few := fmt.Sprintf("%s-%d", shape, ManyRules), fmt.Sprintf("%s-%d", shape, FewRules)
		pair(fmt.Sprintf("%s rules, %d-rule file (ns/check)", shape, ManyRules), "Rules", many, nsPerCheck, false, 100)
		pair(fmt.Sprintf("%s rules, %d-rule file (ns/check)", shape, FewRules), "Rules", few, nsPerCheck, false, 0)
		names := []string{"Rules/" + many + "/" + Ours, "Rules/" + few + "/" + Ours}
		add(names, func() Row {
			return res.growthRow(fmt.Sprintf("%s rules, time with %d rules / with %d (ours)", shape, ManyRules, FewRules), names[0], names[1], nsPerCheck, 3)
		})
	}

	for _, n := range HostileLengths {
		pair(fmt.Sprintf("hostile wildcards, %d-octet path (ns/check)", n), "Hostile", fmt.Sprint(n), nsPerCheck, false, 10)
	}
	first, last := HostileLengths[0], HostileLengths[len(HostileLengths)-1]
	lo, hi := fmt.Sprintf("Hostile/%d/", first), fmt.Sprintf("Hostile/%d/", last)
	add([]string{lo + Ours, hi + Ours, lo + Temoto, hi + Temoto}, func() Row {
		// Linear growth: the path is last/first times longer, so the time
		// may grow as much (with a quarter of slack for noise), not more.
		limit := float64(last) / float64(first) * 1.25
		r := Row{
			What:   fmt.Sprintf("hostile wildcards, time at %d octets / at %d (path %dx longer)", last, first, last/first),
			Ours:   median(res.ratios(hi+Ours, lo+Ours, nsPerCheck, div)),
			Temoto: median(res.ratios(hi+Temoto, lo+Temoto, nsPerCheck, div)),
			Ratio:  math.NaN(),
			Target: fmt.Sprintf("<= %g (linear)", limit),
		}
		r.Met = yesNo(r.Ours <= limit)
		return r
	})

	// Worst cases (issue 14): absolute targets for ours, temoto for scale.
	agents := both("Worst", "agents")
	add(agents, func() Row {
		r := res.pairRow(fmt.Sprintf("worst: %s user-agent lines sharing every rule (%d KB), parse and check each name (ms)", Count(WorstAgents), WorstAgentsBytes/1000),
			"Worst", "agents", msPerOp(cpu), false, 0)
		r.Target, r.Met = "< 50 ms", yesNo(r.Ours < 50)
		return r
	})
	add(agents, func() Row {
		r := res.pairRow("worst: the same (MB allocated)", "Worst", "agents", mbPerOp, false, 0)
		r.Target, r.Met = "< 50 MB", yesNo(r.Ours < 50)
		return r
	})
	pair(fmt.Sprintf("worst: %s wildcard rules sharing their longest piece (ns/check)", Count(WorstRules)), "Worst", "shared-piece", nsPerCheck, false, 100)
	pair(fmt.Sprintf("worst: %s groups, one-call check with full user-agent strings (ns/check)", Count(WorstGroups)), "Worst", "ua-groups", nsPerCheck, false, 1)
	perFile := extra("ns/file")
	if cpu {
		perFile = extra("cpu-ns/file")
	}
	pair("parse and first check, per corpus file (ns)", "FirstCheck", "corpus", perFile, false, 0)
	for _, fc := range FirstCheckFiles {
		add(both("FirstCheck", fc.Case), func() Row {
			// The target is 1.5x Google's C++ library's figure.
			r := res.pairRow(fmt.Sprintf("parse and first check, %s (ns)", fc.Label), "FirstCheck", fc.Case, perFile, false, 0)
			r.Target, r.Met = "<= "+Count(int(1.5*fc.GoogleNs))+" ns", yesNo(r.Ours <= 1.5*fc.GoogleNs)
			return r
		})
	}

	procMs := extra("cpu-ns/op")
	for _, mode := range []string{"text", "json"} {
		names := both("CLI", mode)
		add(names, func() Row {
			r := res.pairRow(fmt.Sprintf("command line: check %s, %s URLs on %s (CPU ms per process)", mode, Count(CLIURLs), CLIFile),
				"CLI", mode, procMs, false, 5)
			r.Ours, r.Temoto = r.Ours/1e6, r.Temoto/1e6
			return r
		})
		floor := "CLI/" + mode + "/" + Floor
		add(append(names, floor), func() Row {
			r := Row{What: fmt.Sprintf("command line: check %s, ours / the floor (reading the URLs and writing the same bytes)", mode),
				Temoto: math.NaN(), Ours: median(res.ratios(names[0], floor, procMs, div)), Ratio: math.NaN(), Target: "<= 2x"}
			r.Met = yesNo(r.Ours <= 2)
			return r
		})
	}
	for _, site := range BatchSites {
		for _, mode := range []string{"text", "json"} {
			cas := site.Case + "-" + mode
			names := both("Batch", cas)
			add(names, func() Row {
				what := fmt.Sprintf("batch check %s, %s full URLs from %s's own rules (CPU ms per process)", mode, Count(BatchURLs), site.Host)
				if SlowSites[site.Case] {
					what += fmt.Sprintf("; temoto: %s URLs, times %g", Count(BatchSample), BatchScale)
				}
				r := res.pairRow(what, "Batch", cas, procMs, false, 5)
				r.Ours, r.Temoto = r.Ours/1e6, r.Temoto/1e6
				return r
			})
			floor := "Batch/" + cas + "/" + Floor
			add(append(names[:1:1], floor), func() Row {
				r := Row{What: fmt.Sprintf("batch check %s, %s: ours / the floor (reading the URLs and writing the same bytes)", mode, site.Host),
					Temoto: math.NaN(), Ours: median(res.ratios(names[0], floor, procMs, div)), Ratio: math.NaN(), Target: "<= 3x"}
				r.Met = yesNo(r.Ours <= 3)
				return r
			})
		}
	}
	startup := []string{"Startup/version/" + Ours, "Startup/version/" + Floor}
	add(startup, func() Row {
		r := res.single("start-up: robotstxt version (CPU ms per process)", startup[0], procMs)
		r.Ours /= 1e6
		return r
	})
	add(startup, func() Row {
		r := res.single("start-up: an empty Go program (CPU ms per process)", startup[1], procMs)
		r.Ours /= 1e6
		return r
	})
	add(startup, func() Row {
		r := Row{What: "start-up: robotstxt version / an empty Go program", Temoto: math.NaN(),
			Ours: median(res.ratios(startup[0], startup[1], procMs, div)), Ratio: math.NaN(), Target: "<= 2x"}
		r.Met = yesNo(r.Ours <= 2)
		return r
	})
	tool := func(cas, what string, maxMs, maxMB float64) {
		name := "Tools/" + cas + "/" + Ours
		add([]string{name}, func() Row {
			r := res.single(what+" (CPU ms per process)", name, procMs)
			r.Ours /= 1e6
			if maxMs > 0 {
				r.Target, r.Met = fmt.Sprintf("< %g ms", maxMs), yesNo(r.Ours < maxMs)
			}
			return r
		})
		add([]string{name}, func() Row {
			r := res.single(what+" (peak MB resident)", name, extra("peak-MB"))
			if maxMB > 0 {
				r.Target, r.Met = fmt.Sprintf("< %g MB", maxMB), yesNo(r.Ours < maxMB)
			}
			return r
		})
	}
	worst := fmt.Sprintf("the %d KB file of %s user-agent lines", WorstAgentsBytes/1000, Count(WorstAgents))
	tool("lint-worst", "command line: lint, "+worst, 50, 50)
	tool("report-worst", "command line: report, "+worst, 0, 0)
	tool("report-wikipedia", "command line: report, "+CLIFile, 0, 0)
	tool("lint-corpus", "command line: lint of the whole corpus in one process", 0, 0)
	return rows
}

// msPerOp is the time per op in milliseconds (by the CPU time with cpu).
func msPerOp(cpu bool) metric {
	return func(r testing.BenchmarkResult) float64 {
		if cpu {
			return r.Extra["cpu-ns/op"] / 1e6
		}
		return float64(r.NsPerOp()) / 1e6
	}
}

func mbPerOp(r testing.BenchmarkResult) float64 { return float64(r.AllocedBytesPerOp()) / 1e6 }

// WriteKept writes the memory kept per parsed file.
func WriteKept(w io.Writer, k Kept) error {
	_, err := fmt.Fprintf(w, "Memory kept per parsed file after checks, files under 16 KiB (%s files, median size %s bytes): "+
		"ours %s bytes (%sx the file), temoto %s bytes (%sx); target ours <= 2x the file: %s.\n",
		Count(k.Files), Count(k.MedianSize), num(k.OursBytes), num(k.OursPerByte), num(k.TemotoBytes), num(k.TemotoPerByte), yesNo(k.OursPerByte <= 2))
	if err != nil {
		return err
	}
	_, err = fmt.Fprintf(w, "The same files kept as a robotstxt.Compact (ParseCompact; %s of them packed): %s bytes (%sx the file); target <= 2x the file: %s.\n",
		Count(k.CompactPacked), num(k.CompactBytes), num(k.CompactPerByte), yesNo(k.CompactPerByte <= 2))
	return err
}

// oursVsTemoto is pairRow for two differently named benchmarks, without a
// target.
func (res Results) oursVsTemoto(what, o, t string, m metric, higher bool) Row {
	row := Row{What: what, Ours: median(res.values(o, m)), Temoto: median(res.values(t, m))}
	if higher {
		row.Ratio = median(res.ratios(o, t, m, div))
	} else {
		row.Ratio = median(res.ratios(t, o, m, div))
	}
	return row
}

func (res Results) allocRow(what, prefix string) Row {
	o, t := prefix+"/"+Ours, prefix+"/"+Temoto
	// The highest of the repetitions: any allocation must show.
	row := Row{What: what, Ours: slices.Max(res.values(o, allocsPerCheck)), Temoto: median(res.values(t, allocsPerCheck)), Ratio: math.NaN(), Target: "0"}
	row.Met = yesNo(row.Ours < 0.001) // below one allocation per 1,000 checks: the harness's own
	return row
}

func (res Results) single(what, name string, m metric) Row {
	return Row{What: what, Temoto: math.NaN(), Ours: median(res.values(name, m)), Ratio: math.NaN()}
}

func (res Results) growthRow(what, many, few string, m metric, max float64) Row {
	r := Row{What: what, Temoto: math.NaN(), Ours: median(res.ratios(many, few, m, div)), Ratio: math.NaN(), Target: fmt.Sprintf("<= %gx", max)}
	r.Met = yesNo(r.Ours <= max)
	return r
}

// WriteTable writes rows as a Markdown table.
func WriteTable(w io.Writer, rows []Row) error {
	var b strings.Builder
	b.WriteString("| measure | temoto v1.1.2 | ours | ours vs temoto | target | met |\n")
	b.WriteString("| --- | ---: | ---: | ---: | --- | --- |\n")
	for _, r := range rows {
		ratio := ""
		if !math.IsNaN(r.Ratio) {
			ratio = fmt.Sprintf("%sx better", num(r.Ratio))
		}
		fmt.Fprintf(&b, "| %s | %s | %s | %s | %s | %s |\n", r.What, num(r.Temoto), num(r.Ours), ratio, r.Target, r.Met)
	}
	_, err := io.WriteString(w, b.String())
	return err
}

// Count writes n exactly, its thousands separated by commas.
func Count(n int) string {
	s := fmt.Sprint(n)
	var out []byte
	for i := range s {
		if i > 0 && s[i-1] != '-' && (len(s)-i)%3 == 0 {
			out = append(out, ',')
		}
		out = append(out, s[i])
	}
	return string(out)
}

// num formats a figure with three significant digits (thousands grouped),
// "" for NaN.
func num(x float64) string {
	switch {
	case math.IsNaN(x):
		return ""
	case x == 0:
		return "0"
	case math.Abs(x) >= 999.5:
		// Three significant digits, thousands grouped.
		mag := math.Pow(10, math.Floor(math.Log10(math.Abs(x)))-2)
		return Count(int(math.Round(x/mag) * mag))
	case math.Abs(x) >= 100:
		return fmt.Sprintf("%.0f", x)
	case math.Abs(x) >= 10:
		return fmt.Sprintf("%.1f", x)
	case math.Abs(x) >= 0.01:
		return fmt.Sprintf("%.2f", x)
	}
	return fmt.Sprintf("%.2g", x)
}

// WriteDisagreements writes the disagreement counts as Markdown.
func WriteDisagreements(w io.Writer, rep *Report) error {
	var b strings.Builder
	fmt.Fprintf(&b, "Files: %s. Refused whole by temoto: %d", Count(rep.Files), len(rep.RejectedFiles))
	reasons := make([]string, 0, len(rep.Rejected))
	for r, n := range rep.Rejected {
		reasons = append(reasons, fmt.Sprintf("%s: %d", r, n))
	}
	slices.Sort(reasons)
	if len(reasons) > 0 {
		fmt.Fprintf(&b, " (%s)", strings.Join(reasons, "; "))
	}
	fmt.Fprintf(&b, ".\nCompared: %s files, %s checks; they disagree on %s checks (%.2f%%) in %d files (%.1f%%).\n",
		Count(rep.Compared), Count(rep.Checks), Count(rep.Disagree), pct(rep.Disagree, rep.Checks), rep.DisagreeFiles, pct(rep.DisagreeFiles, rep.Compared))
	fmt.Fprintf(&b, "Our library vs the naive reference model: %d mismatches in %s checks.\n\n", len(rep.RefMismatches), Count(rep.RefChecks))
	b.WriteString("| cause | checks | files | ours | temoto | example (file, agent, path) |\n")
	b.WriteString("| --- | ---: | ---: | --- | --- | --- |\n")
	for _, tl := range rep.Causes {
		s := tl.Samples[0]
		fmt.Fprintf(&b, "| %s | %d | %d | %s | %s | %s, %s, `%s` |\n", tl.Cause, tl.Checks, tl.Files,
			verdict(s.Ours), verdict(s.Temoto), s.File, s.Agent, clipPath(s.Path))
	}
	_, err := io.WriteString(w, b.String())
	return err
}

func clipPath(p string) string {
	if len(p) > 60 {
		return p[:57] + "..."
	}
	return p
}

func pct(a, b int) float64 {
	if b == 0 {
		return 0
	}
	return 100 * float64(a) / float64(b)
}

// Machine describes where the figures were taken.
func Machine() string {
	cpu := "unknown CPU"
	if b, err := os.ReadFile("/proc/cpuinfo"); err == nil {
		for _, line := range strings.Split(string(b), "\n") {
			if k, v, ok := strings.Cut(line, ":"); ok && strings.TrimSpace(k) == "model name" {
				cpu = strings.TrimSpace(v)
				break
			}
		}
	}
	return fmt.Sprintf("%s %s/%s, %s, %d cores", runtime.Version(), runtime.GOOS, runtime.GOARCH, cpu, runtime.NumCPU())
}
