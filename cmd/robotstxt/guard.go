package main

import (
	"flag"
	"fmt"
	"net/netip"
	"strings"

	"github.com/robotstxt/robotstxt/netguard"
)

// guardFlags are the destination guard's flags, shared by every command
// that fetches (fetch, check --live, gate, serve --gate).
type guardFlags struct {
	allowPrivate bool
	ranges       prefixList
}

// addGuardFlags registers --allow-private and --allow-range on fs.
func addGuardFlags(fs *flag.FlagSet) *guardFlags {
	g := &guardFlags{}
	fs.BoolVar(&g.allowPrivate, "allow-private", false, "let robots.txt fetches reach loopback, private and link-local addresses (tests, intranet crawlers); refused by default")
	fs.Var(&g.ranges, "allow-range", "let robots.txt fetches reach this address `range` (CIDR, such as 10.20.0.0/16) although it is not public; repeatable")
	return g
}

// set reports whether either flag was given.
func (g *guardFlags) set() bool { return g.allowPrivate || len(g.ranges) > 0 }

// policy is the guard the flags ask for; nil (refuse what is not public)
// when neither was given.
func (g *guardFlags) policy() *netguard.Policy {
	if !g.set() {
		return nil
	}
	return &netguard.Policy{AllowPrivate: g.allowPrivate, Allow: g.ranges}
}

// prefixList is a repeatable CIDR flag.
type prefixList []netip.Prefix

func (l *prefixList) String() string {
	s := make([]string, len(*l))
	for i, p := range *l {
		s[i] = p.String()
	}
	return strings.Join(s, ",")
}

func (l *prefixList) Set(v string) error {
	p, err := netip.ParsePrefix(strings.TrimSpace(v))
	if err != nil {
		a, aerr := netip.ParseAddr(strings.TrimSpace(v))
		if aerr != nil {
			return fmt.Errorf("not an address range such as 10.20.0.0/16: %q", v)
		}
		p = netip.PrefixFrom(a, a.BitLen())
	}
	*l = append(*l, p.Masked())
	return nil
}
