package guard

import (
	"context"
	"errors"
	"net/http"
	"net/http/httptest"
	"net/netip"
	"strings"
	"testing"

	"github.com/robotstxt/robotstxt/fetch"
	"github.com/robotstxt/robotstxt/gate"
	"github.com/robotstxt/robotstxt/netguard"
)

// TestSetup: with no Scope, the guard decides by robots.txt alone, as
// `robotstxt browse` without --scope does, and still drops what robots.txt
// disallows and holds what it cannot tell (it does not fail open); with no
// Client, Net alone lets the robots.txt fetches reach a loopback site (one
// place for private addresses); a Fetcher whose Guard differs from Net is
// refused; the Gate given is never changed.
func TestSetup(t *testing.T) {
	mux := http.NewServeMux()
	mux.HandleFunc("/robots.txt", func(w http.ResponseWriter, r *http.Request) { w.Write([]byte("User-agent: *\nDisallow: /private/\n")) })
	ok := httptest.NewServer(mux)
	defer ok.Close()
	down := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) { w.WriteHeader(503) }))
	defer down.Close()
	private := &netguard.Policy{AllowPrivate: true}
	loopback := &netguard.Policy{Allow: []netip.Prefix{netip.MustParsePrefix("127.0.0.0/8")}}
	denyAll, _ := gate.ParseScope([]byte(`denied: ["*"]`), "yaml")
	client := func(p *netguard.Policy) *gate.Client { return &gate.Client{Fetcher: &fetch.Fetcher{Guard: p}} }

	tests := []struct {
		name  string
		gate  *gate.Gate
		net   *netguard.Policy
		err   error
		wants map[string]gate.Action // URL (ok/ or down/ prefixed) -> action
	}{
		{"no scope, no client: robots.txt alone, Net for the fetches", &gate.Gate{Agent: "ExampleBot"}, private, nil,
			map[string]gate.Action{"ok/": gate.Admit, "ok/private/x": gate.Drop, "down/": gate.Hold}},
		{"no scope, no client, a range allowed", &gate.Gate{Agent: "ExampleBot"}, loopback, nil,
			map[string]gate.Action{"ok/": gate.Admit, "ok/private/x": gate.Drop}},
		{"no scope, no client, no Net: the fetches refuse loopback", &gate.Gate{Agent: "ExampleBot"}, nil, nil,
			map[string]gate.Action{"ok/": gate.Hold}},
		{"no scope, a client with the same policy", &gate.Gate{Agent: "ExampleBot", Client: client(private)}, private, nil,
			map[string]gate.Action{"ok/": gate.Admit, "ok/private/x": gate.Drop, "down/": gate.Hold}},
		{"Net nil takes the Fetcher's", &gate.Gate{Agent: "ExampleBot", Client: client(private)}, nil, nil,
			map[string]gate.Action{"ok/": gate.Admit}},
		{"a scope of the Gate's own still decides", &gate.Gate{Agent: "ExampleBot", Scope: denyAll, Client: client(private)}, private, nil,
			map[string]gate.Action{"ok/": gate.Drop}},
		{"Net allows, the Fetcher does not", &gate.Gate{Agent: "ExampleBot", Client: client(nil)}, private, ErrPolicyMismatch, nil},
		{"Net allows, the default Fetcher does not", &gate.Gate{Agent: "ExampleBot", Client: &gate.Client{}}, private, ErrPolicyMismatch, nil},
		{"different ranges", &gate.Gate{Agent: "ExampleBot", Client: client(loopback)}, &netguard.Policy{}, ErrPolicyMismatch, nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			scope, cl := tt.gate.Scope, tt.gate.Client
			g := &Guard{Gate: tt.gate, Net: tt.net}
			gt, _, err := g.setup()
			if !errors.Is(err, tt.err) {
				t.Fatalf("setup: %v, want %v", err, tt.err)
			}
			if g.Gate.Scope != scope || g.Gate.Client != cl {
				t.Errorf("the Gate given was changed")
			}
			if err != nil {
				return
			}
			for u, want := range tt.wants {
				url := ok.URL + strings.TrimPrefix(u, "ok")
				if strings.HasPrefix(u, "down") {
					url = down.URL + strings.TrimPrefix(u, "down")
				}
				d, err := gt.Check(context.Background(), url)
				if err != nil || d.Action != want {
					t.Errorf("%s: %v %v (%s), want %s", u, d.Action, err, d.Reason, want)
				}
			}
		})
	}
}

// FuzzDecideAnswer: whatever the decision service answers, reading it
// gives a decision for the URL asked or an error, never a panic, and
// never an admit without a decision record.
func FuzzDecideAnswer(f *testing.F) {
	const u = "http://a.test/x"
	for _, s := range []string{
		`[{"url":"http://a.test/x","decision":{"origin":"http://a.test","targetURL":"http://a.test/x"},"gate":"admit"}]`,
		`[{"url":"http://a.test/x","error":"not decided","gate":"hold"}]`,
		`[{"url":"http://a.test/x","gate":"admit"}]`,
		`[{"url":"http://a.test/x","decision":{},"gate":"hold","retryAt":"2026-03-01T12:00:00Z"}]`,
		`[]`, `null`, `{}`, `[{"url":1}]`, `<html>`, "",
	} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, b []byte) {
		d, err := decideAnswer(b, u)
		if err != nil {
			if d != nil {
				t.Fatal("a decision with an error")
			}
			return
		}
		switch d.Action {
		case gate.Admit, gate.Drop, gate.Hold:
		default:
			t.Fatalf("action %q", d.Action)
		}
		if d.Action == gate.Admit && d.Record.TargetURL == "" && d.Record.Origin == "" && !strings.Contains(string(b), `"decision"`) {
			t.Fatalf("admit without a record: %s", b)
		}
	})
}
