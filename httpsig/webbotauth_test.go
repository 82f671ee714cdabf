package httpsig

import (
	"crypto/ecdsa"
	"crypto/ed25519"
	"crypto/elliptic"
	"crypto/rand"
	"crypto/rsa"
	"errors"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

const agentURL = "https://bot.example"

var signedAt = time.Date(2026, 11, 20, 10, 0, 0, 0, time.UTC)

// signed returns a GET to https://site.example/page signed by the test
// key for agentURL at signedAt, and the keyring that knows the agent.
func signed(t testing.TB, mutate func(*RequestSigner)) (*http.Request, Keyring) {
	t.Helper()
	s := &RequestSigner{Key: edSigner(t), Agent: agentURL}
	if mutate != nil {
		mutate(s)
	}
	r, _ := http.NewRequest("GET", "https://site.example/page?q=1", nil)
	if err := s.SignAt(r, signedAt); err != nil {
		t.Fatal(err)
	}
	pub := testKeyEd25519
	pub.D = ""
	return r, Keyring{agentURL + WellKnownPath: NewDirectory(pub)}
}

// TestSignerFields: the fields Signer sends
// (draft-ietf-webbotauth-httpsig-protocol-01 sections 4.1 and 4.2).
func TestSignerFields(t *testing.T) {
	r, _ := signed(t, nil)
	if got := r.Header.Get("Signature-Agent"); got != `sig1="https://bot.example"` {
		t.Errorf("Signature-Agent = %s", got)
	}
	sigs, err := ParseSignatures(r.Header.Get("Signature-Input"), r.Header.Get("Signature"))
	if err != nil || len(sigs) != 1 {
		t.Fatal(sigs, err)
	}
	s := sigs[0]
	in, _ := s.Input()
	if !strings.HasPrefix(in, `sig1=("@authority" "signature-agent";key="sig1");created=1795168800;keyid="poqkLGiymh_W0uP6PZFw-dvez3QJT5SolqXBCW38r0U";alg="ed25519";expires=1795168860;nonce="`) ||
		!strings.HasSuffix(in, `";tag="web-bot-auth"`) {
		t.Errorf("Signature-Input = %s", in)
	}
	if len(s.Nonce) != 88 { // 64 bytes, base64
		t.Errorf("nonce %q", s.Nonce)
	}
	r2, _ := signed(t, nil)
	if r2.Header.Get("Signature-Input") == r.Header.Get("Signature-Input") {
		t.Error("two signatures share a nonce")
	}
	// Signing again replaces the earlier fields (a redirect hop).
	r.Host = "other.example"
	s2 := &RequestSigner{Key: edSigner(t)}
	if err := s2.SignAt(r, signedAt); err != nil {
		t.Fatal(err)
	}
	if r.Header.Get("Signature-Agent") != "" || len(r.Header.Values("Signature")) != 1 {
		t.Errorf("re-signed header: %v", r.Header)
	}
}

// TestVerifyRules: each rule of the draft's section 4 and RFC 9421 section
// 3.2 that Verify applies, on a request signed by Signer and then changed.
func TestVerifyRules(t *testing.T) {
	at := signedAt.Add(10 * time.Second)
	for _, c := range []struct {
		name   string
		sign   func(*RequestSigner)
		change func(r *http.Request, keys Keyring)
		at     time.Time
		want   error // nil: verified
	}{
		{name: "a signed request verifies"},
		{name: "created is checked against the request's time, not now", at: signedAt.Add(-time.Hour), want: ErrNotYetValid},
		{name: "expires is checked against the request's time", at: signedAt.Add(2 * time.Minute), want: ErrExpired},
		{name: "skew allowed at the end", at: signedAt.Add(time.Minute + 20*time.Second)},
		{name: "created after the request by more than the skew", at: signedAt.Add(-31 * time.Second), want: ErrNotYetValid},
		{name: "host changed: @authority breaks the signature", change: func(r *http.Request, _ Keyring) { r.Host = "evil.example" }, want: ErrBadSignature},
		{name: "agent member changed", change: func(r *http.Request, k Keyring) {
			r.Header.Set("Signature-Agent", `sig1="https://evil.example"`)
			k["https://evil.example"+WellKnownPath] = k[agentURL+WellKnownPath]
		}, want: ErrBadSignature},
		{name: "signature bytes changed", change: func(r *http.Request, _ Keyring) {
			v := r.Header.Get("Signature")
			r.Header.Set("Signature", v[:10]+flip(v[10])+v[11:])
		}, want: ErrBadSignature},
		{name: "no Signature-Agent: no key by keyid alone", change: func(r *http.Request, _ Keyring) { r.Header.Del("Signature-Agent") }, want: ErrNoAgent},
		{name: "agent with no known directory", change: func(r *http.Request, k Keyring) { delete(k, agentURL+WellKnownPath) }, want: ErrUnknownAgent},
		{name: "key not in the agent's directory", change: func(r *http.Request, k Keyring) {
			pub, _ := PublicJWK(PublicKey{Alg: Ed25519, Key: ed25519.NewKeyFromSeed(make([]byte, 32)).Public()})
			k[agentURL+WellKnownPath] = NewDirectory(pub)
		}, want: ErrUnknownKey},
		{name: "keyid matched as the directory's kid", sign: func(s *RequestSigner) { s.KeyID = "test-key-ed25519" }, change: func(r *http.Request, k Keyring) {
			k[agentURL+WellKnownPath].Keys[0].Kid = "test-key-ed25519"
			k[agentURL+WellKnownPath].index()
		}},
		{name: "kid that is not a thumbprint, keyid that is", change: func(r *http.Request, k Keyring) {
			k[agentURL+WellKnownPath].Keys[0].Kid = "short"
			k[agentURL+WellKnownPath].index()
		}},
		{name: "tag other than web-bot-auth is not a Web Bot Auth signature", change: func(r *http.Request, _ Keyring) { replaceIn(r, "Signature-Input", `tag="web-bot-auth"`, `tag="other"`) }, want: ErrUnsigned},
		{name: "no Signature-Input", change: func(r *http.Request, _ Keyring) { r.Header.Del("Signature-Input") }, want: ErrUnsigned},
		{name: "hmac-sha256 refused", change: func(r *http.Request, _ Keyring) {
			replaceIn(r, "Signature-Input", `alg="ed25519"`, `alg="hmac-sha256"`)
		}, want: ErrHMAC},
		{name: "alg not the key's", change: func(r *http.Request, _ Keyring) {
			replaceIn(r, "Signature-Input", `alg="ed25519"`, `alg="rsa-pss-sha512"`)
		}, want: ErrBadSignature},
		{name: "expires missing", change: func(r *http.Request, _ Keyring) { replaceIn(r, "Signature-Input", `;expires=1795168860`, ``) }, want: ErrParams},
		{name: "keyid missing", change: func(r *http.Request, _ Keyring) {
			replaceIn(r, "Signature-Input", `;keyid="poqkLGiymh_W0uP6PZFw-dvez3QJT5SolqXBCW38r0U"`, ``)
		}, want: ErrParams},
		{name: "expires before created", change: func(r *http.Request, _ Keyring) {
			replaceIn(r, "Signature-Input", `expires=1795168860`, `expires=1795168700`)
		}, want: ErrParams},
		{name: "neither @authority nor @target-uri covered", change: func(r *http.Request, _ Keyring) { replaceIn(r, "Signature-Input", `"@authority" `, `"@path" `) }, want: ErrCoverage},
		{name: "Signature-Agent present but not covered", sign: func(s *RequestSigner) { s.Agent = "" }, change: func(r *http.Request, _ Keyring) {
			r.Header.Set("Signature-Agent", `sig1="https://bot.example"`)
		}, want: ErrCoverage},
		{name: "covered member missing from Signature-Agent", change: func(r *http.Request, _ Keyring) {
			r.Header.Set("Signature-Agent", `other="https://bot.example"`)
		}, want: ErrAgent},
		{name: "Signature-Agent not https", change: func(r *http.Request, _ Keyring) { r.Header.Set("Signature-Agent", `sig1="http://bot.example"`) }, want: ErrAgent},
		{name: "a Signature-Input member without its Signature", change: func(r *http.Request, _ Keyring) { r.Header.Del("Signature") }, want: ErrMalformed},
	} {
		t.Run(c.name, func(t *testing.T) {
			r, keys := signed(t, c.sign)
			if c.change != nil {
				c.change(r, keys)
			}
			when := at
			if !c.at.IsZero() {
				when = c.at
			}
			res, err := Verify(FromRequest(r), VerifyOptions{At: when, Keys: keys})
			if c.want == nil {
				if err != nil || res.Agent != agentURL || res.Alg != Ed25519 || !res.Created.Equal(signedAt) {
					t.Errorf("Verify = %+v, %v", res, err)
				}
				return
			}
			if !errors.Is(err, c.want) {
				t.Errorf("Verify error = %v, want %v", err, c.want)
			}
		})
	}
}

func flip(c byte) string {
	if c == 'A' {
		return "B"
	}
	return "A"
}

func replaceIn(r *http.Request, field, old, new string) {
	v := r.Header.Get(field)
	if !strings.Contains(v, old) {
		panic(field + " has no " + old)
	}
	r.Header.Set(field, strings.Replace(v, old, new, 1))
}

// The legacy Signature-Agent form (a bare string), covered whole.
func TestVerifyLegacyAgent(t *testing.T) {
	for _, field := range []string{`"https://bot.example"`, `https://bot.example`} {
		r, _ := http.NewRequest("GET", "https://site.example/", nil)
		r.Header.Set("Signature-Agent", field)
		m := FromRequest(r)
		in, sig, err := Sign(m, edSigner(t), "sig1", []Component{{Name: "@authority"}, {Name: "signature-agent"}},
			Params{Created: signedAt, Expires: signedAt.Add(time.Minute), KeyID: "poqkLGiymh_W0uP6PZFw-dvez3QJT5SolqXBCW38r0U", Tag: Tag})
		if err != nil {
			t.Fatal(err)
		}
		r.Header.Set("Signature-Input", in)
		r.Header.Set("Signature", sig)
		_, keys := signed(t, nil)
		res, err := Verify(FromRequest(r), VerifyOptions{At: signedAt, Keys: keys})
		if err != nil || res.Agent != agentURL {
			t.Errorf("%s: %+v %v", field, res, err)
		}
	}
}

func TestParseSignatureAgent(t *testing.T) {
	for _, c := range []struct {
		in   string
		want []Agent
		err  bool
	}{
		{`sig1="https://a.example"`, []Agent{{"sig1", "https://a.example"}}, false},
		{`a="https://a.example", b="https://b.example/dir"`, []Agent{{"a", "https://a.example"}, {"b", "https://b.example/dir"}}, false},
		{`"https://chatgpt.com"`, []Agent{{"", "https://chatgpt.com"}}, false},
		{`https://chatgpt.com`, []Agent{{"", "https://chatgpt.com"}}, false},
		{`"http://a.example"`, nil, true},
		{`a=1`, nil, true},
		{`a=("https://a.example")`, nil, true},
		{`"https://user@a.example"`, nil, true},
		{``, nil, true},
		{`a="https://a.example",`, nil, true},
	} {
		got, err := ParseSignatureAgent(c.in)
		if c.err != (err != nil) || len(got) != len(c.want) {
			t.Errorf("%q = %v, %v", c.in, got, err)
			continue
		}
		for i := range got {
			if got[i] != c.want[i] {
				t.Errorf("%q [%d] = %v, want %v", c.in, i, got[i], c.want[i])
			}
		}
	}
}

func TestDirectoryURL(t *testing.T) {
	for in, want := range map[string]string{
		"https://Agent.Bot.Goog":      "https://agent.bot.goog" + WellKnownPath,
		"https://a.example/":          "https://a.example" + WellKnownPath,
		"https://a.example/keys.json": "https://a.example/keys.json",
		"https://a.example:8443/":     "https://a.example:8443" + WellKnownPath,
		"http://a.example":            "",
		"https://a.example/#x":        "",
		"file:///etc/passwd":          "",
		"https://u:p@a.example":       "",
		"a.example":                   "",
	} {
		got, err := DirectoryURL(in)
		if got != want || (want == "") != (err != nil) {
			t.Errorf("DirectoryURL(%q) = %q, %v; want %q", in, got, err, want)
		}
	}
}

// RFC 7638: the thumbprint of each key type (section 3.1's RSA example
// and RFC 8037 appendix A.3's Ed25519 example), and of the test keys as
// Web Bot Auth signers send them.
func TestThumbprint(t *testing.T) {
	for _, c := range []struct {
		name string
		k    JWK
		want string
	}{
		{"RFC 8037 A.3", JWK{Kty: "OKP", Crv: "Ed25519", X: "11qYAYKxCrfVS_7TyWQHOg7hcvPapiMlrwIaaPcHURo"}, "kPrK_qmxVWaYVA9wwBF6Iuo3vVzz7TxHCTwXBygrS4k"},
		{"test-key-ed25519", testKeyEd25519, "poqkLGiymh_W0uP6PZFw-dvez3QJT5SolqXBCW38r0U"},
		{"test-key-rsa-pss", testKeyRSAPSS, "oD0HwocPBSfpNy5W3bpJeyFGY_IQ_YpqxSjQ3Yd-CLA"},
		{"RFC 7638 3.1", JWK{Kty: "RSA", E: "AQAB", Kid: "2011-04-29",
			N: "0vx7agoebGcQSuuPiLJXZptN9nndrQmbXEps2aiAFbWhM78LhWx4cbbfAAtVT86zwu1RK7aPFFxuhDR1L6tSoc_BJECPebWKRXjBZCiFV4n3oknjhMstn64tZ_2W-5JsGY4Hc5n9yBXArwl93lqt7_RN5w6Cf0h4QyQ5v-65YGjQR0_FDW2QvzqY368QQMicAtaSqzs8KJZgnYb9c7d0zgdAZHzu6qMQvRL5hajrn1n91CbOpbISD08qNLyrdkt-bFTWhAI4vMQFh6WeZu0fM4lFd2NcRwr3XPksINHaQ-G_xBniIqbw0Ls1jF44-csFCur-kEgU8awapJzKnqDKgw"},
			"NzbLsXh8uDCcd-6MNwXF4W_7noWXFZAfHkxZsRGC9Xs"},
	} {
		if got, err := c.k.Thumbprint(); err != nil || got != c.want {
			t.Errorf("%s: %s, %v; want %s", c.name, got, err, c.want)
		}
	}
	if _, err := (JWK{Kty: "oct"}).Thumbprint(); err == nil {
		t.Error("oct thumbprint")
	}
}

func TestJWKRoundTrip(t *testing.T) {
	ec, _ := ecdsa.GenerateKey(elliptic.P256(), rand.Reader)
	ed := ed25519.NewKeyFromSeed(make([]byte, 32))
	for _, k := range []PublicKey{{Ed25519, ed.Public()}, {ECDSAP256, &ec.PublicKey}} {
		j, err := PublicJWK(k)
		if err != nil {
			t.Fatal(err)
		}
		back, err := j.PublicKey()
		if err != nil || back.Alg != k.Alg {
			t.Errorf("%s: %v %v", k.Alg, back, err)
		}
	}
	for _, bad := range []JWK{
		{Kty: "OKP", Crv: "X25519", X: testKeyEd25519.X},
		{Kty: "OKP", Crv: "Ed25519", X: "short"},
		{Kty: "EC", Crv: "P-384"},
		{Kty: "EC", Crv: "P-256", X: testKeyEd25519.X, Y: testKeyEd25519.X}, // not on the curve
		{Kty: "RSA", N: "AQAB", E: "AQAB"},                                  // too small
		{Kty: "unknown"},
	} {
		if _, err := bad.PublicKey(); err == nil {
			t.Errorf("%+v accepted", bad)
		}
	}
	priv := PrivateJWK(ed)
	s, err := priv.signer()
	if err != nil || !s.Key.(ed25519.PrivateKey).Equal(ed) || priv.Kid == "" {
		t.Errorf("private JWK: %v", err)
	}
	priv.X = testKeyEd25519.X
	if _, err := priv.signer(); err == nil {
		t.Error("x that is not d's public key accepted")
	}
}

// The other algorithms this package signs with: a round trip, and a
// change that breaks it.
func TestAlgorithmsRoundTrip(t *testing.T) {
	ec, _ := ecdsa.GenerateKey(elliptic.P256(), rand.Reader)
	rs, err := rsa.GenerateKey(rand.Reader, 2048)
	if err != nil {
		t.Fatal(err)
	}
	for _, key := range []Signer{{ECDSAP256, ec}, {RSAPSS, rs}, edSigner(t)} {
		m := Message{Method: "GET", Authority: "a.example"}
		in, sig, err := Sign(m, key, "s", []Component{{Name: "@authority"}}, Params{Created: signedAt, Alg: key.Alg})
		if err != nil {
			t.Fatal(err)
		}
		sigs, _ := ParseSignatures(in, sig)
		if err := sigs[0].VerifyWith(m, key.Public()); err != nil {
			t.Errorf("%s: %v", key.Alg, err)
		}
		m.Authority = "b.example"
		if err := sigs[0].VerifyWith(m, key.Public()); !errors.Is(err, ErrBadSignature) {
			t.Errorf("%s changed: %v", key.Alg, err)
		}
	}
	if _, err := NewPublicKey(&ecdsa.PublicKey{Curve: elliptic.P384()}); !errors.Is(err, ErrKeyType) {
		t.Errorf("P-384: %v", err)
	}
}

func TestDirectory(t *testing.T) {
	pub := testKeyEd25519
	pub.D = ""
	d, err := ParseDirectory([]byte(`{"keys":[{"kty":"oct","k":"c2VjcmV0"},` + string(mustJSON(pub)) + `]}`))
	if err != nil || d.Usable() != 1 || len(d.Keys) != 2 {
		t.Fatalf("%v %v", d, err)
	}
	if _, _, ok := d.Find("test-key-ed25519"); !ok {
		t.Error("by kid")
	}
	if _, _, ok := d.Find("poqkLGiymh_W0uP6PZFw-dvez3QJT5SolqXBCW38r0U"); !ok {
		t.Error("by thumbprint")
	}
	if _, _, ok := d.Find(""); ok {
		t.Error("empty keyid found a key")
	}
	back, err := ParseDirectory(d.Marshal())
	if err != nil || back.Usable() != 1 {
		t.Errorf("round trip: %v", err)
	}
	for name, data := range map[string]string{
		"private material": `{"keys":[` + string(mustJSON(testKeyEd25519)) + `]}`,
		"no keys":          `{}`,
		"not JSON":         `<html>`,
		"too many keys":    `{"keys":[` + strings.Repeat(`{"kty":"x"},`, MaxDirectoryKeys) + `{"kty":"x"}]}`,
		"too large":        `{"keys":[],"x":"` + strings.Repeat("a", MaxDirectorySize) + `"}`,
	} {
		if _, err := ParseDirectory([]byte(data)); !errors.Is(err, ErrDirectory) {
			t.Errorf("%s: %v", name, err)
		}
	}
}

// Private keys come from files only, refused when others can read them;
// errors never quote the file.
func TestReadPrivateKey(t *testing.T) {
	dir := t.TempDir()
	write := func(name string, data []byte, mode os.FileMode) string {
		p := filepath.Join(dir, name)
		if err := os.WriteFile(p, data, mode); err != nil {
			t.Fatal(err)
		}
		if err := os.Chmod(p, mode); err != nil {
			t.Fatal(err)
		}
		return p
	}
	seed, _ := b64(testKeyEd25519.D)
	pemData := MarshalPrivateKeyPEM(ed25519.NewKeyFromSeed(seed))
	for _, c := range []struct {
		name string
		data []byte
		mode os.FileMode
		ok   bool
	}{
		{"jwk.json", mustJSON(testKeyEd25519), 0o600, true},
		{"key.pem", pemData, 0o400, true},
		{"group.json", mustJSON(testKeyEd25519), 0o640, false},
		{"world.pem", pemData, 0o604, false},
		{"public.json", mustJSON(JWK{Kty: "OKP", Crv: "Ed25519", X: testKeyEd25519.X}), 0o600, false},
		{"rsa.pem", []byte("-----BEGIN RSA PRIVATE KEY-----\nAAAA\n-----END RSA PRIVATE KEY-----\n"), 0o600, false},
		{"garbage", []byte("secret-looking content"), 0o600, false},
		{"huge", make([]byte, maxKeyFile+1), 0o600, false},
	} {
		p := write(c.name, c.data, c.mode)
		s, err := ReadPrivateKey(p)
		if c.ok {
			if err != nil || s.Alg != Ed25519 || !s.Public().Key.(ed25519.PublicKey).Equal(pubKey(t, testKeyEd25519).Key) {
				t.Errorf("%s: %v", c.name, err)
			}
			continue
		}
		if err == nil {
			t.Errorf("%s accepted", c.name)
			continue
		}
		if strings.Contains(err.Error(), testKeyEd25519.D) || strings.Contains(err.Error(), "secret-looking") {
			t.Errorf("%s: error quotes the file: %v", c.name, err)
		}
	}
	if _, err := ReadPrivateKey(dir); err == nil {
		t.Error("a directory accepted")
	}
}

// A covered component the message lacks fails the signature
// (ErrNoField); one this package does not implement leaves it unverifiable
// (ErrUnsupported), never spoofed for want of code.
func TestVerifyComponentErrors(t *testing.T) {
	r, keys := signed(t, nil)
	m := FromRequest(r)
	_, _, err := Sign(m, edSigner(t), "sig1", []Component{{Name: "@authority"}, {Name: "signature-agent", Key: "sig1"}, {Name: "x-extra"}},
		Params{Created: signedAt, Expires: signedAt.Add(time.Minute), KeyID: "poqkLGiymh_W0uP6PZFw-dvez3QJT5SolqXBCW38r0U", Tag: Tag})
	if err == nil || !errors.Is(err, ErrNoField) {
		t.Fatalf("signing a missing field: %v", err)
	}
	r.Header.Set("X-Extra", "v")
	in, sig, err := Sign(FromRequest(r), edSigner(t), "sig1", []Component{{Name: "@authority"}, {Name: "signature-agent", Key: "sig1"}, {Name: "x-extra"}},
		Params{Created: signedAt, Expires: signedAt.Add(time.Minute), KeyID: "poqkLGiymh_W0uP6PZFw-dvez3QJT5SolqXBCW38r0U", Tag: Tag})
	if err != nil {
		t.Fatal(err)
	}
	r.Header.Set("Signature-Input", in)
	r.Header.Set("Signature", sig)
	if _, err := Verify(FromRequest(r), VerifyOptions{At: signedAt, Keys: keys}); err != nil {
		t.Fatalf("with the field: %v", err)
	}
	r.Header.Del("X-Extra")
	if _, err := Verify(FromRequest(r), VerifyOptions{At: signedAt, Keys: keys}); !errors.Is(err, ErrNoField) || Unverifiable(err) {
		t.Errorf("without the field: %v", err)
	}
	replaceIn(r, "Signature-Input", `"x-extra"`, `"@status"`)
	if _, err := Verify(FromRequest(r), VerifyOptions{At: signedAt, Keys: keys}); !errors.Is(err, ErrUnsupported) || !Unverifiable(err) {
		t.Errorf("@status: %v", err)
	}
	replaceIn(r, "Signature-Input", `"@status"`, `"@path";req`)
	if _, err := Verify(FromRequest(r), VerifyOptions{At: signedAt, Keys: keys}); !errors.Is(err, ErrUnsupported) {
		t.Errorf(";req: %v", err)
	}
}

// A malformed key given by hand is refused, not a panic.
func TestShortKey(t *testing.T) {
	r, _ := signed(t, nil)
	sigs, _ := ParseSignatures(r.Header.Get("Signature-Input"), r.Header.Get("Signature"))
	for _, k := range []PublicKey{{Alg: Ed25519, Key: ed25519.PublicKey{1, 2}}, {Alg: ECDSAP256, Key: &ecdsa.PublicKey{}}, {Alg: RSAPSS, Key: &rsa.PublicKey{}}} {
		sigs[0].Alg = k.Alg
		if err := sigs[0].VerifyWith(FromRequest(r), k); !errors.Is(err, ErrBadSignature) {
			t.Errorf("%s: %v", k.Alg, err)
		}
	}
}
