package textsafe

import (
	"testing"
	"unicode/utf8"
)

func TestEscape(t *testing.T) {
	for _, tt := range []struct{ name, in, want string }{
		{"plain text is kept", "Disallow: /a b", "Disallow: /a b"},
		{"non-ASCII letters are kept", "Jävla-Foobot ツ", "Jävla-Foobot ツ"},
		{"escape starts a terminal sequence", "\x1b]0;pwned\x07", `\x1b]0;pwned\x07`},
		{"clear screen", "\x1b[2J\x1b[H", `\x1b[2J\x1b[H`},
		{"tab, CR and NUL", "a\tb\rc\x00", `a\x09b\x0dc\x00`},
		{"DEL", "a\x7f", `a\x7f`},
		{"C1 CSI", "a\u009b2J", `a\u009b2J`},
		{"invalid UTF-8", "caf\xe9", `caf\xe9`},
		{"backslash kept", `C:\dir`, `C:\dir`},
		{"empty", "", ""},
	} {
		if got := Escape(tt.in); got != tt.want {
			t.Errorf("%s: Escape(%q) = %q, want %q", tt.name, tt.in, got, tt.want)
		}
	}
}

func FuzzEscape(f *testing.F) {
	for _, s := range []string{"", "a\x1b[31m", "\xff\xfe", "ツ\u0085", "\x9b"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		out := Escape(s)
		if !utf8.ValidString(out) {
			t.Fatalf("Escape(%q) = %q is not valid UTF-8", s, out)
		}
		for _, r := range out {
			if r < 0x20 || r == 0x7f || r >= 0x80 && r <= 0x9f {
				t.Fatalf("Escape(%q) = %q keeps control %U", s, out, r)
			}
		}
		if !needs(s) && out != s {
			t.Fatalf("Escape changed %q, which needs no escaping", s)
		}
	})
}
