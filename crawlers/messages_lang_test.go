package crawlers

import (
	"github.com/robotstxt/robotstxt/internal/i18n/i18ntest"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/robotstxt/robotstxt"
)

// translations are the languages whose catalogue must be complete.
var translations = []string{"ru", "ro"}

var placeholderRE = regexp.MustCompile(`\{[a-z]+\}`)

var hasCyrillic = i18ntest.HasCyrillic

// TestCatalogueComplete checks every translated catalogue against the
// English one (i18ntest.Problems: keys, placeholders, robots.txt
// syntax). The registry has no plural texts, so no text may hold the "|" of
// plural forms.
func TestCatalogueComplete(t *testing.T) {
	for _, lang := range translations {
		for _, p := range i18ntest.Problems(catalogues(), lang, nil) {
			t.Error(p)
		}
	}
	for key, en := range english() {
		if strings.Contains(en, "|") {
			t.Errorf("%q is a plural text; the registry's catalogue has none", key)
		}
	}
}

// TestLocalizeTranslated: every crawler's note and every purpose label is
// in the language, and the registry keeps its English notes.
func TestLocalizeTranslated(t *testing.T) {
	all := All()
	for _, lang := range translations {
		for i, c := range Localize(all, lang) {
			if c.Notes == "" || c.Notes == all[i].Notes {
				t.Errorf("%s: %s note not translated: %q", lang, c.Token, c.Notes)
			}
			if c.Token != all[i].Token || c.Purpose != all[i].Purpose {
				t.Errorf("%s: Localize changed %s beyond its note", lang, all[i].Token)
			}
			if got, en := PurposeLabel(c.Purpose, lang), PurposeLabel(c.Purpose, "en"); got == en || got == "" {
				t.Errorf("%s: purpose %s label %q, English %q", lang, c.Purpose, got, en)
			}
		}
		if !slices.Contains(Languages(), lang) {
			t.Errorf("Languages() = %v, lacks %s", Languages(), lang)
		}
	}
	if n, _ := Lookup("GPTBot"); hasCyrillic(n.Notes) {
		t.Errorf("Localize changed the registry: %q", n.Notes)
	}
}

// TestMatrixTranslated resolves a small file for every known crawler: each
// row note (fallback, no group, ignores "*", token only) and the summary
// are in the language, with every placeholder filled.
func TestMatrixTranslated(t *testing.T) {
	r := robotstxt.ParseString("User-agent: Googlebot\nDisallow: /private/\n\nUser-agent: GPTBot\nUser-agent: CCBot\nDisallow: /\n")
	urls := []string{"/private/x", "/public/"}
	en := MatrixLang(r, urls, All(), "en")
	kinds := map[string]bool{}
	for _, lang := range translations {
		rows := MatrixLang(r, urls, All(), lang)
		if len(rows) != len(en) {
			t.Fatalf("%s: %d rows, English %d", lang, len(rows), len(en))
		}
		for i, row := range rows {
			e := en[i]
			if row.Crawler.Token != e.Crawler.Token || row.Agent != e.Agent || row.Closed != e.Closed {
				t.Errorf("%s: row %d is %s (agent %q), English %s (agent %q)", lang, i, row.Crawler.Token, row.Agent, e.Crawler.Token, e.Agent)
			}
			if (row.Note == "") != (e.Note == "") || row.Note != "" && row.Note == e.Note || placeholderRE.MatchString(row.Note) {
				t.Errorf("%s: %s note %q, English %q", lang, row.Crawler.Token, row.Note, e.Note)
			}
			if lang == "ru" && e.Note != "" && !hasCyrillic(row.Note) {
				t.Errorf("%s: %s note is not Russian: %q", lang, row.Crawler.Token, row.Note)
			}
			switch {
			case e.Source == SourceFallback:
				kinds["fallback"] = true
			case e.Source == SourceNone && e.Crawler.IgnoresStar:
				kinds["ignores-star"] = true
			case e.Source == SourceNone:
				kinds["no-group"] = true
			}
			if e.Crawler.TokenOnly {
				kinds["token-only"] = true
			}
		}
	}
	for _, k := range []string{"fallback", "ignores-star", "no-group", "token-only"} {
		if !kinds[k] {
			t.Errorf("the test file gives no %s row note", k)
		}
	}

	s := Summarize(r, urls)
	if s.AI.Closed == 0 || s.AI.Blocked != 0 || s.Search.Blocked == 0 {
		t.Fatalf("the test file should close some AI crawlers and block some search crawlers partly: %+v", s)
	}
	enAI, enSearch := s.Text("en")
	for _, lang := range translations {
		ai, search := s.Text(lang)
		for _, p := range [][2]string{{ai, enAI}, {search, enSearch}} {
			if p[0] == "" || p[0] == p[1] || placeholderRE.MatchString(p[0]) {
				t.Errorf("%s: summary %q, English %q", lang, p[0], p[1])
			}
		}
		for _, n := range []int{s.AI.Closed, s.AI.Total, s.Search.Closed, s.Search.Total, s.Search.Blocked} {
			if !strings.Contains(ai+search, strconv.Itoa(n)) {
				t.Errorf("%s: summary %q / %q lacks %d", lang, ai, search, n)
			}
		}
	}
}
