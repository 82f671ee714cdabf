package lint

import (
	"bytes"
	"encoding/json"
	"io"
	"testing"

	"github.com/robotstxt/robotstxt"
	"github.com/robotstxt/robotstxt/internal/testutil"
	"github.com/robotstxt/robotstxt/internal/textsafe"
)

// FuzzLint checks that any input gives complete, sorted findings inside the
// file, and that every renderer handles them (the SARIF and JSON output
// being valid JSON).
func FuzzLint(f *testing.F) {
	for _, tt := range checkTests {
		if len(tt.bad) < 4096 {
			f.Add(tt.bad)
			f.Add(tt.good)
		}
	}
	for _, tt := range variantTests {
		f.Add(tt.text)
	}
	known := map[string]bool{}
	for _, c := range Checks() {
		known[c.ID] = true
	}
	f.Fuzz(func(t *testing.T, text string) {
		got := Lint(text, &Options{MaxBytes: 256})
		lines := len(sourceLines(text))
		for i, x := range got {
			if !known[x.ID] || x.Message == "" {
				t.Fatalf("incomplete finding %v", x)
			}
			if x.Line < 0 || x.Line > lines+1 {
				t.Fatalf("%v: line outside the file (%d lines)", x, lines)
			}
			if i > 0 && (got[i-1].Line > x.Line || got[i-1].Line == x.Line && got[i-1].Severity > x.Severity) {
				t.Fatalf("not sorted: %v before %v", got[i-1], x)
			}
		}
		var buf bytes.Buffer
		if err := WriteSARIF(&buf, got, SARIFOptions{}); err != nil || !json.Valid(buf.Bytes()) {
			t.Fatalf("SARIF: %v", err)
		}
		buf.Reset()
		if err := WriteJSON(&buf, "f", text, got); err != nil || !json.Valid(buf.Bytes()) {
			t.Fatalf("JSON: %v", err)
		}
		if err := WriteText(io.Discard, got, TextOptions{Source: text, Color: true}); err != nil {
			t.Fatal(err)
		}
		if err := WriteGitHub(io.Discard, "f", got, ""); err != nil {
			t.Fatal(err)
		}
	})
}

// FuzzYandexText checks Yandex's reading of any input: the same lines
// (so line numbers stay valid), no User-agent line lost, stable when
// applied twice, and no control character from the input ever escapes
// textsafe.Escape.
func FuzzYandexText(f *testing.F) {
	f.Add("User-agent: Yandex\n\nDisallow: /x\n")
	f.Add("User-agent: a\n\nUser-agent: b\nDisallow: /\n\r\nAllow: /y\r\n")
	// Real files that Yandex reads differently, small enough to mutate.
	for _, cf := range testutil.Corpus(f, "../../shared/corpus/robots") {
		if _, lines := yandexText(string(cf.Data)); len(lines) > 0 && len(cf.Data) < 8<<10 {
			f.Add(string(cf.Data))
		}
	}
	for _, tt := range variantTests {
		f.Add(tt.text)
	}
	f.Fuzz(func(t *testing.T, text string) {
		y, lines := yandexText(text)
		if len(lines) == 0 && y != text {
			t.Fatalf("no blank line ends a group, yet the text changed")
		}
		if got, want := len(sourceLines(y)), len(sourceLines(text)); got != want {
			t.Fatalf("%d lines, want %d:\n%q\n%q", got, want, text, y)
		}
		if got, want := countAgents(y), countAgents(text); got != want {
			t.Fatalf("%d user-agent lines, want %d", got, want)
		}
		if again, _ := yandexText(y); again != y {
			t.Fatalf("not stable: %q -> %q -> %q", text, y, again)
		}
		for _, r := range textsafe.Escape(text) {
			if r < 0x20 || r == 0x7f || r >= 0x80 && r < 0xa0 {
				t.Fatalf("textsafe.Escape left %U", r)
			}
		}
	})
}

func countAgents(text string) int {
	n := 0
	for _, g := range robotstxt.ParseString(text).Groups {
		n += len(g.UserAgents)
	}
	return n
}
