package robotstxt

import (
	"strings"
	"testing"
)

// matchTest is one question to the matcher: may agent fetch url under
// robots? line is the deciding rule's line, 0 when no rule decides.
type matchTest struct {
	name    string
	ref     string // "RFC 9309 <section>" or "google" (a leniency we adopt)
	robots  string
	agent   string
	url     string
	allowed bool
	line    int
}

const (
	groupsFile = "allow: /foo/bar/\n\nuser-agent: FooBot\ndisallow: /\nallow: /x/\nuser-agent: BarBot\ndisallow: /\nallow: /y/\n\n\nallow: /w/\nuser-agent: BazBot\n\nuser-agent: FooBot\nallow: /z/\ndisallow: /\n"
	fishFile   = "user-agent: FooBot\ndisallow: /\nallow: /fish\n"
	fishStar   = "user-agent: FooBot\ndisallow: /\nallow: /fish*\n"
	fishSlash  = "user-agent: FooBot\ndisallow: /\nallow: /fish/\n"
	phpFile    = "user-agent: FooBot\ndisallow: /\nallow: /*.php\n"
	phpEnd     = "user-agent: FooBot\ndisallow: /\nallow: /*.php$\n"
	fishPHP    = "user-agent: FooBot\ndisallow: /\nallow: /fish*.php\n"
)

var matchTests = []matchTest{
	// RFC 9309 section 2.1 and 2.2: lines, groups, keys.
	{"empty file allows everything", "RFC 9309 2.2.1", "", "FooBot", "", true, 0},
	{"empty agent matches no named group", "google", "user-agent: FooBot\ndisallow: /\n", "", "", true, 0},
	{"empty URL is /", "google", "user-agent: FooBot\ndisallow: /\n", "FooBot", "", false, 2},
	{"colon-separated lines", "RFC 9309 2.2", "user-agent: FooBot\ndisallow: /\n", "FooBot", "http://foo.bar/x/y", false, 2},
	{"unknown keys are not rules", "RFC 9309 2.2", "foo: FooBot\nbar: /\n", "FooBot", "http://foo.bar/x/y", true, 0},
	{"missing colon accepted", "google", "user-agent FooBot\ndisallow /\n", "FooBot", "http://foo.bar/x/y", false, 2},
	{"groups: own group, allow", "RFC 9309 2.1", groupsFile, "FooBot", "http://foo.bar/x/b", true, 5},
	{"groups: merged second group", "RFC 9309 2.2.1", groupsFile, "FooBot", "http://foo.bar/z/d", true, 15},
	{"groups: other group's allow not used", "RFC 9309 2.2.1", groupsFile, "FooBot", "http://foo.bar/y/c", false, 4},
	{"groups: BarBot allow", "RFC 9309 2.1", groupsFile, "BarBot", "http://foo.bar/y/c", true, 8},
	{"groups: allow after blank lines still in BarBot's group", "RFC 9309 2.2", groupsFile, "BarBot", "http://foo.bar/w/a", true, 11},
	{"groups: BarBot does not get FooBot's rules", "RFC 9309 2.2.1", groupsFile, "BarBot", "http://foo.bar/z/d", false, 7},
	{"groups: BazBot shares FooBot's second group", "RFC 9309 2.1", groupsFile, "BazBot", "http://foo.bar/z/d", true, 15},
	{"groups: rules before any user-agent are ignored (FooBot)", "RFC 9309 2.2.2", groupsFile, "FooBot", "http://foo.bar/foo/bar/", false, 4},
	{"groups: rules before any user-agent are ignored (BarBot)", "RFC 9309 2.2.2", groupsFile, "BarBot", "http://foo.bar/foo/bar/", false, 7},
	{"groups: rules before any user-agent are ignored (BazBot)", "RFC 9309 2.2.2", groupsFile, "BazBot", "http://foo.bar/foo/bar/", false, 16},
	{"sitemap does not close a group (FooBot falls to *)", "RFC 9309 2.2.4", "User-agent: BarBot\nSitemap: https://foo.bar/sitemap\nUser-agent: *\nDisallow: /\n", "FooBot", "http://foo.bar/", false, 4},
	{"sitemap does not close a group (BarBot)", "RFC 9309 2.2.4", "User-agent: BarBot\nSitemap: https://foo.bar/sitemap\nUser-agent: *\nDisallow: /\n", "BarBot", "http://foo.bar/", false, 4},
	{"unknown line does not close a group", "RFC 9309 2.2.4", "User-agent: FooBot\nInvalid-Unknown-Line: unknown\nUser-agent: *\nDisallow: /\n", "FooBot", "http://foo.bar/", false, 4},
	{"keys in upper case", "RFC 9309 2.2", "USER-AGENT: FooBot\nALLOW: /x/\nDISALLOW: /\n", "FooBot", "http://foo.bar/x/y", true, 2},
	{"keys in mixed case", "RFC 9309 2.2", "uSeR-aGeNt: FooBot\nAlLoW: /x/\ndIsAlLoW: /\n", "FooBot", "http://foo.bar/a/b", false, 3},
	{"keys recognised by prefix", "google", "User-agents: FooBot\nDisallowed: /a\nAllowance: /a/b\n", "FooBot", "/a/b/c", true, 3},
	{"misspelt keys accepted", "google", "useragent: FooBot\ndisalow: /a\n", "FooBot", "/a", false, 2},

	// RFC 9309 section 2.2.1: the user-agent line.
	{"user-agent values ignore case (upper)", "RFC 9309 2.2.1", "User-Agent: FOO BAR\nAllow: /x/\nDisallow: /\n", "Foo", "http://foo.bar/x/y", true, 2},
	{"user-agent values ignore case (lower)", "RFC 9309 2.2.1", "User-Agent: foo bar\nAllow: /x/\nDisallow: /\n", "foo", "http://foo.bar/a/b", false, 3},
	{"user-agent values ignore case (camel)", "RFC 9309 2.2.1", "User-Agent: FoO bAr\nAllow: /x/\nDisallow: /\n", "FOO", "http://foo.bar/x/y", true, 2},
	{"value up to the first space is the token", "google", "User-Agent: *\nDisallow: /\nUser-Agent: Foo Bar\nAllow: /x/\nDisallow: /\n", "Foo", "http://foo.bar/x/y", true, 4},
	{"* only when no group matches", "RFC 9309 2.2.1", "user-agent: *\nallow: /\nuser-agent: FooBot\ndisallow: /\n", "FooBot", "http://foo.bar/x/y", false, 4},
	{"* for others", "RFC 9309 2.2.1", "user-agent: *\nallow: /\nuser-agent: FooBot\ndisallow: /\n", "BarBot", "http://foo.bar/x/y", true, 2},
	{"no matching group and no *", "RFC 9309 2.2.1", "user-agent: FooBot\nallow: /\nuser-agent: BarBot\ndisallow: /\nuser-agent: BazBot\ndisallow: /\n", "QuxBot", "http://foo.bar/x/y", true, 0},
	{"* groups are merged", "RFC 9309 2.2.1", "User-agent: *\nDisallow: /a\n\nUser-agent: *\nDisallow: /b\n", "AnyBot", "/b/c", false, 5},
	{"* followed by text is still *", "google", "User-agent: * (all robots)\nDisallow: /x\n", "AnyBot", "/x", false, 2},
	{"*foo names no crawler", "google", "User-agent: *foo\nDisallow: /\n", "foo", "/x", true, 0},
	{"named group with * on the same group", "RFC 9309 2.2.1", "User-agent: FooBot\nUser-agent: *\nDisallow: /x\nUser-agent: FooBot\nDisallow: /y\n", "FooBot", "/x", false, 3},
	{"named group with * on the same group, other bot", "RFC 9309 2.2.1", "User-agent: FooBot\nUser-agent: *\nDisallow: /x\nUser-agent: FooBot\nDisallow: /y\n", "BarBot", "/y", true, 0},

	// RFC 9309 section 2.2.2: the allow and disallow lines.
	{"path matching is case-sensitive (match)", "RFC 9309 2.2.2", "user-agent: FooBot\ndisallow: /x/\n", "FooBot", "http://foo.bar/x/y", false, 2},
	{"path matching is case-sensitive (no match)", "RFC 9309 2.2.2", "user-agent: FooBot\ndisallow: /X/\n", "FooBot", "http://foo.bar/x/y", true, 0},
	{"longest match: disallow longer", "RFC 9309 2.2.2", "user-agent: FooBot\ndisallow: /x/page.html\nallow: /x/\n", "FooBot", "http://foo.bar/x/page.html", false, 2},
	{"longest match: allow longer", "RFC 9309 2.2.2", "user-agent: FooBot\nallow: /x/page.html\ndisallow: /x/\n", "FooBot", "http://foo.bar/x/page.html", true, 2},
	{"longest match: the folder itself", "RFC 9309 2.2.2", "user-agent: FooBot\nallow: /x/page.html\ndisallow: /x/\n", "FooBot", "http://foo.bar/x/", false, 3},
	{"empty allow and disallow decide nothing", "RFC 9309 2.2.2", "user-agent: FooBot\ndisallow: \nallow: \n", "FooBot", "http://foo.bar/x/page.html", true, 0},
	{"equal / and /: allow", "RFC 9309 2.2.2", "user-agent: FooBot\ndisallow: /\nallow: /\n", "FooBot", "http://foo.bar/x/page.html", true, 3},
	{"/x vs /x/: on /x", "RFC 9309 2.2.2", "user-agent: FooBot\ndisallow: /x\nallow: /x/\n", "FooBot", "http://foo.bar/x", false, 2},
	{"/x vs /x/: on /x/", "RFC 9309 2.2.2", "user-agent: FooBot\ndisallow: /x\nallow: /x/\n", "FooBot", "http://foo.bar/x/", true, 3},
	{"identical allow and disallow: allow", "RFC 9309 2.2.2", "user-agent: FooBot\ndisallow: /x/page.html\nallow: /x/page.html\n", "FooBot", "http://foo.bar/x/page.html", true, 3},
	{"wildcard length counts: /*.html beats /page", "RFC 9309 2.2.2", "user-agent: FooBot\nallow: /page\ndisallow: /*.html\n", "FooBot", "http://foo.bar/page.html", false, 3},
	{"wildcard does not match: /page allowed", "RFC 9309 2.2.2", "user-agent: FooBot\nallow: /page\ndisallow: /*.html\n", "FooBot", "http://foo.bar/page", true, 2},
	{"/x/page. beats /*.html", "RFC 9309 2.2.2", "user-agent: FooBot\nallow: /x/page.\ndisallow: /*.html\n", "FooBot", "http://foo.bar/x/page.html", true, 2},
	{"/*.html elsewhere", "RFC 9309 2.2.2", "user-agent: FooBot\nallow: /x/page.\ndisallow: /*.html\n", "FooBot", "http://foo.bar/x/y.html", false, 3},
	{"specific group replaces *: /x allowed", "RFC 9309 2.2.1", "User-agent: *\nDisallow: /x/\nUser-agent: FooBot\nDisallow: /y/\n", "FooBot", "http://foo.bar/x/page", true, 0},
	{"specific group replaces *: /y disallowed", "RFC 9309 2.2.1", "User-agent: *\nDisallow: /x/\nUser-agent: FooBot\nDisallow: /y/\n", "FooBot", "http://foo.bar/y/page", false, 4},
	{"equal length, same kind: earlier line reported", "google", "User-agent: *\nDisallow: /a*\nDisallow: /ab\n", "bot", "/abc", false, 2},
	{"/robots.txt is always allowed", "RFC 9309 2.2.2", "User-agent: *\nDisallow: /\n", "bot", "/robots.txt", true, 0},
	{"/robots.txt with a query is not special", "RFC 9309 2.2.2", "User-agent: *\nDisallow: /\n", "bot", "/robots.txt?x=1", false, 2},
	{"/robots.txt in another folder is not special", "RFC 9309 2.2.2", "User-agent: *\nDisallow: /\n", "bot", "/a/robots.txt", false, 2},

	// RFC 9309 section 2.2.2: percent-encoding.
	{"URL query with an unencoded URL in it", "RFC 9309 2.2.2", "User-agent: FooBot\nDisallow: /\nAllow: /foo/bar?qux=taz&baz=http://foo.bar?tar&par\n", "FooBot", "http://foo.bar/foo/bar?qux=taz&baz=http://foo.bar?tar&par", true, 3},
	{"3-byte character in the rule, encoded URL", "RFC 9309 2.2.2", "User-agent: FooBot\nDisallow: /\nAllow: /foo/bar/ツ\n", "FooBot", "http://foo.bar/foo/bar/%E3%83%84", true, 3},
	{"encoded rule, encoded URL", "RFC 9309 2.2.2", "User-agent: FooBot\nDisallow: /\nAllow: /foo/bar/%E3%83%84\n", "FooBot", "http://foo.bar/foo/bar/%E3%83%84", true, 3},
	{"encoded unreserved rule, same URL", "RFC 9309 2.2.2", "User-agent: FooBot\nDisallow: /\nAllow: /foo/bar/%62%61%7A\n", "FooBot", "http://foo.bar/foo/bar/%62%61%7A", true, 3},
	{"lower-case hex in the rule", "RFC 9309 2.2.2", "User-agent: *\nDisallow: /%aa\n", "bot", "/%AA", false, 2},
	{"lower-case hex in the URL", "RFC 9309 2.2.2", "User-agent: *\nDisallow: /%AA\n", "bot", "/%aa", false, 2},
	{"%2F is not decoded: not the same as /", "RFC 9309 2.2.2", "User-agent: *\nDisallow: /a%2Fb\n", "bot", "/a/b", true, 0},
	{"%2F matches %2f", "RFC 9309 2.2.2", "User-agent: *\nDisallow: /a%2Fb\n", "bot", "/a%2fb", false, 2},
	{"a literal * in the URL is matched by a rule's *", "RFC 9309 2.2.3", "User-agent: *\nDisallow: /a*c\n", "bot", "/a*c", false, 2},
	{"a raw * in the URL and a literal %2A in the rule", "RFC 9309 2.2.3", "User-agent: *\nDisallow: /a%2Ac\n", "bot", "/a*c", false, 2},
	{"%2A in the rule does not match other characters", "RFC 9309 2.2.3", "User-agent: *\nDisallow: /a%2Ac\n", "bot", "/abc", true, 0},
	{"space in a rule matches %20", "RFC 9309 2.2.2", "User-agent: *\nDisallow: /a b\n", "bot", "/a%20b", false, 2},

	// RFC 9309 section 2.2.3: special characters.
	{"* in the middle: other path", "RFC 9309 2.2.3", "User-agent: FooBot\nDisallow: /foo/bar/quz\nAllow: /foo/*/qux\n", "FooBot", "http://foo.bar/foo/bar/quz", false, 2},
	{"* in the middle: no match", "RFC 9309 2.2.3", "User-agent: FooBot\nDisallow: /foo/bar/quz\nAllow: /foo/*/qux\n", "FooBot", "http://foo.bar/foo/quz", true, 0},
	{"* in the middle: //", "RFC 9309 2.2.3", "User-agent: FooBot\nDisallow: /foo/bar/quz\nAllow: /foo/*/qux\n", "FooBot", "http://foo.bar/foo//quz", true, 0},
	{"* in the middle: other folder", "RFC 9309 2.2.3", "User-agent: FooBot\nDisallow: /foo/bar/quz\nAllow: /foo/*/qux\n", "FooBot", "http://foo.bar/foo/bax/quz", true, 0},
	{"$ exact", "RFC 9309 2.2.3", "User-agent: FooBot\nDisallow: /foo/bar$\nAllow: /foo/bar/qux\n", "FooBot", "http://foo.bar/foo/bar", false, 2},
	{"$ longer path allowed", "RFC 9309 2.2.3", "User-agent: FooBot\nDisallow: /foo/bar$\nAllow: /foo/bar/qux\n", "FooBot", "http://foo.bar/foo/bar/qux", true, 3},
	{"$ with a slash", "RFC 9309 2.2.3", "User-agent: FooBot\nDisallow: /foo/bar$\nAllow: /foo/bar/qux\n", "FooBot", "http://foo.bar/foo/bar/", true, 0},
	{"$ other subpath", "RFC 9309 2.2.3", "User-agent: FooBot\nDisallow: /foo/bar$\nAllow: /foo/bar/qux\n", "FooBot", "http://foo.bar/foo/bar/baz", true, 0},
	{"# comments out a rule", "RFC 9309 2.2.3", "User-agent: FooBot\n# Disallow: /\nDisallow: /foo/quz#qux\nAllow: /\n", "FooBot", "http://foo.bar/foo/bar", true, 4},
	{"# ends a pattern", "RFC 9309 2.2.3", "User-agent: FooBot\n# Disallow: /\nDisallow: /foo/quz#qux\nAllow: /\n", "FooBot", "http://foo.bar/foo/quz", false, 3},
	{"$ alone never matches", "google", "User-agent: *\nDisallow: $\n", "bot", "/", true, 0},
	{"* alone matches everything", "RFC 9309 2.2.3", "User-agent: *\nDisallow: *\n", "bot", "/anything", false, 2},
	{"*$ matches everything", "RFC 9309 2.2.3", "User-agent: *\nDisallow: /*$\n", "bot", "/anything", false, 2},
	{"pattern not starting with / never matches", "RFC 9309 2.2.2", "User-agent: *\nDisallow: fish\n", "bot", "/fish", true, 0},
	{"full URL as a pattern never matches", "RFC 9309 2.2.2", "User-agent: *\nDisallow: https://example.com/private\n", "bot", "https://example.com/private", true, 0},
	{"anchored wildcard checks the end", "RFC 9309 2.2.3", "User-agent: *\nDisallow: /*a*b$\n", "bot", "/xaxbxb", false, 2},
	{"anchored wildcard rejects a wrong end", "RFC 9309 2.2.3", "User-agent: *\nDisallow: /*a*b$\n", "bot", "/xaxbx", true, 0},
	{"anchored end must not overlap the previous piece", "RFC 9309 2.2.3", "User-agent: *\nDisallow: /*ab*ba$\n", "bot", "/aba", true, 0},

	// Google: index.html also allows its directory.
	{"index.html: the directory", "google", "User-Agent: *\nAllow: /allowed-slash/index.html\nDisallow: /\n", "foobot", "http://foo.com/allowed-slash/", true, 2},
	{"index.html: not index.htm", "google", "User-Agent: *\nAllow: /allowed-slash/index.html\nDisallow: /\n", "foobot", "http://foo.com/allowed-slash/index.htm", false, 3},
	{"index.html: exact", "google", "User-Agent: *\nAllow: /allowed-slash/index.html\nDisallow: /\n", "foobot", "http://foo.com/allowed-slash/index.html", true, 2},
	{"index.html: other URLs", "google", "User-Agent: *\nAllow: /allowed-slash/index.html\nDisallow: /\n", "foobot", "http://foo.com/anyother-url", false, 3},
	{"index.html: only the directory itself", "google", "User-Agent: *\nAllow: /d/index.html\nDisallow: /\n", "foobot", "/d/x", false, 3},
	{"index.html: /d/$ (4 octets) outranks /d/", "google", "User-Agent: *\nAllow: /d/index.html\nDisallow: /d/\n", "foobot", "/d/", true, 2},
	{"index.html: a longer disallow still wins", "google", "User-Agent: *\nAllow: /d/index.html\nDisallow: /d/*$\n", "foobot", "/d/", false, 3},
	{"index.htm counts too", "google", "User-Agent: *\nAllow: /d/index.htm\nDisallow: /\n", "foobot", "/d/", true, 2},

	// Google's documentation examples.
	{"/fish: /bar", "google", fishFile, "FooBot", "http://foo.bar/bar", false, 2},
	{"/fish: /fish", "google", fishFile, "FooBot", "http://foo.bar/fish", true, 3},
	{"/fish: /fish.html", "google", fishFile, "FooBot", "http://foo.bar/fish.html", true, 3},
	{"/fish: /fish/salmon.html", "google", fishFile, "FooBot", "http://foo.bar/fish/salmon.html", true, 3},
	{"/fish: /fishheads", "google", fishFile, "FooBot", "http://foo.bar/fishheads", true, 3},
	{"/fish: /fishheads/yummy.html", "google", fishFile, "FooBot", "http://foo.bar/fishheads/yummy.html", true, 3},
	{"/fish: query", "google", fishFile, "FooBot", "http://foo.bar/fish.html?id=anything", true, 3},
	{"/fish: /Fish.asp", "google", fishFile, "FooBot", "http://foo.bar/Fish.asp", false, 2},
	{"/fish: /catfish", "google", fishFile, "FooBot", "http://foo.bar/catfish", false, 2},
	{"/fish: /?id=fish", "google", fishFile, "FooBot", "http://foo.bar/?id=fish", false, 2},
	{"/fish*: /bar", "google", fishStar, "FooBot", "http://foo.bar/bar", false, 2},
	{"/fish*: /fish", "google", fishStar, "FooBot", "http://foo.bar/fish", true, 3},
	{"/fish*: /fish.html", "google", fishStar, "FooBot", "http://foo.bar/fish.html", true, 3},
	{"/fish*: /fishheads/yummy.html", "google", fishStar, "FooBot", "http://foo.bar/fishheads/yummy.html", true, 3},
	{"/fish*: /Fish.bar", "google", fishStar, "FooBot", "http://foo.bar/Fish.bar", false, 2},
	{"/fish*: /catfish", "google", fishStar, "FooBot", "http://foo.bar/catfish", false, 2},
	{"/fish*: /?id=fish", "google", fishStar, "FooBot", "http://foo.bar/?id=fish", false, 2},
	{"/fish/: /fish/", "google", fishSlash, "FooBot", "http://foo.bar/fish/", true, 3},
	{"/fish/: /fish/salmon", "google", fishSlash, "FooBot", "http://foo.bar/fish/salmon", true, 3},
	{"/fish/: /fish/?salmon", "google", fishSlash, "FooBot", "http://foo.bar/fish/?salmon", true, 3},
	{"/fish/: /fish/?id=anything", "google", fishSlash, "FooBot", "http://foo.bar/fish/?id=anything", true, 3},
	{"/fish/: /fish", "google", fishSlash, "FooBot", "http://foo.bar/fish", false, 2},
	{"/fish/: /fish.html", "google", fishSlash, "FooBot", "http://foo.bar/fish.html", false, 2},
	{"/fish/: /Fish/Salmon.html", "google", fishSlash, "FooBot", "http://foo.bar/Fish/Salmon.html", false, 2},
	{"/*.php: /filename.php", "google", phpFile, "FooBot", "http://foo.bar/filename.php", true, 3},
	{"/*.php: folder", "google", phpFile, "FooBot", "http://foo.bar/folder/filename.php", true, 3},
	{"/*.php: parameters", "google", phpFile, "FooBot", "http://foo.bar/folder/filename.php?parameters", true, 3},
	{"/*.php: in a longer name", "google", phpFile, "FooBot", "http://foo.bar//folder/any.php.file.html", true, 3},
	{"/*.php: slash after", "google", phpFile, "FooBot", "http://foo.bar/filename.php/", true, 3},
	{"/*.php: in the query", "google", phpFile, "FooBot", "http://foo.bar/index?f=filename.php/", true, 3},
	{"/*.php: /php/", "google", phpFile, "FooBot", "http://foo.bar/php/", false, 2},
	{"/*.php: ?php", "google", phpFile, "FooBot", "http://foo.bar/index?php", false, 2},
	{"/*.php: case", "google", phpFile, "FooBot", "http://foo.bar/windows.PHP", false, 2},
	{"/*.php$: /filename.php", "google", phpEnd, "FooBot", "http://foo.bar/filename.php", true, 3},
	{"/*.php$: folder", "google", phpEnd, "FooBot", "http://foo.bar/folder/filename.php", true, 3},
	{"/*.php$: parameters", "google", phpEnd, "FooBot", "http://foo.bar/filename.php?parameters", false, 2},
	{"/*.php$: slash after", "google", phpEnd, "FooBot", "http://foo.bar/filename.php/", false, 2},
	{"/*.php$: php5", "google", phpEnd, "FooBot", "http://foo.bar/filename.php5", false, 2},
	{"/*.php$: /php/", "google", phpEnd, "FooBot", "http://foo.bar/php/", false, 2},
	{"/*.php$: ?php", "google", phpEnd, "FooBot", "http://foo.bar/filename?php", false, 2},
	{"/*.php$: aaaphpaaa", "google", phpEnd, "FooBot", "http://foo.bar/aaaphpaaa", false, 2},
	{"/*.php$: case", "google", phpEnd, "FooBot", "http://foo.bar//windows.PHP", false, 2},
	{"/fish*.php: /fish.php", "google", fishPHP, "FooBot", "http://foo.bar/fish.php", true, 3},
	{"/fish*.php: deeper", "google", fishPHP, "FooBot", "http://foo.bar/fishheads/catfish.php?parameters", true, 3},
	{"/fish*.php: case", "google", fishPHP, "FooBot", "http://foo.bar/Fish.PHP", false, 2},
	{"precedence: /p beats /", "google", "user-agent: FooBot\nallow: /p\ndisallow: /\n", "FooBot", "http://example.com/page", true, 2},
	{"precedence: equal /folder", "google", "user-agent: FooBot\nallow: /folder\ndisallow: /folder\n", "FooBot", "http://example.com/folder/page", true, 2},
	{"precedence: /*.htm beats /page", "google", "user-agent: FooBot\nallow: /page\ndisallow: /*.htm\n", "FooBot", "http://example.com/page.htm", false, 3},
	{"precedence: /$ home page", "google", "user-agent: FooBot\nallow: /$\ndisallow: /\n", "FooBot", "http://example.com/", true, 2},
	{"precedence: /$ other page", "google", "user-agent: FooBot\nallow: /$\ndisallow: /\n", "FooBot", "http://example.com/page.html", false, 3},
}

func TestMatch(t *testing.T) {
	for _, tt := range matchTests {
		t.Run(tt.name, func(t *testing.T) {
			checkMatch(t, tt)
		})
	}
}

func checkMatch(t *testing.T, tt matchTest) {
	t.Helper()
	v := ParseString(tt.robots).Check(tt.agent, tt.url)
	line := 0
	if v.Rule != nil {
		line = v.Rule.Line
	}
	if v.Allowed != tt.allowed || line != tt.line {
		t.Errorf("[%s] Check(%q, %q) on\n%s\n\tgot  allowed=%v line=%d (%s)\n\twant allowed=%v line=%d",
			tt.ref, tt.agent, tt.url, tt.robots, v.Allowed, line, v.Reason, tt.allowed, tt.line)
	}
	if (v.Reason == MatchedRule) != (v.Rule != nil) {
		t.Errorf("reason %s with rule %v", v.Reason, v.Rule)
	}
	if v.Rule != nil && (v.Rule.Kind == Allow) != v.Allowed {
		t.Errorf("deciding rule %v contradicts allowed=%v", *v.Rule, v.Allowed)
	}
}

// Where RFC 9309 and Google's parser disagree we follow the RFC. Each case
// records what Google's library answers and why we differ; the test asserts
// our answer.
var googleDivergences = []struct {
	matchTest
	google bool   // Google's answer
	why    string // the RFC's reason
}{
	{matchTest{"raw non-ASCII URL", "RFC 9309 2.2.2", "User-agent: FooBot\nDisallow: /\nAllow: /foo/bar/ツ\n", "FooBot", "http://foo.bar/foo/bar/ツ", true, 3},
		false, "octets outside ASCII are percent-encoded in the URI too before comparison"},
	{matchTest{"encoded rule, raw non-ASCII URL", "RFC 9309 2.2.2", "User-agent: FooBot\nDisallow: /\nAllow: /foo/bar/%E3%83%84\n", "FooBot", "http://foo.bar/foo/bar/ツ", true, 3},
		false, "octets outside ASCII are percent-encoded in the URI too before comparison"},
	{matchTest{"encoded unreserved rule, plain URL", "RFC 9309 2.2.2", "User-agent: FooBot\nDisallow: /\nAllow: /foo/bar/%62%61%7A\n", "FooBot", "http://foo.bar/foo/bar/baz", true, 3},
		false, "percent-encoded unreserved octets are decoded before comparison"},
	{matchTest{"%2A matches a literal *", "RFC 9309 2.2.3", "User-agent: *\nDisallow: /path/file-with-a-%2A.html\n", "bot", "https://www.example.com/path/file-with-a-*.html", false, 2},
		true, "the RFC's example: an encoded special character matches it verbatim"},
	{matchTest{"%24 matches a literal $", "RFC 9309 2.2.3", "User-agent: *\nDisallow: /path/foo-%24\n", "bot", "https://www.example.com/path/foo-$", false, 2},
		true, "the RFC's example: an encoded special character matches it verbatim"},
	{matchTest{"/robots.txt under Disallow: /", "RFC 9309 2.2.2", "User-agent: *\nDisallow: /\n", "bot", "https://example.com/robots.txt", true, 0},
		false, "the /robots.txt URI is implicitly allowed"},
	{matchTest{"full user-agent string", "RFC 9309 2.2.1", "User-Agent: *\nDisallow: /\nUser-Agent: Foo Bar\nAllow: /x/\nDisallow: /\n", "Foo Bar", "http://foo.bar/x/y", true, 4},
		false, "the product token is a substring of the crawler's identification string; Google compares the whole name (ExactAgent)"},
}

func TestGoogleDivergences(t *testing.T) {
	for _, tt := range googleDivergences {
		t.Run(tt.name, func(t *testing.T) {
			if tt.google == tt.allowed {
				t.Fatalf("not a divergence: Google and we both answer %v", tt.allowed)
			}
			checkMatch(t, tt.matchTest)
		})
	}
}

func TestExactAgentIsGoogles(t *testing.T) {
	r := ParseString("User-Agent: *\nDisallow: /\nUser-Agent: Foo Bar\nAllow: /x/\nDisallow: /\n")
	if r.ExactAgent("Foo Bar").Allowed("http://foo.bar/x/y") {
		t.Error(`ExactAgent("Foo Bar") must not match the group "Foo Bar" (token Foo), as in Google's parser`)
	}
	if !r.ExactAgent("foo").Allowed("http://foo.bar/x/y") {
		t.Error(`ExactAgent("foo") must match the group "Foo Bar"`)
	}
	if a := r.ExactAgent("Mozilla/5.0 (compatible; Foo/1.0)"); !a.Global() {
		t.Error("ExactAgent with a user-agent string must fall back to *")
	}
}

var agentTests = []struct {
	name, ref, robots, agent string
	want                     string // lines of the user-agent records applied, "" for no group
}{
	{"bare token equal ignoring case", "RFC 9309 2.2.1", "User-agent: GoogleBot\nDisallow: /\n", "googlebot", "1"},
	{"bare token is not a prefix match", "google", "User-agent: ExampleBot\nDisallow: /\n", "ExampleBot-Image", ""},
	{"bare token is not a substring match", "google", "User-agent: bot\nDisallow: /\n", "mybot", ""},
	{"user-agent string contains the token", "RFC 9309 2.2.1", "User-agent: Googlebot\nDisallow: /\n", "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)", "1"},
	{"user-agent string: longest token wins", "RFC 9309 2.2.1", "User-agent: Googlebot\nDisallow: /a\nUser-agent: Googlebot-Image\nDisallow: /b\n", "Googlebot-Image/1.0", "3"},
	{"user-agent string: longest token wins over file order", "RFC 9309 2.2.1", "User-agent: Mozilla\nDisallow: /a\nUser-agent: ExampleBot\nDisallow: /b\n", "Mozilla/5.0 (compatible; ExampleBot/0.1)", "3"},
	{"user-agent string: equal length, file order", "RFC 9309 2.2.1", "User-agent: barbot\nDisallow: /a\nUser-agent: foobot\nDisallow: /b\n", "foobot/1 barbot/2", "1"},
	{"user-agent string: all groups of the token merge", "RFC 9309 2.2.1", "User-agent: ExampleBot\nDisallow: /a\nUser-agent: *\nDisallow: /\nUser-agent: examplebot\nDisallow: /b\n", "ExampleBot/1.0", "1,5"},
	{"user-agent string without a known token uses *", "RFC 9309 2.2.1", "User-agent: *\nUser-agent: *\nDisallow: /\nUser-agent: other\nDisallow: /b\n", "Mozilla/5.0 (Windows)", "1,2"},
	{"empty name matches a group with an empty token", "google", "User-agent: /x\nDisallow: /\nUser-agent: *\nAllow: /\n", "", "1"},
	{"a token of a user-agent string is never empty", "google", "User-agent: /x\nDisallow: /\n", "Mozilla/5.0", ""},
	{"no group at all", "RFC 9309 2.2.1", "Sitemap: https://e/s.xml\n", "bot", ""},
}

func TestAgentSelection(t *testing.T) {
	for _, tt := range agentTests {
		t.Run(tt.name, func(t *testing.T) {
			a := ParseString(tt.robots).Agent(tt.agent)
			var lines []string
			for _, ua := range a.UserAgents() {
				lines = append(lines, itoa(ua.Line))
			}
			if got := strings.Join(lines, ","); got != tt.want {
				t.Errorf("[%s] Agent(%q) on %q: user-agent lines %q, want %q", tt.ref, tt.agent, tt.robots, got, tt.want)
			}
			if a.Matched() != (tt.want != "") {
				t.Errorf("Matched() = %v", a.Matched())
			}
		})
	}
}

func itoa(n int) string {
	if n < 10 {
		return string(rune('0' + n))
	}
	return itoa(n/10) + itoa(n%10)
}

func TestAgentRulesAndGroups(t *testing.T) {
	r := ParseString("User-agent: a\nDisallow: /1\nUser-agent: *\nDisallow: /2\nUser-agent: A\nUser-agent: a\nAllow: /3\n")
	a := r.Agent("a")
	if got := a.Groups(); len(got) != 2 || got[0] != 0 || got[1] != 2 {
		t.Errorf("Groups() = %v, want [0 2] (the group naming a twice counted once)", got)
	}
	rules := a.Rules()
	if len(rules) != 2 || rules[0].Pattern != "/1" || rules[1].Pattern != "/3" {
		t.Errorf("Rules() = %v", rules)
	}
	rules[0].Pattern = "changed"
	if r.Groups[0].Rules[0].Pattern != "/1" {
		t.Error("Rules() must return a copy")
	}
	if a.Global() || !r.Agent("b").Global() {
		t.Error("Global() wrong")
	}
	var zero Agent
	if !zero.Allowed("/x") || zero.Matched() || zero.UserAgents() != nil || zero.Rules() != nil || zero.Groups() != nil {
		t.Error("the zero Agent must allow everything and match nothing")
	}
}

func TestVerdictDetails(t *testing.T) {
	r := ParseString("User-agent: *\nDisallow: /a\nAllow: /a/b\nAllow: /d/index.html\nDisallow: /d/\nDisallow: /t\nAllow: /t\n")
	v := r.Check("bot", "/a/b/c")
	if !v.Allowed || v.Rule.Line != 3 || v.Overruled == nil || v.Overruled.Line != 2 || v.ViaIndexHTML {
		t.Errorf("longest allow: %+v", v)
	}
	v = r.Check("bot", "/t")
	if !v.Allowed || v.Rule.Line != 7 || v.Overruled.Line != 6 {
		t.Errorf("tie: %+v", v)
	}
	v = ParseString("User-agent: *\nAllow: /d/index.html\nDisallow: /\n").Check("bot", "/d/")
	if !v.Allowed || !v.ViaIndexHTML || v.Rule.Line != 2 || v.Overruled.Line != 3 {
		t.Errorf("index.html: %+v", v)
	}
	v = r.Check("bot", "/robots.txt")
	if !v.Allowed || v.Reason != ImplicitRobotsTxt || len(v.UserAgents) != 1 {
		t.Errorf("robots.txt: %+v", v)
	}
	if v := ParseString("").Check("bot", "/x"); v.Reason != NoGroup || v.UserAgents != nil {
		t.Errorf("no group: %+v", v)
	}
	if v := r.Check("bot", "/zzz"); v.Reason != NoMatchingRule || v.Rule != nil || v.Overruled != nil {
		t.Errorf("no matching rule: %+v", v)
	}
}

func TestReasonText(t *testing.T) {
	for _, r := range []Reason{MatchedRule, NoMatchingRule, NoGroup, ImplicitRobotsTxt} {
		b, _ := r.MarshalText()
		var back Reason
		if err := back.UnmarshalText(b); err != nil || back != r {
			t.Errorf("Reason %d round trip: %q -> %v, %v", r, b, back, err)
		}
	}
	var r Reason
	if r.UnmarshalText([]byte("nope")) == nil {
		t.Error("unknown reason accepted")
	}
	var k RuleKind
	if k.UnmarshalText([]byte("allow")) != nil || k != Allow || k.UnmarshalText([]byte("x")) == nil {
		t.Error("RuleKind text")
	}
}
