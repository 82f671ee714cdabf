package main

import (
	"bytes"
	"compress/gzip"
	"context"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"strings"
	"testing"

	"github.com/robotstxt/robotstxt"
)

// sitemapSite is a loopback site whose robots.txt names its sitemaps: an
// index of gzipped sitemaps (one gzipped by name, one by
// Content-Encoding), a feed, a text sitemap, a broken and a missing one,
// and one over the protocol's 50,000 URLs. SITE in the files is the
// server's URL.
func sitemapSite(t *testing.T) *httptest.Server {
	t.Helper()
	files := map[string]string{
		"/robots.txt": "User-agent: *\nDisallow: /private/\n\nUser-agent: Googlebot\nDisallow: /*?\n\nSitemap: SITE/sitemap_index.xml\nSitemap: SITE/feed.rss\n",
		"/sitemap_index.xml": `<?xml version="1.0" encoding="UTF-8"?>
<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">
  <sitemap><loc>SITE/products.xml.gz</loc></sitemap>
  <sitemap><loc>SITE/pages.xml</loc></sitemap>
  <sitemap><loc>SITE/urls.txt</loc></sitemap>
  <sitemap><loc>SITE/broken.xml</loc></sitemap>
  <sitemap><loc>SITE/missing.xml</loc></sitemap>
</sitemapindex>
`,
		"/products.xml.gz": `<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">
  <url><loc>SITE/products/1</loc></url>
  <url><loc>SITE/products/2?colour=red</loc></url>
  <url><loc>SITE/products/3?colour=blue</loc></url>
</urlset>
`,
		"/pages.xml": `<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">
  <url><loc>SITE/</loc></url>
  <url><loc>SITE/private/report</loc></url>
  <url><loc>https://cdn.example.net/file.pdf</loc></url>
</urlset>
`,
		"/urls.txt":   "SITE/about\nSITE/contact\n",
		"/broken.xml": "<urlset><url><loc>SITE/half</loc></url><url><loc>SITE/cut",
		"/feed.rss":   `<rss version="2.0"><channel><item><link>SITE/news/1</link></item><item><link>SITE/news/2?amp=1</link></item></channel></rss>`,
	}
	var big strings.Builder
	big.WriteString("<urlset>\n")
	for i := range 50_001 {
		fmt.Fprintf(&big, "<url><loc>SITE/item/%d</loc></url>\n", i)
	}
	big.WriteString("</urlset>\n")
	files["/big.xml"] = big.String()
	var srv *httptest.Server
	srv = httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		body, ok := files[r.URL.Path]
		if !ok {
			http.NotFound(w, r)
			return
		}
		body = strings.ReplaceAll(body, "SITE", srv.URL)
		var zb bytes.Buffer
		zw := gzip.NewWriter(&zb)
		io.WriteString(zw, body)
		zw.Close()
		switch {
		case strings.HasSuffix(r.URL.Path, ".gz"):
			body = zb.String() // gzipped by content, no Content-Encoding
		case r.URL.Path == "/pages.xml":
			w.Header().Set("Content-Encoding", "gzip")
			body = zb.String()
		}
		io.WriteString(w, body)
	}))
	t.Cleanup(srv.Close)
	return srv
}

// TestSitemapCommands runs testdata/sitemaps/*.txtar against the loopback
// site: check, lint, diff and test with --sitemap and
// --sitemaps-from-robots.
func TestSitemapCommands(t *testing.T) {
	srv := sitemapSite(t)
	runTxtarDir(t, "testdata/sitemaps", map[string]string{"SITE": srv.URL})
}

// TestSitemapSources: the sitemaps read are the --sitemap ones, then with
// --sitemaps-from-robots the robots.txt's Sitemap lines, relative ones
// resolved against the robots.txt's URL when it was fetched, each once; a
// Sitemap line that is no URL is a problem of its own.
func TestSitemapSources(t *testing.T) {
	r := robotstxt.ParseString("Sitemap: /sitemap.xml\nSitemap: https://example.com/news.xml\nSitemap: https://https://example.com/x.xml\nSitemap: https://example.com/extra.xml\n")
	for _, tt := range []struct {
		name      string
		flags     sitemapFlags
		robotsURL string
		want      string
		problems  int
	}{
		{"flags only", sitemapFlags{sources: stringList{"a.xml", "https://example.com/news.xml"}}, "",
			"[{a.xml 0} {https://example.com/news.xml 2}]", 0},
		{"from robots, file", sitemapFlags{fromRobots: true}, "",
			"[{https://example.com/news.xml 2} {https://example.com/extra.xml 4}]", 2},
		{"from robots, fetched", sitemapFlags{sources: stringList{"https://example.com/extra.xml"}, fromRobots: true}, "https://example.com/robots.txt",
			"[{https://example.com/extra.xml 4} {https://example.com/sitemap.xml 1} {https://example.com/news.xml 2}]", 1},
	} {
		run := &sitemapRun{flags: &tt.flags, robots: r, robotsURL: tt.robotsURL}
		got := fmt.Sprint(run.sources())
		if got != tt.want || len(run.problems) != tt.problems {
			t.Errorf("%s: sources %s, %d problems %v; want %s, %d", tt.name, got, len(run.problems), run.problems, tt.want, tt.problems)
		}
	}
}

// TestReadPipelined: the URLs reach fn in the order of the sitemap, across
// batches; fn's error stops the reading and is returned (the reader's
// goroutine has ended when readPipelined returns).
func TestReadPipelined(t *testing.T) {
	dir := t.TempDir()
	var b strings.Builder
	const n = 20*sitemapBatch + 7 // more than the batches in flight
	for i := range n {
		fmt.Fprintf(&b, "https://example.com/%d\n", i)
	}
	path := dir + "/urls.txt"
	if err := os.WriteFile(path, []byte(b.String()), 0o644); err != nil {
		t.Fatal(err)
	}
	c := &cli{stdin: strings.NewReader(""), stdout: io.Discard, stderr: io.Discard, getenv: func(string) string { return "" }}
	run := &sitemapRun{c: c, flags: &sitemapFlags{sources: stringList{path}}, guard: &guardFlags{}}
	i := 0
	err := run.readPipelined(context.Background(), func(u string) error {
		if want := fmt.Sprintf("https://example.com/%d", i); u != want {
			return fmt.Errorf("URL %d is %s, want %s", i, u, want)
		}
		i++
		return nil
	})
	if err != nil || i != n || run.urls != n {
		t.Fatalf("got %v after %d URLs (%d read), want all %d", err, i, run.urls, n)
	}
	stop := errors.New("stop")
	run = &sitemapRun{c: c, flags: &sitemapFlags{sources: stringList{path}}, guard: &guardFlags{}}
	i = 0
	err = run.readPipelined(context.Background(), func(string) error {
		if i++; i == 5 {
			return stop
		}
		return nil
	})
	if err != stop || i != 5 || run.urls >= n {
		t.Errorf("fn failing at the 5th URL: got %v after %d URLs, %d read; want stop after 5, fewer than %d read", err, i, run.urls, n)
	}
}
