package sitemap_test

import (
	"bytes"
	"compress/gzip"
	"context"
	"fmt"
	"io"
	"strings"
	"testing"

	"github.com/robotstxt/robotstxt/sitemap"
)

// read reads src as a sitemap at name and renders what it found: one line
// per entry ("line loc [lastmod]") and one per problem ("!line code").
func read(t *testing.T, r *sitemap.Reader, name, src string) (entries, problems []string) {
	t.Helper()
	res, err := r.Read(context.Background(), name, strings.NewReader(src), func(e sitemap.Entry) error {
		s := fmt.Sprintf("%d %s", e.Line, e.Loc)
		if e.Lastmod != "" {
			s += " " + e.Lastmod
		}
		entries = append(entries, s)
		return nil
	})
	if err != nil {
		t.Fatalf("Read(%q): %v", src, err)
	}
	if res.URLs != len(entries) {
		t.Errorf("Read(%q): Result.URLs %d, %d entries handed on", src, res.URLs, len(entries))
	}
	for _, p := range res.Problems {
		problems = append(problems, fmt.Sprintf("!%d %s", p.Line, p.Code))
	}
	return entries, problems
}

const ns = `xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"`

var readTests = []struct {
	name     string
	ref      string // where the behaviour is specified
	loc      string // the sitemap's location ("" : a file)
	src      string
	entries  []string
	problems []string
}{
	{"urlset", "sitemaps.org #xmlTagDefinitions", "",
		`<?xml version="1.0" encoding="UTF-8"?>
<urlset ` + ns + `>
  <url><loc>https://example.com/</loc><lastmod>2025-01-31</lastmod></url>
  <url>
    <loc>
      https://example.com/a?x=1&amp;y=2
    </loc>
  </url>
</urlset>`,
		[]string{"3 https://example.com/ 2025-01-31", "5 https://example.com/a?x=1&y=2"}, nil},
	{"entities and character references", "sitemaps.org #escaping", "",
		`<urlset><url><loc>https://example.com/&lt;&gt;&quot;&apos;&#65;&#x42;</loc></url></urlset>`,
		[]string{`1 https://example.com/<>"'AB`}, nil},
	{"CDATA is not decoded", "XML 1.0 section 2.7", "",
		`<urlset><url><loc><![CDATA[https://example.com/?a=1&amp;b]]></loc></url></urlset>`,
		[]string{"1 https://example.com/?a=1&amp;b"}, nil},
	{"comments and extensions skipped", "sitemaps.org #extending", "",
		`<urlset ` + ns + ` xmlns:image="http://www.google.com/schemas/sitemap-image/1.1">
<!-- <url><loc>https://example.com/commented</loc></url> -->
<url><loc>https://example.com/p</loc><image:image><image:loc>https://cdn.example.com/i.png</image:loc></image:image></url>
</urlset>`,
		[]string{"3 https://example.com/p"}, nil},
	{"prefixed root", "XML Namespaces 1.0", "",
		`<sm:urlset xmlns:sm="http://www.sitemaps.org/schemas/sitemap/0.9"><sm:url><sm:loc>https://example.com/</sm:loc></sm:url></sm:urlset>`,
		[]string{"1 https://example.com/"}, nil},
	{"undefined entity", "sitemaps.org #escaping", "",
		`<urlset><url><loc>https://example.com/a&nbsp;b</loc></url><url><loc>https://example.com/ok</loc></url></urlset>`,
		[]string{"1 https://example.com/ok"}, []string{"!1 entity"}},
	{"bare ampersand", "sitemaps.org #escaping", "",
		`<urlset><url><loc>https://example.com/?a=1&b=2</loc></url></urlset>`,
		nil, []string{"!1 entity"}},
	{"DOCTYPE refused (XML bomb)", "XML 1.0 section 4.2", "",
		`<?xml version="1.0"?>
<!DOCTYPE lolz [<!ENTITY lol "lol"><!ENTITY lol2 "&lol;&lol;&lol;">]>
<urlset><url><loc>https://example.com/&lol2;</loc></url></urlset>`,
		nil, []string{"!2 doctype"}},
	{"relative and malformed loc", "sitemaps.org #xmlTagDefinitions", "",
		`<urlset>
<url><loc>/relative</loc></url>
<url><loc>https://https://www.trumpf.com//sitemap.xml</loc></url>
<url><loc>ftp://example.com/</loc></url>
<url><loc>https://example.com/ok</loc></url>
</urlset>`,
		[]string{"5 https://example.com/ok"}, []string{"!2 bad-loc", "!3 bad-loc", "!4 bad-loc"}},
	{"missing loc", "sitemaps.org #xmlTagDefinitions", "",
		`<urlset><url><lastmod>2025-01-01</lastmod></url></urlset>`,
		nil, []string{"!1 missing-loc"}},
	{"bad lastmod", "sitemaps.org #xmlTagDefinitions, W3C Datetime", "",
		`<urlset><url><loc>https://example.com/</loc><lastmod>31/01/2025</lastmod></url>
<url><loc>https://example.com/b</loc><lastmod>2025-01-31T12:00:00+01:00</lastmod></url>
<url><loc>https://example.com/c</loc><lastmod>2025-01</lastmod></url></urlset>`,
		[]string{"1 https://example.com/ 31/01/2025", "2 https://example.com/b 2025-01-31T12:00:00+01:00", "3 https://example.com/c 2025-01"},
		[]string{"!1 bad-lastmod"}},
	{"BOM reported, read", "sitemaps.org #escaping (UTF-8)", "",
		"\xEF\xBB\xBF<urlset><url><loc>https://example.com/</loc></url></urlset>",
		[]string{"1 https://example.com/"}, []string{"!1 bom"}},
	{"UTF-16 refused", "sitemaps.org #escaping (UTF-8)", "",
		"\xFF\xFE<\x00u\x00", nil, []string{"!1 encoding"}},
	{"invalid UTF-8 skipped", "sitemaps.org #escaping (UTF-8)", "",
		"<urlset><url><loc>https://example.com/\xff</loc></url><url><loc>https://example.com/ok</loc></url></urlset>",
		[]string{"1 https://example.com/ok"}, []string{"!1 utf8"}},
	{"cut short", "XML 1.0 section 2.1", "",
		"<urlset><url><loc>https://example.com/a</loc></url>\n<url><loc>https://exa",
		[]string{"1 https://example.com/a"}, []string{"!2 xml"}},
	{"mismatched end tag", "XML 1.0 section 3 (element type match)", "",
		"<urlset><url><loc>https://example.com/a</lastmod></url></urlset>",
		nil, []string{"!1 xml"}},
	{"HTML page", "not a sitemap", "",
		"<!-- x -->\n<html><body>Not found</body></html>", nil, []string{"!2 format"}},
	{"empty file", "not a sitemap", "", "", nil, nil},
	{"text sitemap", "sitemaps.org #otherformats (Text file)", "",
		"https://example.com/\n\n  https://example.com/b  \r\nnot a url\n/rel\nhttps://example.com/c",
		[]string{"1 https://example.com/", "3 https://example.com/b", "6 https://example.com/c"},
		[]string{"!4 bad-loc", "!5 bad-loc"}},
	{"RSS 2.0 feed", "Google: RSS 2.0 <link> of each item", "",
		`<rss version="2.0" xmlns:atom="http://www.w3.org/2005/Atom"><channel>
<link>https://example.com/</link><atom:link href="https://example.com/feed" rel="self"/>
<item><title>A</title><link>https://example.com/a</link><pubDate>Fri, 31 Jan 2025 12:00:00 GMT</pubDate></item>
<item><title>no link</title></item>
</channel></rss>`,
		[]string{"3 https://example.com/a Fri, 31 Jan 2025 12:00:00 GMT"}, []string{"!4 missing-loc"}},
	{"Atom 1.0 feed", "Google: Atom <link href> of each entry; RFC 4287 section 4.2.7.2", "",
		`<feed xmlns="http://www.w3.org/2005/Atom"><link href="https://example.com/"/>
<entry><link rel="edit" href="https://example.com/edit/1"/><link href="https://example.com/1?a=1&amp;b=2"/><updated>2025-01-31T12:00:00Z</updated></entry>
<entry>
<link rel='alternate' href='https://example.com/2'></link></entry>
</feed>`,
		[]string{"2 https://example.com/1?a=1&b=2 2025-01-31T12:00:00Z", "4 https://example.com/2"}, nil},
	{"unknown root", "not a sitemap", "", "<foo/>", nil, []string{"!1 format"}},
	{"cross host and outside path", "sitemaps.org #location, #sitemaps_cross_submits", "https://example.com/catalog/sitemap.xml",
		`<urlset>
<url><loc>https://example.com/catalog/a</loc></url>
<url><loc>https://example.com/images/b</loc></url>
<url><loc>http://example.com/catalog/c</loc></url>
<url><loc>https://other.example/catalog/d</loc></url>
<url><loc>https://EXAMPLE.com:443/catalog/e</loc></url>
</urlset>`,
		[]string{"2 https://example.com/catalog/a", "3 https://example.com/images/b", "4 http://example.com/catalog/c",
			"5 https://other.example/catalog/d", "6 https://EXAMPLE.com:443/catalog/e"},
		[]string{"!3 outside-path", "!4 cross-host", "!5 cross-host"}},
	{"loc too long", "sitemaps.org #xmlTagDefinitions (less than 2,048 characters)", "",
		"https://example.com/" + strings.Repeat("a", 2028) + "\n",
		[]string{"1 https://example.com/" + strings.Repeat("a", 2028)}, []string{"!1 loc-too-long"}},
	{"nested index entries not fetched without a fetcher", "sitemaps.org #index", "",
		`<sitemapindex ` + ns + `><sitemap><loc>https://example.com/s1.xml</loc></sitemap><sitemap><loc>/rel.xml</loc></sitemap></sitemapindex>`,
		nil, []string{"!1 not-fetched", "!1 bad-loc"}},
}

func TestRead(t *testing.T) {
	for _, tt := range readTests {
		t.Run(tt.name, func(t *testing.T) {
			name := tt.loc
			if name == "" {
				name = "sitemap.xml"
			}
			entries, problems := read(t, &sitemap.Reader{}, name, tt.src)
			if fmt.Sprint(entries) != fmt.Sprint(tt.entries) || fmt.Sprint(problems) != fmt.Sprint(tt.problems) {
				t.Errorf("%s: Read(%q):\n\tgot  %q %q\n\twant %q %q", tt.ref, tt.src, entries, problems, tt.entries, tt.problems)
			}
		})
	}
}

// TestReadGzip: gzip is recognised by its magic bytes, whatever the name
// (sitemaps.org #index: "You can compress your Sitemap files using gzip").
func TestReadGzip(t *testing.T) {
	src := `<urlset><url><loc>https://example.com/z</loc></url></urlset>`
	var buf bytes.Buffer
	zw := gzip.NewWriter(&buf)
	io.WriteString(zw, src)
	zw.Close()
	entries, problems := read(t, &sitemap.Reader{}, "sitemap.xml", buf.String())
	if fmt.Sprint(entries) != "[1 https://example.com/z]" || problems != nil {
		t.Errorf("gzipped sitemap: got %q %q", entries, problems)
	}
	// Corrupt: the reading stops with a gzip problem.
	b := buf.Bytes()
	corrupt := append([]byte{}, b[:len(b)-8]...)
	corrupt = append(corrupt, 1, 2, 3, 4, 5, 6, 7, 8)
	_, problems = read(t, &sitemap.Reader{}, "sitemap.xml.gz", string(corrupt))
	if fmt.Sprint(problems) != "[!1 gzip]" {
		t.Errorf("corrupt gzip: got problems %q, want [!1 gzip]", problems)
	}
}

// TestReadGzipBomb: a gzip stream that decompresses to more than
// Reader.MaxBytes is cut there (CodeTruncated), however small it is
// compressed: 8 MiB of one byte make 8 KiB of gzip.
func TestReadGzipBomb(t *testing.T) {
	var buf bytes.Buffer
	zw := gzip.NewWriter(&buf)
	io.WriteString(zw, "https://example.com/\n")
	zw.Write(make([]byte, 8<<20))
	zw.Close()
	n := 0
	res, err := (&sitemap.Reader{MaxBytes: 1 << 20}).Read(context.Background(), "bomb.gz", &buf, func(sitemap.Entry) error { n++; return nil })
	if err != nil {
		t.Fatal(err)
	}
	codes := fmt.Sprint(res.Problems)
	if n != 1 || !strings.Contains(codes, "truncated") {
		t.Errorf("gzip bomb: %d URLs, problems %v; want 1 URL and truncated", n, res.Problems)
	}
	// Cut short: the stream ends before its end (a broken download).
	var small bytes.Buffer
	zw = gzip.NewWriter(&small)
	io.WriteString(zw, strings.Repeat("https://example.com/a\n", 1000))
	zw.Close()
	_, problems := read(t, &sitemap.Reader{}, "cut.gz", small.String()[:small.Len()/2])
	if len(problems) != 1 || !strings.HasSuffix(problems[0], " gzip") {
		t.Errorf("gzip cut short: problems %q, want one gzip", problems)
	}
}

// TestReadBrokenReader: a read error of the source (a connection that
// breaks) stops the file with CodeFetch, after the URLs read before it.
func TestReadBrokenReader(t *testing.T) {
	src := io.MultiReader(strings.NewReader("https://example.com/a\n"), errReader{})
	n := 0
	res, err := (&sitemap.Reader{}).Read(context.Background(), "u.txt", src, func(sitemap.Entry) error { n++; return nil })
	if err != nil {
		t.Fatal(err)
	}
	if n != 1 || len(res.Problems) != 1 || res.Problems[0].Code != sitemap.CodeFetch {
		t.Errorf("broken source: %d URLs, problems %v; want 1 and one fetch problem", n, res.Problems)
	}
}

type errReader struct{}

func (errReader) Read([]byte) (int, error) { return 0, fmt.Errorf("connection reset") }

// TestReadLimits: the protocol's limits are reported, not enforced
// (sitemaps.org #index: 50,000 URLs, 50 MB uncompressed), and the reader's
// own bound stops an endless stream.
func TestReadLimits(t *testing.T) {
	var b strings.Builder
	for i := range sitemap.MaxURLs + 2 {
		fmt.Fprintf(&b, "https://example.com/%d\n", i)
	}
	n := 0
	res, err := (&sitemap.Reader{}).Read(context.Background(), "urls.txt", strings.NewReader(b.String()), func(sitemap.Entry) error { n++; return nil })
	if err != nil {
		t.Fatal(err)
	}
	if n != sitemap.MaxURLs+2 || len(res.Problems) != 1 || res.Problems[0].Code != sitemap.CodeTooManyURLs || res.Problems[0].Line != sitemap.MaxURLs+1 {
		t.Errorf("%d URLs: got %d entries, problems %v; want all entries and one too-many-urls at line %d", sitemap.MaxURLs+2, n, res.Problems, sitemap.MaxURLs+1)
	}

	// More than MaxBytes: reported as too large past 50 MB, cut at the
	// reader's bound. MaxBytes is lowered to keep the test small only
	// for the cut; the too-large report needs the real 50 MB.
	r := &sitemap.Reader{MaxBytes: sitemap.MaxFileBytes + 1000}
	res, err = r.Read(context.Background(), "big.txt", io.LimitReader(repeatReader("https://example.com/x\n"), sitemap.MaxFileBytes+5000), func(sitemap.Entry) error { return nil })
	if err != nil {
		t.Fatal(err)
	}
	codes := map[sitemap.Code]bool{}
	for _, p := range res.Problems {
		codes[p.Code] = true
	}
	if !codes[sitemap.CodeTooLarge] || !codes[sitemap.CodeTruncated] || !codes[sitemap.CodeTooManyURLs] {
		t.Errorf("a %d-byte file: got problems %v; want too-large, truncated and too-many-urls", sitemap.MaxFileBytes+5000, res.Problems)
	}
}

// TestReadTooManySitemaps: an index of more than MaxSitemaps sitemaps is
// reported at the first one too many (sitemaps.org #index), and its
// sitemaps are fetched up to MaxFetches only; the ones not read are a few
// problems of the index and a count, not one problem each.
func TestReadTooManySitemaps(t *testing.T) {
	var b strings.Builder
	b.WriteString("<sitemapindex>\n")
	for i := range sitemap.MaxSitemaps + 1 {
		fmt.Fprintf(&b, "<sitemap><loc>https://example.com/s%d.xml</loc></sitemap>\n", i)
	}
	b.WriteString("</sitemapindex>\n")
	fetched := 0
	r := &sitemap.Reader{MaxFetches: 3, Fetcher: sitemap.FetcherFunc(func(context.Context, string) (io.ReadCloser, error) {
		fetched++
		return io.NopCloser(strings.NewReader("")), nil
	})}
	res, err := r.Read(context.Background(), "https://example.com/index.xml", strings.NewReader(b.String()), func(sitemap.Entry) error { return nil })
	if err != nil {
		t.Fatal(err)
	}
	var too, limited int
	for _, p := range res.Problems {
		switch p.Code {
		case sitemap.CodeTooManyMaps:
			too++
			if p.Line != sitemap.MaxSitemaps+2 {
				t.Errorf("too-many-sitemaps at line %d, want %d", p.Line, sitemap.MaxSitemaps+2)
			}
		case sitemap.CodeFetchLimit:
			limited += 1 + p.More
		}
	}
	if len(res.Problems) > 10 {
		t.Errorf("%d problems listed; want the repeats counted", len(res.Problems))
	}
	if too != 1 || fetched != 3 || limited != sitemap.MaxSitemaps+1-3 {
		t.Errorf("got %d too-many-sitemaps, %d fetched, %d not read for the limit; want 1, 3, %d", too, fetched, limited, sitemap.MaxSitemaps+1-3)
	}
}

// repeatReader is an endless stream of s.
type repeatReader string

func (r repeatReader) Read(p []byte) (int, error) {
	n := 0
	for n < len(p) {
		n += copy(p[n:], r)
	}
	return n, nil
}

// TestProblemsCounted: a problem repeated in a sitemap is listed a few
// times, then counted, so that a million bad lines cost little memory.
func TestProblemsCounted(t *testing.T) {
	src := strings.Repeat("not a url\n", 1000)
	res, err := (&sitemap.Reader{}).Read(context.Background(), "u.txt", strings.NewReader(src), func(sitemap.Entry) error { return nil })
	if err != nil {
		t.Fatal(err)
	}
	if len(res.Problems) != 5 || res.Problems[4].More != 995 {
		t.Errorf("1000 bad lines: got %d problems, the last with More %d; want 5, More 995", len(res.Problems), res.Problems[len(res.Problems)-1].More)
	}
}

// TestProblemsBounded: one reading lists at most 1,000 problems, whatever
// the number of sitemaps; the rest are counted (Result.Omitted).
func TestProblemsBounded(t *testing.T) {
	var b strings.Builder
	b.WriteString("<sitemapindex>\n")
	for i := range 1500 {
		fmt.Fprintf(&b, "<sitemap><loc>https://example.com/s%d.xml</loc></sitemap>\n", i)
	}
	b.WriteString("</sitemapindex>\n")
	// Each sitemap fails in its own way: a problem of its own each.
	r := &sitemap.Reader{MaxFetches: 2000, Fetcher: sitemap.FetcherFunc(func(_ context.Context, u string) (io.ReadCloser, error) {
		return nil, fmt.Errorf("HTTP 404")
	})}
	res, err := r.Read(context.Background(), "https://example.com/index.xml", strings.NewReader(b.String()), func(sitemap.Entry) error { return nil })
	if err != nil {
		t.Fatal(err)
	}
	if len(res.Problems) != 1000 || res.Omitted != 500 {
		t.Errorf("1,500 unreachable sitemaps: %d problems listed, %d omitted; want 1000 and 500", len(res.Problems), res.Omitted)
	}
}

func TestCheckURL(t *testing.T) {
	for _, tt := range []struct {
		in   string
		want string // "" : valid; else a piece of the error
	}{
		{"https://example.com/sitemap.xml", ""},
		{"http://example.com:8080/s.xml", ""},
		{"https://https://www.trumpf.com//sitemap.xml", "scheme twice"},
		{"http://http://example.com/", "scheme twice"},
		{"/sitemap.xml", "not an absolute URL"},
		{"example.com/sitemap.xml", "not an absolute URL"},
		{"ftp://example.com/s.xml", "not an http or https URL"},
		{"https:///s.xml", "no host"},
		{"https://example.com/a b", "white space"},
		{"https://example.com:/s.xml", "empty port"},
		{"https://exa mple.com/", "white space"},
		{"https://[::1/", "not a URL"},
	} {
		_, err := sitemap.CheckURL(tt.in)
		switch {
		case tt.want == "" && err != nil:
			t.Errorf("CheckURL(%q): %v, want no error", tt.in, err)
		case tt.want != "" && (err == nil || !strings.Contains(err.Error(), tt.want)):
			t.Errorf("CheckURL(%q): %v, want an error saying %q", tt.in, err, tt.want)
		}
	}
}

func TestW3CDatetime(t *testing.T) {
	for _, tt := range []struct {
		in string
		ok bool
	}{
		{"2025", true}, {"2025-01", true}, {"2025-01-31", true}, {"2025-01-31T12:00Z", true},
		{"2025-01-31T12:00:00+01:00", true}, {"2025-01-31T12:00:00.5Z", true},
		{"2025-01-31T12:00:00", false}, {"31/01/2025", false}, {"2025-13-01", false}, {"", false}, {"Fri, 31 Jan 2025", false},
	} {
		if got := sitemap.W3CDatetime(tt.in); got != tt.ok {
			t.Errorf("W3CDatetime(%q) = %v, want %v", tt.in, got, tt.ok)
		}
	}
}
