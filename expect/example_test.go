package expect_test

import (
	"fmt"
	"os"

	"github.com/robotstxt/robotstxt"
	"github.com/robotstxt/robotstxt/expect"
)

func Example() {
	robots := robotstxt.ParseString("User-agent: *\nDisallow: /cart/\nDisallow: /p\n")
	spec := []byte(`# what must stay true of robots.txt
Googlebot  /products/shoes  allow
*          /cart/           disallow@2
`)
	exps, err := expect.Parse("robots.expect", spec)
	if err != nil {
		fmt.Println(err)
		return
	}
	results := expect.Run(exps, expect.Rules(robots, robotstxt.AgentOptions{}))
	expect.Write(os.Stdout, "text", "robots.txt", []expect.File{{Name: "robots.expect", Results: results}})
	// Output:
	// FAIL robots.expect:2: Googlebot /products/shoes: want allow, got disallow (line 3: disallow: /p)
	// 1 of 2 expectations failed for robots.txt
}

// A bad line is an error with its line number, never skipped.
func ExampleParse_error() {
	_, err := expect.Parse("robots.expect", []byte("Mozilla/5.0 (compatible; bingbot/2.0) /blog/ allow\n"))
	fmt.Println(err)
	// Output:
	// robots.expect:1: ambiguous: 5 words; quote an agent that has spaces ("Mozilla/5.0 (compatible; bingbot/2.0)") or follow it by two or more spaces or a tab
}
