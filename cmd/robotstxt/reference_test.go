package main

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"runtime/debug"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/robotstxt/robotstxt/crawlers"
	"github.com/robotstxt/robotstxt/internal/docgen"
	"github.com/robotstxt/robotstxt/internal/testutil"
	"github.com/robotstxt/robotstxt/lint"
)

// docsDir is the module's docs/ folder, seen from this package.
const docsDir = "../../docs"

// generatedDocs is every page generated from the code, by path under docs/.
func generatedDocs(t *testing.T) map[string][]byte {
	t.Helper()
	cmds, err := reference()
	if err != nil {
		t.Fatal(err)
	}
	files := map[string][]byte{
		"cli/README.md": docgen.Index(cmds),
		"audit.md":      docgen.AuditPage(lint.ChecksLang("en")),
		"crawlers.md":   docgen.CrawlersPage(crawlers.All()),
		"robotstxt.1":   docgen.ManPage(cmds),
	}
	for _, c := range cmds {
		files["cli/"+c.Name+".md"] = docgen.CommandPage(c)
	}
	return files
}

// TestGeneratedDocs fails while a committed generated page differs from what
// the code generates, or docs/cli holds a page of a command that is gone.
// "go generate ./cmd/robotstxt" (or go test -update) rewrites them.
func TestGeneratedDocs(t *testing.T) {
	files := generatedDocs(t)
	stale, _ := filepath.Glob(filepath.Join(docsDir, "cli", "*.md"))
	for _, p := range stale {
		rel, _ := filepath.Rel(docsDir, p)
		if _, ok := files[filepath.ToSlash(rel)]; ok {
			continue
		}
		if *testutil.Update {
			if err := os.Remove(p); err != nil {
				t.Fatal(err)
			}
			continue
		}
		t.Errorf("docs/%s documents no command (run go generate ./... to remove it)", filepath.ToSlash(rel))
	}
	names := make([]string, 0, len(files))
	for name := range files {
		names = append(names, name)
	}
	slices.Sort(names)
	for _, name := range names {
		path := filepath.Join(docsDir, filepath.FromSlash(name))
		if *testutil.Update {
			if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
				t.Fatal(err)
			}
			if err := os.WriteFile(path, files[name], 0o644); err != nil {
				t.Fatal(err)
			}
			continue
		}
		got, err := os.ReadFile(path)
		if err != nil {
			t.Errorf("docs/%s: %v (run go generate ./... to write it)", name, err)
			continue
		}
		if !bytes.Equal(got, files[name]) {
			t.Errorf("docs/%s differs from what the code generates (run go generate ./... to rewrite it)\n%s", name, firstDiff(got, files[name]))
		}
	}
}

// firstDiff shows the first line where the committed page and the generated
// one differ.
func firstDiff(committed, generated []byte) string {
	a := strings.Split(string(committed), "\n")
	b := strings.Split(string(generated), "\n")
	for i := 0; i < max(len(a), len(b)); i++ {
		var x, y string
		if i < len(a) {
			x = a[i]
		}
		if i < len(b) {
			y = b[i]
		}
		if x != y || i >= len(a) || i >= len(b) {
			return "line " + strconv.Itoa(i+1) + ":\n  committed: " + x + "\n  generated: " + y
		}
	}
	return ""
}

// TestHelpCommand: "robotstxt help NAME" prints exactly what "robotstxt NAME
// --help" prints, for every command, and both exit 0.
func TestHelpCommand(t *testing.T) {
	for _, cmd := range commands {
		t.Run(cmd.name, func(t *testing.T) {
			viaHelp, errA, codeA := runCLI(t, "", "help", cmd.name)
			viaFlag, errB, codeB := runCLI(t, "", cmd.name, "--help")
			if codeA != 0 || codeB != 0 || errA != "" || errB != "" {
				t.Fatalf("exit %d/%d, stderr %q/%q", codeA, codeB, errA, errB)
			}
			if viaHelp != viaFlag {
				t.Errorf("help %s:\n%s\n%s --help:\n%s", cmd.name, viaHelp, cmd.name, viaFlag)
			}
			if !strings.HasPrefix(viaFlag, "Usage: robotstxt "+cmd.name) {
				t.Errorf("%s --help does not start with its usage line:\n%s", cmd.name, viaFlag)
			}
		})
	}
}

// TestReference: every command is described, with the flags its
// flag set really has and the help text it really prints.
func TestReference(t *testing.T) {
	cmds, err := reference()
	if err != nil {
		t.Fatal(err)
	}
	if len(cmds) != len(commands) {
		t.Fatalf("%d commands described, want %d", len(cmds), len(commands))
	}
	for i, c := range cmds {
		if c.Name != commands[i].name || c.Summary != commands[i].summary {
			t.Errorf("command %d: %q %q, want %q %q", i, c.Name, c.Summary, commands[i].name, commands[i].summary)
		}
		help, _, _ := runCLI(t, "", c.Name, "--help")
		if c.Help != help {
			t.Errorf("%s: recorded help differs from --help", c.Name)
		}
		for _, f := range c.Flags {
			if !strings.Contains(help, "  "+dashes(f.Name)+" ") && !strings.Contains(help, "  "+dashes(f.Name)+"\n") {
				t.Errorf("%s: flag %s is not in --help", c.Name, f.Name)
			}
		}
	}
}

func TestVersionLine(t *testing.T) {
	set := func(kv ...string) []debug.BuildSetting {
		var out []debug.BuildSetting
		for i := 0; i < len(kv); i += 2 {
			out = append(out, debug.BuildSetting{Key: kv[i], Value: kv[i+1]})
		}
		return out
	}
	tests := []struct {
		name string
		info debug.BuildInfo
		want string
	}{
		{"installed at a version", debug.BuildInfo{GoVersion: "go1.26.8", Main: debug.Module{Version: "v1.2.0"}},
			"robotstxt v1.2.0 go1.26.8"},
		{"checkout with VCS stamp", debug.BuildInfo{GoVersion: "go1.26.8", Main: debug.Module{Version: "(devel)"},
			Settings: set("vcs", "git", "vcs.revision", "d9fbfa7c8c9e50e0f06e20359f97840f90fb5fea", "vcs.time", "2026-11-30T09:00:00Z", "vcs.modified", "false")},
			"robotstxt (devel) (revision d9fbfa7c8c9e, 2026-11-30T09:00:00Z) go1.26.8"},
		{"modified working tree", debug.BuildInfo{GoVersion: "go1.26.8", Main: debug.Module{Version: "v1.2.1-0.20261130090000-d9fbfa7c8c9e+dirty"},
			Settings: set("vcs.revision", "d9fbfa7c8c9e50e0f06e20359f97840f90fb5fea", "vcs.modified", "true")},
			"robotstxt v1.2.1-0.20261130090000-d9fbfa7c8c9e+dirty (revision d9fbfa7c8c9e, modified) go1.26.8"},
		{"no version at all (go test)", debug.BuildInfo{}, "robotstxt (devel)"},
		{"short revision kept whole", debug.BuildInfo{Settings: set("vcs.revision", "abc")}, "robotstxt (devel) (revision abc)"},
	}
	for _, tt := range tests {
		if got := versionLine(&tt.info); got != tt.want {
			t.Errorf("%s: versionLine = %q, want %q", tt.name, got, tt.want)
		}
	}
}

// TestVersionCommand: "version", "--version" and "-version" print the same
// line, taken from the running binary's build information.
func TestVersionCommand(t *testing.T) {
	info, ok := debug.ReadBuildInfo()
	if !ok {
		t.Fatal("no build information in the test binary")
	}
	want := versionLine(info) + "\n"
	for _, args := range [][]string{{"version"}, {"--version"}, {"-version"}} {
		out, errOut, code := runCLI(t, "", args...)
		if code != 0 || errOut != "" || out != want {
			t.Errorf("%v: exit %d, stdout %q, stderr %q; want exit 0, %q", args, code, out, errOut, want)
		}
	}
	if _, _, code := runCLI(t, "", "version", "extra"); code != exitUsage {
		t.Errorf("version extra: exit %d, want %d", code, exitUsage)
	}
}

// TestManPage renders the manual page with groff and fails on any warning
// (-ww), and checks that every command and flag is in it.
func TestManPage(t *testing.T) {
	out, _, code := runCLI(t, "", "man")
	if code != 0 {
		t.Fatalf("man: exit %d", code)
	}
	groff, err := exec.LookPath("groff")
	if err != nil {
		if os.Getenv("CI") == "true" {
			t.Fatal("groff is not installed (apt-get install groff-base)")
		}
		t.Skip("groff is not installed (apt-get install groff-base); skipping")
	}
	cmd := exec.Command(groff, "-man", "-Tutf8", "-ww", "-z")
	cmd.Stdin = strings.NewReader(out)
	msgs, err := cmd.CombinedOutput()
	if err != nil || len(msgs) > 0 {
		t.Fatalf("groff -man -ww: %v\n%s", err, msgs)
	}
	cmd = exec.Command(groff, "-man", "-Tascii", "-P-cbou")
	cmd.Stdin = strings.NewReader(out)
	text, err := cmd.Output()
	if err != nil {
		t.Fatal(err)
	}
	cmds, err := reference()
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range cmds {
		if !strings.Contains(string(text), "robotstxt "+c.Name) {
			t.Errorf("man page: no section for %s", c.Name)
		}
		for _, f := range c.Flags {
			if !strings.Contains(string(text), f.Option()) {
				t.Errorf("man page: %s has no %s", c.Name, f.Option())
			}
		}
	}
}
