package scrapy

import (
	"context"
	"fmt"
	"net/http"
	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/robotstxt/robotstxt/cache"
	"github.com/robotstxt/robotstxt/fetch"
	"github.com/robotstxt/robotstxt/gate"
	"github.com/robotstxt/robotstxt/netguard"
	"github.com/robotstxt/robotstxt/server"
)

// scrapyBin finds Debian's scrapy; skips (or fails under CI) without it.
func scrapyBin(t *testing.T) string {
	for _, p := range []string{"/usr/bin/scrapy", "scrapy"} {
		if bin, err := exec.LookPath(p); err == nil {
			return bin
		}
	}
	if os.Getenv("CI") == "true" {
		t.Fatal("scrapy not found: CI must install Debian's python3-scrapy (.ci/run)")
	}
	t.Skip("scrapy not found (apt-get install python3-scrapy); skipping the Scrapy integration test")
	return ""
}

func count(list []string, s string) int {
	n := 0
	for _, v := range list {
		if v == s {
			n++
		}
	}
	return n
}

// TestScrapyCrawlThroughGate crawls a loopback site with real Scrapy and the
// middleware, and checks at the site's server that nothing disallowed (or
// out of scope) was fetched, and that what is allowed was.
func TestScrapyCrawlThroughGate(t *testing.T) {
	bin := scrapyBin(t)
	var mu sync.Mutex
	var fetched []string
	// The busy page answers 503 with Retry-After, which holds its origin for
	// the whole fleet: it lives on an origin of its own, so that the hold
	// cannot race with the main site's pages.
	busy := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Path == "/robots.txt" {
			fmt.Fprint(w, "User-agent: *\nAllow: /\n")
			return
		}
		mu.Lock()
		fetched = append(fetched, r.URL.Path)
		mu.Unlock()
		w.Header().Set("Retry-After", "3600")
		http.Error(w, "busy", http.StatusServiceUnavailable)
	}))
	defer busy.Close()
	pages := map[string]string{
		"/":               `<a href="/public/1">1</a> <a href="/private/secret">s</a> <a href="/public/2">2</a> <a href="/denied/x">d</a>`,
		"/public/1":       `<a href="/public/../private/dotdot">dd</a> <a href="` + busy.URL + `/busy/1">busy</a>`,
		"/public/2":       `<a href="/private/also">a</a> <a href="/public/3">3</a>`,
		"/public/3":       `end`,
		"/private/secret": `secret`,
		"/private/also":   `secret`,
		"/private/dotdot": `secret`,
		"/denied/x":       `out of scope`,
	}
	site := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Path == "/robots.txt" {
			fmt.Fprint(w, "User-agent: *\nDisallow: /private/\n")
			return
		}
		mu.Lock()
		fetched = append(fetched, r.URL.Path)
		mu.Unlock()
		body, ok := pages[r.URL.Path]
		if !ok {
			http.NotFound(w, r)
			return
		}
		w.Header().Set("Content-Type", "text/html")
		fmt.Fprintf(w, "<html><body>%s</body></html>", body)
	}))
	defer site.Close()

	scope, err := gate.ParseScope([]byte(fmt.Sprintf(`{"approved": ["%s/", "%s/"], "denied": ["%s/denied/"]}`, site.URL, busy.URL, site.URL)), "json")
	if err != nil {
		t.Fatal(err)
	}
	client := &gate.Client{Cache: cache.NewMemory(0, 0), Fetcher: &fetch.Fetcher{Guard: &netguard.Policy{AllowPrivate: true}}}
	srv, err := server.New(server.Options{Gate: &server.GateOptions{Gate: &gate.Gate{Agent: "ExampleBot", Client: client, Scope: scope}}})
	if err != nil {
		t.Fatal(err)
	}
	// The service is in trouble for the first decide requests (503): the
	// middleware must wait and ask again, not drop the requests.
	var trouble atomic.Int64
	svc := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Path == "/api/v1/decide" && trouble.Add(1) <= 2 {
			http.Error(w, "busy", http.StatusServiceUnavailable)
			return
		}
		srv.ServeHTTP(w, r)
	}))
	defer svc.Close()

	out, err := runSpider(t, bin,
		"-a", "start="+site.URL+"/",
		"-a", "also="+busy.URL+"/",
		"-s", "ROBOTSTXT_OBEY=False",
		"-s", "ROBOTSTXT_GATE_URL="+svc.URL,
		"-s", `DOWNLOADER_MIDDLEWARES={"robotstxt_gate.RobotsTxtGateMiddleware": 555}`,
		"-s", "ROBOTSTXT_GATE_MAX_WAIT=1",
		"-s", "ROBOTSTXT_GATE_MAX_DEFERS=3",
		"-s", "TELNETCONSOLE_ENABLED=False",
		"-s", "LOG_LEVEL=INFO")
	if err != nil {
		t.Fatalf("scrapy: %v\n%s", err, out)
	}
	mu.Lock()
	defer mu.Unlock()
	for _, p := range fetched {
		if strings.HasPrefix(p, "/private/") || strings.HasPrefix(p, "/denied/") {
			t.Errorf("the site served %s to Scrapy: disallowed or out of scope", p)
		}
	}
	for _, want := range []string{"/", "/public/1", "/public/2", "/public/3", "/busy/1"} {
		if !slices.Contains(fetched, want) {
			t.Errorf("Scrapy did not fetch %s (allowed); fetched %v", want, fetched)
		}
	}
	// Scrapy's RetryMiddleware is on (its default): the 503 with a
	// one-hour Retry-After goes back through the gate, which holds it, and
	// is never re-sent at once.
	if n := count(fetched, "/busy/1"); n != 1 {
		t.Errorf("the page answering 503 (Retry-After 1h) was requested %d times, want 1", n)
	}
	for _, stat := range []string{"robotstxt_gate/drop", "robotstxt_gate/admit", "robotstxt_gate/unavailable", "robotstxt_gate/target_held", "robotstxt_gate/gave_up"} {
		if !strings.Contains(string(out), stat) {
			t.Errorf("Scrapy's stats lack %s", stat)
		}
	}
	if !strings.Contains(string(out), "giving up "+busy.URL+"/busy/1") {
		t.Errorf("the held request was not given up loudly")
	}
	if t.Failed() {
		t.Logf("scrapy output:\n%s", out)
	}
}

// TestScrapyRefusesOrderBeforeRetry: placed before RetryMiddleware, the
// middleware would see a 503 only after Scrapy re-sent it; it refuses to
// start, and nothing is fetched (never a crawl without the gate).
func TestScrapyRefusesOrderBeforeRetry(t *testing.T) {
	bin := scrapyBin(t)
	var hits atomic.Int64
	site := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Path != "/robots.txt" {
			hits.Add(1)
		}
		fmt.Fprint(w, "User-agent: *\nAllow: /\n")
	}))
	defer site.Close()
	for _, tt := range []struct {
		order, retry string
		refused      bool
	}{
		{"100", "True", true},
		{"550", "True", true},
		{"100", "False", false},
	} {
		out, _ := runSpider(t, bin,
			"-a", "start="+site.URL+"/",
			"-s", "ROBOTSTXT_OBEY=False",
			"-s", "ROBOTSTXT_GATE_URL=http://127.0.0.1:9", // nothing listens: admits nothing
			"-s", "ROBOTSTXT_GATE_MAX_DEFERS=0",
			// An unreachable service is waited for without limit (a
			// routine outage): the crawl's own bound ends it.
			"-s", "CLOSESPIDER_TIMEOUT=3",
			"-s", "RETRY_ENABLED="+tt.retry,
			"-s", `DOWNLOADER_MIDDLEWARES={"robotstxt_gate.RobotsTxtGateMiddleware": `+tt.order+`}`,
			"-s", "TELNETCONSOLE_ENABLED=False")
		if got := strings.Contains(string(out), "must come after RetryMiddleware"); got != tt.refused {
			t.Errorf("order %s, retry %s: refused %v, want %v\n%s", tt.order, tt.retry, got, tt.refused, out)
		}
	}
	if n := hits.Load(); n != 0 {
		t.Errorf("the site served %d pages: a crawl ran without the gate", n)
	}
}

// runSpider runs testdata/spider.py with Scrapy (bin) and args, the
// middleware importable from this folder, in a folder of its own, for at
// most 5 minutes, and returns what it printed.
func runSpider(t *testing.T, bin string, args ...string) ([]byte, error) {
	t.Helper()
	here, _ := os.Getwd()
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Minute)
	defer cancel()
	cmd := exec.CommandContext(ctx, bin, append([]string{"runspider", filepath.Join(here, "testdata", "spider.py")}, args...)...)
	cmd.Dir = t.TempDir()
	cmd.Env = append(os.Environ(), "PYTHONPATH="+here)
	return cmd.CombinedOutput()
}
