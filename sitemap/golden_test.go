package sitemap_test

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/robotstxt/robotstxt/internal/testutil"
	"github.com/robotstxt/robotstxt/sitemap"
)

// TestGolden reads each real-shaped file of testdata as if it were at
// https://shop.example.com/<name> and compares what was found with
// testdata/golden/<name>.golden (go test -update rewrites them).
func TestGolden(t *testing.T) {
	files, _ := filepath.Glob("testdata/*.*")
	if len(files) == 0 {
		t.Fatal("no testdata")
	}
	for _, file := range files {
		name := filepath.Base(file)
		t.Run(name, func(t *testing.T) {
			f, err := os.Open(file)
			if err != nil {
				t.Fatal(err)
			}
			defer f.Close()
			var b strings.Builder
			res, err := (&sitemap.Reader{}).Read(context.Background(), "https://shop.example.com/"+name, f, func(e sitemap.Entry) error {
				fmt.Fprintf(&b, "%d\t%s\t%s\n", e.Line, e.Loc, e.Lastmod)
				return nil
			})
			if err != nil {
				t.Fatal(err)
			}
			for _, p := range res.Problems {
				fmt.Fprintln(&b, p)
			}
			golden := filepath.Join("testdata", "golden", name+".golden")
			if *testutil.Update {
				if err := os.WriteFile(golden, []byte(b.String()), 0o644); err != nil {
					t.Fatal(err)
				}
				return
			}
			want, err := os.ReadFile(golden)
			if err != nil {
				t.Fatal(err)
			}
			if b.String() != string(want) {
				t.Errorf("%s:\ngot:\n%s\nwant:\n%s", file, b.String(), want)
			}
		})
	}
}
