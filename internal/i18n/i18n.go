// Package i18n holds the one mechanism behind the project's message
// catalogues (the audit's and the crawler registry's): texts by language and
// key, English as the fallback, {name} placeholders and plural forms.
package i18n

import (
	"fmt"
	"maps"
	"slices"
	"strings"
	"sync"
)

// Catalogue maps a language ("en", "ru", "ro") to its texts by key. "en"
// must be complete; other languages fall back to it key by key.
type Catalogue map[string]map[string]string

// Lookup returns the text for key in lang, else in English.
func (c Catalogue) Lookup(lang, key string) (string, bool) {
	if s, ok := c[lang][key]; ok {
		return s, true
	}
	s, ok := c["en"][key]
	return s, ok
}

// Languages lists the catalogue's languages, sorted.
func (c Catalogue) Languages() []string { return slices.Sorted(maps.Keys(c)) }

// Lazy returns a Catalogue built on its first use: each language's texts
// from its function in languages (read then, so that languages may still
// be added by the package's init functions), then finish, when not nil,
// adds the texts kept apart. A package's catalogue is built so rather than
// in its initialisation, which runs in every command of a binary that links
// the package, whether it shows a text or not.
func Lazy(languages map[string]func() map[string]string, finish func(Catalogue)) func() Catalogue {
	return sync.OnceValue(func() Catalogue {
		c := Catalogue{}
		for lang, texts := range languages {
			c[lang] = texts()
		}
		if finish != nil {
			finish(c)
		}
		return c
	})
}

// Fill replaces the {name} placeholders of s by the values that follow their
// names in args (name, value pairs; values are formatted with fmt).
func Fill(s string, args ...any) string {
	if !strings.Contains(s, "{") {
		return s
	}
	for i := 0; i+1 < len(args); i += 2 {
		name, _ := args[i].(string)
		s = strings.ReplaceAll(s, "{"+name+"}", fmt.Sprint(args[i+1]))
	}
	return s
}

// Plural picks, from a text of plural forms separated by '|' ("{n} rule|{n}
// rules"), the form for n in lang.
func Plural(lang string, n int, forms string) string {
	f := strings.Split(forms, "|")
	return f[min(PluralForm(lang, n), len(f)-1)]
}

// PluralForm picks the plural form of n for a language: English has two
// (one, other); Russian three (one, few, many); Romanian three (one, few,
// other).
func PluralForm(lang string, n int) int {
	switch lang {
	case "ru", "uk":
		switch {
		case n%10 == 1 && n%100 != 11:
			return 0
		case n%10 >= 2 && n%10 <= 4 && (n%100 < 12 || n%100 > 14):
			return 1
		}
		return 2
	case "ro":
		switch {
		case n == 1:
			return 0
		case n == 0 || n%100 >= 1 && n%100 <= 19:
			return 1
		}
		return 2
	}
	if n == 1 {
		return 0
	}
	return 1
}
