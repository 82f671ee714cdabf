package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestMissingFile: a file that does not exist (or is a directory) is an
// input error, exit status 2, with its name, in every command that reads
// one; it is never taken for a URL while standard input is read instead.
func TestMissingFile(t *testing.T) {
	dir := t.TempDir()
	robots := filepath.Join(dir, "robots.txt")
	if err := os.WriteFile(robots, []byte("User-agent: *\nDisallow: /private\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	missing := filepath.Join(dir, "nosuch.txt")
	for _, tt := range []struct {
		args []string
		want string // on stderr
	}{
		{[]string{"lint", missing}, "nosuch.txt: no such file or directory"},
		{[]string{"lint", "-f", missing}, "nosuch.txt: no such file or directory"},
		{[]string{"parse", missing}, "nosuch.txt: no such file or directory"},
		{[]string{"parse", dir}, "is a directory"},
		{[]string{"report", "nosuch.txt"}, "nosuch.txt: no such file or directory"},
		{[]string{"report", "sites/nosuch.txt"}, "nosuch.txt: no such file or directory"},
		{[]string{"report", "nosuch.txt", "/x"}, "nosuch.txt: no such file or directory"},
		{[]string{"report", "-f", missing}, "nosuch.txt: no such file or directory"},
		{[]string{"check", "-a", "bot", "-f", missing, "/x"}, "nosuch.txt: no such file or directory"},
		{[]string{"check", "-a", "bot", "-f", robots, "--urls", missing}, "nosuch.txt: no such file or directory"},
		{[]string{"diff", missing, robots}, "nosuch.txt: no such file or directory"},
		{[]string{"diff", robots, dir}, "is a directory"},
		{[]string{"test", missing}, "nosuch.txt: no such file or directory"},
		{[]string{"gate", "--agent", "bot", missing}, "nosuch.txt: no such file or directory"},
	} {
		t.Run(strings.Join(tt.args, " "), func(t *testing.T) {
			out, stderr, code := runCLI(t, "User-agent: *\nAllow: /\n", tt.args...)
			if code != exitUsage || !strings.Contains(stderr, tt.want) {
				t.Errorf("exit %d, stderr %q; want exit 2 and %q\nstdout:\n%s", code, stderr, tt.want, out)
			}
			if strings.Contains(stderr, "stat ") || strings.Contains(stderr, "open ") {
				t.Errorf("stderr names the system call: %q", stderr)
			}
		})
	}
}

// TestLintMissingAmongOthers: "lint a.txt nosuch.txt" names the missing
// file, still lints the other and exits with status 2.
func TestLintMissingAmongOthers(t *testing.T) {
	dir := t.TempDir()
	a := filepath.Join(dir, "a.txt")
	if err := os.WriteFile(a, []byte("User-agent: *\nDisalow: /tmp/\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, args := range [][]string{
		{"lint", a, filepath.Join(dir, "nosuch.txt")},
		{"lint", filepath.Join(dir, "nosuch.txt"), a},
		{"lint", "--format", "json", a, filepath.Join(dir, "nosuch.txt")},
	} {
		out, stderr, code := runCLI(t, "", args...)
		if code != exitUsage {
			t.Errorf("%v: exit %d, want 2", args, code)
		}
		if !strings.Contains(stderr, "nosuch.txt: no such file or directory") {
			t.Errorf("%v: stderr does not name the missing file: %q", args, stderr)
		}
		if !strings.Contains(out, "typo-accepted") {
			t.Errorf("%v: the readable file was not linted:\n%s", args, out)
		}
	}
}

// TestValueFlagAtEnd: a flag that takes a value and ends the command line
// is a usage error; it used to take the "--" the flags are parsed with as
// its value ("check -f robots.txt /x -a" answered for the agent "--").
func TestValueFlagAtEnd(t *testing.T) {
	dir := t.TempDir()
	robots := filepath.Join(dir, "robots.txt")
	if err := os.WriteFile(robots, []byte("User-agent: *\nDisallow: /private\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, tt := range []struct {
		args []string
		flag string
	}{
		{[]string{"check", "-f", robots, "/x", "-a"}, "-a"},
		{[]string{"check", "-a", "bot", "/x", "-f"}, "-f"},
		{[]string{"lint", robots, "--format"}, "-format"},
		{[]string{"report", "-f", robots, "-a"}, "-a"},
		{[]string{"parse", "-f"}, "-f"},
	} {
		out, stderr, code := runCLI(t, "", tt.args...)
		if code != exitUsage || !strings.Contains(stderr, "flag needs an argument: "+tt.flag) {
			t.Errorf("%v: exit %d, stderr %q, stdout %q; want exit 2 and a missing value", tt.args, code, stderr, out)
		}
	}
	// A value that is the last word still counts.
	if out, _, code := runCLI(t, "", "check", "-f", robots, "/private", "-a", "bot"); code != exitFindings || !strings.Contains(out, "DISALLOWED") {
		t.Errorf("check ... -a bot: exit %d\n%s", code, out)
	}
}

// TestHelpDashes: --help writes long flags with two dashes, as the docs
// and the man page do, and single letters with one.
func TestHelpDashes(t *testing.T) {
	for _, c := range commands {
		out, _, code := runCLI(t, "", c.name, "--help")
		if code != exitOK {
			t.Errorf("%s --help: exit %d", c.name, code)
		}
		for _, line := range strings.Split(out, "\n") {
			if strings.HasPrefix(line, "  -") && !strings.HasPrefix(line, "  --") && len(strings.Fields(line)[0]) > 2 {
				t.Errorf("%s --help: a long flag with one dash: %q", c.name, line)
			}
		}
	}
}

// TestAgentFlagBothNames: -a and --agent name the agent in every command
// that takes one here (browse and serve keep --agent only for now).
func TestAgentFlagBothNames(t *testing.T) {
	dir := t.TempDir()
	robots := filepath.Join(dir, "robots.txt")
	if err := os.WriteFile(robots, []byte("User-agent: bot\nDisallow: /private\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, name := range []string{"-a", "--agent"} {
		out, stderr, code := runCLI(t, "", "check", name, "bot", "-f", robots, "/private")
		if code != exitFindings || !strings.Contains(out, "DISALLOWED  bot") {
			t.Errorf("check %s bot: exit %d\n%s%s", name, code, out, stderr)
		}
		out, stderr, code = runCLI(t, "", "report", "-f", robots, name, "bot", "/private")
		if code != exitOK || !strings.Contains(out, "bot") {
			t.Errorf("report %s bot: exit %d\n%s%s", name, code, out, stderr)
		}
		for _, cmd := range []string{"diff", "watch", "gate", "browse", "serve"} {
			_, stderr, _ := runCLI(t, "", cmd, name)
			if strings.Contains(stderr, "flag provided but not defined") {
				t.Errorf("%s does not take %s: %s", cmd, name, stderr)
			}
		}
	}
}

// TestNotesCapped: check prints the first notes about odd URLs and counts
// the rest, instead of a note per URL.
func TestNotesCapped(t *testing.T) {
	dir := t.TempDir()
	robots := filepath.Join(dir, "robots.txt")
	if err := os.WriteFile(robots, []byte("User-agent: *\nDisallow: /private\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	var in strings.Builder
	for i := range 1000 {
		in.WriteString("x" + strings.Repeat("y", i%7) + "\n")
	}
	out, stderr, code := runCLI(t, in.String(), "check", "-a", "bot", "-f", robots, "--urls", "-")
	if code != exitOK || strings.Count(out, "\n") != 1000 {
		t.Fatalf("exit %d, %d answers", code, strings.Count(out, "\n"))
	}
	if n := strings.Count(stderr, "robotstxt: note: \""); n != maxNotes {
		t.Errorf("%d notes printed, want %d", n, maxNotes)
	}
	if !strings.Contains(stderr, "... and 990 more like these") {
		t.Errorf("the rest are not counted:\n%s", stderr)
	}
}
