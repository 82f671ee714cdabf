package wire

import (
	"strings"
	"testing"
)

// TestInputNote: a URL that is neither a full URL nor a path starting with
// "/" is answered as Google's library reads it, but never silently.
func TestInputNote(t *testing.T) {
	for _, tt := range []struct{ in, want string }{
		{"/x", ""},
		{"/", ""},
		{"https://example.com/x", ""},
		{"https://example.com", ""},
		{"HTTP://EXAMPLE.COM?q", ""},
		{"", `an empty URL: read as the path "/"`},
		{"private/x", `not a full URL or a path starting with "/": read as host "private", path "/x"`},
		{"not a url", `not a full URL or a path starting with "/": read as host "not a url", path "/"`},
		{"https://", `a URL without a host: read as the path "/"`},
		{"https:///x", `a URL without a host: read as the path "/x"`},
		{"//example.com/x", `not a full URL or a path starting with "/": read as host "example.com", path "/x"`},
		{"example.com?a", `not a full URL or a path starting with "/": read as host "example.com", path "/?a"`},
		{"x\x1b[2J/y", `not a full URL or a path starting with "/": read as host "x\x1b[2J", path "/y"`},
		// http and https, whose scheme is read at once (schemeEnd), as any
		// other.
		{"http://example.com/x", ""},
		{"http://", `a URL without a host: read as the path "/"`},
		{"http://?q", `a URL without a host: read as the path "/?q"`},
		{"https://#f", `a URL without a host: read as the path "/"`},
		{"ftp://example.com/x", ""},
		{"ftp:///x", `a URL without a host: read as the path "/x"`},
		{"https:/x", `not a full URL or a path starting with "/": read as host "https:", path "/x"`},
	} {
		if got := InputNote(tt.in); got != tt.want {
			t.Errorf("InputNote(%q) = %q, want %q", tt.in, got, tt.want)
		}
	}
}

// schemeEnd finds "://" as strings.Index does, whatever the URL.
func TestSchemeEnd(t *testing.T) {
	for _, raw := range []string{"", "h", "http", "http:", "http:/", "http://", "https://", "https:/", "httpsx://h", "http://a://b",
		"HTTP://h", "https://h/x://y", "x://y", "://", "/a://b", "ws://h", "http:///"} {
		if got, want := schemeEnd(raw), strings.Index(raw, "://"); got != want {
			t.Errorf("schemeEnd(%q) = %d, want %d", raw, got, want)
		}
	}
}

func FuzzInputNote(f *testing.F) {
	for _, s := range []string{"https://example.com/x", "http://", "https:/x", "x", "//h/x", "HTTP://h"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, raw string) {
		if got, want := schemeEnd(raw), strings.Index(raw, "://"); got != want {
			t.Fatalf("schemeEnd(%q) = %d, want %d", raw, got, want)
		}
		_ = InputNote(raw) // never panics
	})
}
