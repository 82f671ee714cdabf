package botauth

import (
	"net/http"
	"testing"
	"time"

	"github.com/robotstxt/robotstxt"
	"github.com/robotstxt/robotstxt/httpsig"
	"github.com/robotstxt/robotstxt/verify"
)

// FuzzCheck: any header fields give a Result without a crash, and nothing
// is proven without a verified signature.
func FuzzCheck(f *testing.F) {
	k := key(1)
	req, _ := http.NewRequest("GET", "https://site.example/page", nil)
	now := time.Date(2026, 11, 20, 10, 0, 0, 0, time.UTC)
	(&httpsig.RequestSigner{Key: httpsig.Signer{Alg: httpsig.Ed25519, Key: k}, Agent: "https://chatgpt.com"}).SignAt(req, now)
	f.Add(req.Header.Get("Signature-Input"), req.Header.Get("Signature"), req.Header.Get("Signature-Agent"), chatgptUA, "/page")
	f.Add(`sig1=();tag="web-bot-auth"`, "", `"https://x.example"`, "", "/")
	keys := httpsig.Keyring{"https://chatgpt.com" + httpsig.WellKnownPath: dir(k)}
	robots := robotstxt.ParseString("User-agent: *\nDisallow: /cart/\n")
	opts := Options{Keys: keys, Robots: func(*http.Request) *robotstxt.Robots { return robots }}
	f.Fuzz(func(t *testing.T, input, signature, agent, ua, path string) {
		r, err := http.NewRequest("GET", "https://site.example/", nil)
		if err != nil {
			t.Fatal(err)
		}
		r.URL.Path = path
		for k, v := range map[string]string{"Signature-Input": input, "Signature": signature, "Signature-Agent": agent, "User-Agent": ua} {
			r.Header.Set(k, v)
		}
		res := CheckAt(r, now, opts)
		if res.Proves != "" && res.Signature != verify.Verified {
			t.Fatalf("proves %q with a %q signature", res.Proves, res.Signature)
		}
		if res.Allowed == nil {
			t.Fatal("no robots.txt answer")
		}
	})
}
