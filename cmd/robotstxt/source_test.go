package main

import (
	"encoding/json"
	"strings"
	"testing"
)

// lint, report and parse read a site's robots.txt from a URL as fetch does
// (source.go): the origin's /robots.txt, the destination guard (RFC 9309
// §3 does not ask a crawler to reach private networks; the guard refuses
// them unless --allow-private), redirects followed (RFC 9309 §2.3.1.2), a
// 4xx read as "no robots.txt: everything allowed" (§2.3.1.3), and an
// unreachable or refused origin an input error: there is no file to read.
func TestSourceURL(t *testing.T) {
	const body = "User-agent: *\nDisallow: /private\nDisalow: /typo\n"
	site := newCrawlerSite(t, map[string]crawlerRoute{"/robots.txt": {body: body}})
	moved := newCrawlerSite(t, map[string]crawlerRoute{"/robots.txt": {code: 301, header: map[string]string{"Location": site.URL + "/robots.txt"}}})
	gone := newCrawlerSite(t, map[string]crawlerRoute{})
	down := newCrawlerSite(t, map[string]crawlerRoute{"/robots.txt": {code: 503}})
	// Standard input holds another file: a URL input must not read it.
	const stdin = "User-agent: *\nDisallow: /\n"
	cases := []struct {
		name   string
		args   []string
		code   int
		stdout []string // each must appear
		stderr []string
		not    []string // must not appear on stdout
	}{
		{"lint site", []string{"lint", "--fail-on", "warning", "--allow-private", site.URL}, 1,
			[]string{site.URL + "/robots.txt", "Disalow"}, []string{site.URL + "/robots.txt: success (HTTP 200), 48 bytes"}, nil},
		{"lint any page of the site", []string{"lint", "--fail-on", "warning", "--allow-private", site.URL + "/some/page?q=1"}, 1,
			[]string{site.URL + "/robots.txt"}, []string{"success (HTTP 200)"}, nil},
		{"lint file and URL", []string{"lint", "--fail-on", "warning", "--allow-private", "--format", "json", site.URL, "-"}, 1,
			[]string{`"file": "` + site.URL + `/robots.txt"`, `"file": "robots.txt"`}, []string{"success"}, nil},
		{"lint redirect", []string{"lint", "--fail-on", "warning", "--allow-private", moved.URL}, 1,
			[]string{moved.URL + "/robots.txt"}, []string{"redirect 301 to " + site.URL + "/robots.txt", "from " + site.URL + "/robots.txt"}, nil},
		{"lint 404: nothing to find", []string{"lint", "--allow-private", gone.URL}, 0,
			nil, []string{"unavailable (HTTP 404): no robots.txt, so the REP allows everything"}, []string{"Disalow"}},
		{"lint 503: input error", []string{"lint", "--allow-private", down.URL}, 2,
			nil, []string{"unreachable", "everything is disallowed", down.URL + "/robots.txt: no robots.txt to read (unreachable)"}, nil},
		{"lint loopback refused without --allow-private", []string{"lint", site.URL}, 2,
			nil, []string{"refused", "--allow-private", "no robots.txt to read (refused)"}, []string{"Disalow"}},
		{"lint loopback allowed by range", []string{"lint", "--fail-on", "warning", "--allow-range", "127.0.0.0/8", site.URL}, 1,
			[]string{"Disalow"}, []string{"success"}, nil},
		{"lint bad URL", []string{"lint", "https://"}, 2, nil, []string{"https://"}, nil},
		{"parse site", []string{"parse", "--allow-private", site.URL}, 0,
			[]string{"disallow: /private", "disallow: /typo"}, []string{"success (HTTP 200)"}, []string{"disallow: /\n"}},
		{"parse -f site", []string{"parse", "--allow-private", "-f", site.URL, "--json"}, 0,
			[]string{`"/private"`}, []string{"success"}, nil},
		{"parse refused", []string{"parse", site.URL}, 2, nil, []string{"refused"}, nil},
		{"report -f site", []string{"report", "--allow-private", "-f", site.URL, "/private", "/public"}, 0,
			[]string{"DISALLOWED (line 2)", " allowed"}, []string{"success (HTTP 200)"}, nil},
		{"report -f 404: everything allowed", []string{"report", "--allow-private", "-f", gone.URL, "/private"}, 0,
			[]string{" allowed"}, []string{"unavailable (HTTP 404)"}, []string{"DISALLOWED"}},
		{"report -f refused", []string{"report", "-f", site.URL}, 2, nil, []string{"refused"}, nil},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			stdout, stderr, code := crawlerRun(t, stdin, tc.args...)
			if code != tc.code {
				t.Fatalf("exit %d, want %d\nstdout:\n%s\nstderr:\n%s", code, tc.code, stdout, stderr)
			}
			for _, s := range tc.stdout {
				if !strings.Contains(stdout, s) {
					t.Errorf("stdout lacks %q:\n%s", s, stdout)
				}
			}
			for _, s := range tc.stderr {
				if !strings.Contains(stderr, s) {
					t.Errorf("stderr lacks %q:\n%s", s, stderr)
				}
			}
			for _, s := range tc.not {
				if strings.Contains(stdout, s) {
					t.Errorf("stdout holds %q:\n%s", s, stdout)
				}
			}
		})
	}
}

// The JSON of report names the fetched robots.txt as its file.
func TestSourceURLReportJSON(t *testing.T) {
	site := newCrawlerSite(t, map[string]crawlerRoute{"/robots.txt": {body: "User-agent: *\nDisallow: /\n"}})
	stdout, stderr, code := crawlerRun(t, "", "report", "--allow-private", "--json", "-f", site.URL+"/x")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	var doc struct{ File string }
	if err := json.Unmarshal([]byte(stdout), &doc); err != nil {
		t.Fatal(err)
	}
	if doc.File != site.URL+"/robots.txt" {
		t.Errorf("file %q, want %q", doc.File, site.URL+"/robots.txt")
	}
	if got := site.hits["/robots.txt"].Load(); got != 1 {
		t.Errorf("%d fetches, want 1", got)
	}
}
