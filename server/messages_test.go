package server

import (
	"encoding/json"
	"net"
	"net/http"
	"net/http/httptest"
	"net/netip"
	"os"
	"path/filepath"
	"slices"
	"testing"

	"github.com/robotstxt/robotstxt/fetch"
	"github.com/robotstxt/robotstxt/netguard"
)

// Every error of the fetch endpoints and every outcome of a fetch that went
// wrong is answered with a code (and its parameters) that the page says in
// its language; the English "error" and "detail" stay for other clients.
// Each case is a real request to a loopback origin.
func TestFetchMessageCodes(t *testing.T) {
	mux := http.NewServeMux()
	mux.HandleFunc("/loop/robots.txt", func(w http.ResponseWriter, r *http.Request) {
		http.Redirect(w, r, "/loop2/robots.txt", http.StatusFound)
	})
	mux.HandleFunc("/loop2/robots.txt", func(w http.ResponseWriter, r *http.Request) {
		http.Redirect(w, r, "/loop/robots.txt", http.StatusFound)
	})
	origins := map[string]http.HandlerFunc{
		"5xx":         func(w http.ResponseWriter, r *http.Request) { http.Error(w, "down", http.StatusServiceUnavailable) },
		"odd status":  func(w http.ResponseWriter, r *http.Request) { w.WriteHeader(299 + 400) },
		"no location": func(w http.ResponseWriter, r *http.Request) { w.WriteHeader(http.StatusFound) },
		"ftp": func(w http.ResponseWriter, r *http.Request) {
			http.Redirect(w, r, "ftp://example.com/robots.txt", http.StatusFound)
		},
		"many": func(w http.ResponseWriter, r *http.Request) {
			http.Redirect(w, r, "/r"+r.URL.Path, http.StatusFound)
		},
		"loop": func(w http.ResponseWriter, r *http.Request) {
			if r.URL.Path == "/robots.txt" {
				http.Redirect(w, r, "/loop/robots.txt", http.StatusFound)
				return
			}
			mux.ServeHTTP(w, r)
		},
		"challenge": func(w http.ResponseWriter, r *http.Request) {
			w.Header().Set("cf-mitigated", "challenge")
			http.Error(w, "checking your browser", http.StatusForbidden)
		},
		"402": func(w http.ResponseWriter, r *http.Request) {
			w.Header().Set("crawler-price", "USD 0.01")
			w.WriteHeader(http.StatusPaymentRequired)
		},
		"ok": func(w http.ResponseWriter, r *http.Request) { w.Write([]byte("User-agent: *\nDisallow:\n")) },
	}
	urls := map[string]string{}
	for name, h := range origins {
		ts := httptest.NewServer(h)
		t.Cleanup(ts.Close)
		urls[name] = ts.URL
	}
	// A port nothing listens on: connection refused.
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	closed := "http://" + l.Addr().String()
	l.Close()

	open, _ := newServer(t, Options{Fetch: &FetchOptions{Fetcher: &fetch.Fetcher{Guard: &netguard.Policy{AllowPrivate: true}}}})
	guarded, _ := newServer(t, Options{Fetch: &FetchOptions{Fetcher: &fetch.Fetcher{}}})
	for _, tt := range []struct {
		name, server, url string
		problem           string // the problem's code, "" for none
		params            string // its parameters, as JSON
	}{
		{"RFC 9309 2.3.1.1: a file, no problem", open.URL, urls["ok"], "", "null"},
		{"RFC 9309 2.3.1.4: a 5xx", open.URL, urls["5xx"], "http", `{"status":"503"}`},
		{"a status HTTP does not define", open.URL, urls["odd status"], "http-unknown", `{"status":"699"}`},
		{"a redirect without Location", open.URL, urls["no location"], "redirect-no-location", `{"status":"302"}`},
		{"a redirect to ftp:", open.URL, urls["ftp"], "redirect-invalid", `{"location":"ftp://example.com/robots.txt"}`},
		{"RFC 9309 2.3.1.2: more than five redirects", open.URL, urls["many"], "redirect-many", `{"n":"6"}`},
		{"a redirect loop", open.URL, urls["loop"], "redirect-loop", `{"location":"` + urls["loop"] + `/loop/robots.txt"}`},
		{"a challenge page", open.URL, urls["challenge"], "challenge", `{"status":"403"}`},
		{"pay per crawl", open.URL, urls["402"], "payment", `{"price":"USD 0.01"}`},
		{"connection refused", open.URL, closed, "connection-refused", "null"},
		{"the guard refuses loopback", guarded.URL, urls["ok"], "refused", `{"reason":"loopback"}`},
	} {
		t.Run(tt.name, func(t *testing.T) {
			resp, ans, body := postFetch(t, tt.server, tt.url)
			if resp.StatusCode != http.StatusOK {
				t.Fatalf("status %d: %s", resp.StatusCode, body)
			}
			var got struct {
				Problem *struct {
					Code   string          `json:"code"`
					Params json.RawMessage `json:"params"`
				} `json:"problem"`
			}
			if err := json.Unmarshal([]byte(body), &got); err != nil {
				t.Fatal(err)
			}
			code, params := "", "null"
			if got.Problem != nil {
				code, params = got.Problem.Code, string(got.Problem.Params)
				if params == "" {
					params = "null"
				}
			}
			if code != tt.problem || params != tt.params {
				t.Errorf("problem %q %s, want %q %s (status %s, detail %q)", code, params, tt.problem, tt.params, ans.Status, ans.Detail)
			}
			if code != "" && !slices.Contains(ProblemCodes, code) {
				t.Errorf("%q is not in ProblemCodes", code)
			}
		})
	}

	off, _ := newServer(t, Options{})
	for _, tt := range []struct {
		name, server, method, ctype, body string
		code                              string
	}{
		{"the server does not fetch", off.URL, "POST", "application/json", `{"url":"https://example.com/"}`, "fetch-off"},
		{"not POST", open.URL, "GET", "", "", "method"},
		{"not JSON", open.URL, "POST", "text/plain", `{"url":"https://example.com/"}`, "media-type"},
		{"another body", open.URL, "POST", "application/json", `{"address":"x"}`, "bad-body"},
		{"not a site's address", open.URL, "POST", "application/json", `{"url":"mailto:a@b"}`, "bad-address"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			h := http.Header{}
			if tt.ctype != "" {
				h.Set("Content-Type", tt.ctype)
			}
			resp, body := do(t, tt.method, tt.server+"/api/v1/fetch", h, tt.body)
			var got struct{ Error, Code string }
			if err := json.Unmarshal(body, &got); err != nil || resp.StatusCode < 400 {
				t.Fatalf("status %d, %v: %s", resp.StatusCode, err, body)
			}
			if got.Code != tt.code || got.Error == "" || !slices.Contains(ErrorCodes, got.Code) {
				t.Errorf("code %q, error %q; want code %q and an English error", got.Code, got.Error, tt.code)
			}
		})
	}
}

// Every reason the destination guard gives has a code of its own.
func TestReasonCodes(t *testing.T) {
	for _, tt := range []struct{ reason, code string }{
		{"loopback", "loopback"}, {"private", "private"}, {"shared (CGNAT)", "shared"}, {"link-local", "link-local"},
		{"unique-local", "unique-local"}, {"documentation", "documentation"}, {"something new", "other"},
	} {
		if got := reasonCode(tt.reason); got != tt.code {
			t.Errorf("reasonCode(%q) = %q, want %q", tt.reason, got, tt.code)
		}
	}
	for _, addr := range []string{"0.0.0.0", "10.1.2.3", "100.64.0.1", "127.0.0.1", "169.254.169.254", "192.0.0.1", "192.0.2.1", "198.18.0.1", "224.0.0.1", "240.0.0.1", "::1", "fc00::1", "fe80::1", "fec0::1", "ff02::1", "2001:db8::1"} {
		err := (&netguard.Policy{}).Check(netip.MustParseAddr(addr))
		if r := netguard.Reason(err); r == "" || reasonCode(r) == "other" {
			t.Errorf("%s: reason %q has no code", addr, r)
		}
	}
}

// Every code the fetch endpoints answer has its message in the page's three
// catalogues (web/static/assets/i18n; web's TestCatalogues checks that they
// have the same keys and placeholders).
func TestMessageCodesTranslated(t *testing.T) {
	for _, lang := range []string{"en", "ru", "ro"} {
		b, err := os.ReadFile(filepath.Join("..", "web", "static", "assets", "i18n", lang+".json"))
		if err != nil {
			t.Fatal(err)
		}
		var cat map[string]any
		if err := json.Unmarshal(b, &cat); err != nil {
			t.Fatal(err)
		}
		for prefix, codes := range map[string][]string{"fetch.error.": ErrorCodes, "fetch.problem.": ProblemCodes, "fetch.reason.": ReasonCodes} {
			for _, c := range codes {
				if _, ok := cat[prefix+c]; !ok {
					t.Errorf("%s.json lacks %q", lang, prefix+c)
				}
			}
		}
	}
}
