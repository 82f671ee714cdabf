package fetch

import (
	"io"
	"net/http"
	"strings"
	"testing"
)

// FuzzParsePrice: any header value gives a price or an error, never a
// crash; a price parsed is a currency code and a non-negative amount.
func FuzzParsePrice(f *testing.F) {
	for _, s := range []string{"USD 0.01", "EUR 12.5", "USD", "USD 1.2.3", "\xff 1"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		p, err := ParsePrice(s)
		if err != nil {
			if strings.Contains(err.Error(), "\x00") {
				t.Fatal("error quotes control bytes")
			}
			return
		}
		if len(p.Currency) != 3 || p.Micros < 0 {
			t.Fatalf("%q: %+v", s, p)
		}
	})
}

// FuzzChallenge: any answer (status, Content-Type, cf-mitigated, body) is
// told a challenge or not without a crash, reading at most
// maxChallengeBytes of the body; a mark found is one of the known ones.
func FuzzChallenge(f *testing.F) {
	f.Add(403, "text/html", "", "<title>Just a moment...</title>")
	f.Add(503, "text/html; charset=utf-8", "", "<script>cf-chl</script>")
	f.Add(200, "text/plain", "challenge", "User-agent: *")
	f.Add(403, "text/html", "", strings.Repeat("x", maxChallengeBytes)+"captcha")
	f.Fuzz(func(t *testing.T, code int, ctype, mitigated, body string) {
		r := &countingReader{r: strings.NewReader(body)}
		resp := &http.Response{StatusCode: code, Header: http.Header{}, Body: io.NopCloser(r)}
		resp.Header.Set("Content-Type", ctype)
		if mitigated != "" {
			resp.Header.Set("Cf-Mitigated", mitigated)
		}
		mark := challenge(resp)
		if r.n > maxChallengeBytes {
			t.Fatalf("read %d bytes", r.n)
		}
		if mark != "" && mark != "cf-mitigated: challenge" && !strings.HasPrefix(mark, "page marker ") {
			t.Fatalf("mark %q", mark)
		}
		if len(body) > maxChallengeBytes && strings.Contains(body[maxChallengeBytes:], "captcha") && !strings.Contains(strings.ToLower(body[:maxChallengeBytes]), "captcha") && strings.HasSuffix(mark, "captcha") {
			t.Fatal("a mark beyond the bound was read")
		}
	})
}

type countingReader struct {
	r io.Reader
	n int
}

func (c *countingReader) Read(b []byte) (int, error) {
	n, err := c.r.Read(b)
	c.n += n
	return n, err
}
