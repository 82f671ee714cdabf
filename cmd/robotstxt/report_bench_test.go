package main

import (
	"context"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// BenchmarkReportManyNames runs report on files that name n crawlers in one
// group followed by 2n rules (the shape of issue 14's 507 KB file at
// n = 4,000). ns/name stays flat when the cost is linear in the names.
func BenchmarkReportManyNames(b *testing.B) {
	for _, n := range []int{1000, 4000, 16000} {
		var sb strings.Builder
		for i := range n {
			fmt.Fprintf(&sb, "User-agent: bot%d\n", i)
		}
		for i := range 2 * n {
			fmt.Fprintf(&sb, "Disallow: /p%d/\n", i)
		}
		file := filepath.Join(b.TempDir(), "robots.txt")
		if err := os.WriteFile(file, []byte(sb.String()), 0o644); err != nil {
			b.Fatal(err)
		}
		b.Run(fmt.Sprint(n), func(b *testing.B) {
			for b.Loop() {
				if code := Run(context.Background(), []string{"report", "--max-bytes", "-1", "-f", file}, strings.NewReader(""), io.Discard, io.Discard); code != 0 {
					b.Fatalf("exit status %d", code)
				}
			}
			b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/float64(n), "ns/name")
		})
	}
}
