package guard_test

import (
	"crypto/ed25519"
	"crypto/rand"
	"io"
	"net/http"
	"sort"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/robotstxt/robotstxt/gate"
	"github.com/robotstxt/robotstxt/guard"
	"github.com/robotstxt/robotstxt/httpsig"
)

// TestBrowseSigned: with Guard.Signer, every request the guard lets go on
// (the document, a subresource of another origin, each hop of a redirect
// across origins) and every robots.txt fetch carries a Web Bot Auth
// signature for its own authority that the site verifies
// (draft-ietf-webbotauth-httpsig-protocol-01 section 4, RFC 9421 section
// 2.2.3), and each record names the key.
func TestBrowseSigned(t *testing.T) {
	ctx := browser(t)
	_, priv, _ := ed25519.GenerateKey(rand.Reader)
	key, _ := httpsig.NewSigner(priv)
	pub, _ := httpsig.PublicJWK(key.Public())
	kid, _ := pub.Thumbprint()
	keys := httpsig.Keyring{"https://bot.example" + httpsig.WellKnownPath: httpsig.NewDirectory(pub)}
	var mu sync.Mutex
	var seen, refused []string
	verified := func(h http.HandlerFunc) http.HandlerFunc {
		return func(w http.ResponseWriter, r *http.Request) {
			_, err := httpsig.Verify(httpsig.FromRequest(r), httpsig.VerifyOptions{At: time.Now(), Keys: keys})
			mu.Lock()
			if err != nil {
				refused = append(refused, r.Host+r.URL.Path+": "+err.Error())
			} else {
				seen = append(seen, r.Host+r.URL.Path)
			}
			mu.Unlock()
			if err != nil {
				w.WriteHeader(http.StatusUnauthorized)
				return
			}
			h(w, r)
		}
	}
	robots := text("text/plain", "User-agent: *\nDisallow: /private/\n")
	b := newOrigin(t, "127.0.0.2", map[string]http.HandlerFunc{
		"/robots.txt": verified(robots),
		"/img.png":    verified(text("image/png", "png")),
		"/paid.png": verified(func(w http.ResponseWriter, r *http.Request) {
			w.Header().Set("Crawler-Price", "USD 0.01")
			w.WriteHeader(http.StatusPaymentRequired)
		}),
		"/challenge.html": verified(func(w http.ResponseWriter, r *http.Request) {
			w.Header().Set("Content-Type", "text/html")
			w.Header().Set("Cf-Mitigated", "challenge")
			w.WriteHeader(http.StatusForbidden)
			io.WriteString(w, "<title>Just a moment...</title>")
		}),
	})
	a := newOrigin(t, "127.0.0.1", map[string]http.HandlerFunc{
		"/robots.txt": verified(robots),
		"/": verified(text("text/html", `<title>t</title><link rel="icon" href="data:,">`+
			`<img src="`+b.URL+`/img.png?direct"><img src="`+b.URL+`/paid.png"><iframe src="`+b.URL+`/challenge.html"></iframe><img src="/go" onload="document.title='done'" onerror="document.title='done'">`+
			`<!-- the body is no PNG: the image errors once loaded, which is enough -->`)),
		"/go": verified(redirect(b.URL + "/img.png?redirected")),
	})
	g, client := newGuard(t, true)
	signer := &httpsig.RequestSigner{Key: key, Agent: "https://bot.example"}
	client.Fetcher.Signer = signer
	g.Signer = signer
	if err := g.Attach(ctx); err != nil {
		t.Fatal(err)
	}
	if failed, err := g.Load(ctx, a.URL+"/", guard.WaitLoad); err != nil || failed != "" {
		t.Fatalf("load: %q %v", failed, err)
	}
	waitTitle(t, ctx, "done")
	g.Detach(ctx)
	mu.Lock()
	defer mu.Unlock()
	if len(refused) > 0 {
		t.Errorf("refused: %v", refused)
	}
	var got []string
	for _, s := range seen {
		got = append(got, names(s, map[string]*origin{"A": a, "B": b}))
	}
	sort.Strings(got)
	want := "A/ A/go A/robots.txt B/challenge.html B/img.png B/img.png B/paid.png B/robots.txt"
	if g := strings.ReplaceAll(strings.Join(got, " "), "http://", ""); g != want {
		t.Errorf("verified %s, want %s", g, want)
	}
	// A 402 answer (pay per crawl) and a challenge page are named in the
	// target's status.
	answers := map[string]guard.TargetStatus{
		"/paid.png":       {Code: 402, Price: "USD 0.01"},
		"/challenge.html": {Code: 403, Challenge: "cf-mitigated: challenge"},
	}
	n := 0
	for _, r := range g.Records() {
		if r.Action != gate.Admit || !r.Subject {
			continue
		}
		n++
		want, special := answers[strings.TrimPrefix(r.TargetURL, b.URL)]
		if !special {
			want = guard.TargetStatus{Code: r.TargetStatus.Code}
			if c := r.TargetStatus.Code; c != 200 && c != 302 {
				want.Code = 200
			}
		}
		if r.TargetStatus != want || r.SignedBy != kid || r.PolicySignedBy != kid {
			t.Errorf("%s: %#v signedBy %q, policySignedBy %q; want %#v, %s", describe(r), r.TargetStatus, r.SignedBy, r.PolicySignedBy, want, kid)
		}
		b, _ := r.MarshalJSON()
		var back guard.Record
		if err := back.UnmarshalJSON(b); err != nil || back.TargetStatus != r.TargetStatus || back.SignedBy != r.SignedBy {
			t.Errorf("record %s read back as %+v, %v", b, back.TargetStatus, err)
		}
	}
	if n != 6 {
		t.Errorf("%d admitted records, want 6", n)
	}
}
