package textsafe

import (
	"strings"
	"testing"

	"github.com/robotstxt/robotstxt/internal/testutil"
)

func utf16le(s string) string {
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		b.WriteByte(s[i])
		b.WriteByte(0)
	}
	return b.String()
}

func utf16be(s string) string {
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		b.WriteByte(0)
		b.WriteByte(s[i])
	}
	return b.String()
}

func TestKind(t *testing.T) {
	robots := "User-agent: *\nDisallow: /private/\nAllow: /private/help\n"
	for _, tt := range []struct{ name, in, want string }{
		{"robots.txt", robots, Text},
		{"CRLF and tabs", "User-agent:\t*\r\nDisallow: /\r\n", Text},
		{"empty", "", Text},
		{"non-ASCII text", "User-agent: *\nDisallow: /ツ\n", Text},
		{"Latin-1 text", "User-agent: *\nDisallow: /caf\xe9\n", Text},
		{"UTF-16LE with BOM", "\xFF\xFE" + utf16le(robots), UTF16},
		{"UTF-16BE with BOM", "\xFE\xFF" + utf16be(robots), UTF16},
		{"UTF-16LE without BOM", utf16le(robots), UTF16},
		{"UTF-16BE without BOM", utf16be(robots), UTF16},
		{"ELF header", "\x7fELF\x02\x01\x01\x00\x00\x00\x00\x00\x00\x00\x00\x00\x02\x00\x3e\x00\x01\x00\x00\x00" + strings.Repeat("\x00\x10\x40\x00", 40), Binary},
		{"a stray NUL in text", robots + "\x00" + robots, Binary},
		{"gzip body", "\x1f\x8b\x08\x00\x00\x00\x00\x00\x00\x03\xcb\x48\xcd\xc9\xc9\x07\x00", Binary},
		{"control bytes", strings.Repeat("\x01\x02\x03abcdefg", 20), Binary},
		{"a few control bytes in text", robots + "\x1b[31m" + robots, Text},
	} {
		if got := Kind(tt.in); got != tt.want {
			t.Errorf("%s: Kind(%q) = %q, want %q", tt.name, tt.in[:min(len(tt.in), 40)], got, tt.want)
		}
	}
}

// Every real robots.txt of the shared corpus is text.
func TestKindOnCorpus(t *testing.T) {
	for _, f := range testutil.Corpus(t, "../../../shared/corpus/robots") {
		if k := Kind(string(f.Data)); k != Text {
			t.Errorf("%s: Kind = %q, want text", f.Name, k)
		}
	}
}
