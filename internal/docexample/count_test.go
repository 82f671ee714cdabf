package docexample

import (
	"fmt"
	"strings"
	"testing"
)

func TestCounts(t *testing.T) {
	text := "for <!-- count: crawlers -->62<!-- /count --> crawlers and <!-- count: files -->3 files<!-- /count -->; " +
		"again <!-- count: crawlers -->61<!-- /count -->; broken <!-- count: x -->1"
	if got := Counts("the syntax: <!-- count: NAME -->63<!-- /count -->"); len(got) != 0 {
		t.Errorf("a marker named NAME was read: %v", got)
	}
	if got := fmt.Sprint(Counts(text)); got != "[{crawlers 62} {files 3 files} {crawlers 61}]" {
		t.Errorf("Counts = %s", got)
	}
	got := SetCount(text, "crawlers", "63")
	want := "for <!-- count: crawlers -->63<!-- /count --> crawlers and <!-- count: files -->3 files<!-- /count -->; " +
		"again <!-- count: crawlers -->63<!-- /count -->; broken <!-- count: x -->1"
	if got != want {
		t.Errorf("SetCount =\n%s\nwant\n%s", got, want)
	}
	if SetCount(text, "none", "1") != text {
		t.Error("SetCount of a name not in the text changed it")
	}
}

func FuzzCounts(f *testing.F) {
	f.Add("a <!-- count: n -->1<!-- /count --> b", "n", "2")
	f.Fuzz(func(t *testing.T, text, name, value string) {
		if strings.Contains(value, "<!--") || strings.Contains(value, "-->") || strings.Contains(name, "-->") {
			return // a figure is text, not markup
		}
		got := SetCount(text, name, value)
		if len(Counts(got)) != len(Counts(text)) {
			t.Fatalf("SetCount(%q, %q, %q) = %q: the markers changed", text, name, value, got)
		}
	})
}
