package verify

import (
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
