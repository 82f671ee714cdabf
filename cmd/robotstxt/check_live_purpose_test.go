package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// usageFile states AI usage preferences (draft-ietf-aipref-attach-05 §3):
// training refused under /articles/ (line 4), search accepted everywhere.
const usageFile = `User-agent: *
Disallow: /private/
Content-Usage: search=y
Content-Usage: /articles/ train-ai=n
`

// TestCheckLivePurpose: check --live --purpose gives the answer that
// check -f --purpose gives for the same file, crawler and URL: a refused
// purpose disallows (exit 1) and names the refusing line; an accepted one
// leaves the crawl verdict as it is.
func TestCheckLivePurpose(t *testing.T) {
	site := newCrawlerSite(t, map[string]crawlerRoute{"/robots.txt": {body: usageFile}})
	file := filepath.Join(t.TempDir(), "robots.txt")
	if err := os.WriteFile(file, []byte(usageFile), 0o644); err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		purpose, path string
		allowed       bool
		refusedLine   int
	}{
		{"train-ai", "/articles/a", false, 4},
		{"search", "/articles/a", true, 0},
		{"train-ai", "/about", true, 0},
		{"ai-input", "/articles/a", true, 0}, // no preference stated for it
	}
	for _, tt := range tests {
		t.Run(tt.purpose+tt.path, func(t *testing.T) {
			stdout, stderr, code := crawlerRun(t, "", "check", "--live", "--allow-private", "--purpose", tt.purpose, "-a", "ExampleBot", site.URL+tt.path)
			wantCode := exitOK
			if !tt.allowed {
				wantCode = exitFindings
			}
			if code != wantCode {
				t.Fatalf("live: exit %d, want %d; stdout %q stderr %q", code, wantCode, stdout, stderr)
			}
			word := "ALLOWED"
			if !tt.allowed {
				word = "DISALLOWED"
			}
			if !strings.HasPrefix(stdout, word+" ") {
				t.Errorf("live: %q, want %s", stdout, word)
			}
			if tt.refusedLine != 0 && !strings.Contains(stdout, "purpose "+tt.purpose+" refused: line 4") {
				t.Errorf("live: %q does not name the refusing line", stdout)
			}
			// The same answer from the file.
			_, _, fcode := crawlerRun(t, "", "check", "-f", file, "--purpose", tt.purpose, "-a", "ExampleBot", tt.path)
			if fcode != code {
				t.Errorf("check -f: exit %d, check --live: exit %d", fcode, code)
			}
			// The record says which line refused the purpose.
			out, _, _ := crawlerRun(t, "", "check", "--live", "--allow-private", "--json", "--purpose", tt.purpose, "-a", "ExampleBot", site.URL+tt.path)
			var rec struct {
				Purpose string `json:"purpose"`
				Refused *struct {
					Line int `json:"line"`
				} `json:"refused"`
			}
			if err := json.Unmarshal([]byte(out), &rec); err != nil {
				t.Fatalf("record %q: %v", out, err)
			}
			if rec.Purpose != tt.purpose {
				t.Errorf("record purpose %q, want %q", rec.Purpose, tt.purpose)
			}
			if (rec.Refused != nil) != (tt.refusedLine != 0) || (rec.Refused != nil && rec.Refused.Line != tt.refusedLine) {
				t.Errorf("record refused %+v, want line %d", rec.Refused, tt.refusedLine)
			}
		})
	}
}
