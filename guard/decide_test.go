package guard

import (
	"context"
	"errors"
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/robotstxt/robotstxt/fetch"
	"github.com/robotstxt/robotstxt/gate"
	"github.com/robotstxt/robotstxt/netguard"
)

// TestDecide covers the guard's decision for each kind of URL, without a
// browser: schemes, websockets, destinations, robots.txt.
func TestDecide(t *testing.T) {
	var hits int
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Path == "/robots.txt" {
			hits++
			io.WriteString(w, "User-agent: *\nDisallow: /private/\n")
			return
		}
		t.Errorf("the guard sent %s to the origin", r.URL)
	}))
	defer srv.Close()
	host := strings.TrimPrefix(srv.URL, "http://")
	scope, _ := gate.ParseScope([]byte(`approved: ["*"]`), "yaml")
	// A resolver that knows no name beyond /etc/hosts: nothing leaves the
	// machine.
	offline := &net.Resolver{PreferGo: true, Dial: func(context.Context, string, string) (net.Conn, error) {
		return nil, errors.New("no DNS in tests")
	}}
	newGuard := func(allow bool) *Guard {
		p := &netguard.Policy{AllowPrivate: allow}
		return &Guard{Gate: &gate.Gate{Agent: "ExampleBot", Scope: scope, Client: &gate.Client{Fetcher: &fetch.Fetcher{Guard: p}}},
			Net: p, Resolver: offline, hosts: map[string]error{}}
	}
	tests := []struct {
		url          string
		allowPrivate bool
		action       gate.Action
		subject      bool
		destination  string
		origin       string
		reason       string // prefix
	}{
		{"data:image/gif;base64,R0lG", false, gate.Admit, false, "", "", "the data: scheme is not subject to robots.txt: allowed"},
		{"blob:http://example.com/5c1e", false, gate.Admit, false, "", "", "the blob: scheme is not subject to robots.txt"},
		{"about:blank", false, gate.Admit, false, "", "", "the about: scheme is not subject to robots.txt"},
		{"http://" + host + "/page", true, gate.Admit, true, DestinationAllowed, srv.URL, "allowed: no rule matches in the group for *"},
		{"http://" + host + "/private/x", true, gate.Drop, true, DestinationAllowed, srv.URL, "disallowed by line 2 (disallow: /private/)"},
		{"ws://" + host + "/socket", true, gate.Admit, true, DestinationAllowed, srv.URL, "allowed: no rule matches"},
		{"ws://" + host + "/private/socket", true, gate.Drop, true, DestinationAllowed, srv.URL, "disallowed by line 2"},
		{"http://" + host + "/page", false, gate.Drop, true, DestinationRefused, srv.URL, "destination refused: 127.0.0.1 is loopback (robots.txt not fetched)"},
		{"wss://" + host + "/socket", false, gate.Drop, true, DestinationRefused, "https://" + host, "destination refused: 127.0.0.1 is loopback"},
		{"http://[::1]:8080/", false, gate.Drop, true, DestinationRefused, "http://[::1]:8080", "destination refused: ::1 is loopback"},
		{"http://10.1.2.3/", false, gate.Drop, true, DestinationRefused, "http://10.1.2.3", "destination refused: 10.1.2.3 is private"},
		{"http://169.254.169.254/latest/meta-data/", false, gate.Drop, true, DestinationRefused, "http://169.254.169.254", "destination refused: 169.254.169.254 is link-local"},
		{"http://localhost:9/", false, gate.Drop, true, DestinationRefused, "http://localhost:9", "destination refused: localhost resolves to "},
		{"http://no-such-host.invalid/", false, gate.Drop, true, DestinationRefused, "http://no-such-host.invalid", "destination refused: no-such-host.invalid does not resolve"},
		{"http://%zz/", false, gate.Drop, true, "", "", "not a URL"},
	}
	for _, tt := range tests {
		g := newGuard(tt.allowPrivate)
		r := &Record{}
		r.TargetURL = tt.url
		g.decide(context.Background(), r)
		if r.Action != tt.action || r.Subject != tt.subject || r.Destination != tt.destination || r.Origin != tt.origin ||
			!strings.HasPrefix(r.Reason, tt.reason) || r.TargetURL != tt.url {
			t.Errorf("%s (allow private %v):\n got %s subject %v destination %q origin %q target %q reason %q\nwant %s subject %v destination %q origin %q reason %q...",
				tt.url, tt.allowPrivate, r.Action, r.Subject, r.Destination, r.Origin, r.TargetURL, r.Reason,
				tt.action, tt.subject, tt.destination, tt.origin, tt.reason)
		}
	}
	if hits != 4 {
		t.Errorf("robots.txt fetched %d times by 4 guards that allowed the destination", hits)
	}
}

func TestWebsocketURL(t *testing.T) {
	tests := []struct {
		url  string
		want bool
	}{
		{"ws://example.com/socket", true},
		{"wss://example.com:8443/socket", true},
		{"WSS://example.com/", true},
		{"https://example.com/socket", true}, // the browser turns it into wss:
		{"http://example.com/", true},
		{"", false},
		{"ws:///no-host", false},
		{"ftp://example.com/", false},
		{"javascript:alert(1)", false},
		{"%zz", false},
	}
	for _, tt := range tests {
		if got := websocketURL(tt.url); got != tt.want {
			t.Errorf("websocketURL(%q) = %v, want %v", tt.url, got, tt.want)
		}
	}
}
