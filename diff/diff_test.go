package diff

import (
	"encoding/json"
	"fmt"
	"strings"
	"testing"

	"github.com/robotstxt/robotstxt"
	"github.com/robotstxt/robotstxt/internal/testutil"
)

// render gives a Result in a few stable lines, for table tests.
func renderStructure(s Structural) string {
	var b strings.Builder
	for _, g := range s.Groups {
		fmt.Fprintf(&b, "%s %s", g.Change, g.Agent)
		for _, r := range g.Added {
			fmt.Fprintf(&b, " +%s:%s@%d", r.Kind, r.Pattern, r.Line)
		}
		for _, r := range g.Removed {
			fmt.Fprintf(&b, " -%s:%s@%d", r.Kind, r.Pattern, r.Line)
		}
		b.WriteString("; ")
	}
	for _, m := range s.Moved {
		fmt.Fprintf(&b, "moved %s:%s %s@%d->%s@%d; ", m.Kind, m.Pattern, m.From, m.OldLine, m.To, m.NewLine)
	}
	for _, m := range s.Sitemaps.Added {
		fmt.Fprintf(&b, "+sitemap %s; ", m.URL)
	}
	for _, m := range s.Sitemaps.Removed {
		fmt.Fprintf(&b, "-sitemap %s; ", m.URL)
	}
	for _, r := range s.Records.Added {
		fmt.Fprintf(&b, "+%s=%s; ", r.Name, r.Value)
	}
	for _, r := range s.Records.Removed {
		fmt.Fprintf(&b, "-%s=%s; ", r.Name, r.Value)
	}
	if s.Same != (b.Len() == 0) {
		b.WriteString("(Same is wrong)")
	}
	return strings.TrimSuffix(b.String(), "; ")
}

func renderChanges(res *Result) string {
	var out []string
	for _, c := range res.Changes {
		dir := "unblocked"
		if c.Blocked() {
			dir = "blocked"
		}
		by := "-"
		if c.New.Rule != nil && c.Blocked() {
			by = fmt.Sprintf("new@%d", c.New.Rule.Line)
		} else if c.Old.Rule != nil && !c.Blocked() {
			by = fmt.Sprintf("old@%d", c.Old.Rule.Line)
		}
		out = append(out, fmt.Sprintf("%s %s %s %s", c.Agent, dir, c.URL, by))
	}
	return strings.Join(out, "; ")
}

var compareTests = []struct {
	name      string
	old, new  string
	agents    []string
	urls      []string
	structure string
	changes   string
}{
	{
		name:      "identical",
		old:       "User-agent: *\nDisallow: /a\n",
		new:       "User-agent: *\nDisallow: /a\n",
		agents:    []string{"*"},
		structure: "",
		changes:   "",
	},
	{
		name:      "whitespace, comments, order and spelling change nothing",
		old:       "User-agent: *\nDisallow: /a\nAllow: /~b\nSitemap: https://e.com/s.xml\n",
		new:       "# new header\nsitemap:https://e.com/s.xml\nuser-agent : *   \nallow: /%7Eb # same\n\ndisallow: /a\n",
		agents:    []string{"*", "bot"},
		structure: "",
		changes:   "",
	},
	{
		name:      "group split in two changes nothing",
		old:       "User-agent: a\nUser-agent: b\nDisallow: /x\n",
		new:       "User-agent: b\nDisallow: /x\n\nUser-agent: a\nDisallow: /x\n",
		agents:    []string{"a", "b", "c"},
		structure: "",
		changes:   "",
	},
	{
		name:      "added group takes a crawler out of *",
		old:       "User-agent: *\nDisallow: /private/\n",
		new:       "User-agent: *\nDisallow: /private/\n\nUser-agent: Googlebot\nDisallow: /search\n",
		agents:    []string{"*", "Googlebot"},
		structure: "added Googlebot +disallow:/search@5",
		changes:   "Googlebot blocked /search new@5; Googlebot unblocked /private/ old@2",
	},
	{
		name:      "removed rule",
		old:       "User-agent: *\nDisallow: /a\nDisallow: /b\n",
		new:       "User-agent: *\nDisallow: /a\n",
		agents:    []string{"*"},
		structure: "changed * -disallow:/b@3",
		changes:   "* unblocked /b old@3",
	},
	{
		name:      "removed group falls back to *",
		old:       "User-agent: *\nDisallow: /\n\nUser-agent: bot\nAllow: /\n",
		new:       "User-agent: *\nDisallow: /\n",
		agents:    []string{"bot", "other"},
		structure: "removed bot -allow:/@5",
		changes:   "bot blocked / new@2",
	},
	{
		name:      "rule moved to another group",
		old:       "User-agent: a\nDisallow: /x\n\nUser-agent: b\nDisallow: /y\n",
		new:       "User-agent: a\nDisallow: /y\n\nUser-agent: b\nDisallow: /x\n",
		agents:    []string{"a", "b"},
		structure: "moved disallow:/x a@2->b@5; moved disallow:/y b@5->a@2",
		changes:   "a unblocked /x old@2; a blocked /y new@2; b blocked /x new@5; b unblocked /y old@5",
	},
	{
		name:      "* fallback changes: a new * rule reaches every unnamed crawler",
		old:       "User-agent: Googlebot\nDisallow: /g\n\nUser-agent: *\nDisallow: /tmp\n",
		new:       "User-agent: Googlebot\nDisallow: /g\n\nUser-agent: *\nDisallow: /tmp\nDisallow: /p\n",
		agents:    []string{"Googlebot", "GPTBot", "*"},
		structure: "changed * +disallow:/p@6",
		changes:   "GPTBot blocked /p new@6; * blocked /p new@6",
	},
	{
		name:      "$ anchor added",
		old:       "User-agent: *\nDisallow: /*.pdf\n",
		new:       "User-agent: *\nDisallow: /*.pdf$\n",
		agents:    []string{"*"},
		structure: "changed * +disallow:/*.pdf$@2 -disallow:/*.pdf@2",
		changes:   "* unblocked /.pdfx old@2",
	},
	{
		name:      "* pattern widened",
		old:       "User-agent: *\nDisallow: /p/shoes\n",
		new:       "User-agent: *\nDisallow: /p*s\n",
		agents:    []string{"*"},
		structure: "changed * +disallow:/p*s@2 -disallow:/p/shoes@2",
		changes:   "* blocked /ps new@2",
	},
	{
		name:      "longer allow now wins",
		old:       "User-agent: *\nDisallow: /shop/\n",
		new:       "User-agent: *\nDisallow: /shop/\nAllow: /shop/public\n",
		agents:    []string{"*"},
		structure: "changed * +allow:/shop/public@3",
		changes:   "* unblocked /shop/public old@2",
	},
	{
		name:      "staging file shipped",
		old:       "User-agent: *\nDisallow: /admin/\nSitemap: https://e.com/sitemap.xml\n",
		new:       "User-agent: *\nDisallow: /\n",
		agents:    []string{"*"},
		urls:      []string{"/", "/products/shoes", "/admin/x"},
		structure: "changed * +disallow:/@2 -disallow:/admin/@2; -sitemap https://e.com/sitemap.xml",
		changes:   "* blocked / new@2; * blocked /products/shoes new@2",
	},
	{
		name:      "records",
		old:       "User-agent: *\nCrawl-delay: 5\nHost: a.example\n",
		new:       "User-agent: *\ncrawl-delay: 10\nHost: a.example\nSitemap: https://e.com/s2.xml\n",
		agents:    []string{"*"},
		structure: "+sitemap https://e.com/s2.xml; +crawl-delay=10; -Crawl-delay=5",
		changes:   "",
	},
}

func TestCompare(t *testing.T) {
	for _, tt := range compareTests {
		t.Run(tt.name, func(t *testing.T) {
			old, new := robotstxt.ParseString(tt.old), robotstxt.ParseString(tt.new)
			res := Compare(old, new, &Options{Agents: tt.agents, URLs: tt.urls})
			if got := renderStructure(res.Structural); got != tt.structure {
				t.Errorf("structure:\n\tgot  %s\n\twant %s", got, tt.structure)
			}
			if got := renderChanges(res); got != tt.changes {
				t.Errorf("changes:\n\tgot  %s\n\twant %s", got, tt.changes)
			}
			if res.Unchanged != (tt.changes == "") {
				t.Errorf("Unchanged = %v with changes %q", res.Unchanged, tt.changes)
			}
			if res.Probed != (tt.urls == nil) || (res.Probed && !res.ProbesComplete) {
				t.Errorf("Probed = %v, ProbesComplete = %v", res.Probed, res.ProbesComplete)
			}
		})
	}
}

// The summary groups crawlers that read the same groups, and counts each
// direction.
func TestSummary(t *testing.T) {
	old := robotstxt.ParseString("User-agent: *\nDisallow: /a\n\nUser-agent: bot\nDisallow: /b\n")
	new := robotstxt.ParseString("User-agent: *\nDisallow: /c\nDisallow: /d\n\nUser-agent: bot\nDisallow: /b\n")
	res := Compare(old, new, &Options{Agents: []string{"*", "x", "bot", "y", "x"}, URLs: []string{"/a", "/b", "/c", "/d"}})
	if len(res.Summary) != 1 {
		t.Fatalf("summary: %+v", res.Summary)
	}
	s := res.Summary[0]
	if strings.Join(s.Agents, ",") != "*,x,y" || s.Blocked != 2 || s.Unblocked != 1 || len(s.Examples) != 3 {
		t.Errorf("summary = %+v", s)
	}
	if len(res.Changes) != 9 {
		t.Errorf("%d changes, want 9 (3 URLs for 3 crawlers)", len(res.Changes))
	}
}

// Default agents: "*", the registry's search and AI crawlers, and every name
// either file uses, once each.
func TestDefaultAgents(t *testing.T) {
	old := robotstxt.ParseString("User-agent: OldBot\nUser-agent: googlebot\nDisallow: /\n")
	new := robotstxt.ParseString("User-agent: NewBot/2.0\nDisallow: /\n")
	got := DefaultAgents(old, new)
	want := map[string]bool{"*": true, "Googlebot": true, "GPTBot": true, "OldBot": true, "NewBot": true}
	seen := map[string]int{}
	for _, a := range got {
		seen[strings.ToLower(a)]++
		delete(want, a)
	}
	if len(want) > 0 {
		t.Errorf("DefaultAgents lacks %v: %q", want, got)
	}
	for a, n := range seen {
		if n > 1 {
			t.Errorf("%q listed %d times", a, n)
		}
	}
	if got[0] != "*" {
		t.Errorf("first agent %q, want *", got[0])
	}
}

// A comparison of real files with themselves finds nothing, and a real
// file compared with the empty file gives a result that encodes as JSON.
// (A sample of the corpus: the probe search costs up to a tenth of a second
// on the largest files.)
func TestCorpusSelf(t *testing.T) {
	files := testutil.Corpus(t, "../../shared/corpus/robots")
	empty := robotstxt.ParseString("")
	step := 20
	if testing.Short() {
		step = 50
	}
	for i, f := range files {
		if i%step != 0 {
			continue
		}
		r := robotstxt.Parse(f.Data)
		res := Compare(r, r, &Options{Agents: []string{"*", "Googlebot", "GPTBot"}})
		if !res.Unchanged || !res.Structural.Same {
			t.Errorf("%s: compared with itself: %s", f.Name, renderChanges(res))
		}
		res = Compare(empty, r, &Options{Agents: []string{"*", "Googlebot"}})
		if _, err := json.Marshal(res); err != nil {
			t.Errorf("%s: %v", f.Name, err)
		}
	}
}
