package main

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/robotstxt/robotstxt/conform"
	"github.com/robotstxt/robotstxt/internal/testutil"
)

// TestBoard grades the quick crawlers of the scoreboard (the slow ones with
// ROBOTSTXT_CONFORM_SLOW=1) on the real site: each reaches nearly every
// origin (the harness drives it), and ours fails no check: the gate
// command, browse (one Chromium run over the seed URLs), and Scrapy and
// Crawlee through serve --gate with integrations/scrapy's middleware and
// integrations/crawlee's hook (the real packages). The others' results are the scoreboard's to
// show, not this test's to fix.
func TestBoard(t *testing.T) {
	if testing.Short() {
		t.Skip("runs real crawlers, one at a time, for about two minutes")
	}
	t.Chdir("../..")
	slow := os.Getenv("ROBOTSTXT_CONFORM_SLOW") == "1"
	var cs []crawler
	for _, c := range crawlers() {
		if c.slow && !slow {
			continue
		}
		for _, n := range c.needs {
			if strings.ContainsRune(n, os.PathSeparator) {
				if _, err := os.Stat(n); err != nil {
					if os.Getenv("CI") == "true" {
						t.Fatalf("%s: %s is missing (.ci/run installs it)", c.name, n)
					}
					t.Skipf("%s: %s is missing", c.name, n)
				}
			} else if n == "chromium" {
				testutil.Chromium(t)
			} else {
				testutil.Tool(t, n)
			}
		}
		cs = append(cs, c)
	}
	gs, err := gradeAll(context.Background(), cs, testWriter{t})
	if err != nil {
		t.Fatal(err)
	}
	for _, g := range gs {
		if g.err != nil {
			t.Errorf("%s: %v", g.name, g.err)
		}
		if n := g.report.Counts[conform.NotExercised]; n > 2 {
			t.Errorf("%s: %d checks not exercised: the crawler did not reach the site", g.name, n)
		}
		if g.ours && g.report.Failed() {
			for _, r := range g.report.Checks {
				if r.Result == conform.Fail {
					t.Errorf("%s: %s failed: %s", g.name, r.ID, r.Detail)
				}
			}
		}
	}
	board := table(gs)
	for _, g := range gs {
		if !strings.Contains(board, "| "+g.name+" |") {
			t.Errorf("the table has no column for %s", g.name)
		}
	}
}

// TestUpdate: the scoreboard replaces what lies between the markers, and
// nothing else.
func TestUpdate(t *testing.T) {
	p := filepath.Join(t.TempDir(), "page.md")
	os.WriteFile(p, []byte("intro\n"+beginMark+"\n\nold table\n"+endMark+"\noutro\n"), 0o644)
	if err := update(p, "new table\n"); err != nil {
		t.Fatal(err)
	}
	b, _ := os.ReadFile(p)
	if want := "intro\n" + beginMark + "\n\nnew table\n\n" + endMark + "\noutro\n"; string(b) != want {
		t.Errorf("got %q, want %q", b, want)
	}
	os.WriteFile(p, []byte("no markers\n"), 0o644)
	if err := update(p, "x"); err == nil {
		t.Error("no error without markers")
	}
}

type testWriter struct{ t *testing.T }

func (w testWriter) Write(p []byte) (int, error) {
	w.t.Log(strings.TrimRight(string(p), "\n"))
	return len(p), nil
}
