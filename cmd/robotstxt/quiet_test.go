package main

import (
	"os"
	"path/filepath"
	"testing"
)

// -q (--quiet): only the exit status answers; notes are silenced too, and
// errors are still printed (they say why the status is 2).
func TestQuiet(t *testing.T) {
	dir := t.TempDir()
	write := func(name, body string) string {
		p := filepath.Join(dir, name)
		if err := os.WriteFile(p, []byte(body), 0o644); err != nil {
			t.Fatal(err)
		}
		return p
	}
	robots := write("robots.txt", "User-agent: *\nDisallow: /private\n")
	closed := write("closed.txt", "User-agent: *\nDisallow: /\n")
	missing := filepath.Join(dir, "nosuch.txt")
	holds := write("holds.expect", "bot /public allow\nbot /private disallow\n")
	fails := write("fails.expect", "bot /private allow\n")
	bad := write("bad.expect", "bot /x maybe\n")
	typo := write("typo.txt", "User-agent: *\nDisallow: /private\nDisallow: /private\n")
	site := newCrawlerSite(t, map[string]crawlerRoute{"/robots.txt": {body: "User-agent: *\nDisallow: /private\n"}})
	for _, tt := range []struct {
		name      string
		args      []string
		code      int
		errorText bool // stderr holds an error
	}{
		{"check allowed", []string{"check", "-q", "-f", robots, "-a", "bot", "/public"}, 0, false},
		{"check disallowed", []string{"check", "-q", "-f", robots, "-a", "bot", "/public", "/private"}, 1, false},
		{"check note silenced", []string{"check", "--quiet", "-f", robots, "-a", "bot", "private/x"}, 0, false},
		{"check missing file", []string{"check", "-q", "-f", missing, "-a", "bot", "/"}, 2, true},
		{"check usage error", []string{"check", "-q", "-f", robots, "/"}, 2, true},
		{"check --live", []string{"check", "-q", "--live", "--allow-private", "-a", "bot", site.URL + "/private/x"}, 1, false},
		{"diff same", []string{"diff", "-q", robots, robots}, 0, false},
		{"diff changed", []string{"diff", "--quiet", robots, closed}, 1, false},
		{"diff missing", []string{"diff", "-q", robots, missing}, 2, true},
		{"test holds", []string{"test", "-q", "-f", robots, holds}, 0, false},
		{"test fails", []string{"test", "--quiet", "-f", robots, fails}, 1, false},
		{"test bad spec", []string{"test", "-q", "-f", robots, bad}, 2, true},
		{"lint clean", []string{"lint", "-q", robots}, 0, false},
		{"lint finding", []string{"lint", "--quiet", "--fail-on", "info", closed}, 1, false},
		{"lint missing named", []string{"lint", "-q", robots, missing}, 2, true},
		{"lint --fix of stdin refused", []string{"lint", "-q", "--fix"}, 2, true},
		{"lint --diff", []string{"lint", "-q", "--diff", typo}, 1, false},
	} {
		t.Run(tt.name, func(t *testing.T) {
			stdout, stderr, code := crawlerRun(t, "", tt.args...)
			if code != tt.code || stdout != "" || (stderr != "") != tt.errorText {
				t.Errorf("exit %d (want %d), stdout %q (want none), stderr %q", code, tt.code, stdout, stderr)
			}
		})
	}
}
