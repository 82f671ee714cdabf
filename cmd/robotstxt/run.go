package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"io/fs"
	"os"
	"strings"
	"time"

	"github.com/robotstxt/robotstxt/internal/textsafe"
)

// Exit statuses. They are part of the command's interface.
const (
	exitOK       = 0 // success; for check, every answer is allowed
	exitFindings = 1 // check: something is disallowed; lint: findings at or above --fail-on
	exitUsage    = 2 // usage or input error
)

// cli is what a command may touch of the outside world, so that tests can
// run commands in-process.
type cli struct {
	// ctx is the command's context: reads of files and standard input
	// stop when it is done (a signal).
	ctx            context.Context
	stdin          io.Reader
	stdout, stderr io.Writer
	getenv         func(string) string
	// now, when set, is the clock of the commands that stamp times
	// (fetch, check --live, gate, logs' note on old IP lists): the docs'
	// examples run on a fixed one.
	// nil means time.Now.
	now func() time.Time
	// onFlags, when set, receives each command's flag set and help texts as
	// newFlags creates them: the docs, the man page and the completion
	// scripts are generated from them (reference.go).
	onFlags func(flagSpec)
}

type command struct {
	name, summary string
	run           func(ctx context.Context, c *cli, args []string) error
}

var commands []command

func init() {
	// Filled here rather than in the declaration to avoid an initialisation
	// cycle through the help command.
	commands = []command{
		{"parse", "print the groups, rules, sitemaps and other records of a robots.txt", runParse},
		{"check", "decide whether agents may fetch URLs, with the deciding rule", runCheck},
		{"lint", "audit a robots.txt: named findings with severity, line and fix", runLint},
		{"report", "what each known crawler (search, AI) may fetch", runReport},
		{"generate", "write a robots.txt from choices: crawler categories, AI usage preferences, sitemaps", runGenerate},
		{"test", "check a robots.txt against an expectations file (for CI)", runTest},
		{"diff", "what a change to robots.txt does: rules changed, URLs now blocked or allowed", runDiff},
		{"watch", "record each version of sites' robots.txt and print what changed", runWatch},
		{"history", "list the versions of a robots.txt that watch recorded", runHistory},
		{"logs", "did the crawlers obey? access logs judged by the robots.txt in force, identities verified", runLogs},
		{"crawlers", "the crawler operators' IP lists and key directories that logs verifies identities against: update, lists", runCrawlers},
		{"keys", "Web Bot Auth keys: make a signing key, show its directory to publish, fetch agents' directories", runKeys},
		{"fetch", "fetch a site's robots.txt as a crawler must and summarise it", runFetch},
		{"gate", "admit, hold or drop crawl tasks (JSON lines) by robots.txt", runGate},
		{"holds", "list or lift the holds of a decision service (serve --gate) for the fleet", runHolds},
		{"conform", "grade a crawler's robots.txt behaviour on a hostile loopback test site", runConform},
		{"browse", "load a page in headless Chromium, every request decided by robots.txt", runBrowse},
		{"serve", "serve the robots.txt analyser web page and JSON API", runServe},
		{"site", "write the analyser web page to a folder for static hosting", runSite},
		{"completion", "print a shell completion script (bash, zsh, fish, powershell)", runCompletion},
		{"man", "print the manual page (roff), for man(1)", runMan},
		{"version", "print the module version and VCS revision", runVersion},
		{"help", "show help for a command", runHelp},
	}
}

// Run runs the command line args (without the program name) and returns the
// exit status.
func Run(ctx context.Context, args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	c := &cli{stdin: stdin, stdout: stdout, stderr: stderr, getenv: os.Getenv}
	return c.run(ctx, args)
}

func (c *cli) run(ctx context.Context, args []string) int {
	c.ctx = ctx
	if _, ok := c.stdin.(*ctxReader); !ok && c.stdin != nil {
		c.stdin = newCtxReader(ctx, c.stdin)
	}
	if len(args) == 0 {
		c.usage(c.stderr)
		return exitUsage
	}
	name := args[0]
	switch name {
	case "-h", "-help", "--help":
		c.usage(c.stdout)
		return exitOK
	case "-version", "--version":
		return c.exit(runVersion(ctx, c, nil))
	}
	for _, cmd := range commands {
		if cmd.name == name {
			err := cmd.run(ctx, c, args[1:])
			if in := interruptOf(ctx); in != nil {
				// Whatever the command made of the cancellation (a
				// "context canceled" inside another error, or none).
				in.announce(c.stderr)
				return in.code()
			}
			return c.exit(err)
		}
	}
	fmt.Fprintf(c.stderr, "robotstxt: unknown command %q%s (run \"robotstxt help\")\n", name, commandHint(name))
	return exitUsage
}

// exit turns a command's error into an exit status, printing its message.
func (c *cli) exit(err error) int {
	var ee *exitError
	switch {
	case err == nil:
		return exitOK
	case errors.Is(err, flag.ErrHelp):
		return exitOK
	case errors.Is(err, context.Canceled):
		// Cancelled without a signal (a caller of Run): still not a raw
		// "context canceled".
		fmt.Fprintln(c.stderr, "robotstxt: interrupted")
		return 128 + 2
	case errors.As(err, &ee):
		if ee.msg != "" {
			fmt.Fprintf(c.stderr, "robotstxt: %s\n", ee.msg)
		}
		return ee.code
	default:
		fmt.Fprintf(c.stderr, "robotstxt: %v\n", err)
		return exitUsage
	}
}

func (c *cli) usage(w io.Writer) {
	fmt.Fprint(w, "robotstxt reads robots.txt exactly as real crawlers do (RFC 9309, Google-compatible).\n\nUsage:\n\n  robotstxt <command> [flags] [arguments]\n\nCommands:\n\n")
	width := 0
	for _, cmd := range commands {
		width = max(width, len(cmd.name))
	}
	for _, cmd := range commands {
		fmt.Fprintf(w, "  %-*s  %s\n", width, cmd.name, cmd.summary)
	}
	fmt.Fprint(w, "\nRun \"robotstxt <command> --help\" for a command's flags and an example.\n")
}

func runHelp(ctx context.Context, c *cli, args []string) error {
	fs := c.newFlags("help", "[COMMAND]",
		`Show the help of COMMAND, exactly as "robotstxt COMMAND --help" does, or
with no COMMAND the list of commands.`,
		`  robotstxt help check`)
	if err := c.parseFlags(fs, args); err != nil {
		return err
	}
	if fs.NArg() == 0 {
		c.usage(c.stdout)
		return nil
	}
	for _, cmd := range commands {
		if cmd.name == fs.Arg(0) {
			return cmd.run(ctx, c, []string{"--help"})
		}
	}
	return usagef("unknown command %q%s", fs.Arg(0), commandHint(fs.Arg(0)))
}

// exitError ends a command with a given status and an optional message.
type exitError struct {
	code int
	msg  string
}

func (e *exitError) Error() string { return e.msg }

// usagef reports a usage or input error (exit status 2).
func usagef(format string, args ...any) error {
	return &exitError{code: exitUsage, msg: fmt.Sprintf(format, args...)}
}

// errFindings ends a command with status 1 and no message.
var errFindings = &exitError{code: exitFindings}

// newFlags returns a flag set for a command whose usage text prints the
// synopsis, the flags and an example.
func (c *cli) newFlags(name, synopsis, about, example string) *flag.FlagSet {
	fs := flag.NewFlagSet(name, flag.ContinueOnError)
	fs.SetOutput(c.stderr)
	if c.onFlags != nil {
		c.onFlags(flagSpec{fs: fs, synopsis: synopsis, about: about, example: example})
	}
	fs.Usage = func() {
		w := fs.Output()
		fmt.Fprintf(w, "Usage: %s\n\n%s\n", strings.TrimSpace("robotstxt "+name+" "+synopsis), strings.TrimSpace(about))
		var hasFlags bool
		fs.VisitAll(func(*flag.Flag) { hasFlags = true })
		if hasFlags {
			fmt.Fprint(w, "\nFlags:\n")
			printFlags(w, fs)
		}
		if example != "" {
			fmt.Fprintf(w, "\nExample:\n\n%s\n", strings.TrimRight(example, "\n"))
		}
	}
	return fs
}

// parseFlags parses args, sending --help to stdout. It returns flag.ErrHelp
// after printing help, and a usage error for bad flags.
func (c *cli) parseFlags(fs *flag.FlagSet, args []string) error {
	for _, a := range args {
		if a == "--" {
			break
		}
		if a == "-h" || a == "-help" || a == "--help" {
			fs.SetOutput(c.stdout)
			fs.Usage()
			return flag.ErrHelp
		}
	}
	fs.SetOutput(io.Discard)
	if err := fs.Parse(interleave(fs, args)); err != nil {
		return usagef("%s: %v%s (run \"robotstxt %s --help\")", fs.Name(), err, unknownFlagHint(fs, err), fs.Name())
	}
	return nil
}

// interleave moves flags that follow positional arguments in front of them,
// so that "check URL -a bot" works as well as "check -a bot URL".
func interleave(fs *flag.FlagSet, args []string) []string {
	var flags, rest []string
	for i := 0; i < len(args); i++ {
		a := args[i]
		if a == "--" {
			rest = append(rest, args[i+1:]...)
			break
		}
		if len(a) > 1 && a[0] == '-' {
			flags = append(flags, a)
			name := strings.TrimLeft(a, "-")
			if strings.Contains(name, "=") {
				continue
			}
			if f := fs.Lookup(name); f != nil && !isBoolFlag(f) {
				if i+1 == len(args) {
					// No value: the flag package must not take the "--"
					// added below for one, so the flag ends the list.
					return flags
				}
				i++
				flags = append(flags, args[i])
			}
			continue
		}
		rest = append(rest, a)
	}
	return append(append(flags, "--"), rest...)
}

func isBoolFlag(f *flag.Flag) bool {
	b, ok := f.Value.(interface{ IsBoolFlag() bool })
	return ok && b.IsBoolFlag()
}

// alias gives the flag name a second name, so that -a and --agent both
// work in every command that takes an agent.
func alias(fs *flag.FlagSet, name, other string) {
	f := fs.Lookup(name)
	arg, _ := flag.UnquoteUsage(f)
	fs.Var(f.Value, other, fmt.Sprintf("the same as %s `%s`", dashes(name), arg))
}

// dashes writes a flag's name as the docs do: -a, --agent.
func dashes(name string) string {
	if len(name) == 1 {
		return "-" + name
	}
	return "--" + name
}

// printFlags is flag.PrintDefaults with the long names written with two
// dashes, as the docs and the man page write them.
func printFlags(w io.Writer, fs *flag.FlagSet) {
	fs.VisitAll(func(f *flag.Flag) {
		arg, usage := flag.UnquoteUsage(f)
		line := "  " + dashes(f.Name)
		if arg != "" {
			line += " " + arg
		}
		line += "\n    \t" + strings.ReplaceAll(usage, "\n", "\n    \t")
		if f.DefValue != "" && f.DefValue != "false" && f.DefValue != "0" && !isBoolFlag(f) {
			if fmt.Sprintf("%T", f.Value) == "*flag.stringValue" {
				line += fmt.Sprintf(" (default %q)", f.DefValue)
			} else {
				line += fmt.Sprintf(" (default %s)", f.DefValue)
			}
		}
		fmt.Fprintln(w, line)
	})
}

// maxNotes is how many notes of one kind a command prints on standard
// error; the rest are counted ("... and 990 more").
const maxNotes = 10

// cappedNotes prints the first maxNotes notes and counts the others.
type cappedNotes struct{ printed, left int }

func (n *cappedNotes) add(c *cli, line string) {
	if n.printed >= maxNotes {
		n.left++
		return
	}
	n.printed++
	fmt.Fprintln(c.stderr, line)
}

// flush says how many notes were not printed.
func (n *cappedNotes) flush(c *cli) {
	if n.left > 0 {
		fmt.Fprintf(c.stderr, "robotstxt: note: ... and %d more like these\n", n.left)
		n.left = 0
	}
}

// stringList is a repeatable string flag.
type stringList []string

func (s *stringList) String() string     { return strings.Join(*s, ",") }
func (s *stringList) Set(v string) error { *s = append(*s, v); return nil }

// readInput reads a file, or standard input for "-".
func (c *cli) readInput(path string) ([]byte, error) {
	if path == "-" || path == "" {
		if isTerminal(c.stdin) {
			// Not a silent wait: say what is expected, and how to stop.
			fmt.Fprintln(c.stderr, "robotstxt: reading the robots.txt from the terminal (end with Ctrl-D, stop with Ctrl-C)")
		}
		b, err := io.ReadAll(c.stdin)
		if errors.Is(err, context.Canceled) {
			return nil, err
		}
		if err != nil {
			return nil, usagef("reading standard input: %v", err)
		}
		return b, nil
	}
	b, err := c.readFile(path)
	if err != nil {
		return nil, openError(err)
	}
	return b, nil
}

// readFile reads a file, giving up when the command's context is done: the
// open of a FIFO blocks until someone writes to it.
func (c *cli) readFile(path string) ([]byte, error) {
	if c.ctx == nil {
		return os.ReadFile(path)
	}
	type result struct {
		b   []byte
		err error
	}
	ch := make(chan result, 1)
	go func() {
		b, err := os.ReadFile(path)
		ch <- result{b, err}
	}()
	select {
	case r := <-ch:
		return r.b, r.err
	case <-c.ctx.Done():
		return nil, c.ctx.Err()
	}
}

// openError is the error of a file that cannot be opened or read: a usage
// error (exit status 2), unless the command was interrupted.
func openError(err error) error {
	if errors.Is(err, context.Canceled) {
		return err
	}
	return usagef("%s", fileError(err))
}

// fileError words a file's error as "PATH: what went wrong" ("nosuch.txt:
// no such file or directory"), without the system call's name.
func fileError(err error) string {
	var pe *fs.PathError
	if errors.As(err, &pe) {
		return textsafe.Escape(pe.Path) + ": " + pe.Err.Error()
	}
	return err.Error()
}

// openFile opens a file for reading, giving up when the command's context is
// done, and returns a reader that stops at once then too.
func (c *cli) openFile(path string) (io.Reader, func() error, error) {
	if c.ctx == nil {
		f, err := os.Open(path)
		if err != nil {
			return nil, nil, err
		}
		return f, f.Close, nil
	}
	type result struct {
		f   *os.File
		err error
	}
	ch := make(chan result, 1)
	go func() {
		f, err := os.Open(path)
		ch <- result{f, err}
	}()
	select {
	case r := <-ch:
		if r.err != nil {
			return nil, nil, r.err
		}
		return newCtxReader(c.ctx, r.f), r.f.Close, nil
	case <-c.ctx.Done():
		return nil, nil, c.ctx.Err()
	}
}

// isTerminal reports whether w (a writer or a reader) is a terminal (a
// character device).
func isTerminal(w any) bool {
	f, ok := underlying(w).(*os.File)
	if !ok {
		return false
	}
	fi, err := f.Stat()
	if err != nil || fi.Mode()&os.ModeCharDevice == 0 {
		return false
	}
	// /dev/null is a character device too, but no terminal.
	null, err := os.Stat(os.DevNull)
	return err != nil || !os.SameFile(fi, null)
}

// useColor reports whether to colour output written to w: only on a
// terminal, never when NO_COLOR is set (https://no-color.org), and never on
// a terminal that says it has no colours (TERM=dumb).
func (c *cli) useColor(w io.Writer) bool {
	return c.getenv("NO_COLOR") == "" && c.getenv("TERM") != "dumb" && isTerminal(w)
}

// noteKind says on standard error when the input is not a text file, so
// that a binary or UTF-16 body is not taken for a robots.txt without rules.
func (c *cli) noteKind(body []byte) {
	switch textsafe.Kind(string(body)) {
	case textsafe.Binary:
		fmt.Fprintln(c.stderr, "robotstxt: note: this is not a text file (it holds NUL or control bytes); it is read line by line, as a crawler would read it")
	case textsafe.UTF16:
		fmt.Fprintln(c.stderr, "robotstxt: note: the file is in UTF-16, not UTF-8: crawlers find no rules in it")
	}
}

// addJSONFlag adds --json to a command whose output is chosen by --format,
// so that every command with JSON output takes --json. The returned
// function, called after parsing, turns --json into --format json.
// addNDJSONFlag registers --ndjson, the same as --format ndjson: one JSON
// object a line, for the commands that print many objects. The returned
// function, called after parsing, sets the format.
func addNDJSONFlag(fs *flag.FlagSet, format *string) func() error {
	on := fs.Bool("ndjson", false, "print one JSON object a line (newline-delimited JSON): the same as --format ndjson")
	return func() error {
		if !*on {
			return nil
		}
		if *format != "text" && *format != "ndjson" {
			return usagef("%s: --ndjson and --format %s ask for two outputs; give one", fs.Name(), *format)
		}
		*format = "ndjson"
		return nil
	}
}

func addJSONFlag(fs *flag.FlagSet, format *string) func() error {
	asJSON := fs.Bool("json", false, "print JSON: the same as --format json")
	return func() error {
		if !*asJSON {
			return nil
		}
		if *format != "text" && *format != "json" {
			return usagef("%s: --json and --format %s ask for two outputs; give one", fs.Name(), *format)
		}
		*format = "json"
		return nil
	}
}
