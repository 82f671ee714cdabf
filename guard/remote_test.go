package guard_test

import (
	"context"
	"net"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/robotstxt/robotstxt/fetch"
	"github.com/robotstxt/robotstxt/gate"
	"github.com/robotstxt/robotstxt/guard"
	"github.com/robotstxt/robotstxt/netguard"
	"github.com/robotstxt/robotstxt/server"
)

// decisionService starts a real decision service (serve --gate's server,
// in-process) for ExampleBot, approving everything for collection, whose
// robots.txt fetches may reach loopback.
func decisionService(t testing.TB, token string) *httptest.Server {
	t.Helper()
	scope, err := gate.ParseScope([]byte(`approved: ["*"]`), "yaml")
	if err != nil {
		t.Fatal(err)
	}
	client := &gate.Client{Fetcher: &fetch.Fetcher{UserAgent: "ExampleBot/1.0", Guard: &netguard.Policy{AllowPrivate: true}}}
	s, err := server.New(server.Options{Gate: &server.GateOptions{Gate: &gate.Gate{Agent: "ExampleBot", Client: client, Scope: scope}, Token: token}})
	if err != nil {
		t.Fatal(err)
	}
	ts := httptest.NewServer(s)
	t.Cleanup(ts.Close)
	return ts
}

// TestRemoteGate: decisions from a real decision service, and every way
// the service can fail giving an error (which the guard records as a
// hold), never a decision to admit.
func TestRemoteGate(t *testing.T) {
	site := newOrigin(t, "127.0.0.1", map[string]http.HandlerFunc{"/robots.txt": text("text/plain", "User-agent: *\nDisallow: /private/\n")})
	down := newOrigin(t, "127.0.0.1", map[string]http.HandlerFunc{"/robots.txt": status(503)})
	svc := decisionService(t, "s3cret")
	fake := func(h http.HandlerFunc) string {
		ts := httptest.NewServer(h)
		t.Cleanup(ts.Close)
		return ts.URL
	}
	answer := func(body string) string {
		return fake(func(w http.ResponseWriter, r *http.Request) { w.Write([]byte(body)) })
	}
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	closed := "http://" + l.Addr().String()
	l.Close()
	release := make(chan struct{})
	hang := fake(func(w http.ResponseWriter, r *http.Request) {
		select {
		case <-release:
		case <-r.Context().Done():
		}
	})
	t.Cleanup(func() { close(release) }) // before the server's Close (cleanups run last first)
	u := site.URL + "/"
	tests := []struct {
		name   string
		rg     guard.RemoteGate
		url    string
		action gate.Action // "" when an error is wanted
		err    string
	}{
		{"allowed", guard.RemoteGate{URL: svc.URL, Agent: "ExampleBot", Token: "s3cret"}, u, gate.Admit, ""},
		{"disallowed", guard.RemoteGate{URL: svc.URL + "/", Agent: "ExampleBot", Token: "s3cret"}, site.URL + "/private/x", gate.Drop, ""},
		{"robots.txt 503", guard.RemoteGate{URL: svc.URL, Agent: "ExampleBot", Token: "s3cret"}, down.URL + "/", gate.Hold, ""},
		{"another agent", guard.RemoteGate{URL: svc.URL, Agent: "OtherBot", Token: "s3cret"}, site.URL + "/private/x", gate.Drop, ""},
		{"no token", guard.RemoteGate{URL: svc.URL, Agent: "ExampleBot"}, u, "", "answered HTTP 401"},
		{"service down", guard.RemoteGate{URL: closed}, u, "", "connection refused"},
		{"no answer in time", guard.RemoteGate{URL: hang, Timeout: 200 * time.Millisecond}, u, "", "did not answer within 200ms"},
		{"error status", guard.RemoteGate{URL: fake(func(w http.ResponseWriter, r *http.Request) {
			w.WriteHeader(503)
			w.Write([]byte(`{"error": "overloaded"}`))
		})}, u, "", "answered HTTP 503: overloaded"},
		{"not JSON", guard.RemoteGate{URL: answer("<html>")}, u, "", "not a decide answer"},
		{"another URL", guard.RemoteGate{URL: answer(`[{"url": "http://else.test/", "decision": {}, "gate": "admit"}]`)}, u, "", "not for the URL asked"},
		{"two answers", guard.RemoteGate{URL: answer(`[{"url": "` + u + `", "decision": {}, "gate": "admit"}, {"url": "` + u + `", "decision": {}, "gate": "admit"}]`)}, u, "", "not for the URL asked"},
		{"an unknown action", guard.RemoteGate{URL: answer(`[{"url": "` + u + `", "decision": {}, "gate": "allow"}]`)}, u, "", `gate "allow"`},
		{"admit without a record", guard.RemoteGate{URL: answer(`[{"url": "` + u + `", "gate": "admit"}]`)}, u, "", "admit without a decision record"},
		{"a hold without a record", guard.RemoteGate{URL: answer(`[{"url": "` + u + `", "error": "not decided: ask again", "gate": "hold"}]`)}, u, gate.Hold, ""},
		{"an answer too big", guard.RemoteGate{URL: answer(strings.Repeat(" ", 1<<20+1))}, u, "", "over 1048576 bytes"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			d, err := tt.rg.Check(context.Background(), tt.url)
			if tt.action == "" {
				if err == nil || !strings.Contains(err.Error(), tt.err) {
					t.Fatalf("Check: %+v, %v; want an error with %q", d, err, tt.err)
				}
				return
			}
			if err != nil || d.Action != tt.action {
				t.Fatalf("Check: %+v, %v; want %s", d, err, tt.action)
			}
			if d.Record.Origin != "" && d.TargetURL != tt.url {
				t.Errorf("record for %q, want %q", d.TargetURL, tt.url)
			}
		})
	}
	if n := site.Count("/robots.txt"); n != 1 {
		t.Errorf("the site's robots.txt fetched %d times by the service, want once (for both agents)", n)
	}
}
