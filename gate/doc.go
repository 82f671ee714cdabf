// Package gate decides, before a crawler sends a request, whether the task
// may go ahead, and records why: robots.txt (the Robots Exclusion Protocol,
// RFC 9309) and the collection scope are separate decisions, and a policy
// that could not be fetched never turns into "allowed".
//
//	g := &gate.Gate{Agent: "ExampleBot", Scope: scope, Client: &gate.Client{
//		Fetcher: &fetch.Fetcher{UserAgent: "ExampleBot/1.0 (+contact page)"},
//	}}
//	d, err := g.Check(ctx, "https://example.com/docs/page")
//	if err != nil {
//		return err // not an http(s) URL, or ctx ended
//	}
//	switch d.Action {
//	case gate.Admit: // robots.txt allows and the scope approves: crawl
//	case gate.Hold:  // wait: unresolved policy or scope (d.RetryAt, d.Reason)
//	case gate.Drop:  // robots.txt disallows or the scope denies
//	}
//
// One Gate is shared by all workers: it is safe for concurrent use, takes a
// context everywhere, and its Client fetches each origin's robots.txt once
// for all concurrent checks (single flight) and keeps it in a bounded cache.
//
// # Decisions
//
// Every check gives a Decision, whose Record is the decision record: origin,
// product token, target URL, the policy applied (URLs, fetch time, status,
// HTTP status, digest, staleness), the group and rule that matched, and two
// decisions:
//
//	repDecision          allow, disallow, or unresolved (the policy could not
//	                     be had: everything is disallowed for now)
//	collectionDecision   approved, denied (by the scope file), or unresolved
//
// The action combines them: admit when allow and approved, drop when
// disallow or denied, hold otherwise. With no scope, nothing is approved, so
// nothing is admitted: collecting needs a decision of its own (seed 004).
//
// The policy status maps to the REP decision as RFC 9309 section 2.3.1 says:
// success applies the rules; unavailable (4xx other than 429) and
// too-many-redirects allow everything, but a 401 or 403 leaves the
// collection unresolved, since a refusal is no consent, until a person lists
// the origin under approvedDespiteRefusal in the scope file (the record then
// says it was approved despite the refusal); rate-limited (429) holds the
// whole origin until Retry-After; unreachable (5xx, network errors,
// timeouts) is unresolved, retried with exponential backoff; refused (the
// origin or a redirect leads to a loopback, private or other non-public
// address, which the fetcher's destination guard does not dial) holds the
// whole origin, even over a cached copy, with the reason; payment-required
// (a 402, pay per crawl) is unresolved and holds the whole origin, even over
// a cached copy, as a 429 does, until Retry-After or the longest backoff,
// with the price in the record (policyPrice); challenge (a bot-protection
// page answered instead of the file) is unresolved as unreachable is, with
// the page's mark in the record (policyChallenge).
//
// # Signing
//
// A Client whose Fetcher has a Signer (or a Gate with a Signer and no
// Client) signs every robots.txt request with Web Bot Auth; the records
// name the key's thumbprint (policySignedBy). With Fetcher.MaxPrice, a
// paid file's charge is recorded (policyCharged).
//
// # The URL decided on
//
// A task's URL is parsed once into a Target (ParseTarget): its canonical
// origin (lower case, IDN in punycode, no trailing dot, no default port:
// the cache key) and its path as a browser requests it, dot segments
// resolved ("/public/../private/x" and "/public/%2e%2e/private/x" are
// "/private/x"). The scope, the robots.txt matcher and the record all take
// that one value, and the record's targetURL never carries user
// information.
//
// # Caching
//
// A definitive answer (success, unavailable, too-many-redirects) is fresh
// for 24 hours or the answer's shorter Cache-Control max-age (at least a
// minute). While the origin is unreachable, the last definitive copy is used
// up to 30 days after its fetch, marked stale (RFC 9309 section 2.4); beyond
// that, the origin's decisions are unresolved until a fetch succeeds. A
// policy reached through redirects is cached under the original origin only.
//
// # Policy versions
//
// The digest of the file is the policy version (Record.Version). A crawler
// that queues admitted tasks calls Recheck on those not yet started when it
// learns of a new version (after Client.Refresh, or when the copy expires):
// a path the new version disallows comes back with Action Drop.
//
// # Streams
//
// Stream gates JSON lines of tasks ({"url": ...} plus any fields, passed
// through in order) with bounded memory, as "robotstxt gate" does. Lines are
// written as tasks are decided, so that one slow origin holds back only its
// own tasks; StreamOptions.Ordered keeps the input order, holding at most
// StreamOptions.Window tasks while an early one waits.
//
// # Fleets
//
// A Client whose Cache is shared by many processes (cache/rediscache)
// fetches each origin's robots.txt once for all of them: the cache is a
// Locker, and the process that does not get the fetch lock waits for the
// entry the holder writes. Watch rechecks the Pending tasks of an origin
// when the shared cache announces a PolicyChange. Politeness turns admitted
// decisions into holds while an origin is held (a target answered 429, 503
// or 403, reported through Politeness.Report) or its per-origin limits
// (concurrent tasks, interval, Crawl-delay) are reached; its HoldStore is
// LocalHolds in one process, the shared cache in a fleet.
package gate
