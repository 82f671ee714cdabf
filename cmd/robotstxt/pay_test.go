package main

import (
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/robotstxt/robotstxt/fetch"
	"github.com/robotstxt/robotstxt/httpsig"
)

// payOrigin charges USD 0.05 for everything, robots.txt included, as
// Cloudflare's pay per crawl does: 402 with crawler-price, unless the
// request is signed by a key of https://bot.example and offers enough
// (crawler-max-price, covered by the signature): then the page and
// crawler-charged.
func payOrigin(t *testing.T, dir *httpsig.Directory) *httptest.Server {
	keys := httpsig.Keyring{"https://bot.example" + httpsig.WellKnownPath: dir}
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if offer := r.Header.Get("Crawler-Max-Price"); offer != "" {
			_, err := httpsig.Verify(httpsig.FromRequest(r), httpsig.VerifyOptions{At: time.Now(), Keys: keys})
			sigs, _ := httpsig.ParseSignatures(r.Header.Get("Signature-Input"), r.Header.Get("Signature"))
			max, perr := fetch.ParsePrice(offer)
			if err == nil && perr == nil && len(sigs) == 1 && sigs[0].Covers("crawler-max-price") && max.Currency == "USD" && max.Micros >= 50000 {
				w.Header().Set("Crawler-Charged", "USD 0.05")
				w.Write([]byte("User-agent: *\nDisallow: /private/\n"))
				return
			}
		}
		w.Header().Set("Crawler-Price", "USD 0.05")
		w.WriteHeader(http.StatusPaymentRequired)
	}))
	t.Cleanup(srv.Close)
	return srv
}

// TestPayPerCrawlCommands: against a pay-per-crawl origin, fetch and gate
// give payment-required with the price (exit 1, every task held: nothing
// is known of the rules); with --max-price above the price, signed, the
// paid file and its charge.
func TestPayPerCrawlCommands(t *testing.T) {
	key, dir := newTestKey(t, "crawler.jwk")
	srv := payOrigin(t, dir)
	sign := []string{"--allow-private", "--sign-key", key, "--signature-agent", "https://bot.example"}
	scope := filepath.Join(t.TempDir(), "scope.yaml")
	os.WriteFile(scope, []byte("approved: [\"*\"]\n"), 0o644)
	for _, tc := range []struct {
		name     string
		maxPrice []string
		status   string
		gate     string
		field    string
		code     int
	}{
		{"no price offered", nil, "payment-required", "hold", `"policyPrice":"USD 0.05"`, 1},
		{"offer too low", []string{"--max-price", "USD 0.01"}, "payment-required", "hold", `"policyPrice":"USD 0.05"`, 1},
		{"offer covers the price", []string{"--max-price", "USD 0.10"}, "success", "admit", `"policyCharged":"USD 0.05"`, 0},
	} {
		t.Run(tc.name, func(t *testing.T) {
			out, errOut, code := runCLI(t, "", append(append([]string{"fetch", srv.URL + "/"}, sign...), tc.maxPrice...)...)
			if code != tc.code || !strings.Contains(out, "status      "+tc.status) {
				t.Fatalf("fetch: exit %d\n%s%s", code, out, errOut)
			}
			want := "price       USD 0.05 (crawler-price)"
			if tc.status == "success" {
				want = "charged     USD 0.05 (crawler-charged)"
			}
			if !strings.Contains(out, want) {
				t.Errorf("fetch printed no %q:\n%s", want, out)
			}
			out, errOut, code = runCLI(t, `{"url":"`+srv.URL+`/page"}`+"\n",
				append(append([]string{"gate", "--agent", "ExampleBot", "--scope", scope}, sign...), tc.maxPrice...)...)
			var line struct {
				Decision map[string]any `json:"decision"`
				Gate     string         `json:"gate"`
			}
			if err := json.Unmarshal([]byte(out), &line); err != nil || code != 0 {
				t.Fatalf("gate: exit %d %v\n%s%s", code, err, out, errOut)
			}
			if line.Gate != tc.gate || line.Decision["policyStatus"] != tc.status || !strings.Contains(out, tc.field) {
				t.Errorf("gate: %s", out)
			}
		})
	}
}

// TestChallengePageCommands: a bot-protection challenge page where
// robots.txt was expected is named as such, never read as a file.
func TestChallengePageCommands(t *testing.T) {
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/html; charset=UTF-8")
		w.WriteHeader(http.StatusForbidden)
		w.Write([]byte(`<!DOCTYPE html><html><head><title>Just a moment...</title></head><body><script src="/cdn-cgi/challenge-platform/h/g/orchestrate/chl_page/v1"></script></body></html>`))
	}))
	defer srv.Close()
	out, _, code := runCLI(t, "", "fetch", "--allow-private", srv.URL)
	if code != 1 || !strings.Contains(out, "status      challenge (HTTP 403 challenge page (page marker cdn-cgi/challenge-platform), not a robots.txt): bot protection stopped the fetch") {
		t.Errorf("fetch: exit %d\n%s", code, out)
	}
	out, _, code = runCLI(t, "", "check", "--live", "--json", "--allow-private", "-a", "ExampleBot", srv.URL+"/x")
	if code != 1 || !strings.Contains(out, `"policyStatus":"challenge"`) || !strings.Contains(out, `"policyChallenge":"page marker cdn-cgi/challenge-platform"`) || !strings.Contains(out, `"repDecision":"unresolved"`) {
		t.Errorf("check --live: exit %d\n%s", code, out)
	}
}
