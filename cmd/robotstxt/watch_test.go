package main

import (
	"context"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/robotstxt/robotstxt/internal/testutil"
)

// fakeClock is a clock whose Sleep moves time on at once.
type fakeClock struct {
	mu sync.Mutex
	t  time.Time
}

func (c *fakeClock) Now() time.Time {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.t
}

func (c *fakeClock) Sleep(ctx context.Context, d time.Duration) error {
	if err := ctx.Err(); err != nil {
		return err
	}
	c.mu.Lock()
	c.t = c.t.Add(d)
	c.mu.Unlock()
	return nil
}

// scriptedSite answers the n-th request for /robots.txt with the n-th
// answer of its script (the last one again after the end).
type scriptedSite struct {
	*httptest.Server
	mu     sync.Mutex
	script []crawlerRoute
	n      int
	times  []time.Time
}

func newScriptedSite(t *testing.T, clk *fakeClock, script ...crawlerRoute) *scriptedSite {
	s := &scriptedSite{script: script}
	s.Server = httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Path != "/robots.txt" {
			http.NotFound(w, r)
			return
		}
		s.mu.Lock()
		rt := s.script[min(s.n, len(s.script)-1)]
		s.n++
		s.times = append(s.times, clk.Now())
		s.mu.Unlock()
		for k, v := range rt.header {
			w.Header().Set(k, v)
		}
		if rt.code == 0 {
			rt.code = 200
		}
		w.WriteHeader(rt.code)
		io.WriteString(w, rt.body)
	}))
	t.Cleanup(s.Close)
	return s
}

const (
	watchA  = "User-agent: *\nDisallow: /admin/\n"
	watchB  = "User-agent: *\nDisallow: /admin/\nDisallow: /p\n\nUser-agent: GPTBot\nDisallow: /\n"
	watchB2 = "# reformatted\nuser-agent: *\ndisallow: /admin/\ndisallow: /p\nUser-agent: GPTBot\nDisallow: /\n"
)

// TestWatch drives watch with a fake clock against a loopback site that
// changes its file and its status, then reads the history and diffs two
// recorded versions.
func TestWatch(t *testing.T) {
	clk := &fakeClock{t: time.Date(2026, 11, 1, 0, 0, 0, 0, time.UTC)}
	old := watchClock
	watchClock = clk
	t.Cleanup(func() { watchClock = old })
	site := newScriptedSite(t, clk,
		crawlerRoute{body: watchA},
		crawlerRoute{body: watchA},
		crawlerRoute{body: watchB},
		crawlerRoute{code: 503, header: map[string]string{"Retry-After": "7200"}, body: "down"},
		crawlerRoute{code: 503, body: "down"},
		crawlerRoute{body: watchB},
		crawlerRoute{code: 404},
		crawlerRoute{body: watchB2},
	)
	dir := t.TempDir()
	db := filepath.Join(dir, "watch.db")
	names := map[string]string{"http://SITE": site.URL, "DIR": dir}
	steps := []struct {
		name string
		args []string
		code int
	}{
		{"watch", []string{"watch", site.URL + "/some/page", site.URL + "/", "--every", "1h", "--count", "8", "--verbose", "--allow-private", "--db", db, "-a", "*", "-a", "GPTBot"}, 0},
		// A restarted watch keeps the schedule: its first fetch is an hour
		// after the last one.
		{"watch-restart", []string{"watch", site.URL, "--every", "1h", "--count", "1", "--verbose", "--allow-private", "--db", db}, 0},
		{"history", []string{"history", site.URL, "--db", db}, 0},
		{"history-urls", []string{"history", "--db", db}, 0},
		{"history-json", []string{"history", site.URL + "/any/page", "--json", "--db", db}, 0},
		{"history-unknown", []string{"history", "https://example.com/", "--db", db}, 2},
		{"diff-versions", []string{"diff", site.URL + "/@1", site.URL + "/@2", "--db", db, "-a", "*", "-a", "GPTBot"}, 1},
		// A time selects the version current then; a date, the one current
		// at the end of that day (UTC).
		{"diff-dates", []string{"diff", site.URL + "/@2026-11-01T01:30:00Z", site.URL + "/@2026-11-01", "--db", db, "-a", "*"}, 1},
		{"diff-unreachable-version", []string{"diff", site.URL + "/@3", site.URL + "/@-1", "--db", db}, 2},
		{"diff-no-such-version", []string{"diff", site.URL + "/@99", site.URL + "/@-1", "--db", db}, 2},
		{"watch-too-often", []string{"watch", site.URL, "--every", "10s", "--db", db}, 2},
		{"watch-refused", []string{"watch", site.URL, "--count", "1", "--db", filepath.Join(dir, "other.db")}, 2},
	}
	for _, st := range steps {
		stdout, stderr, code := runCLI(t, "", st.args...)
		if code != st.code {
			t.Errorf("%s: exit %d, want %d\n%s%s", st.name, code, st.code, stdout, stderr)
		}
		scrub := func(s string) string {
			for k, v := range names {
				s = strings.ReplaceAll(s, v, k)
			}
			return s
		}
		got := fmt.Sprintf("$ robotstxt %s\n-- stdout --\n%s-- stderr --\n%s-- exit --\n%d\n", scrub(strings.Join(st.args, " ")), scrub(stdout), scrub(stderr), code)
		testutil.Golden(t, filepath.Join("testdata", "watch", st.name+".golden"), []byte(got))
	}
	// The site saw each fetch at the scheduled time: hourly, two hours
	// after the 503 with Retry-After: 7200.
	var gaps []string
	for i := 1; i < len(site.times); i++ {
		gaps = append(gaps, site.times[i].Sub(site.times[i-1]).String())
	}
	if got, want := strings.Join(gaps, " "), "1h0m0s 1h0m0s 1h0m0s 2h0m0s 1h0m0s 1h0m0s 1h0m0s 1h0m0s"; got != want {
		t.Errorf("fetch gaps %s, want %s", got, want)
	}
}
