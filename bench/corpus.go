package bench

import (
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"testing"
)

// CorpusRel is the shared corpus of real robots.txt files, relative to this
// module's directory (the workspace keeps shared/ beside the checkout).
const CorpusRel = "../../shared/corpus/robots"

// SmallLimit is the size below which a file counts as small: 1,465 of the
// corpus's 1,572 files are under it.
const SmallLimit = 16 << 10

// File is one robots.txt body.
type File struct {
	Name string
	Data []byte
}

// LoadCorpus reads every *.txt file in dir, in name order.
func LoadCorpus(dir string) ([]File, error) {
	names, err := filepath.Glob(filepath.Join(dir, "*.txt"))
	if err != nil {
		return nil, err
	}
	if len(names) == 0 {
		return nil, fmt.Errorf("bench: no .txt files in %s", dir)
	}
	sort.Strings(names)
	files := make([]File, 0, len(names))
	for _, n := range names {
		b, err := os.ReadFile(n)
		if err != nil {
			return nil, err
		}
		files = append(files, File{filepath.Base(n), b})
	}
	return files, nil
}

// Corpus loads the corpus at CorpusRel for a test or benchmark. When the
// folder is absent, as in a user's fresh clone, tb is skipped with a message
// saying so; under CI (CI=true) it fails instead.
func Corpus(tb testing.TB) []File {
	tb.Helper()
	if fi, err := os.Stat(CorpusRel); err != nil || !fi.IsDir() {
		if os.Getenv("CI") == "true" {
			tb.Fatalf("corpus folder %s is missing: CI must run with ../shared beside the checkout", CorpusRel)
		}
		tb.Skipf("corpus folder %s is absent (it sits beside the repository in the project's workspace); skipping", CorpusRel)
	}
	files, err := LoadCorpus(CorpusRel)
	if err != nil {
		tb.Fatal(err)
	}
	return files
}

// Small returns the files under SmallLimit bytes.
func Small(files []File) []File {
	var out []File
	for _, f := range files {
		if len(f.Data) < SmallLimit {
			out = append(out, f)
		}
	}
	return out
}

// TotalBytes is the summed size of files.
func TotalBytes(files []File) int {
	n := 0
	for _, f := range files {
		n += len(f.Data)
	}
	return n
}
