package robotstxt_test

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/robotstxt/robotstxt"
	"github.com/robotstxt/robotstxt/internal/testutil"
)

// BenchmarkParseCorpus parses every file of the shared corpus (the
// comparison with another library is in bench/).
func BenchmarkParseCorpus(b *testing.B) {
	files := testutil.Corpus(b, "../shared/corpus/robots")
	texts := make([]string, len(files))
	total := 0
	for i, f := range files {
		texts[i] = string(f.Data)
		total += len(f.Data)
	}
	b.SetBytes(int64(total))
	b.ReportAllocs()
	for b.Loop() {
		for _, t := range texts {
			robotstxt.ParseString(t)
		}
	}
}

// BenchmarkFirstCheck parses a file and checks one URL: what a crawler
// that checks a file once pays. github.com's file holds 56 rules, most of
// them wildcards; laprensa.hn's 311 KB hold 1,780. bench/ compares them
// with another library.
func BenchmarkFirstCheck(b *testing.B) {
	dir := testutil.CorpusDir(b, "../shared/corpus/robots")
	for _, name := range []string{"github.com.txt", "top1m-2017-45957-laprensa.hn.txt"} {
		data, err := os.ReadFile(filepath.Join(dir, name))
		if err != nil {
			b.Fatal(err)
		}
		text := string(data)
		b.Run(name, func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				robotstxt.ParseString(text).Allowed("Googlebot", "/search?q=1")
			}
		})
	}
}
