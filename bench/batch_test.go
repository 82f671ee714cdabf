package bench

import (
	"slices"
	"strings"
	"testing"

	"github.com/robotstxt/robotstxt"
)

// The batch workloads are what issue 25 asks for: BatchURLs full URLs on
// the site's host, the same on every call, most of them decided by one of
// the file's rules (a crawler's URLs hit rules; the CLI workload's mostly
// do not).
func TestBatchURLsHitRules(t *testing.T) {
	files := Corpus(t)
	for _, site := range BatchSites {
		var data []byte
		for _, f := range files {
			if f.Name == site.File {
				data = f.Data
			}
		}
		if data == nil {
			t.Fatalf("%s is not in the corpus", site.File)
		}
		r := robotstxt.Parse(data)
		urls := BatchURLList(site.Host, r, BatchURLs)
		if len(urls) != BatchURLs || !slices.Equal(urls[:100], BatchURLList(site.Host, r, 100)) {
			t.Errorf("%s: %d URLs, or not the same on every call", site.Case, len(urls))
		}
		a := r.Agent("Googlebot")
		matched := 0
		for _, u := range urls {
			if !strings.HasPrefix(u, "https://"+site.Host+"/") {
				t.Fatalf("%s: %q is not a full URL on %s", site.Case, u, site.Host)
			}
			if a.Check(u).Reason == robotstxt.MatchedRule {
				matched++
			}
		}
		if matched < BatchURLs/2 {
			t.Errorf("%s: %d of %d URLs matched a rule, want at least half", site.Case, matched, BatchURLs)
		}
		t.Logf("%s: %d of %d URLs matched a rule", site.Case, matched, BatchURLs)
	}
}
