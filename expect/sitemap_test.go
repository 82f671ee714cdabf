package expect

import (
	"errors"
	"strings"
	"testing"

	"github.com/robotstxt/robotstxt"
)

// TestSitemapExpectations: "sitemap:NAME" stands for every URL of the
// sitemap; the expectation holds only when each of them does.
func TestSitemapExpectations(t *testing.T) {
	exps, err := Parse("e", []byte("Googlebot  sitemap:sitemap.xml  allow\n"+
		"Googlebot  sitemap:https://example.com/s.xml  disallow@2\n"+
		"Googlebot  sitemap:missing.xml  allow\n"+
		"Googlebot  sitemap:empty.xml  allow\n"+
		"Googlebot  /x  allow\n"))
	if err != nil {
		t.Fatal(err)
	}
	if exps[0].Sitemap != "sitemap.xml" || exps[0].URL != "sitemap:sitemap.xml" || exps[4].Sitemap != "" {
		t.Fatalf("Parse: %+v", exps)
	}
	r := robotstxt.ParseString("User-agent: *\nDisallow: /cart/\nDisallow: /*?\n")
	maps := map[string][]string{
		"sitemap.xml":               {"https://example.com/", "https://example.com/cart/a", "https://example.com/?q=1", "https://example.com/b"},
		"https://example.com/s.xml": {"https://example.com/cart/a", "https://example.com/b?x"},
		"empty.xml":                 {},
	}
	res := RunSitemaps(exps, Rules(r, robotstxt.AgentOptions{}), func(name string) ([]string, error) {
		l, ok := maps[name]
		if !ok {
			return nil, errors.New("HTTP 404")
		}
		return l, nil
	})
	for i, want := range []struct {
		pass bool
		msg  string
	}{
		{false, "want allow, got disallow (2 of 4 URLs of the sitemap, such as https://example.com/cart/a: line 2: disallow: /cart/)"},
		{false, "want disallow@2, got disallow by another rule (1 of 2 URLs of the sitemap, such as https://example.com/b?x: line 3: disallow: /*?)"},
		{false, "the sitemap could not be read: HTTP 404"},
		{false, "the sitemap lists no URL"},
		{true, "allow"},
	} {
		if res[i].Pass != want.pass || !strings.Contains(res[i].Message(), want.msg) {
			t.Errorf("%s: pass %v, %q; want %v, %q", exps[i].URL, res[i].Pass, res[i].Message(), want.pass, want.msg)
		}
	}
	// Every URL allowed: the expectation holds.
	exps[0].Sitemap, exps[0].URL = "ok.xml", "sitemap:ok.xml"
	maps["ok.xml"] = []string{"https://example.com/", "https://example.com/b"}
	res = RunSitemaps(exps[:1], Rules(r, robotstxt.AgentOptions{}), func(name string) ([]string, error) { return maps[name], nil })
	if !res[0].Pass || !strings.Contains(res[0].Message(), "every one of 2 URLs of the sitemap") {
		t.Errorf("all allowed: pass %v, %q", res[0].Pass, res[0].Message())
	}
	if _, err := Parse("e", []byte("Googlebot sitemap: allow\n")); err == nil {
		t.Error("Parse(sitemap: without a name): no error")
	}
}
