package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"
)

// lintSample gives pattern-no-slash@2 (error), hash-in-path@3 (warning),
// crawl-delay@4 and no-sitemap@0 (info).
const lintSample = "User-agent: *\nDisallow: admin/\nDisallow: /a#b\nCrawl-delay: 5\n"

// lintIDs runs lint with --json and returns "id@line" of every finding of
// every file, sorted, with the exit status and standard error.
func lintIDs(t *testing.T, stdin string, args ...string) (ids []string, stderr string, code int) {
	t.Helper()
	out, stderr, code := auditRun(t, stdin, "", append([]string{"lint", "--json"}, args...)...)
	if code == exitUsage {
		return nil, stderr, code
	}
	var rep struct {
		Files []struct {
			Findings []struct {
				ID   string
				Line int
			}
		}
	}
	if err := json.Unmarshal([]byte(out), &rep); err != nil {
		t.Fatalf("lint %v: not JSON: %v\n%s", args, err, out)
	}
	for _, f := range rep.Files {
		for _, x := range f.Findings {
			ids = append(ids, x.ID+"@"+strconv.Itoa(x.Line))
		}
	}
	slices.Sort(ids)
	return ids, stderr, code
}

// inTempDir runs the test in a fresh folder, so that no config file of
// the machine is found.
func inTempDir(t *testing.T) string {
	dir := t.TempDir()
	t.Chdir(dir)
	return dir
}

func writeFile(t *testing.T, path, body string) {
	t.Helper()
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, []byte(body), 0o644); err != nil {
		t.Fatal(err)
	}
}

// TestLintSelect: --select and --ignore by check ID or severity, comma
// lists and repeated flags; an unknown name is a usage error with the
// closest ID.
func TestLintSelect(t *testing.T) {
	inTempDir(t)
	for _, tt := range []struct {
		args []string
		want []string
		code int
	}{
		{nil, []string{"crawl-delay@4", "hash-in-path@3", "no-sitemap@0", "pattern-no-slash@2"}, exitFindings},
		{[]string{"--select", "error"}, []string{"pattern-no-slash@2"}, exitFindings},
		{[]string{"--select", "warning,info"}, []string{"crawl-delay@4", "hash-in-path@3", "no-sitemap@0"}, exitOK},
		{[]string{"--select", "warning", "--select", "crawl-delay"}, []string{"crawl-delay@4", "hash-in-path@3"}, exitOK},
		{[]string{"--ignore", "error"}, []string{"crawl-delay@4", "hash-in-path@3", "no-sitemap@0"}, exitOK},
		{[]string{"--ignore", "info", "--ignore", "hash-in-path"}, []string{"pattern-no-slash@2"}, exitFindings},
		{[]string{"--select", "info", "--ignore", "no-sitemap"}, []string{"crawl-delay@4"}, exitOK},
		{[]string{"--select", "pattern-no-slash", "--ignore", "error"}, nil, exitOK},
		{[]string{"--select", "hash-in-path", "--fail-on", "warning"}, []string{"hash-in-path@3"}, exitFindings},
	} {
		got, stderr, code := lintIDs(t, lintSample, tt.args...)
		if !slices.Equal(got, tt.want) || code != tt.code {
			t.Errorf("lint %v: %v (exit %d), want %v (exit %d)\n%s", tt.args, got, code, tt.want, tt.code, stderr)
		}
	}
	for _, tt := range []struct {
		args []string
		msg  string
	}{
		{[]string{"--select", "hash-in-pth"}, `robotstxt: lint: no check "hash-in-pth"; did you mean "hash-in-path"?` + "\n"},
		{[]string{"--ignore", "error,no-sitemp"}, `robotstxt: lint: no check "no-sitemp"; did you mean "no-sitemap"?` + "\n"},
		{[]string{"--ignore", "zzz"}, `robotstxt: lint: no check "zzz" (run "robotstxt lint --checks")` + "\n"},
	} {
		_, stderr, code := auditRun(t, lintSample, "", append([]string{"lint"}, tt.args...)...)
		if code != exitUsage || !strings.HasPrefix(stderr, tt.msg) {
			t.Errorf("lint %v: exit %d, stderr %q, want exit 2 and %q", tt.args, code, stderr, tt.msg)
		}
	}
}

// TestLintConfig: the nearest .robotstxt.json from the current folder up
// gives the defaults; each flag given wins; --config names another file,
// --no-config reads none; a bad file is a usage error naming it.
func TestLintConfig(t *testing.T) {
	dir := inTempDir(t)
	writeFile(t, filepath.Join(dir, ".robotstxt.json"), `{"lint": {"ignore": ["info"], "fail-on": "warning"}}`)
	writeFile(t, filepath.Join(dir, "other.json"), `{"lint": {"select": ["crawl-delay"]}}`)
	sub := filepath.Join(dir, "site", "public")
	if err := os.MkdirAll(sub, 0o755); err != nil {
		t.Fatal(err)
	}
	for _, tt := range []struct {
		cwd  string
		args []string
		want []string
		code int
	}{
		{sub, nil, []string{"hash-in-path@3", "pattern-no-slash@2"}, exitFindings},
		{dir, []string{"--select", "warning"}, []string{"hash-in-path@3"}, exitFindings},                 // fail-on warning from the file
		{dir, []string{"--select", "warning", "--fail-on", "error"}, []string{"hash-in-path@3"}, exitOK}, // the flag wins
		{dir, []string{"--ignore", "error"}, []string{"crawl-delay@4", "hash-in-path@3", "no-sitemap@0"}, exitFindings},
		{dir, []string{"--no-config"}, []string{"crawl-delay@4", "hash-in-path@3", "no-sitemap@0", "pattern-no-slash@2"}, exitFindings},
		{dir, []string{"--config", "other.json"}, []string{"crawl-delay@4"}, exitOK},
	} {
		t.Chdir(tt.cwd)
		got, stderr, code := lintIDs(t, lintSample, tt.args...)
		if !slices.Equal(got, tt.want) || code != tt.code {
			t.Errorf("in %s: lint %v: %v (exit %d), want %v (exit %d)\n%s", tt.cwd, tt.args, got, code, tt.want, tt.code, stderr)
		}
	}
	t.Chdir(dir)
	for _, tt := range []struct {
		body, msg string
	}{
		{`{"lint": {"ignor": []}}`, `unknown key "lint.ignor"; did you mean "lint.ignore"?`},
		{`{"lint": {"select": ["hash-in-pth"]}}`, `lint: no check "hash-in-pth"; did you mean "hash-in-path"?`},
		{`not json`, `not a JSON object`},
	} {
		writeFile(t, filepath.Join(dir, ".robotstxt.json"), tt.body)
		_, stderr, code := auditRun(t, lintSample, "", "lint")
		want := "robotstxt: lint: config: " + filepath.Join(dir, ".robotstxt.json") + ": "
		if code != exitUsage || !strings.HasPrefix(stderr, want) || !strings.Contains(stderr, tt.msg) {
			t.Errorf("config %s: exit %d, stderr %q, want exit 2, %q and %q", tt.body, code, stderr, want, tt.msg)
		}
	}
	_, stderr, code := auditRun(t, lintSample, "", "lint", "--config", "nosuch.json")
	if code != exitUsage || stderr != "robotstxt: lint: config: nosuch.json: no such file or directory\n" {
		t.Errorf("--config nosuch.json: exit %d, %q", code, stderr)
	}
	_, stderr, code = auditRun(t, lintSample, "", "lint", "--config", "other.json", "--no-config")
	if code != exitUsage || !strings.Contains(stderr, "give one") {
		t.Errorf("--config with --no-config: exit %d, %q", code, stderr)
	}
}

// TestLintBaseline: a report saved with lint --json silences the findings
// it holds, after lines are added above them, and only those.
func TestLintBaseline(t *testing.T) {
	dir := inTempDir(t)
	robots := "robots.txt"
	writeFile(t, robots, lintSample)
	out, _, _ := auditRun(t, "", "", "lint", "--json", robots)
	writeFile(t, "base.json", out)
	for _, tt := range []struct {
		name, text string
		want       []string
		code       int
	}{
		{"unchanged", lintSample, nil, exitOK},
		{"lines added above", "# our rules\n\n" + lintSample, nil, exitOK},
		{"a new finding", lintSample + "Disallow: secret/\n", []string{"pattern-no-slash@5"}, exitFindings},
		{"an edited line is new", strings.Replace(lintSample, "admin/", "admins/", 1), []string{"pattern-no-slash@2"}, exitFindings},
	} {
		writeFile(t, robots, tt.text)
		got, stderr, code := lintIDs(t, "", "--baseline", "base.json", robots)
		if !slices.Equal(got, tt.want) || code != tt.code {
			t.Errorf("%s: %v (exit %d), want %v (exit %d)\n%s", tt.name, got, code, tt.want, tt.code, stderr)
		}
	}
	// From the config file, relative to its folder.
	writeFile(t, filepath.Join(dir, "conf", ".robotstxt.json"), `{"lint": {"baseline": "../base.json"}}`)
	writeFile(t, robots, lintSample)
	if got, stderr, code := lintIDs(t, "", "--config", filepath.Join("conf", ".robotstxt.json"), robots); got != nil || code != exitOK {
		t.Errorf("baseline from the config: %v (exit %d) %s", got, code, stderr)
	}
	for _, tt := range []struct{ file, body, msg string }{
		{"nosuch.json", "", "robotstxt: lint: --baseline: nosuch.json: no such file or directory\n"},
		{"bad.json", "[1]", `robotstxt: lint: bad.json: baseline: not the JSON of "robotstxt lint --json"`},
	} {
		if tt.body != "" {
			writeFile(t, tt.file, tt.body)
		}
		_, stderr, code := auditRun(t, "", "", "lint", "--baseline", tt.file, robots)
		if code != exitUsage || !strings.HasPrefix(stderr, tt.msg) {
			t.Errorf("--baseline %s: exit %d, %q, want %q", tt.file, code, stderr, tt.msg)
		}
	}
}

// TestLintJSONOneShape: one file or several, --json prints one object
// with "files" and "counts".
func TestLintJSONOneShape(t *testing.T) {
	dir := inTempDir(t)
	writeFile(t, filepath.Join(dir, "a.txt"), lintSample)
	writeFile(t, filepath.Join(dir, "b.txt"), "User-agent: *\nDisallow: /x\nSitemap: https://example.com/s.xml\n")
	for _, args := range [][]string{{"a.txt"}, {"a.txt", "b.txt"}, {"--include", "*.txt", "."}, {"-f", "-"}} {
		out, _, _ := auditRun(t, lintSample, "", append([]string{"lint", "--json"}, args...)...)
		var top map[string]json.RawMessage
		if err := json.Unmarshal([]byte(out), &top); err != nil {
			t.Fatalf("lint --json %v: not one object: %v\n%s", args, err, out)
		}
		keys := slices.Sorted(func(yield func(string) bool) {
			for k := range top {
				if !yield(k) {
					return
				}
			}
		})
		if !slices.Equal(keys, []string{"counts", "files"}) {
			t.Errorf("lint --json %v: keys %v, want counts and files", args, keys)
		}
	}
}

// TestLintStatistics: the count per check over all files, most frequent
// first, as text and as JSON.
func TestLintStatistics(t *testing.T) {
	dir := inTempDir(t)
	writeFile(t, filepath.Join(dir, "a.txt"), lintSample)
	writeFile(t, filepath.Join(dir, "b.txt"), "User-agent: *\nDisallow: /a#b\nDisallow: /c#d\n")
	out, stderr, code := auditRun(t, "", "", "lint", "--statistics", "a.txt", "b.txt")
	want := "3  hash-in-path      warning  2 files\n" +
		"2  no-sitemap        info     2 files\n" +
		"1  crawl-delay       info     1 file\n" +
		"1  pattern-no-slash  error    1 file\n" +
		"7  in all\n"
	if out != want || code != exitFindings {
		t.Errorf("--statistics (exit %d):\n%s\nwant\n%s%s", code, out, want, stderr)
	}
	out, _, _ = auditRun(t, "", "", "lint", "--statistics", "--json", "--select", "warning", "a.txt", "b.txt")
	var stats []struct {
		ID           string
		Count, Files int
	}
	if err := json.Unmarshal([]byte(out), &stats); err != nil || len(stats) != 1 || stats[0].ID != "hash-in-path" || stats[0].Count != 3 || stats[0].Files != 2 {
		t.Errorf("--statistics --json --select warning: %v %+v\n%s", err, stats, out)
	}
	if _, _, code := auditRun(t, "", "", "lint", "--statistics", "--format", "sarif", "a.txt"); code != exitUsage {
		t.Errorf("--statistics --format sarif: exit %d, want 2", code)
	}
}

// TestLintConfigPerFile: in a monorepo each linted file takes the nearest
// .robotstxt.json above it (site-a's own selection and host), flags win
// over every config, per-file-ignores drop findings for the files their
// glob matches, and the run's config chooses what a folder walk takes.
func TestLintConfigPerFile(t *testing.T) {
	dir := inTempDir(t)
	writeFile(t, ".robotstxt.json", `{"lint": {"ignore": ["no-sitemap"], "exclude": ["vendor/"], "include": ["hosts/*.txt"],
		"per-file-ignores": {"staging/robots.txt": ["site-closed"], "site-b/*": ["hash-"]}}}`)
	writeFile(t, filepath.Join("site-a", ".robotstxt.json"), `{"lint": {"host": "a.example.org", "select": ["error"]}}`)
	writeFile(t, filepath.Join("site-a", "robots.txt"), "User-agent: *\nDisallow: https://a.example.org/private/\nDisallow: /a#b\nSitemap: /s.xml\n")
	writeFile(t, filepath.Join("staging", "robots.txt"), "User-agent: *\nDisallow: /\n")
	writeFile(t, filepath.Join("site-b", "robots.txt"), "User-agent: *\nDisallow: /a#b\nCrawl-delay: 5\n")
	writeFile(t, filepath.Join("vendor", "robots.txt"), "User-agent: *\nDisallow: x\n")
	writeFile(t, filepath.Join("hosts", "www.example.com.txt"), "User-agent: *\nDisallow: y\n")
	writeFile(t, "requirements.txt", "requests==2.0\n")
	_ = dir
	for _, tt := range []struct {
		args []string
		want []string // the concise lines, each file's check IDs
	}{
		{[]string{"."}, []string{
			"hosts/www.example.com.txt:2:11: error pattern-no-slash",
			"site-a/robots.txt:2:11: error full-url-pattern",
			"site-a/robots.txt:4:10: error sitemap-not-absolute",
			"site-b/robots.txt:3:1: info crawl-delay",
		}},
		{[]string{"--select", "warning", "."}, []string{"site-a/robots.txt:3:13: warning hash-in-path"}},
		// --exclude replaces the config's exclude: vendor/ is back.
		{[]string{"--exclude", "site-*", "--exclude", "hosts/", "."}, []string{"vendor/robots.txt:2:11: error pattern-no-slash"}},
		{[]string{"--no-config", "staging"}, []string{"staging/robots.txt:1:1: info no-sitemap", "staging/robots.txt:2:1: warning site-closed"}},
	} {
		out, stderr, _ := auditRun(t, "", "", append([]string{"lint", "--format", "concise"}, tt.args...)...)
		var got []string
		for _, l := range strings.Split(strings.TrimSpace(out), "\n") {
			if l == "" {
				continue
			}
			if i := strings.Index(l, ": "); i >= 0 {
				if j := strings.Index(l[i+2:], ":"); j >= 0 {
					l = l[:i+2+j]
				}
			}
			got = append(got, l)
		}
		slices.Sort(got)
		if !slices.Equal(got, tt.want) {
			t.Errorf("lint %v:\n got %q\nwant %q\nstderr %s", tt.args, got, tt.want, stderr)
		}
	}
}
