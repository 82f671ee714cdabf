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
		{"live", []string{"check", "--live", "-a", "ExampleBot", "-a", "Googlebot", site.URL + "/private/x", site.URL + "/private/help/faq", site.URL + "/no-bots/y", gone.URL + "/x", down.URL + "/x"}},
		{"live-json", []string{"check", "--live", "--json", "-a", "ExampleBot", site.URL + "/private/x", down.URL + "/x"}},
		{"live-allowed", []string{"check", "--live", "-a", "Googlebot", site.URL + "/public", gone.URL + "/x"}},
		{"live-urls-file", []string{"check", "--live", "-a", "OtherBot", "--urls", urlFile}},
		{"live-path-only", []string{"check", "--live", "-a", "ExampleBot", "/private/x"}},
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
	if n := site.hits["/robots.txt"].Load(); n != 4 {
		t.Errorf("SITE/robots.txt fetched %d times in 4 runs", n)
	}
}
