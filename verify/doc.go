// Package verify tells whether a request that claims to come from a
// crawler does: it checks the client address against the operator's
// published IP ranges and, where the operator documents it, against
// forward-confirmed reverse DNS. Each answer is Verified, Spoofed (claims
// a crawler, comes from elsewhere) or Unverifiable (nothing published to
// check against, or DNS gave no answer).
//
// The operators and their official addresses are in Operators. A snapshot
// of the lists ships with the package (snapshot/, embedded); it is parsed
// the first time it is needed, never at program start. Update fetches the
// lists afresh from their official addresses through a caller's HTTP
// client (the CLI gives it the fetcher's destination guard) and writes them
// to a folder that Load prefers to the snapshot.
//
// Reverse DNS goes through a Resolver (net.Resolver is one); DNS caches
// each address's answer, bounds the lookups, their time and the cache, so
// that a log of a million requests from a thousand addresses costs at most
// a thousand lookups. Tests inject a resolver of their own and never reach
// a real one.
//
// The package imports the standard library only.
package verify
