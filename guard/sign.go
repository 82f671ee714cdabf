package guard

import (
	"net/http"
	"strings"

	"github.com/chromedp/cdproto/fetch"
	"github.com/chromedp/cdproto/network"

	"github.com/robotstxt/robotstxt/httpsig"
)

// prepareSigner returns a copy of s with its keyid computed once (the JWK
// thumbprint), so that each request costs one signature only.
func prepareSigner(s *httpsig.RequestSigner) (*httpsig.RequestSigner, error) {
	c := *s
	if c.KeyID == "" {
		j, err := httpsig.PublicJWK(s.Key.Public())
		if err != nil {
			return nil, err
		}
		if c.KeyID, err = j.Thumbprint(); err != nil {
			return nil, err
		}
	}
	return &c, nil
}

// signatureFields are the fields a signature sets; a page's own are
// replaced.
var signatureFields = []string{"Signature", "Signature-Input", "Signature-Agent"}

// continueHeaders returns the header set a request goes on with: the
// browser's, with the crawler's User-Agent when ua is set, and a fresh
// Web Bot Auth signature for the request's own authority when s is set
// (each redirect hop is paused, and so signed, on its own). signed is
// false when the request could not be signed (a URL without a host): it
// goes on unsigned, and its record says so.
func continueHeaders(h network.Headers, method, rawURL, ua string, s *httpsig.RequestSigner) (out []*fetch.HeaderEntry, signed bool) {
	drop := func(k string) bool {
		if ua != "" && strings.EqualFold(k, "User-Agent") {
			return true
		}
		if s != nil {
			for _, f := range signatureFields {
				if strings.EqualFold(k, f) {
					return true
				}
			}
		}
		return false
	}
	out = make([]*fetch.HeaderEntry, 0, len(h)+4)
	for k, v := range h {
		if drop(k) {
			continue
		}
		if str, ok := v.(string); ok {
			out = append(out, &fetch.HeaderEntry{Name: k, Value: str})
		}
	}
	if ua != "" {
		out = append(out, &fetch.HeaderEntry{Name: "User-Agent", Value: ua})
	}
	if s == nil {
		return out, false
	}
	req, err := http.NewRequest(method, rawURL, nil)
	if err != nil || req.URL.Host == "" {
		return out, false
	}
	if err := s.Sign(req); err != nil {
		return out, false
	}
	for _, f := range signatureFields {
		if v := req.Header.Get(f); v != "" {
			out = append(out, &fetch.HeaderEntry{Name: f, Value: v})
		}
	}
	return out, true
}

// payAnswer reads what an answer says of pay per crawl and bot protection
// from its header fields (get returns a field's value): the crawler-price
// of a 402 (its status payment-required), the crawler-charged of a paid
// answer, and "cf-mitigated: challenge" (a challenge page instead of the
// content). Values are kept printable and short.
func payAnswer(code int, get func(string) string) (price, charged, challenge string) {
	if code == http.StatusPaymentRequired {
		price = clip(get("Crawler-Price"))
		if price == "" {
			price = "none given"
		}
	}
	charged = clip(get("Crawler-Charged"))
	if strings.Contains(strings.ToLower(get("Cf-Mitigated")), "challenge") {
		challenge = "cf-mitigated: challenge"
	}
	return price, charged, challenge
}

func clip(s string) string {
	var b strings.Builder
	for i := 0; i < len(s) && b.Len() < 64; i++ {
		if c := s[i]; c >= ' ' && c < 0x7f {
			b.WriteByte(c)
		}
	}
	return strings.TrimSpace(b.String())
}
