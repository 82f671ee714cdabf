package bench

import (
	"fmt"
	"math/rand/v2"
	"strings"

	"github.com/robotstxt/robotstxt"
)

// The batch workloads of issue 25: a crawler's URLs against a site's real
// file. Each is BatchURLs full URLs on the site's host, built from the
// file's own rules, so that most of them hit a rule, as a crawler's do
// (the CLI workload's short wiki paths mostly match nothing).

// BatchURLs is the number of URLs of each batch workload.
const BatchURLs = 100_000

// A BatchSite is one batch workload: a corpus file and its site's host.
type BatchSite struct {
	Case, File, Host string
}

// BatchSites are the workloads of issue 25.
var BatchSites = []BatchSite{
	{"wikipedia", "en.wikipedia.org.txt", "en.wikipedia.org"},
	{"github", "github.com.txt", "github.com"},
	{"amazon", "www.amazon.com.txt", "www.amazon.com"},
	{"laprensa", "top1m-2017-45957-laprensa.hn.txt", "laprensa.hn"},
}

// batchTails vary the path a rule gives: the rule's own path, a page
// below it, a query, a longer name. "%d" is the URL's number.
var batchTails = []string{"", "", "/page-%d", "?id=%d", "-%d.html", "/a/b/%d?utm_source=feed&x=1"}

// BatchURLList returns n full URLs on host, deterministic for a given file:
// seven in eight come from one of the file's rules (PathFromPattern, with
// a tail from batchTails), one in eight is an ordinary page of the site
// that no rule need match. Rules are picked uniformly over every group.
func BatchURLList(host string, r *robotstxt.Robots, n int) []string {
	var paths []string
	for _, g := range r.Groups {
		for _, rule := range g.Rules {
			if rule.Pattern != "" {
				paths = append(paths, PathFromPattern(rule.Pattern))
			}
		}
	}
	rng := rand.New(rand.NewPCG(25, uint64(len(paths))))
	out := make([]string, n)
	var b strings.Builder
	for i := range out {
		b.Reset()
		b.WriteString("https://")
		b.WriteString(host)
		if len(paths) == 0 || i%8 == 7 {
			fmt.Fprintf(&b, "/articles/%d/story-%d", rng.IntN(1000), i)
		} else {
			b.WriteString(paths[rng.IntN(len(paths))])
			if t := batchTails[rng.IntN(len(batchTails))]; t != "" {
				fmt.Fprintf(&b, t, i)
			}
		}
		out[i] = b.String()
	}
	return out
}
