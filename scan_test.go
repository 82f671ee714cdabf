package robotstxt

import (
	"fmt"
	"strings"
	"testing"
)

// lw is the part of a Line a scan test checks.
type lw struct {
	n     int
	field Field
	key   string
	value string
	flags LineFlags
}

func (l lw) String() string {
	return fmt.Sprintf("{line %d %s key=%q value=%q flags=%b}", l.n, l.field, l.key, l.value, l.flags)
}

// directives returns the directive lines of text.
func directives(text string) []lw {
	var out []lw
	for l := range Lines(text) {
		if l.Field != FieldNone {
			out = append(out, lw{l.Number, l.Field, l.Key, l.Value, l.Flags &^ LineComment})
		}
	}
	return out
}

var scanTests = []struct {
	name string
	ref  string // "RFC 9309 <section>" for spec behaviour, "google" for a leniency of Google's parser
	in   string
	want []lw
}{
	// Line endings: LF, CR and CRLF, mixed, last line without one.
	{"LF", "RFC 9309 2.2", "User-Agent: foo\nAllow: /some/path\nUser-Agent: bar\n\n\nDisallow: /\n",
		[]lw{{1, FieldUserAgent, "User-Agent", "foo", 0}, {2, FieldAllow, "Allow", "/some/path", 0}, {3, FieldUserAgent, "User-Agent", "bar", 0}, {6, FieldDisallow, "Disallow", "/", 0}}},
	{"CRLF", "RFC 9309 2.2", "User-Agent: foo\r\nAllow: /some/path\r\nUser-Agent: bar\r\n\r\n\r\nDisallow: /\r\n",
		[]lw{{1, FieldUserAgent, "User-Agent", "foo", 0}, {2, FieldAllow, "Allow", "/some/path", 0}, {3, FieldUserAgent, "User-Agent", "bar", 0}, {6, FieldDisallow, "Disallow", "/", 0}}},
	{"CR alone", "RFC 9309 2.2", "User-Agent: foo\rAllow: /some/path\rUser-Agent: bar\r\r\rDisallow: /\r",
		[]lw{{1, FieldUserAgent, "User-Agent", "foo", 0}, {2, FieldAllow, "Allow", "/some/path", 0}, {3, FieldUserAgent, "User-Agent", "bar", 0}, {6, FieldDisallow, "Disallow", "/", 0}}},
	{"mixed endings, no final newline", "RFC 9309 2.2", "User-Agent: foo\nAllow: /some/path\r\nUser-Agent: bar\n\r\n\nDisallow: /",
		[]lw{{1, FieldUserAgent, "User-Agent", "foo", 0}, {2, FieldAllow, "Allow", "/some/path", 0}, {3, FieldUserAgent, "User-Agent", "bar", 0}, {6, FieldDisallow, "Disallow", "/", 0}}},
	{"CR CR LF is two line ends", "RFC 9309 2.2", "a: 1\r\r\nb: 2",
		[]lw{{1, FieldOther, "a", "1", 0}, {3, FieldOther, "b", "2", 0}}},
	{"form feed and vertical tab do not end lines", "google", "User-agent: x\fDisallow: /\vAllow: /",
		[]lw{{1, FieldUserAgent, "User-agent", "x\fDisallow: /\vAllow: /", 0}}},

	// Byte order marks.
	{"BOM skipped", "google", "\xEF\xBB\xBFUser-Agent: foo\nAllow: /AnyValue\n",
		[]lw{{1, FieldUserAgent, "User-Agent", "foo", 0}, {2, FieldAllow, "Allow", "/AnyValue", 0}}},
	{"partial BOM EF BB skipped", "google", "\xEF\xBBUser-Agent: foo\nAllow: /AnyValue\n",
		[]lw{{1, FieldUserAgent, "User-Agent", "foo", 0}, {2, FieldAllow, "Allow", "/AnyValue", 0}}},
	{"partial BOM EF skipped", "google", "\xEFUser-Agent: foo\nAllow: /AnyValue\n",
		[]lw{{1, FieldUserAgent, "User-Agent", "foo", 0}, {2, FieldAllow, "Allow", "/AnyValue", 0}}},
	{"broken BOM loses only its matching prefix", "google", "\xEF\x11\xBFUser-Agent: foo\nAllow: /AnyValue\n",
		[]lw{{1, FieldOther, "\x11\xBFUser-Agent", "foo", 0}, {2, FieldAllow, "Allow", "/AnyValue", 0}}},
	{"BOM in the middle is not skipped", "google", "User-Agent: foo\n\xEF\xBB\xBFAllow: /AnyValue\n",
		[]lw{{1, FieldUserAgent, "User-Agent", "foo", 0}, {2, FieldOther, "\xEF\xBB\xBFAllow", "/AnyValue", 0}}},

	// Comments and whitespace.
	{"comment line", "RFC 9309 2.2.3", "# Disallow: /\nDisallow: /x # trailing\n",
		[]lw{{2, FieldDisallow, "Disallow", "/x", 0}}},
	{"# inside a value starts a comment", "RFC 9309 2.2.3", "Disallow: /foo/quz#qux\n",
		[]lw{{1, FieldDisallow, "Disallow", "/foo/quz", 0}}},
	{"whitespace around key, colon and value", "RFC 9309 2.2", " \t Disallow \t:\t /x \t\n",
		[]lw{{1, FieldDisallow, "Disallow", "/x", 0}}},
	{"empty value", "RFC 9309 2.2", "Disallow:\nAllow:   \n",
		[]lw{{1, FieldDisallow, "Disallow", "", 0}, {2, FieldAllow, "Allow", "", 0}}},
	{"value keeps its inner colons", "RFC 9309 2.2.4", "Sitemap: https://example.com:8080/s.xml\n",
		[]lw{{1, FieldSitemap, "Sitemap", "https://example.com:8080/s.xml", 0}}},
	{"empty key is not a directive", "RFC 9309 2.2", ": /x\n  :\n", nil},

	// Keys.
	{"keys are case-insensitive", "RFC 9309 2.2", "uSeR-aGeNt: a\nALLOW: /b\ndIsAlLoW: /c\nSITEMAP: d\n",
		[]lw{{1, FieldUserAgent, "uSeR-aGeNt", "a", 0}, {2, FieldAllow, "ALLOW", "/b", 0}, {3, FieldDisallow, "dIsAlLoW", "/c", 0}, {4, FieldSitemap, "SITEMAP", "d", 0}}},
	{"keys are recognised by prefix", "google", "User-agents: a\nAllowed: /b\nDisallowed: /c\nSitemaps: d\n",
		[]lw{{1, FieldUserAgent, "User-agents", "a", 0}, {2, FieldAllow, "Allowed", "/b", 0}, {3, FieldDisallow, "Disallowed", "/c", 0}, {4, FieldSitemap, "Sitemaps", "d", 0}}},
	{"accepted misspellings", "google", "useragent: a\nuser agent: b\ndissallow: /1\ndissalow: /2\ndisalow: /3\ndiasllow: /4\ndisallaw: /5\nsite-map: s\n",
		[]lw{{1, FieldUserAgent, "useragent", "a", LineTypo}, {2, FieldUserAgent, "user agent", "b", LineTypo},
			{3, FieldDisallow, "dissallow", "/1", LineTypo}, {4, FieldDisallow, "dissalow", "/2", LineTypo}, {5, FieldDisallow, "disalow", "/3", LineTypo},
			{6, FieldDisallow, "diasllow", "/4", LineTypo}, {7, FieldDisallow, "disallaw", "/5", LineTypo}, {8, FieldSitemap, "site-map", "s", LineTypo}}},
	{"no misspelling of allow is accepted", "google", "alow: /x\nallw: /y\n",
		[]lw{{1, FieldOther, "alow", "/x", 0}, {2, FieldOther, "allw", "/y", 0}}},
	{"other records keep their raw name", "RFC 9309 2.2.4", "Crawl-delay: 10\nHost: example.com\nClean-param: ref /a/\nContent-Signal: ai-train=no\n",
		[]lw{{1, FieldOther, "Crawl-delay", "10", 0}, {2, FieldOther, "Host", "example.com", 0}, {3, FieldOther, "Clean-param", "ref /a/", 0}, {4, FieldOther, "Content-Signal", "ai-train=no", 0}}},

	// A missing colon.
	{"missing colon: two words", "google", "user-agent FooBot\ndisallow /\nUser-Agent bar # no\n",
		[]lw{{1, FieldUserAgent, "user-agent", "FooBot", LineMissingColon}, {2, FieldDisallow, "disallow", "/", LineMissingColon}, {3, FieldUserAgent, "User-Agent", "bar", LineMissingColon}}},
	{"missing colon: tab separated", "google", "Disallow\t\t/x\n",
		[]lw{{1, FieldDisallow, "Disallow", "/x", LineMissingColon}}},
	{"no colon: one or three words are not directives", "google", "Disallow\nabsolutely random line\nError #and comment\nDisallow /a /b\n", nil},

	// NUL and long lines.
	{"NUL ends the line's content", "google", "Disallow: /a\x00/b\nAllow: /c\n",
		[]lw{{1, FieldDisallow, "Disallow", "/a", LineNUL}, {2, FieldAllow, "Allow", "/c", 0}}},
	{"NUL before the colon", "google", "Disallow\x00: /a\n", nil},
}

func TestLines(t *testing.T) {
	for _, tt := range scanTests {
		t.Run(tt.name, func(t *testing.T) {
			got := directives(tt.in)
			if fmt.Sprint(got) != fmt.Sprint(tt.want) {
				t.Errorf("Lines(%q) [%s]:\n\tgot  %v\n\twant %v", tt.in, tt.ref, got, tt.want)
			}
		})
	}
}

func TestLinesReportsEveryLine(t *testing.T) {
	in := "# comment\n\nUser-agent: *\r\njunk\rDisallow: /x"
	type lineInfo struct {
		n      int
		text   string
		eol    EOL
		offset int
		blank  bool
		dir    bool
	}
	want := []lineInfo{
		{1, "# comment", EOLLF, 0, false, false},
		{2, "", EOLLF, 10, true, false},
		{3, "User-agent: *", EOLCRLF, 11, false, true},
		{4, "junk", EOLCR, 26, false, false},
		{5, "Disallow: /x", EOLNone, 31, false, true},
	}
	var got []lineInfo
	for l := range Lines(in) {
		got = append(got, lineInfo{l.Number, l.Text, l.EOL, l.Offset, l.Blank(), l.Directive()})
	}
	if fmt.Sprint(got) != fmt.Sprint(want) {
		t.Errorf("Lines(%q):\n\tgot  %v\n\twant %v", in, got, want)
	}
	if !strings.HasPrefix(in[26:], "junk") || !strings.HasPrefix(in[31:], "Disallow") {
		t.Fatal("offsets in the table are wrong")
	}
}

func TestLinesFinalNewline(t *testing.T) {
	n := 0
	for range Lines("a: 1\n") {
		n++
	}
	if n != 1 {
		t.Errorf("Lines(\"a: 1\\n\") reported %d lines, want 1 (no empty line after the last line ending)", n)
	}
}

func TestLinesStopEarly(t *testing.T) {
	n := 0
	for range Lines("a: 1\nb: 2\nc: 3\n") {
		n++
		if n == 2 {
			break
		}
	}
	if n != 2 {
		t.Fatalf("iteration continued after break: %d", n)
	}
}

// Google: lines are cut after 2083*8-1 bytes and what is left is still used.
func TestLineTooLong(t *testing.T) {
	const keep = MaxLineLength - 1
	prefix := "disallow: /x/"
	long := prefix + strings.Repeat("a", keep-len(prefix)) + "/qux"
	var got Line
	for l := range Lines(long + "\nallow: /y\n") {
		if l.Number == 1 {
			got = l
		}
	}
	if !got.Has(LineTooLong) || got.Field != FieldDisallow {
		t.Fatalf("long line: flags %b field %s, want LineTooLong and disallow", got.Flags, got.Field)
	}
	if len(got.Text) != keep || got.Length != len(long) {
		t.Errorf("long line kept %d of %d bytes, want %d of %d", len(got.Text), got.Length, keep, len(long))
	}
	if want := long[len("disallow: "):keep]; got.Value != want {
		t.Errorf("long line value has %d bytes, want %d (the cut value)", len(got.Value), len(want))
	}
	exact := prefix + strings.Repeat("a", keep-len(prefix))
	for l := range Lines(exact) {
		if l.Has(LineTooLong) {
			t.Errorf("a line of exactly %d bytes was flagged too long", keep)
		}
	}
}

func TestBOMLength(t *testing.T) {
	for in, want := range map[string]int{"": 0, "a": 0, "\xEF": 1, "\xEF\xBB": 2, "\xEF\xBB\xBF": 3, "\xEF\xBB\xBFx": 3, "\xEF\x11": 1, "\xBB\xBF": 0} {
		if got := BOMLength(in); got != want {
			t.Errorf("BOMLength(%q) = %d, want %d", in, got, want)
		}
	}
}
