package keydir

import (
	"context"
	"crypto/ed25519"
	"crypto/tls"
	"crypto/x509"
	"errors"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/robotstxt/robotstxt/httpsig"
	"github.com/robotstxt/robotstxt/netguard"
)

func jwk(seed byte) httpsig.JWK {
	s := make([]byte, 32)
	s[0] = seed
	j, _ := httpsig.PublicJWK(httpsig.PublicKey{Alg: httpsig.Ed25519, Key: ed25519.NewKeyFromSeed(s).Public()})
	return j
}

// tlsServer serves h over TLS on loopback and returns the URL of its
// directory and a client that trusts it and lets loopback through.
func tlsServer(t *testing.T, h http.HandlerFunc) (string, *http.Client) {
	t.Helper()
	srv := httptest.NewTLSServer(h)
	t.Cleanup(srv.Close)
	pool := x509.NewCertPool()
	pool.AddCert(srv.Certificate())
	return srv.URL + httpsig.WellKnownPath, Client(&netguard.Policy{AllowPrivate: true}, 5*time.Second, &tls.Config{RootCAs: pool})
}

func serveDir(hits *atomic.Int32, header map[string]string, body []byte) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		hits.Add(1)
		for k, v := range header {
			w.Header().Set(k, v)
		}
		if etag := header["ETag"]; etag != "" && r.Header.Get("If-None-Match") == etag {
			w.WriteHeader(http.StatusNotModified)
			return
		}
		if w.Header().Get("Content-Type") == "" {
			w.Header().Set("Content-Type", httpsig.MediaType)
		}
		w.Write(body)
	}
}

var dirBody = httpsig.NewDirectory(jwk(1)).Marshal()

// The fetch rules of draft-meunier-webbotauth-httpsig-directory and the
// issue: HTTPS, a 200 only, no redirect, the media type, bounded.
func TestFetchRules(t *testing.T) {
	for _, c := range []struct {
		name string
		h    http.HandlerFunc
		ok   bool
	}{
		{"a 200 with the directory media type", serveDir(new(atomic.Int32), nil, dirBody), true},
		{"application/json accepted", serveDir(new(atomic.Int32), map[string]string{"Content-Type": "application/json; charset=utf-8"}, dirBody), true},
		{"text/html refused (a challenge page)", serveDir(new(atomic.Int32), map[string]string{"Content-Type": "text/html"}, dirBody), false},
		{"a 404", func(w http.ResponseWriter, r *http.Request) { http.NotFound(w, r) }, false},
		{"a 500", func(w http.ResponseWriter, r *http.Request) { w.WriteHeader(500) }, false},
		{"a redirect is not followed", func(w http.ResponseWriter, r *http.Request) {
			if r.URL.Path == "/elsewhere" {
				t.Error("redirect followed")
			}
			http.Redirect(w, r, "/elsewhere", http.StatusFound)
		}, false},
		{"larger than MaxDirectorySize", serveDir(new(atomic.Int32), nil, []byte(`{"keys":[],"x":"`+strings.Repeat("a", httpsig.MaxDirectorySize)+`"}`)), false},
		{"more than MaxDirectoryKeys keys", serveDir(new(atomic.Int32), nil, httpsig.NewDirectory(make([]httpsig.JWK, httpsig.MaxDirectoryKeys+1)...).Marshal()), false},
		{"not JSON", serveDir(new(atomic.Int32), nil, []byte("<html>")), false},
	} {
		t.Run(c.name, func(t *testing.T) {
			u, client := tlsServer(t, c.h)
			f := &Fetcher{Client: client}
			s, err := f.Fetch(context.Background(), u)
			if c.ok != (err == nil) {
				t.Fatalf("Fetch: %v", err)
			}
			if err == nil && s.Directory.Usable() != 1 {
				t.Errorf("%d usable keys", s.Directory.Usable())
			}
			if err != nil && !errors.Is(err, ErrFetch) {
				t.Errorf("error %v does not wrap ErrFetch", err)
			}
		})
	}
}

func TestFetchGuardAndScheme(t *testing.T) {
	u, _ := tlsServer(t, serveDir(new(atomic.Int32), nil, dirBody))
	// The default guard refuses loopback: the fetcher's destination guard.
	_, err := (&Fetcher{Client: Client(nil, 5*time.Second, nil)}).Fetch(context.Background(), u)
	if !errors.Is(err, netguard.ErrRefused) {
		t.Errorf("loopback through the default guard: %v", err)
	}
	for _, bad := range []string{"http://127.0.0.1/x", "https://127.0.0.1"} {
		if _, err := (&Fetcher{}).Fetch(context.Background(), bad); !errors.Is(err, ErrFetch) {
			t.Errorf("%s: %v", bad, err)
		}
	}
}

// RFC 9111: a fresh answer is reused, a stale one revalidated (304), and
// no-store is never reused.
func TestFetchCaching(t *testing.T) {
	now := time.Date(2026, 11, 20, 10, 0, 0, 0, time.UTC)
	for _, c := range []struct {
		name   string
		header map[string]string
		after  time.Duration // second fetch this long after the first
		hits   int32
	}{
		{"max-age reused while fresh", map[string]string{"Cache-Control": "max-age=300"}, time.Minute, 1},
		{"max-age stale refetched", map[string]string{"Cache-Control": "max-age=300"}, 6 * time.Minute, 2},
		{"Age counts against max-age", map[string]string{"Cache-Control": "max-age=300", "Age": "280"}, time.Minute, 2},
		{"Expires less Date", map[string]string{"Date": "Fri, 20 Nov 2026 10:00:00 GMT", "Expires": "Fri, 20 Nov 2026 11:00:00 GMT"}, 30 * time.Minute, 1},
		{"invalid Expires is stale", map[string]string{"Expires": "0"}, time.Second, 2},
		{"no-store never reused", map[string]string{"Cache-Control": "no-store, max-age=300"}, time.Second, 2},
		{"nothing said: not reused", nil, time.Second, 2},
		{"freshness capped at a day", map[string]string{"Cache-Control": "max-age=31536000"}, 25 * time.Hour, 2},
		{"stale with an ETag: revalidated", map[string]string{"Cache-Control": "max-age=60", "ETag": `"v1"`}, 2 * time.Minute, 2},
	} {
		t.Run(c.name, func(t *testing.T) {
			var hits atomic.Int32
			u, client := tlsServer(t, serveDir(&hits, c.header, dirBody))
			clock := now
			f := &Fetcher{Client: client, Now: func() time.Time { return clock }}
			if _, err := f.Fetch(context.Background(), u); err != nil {
				t.Fatal(err)
			}
			clock = now.Add(c.after)
			s, err := f.Fetch(context.Background(), u)
			if err != nil {
				t.Fatal(err)
			}
			if hits.Load() != c.hits {
				t.Errorf("%d requests, want %d", hits.Load(), c.hits)
			}
			if s.Directory.Usable() != 1 {
				t.Error("directory lost")
			}
			if c.header["ETag"] != "" && !s.FetchedAt.Equal(clock) {
				t.Errorf("revalidated snapshot fetched at %v", s.FetchedAt)
			}
		})
	}
}

// Saved directories: the keys of a request's day.
func TestFolderVersions(t *testing.T) {
	dir := t.TempDir()
	u := "https://bot.example" + httpsig.WellKnownPath
	t1 := time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)
	t2, t3 := t1.Add(24*time.Hour), t1.Add(48*time.Hour)
	save := func(at time.Time, keys ...httpsig.JWK) bool {
		_, changed, err := Save(dir, &Snapshot{URL: u, FetchedAt: at, Directory: httpsig.NewDirectory(keys...)})
		if err != nil {
			t.Fatal(err)
		}
		return changed
	}
	if !save(t1, jwk(1)) || save(t2, jwk(1)) || !save(t3, jwk(2)) {
		t.Fatal("Save's changed flags")
	}
	f, err := LoadFolder(dir)
	if err != nil || f.Len() != 1 {
		t.Fatal(f, err)
	}
	t1key, _ := jwk(1).Thumbprint()
	t2key, _ := jwk(2).Thumbprint()
	for _, c := range []struct {
		at       time.Time
		has, not string
	}{
		{t1.Add(-time.Hour), t1key, t2key}, // before the first fetch: the first version
		{t2, t1key, ""},                    // between two fetches: both
		{t2, t2key, ""},                    // (a rotation happened in between)
		{t3.Add(time.Hour), t2key, t1key},  // after the last: the last
	} {
		d, err := f.Directory(u, c.at)
		if err != nil {
			t.Fatal(err)
		}
		if _, _, ok := d.Find(c.has); !ok {
			t.Errorf("at %v: %s missing", c.at, c.has)
		}
		if _, _, ok := d.Find(c.not); c.not != "" && ok {
			t.Errorf("at %v: %s present", c.at, c.not)
		}
	}
	if _, err := f.Directory("https://other.example"+httpsig.WellKnownPath, t1); !errors.Is(err, httpsig.ErrUnknownAgent) {
		t.Errorf("unknown agent: %v", err)
	}
	data, _ := os.ReadFile(filepath.Join(dir, "bot.example.json"))
	if !strings.Contains(string(data), `"previous"`) || strings.Contains(string(data), `"url"`) {
		t.Errorf("saved file:\n%s", data)
	}
}

func TestFolderFiles(t *testing.T) {
	for _, c := range []struct {
		name, data string
		ok         bool
	}{
		{"bot.example.json", string(httpsig.NewDirectory(jwk(1)).Marshal()), true}, // a plain JWKS
		{"bot.example_8443.json", `{"keys":[]}`, true},
		{"bot.example.json", `{"keys":[],"url":"https://evil.example/.well-known/http-message-signatures-directory"}`, false},
		{"bot.example.json", `{"keys":[{"kty":"OKP","crv":"Ed25519","x":"a","d":"secret"}]}`, false},
		{"bot.example.json", `{"nokeys":1}`, false},
		{"bot.example.json", `[`, false},
	} {
		dir := t.TempDir()
		os.WriteFile(filepath.Join(dir, c.name), []byte(c.data), 0o644)
		f, err := LoadFolder(dir)
		if c.ok != (err == nil) {
			t.Errorf("%s %s: %v", c.name, c.data, err)
			continue
		}
		if err == nil && c.name == "bot.example.json" {
			if _, err := f.Directory("https://bot.example"+httpsig.WellKnownPath, time.Now()); err != nil {
				t.Errorf("plain JWKS: %v", err)
			}
		}
		if err == nil && c.name == "bot.example_8443.json" {
			if _, err := f.Directory("https://bot.example:8443"+httpsig.WellKnownPath, time.Time{}); err != nil {
				t.Errorf("port: %v", err)
			}
		}
	}
	if _, err := LoadFolder(filepath.Join(t.TempDir(), "absent")); err == nil {
		t.Error("absent folder loaded")
	}
}

// A fetched directory, saved, verifies a request of its day.
func TestFetchSaveVerify(t *testing.T) {
	seed := make([]byte, 32)
	seed[0] = 1
	priv := ed25519.NewKeyFromSeed(seed)
	u, client := tlsServer(t, serveDir(new(atomic.Int32), nil, dirBody))
	s, err := (&Fetcher{Client: client}).Fetch(context.Background(), u)
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	if _, _, err := Save(dir, s); err != nil {
		t.Fatal(err)
	}
	f, err := LoadFolder(dir)
	if err != nil {
		t.Fatal(err)
	}
	agent := strings.TrimSuffix(u, httpsig.WellKnownPath)
	r, _ := http.NewRequest("GET", "https://site.example/", nil)
	rs := &httpsig.RequestSigner{Key: httpsig.Signer{Alg: httpsig.Ed25519, Key: priv}, Agent: agent}
	if err := rs.SignAt(r, s.FetchedAt); err != nil {
		t.Fatal(err)
	}
	res, err := httpsig.Verify(httpsig.FromRequest(r), httpsig.VerifyOptions{At: s.FetchedAt, Keys: f})
	if err != nil || res.Directory != u {
		t.Errorf("%+v %v", res, err)
	}
}

// Live fetches a directory a request names, once while it is fresh, and
// only those Allow lets through.
func TestLive(t *testing.T) {
	var hits atomic.Int32
	u, client := tlsServer(t, serveDir(&hits, map[string]string{"Cache-Control": "max-age=600"}, dirBody))
	l := &Live{Fetcher: &Fetcher{Client: client}}
	for range 3 {
		d, err := l.Directory(u, time.Time{})
		if err != nil || d.Usable() != 1 {
			t.Fatal(d, err)
		}
	}
	if hits.Load() != 1 {
		t.Errorf("%d fetches, want 1", hits.Load())
	}
	l.Allow = func(string) bool { return false }
	if _, err := l.Directory(u, time.Time{}); !errors.Is(err, httpsig.ErrUnknownAgent) {
		t.Errorf("not allowed: %v", err)
	}
	l = &Live{Fetcher: &Fetcher{Client: Client(nil, 5*time.Second, nil)}} // loopback refused
	if _, err := l.Directory(u, time.Time{}); !errors.Is(err, httpsig.ErrUnknownAgent) {
		t.Errorf("fetch failure: %v", err)
	}
}
