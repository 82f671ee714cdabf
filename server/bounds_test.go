package server

import (
	"bytes"
	"compress/gzip"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"runtime"
	"strings"
	"testing"
	"time"

	"github.com/robotstxt/robotstxt"
	"github.com/robotstxt/robotstxt/internal/wire"
)

// checkBody is a check request for the given agents and URLs.
func checkBody(robots string, agents, urls []string) string {
	b, _ := json.Marshal(map[string]any{"robots": robots, "agents": agents, "urls": urls})
	return string(b)
}

func repeatItems(n int, prefix string, size int) []string {
	out := make([]string, n)
	for i := range out {
		s := fmt.Sprintf("%s%d-", prefix, i)
		out[i] = s + strings.Repeat("x", size-len(s))
	}
	return out
}

// TestCheckAnswerBounded: a 1.6 MB check request (100 agents and 100 URLs
// of 8 KiB) used to make a 241 MB answer in memory. Its answer would be
// over MaxAnswer: it is refused with 413 before anything is built.
func TestCheckAnswerBounded(t *testing.T) {
	ts, _ := newServer(t, Options{})
	body := checkBody("User-agent: *\nDisallow: /x\n", repeatItems(100, "Bot", 8<<10), repeatItems(100, "/", 8<<10))
	if len(body) < 1_600_000 {
		t.Fatalf("request is %d bytes", len(body))
	}
	var before, after runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&before)
	resp, b := do(t, "POST", ts.URL+"/api/v1/check", http.Header{"Content-Type": {"application/json"}}, body)
	runtime.ReadMemStats(&after)
	if resp.StatusCode != http.StatusRequestEntityTooLarge || !strings.Contains(string(b), "over the 16 MB limit") {
		t.Fatalf("status %d: %.300s", resp.StatusCode, b)
	}
	// The server (in this process) allocated a few times the request, not
	// the answer it refused.
	if alloc := after.TotalAlloc - before.TotalAlloc; alloc > 64<<20 {
		t.Errorf("%d MB allocated to refuse the request", alloc>>20)
	}
}

// TestCheckAnswerStreamed: an answer under the bound is written one result
// at a time (no Content-Length), and is byte for byte the JSON array of the
// results, compressed or not.
func TestCheckAnswerStreamed(t *testing.T) {
	ts, _ := newServer(t, Options{})
	robots := "User-agent: *\nDisallow: /private/\nAllow: /private/ok\n\nUser-agent: ExampleBot\nDisallow: /no/\n"
	agents := []string{"ExampleBot", "OtherBot", "Googlebot-Image"}
	urls := repeatItems(1000, "/private/", 1<<10)
	urls[3] = "/private/ok"
	var want bytes.Buffer
	enc := json.NewEncoder(&want)
	enc.SetEscapeHTML(false)
	r := robotstxt.ParseString(robots)
	var results []wire.CheckResult
	for _, u := range urls {
		for _, a := range agents {
			results = append(results, wantResult(r, a, u, ""))
		}
	}
	enc.Encode(results)
	for _, gz := range []bool{false, true} {
		h := http.Header{"Content-Type": {"application/json"}}
		if gz {
			h.Set("Accept-Encoding", "gzip")
		}
		resp, b := do(t, "POST", ts.URL+"/api/v1/check", h, checkBody(robots, agents, urls))
		if resp.StatusCode != 200 || resp.ContentLength != -1 {
			t.Fatalf("gzip %v: status %d, length %d: %.200s", gz, resp.StatusCode, resp.ContentLength, b)
		}
		if gz {
			if resp.Header.Get("Content-Encoding") != "gzip" {
				t.Fatalf("not compressed")
			}
			zr, err := gzip.NewReader(bytes.NewReader(b))
			if err != nil {
				t.Fatal(err)
			}
			if b, err = io.ReadAll(zr); err != nil {
				t.Fatal(err)
			}
		}
		if !bytes.Equal(b, want.Bytes()) {
			t.Errorf("gzip %v: streamed answer (%d bytes) differs from the JSON of the results (%d bytes)", gz, len(b), want.Len())
		}
	}
}

// TestCheckResultSizeIsABound: the size estimate is never below the JSON
// actually written, whatever the strings hold.
func TestCheckResultSizeIsABound(t *testing.T) {
	r := robotstxt.ParseString("User-agent: a\"b\x01\nUser-agent: *\nUser-agent: Ω\u2028\nDisallow: /\xff\"\\\x02\nAllow: /é\n" +
		"Content-Usage: /é train-ai=n\nContent-Signal: \x01\"=\u2028\\, ai-train=no\n")
	for _, a := range []string{"a\"b\x01", "*", "Ω\u2028", "x\xff"} {
		for _, u := range []string{"/\xff\"\\\x02", "/é", "héllo\x01", "https://h/\u2029", "//x/\"", ""} {
			v, ans := checkUsage(r, a, u, "train-ai")
			b := serverJSON(wire.NewCheckResult(a, u, v, &ans))
			if est := urlSize(u) + checkResultSize(a, v) + usageSize(&ans); est < int64(len(b)) {
				t.Errorf("checkResultSize(%q, %q) = %d < %d bytes of JSON", a, u, est, len(b))
			}
		}
	}
}

// TestAPIInFlightBounded: with MaxAPIInFlight requests being served, one
// more waits for a turn and, after queueWait, gets 503 with Retry-After;
// once a turn is free, requests are served again.
func TestAPIInFlightBounded(t *testing.T) {
	old := queueWait
	queueWait = 100 * time.Millisecond
	t.Cleanup(func() { queueWait = old })
	s, err := New(Options{MaxAPIInFlight: 1})
	if err != nil {
		t.Fatal(err)
	}
	ts := httptest.NewServer(s)
	t.Cleanup(ts.Close)

	// The first request holds the only turn while its body trickles in.
	pr, pw := io.Pipe()
	first := make(chan int, 1)
	go func() {
		req, _ := http.NewRequest("POST", ts.URL+"/api/v1/parse", pr)
		req.Header.Set("Content-Type", "text/plain")
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			first <- 0
			return
		}
		resp.Body.Close()
		first <- resp.StatusCode
	}()
	pw.Write([]byte("User-agent: *\n"))
	for deadline := time.Now().Add(10 * time.Second); len(s.apiSlots()) == 0; time.Sleep(5 * time.Millisecond) {
		if time.Now().After(deadline) {
			t.Fatal("the first request never took its turn")
		}
	}

	resp, b := do(t, "POST", ts.URL+"/api/v1/parse", http.Header{"Content-Type": {"text/plain"}}, "User-agent: *\n")
	if resp.StatusCode != http.StatusServiceUnavailable || resp.Header.Get("Retry-After") == "" || !strings.Contains(string(b), "busy") {
		t.Errorf("second request: %d %q %s", resp.StatusCode, resp.Header.Get("Retry-After"), b)
	}
	pw.Write([]byte("Disallow: /x\n"))
	pw.Close()
	if code := <-first; code != 200 {
		t.Errorf("first request: %d", code)
	}
	if resp, b := do(t, "POST", ts.URL+"/api/v1/parse", http.Header{"Content-Type": {"text/plain"}}, "User-agent: *\n"); resp.StatusCode != 200 {
		t.Errorf("after the first ended: %d %s", resp.StatusCode, b)
	}
}

// FuzzCheckResultSize: the size estimate that decides whether a check
// answer is refused is never below the JSON actually written.
func FuzzCheckResultSize(f *testing.F) {
	f.Add("User-agent: *\nDisallow: /x\n", "ExampleBot", "/x")
	f.Add("User-agent: a\"b\x01\nUser-agent: Ω\u2028\nDisallow: /\xff\"\\\x02\n", "a\"b\x01", "héllo\x01")
	f.Add("User-agent: *\nAllow: /$\nDisallow: /*\n", "x\xff", "//h/\"?q#f")
	f.Add("User-agent: *\nContent-Usage: search=n\nContent-Signal: a\x01=\"\\, search=no\n", "x", "/")
	f.Fuzz(func(t *testing.T, robots, agent, u string) {
		if len(robots) > 4096 || len(agent) > maxItem || len(u) > maxItem {
			return
		}
		r := robotstxt.ParseString(robots)
		v, ans := checkUsage(r, agent, u, "search")
		b := serverJSON(wire.NewCheckResult(agent, u, v, &ans))
		if est := urlSize(u) + checkResultSize(agent, v) + usageSize(&ans); est < int64(len(b)) {
			t.Fatalf("estimate %d < %d bytes of JSON for agent %q, url %q", est, len(b), agent, u)
		}
	})
}

// checkUsage checks u for agent as the check endpoint does, with the
// purpose.
func checkUsage(r *robotstxt.Robots, agent, u, purpose string) (robotstxt.Verdict, wire.Answer) {
	a := r.AgentWith(agent, robotstxt.AgentOptions{})
	v := a.Check(u)
	ans := wire.Enforce(r, a, u, purpose, &v)
	return v, ans
}

// wantResult is the check endpoint's answer for agent and u.
func wantResult(r *robotstxt.Robots, agent, u, purpose string) wire.CheckResult {
	v, ans := checkUsage(r, agent, u, purpose)
	return wire.NewCheckResult(agent, u, v, &ans)
}

// serverJSON encodes v as the server writes answers: no HTML escaping, no
// trailing newline.
func serverJSON(v any) []byte {
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	enc.Encode(v)
	return bytes.TrimSuffix(b.Bytes(), []byte("\n"))
}
