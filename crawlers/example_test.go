package crawlers_test

import (
	"fmt"

	"github.com/robotstxt/robotstxt"
	"github.com/robotstxt/robotstxt/crawlers"
)

func ExampleMatrix() {
	r := robotstxt.ParseString(`User-agent: *
Disallow: /private/

User-agent: Googlebot
Disallow: /search

User-agent: GPTBot
Disallow: /
`)
	list := []crawlers.Crawler{crawlers.Star}
	for _, tok := range []string{"Googlebot", "Googlebot-Image", "Applebot", "GPTBot", "AdsBot-Google"} {
		c, _ := crawlers.Lookup(tok)
		list = append(list, c)
	}
	for _, row := range crawlers.Matrix(r, []string{"/private/a"}, list) {
		v := row.Verdicts[0]
		line := 0
		if v.Rule != nil {
			line = v.Rule.Line
		}
		fmt.Printf("%-16s group %-11q closed=%-5v allowed=%-5v line %d\n", row.Crawler.Token, row.Agent, row.Closed, v.Allowed, line)
	}
	s := crawlers.Summarize(r, nil)
	fmt.Println(s.AI.Closed, "AI crawler(s) closed out")
	// Output:
	// *                group "*"         closed=false allowed=false line 2
	// Googlebot        group "Googlebot" closed=false allowed=true  line 0
	// Googlebot-Image  group "Googlebot" closed=false allowed=true  line 0
	// Applebot         group "Googlebot" closed=false allowed=true  line 0
	// GPTBot           group "GPTBot"    closed=true  allowed=false line 8
	// AdsBot-Google    group ""          closed=false allowed=true  line 0
	// 1 AI crawler(s) closed out
}
