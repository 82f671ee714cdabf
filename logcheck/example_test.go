package logcheck_test

import (
	"context"
	"fmt"
	"net/netip"
	"time"

	"github.com/robotstxt/robotstxt"
	"github.com/robotstxt/robotstxt/logcheck"
	"github.com/robotstxt/robotstxt/logs"
	"github.com/robotstxt/robotstxt/verify"
)

func ExampleChecker() {
	t0 := time.Date(2026, 12, 1, 0, 0, 0, 0, time.UTC)
	tl := logcheck.NewTimeline([]logcheck.Version{
		{N: 1, From: t0, Label: "v1", Robots: robotstxt.ParseString("User-agent: *\nDisallow: /cart/\n")},
		{N: 2, From: t0.Add(48 * time.Hour), Label: "v2", Robots: robotstxt.ParseString("User-agent: *\nDisallow: /cart/\nDisallow: /blog/\n")},
	})
	ranges, _ := verify.Snapshot()
	c := &logcheck.Checker{Timeline: tl, Identify: logcheck.NewIdentifier(nil), Verifier: &verify.Verifier{Ranges: ranges}}
	for _, r := range []logs.Record{
		{Time: t0.Add(time.Hour), Addr: netip.MustParseAddr("66.249.64.1"), Target: "/cart/", UserAgent: "Googlebot/2.1"},
		{Time: t0.Add(49 * time.Hour), Addr: netip.MustParseAddr("66.249.64.1"), Target: "/blog/x", UserAgent: "Googlebot/2.1"},
		{Time: t0.Add(50 * time.Hour), Addr: netip.MustParseAddr("203.0.113.5"), Target: "/cart/", UserAgent: "Googlebot/2.1"},
	} {
		var j logcheck.Judgement
		c.Judge(context.Background(), &r, &j)
		c.Add(&r, &j)
	}
	g := c.Report().Crawlers[0]
	fmt.Println(g.Token, "violations", g.Violations, "grace", g.Grace, "spoofed", g.Spoofed, "verified", g.Verified)
	// Output: Googlebot violations 1 grace 1 spoofed 1 verified 2
}
