package httpsig

import (
	"net/http"
	"testing"
	"time"
)

// FuzzParseSignatureInput: any pair of fields parses or fails with an
// error, and what parses re-serialises to a Signature-Input that parses to
// the same signature.
func FuzzParseSignatureInput(f *testing.F) {
	f.Add(`sig1=("@authority" "signature-agent";key="sig1");created=1;keyid="k";alg="ed25519";expires=2;nonce="n";tag="web-bot-auth"`, `sig1=:AAAA:`)
	f.Add(`sig-b21=();created=1618884473;keyid="test-key-rsa-pss";nonce="b3k2pp5k7z-50gnwp.yemd"`, ``)
	f.Add(`a=("x";sf "y";key="z"), b=()`, `b=:AAAA:, a=?1`)
	f.Fuzz(func(t *testing.T, input, signature string) {
		sigs, err := ParseSignatures(input, signature)
		if err != nil {
			return
		}
		for _, s := range sigs {
			in, err := s.Input()
			if err != nil {
				t.Fatalf("%q parsed, does not serialise: %v", input, err)
			}
			again, err := ParseSignatures(in, "")
			if err != nil || len(again) != 1 || again[0].KeyID != s.KeyID || again[0].Created != s.Created {
				t.Fatalf("%q -> %q -> %v %v", input, in, again, err)
			}
			_, _ = s.Base(Message{Header: http.Header{"Signature-Agent": {signature}}})
		}
	})
}

// FuzzVerify: whatever the signature fields, Verify answers without a
// crash, and never verifies a request whose fields were not made by the
// key's owner (the fuzzer cannot forge Ed25519).
func FuzzVerify(f *testing.F) {
	r, keys := signed(f, nil)
	f.Add(r.Header.Get("Signature-Input"), r.Header.Get("Signature"), r.Header.Get("Signature-Agent"), "site.example")
	f.Add(`sig1=("@authority");created=1;expires=2;keyid="k";tag="web-bot-auth"`, `sig1=:AAAA:`, `"https://bot.example"`, "x")
	f.Fuzz(func(t *testing.T, input, signature, agent, host string) {
		h := http.Header{}
		h.Set("Signature-Input", input)
		h.Set("Signature", signature)
		h.Set("Signature-Agent", agent)
		m := Message{Method: "GET", Authority: host, Path: "/page", Query: "q=1", Header: h}
		res, err := Verify(m, VerifyOptions{At: signedAt, Keys: keys})
		// The only signature the fuzzer has covers @authority
		// site.example for the one agent in the keyring.
		if err == nil && (m.authority() != "site.example" || res.Agent != agentURL) {
			t.Fatalf("verified for authority %q, agent %q", m.authority(), res.Agent)
		}
	})
}

var sink error

func BenchmarkSign(b *testing.B) {
	s := &RequestSigner{Key: edSigner(b), Agent: agentURL}
	r, _ := http.NewRequest("GET", "https://site.example/page?q=1", nil)
	b.ReportAllocs()
	for b.Loop() {
		sink = s.SignAt(r, signedAt)
	}
}

func BenchmarkVerify(b *testing.B) {
	r, keys := signed(b, nil)
	m := FromRequest(r)
	opts := VerifyOptions{At: signedAt.Add(time.Second), Keys: keys}
	b.ReportAllocs()
	for b.Loop() {
		_, sink = Verify(m, opts)
	}
	if sink != nil {
		b.Fatal(sink)
	}
}

// FuzzParseDirectory: any body parses within bounds or fails, and every
// usable key of a parsed directory is found by its thumbprint.
func FuzzParseDirectory(f *testing.F) {
	pub := testKeyEd25519
	pub.D = ""
	f.Add(NewDirectory(pub, testKeyRSAPSS).Marshal())
	f.Add([]byte(`{"keys":[{"kty":"EC","crv":"P-256","x":"","y":""},{"kty":"oct"}]}`))
	f.Fuzz(func(t *testing.T, data []byte) {
		d, err := ParseDirectory(data)
		if err != nil {
			return
		}
		if len(d.Keys) > MaxDirectoryKeys {
			t.Fatalf("%d keys", len(d.Keys))
		}
		for _, k := range d.usable {
			if _, _, ok := d.Find(k.thumbprint); !ok {
				t.Fatalf("key %+v not found by its thumbprint", k.jwk)
			}
		}
	})
}
