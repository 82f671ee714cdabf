package gate

import (
	"crypto/ed25519"
	"crypto/rand"
	"encoding/json"
	"net/http"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/robotstxt/robotstxt/fetch"
	"github.com/robotstxt/robotstxt/httpsig"
)

// TestGateSignedRecord: a Gate with a Signer signs its robots.txt
// requests (the site verifies them with the agent's directory), and the
// record names the key; without one, the record has no policySignedBy.
func TestGateSignedRecord(t *testing.T) {
	_, priv, _ := ed25519.GenerateKey(rand.Reader)
	key, _ := httpsig.NewSigner(priv)
	pub, _ := httpsig.PublicJWK(key.Public())
	kid, _ := pub.Thumbprint()
	keys := httpsig.Keyring{"https://bot.example" + httpsig.WellKnownPath: httpsig.NewDirectory(pub)}
	var verified atomic.Int64
	srv := newHandlerSite(t, func(w http.ResponseWriter, r *http.Request) {
		if _, err := httpsig.Verify(httpsig.FromRequest(r), httpsig.VerifyOptions{At: time.Now(), Keys: keys}); err != nil {
			w.WriteHeader(http.StatusUnauthorized)
			return
		}
		verified.Add(1)
		w.Write([]byte("User-agent: *\nDisallow: /private/\n"))
	})
	signer := &httpsig.RequestSigner{Key: key, Agent: "https://bot.example"}
	// The loopback guard needs a Client: Gate.Signer goes to its Fetcher.
	g := &Gate{Agent: "ExampleBot", Scope: approveAll, Client: &Client{Fetcher: &fetch.Fetcher{Guard: loopback, Signer: signer}}}
	d, err := g.Check(t.Context(), srv+"/page")
	if err != nil {
		t.Fatal(err)
	}
	if d.Action != Admit || d.PolicySignedBy != kid || verified.Load() != 1 {
		t.Fatalf("action %s, signedBy %q (want %q), verified %d: %s", d.Action, d.PolicySignedBy, kid, verified.Load(), d.Reason)
	}
	b, _ := json.Marshal(d.Record)
	var back Record
	if err := json.Unmarshal(b, &back); err != nil || back.PolicySignedBy != kid || !strings.Contains(string(b), `"policySignedBy":"`+kid+`"`) {
		t.Errorf("record %s read back as %+v, %v", b, back, err)
	}
	own := &Gate{Agent: "ExampleBot", Signer: signer}
	if f := own.c().Fetcher; f == nil || f.Signer != signer {
		t.Error("Gate.Signer does not reach the Gate's own Client")
	}

	unsigned := &Gate{Agent: "ExampleBot", Scope: approveAll, Client: local()}
	d, _ = unsigned.Check(t.Context(), srv+"/page")
	if d.PolicySignedBy != "" || d.Action != Hold || d.PolicyHTTPStatus != http.StatusUnauthorized {
		t.Errorf("unsigned: %s, HTTP %d, signedBy %q", d.Action, d.PolicyHTTPStatus, d.PolicySignedBy)
	}
}

func newHandlerSite(t *testing.T, h http.HandlerFunc) string {
	t.Helper()
	s := newSite(t, 200, "")
	s.srv.Config.Handler = h
	return s.URL
}

// TestGatePaymentAndChallenge: a robots.txt answered 402 (pay per crawl)
// or by a challenge page is no policy: the REP decision is unresolved and
// the task held, never admitted (RFC 9309 section 2.3.1.4: a file that
// cannot be had disallows everything for now); the record keeps the price
// or the challenge's mark. A 402 holds the origin even over a cached copy,
// as a 429 does, and is not fetched again before the longest backoff.
func TestGatePaymentAndChallenge(t *testing.T) {
	for _, tc := range []struct {
		name      string
		code      int
		head      map[string]string
		body      string
		status    fetch.Status
		price     string
		challenge string
		reason    string
		retry     time.Duration
		overCopy  bool // the task is held even with a fresh copy cached
	}{
		{"402 with crawler-price", 402, map[string]string{"Crawler-Price": "USD 0.02"}, "", fetch.PaymentRequired, "USD 0.02", "", "robots.txt not given (HTTP 402 payment required (crawler-price USD 0.02; no price offered)): unresolved", DefaultMaxBackoff, true},
		{"402 with Retry-After", 402, map[string]string{"Crawler-Price": "USD 0.02", "Retry-After": "600"}, "", fetch.PaymentRequired, "USD 0.02", "", "hold every task of this origin", 10 * time.Minute, true},
		{"challenge page", 403, map[string]string{"Content-Type": "text/html", "Cf-Mitigated": "challenge"}, "<title>Just a moment...</title>", fetch.Challenged, "", "cf-mitigated: challenge", "robots.txt not read: a bot-protection challenge page answered", DefaultMinBackoff, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			clk := newClock()
			s := newSite(t, tc.code, tc.body)
			s.set(tc.code, tc.body, tc.head)
			g := &Gate{Agent: "ExampleBot", Scope: approveAll, Client: testClient(clk)}
			d, err := g.Check(t.Context(), s.URL+"/page")
			if err != nil {
				t.Fatal(err)
			}
			if d.Action != Hold || d.RepDecision != RepUnresolved || d.PolicyStatus != tc.status || d.PolicyPrice != tc.price || d.PolicyChallenge != tc.challenge {
				t.Fatalf("%s %s %s price %q challenge %q", d.Action, d.RepDecision, d.PolicyStatus, d.PolicyPrice, d.PolicyChallenge)
			}
			if !strings.Contains(d.Reason, tc.reason) || !d.RetryAt.Equal(clk.Now().Add(tc.retry)) {
				t.Errorf("reason %q, retry at %s (want +%s)", d.Reason, d.RetryAt, tc.retry)
			}
			b, _ := json.Marshal(d.Record)
			var back Record
			if json.Unmarshal(b, &back) != nil || back.PolicyPrice != tc.price || back.PolicyChallenge != tc.challenge {
				t.Errorf("record %s", b)
			}

			// With a cached copy that has expired: a 402 holds the origin
			// as a 429 does; a challenge leaves the stale copy in use, as
			// an unreachable origin does.
			clk2 := newClock()
			s2 := newSite(t, 200, "User-agent: *\nAllow: /\n")
			g2 := &Gate{Agent: "ExampleBot", Scope: approveAll, Client: testClient(clk2)}
			if d, _ := g2.Check(t.Context(), s2.URL+"/page"); d.Action != Admit {
				t.Fatal(d.Reason)
			}
			s2.set(tc.code, tc.body, tc.head)
			clk2.Add(DefaultMaxAge + time.Minute)
			d, _ = g2.Check(t.Context(), s2.URL+"/page")
			if held := d.Action == Hold; held != tc.overCopy {
				t.Errorf("over a cached copy: %s (%s)", d.Action, d.Reason)
			}
		})
	}
}

// TestGatePaid: a crawler that offers a price high enough gets the file
// and the record keeps what it was charged.
func TestGatePaid(t *testing.T) {
	_, priv, _ := ed25519.GenerateKey(rand.Reader)
	key, _ := httpsig.NewSigner(priv)
	srv := newHandlerSite(t, func(w http.ResponseWriter, r *http.Request) {
		if r.Header.Get("Crawler-Max-Price") == "USD 1.00" && r.Header.Get("Signature") != "" {
			w.Header().Set("Crawler-Charged", "USD 0.02")
			w.Write([]byte("User-agent: *\nAllow: /\n"))
			return
		}
		w.Header().Set("Crawler-Price", "USD 0.02")
		w.WriteHeader(402)
	})
	f := &fetch.Fetcher{Guard: loopback, Signer: &httpsig.RequestSigner{Key: key, Agent: "https://bot.example"}, MaxPrice: "USD 1.00"}
	g := &Gate{Agent: "ExampleBot", Scope: approveAll, Client: &Client{Fetcher: f}}
	d, err := g.Check(t.Context(), srv+"/page")
	if err != nil || d.Action != Admit || d.PolicyCharged != "USD 0.02" || d.PolicyPrice != "" {
		t.Fatalf("%v: %s charged %q price %q: %s", err, d.Action, d.PolicyCharged, d.PolicyPrice, d.Reason)
	}
}

// TestReportPayment: a target's 402 holds its origin for its Retry-After
// or DefaultPaymentHold, with the price, unless MaxPrice covers the price
// in the same currency.
func TestReportPayment(t *testing.T) {
	now := time.Date(2026, 3, 1, 12, 0, 0, 0, time.UTC)
	for _, tc := range []struct {
		name, max, price string
		retryAfter       time.Duration
		held, accepted   bool
		hold             time.Duration
		detail           string
	}{
		{"no max price", "", "USD 0.01", 0, true, false, DefaultPaymentHold, "payment-required: crawler-price USD 0.01"},
		{"max below", "USD 0.005", "USD 0.01", 0, true, false, DefaultPaymentHold, "above the crawler's USD 0.005"},
		{"max equal", "USD 0.01", "USD 0.01", 0, false, true, 0, ""},
		{"max above", "USD 1", "USD 0.01", 0, false, true, 0, ""},
		{"other currency", "EUR 1", "USD 0.01", 0, true, false, DefaultPaymentHold, "crawler-price USD 0.01"},
		{"no price given", "USD 1", "", 0, true, false, DefaultPaymentHold, "payment-required"},
		{"Retry-After", "", "USD 0.01", 10 * time.Minute, true, false, 10 * time.Minute, "Retry-After 10m0s"},
		{"Retry-After capped", "", "USD 0.01", 100 * time.Hour, true, false, DefaultMaxHold, "Retry-After"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			p := &Politeness{MaxPrice: tc.max}
			h, held, accepted, err := p.ReportPayment(t.Context(), "https://a.example", tc.price, tc.retryAfter, now)
			if err != nil || held != tc.held || accepted != tc.accepted {
				t.Fatalf("held %v accepted %v err %v", held, accepted, err)
			}
			got, inForce, _ := p.HoldStore().OriginHeld(t.Context(), "https://a.example", now)
			if inForce != tc.held {
				t.Fatalf("hold in force: %v", inForce)
			}
			if tc.held && (!h.Until.Equal(now.Add(tc.hold)) || h.HTTPStatus != 402 || !strings.Contains(h.Detail, tc.detail) || got != h) {
				t.Errorf("hold %+v, want +%s, %q", h, tc.hold, tc.detail)
			}
		})
	}
	// Report(402) holds as ReportPayment does without a price.
	p := &Politeness{}
	if h, held, err := p.Report(t.Context(), "https://a.example", 402, 0, now); err != nil || !held || !h.Until.Equal(now.Add(DefaultPaymentHold)) {
		t.Errorf("Report(402) = %+v, %v, %v", h, held, err)
	}
}
