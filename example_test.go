package robotstxt_test

import (
	"fmt"
	"strings"

	"github.com/robotstxt/robotstxt"
)

func Example() {
	r := robotstxt.ParseString(`User-agent: *
Disallow: /private/
Allow: /private/press.html

User-agent: Googlebot
Disallow: /search
`)
	for _, u := range []string{"/private/press.html", "/private/other.html", "https://example.com/robots.txt"} {
		v := r.Check("AnyBot", u)
		fmt.Println(u, v.Allowed, v.Reason)
	}
	// Googlebot has a group of its own: the * rules do not apply to it.
	fmt.Println(r.Allowed("Googlebot", "/private/other.html"), r.Allowed("Googlebot", "/search?q=1"))
	// Output:
	// /private/press.html true matched-rule
	// /private/other.html false matched-rule
	// https://example.com/robots.txt true implicit-robots-txt
	// true false
}

func ExampleRobots_Check() {
	r := robotstxt.ParseString("User-agent: ExampleBot\nDisallow: /catalog/private/\nAllow: /catalog/private/help/\n")
	v := r.Check("Mozilla/5.0 (compatible; ExampleBot/1.0; +https://example.com/bot)", "https://example.com/catalog/private/help/start")
	fmt.Printf("allowed=%v by line %d (%s %s), longer than line %d\n", v.Allowed, v.Rule.Line, v.Rule.Kind, v.Rule.Pattern, v.Overruled.Line)
	fmt.Printf("group of line %d\n", v.UserAgents[0].Line)
	// Output:
	// allowed=true by line 3 (allow /catalog/private/help/), longer than line 2
	// group of line 1
}

func ExampleRobots_Agent() {
	r := robotstxt.ParseString("User-agent: *\nDisallow: /*.pdf$\n")
	bot := r.Agent("ExampleBot") // resolve the groups once, check many URLs
	for _, u := range []string{"/a.pdf", "/a.pdf?download=1", "/a.html"} {
		fmt.Println(u, bot.Allowed(u))
	}
	// Output:
	// /a.pdf false
	// /a.pdf?download=1 true
	// /a.html true
}

func ExampleReadFrom() {
	r, err := robotstxt.ReadFrom(strings.NewReader("User-agent: *\nDisallow: /\n"), &robotstxt.Options{MaxBytes: 512000})
	if err != nil {
		panic(err)
	}
	fmt.Println(r.Allowed("bot", "/"), r.Truncated)
	// Output: false false
}

func ExampleNormalizePath() {
	fmt.Println(robotstxt.NormalizePath("https://example.com/caf%c3%a9/%7Euser/ツ?q=*#top"))
	// Output: /caf%C3%A9/~user/%E3%83%84?q=%2A
}

func ExampleAgent_CheckWithPath() {
	r := robotstxt.ParseString("User-agent: *\nDisallow: /~user/\n")
	bot := r.Agent("ExampleBot")
	// The verdict and the path it was decided on, from one pass over the URL.
	v, path := bot.CheckWithPath("https://example.com/%7Euser/notes?page=2#top")
	fmt.Println(v.Allowed, v.Rule.Line, path)
	// Output: false 2 /~user/notes?page=2
}

func ExampleRobots_Sitemaps() {
	r := robotstxt.ParseString("Sitemap: https://example.com/a.xml\nUser-agent: *\nDisallow:\nsitemap: https://example.com/b.xml\n")
	for _, s := range r.Sitemaps {
		fmt.Println(s.Line, s.URL)
	}
	// Output:
	// 1 https://example.com/a.xml
	// 4 https://example.com/b.xml
}

func ExampleRobots_Compile() {
	r := robotstxt.ParseString("User-agent: *\nDisallow: /private/\nAllow: /private/*.css$\n")
	// Kept for many checks: build every group's matcher now rather than
	// after the first checks.
	r.Compile()
	fmt.Println(r.Allowed("ExampleBot", "/private/a.css"), r.Allowed("ExampleBot", "/private/a.html"))
	// Output: true false
}

// A crawler that caches many files keeps each as a Compact: its text and a
// small packed table, with the answers of the Robots.
func ExampleCompact() {
	c := robotstxt.ParseCompact([]byte("User-agent: *\nDisallow: /private/\nAllow: /private/press.html\n"))
	fmt.Println(c.Packed(), c.Allowed("ExampleBot", "/private/x"), c.Allowed("ExampleBot", "/private/press.html"))
	v := c.Check("ExampleBot", "https://example.com/private/x")
	fmt.Printf("by line %d (%s %s)\n", v.Rule.Line, v.Rule.Kind, v.Rule.Pattern)
	// Sitemaps and the other records are one parse away.
	fmt.Println(len(c.Robots().Groups))
	// Output:
	// true false true
	// by line 2 (disallow /private/)
	// 1
}
