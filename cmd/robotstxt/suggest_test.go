package main

import (
	"strings"
	"testing"
)

var suggestTests = []struct {
	name       string
	candidates []string
	want       string
	why        string
}{
	{"chek", []string{"check", "lint"}, "check", "one deletion"},
	{"lnit", []string{"check", "lint"}, "lint", "two adjacent letters swapped count once"},
	{"CHECK", []string{"check"}, "check", "case is ignored"},
	{"reprot", []string{"report", "parse"}, "report", "swap"},
	{"gte", []string{"gate", "test"}, "gate", "first of equally close candidates"},
	{"jsn", []string{"json", "live"}, "json", "flag name, one deletion"},
	{"no-fallbak", []string{"no-fallback", "exact"}, "no-fallback", "long name, one deletion"},
	{"frobnicate", []string{"check", "lint", "report"}, "", "nothing close"},
	{"x", []string{"check"}, "", "one letter is not a typo of anything"},
	{"ab", []string{"cd"}, "", "distance 2 is not less than half a two-letter name"},
	{"brow", []string{"browse", "report"}, "browse", "the only candidate the name is a prefix of"},
	{"re", []string{"report", "rev"}, "", "a prefix of two candidates suggests neither"},
	{strings.Repeat("a", 100), []string{"a"}, "", "names over 64 bytes are not compared"},
}

func TestSuggest(t *testing.T) {
	for _, tt := range suggestTests {
		if got := suggest(tt.name, tt.candidates); got != tt.want {
			t.Errorf("suggest(%q, %q) = %q, want %q (%s)", tt.name, tt.candidates, got, tt.want, tt.why)
		}
	}
}

// TestDidYouMean: a mistyped command, flag or check id names the closest one, in
// the one-line usage error (exit 2); a name close to nothing names none.
func TestDidYouMean(t *testing.T) {
	for _, tt := range []struct {
		args []string
		want string
	}{
		{[]string{"chek"}, `robotstxt: unknown command "chek"; did you mean "check"? (run "robotstxt help")`},
		{[]string{"help", "lnit"}, `robotstxt: unknown command "lnit"; did you mean "lint"?`},
		{[]string{"check", "--jsn", "-a", "bot", "/x"}, `robotstxt: check: flag provided but not defined: -jsn; did you mean --json? (run "robotstxt check --help")`},
		{[]string{"lint", "--fail-onn", "error"}, `did you mean --fail-on?`},
		{[]string{"frobnicate"}, `robotstxt: unknown command "frobnicate" (run "robotstxt help")`},
		{[]string{"lint", "--explain", "hash-in-pth"}, `robotstxt: lint: no check "hash-in-pth"; did you mean "hash-in-path"? (run "robotstxt lint --checks")`},
		{[]string{"lint", "--explain", "nothing-like-it"}, `robotstxt: lint: no check "nothing-like-it" (run "robotstxt lint --checks")`},
	} {
		_, stderr, code := runCLI(t, "", tt.args...)
		if code != exitUsage || !strings.Contains(stderr, tt.want) || strings.Count(stderr, "\n") != 1 {
			t.Errorf("robotstxt %q: exit %d, stderr %q, want one line with %q", tt.args, code, stderr, tt.want)
		}
	}
}

// FuzzSuggest: any name a user types gives a candidate or nothing, never a
// panic, and a suggestion is always one of the candidates.
func FuzzSuggest(f *testing.F) {
	for _, tt := range suggestTests {
		f.Add(tt.name)
	}
	f.Fuzz(func(t *testing.T, name string) {
		names := commandNames()
		s := suggest(name, names)
		if s == "" {
			return
		}
		for _, n := range names {
			if n == s {
				return
			}
		}
		t.Fatalf("suggest(%q) = %q, not a command", name, s)
	})
}
