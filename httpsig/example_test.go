package httpsig_test

import (
	"crypto/ed25519"
	"fmt"
	"net/http"
	"time"

	"github.com/robotstxt/robotstxt/httpsig"
)

// A crawler signs a request; the site verifies it at the request's time
// with the agent's directory.
func Example() {
	priv := ed25519.NewKeyFromSeed(make([]byte, ed25519.SeedSize)) // a real key comes from ReadPrivateKey
	signer := &httpsig.RequestSigner{Key: httpsig.Signer{Alg: httpsig.Ed25519, Key: priv}, Agent: "https://bot.example"}

	sent := time.Date(2026, 11, 20, 10, 0, 0, 0, time.UTC)
	r, _ := http.NewRequest("GET", "https://site.example/page", nil)
	if err := signer.SignAt(r, sent); err != nil {
		panic(err)
	}

	pub, _ := httpsig.PublicJWK(signer.Key.Public())
	keys := httpsig.Keyring{"https://bot.example" + httpsig.WellKnownPath: httpsig.NewDirectory(pub)}
	res, err := httpsig.Verify(httpsig.FromRequest(r), httpsig.VerifyOptions{At: sent, Keys: keys})
	fmt.Println(res.Agent, res.Alg, err)

	r.Host = "elsewhere.example" // the signature covers @authority
	_, err = httpsig.Verify(httpsig.FromRequest(r), httpsig.VerifyOptions{At: sent, Keys: keys})
	fmt.Println(err)
	// Output:
	// https://bot.example ed25519 <nil>
	// httpsig: signature does not verify
}
