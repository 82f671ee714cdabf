package lint

import (
	"maps"
	"slices"
	"strings"
	"testing"

	"github.com/robotstxt/robotstxt"
	"github.com/robotstxt/robotstxt/internal/testutil"
)

// variantInputs trigger the message variants that the check and variant
// tables do not.
var variantInputs = []struct {
	text string
	opts Options
}{
	{text: "User-agent: *\nDisallow: /x\nfoo\nbar\n"},
	{text: "User-agent: *\nDisallow: /*?\nDisallow: /Disallow: /\nDisallow: /a/Allow: /\nDisallow: min/Disallow: /b\nDisallow: /abcDisallow: /d\n"},
	{text: "User-agent: *\nDisallow: /admin/\n\nUser-agent: *\nDisallow:\n\nUser-agent: Googlebot\nAllow: /uploads/\n"},
	{text: "one\ntwo\nUser-agent: *\nDisallow: /x\n"},
	{text: "User-agent: Googlebot*\nDisallow: /x\n"},
	{text: "User-agent: ExampleBot*\nDisallow: /x\n"},
	{text: "User-agent: Mozilla/5.0 (compatible; Yahoo! Slurp)\nUser-agent: Mozilla/5.0 (Windows NT 10.0)\nDisallow: /x\n"},
	{text: "User-agent: GPTBot\nUser-agent: Applebot\nUser-agent: bingbot\nDisallow: /\n"},
	{text: "User-agent: Claude-Web\nDisallow: /\n\nUser-agent: *\nDisallow: /x\n"},
	{text: "\xEF\xBBUser-agent: *\nDisallow: /x\n"},
	{text: "Clean-param:\nClean-param: a&&b\nClean-param: a b c\nClean-param: a\"b\nClean-param: /x\n" +
		"Clean-param: a /x!\nClean-param: a x/\nClean-param: " + strings.Repeat("a", 501) + "\n"},
	{text: "User-agent: *\nContent-Signal:\nContent-Signal: search=yes,,\nContent-Signal: search\nContent-Signal: search=yes, search=no\n" +
		"Content-Signal: serch=yes\nContent-Signal: foo=yes\nDisallow: /x\n"},
	{text: "User-agent: *\nCrawl-delay: soon\nDisallow: /x\n"},
	{text: "Hello there you\n"},
	{text: "\x7fELF\x02\x01\x01\x00\x00\x00\x00\x00\x00\x00\x00\x00\nUser-agent: *\nDisallow: /x\n"},
	{text: "User-agent: a\nUser-agent: *\n\nUser-agent: b\nDisallow: /x\n"},
	{text: "User-agent: *\nDisallow: /a\n" + strings.Repeat("# padding\n", 10), opts: Options{MaxBytes: 30}},
	{text: oneGroup(maxRedundantRules + 1)}, // audit-limit.msg.large
	{text: sharedPiece(3000)},               // audit-limit.msg.budget
	{text: "User-agent: *\nDisallow: https://www.example.org/a\nDisallow: https://www.example.org/*\nDisallow: https://app.example.org/b\n",
		opts: Options{Host: "www.example.org"}},
	{text: "User-agent: *\nDisallow: /#top\n"},
	{text: "User-agent:\nUser-agent: \u00a0x\nUser-agent: ^Java\nUser-agent: Googlebot Images\nUser-agent: Yahoo! Slurp\nUser-agent: Web Sucker\nDisallow: /x\n"},
	{text: "User-agent: *\nDisallow: /caf\xE9\nDisallow: /th\xE9\n"},
	{text: "User-agent: *\nDisallow: /a\n\nUser-agent: *\nDisallow: /b\n\nUser-agent: *\nDisallow: /c\n"},
	{text: "User-agent: *\nAllow: .shtml$\nDisallow: Disallow: /x\n"},
	{text: "Host: a.example\nHost: b.example\n"},
	{text: "User-agent: *\nDisallow: /x\nSitemap:\nSitemap: \u00a0https://example.com/s.xml\nSitemap: ftp://example.com/s.xml\nSitemap: http://\n"},
	{text: "User-agent: *\nDisallow: /x\nFoo: bar\n"},
	{text: "User-agent: *\n" + strings.Repeat("Disallow: /p\n", 1) + manyRules(2100)},
	{text: "User-agent: GPTBot\nUser-agent: CCBot\nDisallow: /tmp/\n\nUser-agent: *\nDisallow: /private/\n"},
	{text: "User-agent: *\nDisallow: ^/a\nDisallow: \\d\nDisallow: /(a|b)\nDisallow: /[0-9]\n\nUser-agent: Googelbot\nDisallow: /x\n\nUser-agent: Bingbot\nDisallow: /\n\nUser-agent: Googlebot\nDisallow: /y\n"},
	{text: "User-agent: *\nDisallow: /a\n\nUser-agent: Googelbot\nDisallow: /x\n"},
	{text: "User-agent: ChatGPT\nUser-agent: Claude\nDisallow: /\n\nUser-agent: *\nDisallow: /x\n"},
	{text: "User-agent: bingbot\nCrawl-delay: 10\nUser-agent: MJ12bot\nDisallow: /\n"},
	{text: "User-agent: *\nCrawl-delay: 3\nUser-agent: BadBot\nDisallow: /\n"},
	{text: "User-agent: a\nDisallow: /a\nDisallow: /b\nDisallow: /c\nDisallow: /d\n\nUser-agent: *\nDisallow: /a\nDisallow: /b\nDisallow: /c\nDisallow: /d\nDisallow: /e\n"},
	{text: "User-agent: *\nDisallow: /x\nSitemap: https://exa!mple.com/s.xml\nSitemap: https://example.com//s.xml\n"},
	{text: "User-agent: GPTBot\nContent-Usage: train-ai=n\n\nUser-agent: *\nContent-Signal: ai-train=n\nDisallow: /x\n"},
}

func manyRules(n int) string {
	var b strings.Builder
	for i := range n {
		b.WriteString("Disallow: /r" + itoa(i+1) + "/\n")
	}
	return b.String()
}

// TestEveryMessageRendered renders every message and fix of the catalogue
// that a finding can use, in every language, and fails on a placeholder
// left unfilled ("Lines {line}–2") or a message no input reaches.
func TestEveryMessageRendered(t *testing.T) {
	renderedKeys = map[string]bool{}
	defer func() { renderedKeys = nil }()
	var inputs []struct {
		text string
		opts Options
	}
	for _, tt := range checkTests {
		var o Options
		if tt.opts != nil {
			o = *tt.opts
		}
		inputs = append(inputs, struct {
			text string
			opts Options
		}{tt.bad, o}, struct {
			text string
			opts Options
		}{tt.good, o})
	}
	for _, tt := range variantTests {
		inputs = append(inputs, struct {
			text string
			opts Options
		}{tt.text, Options{}})
	}
	inputs = append(inputs, variantInputs...)
	for _, lang := range append([]string{"en"}, translations...) {
		for _, in := range inputs {
			o := in.opts
			o.Lang = lang
			for _, f := range Lint(in.text, &o) {
				if strings.ContainsAny(f.Message+f.Fix, "{}") {
					t.Errorf("%s: Lint(%q): %s has an unfilled placeholder:\n\t%s\n\tfix: %s", lang, short(in.text), f.ID, f.Message, f.Fix)
				}
			}
		}
	}
	for _, key := range slices.Sorted(maps.Keys(english())) {
		if strings.Contains(key, ".msg") && !renderedKeys[key] {
			t.Errorf("no test input renders %q", key)
		}
	}
}

// TestYandexReadingAgreesWithCore: the file as yandexText rewrites it
// (what report shows and blank-line-in-group describes) gives Yandex's
// robots the same verdicts as the core's own reading of the original file,
// on every corpus file whose reading differs for Yandex.
func TestYandexReadingAgreesWithCore(t *testing.T) {
	files := testutil.Corpus(t, "../../shared/corpus/robots")
	differ := 0
	for _, f := range files {
		text := string(f.Data)
		y, lines := yandexText(text)
		if len(lines) == 0 {
			continue
		}
		differ++
		r, yr := robotstxt.ParseString(text), robotstxt.ParseString(y)
		for _, bot := range []string{"YandexBot", "YandexImages", "Yandex"} {
			a, b := r.Agent(bot), yr.Agent(bot)
			n := 0
			for _, g := range r.Groups {
				for _, rule := range g.Rules {
					w := witness(rule.Pattern)
					if w == "" || n > 200 {
						continue
					}
					n++
					if va, vb := a.Check("http://h"+w), b.Check("http://h"+w); va.Allowed != vb.Allowed {
						t.Errorf("%s: %s %s: core says allowed=%v, Yandex's reading of the text %v", f.Name, bot, w, va.Allowed, vb.Allowed)
					}
				}
			}
		}
	}
	t.Logf("%d of %d files are read differently by Yandex", differ, len(files))
}
