package httpsig

import (
	"bufio"
	"encoding/json"
	"errors"
	"net/http"
	"os"
	"strings"
	"testing"
	"time"
)

// The RFC 9421 Appendix B.1 test keys, as JWKs (the same keys as the
// appendix's PEM files).
var (
	testKeyEd25519 = JWK{Kty: "OKP", Crv: "Ed25519", Kid: "test-key-ed25519",
		X: "JrQLj5P_89iXES9-vFgrIy29clF9CC_oPPsw3c5D0bs",
		D: "n4Ni-HpISpVObnQMW0wOhCKROaIKqKtW_2ZYb2p9KcU"}
	testKeyRSAPSS = JWK{Kty: "RSA", Kid: "test-key-rsa-pss", E: "AQAB",
		N: "r4tmm3r20Wd_PbqvP1s2-QEtvpuRaV8Yq40gjUR8y2Rjxa6dpG2GXHbPfvMs8ct-Lh1GH45x28Rw3Ry53mm-oAXjyQ86OnDkZ5N8lYbggD4O3w6M6pAvLkhk95AndTrifbIFPNU8PPMO7OyrFAHqgDsznjPFmTOtCEcN2Z1FpWgchwuYLPL-Wokqltd11nqqzi-bJ9cvSKADYdUAAN5WUtzdpiy6LbTgSxP7ociU4Tn0g5I6aDZJ7A8Lzo0KSyZYoA485mqcO0GVAdVw9lq4aOT9v6d-nb4bnNkQVklLQ3fVAvJm-xdDOp9LCNCN48V2pnDOkFV6-U9nV5oyc6XI2w"}
)

// testRequest is RFC 9421 Appendix B.2's test-request, as a server reads
// it.
func testRequest(t testing.TB) *http.Request {
	t.Helper()
	r, err := http.ReadRequest(bufio.NewReader(strings.NewReader("POST /foo?param=Value&Pet=dog HTTP/1.1\r\n" +
		"Host: example.com\r\n" +
		"Date: Tue, 20 Apr 2021 02:07:55 GMT\r\n" +
		"Content-Type: application/json\r\n" +
		"Content-Digest: sha-512=:WZDPaVn/7XgHaAy8pmojAkGWoRx2UFChF41A2svX+TaPm+AbwAgBWnrIiYllu7BNNyealdVLvRwEmTHWXvJwew==:\r\n" +
		"Content-Length: 18\r\n\r\n" +
		`{"hello": "world"}`)))
	if err != nil {
		t.Fatal(err)
	}
	return r
}

func pubKey(t testing.TB, j JWK) PublicKey {
	t.Helper()
	j.D = ""
	p, err := j.PublicKey()
	if err != nil {
		t.Fatal(err)
	}
	return p
}

func edSigner(t testing.TB) Signer {
	t.Helper()
	s, err := testKeyEd25519.signer()
	if err != nil {
		t.Fatal(err)
	}
	return s
}

// TestRFC9421Vectors verifies the Appendix B.2 signatures of the
// algorithms this package implements, and checks each signature base
// (section 2.5) byte for byte.
func TestRFC9421Vectors(t *testing.T) {
	for _, c := range []struct {
		name, input, signature, base string
		key                          JWK
	}{
		{
			name:      "B.2.1 minimal signature using rsa-pss-sha512",
			input:     `sig-b21=();created=1618884473;keyid="test-key-rsa-pss";nonce="b3k2pp5k7z-50gnwp.yemd"`,
			signature: `sig-b21=:d2pmTvmbncD3xQm8E9ZV2828BjQWGgiwAaw5bAkgibUopemLJcWDy/lkbbHAve4cRAtx31Iq786U7it++wgGxbtRxf8Udx7zFZsckzXaJMkA7ChG52eSkFxykJeNqsrWH5S+oxNFlD4dzVuwe8DhTSja8xxbR/Z2cOGdCbzR72rgFWhzx2VjBqJzsPLMIQKhO4DGezXehhWwE56YCE+O6c0mKZsfxVrogUvA4HELjVKWmAvtl6UnCh8jYzuVG5WSb/QEVPnP5TmcAnLH1g+s++v6d4s8m0gCw1fV5/SITLq9mhho8K3+7EPYTU8IU1bLhdxO5Nyt8C8ssinQ98Xw9Q==:`,
			base:      `"@signature-params": ();created=1618884473;keyid="test-key-rsa-pss";nonce="b3k2pp5k7z-50gnwp.yemd"`,
			key:       testKeyRSAPSS,
		},
		{
			name:      "B.2.3 full coverage using rsa-pss-sha512",
			input:     `sig-b23=("date" "@method" "@path" "@query" "@authority" "content-type" "content-digest" "content-length");created=1618884473;keyid="test-key-rsa-pss"`,
			signature: `sig-b23=:bbN8oArOxYoyylQQUU6QYwrTuaxLwjAC9fbY2F6SVWvh0yBiMIRGOnMYwZ/5MR6fb0Kh1rIRASVxFkeGt683+qRpRRU5p2voTp768ZrCUb38K0fUxN0O0iC59DzYx8DFll5GmydPxSmme9v6ULbMFkl+V5B1TP/yPViV7KsLNmvKiLJH1pFkh/aYA2HXXZzNBXmIkoQoLd7YfW91kE9o/CCoC1xMy7JA1ipwvKvfrs65ldmlu9bpG6A9BmzhuzF8Eim5f8ui9eH8LZH896+QIF61ka39VBrohr9iyMUJpvRX2Zbhl5ZJzSRxpJyoEZAFL2FUo5fTIztsDZKEgM4cUA==:`,
			base: `"date": Tue, 20 Apr 2021 02:07:55 GMT` + "\n" +
				`"@method": POST` + "\n" +
				`"@path": /foo` + "\n" +
				`"@query": ?param=Value&Pet=dog` + "\n" +
				`"@authority": example.com` + "\n" +
				`"content-type": application/json` + "\n" +
				`"content-digest": sha-512=:WZDPaVn/7XgHaAy8pmojAkGWoRx2UFChF41A2svX+TaPm+AbwAgBWnrIiYllu7BNNyealdVLvRwEmTHWXvJwew==:` + "\n" +
				`"content-length": 18` + "\n" +
				`"@signature-params": ("date" "@method" "@path" "@query" "@authority" "content-type" "content-digest" "content-length");created=1618884473;keyid="test-key-rsa-pss"`,
			key: testKeyRSAPSS,
		},
		{
			name:      "B.2.6 signing a request using ed25519",
			input:     `sig-b26=("date" "@method" "@path" "@authority" "content-type" "content-length");created=1618884473;keyid="test-key-ed25519"`,
			signature: `sig-b26=:wqcAqbmYJ2ji2glfAMaRy4gruYYnx2nEFN2HN6jrnDnQCK1u02Gb04v9EDgwUPiu4A0w6vuQv5lIp5WPpBKRCw==:`,
			base: `"date": Tue, 20 Apr 2021 02:07:55 GMT` + "\n" +
				`"@method": POST` + "\n" +
				`"@path": /foo` + "\n" +
				`"@authority": example.com` + "\n" +
				`"content-type": application/json` + "\n" +
				`"content-length": 18` + "\n" +
				`"@signature-params": ("date" "@method" "@path" "@authority" "content-type" "content-length");created=1618884473;keyid="test-key-ed25519"`,
			key: testKeyEd25519,
		},
	} {
		t.Run(c.name, func(t *testing.T) {
			m := FromRequest(testRequest(t))
			sigs, err := ParseSignatures(c.input, c.signature)
			if err != nil || len(sigs) != 1 {
				t.Fatalf("parse: %v %v", sigs, err)
			}
			base, err := sigs[0].Base(m)
			if err != nil || string(base) != c.base {
				t.Fatalf("base (%v):\n%s\nwant:\n%s", err, base, c.base)
			}
			if in, _ := sigs[0].Input(); in != c.input {
				t.Errorf("Signature-Input re-serialised as %q", in)
			}
			pub := pubKey(t, c.key)
			if err := sigs[0].VerifyWith(m, pub); err != nil {
				t.Errorf("verify: %v", err)
			}
			// A changed authority breaks the signatures that cover it
			// and only those.
			m.Authority = "example.org"
			err = sigs[0].VerifyWith(m, pub)
			if covered := strings.Contains(c.base, `"@authority"`); covered != errors.Is(err, ErrBadSignature) || !covered && err != nil {
				t.Errorf("changed authority (covered %v): %v", covered, err)
			}
		})
	}
}

// TestRFC9421B26Sign: Ed25519 is deterministic, so signing the B.2.6
// components with test-key-ed25519 gives the appendix's fields byte for
// byte.
func TestRFC9421B26Sign(t *testing.T) {
	m := FromRequest(testRequest(t))
	comps := []Component{{Name: "date"}, {Name: "@method"}, {Name: "@path"}, {Name: "@authority"}, {Name: "content-type"}, {Name: "content-length"}}
	in, sig, err := Sign(m, edSigner(t), "sig-b26", comps, Params{Created: time.Unix(1618884473, 0), KeyID: "test-key-ed25519"})
	if err != nil {
		t.Fatal(err)
	}
	if want := `sig-b26=("date" "@method" "@path" "@authority" "content-type" "content-length");created=1618884473;keyid="test-key-ed25519"`; in != want {
		t.Errorf("Signature-Input\n got %s\nwant %s", in, want)
	}
	if want := `sig-b26=:wqcAqbmYJ2ji2glfAMaRy4gruYYnx2nEFN2HN6jrnDnQCK1u02Gb04v9EDgwUPiu4A0w6vuQv5lIp5WPpBKRCw==:`; sig != want {
		t.Errorf("Signature\n got %s\nwant %s", sig, want)
	}
}

// TestRFC9421B25HMACRefused: section 3.3.3's algorithm is refused, by alg
// and by key type.
func TestRFC9421B25HMACRefused(t *testing.T) {
	m := FromRequest(testRequest(t))
	sigs, err := ParseSignatures(`sig-b25=("date" "@authority" "content-type");created=1618884473;keyid="test-shared-secret";alg="hmac-sha256"`,
		`sig-b25=:pxcQw6G3AjtMBQjwo8XzkZf/bws5LelbaMk5rGIGtE8=:`)
	if err != nil {
		t.Fatal(err)
	}
	if err := sigs[0].VerifyWith(m, pubKey(t, testKeyEd25519)); !errors.Is(err, ErrHMAC) {
		t.Errorf("alg=hmac-sha256: %v", err)
	}
	if _, err := (JWK{Kty: "oct"}).PublicKey(); !errors.Is(err, ErrHMAC) {
		t.Errorf("kty=oct: %v", err)
	}
}

// Section 2.2: the derived components' values.
func TestDerivedComponents(t *testing.T) {
	for _, c := range []struct {
		m    Message
		name string
		want string
	}{
		{Message{Method: "GET", Authority: "Example.COM:443", Path: "/a%20b", Query: "x=1"}, "@target-uri", "https://example.com/a%20b?x=1"},
		{Message{Scheme: "http", Authority: "example.com:80"}, "@authority", "example.com"},
		{Message{Scheme: "http", Authority: "example.com:8080"}, "@authority", "example.com:8080"},
		{Message{Authority: "[::1]:443"}, "@authority", "[::1]"},
		{Message{Scheme: "HTTPS"}, "@scheme", "https"},
		{Message{Method: "get"}, "@method", "get"},
		{Message{Path: "/p", Query: "a=b"}, "@request-target", "/p?a=b"},
		{Message{}, "@path", "/"},
		{Message{}, "@query", "?"},
		{Message{Query: "param=value&foo=bar&baz=bat%2Dman"}, "@query", "?param=value&foo=bar&baz=bat%2Dman"},
	} {
		got, err := c.m.value(Component{Name: c.name})
		if err != nil || got != c.want {
			t.Errorf("%s of %+v = %q (%v), want %q", c.name, c.m, got, err, c.want)
		}
	}
}

// Section 2.1: header field values, ;key and ;sf.
func TestFieldComponents(t *testing.T) {
	h := http.Header{}
	h.Add("X-Multi", "  a ")
	h.Add("X-Multi", "b\t")
	h.Set("Signature-Agent", `a="https://one.example",  b="https://two.example";p=1`)
	m := Message{Header: h}
	for _, c := range []struct {
		comp Component
		want string
		err  bool
	}{
		{Component{Name: "x-multi"}, "a, b", false},
		{Component{Name: "signature-agent", Key: "b"}, `"https://two.example";p=1`, false},
		{Component{Name: "signature-agent", SF: true}, `a="https://one.example", b="https://two.example";p=1`, false},
		{Component{Name: "signature-agent", Key: "c"}, "", true},
		{Component{Name: "x-multi", SF: true}, "", true},
		{Component{Name: "x-absent"}, "", true},
		{Component{Name: "@status"}, "", true},
		{Component{Name: "@signature-params"}, "", true},
	} {
		got, err := m.value(c.comp)
		if c.err != (err != nil) || got != c.want {
			t.Errorf("%+v = %q (%v), want %q (error %v)", c.comp, got, err, c.want, c.err)
		}
	}
}

func TestParseSignaturesRejects(t *testing.T) {
	for _, c := range []struct{ name, input, sig string }{
		{"4.1 member not an inner list", `sig1="x"`, ""},
		{"4.1 covers a token", `sig1=(a)`, ""},
		{"2.3 created not an integer", `sig1=();created="1"`, ""},
		{"2.3 keyid not a string", `sig1=();keyid=1`, ""},
		{"4.2 signature not bytes", `sig1=()`, `sig1="x"`},
		{"4 input not a dictionary", `(`, ""},
		{"size bound", `sig1=("` + strings.Repeat("a", MaxFieldSize) + `")`, ""},
	} {
		if _, err := ParseSignatures(c.input, c.sig); !errors.Is(err, ErrMalformed) {
			t.Errorf("%s: %v", c.name, err)
		}
	}
	// Section 2: component names are lower-case; a base with one
	// upper-case name or a component covered twice fails.
	for _, in := range []string{`s=("Host")`, `s=("@authority" "@authority")`, `s=("@path";req)`} {
		sigs, err := ParseSignatures(in, "")
		if err != nil {
			t.Fatal(err)
		}
		if _, err := sigs[0].Base(Message{Header: http.Header{"Host": {"x"}}}); !errors.Is(err, ErrComponent) {
			t.Errorf("%s: %v", in, err)
		}
	}
}

// The vectors of Cloudflare's web-bot-auth (testdata/README.md): every one
// verifies; those with a Signature-Agent through Verify and the directory
// of the agent, the others only with the key in hand, since Verify never
// takes a key by keyid alone.
func TestWebBotAuthVectors(t *testing.T) {
	data, err := os.ReadFile("testdata/web-bot-auth-architecture-v2.json")
	if err != nil {
		t.Fatal(err)
	}
	var vectors []struct {
		Key            JWK    `json:"key"`
		TargetURL      string `json:"target_url"`
		CreatedMS      int64  `json:"created_ms"`
		Label          string `json:"label"`
		Signature      string `json:"signature"`
		SignatureInput string `json:"signature_input"`
		SignatureAgent string `json:"signature_agent"`
	}
	if err := json.Unmarshal(data, &vectors); err != nil {
		t.Fatal(err)
	}
	if len(vectors) != 4 {
		t.Fatalf("%d vectors", len(vectors))
	}
	for _, v := range vectors {
		r, _ := http.NewRequest("GET", v.TargetURL, nil)
		r.Header.Set("Signature-Input", v.SignatureInput)
		r.Header.Set("Signature", v.Signature)
		if v.SignatureAgent != "" {
			r.Header.Set("Signature-Agent", v.SignatureAgent)
		}
		m := FromRequest(r)
		pub := v.Key
		pub.D = ""
		keys := Keyring{"https://signature-agent.test" + WellKnownPath: NewDirectory(pub)}
		at := time.UnixMilli(v.CreatedMS).Add(time.Hour)
		res, err := Verify(m, VerifyOptions{At: at, Keys: keys})
		if v.SignatureAgent == "" {
			if !errors.Is(err, ErrNoAgent) {
				t.Errorf("%s %s without an agent: %v", v.Key.Kty, v.Label, err)
			}
			sigs, _ := ParseSignatures(v.SignatureInput, v.Signature)
			if err := sigs[0].VerifyWith(m, pubKey(t, v.Key)); err != nil {
				t.Errorf("%s %s with its key: %v", v.Key.Kty, v.Label, err)
			}
			continue
		}
		if err != nil {
			t.Errorf("%s %s: %v", v.Key.Kty, v.Label, err)
			continue
		}
		want, _ := pub.Thumbprint()
		if res.Agent != "https://signature-agent.test" || res.Thumbprint != want || res.KeyID != want || res.Kid != "test-key-rsa-pss" && res.Kid != "test-key-ed25519" {
			t.Errorf("%s %s: %+v", v.Key.Kty, v.Label, res)
		}
	}
}
