package logcheck

import (
	"context"
	"errors"
	"net/netip"
	"strings"
	"testing"

	"github.com/robotstxt/robotstxt"
	"github.com/robotstxt/robotstxt/logs"
	"github.com/robotstxt/robotstxt/verify"
)

// deadResolver answers nothing: every lookup fails as a refused or timed
// out query does.
type deadResolver struct{ calls int }

func (d *deadResolver) LookupAddr(context.Context, string) ([]string, error) {
	d.calls++
	return nil, errors.New("connection refused")
}

func (d *deadResolver) LookupHost(context.Context, string) ([]string, error) {
	d.calls++
	return nil, errors.New("connection refused")
}

func judgeAll(t *testing.T, c *Checker, reqs []logs.Record) *Report {
	t.Helper()
	for i := range reqs {
		var j Judgement
		c.Judge(context.Background(), &reqs[i], &j)
		c.Add(&reqs[i], &j)
	}
	return c.Report()
}

// TestUserTriggered: a request verified by a list of user-triggered
// fetchers (ChatGPT-User's) marks its crawler user-triggered, and the
// report says its disallowed fetches were made for a user by a fetcher
// that generally does not read robots.txt; a crawler such as GPTBot keeps
// the plain title.
func TestUserTriggered(t *testing.T) {
	ranges, err := verify.Snapshot()
	if err != nil {
		t.Fatal(err)
	}
	tl := NewTimeline([]Version{{N: 1, Label: "robots.txt", Robots: robotstxt.ParseString("User-agent: *\nDisallow: /private/\n")}})
	c := &Checker{Timeline: tl, Identify: NewIdentifier(nil), Verifier: &verify.Verifier{Ranges: ranges}}
	rep := judgeAll(t, c, []logs.Record{
		{Time: t0, Addr: netip.MustParseAddr("4.197.115.120"), UserAgent: "Mozilla/5.0 (compatible; ChatGPT-User/1.0; +https://openai.com/bot)", Target: "/private/a"},
		{Time: t0, Addr: netip.MustParseAddr("52.230.152.128"), UserAgent: "GPTBot/1.2", Target: "/private/b"},
	})
	u, g := row(rep, "ChatGPT-User"), row(rep, "GPTBot")
	if u == nil || !u.UserTriggered || u.Verified != 1 || u.Violations != 1 {
		t.Fatalf("ChatGPT-User %+v", u)
	}
	if g == nil || g.UserTriggered || g.Violations != 1 {
		t.Fatalf("GPTBot %+v", g)
	}
	var b strings.Builder
	rep.WriteText(&b)
	out := b.String()
	if !strings.Contains(out, "ChatGPT-User: disallowed yet fetched for a user (a user-triggered fetcher: its operator says these generally do not read robots.txt)") {
		t.Errorf("no user-triggered note:\n%s", out)
	}
	if !strings.Contains(out, "GPTBot: disallowed yet fetched\n") {
		t.Errorf("GPTBot's violations not plain:\n%s", out)
	}
}

// TestDNSUnanswered: when reverse DNS gives no answer, a crawler that only
// DNS can verify (YandexBot) is unverifiable with that reason, the report
// counts the lookups answered and not, and says so per crawler; with DNS
// off the reason is that.
func TestDNSUnanswered(t *testing.T) {
	tl := NewTimeline([]Version{{N: 1, Label: "robots.txt", Robots: robotstxt.ParseString("User-agent: *\nDisallow:\n")}})
	reqs := func() []logs.Record {
		var out []logs.Record
		for i := range 30 {
			out = append(out, logs.Record{Time: t0, Addr: netip.AddrFrom4([4]byte{5, 255, 253, byte(i)}), UserAgent: "Mozilla/5.0 (compatible; YandexBot/3.0)", Target: "/"})
		}
		return out
	}
	dead := &deadResolver{}
	dns := &verify.DNS{Resolver: dead, MaxFailures: 5}
	c := &Checker{Timeline: tl, Identify: NewIdentifier(nil), Verifier: &verify.Verifier{DNS: dns}}
	rep := judgeAll(t, c, reqs())
	rep.DNS, rep.DNSLookups, rep.DNSStats = true, dns.Lookups(), dns.Stats()
	y := row(rep, "YandexBot")
	if y == nil || y.Unverifiable != 30 || y.Verified+y.Spoofed != 0 || y.UnverifiableReasons[verify.ReasonDNSUnanswered] != 30 {
		t.Fatalf("YandexBot %+v", y)
	}
	if rep.DNSStats != (verify.DNSStats{Lookups: 5, Answered: 0, Unanswered: 5, Skipped: 25}) || dead.calls != 5 {
		t.Errorf("stats %+v, %d resolver calls", rep.DNSStats, dead.calls)
	}
	var b strings.Builder
	rep.WriteText(&b)
	out := b.String()
	for _, want := range []string{
		"YandexBot: 30 requests unverifiable: reverse DNS gave no answer",
		"reverse DNS on (5 addresses looked up, 0 answered, 5 without an answer; 25 checks not looked up: the lookup budget was spent or the resolver stopped answering)",
	} {
		if !strings.Contains(out, want) {
			t.Errorf("no %q in\n%s", want, out)
		}
	}

	c = &Checker{Timeline: tl, Identify: NewIdentifier(nil), Verifier: &verify.Verifier{}}
	rep = judgeAll(t, c, reqs()[:2])
	if y := row(rep, "YandexBot"); y.UnverifiableReasons[verify.ReasonDNSOff] != 2 {
		t.Errorf("DNS off: %+v", y)
	}
	b.Reset()
	rep.WriteText(&b)
	if !strings.Contains(b.String(), "YandexBot: 2 requests unverifiable: only reverse DNS could tell, and it is off") {
		t.Errorf("DNS off not said:\n%s", b.String())
	}
}
