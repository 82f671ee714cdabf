// Package robotstxt parses robots.txt files and decides whether a crawler may
// fetch a URL, as RFC 9309 (the Robots Exclusion Protocol) specifies and as
// Google's open-source parser, the de-facto reference, reads real files.
//
// It never fails on content and never panics: every line is read, whatever
// is not a directive is skipped, and each answer names the rule, its line
// and the group that decided it.
//
//	r := robotstxt.ParseString(body)
//	v := r.Check("Googlebot", "https://example.com/private/page")
//	if !v.Allowed {
//		fmt.Printf("blocked by line %d: %s %s\n", v.Rule.Line, v.Rule.Kind, v.Rule.Pattern)
//	}
//
// A crawler checking many URLs for one agent resolves the agent once:
//
//	bot := r.Agent("ExampleBot")
//	for _, u := range urls {
//		if bot.Allowed(u) { ... }
//	}
//
// A parsed file is immutable and safe for concurrent use. Checking a URL
// allocates nothing; its cost grows with the length of the path, not with the
// number of rules. A group's first checks try its rules in turn, as most
// files are checked only a few times; its rules are compiled for that flat
// cost once it has been asked often (the answers are the same). The package
// imports only the standard library and no networking code: fetching
// robots.txt is the job of the fetch package.
//
// A crawler that keeps many parsed files (a cache of millions of origins)
// keeps each as a Compact, from ParseCompact or Robots.Compact: the text
// and a small packed table, about 1.4 times the file for the median small
// file against about 4.4 times for a Robots. It answers Check and Allowed
// exactly as the Robots does, trying the rules in turn (slower than a
// compiled Robots for a file checked very often); Allowed allocates
// nothing. Files with more than MaxPackedRules rules or MaxPackedAgents
// user-agent lines, or with non-ASCII group names, stay a full Robots
// inside it (Compact.Packed says which); Compact.Robots gives back the
// Robots for everything else.
//
// # Parsing
//
// Lines end with LF, CR or CRLF, mixed freely; a last line without a line
// ending counts. A UTF-8 byte order mark at the start is skipped. '#' starts
// a comment anywhere on a line. Keys and values are trimmed of whitespace;
// keys are case-insensitive. Lines holds every line as the parser read it
// (key, value, flags), for linters and editors.
//
// The records are user-agent, allow, disallow and sitemap. Every other
// "name: value" line is kept in Robots.Other with its raw name and value
// (crawl-delay, host, clean-param, content-signal, anything unknown). Allow
// and disallow lines before the first user-agent line are kept in
// Robots.Orphans and ignored for matching.
//
// One or more user-agent lines start a group and the rules that follow belong
// to it. A user-agent line after a rule starts a new group. Blank lines,
// sitemap lines and other records never end a group, so user-agent lines
// separated only by them share the rules that follow.
//
// The name a user-agent value gives is the value up to its first byte that
// is ASCII and not a letter, digit, '-', '_' or '.': whitespace, '/', '*',
// ';', ',', '(' and '!' end it, and bytes of 0x80 and above belong to it.
// So "MJ12bot", "360Spider", "008", "Mail.RU_Bot", "archive.org_bot" and
// "Jävla-Foobot" stay whole, "Googlebot/2.1" names Googlebot, "FOO BAR"
// names FOO and "Foo*" names Foo. A value of "*", alone or followed by
// whitespace, names the global group. (Google's library cuts at the first
// byte outside [A-Za-z_-], so that "MJ12bot" names "MJ" and "360Spider"
// names nothing; ExactAgent keeps that reading.)
//
// At most Options.MaxBytes (DefaultMaxBytes, 500 KiB, by default) are
// parsed; the rest is ignored for matching and reported by Robots.Truncated.
// A line whose line ending lies beyond the limit is dropped whole, as a cut
// pattern could be broader than the one written.
//
// # Choosing the group
//
// The crawler is named by a product token ("Googlebot") or by a full
// user-agent string ("Mozilla/5.0 (compatible; Googlebot/2.1;
// +http://www.google.com/bot.html)").
//
//  1. When the name is bare (made only of letters, digits, '-', '_', '.'
//     and bytes of 0x80 and above), a group applies when its name equals
//     it, ignoring ASCII case. An empty name matches only groups whose name
//     is empty (such as "User-agent: /x"), as in Google's parser.
//  2. Otherwise the name is a user-agent string, and a group applies when its
//     non-empty name occurs in the string, ignoring case (RFC 9309 section
//     2.2.1: the product token is a substring of the user-agent header). When
//     different names occur, the longest wins; between equally long names,
//     the one whose first group comes first in the file.
//  3. All groups of the winning name are merged.
//  4. When no group names the crawler, its operator's documented fallback
//     applies (CrawlerFallback): Googlebot-Image, Googlebot-News,
//     Googlebot-Video, Google-InspectionTool and Applebot follow
//     Googlebot's groups, every Yandex robot follows Yandex's. The verdict
//     says so in Verdict.Fallback. AgentOptions.NoFallback turns this off.
//     Yandex's robots also read a blank line between a group's user-agent
//     lines and its first rule as the end of the group, as Yandex
//     documents (Robots.YandexReadsDifferently, Verdict.Reading).
//  5. Otherwise all "*" groups are merged and used; they are never added to
//     a named group, even one without rules. Crawlers documented to ignore
//     "*" (AdsBot-Google, AdsBot-Google-Mobile, Mediapartners-Google,
//     APIs-Google) skip this step (reason GlobalIgnored). With no group
//     left, everything is allowed (reason NoGroup).
//
// Robots.ExactAgent gives Google's library bit for bit: names cut at the
// first byte outside [A-Za-z_-], the caller's whole name compared with
// them, no fallbacks. The two readings differ only for names with digits,
// dots or non-ASCII letters, for user-agent strings and for fallbacks:
// RFC 9309 section 2.2.1 asks a crawler to find its own group, and Google
// only ever needs its own names, none of which holds a digit.
//
// # Matching
//
// The path matched is the URL's path with ";params" and "?query", without the
// fragment; an empty path is "/". Matching starts at the path's first octet
// and is case-sensitive. '*' matches any run of octets, '/' included; a '$'
// at the end of a pattern anchors it to the end of the path. The matching
// rule with the most octets in its pattern (written '*' and '$' counted)
// decides; between an allow and a disallow rule of equal length, allow wins.
// No matching rule, or an empty pattern, means allowed. /robots.txt itself is
// always allowed. For a given pattern, matching time grows linearly with the
// length of the path; no regular expressions are involved.
//
// Both the patterns and the URL path are percent-normalised before they are
// compared (RFC 9309 section 2.2.2): "%XX" for an unreserved character is
// decoded ("%62%61%7A" is "baz"), the hex digits of other escapes are
// upper-cased, and octets outside ASCII are percent-encoded ("/ツ" is
// "/%E3%83%84"). A literal '*' or '$' in the URL is encoded as %2A or %24,
// so that a pattern's "%2A" or "%24", or a '$' that is not its last
// character, matches it literally (RFC 9309 section 2.2.3). NormalizePath
// shows the path a URL is matched as.
//
// # Compatibility
//
// Where Google's parser and RFC 9309 agree, we do what both do. Google's
// parser is lenient in ways the RFC allows; we follow it in each:
//
//   - A key is recognised by a case-insensitive prefix: "Disallowed:" is a
//     disallow line and "User-agents:" a user-agent line.
//   - The misspellings "useragent", "user agent", "dissallow", "dissalow",
//     "disalow", "diasllow", "disallaw" and "site-map" are accepted (and
//     flagged LineTypo). There is no accepted misspelling of "allow".
//   - A line without a colon is a directive when it is exactly two words
//     ("Disallow /x", flagged LineMissingColon); one or three words are not.
//   - A partial byte order mark (EF, or EF BB) is skipped too; a broken one
//     (EF 11 BF) loses only its matching prefix.
//   - A NUL byte ends the line's content.
//   - Lines are cut after MaxLineLength-1 (16,663) bytes, and the cut line is
//     still used (flagged LineTooLong).
//   - "* text" in a user-agent line is still the global group, and a value
//     whose token is empty ("*foo", "/x") matches only an empty name.
//   - An allow rule whose last path segment starts with "index.htm" also
//     allows its directory exactly: "Allow: /d/index.html" allows "/d/" as
//     if "Allow: /d/$" were written (Verdict.ViaIndexHTML).
//   - Rules with equal priority and kind: the one earlier in the file is
//     reported.
//
// Where they disagree, we follow RFC 9309 and say so:
//
//   - Google normalises only the pattern and leaves the URL to its caller;
//     we normalise both, so a raw non-ASCII URL ("/ツ") matches its encoded
//     rule, "%62%61%7A" in a rule matches "/baz", and "%2A" in a rule
//     matches a literal '*' in the URL. The priority of a rule is the length
//     of its normalised pattern ("/%7Ea" counts 3 octets, as "/~a").
//   - /robots.txt is always allowed; Google's library does not special-case
//     it. Only the exact path "/robots.txt" is, not "/robots.txt?x".
//   - A full user-agent string is searched for group names (rule 2 above);
//     Google compares the name whole (available as ExactAgent).
//   - Names keep their digits, dots and non-ASCII letters; Google's library
//     cuts them (available as ExactAgent).
//   - Documented crawler fallbacks apply (rules 4 and 5 above); Google's
//     library leaves them to its caller.
//   - Google parses any size; Googlebot and this package stop at 500 KiB.
//
// Octets that are not allowed in URLs at all (controls, space, DEL) are
// percent-encoded on both sides too, so "Disallow: /a b" matches "/a%20b".
//
// # Security
//
// robots.txt content is untrusted. Parsing is linear in the input and never
// reads more than the limit; matching is linear in the path for every
// pattern, so hostile patterns such as "/*a*a*a*a*a*a*b" cannot make a check
// slow. robots.txt is not access control: it asks polite crawlers to stay
// away and exposes the paths it lists.
package robotstxt
