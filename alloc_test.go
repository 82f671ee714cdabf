package robotstxt

import (
	"strings"
	"testing"
)

// Checking a URL allocates nothing: not for ASCII paths, not for paths that
// need normalising, not for long paths, and not for a full user-agent
// string checked repeatedly.
func TestCheckAllocatesNothing(t *testing.T) {
	r := ParseString("User-agent: *\nDisallow: /a\nAllow: /a/*.html$\n\nUser-agent: Googlebot\nDisallow: /b/\nAllow: /%E3%83%84\n")
	bot := r.Agent("Googlebot")
	long := "/b/" + strings.Repeat("x*y", 400) // needs normalising, longer than the stack buffer
	cases := []struct{ name, agent, url string }{
		{"ASCII path", "Googlebot", "/b/c/d.html"},
		{"full URL", "Googlebot", "https://example.com/b/c?q=1#f"},
		{"path to normalise", "Googlebot", "/b/%7euser/ツ*$"},
		{"host and query only", "Googlebot", "example.com?a=b"},
		{"long path", "Googlebot", long},
		{"user-agent string", "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)", "/b/x"},
		{"star group", "OtherBot", "/a/x.html"},
		{"robots.txt", "OtherBot", "/robots.txt"},
	}
	for _, c := range cases {
		r.Check(c.agent, c.url) // warm up: compile the rule set, fill the agent cache and the buffer pool
		if n := testing.AllocsPerRun(100, func() { r.Check(c.agent, c.url) }); n != 0 {
			t.Errorf("%s: Robots.Check(%q, %q) allocates %.1f times", c.name, c.agent, c.url, n)
		}
		if c.agent == "Googlebot" {
			if n := testing.AllocsPerRun(100, func() { bot.Check(c.url) }); n != 0 {
				t.Errorf("%s: Agent.Check(%q) allocates %.1f times", c.name, c.url, n)
			}
		}
	}
}
