package robotstxt

import (
	"strings"
	"testing"
)

// Checking a URL allocates nothing: not for ASCII paths, not for paths that
// need normalising, not for long paths, and not for a full user-agent
// string checked repeatedly.
func TestCheckAllocatesNothing(t *testing.T) {
	r := ParseString(AllocTestFile)
	bot := r.Agent("Googlebot")
	for _, c := range AllocTestCases() {
		r.Check(c.Agent, c.URL) // warm up: compile the rule set, fill the agent cache and the buffer pool
		if n := testing.AllocsPerRun(100, func() { r.Check(c.Agent, c.URL) }); n != 0 {
			t.Errorf("%s: Robots.Check(%q, %q) allocates %.1f times", c.Name, c.Agent, c.URL, n)
		}
		if c.Agent == "Googlebot" {
			if n := testing.AllocsPerRun(100, func() { bot.Check(c.URL) }); n != 0 {
				t.Errorf("%s: Agent.Check(%q) allocates %.1f times", c.Name, c.URL, n)
			}
			// CheckWithPath returns the path too, a new string only when
			// it needed normalising.
			if strings.Contains(c.URL, NormalizePath(c.URL)) {
				if n := testing.AllocsPerRun(100, func() { bot.CheckWithPath(c.URL) }); n != 0 {
					t.Errorf("%s: Agent.CheckWithPath(%q) allocates %.1f times", c.Name, c.URL, n)
				}
			}
		}
	}
}

// AllocTestFile and AllocTestCases are the file and the checks that must not
// allocate: paths that need no work, normalising, a stack buffer too small,
// names to search and to fall back from.
const AllocTestFile = "User-agent: *\nDisallow: /a\nAllow: /a/*.html$\n\nUser-agent: Googlebot\nDisallow: /b/\nAllow: /%E3%83%84\nAllow: /ツ/index.html\n"

func AllocTestCases() []struct{ Name, Agent, URL string } {
	long := "/b/" + strings.Repeat("x*y", 400) // needs normalising, longer than the stack buffer
	return []struct{ Name, Agent, URL string }{
		{"ASCII path", "Googlebot", "/b/c/d.html"},
		{"full URL", "Googlebot", "https://example.com/b/c?q=1#f"},
		{"path to normalise", "Googlebot", "/b/%7euser/ツ*$"},
		{"host and query only", "Googlebot", "example.com?a=b"},
		{"long path", "Googlebot", long},
		{"user-agent string", "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)", "/b/x"},
		{"fallback", "Googlebot-Image", "/b/x"},
		{"star group", "OtherBot", "/a/x.html"},
		{"robots.txt", "OtherBot", "/robots.txt"},
	}
}
