package server

import (
	"crypto/ed25519"
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/robotstxt/robotstxt/httpsig"
	"github.com/robotstxt/robotstxt/httpsig/botauth"
)

// TestIdentify: POST /api/v1/identify answers for one request's headers
// what the middleware tells a Go handler (botauth.Result), at the time the
// request gives.
func TestIdentify(t *testing.T) {
	key := ed25519.NewKeyFromSeed(make([]byte, 32))
	j, _ := httpsig.PublicJWK(httpsig.PublicKey{Alg: httpsig.Ed25519, Key: key.Public()})
	s, err := New(Options{Keys: httpsig.Keyring{"https://chatgpt.com" + httpsig.WellKnownPath: httpsig.NewDirectory(j)}})
	if err != nil {
		t.Fatal(err)
	}
	ts := httptest.NewServer(s)
	defer ts.Close()
	at := time.Date(2026, 11, 20, 10, 0, 0, 0, time.UTC)
	signed, _ := http.NewRequest("GET", "https://site.example/cart/1", nil)
	if err := (&httpsig.RequestSigner{Key: httpsig.Signer{Alg: httpsig.Ed25519, Key: key}, Agent: "https://chatgpt.com"}).SignAt(signed, at); err != nil {
		t.Fatal(err)
	}
	headers := map[string]string{
		"User-Agent":      "Mozilla/5.0 (compatible; ChatGPT-User/1.0; +https://openai.com/bot)",
		"Signature":       signed.Header.Get("Signature"),
		"Signature-Input": signed.Header.Get("Signature-Input"),
		"Signature-Agent": signed.Header.Get("Signature-Agent"),
	}
	post := func(body any) (int, botauth.Result, string) {
		b, _ := json.Marshal(body)
		resp, err := http.Post(ts.URL+"/api/v1/identify", "application/json", strings.NewReader(string(b)))
		if err != nil {
			t.Fatal(err)
		}
		defer resp.Body.Close()
		var raw json.RawMessage
		json.NewDecoder(resp.Body).Decode(&raw)
		var res botauth.Result
		json.Unmarshal(raw, &res)
		return resp.StatusCode, res, string(raw)
	}
	robots := "User-agent: *\nDisallow: /cart/\n"
	code, res, raw := post(map[string]any{"url": "https://site.example/cart/1", "headers": headers, "time": "2026-11-20T10:00:05Z", "robots": robots})
	if code != 200 || res.Proves != "ChatGPT-User" || res.Signature != "verified" || res.Allowed == nil || *res.Allowed || res.Line != 2 {
		t.Errorf("signed: %d %s", code, raw)
	}
	// The same headers for another host: the signature covers @authority.
	code, res, raw = post(map[string]any{"url": "https://other.example/cart/1", "headers": headers, "time": "2026-11-20T10:00:05Z"})
	if code != 200 || res.Signature != "spoofed" || res.Proves != "" || res.Allowed != nil {
		t.Errorf("other host: %d %s", code, raw)
	}
	// An hour later the signature has expired.
	if _, res, raw = post(map[string]any{"url": "https://site.example/cart/1", "headers": headers, "time": "2026-11-20T11:00:00Z"}); res.Signature != "spoofed" || !strings.Contains(res.Reason, "expired") {
		t.Errorf("expired: %s", raw)
	}
	for name, body := range map[string]any{
		"relative url":  map[string]any{"url": "/cart/1"},
		"bad time":      map[string]any{"url": "https://site.example/", "time": "yesterday"},
		"unknown field": map[string]any{"url": "https://site.example/", "header": map[string]string{}},
		"huge header":   map[string]any{"url": "https://site.example/", "headers": map[string]string{"Signature": strings.Repeat("a", httpsig.MaxFieldSize+1)}},
	} {
		if code, _, raw := post(body); code != http.StatusBadRequest {
			t.Errorf("%s: %d %s", name, code, raw)
		}
	}
	resp, err := http.Get(ts.URL + "/api/v1/identify")
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if resp.StatusCode != http.StatusMethodNotAllowed {
		t.Errorf("GET: %d", resp.StatusCode)
	}
}
