// Package reference holds the reference cases that the web page's self-test
// runs in the browser and the core's tests run natively: one small robots.txt,
// one crawler, one URL and the verdict RFC 9309 (or Google's parser, for the
// leniencies we adopt) requires, with the line that must decide it.
package reference

import (
	"fmt"
	"slices"

	"github.com/robotstxt/robotstxt"
)

// Topics, in the order the self-test shows them.
const (
	TopicLongestMatch   = "longest-match"
	TopicTie            = "allow-wins-tie"
	TopicMerge          = "group-merging"
	TopicFallback       = "star-fallback"
	TopicPathCase       = "path-case"
	TopicAgentCase      = "agent-case"
	TopicWildcard       = "wildcard"
	TopicAnchor         = "end-anchor"
	TopicRobotsTxt      = "implicit-robots-txt"
	TopicPercent        = "percent-encoding"
	TopicSitemaps       = "sitemaps"
	TopicNegative       = "negative-paths"
	TopicSyntax         = "syntax"
	TopicUserAgentToken = "product-token"
)

// Case is one reference case. When Sitemaps is not nil the case checks the
// sitemap URLs extracted from Robots instead of a verdict.
type Case struct {
	Name    string           `json:"name"`
	Topic   string           `json:"topic"`
	Ref     string           `json:"ref"` // "RFC 9309 2.2.2", "google", ...
	Robots  string           `json:"robots"`
	Agent   string           `json:"agent,omitempty"`
	URL     string           `json:"url,omitempty"`
	Allowed bool             `json:"allowed"`
	Line    int              `json:"line"` // the deciding rule's line; 0 when no rule decides
	Reason  robotstxt.Reason `json:"reason"`
	// Sitemaps, when not nil, are the sitemap URLs Robots must yield in order.
	Sitemaps []string `json:"sitemaps,omitempty"`
}

// Result is the outcome of running one case.
type Result struct {
	Case
	Pass bool   `json:"pass"`
	Got  string `json:"got"` // what the parser and matcher answered, in words
}

// Seed004 is the ExampleBot file of seed document 004, whose seven cases
// the self-test and several packages' tests use.
const Seed004 = `User-agent: *
Disallow: /catalog/

User-agent: ExampleBot
Disallow: /catalog/private/
Allow: /catalog/private/help/

User-agent: examplebot
Disallow: /exports/
Allow: /exports/public/
`

const rfcSimple = `User-Agent: *
Disallow: *.gif$
Disallow: /example/
Allow: /publications/

User-Agent: foobot
Disallow:/
Allow:/example/page.html
Allow:/example/allowed.gif

User-Agent: barbot
User-Agent: bazbot
Disallow: /example/page.html

User-Agent: quxbot

EOF
`

var cases = []Case{
	// Longest match (RFC 9309 section 2.2.2).
	{Name: "longer allow inside a disallowed folder", Topic: TopicLongestMatch, Ref: "RFC 9309 2.2.2",
		Robots: "User-agent: *\nDisallow: /private/\nAllow: /private/press.html\n",
		Agent:  "AnyBot", URL: "/private/press.html", Allowed: true, Line: 3, Reason: robotstxt.MatchedRule},
	{Name: "other file in the disallowed folder", Topic: TopicLongestMatch, Ref: "RFC 9309 2.2.2",
		Robots: "User-agent: *\nDisallow: /private/\nAllow: /private/press.html\n",
		Agent:  "AnyBot", URL: "/private/other.html", Allowed: false, Line: 2, Reason: robotstxt.MatchedRule},
	{Name: "RFC example: longer disallow beats allow", Topic: TopicLongestMatch, Ref: "RFC 9309 5.2",
		Robots: "User-Agent: foobot\nAllow: /example/page/\nDisallow: /example/page/disallowed.gif\n",
		Agent:  "foobot", URL: "https://example.com/example/page/disallowed.gif", Allowed: false, Line: 3, Reason: robotstxt.MatchedRule},
	{Name: "order in the file does not matter", Topic: TopicLongestMatch, Ref: "RFC 9309 2.2.2",
		Robots: "User-agent: FooBot\nAllow: /x/page.html\nDisallow: /x/\n",
		Agent:  "FooBot", URL: "/x/page.html", Allowed: true, Line: 2, Reason: robotstxt.MatchedRule},
	{Name: "wildcard rule counts its * in its length", Topic: TopicLongestMatch, Ref: "google",
		Robots: "User-agent: FooBot\nAllow: /page\nDisallow: /*.html\n",
		Agent:  "FooBot", URL: "/page.html", Allowed: false, Line: 3, Reason: robotstxt.MatchedRule},
	{Name: "deep path: the most specific of three rules", Topic: TopicLongestMatch, Ref: "RFC 9309 2.2.2",
		Robots: "User-agent: *\nDisallow: /a/\nAllow: /a/b/\nDisallow: /a/b/c/\n",
		Agent:  "AnyBot", URL: "/a/b/c/d/e.html", Allowed: false, Line: 4, Reason: robotstxt.MatchedRule},
	{Name: "deep path: one level up is allowed", Topic: TopicLongestMatch, Ref: "RFC 9309 2.2.2",
		Robots: "User-agent: *\nDisallow: /a/\nAllow: /a/b/\nDisallow: /a/b/c/\n",
		Agent:  "AnyBot", URL: "/a/b/x.html", Allowed: true, Line: 3, Reason: robotstxt.MatchedRule},

	// Equal length: allow wins.
	{Name: "equal allow and disallow: allow wins", Topic: TopicTie, Ref: "RFC 9309 2.2.2",
		Robots: "User-agent: FooBot\nDisallow: /folder\nAllow: /folder\n",
		Agent:  "FooBot", URL: "/folder/page", Allowed: true, Line: 3, Reason: robotstxt.MatchedRule},
	{Name: "allow / ties with disallow /", Topic: TopicTie, Ref: "RFC 9309 2.2.2",
		Robots: "User-agent: FooBot\nDisallow: /\nAllow: /\n",
		Agent:  "FooBot", URL: "/x/page.html", Allowed: true, Line: 3, Reason: robotstxt.MatchedRule},
	{Name: "tie between different patterns of equal length", Topic: TopicTie, Ref: "RFC 9309 2.2.2",
		Robots: "User-agent: *\nDisallow: /*.php\nAllow: /index\n",
		Agent:  "AnyBot", URL: "/index.php", Allowed: true, Line: 3, Reason: robotstxt.MatchedRule},

	// Group merging and selection.
	{Name: "seed 004: ExampleBot does not get the * rules", Topic: TopicMerge, Ref: "RFC 9309 2.2.1",
		Robots: Seed004, Agent: "ExampleBot", URL: "/catalog/item", Allowed: true, Reason: robotstxt.NoMatchingRule},
	{Name: "seed 004: another bot gets the * rules", Topic: TopicFallback, Ref: "RFC 9309 2.2.1",
		Robots: Seed004, Agent: "OtherBot", URL: "/catalog/item", Allowed: false, Line: 2, Reason: robotstxt.MatchedRule},
	{Name: "seed 004: private folder", Topic: TopicMerge, Ref: "RFC 9309 2.2.2",
		Robots: Seed004, Agent: "ExampleBot", URL: "/catalog/private/item", Allowed: false, Line: 5, Reason: robotstxt.MatchedRule},
	{Name: "seed 004: longer allow inside it", Topic: TopicMerge, Ref: "RFC 9309 2.2.2",
		Robots: Seed004, Agent: "ExampleBot", URL: "/catalog/private/help/start", Allowed: true, Line: 6, Reason: robotstxt.MatchedRule},
	{Name: "seed 004: rules of the second ExampleBot group apply", Topic: TopicMerge, Ref: "RFC 9309 2.2.1",
		Robots: Seed004, Agent: "ExampleBot", URL: "/exports/file", Allowed: false, Line: 9, Reason: robotstxt.MatchedRule},
	{Name: "seed 004: token in any case", Topic: TopicAgentCase, Ref: "RFC 9309 2.2.1",
		Robots: Seed004, Agent: "EXAMPLEBOT", URL: "/exports/public/file", Allowed: true, Line: 10, Reason: robotstxt.MatchedRule},
	{Name: "seed 004: path case matters", Topic: TopicPathCase, Ref: "RFC 9309 2.2.2",
		Robots: Seed004, Agent: "ExampleBot", URL: "/Catalog/private/item", Allowed: true, Reason: robotstxt.NoMatchingRule},
	{Name: "full user-agent string finds its group", Topic: TopicAgentCase, Ref: "RFC 9309 2.2.1",
		Robots: Seed004, Agent: "Mozilla/5.0 (compatible; ExampleBot/1.0; +https://example.com/bot)", URL: "/exports/x",
		Allowed: false, Line: 9, Reason: robotstxt.MatchedRule},
	{Name: "user-agent lines separated by other lines share rules", Topic: TopicMerge, Ref: "RFC 9309 2.2.4",
		Robots: "User-agent: BarBot\nSitemap: https://example.com/s.xml\nUser-agent: FooBot\nDisallow: /\n",
		Agent:  "BarBot", URL: "/", Allowed: false, Line: 4, Reason: robotstxt.MatchedRule},
	{Name: "named group without rules does not fall back to *", Topic: TopicFallback, Ref: "RFC 9309 2.2.1",
		Robots: "User-agent: *\nDisallow: /\n\nUser-agent: quxbot\n",
		Agent:  "quxbot", URL: "/anything", Allowed: true, Reason: robotstxt.NoMatchingRule},
	{Name: "no group and no *: everything allowed", Topic: TopicFallback, Ref: "RFC 9309 2.2.1",
		Robots: "User-agent: FooBot\nDisallow: /\n",
		Agent:  "BarBot", URL: "/x", Allowed: true, Reason: robotstxt.NoGroup},
	{Name: "RFC example: * group forbids .gif", Topic: TopicFallback, Ref: "RFC 9309 5.1",
		Robots: rfcSimple, Agent: "OtherBot", URL: "/pictures/a.gif", Allowed: false, Line: 2, Reason: robotstxt.MatchedRule},
	{Name: "RFC example: foobot may fetch its allowed page", Topic: TopicMerge, Ref: "RFC 9309 5.1",
		Robots: rfcSimple, Agent: "foobot", URL: "/example/page.html", Allowed: true, Line: 8, Reason: robotstxt.MatchedRule},
	{Name: "RFC example: foobot may not fetch the rest", Topic: TopicMerge, Ref: "RFC 9309 5.1",
		Robots: rfcSimple, Agent: "foobot", URL: "/publications/", Allowed: false, Line: 7, Reason: robotstxt.MatchedRule},
	{Name: "RFC example: bazbot shares barbot's group", Topic: TopicMerge, Ref: "RFC 9309 5.1",
		Robots: rfcSimple, Agent: "bazbot", URL: "/example/page.html", Allowed: false, Line: 13, Reason: robotstxt.MatchedRule},
	{Name: "RFC example: quxbot's empty group allows all", Topic: TopicFallback, Ref: "RFC 9309 5.1",
		Robots: rfcSimple, Agent: "quxbot", URL: "/example/page.html", Allowed: true, Reason: robotstxt.NoMatchingRule},

	// Product tokens.
	{Name: "version after the token is ignored", Topic: TopicUserAgentToken, Ref: "RFC 9309 2.2.1",
		Robots: "User-agent: Googlebot/2.1\nDisallow: /x\n",
		Agent:  "Googlebot", URL: "/x", Allowed: false, Line: 2, Reason: robotstxt.MatchedRule},
	{Name: "value is cut at the first space", Topic: TopicUserAgentToken, Ref: "google",
		Robots: "User-agent: *\nDisallow: /\nUser-agent: Foo Bar\nAllow: /x/\nDisallow: /\n",
		Agent:  "Foo", URL: "/x/y", Allowed: true, Line: 4, Reason: robotstxt.MatchedRule},

	// Wildcards and the end anchor (RFC 9309 section 2.2.3).
	{Name: "* matches any run, including /", Topic: TopicWildcard, Ref: "RFC 9309 2.2.3",
		Robots: "User-agent: *\nDisallow: /foo/*/qux\n",
		Agent:  "AnyBot", URL: "/foo/bar/baz/qux", Allowed: false, Line: 2, Reason: robotstxt.MatchedRule},
	{Name: "* matches the empty run", Topic: TopicWildcard, Ref: "RFC 9309 2.2.3",
		Robots: "User-agent: *\nDisallow: /foo/*/qux\n",
		Agent:  "AnyBot", URL: "/foo//qux", Allowed: false, Line: 2, Reason: robotstxt.MatchedRule},
	{Name: "trailing * changes nothing", Topic: TopicWildcard, Ref: "google",
		Robots: "User-agent: *\nDisallow: /\nAllow: /fish*\n",
		Agent:  "AnyBot", URL: "/fishheads/yummy.html", Allowed: true, Line: 3, Reason: robotstxt.MatchedRule},
	{Name: "*.php matches in the query too", Topic: TopicWildcard, Ref: "google",
		Robots: "User-agent: *\nDisallow: /\nAllow: /*.php\n",
		Agent:  "AnyBot", URL: "/index?f=filename.php/", Allowed: true, Line: 3, Reason: robotstxt.MatchedRule},
	{Name: "$ anchors the end", Topic: TopicAnchor, Ref: "RFC 9309 2.2.3",
		Robots: "User-agent: *\nDisallow: /\nAllow: /*.php$\n",
		Agent:  "AnyBot", URL: "/folder/filename.php", Allowed: true, Line: 3, Reason: robotstxt.MatchedRule},
	{Name: "$ rejects a longer path", Topic: TopicAnchor, Ref: "RFC 9309 2.2.3",
		Robots: "User-agent: *\nDisallow: /\nAllow: /*.php$\n",
		Agent:  "AnyBot", URL: "/filename.php?parameters", Allowed: false, Line: 2, Reason: robotstxt.MatchedRule},
	{Name: "allow /$ opens only the home page", Topic: TopicAnchor, Ref: "google",
		Robots: "User-agent: *\nAllow: /$\nDisallow: /\n",
		Agent:  "AnyBot", URL: "https://example.com/", Allowed: true, Line: 2, Reason: robotstxt.MatchedRule},
	{Name: "$ in the middle is a literal", Topic: TopicAnchor, Ref: "RFC 9309 2.2.3",
		Robots: "User-agent: *\nDisallow: /a$b\n",
		Agent:  "AnyBot", URL: "/a$b/c", Allowed: false, Line: 2, Reason: robotstxt.MatchedRule},

	// /robots.txt.
	{Name: "/robots.txt is allowed even under Disallow: /", Topic: TopicRobotsTxt, Ref: "RFC 9309 2.2.2",
		Robots: "User-agent: *\nDisallow: /\n",
		Agent:  "AnyBot", URL: "https://example.com/robots.txt", Allowed: true, Reason: robotstxt.ImplicitRobotsTxt},

	// Percent-encoding (RFC 9309 section 2.2.2 and 2.2.3).
	{Name: "non-ASCII rule matches the encoded URL", Topic: TopicPercent, Ref: "RFC 9309 2.2.2",
		Robots: "User-agent: *\nDisallow: /\nAllow: /foo/bar/ツ\n",
		Agent:  "AnyBot", URL: "/foo/bar/%E3%83%84", Allowed: true, Line: 3, Reason: robotstxt.MatchedRule},
	{Name: "non-ASCII URL matches the encoded rule", Topic: TopicPercent, Ref: "RFC 9309 2.2.2",
		Robots: "User-agent: *\nDisallow: /\nAllow: /foo/bar/%E3%83%84\n",
		Agent:  "AnyBot", URL: "/foo/bar/ツ", Allowed: true, Line: 3, Reason: robotstxt.MatchedRule},
	{Name: "encoded unreserved characters are decoded", Topic: TopicPercent, Ref: "RFC 9309 2.2.2",
		Robots: "User-agent: *\nDisallow: /\nAllow: /foo/bar/%62%61%7A\n",
		Agent:  "AnyBot", URL: "/foo/bar/baz", Allowed: true, Line: 3, Reason: robotstxt.MatchedRule},
	{Name: "hex digits compare in any case", Topic: TopicPercent, Ref: "RFC 9309 2.2.2",
		Robots: "User-agent: *\nDisallow: /a%2fb\n",
		Agent:  "AnyBot", URL: "/a%2Fb", Allowed: false, Line: 2, Reason: robotstxt.MatchedRule},
	{Name: "%2A in a rule matches a literal *", Topic: TopicPercent, Ref: "RFC 9309 2.2.3",
		Robots: "User-agent: *\nDisallow: /path/file-with-a-%2A.html\n",
		Agent:  "AnyBot", URL: "https://www.example.com/path/file-with-a-*.html", Allowed: false, Line: 2, Reason: robotstxt.MatchedRule},
	{Name: "%24 in a rule matches a literal $", Topic: TopicPercent, Ref: "RFC 9309 2.2.3",
		Robots: "User-agent: *\nDisallow: /path/foo-%24\n",
		Agent:  "AnyBot", URL: "https://www.example.com/path/foo-$", Allowed: false, Line: 2, Reason: robotstxt.MatchedRule},

	// Negative paths: things that must not match.
	{Name: "prefix match only from the first octet", Topic: TopicNegative, Ref: "RFC 9309 2.2.2",
		Robots: "User-agent: *\nDisallow: /fish\n",
		Agent:  "AnyBot", URL: "/catfish", Allowed: true, Reason: robotstxt.NoMatchingRule},
	{Name: "/fish/ does not match /fish", Topic: TopicNegative, Ref: "google",
		Robots: "User-agent: *\nDisallow: /fish/\n",
		Agent:  "AnyBot", URL: "/fish", Allowed: true, Reason: robotstxt.NoMatchingRule},
	{Name: "empty Disallow matches nothing", Topic: TopicNegative, Ref: "RFC 9309 2.2.2",
		Robots: "User-agent: *\nDisallow:\n",
		Agent:  "AnyBot", URL: "/anything", Allowed: true, Reason: robotstxt.NoMatchingRule},
	{Name: "a query is part of the path", Topic: TopicNegative, Ref: "google",
		Robots: "User-agent: *\nDisallow: /fish\n",
		Agent:  "AnyBot", URL: "/?id=fish", Allowed: true, Reason: robotstxt.NoMatchingRule},
	{Name: "the fragment is not part of the path", Topic: TopicNegative, Ref: "RFC 9309 2.2.2",
		Robots: "User-agent: *\nDisallow: /*section\n",
		Agent:  "AnyBot", URL: "/page#section", Allowed: true, Reason: robotstxt.NoMatchingRule},
	{Name: "rules before any user-agent are ignored", Topic: TopicNegative, Ref: "RFC 9309 2.2.2",
		Robots: "Disallow: /\nUser-agent: *\nDisallow: /x\n",
		Agent:  "AnyBot", URL: "/y", Allowed: true, Reason: robotstxt.NoMatchingRule},

	// Syntax.
	{Name: "field names are case-insensitive", Topic: TopicSyntax, Ref: "RFC 9309 2.2",
		Robots: "uSeR-aGeNt: FooBot\nAlLoW: /x/\ndIsAlLoW: /\n",
		Agent:  "FooBot", URL: "/a/b", Allowed: false, Line: 3, Reason: robotstxt.MatchedRule},
	{Name: "# starts a comment inside a value", Topic: TopicSyntax, Ref: "RFC 9309 2.2.3",
		Robots: "User-agent: FooBot\n# Disallow: /\nDisallow: /foo/quz#qux\nAllow: /\n",
		Agent:  "FooBot", URL: "/foo/quz", Allowed: false, Line: 3, Reason: robotstxt.MatchedRule},
	{Name: "missing colon accepted for two words", Topic: TopicSyntax, Ref: "google",
		Robots: "user-agent FooBot\ndisallow /\n",
		Agent:  "FooBot", URL: "/x/y", Allowed: false, Line: 2, Reason: robotstxt.MatchedRule},
	{Name: "accepted misspelling of disallow", Topic: TopicSyntax, Ref: "google",
		Robots: "User-agent: *\nDisalow: /private\n",
		Agent:  "AnyBot", URL: "/private", Allowed: false, Line: 2, Reason: robotstxt.MatchedRule},
	{Name: "CR line endings", Topic: TopicSyntax, Ref: "RFC 9309 2.2",
		Robots: "User-agent: *\rDisallow: /a\rAllow: /a/b\r",
		Agent:  "AnyBot", URL: "/a/c", Allowed: false, Line: 2, Reason: robotstxt.MatchedRule},
	{Name: "index.html allows its directory", Topic: TopicSyntax, Ref: "google",
		Robots: "User-Agent: *\nAllow: /allowed-slash/index.html\nDisallow: /\n",
		Agent:  "AnyBot", URL: "/allowed-slash/", Allowed: true, Line: 2, Reason: robotstxt.MatchedRule},

	// Sitemaps.
	{Name: "sitemaps anywhere, in order", Topic: TopicSitemaps, Ref: "RFC 9309 2.2.4",
		Robots:   "Sitemap: https://example.com/a.xml\nUser-agent: *\nDisallow: /x\nsite-map: https://example.com/b.xml # typo\nSITEMAP:https://example.com/c.xml\n",
		Sitemaps: []string{"https://example.com/a.xml", "https://example.com/b.xml", "https://example.com/c.xml"}},
}

// Cases returns the reference cases.
func Cases() []Case { return slices.Clone(cases) }

// Run runs every case against the parser and matcher.
func Run() []Result {
	out := make([]Result, len(cases))
	for i, c := range cases {
		out[i] = RunCase(c)
	}
	return out
}

// RunCase runs one case.
func RunCase(c Case) Result {
	r := robotstxt.ParseString(c.Robots)
	if c.Sitemaps != nil {
		var got []string
		for _, s := range r.Sitemaps {
			got = append(got, s.URL)
		}
		return Result{Case: c, Pass: slices.Equal(got, c.Sitemaps), Got: fmt.Sprintf("sitemaps %q", got)}
	}
	v := r.Check(c.Agent, c.URL)
	line := 0
	if v.Rule != nil {
		line = v.Rule.Line
	}
	res := Result{Case: c, Pass: v.Allowed == c.Allowed && line == c.Line && v.Reason == c.Reason}
	verdict := "disallowed"
	if v.Allowed {
		verdict = "allowed"
	}
	if line > 0 {
		res.Got = fmt.Sprintf("%s by line %d (%s: %s)", verdict, line, v.Rule.Kind, v.Rule.Pattern)
	} else {
		res.Got = fmt.Sprintf("%s (%s)", verdict, v.Reason)
	}
	return res
}
