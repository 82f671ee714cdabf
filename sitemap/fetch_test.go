package sitemap_test

import (
	"bytes"
	"compress/gzip"
	"context"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/robotstxt/robotstxt/sitemap"
)

func gz(s string) string {
	var b bytes.Buffer
	zw := gzip.NewWriter(&b)
	io.WriteString(zw, s)
	zw.Close()
	return b.String()
}

// site is a loopback site with an index, gzipped sitemaps, a feed, a
// nested index, a missing and a broken sitemap.
func site(t *testing.T) *httptest.Server {
	var srv *httptest.Server
	files := map[string]string{}
	srv = httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		body, ok := files[r.URL.Path]
		if !ok {
			http.NotFound(w, r)
			return
		}
		body = strings.ReplaceAll(body, "SITE", srv.URL)
		if strings.HasSuffix(r.URL.Path, ".gz") {
			body = gz(body)
		}
		io.WriteString(w, body)
	}))
	t.Cleanup(srv.Close)
	files["/sitemap_index.xml"] = `<?xml version="1.0" encoding="UTF-8"?>
<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">
<sitemap><loc>SITE/s1.xml.gz</loc></sitemap>
<sitemap><loc>SITE/s2.xml.gz</loc></sitemap>
<sitemap><loc>SITE/feed.rss</loc></sitemap>
<sitemap><loc>SITE/nested.xml</loc></sitemap>
<sitemap><loc>SITE/missing.xml</loc></sitemap>
<sitemap><loc>SITE/broken.xml</loc></sitemap>
<sitemap><loc>SITE/s1.xml.gz</loc></sitemap>
</sitemapindex>`
	files["/s1.xml.gz"] = `<urlset><url><loc>SITE/a</loc></url><url><loc>SITE/b</loc></url></urlset>`
	files["/s2.xml.gz"] = "SITE/c\nSITE/d\n"
	files["/feed.rss"] = `<rss version="2.0"><channel><item><link>SITE/e</link></item></channel></rss>`
	files["/nested.xml"] = `<sitemapindex><sitemap><loc>SITE/s3.xml</loc></sitemap></sitemapindex>`
	files["/s3.xml"] = `<urlset><url><loc>SITE/never</loc></url></urlset>`
	files["/broken.xml"] = `<urlset><url><loc>SITE/f</loc></url><url><loc>SITE/g</lo`
	return srv
}

// httpFetcher fetches over loopback with the standard client; a status
// other than 200 is an error.
var httpFetcher = sitemap.FetcherFunc(func(ctx context.Context, u string) (io.ReadCloser, error) {
	req, err := http.NewRequestWithContext(ctx, "GET", u, nil)
	if err != nil {
		return nil, err
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		return nil, err
	}
	if resp.StatusCode != 200 {
		resp.Body.Close()
		return nil, fmt.Errorf("HTTP %d", resp.StatusCode)
	}
	return resp.Body, nil
})

// TestReadURLIndex: an index's sitemaps are fetched and read after it,
// gzipped or not, feeds too; a nested index is reported and its sitemaps
// not read (sitemaps.org #index); a sitemap listed twice is read once.
func TestReadURLIndex(t *testing.T) {
	srv := site(t)
	var got []string
	res, err := (&sitemap.Reader{Fetcher: httpFetcher}).ReadURL(context.Background(), srv.URL+"/sitemap_index.xml", func(e sitemap.Entry) error {
		got = append(got, strings.TrimPrefix(e.Loc, srv.URL)+" in "+strings.TrimPrefix(e.Sitemap, srv.URL))
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	want := "[/a in /s1.xml.gz /b in /s1.xml.gz /c in /s2.xml.gz /d in /s2.xml.gz /e in /feed.rss /f in /broken.xml]"
	if fmt.Sprint(got) != want {
		t.Errorf("entries:\n\tgot  %v\n\twant %v", got, want)
	}
	var problems []string
	for _, p := range res.Problems {
		problems = append(problems, strings.TrimPrefix(p.Sitemap, srv.URL)+" "+string(p.Code))
	}
	if want := "[/nested.xml nested-index /missing.xml fetch /broken.xml xml]"; fmt.Sprint(problems) != want {
		t.Errorf("problems:\n\tgot  %v\n\twant %v", res.Problems, want)
	}
	if res.Sitemaps != 6 || res.URLs != 6 {
		t.Errorf("got %d sitemaps and %d URLs, want 6 and 6", res.Sitemaps, res.URLs)
	}
}

// TestReadURLFetchLimit: MaxFetches bounds how many sitemaps one reading
// fetches.
func TestReadURLFetchLimit(t *testing.T) {
	srv := site(t)
	res, err := (&sitemap.Reader{Fetcher: httpFetcher, MaxFetches: 2}).ReadURL(context.Background(), srv.URL+"/sitemap_index.xml", func(sitemap.Entry) error { return nil })
	if err != nil {
		t.Fatal(err)
	}
	limited := 0
	for _, p := range res.Problems {
		if p.Code == sitemap.CodeFetchLimit {
			limited += 1 + p.More
		}
	}
	if res.Sitemaps != 2 || limited != 5 {
		t.Errorf("MaxFetches 2: read %d sitemaps, %d reported not read (%v); want 2 and 5", res.Sitemaps, limited, res.Problems)
	}
}

// TestCrossSubmitted: a URL on another host is in place when that host's
// robots.txt names the sitemap (sitemaps.org #sitemaps_cross_submits).
func TestCrossSubmitted(t *testing.T) {
	src := `<urlset><url><loc>https://www.example.com/a</loc></url><url><loc>https://host2.example.org/b</loc></url></urlset>`
	r := &sitemap.Reader{CrossSubmitted: func(sm, origin string) bool {
		return sm == "https://www.example.com/sitemap-host2.xml" && origin == "https://host2.example.org"
	}}
	_, problems := read(t, r, "https://www.example.com/sitemap-host2.xml", src)
	if problems != nil {
		t.Errorf("cross-submitted: got problems %q, want none", problems)
	}
	_, problems = read(t, r, "https://www.example.com/other.xml", src)
	if fmt.Sprint(problems) != "[!1 cross-host]" {
		t.Errorf("not cross-submitted: got problems %q, want one cross-host", problems)
	}
}

// TestReadStopsOnError: fn's error ends the reading and is returned.
func TestReadStopsOnError(t *testing.T) {
	stop := fmt.Errorf("enough")
	n := 0
	_, err := (&sitemap.Reader{}).Read(context.Background(), "u.txt", strings.NewReader("https://e.com/1\nhttps://e.com/2\n"), func(sitemap.Entry) error {
		n++
		return stop
	})
	if err != stop || n != 1 {
		t.Errorf("got %v after %d entries, want %v after 1", err, n, stop)
	}
}
