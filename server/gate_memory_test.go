package server

import (
	"bufio"
	"encoding/json"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"runtime"
	"runtime/debug"
	"runtime/metrics"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/robotstxt/robotstxt/gate"
)

// slowPost opens a connection to addr and sends a decide request whose
// body is body, of which only the first byte is sent now; the rest goes
// with finish.
type slowPost struct {
	c    net.Conn
	rest string
}

func newSlowPost(t *testing.T, addr, body string) *slowPost {
	t.Helper()
	c, err := net.Dial("tcp", addr)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { c.Close() })
	fmt.Fprintf(c, "POST /api/v1/decide HTTP/1.1\r\nHost: %s\r\nContent-Type: application/json\r\nContent-Length: %d\r\n\r\n%s", addr, len(body), body[:1])
	return &slowPost{c: c, rest: body[1:]}
}

// answered reports whether an answer has arrived on the connection: one
// sent before the call is in the socket's buffer and read at once.
func (p *slowPost) answered() bool {
	p.c.SetReadDeadline(time.Now().Add(50 * time.Millisecond))
	var b [1]byte
	n, _ := p.c.Read(b[:])
	p.c.SetReadDeadline(time.Time{})
	return n > 0
}

// finish sends the rest of the body and reads the answer.
func (p *slowPost) finish(t *testing.T) (int, []decideLine) {
	t.Helper()
	io.WriteString(p.c, p.rest)
	p.c.SetReadDeadline(time.Now().Add(time.Minute))
	resp, err := http.ReadResponse(bufio.NewReader(p.c), nil)
	if err != nil {
		t.Fatalf("slow request: no answer: %v", err)
	}
	defer resp.Body.Close()
	var out []decideLine
	b, _ := io.ReadAll(resp.Body)
	if resp.StatusCode == 200 {
		if err := json.Unmarshal(b, &out); err != nil {
			t.Fatalf("slow request: %s: %v", b, err)
		}
	}
	return resp.StatusCode, out
}

// TestSlowBodiesNeverStarveCachedAnswers: clients that send their bodies
// a byte at a time hold no turn (issue 41, item 6): with 4 turns and 20
// such requests open, decides of a cached origin are answered 200 while
// every slow request is still unanswered; then the slow ones, finished,
// are answered too.
func TestSlowBodiesNeverStarveCachedAnswers(t *testing.T) {
	good := newSite(t, "User-agent: *\nDisallow: /private/\n", 0)
	o := gateOptions(t, nil, nil, nil)
	o.MaxInFlight = 4
	srv, err := New(Options{Gate: o})
	if err != nil {
		t.Fatal(err)
	}
	var entered atomic.Int64
	ts := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		entered.Add(1)
		srv.ServeHTTP(w, r)
	}))
	defer ts.Close()
	if code, a := decide(t, ts.URL, urlsJSON(good.URL+"/warm")); code != 200 || a[0].Gate != gate.Admit {
		t.Fatalf("warming: %d %+v", code, a)
	}
	addr := strings.TrimPrefix(ts.URL, "http://")
	const slow = 20
	var posts []*slowPost
	for range slow {
		posts = append(posts, newSlowPost(t, addr, urlsJSON(good.URL+"/slow", good.URL+"/private/slow")))
	}
	for entered.Load() < 1+slow { // every slow request is in the handler
		runtime.Gosched()
		time.Sleep(time.Millisecond)
	}
	for i := range 10 {
		code, a := decide(t, ts.URL, urlsJSON(good.URL+"/a", good.URL+"/private/b"))
		if code != 200 || a[0].Gate != gate.Admit || a[1].Gate != gate.Drop {
			t.Fatalf("cached decide %d with %d slow bodies open: %d %+v, want 200 admit, drop", i, slow, code, a)
		}
	}
	for i, p := range posts {
		if p.answered() {
			t.Fatalf("slow request %d was answered before its body was sent", i)
		}
	}
	for i, p := range posts {
		code, a := p.finish(t)
		if code != 200 || len(a) != 2 || a[0].Gate != gate.Admit || a[1].Gate != gate.Drop {
			t.Errorf("slow request %d, finished: %d %+v", i, code, a)
		}
	}
}

// heapBytes is the Go heap's live and not yet swept objects.
func heapBytes() uint64 {
	s := []metrics.Sample{{Name: "/memory/classes/heap/objects:bytes"}}
	metrics.Read(s)
	return s[0].Value.Uint64()
}

// TestGateMemoryBounded: the instance's memory budget bounds the bytes in
// flight over all requests, not per request (issue 41, item 7): 8
// concurrent decides of 1,000 URLs whose decisions are 20 KB each (a group
// of 400 user-agent lines naming the agent) would hold about 16 MiB each, twice; with a
// budget of 8 MiB the heap stays near it, every request is answered 200
// with 1,000 answers, and the URLs beyond the budget are holds saying so
// (ask again), never lost.
func TestGateMemoryBounded(t *testing.T) {
	var robots strings.Builder
	for range 400 {
		robots.WriteString("User-agent: ExampleBot\n") // each listed in every record
	}
	robots.WriteString("Disallow: /private/\n")
	big := newSite(t, robots.String(), 0)
	const budget = 8 << 20
	o := gateOptions(t, nil, nil, nil)
	o.MaxMemory = budget
	srv, err := New(Options{Gate: o})
	if err != nil {
		t.Fatal(err)
	}
	ts := httptest.NewServer(srv)
	defer ts.Close()
	if code, a := decide(t, ts.URL, urlsJSON(big.URL+"/warm")); code != 200 || a[0].Gate != gate.Admit {
		t.Fatalf("warming: %d %+v", code, a)
	}
	urls := make([]string, 1000)
	for i := range urls {
		urls[i] = fmt.Sprintf("%s/page/%d", big.URL, i)
	}
	body := urlsJSON(urls...)
	// A collector that runs often, so that the heap follows what is live
	// rather than the garbage of the decisions the budget turned away.
	defer debug.SetGCPercent(debug.SetGCPercent(20))
	runtime.GC()
	base := heapBytes()
	var peak atomic.Uint64
	stop := make(chan struct{})
	sampled := make(chan struct{})
	go func() {
		defer close(sampled)
		for {
			if h := heapBytes(); h > peak.Load() {
				peak.Store(h)
			}
			select {
			case <-stop:
				return
			default:
				time.Sleep(200 * time.Microsecond)
			}
		}
	}()
	const requests = 8
	var admits, memHolds, busy atomic.Int64
	var wg sync.WaitGroup
	for range requests {
		wg.Go(func() {
			resp, err := http.Post(ts.URL+"/api/v1/decide", "application/json", strings.NewReader(body))
			if err != nil {
				t.Error(err)
				return
			}
			defer resp.Body.Close()
			if resp.StatusCode == http.StatusServiceUnavailable {
				busy.Add(1)
				return
			}
			if resp.StatusCode != 200 {
				b, _ := io.ReadAll(resp.Body)
				t.Errorf("big decide: %d %s", resp.StatusCode, b)
				return
			}
			// Read element by element: the client keeps no answer.
			dec := json.NewDecoder(resp.Body)
			if _, err := dec.Token(); err != nil {
				t.Error(err)
				return
			}
			n := 0
			for dec.More() {
				var a struct {
					Gate  gate.Action `json:"gate"`
					Error string      `json:"error"`
				}
				if err := dec.Decode(&a); err != nil {
					t.Error(err)
					return
				}
				n++
				switch {
				case a.Gate == gate.Admit:
					admits.Add(1)
				case a.Gate == gate.Hold && (a.Error == MemoryFull || a.Error == AnswerFull):
					memHolds.Add(1)
				default:
					t.Errorf("answer %+v: want admit or a hold for the budget", a)
				}
			}
			if n != len(urls) {
				t.Errorf("%d answers, want %d", n, len(urls))
			}
		})
	}
	wg.Wait()
	close(stop)
	<-sampled
	grew := int64(peak.Load()) - int64(base)
	t.Logf("8 big decides: heap grew by %.1f MiB at most (budget %d MiB); %d admits, %d held for the budget, %d busy", float64(grew)/(1<<20), budget>>20, admits.Load(), memHolds.Load(), busy.Load())
	if memHolds.Load() == 0 {
		t.Errorf("no URL was held for the budget: 8 x 1,000 decisions of 20 KB fit in %d MiB?", budget>>20)
	}
	if admits.Load() == 0 {
		t.Errorf("nothing admitted")
	}
	// Without the budget the heap grows by about 500 MiB; with it, by the
	// budget, what the collector has not yet freed and the test's own
	// client.
	if limit := int64(4 * budget); grew > limit {
		t.Errorf("heap grew by %d MiB during 8 big decides, want at most %d MiB (budget %d MiB)", grew>>20, limit>>20, budget>>20)
	}
	// The handlers end a moment after their answers are read.
	for end := time.Now().Add(30 * time.Second); srv.gateSvc.mem.Used() != 0 && time.Now().Before(end); {
		time.Sleep(10 * time.Millisecond)
	}
	if u := srv.gateSvc.mem.Used(); u != 0 {
		t.Errorf("%d bytes of the budget still taken after every request ended", u)
	}
}

// TestMetricsHostChecked: with the gate on, /metrics answers only the Host
// names the gate answers (IP addresses, localhost, --gate-host), as the
// gate API does against DNS rebinding (issue 41, item 10); the public
// page answers any Host (it holds nothing of the fleet).
func TestMetricsHostChecked(t *testing.T) {
	o := gateOptions(t, nil, nil, nil)
	o.Hosts = []string{"gate.internal"}
	ts, _ := newServer(t, Options{Gate: o})
	for _, tt := range []struct {
		path, host string
		want       int
	}{
		{"/metrics", "", 200}, // 127.0.0.1:port
		{"/metrics", "localhost:8080", 200},
		{"/metrics", "[::1]:8080", 200},
		{"/metrics", "gate.internal", 200},
		{"/metrics", "GATE.internal:9090", 200},
		{"/metrics", "evil.example", 403},
		{"/metrics", "localhost.evil.example", 403},
		{"/", "evil.example", 200},
		{"/robots.txt", "evil.example", 200},
	} {
		req, _ := http.NewRequest("GET", ts.URL+tt.path, nil)
		if tt.host != "" {
			req.Host = tt.host
		}
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		b, _ := io.ReadAll(resp.Body)
		resp.Body.Close()
		if resp.StatusCode != tt.want {
			t.Errorf("GET %s, Host %q: %d, want %d", tt.path, tt.host, resp.StatusCode, tt.want)
		}
		if tt.want == 200 && tt.path == "/metrics" && !strings.Contains(string(b), "go_goroutines") {
			t.Errorf("GET %s, Host %q: no metrics", tt.path, tt.host)
		}
	}
}
