package main

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/robotstxt/robotstxt/internal/testutil"
)

// runCLI runs the command line in-process with stdin and returns what it
// wrote and its exit status.
func runCLI(t *testing.T, stdin string, args ...string) (stdout, stderr string, code int) {
	t.Helper()
	var out, errb bytes.Buffer
	c := &cli{stdin: strings.NewReader(stdin), stdout: &out, stderr: &errb, getenv: func(string) string { return "" }}
	code = c.run(context.Background(), args)
	return out.String(), errb.String(), code
}

// TestCLIGolden runs every testdata/cli/*.txtar case. A case's comment holds
// one "args:" line (the command line, split on spaces; a word in double
// quotes keeps its spaces); its files are written to a temporary directory
// that becomes the working directory, "stdin" is fed to standard input, and
// "stdout", "stderr" and "exit" are compared (go test -update rewrites them).
func TestCLIGolden(t *testing.T) { runTxtarDir(t, "testdata/cli", nil) }

// runTxtarDir runs every dir/*.txtar case as TestCLIGolden describes. vars
// (nil for none) are replaced in the args and the files, and written back by
// their names in the outputs, for the addresses of test servers.
func runTxtarDir(t *testing.T, dir string, vars map[string]string) {
	t.Helper()
	paths, _ := filepath.Glob(filepath.Join(dir, "*.txtar"))
	if len(paths) == 0 {
		t.Fatalf("no %s/*.txtar cases", dir)
	}
	for _, path := range paths {
		t.Run(strings.TrimSuffix(filepath.Base(path), ".txtar"), func(t *testing.T) {
			raw, err := os.ReadFile(path)
			if err != nil {
				t.Fatal(err)
			}
			ar := testutil.ParseArchive(string(raw))
			var args []string
			for _, line := range strings.Split(ar.Comment, "\n") {
				if rest, ok := strings.CutPrefix(line, "args:"); ok {
					for k, v := range vars {
						rest = strings.ReplaceAll(rest, k, v)
					}
					args = splitArgs(strings.TrimSpace(rest))
				}
			}
			if args == nil {
				t.Fatalf("%s: no args: line", path)
			}
			abs, _ := filepath.Abs(path)
			wd := t.TempDir()
			stdin := ""
			for _, f := range ar.Files {
				switch f.Name {
				case "stdin":
					stdin = f.Data
				case "stdout", "stderr", "exit":
				default:
					data := f.Data
					for k, v := range vars {
						data = strings.ReplaceAll(data, k, v)
					}
					os.MkdirAll(filepath.Dir(filepath.Join(wd, f.Name)), 0o755) // keys/agent.json
					if err := os.WriteFile(filepath.Join(wd, f.Name), []byte(data), 0o644); err != nil {
						t.Fatal(err)
					}
				}
			}
			t.Chdir(wd)
			stdout, stderr, code := runCLI(t, stdin, args...)
			scrub := func(s string) string {
				for k, v := range vars {
					s = strings.ReplaceAll(s, v, k)
				}
				return s
			}
			got := map[string]string{"stdout": scrub(stdout), "stderr": scrub(stderr), "exit": strconv.Itoa(code) + "\n"}
			if *testutil.Update {
				for _, name := range []string{"stdout", "stderr", "exit"} {
					if _, ok := ar.File(name); ok || got[name] != "" {
						ar.Set(name, got[name])
					}
				}
				if err := os.WriteFile(abs, ar.Format(), 0o644); err != nil {
					t.Fatal(err)
				}
				return
			}
			for _, name := range []string{"stdout", "stderr", "exit"} {
				want, _ := ar.File(name)
				if got[name] != want {
					t.Errorf("robotstxt %s: %s differs (go test -update to accept):\n--- got\n%s--- want\n%s", strings.Join(args, " "), name, got[name], want)
				}
			}
		})
	}
}

// splitArgs splits a command line on spaces, keeping double-quoted words.
func splitArgs(s string) []string {
	var out []string
	for s != "" {
		s = strings.TrimLeft(s, " ")
		if s == "" {
			break
		}
		if s[0] == '"' {
			end := strings.IndexByte(s[1:], '"')
			if end < 0 {
				end = len(s) - 1
			}
			out = append(out, s[1:end+1])
			s = s[min(end+2, len(s)):]
			continue
		}
		end := strings.IndexByte(s, ' ')
		if end < 0 {
			end = len(s)
		}
		out = append(out, s[:end])
		s = s[end:]
	}
	return out
}

func TestSplitArgs(t *testing.T) {
	got := splitArgs(`check -a "Mozilla/5.0 (compatible; X/1)" /a  /b`)
	want := []string{"check", "-a", "Mozilla/5.0 (compatible; X/1)", "/a", "/b"}
	if strings.Join(got, "|") != strings.Join(want, "|") {
		t.Errorf("splitArgs = %q, want %q", got, want)
	}
}

// check streams: a large URL list from standard input gives one line per
// URL, and the exit status reflects every answer.
func TestCheckManyURLs(t *testing.T) {
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, "robots.txt"), []byte("User-agent: *\nDisallow: /*7$\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	var in strings.Builder
	const n = 200_000
	for i := 0; i < n; i++ {
		in.WriteString("/item/" + strconv.Itoa(i) + "\n")
	}
	stdout, stderr, code := runCLI(t, in.String(), "check", "-f", filepath.Join(dir, "robots.txt"), "-a", "bot", "--urls", "-")
	if code != 1 || stderr != "" {
		t.Fatalf("exit %d, stderr %q", code, stderr)
	}
	lines := strings.Count(stdout, "\n")
	disallowed := strings.Count(stdout, "DISALLOWED")
	if lines != n || disallowed != n/10 {
		t.Errorf("%d lines, %d disallowed; want %d and %d", lines, disallowed, n, n/10)
	}
}
