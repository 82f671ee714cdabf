package main

import (
	"os"
	"strings"
	"testing"
)

// TestLintFix: --fix rewrites the file with the proven fixes and reports
// what is left; --diff shows the same change as a unified diff and writes
// nothing; a fix that would change other verdicts stays a suggestion on
// standard error; --select and --ignore choose what is fixed; a second
// --fix changes nothing.
func TestLintFix(t *testing.T) {
	inTempDir(t)
	const in = "Useragent: *\nDisallow: admin/\nDisallow: /x\nDisallow: /x\nSitemap: /s.xml\n"
	for _, tt := range []struct {
		name   string
		args   []string
		file   string // the file after the run
		stdout string // "" when not checked
		stderr string
		code   int
	}{
		{name: "fix", args: []string{"--fix", "--host", "www.example.org", "--select", "error,warning"},
			file:   "User-agent: *\nDisallow: /admin/\nDisallow: /x\nSitemap: https://www.example.org/s.xml\n",
			stdout: "robots.txt: no findings\n", stderr: "robotstxt: lint: robots.txt: fixed 4 findings\n", code: exitOK},
		{name: "fix without --host leaves the sitemap", args: []string{"--fix", "--format", "github"},
			file:   "User-agent: *\nDisallow: /admin/\nDisallow: /x\nSitemap: /s.xml\n",
			stdout: "::error file=robots.txt,line=4,col=10,title=sitemap-not-absolute::", stderr: "robotstxt: lint: robots.txt: fixed 3 findings\n", code: exitFindings},
		{name: "ignore chooses what is fixed", args: []string{"--fix", "--ignore", "typo-accepted,duplicate-rule", "--json"},
			file:   "Useragent: *\nDisallow: /admin/\nDisallow: /x\nDisallow: /x\nSitemap: /s.xml\n",
			stderr: "robotstxt: lint: robots.txt: fixed 1 finding\n", code: exitFindings},
		{name: "diff", args: []string{"--diff", "--host", "www.example.org"},
			file: in,
			stdout: "--- a/robots.txt\n+++ b/robots.txt\n@@ -1,5 +1,4 @@\n-Useragent: *\n-Disallow: admin/\n+User-agent: *\n+Disallow: /admin/\n" +
				" Disallow: /x\n-Disallow: /x\n-Sitemap: /s.xml\n+Sitemap: https://www.example.org/s.xml\n",
			code: exitFindings},
		{name: "diff with nothing to fix", args: []string{"--diff", "--select", "info"}, file: in, stdout: "", code: exitOK},
	} {
		t.Run(tt.name, func(t *testing.T) {
			writeFile(t, "robots.txt", in)
			stdout, stderr, code := auditRun(t, "", "", append(append([]string{"lint"}, tt.args...), "robots.txt")...)
			got, _ := os.ReadFile("robots.txt")
			if string(got) != tt.file {
				t.Errorf("the file after lint %v:\n%q\nwant\n%q", tt.args, got, tt.file)
			}
			if code != tt.code || stderr != tt.stderr || (tt.stdout != "" || tt.name == "diff with nothing to fix") && !strings.HasPrefix(stdout, tt.stdout) {
				t.Errorf("lint %v: exit %d, stdout\n%s\nstderr %q; want exit %d, stdout\n%s\nstderr %q", tt.args, code, stdout, stderr, tt.code, tt.stdout, tt.stderr)
			}
			// Idempotent: a second --fix has nothing left to do.
			if strings.Contains(strings.Join(tt.args, " "), "--fix") {
				_, stderr, _ := auditRun(t, "", "", append(append([]string{"lint"}, tt.args...), "robots.txt")...)
				again, _ := os.ReadFile("robots.txt")
				if string(again) != tt.file || stderr != "" {
					t.Errorf("a second lint %v: file %q, stderr %q", tt.args, again, stderr)
				}
			}
		})
	}
}

// TestLintFixSuggestion: a fix that would move a crawler to another group
// is not applied; standard error names the line and the verdicts.
func TestLintFixSuggestion(t *testing.T) {
	inTempDir(t)
	const in = "User-agnet: Googlebot\nDisallow: /x\n\nUser-agent: *\nDisallow: /y\n"
	writeFile(t, "robots.txt", in)
	_, stderr, _ := auditRun(t, "", "", "lint", "--fix", "robots.txt")
	got, _ := os.ReadFile("robots.txt")
	want := "robotstxt: lint: robots.txt:1: unknown-directive not fixed: it would change "
	if string(got) != in || !strings.HasPrefix(stderr, want) || !strings.Contains(stderr, "Googlebot /y: disallowed -> allowed") ||
		!strings.HasSuffix(stderr, "(the fix: User-agent: Googlebot)\n") {
		t.Errorf("file %q, stderr %q", got, stderr)
	}
}

// TestLintFixStdin: --fix on standard input writes the fixed text on
// standard output, and nothing else there.
func TestLintFixStdin(t *testing.T) {
	inTempDir(t)
	stdout, stderr, code := auditRun(t, "Useragent: *\nDisallow /x\n", "", "lint", "--fix")
	if stdout != "User-agent: *\nDisallow: /x\n" || stderr != "robotstxt: lint: robots.txt: fixed 2 findings\n" || code != exitOK {
		t.Errorf("stdout %q, stderr %q, exit %d", stdout, stderr, code)
	}
	stdout, _, _ = auditRun(t, "User-agent: *\nDisallow: /x\n", "", "lint", "--fix")
	if stdout != "User-agent: *\nDisallow: /x\n" {
		t.Errorf("nothing to fix: stdout %q", stdout)
	}
	if _, _, code := auditRun(t, "", "", "lint", "--fix", "--diff"); code != exitUsage {
		t.Errorf("--fix --diff: exit %d, want 2", code)
	}
}
