package fetch_test

import (
	"context"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/robotstxt/robotstxt/fetch"
	"github.com/robotstxt/robotstxt/netguard"
)

// TestOpen: Open fetches the URL itself, through redirects and the guard;
// only a 2xx answer is a Document, every other outcome an error in words.
func TestOpen(t *testing.T) {
	block := make(chan struct{})
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		switch r.URL.Path {
		case "/sitemap.xml":
			io.WriteString(w, "<urlset/>")
		case "/old.xml":
			http.Redirect(w, r, "/sitemap.xml", http.StatusMovedPermanently)
		case "/loop.xml":
			http.Redirect(w, r, "/loop.xml", http.StatusFound)
		case "/slow.xml":
			io.WriteString(w, "<urlset>")
			w.(http.Flusher).Flush()
			<-block
		default:
			http.NotFound(w, r)
		}
	}))
	defer srv.Close()
	defer close(block) // before the server's Close, which waits for the handlers
	f := &fetch.Fetcher{Guard: &netguard.Policy{AllowPrivate: true}, BodyTimeout: 50 * time.Millisecond}
	for _, tt := range []struct {
		path, body, err string
	}{
		{"/sitemap.xml", "<urlset/>", ""},
		{"/old.xml", "<urlset/>", ""},
		{"/missing.xml", "", "HTTP 404"},
		{"/loop.xml", "", "redirect loop"},
		{"/slow.xml", "<urlset>", "the body was not received within 50ms"},
	} {
		doc, err := f.Open(context.Background(), srv.URL+tt.path)
		if err != nil {
			if tt.err == "" || !strings.Contains(err.Error(), tt.err) {
				t.Errorf("Open(%s): %v, want %q", tt.path, err, tt.err)
			}
			continue
		}
		b, err := io.ReadAll(doc.Body)
		doc.Body.Close()
		if string(b) != tt.body || (err == nil) != (tt.err == "") || err != nil && !strings.Contains(err.Error(), tt.err) {
			t.Errorf("Open(%s): body %q, read error %v; want %q, %q", tt.path, b, err, tt.body, tt.err)
		}
	}
	// Without AllowPrivate, loopback is refused and nothing is sent.
	_, err := (&fetch.Fetcher{}).Open(context.Background(), srv.URL+"/sitemap.xml")
	if err == nil || !strings.Contains(err.Error(), "destination refused") {
		t.Errorf("Open on loopback without AllowPrivate: %v, want a refusal", err)
	}
	if _, err := f.Open(context.Background(), "ftp://example.com/s.xml"); err == nil {
		t.Error("Open(ftp://...): no error")
	}
}
