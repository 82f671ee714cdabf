package fetch

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"net/http"
	"strings"

	"github.com/robotstxt/robotstxt/httpsig"
)

// The header fields of pay per crawl (Cloudflare): the price a site asks
// (crawler-price, with a 402), the most a crawler offers
// (crawler-max-price) or the exact price it accepts (crawler-exact-price),
// and what it was charged (crawler-charged, with the paid answer). A price
// is a currency code and an amount: "USD 0.01".
const (
	HeaderPrice      = "Crawler-Price"
	HeaderMaxPrice   = "Crawler-Max-Price"
	HeaderExactPrice = "Crawler-Exact-Price"
	HeaderCharged    = "Crawler-Charged"
)

// Price is a pay-per-crawl price: an ISO 4217 currency code and a
// non-negative decimal amount.
type Price struct {
	Currency string
	// Micros is the amount in millionths of the currency unit.
	Micros int64
}

// ParsePrice parses a price as pay per crawl writes it: "USD 0.01", three
// upper-case letters, one space, digits with at most six decimals.
func ParsePrice(s string) (Price, error) {
	cur, amount, ok := strings.Cut(s, " ")
	bad := func() (Price, error) {
		return Price{}, fmt.Errorf("price %q: want a currency code and an amount, such as \"USD 0.01\"", clip(s))
	}
	if !ok || len(cur) != 3 || amount == "" || len(amount) > 20 {
		return bad()
	}
	for i := 0; i < 3; i++ {
		if cur[i] < 'A' || cur[i] > 'Z' {
			return bad()
		}
	}
	whole, frac, _ := strings.Cut(amount, ".")
	if whole == "" || len(frac) > 6 || strings.Contains(amount, ".") && frac == "" || len(whole) > 12 {
		return bad()
	}
	var n int64
	for _, c := range whole + frac + strings.Repeat("0", 6-len(frac)) {
		if c < '0' || c > '9' {
			return bad()
		}
		n = n*10 + int64(c-'0')
	}
	return Price{Currency: cur, Micros: n}, nil
}

// headerValue returns a response's header field as text safe to record:
// printable ASCII, at most 64 bytes.
func headerValue(h http.Header, name string) string { return clip(strings.TrimSpace(h.Get(name))) }

func clip(s string) string {
	var b strings.Builder
	for i := 0; i < len(s) && b.Len() < 64; i++ {
		if c := s[i]; c >= ' ' && c < 0x7f {
			b.WriteByte(c)
		}
	}
	return b.String()
}

// challengeMarkers are the bot-protection services' marks in a challenge
// page, lower case: Cloudflare's challenge platform and its title, and
// the CAPTCHA widgets (reCAPTCHA, hCaptcha, Turnstile's cf-chl, PerimeterX)
// and Imperva's resource path.
var challengeMarkers = []string{"cf-chl", "/cdn-cgi/challenge-platform/", "just a moment...", "captcha", "_incapsula_resource", "checking your browser"}

// maxChallengeBytes bounds what is read of a 403 or 503 HTML page to tell
// a challenge.
const maxChallengeBytes = 32 << 10

// challenge tells a bot-protection challenge answered instead of the file:
// an answer with "cf-mitigated: challenge" (Cloudflare names its
// challenges so), or an HTML 403 or 503 whose page bears a known marker.
// It returns the mark found, or "".
func challenge(resp *http.Response) string {
	for _, v := range resp.Header.Values("Cf-Mitigated") {
		if strings.Contains(strings.ToLower(v), "challenge") {
			return "cf-mitigated: challenge"
		}
	}
	if resp.StatusCode != http.StatusForbidden && resp.StatusCode != http.StatusServiceUnavailable {
		return ""
	}
	mt, _, _ := strings.Cut(strings.ToLower(resp.Header.Get("Content-Type")), ";")
	if mt = strings.TrimSpace(mt); mt != "text/html" && mt != "application/xhtml+xml" {
		return ""
	}
	body, err := decode(resp)
	if err != nil {
		return ""
	}
	head, _ := io.ReadAll(io.LimitReader(body, maxChallengeBytes))
	head = bytes.ToLower(head)
	for _, m := range challengeMarkers {
		if bytes.Contains(head, []byte(m)) {
			return "page marker " + strings.TrimSuffix(strings.TrimPrefix(m, "/"), "/")
		}
	}
	return ""
}

// prepareSigner returns a copy of s with its keyid known (the key's
// thumbprint unless set) and crawler-max-price covered, and the keyid.
func prepareSigner(s *httpsig.RequestSigner) (*httpsig.RequestSigner, string, error) {
	if s.Key.Key == nil {
		return nil, "", errors.New("signer without a key")
	}
	c := *s
	if c.KeyID == "" {
		j, err := httpsig.PublicJWK(s.Key.Public())
		if err != nil {
			return nil, "", err
		}
		if c.KeyID, err = j.Thumbprint(); err != nil {
			return nil, "", err
		}
	}
	if c.Agent != "" {
		if _, err := httpsig.DirectoryURL(c.Agent); err != nil {
			return nil, "", err
		}
	}
	c.Cover = append(append([]string(nil), s.Cover...), HeaderMaxPrice, HeaderExactPrice)
	return &c, c.KeyID, nil
}
