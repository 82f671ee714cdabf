package main

import (
	"os"
	"strings"
	"testing"
	"time"

	"github.com/robotstxt/robotstxt/guard"
	"github.com/robotstxt/robotstxt/internal/leaksite"
)

// Tests that hold under load (issue 41 item 11). Chromium reports a
// request's links (its own Network report, a CORS preflight's request, the
// frame's request a service worker answered) on sessions other than the
// Fetch domain's, in no set order with its answer: at a load average of
// 20, later than the 2 s the records stream waits for them. A test that
// checks those links waits for them instead.

// waitForLinks makes the records streams of this test wait for every
// link, however late (until the command is interrupted, when the rest is
// written as it is), instead of linkWait.
func waitForLinks(t *testing.T) {
	old := streamLinkWait.Swap(1 << 40)
	t.Cleanup(func() { streamLinkWait.Store(old) })
}

// waitLeakLinks waits until the records file holds the leak page's
// records whose links CheckKinds checks, linked: the CORS preflight with
// the PUT's initiator, and the requests the service worker made again for
// its frame with the frame's tab. It returns at the deadline all the same:
// CheckKinds then says what is missing.
func waitLeakLinks(t *testing.T, s *leaksite.Site, file string, deadline time.Duration) {
	t.Helper()
	for end := time.Now().Add(deadline); time.Now().Before(end); time.Sleep(100 * time.Millisecond) {
		b, err := os.ReadFile(file)
		if err != nil {
			continue
		}
		var put, preflight string
		sw := 0
		for _, l := range strings.Split(string(b), "\n") {
			var r guard.Record
			if l == "" || r.UnmarshalJSON([]byte(l)) != nil {
				continue
			}
			switch {
			case r.Method == "PUT":
				put = r.Initiator
			case r.ResourceType == guard.TypePreflight:
				preflight = r.Initiator
			case (r.TargetURL == s.A.URL+"/sw/ok" || r.TargetURL == s.A.URL+"/api/sw") && r.Tab != "":
				sw++
			}
		}
		if put != "" && preflight == put && sw == 2 {
			return
		}
	}
	t.Logf("the leak page's linked records were not all written within %s", deadline)
}
