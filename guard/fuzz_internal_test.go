package guard

import (
	"context"
	"encoding/json"
	"errors"
	"net"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/robotstxt/robotstxt/netguard"
)

// FuzzOutsideDecide: whatever a script sends the guard's endpoint for
// requests outside the browser, it answers 200 or 400, never admits what
// is not an http(s) or ws(s) URL, and never crashes. The decisions come
// from a loopback fake of the decision service that holds everything, and
// no name resolves: nothing leaves the machine.
func FuzzOutsideDecide(f *testing.F) {
	f.Add(`{"urls":["http://192.0.2.1/a"]}`, "/api/v1/decide")
	f.Add(`{"urls":["data:,x"],"method":"post"}`, "/api/v1/decide")
	f.Add(`{"url":"http://192.0.2.1/a","status":200}`, "/api/v1/target-status")
	f.Add(`{"urls":[1,2]}`, "/api/v1/decide")
	f.Add("\xff\xfe", "/api/v1/target-status")
	fake := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		var in struct{ URLs []string }
		json.NewDecoder(r.Body).Decode(&in)
		u := ""
		if len(in.URLs) > 0 {
			u = in.URLs[0]
		}
		json.NewEncoder(w).Encode([]map[string]any{{"url": u, "gate": "hold", "decision": nil, "error": "fake"}})
	}))
	f.Cleanup(fake.Close)
	g := &Guard{Remote: &RemoteGate{URL: fake.URL, Agent: "ExampleBot"}, Net: &netguard.Policy{},
		Resolver: &net.Resolver{PreferGo: true, Dial: func(context.Context, string, string) (net.Conn, error) {
			return nil, errors.New("no DNS in tests")
		}}}
	gt, n, err := g.setup()
	if err != nil {
		f.Fatal(err)
	}
	g.gate, g.net, g.hosts = gt, n, map[string]error{}
	g.dctx, g.stopDecide = context.WithCancel(context.Background())
	f.Cleanup(g.stopDecide)
	h := g.OutsideHandler()
	f.Fuzz(func(t *testing.T, body, path string) {
		if !strings.HasPrefix(path, "/") {
			path = "/" + path
		}
		req, err := http.NewRequest(http.MethodPost, "http://guard"+path, strings.NewReader(body))
		if err != nil {
			return
		}
		req.Header.Set("Content-Type", "application/json")
		w := httptest.NewRecorder()
		h.ServeHTTP(w, req)
		if w.Code >= 500 {
			t.Fatalf("HTTP %d for %q", w.Code, body)
		}
		for _, r := range g.Records() {
			if r.Action == "admit" {
				t.Fatalf("admitted %q (the fake holds everything)", r.TargetURL)
			}
		}
	})
}
