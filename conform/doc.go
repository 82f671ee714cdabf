// Package conform is a referee for crawlers: a hostile test site on
// loopback that watches what a crawler does with robots.txt, and a
// catalogue of named checks that grade what it saw (issue 43).
//
// Start opens the site: several origins, each testing one thing, each on a
// port of its own and, where the system allows binding them (Linux does), an
// address of its own in 127.0.0.0/8. Every request that reaches an origin is
// recorded (method, path, query, User-Agent, time and order). The start page
// links every origin and every probe path, so a crawler started at Site.URL
// discovers them all; SeedURLs lists them for crawlers that take a list.
//
// The origins answer robots.txt in every way that has tripped crawlers:
// rules that need longest-match, ties, '*' and '$', percent-encoding both
// ways, case and the query; groups that need the crawler's own group, a
// group of consecutive user-agent lines, the token in another case, the
// token the crawler sends; 404, 410, 401, 403, 500, 429, a 503 challenge
// page, a soft 404, a timeout, a connection reset, a 503 that later turns
// into rules; five redirects, a redirect to another origin; a file of more
// than 500 KiB, a byte order mark, CRLF and CR line ends, a long line; a file
// that changes during the crawl; a Crawl-delay; http and https on the same
// host and port (the https origin's certificate, made for the run, is
// CACert: a crawler that does not trust it leaves that check not
// exercised). Each check cites RFC 9309's
// section or, where the RFC leaves room, the documented norm (Google's or
// Bing's documentation).
//
// Grade reads a Log and gives a Report: per check pass, fail, noted (the
// crawler differs where the RFC leaves room: reported, not failed) or
// not-exercised, with the requests that decided it. Expected verdicts come
// from the core matcher (package robotstxt): a page request fails a check
// when no robots.txt answer the origin gave before it allows it, so a
// request before robots.txt was read, or while it was unreachable, fails.
//
// The site sends no traffic itself, listens on loopback only and stops by
// itself after Options.Lifetime. Run runs a crawler command against it for a
// bounded time and kills its process group at the end.
package conform
