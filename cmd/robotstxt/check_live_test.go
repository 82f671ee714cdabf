package main

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestCheckLive(t *testing.T) {
	site := newCrawlerSite(t, map[string]crawlerRoute{"/robots.txt": {body: crawlerFile}})
	gone := newCrawlerSite(t, map[string]crawlerRoute{"/robots.txt": {code: 404}})
	down := newCrawlerSite(t, map[string]crawlerRoute{"/robots.txt": {code: 503}})
	names := map[string]string{"http://SITE": site.URL, "http://GONE": gone.URL, "http://DOWN": down.URL}

	dir := t.TempDir()
	urlFile := filepath.Join(dir, "urls.txt")
	os.WriteFile(urlFile, []byte("# one per line\n"+site.URL+"/no-bots/page\n\n"+gone.URL+"/anything\n"), 0o644)
	names["URLS"] = urlFile

	tests := []struct {
		name string
		args []string
	}{
		{"live", []string{"check", "--live", "--allow-private", "-a", "ExampleBot", "-a", "Googlebot", site.URL + "/private/x", site.URL + "/private/help/faq", site.URL + "/no-bots/y", gone.URL + "/x", down.URL + "/x"}},
		{"live-json", []string{"check", "--live", "--allow-private", "--json", "-a", "ExampleBot", site.URL + "/private/x", down.URL + "/x"}},
		{"live-allowed", []string{"check", "--live", "--allow-private", "-a", "Googlebot", site.URL + "/public", gone.URL + "/x"}},
		{"live-urls-file", []string{"check", "--live", "--allow-private", "-a", "OtherBot", "--urls", urlFile}},
		{"live-dots", []string{"check", "--live", "--allow-private", "-a", "Googlebot", site.URL + "/public/../private/x", site.URL + "/public/%2e%2e/private/x", "http://alice:s3cret@" + strings.TrimPrefix(site.URL, "http://") + "/public"}},
		{"live-guarded", []string{"check", "--live", "-a", "ExampleBot", site.URL + "/page"}},
		{"usage-allow-private-without-live", []string{"check", "--allow-private", "-a", "ExampleBot", "/page"}},
		{"live-path-only", []string{"check", "--live", "--allow-private", "-a", "ExampleBot", "/private/x"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			stdout, stderr, code := crawlerRun(t, "", tt.args...)
			crawlerGolden(t, filepath.Join("testdata", "fetch", "check-"+tt.name+".golden"), names, tt.args, stdout, stderr, code)
			if tt.name == "live-json" {
				checkLiveJSONShape(t, stdout)
			}
		})
	}
	// One fetch per origin per run, whatever the number of agents and URLs.
	if n := site.hits["/robots.txt"].Load(); n != 5 {
		t.Errorf("SITE/robots.txt fetched %d times in 5 runs", n)
	}
}

// checkLiveJSONShape: each line of "check --live --json" holds every field
// of "check --json", with the same values when the fetched file was applied
// (the same file given with -f), and the fetch's fields.
func checkLiveJSONShape(t *testing.T, stdout string) {
	t.Helper()
	fetchKeys := []string{"origin", "targetURL", "policyURL", "policyFinalURL", "policyStatus", "policyHTTPStatus",
		"policyDigest", "policyFetchedAt", "policyStale", "repDecision", "explanation"}
	for _, line := range strings.Split(strings.TrimSpace(stdout), "\n") {
		var live map[string]any
		if err := json.Unmarshal([]byte(line), &live); err != nil {
			t.Fatalf("%s: %v", line, err)
		}
		u, _ := live["url"].(string)
		path, _ := live["path"].(string)
		local, _, _ := crawlerRun(t, crawlerFile, "check", "--json", "-a", live["agent"].(string), path)
		var want map[string]any
		if err := json.Unmarshal([]byte(local), &want); err != nil {
			t.Fatalf("check --json: %s: %v", local, err)
		}
		for k, v := range want {
			got, ok := live[k]
			if !ok {
				t.Errorf("%s: no %q, a field of check --json", u, k)
				continue
			}
			if live["policyStatus"] == "success" && k != "url" {
				if g, w := fmt.Sprint(got), fmt.Sprint(v); g != w {
					t.Errorf("%s: %s = %s, check --json says %s", u, k, g, w)
				}
			}
		}
		for _, k := range fetchKeys {
			if _, ok := live[k]; !ok {
				t.Errorf("%s: no %q", u, k)
			}
		}
		if live["policyStatus"] != "success" && (live["allowed"] != false || live["reason"] != live["policyStatus"]) {
			t.Errorf("%s: unresolved answer %v/%v, want false and the policy status", u, live["allowed"], live["reason"])
		}
	}
}

// check --live colours its answers as check does (--color always here, as a
// test's output is no terminal), unresolved in yellow; in a pipe, no colour.
func TestCheckLiveColor(t *testing.T) {
	site := newCrawlerSite(t, map[string]crawlerRoute{"/robots.txt": {body: "User-agent: *\nDisallow: /private\n"}})
	down := newCrawlerSite(t, map[string]crawlerRoute{"/robots.txt": {code: 503}})
	args := []string{"check", "--live", "--allow-private", "-a", "bot", site.URL + "/private/x", site.URL + "/public", down.URL + "/x"}
	stdout, _, _ := crawlerRun(t, "", append(args, "--color", "always")...)
	for _, want := range []string{"\x1b[1;31mDISALLOWED\x1b[0m  bot", "\x1b[32mALLOWED\x1b[0m     bot", "\x1b[33mUNRESOLVED\x1b[0m  bot"} {
		if !strings.Contains(stdout, want) {
			t.Errorf("no %q in\n%q", want, stdout)
		}
	}
	if stdout, _, _ := crawlerRun(t, "", args...); strings.Contains(stdout, "\x1b[") {
		t.Errorf("colour in a pipe: %q", stdout)
	}
}

// TestCheckLiveSpeaksOfNoScope: check --live has no scope file, so neither
// its text nor its JSON speaks of collection, scopes or tasks, which are the
// gate's words.
func TestCheckLiveSpeaksOfNoScope(t *testing.T) {
	for _, args := range [][]string{
		{"check", "--live", "--allow-private", "-a", "ExampleBot", "http://127.0.0.1:1/x"},
		{"check", "--live", "--allow-private", "-a", "ExampleBot", "--json", "http://127.0.0.1:1/x"},
	} {
		out, stderr, _ := runCLI(t, "", args...)
		for _, w := range []string{"scope", "collection", "task"} {
			if strings.Contains(out+stderr, w) {
				t.Errorf("%v speaks of %q:\n%s%s", args, w, out, stderr)
			}
		}
	}
}
