package botauth

import (
	"crypto/ed25519"
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/robotstxt/robotstxt"
	"github.com/robotstxt/robotstxt/httpsig"
	"github.com/robotstxt/robotstxt/verify"
)

func key(b byte) ed25519.PrivateKey {
	s := make([]byte, 32)
	s[0] = b
	return ed25519.NewKeyFromSeed(s)
}

func dir(k ed25519.PrivateKey) *httpsig.Directory {
	j, _ := httpsig.PublicJWK(httpsig.PublicKey{Alg: httpsig.Ed25519, Key: k.Public()})
	return httpsig.NewDirectory(j)
}

const chatgptUA = "Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko); compatible; ChatGPT-User/1.0; +https://openai.com/bot"

// TestMiddleware: a real server with the middleware, requests signed by
// httpsig's RequestSigner, and what the handler finds in the context.
func TestMiddleware(t *testing.T) {
	openai, other := key(1), key(2)
	keys := httpsig.Keyring{
		"https://chatgpt.com" + httpsig.WellKnownPath:     dir(openai),
		"https://browser.example" + httpsig.WellKnownPath: dir(other),
	}
	robots := robotstxt.ParseString("User-agent: *\nDisallow: /cart/\n")
	now := time.Date(2026, 11, 20, 10, 0, 0, 0, time.UTC)
	opts := Options{Keys: keys, Robots: func(*http.Request) *robotstxt.Robots { return robots }, Now: func() time.Time { return now }}
	srv := httptest.NewServer(Middleware(opts, http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		res, ok := FromContext(r.Context())
		if !ok {
			t.Error("no Result in the context")
		}
		json.NewEncoder(w).Encode(res)
	})))
	defer srv.Close()
	signer := func(k ed25519.PrivateKey, agent string) *httpsig.RequestSigner {
		return &httpsig.RequestSigner{Key: httpsig.Signer{Alg: httpsig.Ed25519, Key: k}, Agent: agent}
	}
	for _, c := range []struct {
		name, path, ua string
		s              *httpsig.RequestSigner
		signedAt       time.Time
		breakSig       bool
		want           Result
	}{
		{"the crawler's operator's agent: proves the crawler", "/page", chatgptUA, signer(openai, "https://chatgpt.com"), now, false,
			Result{Signed: true, Signature: verify.Verified, Agent: "https://chatgpt.com", Operator: "OpenAI", Crawler: "ChatGPT-User", Claimed: "OpenAI", Proves: "ChatGPT-User", Allowed: ptr(true)}},
		{"robots.txt disallows it", "/cart/1", chatgptUA, signer(openai, "https://chatgpt.com"), now, false,
			Result{Signed: true, Signature: verify.Verified, Agent: "https://chatgpt.com", Operator: "OpenAI", Crawler: "ChatGPT-User", Claimed: "OpenAI", Proves: "ChatGPT-User", Allowed: ptr(false), Rule: "/cart/", Line: 2}},
		{"another agent: proves the agent, not the crawler", "/page", chatgptUA, signer(other, "https://browser.example"), now, false,
			Result{Signed: true, Signature: verify.Verified, Agent: "https://browser.example", Crawler: "ChatGPT-User", Claimed: "OpenAI", Proves: "https://browser.example", Allowed: ptr(true)}},
		{"a broken signature is spoofed", "/page", chatgptUA, signer(openai, "https://chatgpt.com"), now, true,
			Result{Signed: true, Signature: verify.Spoofed, Agent: "https://chatgpt.com", Operator: "OpenAI", Crawler: "ChatGPT-User", Claimed: "OpenAI", Allowed: ptr(true)}},
		{"an expired signature is spoofed", "/page", chatgptUA, signer(openai, "https://chatgpt.com"), now.Add(-time.Hour), false,
			Result{Signed: true, Signature: verify.Spoofed, Agent: "https://chatgpt.com", Operator: "OpenAI", Crawler: "ChatGPT-User", Claimed: "OpenAI", Allowed: ptr(true)}},
		{"an agent without a known directory is unverifiable", "/page", "Mozilla/5.0 Chrome/150", signer(other, "https://unknown.example"), now, false,
			Result{Signed: true, Signature: verify.Unverifiable, Agent: "https://unknown.example", Allowed: ptr(true)}},
		{"unsigned", "/page", chatgptUA, nil, now, false,
			Result{Crawler: "ChatGPT-User", Claimed: "OpenAI", Allowed: ptr(true)}},
	} {
		t.Run(c.name, func(t *testing.T) {
			req, _ := http.NewRequest("GET", srv.URL+c.path, nil)
			req.Header.Set("User-Agent", c.ua)
			if c.s != nil {
				if err := c.s.SignAt(req, c.signedAt); err != nil {
					t.Fatal(err)
				}
			}
			if c.breakSig {
				v := req.Header.Get("Signature")
				i := strings.Index(v, ":") + 2
				b := byte('A')
				if v[i] == 'A' {
					b = 'B'
				}
				req.Header.Set("Signature", v[:i]+string(b)+v[i+1:])
			}
			resp, err := http.DefaultClient.Do(req)
			if err != nil {
				t.Fatal(err)
			}
			defer resp.Body.Close()
			var got Result
			if err := json.NewDecoder(resp.Body).Decode(&got); err != nil {
				t.Fatal(err)
			}
			if (got.Signature == verify.Spoofed || got.Signature == verify.Unverifiable) != (got.Reason != "") {
				t.Errorf("reason %q for %s", got.Reason, got.Signature)
			}
			got.Reason, got.KeyID = "", ""
			if gj, wj := mustJSON(got), mustJSON(c.want); gj != wj {
				t.Errorf("got  %s\nwant %s", gj, wj)
			}
		})
	}
}

func ptr(b bool) *bool { return &b }

func mustJSON(v any) string {
	b, _ := json.Marshal(v)
	return string(b)
}
