package scrapy

import (
	"bytes"
	"context"
	"fmt"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/redis/go-redis/v9"

	"github.com/robotstxt/robotstxt/cache"
	"github.com/robotstxt/robotstxt/cache/rediscache"
	"github.com/robotstxt/robotstxt/fetch"
	"github.com/robotstxt/robotstxt/gate"
	"github.com/robotstxt/robotstxt/internal/redistest"
	"github.com/robotstxt/robotstxt/netguard"
	"github.com/robotstxt/robotstxt/server"
)

// capture keeps a copy of what a handler writes.
type capture struct {
	http.ResponseWriter
	buf bytes.Buffer
}

func (c *capture) Write(b []byte) (int, error) {
	c.buf.Write(b)
	return c.ResponseWriter.Write(b)
}

type quietRedis struct{}

func (quietRedis) Printf(context.Context, string, ...any) {}

// TestScrapyThroughRedisRestart: real Scrapy crawls a site through a
// decision service whose Redis is killed before the crawl and started
// again, empty, only after the middleware has been told many times that
// the fleet is unavailable (more times than ROBOTSTXT_GATE_MAX_DEFERS, 1
// here, would allow for holds of an origin); the fleet then settles and
// admits. Every allowed page is fetched exactly once, nothing disallowed
// is, and no URL is given up (issue 41, item 9).
func TestScrapyThroughRedisRestart(t *testing.T) {
	bin := scrapyBin(t)
	redis.SetLogger(quietRedis{}) // refused dials are the point here
	rds := redistest.Start(t)
	var mu sync.Mutex
	fetched := map[string]int{}
	const pages = 12
	site := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Path == "/robots.txt" {
			fmt.Fprint(w, "User-agent: *\nDisallow: /private/\n")
			return
		}
		mu.Lock()
		fetched[r.URL.Path]++
		mu.Unlock()
		w.Header().Set("Content-Type", "text/html")
		if r.URL.Path == "/" {
			for i := range pages {
				fmt.Fprintf(w, `<a href="/p/%d">%d</a> <a href="/private/%d">x</a> `, i, i, i)
			}
			return
		}
		fmt.Fprint(w, "<html><body>page</body></html>")
	}))
	defer site.Close()

	rc, err := rediscache.Open(rds.URL(), rediscache.Options{Settle: 2 * time.Second})
	if err != nil {
		t.Fatal(err)
	}
	defer rc.Close()
	for deadline := time.Now().Add(10 * time.Second); !rc.Up(); time.Sleep(10 * time.Millisecond) {
		if time.Now().After(deadline) {
			t.Fatal("the cache did not reach Redis within 10s")
		}
	}
	scope, err := gate.ParseScope([]byte(fmt.Sprintf(`{"approved": ["%s/"]}`, site.URL)), "json")
	if err != nil {
		t.Fatal(err)
	}
	var c cache.Cache = rc
	client := &gate.Client{Cache: c, Fetcher: &fetch.Fetcher{Guard: &netguard.Policy{AllowPrivate: true}}}
	srv, err := server.New(server.Options{Gate: &server.GateOptions{Gate: &gate.Gate{Agent: "ExampleBot", Client: client, Scope: scope},
		Cache: c, Politeness: &gate.Politeness{Store: rc}}})
	if err != nil {
		t.Fatal(err)
	}
	// Redis goes away before the crawl; it comes back, empty, once the
	// service has answered 6 fleet-unavailable holds.
	rds.Kill()
	var unavailable atomic.Int64
	restarted := make(chan error, 1)
	svc := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		cw := &capture{ResponseWriter: w}
		srv.ServeHTTP(cw, r)
		if r.URL.Path == "/api/v1/decide" && strings.Contains(cw.buf.String(), gate.UnavailableReason) {
			if unavailable.Add(1) == 6 {
				go func() { restarted <- rds.Restart() }()
			}
		}
	}))
	defer svc.Close()

	out, err := runSpider(t, bin,
		"-a", "start="+site.URL+"/",
		"-s", "ROBOTSTXT_OBEY=False",
		"-s", "ROBOTSTXT_GATE_URL="+svc.URL,
		"-s", `DOWNLOADER_MIDDLEWARES={"robotstxt_gate.RobotsTxtGateMiddleware": 555}`,
		"-s", "ROBOTSTXT_GATE_MAX_WAIT=1",
		"-s", "ROBOTSTXT_GATE_MAX_DEFERS=1",
		"-s", "TELNETCONSOLE_ENABLED=False",
		"-s", "LOG_LEVEL=INFO")
	if err != nil {
		t.Fatalf("scrapy: %v\n%s", err, out)
	}
	select {
	case err := <-restarted:
		if err != nil {
			t.Fatalf("restarting redis-server: %v", err)
		}
	default:
		t.Fatalf("the crawl ended before Redis came back (%d fleet-unavailable answers)\n%s", unavailable.Load(), out)
	}
	mu.Lock()
	defer mu.Unlock()
	for p, n := range fetched {
		if strings.HasPrefix(p, "/private/") {
			t.Errorf("the site served %s (disallowed) %d times", p, n)
		}
	}
	for _, p := range append([]string{"/"}, func() (l []string) {
		for i := range pages {
			l = append(l, fmt.Sprintf("/p/%d", i))
		}
		return
	}()...) {
		if n := fetched[p]; n != 1 {
			t.Errorf("%s (allowed) fetched %d times, want exactly once", p, n)
		}
	}
	if strings.Contains(string(out), "robotstxt_gate/gave_up") || strings.Contains(string(out), "giving up") {
		t.Errorf("URLs were given up during the outage")
	}
	if !strings.Contains(string(out), "robotstxt_gate/fleet_unavailable") {
		t.Errorf("Scrapy's stats lack robotstxt_gate/fleet_unavailable: the outage was not seen")
	}
	if t.Failed() {
		t.Logf("scrapy output:\n%s", out)
	}
}
