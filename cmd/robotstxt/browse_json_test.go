package main

import (
	"bytes"
	"encoding/json"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"testing/iotest"

	"github.com/robotstxt/robotstxt/gate"
	"github.com/robotstxt/robotstxt/guard"
	"github.com/robotstxt/robotstxt/internal/testutil"
)

// TestBrowseSummaryJSON fixes the shape of the --json summary (golden):
// a page loaded after a redirect, with its records inline; a page whose
// document was dropped, its records in a file; an attached browser with no
// page.
func TestBrowseSummaryJSON(t *testing.T) {
	rec := func(action gate.Action, typ, target, origin string, subject bool, status guard.TargetStatus) guard.Record {
		r := guard.Record{Action: action, Method: "GET", ResourceType: typ, Subject: subject, TargetStatus: status, Tab: "T1"}
		r.TargetURL, r.Origin, r.ProductToken = target, origin, "ExampleBot"
		return r
	}
	doc302 := rec(gate.Admit, guard.TypeDocument, "http://a.test/go", "http://a.test", true, guard.TargetStatus{Code: 302})
	doc := rec(gate.Admit, guard.TypeDocument, "http://a.test/", "http://a.test", true, guard.TargetStatus{Code: 200})
	img := rec(gate.Drop, guard.TypeImage, "http://a.test/private/a.png", "http://a.test", true, guard.TargetStatus{Blocked: true})
	held := rec(gate.Hold, guard.TypeScript, "http://c.test/x.js", "http://c.test", true, guard.TargetStatus{Blocked: true})
	data := rec(gate.Admit, guard.TypeImage, "data:,x", "", false, guard.TargetStatus{Error: "not a network request"})
	blocked := rec(gate.Drop, guard.TypeDocument, "http://a.test/private/", "http://a.test", true, guard.TargetStatus{Blocked: true})

	var out, records bytes.Buffer
	w := &browseWriter{out: &out, json: true, agent: "ExampleBot"}
	recs := []guard.Record{doc302, doc, img, held, data}
	if err := w.page("http://a.test/go", recs, []guard.Record{doc302, doc}, browseVerdict([]guard.Record{doc302, doc}, "", nil), 2, 0); err != nil {
		t.Fatal(err)
	}
	w = &browseWriter{out: &out, rec: &records, json: true, agent: "ExampleBot", recordsFile: "records.jsonl", lines: 5}
	nav := []guard.Record{blocked}
	if err := w.page("http://a.test/private/", nav, nav, browseVerdict(nav, "net::ERR_BLOCKED_BY_CLIENT", nil), 0, 3); err != nil {
		t.Fatal(err)
	}
	w = &browseWriter{out: &out, json: true, agent: "ExampleBot"}
	if err := w.page("", nil, nil, "", 0, 0); err != nil {
		t.Fatal(err)
	}
	testutil.Golden(t, filepath.Join("testdata", "browse", "summary-json.golden"), out.Bytes())
	if got := strings.Count(records.String(), "\n"); got != 1 {
		t.Errorf("records file: %d lines, want 1", got)
	}

	// Each line is one object, and reads back as the summary written.
	for i, line := range strings.Split(strings.TrimSpace(out.String()), "\n") {
		var back struct {
			URL, FinalURL *string
			Status        *int
			Loaded        bool
			Error         *string
			Counts        browseCounts
			Records       []guard.Record
			RecordsLine   *int
		}
		if err := json.Unmarshal([]byte(line), &back); err != nil {
			t.Fatalf("line %d: %v", i+1, err)
		}
		switch i {
		case 0:
			if back.URL == nil || *back.URL != "http://a.test/go" || back.FinalURL == nil || *back.FinalURL != "http://a.test/" ||
				back.Status == nil || *back.Status != 200 || !back.Loaded || back.Error != nil ||
				back.Counts != (browseCounts{Admit: 3, Drop: 1, Hold: 1}) || len(back.Records) != 5 || back.RecordsLine != nil {
				t.Errorf("loaded page: %s", line)
			}
		case 1:
			if back.Status != nil || back.Loaded || back.Error == nil || !strings.Contains(*back.Error, "not loaded: drop http://a.test/private/") ||
				back.Records != nil || back.RecordsLine == nil || *back.RecordsLine != 6 {
				t.Errorf("blocked page: %s", line)
			}
		case 2:
			if back.URL != nil || back.FinalURL != nil || !back.Loaded || back.Records == nil {
				t.Errorf("attached, no page: %s", line)
			}
		}
	}
}

// TestReadBrowseURLs: --urls reads one URL a line, skips blank lines and
// # comments, and refuses what is not an http or https URL, an empty list,
// an overlong line and a read error, naming the line.
func TestReadBrowseURLs(t *testing.T) {
	tests := []struct {
		name, in string
		want     []string
		err      string
	}{
		{"urls", "http://a.test/\nhttps://b.test/x?y=1\n", []string{"http://a.test/", "https://b.test/x?y=1"}, ""},
		{"blank lines, comments and spaces", "# pages\n\n  http://a.test/  \r\n#http://skipped.test/\nhttp://b.test/", []string{"http://a.test/", "http://b.test/"}, ""},
		{"not http", "http://a.test/\nftp://b.test/\n", nil, `line 2: "ftp://b.test/" is not an http or https URL`},
		{"no host", "http:///x\n", nil, "line 1:"},
		{"a word", "example.com\n", nil, `line 1: "example.com" is not`},
		{"control characters escaped", "http://a.test/\x1b[2J x\n", nil, `\x1b`},
		{"empty", "", nil, "no URL"},
		{"only comments", "# a\n\n", nil, "no URL"},
		{"overlong line", "http://a.test/" + strings.Repeat("x", 9000) + "\n", nil, "longer than 8 KiB"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := readBrowseURLs(strings.NewReader(tt.in))
			if tt.err != "" {
				if err == nil || !strings.Contains(err.Error(), tt.err) {
					t.Fatalf("error %v, want one with %q", err, tt.err)
				}
				return
			}
			if err != nil || strings.Join(got, " ") != strings.Join(tt.want, " ") {
				t.Fatalf("%q %v, want %q", got, err, tt.want)
			}
		})
	}
	if _, err := readBrowseURLs(iotest.ErrReader(errors.New("disk gone"))); err == nil || !strings.Contains(err.Error(), "disk gone") {
		t.Errorf("read error: %v", err)
	}
	many := strings.Repeat("http://a.test/\n", maxBrowseURLs+1)
	if _, err := readBrowseURLs(strings.NewReader(many)); err == nil || !strings.Contains(err.Error(), "more than") {
		t.Errorf("%d URLs: %v", maxBrowseURLs+1, err)
	}
}

// TestBrowseBatch loads three pages from standard input in one browser
// with real Chromium (--urls -): one JSON summary per page, in order, each
// with its own records (in the records file, from its recordsLine), the
// robots.txt fetched once for the batch, and exit status 1 because one
// page was blocked. Counted at the server, the blocked page never arrived.
func TestBrowseBatch(t *testing.T) {
	browseChromium(t)
	a := newBrowseSite(t, map[string]string{
		"/robots.txt":   "User-agent: *\nDisallow: /private/\n",
		"/one.html":     `<!doctype html><link rel="icon" href="data:,"><img src="/one.png">`,
		"/two.html":     `<!doctype html><link rel="icon" href="data:,"><img src="/two.png"><img src="/private/two.png">`,
		"/one.png":      "png",
		"/two.png":      "png",
		"/private/page": "secret",
	})
	records := filepath.Join(t.TempDir(), "records.jsonl")
	in := "# the batch\n" + a.URL + "/one.html\n\n" + a.URL + "/private/page\n" + a.URL + "/two.html\n"
	stdout, stderr, code := crawlerRun(t, in, "browse", "--agent", "ExampleBot", "--allow-private", "--wait", "networkidle", "--json",
		"--records", records, "--urls", "-")
	if code != exitFindings || !strings.Contains(stderr, "browse: 1 of 3 pages were not loaded") {
		t.Errorf("exit %d, stderr %q; want %d and 1 of 3 pages not loaded", code, stderr, exitFindings)
	}
	b, err := os.ReadFile(records)
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(strings.TrimSpace(string(b)), "\n")
	type summary struct {
		URL           string
		Loaded        bool
		Status        *int
		Requests      int
		Counts        browseCounts
		RobotsFetched int
		RecordsFile   string
		RecordsLine   int
	}
	want := []struct {
		path    string
		loaded  bool
		counts  browseCounts
		fetched int
		urls    []string // the page's records
	}{
		{"/one.html", true, browseCounts{Admit: 2}, 1, []string{"/one.html", "/one.png"}},
		{"/private/page", false, browseCounts{Drop: 1}, 0, []string{"/private/page"}},
		{"/two.html", true, browseCounts{Admit: 2, Drop: 1}, 0, []string{"/two.html", "/two.png", "/private/two.png"}},
	}
	sums := strings.Split(strings.TrimSpace(stdout), "\n")
	if len(sums) != len(want) {
		t.Fatalf("%d summaries, want %d:\n%s", len(sums), len(want), stdout)
	}
	for i, w := range want {
		var s summary
		if err := json.Unmarshal([]byte(sums[i]), &s); err != nil {
			t.Fatalf("summary %d: %v", i+1, err)
		}
		if s.URL != a.URL+w.path || s.Loaded != w.loaded || s.Counts != w.counts || s.Requests != len(w.urls) ||
			s.RobotsFetched != w.fetched || s.RecordsFile != records || (w.loaded && (s.Status == nil || *s.Status != 200)) {
			t.Errorf("summary %d: %s", i+1, sums[i])
			continue
		}
		var got []string
		for _, l := range lines[s.RecordsLine-1 : s.RecordsLine-1+s.Requests] {
			var r guard.Record
			if err := r.UnmarshalJSON([]byte(l)); err != nil {
				t.Fatal(err)
			}
			got = append(got, strings.TrimPrefix(r.TargetURL, a.URL))
		}
		if strings.Join(got, " ") != strings.Join(w.urls, " ") {
			t.Errorf("%s: records %q, want %q", w.path, got, w.urls)
		}
	}
	if n := a.count("/private/page") + a.count("/private/two.png"); n != 0 {
		t.Errorf("disallowed requests reached the server %d times", n)
	}
	if n := a.count("/robots.txt"); n != 1 {
		t.Errorf("robots.txt fetched %d times for the batch, want once", n)
	}
}

// FuzzReadBrowseURLs: any --urls file gives URLs that are each an http or
// https URL with a host, or an error; never a panic.
func FuzzReadBrowseURLs(f *testing.F) {
	for _, s := range []string{"http://a.test/\n# c\n\nhttps://b.test/x\n", "ftp://x\n", "", "\r\n\r\n", "http://\n", "http://a.test/\x00\n"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, in string) {
		urls, err := readBrowseURLs(strings.NewReader(in))
		if err != nil {
			return
		}
		if len(urls) == 0 || len(urls) > maxBrowseURLs {
			t.Fatalf("%d URLs without an error", len(urls))
		}
		for _, u := range urls {
			if browseURLCheck(u) != nil || strings.ContainsAny(u, "\n") {
				t.Fatalf("%q accepted", u)
			}
		}
	})
}
