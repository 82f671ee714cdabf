// Package fetch fetches robots.txt files as RFC 9309 section 2.3 asks a
// crawler to: from the exact origin of the URL it wants to crawl, following a
// bounded number of redirects, reading a bounded number of bytes, and mapping
// every outcome to one of five statuses.
//
//	f := &fetch.Fetcher{UserAgent: "ExampleBot"}
//	p, err := f.Fetch(ctx, "https://example.com/some/page")
//	if err != nil {
//		return err // not an http(s) URL, or ctx ended
//	}
//	switch p.Status {
//	case fetch.Success:
//		r := p.Robots() // the parsed file
//	...
//	}
//
// Fetch returns an error only when the URL is not an http(s) URL, the
// context ends, or the Signer or MaxPrice cannot be used; every answer of the origin (a 404, a 503, a refused
// connection, a timeout) is a Policy with a Status. The package does not
// cache and does not decide; the gate package does both on top of it.
//
// # Where the policy lives
//
// The policy for a URL is at scheme://authority/robots.txt of that exact
// origin: scheme, host and port (RFC 9309 section 2.3). Origin gives the
// canonical form used as a key: lower-case scheme and host, the default port
// left out, no user information. One origin's policy never applies to
// another.
//
// # Status mapping
//
//	HTTP answer                         Status               the REP says
//	2xx                                 Success              obey the parsed rules
//	4xx except 429                      Unavailable          everything is allowed
//	429                                 RateLimited          wait (Retry-After)
//	5xx, network error, timeout         Unreachable          everything is disallowed for now
//	more than MaxRedirects, or a loop   TooManyRedirects     as Unavailable
//	destination refused by the guard    Refused              (not asked) wait, as Unreachable
//	402 (pay per crawl)                 PaymentRequired      wait, as Unreachable; never "allowed"
//	a bot-protection challenge page     Challenged           wait, as Unreachable; never parsed
//
// A 2xx body is parsed whatever it looks like, since RFC 9309 section 2.3.1.4
// says to use what parses; an HTML page or binary data is parsed line by line
// and flagged (Policy.HTML, Policy.Binary). Only gzip and deflate are asked
// for (Accept-Encoding) and decoded; a body in another encoding cannot be
// read and counts as Unreachable, never as an empty file. A body that breaks
// off or stalls is Unreachable too: a partial file is never used.
//
// A redirect (any 3xx with a Location) is followed, across hosts too, up to
// MaxRedirects (default 5: RFC 9309 asks for at least five, and Google
// follows five). The rules found at the end apply to the original origin
// (RFC 9309 section 2.3.1.2). Every hop is recorded. A redirect to a scheme
// other than http or https, and a 3xx without a Location, end the chain: the
// file cannot be reached, which counts as Unavailable.
//
// A 402 answers a crawler that does not pay (Cloudflare's pay per crawl):
// its crawler-price is kept in Policy.Price, and nothing is known of the
// rules. A challenge page is an answer with "cf-mitigated: challenge", or an
// HTML 403 or 503 bearing a bot-protection mark (cf-chl, Cloudflare's
// challenge platform, "Just a moment...", a CAPTCHA); Policy.Challenge names
// the mark. Neither is read as a robots.txt.
//
// # Signing and paying
//
// With Fetcher.Signer set, every request is signed as Web Bot Auth asks
// (draft-ietf-webbotauth-httpsig-protocol, with package httpsig): a fresh
// signature per request, redirect hops included, each for its own
// authority; Policy.SignedBy holds the key's thumbprint. With
// Fetcher.MaxPrice, every request offers that price (crawler-max-price,
// covered by the signature); a site that charges less answers with the file
// and crawler-charged, kept in Policy.Charged.
//
// # Limits
//
// At most MaxBytes (default robotstxt.DefaultMaxBytes, 500 KiB, the minimum
// RFC 9309 section 2.5 requires) are read, plus one byte to know whether
// there was more; the rest of the body is never read. Policy.Body holds the
// bytes kept and Policy.Digest their SHA-256, the policy version. When the
// body was longer, the line that crosses the limit is dropped, as is a line
// whose end-of-line byte lies just past the limit: a cut rule could be broader
// than the one written, and the kept bytes alone must give the same rules on
// every reading, from a cache too.
//
// ConnectTimeout bounds the TCP and TLS handshakes, HeaderTimeout the wait
// for the response headers (counted from the start of the request) and
// BodyTimeout the reading of the body, for each request; Timeout (default
// one minute) bounds the whole fetch, every redirect and the body together,
// so that a chain of slow hops cannot take hops times the bounds. The status
// line and headers of each answer are read up to MaxHeaderBytes (64 KiB);
// beyond, the answer counts as Unreachable.
//
// # Destination guard
//
// A robots.txt URL, a redirect's Location and a DNS answer all come from
// outside. The Fetcher's dialer checks the address it actually connects to
// with a netguard.Policy (Fetcher.Guard), after name resolution and on every
// hop, so neither a redirect to http://169.254.169.254/ nor a name that
// resolves to 127.0.0.1 on the second lookup (DNS rebinding) reaches the
// crawler's own network. By default loopback, private, link-local,
// unique-local, multicast and other non-public addresses, in IPv4, IPv6 and
// the IPv6 forms of IPv4 addresses, are refused: no request is sent, and the
// Policy has Status Refused, RefusedReason ("loopback", "private", ...) and
// a Detail naming the address. Tests on loopback and intranet crawlers set
// Guard to &netguard.Policy{AllowPrivate: true}, or list their ranges in
// Allow. Behind a proxy from the environment the target's addresses are
// looked up and checked before the request. A Fetcher with its own Transport
// is not guarded: the transport must guard its dials.
//
// # Other documents
//
// Open fetches a URL itself, not its origin's robots.txt, with the same
// guard, redirects and time bounds, and hands back the body as a stream
// for the caller to read and bound (the sitemap readers of the command
// line use it). Only a 2xx answer is a Document; any other is an error.
package fetch
