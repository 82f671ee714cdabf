package lint

import (
	"testing"

	"github.com/robotstxt/robotstxt/internal/i18n"
)

func TestFill(t *testing.T) {
	for _, tt := range []struct {
		name, s string
		args    []any
		want    string
	}{
		{"no placeholder", "plain text", []any{"a", 1}, "plain text"},
		{"string and int", "{rule} at line {line}", []any{"rule", "Disallow: /x", "line", 7}, "Disallow: /x at line 7"},
		{"repeated placeholder", "{a}-{a}", []any{"a", "x"}, "x-x"},
		{"first of two values with one name", "{a}", []any{"a", "1", "a", "2"}, "1"},
		{"unknown placeholder stays", "{a} {b}", []any{"a", "x"}, "x {b}"},
		{"placeholder inside a value is not read", "{value} has {count}", []any{"value", "/{count}", "count", 3}, "/{count} has 3"},
		{"doubled brace", "{{a}}", []any{"a", "x"}, "{x}"},
		{"lone braces", "} { {a", []any{"a", "x"}, "} { {a"},
		{"other types through fmt", "{s}", []any{"s", Warning}, "warning"},
		{"odd args", "{a}", []any{"a"}, "{a}"},
	} {
		if got := fill(tt.s, tt.args); got != tt.want {
			t.Errorf("%s: fill(%q, %v) = %q, want %q", tt.name, tt.s, tt.args, got, tt.want)
		}
	}
}

// TestFillAgreesWithI18n: on every text of every catalogue, with values
// that hold no braces, fill gives what i18n.Fill gives.
func TestFillAgreesWithI18n(t *testing.T) {
	var args []any
	for i, name := range []string{"agents", "count", "line", "lines", "limit", "value", "kind", "rule", "pattern", "n", "token", "host"} {
		args = append(args, name, i*7)
		if i%2 == 0 {
			args[len(args)-1] = "v" + name
		}
	}
	for lang, cat := range catalogues() {
		for key, s := range cat {
			if got, want := fill(s, args), i18n.Fill(s, args...); got != want {
				t.Errorf("%s %s: fill %q, i18n.Fill %q", lang, key, got, want)
			}
		}
	}
}
