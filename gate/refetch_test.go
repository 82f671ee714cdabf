package gate

import (
	"context"
	"fmt"
	"net/http"
	"net/http/httptest"
	"sync/atomic"
	"testing"
	"time"
)

// TestKnownFailureAnsweredAtOnce: an origin known to fail whose next fetch
// is due is answered at once from the failure (a hold, RetryAt
// RefetchRetry later) while the fetch is made again in the background,
// once however often it is asked (issue 41, item 8; RFC 9309 section
// 2.3.1.4: unreachable, everything disallowed). The fetch's answer then
// decides.
func TestKnownFailureAnsweredAtOnce(t *testing.T) {
	var hits atomic.Int64
	var healthy atomic.Bool
	arrived := make(chan struct{}, 10)
	release := make(chan struct{})
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		n := hits.Add(1)
		if n == 1 {
			w.WriteHeader(http.StatusServiceUnavailable)
			return
		}
		arrived <- struct{}{}
		<-release // the re-fetch hangs until the test lets it go
		if healthy.Load() {
			fmt.Fprint(w, "User-agent: *\nDisallow: /private/\n")
			return
		}
		w.WriteHeader(http.StatusServiceUnavailable)
	}))
	defer srv.Close()
	defer func() {
		select {
		case <-release:
		default:
			close(release)
		}
	}()
	clk := newClock()
	g := &Gate{Agent: "ExampleBot", Client: testClient(clk), Scope: approveAll}
	g.Client.Fetcher.HeaderTimeout = time.Minute
	if d := check(t, g, srv.URL+"/a"); d.Action != Hold || d.PolicyStatus != "unreachable" {
		t.Fatalf("503 robots.txt: %s %s, want a hold (unreachable)", d.Action, d.PolicyStatus)
	}
	// Not due yet: answered from the failure, no fetch.
	if d, ok, _ := g.CheckCached(context.Background(), srv.URL+"/a"); !ok || d.Action != Hold {
		t.Fatalf("before RetryAt: ok %v", ok)
	}
	clk.Add(2 * DefaultMinBackoff)
	now := clk.Now()
	// Due: every ask is answered at once while one fetch hangs.
	for i := range 20 {
		d, ok, err := g.CheckCached(context.Background(), srv.URL+"/b")
		if err != nil || !ok {
			t.Fatalf("ask %d: ok %v err %v: a known failure must answer without waiting", i, ok, err)
		}
		if d.Action != Hold || !d.RetryAt.Equal(now.Add(RefetchRetry)) {
			t.Fatalf("ask %d: %s retry %v, want hold until %v", i, d.Action, d.RetryAt, now.Add(RefetchRetry))
		}
	}
	<-arrived // the background fetch reached the origin
	if n := hits.Load(); n != 2 {
		t.Errorf("%d fetches, want 2 (the first, and one re-fetch for all the asks)", n)
	}
	healthy.Store(true)
	close(release)
	// Check waits for the fetch in flight (no second one) and decides by it.
	d := check(t, g, srv.URL+"/private/x")
	if d.Action != Drop {
		t.Errorf("after the re-fetch: %s, want drop (disallowed)", d.Action)
	}
	if n := hits.Load(); n != 2 {
		t.Errorf("%d fetches, want 2", n)
	}
}
