package robotstxt

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"strings"
	"testing"
)

// groupsString renders groups compactly: "[ua@line,...: kind pattern@line ...]".
func groupsString(r *Robots) string {
	var b strings.Builder
	for _, g := range r.Groups {
		b.WriteString("[")
		for i, ua := range g.UserAgents {
			if i > 0 {
				b.WriteString(",")
			}
			fmt.Fprintf(&b, "%s@%d", ua.Token, ua.Line)
		}
		b.WriteString(":")
		for _, rule := range g.Rules {
			fmt.Fprintf(&b, " %s %s@%d", rule.Kind, rule.Pattern, rule.Line)
		}
		b.WriteString("]")
	}
	return b.String()
}

var groupTests = []struct {
	name, ref, in, want string
}{
	{"consecutive user-agent lines share a group", "RFC 9309 2.1",
		"User-agent: a\nUser-agent: b\nDisallow: /x\n",
		"[a@1,b@2: disallow /x@3]"},
	{"a user-agent line after rules starts a group", "RFC 9309 2.1",
		"User-agent: a\nDisallow: /x\nUser-agent: b\nAllow: /y\n",
		"[a@1: disallow /x@2][b@3: allow /y@4]"},
	{"blank lines do not end a group", "RFC 9309 2.2",
		"User-agent: a\n\nDisallow: /x\n\n\nAllow: /y\nUser-agent: b\n\nUser-agent: c\nDisallow: /z\n",
		"[a@1: disallow /x@3 allow /y@6][b@7,c@9: disallow /z@10]"},
	{"sitemap and other lines do not end a group", "RFC 9309 2.2.4",
		"User-agent: a\nSitemap: https://e/s.xml\nUser-agent: b\nCrawl-delay: 5\nUser-agent: c\nDisallow: /\nHost: e\nAllow: /x\n",
		"[a@1,b@3,c@5: disallow /@6 allow /x@8]"},
	{"the last group may have no rules", "RFC 9309 2.1",
		"User-agent: a\nDisallow: /\nUser-agent: b\n",
		"[a@1: disallow /@2][b@3:]"},
	{"rules before any user-agent belong to no group", "RFC 9309 2.2.2",
		"Allow: /foo\nDisallow: /\nUser-agent: a\nDisallow: /x\n",
		"[a@3: disallow /x@4]"},
	{"a name runs to the first ASCII byte outside letters, digits, - _ .", "RFC 9309 2.2.1",
		"User-agent: Googlebot/2.1\nUser-agent: FOO BAR\nUser-agent: Foo_Bar-Baz;x\nUser-agent: Googlebot*\nUser-agent: ツbot\nDisallow: /\n",
		"[Googlebot@1,FOO@2,Foo_Bar-Baz@3,Googlebot@4,ツbot@5: disallow /@6]"},
	{"digits, dots and non-ASCII letters belong to the name", "RFC 9309 2.2.1",
		"User-agent: MJ12bot\nUser-agent: 360Spider\nUser-agent: 008\nUser-agent: Mail.RU_Bot\nUser-agent: archive.org_bot\nUser-Agent: Jävla-Foobot\nDisallow: /\n",
		"[MJ12bot@1,360Spider@2,008@3,Mail.RU_Bot@4,archive.org_bot@5,Jävla-Foobot@6: disallow /@7]"},
	{"whitespace, / * ; , ( ! end a name", "RFC 9309 2.2.1",
		"User-agent: A B\nUser-agent: C/1\nUser-agent: D*\nUser-agent: E;x\nUser-agent: F,G\nUser-agent: H(x)\nUser-agent: Yahoo! Slurp\nDisallow: /\n",
		"[A@1,C@2,D@3,E@4,F@5,H@6,Yahoo@7: disallow /@8]"},
	{"* alone or followed by whitespace is the global group", "google",
		"User-agent: *\nUser-agent: * foo\nUser-agent: *\tbar\nUser-agent: *foo\nUser-agent: */*\nDisallow: /\n",
		"[*@1,*@2,*@3,@4,@5: disallow /@6]"},
	{"no groups at all", "RFC 9309 2.1", "# nothing\n\nSitemap: https://e/s.xml\n", ""},
}

func TestGroups(t *testing.T) {
	for _, tt := range groupTests {
		t.Run(tt.name, func(t *testing.T) {
			r := ParseString(tt.in)
			if got := groupsString(r); got != tt.want {
				t.Errorf("ParseString(%q) [%s]:\n\tgot  %s\n\twant %s", tt.in, tt.ref, got, tt.want)
			}
		})
	}
}

func TestRecordsKeptWithLines(t *testing.T) {
	in := "Sitemap: https://e/a.xml\nAllow: /orphan\nUser-agent: *\nCrawl-delay: 10\nDisallow: /x\nsite-map: https://e/b.xml\nClean-param: utm_source /\nnoindex: /old\n"
	r := ParseString(in)
	if got, want := fmt.Sprint(r.Sitemaps), "[{1 https://e/a.xml} {6 https://e/b.xml}]"; got != want {
		t.Errorf("Sitemaps = %s, want %s", got, want)
	}
	if got, want := fmt.Sprint(r.Orphans), "[{2 allow /orphan}]"; got != want {
		t.Errorf("Orphans = %s, want %s", got, want)
	}
	if got, want := fmt.Sprint(r.Other), "[{4 Crawl-delay 10} {7 Clean-param utm_source /} {8 noindex /old}]"; got != want {
		t.Errorf("Other = %s, want %s", got, want)
	}
	if r.Lines != 8 || r.Size != len(in) || r.Parsed != len(in) || r.Truncated {
		t.Errorf("Lines=%d Size=%d Parsed=%d Truncated=%v, want 8 %d %d false", r.Lines, r.Size, r.Parsed, r.Truncated, len(in), len(in))
	}
}

func TestParseBytesEqualsParseString(t *testing.T) {
	in := []byte("User-agent: *\nDisallow: /a\n")
	a, b := Parse(in), ParseString(string(in))
	in[0] = 'X' // Parse must not keep the caller's slice
	if groupsString(a) != groupsString(b) || a.Groups[0].UserAgents[0].Value != "*" {
		t.Errorf("Parse = %s, ParseString = %s", groupsString(a), groupsString(b))
	}
}

// RFC 9309 section 2.5: at least 500 KiB must be parsed; we stop there by
// default and drop the line that crosses the limit.
func TestSizeLimit(t *testing.T) {
	head := "User-agent: *\nDisallow: /kept\n"
	filler := strings.Repeat("# "+strings.Repeat("x", 97)+"\n", (DefaultMaxBytes-len(head))/100)
	body := head + filler
	body += strings.Repeat("#", DefaultMaxBytes-len(body)-5) + "\n" // the limit falls inside the next line
	tail := "Disallow: /beyond\n"
	in := body + tail
	r := ParseString(in)
	if !r.Truncated || r.Size != len(in) || r.Parsed != len(body) {
		t.Fatalf("Truncated=%v Size=%d Parsed=%d, want true %d %d", r.Truncated, r.Size, r.Parsed, len(in), len(body))
	}
	if r.Allowed("bot", "/kept") || !r.Allowed("bot", "/beyond") {
		t.Error("a rule before the limit must apply and one beyond it must not")
	}
	if all := ParseOptions(in, &Options{MaxBytes: -1}); all.Truncated || all.Allowed("bot", "/beyond") {
		t.Error("MaxBytes -1 must parse everything")
	}
	small := ParseOptions("User-agent: *\nDisallow: /a\nDisallow: /b\n", &Options{MaxBytes: 30})
	if got := groupsString(small); got != "[*@1: disallow /a@2]" || small.Parsed != 27 {
		t.Errorf("MaxBytes 30: %s, parsed %d; want the first two lines (27 bytes)", got, small.Parsed)
	}
	// A line whose line ending lies beyond the limit is dropped.
	edge := ParseOptions("User-agent: *\nDisallow: /a\nDisallow: /b\n", &Options{MaxBytes: 26})
	if got := groupsString(edge); got != "[*@1:]" || edge.Parsed != 14 {
		t.Errorf("MaxBytes 26: %s parsed %d, want only the first line", got, edge.Parsed)
	}
	none := ParseOptions("User-agent: *\nDisallow: /a\n", &Options{MaxBytes: 5})
	if len(none.Groups) != 0 || !none.Truncated || none.Parsed != 0 {
		t.Errorf("MaxBytes 5: %s parsed %d, want nothing", groupsString(none), none.Parsed)
	}
}

// countingReader fails the test's expectations if read beyond max bytes.
type countingReader struct {
	r    io.Reader
	read int
}

func (c *countingReader) Read(p []byte) (int, error) {
	n, err := c.r.Read(p)
	c.read += n
	return n, err
}

func TestReadFromStopsAtTheLimit(t *testing.T) {
	big := strings.Repeat("Disallow: /x\n", 100_000) // 1.3 MB
	cr := &countingReader{r: strings.NewReader("User-agent: *\n" + big)}
	r, err := ReadFrom(cr, nil)
	if err != nil {
		t.Fatal(err)
	}
	if cr.read > DefaultMaxBytes+1 {
		t.Errorf("ReadFrom read %d bytes, want at most %d", cr.read, DefaultMaxBytes+1)
	}
	if !r.Truncated || r.Parsed > DefaultMaxBytes {
		t.Errorf("Truncated=%v Parsed=%d", r.Truncated, r.Parsed)
	}
	_, err = ReadFrom(io.MultiReader(strings.NewReader("User-agent: *\n"), errReader{}), nil)
	if !errors.Is(err, errBroken) {
		t.Errorf("ReadFrom with a failing reader: err = %v, want %v", err, errBroken)
	}
}

var errBroken = errors.New("broken pipe")

type errReader struct{}

func (errReader) Read([]byte) (int, error) { return 0, errBroken }

// Binary junk, invalid UTF-8 and control bytes are parsed line by line; what
// looks like a directive is used, nothing panics and nothing is lost.
func TestJunkInput(t *testing.T) {
	junk := []byte{0xff, 0xfe, 0, 1, 2, '\n', 0x80, 0x81, ':', 0xc3, '\n'}
	in := string(junk) + "User-agent: *\nDisallow: /caf\xe9\n" + string(bytes.Repeat([]byte{0x9b, 0x1b}, 50)) + "\nAllow: /\xff\n"
	r := ParseString(in)
	if got := groupsString(r); got != "[*@3: disallow /caf\xe9@4 allow /\xff@6]" {
		t.Errorf("groups = %q", got)
	}
	if r.Allowed("bot", "/caf%E9") || !r.Allowed("bot", "/cafe") {
		t.Error("a rule with a Latin-1 byte must match that byte percent-encoded, and only it")
	}
	if v := r.Check("bot", "/caf\xe9/x"); v.Allowed || v.Rule.Line != 4 {
		t.Error("raw invalid UTF-8 in the URL must match the same rule")
	}
}

// TestProductToken pins the name rule of the package documentation, with
// the examples of the issue that introduced it.
func TestProductToken(t *testing.T) {
	for _, tt := range []struct{ in, want string }{
		{"Googlebot/2.1", "Googlebot"},
		{"Foo Bar", "Foo"},
		{"FOO BAR", "FOO"},
		{"Foo*", "Foo"},
		{"foo_bar-baz!", "foo_bar-baz"},
		{"MJ12bot", "MJ12bot"},
		{"360Spider", "360Spider"},
		{"008", "008"},
		{"Mail.RU_Bot", "Mail.RU_Bot"},
		{"archive.org_bot", "archive.org_bot"},
		{"Jävla-Foobot", "Jävla-Foobot"},
		{"ツ", "ツ"},
		{"Yahoo! Slurp", "Yahoo"},
		{"Bot(1)", "Bot"},
		{"a,b", "a"},
		{"x;y", "x"},
		{"\tbot", ""},
		{"*", ""},
		{"", ""},
	} {
		if got := ProductToken(tt.in); got != tt.want {
			t.Errorf("ProductToken(%q) = %q, want %q", tt.in, got, tt.want)
		}
	}
	for in, want := range map[string]bool{"Foobot": true, "Foobot-Bar": true, "Foo_Bar": true, "MJ12bot": true,
		"Mail.RU_Bot": true, "008": true, "ツ": true, "": false, "Foobot*": false, " Foobot ": false,
		"Foobot/2.1": false, "Foobot Bar": false, "Yahoo! Slurp": false} {
		if got := IsProductToken(in); got != want {
			t.Errorf("IsProductToken(%q) = %v, want %v", in, got, want)
		}
	}
}

// TestGoogleToken pins the name ExactAgent reads, Google's library's: the
// leading run of [A-Za-z_-].
func TestGoogleToken(t *testing.T) {
	for in, want := range map[string]string{"Googlebot/2.1": "Googlebot", "MJ12bot": "MJ", "360Spider": "",
		"Mail.RU_Bot": "Mail", "Jävla-Foobot": "J", "* foo": "*", "*foo": "", "Foo_Bar-Baz;x": "Foo_Bar-Baz"} {
		if got := googleToken(in); got != want {
			t.Errorf("googleToken(%q) = %q, want %q", in, got, want)
		}
	}
}
