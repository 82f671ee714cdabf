package main

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/robotstxt/robotstxt"
	"github.com/robotstxt/robotstxt/lint"
)

// cutFile returns a file over the 500 KiB limit whose line 3,
// "Disallow: /edge #…", ends (the last byte of its line ending) at byte
// DefaultMaxBytes-1+delta (a comment fills it), followed by "Disallow: /after" lines.
func cutFile(t *testing.T, eol string, delta int) string {
	t.Helper()
	head := "User-agent: *" + eol + "Disallow: /first" + eol
	end := robotstxt.DefaultMaxBytes + delta // length up to and including line 3's ending
	pad := end - len(head) - len("Disallow: /edge #") - len(eol)
	text := head + "Disallow: /edge #" + strings.Repeat("e", pad) + eol
	if len(text) != end {
		t.Fatalf("built %d bytes, want %d", len(text), end)
	}
	return text + strings.Repeat("Disallow: /after"+eol, 3)
}

// The 500 KiB cut falls at one place for the verdict, the parsed view and
// the audit (file-too-large): Googlebot reads the first 500 KiB (RFC 9309
// section 2.5 asks at least that much) and the parser keeps the lines whose
// line ending is within them (a line cut in the middle could become a
// broader rule: "/private" read as "/priv"). A CR alone ends a line
// (section 2.2's EOL = CR / LF / CR LF), so a CRLF whose CR is the last
// byte within the limit ends its line there.
func TestCutBoundary(t *testing.T) {
	tests := []struct {
		name         string
		eol          string
		delta        int
		firstIgnored int
		edgeKept     bool // "Disallow: /edge" (line 3) is read
	}{
		{"LF ends exactly at the limit: line 3 read", "\n", 0, 4, true},
		{"LF ends one byte before the limit: line 4 starts within, cut", "\n", -1, 4, true},
		{"LF ends one byte past the limit: line 3 cut", "\n", 1, 3, false},
		{"CRLF ends exactly at the limit", "\r\n", 0, 4, true},
		{"CRLF ends one byte before the limit", "\r\n", -1, 4, true},
		{"CRLF's CR is the last byte within the limit: line 3 ends there", "\r\n", 1, 4, true},
		{"CRLF ends two bytes past the limit: line 3 cut", "\r\n", 2, 3, false},
		{"CR ends exactly at the limit", "\r", 0, 4, true},
		{"CR ends one byte past the limit: line 3 cut", "\r", 1, 3, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			text := cutFile(t, tt.eol, tt.delta)
			s := new(session)
			res, errMsg := call(t, s, "checkWith", text, "Bot", "/edge", "")
			if errMsg != "" {
				t.Fatal(errMsg)
			}
			var v checkResult
			if err := json.Unmarshal(res, &v); err != nil {
				t.Fatal(err)
			}
			if v.Cut == nil {
				t.Fatal("the verdict does not say the file is cut")
			}
			res, errMsg = call(t, s, "parse", text, "1")
			if errMsg != "" {
				t.Fatal(errMsg)
			}
			var p parseResult
			if err := json.Unmarshal(res, &p); err != nil {
				t.Fatal(err)
			}
			audit := 0
			for _, f := range lint.Lint(text, nil) {
				if f.ID == "file-too-large" {
					audit = f.Line
				}
			}
			if v.Cut.FirstIgnoredLine != tt.firstIgnored || p.CutLine != tt.firstIgnored || audit != tt.firstIgnored {
				t.Errorf("first line ignored: verdict %d, parsed view %d, audit %d; want %d",
					v.Cut.FirstIgnoredLine, p.CutLine, audit, tt.firstIgnored)
			}
			if v.Allowed == tt.edgeKept {
				t.Errorf("/edge allowed = %v, want %v (line 3 read: %v)", v.Allowed, !tt.edgeKept, tt.edgeKept)
			}
		})
	}
}
