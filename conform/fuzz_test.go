package conform

import (
	"bytes"
	"io"
	"strconv"
	"strings"
	"testing"
	"time"
)

// FuzzReadLog: whatever a saved log holds, reading it gives a log or an
// error, and a log read is graded and printed without a panic.
func FuzzReadLog(f *testing.F) {
	at := time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)
	origins, _ := catalogue()
	l := &Log{Format: LogFormat, Agent: testAgent, Start: "http://127.0.0.1:1/", Started: at}
	for _, o := range origins {
		l.Origins = append(l.Origins, Origin{Name: o.name, URL: "http://127.0.0.1:1", Check: o.check})
	}
	for i, q := range []Request{
		{Origin: "match-longest", Path: "/robots.txt", Status: 200, Robots: "match-longest"},
		{Origin: "match-longest", Path: "/docs/private/page"},
		{Origin: "group-ua-token", Path: "/robots.txt", Status: 200, Robots: "group-ua-token", Variant: "Mozilla"},
		{Origin: "group-ua-token", Path: "/own/page", Status: 200},
		{Origin: "status-timeout", Path: "/robots.txt", Robots: "status-timeout", Answer: "hang"},
		{Origin: "crawl-delay", Path: "/robots.txt", Status: 200, Robots: "crawl-delay"},
		{Origin: "crawl-delay", Path: "/cd/1", Status: 200},
		{Origin: "crawl-delay", Path: "/cd/2", Query: "a=b", Status: 200, UserAgent: "x\x1b[2J"},
		{Origin: "status-429", Path: "/robots.txt", Status: 429, Robots: "status-429"},
		{Origin: "status-429", Path: "/page", Status: 200},
	} {
		q.Seq, q.Time, q.Method = i+1, at.Add(time.Duration(i)*time.Millisecond), "GET"
		l.Requests = append(l.Requests, q)
	}
	var b bytes.Buffer
	l.WriteTo(&b)
	f.Add(b.Bytes())
	f.Add([]byte(`{"conformLog":1,"agent":"x","origins":[{"name":"start"}],"requests":[{"seq":1,"origin":"start","path":"/"}]}`))
	f.Add([]byte(`{"conformLog":1,"agent":"x","origins":[],"requests":[{"seq":1,"origin":"nowhere","path":"/"}]}`))
	f.Add([]byte(`{"conformLog":2}`))
	f.Add([]byte("\xff\xfe"))
	f.Fuzz(func(t *testing.T, data []byte) {
		l, err := ReadLog(bytes.NewReader(data))
		if err != nil {
			if l != nil {
				t.Fatal("a log and an error")
			}
			return
		}
		rep := Grade(l)
		if len(rep.Checks) != len(Checks()) {
			t.Fatalf("%d results for %d checks", len(rep.Checks), len(Checks()))
		}
		for _, c := range rep.Checks {
			switch c.Result {
			case Pass, Fail, Noted, NotExercised:
			default:
				t.Fatalf("%s: result %q", c.ID, c.Result)
			}
			if len(c.Requests) > maxEvidence {
				t.Fatalf("%s: %d requests", c.ID, len(c.Requests))
			}
		}
		var out strings.Builder
		if err := rep.WriteText(&out); err != nil {
			t.Fatal(err)
		}
		if strings.Contains(out.String(), "\x1b") {
			t.Fatal("an escape sequence reached the text report")
		}
		if err := rep.WriteMarkdown(io.Discard); err != nil {
			t.Fatal(err)
		}
	})
}

// TestReadLogBounds: a log over the size limit, or with too many requests,
// is refused with an error.
func TestReadLogBounds(t *testing.T) {
	big := strings.NewReader(`{"conformLog":1,"agent":"x","pad":"` + strings.Repeat("a", MaxLogBytes) + `"}`)
	if _, err := ReadLog(big); err == nil || !strings.Contains(err.Error(), "bytes") {
		t.Errorf("oversized log: %v", err)
	}
	var b strings.Builder
	b.WriteString(`{"conformLog":1,"agent":"x","origins":[{"name":"start"}],"requests":[`)
	for i := 1; i <= MaxRequests+1; i++ {
		if i > 1 {
			b.WriteByte(',')
		}
		b.WriteString(`{"seq":` + itoa(i) + `,"origin":"start","path":"/"}`)
	}
	b.WriteString("]}")
	if _, err := ReadLog(strings.NewReader(b.String())); err == nil || !strings.Contains(err.Error(), "requests") {
		t.Errorf("too many requests: %v", err)
	}
}

func itoa(i int) string { return strconv.Itoa(i) }

// TestGradeHostileLogBounded: a full log of distinct robots.txt variants
// and pages on one origin is graded weighing at most maxAnswers answers,
// so each page costs at most maxAnswers matches.
func TestGradeHostileLogBounded(t *testing.T) {
	at := time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)
	l := &Log{Format: LogFormat, Agent: testAgent, Origins: []Origin{{Name: "group-ua-token"}}}
	for i := 1; i <= MaxRequests; i++ {
		q := Request{Seq: i, Time: at, Origin: "group-ua-token", Method: "GET", Path: "/own/page", Status: 200}
		if i%2 == 1 {
			q.Path, q.Robots, q.Variant = "/robots.txt", "group-ua-token", "bot"+strconv.Itoa(i)
		}
		l.Requests = append(l.Requests, q)
	}
	rep, g := grade(l)
	if n := len(g.parsed); n > maxAnswers {
		t.Errorf("%d policies parsed, want at most %d", n, maxAnswers)
	}
	if r := result(t, rep, "group-ua-token"); r.Result != Fail {
		t.Errorf("group-ua-token: %s, want fail (/own/page disallowed for each bot)", r.Result)
	}
}

// BenchmarkGrade grades a log of a whole crawl: every origin's robots.txt,
// then each of its probes.
func BenchmarkGrade(b *testing.B) {
	origins, _ := catalogue()
	at := time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)
	l := &Log{Format: LogFormat, Agent: testAgent}
	add := func(q Request) {
		q.Seq, q.Time, q.Method, q.UserAgent = len(l.Requests)+1, at.Add(time.Duration(len(l.Requests))*time.Second), "GET", testUA
		l.Requests = append(l.Requests, q)
	}
	for _, o := range origins {
		l.Origins = append(l.Origins, Origin{Name: o.name, Check: o.check})
		add(Request{Origin: o.name, Path: "/robots.txt", Status: 200, Robots: o.name, Variant: testAgent})
		for _, p := range o.probes {
			path, query, _ := strings.Cut(p, "?")
			add(Request{Origin: o.name, Path: path, Query: query, Status: 200})
		}
	}
	b.ReportAllocs()
	for b.Loop() {
		Grade(l)
	}
	b.ReportMetric(float64(len(l.Requests)), "requests")
}
