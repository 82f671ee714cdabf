package main

import (
	"encoding/json"
	"path/filepath"
	"strings"
	"testing"
)

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
		{"no-file", "", []string{"report"}, exitUsage},
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
