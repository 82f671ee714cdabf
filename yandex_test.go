package robotstxt

import (
	"fmt"
	"testing"
)

// yandexTests: Yandex's robots read a blank line between a group's
// user-agent lines and its first rule as the end of the group (yandex.go);
// every other crawler, and Yandex's with NoFallback or Exact, reads the
// file as RFC 9309 does.
var yandexTests = []struct {
	name, robots, agent string
	opts                AgentOptions
	url                 string
	allowed             bool
	line                int
	reading             string
	groups              string
}{
	{"blank line after User-agent: Yandex gets no rules",
		"User-agent: Yandex\n\nDisallow: /private/\n\nUser-agent: *\nDisallow: /tmp/\n",
		"YandexBot", AgentOptions{}, "/private/x", true, 0, "yandex", "[0]"},
	{"the same file for Googlebot: RFC 9309",
		"User-agent: Yandex\n\nDisallow: /private/\n\nUser-agent: *\nDisallow: /tmp/\n",
		"Googlebot", AgentOptions{}, "/tmp/x", false, 6, "", "[1]"},
	{"the same file for Yandex with NoFallback: RFC 9309",
		"User-agent: Yandex\n\nDisallow: /private/\n\nUser-agent: *\nDisallow: /tmp/\n",
		"Yandex", AgentOptions{NoFallback: true}, "/private/x", false, 3, "", "[0]"},
	{"the same file for Yandex, exact: Google's library",
		"User-agent: Yandex\n\nDisallow: /private/\n",
		"Yandex", AgentOptions{Exact: true}, "/private/x", false, 3, "", "[0]"},
	{"Yandex's own name gets the reading",
		"User-agent: Yandex\n\nDisallow: /private/\n",
		"yandex", AgentOptions{}, "/private/x", true, 0, "yandex", "[0]"},
	{"a Yandex user-agent string gets the reading",
		"User-agent: Yandex\n\nDisallow: /private/\n",
		"Mozilla/5.0 (compatible; YandexBot/3.0; +http://yandex.com/bots)", AgentOptions{}, "/private/x", true, 0, "yandex", "[0]"},
	{"user-agent lines parted by a blank line do not share rules",
		"User-agent: YandexBot\nCrawl-delay: 20\n\nUser-agent: *\nDisallow: /private/\n",
		"YandexBot", AgentOptions{}, "/private/x", true, 0, "yandex", "[0]"},
	{"parted user-agent lines share rules under RFC 9309",
		"User-agent: YandexBot\nCrawl-delay: 20\n\nUser-agent: *\nDisallow: /private/\n",
		"YandexBot", AgentOptions{NoFallback: true}, "/private/x", false, 5, "", "[0]"},
	{"the * group after the blank line is Yandex's too when no group names it",
		"User-agent: Googlebot\n\nUser-agent: *\nDisallow: /x\n",
		"YandexBot", AgentOptions{}, "/x", false, 4, "yandex", "[0]"},
	{"a blank line between rules changes nothing",
		"User-agent: Yandex\nDisallow: /a\n\nDisallow: /b\n",
		"YandexBot", AgentOptions{}, "/b", false, 4, "", "[0]"},
	{"no blank line: no reading to report",
		"User-agent: Yandex\nDisallow: /a\n",
		"YandexBot", AgentOptions{}, "/a", false, 2, "", "[0]"},
	{"a comment line is not blank",
		"User-agent: Yandex\n# rules\nDisallow: /a\n",
		"YandexBot", AgentOptions{}, "/a", false, 3, "", "[0]"},
	{"rules after the cut belong to no group, the next group is whole",
		"User-agent: Yandex\n\nDisallow: /a\nUser-agent: YandexImages\nDisallow: /b\n",
		"YandexImages", AgentOptions{}, "/b", false, 5, "yandex", "[1]"},
	{"the fallback to Yandex uses Yandex's groups",
		"User-agent: YandexBot\n\nUser-agent: Yandex\nDisallow: /b\n",
		"YandexImages", AgentOptions{}, "/b", false, 4, "yandex", "[0]"},
	{"YandexBot's own group is empty in Yandex's reading",
		"User-agent: YandexBot\n\nUser-agent: Yandex\nDisallow: /b\n",
		"YandexBot", AgentOptions{}, "/b", true, 0, "yandex", "[0]"},
}

func TestYandexReading(t *testing.T) {
	for _, tt := range yandexTests {
		t.Run(tt.name, func(t *testing.T) {
			r := ParseString(tt.robots)
			a := r.AgentWith(tt.agent, tt.opts)
			v := a.Check(tt.url)
			line := 0
			if v.Rule != nil {
				line = v.Rule.Line
			}
			if v.Allowed != tt.allowed || line != tt.line || v.Reading != tt.reading || fmt.Sprint(a.Groups()) != tt.groups {
				t.Errorf("[yandex] AgentWith(%q, %+v).Check(%q) on %q:\n\tgot  allowed=%v line=%d reading=%q groups=%v\n\twant allowed=%v line=%d reading=%q groups=%s",
					tt.agent, tt.opts, tt.url, tt.robots, v.Allowed, line, v.Reading, a.Groups(), tt.allowed, tt.line, tt.reading, tt.groups)
			}
			if tt.opts == (AgentOptions{}) {
				if w := r.Check(tt.agent, tt.url); w.Allowed != v.Allowed || w.Reading != v.Reading {
					t.Errorf("Robots.Check disagrees: %+v", w)
				}
			}
		})
	}
}

func TestYandexReadsDifferently(t *testing.T) {
	for in, want := range map[string]bool{
		"User-agent: a\n\nDisallow: /\n":             true,
		"User-agent: a\nDisallow: /\n\nDisallow: /x": false,
		"User-agent: a\n# c\nDisallow: /\n":          false,
		"\nUser-agent: a\nDisallow: /\n":             false,
		"User-agent: a\n\nUser-agent: b\n":           true,
		"Sitemap: x\n\n":                             false,
	} {
		if got := ParseString(in).YandexReadsDifferently(); got != want {
			t.Errorf("YandexReadsDifferently(%q) = %v, want %v", in, got, want)
		}
	}
}

func TestYandexBlankLines(t *testing.T) {
	for in, want := range map[string]string{
		"User-agent: a\n\n\nDisallow: /\n\nUser-agent: b\n\nUser-agent: c\nDisallow: /\n": "[2 7]",
		"User-agent: a\nDisallow: /\n\n":                  "[]",
		"\n\nUser-agent: a\nCrawl-delay: 1\n\nAllow: /\n": "[5]",
	} {
		if got := fmt.Sprint(ParseString(in).YandexBlankLines()); got != want {
			t.Errorf("YandexBlankLines(%q) = %s, want %s", in, got, want)
		}
	}
}
