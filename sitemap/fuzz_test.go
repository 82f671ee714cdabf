package sitemap_test

import (
	"context"
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
