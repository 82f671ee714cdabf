package guard

import (
	"context"
	"encoding/json"
	"errors"
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/robotstxt/robotstxt"
	"github.com/robotstxt/robotstxt/fetch"
	"github.com/robotstxt/robotstxt/gate"
	"github.com/robotstxt/robotstxt/netguard"
)

// TestDecideUsage: the guard's records carry the site's AI usage
// preferences (gate.Record's usage fields, in the record's JSON), and a
// request whose declared purpose the site refuses is dropped.
func TestDecideUsage(t *testing.T) {
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Path == "/robots.txt" {
			io.WriteString(w, "User-agent: *\nAllow: /\nContent-Usage: train-ai=n\nContent-Usage: /ok/ train-ai=y\nContent-Signal: search=yes\n")
			return
		}
		t.Errorf("the guard sent %s to the origin", r.URL)
	}))
	defer srv.Close()
	scope, _ := gate.ParseScope([]byte(`approved: ["*"]`), "yaml")
	offline := &net.Resolver{PreferGo: true, Dial: func(context.Context, string, string) (net.Conn, error) {
		return nil, errors.New("no DNS in tests")
	}}
	p := &netguard.Policy{AllowPrivate: true}
	client := &gate.Client{Fetcher: &fetch.Fetcher{Guard: p}}
	for _, tt := range []struct {
		purpose, path string
		action        gate.Action
		trainAI       robotstxt.Preference
		line          int
	}{
		{"", "/page", gate.Admit, robotstxt.PreferenceDisallow, 3},
		{"train-ai", "/page", gate.Drop, robotstxt.PreferenceDisallow, 3},
		{"train-ai", "/ok/page", gate.Admit, robotstxt.PreferenceAllow, 4},
		{"search", "/page", gate.Admit, robotstxt.PreferenceDisallow, 3},
	} {
		g := &Guard{Gate: &gate.Gate{Agent: "ExampleBot", Scope: scope, Client: client, Purpose: tt.purpose},
			Net: p, Resolver: offline, hosts: map[string]error{}}
		r := &Record{}
		r.TargetURL = srv.URL + tt.path
		g.decide(context.Background(), r)
		if r.Action != tt.action || r.Usage == nil || r.Usage.TrainAI != tt.trainAI || r.UsageLine != tt.line ||
			r.Signals["search"] != "yes" || r.Purpose != tt.purpose || (tt.action == gate.Drop) != (r.Refused != nil) {
			t.Errorf("%s %s: action %s usage %+v line %d signals %v purpose %q refused %+v; reason %s",
				tt.purpose, tt.path, r.Action, r.Usage, r.UsageLine, r.Signals, r.Purpose, r.Refused, r.Reason)
		}
		b, err := json.Marshal(r)
		if err != nil {
			t.Fatal(err)
		}
		if !strings.Contains(string(b), `"usage":{"train-ai":"`+tt.trainAI.String()+`","search":"unknown"}`) {
			t.Errorf("the record's JSON has no usage: %s", b)
		}
		var back Record
		if err := json.Unmarshal(b, &back); err != nil || back.UsageLine != r.UsageLine || back.Purpose != r.Purpose {
			t.Errorf("the record does not read back: %v %+v", err, back)
		}
	}
}
