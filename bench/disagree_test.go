package bench

import (
	"fmt"
	"os"
	"strings"
	"testing"
)

// TestCompareCorpus runs the disagreement analysis over the corpus, logs the
// table, and checks that it covered every file and that our library agrees
// with the naive reference model on every check.
func TestCompareCorpus(t *testing.T) {
	files := Corpus(t)
	rep := Compare(files)
	t.Logf("files %d, rejected by temoto %v, compared %d, checks %d, disagree %d in %d files",
		rep.Files, rep.Rejected, rep.Compared, rep.Checks, rep.Disagree, rep.DisagreeFiles)
	for _, tl := range rep.Causes {
		t.Logf("%-45s checks %6d files %4d", tl.Cause, tl.Checks, tl.Files)
		for _, s := range tl.Samples {
			t.Logf("    %s", s)
		}
	}
	if rep.Files != len(files) || rep.Compared+len(rep.RejectedFiles) != rep.Files {
		t.Errorf("compared %d and rejected %d of %d files; read %d", rep.Compared, len(rep.RejectedFiles), rep.Files, len(files))
	}
	if min := rep.Compared * len(Agents) * len(genericPaths); rep.Checks < min {
		t.Errorf("%d checks, want at least %d", rep.Checks, min)
	}
	if rep.Disagree == 0 || rep.Disagree*10 > rep.Checks {
		t.Errorf("%d disagreements in %d checks: the harness is broken", rep.Disagree, rep.Checks)
	}
	for i, m := range rep.RefMismatches {
		if i == 20 {
			t.Errorf("... %d more", len(rep.RefMismatches)-i)
			break
		}
		t.Errorf("our library differs from the reference model: %s", m)
	}
}

// plainFile has nothing the two libraries read differently: keys spelt
// plainly, no ties, no percent escapes, wildcards only after a literal
// start, groups ended by rules.
const plainFile = `# A file with no RFC-vs-temoto ambiguity.
User-agent: *
Disallow: /private/
Allow: /private/public/
Disallow: /tmp
Disallow: /*.pdf$

User-agent: Googlebot
User-agent: Bingbot
Disallow: /search
Allow: /search/about

Sitemap: https://example.com/sitemap.xml

User-agent: BadBot
Disallow: /
`

func TestAgreeOnPlainFile(t *testing.T) {
	c, reason := newFileComparer(File{"plain.txt", []byte(plainFile)})
	if c == nil {
		t.Fatalf("temoto refuses the plain file: %s", reason)
	}
	tests := []struct {
		agent, path string
		allowed     bool
	}{
		{"ExampleBot", "/", true},
		{"ExampleBot", "/private/x", false},
		{"ExampleBot", "/private/public/x", true},
		{"ExampleBot", "/tmp/file", false},
		{"ExampleBot", "/doc/a.pdf", false},
		{"ExampleBot", "/doc/a.pdf?x", true},
		{"Googlebot", "/search?q=x", false},
		{"Googlebot", "/search/about", true},
		{"Googlebot", "/private/x", true},
		{"Bingbot", "/search", false},
		{"BadBot", "/anything", false},
		{"badbot", "/", false},
	}
	for _, tt := range tests {
		ours, tem, cause, refOK := c.compare(tt.agent, tt.path)
		if ours != tt.allowed || tem != tt.allowed || cause != "" || !refOK {
			t.Errorf("%s %s: ours %v, temoto %v, reference agrees %v (cause %q); want %v from both",
				tt.agent, tt.path, ours, tem, refOK, cause, tt.allowed)
		}
	}
}

// TestCauses checks that each kind of disagreement is put down to its cause.
func TestCauses(t *testing.T) {
	big := "User-agent: *\n" + strings.Repeat("Allow: /allowed/page\n", 30000) + "Disallow: /\n"
	tests := []struct {
		name, file, agent, path string
		ours                    bool
		cause                   string
	}{
		{"crawl-delay", "User-agent: a\nCrawl-delay: 5\nUser-agent: b\nDisallow: /\n", "a", "/x", false, CauseCrawlDelay},
		{"typo", "User-agent: *\nDissalow: /x\n", "Googlebot", "/x", false, CauseTypo},
		{"prefix key", "User-agent: *\nDisallowed: /x\n", "Googlebot", "/x", false, CauseTypo},
		{"hash", "User-agent: *\nDisallow: /a#b\n", "Googlebot", "/a", false, CauseHash},
		{"colon", "User-agent: *\nDisallow : /x\n", "Googlebot", "/x", false, CauseColon},
		{"space", "User-agent: *\nDisallow: / and 1=1\n", "Googlebot", "/x", true, CauseSpace},
		{"agent prefix", "User-agent: google\nDisallow: /\n", "Googlebot", "/x", true, CauseAgentPrefix},
		{"agent suffix", "User-agent: Googlebot/2.1\nDisallow: /\n", "Googlebot", "/x", false, CauseAgentSuffix},
		{"robots.txt", "User-agent: *\nDisallow: /\n", "Googlebot", "/robots.txt", true, CauseRobotsTxt},
		{"no slash", "User-agent: *\nDisallow: private\n", "Googlebot", "/private", true, CauseNoSlash},
		{"percent", "User-agent: *\nDisallow: /%7Ea\n", "Googlebot", "/~a", false, CausePercent},
		{"non-ASCII", "User-agent: *\nDisallow: /caf\u00e9\n", "Googlebot", "/caf%C3%A9", false, CausePercent},
		{"dollar", "User-agent: *\nDisallow: /a$b\n", "Googlebot", "/a$b", false, CauseDollar},
		{"anchor", "User-agent: *\nDisallow: /x/*.php\n", "Googlebot", "/y/x/a.php", true, CauseAnchor},
		{"star only", "User-agent: *\nDisallow: *\n", "Googlebot", "/", false, CauseStarOnly},
		{"priority", "User-agent: *\nAllow: /n/*\nDisallow: /*/\n", "Googlebot", "/n/x", true, CausePriority},
		{"tie", "User-agent: *\nDisallow: /a\nAllow: /a\n", "Googlebot", "/a", true, CauseTie},
		{"index.html", "User-agent: *\nDisallow: /d/\nAllow: /d/index.html\n", "Googlebot", "/d/", true, CauseIndexHTML},
		{"truncated", big, "Googlebot", "/x", true, CauseTruncated},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			c, reason := newFileComparer(File{tt.name, []byte(tt.file)})
			if c == nil {
				t.Fatalf("temoto refuses the file: %s", reason)
			}
			ours, tem, cause, refOK := c.compare(tt.agent, tt.path)
			if ours != tt.ours || tem == ours || cause != tt.cause || !refOK {
				t.Errorf("%s %s in %q:\n\tgot ours %v, temoto %v, cause %q, reference agrees %v\n\twant ours %v, temoto %v, cause %q",
					tt.agent, tt.path, clip(tt.file), ours, tem, cause, refOK, tt.ours, !tt.ours, tt.cause)
			}
		})
	}
}

func TestRejected(t *testing.T) {
	tests := []struct{ file, reason string }{
		{"Disallow: /x\nUser-agent: *\nDisallow: /y\n", "allow/disallow before the first user-agent line"},
		{"Crawl-delay: 5\nUser-agent: *\n", "crawl-delay before the first user-agent line"},
		{"User-agent: *\nCrawl-delay: soon\n", "crawl-delay value not a number"},
	}
	for _, tt := range tests {
		rep := Compare([]File{{"f.txt", []byte(tt.file)}})
		if rep.Rejected[tt.reason] != 1 || rep.Compared != 0 {
			t.Errorf("Compare(%q): rejected %v, compared %d; want rejected for %q", tt.file, rep.Rejected, rep.Compared, tt.reason)
		}
	}
}

func clip(s string) string {
	if len(s) > 80 {
		return s[:80] + "..."
	}
	return s
}

// TestDumpDisagreements writes every disagreement over the corpus as
// tab-separated lines (cause, file, agent, path, ours, temoto) to the file
// named by BENCH_DUMP, for review.
func TestDumpDisagreements(t *testing.T) {
	out := os.Getenv("BENCH_DUMP")
	if out == "" {
		t.Skip("set BENCH_DUMP to a file name to write every disagreement")
	}
	rep := Compare(Corpus(t))
	var b strings.Builder
	for _, d := range rep.Disagreements {
		fmt.Fprintf(&b, "%s\t%s\t%s\t%s\t%s\t%s\n", d.Cause, d.File, d.Agent, d.Path, verdict(d.Ours), verdict(d.Temoto))
	}
	if err := os.WriteFile(out, []byte(b.String()), 0o644); err != nil {
		t.Fatal(err)
	}
}
