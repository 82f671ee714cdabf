package main

import (
	"encoding/json"
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
				for _, line := range strings.Split(strings.TrimSpace(stdout), "\n") {
					var rec map[string]any
					if err := json.Unmarshal([]byte(line), &rec); err != nil || len(rec) != 15 {
						t.Errorf("record %s: %v (%d fields)", line, err, len(rec))
					}
				}
			}
		})
	}
	// One fetch per origin per run, whatever the number of agents and URLs.
	if n := site.hits["/robots.txt"].Load(); n != 5 {
		t.Errorf("SITE/robots.txt fetched %d times in 5 runs", n)
	}
}
