package crawlers

import (
	"strings"
	"testing"

	"github.com/robotstxt/robotstxt"
)

func TestRegistry(t *testing.T) {
	purposes := map[string]bool{PurposeAll: true, PurposeSearch: true, PurposeAITraining: true, PurposeAIAssistant: true,
		PurposeAISearch: true, PurposeSEO: true, PurposeArchive: true, PurposeAds: true, PurposeOther: true}
	seen := map[string]bool{}
	for _, c := range All() {
		low := strings.ToLower(c.Token)
		if seen[low] {
			t.Errorf("%s: listed twice", c.Token)
		}
		seen[low] = true
		if c.Token != "*" && !robotstxt.IsProductToken(c.Token) {
			t.Errorf("%s: not a valid product token, so no group could ever name it", c.Token)
		}
		if !purposes[c.Purpose] {
			t.Errorf("%s: unknown purpose %q", c.Token, c.Purpose)
		}
		if c.Notes == "" {
			t.Errorf("%s: no note in the English catalogue", c.Token)
		}
		if c.Token != "*" && c.Operator == "" {
			t.Errorf("%s: no operator", c.Token)
		}
		if c.Fallback != "" && !robotstxt.IsProductToken(c.Fallback) {
			t.Errorf("%s: fallback %q is not a product token", c.Token, c.Fallback)
		}
		if _, ok := english()["purpose."+c.Purpose]; !ok {
			t.Errorf("%s: purpose %q has no label", c.Token, c.Purpose)
		}
	}
	// The minimum list.
	for _, tok := range []string{"Googlebot", "Googlebot-Image", "Googlebot-News", "Google-Extended", "AdsBot-Google",
		"bingbot", "YandexBot", "Baiduspider", "DuckDuckBot", "Applebot", "Applebot-Extended", "GPTBot", "OAI-SearchBot",
		"ChatGPT-User", "ClaudeBot", "Claude-User", "Claude-SearchBot", "anthropic-ai", "CCBot", "PerplexityBot",
		"Perplexity-User", "Bytespider", "Meta-ExternalAgent", "Amazonbot", "cohere-ai"} {
		if _, ok := Lookup(strings.ToUpper(tok)); !ok {
			t.Errorf("Lookup(%q): missing", tok)
		}
	}
	d := Default()
	if len(d) < 3 || d[0].Token != "*" || d[1].Token != "Googlebot" || d[2].Token != "YandexBot" {
		t.Fatalf("Default() must start with *, Googlebot, YandexBot; got %v", d[:3])
	}
	for _, c := range d[3:] {
		if !c.AI() {
			t.Errorf("Default(): %s is not an AI crawler", c.Token)
		}
	}
	if len(AICrawlers()) != len(d)-3 {
		t.Errorf("Default() has %d AI crawlers, AICrawlers() %d", len(d)-3, len(AICrawlers()))
	}
}

func TestLocalize(t *testing.T) {
	catalogues()["xx"] = map[string]string{"note.GPTBot": "xx-note", "purpose.search": "xx-search"}
	defer delete(catalogues(), "xx")
	got := Localize([]Crawler{mustLookup("GPTBot"), mustLookup("CCBot")}, "xx")
	if got[0].Notes != "xx-note" {
		t.Errorf("GPTBot note = %q, want the xx text", got[0].Notes)
	}
	if got[1].Notes != mustLookup("CCBot").Notes {
		t.Errorf("CCBot note = %q, want the English fallback", got[1].Notes)
	}
	if PurposeLabel(PurposeSearch, "xx") != "xx-search" || PurposeLabel(PurposeAITraining, "xx") != "AI training" {
		t.Errorf("PurposeLabel does not localise or fall back")
	}
	if mustLookup("GPTBot").Notes == "xx-note" {
		t.Errorf("Localize changed the registry")
	}
}

func TestMatchesEverything(t *testing.T) {
	for _, tt := range []struct {
		pattern string
		want    bool
	}{
		{"/", true}, {"/*", true}, {"*", true}, {"/**", true}, {"*/*", true}, {"/*$", true}, {"*$", true},
		{"", false}, {"/$", false}, {"$", false}, {"/a", false}, {"/*/", false}, {"/*a", false}, {"//", false},
	} {
		if got := MatchesEverything(tt.pattern); got != tt.want {
			t.Errorf("MatchesEverything(%q) = %v, want %v", tt.pattern, got, tt.want)
		}
	}
}

func TestClosed(t *testing.T) {
	for _, tt := range []struct {
		name  string
		rules string
		want  bool
		line  int
	}{
		{"disallow all", "disallow: /", true, 2},
		{"star pattern", "disallow: /*", true, 2},
		{"empty allow changes nothing", "disallow: /\nallow:", true, 2},
		{"allow reopens the home page", "disallow: /\nallow: /$", false, 0},
		{"allow reopens a folder", "allow: /public/\ndisallow: /", false, 0},
		{"tie: allow wins", "disallow: /\nallow: /", false, 0},
		{"partial", "disallow: /private/", false, 0},
		{"empty disallow", "disallow:", false, 0},
		{"no rules", "", false, 0},
	} {
		r := robotstxt.ParseString("user-agent: *\n" + tt.rules)
		rule, got := ClosedBy(r.ExactAgent("*").Rules())
		if got != tt.want || got && rule.Line != tt.line {
			t.Errorf("%s: ClosedBy = (line %d, %v), want (line %d, %v)", tt.name, rule.Line, got, tt.line, tt.want)
		}
		// Closed must agree with the matcher: a closed site has "/" disallowed.
		if got && r.Allowed("*", "/") {
			t.Errorf("%s: closed, yet / is allowed", tt.name)
		}
	}
}

// TestResolve covers the fallbacks the registry documents.
func TestResolve(t *testing.T) {
	const file = `User-agent: *
Disallow: /star/

User-agent: Googlebot
Disallow: /google/

User-agent: Yandex
Disallow: /yandex/

User-agent: YandexImages
Disallow: /yandex-images/

User-agent: Applebot-Extended
Disallow: /
`
	r := robotstxt.ParseString(file)
	for _, tt := range []struct {
		token  string
		agent  string
		source Source
		line   int // deciding line for /<the group's folder>/x, 0 for none
		closed bool
	}{
		{"*", "*", SourceStar, 2, false},
		{"Googlebot", "Googlebot", SourceNamed, 5, false},
		{"Googlebot-Image", "Googlebot", SourceFallback, 5, false},
		{"Googlebot-News", "Googlebot", SourceFallback, 5, false},
		{"Applebot", "Googlebot", SourceFallback, 5, false},
		{"YandexBot", "Yandex", SourceFallback, 8, false},
		{"YandexImages", "YandexImages", SourceNamed, 11, false},
		{"bingbot", "*", SourceStar, 2, false},
		{"GPTBot", "*", SourceStar, 2, false},
		{"Applebot-Extended", "Applebot-Extended", SourceNamed, 14, true},
		{"AdsBot-Google", "", SourceNone, 0, false},
		{"Mozilla/5.0 (compatible; Googlebot/2.1)", "Googlebot", SourceNamed, 5, false},
	} {
		c := Custom(tt.token)
		a, agent, src := Resolve(r, c)
		if agent != tt.agent || src != tt.source {
			t.Errorf("Resolve(%s) = (%q, %s), want (%q, %s)", tt.token, agent, src, tt.agent, tt.source)
			continue
		}
		if Closed(a.Rules()) != tt.closed {
			t.Errorf("%s: closed = %v, want %v", tt.token, !tt.closed, tt.closed)
		}
		folder := map[string]string{"*": "/star/x", "Googlebot": "/google/x", "Yandex": "/yandex/x",
			"YandexImages": "/yandex-images/x", "Applebot-Extended": "/x", "": "/star/x"}[agent]
		v := a.Check(folder)
		line := 0
		if v.Rule != nil {
			line = v.Rule.Line
		}
		if line != tt.line {
			t.Errorf("%s: %s decided by line %d, want %d", tt.token, folder, line, tt.line)
		}
	}
}

func TestMatrix(t *testing.T) {
	r := robotstxt.ParseString("User-agent: GPTBot\nDisallow: /\n\nUser-agent: *\nDisallow: /private/\n")
	rows := Matrix(r, []string{"/", "/private/x"}, []Crawler{Star, mustLookup("GPTBot"), mustLookup("Googlebot-Image"), mustLookup("AdsBot-Google")})
	type want struct {
		agent   string
		closed  bool
		allowed [2]bool
		note    string
	}
	wants := []want{
		{"*", false, [2]bool{true, false}, ""},
		{"GPTBot", true, [2]bool{false, false}, ""},
		{"*", false, [2]bool{true, false}, ""},
		{"", false, [2]bool{true, true}, "ignores \"User-agent: *\""},
	}
	for i, row := range rows {
		w := wants[i]
		if row.Agent != w.agent || row.Closed != w.closed || row.Verdicts[0].Allowed != w.allowed[0] || row.Verdicts[1].Allowed != w.allowed[1] {
			t.Errorf("%s: agent %q closed %v allowed [%v %v]; want %+v", row.Crawler.Token, row.Agent, row.Closed,
				row.Verdicts[0].Allowed, row.Verdicts[1].Allowed, w)
		}
		if !strings.Contains(row.Note, w.note) || w.note == "" && row.Note != "" {
			t.Errorf("%s: note %q, want it to contain %q", row.Crawler.Token, row.Note, w.note)
		}
	}
	if rows[1].ClosedBy == nil || rows[1].ClosedBy.Line != 2 {
		t.Errorf("GPTBot: ClosedBy = %v, want line 2", rows[1].ClosedBy)
	}
	if len(rows[3].Groups) != 0 || rows[3].Source != SourceNone {
		t.Errorf("AdsBot-Google: groups %v source %s, want none", rows[3].Groups, rows[3].Source)
	}
}

func TestSummarize(t *testing.T) {
	r := robotstxt.ParseString("User-agent: GPTBot\nUser-agent: CCBot\nDisallow: /\n\nUser-agent: ClaudeBot\nDisallow: /private/\n")
	s := Summarize(r, []string{"/", "/private/x"})
	current, legacy := 0, 0
	for _, c := range AICrawlers() {
		if c.Legacy || c.TokenOnly {
			legacy++
		} else {
			current++
		}
	}
	if s.AI.Closed != 2 || s.AI.Blocked != 1 || s.AI.Total != current {
		t.Errorf("AI = %+v, want 2 closed, 1 blocked, %d total (current, fetching crawlers only)", s.AI, current)
	}
	if s.Legacy.Total != legacy || s.Legacy.Closed != 0 {
		t.Errorf("Legacy = %+v, want %d tokens, none closed", s.Legacy, legacy)
	}
	r = robotstxt.ParseString("User-agent: anthropic-ai\nUser-agent: Google-Extended\nDisallow: /\n")
	if s := Summarize(r, []string{"/"}); s.AI.Closed != 0 || s.Legacy.Closed != 2 {
		t.Errorf("legacy and token-only closed: AI %+v, Legacy %+v; want them counted apart", s.AI, s.Legacy)
	}
	if s.Search.Closed != 0 || s.Search.Total != len(ByPurpose(PurposeSearch)) {
		t.Errorf("Search = %+v", s.Search)
	}
	ai, search := s.Text("en")
	if !strings.HasPrefix(ai, "blocks 2 of ") || !strings.Contains(ai, "and 1 more") || !strings.HasPrefix(search, "blocks 0 of ") {
		t.Errorf("Text = %q, %q", ai, search)
	}
}

func TestFollowers(t *testing.T) {
	var got []string
	for _, c := range Followers("googlebot") {
		got = append(got, c.Token)
	}
	if strings.Join(got, ",") != "Googlebot-Image,Googlebot-Video,Googlebot-News,Applebot,Google-InspectionTool" {
		t.Errorf("Followers(googlebot) = %v", got)
	}
}

// TestRegistryFallbacksMatchCore: the registry's Fallback and IgnoresStar
// are the core's documented crawler rules, so that report, the page and
// every verdict agree.
func TestRegistryFallbacksMatchCore(t *testing.T) {
	for _, c := range All() {
		if c.Token == "*" {
			continue
		}
		fb, ignores := robotstxt.CrawlerFallback(c.Token)
		if !strings.EqualFold(fb, c.Fallback) || ignores != c.IgnoresStar {
			t.Errorf("%s: registry says fallback %q, ignores * %v; robotstxt.CrawlerFallback says %q, %v",
				c.Token, c.Fallback, c.IgnoresStar, fb, ignores)
		}
	}
}

// TestRegistry2026 holds the crawlers and agents operators documented in
// 2026 to what they say: purpose, robots.txt, user-triggered, and how each
// can be verified (field notes, sections 5b and 6c).
func TestRegistry2026(t *testing.T) {
	for _, tt := range []struct {
		token, operator, purpose, robots string
		userTriggered                    bool
		list, dns, sig                   string // one expected of each ("" for none)
	}{
		{"Google-Agent", "Google", PurposeAIAssistant, RobotsNo, true, "https://developers.google.com/static/crawling/ipranges/user-triggered-agents.json", "google.com", "https://agent.bot.goog"},
		{"OAI-AdsBot", "OpenAI", PurposeAds, "", false, "https://openai.com/adsbot.json", "", ""},
		{"MistralAI-Index", "Mistral", PurposeAISearch, "", false, "https://mistral.ai/mistralai-index-ips.json", "", ""},
		{"MistralAI-Training", "Mistral", PurposeAITraining, "", false, "", "", ""},
		{"meta-webindexer", "Meta", PurposeAISearch, "", false, "", "", ""},
		{"ShapBot", "Parallel", PurposeAISearch, "", false, "https://docs.parallel.ai/resources/shapbot.json", "", ""},
		{"ExaBot", "Exa", PurposeAISearch, "", false, "", "", ""},
		{"CCBot", "Common Crawl", PurposeAITraining, RobotsYes, false, "https://index.commoncrawl.org/ccbot.json", "crawl.commoncrawl.org", ""},
		{"Amazonbot", "Amazon", PurposeAITraining, RobotsYes, false, "https://developer.amazon.com/amazonbot/ip-addresses/", "crawl.amazonbot.amazon", ""},
		{"Amzn-User", "Amazon", PurposeAIAssistant, "", true, "https://developer.amazon.com/amazonbot/live-ip-addresses/", "crawl.amazonbot.amazon", ""},
		{"ChatGPT-User", "OpenAI", PurposeAIAssistant, RobotsPartial, true, "https://openai.com/chatgpt-connectors.json", "", ""},
		{"Perplexity-User", "Perplexity", PurposeAIAssistant, RobotsNo, true, "https://www.perplexity.com/perplexity-user.json", "", ""},
		{"FeedFetcher-Google", "Google", PurposeOther, RobotsNo, true, "https://developers.google.com/static/crawling/ipranges/user-triggered-fetchers-google.json", "googlebot.com", ""},
		{"Google-Safety", "Google", PurposeOther, RobotsNo, false, "https://developers.google.com/static/crawling/ipranges/special-crawlers.json", "google.com", ""},
		{"GPTBot", "OpenAI", PurposeAITraining, RobotsYes, false, "https://openai.com/gptbot.json", "", ""},
		{"YandexBot", "Yandex", PurposeSearch, RobotsYes, false, "", "yandex.ru", ""},
	} {
		c, ok := Lookup(tt.token)
		if !ok {
			t.Errorf("%s: missing", tt.token)
			continue
		}
		if c.Operator != tt.operator || c.Purpose != tt.purpose || c.Robots != tt.robots || c.UserTriggered != tt.userTriggered {
			t.Errorf("%s: %+v", tt.token, c)
		}
		has := func(list []string, want string) bool {
			if want == "" {
				return true
			}
			for _, x := range list {
				if x == want {
					return true
				}
			}
			return false
		}
		if !has(c.IPLists, tt.list) || (tt.list == "" && len(c.IPLists) > 0) || !has(c.ReverseDNS, tt.dns) || (tt.dns == "" && len(c.ReverseDNS) > 0) || c.SignatureAgent != tt.sig {
			t.Errorf("%s: verified by lists %v, DNS %v, signatures %q", tt.token, c.IPLists, c.ReverseDNS, c.SignatureAgent)
		}
	}
	if c, _ := Lookup("Mediapartners-Google"); !strings.Contains(c.Notes, "since September 2026, all of them") {
		t.Errorf("Mediapartners-Google: %q", c.Notes)
	}
	// Every verification names a registry token, and has the right shape.
	for token, v := range verifications {
		if _, ok := Lookup(token); !ok {
			t.Errorf("verification of %s, not in the registry", token)
		}
		for _, u := range append(append([]string(nil), v.lists...), v.sig) {
			if u != "" && !strings.HasPrefix(u, "https://") {
				t.Errorf("%s: %q is not an https address", token, u)
			}
		}
		for _, d := range v.dns {
			if strings.ContainsAny(d, "/:*") || strings.HasPrefix(d, ".") {
				t.Errorf("%s: DNS suffix %q", token, d)
			}
		}
	}
}
