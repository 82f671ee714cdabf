package lint

import (
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/robotstxt/robotstxt"
)

// auditClasses are the classes of harmful fixes, false findings and misses
// that the reading of corpus findings found (issue 22), each with an
// example shaped like the corpus file it came from. A case names the
// finding it expects (id and, when set, its line), words its message or
// fix must hold, and words no finding's fix may hold; id "" with a line
// means no finding of notID at that line.
var auditClasses = []struct {
	name      string
	text      string
	id        string
	line      int
	want      []string // in the message or the fix
	notFix    []string // in no fix of the file
	notID     string   // no finding with this id...
	notIDLine int      // ...at this line (0: anywhere)
}{
	// Harmful fixes.
	{name: "a likeness is not the crawler's name (SentiBot ... compatible with Googlebot)",
		text: "User-agent: SentiBot www.sentibot.eu (compatible with Googlebot)\nDisallow: /\n",
		id:   "invalid-product-token", line: 1,
		notFix: []string{"User-agent: Googlebot"}},
	{name: "a known first name is kept (YandexBot compatible with Googlebot)",
		text: "User-agent: YandexBot compatible with Googlebot\nDisallow: /private/\n",
		id:   "invalid-product-token", line: 1, want: []string{`"User-agent: YandexBot"`},
		notFix: []string{"User-agent: Googlebot"}},
	{name: "browser string: the compatible; token, not a likeness further on",
		text: "User-agent: Mozilla/5.0 (compatible; FooBot/1.0; +http://foo.example/bot; like Googlebot)\nDisallow: /\n",
		id:   "agent-with-version", line: 1, want: []string{`"User-agent: FooBot"`},
		notFix: []string{"User-agent: Googlebot"}},
	{name: "glued Disallow: /Disallow: / is not split into a closed site",
		text: "User-agent: *\nDisallow: /Disallow: /\nDisallow: /admin/\n",
		id:   "glued-directives", line: 2, want: []string{"closes the whole site"},
		notFix: []string{"Put each directive on a line of its own"}},
	{name: "glued Allow: / is not split into an open site",
		text: "User-agent: *\nDisallow: /admin/Allow: /\n",
		id:   "glued-directives", line: 2, want: []string{"opens the whole site"},
		notFix: []string{"Put each directive on a line of its own"}},
	{name: "glued rule whose first half was cut",
		text: "User-agent: *\nDisallow: min/Disallow: /wp-admin/\n",
		id:   "glued-directives", line: 2, want: []string{"lost start"}},
	{name: "a directive glued inside a word: the break is not certain",
		text: "User-agent: *\nDisallow: /fs/serve/bottoDisallow: /m/dbds356\n",
		id:   "glued-directives", line: 2, want: []string{"inside a word"},
		notFix: []string{"Put each directive on a line of its own."}},
	{name: "a certain split is still offered",
		text: "User-agent: *\nDisallow: /a/ Disallow: /b/\n",
		id:   "glued-directives", line: 2, want: []string{"Put each directive on a line of its own"}},
	{name: "host-as-path: keep the line that blocks junk URLs",
		text: "User-agent: *\nDisallow: /www.example.com/\n",
		id:   "host-as-path", line: 2, want: []string{"Keep this line"},
		notFix: []string{"remove this line"}},
	{name: "blocks-css-js: the fix beats the longer Disallow (RFC 9309 2.2.2 longest match)",
		text: "User-agent: *\nDisallow: /wp-includes/\n",
		id:   "blocks-css-js", line: 2, want: []string{`"Allow: /wp-includes/*.css"`, `"Allow: /wp-includes/*.js"`},
		notFix: []string{`e.g. "Allow: /*.css$"`}},
	{name: "blocks-css-js: no Allow line frees what a longer rule blocks",
		text: "User-agent: *\nDisallow: /wp-content/plugins/\nDisallow: /wp-content/plugins/*.css?*xyz\nDisallow: /wp-content/plugins/aaaaaaaaaaaaaaaaaaaaaaaa\n",
		id:   "blocks-css-js", line: 2},
	{name: "blocks-css-js: a rule on the files themselves is removed",
		text: "User-agent: *\nDisallow: /*.js$\n",
		id:   "blocks-css-js", line: 2, want: []string{`Remove "Disallow: /*.js$"`}},

	// False findings.
	{name: "a browser user-agent string as a group name frees no crawler",
		text: "User-agent: *\nDisallow: /cgi-bin/\n\nUser-agent: Mozilla/4.0 (compatible; MSIE 4.0; Windows 95)\nDisallow: /x/\n",
		id:   "agent-with-version", line: 4,
		notID: "named-group-replaces-star"},
	{name: "empty Disallow in a second * group merged with a restrictive first",
		text: "User-agent: *\nDisallow: /admin/\n\nUser-agent: *\nDisallow:\n",
		id:   "empty-disallow", line: 5, want: []string{"does not allow everything", "line 1"},
		notFix: []string{"classic way"}},
	{name: "empty Disallow alone in the only * group still allows everything",
		text: "User-agent: *\nDisallow:\n",
		id:   "empty-disallow", line: 2, want: []string{"allows everything"}},

	// Misses.
	{name: "a named group of Allow lines only frees Googlebot from every * rule",
		text: "User-agent: *\nDisallow: /admin/\nDisallow: /cart/\n\nUser-agent: Googlebot\nAllow: /wp-content/uploads/\n",
		id:   "named-group-replaces-star", line: 5, want: []string{"only Allow lines", "Disallow: /admin/"}},
	{name: "a named group allowing the whole site is open on purpose",
		text:  "User-agent: *\nDisallow: /admin/\n\nUser-agent: Googlebot\nAllow: /\n",
		notID: "named-group-replaces-star"},
	{name: "Disallow: /*? blocks query-versioned CSS and JS",
		text: "User-agent: *\nDisallow: /*?\n",
		id:   "blocks-css-js", line: 2, want: []string{"?ver=", `"Allow: /*.css?"`}},
	{name: "WordPress under a prefix",
		text: "User-agent: *\nDisallow: /blog/wp-includes/\n",
		id:   "blocks-css-js", line: 2, want: []string{"/blog/wp-includes/app.css"}},
	{name: "Joomla's templates folder",
		text: "User-agent: *\nDisallow: /templates/\n",
		id:   "blocks-css-js", line: 2},
	{name: "Magento's skin folder",
		text: "User-agent: *\nDisallow: /skin/\n",
		id:   "blocks-css-js", line: 2},
	{name: "Bitrix's folder",
		text: "User-agent: Yandex\nDisallow: /bitrix/\n",
		id:   "blocks-css-js", line: 2},
}

func TestAuditClasses(t *testing.T) {
	for _, tt := range auditClasses {
		t.Run(tt.name, func(t *testing.T) {
			got := Lint(tt.text, nil)
			for _, f := range got {
				for _, bad := range tt.notFix {
					if strings.Contains(f.Fix, bad) {
						t.Errorf("%s at line %d suggests %q: %s", f.ID, f.Line, bad, f.Fix)
					}
				}
				if tt.notID != "" && f.ID == tt.notID && (tt.notIDLine == 0 || f.Line == tt.notIDLine) {
					t.Errorf("false finding %s at line %d: %s", f.ID, f.Line, f.Message)
				}
			}
			if tt.id == "" {
				return
			}
			i := slices.IndexFunc(got, func(f Finding) bool { return f.ID == tt.id && (tt.line == 0 || f.Line == tt.line) })
			if i < 0 {
				t.Fatalf("no %s at line %d:\n%s", tt.id, tt.line, dump(got))
			}
			for _, w := range tt.want {
				if !strings.Contains(got[i].Message+" "+got[i].Fix, w) {
					t.Errorf("%s: want %q in\n\t%s\n\tfix: %s", tt.id, w, got[i].Message, got[i].Fix)
				}
			}
		})
	}
}

// TestAssetFixProven applies every Allow line a blocks-css-js fix proposes
// and checks with the matcher that the CSS or JavaScript the finding names
// is then allowed, and that no other URL probed changes: a fix the
// matcher does not confirm must not be proposed.
func TestAssetFixProven(t *testing.T) {
	allowLine := regexp.MustCompile(`"(Allow: [^"]+)"`)
	blocked := regexp.MustCompile(`blocks (\S+) for`)
	for _, text := range []string{
		"User-agent: *\nDisallow: /wp-includes/\n",
		"User-agent: *\nDisallow: /wp-content/plugins/\nDisallow: /wp-content/\n",
		"User-agent: *\nDisallow: /*?\nDisallow: /search\n",
		"User-agent: *\nDisallow: /bitrix/\nDisallow: /bitrix/templates/\n",
		"User-agent: Googlebot\nDisallow: /skin/\n",
		"User-agent: *\nDisallow: /blog/wp-includes/\n",
	} {
		for _, f := range Lint(text, nil) {
			if f.ID != "blocks-css-js" || strings.Contains(f.Fix, "No Allow line") {
				continue
			}
			m := blocked.FindStringSubmatch(f.Message)
			allows := allowLine.FindAllStringSubmatch(f.Fix, -1)
			if m == nil || len(allows) == 0 {
				t.Errorf("Lint(%q) line %d: no path or no Allow line in\n\t%s\n\tfix: %s", text, f.Line, f.Message, f.Fix)
				continue
			}
			// The Allow lines go into every group of the file: the test
			// files have one group.
			fixed := text
			for _, a := range allows {
				fixed += a[1] + "\n"
			}
			before, after := robotstxt.ParseString(text), robotstxt.ParseString(fixed)
			for _, agent := range []string{"Googlebot", "YandexBot", "bingbot"} {
				u := "https://example.com" + m[1]
				if before.Agent(agent).Check(u).Allowed {
					continue
				}
				if !after.Agent(agent).Check(u).Allowed {
					t.Errorf("Lint(%q) line %d: with %v, %s is still disallowed for %s", text, f.Line, allows, m[1], agent)
				}
				// Pages stay as they were: only CSS and JS change.
				for _, page := range []string{"/search", "/wp-content/page", "/bitrix/admin/", "/blog/wp-includes/x.php", "/?q=1"} {
					pu := "https://example.com" + page
					if before.Agent(agent).Check(pu).Allowed != after.Agent(agent).Check(pu).Allowed {
						t.Errorf("Lint(%q): the fix %v changes the verdict for %s", text, allows, page)
					}
				}
			}
		}
	}
}
