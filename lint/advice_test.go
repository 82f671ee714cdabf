package lint

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/robotstxt/robotstxt/internal/testutil"
)

// adviceTests are advice that would do harm if followed (issue 42, point
// 5), each seen in a real file of the corpus: a small file with the same
// shape must give the finding (want) or not, and its message and fix must
// say has and never hasNot. corpusLine, when set, is where the same finding
// is (or is not) in the corpus file seen.
var adviceTests = []struct {
	name, seen string
	text       string
	id         string
	line       int
	want       bool
	sev        Severity // checked when want
	has        string
	hasNot     string
	corpusLine int
	// corpusSev, when set, is the severity in the corpus file ("info":
	// there the file names the real token too).
	corpusSev string
}{
	// RFC 9309 section 2.2.2: a tie between Allow and Disallow is a tie
	// only for crawlers that read both rules.
	{name: "Allow and Disallow in groups read by other crawlers", seen: "www.tripadvisor.com.txt",
		text: "User-Agent: *\nUser-Agent: applebot\nDisallow: /media/photo-l\n\nUser-Agent: applebot\nAllow: /media/photo-l\n",
		id:   "conflicting-rules", line: 6, corpusLine: 1694},
	{name: "Allow and Disallow in two groups of the same crawler", seen: "",
		text: "User-agent: a\nDisallow: /x\n\nUser-agent: a\nAllow: /x\n",
		id:   "conflicting-rules", line: 5, want: true, sev: Warning, has: "never applies"},
	// RFC 9309 section 2.2.2: a path matches every longer name; a longer
	// name the file disallows elsewhere shows the prefix is meant.
	{name: "prefix whose longer name is disallowed for other crawlers", seen: "yandex.com.tr.txt",
		text: "User-agent: *\nDisallow: /sportagent\n\nUser-agent: Applebot\nDisallow: /sport\n",
		id:   "broad-prefix", line: 5, corpusLine: 505},
	{name: "prefix whose longer name is disallowed in the star group", seen: "ibm.com.txt",
		text: "User-agent: *\nDisallow: /link\nDisallow: /links\n\nUser-agent: Applebot\nDisallow: /link\n",
		id:   "broad-prefix", line: 6, corpusLine: 105},
	{name: "prefix whose longer name the file only allows", seen: "",
		text: "User-agent: *\nDisallow: /sport\n\nUser-agent: bingbot\nAllow: /sportagent\nDisallow: /admin/\n",
		id:   "broad-prefix", line: 2, want: true, sev: Info, has: "/sport/"},
	// Apple documents Applebot (search: Siri, Spotlight) and
	// Applebot-Extended (training) as separate tokens.
	{name: "Applebot closed with AI crawlers", seen: "www.msn.com.txt",
		text: "User-agent: GPTBot\nUser-agent: Applebot\nUser-agent: CCBot\nDisallow: /\n",
		id:   "ai-token-confusion", line: 2, want: true, sev: Info, has: "add \"User-agent: Applebot-Extended\"", hasNot: "Replace", corpusLine: 46},
	{name: "Applebot closed with AI crawlers, Applebot-Extended named", seen: "",
		text: "User-agent: GPTBot\nUser-agent: Applebot\nUser-agent: Applebot-Extended\nDisallow: /\n",
		id:   "ai-token-confusion", line: 2},
	// RFC 9309 section 2.2.1: a named group replaces "*"; a group that
	// copies the "*" rules and leaves one out opened it on purpose.
	{name: "named group copies the star rules but one", seen: "help.activecampaign.com.txt",
		text: "User-agent: AppleBot # Allow /tickets\nDisallow: /a\nDisallow: /b\nDisallow: /c\nDisallow: /d\n\n" +
			"User-agent: *\nDisallow: /a\nDisallow: /b\nDisallow: /c\nDisallow: /d\nDisallow: /tickets\n",
		id: "named-group-replaces-star", line: 1, corpusLine: 3},
	{name: "named group copies the star rules but one, no comment", seen: "www.designrush.com.txt",
		text: "User-agent: AppleBot\nDisallow: /a\nDisallow: /b\nDisallow: /c\nDisallow: /d\n\n" +
			"User-agent: *\nDisallow: /a\nDisallow: /b\nDisallow: /c\nDisallow: /d\nDisallow: /tickets\n",
		id: "named-group-replaces-star", line: 1, want: true, sev: Info, has: "looks deliberate", hasNot: "Repeat in the group", corpusLine: 14},
	{name: "named group repeats few of the star rules", seen: "",
		text: "User-agent: AppleBot\nDisallow: /a\n\nUser-agent: *\nDisallow: /a\nDisallow: /b\nDisallow: /c\nDisallow: /d\n",
		id:   "named-group-replaces-star", line: 1, want: true, sev: Warning, has: "Repeat"},
	// RFC 9309 section 2.2.1: user-agent lines without a rule of their
	// own join the next group's rules.
	{name: "Crawl-delay groups run into another crawler's Disallow: /", seen: "www.chci.cz.txt",
		text: "User-agent: msnbot\nCrawl-delay: 10\nUser-agent: bingbot\nCrawl-delay: 10\nUser-agent: MJ12bot\nDisallow: /\n",
		id:   "site-closed", line: 6, want: true, sev: Warning, has: "an empty \"Disallow:\" after its Crawl-delay", hasNot: "remove", corpusLine: 24},
	{name: "the star record runs into another crawler's Disallow: /", seen: "",
		text: "User-agent: *\nCrawl-delay: 3\nUser-agent: BadBot\nDisallow: /\n",
		id:   "site-closed", line: 4, want: true, sev: Warning, has: "an empty \"Disallow:\" after its Crawl-delay", hasNot: "remove"},
	// RFC 9309 section 2.2.1: the whole product token is matched.
	{name: "ChatGPT is no crawler", seen: "www.stlmag.com.txt",
		text: "User-agent: ChatGPT\nDisallow: /\n", id: "ai-token-confusion", line: 1, want: true, sev: Warning, has: "\"GPTBot\"", corpusLine: 6, corpusSev: "info"},
	{name: "openai is no crawler", seen: "www.haladjian-industrial.fr.txt",
		text: "User-agent: openai\nDisallow: /\n", id: "ai-token-confusion", line: 1, want: true, sev: Warning, has: "\"GPTBot\"", corpusLine: 1223, corpusSev: "info"},
	{name: "AnthropicBot is no crawler", seen: "www.staedtebund.gv.at.txt",
		text: "User-agent: AnthropicBot\nDisallow: /\n", id: "ai-token-confusion", line: 1, want: true, sev: Warning, has: "\"ClaudeBot\"", corpusLine: 28, corpusSev: "info"},
	{name: "Claude is no crawler", seen: "www.staedtebund.gv.at.txt",
		text: "User-agent: Claude\nDisallow: /\n", id: "ai-token-confusion", line: 1, want: true, sev: Warning, has: "\"ClaudeBot\"", corpusLine: 31, corpusSev: "info"},
	{name: "bytedance is no crawler", seen: "www.antiquetrail.com.txt",
		text: "User-agent: bytedance\nDisallow: /\n", id: "ai-token-confusion", line: 1, want: true, sev: Warning, has: "\"Bytespider\"", corpusLine: 16, corpusSev: "info"},
	{name: "GPT-3-Crawler is no crawler", seen: "gditai.upgather.com.txt",
		text: "User-agent: GPT-3-Crawler\nDisallow: /\n", id: "ai-token-confusion", line: 1, want: true, sev: Warning, has: "\"GPTBot\"", corpusLine: 4, corpusSev: "info"},
	{name: "made-up name beside the real token", seen: "deadline.com.txt",
		text: "User-agent: GPTBot\nDisallow: /\n\nUser-agent: ChatGPT\nDisallow: /\n", id: "ai-token-confusion", line: 4, want: true, sev: Info,
		has: "nothing is lost", corpusLine: 38},
	// RFC 9309 section 2.2.2: paths are case-sensitive; a name the file
	// spells only one way is the site's own spelling.
	{name: "camel-case file name among lower-case paths", seen: "top1m-2017-37498-titivate.jp.txt",
		text: "User-agent: *\nDisallow: /a\nDisallow: /b\nDisallow: /c\nDisallow: /d\nDisallow: /e\nDisallow: /fs/serve/CouponCode.html\n",
		id:   "case-mismatch-hint", line: 7, corpusLine: 81},
	{name: "capitals in a slug", seen: "aws.amazon.com.txt",
		text: "User-agent: *\nDisallow: /a\nDisallow: /b\nDisallow: /c\nDisallow: /d\nDisallow: /e\nDisallow: /security/new-open-source-TLS-implementation\n",
		id:   "case-mismatch-hint", line: 7, corpusLine: 262},
	{name: "camel-case parameter without a question mark", seen: "yandex.com.tr.txt",
		text: "User-agent: *\nDisallow: /a\nDisallow: /b\nDisallow: /c\nDisallow: /d\nDisallow: /e\nDisallow: /video/*filmId=*\n",
		id:   "case-mismatch-hint", line: 7, corpusLine: 193},
	{name: "capitalised path counted against distinct lower-case paths", seen: "",
		text: "User-agent: a\nDisallow: /admin/x\nDisallow: /b\nDisallow: /c\nDisallow: /d\nDisallow: /e\n\n" +
			"User-agent: b\nDisallow: /admin/x\nDisallow: /b\nDisallow: /c\nDisallow: /d\nDisallow: /e\nDisallow: /Admin\n",
		id: "case-mismatch-hint", line: 14, want: true, sev: Info, has: "the other 5 paths"},
	// Google: renderers need CSS and JavaScript.
	{name: "scripts folder", seen: "ibm.com.txt",
		text: "User-agent: *\nDisallow: /scripts\n", id: "blocks-css-js", line: 2, want: true, sev: Warning, has: "/scripts/app.css", corpusLine: 40},
	{name: "ASP.NET Scripts folder", seen: "ibm.com.txt",
		text: "User-agent: *\nDisallow: /Scripts/\n", id: "blocks-css-js", line: 2, want: true, sev: Warning, has: "/Scripts/app.css", corpusLine: 41},
	{name: "themes folder", seen: "yandex.com.tr.txt",
		text: "User-agent: *\nDisallow: /themes\n", id: "blocks-css-js", line: 2, want: true, sev: Warning, has: "/themes/app.css", corpusLine: 176},
	{name: "ASP.NET Content folder", seen: "",
		text: "User-agent: *\nDisallow: /Content/\n", id: "blocks-css-js", line: 2, want: true, sev: Warning, has: "/Content/app.css"},
	// RFC 3986 section 3.2.2: the host.
	{name: "scheme written twice (sitemap-not-absolute, with its fix)", seen: "trumpf.com.txt",
		text: "Sitemap: https://https://www.trumpf.com//sitemap.xml\n\nUser-Agent: *\nDisallow: /x\n", id: "sitemap-not-absolute", line: 1, want: true,
		sev: Error, has: "scheme twice", corpusLine: 1},
	{name: "scheme written twice, its colon lost", seen: "",
		text: "Sitemap: https://https//www.example.com/sitemap.xml\n", id: "sitemap-malformed", line: 1, want: true,
		sev: Warning, has: "\"Sitemap: https://www.example.com/sitemap.xml\""},
	{name: "host that is no host name", seen: "",
		text: "Sitemap: https://exa!mple.com/s.xml\n", id: "sitemap-malformed", line: 1, want: true, sev: Warning, has: "no host name"},
	{name: "path starting with two slashes", seen: "",
		text: "Sitemap: https://example.com//s.xml\n", id: "sitemap-malformed", line: 1, want: true, sev: Info, has: "https://example.com/s.xml"},
	{name: "IPv6 host and port", seen: "",
		text: "Sitemap: https://[2001:db8::1]:8443/s.xml\n", id: "sitemap-malformed", line: 1},
}

func TestAdvice(t *testing.T) {
	for _, tt := range adviceTests {
		t.Run(tt.name, func(t *testing.T) {
			checkAdvice(t, tt.text, tt.id, tt.line, tt.want, tt.sev, tt.has, tt.hasNot)
		})
	}
}

// TestAdviceCorpus checks the same findings in the corpus files where they
// were seen.
func TestAdviceCorpus(t *testing.T) {
	dir := testutil.CorpusDir(t, "../../shared/corpus/robots")
	for _, tt := range adviceTests {
		if tt.corpusLine == 0 {
			continue
		}
		t.Run(tt.name, func(t *testing.T) {
			b, err := os.ReadFile(filepath.Join(dir, tt.seen))
			if err != nil {
				t.Fatal(err)
			}
			sev := tt.sev
			if tt.corpusSev != "" {
				var err error
				if sev, err = ParseSeverity(tt.corpusSev); err != nil {
					t.Fatal(err)
				}
			}
			checkAdvice(t, string(b), tt.id, tt.corpusLine, tt.want, sev, tt.has, tt.hasNot)
		})
	}
}

func checkAdvice(t *testing.T, text, id string, line int, want bool, sev Severity, has, hasNot string) {
	t.Helper()
	got := Lint(text, nil)
	var hit *Finding
	for i := range got {
		if got[i].ID == id && got[i].Line == line {
			hit = &got[i]
		}
	}
	switch {
	case !want && hit != nil:
		t.Fatalf("unexpected %v (fix: %s)", *hit, hit.Fix)
	case !want:
		return
	case hit == nil:
		t.Fatalf("no %s at line %d; got\n%s", id, line, dump(got))
	}
	if hit.Severity != sev {
		t.Errorf("severity %v, want %v", hit.Severity, sev)
	}
	words := hit.Message + "\n" + hit.Fix
	if !strings.Contains(words, has) {
		t.Errorf("%q does not say %q", words, has)
	}
	if hasNot != "" && strings.Contains(words, hasNot) {
		t.Errorf("%q says %q", words, hasNot)
	}
}
