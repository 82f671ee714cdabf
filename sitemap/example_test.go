package sitemap_test

import (
	"context"
	"fmt"
	"strings"

	"github.com/robotstxt/robotstxt/sitemap"
)

func ExampleReader_Read() {
	const src = `<?xml version="1.0" encoding="UTF-8"?>
<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">
  <url><loc>https://example.com/</loc><lastmod>2025-11-02</lastmod></url>
  <url><loc>https://example.com/search?q=a&amp;page=2</loc></url>
  <url><loc>https://cdn.example.net/file.pdf</loc></url>
  <url><loc>/relative</loc></url>
</urlset>`
	r := &sitemap.Reader{}
	res, err := r.Read(context.Background(), "https://example.com/sitemap.xml", strings.NewReader(src), func(e sitemap.Entry) error {
		fmt.Println(e.Line, e.Loc, e.Lastmod != "")
		return nil
	})
	if err != nil {
		fmt.Println(err)
		return
	}
	for _, p := range res.Problems {
		fmt.Println(p)
	}
	// Output:
	// 3 https://example.com/ true
	// 4 https://example.com/search?q=a&page=2 false
	// 5 https://cdn.example.net/file.pdf false
	// https://example.com/sitemap.xml:5: cross-host: https://cdn.example.net/file.pdf is on https://cdn.example.net, not on the sitemap's https://example.com, and no robots.txt of https://cdn.example.net is known to name the sitemap (cross-submission)
	// https://example.com/sitemap.xml:6: bad-loc: "/relative" is not an absolute URL: a sitemap's URLs start with http:// or https://: skipped
}
