package diff_test

import (
	"fmt"

	"github.com/robotstxt/robotstxt"
	"github.com/robotstxt/robotstxt/diff"
)

// A deploy ships a new rule that also catches the product pages. With no
// URL list, the probe URLs derived from both files find it.
func ExampleCompare() {
	old := robotstxt.ParseString("User-agent: *\nDisallow: /private/\n")
	new := robotstxt.ParseString("User-agent: *\nDisallow: /private/\nDisallow: /p\n")
	res := diff.Compare(old, new, &diff.Options{Agents: []string{"Googlebot"}})
	for _, c := range res.Changes {
		fmt.Printf("now blocked for %s: %s (by new line %d: %s %s)\n", c.Agent, c.URL, c.New.Rule.Line, c.New.Rule.Kind, c.New.Rule.Pattern)
	}
	fmt.Println("unchanged:", res.Unchanged)
	// Output:
	// now blocked for Googlebot: /p (by new line 3: disallow /p)
	// unchanged: false
}

// Reordering groups and rewriting comments change nothing.
func ExampleCompareStructure() {
	old := robotstxt.ParseString("User-agent: a\nDisallow: /x\n\nUser-agent: b\nDisallow: /y\n")
	new := robotstxt.ParseString("# reviewed\nUser-agent: b\nDisallow: /y\nUser-agent: a\nDisallow: /x\n")
	fmt.Println(diff.CompareStructure(old, new).Same)
	// Output:
	// true
}

// A Comparer takes URLs one at a time, for lists too long to hold.
func ExampleComparer() {
	old := robotstxt.ParseString("User-agent: *\nDisallow: /cart\n")
	new := robotstxt.ParseString("User-agent: *\nDisallow: /cart\nDisallow: /*?sort=\n")
	c := diff.NewComparer(old, new, &diff.Options{Agents: []string{"*"}})
	for _, u := range []string{"/shoes", "/shoes?sort=price", "/cart"} {
		c.Add(u)
	}
	res := c.Result()
	fmt.Println(res.URLs, "URLs,", res.Summary[0].Blocked, "now blocked:", res.Changes[0].URL)
	// Output:
	// 3 URLs, 1 now blocked: /shoes?sort=price
}

// Probes are the paths that tell the files' patterns apart.
func ExampleProbes() {
	old := robotstxt.ParseString("User-agent: *\nDisallow: /a*.pdf$\n")
	probes, complete := diff.Probes(old, old)
	fmt.Println(probes, complete)
	// Output:
	// [/ /a.pdf] true
}
