package gate

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/robotstxt/robotstxt/cache"
	"github.com/robotstxt/robotstxt/fetch"
)

// TestRefusedDestinationIsHeld: with the default fetcher, an origin on a
// loopback address is never fetched; its tasks are held with the reason,
// even when a copy of its policy fetched earlier is still fresh.
func TestRefusedDestinationIsHeld(t *testing.T) {
	s := newSite(t, 200, "User-agent: *\nAllow: /\n")
	clk := newClock()
	mem := cache.NewMemory(0, 0)
	// A fresh copy from when the origin was public, now expired.
	old := &fetch.Policy{Origin: s.URL, URL: s.URL + "/robots.txt", FinalURL: s.URL + "/robots.txt", Status: fetch.Success,
		FetchedAt: clk.Now().Add(-25 * time.Hour), Body: []byte("User-agent: *\nAllow: /\n"), MaxAge: -1}
	mem.Put(context.Background(), s.URL, &cache.Entry{Policy: old, Expires: clk.Now().Add(-time.Hour)})
	for _, c := range []*Client{
		{Now: clk.Now},             // nothing cached
		{Now: clk.Now, Cache: mem}, // a copy past its expiry but within the stale bound
	} {
		g := &Gate{Agent: "ExampleBot", Client: c, Scope: approveAll}
		d := check(t, g, s.URL+"/page")
		if d.Action != Hold || d.RepDecision != RepUnresolved || d.PolicyStatus != fetch.Refused || d.PolicyStale {
			t.Errorf("decision %s rep %s status %s stale %v; want hold, unresolved, refused", d.Action, d.RepDecision, d.PolicyStatus, d.PolicyStale)
		}
		if !strings.Contains(d.Reason, "destination refused") || !strings.Contains(d.Reason, "loopback") || d.RetryAt.IsZero() {
			t.Errorf("reason %q retry %v; want the refusal and its reason, and a retry time", d.Reason, d.RetryAt)
		}
	}
	if n := s.hits.Load(); n != 0 {
		t.Errorf("the loopback site received %d requests, want 0", n)
	}
}
