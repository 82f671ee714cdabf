package httpsig

import (
	"errors"
	"net/http"
	"strings"
	"testing"
)

// TestSignerCover: RequestSigner.Cover adds the header fields a request
// has to the covered components (RFC 9421 section 2.1), so that a price
// offered (Cloudflare's crawler-max-price) cannot be changed on the way;
// a field the request lacks is not covered.
func TestSignerCover(t *testing.T) {
	for _, tc := range []struct {
		name    string
		header  string // crawler-max-price sent, "" for none
		covered string
	}{
		{"field present: covered", "USD 0.05", `("@authority" "signature-agent";key="sig1" "crawler-max-price")`},
		{"field absent: not covered", "", `("@authority" "signature-agent";key="sig1")`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			s := &RequestSigner{Key: edSigner(t), Agent: agentURL, Cover: []string{"Crawler-Max-Price"}}
			r, _ := http.NewRequest("GET", "https://site.example/page?q=1", nil)
			if tc.header != "" {
				r.Header.Set("Crawler-Max-Price", tc.header)
			}
			if err := s.SignAt(r, signedAt); err != nil {
				t.Fatal(err)
			}
			if in := r.Header.Get("Signature-Input"); !strings.HasPrefix(in, "sig1="+tc.covered+";") {
				t.Fatalf("Signature-Input = %s, want it to cover %s", in, tc.covered)
			}
			pub := testKeyEd25519
			pub.D = ""
			opts := VerifyOptions{At: signedAt, Keys: Keyring{agentURL + WellKnownPath: NewDirectory(pub)}}
			if _, err := Verify(FromRequest(r), opts); err != nil {
				t.Fatal(err)
			}
			if tc.header == "" {
				return
			}
			r.Header.Set("Crawler-Max-Price", "USD 500.00")
			if _, err := Verify(FromRequest(r), opts); !errors.Is(err, ErrBadSignature) {
				t.Errorf("a changed price verifies: %v", err)
			}
		})
	}
}
