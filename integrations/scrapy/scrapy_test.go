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
	svc := httptest.NewServer(srv)
	defer svc.Close()

	here, _ := os.Getwd()
	ctx, cancel := context.WithTimeout(context.Background(), 90*time.Second)
	defer cancel()
	cmd := exec.CommandContext(ctx, bin, "runspider", filepath.Join(here, "testdata", "spider.py"),
		"-a", "start="+site.URL+"/",
		"-a", "also="+busy.URL+"/",
		"-s", "ROBOTSTXT_OBEY=False",
		"-s", "ROBOTSTXT_GATE_URL="+svc.URL,
		"-s", `DOWNLOADER_MIDDLEWARES={"robotstxt_gate.RobotsTxtGateMiddleware": 100}`,
		"-s", "ROBOTSTXT_GATE_MAX_WAIT=5",
		"-s", "RETRY_ENABLED=False",
		"-s", "TELNETCONSOLE_ENABLED=False",
		"-s", "LOG_LEVEL=INFO")
	cmd.Dir = t.TempDir()
	cmd.Env = append(os.Environ(), "PYTHONPATH="+here)
	out, err := cmd.CombinedOutput()
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
	if !strings.Contains(string(out), "robotstxt_gate/drop") || !strings.Contains(string(out), "robotstxt_gate/admit") {
		t.Errorf("Scrapy's stats lack the middleware's counts:\n%s", out)
	}
	if t.Failed() {
		t.Logf("scrapy output:\n%s", out)
	}
}
