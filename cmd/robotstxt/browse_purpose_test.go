package main

import (
	"strings"
	"testing"
)

// TestBrowsePurpose: browse --purpose blocks the requests whose purpose the
// site refuses (draft-ietf-aipref-attach-05 §3, Content-Usage train-ai=n
// under /articles/), and only those: counted at the server, a refused page
// never reaches it.
func TestBrowsePurpose(t *testing.T) {
	browseChromium(t)
	a := newBrowseSite(t, map[string]string{
		"/robots.txt": "User-agent: *\nDisallow: /private/\nContent-Usage: /articles/ train-ai=n\n",
		"/articles/a": `<!doctype html><link rel="icon" href="data:,"><p>article`,
		"/about":      `<!doctype html><link rel="icon" href="data:,"><p>about`,
	})
	tests := []struct {
		purpose, path string
		loaded        bool
	}{
		{"train-ai", "/articles/a", false},
		{"search", "/articles/a", true},
		{"train-ai", "/about", true},
		{"", "/articles/a", true}, // no purpose declared: only robots.txt's rules
	}
	for _, tt := range tests {
		t.Run(tt.purpose+tt.path, func(t *testing.T) {
			before := a.count(tt.path)
			args := []string{"browse", "--agent", "ExampleBot", "--allow-private"}
			if tt.purpose != "" {
				args = append(args, "--purpose", tt.purpose)
			}
			stdout, stderr, code := crawlerRun(t, "", append(args, a.URL+tt.path)...)
			reached := a.count(tt.path) - before
			if tt.loaded {
				if code != exitOK || reached != 1 {
					t.Errorf("want loaded: exit %d, reached the server %d times; stdout %q stderr %q", code, reached, stdout, stderr)
				}
				return
			}
			if code != exitFindings || reached != 0 {
				t.Errorf("want blocked: exit %d, reached the server %d times; stdout %q stderr %q", code, reached, stdout, stderr)
			}
			if !strings.Contains(stdout+stderr, "not loaded") {
				t.Errorf("no word that the page was not loaded: stdout %q stderr %q", stdout, stderr)
			}
		})
	}
	if _, stderr, code := crawlerRun(t, "", "browse", "--agent", "ExampleBot", "--purpose", "tdm", a.URL+"/about"); code != exitUsage || !strings.Contains(stderr, "--purpose must be one of") {
		t.Errorf("--purpose tdm: exit %d, stderr %q", code, stderr)
	}
}
