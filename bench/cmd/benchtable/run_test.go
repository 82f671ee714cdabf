package main

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestHelp(t *testing.T) {
	var out, errb bytes.Buffer
	if code := run([]string{"-h"}, &out, &errb); code != exitOK {
		t.Fatalf("-h: exit %d, stderr %q", code, errb.String())
	}
	if !strings.Contains(out.String(), "go run ./cmd/benchtable") {
		t.Errorf("-h prints no example:\n%s", out.String())
	}
}

func TestUsageErrors(t *testing.T) {
	for _, args := range [][]string{{"-nope"}, {"extra"}, {"-count", "0"}, {"-run", "("}, {"-corpus", t.TempDir()}} {
		var out, errb bytes.Buffer
		if code := run(args, &out, &errb); code != exitUsage || errb.Len() == 0 {
			t.Errorf("run(%q): exit %d, stderr %q; want %d and a message", args, code, errb.String(), exitUsage)
		}
	}
}

// TestTable runs a few cheap benchmarks on a two-file corpus and checks the
// table and the disagreement section.
func TestTable(t *testing.T) {
	dir := t.TempDir()
	files := map[string]string{
		"a.txt": "User-agent: *\nDisallow: /private/\n",
		"b.txt": "User-agent: a\nCrawl-delay: 5\nUser-agent: Googlebot\nDisallow: /\n",
	}
	for name, body := range files {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(body), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	var out, errb bytes.Buffer
	code := run([]string{"-corpus", dir, "-count", "1", "-benchtime", "1x", "-run", "^(Hostile/500|Check/corpus)/", "-q", "-cpu"}, &out, &errb)
	if code != exitOK {
		t.Fatalf("exit %d, stderr %q", code, errb.String())
	}
	s := out.String()
	for _, want := range []string{
		"| measure | temoto v1.1.2 | ours |",
		"| hostile wildcards, 500-octet path (ns/check) |",
		"| check, corpus (ns/check) |",
		"Corpus: 2 files",
		"| crawl-delay line ends a group |",
		"The same runs, speeds by the CPU time",
	} {
		if !strings.Contains(s, want) {
			t.Errorf("output lacks %q:\n%s", want, s)
		}
	}
	if strings.Contains(s, "parse, corpus") {
		t.Errorf("-run did not filter the parse benchmarks out:\n%s", s)
	}
}
