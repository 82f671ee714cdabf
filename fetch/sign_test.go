package fetch

import (
	"crypto/ed25519"
	"crypto/rand"
	"io"
	"net/http"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/robotstxt/robotstxt/httpsig"
)

// testSigner returns a RequestSigner with a new Ed25519 key for the agent
// https://bot.example, the keyring that knows its directory, and its
// thumbprint.
func testSigner(t testing.TB) (*httpsig.RequestSigner, httpsig.Keyring, string) {
	t.Helper()
	_, priv, err := ed25519.GenerateKey(rand.Reader)
	if err != nil {
		t.Fatal(err)
	}
	s, _ := httpsig.NewSigner(priv)
	pub, _ := httpsig.PublicJWK(s.Public())
	kid, _ := pub.Thumbprint()
	pub.Kid = kid
	dir, _ := httpsig.DirectoryURL("https://bot.example")
	return &httpsig.RequestSigner{Key: s, Agent: "https://bot.example"}, httpsig.Keyring{dir: httpsig.NewDirectory(pub)}, kid
}

// verifying is a handler that checks every request's Web Bot Auth
// signature at the time it arrives, counts what it saw, and answers with
// next when it verifies, 401 otherwise.
type verifying struct {
	keys  httpsig.Keyring
	mu    sync.Mutex
	seen  []httpsig.Result
	nonce map[string]bool
	bad   []string
}

func (v *verifying) check(w http.ResponseWriter, r *http.Request) bool {
	res, err := httpsig.Verify(httpsig.FromRequest(r), httpsig.VerifyOptions{At: time.Now(), Keys: v.keys})
	v.mu.Lock()
	defer v.mu.Unlock()
	if err != nil {
		v.bad = append(v.bad, r.Host+r.URL.Path+": "+err.Error())
		w.WriteHeader(http.StatusUnauthorized)
		return false
	}
	sigs, _ := httpsig.ParseSignatures(r.Header.Get("Signature-Input"), r.Header.Get("Signature"))
	if v.nonce == nil {
		v.nonce = map[string]bool{}
	}
	if v.nonce[sigs[0].Nonce] {
		v.bad = append(v.bad, r.Host+r.URL.Path+": nonce used twice")
	}
	v.nonce[sigs[0].Nonce] = true
	v.seen = append(v.seen, res)
	return true
}

// TestFetchSigned: every request of a fetch carries a fresh Web Bot Auth
// signature (draft-ietf-webbotauth-httpsig-protocol-01 section 4: tag,
// created, expires, keyid, covering @authority and the Signature-Agent
// member), each redirect hop signed for its own authority (RFC 9421
// section 2.2.3); the Policy records the key. A wrong key is refused by
// the same verifier.
func TestFetchSigned(t *testing.T) {
	signer, keys, kid := testSigner(t)
	v := &verifying{keys: keys}
	final := serve(t, func(w http.ResponseWriter, r *http.Request) {
		if v.check(w, r) {
			io.WriteString(w, normalFile)
		}
	})
	first := serve(t, func(w http.ResponseWriter, r *http.Request) {
		if v.check(w, r) {
			http.Redirect(w, r, final.URL+"/moved.txt", http.StatusMovedPermanently)
		}
	})
	f := quick()
	f.Signer = signer
	p := mustFetch(t, f, first.URL+"/x")
	if p.Status != Success || len(p.Redirects) != 1 || p.SignedBy != kid {
		t.Fatalf("status %s, redirects %v, signedBy %q (want %q): %s", p.Status, p.Redirects, p.SignedBy, kid, p.Detail)
	}
	if len(v.bad) > 0 || len(v.seen) != 2 {
		t.Fatalf("verified %d requests; refused: %v", len(v.seen), v.bad)
	}
	for _, res := range v.seen {
		if res.Thumbprint != kid || res.Agent != "https://bot.example" || res.Expires.Sub(res.Created) != httpsig.DefaultValidity {
			t.Errorf("verified %+v", res)
		}
	}
	if signer.KeyID != "" || len(signer.Cover) != 0 {
		t.Error("the Fetcher changed the caller's Signer")
	}

	// The same requests signed with another key, under its own keyid or
	// claiming ours: refused at the first hop.
	other, _, _ := testSigner(t)
	for _, keyid := range []string{"", kid} {
		v.seen, v.bad = nil, nil
		f2 := quick()
		o := *other
		o.KeyID = keyid
		f2.Signer = &o
		p = mustFetch(t, f2, first.URL+"/x")
		if p.HTTPStatus != http.StatusUnauthorized || len(v.bad) != 1 || len(v.seen) != 0 {
			t.Errorf("wrong key (keyid %q): HTTP %d, refusals %v", keyid, p.HTTPStatus, v.bad)
		}
	}
	if !strings.Contains(v.bad[0], "does not verify") {
		t.Errorf("wrong key under our keyid: %v", v.bad)
	}

	// Unsigned: no signature fields, SignedBy empty.
	var got http.Header
	plain := serve(t, func(w http.ResponseWriter, r *http.Request) { got = r.Header.Clone() })
	if p := mustFetch(t, quick(), plain.URL); p.SignedBy != "" || got.Get("Signature-Input") != "" || got.Get("Signature-Agent") != "" {
		t.Errorf("unsigned fetch: signedBy %q, header %v", p.SignedBy, got)
	}
}

// TestFetchSignerInvalid: a Signer that cannot sign (no key, an agent that
// is not an https URL) and a MaxPrice that is not a price are errors of
// Fetch, before any request.
func TestFetchSignerInvalid(t *testing.T) {
	signer, _, _ := testSigner(t)
	hits := 0
	srv := serve(t, func(w http.ResponseWriter, r *http.Request) { hits++ })
	for name, f := range map[string]*Fetcher{
		"no key":           {Guard: loopback, Signer: &httpsig.RequestSigner{Agent: "https://bot.example"}},
		"http agent":       {Guard: loopback, Signer: &httpsig.RequestSigner{Key: signer.Key, Agent: "http://bot.example"}},
		"max price absurd": {Guard: loopback, Signer: signer, MaxPrice: "ten dollars"},
	} {
		if _, err := f.Fetch(t.Context(), srv.URL); err == nil {
			t.Errorf("%s: no error", name)
		}
	}
	if hits != 0 {
		t.Errorf("%d requests sent", hits)
	}
}

// payHandler is an origin that charges price for robots.txt as
// Cloudflare's pay per crawl does: 402 with crawler-price to a request
// that offers less (or nothing), 200 with crawler-charged to one whose
// signed crawler-max-price covers it.
func (v *verifying) payHandler(price Price, priceText string) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		offer := r.Header.Get(HeaderMaxPrice)
		if offer != "" {
			if !v.check(w, r) {
				return
			}
			sigs, _ := httpsig.ParseSignatures(r.Header.Get("Signature-Input"), r.Header.Get("Signature"))
			if !sigs[0].Covers("crawler-max-price") {
				w.WriteHeader(http.StatusBadRequest)
				return
			}
			if max, err := ParsePrice(offer); err == nil && max.Currency == price.Currency && max.Micros >= price.Micros {
				w.Header().Set(HeaderCharged, priceText)
				io.WriteString(w, normalFile)
				return
			}
		}
		w.Header().Set(HeaderPrice, priceText)
		w.WriteHeader(http.StatusPaymentRequired)
	}
}

// TestFetchPayPerCrawl: a 402 is PaymentRequired with the price asked,
// never a missing file (which would allow everything); a crawler whose
// signed crawler-max-price covers the price gets the file and the charge.
func TestFetchPayPerCrawl(t *testing.T) {
	signer, keys, _ := testSigner(t)
	v := &verifying{keys: keys}
	srv := serve(t, v.payHandler(Price{"USD", 50000}, "USD 0.05"))
	plain402 := serve(t, func(w http.ResponseWriter, r *http.Request) { w.WriteHeader(402) })
	for _, tc := range []struct {
		name     string
		url      string
		maxPrice string
		status   Status
		price    string
		charged  string
		detail   string
	}{
		{"no price offered", srv.URL, "", PaymentRequired, "USD 0.05", "", "crawler-price USD 0.05; no price offered"},
		{"offer below the price", srv.URL, "USD 0.01", PaymentRequired, "USD 0.05", "", "above the crawler-max-price USD 0.01"},
		{"offer in another currency", srv.URL, "EUR 1.00", PaymentRequired, "USD 0.05", "", "crawler-price USD 0.05"},
		{"offer covers the price", srv.URL, "USD 0.10", Success, "", "USD 0.05", ""},
		{"exact offer", srv.URL, "USD 0.05", Success, "", "USD 0.05", ""},
		{"402 without a price", plain402.URL, "", PaymentRequired, "", "", "HTTP 402 payment required"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			f := quick()
			f.Signer, f.MaxPrice = signer, tc.maxPrice
			p := mustFetch(t, f, tc.url)
			if p.Status != tc.status || p.Price != tc.price || p.Charged != tc.charged || !strings.Contains(p.Detail, tc.detail) {
				t.Errorf("status %s price %q charged %q detail %q", p.Status, p.Price, p.Charged, p.Detail)
			}
			if p.Status == PaymentRequired && (p.Body != nil || p.Robots() != nil || p.Status.Definitive()) {
				t.Error("a 402 gave a policy")
			}
		})
	}
	if len(v.bad) > 0 {
		t.Errorf("refused: %v", v.bad)
	}
}

// TestFetchChallenge: a bot-protection challenge page where robots.txt
// was expected is Challenged, named by its mark, and never parsed; an
// HTML 403 or 503 without a mark keeps its RFC 9309 meaning.
func TestFetchChallenge(t *testing.T) {
	html := "text/html; charset=UTF-8"
	for _, tc := range []struct {
		name   string
		code   int
		header map[string]string
		body   string
		status Status
		mark   string
	}{
		{"Cloudflare managed challenge", 403, map[string]string{"Content-Type": html, "Cf-Mitigated": "challenge"}, "<!DOCTYPE html><title>Just a moment...</title>", Challenged, "cf-mitigated: challenge"},
		{"cf-mitigated on a 200", 200, map[string]string{"Content-Type": html, "Cf-Mitigated": "challenge"}, "<html>", Challenged, "cf-mitigated: challenge"},
		{"title Just a moment", 403, map[string]string{"Content-Type": html}, "<html><head><title>Just a moment...</title>", Challenged, "page marker just a moment..."},
		{"cf-chl script, 503", 503, map[string]string{"Content-Type": html}, `<html><script src="/cdn-cgi/challenge-platform/h/b/orchestrate/chl_page/v1"></script>window._cf_chl_opt={}`, Challenged, "page marker cdn-cgi/challenge-platform"},
		{"cf-chl widget", 403, map[string]string{"Content-Type": html}, `<html><div id="cf-chl-widget-x"></div>`, Challenged, "page marker cf-chl"},
		{"a CAPTCHA", 403, map[string]string{"Content-Type": html}, `<html><div class="g-recaptcha"></div>`, Challenged, "page marker captcha"},
		{"plain HTML 403: unavailable", 403, map[string]string{"Content-Type": html}, "<html><h1>Forbidden</h1>", Unavailable, ""},
		{"plain HTML 503: unreachable", 503, map[string]string{"Content-Type": html}, "<html><h1>Down for maintenance</h1>", Unreachable, ""},
		{"marker in a text 403: unavailable", 403, map[string]string{"Content-Type": "text/plain"}, "captcha", Unavailable, ""},
		{"marker in a 200 robots.txt: parsed", 200, map[string]string{"Content-Type": "text/plain"}, "# no captcha here\nUser-agent: *\nDisallow: /x\n", Success, ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			srv := serve(t, func(w http.ResponseWriter, r *http.Request) {
				for k, v := range tc.header {
					w.Header().Set(k, v)
				}
				w.WriteHeader(tc.code)
				io.WriteString(w, tc.body)
			})
			p := mustFetch(t, quick(), srv.URL)
			if p.Status != tc.status || p.Challenge != tc.mark {
				t.Fatalf("status %s challenge %q, want %s %q (%s)", p.Status, p.Challenge, tc.status, tc.mark, p.Detail)
			}
			if p.Status == Challenged && (p.Body != nil || p.Robots() != nil || !strings.Contains(p.Detail, "challenge page")) {
				t.Errorf("a challenge page read as a policy: %q", p.Detail)
			}
		})
	}
}

// TestParsePrice: prices as pay per crawl writes them ("USD 0.01").
func TestParsePrice(t *testing.T) {
	for _, tc := range []struct {
		in     string
		cur    string
		micros int64
		ok     bool
	}{
		{"USD 0.01", "USD", 10000, true},
		{"USD 1", "USD", 1000000, true},
		{"EUR 12.345678", "EUR", 12345678, true},
		{"USD 0.0000001", "", 0, false},
		{"usd 0.01", "", 0, false},
		{"USD 0.", "", 0, false},
		{"USD .5", "", 0, false},
		{"USD -1", "", 0, false},
		{"USD  1", "", 0, false},
		{"USD1", "", 0, false},
		{"USD 1e3", "", 0, false},
		{"USD 9999999999999", "", 0, false},
		{"", "", 0, false},
	} {
		p, err := ParsePrice(tc.in)
		if (err == nil) != tc.ok || p.Currency != tc.cur || p.Micros != tc.micros {
			t.Errorf("ParsePrice(%q) = %+v, %v", tc.in, p, err)
		}
	}
}

// TestFetchSignatureRules: what each request of a signed fetch carries,
// rule by rule, for both hops of a redirect to another authority and with
// a price offered.
func TestFetchSignatureRules(t *testing.T) {
	signer, _, kid := testSigner(t)
	var mu sync.Mutex
	var got []*http.Request
	record := func(r *http.Request) {
		mu.Lock()
		got = append(got, r.Clone(r.Context()))
		mu.Unlock()
	}
	final := serve(t, func(w http.ResponseWriter, r *http.Request) { record(r); io.WriteString(w, normalFile) })
	first := serve(t, func(w http.ResponseWriter, r *http.Request) {
		record(r)
		http.Redirect(w, r, final.URL+"/robots.txt", http.StatusFound)
	})
	f := quick()
	f.Signer, f.MaxPrice = signer, "USD 0.01"
	before := time.Now().Truncate(time.Second)
	mustFetch(t, f, first.URL)
	after := time.Now()
	if len(got) != 2 {
		t.Fatalf("%d requests", len(got))
	}
	type sig = httpsig.Signature
	rules := []struct {
		ref  string
		rule string
		ok   func(r *http.Request, s sig) bool
	}{
		{"draft-ietf-webbotauth-httpsig-protocol-01 4.2", `tag="web-bot-auth"`, func(_ *http.Request, s sig) bool { return s.Tag == httpsig.Tag }},
		{"draft 4.2, RFC 9421 2.3", "created is the time of the request", func(_ *http.Request, s sig) bool {
			c := s.CreatedTime()
			return s.HasCreated && !c.Before(before) && !c.After(after)
		}},
		{"draft 4.2", "expires a short time (one minute) after created", func(_ *http.Request, s sig) bool {
			return s.HasExpires && s.ExpiresTime().Sub(s.CreatedTime()) == httpsig.DefaultValidity
		}},
		{"draft 4.2, RFC 7638", "keyid is the key's JWK thumbprint", func(_ *http.Request, s sig) bool { return s.KeyID == kid }},
		{"draft 4.2", "a nonce of 64 random bytes", func(_ *http.Request, s sig) bool { return len(s.Nonce) == 88 }},
		{"draft 4.2, RFC 9421 2.2.3", "covers @authority", func(_ *http.Request, s sig) bool { return s.Covers("@authority") }},
		{"draft 4.1", "covers the Signature-Agent member it names", func(r *http.Request, s sig) bool {
			cs, _ := s.Components()
			for _, c := range cs {
				if c.Name == "signature-agent" && c.Key == s.Label {
					return r.Header.Get("Signature-Agent") == s.Label+`="https://bot.example"`
				}
			}
			return false
		}},
		{"Cloudflare pay per crawl", "covers crawler-max-price", func(r *http.Request, s sig) bool {
			return s.Covers("crawler-max-price") && r.Header.Get(HeaderMaxPrice) == "USD 0.01"
		}},
		{"RFC 9421 3.3.6", `alg="ed25519"`, func(_ *http.Request, s sig) bool { return s.Alg == httpsig.Ed25519 }},
	}
	nonces := map[string]bool{}
	for i, r := range got {
		sigs, err := httpsig.ParseSignatures(r.Header.Get("Signature-Input"), r.Header.Get("Signature"))
		if err != nil || len(sigs) != 1 {
			t.Fatalf("request %d: %v %v", i, sigs, err)
		}
		for _, rule := range rules {
			if !rule.ok(r, sigs[0]) {
				t.Errorf("request %d (%s): %s (%s) broken: %s", i, r.Host, rule.rule, rule.ref, r.Header.Get("Signature-Input"))
			}
		}
		nonces[sigs[0].Nonce] = true
	}
	if len(nonces) != 2 {
		t.Error("both requests carry the same nonce: one signature per request (draft 4.2)")
	}
}
