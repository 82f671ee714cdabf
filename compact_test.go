package robotstxt_test

import (
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"strings"
	"sync"
	"testing"

	"github.com/robotstxt/robotstxt"
	"github.com/robotstxt/robotstxt/crawlers"
	"github.com/robotstxt/robotstxt/internal/testutil"
)

// fixedAgents is the number of names compactAgents lists before the
// registry's.
const fixedAgents = 22

// compactAgents are the names the differential tests check: every token of
// the crawler registry, the global token, no name, names in odd case and
// full user-agent strings (the registry's fallbacks and the crawlers that
// ignore "*" among them).
func compactAgents() []string {
	out := []string{"*", "", "googlebot", "GOOGLEBOT", "Googlebot-Image", "googlebot-news", "AdsBot-Google",
		"Mediapartners-Google", "Applebot", "YandexBot", "YANDEXIMAGES", "Yandex", "MJ12bot", "foo bar", "Foo*", "ツbot",
		"Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)",
		"Mozilla/5.0 (compatible; YandexBot/3.0; +http://yandex.com/bots)",
		"Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; GPTBot/1.1; +https://openai.com/gptbot)",
		"Mozilla/5.0 (compatible; AdsBot-Google; +http://www.google.com/adsbot.html)",
		"SomeUnknownBot/1.0", strings.Repeat("LongBot", 12)}
	if len(out) != fixedAgents {
		panic("compactAgents: fixedAgents is out of date")
	}
	for _, c := range crawlers.All() {
		if c.Token != "" {
			out = append(out, c.Token)
		}
	}
	return out
}

// compactURLs returns URLs built from a file's own rules (as samplePaths
// does) and odd ones: percent-encoding to normalise, '$' and '*' in the
// path, queries, full URLs, no path at all, index.html directories, and
// one path long enough that the packed form answers by parsing again.
func compactURLs(r *robotstxt.Robots, rnd *rand.Rand) []string {
	var rules []robotstxt.Rule
	for _, g := range r.Groups {
		rules = append(rules, g.Rules...)
	}
	out := samplePaths(rules, rnd, 8)
	out = append(out, "", "/", "?q=1", "example.com", "https://example.com", "https://example.com/a/b?c=d#e",
		"//example.com/x", "/%7Euser/", "/%7euser/", "/a%2Fb", "/a%2fb", "/ツ", "/%E3%83%84", "/*", "/a*b", "/$",
		"/a$b", "/index.html", "/x/index.html", "/x/", "/search?q=a&b=c", "/a;b=c", "/ROBOTS.TXT", "/robots.txt?x",
	)
	for i := 0; i < 3 && len(rules) > 0; i++ {
		p := rules[rnd.IntN(len(rules))].Pattern
		if j := strings.LastIndexByte(p, '/'); j >= 0 {
			out = append(out, p[:j+1], "https://example.com"+p, p+"?q=%41", strings.ReplaceAll(p, "/", "%2F"))
		}
	}
	return append(out, "/"+strings.Repeat("a/", 3000))
}

// checkCompactAgrees compares every answer of c with r's, field by field.
func checkCompactAgrees(t *testing.T, name string, r *robotstxt.Robots, c *robotstxt.Compact, agents, urls []string) int {
	t.Helper()
	n := 0
	for _, a := range agents {
		for _, u := range urls {
			want, got := r.Check(a, u), c.Check(a, u)
			if !reflect.DeepEqual(got, want) {
				t.Errorf("%s: Check(%q, %q):\n got %s\nwant %s", name, a, u, showVerdict(got), showVerdict(want))
				return n
			}
			if got, want := c.Allowed(a, u), r.Allowed(a, u); got != want {
				t.Errorf("%s: Allowed(%q, %q) = %v, want %v", name, a, u, got, want)
				return n
			}
			n++
		}
	}
	return n
}

func showVerdict(v robotstxt.Verdict) string {
	s := fmt.Sprintf("{Allowed:%v Reason:%v ViaIndexHTML:%v Fallback:%q Reading:%q", v.Allowed, v.Reason, v.ViaIndexHTML, v.Fallback, v.Reading)
	if v.Rule != nil {
		s += fmt.Sprintf(" Rule:%+v", *v.Rule)
	}
	if v.Overruled != nil {
		s += fmt.Sprintf(" Overruled:%+v", *v.Overruled)
	}
	return s + fmt.Sprintf(" UserAgents:%+v}", v.UserAgents)
}

// On every real file, for many crawlers and URLs drawn from the file's own
// rules, a Compact answers exactly as the Robots it was made from, and as
// one parsed by ParseCompact; most files under 16 KiB are packed.
func TestCompactAgreesWithRobotsOnCorpus(t *testing.T) {
	files := testutil.Corpus(t, "../shared/corpus/robots")
	rnd := rand.New(rand.NewPCG(9309, 25))
	agents := compactAgents()
	checks, small, packed := 0, 0, 0
	for i, f := range files {
		if testing.Short() && i%5 != 0 {
			continue // -short: one file in five
		}
		r := robotstxt.Parse(f.Data)
		c := r.Compact()
		if len(f.Data) < 16<<10 {
			small++
			if c.Packed() {
				packed++
			}
		}
		// The fixed names, up to 8 of the file's own, and 6 of the
		// registry's, different for each file.
		fileAgents := slices.Clone(agents[:fixedAgents])
		for _, g := range r.Groups {
			for _, ua := range g.UserAgents {
				if len(fileAgents) < fixedAgents+8 {
					fileAgents = append(fileAgents, ua.Value, strings.ToUpper(ua.Token))
				}
			}
		}
		for range 6 {
			fileAgents = append(fileAgents, agents[fixedAgents+rnd.IntN(len(agents)-fixedAgents)])
		}
		urls := compactURLs(r, rnd)
		long := urls[len(urls)-1:] // answered by a parse: for a few names only
		checks += checkCompactAgrees(t, f.Name, r, c, fileAgents, urls[:len(urls)-1])
		checks += checkCompactAgrees(t, f.Name, r, c, fileAgents[:3], long)
		if pc := robotstxt.ParseCompact(f.Data); pc.Packed() != c.Packed() || pc.Text() != r.Text() {
			t.Errorf("%s: ParseCompact differs from Parse(...).Compact(): packed %v, %v", f.Name, pc.Packed(), c.Packed())
		} else {
			checks += checkCompactAgrees(t, f.Name+" (ParseCompact)", r, pc, agents[:8], urls[:8])
		}
		if t.Failed() {
			return
		}
	}
	if small == 0 || packed*100 < small*90 {
		t.Errorf("%d of %d files under 16 KiB are packed, want at least 90%%", packed, small)
	}
	t.Logf("%d checks agree; %d of %d files under 16 KiB packed", checks, packed, small)
}

// Robots gives back the file a Compact was made from: the same groups,
// records and sizes, so that everything a Compact does not answer is one
// parse away.
func TestCompactRobotsIsTheFile(t *testing.T) {
	files := testutil.Corpus(t, "../shared/corpus/robots")
	texts := []string{"\xEF\xBB\xBFUser-agent: *\nDisallow: /a\n", "\xEF\xBBUser-agent: x\nAllow: /b", "\xEF\xBB\xBF\xEF\xBB\xBFUser-agent: y\n"}
	for _, f := range files {
		texts = append(texts, string(f.Data))
	}
	for i, text := range texts {
		r := robotstxt.ParseOptions(text, &robotstxt.Options{MaxBytes: 4 << 10})
		c := r.Compact()
		back := c.Robots()
		if back.Text() != r.Text() || c.Text() != r.Text() {
			t.Fatalf("text %d: Text differs", i)
		}
		if !reflect.DeepEqual(back.Groups, r.Groups) || !reflect.DeepEqual(back.Orphans, r.Orphans) ||
			!reflect.DeepEqual(back.Sitemaps, r.Sitemaps) || !reflect.DeepEqual(back.Other, r.Other) ||
			back.Size != r.Size || back.Parsed != r.Parsed || back.Truncated != r.Truncated || back.Lines != r.Lines ||
			!reflect.DeepEqual(back.YandexBlankLines(), r.YandexBlankLines()) {
			t.Fatalf("text %d: Robots() differs from the file (packed %v): size %d/%d parsed %d/%d truncated %v/%v lines %d/%d",
				i, c.Packed(), back.Size, r.Size, back.Parsed, r.Parsed, back.Truncated, r.Truncated, back.Lines, r.Lines)
		}
	}
}

// The packed path's edges, each a behaviour the Robots already has, each
// checked against it: the answer is the Robots' and the case names what
// it shows.
func TestCompactBehaviours(t *testing.T) {
	many := "User-agent: *\n" + strings.Repeat("Disallow: /x\n", robotstxt.MaxPackedRules+1)
	manyAgents := strings.Repeat("User-agent: a\n", robotstxt.MaxPackedAgents+1) + "Disallow: /\n"
	cases := []struct {
		name, text, agent, url string
		packed                 bool
		allowed                bool
		reason                 robotstxt.Reason
	}{
		{"2.2.2 longest match wins", "User-agent: *\nDisallow: /a\nAllow: /a/b\n", "x", "/a/b/c", true, true, robotstxt.MatchedRule},
		{"2.2.2 allow wins a tie", "User-agent: *\nDisallow: /a\nAllow: /a\n", "x", "/a", true, true, robotstxt.MatchedRule},
		{"2.2.2 empty pattern matches nothing", "User-agent: *\nDisallow:\n", "x", "/a", true, true, robotstxt.NoMatchingRule},
		{"2.2.2 /robots.txt is always allowed", "User-agent: *\nDisallow: /\n", "x", "/robots.txt", true, true, robotstxt.ImplicitRobotsTxt},
		{"2.2.3 '$' anchors", "User-agent: *\nDisallow: /*.gif$\n", "x", "/a.gif?x", true, true, robotstxt.NoMatchingRule},
		{"2.2.3 '*' matches any octets", "User-agent: *\nDisallow: /*/b*c\n", "x", "/a/x/bzzc", true, false, robotstxt.MatchedRule},
		{"2.2.3 '$' within a pattern is literal", "User-agent: *\nDisallow: /a$b\n", "x", "/a$b", true, false, robotstxt.MatchedRule},
		{"2.1 a percent-encoded unreserved octet equals the octet", "User-agent: *\nDisallow: /%7euser\n", "x", "/~user/x", true, false, robotstxt.MatchedRule},
		{"2.1 octets of 0x80 and above match their encoding", "User-agent: *\nDisallow: /ツ\n", "x", "/%E3%83%84", true, false, robotstxt.MatchedRule},
		{"2.1 the priority is the encoded length", "User-agent: *\nAllow: /ツ\nDisallow: /%E3%83%84x\n", "x", "/ツx", true, false, robotstxt.MatchedRule},
		{"2.2.1 product token matched ignoring case", "User-agent: FooBot\nDisallow: /\n", "foobot", "/a", true, false, robotstxt.MatchedRule},
		{"2.2.1 groups naming one crawler merge", "User-agent: a\nDisallow: /x\nUser-agent: b\nAllow: /\nUser-agent: a\nAllow: /x/y\n", "a", "/x/y", true, true, robotstxt.MatchedRule},
		{"2.2.1 no group and no * allows", "User-agent: a\nDisallow: /\n", "b", "/x", true, true, robotstxt.NoGroup},
		{"2.2.1 the * group applies to others", "User-agent: a\nAllow: /\nUser-agent: *\nDisallow: /\n", "b", "/x", true, false, robotstxt.MatchedRule},
		{"2.2.2 rules before any group are ignored", "Disallow: /\nUser-agent: a\nAllow: /b\n", "a", "/x", true, true, robotstxt.NoMatchingRule},
		{"longest name in a user-agent string", "User-agent: Google\nDisallow: /g\nUser-agent: Googlebot\nDisallow: /gb\n", "Mozilla/5.0 (compatible; Googlebot/2.1)", "/gb", true, false, robotstxt.MatchedRule},
		{"documented fallback (Googlebot-Image to Googlebot)", "User-agent: Googlebot\nDisallow: /\nUser-agent: *\nAllow: /\n", "Googlebot-Image", "/x", true, false, robotstxt.MatchedRule},
		{"AdsBot-Google ignores *", "User-agent: *\nDisallow: /\n", "AdsBot-Google", "/x", true, true, robotstxt.GlobalIgnored},
		{"Google's index.html reading", "User-agent: *\nDisallow: /d/\nAllow: /d/index.html\n", "x", "/d/", true, true, robotstxt.MatchedRule},
		{"Yandex reads a blank line after user-agent as the group's end", "User-agent: Yandex\n\nDisallow: /\n", "YandexBot", "/x", true, true, robotstxt.NoMatchingRule},
		{"others read the same file's group whole", "User-agent: Yandex\n\nDisallow: /\n", "Yandex", "/x", true, true, robotstxt.NoMatchingRule},
		{"a blank line between user-agent lines splits the group for Yandex", "User-agent: Yandex\n\nUser-agent: *\nDisallow: /\n", "Yandex", "/x", true, true, robotstxt.NoMatchingRule},
		{"the same file for others", "User-agent: Yandex\n\nUser-agent: *\nDisallow: /\n", "Googlebot", "/x", true, false, robotstxt.MatchedRule},
		{"a byte order mark is skipped", "\xEF\xBB\xBFUser-agent: *\nDisallow: /a\n", "x", "/a", true, false, robotstxt.MatchedRule},
		{"many rules stay full", many, "x", "/x", false, false, robotstxt.MatchedRule},
		{"many user-agent lines stay full", manyAgents, "a", "/x", false, false, robotstxt.MatchedRule},
		{"a long text stays full", "User-agent: *\nDisallow: /x\n" + strings.Repeat("# padding\n", robotstxt.MaxPackedBytes/10+1), "x", "/x", false, false, robotstxt.MatchedRule},
		{"a non-ASCII name stays full", "User-agent: Jävla-Foobot\nDisallow: /\n", "Jävla-Foobot", "/x", false, false, robotstxt.MatchedRule},
		{"a path past the budget is answered by a parse", "User-agent: *\nDisallow: /a*b$\n", "x", "/a" + strings.Repeat("x", 1<<16) + "b", true, false, robotstxt.MatchedRule},
	}
	for _, tc := range cases {
		r := robotstxt.ParseString(tc.text)
		c := r.Compact()
		if c.Packed() != tc.packed {
			t.Errorf("%s: Packed() = %v, want %v", tc.name, c.Packed(), tc.packed)
		}
		got, want := c.Check(tc.agent, tc.url), r.Check(tc.agent, tc.url)
		if !reflect.DeepEqual(got, want) {
			t.Errorf("%s: Check(%q, %q):\n got %s\nwant %s", tc.name, tc.agent, tc.url, showVerdict(got), showVerdict(want))
		}
		if got.Allowed != tc.allowed || got.Reason != tc.reason {
			t.Errorf("%s: Check(%q, %q) = %v %v, want %v %v", tc.name, tc.agent, tc.url, got.Allowed, got.Reason, tc.allowed, tc.reason)
		}
		if c.Allowed(tc.agent, tc.url) != tc.allowed {
			t.Errorf("%s: Allowed(%q, %q) = %v", tc.name, tc.agent, tc.url, !tc.allowed)
		}
	}
}

// Allowed on a packed file allocates nothing, whatever the path and name;
// Check allocates only the verdict's rules and user-agent lines, once when
// one line names the group (twice for more).
func TestCompactAllowedAllocatesNothing(t *testing.T) {
	c := robotstxt.ParseCompact([]byte(robotstxt.AllocTestFile))
	if !c.Packed() {
		t.Fatal("the file is not packed")
	}
	for _, tc := range robotstxt.AllocTestCases() {
		c.Allowed(tc.Agent, tc.URL) // warm up the buffer pool
		if n := testing.AllocsPerRun(100, func() { c.Allowed(tc.Agent, tc.URL) }); n != 0 {
			t.Errorf("%s: Allowed(%q, %q) allocates %.1f times", tc.Name, tc.Agent, tc.URL, n)
		}
		if n := testing.AllocsPerRun(100, func() { c.Check(tc.Agent, tc.URL) }); n > 1 {
			t.Errorf("%s: Check(%q, %q) allocates %.1f times, want at most 1", tc.Name, tc.Agent, tc.URL, n)
		}
	}
	none := robotstxt.ParseCompact([]byte("User-agent: a\nDisallow: /\n"))
	if n := testing.AllocsPerRun(100, func() { none.Check("b", "/x") }); n != 0 {
		t.Errorf("Check with no group applying allocates %.1f times", n)
	}
	two := robotstxt.ParseCompact([]byte("User-agent: a\nDisallow: /\nUser-agent: a\nAllow: /x\n"))
	if n := testing.AllocsPerRun(100, func() { two.Check("a", "/x") }); n != 2 {
		t.Errorf("Check with two lines naming the group allocates %.1f times, want 2", n)
	}
}

// FuzzCompact: for any file, agent and URL, a Compact answers as the
// Robots does, and never panics.
func FuzzCompact(f *testing.F) {
	for _, s := range []struct{ text, agent, url string }{
		{"User-agent: *\nDisallow: /a\nAllow: /a/b$\n", "x", "/a/b"},
		{"User-agent: Yandex\n\nUser-agent: *\nDisallow: /\n", "YandexBot", "/x"},
		{"\xEF\xBB\xBFUser-agent: Googlebot\nAllow: /d/index.html\nDisallow: /d\n", "Googlebot-Image", "/d/"},
		{"User-agent: a b\nDisallow: /%7e*$\nAllow: /ツ\n", "Mozilla/5.0 (a/1.0)", "https://h/%7E?x"},
		{"Disallow: /\nUser-agent:\nDisallow: /x\n", "", "/x"},
		{"User-agent: AdsBot-Google\n\nUser-agent: *\nDisallow: /$\n", "AdsBot-Google-Mobile", "/"},
	} {
		f.Add(s.text, s.agent, s.url)
	}
	f.Fuzz(func(t *testing.T, text, agent, url string) {
		r := robotstxt.ParseString(text)
		for _, c := range []*robotstxt.Compact{r.Compact(), robotstxt.ParseCompact([]byte(text))} {
			if got, want := c.Check(agent, url), r.Check(agent, url); !reflect.DeepEqual(got, want) {
				t.Fatalf("Check(%q, %q) on %q (packed %v):\n got %s\nwant %s", agent, url, text, c.Packed(), showVerdict(got), showVerdict(want))
			}
			if got, want := c.Allowed(agent, url), r.Allowed(agent, url); got != want {
				t.Fatalf("Allowed(%q, %q) on %q = %v, want %v", agent, url, text, got, want)
			}
			if c.Text() != r.Text() {
				t.Fatalf("Text() = %q, want %q", c.Text(), r.Text())
			}
		}
	})
}

// BenchmarkCompact compares a check of a Compact with one of the Robots it
// was made from (compiled by then, as a file kept for many checks is), on
// a small file and on github.com's (56 rules, most of them wildcards, and
// packed): Allowed, and Check with its explained verdict.
func BenchmarkCompact(b *testing.B) {
	dir := testutil.CorpusDir(b, "../shared/corpus/robots")
	github, err := os.ReadFile(filepath.Join(dir, "github.com.txt"))
	if err != nil {
		b.Fatal(err)
	}
	files := []struct{ name, text string }{
		{"small", "User-agent: *\nDisallow: /cgi-bin/\nDisallow: /tmp/\nDisallow: /search\nAllow: /search/about\n\nSitemap: https://example.com/sitemap.xml\n"},
		{"github.com", string(github)},
	}
	for _, f := range files {
		r := robotstxt.ParseString(f.text)
		c := r.Compact()
		if !c.Packed() {
			b.Fatalf("%s is not packed", f.name)
		}
		var rules []robotstxt.Rule
		for _, g := range r.Groups {
			rules = append(rules, g.Rules...)
		}
		urls := samplePaths(rules, rand.New(rand.NewPCG(1, 2)), 60)
		for range 32 {
			for _, u := range urls {
				r.Allowed("Googlebot", u) // compile the rules
			}
		}
		run := func(name string, check func(u string)) {
			b.Run(f.name+"/"+name, func(b *testing.B) {
				b.ReportAllocs()
				i := 0
				cpu := testutil.CPUTime()
				for b.Loop() {
					check(urls[i%len(urls)])
					i++
				}
				// The process's CPU time: on a loaded machine, the clock's
				// time per check mostly measures the wait for a core.
				b.ReportMetric(float64((testutil.CPUTime()-cpu).Nanoseconds())/float64(b.N), "cpu-ns/op")
			})
		}
		run("Robots.Allowed", func(u string) { r.Allowed("Googlebot", u) })
		run("Compact.Allowed", func(u string) { c.Allowed("Googlebot", u) })
		run("Robots.Check", func(u string) { r.Check("Googlebot", u) })
		run("Compact.Check", func(u string) { c.Check("Googlebot", u) })
	}
}

// Files built from the pieces whose combinations the packed form reads
// differently from a plain list of rules (Yandex's blank lines, groups
// split and merged, fallbacks, escapes, anchors, index.html, a byte order
// mark, odd line endings) give the same answers as their Robots.
func TestCompactAgreesOnGeneratedFiles(t *testing.T) {
	rnd := rand.New(rand.NewPCG(25, 9309))
	agentLines := []string{"*", "* x", "Yandex", "YandexBot", "Googlebot", "googlebot-image", "Applebot", "AdsBot-Google",
		"Mozilla/5.0 (compatible; Googlebot/2.1)", "a", "A", "b c", "", "/x", "*foo", "Bingbot/2.0", "GPTBot"}
	patterns := []string{"", "/", "/a", "/a/", "/a*", "/a$", "/*.gif$", "/a*b*c", "/%7euser", "/%7Euser", "/ツ", "/%E3%83%84",
		"/a$b", "/a%", "/a%2", "/a%2f", "/d/index.html", "/d/index.htm$", "/ツ/index.html", "/*/index.html*", "*", "$", "/a b", "/%%41"}
	urls := []string{"/", "/a", "/a/", "/ab", "/a/b/c", "/x.gif", "/x.gif?y", "/~user", "/%7Euser/x", "/ツ", "/ツ/", "/d/", "/d/index.html",
		"/a$b", "/a%24b", "/a%", "/a%2F", "/a%2f", "/a/x/index.html", "https://h/a?q", "h", "", "/robots.txt", "/a%20b", "/A"}
	names := []string{"Yandex", "YandexBot", "YandexImages", "Googlebot", "Googlebot-Image", "Applebot", "AdsBot-Google", "a", "A", "b",
		"c", "", "*", "x", "Mozilla/5.0 (compatible; YandexBot/3.0)", "Mozilla/5.0 (compatible; Googlebot/2.1)", "foo b c", "GPTBot"}
	endings := []string{"\n", "\r\n", "\r"}
	files := 2000
	if testing.Short() {
		files = 400
	}
	for i := range files {
		var b strings.Builder
		if rnd.IntN(10) == 0 {
			b.WriteString("\xEF\xBB\xBF"[:1+rnd.IntN(3)])
		}
		eol := endings[rnd.IntN(len(endings))]
		for range 1 + rnd.IntN(14) {
			switch k := rnd.IntN(10); {
			case k < 3:
				b.WriteString("User-agent: " + agentLines[rnd.IntN(len(agentLines))])
			case k < 4:
				// a blank line, or one Yandex does not count as blank
				b.WriteString([]string{"", " ", "# c"}[rnd.IntN(3)])
			case k < 5:
				b.WriteString("Sitemap: https://h/s.xml")
			default:
				b.WriteString([]string{"Disallow: ", "Allow: ", "disallow:", "ALLOW: "}[rnd.IntN(4)] + patterns[rnd.IntN(len(patterns))])
			}
			b.WriteString(eol)
		}
		text := b.String()
		r := robotstxt.ParseString(text)
		c := r.Compact()
		if !c.Packed() {
			t.Fatalf("file %d is not packed:\n%q", i, text)
		}
		checkCompactAgrees(t, fmt.Sprintf("file %d %q", i, text), r, c, names, urls)
		if t.Failed() {
			return
		}
	}
}

// Whatever a Compact is made from, it answers as that Robots: the zero
// Compact as an empty file, a Robots built by hand (whose strings are not
// in its text) by keeping it whole.
func TestCompactOfAnyRobots(t *testing.T) {
	agents, urls := []string{"a", "*", "", "Googlebot-Image", "AdsBot-Google"}, []string{"/", "/a", "/robots.txt", "x"}
	var zero robotstxt.Compact
	checkCompactAgrees(t, "zero Compact", robotstxt.ParseString(""), &zero, agents, urls)
	if zero.Text() != "" || len(zero.Robots().Groups) != 0 || !zero.Packed() {
		t.Errorf("the zero Compact is not an empty file: %q, %d groups, packed %v", zero.Text(), len(zero.Robots().Groups), zero.Packed())
	}
	byHand := &robotstxt.Robots{Groups: []robotstxt.Group{{
		UserAgents: []robotstxt.UserAgent{{Line: 1, Value: "a", Token: "a"}},
		Rules:      []robotstxt.Rule{{Line: 2, Kind: robotstxt.Disallow, Pattern: "/a"}},
	}}}
	c := byHand.Compact()
	if c.Packed() {
		t.Error("a Robots built by hand is packed")
	}
	checkCompactAgrees(t, "Robots built by hand", byHand, c, agents, urls)
	empty := &robotstxt.Robots{Groups: []robotstxt.Group{{UserAgents: []robotstxt.UserAgent{{Line: 1}}}}}
	if c := empty.Compact(); c.Packed() {
		t.Error("a Robots built by hand of empty strings is packed")
	} else {
		checkCompactAgrees(t, "Robots of empty strings", empty, c, agents, urls)
	}
}

// A Compact is safe for concurrent checks: many goroutines checking at
// once, long paths sharing the buffer pool, get the answers of its Robots.
// Run with -race.
func TestCompactConcurrentChecks(t *testing.T) {
	r := robotstxt.ParseString("User-agent: *\nDisallow: /private/\nAllow: /private/ok\n\nUser-agent: a\nDisallow: /a*\n\nUser-agent: Yandex\n\nDisallow: /y\n")
	c := r.Compact()
	agents := []string{"a", "b", "YandexBot", "Mozilla/5.0 (a/1)"}
	urls := []string{"/", "/private/x", "/private/ok", "/a/b", "/y", "/%61/" + strings.Repeat("ツ", 200)}
	var wg sync.WaitGroup
	errs := make(chan string, 16)
	for g := range 16 {
		wg.Go(func() {
			for i := range 200 {
				a, u := agents[(g+i)%len(agents)], urls[(g*7+i)%len(urls)]
				if got, want := c.Check(a, u), r.Check(a, u); !reflect.DeepEqual(got, want) {
					select {
					case errs <- fmt.Sprintf("Check(%q, %q) = %s, want %s", a, u, showVerdict(got), showVerdict(want)):
					default:
					}
					return
				}
			}
		})
	}
	wg.Wait()
	close(errs)
	for e := range errs {
		t.Error(e)
	}
}
