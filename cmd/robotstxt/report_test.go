package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// usageReportFile states AI usage preferences both ways.
const usageReportFile = "User-Agent: *\nAllow: /\nDisallow: /never/\nContent-Usage: train-ai=n\nContent-Usage: /ai-ok/ train-ai=y\n" +
	"Content-Signal: search=yes, ai-train=no\n\nUser-Agent: GPTBot\nDisallow: /\n\nUser-Agent: ExampleBot\nAllow: /\nContent-Usage: train-ai=y\n"

func TestReportCommand(t *testing.T) {
	portal := filepath.Join("testdata", "report", "portal.txt")
	for _, tt := range []struct {
		golden string
		stdin  string
		args   []string
		code   int
	}{
		{"default", "", []string{"report", "-f", portal}, exitOK},
		{"urls", "", []string{"report", "-f", portal, "/", "/private/press.html", "/private/x", "https://example.com/search?q=1", "/checkout/pay"}, exitOK},
		{"all", "", []string{"report", "-f", portal, "--all", "-a", "ExampleBot", "/checkout/pay"}, exitOK},
		{"json", "", []string{"report", "-f", portal, "--json", "/private/x"}, exitOK},
		{"color", "", []string{"report", "-f", portal, "--color", "always", "/private/x"}, exitOK},
		{"closed", "User-agent: *\nDisallow: /\n", []string{"report", "-f", "-"}, exitOK},
		{"empty", "", []string{"report", "-f", "-"}, exitOK},
		{"no-file", "", []string{"report"}, exitOK},
		{"positional", "", []string{"report", portal, "/private/x"}, exitOK},
		{"stdin-lang-ru", "User-agent: *\nDisallow: /private/\n\nUser-agent: Perplexity-User\nDisallow: /\n", []string{"report", "--lang", "ru", "/private/x"}, exitOK},
		{"yandex-blank-line", "User-agent: Yandex\n\nDisallow: /private/\n\nUser-agent: *\nDisallow: /tmp/\n", []string{"report", "-", "/private/x", "/tmp/x"}, exitOK},
		{"yandex-blank-line-json", "User-agent: Yandex\n\nDisallow: /private/\n", []string{"report", "--json", "/private/x"}, exitOK},
		// AI usage preferences (draft-ietf-aipref-attach-05 section 3.4's
		// example, Content-Signal in the "*" group), in the three languages.
		{"usage", usageReportFile, []string{"report", "/test", "/never/test", "/ai-ok/test"}, exitOK},
		{"usage-ru", usageReportFile, []string{"report", "--lang", "ru", "/test"}, exitOK},
		{"usage-ro", usageReportFile, []string{"report", "--lang", "ro", "/ai-ok/test"}, exitOK},
		{"legacy-closed", "User-agent: anthropic-ai\nUser-agent: Google-Extended\nUser-agent: GPTBot\nDisallow: /\n", []string{"report"}, exitOK},
		{"unknown-crawlers", "User-agent: ExampleBot\nUser-agent: 360Spider\nDisallow: /\n\nUser-agent: \x1b[2Jevil\nDisallow: /x\n", []string{"report"}, exitOK},
	} {
		t.Run(tt.golden, func(t *testing.T) {
			_, code := auditGolden(t, filepath.Join("testdata", "report", tt.golden+".golden"), tt.stdin, tt.args...)
			if code != tt.code {
				t.Errorf("exit status %d, want %d", code, tt.code)
			}
		})
	}
}

// TestReportMatrix checks the verdicts of the report against the fallbacks
// the registry documents, through the JSON output.
func TestReportMatrix(t *testing.T) {
	portal := filepath.Join("testdata", "report", "portal.txt")
	out, _, code := auditRun(t, "", "", "report", "-f", portal, "--all", "--json", "/private/x", "/search", "/checkout/pay")
	if code != exitOK {
		t.Fatalf("exit %d", code)
	}
	var doc struct {
		Rows []struct {
			Token    string `json:"token"`
			Agent    string `json:"agent"`
			Source   string `json:"source"`
			Closed   bool   `json:"closed"`
			Verdicts []struct {
				Allowed bool `json:"allowed"`
				Rule    *struct {
					Line int `json:"line"`
				} `json:"rule"`
			} `json:"verdicts"`
		} `json:"rows"`
		Summary struct {
			AI struct {
				Closed, Total int
			} `json:"ai"`
			Text []string `json:"text"`
		} `json:"summary"`
	}
	if err := json.Unmarshal([]byte(out), &doc); err != nil {
		t.Fatalf("not JSON: %v", err)
	}
	want := map[string]struct {
		agent   string
		closed  bool
		allowed [3]bool
	}{
		"*":                    {"*", false, [3]bool{false, true, true}},
		"Googlebot":            {"Googlebot", false, [3]bool{true, false, true}},
		"Googlebot-Image":      {"Googlebot", false, [3]bool{true, false, true}},
		"Applebot":             {"Googlebot", false, [3]bool{true, false, true}},
		"YandexBot":            {"Yandex", false, [3]bool{false, false, true}},
		"YandexImages":         {"Yandex", false, [3]bool{false, false, true}},
		"bingbot":              {"*", false, [3]bool{false, true, true}},
		"GPTBot":               {"GPTBot", true, [3]bool{false, false, false}},
		"ClaudeBot":            {"ClaudeBot", true, [3]bool{false, false, false}},
		"OAI-SearchBot":        {"*", false, [3]bool{false, true, true}},
		"AdsBot-Google":        {"AdsBot-Google", false, [3]bool{true, true, false}},
		"Mediapartners-Google": {"", false, [3]bool{true, true, true}},
	}
	seen := 0
	for _, row := range doc.Rows {
		w, ok := want[row.Token]
		if !ok {
			continue
		}
		seen++
		got := [3]bool{row.Verdicts[0].Allowed, row.Verdicts[1].Allowed, row.Verdicts[2].Allowed}
		if row.Agent != w.agent || row.Closed != w.closed || got != w.allowed {
			t.Errorf("%s: group %q closed %v allowed %v; want %q %v %v", row.Token, row.Agent, row.Closed, got, w.agent, w.closed, w.allowed)
		}
	}
	if seen != len(want) {
		t.Errorf("found %d of the %d crawlers checked", seen, len(want))
	}
	if doc.Summary.AI.Closed != 3 || len(doc.Summary.Text) != 2 || !strings.HasPrefix(doc.Summary.Text[0], "blocks 3 of ") {
		t.Errorf("summary %+v", doc.Summary)
	}
}

func TestReportHelp(t *testing.T) {
	out, _, code := auditRun(t, "", "", "report", "--help")
	if code != exitOK || !strings.Contains(out, "Usage: robotstxt report") || !strings.Contains(out, "Example:") {
		t.Errorf("report --help (exit %d):\n%s", code, out)
	}
}

// TestReportAgreesWithLintOnYandex: when lint says Yandex ends a group at a
// blank line, report gives Yandex's robots Yandex's reading and marks it,
// while Googlebot keeps the RFC 9309 reading.
func TestReportAgreesWithLintOnYandex(t *testing.T) {
	in := "User-agent: Yandex\nUser-agent: Googlebot\n\nDisallow: /private/\n"
	lintOut, _, _ := auditRun(t, in, "", "lint", "--format", "json")
	if !strings.Contains(lintOut, `"blank-line-in-group"`) {
		t.Fatalf("lint does not report the blank line:\n%s", lintOut)
	}
	out, _, code := auditRun(t, in, "", "report", "--json", "--all", "/private/x")
	if code != exitOK {
		t.Fatalf("exit %d", code)
	}
	var doc struct {
		YandexBlankLines []int `json:"yandexBlankLines"`
		Rows             []struct {
			Token    string `json:"token"`
			Reading  string `json:"reading"`
			Verdicts []struct {
				Allowed bool `json:"allowed"`
			} `json:"verdicts"`
		} `json:"rows"`
	}
	if err := json.Unmarshal([]byte(out), &doc); err != nil {
		t.Fatal(err)
	}
	if len(doc.YandexBlankLines) != 1 || doc.YandexBlankLines[0] != 3 {
		t.Errorf("yandexBlankLines = %v, want [3]", doc.YandexBlankLines)
	}
	want := map[string]struct {
		reading string
		allowed bool
	}{"YandexBot": {"yandex", true}, "Yandex": {"yandex", true}, "Googlebot": {"", false}}
	for _, row := range doc.Rows {
		w, ok := want[row.Token]
		if !ok {
			continue
		}
		delete(want, row.Token)
		if row.Reading != w.reading || row.Verdicts[0].Allowed != w.allowed {
			t.Errorf("%s: reading %q, allowed %v; want %q, %v", row.Token, row.Reading, row.Verdicts[0].Allowed, w.reading, w.allowed)
		}
	}
	if len(want) > 0 {
		t.Errorf("rows missing: %v", want)
	}
}

// TestReportMissingFileNotURL: "report /srv/missing.txt" with nothing on
// standard input is a usage error that names the argument, not a report
// of an empty robots.txt (which allows everything); a URL path still
// reads standard input, and an empty file given with -f is linted as such.
func TestReportMissingFileNotURL(t *testing.T) {
	dir := t.TempDir()
	for _, tt := range []struct {
		args []string
		code int
		msg  string
	}{
		{[]string{"report", filepath.Join(dir, "missing.txt")}, exitUsage, "looks like a robots.txt file, but there is no such file"},
		{[]string{"report", "/srv/www/robots.txt"}, exitUsage, `"/srv/www/robots.txt" looks like a robots.txt file`},
		{[]string{"report", filepath.Join(dir, "page")}, exitUsage, "looks like a robots.txt file"}, // its folder exists
		{[]string{"report", "/private/x"}, exitOK, ""},
		{[]string{"report", "https://example.com/robots.txt"}, exitOK, ""},
	} {
		_, stderr, code := runCLI(t, "", tt.args...)
		if code != tt.code || !strings.Contains(stderr, tt.msg) {
			t.Errorf("%v: exit %d, stderr %q; want exit %d with %q", tt.args, code, stderr, tt.code, tt.msg)
		}
	}
	// With a robots.txt on standard input, the same argument is a URL path.
	if _, stderr, code := runCLI(t, "User-agent: *\nDisallow: /srv/\n", "report", "/srv/www/robots.txt"); code != exitOK {
		t.Errorf("with standard input: exit %d, %s", code, stderr)
	}
}

// TestRobotsFlagEverywhere: -f names the robots.txt in every command that
// reads one; logs takes it beside --robots, with the same answer.
func TestRobotsFlagEverywhere(t *testing.T) {
	dir := t.TempDir()
	robots := filepath.Join(dir, "robots.txt")
	log := filepath.Join(dir, "access.log")
	if err := os.WriteFile(robots, []byte("User-agent: *\nDisallow: /private/\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	line := `203.0.113.9 - - [05/Dec/2026:10:00:00 +0000] "GET /private/a HTTP/1.1" 200 10 "-" "ExampleBot/1.0"` + "\n"
	if err := os.WriteFile(log, []byte(line), 0o644); err != nil {
		t.Fatal(err)
	}
	long, _, code1 := runCLI(t, "", "logs", log, "--robots", robots, "--no-dns", "--json")
	short, stderr, code2 := runCLI(t, "", "logs", log, "-f", robots, "--no-dns", "--json")
	if code1 != code2 || long != short || !strings.Contains(short, `"lines"`) {
		t.Errorf("logs -f: exit %d, %s\n%s\nwant the --robots answer (exit %d)\n%s", code2, stderr, short, code1, long)
	}
	for _, args := range [][]string{{"check", "-f", robots, "-a", "ExampleBot", "/private/a"}, {"report", "-f", robots, "/private/a"}, {"lint", "-f", robots}, {"parse", "-f", robots}} {
		if _, stderr, code := runCLI(t, "", args...); code == exitUsage {
			t.Errorf("%v: a usage error: %s", args, stderr)
		}
	}
}
