package main

import (
	"os"
	"strings"
	"testing"
)

// TestSitemapsDoc runs every "$ robotstxt ..." block of docs/sitemaps.md in
// testdata/docs/sitemaps, the folder the page names, and compares what the
// command prints with what the page shows.
func TestSitemapsDoc(t *testing.T) {
	raw, err := os.ReadFile("../../docs/sitemaps.md")
	if err != nil {
		t.Fatal(err)
	}
	t.Chdir("testdata/docs/sitemaps")
	ran := 0
	for _, b := range codeBlocks(string(raw)) {
		cmdline, want, ok := strings.Cut(b, "\n")
		cmdline, isCmd := strings.CutPrefix(cmdline, "$ robotstxt ")
		if !ok || !isCmd {
			continue
		}
		ran++
		got, _, _ := runCLI(t, "", splitArgs(cmdline)...)
		if got != want {
			t.Errorf("docs/sitemaps.md: robotstxt %s\n--- the page says\n%s\n--- it prints\n%s", cmdline, want, got)
		}
	}
	if ran < 5 {
		t.Errorf("docs/sitemaps.md: ran %d examples, want the 5 of check, lint, diff and test", ran)
	}
}
