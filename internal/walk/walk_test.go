package walk

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// patternTests follow gitignore(5)'s PATTERN FORMAT section, each case
// named after the rule it shows.
var patternTests = []struct {
	rule    string
	pattern string
	base    string // the folder the pattern was read in
	path    string
	dir     bool
	match   bool
}{
	{"a name without a slash matches at any depth", "robots.txt", "", "a/b/robots.txt", false, true},
	{"a name without a slash matches at the top", "robots.txt", "", "robots.txt", false, true},
	{"a leading slash anchors to the folder", "/robots.txt", "", "a/robots.txt", false, false},
	{"a leading slash matches at the folder", "/robots.txt", "", "robots.txt", false, true},
	{"a middle slash anchors too", "doc/frotz", "", "a/doc/frotz", false, false},
	{"a middle slash matches from the folder", "doc/frotz", "", "doc/frotz", false, true},
	{"a trailing slash matches folders only", "build/", "", "build", false, false},
	{"a trailing slash matches a folder", "build/", "", "x/build", true, true},
	{"* does not cross a slash", "a/*.txt", "", "a/b/c.txt", false, false},
	{"* matches within a segment", "a/*.txt", "", "a/c.txt", false, true},
	{"? matches one character", "robots.t?t", "", "robots.txt", false, true},
	{"a class matches one of its characters", "robots.[tx]xt", "", "robots.txt", false, true},
	{"a negated class", "robots.[!t]xt", "", "robots.txt", false, false},
	{"leading **/ matches in every folder", "**/foo", "", "a/b/foo", false, true},
	{"leading **/ matches at the top", "**/foo", "", "foo", false, true},
	{"trailing /** matches everything inside", "abc/**", "", "abc/d/e.txt", false, true},
	{"trailing /** does not match the folder's sibling", "abc/**", "", "abcd/e.txt", false, false},
	{"/**/ matches zero or more folders", "a/**/b", "", "a/b", false, true},
	{"/**/ matches several folders", "a/**/b", "", "a/x/y/b", false, true},
	{"a pattern read in a subfolder matches below it", "*.txt", "site", "site/robots.txt", false, true},
	{"a pattern read in a subfolder does not match beside it", "*.txt", "site", "other/robots.txt", false, false},
	{"an escaped hash is a name", `\#notes`, "", "#notes", false, true},
	{"a backslash escapes a wildcard", `robots\*.txt`, "", "robots-x.txt", false, false},
}

func TestPattern(t *testing.T) {
	for _, tt := range patternTests {
		p, ok := ParsePattern(tt.pattern, tt.base)
		if !ok {
			t.Errorf("%s: %q did not parse", tt.rule, tt.pattern)
			continue
		}
		if got := p.Match(tt.path, tt.dir); got != tt.match {
			t.Errorf("%s: %q on %q (dir %v) = %v, want %v", tt.rule, tt.pattern, tt.path, tt.dir, got, tt.match)
		}
	}
	for _, line := range []string{"", "   ", "# a comment", "/", strings.Repeat("a", maxPatternBytes+1)} {
		if _, ok := ParsePattern(line, ""); ok {
			t.Errorf("%q parsed as a pattern", line)
		}
	}
}

// TestIgnoredNegation: the last matching pattern decides; "!" re-includes.
func TestIgnoredNegation(t *testing.T) {
	ps := ReadPatterns(strings.NewReader("*.txt\n!robots.txt\n# c\n\nsecret/\n"), "")
	for _, tt := range []struct {
		path    string
		dir     bool
		ignored bool
	}{
		{"notes.txt", false, true},
		{"robots.txt", false, false},
		{"a/robots.txt", false, false},
		{"secret", true, true},
		{"secret", false, false},
		{"robots.md", false, false},
	} {
		if got := Ignored(ps, tt.path, tt.dir); got != tt.ignored {
			t.Errorf("Ignored(%q, dir %v) = %v, want %v", tt.path, tt.dir, got, tt.ignored)
		}
	}
}

// TestFiles walks a tree with .gitignore files at two levels, a hidden
// folder, a git folder above the root, includes, excludes and a bound.
func TestFiles(t *testing.T) {
	top := t.TempDir()
	files := map[string]string{
		".git/HEAD":                      "ref: refs/heads/main\n",
		".git/info/exclude":              "local-robots.txt\n",
		".gitignore":                     "dist/\n",
		"sites/.gitignore":               "old/\n!old/keep\n*.bak.txt\n",
		"sites/a/robots.txt":             "",
		"sites/b/robots.staging.txt":     "",
		"sites/b/requirements.txt":       "",
		"sites/b/LICENSE.txt":            "",
		"sites/b/robots.bak.txt":         "",
		"sites/old/robots.txt":           "",
		"sites/dist/robots.txt":          "",
		"sites/.cache/robots.txt":        "",
		"sites/c/local-robots.txt":       "",
		"sites/c/www.example.com.txt":    "",
		"sites/c/vendor/robots.txt":      "",
		"sites/d/Robots.TXT":             "",
		"sites/d/robots.txt.orig":        "",
		"sites/e/staging-robots.txt":     "",
		"sites/e/robotstxt-notes.md":     "",
		"elsewhere/robots.txt":           "",
		"sites/c/vendor/more/robots.txt": "",
	}
	for name, body := range files {
		p := filepath.Join(top, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(body), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	robots := func(name string) bool {
		n := strings.ToLower(name)
		return strings.HasSuffix(n, ".txt") && strings.Contains(n, "robots")
	}
	root := filepath.Join(top, "sites")
	for _, tt := range []struct {
		name string
		opts Options
		want []string
	}{
		{"robots files, ignores honoured", Options{Want: robots},
			[]string{"a/robots.txt", "b/robots.staging.txt", "c/vendor/more/robots.txt", "c/vendor/robots.txt", "d/Robots.TXT", "e/staging-robots.txt"}},
		{"an include adds files", Options{Want: robots, Include: []string{"*.example.com.txt"}},
			[]string{"a/robots.txt", "b/robots.staging.txt", "c/vendor/more/robots.txt", "c/vendor/robots.txt", "c/www.example.com.txt", "d/Robots.TXT", "e/staging-robots.txt"}},
		{"an exclude drops a folder and a file", Options{Want: robots, Exclude: []string{"vendor/", "e/*.txt"}},
			[]string{"a/robots.txt", "b/robots.staging.txt", "d/Robots.TXT"}},
		{"an anchored exclude drops only that folder", Options{Want: robots, Exclude: []string{"/c/vendor/more"}},
			[]string{"a/robots.txt", "b/robots.staging.txt", "c/vendor/robots.txt", "d/Robots.TXT", "e/staging-robots.txt"}},
		{"no ignore files: what .gitignore hid is back", Options{Want: robots, NoIgnoreFiles: true},
			[]string{"a/robots.txt", "b/robots.bak.txt", "b/robots.staging.txt", "c/local-robots.txt", "c/vendor/more/robots.txt", "c/vendor/robots.txt",
				"d/Robots.TXT", "dist/robots.txt", "e/staging-robots.txt", "old/robots.txt"}},
	} {
		got, err := Files(root, tt.opts)
		if err != nil {
			t.Fatalf("%s: %v", tt.name, err)
		}
		var rel []string
		for _, p := range got {
			r, _ := filepath.Rel(root, p)
			rel = append(rel, filepath.ToSlash(r))
		}
		if !slices.Equal(rel, tt.want) {
			t.Errorf("%s:\n got %v\nwant %v", tt.name, rel, tt.want)
		}
	}
	if _, err := Files(root, Options{Want: robots, MaxFiles: 2}); err == nil || !strings.Contains(err.Error(), "too many files") {
		t.Errorf("a bound of 2: %v", err)
	}
}
