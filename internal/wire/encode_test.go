package wire

import (
	"bytes"
	"encoding/json"
	"math/rand/v2"
	"reflect"
	"strings"
	"testing"

	"github.com/robotstxt/robotstxt"
)

// marshal is the reference: the CheckResult through encoding/json, as the
// CLI (json.Marshal) or the API (an Encoder without HTML escaping) writes it.
func marshal(t testing.TB, r CheckResult, escapeHTML bool) []byte {
	t.Helper()
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(escapeHTML)
	if err := enc.Encode(r); err != nil {
		t.Fatal(err)
	}
	return bytes.TrimSuffix(b.Bytes(), []byte("\n"))
}

// encodeBoth compares the Encoder with encoding/json for one check, in both
// escaping modes, and twice in a row (the second time from the encoder's
// cached groups).
func encodeBoth(t testing.TB, agent, u string, v robotstxt.Verdict) {
	t.Helper()
	want := NewCheckResult(agent, u, v)
	for _, html := range []bool{true, false} {
		e := &Encoder{EscapeHTML: html}
		ref := marshal(t, want, html)
		for range 2 {
			got := e.AppendCheck(nil, agent, u, robotstxt.NormalizePath(u), InputNote(u), v)
			if !bytes.Equal(got, ref) {
				t.Fatalf("escapeHTML=%v, agent %q, url %q:\n got %s\nwant %s", html, agent, u, got, ref)
			}
		}
	}
}

// The encoder writes what encoding/json writes, byte for byte, for every
// verdict of the corpus-like files below and for strings holding every kind
// of byte JSON escapes.
func TestEncoderMatchesEncodingJSON(t *testing.T) {
	files := []string{
		"User-agent: *\nDisallow: /a\nAllow: /a/*.html$\nDisallow: /<script>&x\n\nUser-agent: Googlebot\nUser-agent: Googlebot-News\nDisallow: /b/\nAllow: /b/index.html\nAllow: /%E3%83%84\n",
		"User-agent: Yandex\nDisallow: /y\n\nUser-agent: AdsBot-Google\nAllow: /\n",
		"User-agent: Yandex\n\nDisallow: /y\n\nUser-agent: *\nDisallow: /z\n",
		"User-agent: \"quoted\\bot\u2028\"\nDisallow: /\x01\x7f\xff\n",
		"",
	}
	agents := []string{"Googlebot", "Googlebot-Image", "YandexBot", "AdsBot-Google", "Mozilla/5.0 (compatible; Googlebot/2.1)", "x<y>&z", "\"quoted\\bot\u2028\"", "\xff\xfe", "tab\there"}
	urls := []string{"/", "/a", "/a/x.html", "/b/", "/b/x", "/robots.txt", "", "private/x", "https://example.com/%E3%83%84?q=1#f", "/<script>&x", "/\x01\x7f\xff", "/\u2029", "/ツ"}
	for _, f := range files {
		r := robotstxt.ParseString(f)
		for _, a := range agents {
			for _, u := range urls {
				encodeBoth(t, a, u, r.Check(a, u))
			}
		}
	}
	rng := rand.New(rand.NewPCG(14, 3))
	alphabet := []string{"a", "/", "\"", "\\", "<", ">", "&", "\b", "\f", "\n", "\r", "\t", "\x00", "\x1f", "\x7f", "\x80", "\xff", "é", "ツ", "\u2028", "\u2029", "\U0001F600", "\xe2\x80", "%", "*", "$"}
	str := func() string {
		var b strings.Builder
		for range rng.IntN(12) {
			b.WriteString(alphabet[rng.IntN(len(alphabet))])
		}
		return b.String()
	}
	for range 2000 {
		rule := &robotstxt.Rule{Line: rng.IntN(100000), Kind: robotstxt.RuleKind(rng.IntN(2)), Pattern: str()}
		v := robotstxt.Verdict{Allowed: rng.IntN(2) == 0, Reason: robotstxt.Reason(rng.IntN(5)), Fallback: str(), ViaIndexHTML: rng.IntN(2) == 0}
		if rng.IntN(3) == 0 {
			v.Reading = str()
		}
		if rng.IntN(3) > 0 {
			v.Rule = rule
		}
		if rng.IntN(3) == 0 {
			v.Overruled = &robotstxt.Rule{Line: 1, Kind: robotstxt.Allow, Pattern: str()}
		}
		for range rng.IntN(3) {
			v.UserAgents = append(v.UserAgents, robotstxt.UserAgent{Line: rng.IntN(50), Value: str()})
		}
		encodeBoth(t, str(), str(), v)
	}
}

// The encoder knows every field of CheckResult: a field added there must be
// added to AppendCheck (and this count).
func TestEncoderKnowsEveryField(t *testing.T) {
	if n := reflect.TypeFor[CheckResult]().NumField(); n != 12 {
		t.Fatalf("CheckResult has %d fields; AppendCheck writes 12: update it", n)
	}
}

// FuzzEncoder: any agent, URL and robots.txt give encoding/json's bytes.
func FuzzEncoder(f *testing.F) {
	f.Add("User-agent: *\nDisallow: /a<b\n", "Googlebot", "/a<b")
	f.Add("User-agent: x\"y\nAllow: /\u2028\n", "x\"y", "/\u2028\xff")
	f.Fuzz(func(t *testing.T, text, agent, u string) {
		if len(text) > 4096 || len(agent) > 256 || len(u) > 1024 {
			return
		}
		encodeBoth(t, agent, u, robotstxt.ParseString(text).Check(agent, u))
	})
}

func BenchmarkCheckJSON(b *testing.B) {
	r := robotstxt.ParseString("User-agent: *\nDisallow: /private/\nAllow: /private/public/\n\nUser-agent: Googlebot\nUser-agent: Googlebot-News\nDisallow: /search\n")
	a := r.Agent("Googlebot")
	urls := []string{"/search?q=1", "/private/x", "https://example.com/a/b/c.html", "/ツ/x"}
	b.Run("encoding-json", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			for _, u := range urls {
				out, _ := json.Marshal(NewCheckResult("Googlebot", u, a.Check(u)))
				_ = out
			}
		}
	})
	b.Run("encoder", func(b *testing.B) {
		b.ReportAllocs()
		e := &Encoder{EscapeHTML: true}
		var buf []byte
		for b.Loop() {
			for _, u := range urls {
				buf = e.AppendCheck(buf[:0], "Googlebot", u, robotstxt.NormalizePath(u), InputNote(u), a.Check(u))
			}
		}
	})
}
