package main

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/robotstxt/robotstxt/internal/loggen"
	"github.com/robotstxt/robotstxt/logcheck"
	"github.com/robotstxt/robotstxt/logs"
)

// TestLogs: a generated log of known answers, handed over in pieces as the
// page sends it, gives the report "robotstxt logs --json" gives: per
// crawler the requests, robots.txt fetches, allowed, disallowed yet
// fetched (with the rule's line), verified by Google's shipped list,
// spoofed and unverifiable; bad lines with their numbers.
func TestLogs(t *testing.T) {
	log, w := loggen.Combined(3000, 5)
	log = strings.Replace(log, "\n", "\nnot a log line\n", 1) // line 2
	s := new(session)
	if _, e := call(t, s, "logsFeed", "x"); !strings.Contains(e, "logsStart first") {
		t.Errorf("logsFeed before logsStart: error %q", e)
	}
	if _, e := call(t, s, "logsStart", loggen.Robots, "w3c-extended"); !strings.Contains(e, "unknown log format") {
		t.Errorf("an unknown format: error %q", e)
	}
	res, e := call(t, s, "logsStart", loggen.Robots, "combined")
	if e != "" {
		t.Fatal(e)
	}
	var start logStart
	if err := json.Unmarshal(res, &start); err != nil || len(start.Lists) == 0 {
		t.Fatalf("logsStart: %s (%v)", res, err)
	}
	// Pieces that cut lines anywhere; the robots.txt of another check in
	// between does not change the log's.
	for i := 0; i < len(log); i += 777 {
		if _, e := call(t, s, "logsFeed", log[i:min(i+777, len(log))]); e != "" {
			t.Fatal(e)
		}
		if i == 777*3 {
			call(t, s, "check", "User-agent: *\nDisallow: /\n", "Googlebot", "/p/1")
		}
	}
	res, e = call(t, s, "logsEnd", "")
	if e != "" {
		t.Fatal(e)
	}
	var rep logcheck.Report
	if err := json.Unmarshal(res, &rep); err != nil {
		t.Fatal(err)
	}
	if rep.Log.Lines != 3001 || rep.Log.Records != 3000 || rep.Log.Bad != 1 || rep.Log.BadLines[0].Line != 2 {
		t.Errorf("log stats %+v, want 3001 lines, 3000 records, line 2 bad", rep.Log)
	}
	if rep.OtherRequests != w.Other || len(rep.Crawlers) != 2 {
		t.Fatalf("other requests %d (want %d), crawlers %+v", rep.OtherRequests, w.Other, rep.Crawlers)
	}
	rows := map[string]logcheck.CrawlerRow{}
	for _, c := range rep.Crawlers {
		rows[c.Token] = c
	}
	g, o := rows["Googlebot"], rows["GPTBot"]
	if g.Allowed != w.GoogleAllowed || g.Violations != w.GoogleViol || g.RobotsFetches != w.GoogleRobots ||
		g.Spoofed != w.GoogleSpoofed || g.Verified != w.GoogleAllowed+w.GoogleViol+w.GoogleRobots || g.Unverifiable != 0 {
		t.Errorf("Googlebot %+v, want %+v", g, w)
	}
	if len(g.ViolatedRules) != 1 || g.ViolatedRules[0].Line != loggen.PrivateLine || g.ViolatedRules[0].Rule != "/private/" || len(g.ViolatedRules[0].Examples) != 3 {
		t.Errorf("Googlebot's rules %+v, want line %d", g.ViolatedRules, loggen.PrivateLine)
	}
	if o.Violations != w.GPTViol || o.Verified != w.GPTViol || o.Unverifiable+o.Spoofed != 0 ||
		len(o.ViolatedRules) != 1 || o.ViolatedRules[0].Line != loggen.GPTBotLine {
		t.Errorf("GPTBot %+v, want %d violations of line %d, all verified by OpenAI's list", o, w.GPTViol, loggen.GPTBotLine)
	}
	if _, e := call(t, s, "logsEnd", ""); e == "" {
		t.Error("a second logsEnd did not fail: the log's state was kept")
	}
	for reason, kind := range start.Reasons {
		if reason == "" || kind == "" {
			t.Errorf("reason %q of kind %q", reason, kind)
		}
	}
	if start.Reasons[rep.Log.BadLines[0].Reason] != "no-match" {
		t.Errorf("reason %q has kind %q, want no-match", rep.Log.BadLines[0].Reason, start.Reasons[rep.Log.BadLines[0].Reason])
	}
}

// TestLogsTruncated: a log whose stream broke drops its unfinished last
// line and counts the break, as "robotstxt logs" does for a cut gzip file.
func TestLogsTruncated(t *testing.T) {
	log, _ := loggen.Combined(10, 1)
	s := new(session)
	call(t, s, "logsStart", loggen.Robots, "combined")
	call(t, s, "logsFeed", log[:len(log)-20]) // the 10th line unfinished
	if _, e := call(t, s, "logsEnd", "cut"); !strings.Contains(e, "unknown ending") {
		t.Errorf("an unknown ending: error %q", e)
	}
	res, e := call(t, s, "logsEnd", "truncated")
	if e != "" {
		t.Fatal(e)
	}
	var rep logcheck.Report
	if err := json.Unmarshal(res, &rep); err != nil {
		t.Fatal(err)
	}
	if rep.Log.Lines != 9 || rep.Log.Records != 9 || rep.Log.Bad != 1 || rep.Log.BadLines[0].Line != 10 || rep.Log.BadLines[0].Reason != logs.ReasonTruncated {
		t.Errorf("log stats %+v, want 9 lines read and line 10 truncated", rep.Log)
	}
}

// TestLogsFormats: the page's three formats, one line each: combined and
// Cloudflare's JSON lines name the crawler (verified by Google's list);
// the common format has no user agent, so its request is nobody's.
func TestLogsFormats(t *testing.T) {
	for _, tt := range []struct {
		format, line    string
		verified, other int
	}{
		{"combined", `66.249.64.1 - - [01/Nov/2026:00:00:00 +0000] "GET /private/x HTTP/1.1" 200 1 "-" "` + loggen.GoogleUA + `"`, 1, 0},
		{"common", `66.249.64.1 - - [01/Nov/2026:00:00:00 +0000] "GET /private/x HTTP/1.1" 200 1`, 0, 1},
		{"cloudflare", `{"ClientIP":"66.249.64.1","ClientRequestURI":"/private/x","EdgeStartTimestamp":"2026-11-01T00:00:00Z","ClientRequestUserAgent":"` + loggen.GoogleUA + `","EdgeResponseStatus":200}`, 1, 0},
	} {
		s := new(session)
		if _, e := call(t, s, "logsStart", loggen.Robots, tt.format); e != "" {
			t.Fatal(e)
		}
		call(t, s, "logsFeed", tt.line+"\n")
		res, e := call(t, s, "logsEnd", "")
		if e != "" {
			t.Fatal(e)
		}
		var rep logcheck.Report
		if err := json.Unmarshal(res, &rep); err != nil {
			t.Fatal(err)
		}
		verified, violations := 0, 0
		for _, c := range rep.Crawlers {
			verified += c.Verified
			violations += c.Violations
		}
		if rep.Requests != 1 || rep.OtherRequests != tt.other || verified != tt.verified || violations != tt.verified || rep.Log.Bad != 0 {
			t.Errorf("%s: %d requests, %d other, %d verified, %d violations, %d bad; want 1, %d, %d, %d, 0",
				tt.format, rep.Requests, rep.OtherRequests, verified, violations, rep.Log.Bad, tt.other, tt.verified, tt.verified)
		}
	}
}
