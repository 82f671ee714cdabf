package expect

import (
	"errors"
	"strings"
	"testing"
)

var parseTests = []struct {
	name, line string
	want       *Expectation // nil: blank or comment line
	err        string       // substring of the error
}{
	{"three words", "Googlebot /products/shoes allow", &Expectation{Agent: "Googlebot", URL: "/products/shoes", Allow: true}, ""},
	{"aligned columns", "Googlebot        /cart/     disallow", &Expectation{Agent: "Googlebot", URL: "/cart/"}, ""},
	{"star", "*\t/admin/\tdisallow", &Expectation{Agent: "*", URL: "/admin/"}, ""},
	{"rule line", "Googlebot /cart/ disallow@12", &Expectation{Agent: "Googlebot", URL: "/cart/", RuleLine: 12}, ""},
	{"verdict case", "bot /x ALLOW", &Expectation{Agent: "bot", URL: "/x", Allow: true}, ""},
	{"full URL", "bot https://example.com/a?b=1 allow", &Expectation{Agent: "bot", URL: "https://example.com/a?b=1", Allow: true}, ""},
	{"trailing comment", "bot /x allow   # why", &Expectation{Agent: "bot", URL: "/x", Allow: true}, ""},
	{"hash inside URL is not a comment", "bot /x#frag allow", &Expectation{Agent: "bot", URL: "/x#frag", Allow: true}, ""},
	{"a sitemap's every URL", "Googlebot  sitemap:sitemap.xml  allow", &Expectation{Agent: "Googlebot", URL: "sitemap:sitemap.xml", Allow: true, Sitemap: "sitemap.xml"}, ""},
	{"a sitemap by URL", "bot sitemap:https://example.com/s.xml.gz disallow@3", &Expectation{Agent: "bot", URL: "sitemap:https://example.com/s.xml.gz", RuleLine: 3, Sitemap: "https://example.com/s.xml.gz"}, ""},
	{"sitemap: without a name", "bot sitemap: allow", nil, "names no sitemap"},
	{"comment line", "  # a comment", nil, ""},
	{"blank line", "   \t ", nil, ""},
	{"agent with spaces, two spaces", "Mozilla/5.0 (compatible; bingbot/2.0)  /blog/  allow",
		&Expectation{Agent: "Mozilla/5.0 (compatible; bingbot/2.0)", URL: "/blog/", Allow: true}, ""},
	{"agent with spaces, tab", "Mozilla/5.0 (compatible; bingbot/2.0)\t/blog/ allow",
		&Expectation{Agent: "Mozilla/5.0 (compatible; bingbot/2.0)", URL: "/blog/", Allow: true}, ""},
	{"quoted agent", `"Mozilla/5.0 (compatible; bingbot/2.0)" /blog/ allow`,
		&Expectation{Agent: "Mozilla/5.0 (compatible; bingbot/2.0)", URL: "/blog/", Allow: true}, ""},
	{"quoted agent with escapes and #", `"a \"b\" \\ #c" /x disallow # note`,
		&Expectation{Agent: `a "b" \ #c`, URL: "/x"}, ""},

	{"ambiguous agent", "Mozilla/5.0 (compatible; bingbot/2.0) /blog/ allow", nil, "ambiguous"},
	{"two fields", "Googlebot /x", nil, "found 2 field"},
	{"bad verdict", "Googlebot /x maybe", nil, `verdict "maybe"`},
	{"bad rule line", "Googlebot /x allow@x", nil, "line number"},
	{"zero rule line", "Googlebot /x allow@0", nil, "line number"},
	{"relative URL", "Googlebot x/y allow", nil, `URL "x/y"`},
	{"other scheme", "Googlebot ftp://e.com/ allow", nil, `URL "ftp://e.com/"`},
	{"unterminated quote", `"Googlebot /x allow`, nil, "unterminated"},
	{"bad escape", `"a\n" /x allow`, nil, "bad escape"},
	{"quote glued", `"a"/x allow`, nil, "followed by whitespace"},
	{"empty quoted agent", `"" /x allow`, nil, "empty agent"},
	{"extra field after spaced agent", "Mozilla/5.0 (x)  /a  allow  extra", nil, "found 3 field"},
	{"invalid UTF-8", "bot /\xff allow", nil, "UTF-8"},
}

func TestParseLine(t *testing.T) {
	for _, tt := range parseTests {
		t.Run(tt.name, func(t *testing.T) {
			exps, err := Parse("spec.txt", []byte("# header\n"+tt.line+"\n"))
			if tt.err != "" {
				var el ErrorList
				if !errors.As(err, &el) || len(el) != 1 || el[0].Line != 2 || !strings.Contains(el[0].Msg, tt.err) {
					t.Fatalf("Parse(%q): err %v, want line 2: ...%s...", tt.line, err, tt.err)
				}
				if !strings.HasPrefix(err.Error(), "spec.txt:2: ") {
					t.Errorf("error %q does not start with spec.txt:2:", err)
				}
				if len(exps) != 0 {
					t.Errorf("Parse(%q) kept a bad line: %+v", tt.line, exps)
				}
				return
			}
			if err != nil {
				t.Fatalf("Parse(%q): %v", tt.line, err)
			}
			if tt.want == nil {
				if len(exps) != 0 {
					t.Fatalf("Parse(%q) = %+v, want nothing", tt.line, exps)
				}
				return
			}
			want := *tt.want
			want.Line = 2
			if len(exps) != 1 || exps[0] != want {
				t.Fatalf("Parse(%q):\n\tgot  %+v\n\twant %+v", tt.line, exps, want)
			}
		})
	}
}

// Every bad line is reported, in order, and the good lines are still read.
func TestParseAllErrors(t *testing.T) {
	exps, err := Parse("e.txt", []byte("bot /a allow\nbad\nbot /b disallow\nbot /c nope\n"))
	var el ErrorList
	if !errors.As(err, &el) || len(el) != 2 || el[0].Line != 2 || el[1].Line != 4 {
		t.Fatalf("err = %v", err)
	}
	if len(exps) != 2 || exps[1].Line != 3 {
		t.Errorf("exps = %+v", exps)
	}
}

func TestParseLongLine(t *testing.T) {
	_, err := Parse("e.txt", []byte("bot /a allow\nbot /"+strings.Repeat("a", MaxLineLength)+" allow\n"))
	if err == nil || !strings.Contains(err.Error(), "e.txt:2: line longer than") {
		t.Errorf("err = %v", err)
	}
}

func FuzzParse(f *testing.F) {
	for _, tt := range parseTests {
		f.Add(tt.line)
	}
	f.Fuzz(func(t *testing.T, s string) {
		exps, err := Parse("f", []byte(s))
		var el ErrorList
		if err != nil && (!errors.As(err, &el) || len(el) == 0) {
			t.Fatalf("error %v is not a non-empty ErrorList", err)
		}
		for _, e := range el {
			if e.Line < 1 || e.Msg == "" {
				t.Fatalf("bad error %+v", e)
			}
		}
		for _, e := range exps {
			if e.Agent == "" || e.URL == "" || e.Line < 1 {
				t.Fatalf("bad expectation %+v from %q", e, s)
			}
		}
	})
}
