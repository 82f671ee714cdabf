package main

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"path/filepath"
	"strings"
	"testing"

	"github.com/robotstxt/robotstxt/internal/testutil"
)

// auditRun runs the command line in-process, with NO_COLOR as given, and
// returns what it printed and its exit status.
func auditRun(t *testing.T, stdin, noColor string, args ...string) (stdout, stderr string, code int) {
	t.Helper()
	var out, errb bytes.Buffer
	c := &cli{stdin: strings.NewReader(stdin), stdout: &out, stderr: &errb,
		getenv: func(k string) string {
			if k == "NO_COLOR" {
				return noColor
			}
			return ""
		}}
	code = c.run(context.Background(), args)
	return out.String(), errb.String(), code
}

// auditGolden records a run as the golden file shows it: the command, its
// standard output, its standard error and its exit status.
func auditGolden(t *testing.T, golden, stdin string, args ...string) (stdout string, code int) {
	t.Helper()
	stdout, stderr, code := auditRun(t, stdin, "", args...)
	got := fmt.Sprintf("$ robotstxt %s\n%s--- stderr\n%s--- exit %d\n", strings.Join(args, " "), stdout, stderr, code)
	testutil.Golden(t, golden, []byte(got))
	return stdout, code
}

func TestLintCommand(t *testing.T) {
	mistakes := filepath.Join("testdata", "lint", "mistakes.txt")
	clean := filepath.Join("testdata", "lint", "clean.txt")
	for _, tt := range []struct {
		golden string
		stdin  string
		args   []string
		code   int
	}{
		{"text", "", []string{"lint", "-f", mistakes}, exitFindings},
		{"color", "", []string{"lint", mistakes, "--color", "always"}, exitFindings},
		{"json", "", []string{"lint", "-f", mistakes, "--format", "json"}, exitFindings},
		{"sarif", "", []string{"lint", "-f", mistakes, "--format", "sarif", "--name", "public/robots.txt"}, exitFindings},
		{"github", "", []string{"lint", "-f", mistakes, "--format", "github"}, exitFindings},
		{"concise", "", []string{"lint", "-f", mistakes, "--output-format", "concise"}, exitFindings},
		{"gitlab", "", []string{"lint", clean, mistakes, "--format", "gitlab"}, exitFindings},
		{"junit", "", []string{"lint", clean, mistakes, "--format", "junit", "--fail-on", "warning"}, exitFindings},
		{"select-prefix", "", []string{"lint", "-f", mistakes, "--output-format", "concise", "--select", "pattern-,sitemap-*"}, exitFindings},
		{"statistics-concise", "", []string{"lint", "-f", mistakes, "--format", "concise", "--statistics"}, exitUsage},
		{"clean", "", []string{"lint", "-f", clean}, exitOK},
		{"clean-fail-on-info", "", []string{"lint", "-f", clean, "--fail-on", "info"}, exitFindings},
		{"stdin", "User-agent: *\nDisallow: /*.css$\n", []string{"lint"}, exitOK},
		{"stdin-fail-on-warning", "User-agent: *\nDisallow: /*.css$\n", []string{"lint", "--fail-on", "warning", "--name", "site/robots.txt"}, exitFindings},
		{"checks", "", []string{"lint", "--checks"}, exitOK},
		{"bad-format", "", []string{"lint", "-f", clean, "--format", "xml"}, exitUsage},
		{"bad-fail-on", "", []string{"lint", "-f", clean, "--fail-on", "fatal"}, exitUsage},
		{"missing-file", "", []string{"lint", "-f", "testdata/lint/no-such-file.txt"}, exitUsage},
		{"two-files", "", []string{"lint", clean, mistakes}, exitFindings},
		{"two-files-json", "", []string{"lint", clean, mistakes, "--format", "json"}, exitFindings},
		{"two-files-sarif", "", []string{"lint", clean, mistakes, "--format", "sarif"}, exitFindings},
		{"dir", "", []string{"lint", filepath.Join("testdata", "lint", "dir"), "--fail-on", "warning"}, exitFindings},
		{"dir-include", "", []string{"lint", filepath.Join("testdata", "lint", "dir"), "--include", "*.txt", "--exclude", "sub/", "--format", "concise"}, exitOK},
		{"dir-none", "", []string{"lint", filepath.Join("testdata", "lint", "dir"), "--exclude", "robots.txt"}, exitUsage},
		{"f-and-args", "", []string{"lint", "-f", clean, mistakes}, exitUsage},
		{"name-two-files", "", []string{"lint", clean, mistakes, "--name", "x.txt"}, exitUsage},
		{"host-own", "User-agent: *\nDisallow: https://www.example.org/private/\nDisallow: https://app.example.org/*\nSitemap: https://cdn.example.net/s.xml\n",
			[]string{"lint", "--host", "www.example.org"}, exitFindings},
		{"host-unknown", "User-agent: *\nDisallow: https://app.example.org/*\nSitemap: https://www.example.org/s.xml\n", []string{"lint"}, exitFindings},
		{"controls", "User-agent: \x1b]0;title\x07bot\nDisallow: /x\x1b[2J y\nSitemap: https://example.com/s.xml\n", []string{"lint"}, exitFindings},
		{"explain", "", []string{"lint", "--explain", "hash-in-path"}, exitOK},
		{"explain-ru", "", []string{"lint", "--explain", "space-in-path", "--lang", "ru"}, exitOK},
		{"explain-json", "", []string{"lint", "--explain", "glued-directives", "--format", "json"}, exitOK},
		{"explain-unknown", "", []string{"lint", "--explain", "no-such-check"}, exitUsage},
		{"checks-ro", "", []string{"lint", "--checks", "--lang", "ro"}, exitOK},
		{"text-ru", "", []string{"lint", "-f", mistakes, "--lang", "ru"}, exitFindings},
	} {
		t.Run(tt.golden, func(t *testing.T) {
			_, code := auditGolden(t, filepath.Join("testdata", "lint", tt.golden+".golden"), tt.stdin, tt.args...)
			if code != tt.code {
				t.Errorf("exit status %d, want %d", code, tt.code)
			}
		})
	}
}

func TestLintHelp(t *testing.T) {
	out, _, code := auditRun(t, "", "", "lint", "--help")
	if code != exitOK || !strings.Contains(out, "Usage: robotstxt lint") || !strings.Contains(out, "Example:") ||
		!strings.Contains(out, "--fail-on") {
		t.Errorf("lint --help (exit %d):\n%s", code, out)
	}
}

// TestLintColor: colour only with --color always, or auto on a terminal
// without NO_COLOR; a buffer is never a terminal.
func TestLintColor(t *testing.T) {
	in := "User-agent: *\nDisallow: private\n"
	for _, tt := range []struct {
		noColor string
		args    []string
		want    bool
	}{
		{"", []string{"lint"}, false},
		{"1", []string{"lint", "--color", "always"}, true},
		{"", []string{"lint", "--color", "never"}, false},
	} {
		out, _, _ := auditRun(t, in, tt.noColor, tt.args...)
		if got := strings.Contains(out, "\x1b["); got != tt.want {
			t.Errorf("NO_COLOR=%q %v: colour %v, want %v", tt.noColor, tt.args, got, tt.want)
		}
	}
	if _, _, code := auditRun(t, in, "", "lint", "--color", "sometimes"); code != exitUsage {
		t.Errorf("--color sometimes: exit %d, want %d", code, exitUsage)
	}
}

// TestLintFailOn: the exit status follows --fail-on exactly.
func TestLintFailOn(t *testing.T) {
	for _, tt := range []struct {
		in     string
		failOn string
		code   int
	}{
		{"User-agent: *\nDisallow: /x\nSitemap: https://example.com/sitemap.xml\n", "info", exitOK},
		{"User-agent: *\nCrawl-delay: 5\nDisallow: /x\n", "warning", exitOK},
		{"User-agent: *\nCrawl-delay: 5\nDisallow: /x\n", "info", exitFindings},
		{"User-agent: *\nDisallow: /a\nDisallow: /a\n", "error", exitOK},
		{"User-agent: *\nDisallow: /a\nDisallow: /a\n", "warning", exitFindings},
		{"Disallow: /x\n", "error", exitFindings},
	} {
		if _, _, code := auditRun(t, tt.in, "", "lint", "--fail-on", tt.failOn); code != tt.code {
			t.Errorf("lint --fail-on %s of %q: exit %d, want %d", tt.failOn, tt.in, code, tt.code)
		}
	}
}

// TestLintSARIF checks the command's SARIF output is one valid log naming
// the file as given.
func TestLintSARIF(t *testing.T) {
	out, _, _ := auditRun(t, "User-agent: *\nDisallow: private\nSitemap: https://example.com/sitemap.xml\n", "", "lint", "--format", "sarif", "--name", "web/robots.txt")
	var log struct {
		Version string `json:"version"`
		Runs    []struct {
			Results []struct {
				RuleID    string `json:"ruleId"`
				Locations []struct {
					PhysicalLocation struct {
						ArtifactLocation struct{ URI string }    `json:"artifactLocation"`
						Region           struct{ StartLine int } `json:"region"`
					} `json:"physicalLocation"`
				} `json:"locations"`
			} `json:"results"`
		} `json:"runs"`
	}
	if err := json.Unmarshal([]byte(out), &log); err != nil {
		t.Fatalf("not JSON: %v\n%s", err, out)
	}
	if log.Version != "2.1.0" || len(log.Runs) != 1 || len(log.Runs[0].Results) != 1 {
		t.Fatalf("unexpected log: %+v", log)
	}
	res := log.Runs[0].Results[0]
	if res.RuleID != "pattern-no-slash" || res.Locations[0].PhysicalLocation.ArtifactLocation.URI != "web/robots.txt" ||
		res.Locations[0].PhysicalLocation.Region.StartLine != 2 {
		t.Errorf("result %+v", res)
	}
}

// TestLintNoRawControls: whatever a file holds, the text output carries no
// raw control character other than the line breaks it writes itself.
func TestLintNoRawControls(t *testing.T) {
	in := "User-agent: *\x1b[2J\nDisallow: /\x1b]0;pwned\x07\n\x1b[31mFoo: bar\nSitemap: \x9b/s.xml\n"
	for _, format := range []string{"text", "github"} {
		out, _, _ := auditRun(t, in, "", "lint", "--format", format, "--color", "never")
		for _, r := range strings.ReplaceAll(out, "\n", "") {
			if r < 0x20 || r == 0x7f || r >= 0x80 && r < 0xa0 {
				t.Errorf("--format %s: raw control %U in the output:\n%q", format, r, out)
				break
			}
		}
	}
}
