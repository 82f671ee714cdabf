package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"strings"

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
	stdin          io.Reader
	stdout, stderr io.Writer
	getenv         func(string) string
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
		{"test", "check a robots.txt against an expectations file (for CI)", runTest},
		{"diff", "what a change to robots.txt does: rules changed, URLs now blocked or allowed", runDiff},
		{"watch", "record each version of sites' robots.txt and print what changed", runWatch},
		{"history", "list the versions of a robots.txt that watch recorded", runHistory},
		{"fetch", "fetch a site's robots.txt as a crawler must and summarise it", runFetch},
		{"gate", "admit, hold or drop crawl tasks (JSON lines) by robots.txt", runGate},
		{"holds", "list or lift the holds of a decision service (serve --gate) for the fleet", runHolds},
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
			return c.exit(cmd.run(ctx, c, args[1:]))
		}
	}
	fmt.Fprintf(c.stderr, "robotstxt: unknown command %q (run \"robotstxt help\")\n", name)
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
	return usagef("unknown command %q", fs.Arg(0))
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
			fs.PrintDefaults()
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
		return usagef("%s: %v (run \"robotstxt %s --help\")", fs.Name(), err, fs.Name())
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
			if f := fs.Lookup(name); f != nil && !isBoolFlag(f) && i+1 < len(args) {
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

// stringList is a repeatable string flag.
type stringList []string

func (s *stringList) String() string     { return strings.Join(*s, ",") }
func (s *stringList) Set(v string) error { *s = append(*s, v); return nil }

// readInput reads a file, or standard input for "-".
func (c *cli) readInput(path string) ([]byte, error) {
	if path == "-" || path == "" {
		b, err := io.ReadAll(c.stdin)
		if err != nil {
			return nil, usagef("reading standard input: %v", err)
		}
		return b, nil
	}
	b, err := os.ReadFile(path)
	if err != nil {
		return nil, usagef("%v", err)
	}
	return b, nil
}

// isTerminal reports whether w (a writer or a reader) is a terminal (a
// character device).
func isTerminal(w any) bool {
	f, ok := w.(*os.File)
	if !ok {
		return false
	}
	fi, err := f.Stat()
	return err == nil && fi.Mode()&os.ModeCharDevice != 0
}

// useColor reports whether to colour output written to w: only on a
// terminal, and never when NO_COLOR is set (https://no-color.org).
func (c *cli) useColor(w io.Writer) bool {
	return c.getenv("NO_COLOR") == "" && isTerminal(w)
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
