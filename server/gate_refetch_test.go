package server

import (
	"net/http"
	"net/http/httptest"
	"strings"
	"sync/atomic"
	"testing"

	"github.com/robotstxt/robotstxt/gate"
)

// TestKnownFailureNeverBlocksAnswer: a decide naming an origin known to
// fail, whose re-fetch is due and hangs, and a cached origin is answered
// while the re-fetch still hangs: a hold for the failing origin, the
// other URL decided (issue 41, item 8).
func TestKnownFailureNeverBlocksAnswer(t *testing.T) {
	good := newSite(t, "User-agent: *\nDisallow: /private/\n", 0)
	var hits atomic.Int64
	arrived := make(chan struct{}, 4)
	release := make(chan struct{})
	failing := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if hits.Add(1) > 1 {
			arrived <- struct{}{}
			<-release
		}
		w.WriteHeader(http.StatusServiceUnavailable)
	}))
	defer failing.Close()
	defer close(release)
	o := gateOptions(t, nil, nil, nil)
	o.Gate.Client.MinBackoff = 1 // the next fetch is due at once
	ts, _ := newServer(t, Options{Gate: o})
	if code, a := decide(t, ts.URL, urlsJSON(failing.URL+"/a", good.URL+"/warm")); code != 200 || a[0].Gate != gate.Hold || a[1].Gate != gate.Admit {
		t.Fatalf("first decide: %d %+v", code, a)
	}
	for i := range 3 {
		code, a := decide(t, ts.URL, urlsJSON(failing.URL+"/b", good.URL+"/c", good.URL+"/private/d"))
		if code != 200 || a[0].Gate != gate.Hold || a[1].Gate != gate.Admit || a[2].Gate != gate.Drop {
			t.Fatalf("decide %d while the re-fetch hangs: %d %+v", i, code, a)
		}
		if a[0].RetryAt == "" || a[0].Decision == nil || !strings.Contains(a[0].Decision.Reason, "unreachable") {
			t.Errorf("decide %d: the failing origin's answer %+v: want a hold from the known failure, with retryAt", i, a[0])
		}
	}
	<-arrived // the re-fetch reached the origin, and hangs still
	if n := hits.Load(); n != 2 {
		t.Errorf("%d fetches of the failing origin, want 2 (one re-fetch for every ask)", n)
	}
}
