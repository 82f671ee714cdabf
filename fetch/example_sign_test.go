package fetch_test

import (
	"context"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"time"

	"github.com/robotstxt/robotstxt/fetch"
	"github.com/robotstxt/robotstxt/httpsig"
	"github.com/robotstxt/robotstxt/netguard"
)

// A Fetcher that signs its requests with Web Bot Auth and offers a price
// to sites that charge crawlers. The key is RFC 9421's Ed25519 test key; a
// crawler reads its own with httpsig.ReadPrivateKey from a file that only
// it can read ("robotstxt keys new" makes one).
func ExampleFetcher_signer() {
	key, _ := httpsig.ParsePrivateKey([]byte(`{"kty":"OKP","crv":"Ed25519",
		"x":"JrQLj5P_89iXES9-vFgrIy29clF9CC_oPPsw3c5D0bs","d":"n4Ni-HpISpVObnQMW0wOhCKROaIKqKtW_2ZYb2p9KcU"}`))
	pub, _ := httpsig.PublicJWK(key.Public())
	// The site knows the agent's directory, as it would fetch it from
	// https://bot.example/.well-known/http-message-signatures-directory.
	keys := httpsig.Keyring{"https://bot.example" + httpsig.WellKnownPath: httpsig.NewDirectory(pub)}
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		who, err := httpsig.Verify(httpsig.FromRequest(r), httpsig.VerifyOptions{At: time.Now(), Keys: keys})
		if err != nil || r.Header.Get("Crawler-Max-Price") == "" {
			w.Header().Set("Crawler-Price", "USD 0.01")
			w.WriteHeader(http.StatusPaymentRequired)
			return
		}
		fmt.Println("the site verified", who.Agent)
		w.Header().Set("Crawler-Charged", "USD 0.01")
		io.WriteString(w, "User-agent: *\nDisallow: /private/\n")
	}))
	defer srv.Close()

	unsigned := &fetch.Fetcher{Guard: &netguard.Policy{AllowPrivate: true}}
	p, _ := unsigned.Fetch(context.Background(), srv.URL)
	fmt.Println(p.Status, p.Price)

	f := &fetch.Fetcher{
		UserAgent: "ExampleBot/1.0",
		Guard:     &netguard.Policy{AllowPrivate: true}, // the test server is on loopback
		Signer:    &httpsig.RequestSigner{Key: key, Agent: "https://bot.example"},
		MaxPrice:  "USD 0.05",
	}
	p, _ = f.Fetch(context.Background(), srv.URL)
	fmt.Println(p.Status, "signed by", p.SignedBy, "charged", p.Charged)
	// Output:
	// payment-required USD 0.01
	// the site verified https://bot.example
	// success signed by poqkLGiymh_W0uP6PZFw-dvez3QJT5SolqXBCW38r0U charged USD 0.01
}
