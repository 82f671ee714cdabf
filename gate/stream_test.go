package gate

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"runtime"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/robotstxt/robotstxt/internal/testutil"
)

func runStream(t *testing.T, g *Gate, in string, opt StreamOptions) string {
	t.Helper()
	var out bytes.Buffer
	if err := g.Stream(context.Background(), strings.NewReader(in), &out, opt); err != nil {
		t.Fatalf("Stream: %v", err)
	}
	return out.String()
}

func TestStreamGolden(t *testing.T) {
	s := newSite(t, 200, "User-agent: *\nDisallow: /private/\n\nUser-agent: ExampleBot\nDisallow: /no-bots/\n")
	down := newSite(t, 503, "")
	clk := newClock()
	g := &Gate{Agent: "ExampleBot", Client: testClient(clk), Scope: mustScope("approved: [" + s.URL + "/]\ndenied: [" + s.URL + "/secret/]\n")}
	in := strings.NewReplacer("SITE", s.URL, "DOWN", down.URL).Replace(`{"url":"SITE/page","id":1,"meta":{"depth": 2, "tags":["a","b"]}}
{"id":2,"url":"SITE/no-bots/x","priority":0.5}

{"url":"SITE/secret/x"}
{"url":"DOWN/x","id":4}
{"url":"SITE/private/x","gate":"stale","decision":"ignored"}
not json
{"id":7}
{"url":"mailto:someone@example.com","id":8}
{"url":42}
{"url":"SITE/a"} trailing
["url"]
`)
	out := runStream(t, g, in, StreamOptions{Workers: 3, Ordered: true})
	out = strings.NewReplacer(s.URL, "http://SITE", down.URL, "http://DOWN").Replace(out)
	// The digest is of the exact bytes, so it is stable.
	testutil.Golden(t, "testdata/stream.jsonl", []byte(out))
	if n := s.hits.Load(); n != 1 {
		t.Errorf("%d fetches of one origin", n)
	}
	// Every line is valid JSON and the task's own fields come first, in
	// their order.
	lines := strings.Split(strings.TrimSuffix(out, "\n"), "\n")
	if len(lines) != 11 {
		t.Fatalf("%d output lines for 11 tasks", len(lines))
	}
	for _, l := range lines {
		if !json.Valid([]byte(l)) {
			t.Errorf("invalid JSON line %s", l)
		}
	}
	if !strings.HasPrefix(lines[0], `{"url":"http://SITE/page","id":1,"meta":{"depth": 2, "tags":["a","b"]},"decision":`) {
		t.Errorf("fields not passed through in order: %s", lines[0])
	}
}

func TestStreamCounters(t *testing.T) {
	s := newSite(t, 200, "User-agent: *\nDisallow: /x\n")
	g := &Gate{Agent: "ExampleBot", Client: local(), Scope: approveAll}
	var c Counters
	in := fmt.Sprintf("{\"url\":%q}\n{\"url\":%q}\n{\"url\":%q}\n{}\n", s.URL+"/a", s.URL+"/x", s.URL+"/b")
	runStream(t, g, in, StreamOptions{Counters: &c})
	if c.Tasks.Load() != 3 || c.Admit.Load() != 2 || c.Drop.Load() != 2 || c.Invalid.Load() != 1 || c.Hold.Load() != 0 {
		t.Errorf("tasks %d admit %d hold %d drop %d invalid %d", c.Tasks.Load(), c.Admit.Load(), c.Hold.Load(), c.Drop.Load(), c.Invalid.Load())
	}
}

// TestStreamRecheck: lines written by the gate, fed back after the policy
// changed, are decided again; a newly disallowed one is dropped.
func TestStreamRecheck(t *testing.T) {
	s := newSite(t, 200, "User-agent: *\nDisallow: /private/\n")
	g := &Gate{Agent: "ExampleBot", Client: local(), Scope: approveAll}
	in := fmt.Sprintf("{\"url\":%q,\"id\":1}\n{\"url\":%q,\"id\":2}\n", s.URL+"/reports/1", s.URL+"/about")
	first := runStream(t, g, in, StreamOptions{Ordered: true})
	if strings.Count(first, `"gate":"admit"`) != 2 {
		t.Fatalf("first pass:\n%s", first)
	}
	s.set(200, "User-agent: *\nDisallow: /private/\nDisallow: /reports/\n", nil)
	// A new run (a new gate, as a new process would have) rechecks.
	var c Counters
	g2 := &Gate{Agent: "ExampleBot", Client: local(), Scope: approveAll}
	second := runStream(t, g2, first, StreamOptions{Recheck: true, Ordered: true, Counters: &c})
	lines := strings.Split(strings.TrimSpace(second), "\n")
	if len(lines) != 2 {
		t.Fatalf("recheck output:\n%s", second)
	}
	if !strings.Contains(lines[0], `"gate":"drop","policyChanged":true}`) || !strings.Contains(lines[0], `"repDecision":"disallow"`) {
		t.Errorf("newly disallowed task: %s", lines[0])
	}
	if !strings.Contains(lines[1], `"gate":"admit","policyChanged":true}`) {
		t.Errorf("still allowed task: %s", lines[1])
	}
	// The old decision was replaced, not duplicated.
	if strings.Count(lines[0], `"decision":`) != 1 || !strings.HasPrefix(lines[0], fmt.Sprintf(`{"url":%q,"id":1,"decision":`, s.URL+"/reports/1")) {
		t.Errorf("fields: %s", lines[0])
	}
	if c.Changed.Load() != 2 {
		t.Errorf("changed %d", c.Changed.Load())
	}
	// Unchanged policy: policyChanged false.
	third := runStream(t, g2, second, StreamOptions{Recheck: true, Ordered: true})
	if strings.Count(third, `"policyChanged":false`) != 2 {
		t.Errorf("unchanged:\n%s", third)
	}
	// A line with no decision is not a gate line.
	out := runStream(t, g2, fmt.Sprintf("{\"url\":%q}\n", s.URL), StreamOptions{Recheck: true})
	if !strings.Contains(out, `no \"decision\" to recheck`) || !strings.Contains(out, `"gate":"drop"`) {
		t.Errorf("recheck of a plain task: %s", out)
	}
}

func TestStreamLongLine(t *testing.T) {
	s := newSite(t, 200, "User-agent: *\n")
	g := &Gate{Agent: "ExampleBot", Client: local(), Scope: approveAll}
	long := fmt.Sprintf("{\"url\":%q,\"pad\":%q}", s.URL, strings.Repeat("x", MaxTaskLine+10))
	in := long + "\n" + fmt.Sprintf("{\"url\":%q}\n", s.URL+"/ok")
	out := runStream(t, g, in, StreamOptions{Ordered: true})
	lines := strings.Split(strings.TrimSpace(out), "\n")
	if len(lines) != 2 || !strings.Contains(lines[0], "longer than") || !strings.Contains(lines[1], `"gate":"admit"`) {
		t.Errorf("output:\n%.300s", out)
	}
	// The last line needs no line end.
	out = runStream(t, g, fmt.Sprintf("{\"url\":%q}", s.URL), StreamOptions{})
	if !strings.Contains(out, `"gate":"admit"`) {
		t.Errorf("unterminated last line: %s", out)
	}
}

type failingWriter struct{ n int }

func (w *failingWriter) Write(b []byte) (int, error) {
	if w.n--; w.n < 0 {
		return 0, errors.New("disk full")
	}
	return len(b), nil
}

type failingReader struct{ r io.Reader }

func (r failingReader) Read(b []byte) (int, error) {
	n, err := r.r.Read(b)
	if err == io.EOF {
		return n, errors.New("read failed")
	}
	return n, err
}

func TestStreamErrors(t *testing.T) {
	s := newSite(t, 200, "User-agent: *\n")
	g := &Gate{Agent: "ExampleBot", Client: local()}
	task := fmt.Sprintf("{\"url\":%q}\n", s.URL)
	if err := g.Stream(context.Background(), strings.NewReader(task), &failingWriter{}, StreamOptions{}); err == nil || err.Error() != "disk full" {
		t.Errorf("write error: %v", err)
	}
	if err := g.Stream(context.Background(), failingReader{strings.NewReader(task)}, io.Discard, StreamOptions{}); err == nil || err.Error() != "read failed" {
		t.Errorf("read error: %v", err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if err := g.Stream(ctx, strings.NewReader(strings.Repeat(task, 1000)), io.Discard, StreamOptions{}); !errors.Is(err, context.Canceled) {
		t.Errorf("cancelled: %v", err)
	}
}

// TestStreamCancelWhileReading: ending ctx stops Stream even while it waits
// for input that never comes (an idle terminal or pipe).
func TestStreamCancelWhileReading(t *testing.T) {
	pr, pw := io.Pipe()
	defer pw.Close()
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() {
		done <- (&Gate{Agent: "ExampleBot", Client: local()}).Stream(ctx, pr, io.Discard, StreamOptions{})
	}()
	time.Sleep(50 * time.Millisecond)
	cancel()
	select {
	case err := <-done:
		if !errors.Is(err, context.Canceled) {
			t.Errorf("Stream = %v", err)
		}
	case <-time.After(5 * time.Second):
		t.Fatal("Stream did not return after cancel")
	}
}

// taskReader generates n task lines spread over a few origins without
// holding them in memory.
type taskReader struct {
	origins []string
	n, i    int
	buf     []byte
}

func (r *taskReader) Read(p []byte) (int, error) {
	for len(r.buf) == 0 {
		if r.i == r.n {
			return 0, io.EOF
		}
		r.buf = fmt.Appendf(r.buf[:0], "{\"url\":\"%s/item/%d\",\"id\":%d,\"note\":\"padding to look like a real task\"}\n", r.origins[r.i%len(r.origins)], r.i, r.i)
		r.i++
	}
	n := copy(p, r.buf)
	r.buf = r.buf[n:]
	return n, nil
}

type countingWriter struct {
	lines, admit atomic.Int64
}

func (w *countingWriter) Write(p []byte) (int, error) {
	w.lines.Add(int64(bytes.Count(p, []byte{'\n'})))
	w.admit.Add(int64(bytes.Count(p, []byte(`"gate":"admit"`))))
	return len(p), nil
}

// TestStreamBoundedMemory streams many tasks and checks that the heap does
// not grow with their number. (The million-task figure is measured by
// BenchmarkStream and the CLI; this keeps the test run short.)
func TestStreamBoundedMemory(t *testing.T) {
	if testing.Short() {
		t.Skip("streams 100,000 tasks; skipped with -short")
	}
	var origins []string
	for range 5 {
		s := newSite(t, 200, "User-agent: *\nDisallow: /item/1\n")
		origins = append(origins, s.URL)
	}
	g := &Gate{Agent: "ExampleBot", Client: local(), Scope: approveAll}
	var peak atomic.Uint64
	done := make(chan struct{})
	go func() {
		var ms runtime.MemStats
		for {
			select {
			case <-done:
				return
			case <-time.After(20 * time.Millisecond):
			}
			runtime.ReadMemStats(&ms)
			if ms.HeapInuse > peak.Load() {
				peak.Store(ms.HeapInuse)
			}
		}
	}()
	const n = 100000
	w := &countingWriter{}
	err := g.Stream(context.Background(), bufio.NewReader(&taskReader{origins: origins, n: n}), w, StreamOptions{})
	close(done)
	if err != nil {
		t.Fatal(err)
	}
	if w.lines.Load() != n {
		t.Errorf("%d lines out for %d tasks", w.lines.Load(), n)
	}
	// 100,000 tasks are about 10 MB of input and 80 MB of output; the heap
	// must stay far below either.
	if p := peak.Load(); p > 64<<20 {
		t.Errorf("peak heap in use %d MB", p>>20)
	}
	t.Logf("peak heap in use: %.1f MB for %d tasks", float64(peak.Load())/(1<<20), n)
}

func BenchmarkStream(b *testing.B) {
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		io.WriteString(w, seedFile)
	}))
	defer srv.Close()
	g := &Gate{Agent: "ExampleBot", Client: local(), Scope: approveAll}
	b.ReportAllocs()
	const perOp = 10000
	for b.Loop() {
		if err := g.Stream(context.Background(), bufio.NewReader(&taskReader{origins: []string{srv.URL}, n: perOp}), io.Discard, StreamOptions{}); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N*perOp), "ns/task")
}

func FuzzParseTask(f *testing.F) {
	f.Add([]byte(`{"url":"https://example.com/","id":1,"meta":{"a":[1,2]}}`))
	f.Add([]byte(`{"url":"x","decision":{"origin":"o"},"gate":"admit"}`))
	f.Add([]byte(`not json`))
	f.Add([]byte(`{"a":1}{"b":2}`))
	f.Add([]byte(`{"\u00e9":"\ud800","url":null}`))
	f.Fuzz(func(t *testing.T, line []byte) {
		fields, err := parseTask(line)
		if err != nil {
			return
		}
		// What parses renders back to valid JSON with the same values.
		out := append(openObject(fields), `"gate":"drop"}`...)
		if !json.Valid(out) {
			t.Fatalf("invalid output %s from %s", out, line)
		}
		var in, back map[string]any
		if json.Unmarshal(line, &in) != nil || json.Unmarshal(out, &back) != nil {
			t.Fatalf("round trip of %s", line)
		}
		for k, v := range in {
			switch k {
			case keyDecision, keyGate, keyChanged, keyError:
				continue
			}
			if fmt.Sprint(back[k]) != fmt.Sprint(v) {
				t.Fatalf("field %q: %v became %v", k, v, back[k])
			}
		}
	})
}

func FuzzRecordJSON(f *testing.F) {
	f.Add([]byte(`{"origin":"https://example.com","productToken":"X","targetURL":"https://example.com/","policyURL":"https://example.com/robots.txt","policyFinalURL":null,"policyFetchedAt":"2026-03-01T12:00:00Z","policyStatus":"success","policyHTTPStatus":200,"policyDigest":"sha256:00","policyStale":false,"group":[],"matchedRule":{"line":2,"kind":"disallow","pattern":"/a"},"repDecision":"disallow","collectionDecision":"unresolved","reason":"r"}`))
	f.Fuzz(func(t *testing.T, b []byte) {
		var r Record
		if json.Unmarshal(b, &r) != nil {
			return
		}
		out, err := json.Marshal(r)
		if err != nil {
			t.Fatal(err)
		}
		var r2 Record
		if err := json.Unmarshal(out, &r2); err != nil {
			t.Fatalf("re-read %s: %v", out, err)
		}
		out2, _ := json.Marshal(r2)
		if string(out) != string(out2) {
			t.Fatalf("not stable:\n%s\n%s", out, out2)
		}
	})
}
