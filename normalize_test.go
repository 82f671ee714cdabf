package robotstxt

import "testing"

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

func TestMatchFormOfPatterns(t *testing.T) {
	for in, want := range map[string]string{
		"/a$b":    "/a%24b",
		"/a$b$":   "/a%24b$",
		"/a b":    "/a%20b",
		"/*.php$": "/*.php$",
		"$":       "$",
	} {
		if got := matchForm(in); got != want {
			t.Errorf("matchForm(%q) = %q, want %q", in, got, want)
		}
	}
}
