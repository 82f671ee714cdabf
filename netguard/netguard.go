package netguard

import (
	"context"
	"errors"
	"fmt"
	"net"
	"net/netip"
	"syscall"
)

// ErrRefused is wrapped by every error Check and Control return.
var ErrRefused = errors.New("netguard: destination refused")

// RefusedError says which address was refused and why. It wraps ErrRefused.
type RefusedError struct {
	Addr   netip.Addr // the address as dialled (an IPv4-mapped address stays mapped)
	Reason string     // the kind of range: "loopback", "private", "link-local", ...
}

func (e *RefusedError) Error() string {
	if !e.Addr.IsValid() {
		return fmt.Sprintf("%v: %s", ErrRefused, e.Reason)
	}
	return fmt.Sprintf("%v: %s is %s", ErrRefused, e.Addr, e.Reason)
}

// Unwrap returns ErrRefused.
func (e *RefusedError) Unwrap() error { return ErrRefused }

// Reason returns the reason of a refusal found in err's chain ("loopback",
// "private", ...), or "" when err is not a refusal.
func Reason(err error) string {
	var re *RefusedError
	if errors.As(err, &re) {
		return re.Reason
	}
	if errors.Is(err, ErrRefused) {
		return "refused"
	}
	return ""
}

// Policy decides which destinations may be dialled. The zero Policy, and a
// nil *Policy, refuse every address that is not globally reachable.
type Policy struct {
	// AllowPrivate allows every destination: tests on loopback, intranet
	// crawlers.
	AllowPrivate bool
	// Allow lists ranges allowed even though they are not public. An IPv4
	// range also allows the IPv4-mapped, IPv4-compatible, NAT64 and 6to4
	// forms of its addresses.
	Allow []netip.Prefix
}

// rng is one refused range and the word for it.
type rng struct {
	p      netip.Prefix
	reason string
}

func mustRanges(pairs ...string) []rng {
	out := make([]rng, 0, len(pairs)/2)
	for i := 0; i < len(pairs); i += 2 {
		out = append(out, rng{netip.MustParsePrefix(pairs[i]), pairs[i+1]})
	}
	return out
}

// refused4 is the IPv4 special-purpose registry (RFC 6890 and its updates)
// minus the globally reachable entries.
var refused4 = mustRanges(
	"0.0.0.0/8", "unspecified", // "this network"; Linux connects 0.0.0.0 to the local host
	"10.0.0.0/8", "private", // RFC 1918
	"100.64.0.0/10", "shared (CGNAT)", // RFC 6598
	"127.0.0.0/8", "loopback",
	"169.254.0.0/16", "link-local", // cloud metadata: 169.254.169.254
	"172.16.0.0/12", "private",
	"192.0.0.0/24", "reserved", // IETF protocol assignments, RFC 6890
	"192.0.2.0/24", "documentation", // RFC 5737
	"192.168.0.0/16", "private",
	"198.18.0.0/15", "benchmarking", // RFC 2544
	"198.51.100.0/24", "documentation",
	"203.0.113.0/24", "documentation",
	"224.0.0.0/4", "multicast",
	"240.0.0.0/4", "reserved", // RFC 1112; includes broadcast
)

// refused6 is the IPv6 counterpart (RFC 6890, RFC 4291). The ranges that
// embed an IPv4 address (mapped, compatible, NAT64, 6to4) are handled by
// embedded4 before these.
var refused6 = mustRanges(
	"::/128", "unspecified",
	"::1/128", "loopback",
	"64:ff9b:1::/48", "reserved", // local-use NAT64, RFC 8215
	"100::/64", "reserved", // discard-only, RFC 6666
	"2001:db8::/32", "documentation", // RFC 3849
	"fc00::/7", "unique-local", // RFC 4193
	"fe80::/10", "link-local",
	"fec0::/10", "site-local", // deprecated, RFC 3879
	"ff00::/8", "multicast",
)

var (
	compat4 = netip.MustParsePrefix("::/96")        // IPv4-compatible, RFC 4291 section 2.5.5.1
	nat64   = netip.MustParsePrefix("64:ff9b::/96") // well-known NAT64 prefix, RFC 6052
	sixTo4  = netip.MustParsePrefix("2002::/16")    // 6to4, RFC 3056
)

// embedded4 returns the IPv4 address an IPv6 address stands for, if any,
// and the name of the form.
func embedded4(a netip.Addr) (netip.Addr, string, bool) {
	if a.Is4In6() {
		return a.Unmap(), "IPv4-mapped", true
	}
	b := a.As16()
	switch {
	case compat4.Contains(a) && a != netip.IPv6Unspecified() && a != netip.IPv6Loopback():
		return netip.AddrFrom4([4]byte(b[12:16])), "IPv4-compatible", true
	case nat64.Contains(a):
		return netip.AddrFrom4([4]byte(b[12:16])), "NAT64", true
	case sixTo4.Contains(a):
		return netip.AddrFrom4([4]byte(b[2:6])), "6to4", true
	}
	return netip.Addr{}, "", false
}

func (p *Policy) allowed(a netip.Addr) bool {
	if p == nil {
		return false
	}
	for _, pre := range p.Allow {
		if pre.Contains(a) {
			return true
		}
	}
	return false
}

// Check returns nil when addr may be dialled, or a *RefusedError (which
// wraps ErrRefused) saying why not.
//
// An IPv6 address that stands for an IPv4 address (IPv4-mapped
// ::ffff:a.b.c.d, IPv4-compatible ::a.b.c.d, NAT64 64:ff9b::a.b.c.d, 6to4
// 2002:aabb:ccdd::) is judged by that IPv4 address: these forms reach it
// through the local stack or a translator. IPv4-compatible addresses are
// deprecated (RFC 4291) and refused even when the IPv4 address is public.
// A zone (fe80::1%eth0) is ignored.
func (p *Policy) Check(addr netip.Addr) error {
	if p != nil && p.AllowPrivate {
		return nil
	}
	if !addr.IsValid() {
		return &RefusedError{Reason: "not a valid IP address"}
	}
	a := addr.WithZone("")
	if p.allowed(a) {
		return nil
	}
	if a.Is6() {
		if v4, form, ok := embedded4(a); ok {
			if p.allowed(v4) {
				return nil
			}
			if r := reason4(v4); r != "" {
				return &RefusedError{Addr: addr, Reason: fmt.Sprintf("%s (%s %s)", r, form, v4)}
			}
			if form == "IPv4-compatible" {
				return &RefusedError{Addr: addr, Reason: "IPv4-compatible (deprecated)"}
			}
			return nil
		}
		for _, r := range refused6 {
			if r.p.Contains(a) {
				return &RefusedError{Addr: addr, Reason: r.reason}
			}
		}
		return nil
	}
	if r := reason4(a); r != "" {
		return &RefusedError{Addr: addr, Reason: r}
	}
	return nil
}

func reason4(a netip.Addr) string {
	for _, r := range refused4 {
		if r.p.Contains(a) {
			return r.reason
		}
	}
	return ""
}

// CheckAddress is Check for a "host:port" or bare address string whose host
// is an IP literal, as net.Dialer hands to Control.
func (p *Policy) CheckAddress(address string) error {
	if p != nil && p.AllowPrivate {
		return nil
	}
	host := address
	if h, _, err := net.SplitHostPort(address); err == nil {
		host = h
	}
	a, err := netip.ParseAddr(host)
	if err != nil {
		return &RefusedError{Reason: fmt.Sprintf("%q is not an IP address", address)}
	}
	return p.Check(a)
}

// Control has the signature of net.Dialer.Control. It runs after the name
// was resolved, on the address actually dialled, so it also judges every
// redirect's destination and a name that resolves differently each time
// (DNS rebinding). Networks other than tcp and udp are refused.
func (p *Policy) Control(network, address string, _ syscall.RawConn) error {
	if p != nil && p.AllowPrivate {
		return nil
	}
	switch network {
	case "tcp", "tcp4", "tcp6", "udp", "udp4", "udp6":
	default:
		return &RefusedError{Reason: fmt.Sprintf("network %q is not an IP network", network)}
	}
	return p.CheckAddress(address)
}

// Dialer returns a copy of base (nil: the zero Dialer) whose every
// connection passes Control first. A Control or ControlContext base
// already has still runs, after the check.
func (p *Policy) Dialer(base *net.Dialer) *net.Dialer {
	var d net.Dialer
	if base != nil {
		d = *base
	}
	if cc := d.ControlContext; cc != nil {
		// ControlContext takes precedence over Control in net.Dialer.
		d.ControlContext = func(ctx context.Context, network, address string, c syscall.RawConn) error {
			if err := p.Control(network, address, c); err != nil {
				return err
			}
			return cc(ctx, network, address, c)
		}
		return &d
	}
	next := d.Control
	d.Control = func(network, address string, c syscall.RawConn) error {
		if err := p.Control(network, address, c); err != nil {
			return err
		}
		if next != nil {
			return next(network, address, c)
		}
		return nil
	}
	return &d
}
