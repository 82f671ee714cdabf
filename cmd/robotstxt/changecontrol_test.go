package main

import (
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/robotstxt/robotstxt/internal/testutil"
)

// runTxtarDir runs every dir/*.txtar case as TestCLIGolden does (an "args:"
// line in the comment, files written to a temporary working directory,
// "stdin" fed to standard input, "stdout", "stderr" and "exit" compared;
// go test -update rewrites them). vars are replaced in the args and the
// files and written back by their names in the outputs, for the addresses of
// test servers.
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
