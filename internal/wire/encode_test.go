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
func encodeBoth(t testing.TB, agent, u string, v robotstxt.Verdict, ans *Answer) {
	t.Helper()
	want := NewCheckResult(agent, u, v, ans)
	for _, html := range []bool{true, false} {
		e := &Encoder{EscapeHTML: html}
		ref := marshal(t, want, html)
		for range 2 {
			got := e.AppendCheck(nil, agent, u, robotstxt.NormalizePath(u), InputNote(u), &v, ans)
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
	urls := []string{"/", "/a", "/a/x.html", "/b/", "/b/x", "/robots.txt", "", "private/x", "https://example.com/%E3%83%84?q=1#f", "/<script>&x", "/\x01\x7f\xff", "/\u2029", "/ツ",
		// Full URLs, whose path is a part of the URL when it needs no
		// normalising (written from the URL's escaped form when that had no
		// escape), or a string of its own when it does.
		"https://example.com/b/x", "https://example.com/a/x.html?q=1&r=2#f", "http://example.com/<script>&x", "https://example.com/\"q\"/x",
		"https://example.com", "https://example.com/%e3%83%84", "https://example.com/é", "https://example.com/b/x#\u2028", "//example.com/b/x"}
	for _, f := range files {
		r := robotstxt.ParseString(f)
		for _, a := range agents {
			for _, u := range urls {
				encodeBoth(t, a, u, r.Check(a, u), nil)
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
		encodeBoth(t, str(), str(), v, nil)
		encodeBoth(t, str(), "https://example.com/"+str(), v, nil)
	}
}

// offsetIn finds a string sliced from another, and nothing else.
func TestOffsetIn(t *testing.T) {
	s := "https://example.com/a/b?q"
	other := strings.Clone(s)
	cases := []struct {
		part   string
		off    int
		within bool
	}{
		{s[19:], 19, true},
		{s[19:22], 19, true},
		{s, 0, true},
		{s[len(s)-1:], len(s) - 1, true},
		{s[3:3], 0, false}, // empty: nothing to find
		{other[19:], 0, false},
		{other, 0, false},
		{s + "x", 0, false},
	}
	for _, c := range cases {
		off, ok := offsetIn(s, c.part)
		if ok != c.within || (ok && off != c.off) {
			t.Errorf("offsetIn(%q, %q) = %d, %v; want %d, %v", s, c.part, off, ok, c.off, c.within)
		}
	}
	// A string just before or after s in memory is not within it.
	both := "abcdefgh"
	if _, ok := offsetIn(both[2:5], both[:2]); ok {
		t.Error("a part before s was found in it")
	}
	if _, ok := offsetIn(both[2:5], both[5:]); ok {
		t.Error("a part after s was found in it")
	}
	if _, ok := offsetIn(both[2:5], both[4:6]); ok {
		t.Error("a part running past s's end was found in it")
	}
}

// The usage fields are encoding/json's too: preferences, the deciding
// line, signals (sorted as a map's keys, escaped), the reading and a
// refused purpose.
func TestEncoderUsageMatchesEncodingJSON(t *testing.T) {
	files := []string{
		"User-agent: *\nDisallow: /never/\nContent-Usage: train-ai=n\nContent-Usage: /ai-ok/ train-ai=y, search=n\n",
		"Content-Signal: search=yes\nUser-agent: *\nAllow: /\n\nUser-agent: GPTBot\nContent-Signal: z=no, ai-train=<no>, a&b=\u2028\nDisallow: /never/\n",
		"User-agent: *\nContent-Usage: Train-AI=n\nContent-Signal: ai-input=no\n",
	}
	for _, f := range files {
		r := robotstxt.ParseString(f)
		for _, agent := range []string{"GPTBot", "x"} {
			a := r.Agent(agent)
			for _, u := range []string{"/", "/never/x", "/ai-ok/x"} {
				for _, purpose := range []string{"", "train-ai", "search", "ai-input"} {
					v := a.Check(u)
					ans := Enforce(r, a, u, purpose, &v)
					encodeBoth(t, agent, u, v, &ans)
				}
			}
		}
	}
}

// plainLen, which reads 8 bytes at a time, agrees with the byte tables for
// every byte value at every position of strings of every length up to 24,
// in both escaping modes.
func TestPlainLen(t *testing.T) {
	for _, html := range []bool{false, true} {
		safe := &jsonSafe
		if html {
			safe = &htmlSafe
		}
		for n := 0; n <= 24; n++ {
			for pos := 0; pos < max(n, 1); pos++ {
				for c := 0; c < 256; c++ {
					b := []byte(strings.Repeat("a", n))
					if pos < n {
						b[pos] = byte(c)
					}
					want := 0
					for want < n && safe[b[want]] {
						want++
					}
					if got := plainLen(string(b), html); got != want {
						t.Fatalf("escapeHTML=%v: plainLen(%q) = %d, want %d", html, b, got, want)
					}
				}
			}
		}
	}
}

// Neighbouring bytes do not disturb each other (no carry or borrow crosses
// a byte): every pair of edge bytes, side by side at every position.
func TestPlainLenPairs(t *testing.T) {
	edges := []byte{0x00, 0x1f, 0x20, 0x21, '"', '&', '<', '>', '\\', 0x7e, 0x7f, 0x80, 0xfe, 0xff, 'a'}
	for _, html := range []bool{false, true} {
		safe := &jsonSafe
		if html {
			safe = &htmlSafe
		}
		for pos := 0; pos+1 < 20; pos++ {
			for _, c1 := range edges {
				for _, c2 := range edges {
					b := []byte(strings.Repeat("a", 20))
					b[pos], b[pos+1] = c1, c2
					want := 0
					for want < len(b) && safe[b[want]] {
						want++
					}
					if got := plainLen(string(b), html); got != want {
						t.Fatalf("escapeHTML=%v: plainLen(%q) = %d, want %d", html, b, got, want)
					}
				}
			}
		}
	}
}

// One Encoder answers many verdicts in turn, more than its table holds and
// with rules of the same line (the same slot), and every answer is still
// encoding/json's: a cached verdict is used only for the very same one.
func TestEncoderTableNeverMixesVerdicts(t *testing.T) {
	uas := []robotstxt.UserAgent{{Line: 1, Value: "*"}}
	other := []robotstxt.UserAgent{{Line: 1, Value: "Googlebot"}, {Line: 2, Value: "Bingbot"}}
	var verdicts []robotstxt.Verdict
	for line := range 100 {
		for _, pattern := range []string{"/a", "/b&<c>"} {
			rule := &robotstxt.Rule{Line: line % 10, Kind: robotstxt.RuleKind(line % 2), Pattern: pattern}
			verdicts = append(verdicts,
				robotstxt.Verdict{Allowed: line%2 == 1, Reason: robotstxt.MatchedRule, Rule: rule, UserAgents: uas},
				robotstxt.Verdict{Allowed: true, Reason: robotstxt.MatchedRule, Rule: rule, UserAgents: other, Fallback: "Googlebot"},
				robotstxt.Verdict{Allowed: true, Reason: robotstxt.MatchedRule, Rule: rule, Overruled: &robotstxt.Rule{Line: line % 10, Pattern: pattern}, UserAgents: uas},
				robotstxt.Verdict{Allowed: true, Reason: robotstxt.MatchedRule, Rule: rule, ViaIndexHTML: true, UserAgents: uas[:1], Reading: robotstxt.ReadingYandex},
				robotstxt.Verdict{Allowed: true, Reason: robotstxt.NoMatchingRule, UserAgents: other[:1]},
				robotstxt.Verdict{Allowed: true, Reason: robotstxt.NoGroup},
			)
		}
	}
	rng := rand.New(rand.NewPCG(14, 4))
	for _, html := range []bool{true, false} {
		e := &Encoder{EscapeHTML: html}
		for range 3 {
			rng.Shuffle(len(verdicts), func(i, j int) { verdicts[i], verdicts[j] = verdicts[j], verdicts[i] })
			for i, v := range verdicts {
				agent := []string{"Googlebot", "a&b"}[i%2]
				got := e.AppendCheck(nil, agent, "/x", "/x", "", &v, nil)
				if want := marshal(t, NewCheckResult(agent, "/x", v, nil), html); !bytes.Equal(got, want) {
					t.Fatalf("escapeHTML=%v, verdict %+v:\n got %s\nwant %s", html, v, got, want)
				}
			}
		}
	}
}

// The encoder knows every field of CheckResult: a field added there must be
// added to AppendCheck (and this count).
func TestEncoderKnowsEveryField(t *testing.T) {
	if n := reflect.TypeFor[CheckResult]().NumField(); n != 17 {
		t.Fatalf("CheckResult has %d fields; AppendCheck writes 17: update it", n)
	}
}

// FuzzEncoder: any agent, URL and robots.txt give encoding/json's bytes.
func FuzzEncoder(f *testing.F) {
	f.Add("User-agent: *\nDisallow: /a<b\n", "Googlebot", "/a<b")
	f.Add("User-agent: x\"y\nAllow: /\u2028\n", "x\"y", "/\u2028\xff")
	f.Add("User-agent: *\nContent-Usage: train-ai=n\nContent-Signal: z=<no>, a=yes, \u2028=no\n", "x", "/")
	f.Fuzz(func(t *testing.T, text, agent, u string) {
		if len(text) > 4096 || len(agent) > 256 || len(u) > 1024 {
			return
		}
		r := robotstxt.ParseString(text)
		a := r.Agent(agent)
		for _, purpose := range []string{"", "train-ai"} {
			v := a.Check(u)
			ans := Enforce(r, a, u, purpose, &v)
			encodeBoth(t, agent, u, v, &ans)
		}
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
				out, _ := json.Marshal(NewCheckResult("Googlebot", u, a.Check(u), nil))
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
				v := a.Check(u)
				buf = e.AppendCheck(buf[:0], "Googlebot", u, robotstxt.NormalizePath(u), InputNote(u), &v, nil)
			}
		}
	})
}
