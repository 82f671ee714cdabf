package lint

import (
	"fmt"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/robotstxt/robotstxt/internal/testutil"
)

// TestCorpus lints every real robots.txt of the shared corpus: none may
// crash, every finding must be complete, and no check may fire on most
// files (a check that does is probably wrong). The counts per check are
// kept in testdata/corpus.golden (go test -update rewrites it), so that a
// change in what the audit finds on real files shows up in review.
func TestCorpus(t *testing.T) {
	files := testutil.Corpus(t, "../../shared/corpus/robots")
	known := map[string]bool{}
	for _, c := range Checks() {
		known[c.ID] = true
	}
	findings := map[string]int{}
	withID := map[string]int{}
	var elapsed time.Duration
	var bytes int
	for _, f := range files {
		text := string(f.Data)
		bytes += len(text)
		start := time.Now()
		got := Lint(text, nil)
		elapsed += time.Since(start)
		seen := map[string]bool{}
		for _, x := range got {
			if !known[x.ID] || x.Message == "" || strings.HasPrefix(x.Message, x.ID+".") {
				t.Errorf("%s: incomplete finding %v", f.Name, x)
			}
			findings[x.ID]++
			if !seen[x.ID] {
				seen[x.ID] = true
				withID[x.ID]++
			}
		}
	}
	t.Logf("linted %d files (%.1f MB) in %v", len(files), float64(bytes)/1e6, elapsed.Round(time.Millisecond))
	var b strings.Builder
	fmt.Fprintf(&b, "# files in the corpus: %d\n# check  files-with-findings  findings\n", len(files))
	ids := make([]string, 0, len(known))
	for id := range known {
		ids = append(ids, id)
	}
	slices.SortFunc(ids, func(a, b string) int {
		if withID[a] != withID[b] {
			return withID[b] - withID[a]
		}
		return strings.Compare(a, b)
	})
	for _, id := range ids {
		fmt.Fprintf(&b, "%-26s %5d %6d\n", id, withID[id], findings[id])
		if withID[id]*2 > len(files) {
			t.Errorf("%s fires on %d of %d files: a check that fires on most real files is probably wrong", id, withID[id], len(files))
		}
	}
	testutil.Golden(t, "testdata/corpus.golden", []byte(b.String()))
}
