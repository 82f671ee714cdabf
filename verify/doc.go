// Package verify tells whether a request that claims to come from a
// crawler does: it checks the client address against the IP lists the
// crawler's operator publishes for that crawler and, where the operator
// documents it, against forward-confirmed reverse DNS. Each answer is
// Verified, Spoofed (claims a crawler, comes from elsewhere) or
// Unverifiable, with the reason (nothing published to check against, no
// list for this crawler, DNS off or unanswered).
//
// The operators, their official addresses and the crawlers each list
// verifies are in Operators (lists of user-triggered fetchers marked: their
// fetchers generally do not read robots.txt). A snapshot of all 24 lists of
// 11 operators ships with the package (snapshot/, embedded, each with its
// provenance); it is parsed the first time it is needed, never at program
// start. Update fetches the lists afresh from their official addresses
// through a caller's HTTP client (the CLI gives it the fetcher's destination
// guard), reads Amazon's, published as web pages, from the page, and writes
// them to a folder that Load prefers to the snapshot; a list that fails
// writes nothing. A list older than MaxAge (90 days) is Old.
//
// Reverse DNS goes through a Resolver (net.Resolver is one); DNS caches
// each address's answer, bounds the lookups, their time and the cache, so
// that a log of a million requests from a thousand addresses costs at most
// a thousand lookups. Tests inject a resolver of their own and never reach
// a real one.
//
// The package imports the standard library only.
package verify
