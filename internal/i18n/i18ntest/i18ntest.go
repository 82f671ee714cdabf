// Package i18ntest checks message catalogues, for the tests of the packages
// that own them (kept apart so that the catalogues' users, the WebAssembly
// page among them, do not carry it).
package i18ntest

import (
	"fmt"
	"github.com/robotstxt/robotstxt/internal/i18n"
	"maps"
	"regexp"
	"slices"
	"strings"
	"unicode"
)

var (
	placeholderRE = regexp.MustCompile(`\{[a-z]+\}`)
	quotedRE      = regexp.MustCompile(`"[^"]*"`)
)

// placeholders returns the distinct {names} of s, sorted.
func placeholders(s string) []string {
	ps := placeholderRE.FindAllString(s, -1)
	slices.Sort(ps)
	return slices.Compact(ps)
}

func hasLetters(s string) bool {
	return strings.ContainsFunc(placeholderRE.ReplaceAllString(s, ""), unicode.IsLetter)
}

// HasCyrillic reports whether s holds a Cyrillic letter.
func HasCyrillic(s string) bool {
	return strings.ContainsFunc(s, func(r rune) bool { return unicode.Is(unicode.Cyrillic, r) })
}

// Problems checks the lang catalogue of c against English, for the tests of
// the packages that own catalogues: the same keys; every text with letters
// translated (Russian ones in Cyrillic, Romanian ones with ș and ț rather
// than cedillas); the same placeholders, none broken; no stray spaces (a
// leading space only where English has one); the quoted robots.txt syntax
// of English kept as written, except quotes that prose reports as words to
// translate; and plural texts with as many forms as the language has.
func Problems(c i18n.Catalogue, lang string, prose func(quoted string) bool) []string {
	var out []string
	bad := func(format string, args ...any) { out = append(out, lang+": "+fmt.Sprintf(format, args...)) }
	english, cat := c["en"], c[lang]
	if cat == nil {
		return []string{fmt.Sprintf("no %q catalogue", lang)}
	}
	forms := 0
	for n := range 1000 {
		forms = max(forms, i18n.PluralForm(lang, n)+1)
	}
	for _, key := range slices.Sorted(maps.Keys(english)) {
		en := english[key]
		tr, ok := cat[key]
		if !ok {
			bad("%q missing", key)
			continue
		}
		if (en == "") != (tr == "") {
			bad("%q is %q, English %q (an empty text stays empty)", key, tr, en)
			continue
		}
		if got, want := placeholders(tr), placeholders(en); !slices.Equal(got, want) {
			bad("%q has placeholders %v, English %v", key, got, want)
		}
		if rest := placeholderRE.ReplaceAllString(tr, ""); strings.ContainsAny(rest, "{}") {
			bad("%q has a broken placeholder: %q", key, tr)
		}
		if strings.HasPrefix(en, " ") != strings.HasPrefix(tr, " ") {
			bad("%q: a leading space joins sentences; English %q, got %q", key, en, tr)
		}
		if strings.Contains(tr, "  ") || strings.TrimRight(tr, " ") != tr {
			bad("%q has stray spaces: %q", key, tr)
		}
		if hasLetters(en) && tr == en {
			bad("%q is not translated", key)
		}
		if lang == "ru" && hasLetters(en) && !HasCyrillic(tr) {
			bad("%q has no Russian word: %q", key, tr)
		}
		if lang == "ro" && strings.ContainsAny(tr, "şţŞŢ") {
			bad("%q uses a cedilla; Romanian writes ș and ț with a comma below: %q", key, tr)
		}
		for _, q := range quotedRE.FindAllString(en, -1) {
			if (prose == nil || !prose(q)) && !strings.Contains(tr, q) {
				bad("%q lacks the robots.txt text %s", key, q)
			}
		}
		if strings.Contains(en, "|") {
			enForms := strings.Split(en, "|")
			got := strings.Split(tr, "|")
			if len(got) != forms {
				bad("%q has %d plural forms, want %d: %q", key, len(got), forms, tr)
			}
			for _, f := range got {
				if f == "" || !slices.Equal(placeholders(f), placeholders(enForms[0])) {
					bad("%q: plural form %q must hold %v", key, f, placeholders(enForms[0]))
				}
			}
		} else if strings.Contains(tr, "|") {
			bad("%q is not a plural text but has \"|\": %q", key, tr)
		}
	}
	for _, key := range slices.Sorted(maps.Keys(cat)) {
		if _, ok := english[key]; !ok {
			bad("%q is not a key of the English catalogue", key)
		}
	}
	return out
}
