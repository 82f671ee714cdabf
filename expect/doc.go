// Package expect reads and runs robots.txt expectations: a plain-text file,
// kept under version control beside robots.txt, that says which crawler may
// fetch which URL, so that CI fails when an edit breaks one
// ("robotstxt test").
//
// # Format
//
// One expectation per line: a crawler, a URL and the verdict wanted. '#'
// at the start of a line or after whitespace starts a comment; blank lines
// are skipped.
//
//	# agent                               URL               verdict
//	Googlebot                             /products/shoes   allow
//	Googlebot                             /cart/            disallow@12
//	*                                     /admin/           disallow
//	"Mozilla/5.0 (compatible; bingbot/2.0)" /blog/          allow
//	Mozilla/5.0 (compatible; bingbot/2.0)  /blog/  allow
//
// The crawler is a product token ("Googlebot", "*") or a full user-agent
// string. A user-agent string with spaces is either quoted with double
// quotes (\" and \\ escape a quote and a backslash inside), or followed
// by two or more spaces or a tab; a line of more than three words with
// neither is ambiguous and is an error. The URL is a path starting with
// "/" or an absolute http(s) URL. The verdict is allow or disallow; with
// "@N" the rule on line N of robots.txt must be the one that decides.
//
// A URL written "sitemap:NAME" (a file or an http(s) URL) stands for every
// URL of that sitemap (Expectation.Sitemap): RunSitemaps, given a function
// that lists a sitemap's URLs, holds the line only when each of them gets
// the verdict ("robotstxt test" reads the sitemaps with the sitemap
// package).
//
// A line that does not follow the format is an error naming its line; no
// line is ever skipped. Parse returns every error of the file (an ErrorList).
package expect
