package sitemap_test

import (
	"context"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/robotstxt/robotstxt/sitemap"
)

// FuzzRead: any input is read without a panic, within bounds; every URL
// handed on is valid UTF-8 and an absolute http(s) URL that CheckURL
// accepts, with a line within the input's lines; every problem has a code
// and a message.
func FuzzRead(f *testing.F) {
	files, _ := filepath.Glob("testdata/*.*")
	for _, file := range files {
		b, err := os.ReadFile(file)
		if err != nil {
			f.Fatal(err)
		}
		f.Add(b)
	}
	for _, tt := range readTests {
		f.Add([]byte(tt.src))
	}
	f.Add([]byte{0x1f, 0x8b, 8, 0, 0, 0, 0, 0, 0, 0xff})
	f.Fuzz(func(t *testing.T, src []byte) {
		lines := strings.Count(string(src), "\n") + 1
		res, err := (&sitemap.Reader{}).Read(context.Background(), "https://example.com/sitemap.xml", strings.NewReader(string(src)), func(e sitemap.Entry) error {
			if !utf8.ValidString(e.Loc) {
				t.Errorf("invalid UTF-8 URL handed on: %q", e.Loc)
			}
			if _, err := sitemap.CheckURL(e.Loc); err != nil {
				t.Errorf("URL handed on that CheckURL refuses: %q: %v", e.Loc, err)
			}
			if e.Line < 1 || (src[0] != 0x1f && e.Line > lines) {
				t.Errorf("URL %q at line %d of a %d-line input", e.Loc, e.Line, lines)
			}
			return nil
		})
		if err != nil {
			t.Fatalf("Read: %v", err)
		}
		for _, p := range res.Problems {
			if p.Code == "" || p.Message == "" || p.More < 0 {
				t.Errorf("empty problem: %+v", p)
			}
		}
	})
}

// FuzzReadIndex: an index whose sitemaps are fetched, every fetch answering
// with the same input (an index listing itself and others, a sitemap, junk):
// the reading ends, fetches at most MaxFetches sitemaps, reads each URL at
// most once, and never panics.
func FuzzReadIndex(f *testing.F) {
	f.Add([]byte(`<sitemapindex><sitemap><loc>https://example.com/a.xml</loc></sitemap><sitemap><loc>https://example.com/b.xml</loc></sitemap></sitemapindex>`))
	f.Add([]byte(`<urlset><url><loc>https://example.com/</loc></url></urlset>`))
	f.Add([]byte("https://example.com/a.xml\nhttps://example.com/b.xml\n"))
	f.Fuzz(func(t *testing.T, src []byte) {
		fetched := map[string]int{}
		fetcher := sitemap.FetcherFunc(func(_ context.Context, u string) (io.ReadCloser, error) {
			fetched[u]++
			if fetched[u] > 1 {
				t.Errorf("%s fetched twice", u)
			}
			return io.NopCloser(strings.NewReader(string(src))), nil
		})
		r := &sitemap.Reader{Fetcher: fetcher, MaxFetches: 5}
		res, err := r.ReadURL(context.Background(), "https://example.com/sitemap_index.xml", func(sitemap.Entry) error { return nil })
		if err != nil {
			t.Fatalf("ReadURL: %v", err)
		}
		if len(fetched) > 5 || res.Sitemaps > 5 {
			t.Errorf("%d fetches, %d sitemaps read; MaxFetches is 5", len(fetched), res.Sitemaps)
		}
	})
}
