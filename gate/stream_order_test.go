package gate

import (
	"context"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"sort"
	"strings"
	"sync"
	"testing"
	"time"
)

// blockedSite answers robots.txt only once release is closed.
func blockedSite(t *testing.T) (url string, release func()) {
	t.Helper()
	ch := make(chan struct{})
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		<-ch
		io.WriteString(w, "User-agent: *\nDisallow:\n")
	}))
	var once sync.Once
	release = func() { once.Do(func() { close(ch) }) }
	t.Cleanup(func() { release(); srv.Close() })
	return srv.URL, release
}

// lockedWriter lets a test read what Stream wrote so far.
type lockedWriter struct {
	mu sync.Mutex
	b  strings.Builder
}

func (w *lockedWriter) Write(p []byte) (int, error) {
	w.mu.Lock()
	defer w.mu.Unlock()
	return w.b.Write(p)
}

func (w *lockedWriter) String() string {
	w.mu.Lock()
	defer w.mu.Unlock()
	return w.b.String()
}

// slowHeadInput: two tasks of a stalled origin first, then n tasks of fast
// ones.
func slowHeadInput(slow string, fast []string, n int) string {
	var b strings.Builder
	fmt.Fprintf(&b, "{\"url\":%q,\"id\":\"slow-1\"}\n{\"url\":%q,\"id\":\"slow-2\"}\n", slow+"/a", slow+"/b")
	for i := range n {
		fmt.Fprintf(&b, "{\"url\":%q,\"id\":%d}\n", fast[i%len(fast)]+fmt.Sprintf("/item/%d", i), i)
	}
	return b.String()
}

// TestStreamSlowOriginDoesNotStall: while one origin's robots.txt hangs,
// the tasks of the other origins are decided and written (completion
// order), with fewer workers than stalled tasks. Before, the output waited
// for the stalled origin and its tasks held the workers.
func TestStreamSlowOriginDoesNotStall(t *testing.T) {
	slow, release := blockedSite(t)
	var fast []string
	for range 3 {
		fast = append(fast, newSite(t, 200, "User-agent: *\nDisallow: /item/1\n").URL)
	}
	const n = 500
	g := &Gate{Agent: "ExampleBot", Client: local(), Scope: approveAll}
	w := &lockedWriter{}
	errc := make(chan error, 1)
	go func() {
		errc <- g.Stream(context.Background(), strings.NewReader(slowHeadInput(slow, fast, n)), w, StreamOptions{Workers: 1, Window: 64})
	}()
	deadline := time.Now().Add(10 * time.Second)
	for strings.Count(w.String(), "\n") < n {
		if time.Now().After(deadline) {
			release()
			t.Fatalf("only %d of %d fast tasks written while one origin stalls", strings.Count(w.String(), "\n"), n)
		}
		time.Sleep(10 * time.Millisecond)
	}
	if strings.Contains(w.String(), "slow-") {
		t.Fatal("a stalled task was written before its origin answered")
	}
	release()
	if err := <-errc; err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(strings.TrimSpace(w.String()), "\n")
	if len(lines) != n+2 || !strings.Contains(lines[n], "slow-") || !strings.Contains(lines[n+1], "slow-") {
		t.Errorf("%d lines; the stalled origin's two tasks should come last", len(lines))
	}
}

// TestStreamOrdered: with Ordered, the output keeps the input order even
// when the first task's origin is the slowest, and no more than Window
// tasks are taken in while it waits.
func TestStreamOrdered(t *testing.T) {
	slow, release := blockedSite(t)
	fast := []string{newSite(t, 200, "User-agent: *\nDisallow: /item/1\n").URL}
	const n, window = 200, 8
	g := &Gate{Agent: "ExampleBot", Client: local(), Scope: approveAll}
	var cnt Counters
	w := &lockedWriter{}
	errc := make(chan error, 1)
	go func() {
		errc <- g.Stream(context.Background(), strings.NewReader(slowHeadInput(slow, fast, n)), w,
			StreamOptions{Ordered: true, Window: window, Counters: &cnt})
	}()
	time.Sleep(300 * time.Millisecond)
	if got := w.String(); got != "" {
		t.Errorf("output before the first task was decided: %.100s", got)
	}
	if d := cnt.Tasks.Load(); d > window {
		t.Errorf("%d tasks decided while the head waits; the window is %d", d, window)
	}
	release()
	if err := <-errc; err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(strings.TrimSpace(w.String()), "\n")
	if len(lines) != n+2 {
		t.Fatalf("%d lines for %d tasks", len(lines), n+2)
	}
	for i, l := range lines {
		want := fmt.Sprintf(`"id":%d,`, i-2)
		if i < 2 {
			want = fmt.Sprintf(`"id":"slow-%d"`, i+1)
		}
		if !strings.Contains(l, want) {
			t.Fatalf("line %d is %.120s; want %s", i, l, want)
		}
	}
}

// TestStreamOrdersAgree: both orders write the same lines.
func TestStreamOrdersAgree(t *testing.T) {
	var origins []string
	for i := range 4 {
		s := newSite(t, 200, fmt.Sprintf("User-agent: *\nDisallow: /item/%d\n", i))
		s.delay = time.Duration(i) * 20 * time.Millisecond
		origins = append(origins, s.URL)
	}
	in := slowHeadInput(origins[3], origins, 300)
	g := &Gate{Agent: "ExampleBot", Client: local(), Scope: approveAll}
	ordered := strings.Split(runStream(t, g, in, StreamOptions{Ordered: true}), "\n")
	g2 := &Gate{Agent: "ExampleBot", Client: local(), Scope: approveAll}
	done := strings.Split(runStream(t, g2, in, StreamOptions{Workers: 2, Window: 16}), "\n")
	scrub := func(ls []string) []string {
		for i, l := range ls {
			// Fetch times differ between the two runs.
			if j := strings.Index(l, `"policyFetchedAt":"`); j >= 0 {
				ls[i] = l[:j] + l[j+40:]
			}
		}
		sort.Strings(ls)
		return ls
	}
	a, b := scrub(ordered), scrub(done)
	if len(a) != len(b) {
		t.Fatalf("%d lines ordered, %d in completion order", len(a), len(b))
	}
	for i := range a {
		if a[i] != b[i] {
			t.Fatalf("line sets differ:\n%s\n%s", a[i], b[i])
		}
	}
}
