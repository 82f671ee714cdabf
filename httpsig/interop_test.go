package httpsig

import (
	"bytes"
	"encoding/json"
	"errors"
	"net/http"
	"os"
	"os/exec"
	"strings"
	"testing"
	"time"

	"github.com/robotstxt/robotstxt/internal/testutil"
)

// webBotAuthModules is where .ci/run installs the npm packages of this test
// (testutil.NodeModules).
func webBotAuthModules(t *testing.T) string {
	t.Helper()
	return testutil.NodeModules(t, "ROBOTSTXT_WEBBOTAUTH", "robotstxt-webbotauth", "web-bot-auth")
}

func runNode(t *testing.T, modules string, job map[string]any) map[string]string {
	t.Helper()
	in, _ := json.Marshal(job)
	cmd := exec.Command("node", "testdata/interop.cjs")
	cmd.Env = append(os.Environ(), "NODE_PATH="+modules)
	cmd.Stdin = bytes.NewReader(in)
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("node: %v\n%s", err, stderr.String())
	}
	var res map[string]string
	if err := json.Unmarshal(out, &res); err != nil {
		// {"ok": true} is not a string map
		var ok map[string]bool
		if json.Unmarshal(out, &ok) == nil && ok["ok"] {
			return map[string]string{"ok": "true"}
		}
		t.Fatalf("node answered %q", out)
	}
	return res
}

// TestInteropWebBotAuth: Cloudflare's web-bot-auth signs requests that
// Verify accepts (the legacy Signature-Agent string and a one-member
// Dictionary, both covered whole as that version signs), and the same
// requests with a broken signature or another host are refused; and
// web-bot-auth verifies what RequestSigner signs in the form it reads.
func TestInteropWebBotAuth(t *testing.T) {
	modules := webBotAuthModules(t)
	pub := testKeyEd25519
	pub.D = ""
	keys := Keyring{agentURL + WellKnownPath: NewDirectory(pub)}
	created := signedAt.Unix()
	for _, agentField := range []string{`"https://bot.example"`, `sig1="https://bot.example"`} {
		t.Run("web-bot-auth signs, "+agentField, func(t *testing.T) {
			res := runNode(t, modules, map[string]any{
				"mode": "sign", "method": "GET", "url": "https://site.example/page?q=1",
				"headers": map[string]string{"signature-agent": agentField},
				"jwk":     testKeyEd25519, "created": created, "expires": created + 60,
			})
			if res["error"] != "" {
				t.Fatal(res["error"])
			}
			if res["keyid"] != "poqkLGiymh_W0uP6PZFw-dvez3QJT5SolqXBCW38r0U" {
				t.Errorf("web-bot-auth's keyid %q is not the RFC 7638 thumbprint", res["keyid"])
			}
			r, _ := http.NewRequest("GET", "https://site.example/page?q=1", nil)
			r.Header.Set("Signature-Agent", agentField)
			r.Header.Set("Signature-Input", res["Signature-Input"])
			r.Header.Set("Signature", res["Signature"])
			at := signedAt.Add(5 * time.Second)
			got, err := Verify(FromRequest(r), VerifyOptions{At: at, Keys: keys})
			if err != nil || got.Agent != agentURL {
				t.Fatalf("Verify = %+v, %v\nSignature-Input: %s", got, err, res["Signature-Input"])
			}
			broken := r.Clone(r.Context())
			sig := res["Signature"]
			i := strings.Index(sig, ":") + 5
			broken.Header.Set("Signature", sig[:i]+flip(sig[i])+sig[i+1:])
			if _, err := Verify(FromRequest(broken), VerifyOptions{At: at, Keys: keys}); !errors.Is(err, ErrBadSignature) {
				t.Errorf("broken signature: %v", err)
			}
			r.Host = "other.example"
			if _, err := Verify(FromRequest(r), VerifyOptions{At: at, Keys: keys}); !errors.Is(err, ErrBadSignature) {
				t.Errorf("other host: %v", err)
			}
		})
	}
	t.Run("web-bot-auth signs with RSA-PSS", func(t *testing.T) {
		// test-key-rsa-pss (RFC 9421 B.1.2) as the vectors' private JWK.
		data, err := os.ReadFile("testdata/web-bot-auth-architecture-v2.json")
		if err != nil {
			t.Fatal(err)
		}
		var vectors []struct {
			Key map[string]any `json:"key"`
		}
		if err := json.Unmarshal(data, &vectors); err != nil {
			t.Fatal(err)
		}
		res := runNode(t, modules, map[string]any{
			"mode": "sign", "method": "GET", "url": "https://site.example/page",
			"headers": map[string]string{"signature-agent": `"https://bot.example"`},
			"jwk":     vectors[0].Key, "created": created, "expires": created + 60,
		})
		if res["error"] != "" {
			t.Fatal(res["error"])
		}
		rsaKeys := Keyring{agentURL + WellKnownPath: NewDirectory(testKeyRSAPSS)}
		r, _ := http.NewRequest("GET", "https://site.example/page", nil)
		r.Header.Set("Signature-Agent", `"https://bot.example"`)
		r.Header.Set("Signature-Input", res["Signature-Input"])
		r.Header.Set("Signature", res["Signature"])
		got, err := Verify(FromRequest(r), VerifyOptions{At: signedAt, Keys: rsaKeys})
		if err != nil || got.Alg != RSAPSS {
			t.Fatalf("Verify = %+v, %v", got, err)
		}
		r.Host = "other.example"
		if _, err := Verify(FromRequest(r), VerifyOptions{At: signedAt, Keys: rsaKeys}); !errors.Is(err, ErrBadSignature) {
			t.Errorf("other host: %v", err)
		}
	})
	t.Run("web-bot-auth verifies RequestSigner", func(t *testing.T) {
		// web-bot-auth 0.1.3 checks expires against its own clock.
		s := &RequestSigner{Key: edSigner(t), Agent: agentURL, WholeAgentField: true, Validity: time.Hour}
		r, _ := http.NewRequest("GET", "https://site.example/page?q=1", nil)
		if err := s.Sign(r); err != nil {
			t.Fatal(err)
		}
		job := func(h http.Header) map[string]any {
			return map[string]any{"mode": "verify", "method": "GET", "url": "https://site.example/page?q=1", "jwk": pub,
				"headers": map[string]string{"signature-agent": h.Get("Signature-Agent"), "signature-input": h.Get("Signature-Input"), "signature": h.Get("Signature")}}
		}
		if res := runNode(t, modules, job(r.Header)); res["ok"] != "true" {
			t.Fatalf("web-bot-auth refused our signature: %v", res)
		}
		sig := r.Header.Get("Signature")
		i := strings.Index(sig, ":") + 5
		r.Header.Set("Signature", sig[:i]+flip(sig[i])+sig[i+1:])
		if res := runNode(t, modules, job(r.Header)); res["ok"] == "true" {
			t.Fatal("web-bot-auth accepted a broken signature")
		}
	})
}
