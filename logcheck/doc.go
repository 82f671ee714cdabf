// Package logcheck answers "did the crawlers obey?": it judges each request
// of an access log (package logs) by the robots.txt in force at its time,
// knows the crawler from its user agent (the crawlers registry, and the
// tokens the site's robots.txt names), verifies its identity (package
// verify) and counts, per crawler and per operator, requests, robots.txt
// fetches, allowed requests, disallowed requests that were fetched (with
// the rule, its line, the robots.txt version and example URLs), spoofed
// and unverifiable ones.
//
// # The robots.txt in force
//
// A Timeline holds the versions of the file, each from the time it was
// first seen (from "robotstxt watch"'s history, or one file for all time).
// A request is judged by the version in force at its time. A version that
// records a failed fetch counts as RFC 9309 says: unavailable (4xx) allows
// everything (section 2.3.1.3), unreachable (5xx, network) disallows
// everything (section 2.3.1.4).
//
// # Cache grace
//
// RFC 9309 section 2.4 lets a crawler use its cached copy for up to 24
// hours. A request that the version in force disallows, but that a version
// in force within the 24 hours before it allowed, made by a crawler that
// had not fetched /robots.txt since the change, is reported as Grace, apart
// from plain violations. A crawler that fetched /robots.txt after the
// change and still fetched the URL gets no grace.
//
// # Identity
//
// Requests shown to be spoofed (package verify) count for the crawler they
// claim only as spoofed: their fetches are nobody's violations, and their
// robots.txt fetches do not end the crawler's grace.
package logcheck
