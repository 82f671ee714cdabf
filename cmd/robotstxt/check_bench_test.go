package main

import (
	"context"
	"fmt"
	"io"
	"math/rand/v2"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/robotstxt/robotstxt"
	"github.com/robotstxt/robotstxt/internal/testutil"
)

// benchURLs returns n URL paths in the style of a wiki's, as bench's
// command-line workload (bench/cli.go) makes them.
func benchURLs(n int) []string {
	rng := rand.New(rand.NewPCG(14, 100))
	words := []string{"wiki", "w", "index.php", "Special:Search", "api", "User:Foo", "Talk:Bar", "images", "static", "a%C3%A9"}
	out := make([]string, n)
	for i := range out {
		var b strings.Builder
		for range 1 + rng.IntN(4) {
			b.WriteString("/" + words[rng.IntN(len(words))])
		}
		if i%3 == 0 {
			fmt.Fprintf(&b, "?q=%d", i)
		}
		out[i] = b.String()
	}
	return out
}

// The check command in process, on bench's command-line workload
// (en.wikipedia.org's robots.txt, 100,000 URLs), without the process's
// start-up; ns/url is the cost of one URL, and core-ns/url the part of it
// spent in Agent.Check (BenchmarkCheckCore).
func BenchmarkCheckCommand(b *testing.B) {
	dir := testutil.CorpusDir(b, "../../../shared/corpus/robots")
	const n = 100_000
	urls := filepath.Join(b.TempDir(), "urls.txt")
	if err := os.WriteFile(urls, []byte(strings.Join(benchURLs(n), "\n")+"\n"), 0o644); err != nil {
		b.Fatal(err)
	}
	for _, mode := range []string{"text", "json"} {
		b.Run(mode, func(b *testing.B) {
			args := []string{"check", "-f", filepath.Join(dir, "en.wikipedia.org.txt"), "-a", "Googlebot", "--urls", urls}
			if mode == "json" {
				args = append(args, "--json")
			}
			for b.Loop() {
				if code := Run(context.Background(), args, strings.NewReader(""), io.Discard, io.Discard); code > 1 {
					b.Fatalf("exit status %d", code)
				}
			}
			b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/n, "ns/url")
		})
	}
}

// Agent.Check alone on the same workload: the core library's share of
// BenchmarkCheckCommand.
func BenchmarkCheckCore(b *testing.B) {
	dir := testutil.CorpusDir(b, "../../../shared/corpus/robots")
	data, err := os.ReadFile(filepath.Join(dir, "en.wikipedia.org.txt"))
	if err != nil {
		b.Fatal(err)
	}
	urls := benchURLs(100_000)
	a := robotstxt.ParseString(string(data)).Agent("Googlebot")
	for _, norm := range []bool{false, true} {
		name := "check"
		if norm {
			name = "check+normalize" // as --json does
		}
		b.Run(name, func(b *testing.B) {
			for b.Loop() {
				for _, u := range urls {
					a.Check(u)
					if norm {
						robotstxt.NormalizePath(u)
					}
				}
			}
			b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/float64(len(urls)), "ns/url")
		})
	}
}

// check --sitemap beside check --urls on the same 50,000 URLs (bench's
// wiki-style paths on https://en.wikipedia.org) for 5 agents: the sitemap
// as an XML urlset, the list as one URL per line. Issue 39's target: the
// sitemap in at most twice the time of the list. ns/url is per URL (all
// 5 agents).
func BenchmarkCheckSitemap(b *testing.B) {
	dir := testutil.CorpusDir(b, "../../../shared/corpus/robots")
	const n = 50_000
	tmp := b.TempDir()
	var list, xml strings.Builder
	xml.WriteString(`<?xml version="1.0" encoding="UTF-8"?>` + "\n" + `<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">` + "\n")
	for _, p := range benchURLs(n) {
		u := "https://en.wikipedia.org" + p
		list.WriteString(u + "\n")
		fmt.Fprintf(&xml, "  <url><loc>%s</loc><lastmod>2025-11-02</lastmod></url>\n", strings.ReplaceAll(u, "&", "&amp;"))
	}
	xml.WriteString("</urlset>\n")
	urls, sm := filepath.Join(tmp, "urls.txt"), filepath.Join(tmp, "sitemap.xml")
	if err := os.WriteFile(urls, []byte(list.String()), 0o644); err != nil {
		b.Fatal(err)
	}
	if err := os.WriteFile(sm, []byte(xml.String()), 0o644); err != nil {
		b.Fatal(err)
	}
	b.Logf("URL list %d bytes, sitemap %d bytes", list.Len(), xml.Len())
	base := []string{"check", "-f", filepath.Join(dir, "en.wikipedia.org.txt"), "-a", "Googlebot", "-a", "Bingbot", "-a", "GPTBot", "-a", "Applebot", "-a", "YandexBot"}
	for _, mode := range []string{"text", "json"} {
		for _, input := range []string{"urls", "sitemap"} {
			b.Run(mode+"/"+input, func(b *testing.B) {
				args := append(slices.Clone(base), "--"+input, map[string]string{"urls": urls, "sitemap": sm}[input])
				if mode == "json" {
					args = append(args, "--json")
				}
				cpu := testutil.CPUTime()
				for b.Loop() {
					if code := Run(context.Background(), args, strings.NewReader(""), io.Discard, io.Discard); code > 1 {
						b.Fatalf("exit status %d", code)
					}
				}
				b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/n, "ns/url")
				// CPU time, garbage collection included: on a loaded
				// machine the clock runs on while waiting for a core.
				b.ReportMetric(float64((testutil.CPUTime()-cpu).Nanoseconds())/float64(b.N)/n, "cpu-ns/url")
			})
		}
	}
}
