// Package netguard keeps a crawler from dialling into its own network.
//
// A robots.txt URL comes from outside: a seed list, a redirect, a DNS answer
// the crawler does not control. Without a guard, "http://169.254.169.254/"
// (cloud metadata), a redirect to http://127.0.0.1:6379/ or a name that
// resolves to 10.0.0.5 on the second lookup (DNS rebinding) makes the
// crawler a proxy into its own infrastructure. Policy refuses such
// destinations:
//
//	guard := &netguard.Policy{}                    // refuse what is not public
//	d := guard.Dialer(&net.Dialer{Timeout: 10 * time.Second})
//	tr := &http.Transport{DialContext: d.DialContext}
//
// The check runs in net.Dialer.Control, that is on the address actually
// dialled, after name resolution and for every connection: every hop of a
// redirect chain and every answer of a rebinding name server pass through
// it. Checking a URL's host before the request would not be enough.
//
// # What is refused
//
// A nil *Policy and the zero Policy refuse, for IPv4 and IPv6:
//
//	unspecified    0.0.0.0/8, ::/128
//	loopback       127.0.0.0/8, ::1/128
//	private        10.0.0.0/8, 172.16.0.0/12, 192.168.0.0/16 (RFC 1918)
//	shared (CGNAT) 100.64.0.0/10 (RFC 6598)
//	link-local     169.254.0.0/16 (cloud metadata), fe80::/10
//	unique-local   fc00::/7 (RFC 4193; AWS's fd00:ec2::254 metadata too)
//	multicast      224.0.0.0/4, ff00::/8
//	reserved       240.0.0.0/4 and broadcast, 192.0.0.0/24, fec0::/10,
//	               100::/64 (discard), 64:ff9b:1::/48 (local-use NAT64)
//	documentation  192.0.2.0/24, 198.51.100.0/24, 203.0.113.0/24, 2001:db8::/32
//	benchmarking   198.18.0.0/15
//
// # IPv6 forms of IPv4 addresses
//
// An IPv6 address that stands for an IPv4 address is judged by that IPv4
// address, because it reaches it:
//
//	IPv4-mapped      ::ffff:a.b.c.d   the local stack dials a.b.c.d itself
//	IPv4-compatible  ::a.b.c.d        deprecated (RFC 4291): always refused
//	NAT64            64:ff9b::a.b.c.d a translator dials a.b.c.d (RFC 6052)
//	6to4             2002:AABB:CCDD:: a relay reaches a.b.c.d (RFC 3056)
//
// So ::ffff:127.0.0.1 is refused as loopback and 64:ff9b::10.0.0.1 as
// private, while 64:ff9b::8.8.8.8 is allowed: an IPv6-only crawler behind
// NAT64 reaches public IPv4 sites that way. RFC 6052 forbids the well-known
// prefix for private IPv4 addresses, but a translator that does not enforce
// it would forward them, so the guard does. Teredo (2001::/32) hides its
// IPv4 address and is not decoded.
//
// # Opening the guard
//
// Policy.AllowPrivate allows every destination (tests on loopback,
// intranet crawlers); Policy.Allow lists ranges allowed although they are
// not public, such as a partner's 10.20.0.0/16. An IPv4 range in Allow also
// allows the IPv6 forms of its addresses.
//
// A refusal is a *RefusedError wrapping ErrRefused; Reason extracts the kind
// of range from an error chain, for records and logs.
//
// # Proxies
//
// Behind an HTTP proxy the address dialled is the proxy's, and the guard
// cannot see where the proxy goes: a proxy on a private address is refused
// unless allowed, and an allowed proxy must enforce its own rules.
package netguard
