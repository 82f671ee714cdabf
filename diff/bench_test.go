package diff

import (
	"testing"

	"github.com/robotstxt/robotstxt"
	"github.com/robotstxt/robotstxt/internal/testutil"
)

// BenchmarkProbesCorpus derives the probe URLs of every file of the corpus
// compared with itself: the cost of "robotstxt diff" without --urls.
func BenchmarkProbesCorpus(b *testing.B) {
	var files []*robotstxt.Robots
	for _, c := range testutil.Corpus(b, "../../shared/corpus/robots") {
		files = append(files, robotstxt.Parse(c.Data))
	}
	b.ResetTimer()
	for b.Loop() {
		complete := 0
		for _, r := range files {
			if _, ok := Probes(r, r); ok {
				complete++
			}
		}
		b.ReportMetric(float64(complete)/float64(len(files))*100, "%complete")
	}
	b.ReportMetric(float64(b.Elapsed().Microseconds())/float64(b.N)/float64(len(files)), "µs/file")
}

// BenchmarkCompareDefaultAgents is a typical edit (one rule added) of a
// mid-sized file, for the default crawlers.
func BenchmarkCompareDefaultAgents(b *testing.B) {
	old := robotstxt.ParseString(midFile)
	new := robotstxt.ParseString(midFile + "Disallow: /p\n")
	for b.Loop() {
		Compare(old, new, nil)
	}
}

const midFile = `User-agent: *
Disallow: /admin/
Disallow: /cart/
Disallow: /checkout/
Disallow: /*?sort=
Disallow: /*?filter=
Disallow: /*.pdf$
Allow: /products/
Allow: /*.css$

User-agent: Googlebot
Disallow: /cart/
Allow: /

User-agent: GPTBot
User-agent: CCBot
Disallow: /

User-agent: *
`
