package gate

import (
	"context"
	"errors"
	"net/url"
	"strings"
	"testing"
	"time"

	"github.com/robotstxt/robotstxt/cache"
	"github.com/robotstxt/robotstxt/fetch"
)

// targetTests: the URL a browser requests (WHATWG URL standard; RFC 3986
// section 5.2.4 for dot segments), and the one origin key per host.
var targetTests = []struct {
	in, url, origin, path string
}{
	{"https://example.com/a/b?c#d", "https://example.com/a/b?c", "https://example.com", "/a/b?c"},
	{"https://example.com", "https://example.com/", "https://example.com", "/"},
	// Dot segments, RFC 3986 section 5.2.4.
	{"https://example.com/public/../private/x", "https://example.com/private/x", "https://example.com", "/private/x"},
	{"https://example.com/public/%2e%2e/private/x", "https://example.com/private/x", "https://example.com", "/private/x"},
	{"https://example.com/public/%2E%2E/private/x", "https://example.com/private/x", "https://example.com", "/private/x"},
	{"https://example.com/public/.%2e/private/x", "https://example.com/private/x", "https://example.com", "/private/x"},
	{"https://example.com/public/%2e./private/x", "https://example.com/private/x", "https://example.com", "/private/x"},
	{"https://example.com/./private/./x", "https://example.com/private/x", "https://example.com", "/private/x"},
	{"https://example.com/%2e/private/x", "https://example.com/private/x", "https://example.com", "/private/x"},
	{"https://example.com/a/b/..", "https://example.com/a/", "https://example.com", "/a/"},
	{"https://example.com/a/b/.", "https://example.com/a/b/", "https://example.com", "/a/b/"},
	{"https://example.com/../../private/", "https://example.com/private/", "https://example.com", "/private/"},
	{"https://example.com/a/.../b", "https://example.com/a/.../b", "https://example.com", "/a/.../b"},
	{"https://example.com/a/..b/c", "https://example.com/a/..b/c", "https://example.com", "/a/..b/c"},
	{"https://example.com/a/.;x/b", "https://example.com/a/.;x/b", "https://example.com", "/a/.;x/b"},
	{"https://example.com/public/..%2fprivate/x", "https://example.com/public/..%2Fprivate/x", "https://example.com", "/public/..%2Fprivate/x"},
	// A backslash before the query is a slash to a browser.
	{`https://example.com/public\..\private\x`, "https://example.com/private/x", "https://example.com", "/private/x"},
	// The query is not a path: no dot segments there.
	{"https://example.com/a?next=/../b", "https://example.com/a?next=/../b", "https://example.com", "/a?next=/../b"},
	{"https://example.com/a/..?q", "https://example.com/?q", "https://example.com", "/?q"},
	// User information never reaches the record.
	{"https://user:secret@example.com/x", "https://example.com/x", "https://example.com", "/x"},
	// One origin key per host: case, IDN, trailing dot, default port.
	{"HTTPS://EXAMPLE.COM.:443/x", "https://example.com/x", "https://example.com", "/x"},
	{"https://Bücher.example./x", "https://xn--bcher-kva.example/x", "https://xn--bcher-kva.example", "/x"},
	{"https://b%C3%BCcher.example/x", "https://xn--bcher-kva.example/x", "https://xn--bcher-kva.example", "/x"},
	{"http://example.com:8080/x", "http://example.com:8080/x", "http://example.com:8080", "/x"},
	// Percent-encoding as the matcher compares it.
	{"https://example.com/%7euser/%c3%a9", "https://example.com/~user/%C3%A9", "https://example.com", "/~user/%C3%A9"},
}

func TestParseTarget(t *testing.T) {
	for _, tt := range targetTests {
		got, err := ParseTarget(tt.in)
		if err != nil {
			t.Errorf("ParseTarget(%q): %v", tt.in, err)
			continue
		}
		want := Target{URL: tt.url, Origin: tt.origin, Path: tt.path}
		if got != want {
			t.Errorf("ParseTarget(%q):\n\tgot  %+v\n\twant %+v", tt.in, got, want)
		}
	}
	for _, bad := range []string{"/just/a/path", "ftp://example.com/", "http://exa mple.com/", "http://h/%zz", "http:///x"} {
		if _, err := ParseTarget(bad); err == nil {
			t.Errorf("ParseTarget(%q): no error", bad)
		}
	}
}

// TestDotSegmentsDecided: "/public/../private/x" is the URL a browser
// requests as "/private/x"; robots.txt and the scope decide on that one.
// Before, it was admitted under "Disallow: /private/".
func TestDotSegmentsDecided(t *testing.T) {
	s := newSite(t, 200, "User-agent: *\nDisallow: /private/\n")
	scope := mustScope("approved: [" + s.URL + "/]\ndenied: [" + s.URL + "/private/]\n")
	g := &Gate{Agent: "ExampleBot", Client: local(), Scope: scope}
	for _, p := range []string{"/public/../private/x", "/public/%2e%2e/private/x", "/public/.%2E/private/x", "/./private/x", `/public\..\private\x`} {
		d := check(t, g, s.URL+p)
		if d.Action != Drop || d.RepDecision != RepDisallow || d.CollectionDecision != Denied {
			t.Errorf("%s: %s (rep %s, collection %s), want drop, disallow, denied", p, d.Action, d.RepDecision, d.CollectionDecision)
		}
		if d.TargetURL != s.URL+"/private/x" || d.MatchedRule == nil || d.MatchedRule.Line != 2 {
			t.Errorf("%s: target %q rule %+v; want the resolved URL and line 2", p, d.TargetURL, d.MatchedRule)
		}
	}
	if d := check(t, g, s.URL+"/private/../public/x"); d.Action != Admit || d.TargetURL != s.URL+"/public/x" {
		t.Errorf("/private/../public/x: %s %q, want admit /public/x", d.Action, d.TargetURL)
	}
	if col, _ := scope.Decide(s.URL + "/public/../private/x"); col != Denied {
		t.Errorf("Scope.Decide: %s, want denied", col)
	}
	// Scope entries are read the same way.
	dotted := mustScope("denied: [" + s.URL + "/public/../private/]\napproved: [" + s.URL + "/./]")
	if col, entry := dotted.Decide(s.URL + "/private/x"); col != Denied || entry != s.URL+"/public/../private/" {
		t.Errorf("dotted scope entry: %s by %q, want denied", col, entry)
	}
}

// TestCacheKeyNormalised: every spelling of a host shares one cache entry,
// so an IDN in Unicode or with a trailing dot does not fetch (or miss) the
// policy cached under its punycode form.
func TestCacheKeyNormalised(t *testing.T) {
	clk := newClock()
	mem := cache.NewMemory(0, 0)
	const origin = "https://xn--bcher-kva.example"
	p := &fetch.Policy{Origin: origin, URL: origin + "/robots.txt", FinalURL: origin + "/robots.txt", Status: fetch.Success,
		FetchedAt: clk.Now(), Body: []byte("User-agent: *\nDisallow: /x\n"), MaxAge: -1}
	mem.Put(context.Background(), origin, &cache.Entry{Policy: p, Expires: clk.Now().Add(time.Hour)})
	c := &Client{Now: clk.Now, Cache: mem} // its fetcher could reach nothing here
	g := &Gate{Agent: "ExampleBot", Client: c, Scope: approveAll}
	for _, u := range []string{
		"https://bücher.example/x",
		"https://BÜCHER.EXAMPLE./x",
		"https://xn--bcher-kva.example./x",
		"https://XN--BCHER-KVA.example:443/x",
		"https://b%C3%BCcher.example/x",
	} {
		d := check(t, g, u)
		if d.Origin != origin || d.Action != Drop || d.PolicyStatus != fetch.Success {
			t.Errorf("%s: origin %q action %s status %s; want the cached policy of %s", u, d.Origin, d.Action, d.PolicyStatus, origin)
		}
	}
	if n := c.Stats().Fetches; n != 0 {
		t.Errorf("%d fetches, want 0: every spelling is the cached origin", n)
	}
	if st, err := c.Policy(context.Background(), "https://BÜCHER.example./"); err != nil || st.Origin != origin {
		t.Errorf("Client.Policy: %+v, %v", st, err)
	}
}

// TestUserinfoStripped: credentials in a task's URL reach neither the
// record, nor an error, nor the stream's decision.
func TestUserinfoStripped(t *testing.T) {
	s := newSite(t, 200, "User-agent: *\nAllow: /\n")
	g := &Gate{Agent: "ExampleBot", Client: local(), Scope: approveAll}
	u, _ := url.Parse(s.URL)
	withCreds := "http://alice:s3cret@" + u.Host + "/page"
	d := check(t, g, withCreds)
	if strings.Contains(d.TargetURL, "s3cret") || strings.Contains(d.TargetURL, "alice") || d.TargetURL != s.URL+"/page" {
		t.Errorf("TargetURL %q", d.TargetURL)
	}
	b, _ := d.MarshalJSON()
	if strings.Contains(string(b), "s3cret") {
		t.Errorf("record JSON holds the password: %s", b)
	}
	_, err := g.Check(context.Background(), "ftp://alice:s3cret@example.com/")
	var fe *fetch.Error
	if !errors.As(err, &fe) || strings.Contains(err.Error(), "s3cret") {
		t.Errorf("error %v holds the password or is not a fetch.Error", err)
	}
	var out strings.Builder
	in := `{"url":"` + withCreds + `"}` + "\n" + `{"url":"ftp://alice:s3cret@x/"}` + "\n"
	if err := g.Stream(context.Background(), strings.NewReader(in), &out, StreamOptions{}); err != nil {
		t.Fatal(err)
	}
	for _, line := range strings.Split(strings.TrimSpace(out.String()), "\n") {
		// The task's own "url" field is passed through as given; nothing the
		// gate adds may repeat the password.
		if strings.Count(line, "s3cret") != 1 {
			t.Errorf("stream line repeats the password: %s", line)
		}
	}
	for _, tt := range []struct{ in, want string }{
		{"http://a:b@h/x", "http://h/x"},
		{"http://a@b@h/x", "http://h/x"},
		{"http://h/x@y", "http://h/x@y"},
		{"http://h?x@y", "http://h?x@y"},
		{"no scheme", "no scheme"},
		{`http://a:b@h\x@y`, `http://h\x@y`},
	} {
		if got := stripUserinfo(tt.in); got != tt.want {
			t.Errorf("stripUserinfo(%q) = %q, want %q", tt.in, got, tt.want)
		}
	}
}

// FuzzParseTarget: ParseTarget never panics; its path starts with "/" and
// holds no dot segment; parsing its URL again gives the same Target; the
// URL carries no user information.
func FuzzParseTarget(f *testing.F) {
	for _, tt := range targetTests {
		f.Add(tt.in)
	}
	f.Fuzz(func(t *testing.T, s string) {
		tg, err := ParseTarget(s)
		if err != nil {
			return
		}
		if !strings.HasPrefix(tg.Path, "/") || tg.URL != tg.Origin+tg.Path {
			t.Fatalf("ParseTarget(%q) = %+v", s, tg)
		}
		path, _, _ := strings.Cut(tg.Path, "?")
		for _, seg := range strings.Split(path, "/") {
			if seg == "." || seg == ".." {
				t.Fatalf("ParseTarget(%q): dot segment left in %q", s, tg.Path)
			}
		}
		again, err := ParseTarget(tg.URL)
		if err != nil || again != tg {
			t.Fatalf("ParseTarget(%q) = %+v, whose URL parses to %+v, %v", s, tg, again, err)
		}
		if u, err := url.Parse(tg.URL); err != nil || u.User != nil {
			t.Fatalf("ParseTarget(%q).URL = %q: %v, user %v", s, tg.URL, err, u.User)
		}
	})
}
