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
		{name: "fix", args: []string{"--fix", "--unsafe-fixes", "--host", "www.example.org", "--select", "error,warning"},
			file:   "User-agent: *\nDisallow: /admin/\nDisallow: /x\nSitemap: https://www.example.org/s.xml\n",
			stdout: "robots.txt: no findings\n", stderr: "robotstxt: lint: robots.txt: fixed 4 findings\n", code: exitOK},
		{name: "safe fixes only: the missing slash is a guess (ruff's --unsafe-fixes)", args: []string{"--fix", "--host", "www.example.org"},
			file:   "User-agent: *\nDisallow: admin/\nDisallow: /x\nSitemap: https://www.example.org/s.xml\n",
			stdout: "Errors (1)\n  robots.txt:2:11: error pattern-no-slash",
			stderr: "robotstxt: lint: robots.txt:2: pattern-no-slash not fixed without --unsafe-fixes: it guesses what the line was meant to say, and so changes verdicts (the fix: Disallow: /admin/)\n" +
				"robotstxt: lint: robots.txt: fixed 3 findings\n",
			code: exitFindings},
		{name: "fix without --host leaves the sitemap", args: []string{"--fix", "--unsafe-fixes", "--format", "github"},
			file:   "User-agent: *\nDisallow: /admin/\nDisallow: /x\nSitemap: /s.xml\n",
			stdout: "::error file=robots.txt,line=4,col=10,title=sitemap-not-absolute::", stderr: "robotstxt: lint: robots.txt: fixed 3 findings\n", code: exitFindings},
		{name: "ignore chooses what is fixed", args: []string{"--fix", "--unsafe-fixes", "--ignore", "typo-accepted,duplicate-rule", "--json"},
			file:   "Useragent: *\nDisallow: /admin/\nDisallow: /x\nDisallow: /x\nSitemap: /s.xml\n",
			stderr: "robotstxt: lint: robots.txt: fixed 1 finding\n", code: exitFindings},
		{name: "diff", args: []string{"--diff", "--unsafe-fixes", "--host", "www.example.org"},
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
			// Idempotent: a second --fix has nothing left to do (but
			// to name again the unsafe fixes it leaves).
			if strings.Contains(strings.Join(tt.args, " "), "--fix") {
				_, stderr, _ := auditRun(t, "", "", append(append([]string{"lint"}, tt.args...), "robots.txt")...)
				again, _ := os.ReadFile("robots.txt")
				if string(again) != tt.file || stderr != "" && !strings.Contains(stderr, "without --unsafe-fixes") {
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
	_, stderr, _ := auditRun(t, "", "", "lint", "--fix", "--unsafe-fixes", "robots.txt")
	got, _ := os.ReadFile("robots.txt")
	want := "robotstxt: lint: robots.txt:1: unknown-directive not fixed: it would change "
	if string(got) != in || !strings.HasPrefix(stderr, want) || !strings.Contains(stderr, "Googlebot /y: disallowed -> allowed") ||
		!strings.HasSuffix(stderr, "(the fix: User-agent: Googlebot)\n") {
		t.Errorf("file %q, stderr %q", got, stderr)
	}
}

// TestLintFixStdin: --fix on standard input writes the fixed text on
// standard output and nothing else there; the findings left go to
// standard error, and the exit status says whether one is at or above
// --fail-on, as ruff does ("cat robots.txt | robotstxt lint --fix - >
// fixed.txt" in a pipeline).
func TestLintFixStdin(t *testing.T) {
	inTempDir(t)
	for _, tt := range []struct {
		name, in, args string
		stdout         string
		stderr         []string // each in standard error, in this order
		code           int
	}{
		{name: "fixed, an info left", in: "Useragent: *\nDisallow /x\n", args: "lint --fix -",
			stdout: "User-agent: *\nDisallow: /x\n",
			stderr: []string{"robotstxt: lint: robots.txt: fixed 2 findings\n", "info no-sitemap", "robots.txt: 0 errors, 0 warnings, 1 info\n"},
			code:   exitOK},
		{name: "an error left: exit 1", in: "User-agent: *\nDisallow: admin/\nDisallow: /x\nDisallow: /x\n", args: "lint --fix",
			stdout: "User-agent: *\nDisallow: admin/\nDisallow: /x\n",
			stderr: []string{"pattern-no-slash not fixed without --unsafe-fixes", "fixed 1 finding\n", "error pattern-no-slash"},
			code:   exitFindings},
		{name: "unsafe fixes asked for", in: "User-agent: *\nDisallow: admin/\n", args: "lint --fix --unsafe-fixes --fail-on warning -",
			stdout: "User-agent: *\nDisallow: /admin/\n",
			stderr: []string{"fixed 1 finding\n", "0 errors, 0 warnings, 1 info"},
			code:   exitOK},
		{name: "JSON findings go to standard error too", in: "User-agent: *\nDisallow: admin/\n", args: "lint --fix --format json",
			stdout: "User-agent: *\nDisallow: admin/\n",
			stderr: []string{`"id": "pattern-no-slash"`},
			code:   exitFindings},
		{name: "nothing to fix", in: "User-agent: *\nDisallow: /x\nSitemap: https://example.com/s.xml\n", args: "lint --fix -",
			stdout: "User-agent: *\nDisallow: /x\nSitemap: https://example.com/s.xml\n",
			stderr: []string{"robots.txt: no findings\n"},
			code:   exitOK},
	} {
		t.Run(tt.name, func(t *testing.T) {
			stdout, stderr, code := auditRun(t, tt.in, "", strings.Fields(tt.args)...)
			rest := stderr
			for _, w := range tt.stderr {
				i := strings.Index(rest, w)
				if i < 0 {
					t.Errorf("standard error lacks %q (in order):\n%s", w, stderr)
					break
				}
				rest = rest[i+len(w):]
			}
			if stdout != tt.stdout || code != tt.code {
				t.Errorf("stdout %q, exit %d; want %q, exit %d\nstderr:\n%s", stdout, code, tt.stdout, tt.code, stderr)
			}
		})
	}
	if _, _, code := auditRun(t, "", "", "lint", "--fix", "--diff"); code != exitUsage {
		t.Errorf("--fix --diff: exit %d, want 2", code)
	}
}
