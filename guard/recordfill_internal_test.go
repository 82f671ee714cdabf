package guard

import (
	"context"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/chromedp/cdproto/target"

	"github.com/robotstxt/robotstxt/fetch"
	"github.com/robotstxt/robotstxt/gate"
	"github.com/robotstxt/robotstxt/netguard"
)

// recordGuard is a Guard set up as Attach sets it, without a browser, its
// robots.txt fetched from a loopback server whose robots.txt disallows
// /private/ (or answers 503 with unreachable). fetches counts them.
func recordGuard(t testing.TB, unreachable bool) (*Guard, string, *atomic.Int64) {
	t.Helper()
	var fetches atomic.Int64
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Path == "/robots.txt" {
			fetches.Add(1)
			if unreachable {
				w.WriteHeader(http.StatusServiceUnavailable)
				return
			}
			w.Write([]byte("User-agent: *\nDisallow: /private/\n"))
		}
	}))
	t.Cleanup(srv.Close)
	g := &Guard{Gate: &gate.Gate{Agent: "ExampleBot"}, Net: &netguard.Policy{AllowPrivate: true}}
	gt, n, err := g.setup()
	if err != nil {
		t.Fatal(err)
	}
	g.gate, g.net = gt, n
	g.hosts = map[string]error{}
	g.dctx, g.stopDecide = context.WithCancel(context.Background())
	t.Cleanup(g.stopDecide)
	return g, srv.URL, &fetches
}

// TestRefusalRecord: a request the guard refuses for a reason of its own
// (a tab's first document before the tab is ready, a tab that could not be
// guarded) keeps the guard's action and reason, and has the policy's
// fields all the same: its origin, the robots.txt's status and what it
// says (issue 41 item 5: the summary printed "6 documents from  drop").
func TestRefusalRecord(t *testing.T) {
	for _, tt := range []struct {
		name        string
		unreachable bool
		path        string
		rep         gate.RepDecision
		status      fetch.Status
	}{
		{"allowed URL", false, "/page", gate.RepAllow, fetch.Success},
		{"disallowed URL", false, "/private/page", gate.RepDisallow, fetch.Success},
		{"robots.txt 503", true, "/page", gate.RepUnresolved, fetch.Unreachable},
	} {
		t.Run(tt.name, func(t *testing.T) {
			g, base, _ := recordGuard(t, tt.unreachable)
			r := &Record{}
			r.TargetURL = base + tt.path
			g.refusal(context.Background(), r, gate.Drop, "this tab could not be guarded: gone")
			if r.Action != gate.Drop || !r.Subject {
				t.Errorf("action %q subject %v, want drop, true", r.Action, r.Subject)
			}
			if r.Origin != base || r.PolicyURL != base+"/robots.txt" || r.ProductToken != "ExampleBot" {
				t.Errorf("origin %q policyURL %q token %q", r.Origin, r.PolicyURL, r.ProductToken)
			}
			if r.PolicyStatus != tt.status || r.RepDecision != tt.rep {
				t.Errorf("policyStatus %q repDecision %q, want %q %q", r.PolicyStatus, r.RepDecision, tt.status, tt.rep)
			}
			if !strings.HasPrefix(r.Reason, "this tab could not be guarded: gone; robots.txt: ") {
				t.Errorf("reason %q: the guard's reason first, then the policy's", r.Reason)
			}
			if r.TargetURL != base+tt.path {
				t.Errorf("targetURL %q", r.TargetURL)
			}
		})
	}
}

// TestRefusedDestinationRecord: a request to a refused destination
// (loopback, without AllowPrivate) is dropped with the policy's fields the
// gate gives such an origin: robots.txt not fetched (refused), nothing
// known (unresolved), its origin and robots.txt URL.
func TestRefusedDestinationRecord(t *testing.T) {
	g, base, fetches := recordGuard(t, false)
	g.net = &netguard.Policy{} // loopback refused
	g.hosts = map[string]error{}
	r := &Record{}
	r.TargetURL = base + "/sw.js"
	g.decide(context.Background(), r)
	if r.Action != gate.Drop || r.Destination != DestinationRefused || r.Origin != base || r.PolicyURL != base+"/robots.txt" ||
		r.PolicyStatus != fetch.Refused || r.RepDecision != gate.RepUnresolved || r.CollectionDecision != gate.Unresolved {
		t.Errorf("%+v", r)
	}
	if n := fetches.Load(); n != 0 {
		t.Errorf("robots.txt fetched %d times", n)
	}
}

// TestUncheckedRecordPolicy: the records the guard makes of frames and
// workers (unguarded ones that ran before it attached, a service worker it
// did not let run) carry the origin and the policy's fields: at once when
// the policy is known, else once fetched, and until then the record is not
// Done, so that a stream writes it complete. A URL with no origin (about:)
// gets none.
func TestUncheckedRecordPolicy(t *testing.T) {
	g, base, fetches := recordGuard(t, false)
	g.unchecked(&target.Info{Type: "service_worker", URL: base + "/private/sw.js"}, TypeScript, gate.Drop, "not run: the guard could not add its websocket check to this service worker (x); it stays paused")
	g.unchecked(&target.Info{Type: "page", TargetID: "T1", URL: base + "/"}, TypeDocument, Unguarded, "not guarded: this tab's document was loaded when the guard attached")
	g.unchecked(&target.Info{Type: "iframe", TargetID: "F1", URL: "about:blank"}, TypeSubframeDocument, gate.Admit, "not checked from its start: x")
	g.waitDecisions(withTimeout(t, 10*time.Second))
	recs := g.Records()
	if len(recs) != 3 {
		t.Fatalf("%d records, want 3", len(recs))
	}
	for _, tt := range []struct {
		action gate.Action
		rep    gate.RepDecision
		origin string
		status string
	}{
		{gate.Drop, gate.RepDisallow, base, "blocked"},
		{Unguarded, gate.RepAllow, base, "error: not guarded"},
		{gate.Admit, "", "", "error: not checked from its start"},
	} {
		r := recs[0]
		recs = recs[1:]
		if r.Action != tt.action || r.RepDecision != tt.rep || r.Origin != tt.origin || r.TargetStatus.String() != tt.status {
			t.Errorf("%s: action %q rep %q origin %q status %q; want %q %q %q %q", r.TargetURL, r.Action, r.RepDecision, r.Origin, r.TargetStatus, tt.action, tt.rep, tt.origin, tt.status)
		}
		if tt.origin != "" && (r.PolicyStatus != fetch.Success || !strings.Contains(r.Reason, "; robots.txt: ")) {
			t.Errorf("%s: policyStatus %q reason %q", r.TargetURL, r.PolicyStatus, r.Reason)
		}
		if !r.Done() {
			t.Errorf("%s: not done once filled", r.TargetURL)
		}
	}
	if n := fetches.Load(); n != 1 {
		t.Errorf("robots.txt fetched %d times, want once", n)
	}

	// Known policy: filled at once, done at once.
	g.unchecked(&target.Info{Type: "worker", URL: base + "/w.js"}, TypeScript, gate.Admit, "checked without a session of its own: x")
	r := g.Records()[3]
	if !r.Done() || r.RepDecision != gate.RepAllow || r.PolicyStatus != fetch.Success {
		t.Errorf("cached: done %v rep %q status %q", r.Done(), r.RepDecision, r.PolicyStatus)
	}
}

// TestFillingNotDone: a record whose policy is being fetched is not Done.
func TestFillingNotDone(t *testing.T) {
	r := Record{Action: gate.Drop, filling: true}
	if r.Done() {
		t.Error("a record being filled is Done")
	}
	r.filling = false
	if !r.Done() {
		t.Error("a drop is not Done")
	}
}

// TestUndecidedWhenRead: a record whose decision is still under way when
// LoadPage reads it is a hold with its origin and an unresolved policy, not
// a zero record ("not subject to robots.txt"); decided records are left as
// they are.
func TestUndecidedWhenRead(t *testing.T) {
	g, base, _ := recordGuard(t, false)
	for _, tt := range []struct {
		url    string
		action gate.Action
		want   gate.Action
		origin string
	}{
		{base + "/x.js", "", gate.Hold, base},
		{strings.Replace(base, "http://", "ws://", 1) + "/live", "", gate.Hold, base},
		{base + "/y.js", gate.Admit, gate.Admit, ""},
		{base + "/z.js", gate.Drop, gate.Drop, ""},
	} {
		r := Record{Action: tt.action}
		r.TargetURL = tt.url
		g.undecidedWhenRead(&r)
		if r.Action != tt.want || r.Origin != tt.origin {
			t.Errorf("%s (%q): action %q origin %q, want %q %q", tt.url, tt.action, r.Action, r.Origin, tt.want, tt.origin)
		}
		if tt.action == "" {
			if !r.Subject || r.RepDecision != gate.RepUnresolved || r.CollectionDecision != gate.Unresolved || !strings.HasPrefix(r.Reason, "no decision yet") {
				t.Errorf("%s: subject %v rep %q col %q reason %q", tt.url, r.Subject, r.RepDecision, r.CollectionDecision, r.Reason)
			}
		}
	}
}

// TestBrowserInternal: the browser's own resources (the PDF viewer, an
// extension of Chromium's, and its chrome://resources; the DevTools front
// end) are not the page's requests; the page's schemes are.
func TestBrowserInternal(t *testing.T) {
	for _, tt := range []struct {
		url  string
		want bool
	}{
		{"chrome://resources/js/load_time_data.js", true},
		{"chrome-extension://mhjfbmdgcfjbbpaeojofohoefgiehjai/index.html", true},
		{"CHROME-EXTENSION://x/y", true},
		{"chrome-untrusted://print/", true},
		{"devtools://devtools/bundled/inspector.html", true},
		{"http://a.test/doc.pdf", false},
		{"data:,x", false},
		{"blob:http://a.test/1", false},
		{"about:blank", false},
		{"chromeish://x", false},
	} {
		if got := browserInternal(tt.url); got != tt.want {
			t.Errorf("browserInternal(%q) = %v, want %v", tt.url, got, tt.want)
		}
	}
}

func withTimeout(t *testing.T, d time.Duration) context.Context {
	ctx, cancel := context.WithTimeout(context.Background(), d)
	t.Cleanup(cancel)
	return ctx
}
