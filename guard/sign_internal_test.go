package guard

import (
	"crypto/ed25519"
	"crypto/rand"
	"net/http"
	"testing"
	"time"

	"github.com/chromedp/cdproto/network"

	"github.com/robotstxt/robotstxt/httpsig"
)

// TestContinueHeaders: the header set a request goes on with keeps the
// browser's fields, sets the crawler's User-Agent, and replaces any
// signature fields the page set with a fresh Web Bot Auth signature for
// the request's authority (draft-ietf-webbotauth-httpsig-protocol-01
// section 4); a URL without a host goes on unsigned.
func TestContinueHeaders(t *testing.T) {
	_, priv, _ := ed25519.GenerateKey(rand.Reader)
	key, _ := httpsig.NewSigner(priv)
	pub, _ := httpsig.PublicJWK(key.Public())
	keys := httpsig.Keyring{"https://bot.example" + httpsig.WellKnownPath: httpsig.NewDirectory(pub)}
	s, err := prepareSigner(&httpsig.RequestSigner{Key: key, Agent: "https://bot.example"})
	if err != nil {
		t.Fatal(err)
	}
	page := network.Headers{"Accept": "image/*", "user-agent": "Chrome", "Signature": "sig1=:AAAA:", "signature-input": `sig1=("@authority")`}
	for _, tc := range []struct {
		name, url, ua string
		signer        *httpsig.RequestSigner
		signed        bool
		wantUA        string
	}{
		{"signed, crawler's User-Agent", "https://shop.example:8443/a?b", "ExampleBot/1.0", s, true, "ExampleBot/1.0"},
		{"signed, browser's User-Agent", "http://shop.example/a", "", s, true, "Chrome"},
		{"User-Agent only", "http://shop.example/a", "ExampleBot/1.0", nil, false, "ExampleBot/1.0"},
		{"no host: unsigned", "data:text/plain,x", "", s, false, "Chrome"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			out, signed := continueHeaders(page, "GET", tc.url, tc.ua, tc.signer)
			h := http.Header{}
			for _, e := range out {
				h.Add(e.Name, e.Value)
			}
			if signed != tc.signed || h.Get("User-Agent") != tc.wantUA || len(h.Values("User-Agent")) != 1 || h.Get("Accept") != "image/*" {
				t.Fatalf("signed %v, header %v", signed, h)
			}
			if !tc.signed {
				if tc.signer != nil && h.Get("Signature-Agent") != "" {
					t.Error("Signature-Agent sent unsigned")
				}
				return
			}
			if len(h.Values("Signature")) != 1 || len(h.Values("Signature-Input")) != 1 {
				t.Fatalf("the page's signature fields kept: %v", h)
			}
			r, _ := http.NewRequest("GET", tc.url, nil)
			r.Header = h
			res, err := httpsig.Verify(httpsig.FromRequest(r), httpsig.VerifyOptions{At: time.Now(), Keys: keys})
			if err != nil || res.KeyID != s.KeyID {
				t.Errorf("Verify: %+v, %v", res, err)
			}
			r.Host = "other.example"
			if _, err := httpsig.Verify(httpsig.FromRequest(r), httpsig.VerifyOptions{At: time.Now(), Keys: keys}); err == nil {
				t.Error("the signature verifies for another authority")
			}
		})
	}
}
