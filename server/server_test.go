package server

import (
	"bytes"
	"compress/gzip"
	"context"
	"encoding/json"
	"fmt"
	"github.com/robotstxt/robotstxt/internal/reference"
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/andybalholm/brotli"

	"github.com/robotstxt/robotstxt"
	"github.com/robotstxt/robotstxt/internal/testutil"
	"github.com/robotstxt/robotstxt/internal/wire"
	"github.com/robotstxt/robotstxt/web"
)

const seed004 = reference.Seed004

// syncBuffer is a log that tests read while the server writes.
type syncBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (s *syncBuffer) Write(p []byte) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.Write(p)
}

func (s *syncBuffer) String() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.String()
}

func newServer(t *testing.T, opts Options) (*httptest.Server, *syncBuffer) {
	t.Helper()
	log := new(syncBuffer)
	if opts.Log == nil {
		opts.Log = log
	}
	s, err := New(opts)
	if err != nil {
		t.Fatal(err)
	}
	ts := httptest.NewServer(s)
	t.Cleanup(ts.Close)
	return ts, log
}

// do sends a request without the transport's transparent gzip, so the test
// sees exactly what the server sent.
func do(t *testing.T, method, url string, header http.Header, body string) (*http.Response, []byte) {
	t.Helper()
	req, err := http.NewRequest(method, url, strings.NewReader(body))
	if err != nil {
		t.Fatal(err)
	}
	for k, v := range header {
		req.Header[k] = v
	}
	tr := &http.Transport{DisableCompression: true}
	defer tr.CloseIdleConnections()
	resp, err := (&http.Client{Transport: tr}).Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	b, err := io.ReadAll(resp.Body)
	if err != nil {
		t.Fatal(err)
	}
	return resp, b
}

func TestPage(t *testing.T) {
	ts, _ := newServer(t, Options{})
	site, _ := web.Load()
	v := "/v/" + site.Version + "/"
	gz := http.Header{"Accept-Encoding": {"gzip, deflate, br"}}
	tests := []struct {
		method, path string
		header       http.Header
		status       int
		ctype        string
		cache        string
		encoding     string
	}{
		{"GET", "/", nil, 200, "text/html; charset=utf-8", "no-cache", ""},
		{"GET", "/", gz, 200, "text/html; charset=utf-8", "no-cache", "gzip"},
		{"HEAD", "/index.html", nil, 200, "text/html; charset=utf-8", "no-cache", ""},
		{"GET", v + "app.js", gz, 200, "text/javascript; charset=utf-8", "public, max-age=31536000, immutable", "gzip"},
		{"GET", v + "app.css", nil, 200, "text/css; charset=utf-8", "public, max-age=31536000, immutable", ""},
		{"GET", v + "i18n/ru.json", gz, 200, "application/json; charset=utf-8", "public, max-age=31536000, immutable", "gzip"},
		// The module is precompressed twice: brotli when the client takes it
		// (browsers do over HTTPS), else gzip (RFC 9110, section 12.5.3).
		{"GET", v + "robotstxt.wasm", gz, 200, "application/wasm", "public, max-age=31536000, immutable", "br"},
		{"GET", v + "robotstxt.wasm", http.Header{"Accept-Encoding": {"gzip, deflate"}}, 200, "application/wasm", "public, max-age=31536000, immutable", "gzip"},
		{"GET", v + "robotstxt.wasm", http.Header{"Accept-Encoding": {"gzip;q=0, br"}}, 200, "application/wasm", "public, max-age=31536000, immutable", "br"},
		{"GET", v + "robotstxt.wasm", http.Header{"Accept-Encoding": {"gzip, br;q=0"}}, 200, "application/wasm", "public, max-age=31536000, immutable", "gzip"},
		{"GET", v + "robotstxt.wasm", http.Header{"Accept-Encoding": {"gzip;q=0, br;q=0"}}, 200, "application/wasm", "public, max-age=31536000, immutable", ""},
		{"GET", v + "robotstxt.wasm", nil, 200, "application/wasm", "public, max-age=31536000, immutable", ""},
		{"GET", "/v/000000000000/app.js", nil, 404, "text/plain; charset=utf-8", "no-cache", ""},
		{"GET", "/nope", nil, 404, "text/plain; charset=utf-8", "no-cache", ""},
		{"POST", "/", nil, 405, "text/plain; charset=utf-8", "", ""},
		{"GET", "/robots.txt", nil, 200, "text/plain; charset=utf-8", "public, max-age=86400", ""},
		{"GET", "/healthz", nil, 200, "application/json; charset=utf-8", "no-store", ""},
	}
	for _, tt := range tests {
		resp, body := do(t, tt.method, ts.URL+tt.path, tt.header, "")
		h := resp.Header
		if resp.StatusCode != tt.status || h.Get("Content-Type") != tt.ctype || h.Get("Cache-Control") != tt.cache || h.Get("Content-Encoding") != tt.encoding {
			t.Errorf("%s %s %v: %d %q %q %q, want %d %q %q %q", tt.method, tt.path, tt.header, resp.StatusCode, h.Get("Content-Type"),
				h.Get("Cache-Control"), h.Get("Content-Encoding"), tt.status, tt.ctype, tt.cache, tt.encoding)
		}
		// Every response carries the policy and the hardening headers.
		if h.Get("Content-Security-Policy") != web.ContentSecurityPolicy || h.Get("X-Content-Type-Options") != "nosniff" || h.Get("Referrer-Policy") != "no-referrer" {
			t.Errorf("%s %s: security headers %v", tt.method, tt.path, h)
		}
		if tt.status == 200 && tt.method == "GET" && strings.HasPrefix(tt.path, "/v/") {
			want := site.Lookup(strings.TrimPrefix(tt.path, "/")).Data
			got := body
			switch tt.encoding {
			case "gzip":
				zr, err := gzip.NewReader(bytes.NewReader(body))
				if err != nil {
					t.Fatal(err)
				}
				got, _ = io.ReadAll(zr)
			case "br":
				got, _ = io.ReadAll(brotli.NewReader(bytes.NewReader(body)))
			}
			if !bytes.Equal(got, want) {
				t.Errorf("%s %s: body differs from the embedded file", tt.method, tt.path)
			}
		}
		if tt.method == "HEAD" && len(body) != 0 {
			t.Errorf("HEAD %s: %d bytes of body", tt.path, len(body))
		}
	}
}

func TestPageRevalidation(t *testing.T) {
	ts, _ := newServer(t, Options{})
	resp, _ := do(t, "GET", ts.URL+"/", nil, "")
	etag := resp.Header.Get("ETag")
	if etag == "" {
		t.Fatal("no ETag on index.html")
	}
	resp, body := do(t, "GET", ts.URL+"/", http.Header{"If-None-Match": {etag}}, "")
	if resp.StatusCode != http.StatusNotModified || len(body) != 0 {
		t.Errorf("If-None-Match %s: %d with %d bytes, want 304", etag, resp.StatusCode, len(body))
	}
	// The compressed representation has its own tag.
	resp, _ = do(t, "GET", ts.URL+"/", http.Header{"Accept-Encoding": {"gzip"}, "If-None-Match": {etag}}, "")
	if resp.StatusCode != http.StatusOK || resp.Header.Get("ETag") == etag {
		t.Errorf("gzip with the identity tag: %d, tag %s", resp.StatusCode, resp.Header.Get("ETag"))
	}
}

func TestAcceptsGzip(t *testing.T) {
	for in, want := range map[string]bool{
		"": false, "gzip": true, "GZIP": true, "deflate, gzip;q=1.0": true, "gzip;q=0": false, "gzip; q=0.000": false,
		"br": false, "*": true, "x-gzip": true, "gzipx": false, "identity, gzip;q=0.5": true,
	} {
		r := httptest.NewRequest("GET", "/", nil)
		if in != "" {
			r.Header.Set("Accept-Encoding", in)
		}
		if got := acceptsGzip(r); got != want {
			t.Errorf("acceptsGzip(%q) = %v, want %v", in, got, want)
		}
	}
}

// apiCase is one API request and the golden file of its answer.
type apiCase struct {
	name, path, ctype, body string
	status                  int
}

var apiCases = []apiCase{
	{"parse", "/api/v1/parse", "application/json", `{"robots": ` + quote(seed004) + `}`, 200},
	{"parse-text", "/api/v1/parse", "text/plain; charset=utf-8", "User-agent: *\nDisallow: /x\nSitemap: https://example.com/s.xml\n", 200},
	{"parse-empty", "/api/v1/parse", "", `{"robots": ""}`, 200},
	{"check", "/api/v1/check", "application/json", `{"robots": ` + quote(seed004) + `, "agents": ["ExampleBot", "OtherBot"], "urls": ["/catalog/item", "https://example.com/exports/public/a?b=1"]}`, 200},
	{"check-exact", "/api/v1/check", "application/json", `{"robots": ` + quote(seed004) + `, "agents": ["Mozilla/5.0 (compatible; ExampleBot/1.0)"], "urls": ["/exports/x"], "exact": true}`, 200},
	{"check-text", "/api/v1/check?agent=ExampleBot&url=%2Fcatalog%2Fprivate%2Fitem", "text/plain", seed004, 200},
	{"check-fallback", "/api/v1/check", "application/json", `{"robots": "User-agent: Googlebot\nDisallow: /\nUser-agent: *\nAllow: /\n", "agents": ["Googlebot-Image", "AdsBot-Google", "360Spider"], "urls": ["/x", "private/x"]}`, 200},
	{"check-no-fallback", "/api/v1/check", "application/json", `{"robots": "User-agent: Googlebot\nDisallow: /\nUser-agent: *\nAllow: /\n", "agents": ["Googlebot-Image"], "urls": ["/x"], "fallback": false}`, 200},
	{"check-text-no-fallback", "/api/v1/check?agent=Googlebot-Image&url=%2Fx&fallback=false", "text/plain", "User-agent: Googlebot\nDisallow: /\n", 200},
	{"check-usage", "/api/v1/check", "application/json", `{"robots": "User-agent: *\nDisallow: /never/\nContent-Usage: train-ai=n\nContent-Usage: /ai-ok/ train-ai=y\nContent-Signal: search=yes, ai-train=no\n", "agents": ["ExampleBot"], "urls": ["/test", "/never/test", "/ai-ok/test"]}`, 200},
	{"check-purpose", "/api/v1/check", "application/json", `{"robots": "User-agent: *\nContent-Usage: train-ai=n\nContent-Usage: /ai-ok/ train-ai=y\n", "agents": ["ExampleBot"], "urls": ["/test", "/ai-ok/test"], "purpose": "train-ai"}`, 200},
	{"check-text-purpose", "/api/v1/check?agent=ExampleBot&url=%2Fx&purpose=ai-input", "text/plain", "User-agent: *\nContent-Signal: ai-input=no\n", 200},
	{"err-bad-purpose", "/api/v1/check", "application/json", `{"robots": "", "agents": ["a"], "urls": ["/"], "purpose": "training"}`, 400},
	{"err-bad-fallback", "/api/v1/check?agent=Googlebot-Image&url=%2Fx&fallback=maybe", "text/plain", "User-agent: Googlebot\nDisallow: /\n", 400},
	{"lint", "/api/v1/lint", "application/json", `{"robots": "Disalow: /x\nUser-agent: *\nDisallow:\n", "lang": "en"}`, 200},
	{"lint-clean", "/api/v1/lint", "application/json", `{"robots": "User-agent: *\nDisallow: /private/\n"}`, 200},
	{"err-bad-json", "/api/v1/check", "application/json", `{"robots": "x", `, 400},
	{"err-not-object", "/api/v1/parse", "application/json", `["User-agent: *"]`, 400},
	{"err-unknown-field", "/api/v1/check", "application/json", `{"robots": "", "agent": "Googlebot", "urls": ["/"]}`, 400},
	{"err-wrong-type", "/api/v1/check", "application/json", `{"robots": "", "agents": "Googlebot", "urls": ["/"]}`, 400},
	{"err-no-robots", "/api/v1/check", "application/json", `{"agents": ["Googlebot"], "urls": ["/"]}`, 400},
	{"err-no-agents", "/api/v1/check", "application/json", `{"robots": "", "urls": ["/"]}`, 400},
	{"err-empty-agent", "/api/v1/check", "application/json", `{"robots": "", "agents": [" "], "urls": ["/"]}`, 400},
	{"err-no-urls", "/api/v1/check?agent=Googlebot", "text/plain", "User-agent: *\n", 400},
	{"err-bad-exact", "/api/v1/check?agent=a&url=/&exact=maybe", "text/plain", "", 400},
	{"err-two-values", "/api/v1/parse", "application/json", `{"robots": ""} {"robots": ""}`, 400},
	{"err-empty-body", "/api/v1/parse", "application/json", ``, 400},
	{"err-lang", "/api/v1/lint", "application/json", `{"robots": "", "lang": "de"}`, 400},
	{"err-content-type", "/api/v1/parse", "application/x-www-form-urlencoded", `robots=x`, 415},
	{"err-no-endpoint", "/api/v1/robots", "application/json", `{}`, 404},
}

func quote(s string) string {
	b, _ := json.Marshal(s)
	return string(b)
}

// TestAPI compares every answer with its golden file under testdata/api
// (go test -update rewrites them).
func TestAPI(t *testing.T) {
	ts, _ := newServer(t, Options{})
	for _, tt := range apiCases {
		t.Run(tt.name, func(t *testing.T) {
			h := http.Header{}
			if tt.ctype != "" {
				h.Set("Content-Type", tt.ctype)
			}
			resp, body := do(t, "POST", ts.URL+tt.path, h, tt.body)
			if resp.StatusCode != tt.status {
				t.Errorf("status %d, want %d: %s", resp.StatusCode, tt.status, body)
			}
			if ct := resp.Header.Get("Content-Type"); ct != "application/json; charset=utf-8" {
				t.Errorf("Content-Type %q", ct)
			}
			if !json.Valid(body) {
				t.Fatalf("not JSON: %s", body)
			}
			var pretty bytes.Buffer
			json.Indent(&pretty, body, "", "  ")
			testutil.Golden(t, "testdata/api/"+tt.name+".json", pretty.Bytes())
		})
	}
}

// The check endpoint answers exactly what "robotstxt check --json" prints
// (wire.NewCheckResult), URL-major.
func TestCheckMatchesWire(t *testing.T) {
	ts, _ := newServer(t, Options{})
	agents := []string{"ExampleBot", "OtherBot", "Mozilla/5.0 (compatible; examplebot)"}
	urls := []string{"/catalog/item", "/exports/public/x", "/robots.txt", "https://example.com/catalog/private/help/"}
	body, _ := json.Marshal(map[string]any{"robots": seed004, "agents": agents, "urls": urls})
	_, got := do(t, "POST", ts.URL+"/api/v1/check", nil, string(body))
	r := robotstxt.ParseString(seed004)
	var want []wire.CheckResult
	for _, u := range urls {
		for _, a := range agents {
			want = append(want, wantResult(r, a, u, ""))
		}
	}
	wantJSON, _ := json.Marshal(want)
	var g, w any
	json.Unmarshal(got, &g)
	json.Unmarshal(wantJSON, &w)
	if fmt.Sprint(g) != fmt.Sprint(w) {
		t.Errorf("API check:\n%s\nwant:\n%s", got, wantJSON)
	}
}

func TestAPILimits(t *testing.T) {
	ts, _ := newServer(t, Options{MaxBody: 1000})
	resp, body := do(t, "POST", ts.URL+"/api/v1/parse", http.Header{"Content-Type": {"text/plain"}}, strings.Repeat("Disallow: /x\n", 100))
	if resp.StatusCode != http.StatusRequestEntityTooLarge || !strings.Contains(string(body), "over 1000 bytes") {
		t.Errorf("large body: %d %s", resp.StatusCode, body)
	}
	ts, _ = newServer(t, Options{})
	many := make([]string, MaxAgents+1)
	for i := range many {
		many[i] = fmt.Sprintf("Bot%d", i)
	}
	b, _ := json.Marshal(map[string]any{"robots": "", "agents": many, "urls": []string{"/"}})
	if resp, body := do(t, "POST", ts.URL+"/api/v1/check", nil, string(b)); resp.StatusCode != 400 || !strings.Contains(string(body), "too many agents") {
		t.Errorf("too many agents: %d %s", resp.StatusCode, body)
	}
	urls := make([]string, 200)
	for i := range urls {
		urls[i] = fmt.Sprintf("/%d", i)
	}
	b, _ = json.Marshal(map[string]any{"robots": "", "agents": many[:MaxAgents], "urls": urls})
	if resp, body := do(t, "POST", ts.URL+"/api/v1/check", nil, string(b)); resp.StatusCode != 400 || !strings.Contains(string(body), "too many checks") {
		t.Errorf("too many pairs: %d %s", resp.StatusCode, body)
	}
	b, _ = json.Marshal(map[string]any{"robots": "", "agents": []string{"a"}, "urls": []string{"/" + strings.Repeat("x", maxItem)}})
	if resp, body := do(t, "POST", ts.URL+"/api/v1/check", nil, string(b)); resp.StatusCode != 400 || !strings.Contains(string(body), "urls[0] is") {
		t.Errorf("long URL: %d %s", resp.StatusCode, body)
	}
	resp, body = do(t, "GET", ts.URL+"/api/v1/check", nil, "")
	if resp.StatusCode != 405 || resp.Header.Get("Allow") != "POST" || !json.Valid(body) {
		t.Errorf("GET on the API: %d Allow=%q %s", resp.StatusCode, resp.Header.Get("Allow"), body)
	}
	// A large answer is compressed for clients that accept it.
	b, _ = json.Marshal(map[string]any{"robots": seed004, "agents": []string{"ExampleBot"}, "urls": urls})
	resp, _ = do(t, "POST", ts.URL+"/api/v1/check", http.Header{"Accept-Encoding": {"gzip"}}, string(b))
	if resp.Header.Get("Content-Encoding") != "gzip" {
		t.Errorf("a %d-result answer was not compressed", len(urls))
	}
}

// The log has one line per request, and never the request body.
func TestLog(t *testing.T) {
	ts, log := newServer(t, Options{})
	do(t, "GET", ts.URL+"/healthz", nil, "")
	do(t, "POST", ts.URL+"/api/v1/parse", http.Header{"Content-Type": {"text/plain"}}, "User-agent: *\nDisallow: /secret-path-in-body\n")
	do(t, "GET", ts.URL+"/a%0Ab", nil, "")
	lines := strings.Split(strings.TrimRight(log.String(), "\n"), "\n")
	if len(lines) != 3 {
		t.Fatalf("%d log lines for 3 requests:\n%s", len(lines), log)
	}
	for i, want := range []string{" GET /healthz 200 ", " POST /api/v1/parse 200 ", ` GET /a\nb 404 `} {
		if !strings.Contains(lines[i], want) {
			t.Errorf("log line %q lacks %q", lines[i], want)
		}
	}
	if strings.Contains(log.String(), "secret-path-in-body") {
		t.Error("the log holds the request body")
	}
}

// Serve stops when the context ends, after finishing the requests in flight.
func TestServeShutdown(t *testing.T) {
	s, err := New(Options{})
	if err != nil {
		t.Fatal(err)
	}
	slow := make(chan struct{})
	endpoints["/api/v1/slow"] = func(*Server, *request) (any, error) { <-slow; return "done", nil }
	defer delete(endpoints, "/api/v1/slow")
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	served := make(chan error, 1)
	go func() { served <- s.Serve(ctx, ln) }()
	url := "http://" + ln.Addr().String()
	answer := make(chan string, 1)
	go func() {
		resp, err := http.Post(url+"/api/v1/slow", "application/json", strings.NewReader("{}"))
		if err != nil {
			answer <- err.Error()
			return
		}
		b, _ := io.ReadAll(resp.Body)
		resp.Body.Close()
		answer <- string(b)
	}()
	time.Sleep(100 * time.Millisecond) // let the request arrive
	cancel()
	time.Sleep(100 * time.Millisecond)
	if _, err := http.Get(url + "/healthz"); err == nil {
		t.Error("the server accepted a new connection after the context ended")
	}
	close(slow)
	if got := <-answer; got != "\"done\"\n" {
		t.Errorf("the request in flight got %q", got)
	}
	select {
	case err := <-served:
		if err != nil {
			t.Errorf("Serve returned %v", err)
		}
	case <-time.After(5 * time.Second):
		t.Fatal("Serve did not return")
	}
}

// FuzzAPI: any body, any content type, never a 5xx or a body that is not
// JSON.
func FuzzAPI(f *testing.F) {
	for _, c := range apiCases {
		f.Add(c.path, c.ctype, c.body)
	}
	s, err := New(Options{})
	if err != nil {
		f.Fatal(err)
	}
	f.Fuzz(func(t *testing.T, path, ctype, body string) {
		if !strings.HasPrefix(path, "/api/") {
			path = "/api/v1/check?" + path
		}
		req, err := http.NewRequest("POST", "http://x"+path, strings.NewReader(body))
		if err != nil {
			return
		}
		req.Header.Set("Content-Type", ctype)
		w := httptest.NewRecorder()
		s.ServeHTTP(w, req)
		if w.Code >= 500 || !json.Valid(w.Body.Bytes()) {
			t.Fatalf("POST %s (%s) %q: %d %s", path, ctype, body, w.Code, w.Body)
		}
	})
}

func BenchmarkAPICheck(b *testing.B) {
	s, err := New(Options{})
	if err != nil {
		b.Fatal(err)
	}
	body, _ := json.Marshal(map[string]any{"robots": seed004, "agents": []string{"ExampleBot", "OtherBot"}, "urls": []string{"/catalog/item", "/exports/x"}})
	b.ReportAllocs()
	for b.Loop() {
		req := httptest.NewRequest("POST", "/api/v1/check", bytes.NewReader(body))
		w := httptest.NewRecorder()
		s.ServeHTTP(w, req)
		if w.Code != 200 {
			b.Fatal(w.Code)
		}
	}
}
