package expect

import (
	"bytes"
	"path/filepath"
	"testing"

	"github.com/robotstxt/robotstxt"
	"github.com/robotstxt/robotstxt/internal/testutil"
)

const robots = `User-agent: *
Disallow: /admin/
Disallow: /cart/

User-agent: Googlebot
Disallow: /cart/
Allow: /products/

User-agent: GPTBot
Disallow: /
`

func TestRun(t *testing.T) {
	tests := []struct {
		line string
		pass bool
		msg  string
	}{
		{"Googlebot /products/shoes allow", true, "allow (line 7: allow: /products/)"},
		{"Googlebot /cart/ disallow@6", true, "disallow (line 6: disallow: /cart/)"},
		{"Googlebot /cart/ disallow@3", false, "want disallow@3, got disallow by another rule (line 6: disallow: /cart/)"},
		{"Googlebot /admin/ disallow", false, "want disallow, got allow (no matching rule in the group of line 5)"},
		{"* /admin/ disallow", true, "disallow (line 2: disallow: /admin/)"},
		{"GPTBot / disallow", true, "disallow (line 10: disallow: /)"},
		{"Mozilla/5.0 (compatible; GPTBot/1.0)  /x  allow", false, "want allow, got disallow (line 10: disallow: /)"},
		{"GPTBot /robots.txt allow@10", false, "want allow@10, got allow by another rule (/robots.txt is always allowed)"},
		{"bingbot https://example.com/cart/x allow", false, "want allow, got disallow (line 3: disallow: /cart/)"},
	}
	d := Rules(robotstxt.ParseString(robots), robotstxt.AgentOptions{})
	for _, tt := range tests {
		exps, err := Parse("t", []byte(tt.line))
		if err != nil {
			t.Fatal(err)
		}
		r := Run(exps, d)[0]
		if r.Pass != tt.pass || r.Message() != tt.msg {
			t.Errorf("%s:\n\tgot  %v %s\n\twant %v %s", tt.line, r.Pass, r.Message(), tt.pass, tt.msg)
		}
	}
}

// An unreachable file disallows everything, an unavailable one allows
// everything (RFC 9309 section 2.3.1.3, 2.3.1.4).
func TestRunFixed(t *testing.T) {
	exps, _ := Parse("t", []byte("bot /a allow\nbot /b disallow\n"))
	rs := Run(exps, Fixed(false, "unreachable", "robots.txt unreachable: HTTP 503"))
	if rs[0].Pass || !rs[1].Pass || rs[0].Message() != "want allow, got disallow (robots.txt unreachable: HTTP 503)" {
		t.Errorf("unreachable: %+v", rs)
	}
	rs = Run(exps, Fixed(true, "unavailable", "no robots.txt"))
	if !rs[0].Pass || rs[1].Pass {
		t.Errorf("unavailable: %+v", rs)
	}
}

func TestWriteGolden(t *testing.T) {
	spec := `# expectations
Googlebot  /products/shoes  allow
Googlebot  /cart/           disallow@6
Googlebot  /admin/          disallow
"Mozilla/5.0 (compatible; GPTBot/1.0)"  /blog/  allow
bad%bot,x  /cart/a:b  allow
`
	exps, err := Parse("robots.expect", []byte(spec))
	if err != nil {
		t.Fatal(err)
	}
	files := []File{{Name: "robots.expect", Results: Run(exps, Rules(robotstxt.ParseString(robots), robotstxt.AgentOptions{}))}}
	for _, format := range Formats {
		var b bytes.Buffer
		if err := Write(&b, format, "robots.txt", files); err != nil {
			t.Fatal(err)
		}
		testutil.Golden(t, filepath.Join("testdata", "report."+format), b.Bytes())
	}
	if err := Write(&bytes.Buffer{}, "xml", "robots.txt", files); err == nil {
		t.Error("Write accepted format xml")
	}
}

// Text reaching a terminal is escaped.
func TestCleanControl(t *testing.T) {
	exps, err := Parse("t", []byte("\"a\x1b[31mb\" /x allow\n"))
	if err != nil {
		t.Fatal(err)
	}
	var b bytes.Buffer
	Write(&b, "text", "r", []File{{Name: "t", Results: Run(exps, Fixed(false, "unreachable", "x"))}})
	if bytes.ContainsRune(b.Bytes(), 0x1b) {
		t.Errorf("escape byte reached the output: %q", b.String())
	}
}
