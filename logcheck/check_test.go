package logcheck

import (
	"context"
	"fmt"
	"net/netip"
	"testing"
	"time"

	"github.com/robotstxt/robotstxt"
	"github.com/robotstxt/robotstxt/logs"
	"github.com/robotstxt/robotstxt/verify"
)

var t0 = time.Date(2026, 10, 1, 0, 0, 0, 0, time.UTC)

func at(d time.Duration) time.Time { return t0.Add(d) }

const (
	h = time.Hour
	d = 24 * time.Hour
)

// timeline: version 1 closes /private/ to all; version 2 (ten days on)
// also closes the whole site to GPTBot; version 3 (twenty days on) is a
// failed fetch (5xx: everything disallowed); version 4 (thirty days on)
// is a 404 (everything allowed).
func testTimeline() *Timeline {
	v1 := "User-agent: *\nDisallow: /private/\n"
	v2 := v1 + "\nUser-agent: GPTBot\nDisallow: /\n"
	return NewTimeline([]Version{
		{N: 2, From: at(10 * d), Label: "v2", Robots: robotstxt.ParseString(v2)},
		{N: 1, From: at(0), Label: "v1", Robots: robotstxt.ParseString(v1)},
		{N: 3, From: at(20 * d), Label: "v3", Status: "unreachable"},
		{N: 4, From: at(30 * d), Label: "v4", Status: "unavailable"},
	})
}

const (
	googleUA = "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)"
	gptUA    = "Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; GPTBot/1.2; +https://openai.com/gptbot)"
	google   = "66.249.64.1"    // in Google's shipped list
	openai   = "52.230.152.128" // in OpenAI's GPTBot list
	stranger = "203.0.113.66"
)

// checkTests is a log in time order; each request names the one counter
// of its crawler it must raise (RFC 9309 sections in the comments).
var checkTests = []struct {
	when       time.Time
	addr, ua   string
	target     string
	crawler    string
	counter    string
	rule, line int // for violations and grace: version and line
}{
	{at(-h), google, googleUA, "/private/a", "Googlebot", "unjudged", 0, 0}, // before the first version known
	{at(h), google, googleUA, "/robots.txt", "Googlebot", "robotsFetches", 0, 0},
	{at(2 * h), google, googleUA, "/", "Googlebot", "allowed", 0, 0},
	{at(3 * h), google, googleUA, "/private/a?x=1", "Googlebot", "violations", 1, 2},                // §2.2.2: the longest match disallows
	{at(3 * h), stranger, googleUA, "/private/b", "Googlebot", "spoofed", 0, 0},                     // not Google: nobody's violation
	{at(4 * h), google, googleUA, "https://example.com/private/c", "Googlebot", "violations", 1, 2}, // an absolute target is judged by its path
	{at(5 * h), openai, gptUA, "/page", "GPTBot", "allowed", 0, 0},
	{at(10*d + h), openai, gptUA, "/page", "GPTBot", "grace", 2, 5},                   // §2.4: within 24 h of the new rule, no fetch since
	{at(10*d + 2*h), openai, gptUA, "/robots.txt?x", "GPTBot", "robotsFetches", 0, 0}, // a query does not make it another file
	{at(10*d + 3*h), openai, gptUA, "/page", "GPTBot", "violations", 2, 5},            // read the new file, fetched anyway
	{at(10*d + 4*h), openai, gptUA, "/private/x", "GPTBot", "violations", 2, 5},       // disallowed in every version
	{at(10*d + 5*h), stranger, "Mozilla/5.0 Firefox/140.0", "/private/x", "", "other", 0, 0},
	{at(20*d + h), google, googleUA, "/", "Googlebot", "grace", 3, 0},      // 5xx: everything disallowed (§2.3.1.4), grace applies
	{at(21*d + h), google, googleUA, "/", "Googlebot", "violations", 3, 0}, // more than 24 h on
	{at(30*d + h), openai, gptUA, "/private/x", "GPTBot", "allowed", 0, 0}, // 404: everything allowed (§2.3.1.3)
	{at(30*d + 2*h), "", gptUA, "/x", "GPTBot", "allowed", 0, 0},           // no address: unverifiable, still judged
}

func counters(r *CrawlerRow) map[string]int {
	if r == nil {
		return map[string]int{}
	}
	return map[string]int{"robotsFetches": r.RobotsFetches, "allowed": r.Allowed, "violations": r.Violations, "grace": r.Grace, "unjudged": r.Unjudged, "spoofed": r.Spoofed}
}

func row(rep *Report, token string) *CrawlerRow {
	for i := range rep.Crawlers {
		if rep.Crawlers[i].Token == token {
			return &rep.Crawlers[i]
		}
	}
	return nil
}

func TestCheck(t *testing.T) {
	ranges, err := verify.Snapshot()
	if err != nil {
		t.Fatal(err)
	}
	c := &Checker{Timeline: testTimeline(), Identify: NewIdentifier(nil), Verifier: &verify.Verifier{Ranges: ranges}}
	for i, tt := range checkTests {
		r := &logs.Record{Time: tt.when, UserAgent: tt.ua, Target: tt.target, Method: "GET", Line: i + 1}
		if tt.addr != "" {
			r.Addr = netip.MustParseAddr(tt.addr)
		}
		before := c.Report()
		beforeOther := before.OtherRequests
		prev := counters(row(before, tt.crawler))
		var j Judgement
		c.Judge(context.Background(), r, &j)
		c.Add(r, &j)
		rep := c.Report()
		name := fmt.Sprintf("request %d (%s %s at %v)", i+1, tt.crawler, tt.target, tt.when.Sub(t0))
		if tt.counter == "other" {
			if rep.OtherRequests != beforeOther+1 {
				t.Errorf("%s: not counted as another client", name)
			}
			continue
		}
		cur := counters(row(rep, tt.crawler))
		for k, v := range cur {
			want := prev[k]
			if k == tt.counter {
				want++
			}
			if v != want {
				t.Errorf("%s: %s = %d, want %d", name, k, v, want)
			}
		}
		if tt.counter == "violations" || tt.counter == "grace" {
			rules := row(rep, tt.crawler).ViolatedRules
			if tt.counter == "grace" {
				rules = row(rep, tt.crawler).GraceRules
			}
			found := false
			for _, rr := range rules {
				found = found || rr.Version == tt.rule && rr.Line == tt.line
			}
			if !found {
				t.Errorf("%s: no rule row for version %d line %d in %+v", name, tt.rule, tt.line, rules)
			}
		}
	}
	rep := c.Report()
	g := row(rep, "Googlebot")
	if g.Requests != 8 || g.Verified != 7 || g.Spoofed != 1 || g.Unverifiable != 0 || g.SpoofedAddrs[0] != stranger {
		t.Errorf("Googlebot row %+v", g)
	}
	o := row(rep, "GPTBot")
	if o.Requests != 7 || o.Unverifiable != 1 || o.Verified != 6 {
		t.Errorf("GPTBot row %+v", o)
	}
	if rep.Crawlers[0].Token != "Googlebot" && rep.Crawlers[0].Violations < rep.Crawlers[1].Violations {
		t.Errorf("crawlers not sorted by violations: %+v", rep.Crawlers)
	}
	if len(rep.Operators) != 2 || rep.Operators[0].Violations+rep.Operators[1].Violations != g.Violations+o.Violations {
		t.Errorf("operators %+v", rep.Operators)
	}
	ex := row(rep, "Googlebot").ViolatedRules[0].Examples
	if len(ex) != 2 || ex[0] != "/private/a?x=1" {
		t.Errorf("examples %v", ex)
	}
}

func TestTimelineAt(t *testing.T) {
	tl := testTimeline()
	for _, tt := range []struct {
		t    time.Time
		want int
	}{{at(-1), -1}, {at(0), 0}, {at(10*d - 1), 0}, {at(10 * d), 1}, {at(25 * d), 2}, {at(400 * d), 3}} {
		if got := tl.At(tt.t); got != tt.want {
			t.Errorf("At(%v) = %d, want %d", tt.t.Sub(t0), got, tt.want)
		}
	}
	if tl.Versions[0].N != 1 || tl.Versions[1].N != 2 {
		t.Errorf("versions not sorted by time: %+v", tl.Versions)
	}
}

func TestIdentify(t *testing.T) {
	id := NewIdentifier([]string{"MyShopBot", "googlebot", "*", "Google-Extended"})
	for _, tt := range []struct{ ua, want string }{
		{googleUA, "Googlebot"},
		{"Googlebot-Image/1.0", "Googlebot-Image"}, // the longest token wins
		{"Mozilla/5.0 (compatible; YandexBot/3.0; +http://yandex.com/bots)", "YandexBot"},
		{"Mozilla/5.0 (compatible; AdsBot-Google-Mobile; +http://www.google.com/mobile/adsbot.html)", "AdsBot-Google-Mobile"},
		{gptUA, "GPTBot"},
		{"Mozilla/5.0 (compatible; Claude-SearchBot/1.0)", "Claude-SearchBot"},
		{"myshopbot/2 (+https://shop.example)", "MyShopBot"}, // a token the site's robots.txt names, any case
		{"NotGooglebotReally", ""},                           // not at a word boundary
		{"Mozilla/5.0 (X11; Linux x86_64) Firefox/140.0", ""},
		{"Google-Extended", ""}, // a token that fetches nothing is nobody's user agent
		{"", ""},
	} {
		i := id.Identify(tt.ua)
		got := ""
		if i >= 0 {
			got = id.Crawlers[i].Token
		}
		if got != tt.want {
			t.Errorf("Identify(%q) = %q, want %q", tt.ua, got, tt.want)
		}
		if again := id.Identify(tt.ua); again != i {
			t.Errorf("cached answer for %q differs", tt.ua)
		}
	}
	if n := testing.AllocsPerRun(100, func() { id.Identify(googleUA) }); n != 0 {
		t.Errorf("a cached Identify allocates %v times", n)
	}
	// A handful of user agents are in the lock-free snapshot at once, not
	// waiting under the lock for 32 more.
	if m := id.snap.Load(); m == nil || len(*m) != 10 {
		t.Errorf("the snapshot holds %v, want the 10 user agents asked", m)
	}
}
