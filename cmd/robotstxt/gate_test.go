package main

import (
	"bytes"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"

	"github.com/robotstxt/robotstxt/gate"
)

func TestGateCommand(t *testing.T) {
	site := newCrawlerSite(t, map[string]crawlerRoute{"/robots.txt": {body: crawlerFile}})
	refusing := newCrawlerSite(t, map[string]crawlerRoute{"/robots.txt": {code: 403}})
	down := newCrawlerSite(t, map[string]crawlerRoute{"/robots.txt": {code: 503}})
	names := map[string]string{"http://SITE": site.URL, "http://REFUSING": refusing.URL, "http://DOWN": down.URL}

	dir := t.TempDir()
	scope := filepath.Join(dir, "scope.yaml")
	os.WriteFile(scope, []byte(fmt.Sprintf("approved:\n  - %s/\n  - %s/\n  - %s/\ndenied:\n  - %s/account/\n", site.URL, refusing.URL, down.URL, site.URL)), 0o644)
	badScope := filepath.Join(dir, "bad.yaml")
	os.WriteFile(badScope, []byte("approved: [ftp://x/]\n"), 0o644)
	names["SCOPE"], names["BAD"], names["DIR"] = scope, badScope, dir

	tasks := strings.NewReplacer("SITE", site.URL, "REFUSING", refusing.URL, "DOWN", down.URL).Replace(`{"url":"SITE/page","id":1,"depth":2}
{"url":"SITE/private/x","id":2}
{"url":"SITE/private/help/faq","id":3}
{"url":"SITE/account/settings","id":4}
{"url":"REFUSING/x","id":5}
{"url":"DOWN/x","id":6}
{"id":7}
`)
	tasksFile := filepath.Join(dir, "tasks.jsonl")
	os.WriteFile(tasksFile, []byte(tasks), 0o644)
	names["TASKS"] = tasksFile

	tests := []struct {
		name, stdin string
		args        []string
	}{
		{"scope", tasks, []string{"gate", "--allow-private", "--ordered", "--agent", "ExampleBot", "--scope", scope}},
		{"no-scope", tasks, []string{"gate", "--allow-private", "--ordered", "--agent", "Googlebot"}},
		{"file", "", []string{"gate", "--allow-private", "--ordered", "--agent", "ExampleBot", "--scope", scope, tasksFile}},
		{"guarded", tasks, []string{"gate", "--ordered", "--agent", "ExampleBot", "--scope", scope}},
		{"usage-no-agent", "", []string{"gate"}},
		{"usage-not-a-token", "", []string{"gate", "--agent", "Mozilla/5.0 (compatible; ExampleBot)"}},
		{"usage-bad-scope", "", []string{"gate", "--agent", "ExampleBot", "--scope", badScope}},
		{"usage-missing-scope", "", []string{"gate", "--agent", "ExampleBot", "--scope", filepath.Join(dir, "missing.yaml")}},
		{"help", "", []string{"gate", "--help"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			stdout, stderr, code := crawlerRun(t, tt.stdin, tt.args...)
			crawlerGolden(t, filepath.Join("testdata", "gate", tt.name+".golden"), names, tt.args, stdout, stderr, code)
		})
	}
	if n := site.hits["/robots.txt"].Load(); n != 3 {
		t.Errorf("SITE/robots.txt fetched %d times in 3 runs", n)
	}
}

// TestGateRecheck: the admitted lines of one run, fed back with --recheck
// after the site changed its robots.txt, drop what is now disallowed.
func TestGateRecheck(t *testing.T) {
	var mu sync.Mutex
	body := "User-agent: *\nDisallow: /private/\n"
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		mu.Lock()
		defer mu.Unlock()
		io.WriteString(w, body)
	}))
	defer srv.Close()
	dir := t.TempDir()
	scope := filepath.Join(dir, "scope.json")
	os.WriteFile(scope, []byte(`{"approved": ["`+srv.URL+`/"]}`), 0o644)
	names := map[string]string{"http://SITE": srv.URL, "SCOPE": scope}

	tasks := fmt.Sprintf("{\"url\":\"%[1]s/reports/2026\",\"id\":1}\n{\"url\":\"%[1]s/about\",\"id\":2}\n{\"url\":\"%[1]s/private/x\",\"id\":3}\n", srv.URL)
	args := []string{"gate", "--allow-private", "--ordered", "--agent", "ExampleBot", "--scope", scope}
	first, stderr, code := crawlerRun(t, tasks, args...)
	if code != 0 {
		t.Fatalf("first run: exit %d: %s", code, stderr)
	}
	var admitted strings.Builder
	for _, line := range strings.SplitAfter(first, "\n") {
		if strings.Contains(line, `"gate":"admit"`) {
			admitted.WriteString(line)
		}
	}
	if strings.Count(admitted.String(), "\n") != 2 {
		t.Fatalf("first run admitted:\n%s", admitted.String())
	}
	mu.Lock()
	body = "User-agent: *\nDisallow: /private/\nDisallow: /reports/\n"
	mu.Unlock()
	args = append(args, "--recheck")
	stdout, stderr, code := crawlerRun(t, admitted.String(), args...)
	crawlerGolden(t, filepath.Join("testdata", "gate", "recheck.golden"), names, args, stdout, stderr, code)
	lines := strings.Split(strings.TrimSpace(stdout), "\n")
	if len(lines) != 2 || !strings.HasSuffix(lines[0], `"gate":"drop","policyChanged":true}`) || !strings.HasSuffix(lines[1], `"gate":"admit","policyChanged":true}`) {
		t.Errorf("recheck:\n%s", stdout)
	}
}

func TestGateProgress(t *testing.T) {
	var buf bytes.Buffer
	var cnt gate.Counters
	cnt.Tasks.Store(12)
	cnt.Admit.Store(7)
	cnt.Hold.Store(3)
	cnt.Drop.Store(2)
	stop := gateProgress(&buf, &cnt, &gate.Client{})
	stop()
	got := buf.String()
	if !strings.HasPrefix(got, "\r\x1b[Kgate: 12 tasks  admit 7  hold 3  drop 2  (0 robots.txt fetched, ") || !strings.HasSuffix(got, "tasks/s)\n") {
		t.Errorf("progress line %q", got)
	}
}
