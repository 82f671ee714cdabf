package server

import (
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"sync/atomic"
	"testing"

	"github.com/robotstxt/robotstxt/fetch"
	"github.com/robotstxt/robotstxt/netguard"
)

// origin serves a robots.txt at /robots.txt, behind a redirect from
// /old/robots.txt, and counts its requests.
func fetchOrigin(t *testing.T, body string) (*httptest.Server, *atomic.Int32) {
	t.Helper()
	var n atomic.Int32
	ts := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		n.Add(1)
		switch r.URL.Path {
		case "/robots.txt":
			w.Header().Set("Content-Type", "text/plain")
			w.Header().Set("Cache-Control", "max-age=3600")
			w.Write([]byte(body))
		default:
			http.NotFound(w, r)
		}
	}))
	t.Cleanup(ts.Close)
	return ts, &n
}

func postFetch(t *testing.T, base, url string) (*http.Response, fetchAnswer, string) {
	t.Helper()
	b, _ := json.Marshal(map[string]string{"url": url})
	resp, body := do(t, "POST", base+"/api/v1/fetch", http.Header{"Content-Type": {"application/json"}}, string(b))
	ans := fetchAnswer{Policy: new(fetch.Policy)}
	if resp.StatusCode == http.StatusOK {
		if err := json.Unmarshal(body, &ans); err != nil {
			t.Fatalf("not a fetch answer: %v\n%s", err, body)
		}
	}
	return resp, ans, string(body)
}

func TestFetchFromSite(t *testing.T) {
	const robots = "User-agent: *\r\nDisallow: /private/\r\n"
	origin, hits := fetchOrigin(t, robots)
	ts, _ := newServer(t, Options{Fetch: &FetchOptions{Fetcher: &fetch.Fetcher{Guard: &netguard.Policy{AllowPrivate: true}}}})

	resp, ans, body := postFetch(t, ts.URL, origin.URL+"/some/page?q=1")
	if resp.StatusCode != http.StatusOK {
		t.Fatalf("status %d: %s", resp.StatusCode, body)
	}
	if ans.Status != fetch.Success || ans.HTTPStatus != 200 || string(ans.Body) != robots || ans.URL != origin.URL+"/robots.txt" {
		t.Errorf("answer %s %d %q from %s: want the file's bytes as they are (CRLF kept) from %s/robots.txt", ans.Status, ans.HTTPStatus, ans.Body, ans.URL, origin.URL)
	}
	if ans.MaxAgeSeconds != 3600 {
		t.Errorf("maxAgeSeconds = %v, want the origin's max-age 3600", ans.MaxAgeSeconds)
	}
	// A second request within a minute reuses the answer: the page cannot
	// make the server fetch one site again and again.
	_, again, _ := postFetch(t, ts.URL, origin.URL+"/")
	if !again.Reused || hits.Load() != 1 {
		t.Errorf("second fetch: reused=%v, origin saw %d requests; want reused and 1", again.Reused, hits.Load())
	}
}

func TestFetchFromSiteGuards(t *testing.T) {
	origin, hits := fetchOrigin(t, "User-agent: *\nDisallow: /\n")
	for _, tt := range []struct {
		name   string
		opts   Options
		ctype  string
		url    string
		status int
		want   fetch.Status // for 200 answers
	}{
		{"off unless --allow-fetch", Options{}, "application/json", origin.URL, http.StatusNotFound, ""},
		{"loopback refused by default", Options{Fetch: &FetchOptions{}}, "application/json", origin.URL, http.StatusOK, fetch.Refused},
		{"link-local (cloud metadata) refused", Options{Fetch: &FetchOptions{}}, "application/json", "http://169.254.169.254/latest/", http.StatusOK, fetch.Refused},
		{"not a URL", Options{Fetch: &FetchOptions{}}, "application/json", "not a url", http.StatusBadRequest, ""},
		{"not http", Options{Fetch: &FetchOptions{}}, "application/json", "ftp://example.com/", http.StatusBadRequest, ""},
		{"JSON only (no cross-site form posts)", Options{Fetch: &FetchOptions{}}, "text/plain", origin.URL, http.StatusUnsupportedMediaType, ""},
	} {
		t.Run(tt.name, func(t *testing.T) {
			ts, _ := newServer(t, tt.opts)
			b, _ := json.Marshal(map[string]string{"url": tt.url})
			resp, body := do(t, "POST", ts.URL+"/api/v1/fetch", http.Header{"Content-Type": {tt.ctype}}, string(b))
			if resp.StatusCode != tt.status {
				t.Fatalf("status %d, want %d: %s", resp.StatusCode, tt.status, body)
			}
			if tt.want != "" {
				ans := fetchAnswer{Policy: new(fetch.Policy)}
				if err := json.Unmarshal(body, &ans); err != nil {
					t.Fatal(err)
				}
				if ans.Status != tt.want || ans.RefusedReason == "" || len(ans.Body) != 0 {
					t.Errorf("answer status %s (%s), %d body bytes; want status %s with a reason and no body", ans.Status, ans.RefusedReason, len(ans.Body), tt.want)
				}
			}
		})
	}
	if n := hits.Load(); n != 0 {
		t.Errorf("the origin on loopback saw %d requests; the guard must refuse them all", n)
	}
}

func TestConfig(t *testing.T) {
	for _, tt := range []struct {
		opts Options
		want bool
	}{{Options{}, false}, {Options{Fetch: &FetchOptions{}}, true}} {
		ts, _ := newServer(t, tt.opts)
		resp, body := do(t, "GET", ts.URL+"/api/v1/config", nil, "")
		var cfg struct {
			AllowFetch bool `json:"allowFetch"`
		}
		if resp.StatusCode != 200 || json.Unmarshal(body, &cfg) != nil || cfg.AllowFetch != tt.want {
			t.Errorf("config with Fetch=%v: %d %s", tt.opts.Fetch != nil, resp.StatusCode, body)
		}
	}
}
