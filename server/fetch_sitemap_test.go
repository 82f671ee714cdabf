package server

import (
	"bytes"
	"compress/gzip"
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync/atomic"
	"testing"

	"github.com/robotstxt/robotstxt/fetch"
	"github.com/robotstxt/robotstxt/netguard"
)

// TestFetchSitemap: POST /api/v1/sitemap passes a sitemap's bytes on as
// the site sends them (a .gz file still gzipped, for the page's reader to
// tell by content; a Content-Encoding undone), after redirects, cut at
// the size bound; a failed fetch is a 502 with the reason; a URL that is
// not a sitemap's address a 400; the guard refuses loopback unless told;
// nothing is fetched without --allow-fetch.
func TestFetchSitemap(t *testing.T) {
	var gz bytes.Buffer
	zw := gzip.NewWriter(&gz)
	zw.Write([]byte("https://a.example/1\n"))
	zw.Close()
	var hits atomic.Int32
	origin := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		hits.Add(1)
		switch r.URL.Path {
		case "/sitemap.xml":
			w.Write([]byte("<urlset/>\n"))
		case "/old.xml":
			http.Redirect(w, r, "/sitemap.xml", http.StatusMovedPermanently)
		case "/s.txt.gz":
			w.Write(gz.Bytes())
		case "/encoded.txt":
			w.Header().Set("Content-Encoding", "gzip")
			w.Write(gz.Bytes())
		case "/big.txt":
			w.Write(bytes.Repeat([]byte("x"), 5000))
		default:
			http.NotFound(w, r)
		}
	}))
	t.Cleanup(origin.Close)
	old := maxSitemapBody
	maxSitemapBody = 1000
	t.Cleanup(func() { maxSitemapBody = old })
	allow := Options{Fetch: &FetchOptions{Fetcher: &fetch.Fetcher{Guard: &netguard.Policy{AllowPrivate: true}}}}
	for _, tt := range []struct {
		name   string
		opts   Options
		ctype  string
		url    string
		status int
		body   string // the body for 200, a part of the error otherwise
	}{
		{"a sitemap", allow, "application/json", origin.URL + "/sitemap.xml", 200, "<urlset/>\n"},
		{"after a redirect", allow, "application/json", origin.URL + "/old.xml", 200, "<urlset/>\n"},
		{"a .gz file as it is", allow, "application/json", origin.URL + "/s.txt.gz", 200, gz.String()},
		{"Content-Encoding undone", allow, "application/json", origin.URL + "/encoded.txt", 200, "https://a.example/1\n"},
		{"cut at the bound", allow, "application/json", origin.URL + "/big.txt", 200, strings.Repeat("x", 1000)},
		{"the site's 404", allow, "application/json", origin.URL + "/gone.xml", 502, "HTTP 404"},
		{"a doubled scheme", allow, "application/json", "https://https://example.com/sitemap.xml", 400, "not a sitemap's address"},
		{"not http", allow, "application/json", "ftp://example.com/sitemap.xml", 400, "not a sitemap's address"},
		{"JSON only", allow, "text/plain", origin.URL + "/sitemap.xml", 415, ""},
		{"loopback refused by default", Options{Fetch: &FetchOptions{}}, "application/json", origin.URL + "/sitemap.xml", 502, "loopback"},
		{"off unless --allow-fetch", Options{}, "application/json", origin.URL + "/sitemap.xml", 404, "--allow-fetch"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			ts, _ := newServer(t, tt.opts)
			b, _ := json.Marshal(map[string]string{"url": tt.url})
			before := hits.Load()
			resp, body := do(t, "POST", ts.URL+"/api/v1/sitemap", http.Header{"Content-Type": {tt.ctype}}, string(b))
			if resp.StatusCode != tt.status {
				t.Fatalf("status %d, want %d: %s", resp.StatusCode, tt.status, body)
			}
			if tt.status == 200 {
				if string(body) != tt.body || resp.Header.Get("Content-Type") != "application/octet-stream" {
					t.Errorf("body %q (%s), want %q as application/octet-stream", body, resp.Header.Get("Content-Type"), tt.body)
				}
				return
			}
			var e struct{ Error string }
			if json.Unmarshal(body, &e) != nil || !strings.Contains(e.Error, tt.body) {
				t.Errorf("error %s, want one saying %q", body, tt.body)
			}
			if tt.name != "the site's 404" && hits.Load() != before {
				t.Errorf("the origin was asked: %d requests", hits.Load()-before)
			}
		})
	}
}
