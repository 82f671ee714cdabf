package lint

import (
	"bytes"
	"github.com/robotstxt/robotstxt/internal/i18n/i18ntest"
	"regexp"
	"slices"
	"strings"
	"testing"
	"unicode"
)

// translations are the languages whose catalogue must be complete.
var translations = []string{"ru", "ro"}

var placeholderRE = regexp.MustCompile(`\{[a-z]+\}`)

// pluralForms is how many plural forms pluralForm tells apart in lang.
func pluralForms(lang string) int {
	n := 0
	for i := range 1000 {
		n = max(n, pluralForm(lang, i)+1)
	}
	return n
}

// prose reports a quoted English phrase that is words, not robots.txt
// syntax ("did you mean"), and so is translated.
func prose(quoted string) bool {
	q := strings.Trim(quoted, `"`)
	switch q {
	case "name: value", "{key}: value": // the words stand for what to write
		return true
	}
	return strings.Contains(q, " ") && !strings.ContainsFunc(q, func(r rune) bool { return !unicode.IsLetter(r) && r != ' ' })
}

var hasCyrillic = i18ntest.HasCyrillic

// TestCatalogueComplete checks every translated catalogue against the
// English one (i18ntest.Problems: keys, placeholders, robots.txt syntax,
// plural forms), and that the languages have three plural forms.
func TestCatalogueComplete(t *testing.T) {
	for _, lang := range translations {
		if forms := pluralForms(lang); forms != 3 {
			t.Errorf("pluralForm(%q, ...) gives %d forms, want 3 (one, few, many/other)", lang, forms)
		}
		for _, p := range i18ntest.Problems(catalogues(), lang, prose) {
			t.Error(p)
		}
	}
}

func TestPluralTexts(t *testing.T) {
	for _, tt := range []struct {
		lang, key string
		n         int
		want      string
	}{
		{"ru", "unit.rule", 1, "1 правило"},
		{"ru", "unit.rule", 3, "3 правила"},
		{"ru", "unit.rule", 5, "5 правил"},
		{"ru", "unit.rule", 11, "11 правил"},
		{"ru", "unit.rule", 21, "21 правило"},
		{"ru", "unit.rule", 112, "112 правил"},
		{"ru", "unit.directive", 24, "24 директивы"},
		{"ru", "unit.named crawler", 2, "2 указанных краулеров"},
		{"ru", "severity.errors", 0, "0 ошибок"},
		{"ru", "severity.warnings", 2, "2 предупреждения"},
		{"ru", "severity.infos", 1, "1 заметка"},
		{"ro", "unit.rule", 1, "1 regulă"},
		{"ro", "unit.rule", 2, "2 reguli"},
		{"ro", "unit.rule", 19, "19 reguli"},
		{"ro", "unit.rule", 20, "20 de reguli"},
		{"ro", "unit.rule", 101, "101 reguli"},
		{"ro", "unit.rule", 120, "120 de reguli"},
		{"ro", "unit.named crawler", 3, "3 crawlere specificate"},
		{"ro", "severity.errors", 0, "0 erori"},
		{"ro", "severity.warnings", 25, "25 de avertismente"},
		{"ro", "severity.infos", 1, "1 notă"},
	} {
		if got := countText(tt.lang, tt.n, tt.key); got != tt.want {
			t.Errorf("countText(%s, %d, %s) = %q, want %q", tt.lang, tt.n, tt.key, got, tt.want)
		}
	}
}

// langFile triggers a dozen checks, with plural units, lists and fixes.
const langFile = "Welcome to our site\n" +
	"User-agent: *\n" +
	"Disallow: private/\n" +
	"Disallow: /a$b\n" +
	"Disallow: /x\n" +
	"Disallow: /x\n" +
	"Disallow: /*.css$\n" +
	"Crawl-delay: 5\n" +
	"Host: example.com\n" +
	"Sitemap: /sitemap.xml\n" +
	"\n" +
	"User-agent: GPTBot\n" +
	"User-agent: CCBot\n" +
	"Disallow: /\n" +
	"\n" +
	"User-agent: Googlebot/2.1\n" +
	"Disallow: /tmp/\n"

// TestLintTranslated lints one file in each language: the findings are
// those of English, in the same order, with every message and fix in the
// language and every placeholder filled.
func TestLintTranslated(t *testing.T) {
	en := Lint(langFile, nil)
	if len(en) < 10 {
		t.Fatalf("the test file gives only %d findings:\n%s", len(en), dump(en))
	}
	for _, lang := range translations {
		got := Lint(langFile, &Options{Lang: lang})
		if len(got) != len(en) {
			t.Fatalf("%s: %d findings, English %d:\n%s", lang, len(got), len(en), dump(got))
		}
		for i, f := range got {
			e := en[i]
			if f.ID != e.ID || f.Line != e.Line || f.Severity != e.Severity || f.Column != e.Column {
				t.Errorf("%s: finding %d is %s@%d, English %s@%d", lang, i, f.ID, f.Line, e.ID, e.Line)
			}
			checkTranslated(t, lang, langFile, f, e)
		}
	}
}

// TestLintTranslatedEverywhere does the same for every input of the check
// and variant tables, within the parse limit and beyond it.
func TestLintTranslatedEverywhere(t *testing.T) {
	var texts []string
	for _, tt := range checkTests {
		texts = append(texts, tt.bad, tt.good)
	}
	for _, tt := range variantTests {
		texts = append(texts, tt.text)
	}
	for _, lang := range translations {
		for _, text := range texts {
			for _, opts := range []Options{{}, {MaxBytes: 40}} {
				en := Lint(text, &opts)
				opts.Lang = lang
				got := Lint(text, &opts)
				if len(got) != len(en) {
					t.Errorf("%s: Lint(%q): %d findings, English %d", lang, short(text), len(got), len(en))
					continue
				}
				for i := range got {
					checkTranslated(t, lang, text, got[i], en[i])
				}
			}
		}
	}
}

func checkTranslated(t *testing.T, lang, text string, f, en Finding) {
	t.Helper()
	switch {
	case f.Message == "" || f.Message == en.Message:
		t.Errorf("%s: Lint(%q): %s message not translated: %q", lang, short(text), f.ID, f.Message)
	case (f.Fix == "") != (en.Fix == "") || f.Fix != "" && f.Fix == en.Fix:
		t.Errorf("%s: Lint(%q): %s fix not translated: %q (English %q)", lang, short(text), f.ID, f.Fix, en.Fix)
	case placeholderRE.MatchString(f.Message) || placeholderRE.MatchString(f.Fix):
		t.Errorf("%s: Lint(%q): %s has an unfilled placeholder: %q / %q", lang, short(text), f.ID, f.Message, f.Fix)
	case lang == "ru" && !hasCyrillic(f.Message):
		t.Errorf("%s: Lint(%q): %s message is not Russian: %q", lang, short(text), f.ID, f.Message)
	}
}

func TestRenderTranslated(t *testing.T) {
	findings := []Finding{{Severity: Error}, {Severity: Warning}, {Severity: Warning}, {Severity: Info},
		{Severity: Info}, {Severity: Info}, {Severity: Info}, {Severity: Info}}
	for lang, want := range map[string]string{
		"ru": "robots.txt: 1 ошибка, 2 предупреждения, 5 заметок",
		"ro": "robots.txt: 1 eroare, 2 avertismente, 5 note",
	} {
		if got := Summary("robots.txt", findings, lang); got != want {
			t.Errorf("Summary(%s) = %q, want %q", lang, got, want)
		}
	}

	var buf bytes.Buffer
	if err := WriteText(&buf, Lint(langFile, &Options{Lang: "ru"}), TextOptions{Source: langFile, Lang: "ru"}); err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"Ошибки (", "Предупреждения (", "Заметки (", ": ошибка ", "    как исправить: ", "robots.txt: "} {
		if !strings.Contains(buf.String(), want) {
			t.Errorf("WriteText in Russian lacks %q:\n%s", want, buf.String())
		}
	}

	for _, lang := range translations {
		en := Checks()
		for i, c := range ChecksLang(lang) {
			if c.Summary == en[i].Summary || c.Fix == en[i].Fix || placeholderRE.MatchString(c.Summary+c.Fix) {
				t.Errorf("ChecksLang(%s): %s: summary %q, fix %q", lang, c.ID, c.Summary, c.Fix)
			}
		}
		if !slices.Contains(Languages(), lang) {
			t.Errorf("Languages() = %v, lacks %s", Languages(), lang)
		}
	}
}
