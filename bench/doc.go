// Package bench compares github.com/robotstxt/robotstxt with
// github.com/temoto/robotstxt v1.1.2, the most used Go robots.txt library,
// side by side: speed and allocations on real and generated files, and the
// checks where the two give different answers, each put down to its cause.
//
// It is a module of its own, so that the library itself depends on nothing
// but the standard library. Run everything from this folder; the shared
// corpus of 1,572 real robots.txt files is read from ../../shared/corpus/robots
// (tests and benchmarks skip with a message when it is absent, and fail when
// CI=true):
//
//	go run ./cmd/benchtable              # the README table: 5 runs, medians, ratios, targets
//	go run ./cmd/benchtable -run Suite -no-disagreements  # the test suite's time (minutes)
//	go test -run . -v                    # disagreement analysis and sanity tests (about 10 s)
//	go test -run XXX -bench . -count 5   # raw benchmarks, for benchstat
//	go test -run XXX -fuzz FuzzReference # our matcher against a naive reference
//
// # What is measured
//
// BenchmarkParse parses every file per op (b.SetBytes, so MB/s) and reports
// B/in-B, the bytes allocated per input byte. Both libraries read whole
// files: ours runs without its 500 KiB limit here, as temoto has none. The
// "+compile" case also builds every group's matcher, which temoto does
// while parsing and we do on a group's first check.
//
// BenchmarkCheck makes every prepared check once per op and reports
// ns/check and allocs/check. The agent is resolved beforehand with each
// library's own API (Robots.Agent, temoto's FindGroup). Agents are the bare
// product tokens Googlebot, Bingbot and ExampleBot (named by no file, so it
// exercises the "*" groups): temoto matches a group by prefix of the agent,
// so it cannot take a full user-agent string. Paths are eight generic ones
// plus, for six rules spread through each file, a path the rule matches and
// a longer one below it, percent-encoded as a crawler sends them. Files
// temoto refuses (9 of 1,572) are left out for both libraries.
// BenchmarkCheckAPI is the same through the one-call API (Robots.Allowed,
// temoto's TestAgent); its ours-ua case passes full user-agent strings.
//
// BenchmarkRules checks 64 paths against generated files of 10 and 20,000
// rules in one "*" group, in three shapes modelled on large real files:
// literal rules only, a mix with 25% wildcards, and wildcards only (see
// Shape). The files are built in code from a fixed seed; the 10-rule file is
// the first 10 rules of the 20,000-rule one.
//
// BenchmarkHostile checks paths of 500 to 4,000 octets against rules such
// as "/*a*a*a*a*a*a*a*a*b" (HostileFile), which make backtracking matchers
// slow.
//
// BenchmarkWorst (issue 14) measures the inputs that cost a quadratic
// implementation seconds and gigabytes, each within the 500 KiB limit:
// ManyAgentsFile (4,000 user-agent lines sharing every rule of a 507 KB
// file: parse, then one check per name), SharedPieceFile (20,000 wildcard
// rules sharing their longest literal piece) and ManyGroupsFile (10,000
// groups, checked through the one-call API with full user-agent strings).
// The growth of each with the input's size is in the root package's
// worst_test.go; the audit's in lint/worst_bench_test.go.
//
// BenchmarkFirstCheck parses each corpus file and makes one check: what a
// crawler that checks a file once pays. MemoryKept (printed by benchtable)
// measures what a parsed file keeps on the heap after checks, text
// included, for the files under 16 KiB: as a Robots, by temoto, and as a
// robotstxt.Compact.
//
// BenchmarkCLI runs whole processes: "robotstxt check" against
// cmd/temotocheck (the same job on temoto) and against a floor (cat of the
// URL file and of our output), with 100,000 URLs on en.wikipedia.org's
// file, timed by the child's CPU time. It builds both commands first (go
// on the PATH).
//
// BenchmarkBatch (issue 25) is the same on a crawler's workload: for each
// of en.wikipedia.org, github.com, www.amazon.com and laprensa.hn, 100,000
// full URLs on the site's host built from the file's own rules
// (BatchURLList: seven in eight from a rule, with a varied tail), so that
// most hit a rule; text and JSON. temotocheck reduces a full URL to its
// path and query (net/url), as a crawler using temoto must. On
// laprensa.hn, where it takes about 6 ms per URL, it checks the first
// BatchSample URLs and the row scales what they added to its start-up and
// parse (BatchScale). The floor is cat of the URLs and of our output.
//
// BenchmarkStartup starts "robotstxt version", which uses none of the
// heavy packages, and an empty Go program (cmd/emptyprog), StartupRuns
// processes per op, by their CPU time.
//
// TimeSuite (issue 25; benchtable -run Suite) runs the repository's test
// suite, go test -count=1 ./..., and reports its time on the clock against
// SuiteTarget, the CPU of the processes go test waited for, the whole
// machine's busy time (/proc/stat: Chromium's processes, which are not the
// test binaries' children, are counted only there) and the slowest
// packages.
//
// github.com/jimsmart/grobotstxt, the Go port of Google's library, is not
// served by the module proxy this project uses, so the figures the issue
// quotes for it and for Google's C++ library are not reproduced here.
//
// The benchmarks of a pair run one after the other; cmd/benchtable repeats
// the whole suite and takes the median of the ratios within each
// repetition, which holds up better than absolute figures when other work
// shares the machine.
//
// # Disagreements
//
// Compare checks every file with both libraries, for the three agents above
// and up to two product tokens the file names itself, against the same
// paths, with each library's defaults, except that ours is asked without the
// crawlers' documented fallbacks (AgentOptions.NoFallback), which temoto and
// the model do not know. Every answer of ours is also checked
// against a naive model of RFC 9309 with Google's leniency, which tries
// every rule in turn; the tests require that they never differ.
//
// A disagreement is put down to the first cause that explains it: the
// 500 KiB limit (our answer on the whole file is temoto's); the way lines
// are read (the file is repaired step by step into plain "Key: value" lines
// and temoto asked again, see lineFixes); the choice of group (temoto takes
// the longest group name that starts the agent's name); or, on the same
// rules, the first matching feature of ours (featureCauses) that turns the
// model's temoto answer into ours.
package bench
