package i18n

import "testing"

func TestLookupFallsBackToEnglish(t *testing.T) {
	c := Catalogue{"en": {"a": "A {n}", "b": "B"}, "ru": {"a": "А {n}"}}
	for _, tt := range []struct{ lang, key, want string }{
		{"ru", "a", "А {n}"}, {"ru", "b", "B"}, {"ro", "a", "A {n}"}, {"en", "b", "B"},
	} {
		if got, ok := c.Lookup(tt.lang, tt.key); !ok || got != tt.want {
			t.Errorf("Lookup(%s, %s) = %q, %v; want %q", tt.lang, tt.key, got, ok, tt.want)
		}
	}
	if _, ok := c.Lookup("ru", "missing"); ok {
		t.Error("a key missing in every language was found")
	}
	if got := c.Languages(); len(got) != 2 || got[0] != "en" || got[1] != "ru" {
		t.Errorf("Languages() = %v", got)
	}
}

// TestLazyBuildsOnFirstUse: nothing is built before the first call; a
// language added to the map after Lazy (as an init function of another
// file does) is in the catalogue; finish runs once, after the languages;
// every call returns the same catalogue.
func TestLazyBuildsOnFirstUse(t *testing.T) {
	built := 0
	langs := map[string]func() map[string]string{"en": func() map[string]string { built++; return map[string]string{"a": "A"} }}
	finishes := 0
	c := Lazy(langs, func(c Catalogue) {
		finishes++
		c["en"]["b"] = c["ru"]["a"] + "+"
	})
	langs["ru"] = func() map[string]string { built++; return map[string]string{"a": "А"} }
	if built != 0 {
		t.Fatalf("%d languages built before the first use", built)
	}
	first := c()
	if got, _ := first.Lookup("ru", "a"); got != "А" {
		t.Errorf("a language added after Lazy: Lookup(ru, a) = %q, want А", got)
	}
	if got, _ := first.Lookup("en", "b"); got != "А+" {
		t.Errorf("finish after the languages: Lookup(en, b) = %q, want А+", got)
	}
	c()["en"]["c"] = "C"
	if got, ok := first.Lookup("en", "c"); !ok || got != "C" || built != 2 || finishes != 1 {
		t.Errorf("second call: same catalogue %v, languages built %d times (want 2), finish %d (want 1)", ok, built, finishes)
	}
	if Lazy(langs, nil)()["en"]["a"] != "A" {
		t.Error("a nil finish: the texts are missing")
	}
}

func TestFill(t *testing.T) {
	if got := Fill("{a} and {b}, {a}", "a", 1, "b", "two"); got != "1 and two, 1" {
		t.Errorf("Fill = %q", got)
	}
	if got := Fill("no placeholders", "a", 1); got != "no placeholders" {
		t.Errorf("Fill = %q", got)
	}
}

func TestPlural(t *testing.T) {
	for _, tt := range []struct {
		lang  string
		n     int
		forms string
		want  string
	}{
		{"en", 1, "one|many", "one"},
		{"en", 0, "one|many", "many"},
		{"ru", 21, "one|few|many", "one"},
		{"ru", 3, "one|few|many", "few"},
		{"ru", 12, "one|few|many", "many"},
		{"ro", 1, "one|few|other", "one"},
		{"ro", 19, "one|few|other", "few"},
		{"ro", 20, "one|few|other", "other"},
		{"ro", 101, "one|few|other", "few"},
		{"ru", 5, "only", "only"},
	} {
		if got := Plural(tt.lang, tt.n, tt.forms); got != tt.want {
			t.Errorf("Plural(%s, %d, %q) = %q, want %q", tt.lang, tt.n, tt.forms, got, tt.want)
		}
	}
}
