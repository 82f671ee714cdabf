package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/robotstxt/robotstxt/diff"
)

// TestTestCommand runs testdata/test/*.txtar. SITE is a loopback server
// whose robots.txt is a small file, GONE answers 404, DOWN 503 and SLOW
// 429.
func TestTestCommand(t *testing.T) {
	site := newCrawlerSite(t, map[string]crawlerRoute{
		"/robots.txt": {body: "User-agent: *\nDisallow: /cart/\n\nUser-agent: GPTBot\nDisallow: /\n"},
	})
	gone := newCrawlerSite(t, map[string]crawlerRoute{})
	down := newCrawlerSite(t, map[string]crawlerRoute{"/robots.txt": {code: 503, body: "busy"}})
	slow := newCrawlerSite(t, map[string]crawlerRoute{"/robots.txt": {code: 429, header: map[string]string{"Retry-After": "120"}}})
	runTxtarDir(t, "testdata/test", map[string]string{
		"http://SITE": site.URL, "http://GONE": gone.URL, "http://DOWN": down.URL, "http://SLOW": slow.URL,
	})
}

// TestDiffCommand runs testdata/diff/*.txtar, with SITE, GONE and DOWN as
// in TestTestCommand.
func TestDiffCommand(t *testing.T) {
	site := newCrawlerSite(t, map[string]crawlerRoute{
		"/robots.txt": {body: "User-agent: *\nDisallow: /cart/\n"},
	})
	gone := newCrawlerSite(t, map[string]crawlerRoute{})
	down := newCrawlerSite(t, map[string]crawlerRoute{"/robots.txt": {code: 503, body: "busy"}})
	runTxtarDir(t, "testdata/diff", map[string]string{"http://SITE": site.URL, "http://GONE": gone.URL, "http://DOWN": down.URL})
}

func TestSplitVersion(t *testing.T) {
	tests := []struct {
		spec string
		url  string
		n    int
		at   string
		ok   bool
	}{
		{"https://example.com/@3", "https://example.com/", 3, "", true},
		{"https://example.com/@-1", "https://example.com/", -1, "", true},
		{"https://example.com@2026-11-01", "https://example.com", 0, "2026-11-01T23:59:59.999999999Z", true},
		{"http://example.com/@2026-11-01T12:00:00+01:00", "http://example.com/", 0, "2026-11-01T11:00:00Z", true},
		{"https://user@example.com/", "", 0, "", false}, // user information, not a version
		{"https://example.com/@0", "", 0, "", false},
		{"https://example.com/@latest", "", 0, "", false},
		{"robots.txt@2", "", 0, "", false}, // a file name
	}
	for _, tt := range tests {
		u, n, at, ok := splitVersion(tt.spec)
		gotAt := ""
		if !at.IsZero() {
			gotAt = at.UTC().Format(time.RFC3339Nano)
		}
		if u != tt.url || n != tt.n || gotAt != tt.at || ok != tt.ok {
			t.Errorf("splitVersion(%q) = %q %d %q %v; want %q %d %q %v", tt.spec, u, n, gotAt, ok, tt.url, tt.n, tt.at, tt.ok)
		}
	}
}

// diff --urls streams: 200,000 URLs from standard input give exact counts,
// and the JSON lists the first diff.MaxChanges changes.
func TestDiffManyURLs(t *testing.T) {
	dir := t.TempDir()
	old, new := filepath.Join(dir, "old.txt"), filepath.Join(dir, "new.txt")
	os.WriteFile(old, []byte("User-agent: *\nDisallow: /private/\n"), 0o644)
	os.WriteFile(new, []byte("User-agent: *\nDisallow: /private/\nDisallow: /*7$\n"), 0o644)
	var in strings.Builder
	const n = 200_000
	for i := 0; i < n; i++ {
		in.WriteString("/item/" + strconv.Itoa(i) + "\n")
	}
	stdout, stderr, code := runCLI(t, in.String(), "diff", old, new, "--urls", "-", "-a", "bot", "--json")
	if code != 1 || stderr != "" {
		t.Fatalf("exit %d, stderr %q", code, stderr)
	}
	var res diff.Result
	if err := json.Unmarshal([]byte(stdout), &res); err != nil {
		t.Fatal(err)
	}
	if res.URLs != n || res.Summary[0].Blocked != n/10 || len(res.Changes) != diff.MaxChanges || !res.Truncated {
		t.Errorf("urls %d, blocked %d, %d changes listed, truncated %v", res.URLs, res.Summary[0].Blocked, len(res.Changes), res.Truncated)
	}
}
