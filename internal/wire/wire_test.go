package wire

import "testing"

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
	} {
		if got := InputNote(tt.in); got != tt.want {
			t.Errorf("InputNote(%q) = %q, want %q", tt.in, got, tt.want)
		}
	}
}
