package fetch

import (
	"bytes"
	"compress/gzip"
	"compress/zlib"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/robotstxt/robotstxt/netguard"
)

// All tests talk to servers on 127.0.0.1 only, which the destination guard
// refuses by default: they opt in with AllowPrivate.
var loopback = &netguard.Policy{AllowPrivate: true}

func serve(t *testing.T, h http.HandlerFunc) *httptest.Server {
	t.Helper()
	srv := httptest.NewServer(h)
	t.Cleanup(srv.Close)
	return srv
}

// quick is a Fetcher with short timeouts, so that timeout tests are fast.
func quick() *Fetcher {
	return &Fetcher{UserAgent: "TestBot/1.0", ConnectTimeout: time.Second, HeaderTimeout: 300 * time.Millisecond, BodyTimeout: 300 * time.Millisecond,
		Guard: loopback}
}

func mustFetch(t *testing.T, f *Fetcher, u string) *Policy {
	t.Helper()
	p, err := f.Fetch(context.Background(), u)
	if err != nil {
		t.Fatalf("Fetch(%q): %v", u, err)
	}
	return p
}

const normalFile = "User-agent: *\nDisallow: /private/\n\nUser-agent: TestBot\nAllow: /\n"

// TestStatusMapping covers RFC 9309 section 2.3.1: each HTTP answer maps to
// one status.
func TestStatusMapping(t *testing.T) {
	tests := []struct {
		name       string
		ref        string
		code       int
		header     map[string]string
		body       string
		status     Status
		retryAfter time.Duration
	}{
		{"200 normal file", "RFC9309 2.3.1.1", 200, nil, normalFile, Success, 0},
		{"200 empty file", "RFC9309 2.3.1.1", 200, nil, "", Success, 0},
		{"204 no content", "RFC9309 2.3.1.1", 204, nil, "", Success, 0},
		{"404 not found", "RFC9309 2.3.1.3", 404, nil, "not here", Unavailable, 0},
		{"401 unauthorized", "RFC9309 2.3.1.3", 401, nil, "", Unavailable, 0},
		{"403 forbidden", "RFC9309 2.3.1.3", 403, nil, "", Unavailable, 0},
		{"410 gone", "RFC9309 2.3.1.3", 410, nil, "", Unavailable, 0},
		{"429 with Retry-After seconds", "google", 429, map[string]string{"Retry-After": "120"}, "slow down", RateLimited, 2 * time.Minute},
		{"429 with Retry-After date", "google", 429, map[string]string{"Retry-After": "Wed, 21 Oct 2015 07:30:00 GMT", "Date": "Wed, 21 Oct 2015 07:28:00 GMT"}, "", RateLimited, 2 * time.Minute},
		{"429 without Retry-After", "google", 429, nil, "", RateLimited, 0},
		{"500 internal error", "RFC9309 2.3.1.4", 500, nil, "oops", Unreachable, 0},
		{"503 with Retry-After", "RFC9309 2.3.1.4", 503, map[string]string{"Retry-After": "30"}, "", Unreachable, 30 * time.Second},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var ua string
			srv := serve(t, func(w http.ResponseWriter, r *http.Request) {
				if r.URL.Path != "/robots.txt" {
					t.Errorf("requested %s, want /robots.txt", r.URL.Path)
				}
				ua = r.Header.Get("User-Agent")
				for k, v := range tt.header {
					w.Header().Set(k, v)
				}
				w.WriteHeader(tt.code)
				io.WriteString(w, tt.body)
			})
			p := mustFetch(t, quick(), srv.URL+"/some/page?q=1")
			if p.Status != tt.status || p.HTTPStatus != tt.code {
				t.Fatalf("%s (%s): got %s (HTTP %d), want %s (HTTP %d); detail %q", tt.name, tt.ref, p.Status, p.HTTPStatus, tt.status, tt.code, p.Detail)
			}
			if ua != "TestBot/1.0" {
				t.Errorf("User-Agent sent: %q", ua)
			}
			if p.RetryAfter != tt.retryAfter {
				t.Errorf("RetryAfter = %v, want %v", p.RetryAfter, tt.retryAfter)
			}
			if p.URL != srv.URL+"/robots.txt" || p.FinalURL != p.URL {
				t.Errorf("URL %q final %q", p.URL, p.FinalURL)
			}
			switch tt.status {
			case Success:
				if string(p.Body) != tt.body || p.Robots() == nil || p.Digest == "" {
					t.Errorf("body %q, robots %v, digest %q", p.Body, p.Robots(), p.Digest)
				}
			default:
				// Only a 2xx body is a policy: never an invented (empty) file.
				if p.Body != nil || p.Robots() != nil || p.Digest != "" {
					t.Errorf("%s: kept a body %q / robots / digest %q", tt.status, p.Body, p.Digest)
				}
			}
			if tt.status == Unreachable && p.Err == nil {
				t.Error("Unreachable without Err")
			}
		})
	}
}

func TestNormalFile(t *testing.T) {
	srv := serve(t, func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/plain")
		io.WriteString(w, normalFile)
	})
	p := mustFetch(t, quick(), srv.URL)
	r := p.Robots()
	if len(r.Groups) != 2 || r.Allowed("OtherBot", "/private/x") || !r.Allowed("TestBot", "/private/x") {
		t.Errorf("parsed %+v", r.Groups)
	}
	if p.HTML || p.Binary || p.Truncated {
		t.Errorf("flags html=%v binary=%v truncated=%v", p.HTML, p.Binary, p.Truncated)
	}
	if p.MaxAge >= 0 {
		t.Errorf("MaxAge = %v without Cache-Control", p.MaxAge)
	}
}

func TestDigestIsSHA256OfBody(t *testing.T) {
	const body = "User-agent: *\nDisallow: /\n"
	srv := serve(t, func(w http.ResponseWriter, r *http.Request) { io.WriteString(w, body) })
	p := mustFetch(t, quick(), srv.URL)
	sum := sha256.Sum256([]byte(body))
	if want := "sha256:" + hex.EncodeToString(sum[:]); p.Digest != want {
		t.Errorf("digest %q, want %q", p.Digest, want)
	}
}

func TestHTMLBodyParsedAndFlagged(t *testing.T) {
	page := "<!DOCTYPE html>\n<html><body>\nDisallow: /x\n</body></html>\n"
	srv := serve(t, func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/html; charset=utf-8")
		io.WriteString(w, page)
	})
	p := mustFetch(t, quick(), srv.URL)
	if p.Status != Success || !p.HTML || p.Binary {
		t.Fatalf("status %s html %v binary %v", p.Status, p.HTML, p.Binary)
	}
	if p.Robots().Lines != 4 {
		t.Errorf("HTML body not parsed line by line: %d lines", p.Robots().Lines)
	}
	// Sniffed from the content when the Content-Type says text/plain.
	srv2 := serve(t, func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/plain")
		io.WriteString(w, "  <html><head><title>Welcome</title></head></html>")
	})
	if p := mustFetch(t, quick(), srv2.URL); !p.HTML {
		t.Error("HTML content behind text/plain not flagged")
	}
}

func TestBinaryBodyParsedAndFlagged(t *testing.T) {
	srv := serve(t, func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "application/octet-stream")
		w.Write([]byte("\x89PNG\r\n\x1a\n\x00\x00\nUser-agent: *\nDisallow: /b\n"))
	})
	p := mustFetch(t, quick(), srv.URL)
	if p.Status != Success || !p.Binary {
		t.Fatalf("status %s binary %v", p.Status, p.Binary)
	}
	if p.Robots().Allowed("x", "/b") {
		t.Error("the lines after the binary header were not parsed")
	}
}

// TestLargeFile: a 600 KiB file is read up to the limit (RFC 9309 section
// 2.5) and no further.
func TestLargeFile(t *testing.T) {
	var sent atomic.Int64
	var b strings.Builder
	b.WriteString("User-agent: *\n")
	for i := 0; b.Len() < 600<<10; i++ {
		fmt.Fprintf(&b, "Disallow: /dir-%06d/\n", i)
	}
	body := b.String()
	srv := serve(t, func(w http.ResponseWriter, r *http.Request) {
		// Write in chunks so that an over-reading client would be seen.
		for i := 0; i < len(body); i += 16 << 10 {
			n, err := io.WriteString(w, body[i:min(i+16<<10, len(body))])
			sent.Add(int64(n))
			if err != nil {
				return
			}
		}
	})
	p := mustFetch(t, quick(), srv.URL)
	const limit = 500 << 10
	if p.Status != Success || !p.Truncated || len(p.Body) != limit {
		t.Fatalf("status %s truncated %v body %d bytes", p.Status, p.Truncated, len(p.Body))
	}
	r := p.Robots()
	if !r.Truncated || r.Parsed > limit {
		t.Errorf("robots truncated %v parsed %d", r.Truncated, r.Parsed)
	}
	// The kept bytes end in the middle of a rule; that rule is dropped.
	last := r.Groups[0].Rules[len(r.Groups[0].Rules)-1]
	if !strings.HasSuffix(last.Pattern, "/") {
		t.Errorf("last rule %q was cut", last.Pattern)
	}
	if r.Allowed("x", "/dir-000000/") {
		t.Error("first rule not applied")
	}
	// Parsing the kept bytes again (as a cache would) gives the same rules.
	again := ParseBody(p.Body, p.Truncated)
	if again.Parsed != r.Parsed || again.Lines != r.Lines {
		t.Errorf("re-parse: parsed %d lines %d, first parse %d, %d", again.Parsed, again.Lines, r.Parsed, r.Lines)
	}
}

func TestTruncationAtLineEnd(t *testing.T) {
	tests := []struct {
		body      string
		limit     int
		truncated bool
		patterns  []string
	}{
		// 41 bytes: 14 + 13 + 14.
		{"User-agent: *\nDisallow: /a\nDisallow: /bc\n", 41, false, []string{"/a", "/bc"}},
		// The limit falls inside "/bc": that line is dropped.
		{"User-agent: *\nDisallow: /a\nDisallow: /bc\n", 39, true, []string{"/a"}},
		// The limit falls just after "/bc", before its line end: dropped too,
		// as the kept bytes cannot show the line was whole.
		{"User-agent: *\nDisallow: /a\nDisallow: /bc\n", 40, true, []string{"/a"}},
		// The line end is the last kept byte: the line is whole.
		{"User-agent: *\nDisallow: /a\nDisallow: /bc\nDisallow: /d\n", 41, true, []string{"/a", "/bc"}},
	}
	for _, tt := range tests {
		srv := serve(t, func(w http.ResponseWriter, r *http.Request) { io.WriteString(w, tt.body) })
		f := quick()
		f.MaxBytes = tt.limit
		p := mustFetch(t, f, srv.URL)
		var got []string
		for _, g := range p.Robots().Groups {
			for _, r := range g.Rules {
				got = append(got, r.Pattern)
			}
		}
		if p.Truncated != tt.truncated || fmt.Sprint(got) != fmt.Sprint(tt.patterns) {
			t.Errorf("limit %d on %q: truncated %v rules %q; want %v %q", tt.limit, tt.body, p.Truncated, got, tt.truncated, tt.patterns)
		}
	}
}

func TestContentEncodings(t *testing.T) {
	var gz, zl bytes.Buffer
	zw := gzip.NewWriter(&gz)
	io.WriteString(zw, normalFile)
	zw.Close()
	zlw := zlib.NewWriter(&zl)
	io.WriteString(zlw, normalFile)
	zlw.Close()
	tests := []struct {
		enc    string
		body   []byte
		status Status
	}{
		{"gzip", gz.Bytes(), Success},
		{"deflate", zl.Bytes(), Success},
		{"identity", []byte(normalFile), Success},
		// Unknown encodings cannot be read: never parse them as empty.
		{"br", []byte("\x1b\x2c\x00\x00"), Unreachable},
		// A corrupt gzip stream is a failed read.
		{"gzip", []byte("not gzip at all"), Unreachable},
	}
	for _, tt := range tests {
		var accept string
		srv := serve(t, func(w http.ResponseWriter, r *http.Request) {
			accept = r.Header.Get("Accept-Encoding")
			w.Header().Set("Content-Encoding", tt.enc)
			w.Write(tt.body)
		})
		p := mustFetch(t, quick(), srv.URL)
		if p.Status != tt.status {
			t.Errorf("%s: status %s (%s), want %s", tt.enc, p.Status, p.Detail, tt.status)
			continue
		}
		if !strings.Contains(accept, "gzip") {
			t.Errorf("Accept-Encoding %q", accept)
		}
		if tt.status == Success && string(p.Body) != normalFile {
			t.Errorf("%s: body %q", tt.enc, p.Body)
		}
	}
}

// TestGzipLimitOnDecodedBytes: the limit applies to the decoded body, so a
// small compressed body cannot expand past it.
func TestGzipLimitOnDecodedBytes(t *testing.T) {
	var gz bytes.Buffer
	zw := gzip.NewWriter(&gz)
	io.WriteString(zw, "User-agent: *\n")
	zw.Write(bytes.Repeat([]byte("# padding padding padding padding\n"), 100000)) // 3.4 MB decoded
	zw.Close()
	srv := serve(t, func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Encoding", "gzip")
		w.Write(gz.Bytes())
	})
	p := mustFetch(t, quick(), srv.URL)
	if p.Status != Success || !p.Truncated || len(p.Body) != 500<<10 {
		t.Errorf("status %s truncated %v len %d", p.Status, p.Truncated, len(p.Body))
	}
}

// chain serves a redirect chain: /robots.txt -> /r1 -> ... -> /r(n-1) -> /final.
func chain(t *testing.T, hops int, code int) *httptest.Server {
	return serve(t, func(w http.ResponseWriter, r *http.Request) {
		var i int
		switch {
		case r.URL.Path == "/robots.txt":
			i = 0
		case r.URL.Path == "/final":
			io.WriteString(w, "User-agent: *\nDisallow: /chained\n")
			return
		default:
			fmt.Sscanf(r.URL.Path, "/r%d", &i)
		}
		next := fmt.Sprintf("/r%d", i+1)
		if i+1 == hops {
			next = "/final"
		}
		http.Redirect(w, r, next, code)
	})
}

// TestRedirectChains: RFC 9309 section 2.3.1.2, at least five redirects
// are followed; more is too many, treated as unavailable.
func TestRedirectChains(t *testing.T) {
	tests := []struct {
		hops   int
		max    int
		status Status
	}{
		{1, 0, Success},
		{5, 0, Success},
		{6, 0, TooManyRedirects},
		{6, 6, Success},
		{1, -1, TooManyRedirects},
	}
	for _, tt := range tests {
		srv := chain(t, tt.hops, http.StatusMovedPermanently)
		f := quick()
		f.MaxRedirects = tt.max
		p := mustFetch(t, f, srv.URL+"/page")
		if p.Status != tt.status {
			t.Errorf("%d hops, max %d: %s (%s), want %s", tt.hops, tt.max, p.Status, p.Detail, tt.status)
			continue
		}
		wantHops := tt.hops
		if tt.status == TooManyRedirects {
			wantHops = min(tt.hops, max(tt.max, 0)+1)
			if tt.max == 0 {
				wantHops = 6
			}
		}
		if len(p.Redirects) != wantHops {
			t.Errorf("%d hops: recorded %d: %+v", tt.hops, len(p.Redirects), p.Redirects)
		}
		if p.URL != srv.URL+"/robots.txt" || p.Redirects[0].URL != p.URL {
			t.Errorf("policy URL %q, first hop %+v", p.URL, p.Redirects[0])
		}
		for i := 1; i < len(p.Redirects); i++ {
			if p.Redirects[i].URL != p.Redirects[i-1].Location {
				t.Errorf("hop %d starts at %q, previous led to %q", i, p.Redirects[i].URL, p.Redirects[i-1].Location)
			}
		}
		if tt.status == Success {
			if p.FinalURL != srv.URL+"/final" || p.Robots().Allowed("x", "/chained") {
				t.Errorf("final %q", p.FinalURL)
			}
			if p.Origin != strings.ToLower(srv.URL) {
				t.Errorf("origin %q", p.Origin)
			}
		} else if p.Robots() != nil || p.Body != nil {
			t.Error("too many redirects kept a body")
		}
	}
}

func TestRedirectLoop(t *testing.T) {
	srv := serve(t, func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Path == "/robots.txt" {
			http.Redirect(w, r, "/a", http.StatusFound)
		} else {
			http.Redirect(w, r, "/robots.txt", http.StatusFound)
		}
	})
	p := mustFetch(t, quick(), srv.URL)
	if p.Status != TooManyRedirects || len(p.Redirects) != 2 || !strings.Contains(p.Detail, "loop") {
		t.Errorf("status %s hops %d detail %q", p.Status, len(p.Redirects), p.Detail)
	}
}

// TestRedirectAcrossOrigins: the rules found on another origin are the
// policy of the original origin (RFC 9309 section 2.3.1.2).
func TestRedirectAcrossOrigins(t *testing.T) {
	other := serve(t, func(w http.ResponseWriter, r *http.Request) {
		io.WriteString(w, "User-agent: *\nDisallow: /from-other\n")
	})
	first := serve(t, func(w http.ResponseWriter, r *http.Request) {
		http.Redirect(w, r, other.URL+"/shared/robots.txt", http.StatusMovedPermanently)
	})
	p := mustFetch(t, quick(), first.URL+"/x")
	if p.Status != Success || p.Origin != first.URL || p.FinalURL != other.URL+"/shared/robots.txt" {
		t.Fatalf("status %s origin %q final %q", p.Status, p.Origin, p.FinalURL)
	}
	if p.Robots().Allowed("x", "/from-other") {
		t.Error("rules of the redirect target not applied")
	}
}

func TestRedirectOddities(t *testing.T) {
	tests := []struct {
		name   string
		h      http.HandlerFunc
		status Status
		final  string
	}{
		{"relative location", func(w http.ResponseWriter, r *http.Request) {
			if r.URL.Path == "/robots.txt" {
				w.Header().Set("Location", "sub/robots.txt")
				w.WriteHeader(http.StatusFound)
				return
			}
			io.WriteString(w, "User-agent: *\n")
		}, Success, "/sub/robots.txt"},
		{"non-http scheme", func(w http.ResponseWriter, r *http.Request) {
			w.Header().Set("Location", "ftp://files.example/robots.txt")
			w.WriteHeader(http.StatusMovedPermanently)
		}, Unavailable, "/robots.txt"},
		{"no location", func(w http.ResponseWriter, r *http.Request) {
			w.WriteHeader(http.StatusFound)
		}, Unavailable, "/robots.txt"},
		{"304 without a request for it", func(w http.ResponseWriter, r *http.Request) {
			w.WriteHeader(http.StatusNotModified)
		}, Unavailable, "/robots.txt"},
	}
	for _, tt := range tests {
		srv := serve(t, tt.h)
		p := mustFetch(t, quick(), srv.URL)
		if p.Status != tt.status || p.FinalURL != srv.URL+tt.final {
			t.Errorf("%s: status %s (%s) final %q", tt.name, p.Status, p.Detail, p.FinalURL)
		}
	}
}

func TestConnectionRefused(t *testing.T) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	addr := ln.Addr().String()
	ln.Close()
	p := mustFetch(t, quick(), "http://"+addr+"/")
	if p.Status != Unreachable || p.Detail != "connection refused" || p.HTTPStatus != 0 {
		t.Errorf("status %s detail %q http %d", p.Status, p.Detail, p.HTTPStatus)
	}
	var fe *Error
	if !errors.As(p.Err, &fe) || fe.Op != "get" {
		t.Errorf("Err = %v", p.Err)
	}
}

// silent accepts connections and never answers.
func silent(t *testing.T) string {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	done := make(chan struct{})
	go func() {
		var conns []net.Conn
		defer func() {
			for _, c := range conns {
				c.Close()
			}
		}()
		for {
			c, err := ln.Accept()
			if err != nil {
				return
			}
			conns = append(conns, c)
			select {
			case <-done:
				return
			default:
			}
		}
	}()
	t.Cleanup(func() { close(done); ln.Close() })
	return ln.Addr().String()
}

func TestServerNeverAnswers(t *testing.T) {
	addr := silent(t)
	// The detail names the header timeout as what ended the fetch; no bound
	// on the clock, which a loaded machine stretches (issue 25).
	p := mustFetch(t, quick(), "http://"+addr+"/")
	if p.Status != Unreachable || !strings.Contains(p.Detail, "no response headers within 300ms") {
		t.Errorf("status %s detail %q", p.Status, p.Detail)
	}
}

func TestSlowBody(t *testing.T) {
	const lines = 100 // one each 50ms: 5 s, against the body's 300ms
	var wrote atomic.Int32
	handled := make(chan struct{})
	srv := serve(t, func(w http.ResponseWriter, r *http.Request) {
		defer close(handled)
		io.WriteString(w, "User-agent: *\n")
		w.(http.Flusher).Flush()
		for i := 0; i < lines; i++ {
			select {
			case <-r.Context().Done():
				return
			case <-time.After(50 * time.Millisecond):
			}
			io.WriteString(w, "Disallow: /slow\n")
			w.(http.Flusher).Flush()
			wrote.Add(1)
		}
	})
	p := mustFetch(t, quick(), srv.URL)
	if p.Status != Unreachable || !strings.Contains(p.Detail, "body was not received within 300ms") {
		t.Errorf("status %s detail %q", p.Status, p.Detail)
	}
	// Never a partial file.
	if p.Body != nil || p.Robots() != nil {
		t.Error("kept part of a slow body")
	}
	// The fetch hung up long before the server was done: counted in the
	// server's own steps, not on the clock, which load stretches for both.
	<-handled
	if n := wrote.Load(); n > lines/2 {
		t.Errorf("the server wrote %d of its %d lines before the fetch gave up at 300ms (about 6 expected)", n, lines)
	}
}

func TestBodyCutShort(t *testing.T) {
	srv := serve(t, func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Length", "1000")
		io.WriteString(w, "User-agent: *\nDisallow: /")
		// The handler returns early: the connection closes mid-body.
	})
	p := mustFetch(t, quick(), srv.URL)
	if p.Status != Unreachable || p.Body != nil {
		t.Errorf("status %s detail %q body %q", p.Status, p.Detail, p.Body)
	}
}

// TestDNSFailure resolves through a DNS server address on 127.0.0.1 where
// nothing listens, so the lookup fails without leaving the machine.
func TestDNSFailure(t *testing.T) {
	ln, err := net.ListenPacket("udp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	dnsAddr := ln.LocalAddr().String()
	ln.Close()
	f := quick()
	f.Resolver = &net.Resolver{PreferGo: true, Dial: func(ctx context.Context, network, _ string) (net.Conn, error) {
		var d net.Dialer
		return d.DialContext(ctx, "tcp", dnsAddr)
	}}
	p := mustFetch(t, f, "http://robots-test.invalid/")
	if p.Status != Unreachable || !strings.HasPrefix(p.Detail, "DNS") {
		t.Errorf("status %s detail %q", p.Status, p.Detail)
	}
}

func TestContextCancelIsNotAPolicy(t *testing.T) {
	addr := silent(t)
	ctx, cancel := context.WithTimeout(context.Background(), 50*time.Millisecond)
	defer cancel()
	f := quick()
	f.HeaderTimeout = 5 * time.Second
	p, err := f.Fetch(ctx, "http://"+addr+"/")
	if err == nil || p != nil || !errors.Is(err, context.DeadlineExceeded) {
		t.Errorf("got %v, %v; want no policy and the context's error", p, err)
	}
}

func TestCacheControl(t *testing.T) {
	tests := []struct {
		header string
		want   time.Duration
	}{
		{"", -1},
		{"max-age=3600", time.Hour},
		{"public, max-age=60", time.Minute},
		{`max-age="120"`, 2 * time.Minute},
		{"no-cache", 0},
		{"no-store, max-age=100", 0},
		{"max-age=abc", -1},
		{"max-age=-5", -1},
	}
	for _, tt := range tests {
		h := http.Header{}
		if tt.header != "" {
			h.Set("Cache-Control", tt.header)
		}
		if got := maxAge(h); got != tt.want {
			t.Errorf("maxAge(%q) = %v, want %v", tt.header, got, tt.want)
		}
	}
}

func TestRetryAfter(t *testing.T) {
	now := time.Date(2015, 10, 21, 7, 28, 0, 0, time.UTC)
	tests := []struct {
		value, date string
		want        time.Duration
	}{
		{"", "", 0},
		{"120", "", 2 * time.Minute},
		{"0", "", 0},
		{"-3", "", 0},
		{"Wed, 21 Oct 2015 07:30:00 GMT", "", 2 * time.Minute},
		{"Wed, 21 Oct 2015 07:30:00 GMT", "Wed, 21 Oct 2015 07:29:00 GMT", time.Minute},
		{"Wed, 21 Oct 2015 07:00:00 GMT", "", 0},
		{"soon", "", 0},
	}
	for _, tt := range tests {
		h := http.Header{}
		h.Set("Retry-After", tt.value)
		if tt.date != "" {
			h.Set("Date", tt.date)
		}
		if got := retryAfter(h, now); got != tt.want {
			t.Errorf("retryAfter(%q, Date %q) = %v, want %v", tt.value, tt.date, got, tt.want)
		}
	}
}

func TestOrigin(t *testing.T) {
	tests := []struct {
		in, want, err string
	}{
		{"https://example.com/a/b?c#d", "https://example.com", ""},
		{"HTTPS://Example.COM:443/", "https://example.com", ""},
		{"http://example.com:80", "http://example.com", ""},
		{"http://example.com:8080/x", "http://example.com:8080", ""},
		{"https://example.com:80/", "https://example.com:80", ""},
		{"http://user:pw@example.com/", "http://example.com", ""},
		{"http://[::1]:8080/", "http://[::1]:8080", ""},
		{"http://[::1]/", "http://[::1]", ""},
		{"http://example.com:/", "http://example.com", ""},
		{"http://127.0.0.1:0080/", "http://127.0.0.1", ""},
		{"ftp://example.com/", "", `scheme "ftp" is not http or https`},
		{"/just/a/path", "", "not an absolute URL"},
		{"example.com/x", "", "not an absolute URL"},
		{"http:///x", "", "no host"},
		{"http://example.com:99999/", "", "invalid port"},
		{"http://exa mple.com/", "", "invalid character"},
		// One key per host however it is spelled: IDN in punycode (UTS #46
		// non-transitional, as browsers), no trailing dot.
		{"https://example.com./x", "https://example.com", ""},
		{"https://EXAMPLE.com.:443/", "https://example.com", ""},
		{"https://bücher.example/", "https://xn--bcher-kva.example", ""},
		{"https://BÜCHER.example./", "https://xn--bcher-kva.example", ""},
		{"https://xn--bcher-kva.example/", "https://xn--bcher-kva.example", ""},
		{"https://XN--BCHER-KVA.example/", "https://xn--bcher-kva.example", ""},
		{"https://faß.de/", "https://xn--fa-hia.de", ""},    // non-transitional: ß stays
		{"https://ｅｘａｍｐｌｅ.com/", "https://example.com", ""}, // full-width letters map
		{"https://b%C3%BCcher.example/", "https://xn--bcher-kva.example", ""},
		{"http://my_host.example/", "http://my_host.example", ""}, // underscores occur
		{"http://[::FFFF:127.0.0.1]/", "http://[::ffff:127.0.0.1]", ""},
		{"http://./", "", "no host"},
		{"http://[fe80::1%25eth0]/", "", "zone"},
		{"https://xn--a.example/", "", "invalid host name"},
	}
	for _, tt := range tests {
		got, err := Origin(tt.in)
		if tt.err != "" {
			if err == nil || !strings.Contains(err.Error(), tt.err) {
				t.Errorf("Origin(%q) = %q, %v; want error %q", tt.in, got, err, tt.err)
			}
			continue
		}
		if err != nil || got != tt.want {
			t.Errorf("Origin(%q) = %q, %v; want %q", tt.in, got, err, tt.want)
		}
	}
	if _, err := (&Fetcher{}).Fetch(context.Background(), "mailto:x@example.com"); err == nil {
		t.Error("Fetch of a mailto URL did not fail")
	} else if fe := (*Error)(nil); !errors.As(err, &fe) || fe.Op != "origin" {
		t.Errorf("error %v is not an *Error with Op origin", err)
	}
}

func TestSniff(t *testing.T) {
	tests := []struct {
		ct, body     string
		html, binary bool
	}{
		{"text/plain", "User-agent: *\n", false, false},
		{"text/html", "User-agent: *\n", true, false},
		{"", "\xEF\xBB\xBF<!doctype html><p>", true, false},
		{"", "\n\n  <HTML>", true, false},
		{"", "User-agent: *\tx\r\n\f", false, false},
		{"", "a\x00b", false, true},
		{"", "caf\xe9 latin-1 is text", false, false},
	}
	for _, tt := range tests {
		h, b := sniff(tt.ct, []byte(tt.body))
		if h != tt.html || b != tt.binary {
			t.Errorf("sniff(%q, %q) = %v, %v; want %v, %v", tt.ct, tt.body, h, b, tt.html, tt.binary)
		}
	}
}

func BenchmarkFetch(b *testing.B) {
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) { io.WriteString(w, normalFile) }))
	defer srv.Close()
	f := &Fetcher{Guard: loopback}
	b.ReportAllocs()
	for b.Loop() {
		if _, err := f.Fetch(context.Background(), srv.URL); err != nil {
			b.Fatal(err)
		}
	}
}

// FuzzOrigin: Origin never panics, and an origin is its own origin.
func FuzzOrigin(f *testing.F) {
	for _, s := range []string{"https://example.com/a", "HTTP://[::1]:80/", "http://a:b@h:8080", "ftp://x", "http://%41/", "http://h:0/"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		o, err := Origin(s)
		if err != nil {
			return
		}
		o2, err := Origin(o)
		if err != nil || o2 != o {
			t.Fatalf("Origin(%q) = %q, whose origin is %q, %v", s, o, o2, err)
		}
		if !strings.HasPrefix(o, "http://") && !strings.HasPrefix(o, "https://") {
			t.Fatalf("Origin(%q) = %q", s, o)
		}
	})
}

// FuzzHeaders: the Cache-Control and Retry-After readers never panic and
// never give a negative wait.
func FuzzHeaders(f *testing.F) {
	f.Add("max-age=60, no-cache", "120")
	f.Add(`max-age="9999999999999"`, "Wed, 21 Oct 2015 07:28:00 GMT")
	f.Fuzz(func(t *testing.T, cc, ra string) {
		h := http.Header{}
		h.Set("Cache-Control", cc)
		h.Set("Retry-After", ra)
		if a := maxAge(h); a < -1 {
			t.Fatalf("maxAge(%q) = %v", cc, a)
		}
		if d := retryAfter(h, time.Now()); d < 0 {
			t.Fatalf("retryAfter(%q) = %v", ra, d)
		}
	})
}
