package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestReadmeTour runs the README's tour as written: the robots.txt it shows
// is written to a file, and every "$ robotstxt check" and "$ robotstxt lint"
// block is run in-process and must print what the README says it prints.
func TestReadmeTour(t *testing.T) {
	raw, err := os.ReadFile("../../README.md")
	if err != nil {
		t.Fatal(err)
	}
	blocks := codeBlocks(string(raw))
	var robots string
	for i, b := range blocks {
		if strings.HasPrefix(b, "User-agent:") && i > 0 {
			robots = b
			break
		}
	}
	if robots == "" {
		t.Fatal("README: no robots.txt block in the tour")
	}
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, "robots.txt"), []byte(robots), 0o644); err != nil {
		t.Fatal(err)
	}
	t.Chdir(dir)
	ran := 0
	for _, b := range blocks {
		cmdline, want, ok := strings.Cut(b, "\n")
		cmdline, isCmd := strings.CutPrefix(cmdline, "$ robotstxt ")
		if !ok || !isCmd || !(strings.HasPrefix(cmdline, "check ") || strings.HasPrefix(cmdline, "lint ")) {
			continue
		}
		ran++
		got, _, _ := runCLI(t, "", splitArgs(cmdline)...)
		if got != want {
			t.Errorf("README: robotstxt %s\n--- README says\n%s\n--- it prints\n%s", cmdline, want, got)
		}
	}
	if ran < 2 {
		t.Errorf("README: ran %d tour commands, want the check and lint examples", ran)
	}
}

// codeBlocks returns the contents of the fenced code blocks of a Markdown
// text, each ending in a newline.
func codeBlocks(text string) []string {
	var out []string
	var cur *strings.Builder
	for _, line := range strings.Split(text, "\n") {
		if strings.HasPrefix(line, "```") {
			if cur == nil {
				cur = &strings.Builder{}
			} else {
				out = append(out, cur.String())
				cur = nil
			}
			continue
		}
		if cur != nil {
			cur.WriteString(line + "\n")
		}
	}
	return out
}
