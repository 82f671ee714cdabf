package robotstxt_test

import (
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
