package i18ntest

import (
	"testing"

	"github.com/robotstxt/robotstxt/internal/i18n"
)

func TestProblems(t *testing.T) {
	c := i18n.Catalogue{
		"en": {"a": `Write "Disallow: /x" for {n}.`, "b": "{n} rule|{n} rules", "c": "", "d": "same"},
		"ru": {"a": `Пишите Disallow для {m}.`, "b": "{n} правило|{n} правила", "c": "x", "d": "same", "e": "лишний"},
	}
	got := Problems(c, "ru", nil)
	want := []string{
		`ru: "a" has placeholders [{m}], English [{n}]`,
		`ru: "a" lacks the robots.txt text "Disallow: /x"`,
		`ru: "b" has 2 plural forms, want 3: "{n} правило|{n} правила"`,
		`ru: "c" is "x", English "" (an empty text stays empty)`,
		`ru: "d" is not translated`,
		`ru: "d" has no Russian word: "same"`,
		`ru: "e" is not a key of the English catalogue`,
	}
	if len(got) != len(want) {
		t.Fatalf("Problems:\n%q\nwant\n%q", got, want)
	}
	for i := range want {
		if got[i] != want[i] {
			t.Errorf("problem %d = %q, want %q", i, got[i], want[i])
		}
	}
	if p := Problems(c, "ro", nil); len(p) != 1 || p[0] != `no "ro" catalogue` {
		t.Errorf("missing language: %q", p)
	}
}
