package netguard

import (
	"errors"
	"net"
	"net/netip"
	"testing"
)

// FuzzCheck feeds arbitrary addresses (as 16 bytes and as text, the form
// Control receives) and checks the invariants: no panic; a verdict is nil
// or a refusal with a reason; the IPv4-mapped form of an IPv4 address gets
// the same verdict; Control agrees with Check; AllowPrivate and an Allow
// entry covering the address allow it.
func FuzzCheck(f *testing.F) {
	for _, tt := range checkTests {
		a := netip.MustParseAddr(tt.addr)
		b := a.As16()
		f.Add(b[:], a.String())
	}
	f.Add([]byte{}, "[::1]:80")
	f.Add([]byte{1, 2, 3}, "[fe80::1%25eth0]:0")
	f.Fuzz(func(t *testing.T, raw []byte, text string) {
		var p Policy
		if len(raw) >= 16 {
			a := netip.AddrFrom16([16]byte(raw[:16]))
			verdict(t, &p, a)
			if a.Is4In6() {
				if (p.Check(a) == nil) != (p.Check(a.Unmap()) == nil) {
					t.Fatalf("%s and %s disagree", a, a.Unmap())
				}
			}
			if err := p.Control("tcp", net.JoinHostPort(a.String(), "80"), nil); (err == nil) != (p.Check(a) == nil) {
				t.Fatalf("Control and Check disagree on %s: %v", a, err)
			}
			open := Policy{Allow: []netip.Prefix{netip.PrefixFrom(a, 128)}}
			if err := open.Check(a); err != nil {
				t.Fatalf("Allow %s/128 still refuses it: %v", a, err)
			}
		}
		if len(raw) >= 4 {
			a := netip.AddrFrom4([4]byte(raw[:4]))
			verdict(t, &p, a)
			if (p.Check(a) == nil) != (p.Check(netip.AddrFrom16(a.As16())) == nil) {
				t.Fatalf("%s and its IPv4-mapped form disagree", a)
			}
		}
		err := p.Control("tcp", text, nil)
		if err != nil && (!errors.Is(err, ErrRefused) || Reason(err) == "" || err.Error() == "") {
			t.Fatalf("Control(%q) = %v: not a refusal with a reason", text, err)
		}
		if err := (&Policy{AllowPrivate: true}).Control("tcp", text, nil); err != nil {
			t.Fatalf("AllowPrivate refused %q: %v", text, err)
		}
	})
}

func verdict(t *testing.T, p *Policy, a netip.Addr) {
	t.Helper()
	err := p.Check(a)
	if err == nil {
		return
	}
	var re *RefusedError
	if !errors.As(err, &re) || re.Reason == "" || re.Addr != a {
		t.Fatalf("Check(%s) = %#v: not a RefusedError with the address and a reason", a, err)
	}
	if (&Policy{AllowPrivate: true}).Check(a) != nil {
		t.Fatalf("AllowPrivate refused %s", a)
	}
}
