package robotstxt

import (
	"strings"
	"testing"
)

// RFC 9309 section 2.2.2, "Examples of matching percent-encoded URI
// components": the path as written, and the path to match.
var rfcEncodingTable = []struct{ path, match string }{
	{"/foo/bar?baz=quz", "/foo/bar?baz=quz"},
	{"/foo/bar?baz=https%3A%2F%2Ffoo.bar", "/foo/bar?baz=https%3A%2F%2Ffoo.bar"},
	{"/foo/bar/ツ", "/foo/bar/%E3%83%84"},
	{"/foo/bar/%E3%83%84", "/foo/bar/%E3%83%84"},
	{"/foo/bar/%62%61%7A", "/foo/bar/baz"},
}

func TestRFCEncodingTable(t *testing.T) {
	for _, tt := range rfcEncodingTable {
		if got := NormalizePath(tt.path); got != tt.match {
			t.Errorf("[RFC 9309 2.2.2] NormalizePath(%q) = %q, want %q", tt.path, got, tt.match)
		}
		if got := CanonicalPattern(tt.path); got != tt.match {
			t.Errorf("[RFC 9309 2.2.2] CanonicalPattern(%q) = %q, want %q", tt.path, got, tt.match)
		}
		// A rule written either way matches a URL written either way.
		for _, rule := range []string{tt.path, tt.match} {
			for _, url := range []string{tt.path, tt.match} {
				r := ParseString("User-agent: *\nDisallow: " + rule + "$\n")
				if r.Allowed("bot", url) {
					t.Errorf("[RFC 9309 2.2.2] rule %q does not match URL %q", rule+"$", url)
				}
			}
		}
	}
}

func TestNormalizePath(t *testing.T) {
	for in, want := range map[string]string{
		"/":                         "/",
		"/a/b?c=d":                  "/a/b?c=d",
		"/%7ejoe/%7Ebob":            "/~joe/~bob",
		"/%41%5A%61%7A%30%2D%2E%5F": "/AZaz0-._",
		"/%2f%2F%3a":                "/%2F%2F%3A",
		"/a*b$c":                    "/a%2Ab%24c",
		"/a b\tc\x7f":               "/a%20b%09c%7F",
		"/caf\xe9":                  "/caf%E9",
		"/100%":                     "/100%25",
		"/%zz%4":                    "/%25zz%254",
		"/%%41":                     "/%25A",
		"/%%3741":                   "/%25741",
		"http://x.com?q=1":          "/?q=1",
		"http://x.com/p#frag":       "/p",
		"https://x.com/ツ?q=ツ":       "/%E3%83%84?q=%E3%83%84",
	} {
		if got := NormalizePath(in); got != want {
			t.Errorf("NormalizePath(%q) = %q, want %q", in, got, want)
		}
	}
}

// CheckWithPath gives Check's verdict and NormalizePath's path from one
// pass over the URL (RFC 9309 section 2.2.2: rules are matched against the
// path in its normalised form), whatever the path needs: nothing, a
// fragment cut, escapes normalised, a host before it, a "//" that a path
// alone would read as a host.
func TestCheckWithPath(t *testing.T) {
	r := ParseString("User-agent: *\nDisallow: /a\nAllow: /a/~b\nDisallow: /*%2A\nAllow: /$\nDisallow: //x\n")
	bot := r.Agent("bot")
	for _, u := range []string{
		"/", "/a", "/a/b?c=d", "/a/%7eb/c", "/a/~b#frag", "/x*y", "/caf\xe9",
		"https://example.com/a/%7Eb?q=1#f", "http://x.com?q=1", "example.com/a",
		"//example.com/a/~b", "http://h//x/y", "https://h", "", "/%zz%4",
	} {
		v, path := bot.CheckWithPath(u)
		if want := NormalizePath(u); path != want {
			t.Errorf("CheckWithPath(%q) path = %q, NormalizePath gives %q", u, path, want)
		}
		if want := bot.Check(u); v.Allowed != want.Allowed || v.Reason != want.Reason || v.Rule != want.Rule || v.Overruled != want.Overruled {
			t.Errorf("CheckWithPath(%q) = %+v, Check gives %+v", u, v, want)
		}
	}
}

func TestCanonicalPattern(t *testing.T) {
	for in, want := range map[string]string{
		"http://www.example.com": "http://www.example.com",
		"/a/b/c":                 "/a/b/c",
		"á":                      "%C3%A1",
		"%aa":                    "%AA",
		"/SanJoséSellers":        "/SanJos%C3%A9Sellers",
		"/*.php$":                "/*.php$",
		"/a$b":                   "/a$b",
		"/%7E/%2a":               "/~/%2A",
		"/a b":                   "/a b",
	} {
		if got := CanonicalPattern(in); got != want {
			t.Errorf("CanonicalPattern(%q) = %q, want %q", in, got, want)
		}
	}
}

// Google's GetPathParamsQuery.
func TestPathOf(t *testing.T) {
	for _, tt := range []struct{ in, want string }{
		{"", "/"},
		{"http://www.example.com", "/"},
		{"http://www.example.com/", "/"},
		{"http://www.example.com/a", "/a"},
		{"http://www.example.com/a/", "/a/"},
		{"http://www.example.com/a/b?c=http://d.e/", "/a/b?c=http://d.e/"},
		{"http://www.example.com/a/b?c=d&e=f#fragment", "/a/b?c=d&e=f"},
		{"example.com", "/"},
		{"example.com/", "/"},
		{"example.com/a", "/a"},
		{"example.com/a/", "/a/"},
		{"example.com/a/b?c=d&e=f#fragment", "/a/b?c=d&e=f"},
		{"a", "/"},
		{"a/", "/"},
		{"/a", "/a"},
		{"a/b", "/b"},
		{"example.com?a", "/?a"},
		{"example.com/a;b#c", "/a;b"},
		{"//a/b/c", "/b/c"},
		{"https://example.com:8080/p?q#f", "/p?q"},
		{"http://example.com#/not-a-path", "/"},
		{"HTTPS://EXAMPLE.COM/Path", "/Path"},
	} {
		if got := PathOf(tt.in); got != tt.want {
			t.Errorf("[google] PathOf(%q) = %q, want %q", tt.in, got, tt.want)
		}
	}
}

// TestMatchFormOfPatterns pins the match form of raw patterns: built in one
// pass, as the URL side is, so a '%' that starts no escape is "%25" and the
// escapes decoded after it are not read again.
func TestMatchFormOfPatterns(t *testing.T) {
	for _, tt := range []struct{ in, want, ref string }{
		{"/a$b", "/a%24b", "RFC9309 2.2.3"},
		{"/a$b$", "/a%24b$", "RFC9309 2.2.3"},
		{"/a b", "/a%20b", "RFC9309 2.2.2"},
		{"/*.php$", "/*.php$", "RFC9309 2.2.3"},
		{"$", "$", "RFC9309 2.2.3"},
		{"/%7e%2f", "/~%2F", "RFC9309 2.2.2"},
		{"/ツ", "/%E3%83%84", "RFC9309 2.2.2"},
		{"/%%34%31", "/%2541", "RFC3986 2.4"},
		{"/%4%31", "/%2541", "RFC3986 2.4"},
		{"/%4%41", "/%254A", "RFC3986 2.4"},
		{"/%%32%46", "/%252F", "RFC3986 2.4"},
		{"/%%41B", "/%25AB", "RFC3986 2.4"},
		{"/100%", "/100%25", "RFC3986 2.4"},
		{"/100%$", "/100%25$", "RFC3986 2.4"},
		{"/a%2", "/a%252", "RFC3986 2.4"},
	} {
		if got := patternMatchForm(tt.in); got != tt.want {
			t.Errorf("[%s] patternMatchForm(%q) = %q, want %q", tt.ref, tt.in, got, tt.want)
		}
		// The URL side must agree octet for octet where the pattern has no
		// operator.
		if !strings.ContainsAny(tt.in, "*$") {
			if got := NormalizePath(tt.in); got != tt.want {
				t.Errorf("[%s] NormalizePath(%q) = %q, the pattern's form is %q", tt.ref, tt.in, got, tt.want)
			}
		}
	}
}

// TestStrayPercent is the table of issue "crawler names": a '%' that starts
// no escape is "%25" on both sides (RFC 3986 section 2.4), as Google's
// parser reads it; differential fuzzing against Google's binary found these.
func TestStrayPercent(t *testing.T) {
	for _, tt := range []struct {
		robots, url string
		allowed     bool
	}{
		{"User-agent: *\nDisallow: /%%34%31\n", "/%%34%31", false},
		{"User-agent: *\nDisallow: /%4%31\n", "/%4%31", false},
		{"User-agent: *\nDisallow: /\nAllow: /%4%41\n", "/%4%41", true},
		{"User-agent: *\nDisallow: /%%32%46\n", "/%2F", true},
		{"User-agent: *\nDisallow: /%%41B\n", "/%AB", true},
		{"User-agent: *\nDisallow: /100%\n", "/100%", false},
		{"User-agent: *\nDisallow: /100%\n", "/100%25", false},
		{"User-agent: *\nAllow: /%%34%31/index.html\nDisallow: /\n", "/%%34%31/", true},
		{"User-agent: *\nAllow: /%%34%31/index.html\nDisallow: /\n", "/%41/", false},
	} {
		if got := ParseString(tt.robots).Check("bot", tt.url).Allowed; got != tt.allowed {
			t.Errorf("[RFC3986 2.4] %q, URL %q: allowed=%v, want %v", tt.robots, tt.url, got, tt.allowed)
		}
	}
}
