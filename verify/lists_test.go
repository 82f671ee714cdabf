package verify

import (
	"context"
	"net/netip"
	"strings"
	"testing"
	"time"
)

// shippedLists is the snapshot, one row per list: a sample address taken
// from the middle of the operator's file, the crawler it verifies, the
// list's creationTime and its number of prefixes.
var shippedLists = []struct {
	file, operator, crawler, addr, created string
	prefixes                               int
	userTriggered                          bool
}{
	{"amazon-amazonbot.json", "Amazon", "Amazonbot", "44.194.134.53", "2026-04-30", 524, false},
	{"amazon-searchbot.json", "Amazon", "Amzn-SearchBot", "44.221.129.95", "2025-11-21", 512, false},
	{"amazon-user.json", "Amazon", "Amzn-User", "44.206.40.110", "2025-11-04", 1023, true},
	{"anthropic-bots.json", "Anthropic", "ClaudeBot", "34.182.225.167", "2026-10-07", 38, false},
	{"apple-applebot.json", "Apple", "Applebot", "17.166.232.128", "2026-09-15", 24, false},
	{"bing-bingbot.json", "Microsoft", "bingbot", "40.79.186.184", "2024-01-03", 28, false},
	{"commoncrawl-ccbot.json", "Common Crawl", "CCBot", "3.41.188.36", "2026-08-04", 6, false},
	{"duckduckgo-duckassistbot.json", "DuckDuckGo", "DuckAssistBot", "20.80.114.203", "2026-07-03", 481, false},
	{"duckduckgo-duckduckbot.json", "DuckDuckGo", "DuckDuckBot", "20.80.114.203", "2026-07-03", 481, false},
	{"google-common-crawlers.json", "Google", "Googlebot", "192.178.6.176", "2026-08-20", 315, false},
	{"google-special-crawlers.json", "Google", "AdsBot-Google", "108.177.2.16", "2026-08-20", 270, false},
	{"google-user-triggered-agents.json", "Google", "Google-Agent", "136.121.44.0", "2026-05-19", 20, true},
	{"google-user-triggered-fetchers-google.json", "Google", "FeedFetcher-Google", "2001:4860:4801:4004::1", "2026-08-17", 494, true},
	{"google-user-triggered-fetchers.json", "Google", "FeedFetcher-Google", "107.178.192.16", "2026-08-20", 1056, true},
	{"mistral-index.json", "Mistral", "MistralAI-Index", "20.240.192.194", "2026-04-19", 2, false},
	{"mistral-user.json", "Mistral", "MistralAI-User", "20.240.194.83", "2025-02-19", 4, true},
	{"openai-adsbot.json", "OpenAI", "OAI-AdsBot", "20.168.90.192", "2026-05-12", 2, false},
	{"openai-chatgpt-connectors.json", "OpenAI", "ChatGPT-User", "216.64.170.234", "2026-08-14", 261, true},
	{"openai-chatgpt-user.json", "OpenAI", "ChatGPT-User", "4.197.115.120", "2026-08-14", 204, true},
	{"openai-gptbot.json", "OpenAI", "GPTBot", "52.230.152.128", "2025-10-30", 21, false},
	{"openai-searchbot.json", "OpenAI", "OAI-SearchBot", "20.171.123.72", "2026-01-02", 35, false},
	{"parallel-shapbot.json", "Parallel", "ShapBot", "34.45.55.180", "2026-07-14", 10, false},
	{"perplexity-perplexitybot.json", "Perplexity", "PerplexityBot", "3.211.124.183", "2025-02-07", 8, false},
	{"perplexity-user.json", "Perplexity", "Perplexity-User", "34.193.163.52", "2025-10-17", 4, true},
}

// TestShippedLists: every list of Operators is shipped and parses, with
// its creationTime and prefix count as the operator published them and
// the date its provenance states; each list's sample address verifies the
// crawler it names (by that very list, without DNS); the same address
// claiming a crawler of another operator is Spoofed or Unverifiable, never
// Verified.
func TestShippedLists(t *testing.T) {
	r, err := Snapshot()
	if err != nil {
		t.Fatal(err)
	}
	byFile := map[string]List{}
	for _, l := range r.Lists {
		byFile[l.File] = l
	}
	sources := 0
	for _, op := range Operators {
		sources += len(op.Sources)
	}
	if len(r.Lists) != len(shippedLists) || sources != len(shippedLists) {
		t.Fatalf("%d lists loaded, %d sources, table has %d", len(r.Lists), sources, len(shippedLists))
	}
	for _, tt := range shippedLists {
		t.Run(tt.file, func(t *testing.T) {
			l, ok := byFile[tt.file]
			if !ok {
				t.Fatal("not loaded")
			}
			if l.Operator != tt.operator || l.From != "snapshot" || l.Prefixes != tt.prefixes || l.Created.Format("2006-01-02") != tt.created || l.UserTriggered != tt.userTriggered {
				t.Errorf("got %s from %s, %d prefixes, created %s, user-triggered %v", l.Operator, l.From, l.Prefixes, l.Created, l.UserTriggered)
			}
			if !strings.Contains(l.Snapshot, "creationTime "+tt.created) || !strings.HasPrefix(l.Snapshot, "copied from github.com/") {
				t.Errorf("provenance %q does not state where it came from and its date %s", l.Snapshot, tt.created)
			}
			if !strings.HasPrefix(l.URL, "https://") {
				t.Errorf("official address %q", l.URL)
			}
			addr := netip.MustParseAddr(tt.addr)
			v := &Verifier{Ranges: r}
			got := v.VerifyCrawler(context.Background(), tt.operator, tt.crawler, addr)
			if got.Status != Verified || got.Method != "ip-list" || got.UserTriggered != tt.userTriggered || !r.InList(got.List, addr) {
				t.Errorf("%s from %s: %+v", tt.crawler, addr, got)
			}
			if !r.InList(tt.file, addr) {
				t.Errorf("%s not in %s", addr, tt.file)
			}
			for _, other := range []struct{ op, crawler string }{{"OpenAI", "GPTBot"}, {"Google", "Googlebot"}, {"Anthropic", "ClaudeBot"}} {
				if other.op == tt.operator {
					continue
				}
				if got := v.VerifyCrawler(context.Background(), other.op, other.crawler, addr); got.Status != Spoofed {
					t.Errorf("%s's address claiming %s: %+v, want spoofed", tt.operator, other.crawler, got)
				}
			}
		})
	}
}

// TestVerifyCrawler is the decision table of VerifyCrawler: the lists that
// name a crawler decide its claims.
func TestVerifyCrawler(t *testing.T) {
	r, err := Snapshot()
	if err != nil {
		t.Fatal(err)
	}
	for _, tt := range []struct {
		name, operator, crawler, addr string
		dns                           bool
		want                          Status
		method, list, reason          string
	}{
		{"GPTBot from an address in no list", "OpenAI", "GPTBot", "198.51.100.7", false, Spoofed, "ip-list", "", ""},
		{"GPTBot from ChatGPT-User's list: not GPTBot", "OpenAI", "GPTBot", "4.197.115.120", false, Spoofed, "ip-list", "", ""},
		{"ChatGPT-User from its connectors list", "OpenAI", "ChatGPT-User", "216.64.170.234", false, Verified, "ip-list", "openai-chatgpt-connectors.json", ""},
		{"tokens are matched ignoring case", "OpenAI", "gptbot", "52.230.152.128", false, Verified, "ip-list", "openai-gptbot.json", ""},
		{"a crawler no list names, from the operator's list", "Anthropic", "Claude-Web", "34.182.225.167", false, Verified, "ip-list", "anthropic-bots.json", ""},
		{"a crawler no list names, elsewhere, no DNS documented", "Mistral", "MistralAI-Training", "198.51.100.7", false, Unverifiable, "", "", ReasonNoList},
		{"CCBot by reverse DNS outside its list", "Common Crawl", "CCBot", "192.0.2.40", true, Verified, "dns", "", ""},
		{"CCBot outside its list, DNS off", "Common Crawl", "CCBot", "198.51.100.7", false, Spoofed, "ip-list", "", ""},
		{"Amazonbot by reverse DNS", "Amazon", "Amazonbot", "192.0.2.41", true, Verified, "dns", "", ""},
		{"Googlebot from Google-Agent's list: not Googlebot", "Google", "Googlebot", "136.121.44.0", false, Spoofed, "ip-list", "", ""},
		{"a crawler of an operator with nothing published", "Meta", "meta-webindexer", "198.51.100.7", true, Unverifiable, "", "", ReasonNothingPublished},
		{"Yandex with DNS off", "Yandex", "YandexBot", "5.255.253.1", false, Unverifiable, "", "", ReasonDNSOff},
		{"Yandex, DNS server failure", "Yandex", "YandexBot", "198.51.100.99", true, Unverifiable, "", "", ReasonDNSUnanswered},
		{"no address", "OpenAI", "GPTBot", "", false, Unverifiable, "", "", ReasonNoAddress},
	} {
		t.Run(tt.name, func(t *testing.T) {
			v := &Verifier{Ranges: r}
			if tt.dns {
				v.DNS = &DNS{Resolver: newFake()}
			}
			var addr netip.Addr
			if tt.addr != "" {
				addr = netip.MustParseAddr(tt.addr)
			}
			got := v.VerifyCrawler(context.Background(), tt.operator, tt.crawler, addr)
			if got.Status != tt.want || got.Method != tt.method || got.List != tt.list || got.Reason != tt.reason {
				t.Errorf("got %+v, want %s by %q (list %q, reason %q)", got, tt.want, tt.method, tt.list, tt.reason)
			}
		})
	}
}

// TestDNSStats: a resolver that fails (refused, timed out) leaves its
// lookups unanswered, the checks past MaxFailures are skipped, and the
// counts say so.
func TestDNSStats(t *testing.T) {
	f := newFake()
	d := &DNS{Resolver: f, MaxFailures: 2}
	ctx := context.Background()
	d.Check(ctx, "Google", []string{"google.com"}, netip.MustParseAddr("66.249.90.77"))    // confirmed
	d.Check(ctx, "Google", []string{"googlebot.com"}, netip.MustParseAddr("198.51.100.7")) // refuted: no PTR
	for range 4 {                                                                          // server failure, looked up once
		d.Check(ctx, "Google", []string{"google.com"}, netip.MustParseAddr("198.51.100.99"))
	}
	d.Check(ctx, "Google", []string{"googlebot.com"}, netip.MustParseAddr("203.0.113.10")) // forward lookup fails
	d.Check(ctx, "Google", []string{"google.com"}, netip.MustParseAddr("192.0.2.77"))      // budget of failures spent
	want := DNSStats{Lookups: 4, Answered: 2, Unanswered: 2, Skipped: 1}
	if got := d.Stats(); got != want {
		t.Errorf("stats %+v, want %+v", got, want)
	}
	if got := (*DNS)(nil).Stats(); got != (DNSStats{}) {
		t.Errorf("nil DNS: %+v", got)
	}
}

// TestListAge: a list's date is its creationTime, else its file's time;
// it is old when both are past MaxAge (90 days).
func TestListAge(t *testing.T) {
	created := time.Date(2026, 9, 1, 0, 0, 0, 0, time.UTC)
	for _, tt := range []struct {
		name string
		l    List
		now  time.Time
		age  int
		old  bool
	}{
		{"creationTime, 90 days", List{Created: created}, created.Add(90 * 24 * time.Hour), 90, false},
		{"creationTime, 91 days", List{Created: created}, created.Add(91 * 24 * time.Hour), 91, true},
		{"file time when no creationTime", List{Modified: created}, created.Add(100 * 24 * time.Hour), 100, true},
		{"dated by creationTime, fresh by its fetch", List{Created: created, Modified: created.Add(60 * 24 * time.Hour)}, created.Add(95 * 24 * time.Hour), 95, false},
		{"fetched long ago too", List{Created: created, Modified: created.Add(2 * 24 * time.Hour)}, created.Add(95 * 24 * time.Hour), 95, true},
		{"no date", List{}, created, -1, false},
		{"dated in the future", List{Created: created}, created.Add(-time.Hour), 0, false},
	} {
		if age, old := tt.l.AgeDays(tt.now), tt.l.Old(tt.now); age != tt.age || old != tt.old {
			t.Errorf("%s: age %d old %v, want %d %v", tt.name, age, old, tt.age, tt.old)
		}
	}
}

// TestParsePage: a page's addresses and prefixes become the list; an error
// page that shows an address or two is refused; private, loopback and
// version-like tokens are not addresses.
func TestParsePage(t *testing.T) {
	var page strings.Builder
	page.WriteString("<html><body><h1>Amazonbot IP addresses</h1><ul>")
	for i := range 9 {
		page.WriteString("<li>44.194.134." + string(rune('1'+i)) + "</li>\n")
	}
	page.WriteString("<li>3.41.188.32/29</li><li>2600:1f28:365:80b0::/60</li><li>10.0.0.1</li><li>127.0.0.1</li><li>v1.2</li><li>44.194.134.1</li></ul></body></html>")
	ps, err := ParsePage([]byte(page.String()))
	if err != nil {
		t.Fatal(err)
	}
	if len(ps) != 11 {
		t.Errorf("%d prefixes: %v", len(ps), ps)
	}
	want := map[string]bool{"44.194.134.1/32": true, "3.41.188.32/29": true, "2600:1f28:365:80b0::/60": true}
	for _, p := range ps {
		delete(want, p.String())
		if p.Addr().IsPrivate() || p.Addr().IsLoopback() {
			t.Errorf("kept %v", p)
		}
	}
	if len(want) != 0 {
		t.Errorf("missing %v", want)
	}
	for _, bad := range []string{
		"<html>Just a moment... Your IP: 203.0.113.9. Ray ID 8c1f</html>",
		"",
		strings.Repeat("x", maxListBytes+1),
		"\xff\xfe 1.1.1.1 \xff",
	} {
		if ps, err := ParsePage([]byte(bad)); err == nil {
			t.Errorf("%.40q parsed: %v", bad, ps)
		}
	}
}

// TestVerifyCrawlerAllocs: judging a claim by the lists allocates nothing,
// verified or spoofed, named by a list or not.
func TestVerifyCrawlerAllocs(t *testing.T) {
	r, err := Snapshot()
	if err != nil {
		t.Fatal(err)
	}
	v := &Verifier{Ranges: r}
	ctx := context.Background()
	for _, c := range []struct{ op, token, addr string }{
		{"OpenAI", "GPTBot", "52.230.152.128"},
		{"OpenAI", "GPTBot", "198.51.100.7"},
		{"Google", "Google-Agent", "2001:4860:c::1"},
		{"Anthropic", "Claude-Web", "198.51.100.7"},
	} {
		addr := netip.MustParseAddr(c.addr)
		if n := testing.AllocsPerRun(100, func() { v.VerifyCrawler(ctx, c.op, c.token, addr) }); n != 0 {
			t.Errorf("%s from %s: %v allocations", c.token, c.addr, n)
		}
	}
}
