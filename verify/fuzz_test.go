package verify

import (
	"net/netip"
	"testing"
)

// FuzzParseList: no body crashes ParseList, and every prefix it returns is
// contained in the ranges built from them.
func FuzzParseList(f *testing.F) {
	for _, name := range []string{"apple-applebot.json"} { // small: minimising a large input stalls the fuzzer
		b, err := snapshotFS.ReadFile("snapshot/" + name)
		if err != nil {
			f.Fatal(err)
		}
		f.Add(b)
	}
	f.Add([]byte(`{"prefixes":[{"ipv4Prefix":"0.0.0.0/0"},{"ipv6Prefix":"::/0"}]}`))
	f.Add([]byte(`<html>`))
	f.Fuzz(func(t *testing.T, data []byte) {
		ps, _, err := ParseList(data)
		if err != nil {
			return
		}
		r := (&Ranges{spans: map[string][]span{"X": merge(ps)}}).index()
		for _, p := range ps {
			if !r.Contains("X", p.Addr()) || !r.Contains("X", lastAddr(p)) {
				t.Fatalf("%v not contained", p)
			}
		}
	})
}

// FuzzParsePage: no page crashes ParsePage; what it returns is at least
// minPageAddrs distinct global unicast, non-private prefixes, each held in
// the ranges built from them.
func FuzzParsePage(f *testing.F) {
	f.Add([]byte("<ul><li>44.194.134.1</li><li>44.194.134.2</li><li>44.194.134.3</li><li>44.194.134.4</li><li>3.41.188.32/29</li><li>2600:1f28:365:80b0::/60</li><li>44.194.134.9</li><li>52.1.2.3</li></ul>"))
	f.Add([]byte("Your IP: 203.0.113.9"))
	f.Add([]byte("1.2.3.4.5.6.7.8/99 ::ffff:1.2.3.4 fe80::1%eth0"))
	f.Fuzz(func(t *testing.T, data []byte) {
		ps, err := ParsePage(data)
		if err != nil {
			return
		}
		if len(ps) < minPageAddrs {
			t.Fatalf("%d prefixes accepted", len(ps))
		}
		seen := map[netip.Prefix]bool{}
		for _, p := range ps {
			if seen[p] || !p.Addr().IsGlobalUnicast() || p.Addr().IsPrivate() || p != p.Masked() {
				t.Fatalf("prefix %v", p)
			}
			seen[p] = true
		}
		r := (&Ranges{spans: map[string][]span{"X": merge(ps)}}).index()
		for _, p := range ps {
			if !r.Contains("X", p.Addr()) || !r.Contains("X", lastAddr(p)) {
				t.Fatalf("%v not contained", p)
			}
		}
	})
}
