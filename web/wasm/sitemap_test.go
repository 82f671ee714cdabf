package main

import (
	"bytes"
	"compress/gzip"
	"encoding/json"
	"fmt"
	"os"
	"strings"
	"testing"
)

// smFeed reads a sitemap through the calls the page makes: the file in
// pieces of the given size, and each sitemap the reading asks to fetch from
// site (a missing one ends with "HTTP 404", as the page reports a failed
// fetch). It returns the report and the URLs asked for, in order.
func smFeed(t *testing.T, s *session, start []string, file []byte, piece int, site map[string][]byte) (*sitemapReport, []string) {
	t.Helper()
	res, e := call(t, s, "sitemapStart", start...)
	var fetched []string
	cur := file
	for {
		if e != "" {
			t.Fatalf("sitemap call: %s", e)
		}
		var req smRequest
		if err := json.Unmarshal(res, &req); err != nil {
			t.Fatalf("request %s: %v", res, err)
		}
		switch req.Want {
		case "done":
			return req.Report, fetched
		case "fetch":
			fetched = append(fetched, req.URL)
			body, ok := site[req.URL]
			if !ok {
				res, e = call(t, s, "sitemapEnd", "HTTP 404")
				continue
			}
			cur = body
			fallthrough
		case "more":
			if len(cur) == 0 {
				res, e = call(t, s, "sitemapEnd", "")
				continue
			}
			n := min(piece, len(cur))
			res, e = call(t, s, "sitemapFeed", string(cur[:n]))
			cur = cur[n:]
		default:
			t.Fatalf("unknown request %s", res)
		}
	}
}

func crawlerOf(t *testing.T, rep *sitemapReport, token string) sitemapCrawler {
	t.Helper()
	for _, c := range rep.Crawlers {
		if c.Token == token {
			return c
		}
	}
	t.Fatalf("no crawler %s in the report", token)
	return sitemapCrawler{}
}

// groupsText writes a crawler's groups as check --sitemap counts them:
// "5 by line 7, 1 by line 6".
func groupsText(c sitemapCrawler) string {
	var parts []string
	for _, g := range c.Groups {
		line := 0
		if g.Rule != nil {
			line = g.Rule.Line
		}
		parts = append(parts, fmt.Sprintf("%d by line %d", g.Count, line))
	}
	return strings.Join(parts, ", ")
}

// TestSitemap: the docs' shop (docs/sitemaps.md, whose check --sitemap
// output a test compares), read in pieces of every size, counts what
// "robotstxt check --sitemap sitemap.xml -a Googlebot" counts: 6 of 10
// blocked for Googlebot, 5 by line 7 and 1 by line 6, the largest first.
func TestSitemap(t *testing.T) {
	dir := "../../cmd/robotstxt/testdata/docs/docs/sitemaps/"
	robots, err := os.ReadFile(dir + "robots.txt")
	if err != nil {
		t.Fatal(err)
	}
	xml, err := os.ReadFile(dir + "sitemap.xml")
	if err != nil {
		t.Fatal(err)
	}
	s := new(session)
	for _, piece := range []int{1, 7, 100, len(xml)} {
		rep, fetched := smFeed(t, s, []string{string(robots), "default", "", "sitemap.xml", ""}, xml, piece, nil)
		if rep.URLs != 10 || rep.Sitemaps != 1 || len(rep.Problems) != 0 || len(fetched) != 0 {
			t.Fatalf("piece %d: %d URLs from %d sitemaps, problems %+v, fetched %v", piece, rep.URLs, rep.Sitemaps, rep.Problems, fetched)
		}
		g := crawlerOf(t, rep, "Googlebot")
		if g.Blocked != 6 || groupsText(g) != "5 by line 7, 1 by line 6" {
			t.Errorf("piece %d: Googlebot %d blocked: %s", piece, g.Blocked, groupsText(g))
		}
		if ex := g.Groups[0].Examples; len(ex) != 3 || ex[0] != "https://shop.example.com/shoes/?colour=red" {
			t.Errorf("examples %v", ex)
		}
		// Bingbot follows "*": /cart/ (line 2) and /*?sort= (line 3).
		if b := crawlerOf(t, rep, "bingbot"); b.Blocked != 3 || groupsText(b) != "2 by line 3, 1 by line 2" {
			t.Errorf("Bingbot %d blocked: %s", b.Blocked, groupsText(b))
		}
	}
	// The crawler table without fallbacks, and the whole registry.
	rep, _ := smFeed(t, s, []string{string(robots), "all", "no-fallback", "sitemap.xml", ""}, xml, 1<<20, nil)
	if len(rep.Crawlers) <= len(pageDefault()) {
		t.Errorf("the whole registry: %d crawlers", len(rep.Crawlers))
	}
	if g := crawlerOf(t, rep, "Googlebot-Image"); g.Blocked != 3 {
		t.Errorf("Googlebot-Image without its fallback follows *: %d blocked, want 3", g.Blocked)
	}
}

// TestSitemapIndex: an index given by URL is fetched, then its sitemaps
// (one gzipped, one missing), each asked for by a request; from a file, an
// index's sitemaps cannot be read and each is a not-fetched problem.
func TestSitemapIndex(t *testing.T) {
	robots := "User-agent: *\nDisallow: /private/\n"
	var gz bytes.Buffer
	zw := gzip.NewWriter(&gz)
	zw.Write([]byte("<urlset xmlns=\"http://www.sitemaps.org/schemas/sitemap/0.9\">\n<url><loc>https://a.example/private/1</loc></url>\n<url><loc>https://a.example/2</loc></url>\n</urlset>\n"))
	zw.Close()
	index := []byte("<?xml version=\"1.0\"?>\n<sitemapindex xmlns=\"http://www.sitemaps.org/schemas/sitemap/0.9\">\n" +
		"<sitemap><loc>https://a.example/s1.xml.gz</loc></sitemap>\n<sitemap><loc>https://a.example/s2.txt</loc></sitemap>\n" +
		"<sitemap><loc>https://a.example/gone.xml</loc></sitemap>\n</sitemapindex>\n")
	site := map[string][]byte{
		"https://a.example/index.xml": index,
		"https://a.example/s1.xml.gz": gz.Bytes(),
		"https://a.example/s2.txt":    []byte("https://a.example/private/3\nhttps://a.example/private/4\nhttps://b.example/5\n"),
	}
	s := new(session)
	rep, fetched := smFeed(t, s, []string{robots, "default", "", "https://a.example/index.xml", "fetch"}, nil, 64, site)
	if want := "https://a.example/index.xml https://a.example/s1.xml.gz https://a.example/s2.txt https://a.example/gone.xml"; strings.Join(fetched, " ") != want {
		t.Errorf("fetched %v, want %s", fetched, want)
	}
	if rep.URLs != 5 || rep.Sitemaps != 3 {
		t.Errorf("%d URLs from %d sitemaps, want 5 from 3", rep.URLs, rep.Sitemaps)
	}
	codes := map[string]int{}
	for _, p := range rep.Problems {
		codes[p.Code]++
	}
	if codes["fetch"] != 1 || codes["cross-host"] != 1 || len(rep.Problems) != 2 {
		t.Errorf("problems %+v, want the missing sitemap and the other host", rep.Problems)
	}
	if c := crawlerOf(t, rep, "*"); c.Blocked != 3 || groupsText(c) != "3 by line 2" {
		t.Errorf("*: %d blocked: %s", c.Blocked, groupsText(c))
	}

	rep, fetched = smFeed(t, s, []string{robots, "default", "", "index.xml", ""}, index, 1<<20, nil)
	if rep.URLs != 0 || len(fetched) != 0 || len(rep.Problems) != 3 || rep.Problems[0].Code != "not-fetched" || rep.Problems[2].Line != 5 {
		t.Errorf("an index from a file: %d URLs, fetched %v, problems %+v", rep.URLs, fetched, rep.Problems)
	}
	if _, e := call(t, s, "sitemapStart", robots, "default", "", "https://a.example/s.xml", ""); !strings.Contains(e, "serve --allow-fetch") {
		t.Errorf("a URL without fetching: error %q", e)
	}
}

// TestSitemapBroken: a DOCTYPE stops the file (the stuff of XML bombs), a
// stream cut short is a problem, and a reading cancelled halfway leaves the
// session ready for the next; calls out of turn are errors, not hangs.
func TestSitemapBroken(t *testing.T) {
	s := new(session)
	if _, e := call(t, s, "sitemapFeed", "x"); !strings.Contains(e, "sitemapStart first") {
		t.Errorf("sitemapFeed before sitemapStart: %q", e)
	}
	bomb := []byte("<?xml version=\"1.0\"?>\n<!DOCTYPE lolz [<!ENTITY lol \"lol\">]>\n<urlset><url><loc>https://a.example/&lol;</loc></url></urlset>\n")
	rep, _ := smFeed(t, s, []string{"", "default", "", "bomb.xml", ""}, bomb, 1<<20, nil)
	if rep.URLs != 0 || len(rep.Problems) != 1 || rep.Problems[0].Code != "doctype" || !rep.Problems[0].Stops || rep.Problems[0].Line != 2 {
		t.Errorf("a DOCTYPE: %+v", rep.Problems)
	}
	if _, e := call(t, s, "sitemapEnd", ""); e == "" {
		t.Error("sitemapEnd after the report did not fail")
	}

	// Cut short: the page's stream broke.
	res, _ := call(t, s, "sitemapStart", "", "default", "", "s.xml", "")
	if !strings.Contains(string(res), `"more"`) {
		t.Fatalf("first request %s", res)
	}
	call(t, s, "sitemapFeed", "<urlset><url><loc>https://a.example/1</loc></url><url><lo")
	res, _ = call(t, s, "sitemapEnd", "the stream broke")
	var req smRequest
	json.Unmarshal(res, &req)
	if req.Want != "done" || req.Report.URLs != 1 || len(req.Report.Problems) != 1 || req.Report.Problems[0].Code != "fetch" ||
		!strings.Contains(req.Report.Problems[0].Message, "the stream broke") {
		t.Errorf("a stream cut short: %s", res)
	}

	// Cancelled halfway by a new start (the robots.txt was edited).
	call(t, s, "sitemapStart", "", "default", "", "s.xml", "")
	call(t, s, "sitemapFeed", "https://a.example/1\n")
	rep, _ = smFeed(t, s, []string{"User-agent: *\nDisallow: /\n", "default", "", "s.txt", ""}, []byte("https://a.example/1\nhttps://a.example/2\n"), 5, nil)
	if c := crawlerOf(t, rep, "*"); rep.URLs != 2 || c.Blocked != 2 {
		t.Errorf("after a cancelled reading: %d URLs, %d blocked", rep.URLs, c.Blocked)
	}
	call(t, s, "sitemapStart", "", "default", "", "s.xml", "")
	if _, e := call(t, s, "sitemapCancel"); e != "" {
		t.Error(e)
	}
	if _, e := call(t, s, "sitemapFeed", "x"); e == "" {
		t.Error("sitemapFeed after sitemapCancel did not fail")
	}
	if _, e := call(t, s, "sitemapFeed", strings.Repeat("x", maxSitemapPiece+1)); !strings.Contains(e, "at most") {
		t.Errorf("an oversized piece: %q", e)
	}
}

// FuzzSitemapPieces: any bytes, cut into pieces anywhere, give the report
// they give in one piece, and the reading always ends (no call hangs or
// panics): the turns between the page and the reading lose nothing.
func FuzzSitemapPieces(f *testing.F) {
	f.Add([]byte("<urlset><url><loc>https://a.example/private/1</loc></url></urlset>"), uint8(3))
	f.Add([]byte("https://a.example/private/1\nhttps://a.example/2\n"), uint8(1))
	f.Add([]byte("<?xml version=\"1.0\"?><!DOCTYPE x><urlset/>"), uint8(7))
	f.Add([]byte("<sitemapindex><sitemap><loc>https://a.example/s.xml</loc></sitemap></sitemapindex>"), uint8(2))
	f.Add([]byte("\x1f\x8b\x08\x00junk"), uint8(1))
	f.Fuzz(func(t *testing.T, data []byte, cut uint8) {
		robots := "User-agent: *\nDisallow: /private/\n"
		s := new(session)
		start := []string{robots, "default", "", "s.xml", ""}
		whole, _ := smFeed(t, s, start, data, len(data)+1, nil)
		cutAt := int(cut)%16 + 1
		pieces, _ := smFeed(t, s, start, data, cutAt, nil)
		a, _ := json.Marshal(whole)
		b, _ := json.Marshal(pieces)
		if !bytes.Equal(a, b) {
			t.Errorf("in one piece:\n%s\nin pieces of %d:\n%s", a, cutAt, b)
		}
	})
}
