package fetch

import (
	"net/http"
	"testing"
)

// BenchmarkSignRequest is the cost Web Bot Auth adds to each request the
// Fetcher sends: a fresh nonce, the signature base, an Ed25519 signature
// and three header fields (docs/performance.md). "offer" adds a signed
// crawler-max-price.
func BenchmarkSignRequest(b *testing.B) {
	s, _, _ := testSigner(b)
	signer, _, err := prepareSigner(s)
	if err != nil {
		b.Fatal(err)
	}
	for _, offer := range []string{"", "USD 0.01"} {
		name := "plain"
		if offer != "" {
			name = "offer"
		}
		b.Run(name, func(b *testing.B) {
			req, _ := http.NewRequest("GET", "https://www.example.com/robots.txt", nil)
			req.Header.Set("User-Agent", "ExampleBot/1.0")
			if offer != "" {
				req.Header.Set(HeaderMaxPrice, offer)
			}
			b.ReportAllocs()
			for b.Loop() {
				if err := signer.Sign(req); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
