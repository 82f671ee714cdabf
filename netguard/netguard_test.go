package netguard

import (
	"errors"
	"net"
	"net/netip"
	"strings"
	"syscall"
	"testing"
)

// checkTests lists every refused range with an address at each edge, and
// public neighbours just outside. reason is "" for an allowed address, or
// a word the refusal must contain.
var checkTests = []struct {
	addr   string
	reason string
}{
	// IPv4 unspecified / "this network".
	{"0.0.0.0", "unspecified"},
	{"0.255.255.255", "unspecified"},
	{"1.0.0.0", ""},
	// Private, RFC 1918.
	{"9.255.255.255", ""},
	{"10.0.0.0", "private"},
	{"10.255.255.255", "private"},
	{"11.0.0.0", ""},
	{"172.15.255.255", ""},
	{"172.16.0.0", "private"},
	{"172.31.255.255", "private"},
	{"172.32.0.0", ""},
	{"192.167.255.255", ""},
	{"192.168.0.0", "private"},
	{"192.168.255.255", "private"},
	{"192.169.0.0", ""},
	// Shared address space (CGNAT).
	{"100.63.255.255", ""},
	{"100.64.0.0", "shared (CGNAT)"},
	{"100.100.100.200", "shared (CGNAT)"}, // Alibaba Cloud metadata
	{"100.127.255.255", "shared (CGNAT)"},
	{"100.128.0.0", ""},
	// Loopback.
	{"126.255.255.255", ""},
	{"127.0.0.1", "loopback"},
	{"127.255.255.255", "loopback"},
	{"128.0.0.0", ""},
	// Link-local and cloud metadata.
	{"169.253.255.255", ""},
	{"169.254.0.0", "link-local"},
	{"169.254.169.254", "link-local"},
	{"169.254.255.255", "link-local"},
	{"169.255.0.0", ""},
	// IETF protocol assignments, documentation, benchmarking.
	{"192.0.0.0", "reserved"},
	{"192.0.0.255", "reserved"},
	{"192.0.1.0", ""},
	{"192.0.2.1", "documentation"},
	{"198.17.255.255", ""},
	{"198.18.0.0", "benchmarking"},
	{"198.19.255.255", "benchmarking"},
	{"198.20.0.0", ""},
	{"198.51.100.7", "documentation"},
	{"203.0.113.9", "documentation"},
	// Multicast, reserved, broadcast.
	{"223.255.255.255", ""},
	{"224.0.0.0", "multicast"},
	{"239.255.255.255", "multicast"},
	{"240.0.0.0", "reserved"},
	{"255.255.255.255", "reserved"},
	// Public.
	{"8.8.8.8", ""},
	{"93.184.215.14", ""},

	// IPv6.
	{"::", "unspecified"},
	{"::1", "loopback"},
	{"::2", "IPv4-compatible"},
	{"fe80::", "link-local"},
	{"fe80::1%eth0", "link-local"},
	{"febf:ffff:ffff:ffff:ffff:ffff:ffff:ffff", "link-local"},
	{"fec0::1", "site-local"},
	{"fc00::", "unique-local"},
	{"fd00:ec2::254", "unique-local"}, // AWS metadata over IPv6
	{"fdff:ffff:ffff:ffff:ffff:ffff:ffff:ffff", "unique-local"},
	{"fbff:ffff:ffff:ffff:ffff:ffff:ffff:ffff", ""},
	{"fe00::", ""},
	{"ff00::", "multicast"},
	{"ff02::1", "multicast"},
	{"100::1", "reserved"},
	{"100:0:0:1::", ""},
	{"2001:db8::1", "documentation"},
	{"2001:4860:4860::8888", ""},
	{"2606:4700::1111", ""},
	{"64:ff9b:1::1", "reserved"},

	// IPv4-mapped ::ffff:a.b.c.d.
	{"::ffff:127.0.0.1", "loopback (IPv4-mapped 127.0.0.1)"},
	{"::ffff:7f00:1", "loopback (IPv4-mapped 127.0.0.1)"},
	{"::ffff:10.1.2.3", "private (IPv4-mapped 10.1.2.3)"},
	{"::ffff:169.254.169.254", "link-local"},
	{"::ffff:0.0.0.0", "unspecified"},
	{"::ffff:224.0.0.1", "multicast"},
	{"::ffff:100.64.0.1", "shared (CGNAT)"},
	{"::ffff:8.8.8.8", ""},
	// IPv4-compatible ::a.b.c.d (deprecated): refused whatever the IPv4 address.
	{"::127.0.0.1", "loopback (IPv4-compatible 127.0.0.1)"},
	{"::10.0.0.1", "private"},
	{"::8.8.8.8", "IPv4-compatible (deprecated"},
	// NAT64 64:ff9b::/96: judged by the IPv4 address it translates to.
	{"64:ff9b::127.0.0.1", "loopback (NAT64 127.0.0.1)"},
	{"64:ff9b::10.0.0.1", "private"},
	{"64:ff9b::a9fe:a9fe", "link-local (NAT64 169.254.169.254)"},
	{"64:ff9b::8.8.8.8", ""},
	// 6to4 2002:AABB:CCDD::/48.
	{"2002:7f00:1::1", "loopback (6to4 127.0.0.1)"},
	{"2002:c0a8:101::", "private (6to4 192.168.1.1)"},
	{"2002:808:808::1", ""},
}

func TestCheck(t *testing.T) {
	for _, policy := range []*Policy{nil, {}} {
		for _, tt := range checkTests {
			a := netip.MustParseAddr(tt.addr)
			err := policy.Check(a)
			if tt.reason == "" {
				if err != nil {
					t.Errorf("(%v).Check(%s) = %v, want nil", policy, tt.addr, err)
				}
				continue
			}
			if !errors.Is(err, ErrRefused) {
				t.Errorf("(%v).Check(%s) = %v, want ErrRefused", policy, tt.addr, err)
				continue
			}
			if r := Reason(err); !strings.Contains(r, tt.reason) {
				t.Errorf("Reason(Check(%s)) = %q, want it to contain %q", tt.addr, r, tt.reason)
			}
			if !strings.Contains(err.Error(), a.String()) {
				t.Errorf("Check(%s).Error() = %q does not name the address", tt.addr, err)
			}
		}
	}
}

func TestCheckInvalid(t *testing.T) {
	if err := (&Policy{}).Check(netip.Addr{}); !errors.Is(err, ErrRefused) {
		t.Errorf("Check(zero Addr) = %v, want ErrRefused", err)
	}
	if err := (&Policy{AllowPrivate: true}).Check(netip.Addr{}); err != nil {
		t.Errorf("AllowPrivate Check(zero Addr) = %v, want nil", err)
	}
}

func TestAllowPrivate(t *testing.T) {
	p := &Policy{AllowPrivate: true}
	for _, tt := range checkTests {
		if err := p.Check(netip.MustParseAddr(tt.addr)); err != nil {
			t.Errorf("AllowPrivate: Check(%s) = %v", tt.addr, err)
		}
		if err := p.Control("tcp", net.JoinHostPort(tt.addr, "80"), nil); err != nil {
			t.Errorf("AllowPrivate: Control(%s) = %v", tt.addr, err)
		}
	}
}

func TestAllowList(t *testing.T) {
	p := &Policy{Allow: []netip.Prefix{
		netip.MustParsePrefix("10.20.0.0/16"),
		netip.MustParsePrefix("fd12:3456::/32"),
		netip.MustParsePrefix("127.0.0.1/32"),
	}}
	tests := []struct {
		addr    string
		allowed bool
	}{
		{"10.20.0.1", true},
		{"10.20.255.255", true},
		{"10.21.0.1", false},
		{"10.19.255.255", false},
		{"::ffff:10.20.3.4", true},   // mapped form of an allowed IPv4
		{"64:ff9b::10.20.3.4", true}, // NAT64 form
		{"::10.20.3.4", true},        // compatible form
		{"2002:a14:304::", true},     // 6to4 form
		{"::ffff:10.21.3.4", false},
		{"fd12:3456::1", true},
		{"fd12:3457::1", false},
		{"127.0.0.1", true},
		{"127.0.0.2", false},
		{"::1", false}, // IPv6 loopback is not 127.0.0.1
		{"169.254.169.254", false},
		{"8.8.8.8", true},
	}
	for _, tt := range tests {
		err := p.Check(netip.MustParseAddr(tt.addr))
		if (err == nil) != tt.allowed {
			t.Errorf("Check(%s) = %v, want allowed=%v", tt.addr, err, tt.allowed)
		}
	}
}

func TestControl(t *testing.T) {
	var p *Policy // nil refuses like the zero Policy
	tests := []struct {
		network, address string
		reason           string
	}{
		{"tcp", "127.0.0.1:80", "loopback"},
		{"tcp4", "10.0.0.1:443", "private"},
		{"tcp6", "[::1]:80", "loopback"},
		{"tcp6", "[fe80::1%lo]:80", "link-local"},
		{"tcp6", "[::ffff:169.254.169.254]:80", "link-local"},
		{"udp", "224.0.0.251:5353", "multicast"},
		{"tcp", "8.8.8.8:80", ""},
		{"tcp6", "[2001:4860:4860::8888]:443", ""},
		{"tcp", "example.com:80", "not an IP address"},
		{"tcp", "garbage", "not an IP address"},
		{"unix", "/var/run/docker.sock", "not an IP network"},
		{"ip4:icmp", "8.8.8.8", "not an IP network"},
	}
	for _, tt := range tests {
		err := p.Control(tt.network, tt.address, nil)
		if tt.reason == "" {
			if err != nil {
				t.Errorf("Control(%q, %q) = %v, want nil", tt.network, tt.address, err)
			}
			continue
		}
		if !errors.Is(err, ErrRefused) || !strings.Contains(Reason(err), tt.reason) {
			t.Errorf("Control(%q, %q) = %v, want a refusal for %q", tt.network, tt.address, err, tt.reason)
		}
	}
}

// TestDialer dials a real loopback listener: refused by default, connected
// with AllowPrivate or an allow-list entry, and a base Control still runs.
func TestDialer(t *testing.T) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer ln.Close()
	go func() {
		for {
			c, err := ln.Accept()
			if err != nil {
				return
			}
			c.Close()
		}
	}()
	addr := ln.Addr().String()

	_, err = (&Policy{}).Dialer(nil).Dial("tcp", addr)
	if !errors.Is(err, ErrRefused) || Reason(err) != "loopback" {
		t.Fatalf("default Dial(%s) = %v, want a loopback refusal", addr, err)
	}
	// Through a name: the check is on the resolved address.
	_, port, _ := net.SplitHostPort(addr)
	if _, err := (&Policy{}).Dialer(nil).Dial("tcp4", net.JoinHostPort("localhost", port)); !errors.Is(err, ErrRefused) {
		t.Fatalf("Dial(localhost:%s) = %v, want refused", port, err)
	}

	for _, p := range []*Policy{{AllowPrivate: true}, {Allow: []netip.Prefix{netip.MustParsePrefix("127.0.0.0/8")}}} {
		c, err := p.Dialer(nil).Dial("tcp", addr)
		if err != nil {
			t.Fatalf("%+v Dial(%s) = %v", p, addr, err)
		}
		c.Close()
	}

	baseRan := false
	base := &net.Dialer{Control: func(string, string, syscall.RawConn) error { baseRan = true; return nil }}
	c, err := (&Policy{AllowPrivate: true}).Dialer(base).Dial("tcp", addr)
	if err != nil {
		t.Fatal(err)
	}
	c.Close()
	if !baseRan {
		t.Error("the base dialer's Control did not run")
	}
	if base.Control == nil || base.ControlContext != nil {
		t.Error("Dialer modified its base")
	}
	baseRan = false
	if _, err := (&Policy{}).Dialer(base).Dial("tcp", addr); !errors.Is(err, ErrRefused) || baseRan {
		t.Errorf("refused dial: err %v, base Control ran %v; want refused before the base runs", err, baseRan)
	}
}
