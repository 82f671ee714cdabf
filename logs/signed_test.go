package logs

import (
	"context"
	"crypto/ed25519"
	"errors"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/robotstxt/robotstxt/httpsig"
)

const (
	sigInput = `sig1=("@authority" "signature-agent";key="sig1");created=1795168800;keyid="k";alg="ed25519";expires=1795168860;nonce="n";tag="web-bot-auth"`
	sigValue = `sig1=:AAAA+/==:`
	sigAgent = `sig1="https://bot.example"`
)

// The Web Bot Auth fields of CombinedSigned, as Apache (\" and \\) and
// nginx (\xHH) escape them, and "-" for a request without them.
func TestCombinedSigned(t *testing.T) {
	f, err := Named("combined-signed")
	if err != nil {
		t.Fatal(err)
	}
	head := `192.0.2.1 - - [20/Nov/2026:10:00:05 +0000] "GET /page HTTP/1.1" 200 5 "-" "Mozilla/5.0 (compatible; Bot/1.0)" `
	apache := strings.NewReplacer(`"`, `\"`, `\`, `\\`)
	nginx := strings.NewReplacer(`"`, `\x22`, `\`, `\x5C`)
	for _, c := range []struct {
		name, tail              string
		host, sig, input, agent string
	}{
		{"Apache's escapes", `"site.example" "` + apache.Replace(sigValue) + `" "` + apache.Replace(sigInput) + `" "` + apache.Replace(sigAgent) + `"`, "site.example", sigValue, sigInput, sigAgent},
		{"nginx's escapes", `"site.example:8443" "` + nginx.Replace(sigValue) + `" "` + nginx.Replace(sigInput) + `" "` + nginx.Replace(sigAgent) + `"`, "site.example:8443", sigValue, sigInput, sigAgent},
		{"a backslash kept", `"h" "-" "a\x5Cb" "\\"`, "h", "", `a\b`, `\`},
		{"unsigned", `"site.example" "-" "-" "-"`, "site.example", "", "", ""},
	} {
		var r Record
		if err := f.Parse(head+c.tail, &r); err != nil {
			t.Errorf("%s: %v", c.name, err)
			continue
		}
		if r.Host != c.host || r.Signature != c.sig || r.SignatureInput != c.input || r.SignatureAgent != c.agent || r.Target != "/page" {
			t.Errorf("%s: %+v", c.name, r)
		}
	}
	if got := unescape("plain"); got != "plain" {
		t.Error(got)
	}
}

// JSON lines: Cloudflare's ClientRequestHost and custom fields in
// RequestHeaders, and a mapping of one's own with the keys host,
// signature, signatureInput and signatureAgent.
func TestJSONSignatureFields(t *testing.T) {
	var r Record
	line := `{"EdgeStartTimestamp":"2026-11-20T10:00:05Z","ClientIP":"192.0.2.1","ClientRequestMethod":"GET","ClientRequestURI":"/page","ClientRequestHost":"site.example","EdgeResponseStatus":200,"ClientRequestUserAgent":"Bot","RequestHeaders":{"signature":"` + sigValue + `","signature-input":` + jsonString(sigInput) + `,"signature-agent":` + jsonString(sigAgent) + `}}`
	if err := JSON(CloudflareFields).Parse(line, &r); err != nil {
		t.Fatal(err)
	}
	if r.Host != "site.example" || r.Signature != sigValue || r.SignatureInput != sigInput || r.SignatureAgent != sigAgent {
		t.Errorf("cloudflare: %+v", r)
	}
	fields, err := ParseFields(Fields{}, "time=ts,target=uri,host=h,signature=sig,signatureInput=si,signatureAgent=sa")
	if err != nil {
		t.Fatal(err)
	}
	line = `{"ts":1795168805,"uri":"/p","h":"site.example","sig":"` + sigValue + `","si":` + jsonString(sigInput) + `,"sa":` + jsonString(sigAgent) + `}`
	if err := JSON(fields).Parse(line, &r); err != nil {
		t.Fatal(err)
	}
	if r.Host != "site.example" || r.Signature != sigValue || r.SignatureInput != sigInput || r.SignatureAgent != sigAgent {
		t.Errorf("mapping: %+v", r)
	}
	if _, err := ParseFields(Fields{}, "signatures=x"); err == nil {
		t.Error("unknown key accepted")
	}
}

func jsonString(s string) string { return `"` + strings.ReplaceAll(s, `"`, `\"`) + `"` }

const nginxSignedConf = `worker_processes 1;
master_process off;
daemon off;
pid %[1]s/nginx.pid;
error_log %[1]s/error.log warn;
events { worker_connections 64; }
http {
	client_body_temp_path %[1]s/tmp; proxy_temp_path %[1]s/tmp; fastcgi_temp_path %[1]s/tmp;
	uwsgi_temp_path %[1]s/tmp; scgi_temp_path %[1]s/tmp;
	log_format signed '$remote_addr - $remote_user [$time_local] "$request" $status $body_bytes_sent "$http_referer" "$http_user_agent" "$http_host" "$http_signature" "$http_signature_input" "$http_signature_agent"';
	server {
		listen 127.0.0.1:%[2]d;
		access_log %[1]s/access.log signed;
		location / { return 200 "ok\n"; }
	}
}
`

// TestRealNginxSigned: requests signed by httpsig.RequestSigner go to a
// real nginx that logs them with docs/logs.md's log_format; read back
// with CombinedSigned, each verifies at its logged time, and the one whose
// signature was broken on the way does not.
func TestRealNginxSigned(t *testing.T) {
	dir := t.TempDir()
	base, stop := startNginx(t, dir, nginxSignedConf)
	priv := ed25519.NewKeyFromSeed(make([]byte, 32))
	signer := &httpsig.RequestSigner{Key: httpsig.Signer{Alg: httpsig.Ed25519, Key: priv}, Agent: "https://bot.example", Validity: time.Hour}
	for i, target := range []string{"/a", "/b?q=1", "/broken"} {
		req, _ := http.NewRequest("GET", base+target, nil)
		req.Host = "site.example"
		if err := signer.Sign(req); err != nil {
			stop()
			t.Fatal(err)
		}
		if i == 2 {
			v := req.Header.Get("Signature")
			req.Header.Set("Signature", v[:8]+"A"+v[9:])
			if v[8] == 'A' {
				req.Header.Set("Signature", v[:8]+"B"+v[9:])
			}
		}
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			stop()
			t.Fatal(err)
		}
		resp.Body.Close()
	}
	stop()
	f, err := os.Open(filepath.Join(dir, "access.log"))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	pub, _ := httpsig.PublicJWK(signer.Key.Public())
	keys := httpsig.Keyring{"https://bot.example" + httpsig.WellKnownPath: httpsig.NewDirectory(pub)}
	var verified, broken int
	rd := &Reader[struct{}]{Format: mustFormat(t, "combined-signed")}
	_, err = rd.Read(context.Background(), []Input{{"access.log", f}}, func(r *Record, _ *struct{}) error {
		if r.SignatureInput == "" {
			return nil // the /up probe
		}
		h := http.Header{}
		h.Set("Signature", r.Signature)
		h.Set("Signature-Input", r.SignatureInput)
		h.Set("Signature-Agent", r.SignatureAgent)
		_, err := httpsig.Verify(httpsig.FromTarget(r.Method, "https", r.Host, r.Target, h), httpsig.VerifyOptions{At: r.Time, Keys: keys})
		switch {
		case err == nil && r.Target != "/broken":
			verified++
		case errors.Is(err, httpsig.ErrBadSignature) && r.Target == "/broken":
			broken++
		default:
			t.Errorf("%s: %v (%+v)", r.Target, err, r)
		}
		return nil
	})
	if err != nil || verified != 2 || broken != 1 {
		t.Errorf("read: %v; %d verified, %d refused", err, verified, broken)
	}
}
