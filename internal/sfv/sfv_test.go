package sfv

import (
	"strings"
	"testing"
)

// Each case parses a field and serialises it again: want is the canonical
// form (RFC 9651 section 4.1), "" with fail for a field that must fail.
func TestDictionary(t *testing.T) {
	for _, c := range []struct {
		name, in, want string
		fail           bool
	}{
		{"4.2.2 empty", "", "", false},
		{"4.2.2 one string", `a="x"`, `a="x"`, false},
		{"4.2.2 OWS around commas", "a=1 ,\tb=2", "a=1, b=2", false},
		{"4.2.2 boolean member", "a, b;p=1", "a, b;p=1", false},
		{"4.2.2 explicit ?1 serialises bare", "a=?1", "a", false},
		{"4.2.2 ?0 kept", "a=?0", "a=?0", false},
		{"4.2.2 duplicate replaces in place", "a=1, b=2, a=3", "a=3, b=2", false},
		{"4.2.2 trailing comma", "a=1,", "", true},
		{"4.2.2 upper-case key", "A=1", "", true},
		{"4.2 leading and trailing SP", "  a=1  ", "a=1", false},
		{"4.2 trailing garbage", "a=1 x", "", true},
		{"4.2.1.2 inner list with params", `sig1=("@authority" "signature-agent";key="a");created=1;tag="web-bot-auth"`, `sig1=("@authority" "signature-agent";key="a");created=1;tag="web-bot-auth"`, false},
		{"4.2.1.2 inner list extra spaces", `s=( "a"  "b" )`, `s=("a" "b")`, false},
		{"4.2.1.2 inner list unclosed", `s=("a"`, "", true},
		{"4.2.1.2 inner list no separator", `s=("a""b")`, "", true},
		{"4.2.1.2 empty inner list", `s=();created=1`, `s=();created=1`, false},
		{"4.2.3.2 duplicate param replaced", "a;x=1;x=2", "a;x=2", false},
		{"4.2.3.2 SP after semicolon", "a=1; x=2", "a=1;x=2", false},
		{"4.2.4 integer", "a=-999999999999999", "a=-999999999999999", false},
		{"4.2.4 integer 16 digits", "a=1000000000000000", "", true},
		{"4.2.4 decimal", "a=1.50", "a=1.5", false},
		{"4.2.4 decimal 4 fraction digits", "a=1.5000", "", true},
		{"4.2.4 decimal trailing dot", "a=1.", "", true},
		{"4.2.4 decimal 13 integer digits", "a=1234567890123.1", "", true},
		{"4.2.4 decimal .0", "a=-2.000", "a=-2.0", false},
		{"4.2.5 string escapes", `a="q\"b\\s"`, `a="q\"b\\s"`, false},
		{"4.2.5 bad escape", `a="\n"`, "", true},
		{"4.2.5 non-ASCII", "a=\"\xc3\xa9\"", "", true},
		{"4.2.5 unterminated", `a="x`, "", true},
		{"4.2.6 token", "a=foo/bar:baz*", "a=foo/bar:baz*", false},
		{"4.2.7 byte sequence", "a=:aGk=:", "a=:aGk=:", false},
		{"4.2.7 missing padding accepted", "a=:aGk:", "a=:aGk=:", false},
		{"4.2.7 bad character", "a=:a*k=:", "", true},
		{"4.2.8 boolean bad", "a=?2", "", true},
		{"4.2.9 date", "a=@1659578233", "a=@1659578233", false},
		{"4.2.9 date decimal refused", "a=@1.5", "", true},
		{"4.2.10 display string", `a=%"f%c3%bc%c3%bc"`, `a=%"f%c3%bc%c3%bc"`, false},
		{"4.2.10 upper-case hex refused", `a=%"f%C3%BC"`, "", true},
		{"4.2.10 invalid UTF-8", `a=%"%ff"`, "", true},
		{"4.2.3.1 unknown item start", "a=&", "", true},
	} {
		d, err := ParseDictionary(c.in)
		if c.fail {
			if err == nil {
				t.Errorf("%s: %q parsed, want an error", c.name, c.in)
			}
			continue
		}
		if err != nil {
			t.Errorf("%s: %q: %v", c.name, c.in, err)
			continue
		}
		out, err := AppendDictionary(nil, d)
		if err != nil || string(out) != c.want {
			t.Errorf("%s: %q serialises to %q (%v), want %q", c.name, c.in, out, err, c.want)
		}
	}
}

func TestValues(t *testing.T) {
	d, err := ParseDictionary(`a=("x" "y";k=?0);p=-1.5, b=:AQI=:, c=tok, d="s"`)
	if err != nil {
		t.Fatal(err)
	}
	a, _ := d.Get("a")
	if !a.IsInner || len(a.Inner) != 2 || a.Inner[0].Bare.Str != "x" || a.Inner[1].Params[0].Value.Bool {
		t.Errorf("a = %+v", a)
	}
	if p, ok := a.Params.Get("p"); !ok || p.Kind != Decimal || p.Int != -1500 {
		t.Errorf("a;p = %+v", p)
	}
	if b, _ := d.Get("b"); b.Bare.Kind != ByteSequence || string(b.Bare.Bytes) != "\x01\x02" {
		t.Errorf("b = %+v", b)
	}
	if c, _ := d.Get("c"); c.Bare.Kind != Token || c.Bare.Str != "tok" {
		t.Errorf("c = %+v", c)
	}
	if _, ok := d.Get("e"); ok {
		t.Error("e found")
	}
}

func TestListAndItem(t *testing.T) {
	l, err := ParseList(`1, ("a" b);x, ?0`)
	if err != nil || len(l) != 3 {
		t.Fatalf("list: %v %v", l, err)
	}
	out, _ := AppendList(nil, l)
	if string(out) != `1, ("a" b);x, ?0` {
		t.Errorf("list = %q", out)
	}
	it, err := ParseItem(` "https://a.example";k=1 `)
	if err != nil || it.Bare.Str != "https://a.example" {
		t.Fatalf("item: %+v %v", it, err)
	}
	if _, err := ParseItem(`"a", "b"`); err == nil {
		t.Error("a list parsed as an item")
	}
}

// Section 3 bounds: at least 1024 members are read, and no more are kept.
func TestBounds(t *testing.T) {
	many := strings.Repeat("a=1, ", 2000) + "a=1"
	if _, err := ParseDictionary(many); err != nil {
		t.Errorf("duplicates of one key: %v", err)
	}
	var b strings.Builder
	for i := 0; i < maxMembers+1; i++ {
		if i > 0 {
			b.WriteString(",")
		}
		b.WriteString("k")
		b.WriteString(strings.Repeat("a", i%20))
		b.WriteString(string(rune('a' + i%26)))
		b.WriteString(string(rune('a' + i/26%26)))
		b.WriteString(string(rune('a' + i/676)))
	}
	if _, err := ParseDictionary(b.String()); err == nil {
		t.Error("more than maxMembers members kept")
	}
}

func TestSerializeRefuses(t *testing.T) {
	for _, b := range []Bare{
		{Kind: Integer, Int: 1e15},
		{Kind: String, Str: "\n"},
		{Kind: Token, Str: "1abc"},
		{Kind: 0},
	} {
		if _, err := AppendBare(nil, b); err == nil {
			t.Errorf("%+v serialised", b)
		}
	}
	if _, err := AppendParams(nil, Params{{Key: "Bad", Value: Bare{Kind: Integer}}}); err == nil {
		t.Error("bad key serialised")
	}
}
