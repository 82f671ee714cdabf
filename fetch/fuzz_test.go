package fetch

import (
	"strings"
	"testing"
)

// FuzzParsePrice: any header value gives a price or an error, never a
// crash; a price parsed is a currency code and a non-negative amount.
func FuzzParsePrice(f *testing.F) {
	for _, s := range []string{"USD 0.01", "EUR 12.5", "USD", "USD 1.2.3", "\xff 1"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		p, err := ParsePrice(s)
		if err != nil {
			if strings.Contains(err.Error(), "\x00") {
				t.Fatal("error quotes control bytes")
			}
			return
		}
		if len(p.Currency) != 3 || p.Micros < 0 {
			t.Fatalf("%q: %+v", s, p)
		}
	})
}
