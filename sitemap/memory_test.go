package sitemap_test

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"runtime"
	"testing"

	"github.com/robotstxt/robotstxt/internal/testutil"
	"github.com/robotstxt/robotstxt/sitemap"
)

// bigSitemap streams a urlset of n URLs, each padded with an image
// extension to about size bytes in all, made as it is read: the test holds
// no copy of it.
type bigSitemap struct {
	n, i   int
	pad    string
	buf    []byte
	closed bool
}

func (b *bigSitemap) Read(p []byte) (int, error) {
	for len(b.buf) == 0 {
		switch {
		case b.i == 0 && !b.closed && b.buf == nil:
			b.buf = []byte(`<?xml version="1.0" encoding="UTF-8"?>` + "\n" + `<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:image="http://www.google.com/schemas/sitemap-image/1.1">` + "\n")
		case b.i < b.n:
			b.buf = fmt.Appendf(b.buf[:0], "<url><loc>https://example.com/products/%d?colour=red&amp;size=42</loc><lastmod>2025-11-02</lastmod><image:image><image:loc>https://cdn.example.com/%s</image:loc></image:image></url>\n", b.i, b.pad)
			b.i++
		case !b.closed:
			b.buf = append(b.buf[:0], "</urlset>\n"...)
			b.closed = true
		default:
			return 0, io.EOF
		}
	}
	n := copy(p, b.buf)
	b.buf = b.buf[n:]
	return n, nil
}

// TestReadConstantMemory: a 50 MB sitemap of 50,000 URLs is read in
// constant memory. The live heap is measured (after a collection) every
// 5,000 URLs and must stay within 2 MiB of what it was at the start; a
// reader that kept the file, or the URLs, would hold 50 MB or 5 MB.
func TestReadConstantMemory(t *testing.T) {
	if testing.Short() {
		t.Skip("reads 50 MB")
	}
	src := &bigSitemap{n: sitemap.MaxURLs, pad: string(make([]byte, 0))}
	// About 1,040 bytes a URL: 50,000 URLs make 50 MB.
	pad := make([]byte, 860)
	for i := range pad {
		pad[i] = 'a' + byte(i%26)
	}
	src.pad = string(pad)
	var ms runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&ms)
	base := ms.HeapAlloc
	peak := base
	n := 0
	res, err := (&sitemap.Reader{}).Read(context.Background(), "https://example.com/sitemap.xml", src, func(e sitemap.Entry) error {
		n++
		if n%5000 == 0 {
			runtime.GC()
			runtime.ReadMemStats(&ms)
			peak = max(peak, ms.HeapAlloc)
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if n != sitemap.MaxURLs || len(res.Problems) != 0 {
		t.Fatalf("got %d URLs and problems %v, want %d and none", n, res.Problems, sitemap.MaxURLs)
	}
	if peak > base+2<<20 {
		t.Errorf("live heap grew from %d to %d bytes while reading a 50 MB sitemap; want at most 2 MiB more", base, peak)
	}
}

// BenchmarkRead: reading a sitemap of 50,000 URLs (about 5 MB).
func BenchmarkRead(b *testing.B) {
	data, err := io.ReadAll(&bigSitemap{n: sitemap.MaxURLs})
	if err != nil {
		b.Fatal(err)
	}
	b.SetBytes(int64(len(data)))
	b.ReportAllocs()
	cpu := testutil.CPUTime()
	for b.Loop() {
		if _, err := (&sitemap.Reader{}).Read(context.Background(), "https://example.com/sitemap.xml", bytes.NewReader(data), func(sitemap.Entry) error { return nil }); err != nil {
			b.Fatal(err)
		}
	}
	// CPU time, garbage collection included: steadier than the clock on a
	// loaded machine.
	b.ReportMetric(float64((testutil.CPUTime()-cpu).Nanoseconds())/float64(b.N)/sitemap.MaxURLs, "cpu-ns/url")
}
