package conform

import (
	"context"
	"io"
	"net"
	"net/http"
	"net/url"
	"sort"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/robotstxt/robotstxt/fetch"
	"github.com/robotstxt/robotstxt/gate"
	"github.com/robotstxt/robotstxt/netguard"
)

// crawl fetches the site's seed URLs with the crawler function newCrawler
// makes for the site (it trusts the site's certificate), one goroutine per
// origin (each origin's URLs in order), and grades the log.
func crawl(t *testing.T, newCrawler func(s *Site) func(ctx context.Context, u string)) *Report {
	t.Helper()
	s, err := Start(Options{Agent: testAgent, Lifetime: 2 * time.Minute})
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	visit := newCrawler(s)
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	byOrigin := map[string][]string{}
	for _, u := range s.SeedURLs() {
		p, _ := url.Parse(u)
		byOrigin[p.Host] = append(byOrigin[p.Host], u)
	}
	var wg sync.WaitGroup
	for _, urls := range byOrigin {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for _, u := range urls {
				visit(ctx, u)
			}
		}()
	}
	wg.Wait()
	s.Close()
	return Grade(s.Log())
}

func download(ctx context.Context, client *http.Client, u string) {
	req, err := http.NewRequestWithContext(ctx, "GET", u, nil)
	if err != nil {
		return
	}
	req.Header.Set("User-Agent", testUA)
	resp, err := client.Do(req)
	if err != nil {
		return
	}
	io.Copy(io.Discard, resp.Body)
	resp.Body.Close()
}

func results(rep *Report, want string) []string {
	var ids []string
	for _, c := range rep.Checks {
		if c.Result == want {
			ids = append(ids, c.ID)
		}
	}
	sort.Strings(ids)
	return ids
}

// TestBadCrawlers: a crawler that never reads robots.txt fails every check
// of an origin it fetched from, and robots-first; one that reads it and
// ignores it fails exactly the checks with a disallowed page.
func TestBadCrawlers(t *testing.T) {
	client := func(s *Site) *http.Client { return &http.Client{Timeout: 2 * time.Second, Transport: trusting(t, s)} }
	t.Run("never reads robots.txt", func(t *testing.T) {
		rep := crawl(t, func(s *Site) func(context.Context, string) {
			c := client(s)
			return func(ctx context.Context, u string) { download(ctx, c, u) }
		})
		var want []string
		for _, c := range Checks() {
			switch c.ID {
			case "ua-token":
			case "robots-once", "crawl-delay", "retry-after":
			default:
				want = append(want, c.ID)
			}
		}
		sort.Strings(want)
		if got := results(rep, Fail); strings.Join(got, " ") != strings.Join(want, " ") {
			t.Errorf("failed %v\nwant %v", got, want)
		}
		if got := results(rep, Pass); strings.Join(got, " ") != "ua-token" {
			t.Errorf("passed %v, want ua-token", got)
		}
	})
	t.Run("reads robots.txt and ignores it", func(t *testing.T) {
		seen := sync.Map{}
		rep := crawl(t, func(s *Site) func(context.Context, string) {
			c := client(s)
			return func(ctx context.Context, u string) {
				p, _ := url.Parse(u)
				if _, done := seen.LoadOrStore(p.Scheme+"://"+p.Host, true); !done {
					ctx, cancel := context.WithTimeout(ctx, 2*time.Second)
					download(ctx, c, p.Scheme+"://"+p.Host+"/robots.txt")
					cancel()
				}
				download(ctx, c, u)
			}
		})
		want := []string{"format-bom", "format-cr", "format-crlf", "format-long-line", "group-case", "group-consecutive",
			"group-own", "group-ua-token", "match-allow-on-tie", "match-case", "match-end-anchor", "match-longest", "match-percent-encoding",
			"match-query", "match-wildcard", "redirect-cross-origin", "redirect-five-hops", "robots-change", "robots-per-origin",
			"robots-per-scheme", "size-500kib", "status-429", "status-500", "status-challenge", "status-flaky", "status-reset", "status-timeout"}
		if got := results(rep, Fail); strings.Join(got, " ") != strings.Join(want, " ") {
			t.Errorf("failed %v\nwant %v", got, want)
		}
	})
}

// perfectCrawler is a crawler built on the project's gate: every URL is
// decided by the gate (robots.txt fetched once per origin, failures held,
// Crawl-delay and holds applied through Politeness) and fetched only when
// admitted.
func perfectCrawler(t *testing.T, s *Site) func(ctx context.Context, u string) {
	scope, err := gate.ParseScope([]byte(`{"approved":["*"],"approvedDespiteRefusal":["*"]}`), "json")
	if err != nil {
		t.Fatal(err)
	}
	// The fetcher's own transport, guarded as it guards its dials, with
	// the site's certificate as its root.
	tr := trusting(t, s)
	tr.DialContext = (&netguard.Policy{AllowPrivate: true}).Dialer(&net.Dialer{Timeout: 3 * time.Second}).DialContext
	g := &gate.Gate{Agent: testAgent, Scope: scope, Client: &gate.Client{Fetcher: &fetch.Fetcher{
		UserAgent: testUA, Transport: tr, HeaderTimeout: 3 * time.Second, Timeout: 5 * time.Second,
	}}}
	polite := &gate.Politeness{CrawlDelay: true}
	client := &http.Client{Timeout: 5 * time.Second, Transport: trusting(t, s)}
	return func(ctx context.Context, u string) {
		for {
			d, err := g.Check(ctx, u)
			if err != nil {
				return
			}
			if _, err := polite.Apply(ctx, d, time.Now()); err != nil {
				return
			}
			switch {
			case d.Action == gate.Admit:
				download(ctx, client, u)
				return
			case d.Action == gate.Hold && d.RepDecision == gate.RepAllow && !d.RetryAt.IsZero():
				// A politeness hold (Crawl-delay): wait for it.
				select {
				case <-time.After(time.Until(d.RetryAt)):
				case <-ctx.Done():
					return
				}
			default:
				return // dropped, or held for the origin's robots.txt
			}
		}
	}
}

// TestPerfectCrawler: a crawler through the gate passes every check, the
// ones that are not graded included.
func TestPerfectCrawler(t *testing.T) {
	if testing.Short() {
		t.Skip("about 5 seconds (Crawl-delay, and a robots.txt that never answers)")
	}
	rep := crawl(t, func(s *Site) func(context.Context, string) { return perfectCrawler(t, s) })
	for _, c := range rep.Checks {
		if c.Result != Pass {
			t.Errorf("%s: %s (%s)", c.ID, c.Result, c.Detail)
		}
	}
}
