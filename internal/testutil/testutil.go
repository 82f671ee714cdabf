// Package testutil holds helpers shared by the project's tests: access to the
// shared corpus of real robots.txt files and golden-file comparison.
package testutil

import (
	"flag"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"strings"
	"testing"
)

// Update is the -update flag: rewrite golden files instead of comparing.
var Update = flag.Bool("update", false, "rewrite golden files under testdata/")

// CorpusDir returns the directory of the shared corpus of real robots.txt
// files, given as a path relative to the test's package directory (for the
// module root: "../shared/corpus/robots"). When the folder is absent, as in
// a user's fresh clone, the test is skipped with a message saying so; under
// CI (CI=true) it fails instead.
func CorpusDir(t testing.TB, rel string) string {
	t.Helper()
	if fi, err := os.Stat(rel); err == nil && fi.IsDir() {
		return rel
	}
	if os.Getenv("CI") == "true" {
		t.Fatalf("corpus folder %s is missing: CI must run with ../shared beside the checkout", rel)
	}
	t.Skipf("corpus folder %s is absent (it sits beside the repository in the project's workspace); skipping", rel)
	return ""
}

// CorpusFile is one file of the corpus.
type CorpusFile struct {
	Name string
	Data []byte
}

// Corpus reads every file of the corpus directory (see CorpusDir) except its
// README, in name order.
func Corpus(t testing.TB, rel string) []CorpusFile {
	t.Helper()
	dir := CorpusDir(t, rel)
	names, err := filepath.Glob(filepath.Join(dir, "*.txt"))
	if err != nil {
		t.Fatal(err)
	}
	sort.Strings(names)
	var out []CorpusFile
	for _, n := range names {
		b, err := os.ReadFile(n)
		if err != nil {
			t.Fatal(err)
		}
		out = append(out, CorpusFile{filepath.Base(n), b})
	}
	if len(out) == 0 {
		t.Fatalf("corpus folder %s holds no .txt files", dir)
	}
	return out
}

// Golden compares got with the golden file path, or rewrites the file when
// the -update flag is given.
func Golden(t testing.TB, path string, got []byte) {
	t.Helper()
	if *Update {
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, got, 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("reading golden file (run go test -update to create it): %v", err)
	}
	if string(got) != string(want) {
		t.Errorf("output differs from %s (run go test -update to accept):\n--- got\n%s\n--- want\n%s", path, got, want)
	}
}

// NodeModules returns the node_modules folder where .ci/run installs the
// npm packages a test drives: $env when set, else
// ~/.cache/<cache>/node_modules. Without node or one of the packages the
// test is skipped with a message saying how to install them; under CI
// (CI=true) it fails instead.
func NodeModules(t testing.TB, env, cache string, packages ...string) string {
	t.Helper()
	dir := os.Getenv(env)
	if dir == "" {
		home, _ := os.UserHomeDir()
		dir = filepath.Join(home, ".cache", cache, "node_modules")
	}
	missing := ""
	if _, err := exec.LookPath("node"); err != nil {
		missing = "node"
	}
	for _, p := range packages {
		if _, err := os.Stat(filepath.Join(dir, p, "package.json")); err != nil && missing == "" {
			missing = p + " in " + dir
		}
	}
	if missing != "" {
		if os.Getenv("CI") == "true" {
			t.Fatalf("%s not found: CI must install it (.ci/run)", missing)
		}
		t.Skipf("%s not found (npm install --prefix ~/.cache/%s %s); skipping", missing, cache, strings.Join(packages, " "))
	}
	return dir
}
