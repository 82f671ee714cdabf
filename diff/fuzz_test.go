package diff

import (
	"encoding/json"
	"testing"

	"github.com/robotstxt/robotstxt"
	"github.com/robotstxt/robotstxt/internal/testutil"
)

// FuzzCompare: any two files compare without a panic, into JSON; a file
// compared with itself changes nothing; and the two directions mirror each
// other (what one calls blocked the other calls allowed).
func FuzzCompare(f *testing.F) {
	f.Add("User-agent: *\nDisallow: /a\n", "User-agent: *\nDisallow: /a*b$\nAllow: /a/index.html\n")
	for i, c := range testutil.Corpus(f, "../../shared/corpus/robots") {
		if i%40 == 0 && len(c.Data) < 4096 {
			f.Add(string(c.Data), "User-agent: *\nDisallow: /\n")
		}
	}
	agents := []string{"*", "Googlebot", "Googlebot-Image", "GPTBot", "AdsBot-Google"}
	f.Fuzz(func(t *testing.T, a, b string) {
		if len(a)+len(b) > 8<<10 {
			return
		}
		ra, rb := robotstxt.ParseString(a), robotstxt.ParseString(b)
		res := Compare(ra, rb, &Options{Agents: agents})
		if _, err := json.Marshal(res); err != nil {
			t.Fatal(err)
		}
		if self := Compare(ra, ra, &Options{Agents: agents}); !self.Unchanged || !self.Structural.Same {
			t.Fatalf("a file differs from itself: %+v", self)
		}
		back := Compare(rb, ra, &Options{Agents: agents, URLs: probeURLs(res)})
		blocked, unblocked := 0, 0
		for _, s := range res.Summary {
			blocked += s.Blocked * len(s.Agents)
			unblocked += s.Unblocked * len(s.Agents)
		}
		bb, bu := 0, 0
		for _, s := range back.Summary {
			bb += s.Blocked * len(s.Agents)
			bu += s.Unblocked * len(s.Agents)
		}
		if blocked != bu || unblocked != bb {
			t.Fatalf("forward %d blocked %d unblocked, backward %d blocked %d unblocked", blocked, unblocked, bb, bu)
		}
	})
}

// probeURLs are the URLs a probed comparison used, recomputed.
func probeURLs(res *Result) []string {
	seen := map[string]bool{}
	var out []string
	for _, c := range res.Changes {
		if !seen[c.URL] {
			seen[c.URL] = true
			out = append(out, c.URL)
		}
	}
	if out == nil {
		out = []string{"/"}
	}
	return out
}
