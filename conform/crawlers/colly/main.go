// Command colly is a crawler on colly (github.com/gocolly/colly/v2) for the
// conformance scoreboard: robots.txt obeyed (IgnoreRobotsTxt false, which
// colly does not default to), every link followed from the start URL, the
// User-Agent "AGENT/1.0". It is a module of its own, so that the project's
// module does not depend on colly.
//
// usage: colly START_URL AGENT
package main

import (
	"fmt"
	"os"
	"time"

	"github.com/gocolly/colly/v2"
)

func main() {
	if len(os.Args) != 3 {
		fmt.Fprintln(os.Stderr, "usage: colly START_URL AGENT")
		os.Exit(2)
	}
	c := colly.NewCollector(colly.UserAgent(os.Args[2]+"/1.0"), colly.MaxDepth(3))
	c.IgnoreRobotsTxt = false
	c.SetRequestTimeout(5 * time.Second)
	c.OnHTML("a[href]", func(e *colly.HTMLElement) {
		e.Request.Visit(e.Attr("href"))
	})
	c.Visit(os.Args[1])
	c.Wait()
}
