package main

import (
	"bytes"
	"compress/gzip"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"path/filepath"
	"regexp"
	"sort"
	"strings"
	"sync/atomic"
	"testing"

	"github.com/robotstxt/robotstxt/internal/testutil"
)

// The crawler-side commands are tested against real HTTP servers on
// 127.0.0.1. Their golden files show a server as http://SITE (or OTHER,
// DOWN), and times as TIME, since both change from run to run.

// crawlerSite is a test origin serving fixed answers by path, counting the
// requests for each.
type crawlerSite struct {
	*httptest.Server
	hits map[string]*atomic.Int64
}

type crawlerRoute struct {
	code   int
	header map[string]string
	body   string
}

func newCrawlerSite(t *testing.T, routes map[string]crawlerRoute) *crawlerSite {
	t.Helper()
	s := &crawlerSite{hits: map[string]*atomic.Int64{}}
	for p := range routes {
		s.hits[p] = new(atomic.Int64)
	}
	s.Server = httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		rt, ok := routes[r.URL.Path]
		if !ok {
			http.NotFound(w, r)
			return
		}
		s.hits[r.URL.Path].Add(1)
		for k, v := range rt.header {
			w.Header().Set(k, strings.ReplaceAll(v, "SELF", "http://"+r.Host))
		}
		if rt.code == 0 {
			rt.code = 200
		}
		w.WriteHeader(rt.code)
		io.WriteString(w, rt.body)
	}))
	t.Cleanup(s.Close)
	return s
}

// refusedAddr returns a 127.0.0.1 address where nothing listens.
func refusedAddr(t *testing.T) string {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	addr := ln.Addr().String()
	ln.Close()
	return addr
}

func crawlerRun(t *testing.T, stdin string, args ...string) (stdout, stderr string, code int) {
	t.Helper()
	var out, errb bytes.Buffer
	code = Run(context.Background(), args, strings.NewReader(stdin), &out, &errb)
	return out.String(), errb.String(), code
}

var timeRE = regexp.MustCompile(`\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ`)

// crawlerGolden compares a command's run, with the server addresses in
// names replaced by their keys and times by TIME, with a golden file.
func crawlerGolden(t *testing.T, path string, names map[string]string, args []string, stdout, stderr string, code int) {
	t.Helper()
	keys := make([]string, 0, len(names))
	for k := range names {
		keys = append(keys, k)
	}
	// Longest first: a file's path contains its directory's.
	sort.Slice(keys, func(i, j int) bool { return len(names[keys[i]]) > len(names[keys[j]]) })
	scrub := func(s string) string {
		for _, k := range keys {
			v := names[k]
			s = strings.ReplaceAll(s, v, k)
			s = strings.ReplaceAll(s, strings.TrimPrefix(v, "http://"), strings.TrimPrefix(k, "http://"))
		}
		return timeRE.ReplaceAllString(s, "TIME")
	}
	got := fmt.Sprintf("$ robotstxt %s\n-- stdout --\n%s-- stderr --\n%s-- exit --\n%d\n", scrub(strings.Join(args, " ")), scrub(stdout), scrub(stderr), code)
	testutil.Golden(t, path, []byte(got))
}

const crawlerFile = `# Example robots.txt
User-agent: *
Disallow: /private/
Allow: /private/help/

User-agent: ExampleBot
User-agent: OtherBot
Disallow: /no-bots/

Disallow: /orphan-is-not-here
Sitemap: https://example.com/sitemap.xml
Crawl-delay: 5
`

func TestFetchCommand(t *testing.T) {
	var gz bytes.Buffer
	zw := gzip.NewWriter(&gz)
	io.WriteString(zw, crawlerFile)
	zw.Close()
	big := "User-agent: *\n" + strings.Repeat("Disallow: /some/long/path/to/fill/the/file/\n", 15000)

	site := newCrawlerSite(t, map[string]crawlerRoute{
		"/robots.txt": {header: map[string]string{"Content-Type": "text/plain; charset=utf-8", "Cache-Control": "max-age=3600"}, body: crawlerFile},
	})
	other := newCrawlerSite(t, map[string]crawlerRoute{
		"/robots.txt":       {code: 301, header: map[string]string{"Location": "SELF/moved/robots.txt"}},
		"/moved/robots.txt": {code: 302, header: map[string]string{"Location": "/final.txt"}},
		"/final.txt":        {body: "User-agent: *\nDisallow: /\n"},
	})
	codes := map[int]*crawlerSite{}
	for _, code := range []int{404, 403, 429, 503} {
		h := map[string]string{}
		if code == 429 {
			h["Retry-After"] = "120"
		}
		codes[code] = newCrawlerSite(t, map[string]crawlerRoute{"/robots.txt": {code: code, header: h, body: "no"}})
	}
	html := newCrawlerSite(t, map[string]crawlerRoute{"/robots.txt": {header: map[string]string{"Content-Type": "text/html"}, body: "<!doctype html>\n<html><body>Welcome</body></html>\n"}})
	large := newCrawlerSite(t, map[string]crawlerRoute{"/robots.txt": {body: big}})
	gzipped := newCrawlerSite(t, map[string]crawlerRoute{"/robots.txt": {header: map[string]string{"Content-Encoding": "gzip"}, body: gz.String()}})
	loop := newCrawlerSite(t, map[string]crawlerRoute{
		"/robots.txt": {code: 302, header: map[string]string{"Location": "/a"}},
		"/a":          {code: 302, header: map[string]string{"Location": "/robots.txt"}},
	})
	refused := "http://" + refusedAddr(t)
	// Redirects to cloud metadata's address: the guard refuses it before
	// connecting, whatever the first origin's allowance.
	escape := newCrawlerSite(t, map[string]crawlerRoute{
		"/robots.txt": {code: 302, header: map[string]string{"Location": "http://169.254.169.254/latest/meta-data/"}},
	})

	names := map[string]string{"http://SITE": site.URL, "http://OTHER": other.URL, "http://HTML": html.URL, "http://LARGE": large.URL,
		"http://GZIP": gzipped.URL, "http://LOOP": loop.URL, "http://REFUSED": refused, "http://ESCAPE": escape.URL}
	for code, s := range codes {
		names[fmt.Sprintf("http://HTTP%d", code)] = s.URL
	}
	tests := []struct {
		name string
		args []string
	}{
		{"success", []string{"fetch", "--allow-private", site.URL + "/some/page"}},
		{"success-json", []string{"fetch", "--allow-private", "--json", site.URL}},
		{"redirects", []string{"fetch", "--allow-private", other.URL}},
		{"redirects-json", []string{"fetch", "--allow-private", other.URL, "--json"}},
		{"no-redirects", []string{"fetch", "--allow-private", "--max-redirects", "0", other.URL}},
		{"loop", []string{"fetch", "--allow-private", loop.URL}},
		{"404", []string{"fetch", "--allow-private", codes[404].URL}},
		{"403", []string{"fetch", "--allow-private", codes[403].URL}},
		{"429", []string{"fetch", "--allow-private", codes[429].URL}},
		{"429-json", []string{"fetch", "--allow-private", "--json", codes[429].URL}},
		{"503", []string{"fetch", "--allow-private", codes[503].URL}},
		{"refused", []string{"fetch", "--allow-private", refused}},
		{"html", []string{"fetch", "--allow-private", html.URL}},
		{"large", []string{"fetch", "--allow-private", large.URL}},
		{"gzip", []string{"fetch", "--allow-private", gzipped.URL}},
		{"guarded", []string{"fetch", site.URL}},
		{"guarded-json", []string{"fetch", "--json", site.URL}},
		{"guarded-redirect", []string{"fetch", "--allow-range", "127.0.0.1/32", escape.URL}},
		{"usage-bad-range", []string{"fetch", "--allow-range", "10.0.0.0/33", site.URL}},
		{"usage-no-url", []string{"fetch"}},
		{"usage-bad-url", []string{"fetch", "ftp://example.com/"}},
		{"help", []string{"fetch", "--help"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			stdout, stderr, code := crawlerRun(t, "", tt.args...)
			crawlerGolden(t, filepath.Join("testdata", "fetch", tt.name+".golden"), names, tt.args, stdout, stderr, code)
			if strings.HasSuffix(tt.name, "-json") && !json.Valid([]byte(stdout)) {
				t.Errorf("invalid JSON:\n%s", stdout)
			}
		})
	}
	if n := site.hits["/robots.txt"].Load(); n != 2 {
		t.Errorf("SITE/robots.txt fetched %d times by 2 runs", n)
	}
}

// TestFetchUserAgent: the request carries the User-Agent given.
func TestFetchUserAgent(t *testing.T) {
	var got atomic.Value
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		got.Store(r.Header.Get("User-Agent"))
	}))
	defer srv.Close()
	if _, stderr, code := crawlerRun(t, "", "fetch", "--allow-private", "--user-agent", "ExampleBot/2.0 (+contact)", srv.URL); code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	if got.Load() != "ExampleBot/2.0 (+contact)" {
		t.Errorf("User-Agent %q", got.Load())
	}
}
