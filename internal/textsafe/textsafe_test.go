package textsafe

import (
	"strings"
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

// printable, which reads 8 bytes at a time, agrees with a byte loop for
// every byte value at every position of strings up to 24 bytes, and for
// every pair of edge bytes side by side.
func TestPrintable(t *testing.T) {
	naive := func(s string) bool {
		for i := 0; i < len(s); i++ {
			if s[i] < ' ' || s[i] > '~' {
				return false
			}
		}
		return true
	}
	try := func(b []byte) {
		if got, want := printable(string(b)), naive(string(b)); got != want {
			t.Fatalf("printable(%q) = %v, want %v", b, got, want)
		}
	}
	for n := 0; n <= 24; n++ {
		for pos := 0; pos < max(n, 1); pos++ {
			for c := 0; c < 256; c++ {
				b := []byte(strings.Repeat("a", n))
				if pos < n {
					b[pos] = byte(c)
				}
				try(b)
			}
		}
	}
	edges := []byte{0x00, 0x1f, ' ', '!', '~', 0x7f, 0x80, 0xfe, 0xff}
	for pos := 0; pos+1 < 17; pos++ {
		for _, c1 := range edges {
			for _, c2 := range edges {
				b := []byte(strings.Repeat("a", 17))
				b[pos], b[pos+1] = c1, c2
				try(b)
			}
		}
	}
}
