package server

import (
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"net/url"
	"strings"
	"testing"

	"github.com/robotstxt/robotstxt/gate"
)

// TestTargetStatusPaymentRequired: a target's 402 (pay per crawl) is its
// own target status, payment-required, with the price; it holds the
// origin like a 429 unless the gate's crawler accepts the price
// (Politeness.MaxPrice), and later decisions say why they hold.
func TestTargetStatusPaymentRequired(t *testing.T) {
	for _, tc := range []struct {
		name     string
		maxPrice string
		body     string
		code     int
		held     bool
		accepted bool
	}{
		{"no price accepted: held", "", `"status":402,"price":"USD 0.05"`, 200, true, false},
		{"price above the max: held", "USD 0.01", `"status":402,"price":"USD 0.05"`, 200, true, false},
		{"price covered: not held", "USD 0.10", `"status":402,"price":"USD 0.05"`, 200, false, true},
		{"402 without a price: held", "USD 0.10", `"status":402`, 200, true, false},
		{"price that does not parse", "", `"status":402,"price":"five"`, 400, false, false},
		{"price with another status", "", `"status":200,"price":"USD 0.05"`, 400, false, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			s := newSite(t, "User-agent: *\nAllow: /\n", 0)
			ts, _ := newServer(t, Options{Gate: gateOptions(t, nil, nil, &gate.Politeness{MaxPrice: tc.maxPrice})})
			resp, err := http.Post(ts.URL+"/api/v1/target-status", "application/json", strings.NewReader(`{"url":"`+s.URL+`/a",`+tc.body+`}`))
			if err != nil {
				t.Fatal(err)
			}
			var out map[string]any
			json.NewDecoder(resp.Body).Decode(&out)
			resp.Body.Close()
			if resp.StatusCode != tc.code {
				t.Fatalf("%d %v, want %d", resp.StatusCode, out, tc.code)
			}
			if tc.code != 200 {
				return
			}
			if out["held"] != tc.held || out["priceAccepted"] != tc.accepted || out["targetStatus"] != gate.TargetPaymentRequired {
				t.Errorf("answer %v", out)
			}
			_, lines := decide(t, ts.URL, urlsJSON(s.URL+"/b"))
			if held := lines[0].Gate == gate.Hold; held != tc.held {
				t.Fatalf("next decision %s: %s", lines[0].Gate, lines[0].Decision.Reason)
			}
			if tc.held && !strings.Contains(lines[0].Decision.Reason, "HTTP 402 (payment-required") {
				t.Errorf("reason %q", lines[0].Decision.Reason)
			}
		})
	}
}

// TestPolicyPaymentRequired: GET /api/v1/policy of an origin whose
// robots.txt answers 402 says payment-required, with the price, and that
// no policy applies.
func TestPolicyPaymentRequired(t *testing.T) {
	site := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Crawler-Price", "USD 0.05")
		w.WriteHeader(http.StatusPaymentRequired)
	}))
	defer site.Close()
	ts, _ := newServer(t, Options{Gate: gateOptions(t, nil, nil, nil)})
	resp, err := http.Get(ts.URL + "/api/v1/policy?origin=" + url.QueryEscape(site.URL))
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	var a struct {
		Status      string
		Failure     *struct{ Status, Price string }
		Description string
	}
	if err := json.NewDecoder(resp.Body).Decode(&a); err != nil {
		t.Fatal(err)
	}
	if a.Status != "payment-required" || a.Failure == nil || a.Failure.Price != "USD 0.05" || !strings.Contains(a.Description, "no policy applies") {
		t.Errorf("%+v %+v", a, a.Failure)
	}
}
