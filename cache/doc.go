// Package cache stores robots.txt policies per origin for the gate package.
//
// A Cache maps an origin ("https://example.com") to an Entry: the latest
// definitive fetch of its robots.txt (a Policy from the fetch package, with
// its expiry) and, while the origin fails, the latest failed attempt and
// when to try again. The interface has the shape of autocert's Cache: three
// methods that take a context, and ErrMiss for an absent key.
//
// Memory is the default: in-process, bounded in entries and bytes, evicting
// the least recently used origin. An Entry is plain data (the body is at most
// the parse limit, the rest is metadata), so a cache shared by a crawler
// fleet can store it as bytes with MarshalBinary and read it back with
// UnmarshalBinary; the parsed file is derived from the body again on first
// use and kept in process.
//
// The cache does not decide freshness: the gate's Client reads Expires,
// RetryAt and the fetch time and decides when to fetch again (24 hours at
// most, or a shorter Cache-Control max-age; longer only while the origin is
// unreachable, up to a bound).
//
// Entries handed to Put or returned by Get are shared and must not be
// modified; to change an entry, Put a new one.
package cache
