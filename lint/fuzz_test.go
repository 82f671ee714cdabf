package lint

import (
	"bytes"
	"encoding/json"
	"io"
	"testing"
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
		if err := WriteJSON(&buf, "f", got); err != nil || !json.Valid(buf.Bytes()) {
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
