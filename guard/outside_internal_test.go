package guard

import (
	"context"
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/robotstxt/robotstxt/gate"
)

// TestOutsideDecide: the guard's endpoint for requests outside the browser
// answers as the decision service does (one item per URL: url, decision,
// gate), records each URL decided (type outside), refuses what is not an
// http(s) or ws(s) URL, and takes what the target answered for the latest
// admitted request of that URL; bad bodies are 400 and decide nothing.
func TestOutsideDecide(t *testing.T) {
	g, base, _ := recordGuard(t, false)
	h := g.OutsideHandler()
	post := func(path, ctype, body string) (int, string) {
		req := httptest.NewRequest(http.MethodPost, path, strings.NewReader(body))
		if ctype != "" {
			req.Header.Set("Content-Type", ctype)
		}
		w := httptest.NewRecorder()
		h.ServeHTTP(w, req)
		return w.Code, w.Body.String()
	}
	for _, tt := range []struct {
		name, ctype, body string
		code              int
		gates             []gate.Action
	}{
		{"allowed and disallowed", "application/json", `{"urls":["` + base + `/a","` + base + `/private/b"]}`, 200, []gate.Action{gate.Admit, gate.Drop}},
		{"websocket", "application/json", `{"urls":["` + strings.Replace(base, "http:", "ws:", 1) + `/private/live"]}`, 200, []gate.Action{gate.Drop}},
		{"not networked", "", `{"urls":["file:///etc/passwd","data:,x"]}`, 200, []gate.Action{gate.Drop, gate.Drop}},
		{"not a URL", "application/json", `{"urls":["http://[::1"]}`, 200, []gate.Action{gate.Drop}},
		{"POST", "application/json", `{"urls":["` + base + `/form"],"method":"post"}`, 200, []gate.Action{gate.Admit}},
		{"bad method", "application/json", `{"urls":["` + base + `/a"],"method":"GET /x"}`, 400, nil},
		{"no URLs", "application/json", `{"urls":[]}`, 400, nil},
		{"too many URLs", "application/json", `{"urls":[` + strings.Repeat(`"`+base+`/a",`, maxOutsideURLs) + `"` + base + `/a"]}`, 400, nil},
		{"not JSON", "application/json", `urls=x`, 400, nil},
		{"text", "text/plain", `{"urls":["` + base + `/a"]}`, 400, nil},
		{"huge", "application/json", `{"urls":["` + strings.Repeat("x", maxOutsideBody) + `"]}`, 400, nil},
	} {
		t.Run(tt.name, func(t *testing.T) {
			before := len(g.Records())
			code, body := post("/api/v1/decide", tt.ctype, tt.body)
			if code != tt.code {
				t.Fatalf("HTTP %d, want %d: %s", code, tt.code, body)
			}
			if got := len(g.Records()) - before; got != len(tt.gates) {
				t.Errorf("%d records, want %d", got, len(tt.gates))
			}
			if code != 200 {
				return
			}
			var items []remoteItem
			if err := json.Unmarshal([]byte(body), &items); err != nil || len(items) != len(tt.gates) {
				t.Fatalf("answer %s: %v", body, err)
			}
			var in outsideRequest
			json.Unmarshal([]byte(tt.body), &in)
			for i, it := range items {
				if it.URL != in.URLs[i] || it.Gate != tt.gates[i] || it.Decision == nil {
					t.Errorf("item %d: %+v, want url %s gate %s", i, it, in.URLs[i], tt.gates[i])
				}
				// The guard's client reads it as the service's answer.
				if d, err := decideAnswer([]byte(`[`+mustJSON(t, it)+`]`), in.URLs[i]); err != nil || d.Action != tt.gates[i] {
					t.Errorf("item %d read back: %v %v", i, d, err)
				}
			}
			for _, r := range g.Records()[before:] {
				if r.ResourceType != TypeOutside || r.ProductToken != "ExampleBot" {
					t.Errorf("record %s: type %q token %q", r.TargetURL, r.ResourceType, r.ProductToken)
				}
				if (r.Action == gate.Admit) == r.TargetStatus.Blocked {
					t.Errorf("record %s: %s with status %v", r.TargetURL, r.Action, r.TargetStatus)
				}
			}
		})
	}
	// What the target answered goes to the latest admitted record of the URL.
	for _, tt := range []struct {
		body     string
		code     int
		recorded bool
	}{
		{`{"url":"` + base + `/a","status":200}`, 200, true},
		{`{"url":"` + base + `/a","status":200}`, 200, false}, // already answered
		{`{"url":"` + base + `/form","error":"ECONNRESET"}`, 200, true},
		{`{"url":"` + base + `/private/b","status":200}`, 200, false}, // dropped: never sent
		{`{"url":"` + base + `/a"}`, 400, false},
		{`{"url":"` + base + `/a","status":200,"error":"x"}`, 400, false},
		{`{"url":"` + base + `/a","status":1000}`, 400, false},
	} {
		code, body := post("/api/v1/target-status", "application/json", tt.body)
		if code != tt.code || (code == 200 && !strings.Contains(body, `"recorded":`+map[bool]string{true: "true", false: "false"}[tt.recorded])) {
			t.Errorf("%s: HTTP %d %s; want %d recorded %v", tt.body, code, body, tt.code, tt.recorded)
		}
	}
	var a, form Record
	for _, r := range g.Records() {
		switch r.TargetURL {
		case base + "/a":
			a = r
		case base + "/form":
			form = r
		}
	}
	if a.TargetStatus.Code != 200 || form.TargetStatus.Error != "ECONNRESET" || form.Method != "POST" {
		t.Errorf("answers: /a %v, /form %s %v", a.TargetStatus, form.Method, form.TargetStatus)
	}
	if code, _ := post("/api/v1/decide/x", "application/json", `{}`); code != 404 {
		t.Errorf("unknown path: HTTP %d", code)
	}
}

// TestListenOutside: only a loopback address is served, after Attach, and
// only behind the secret path; Detach's end of decisions holds.
func TestListenOutside(t *testing.T) {
	bare := &Guard{Gate: &gate.Gate{Agent: "ExampleBot"}}
	if _, err := bare.ListenOutside(context.Background(), "127.0.0.1:0"); err == nil {
		t.Error("ListenOutside before Attach: no error")
	}
	g, base, _ := recordGuard(t, false)
	for _, addr := range []string{"0.0.0.0:0", "192.0.2.1:0", "localhost:0", "[::]:0", "127.0.0.1"} {
		if _, err := g.ListenOutside(context.Background(), addr); err == nil {
			t.Errorf("%s: served", addr)
		}
	}
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	u, err := g.ListenOutside(ctx, "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	ask := func(endpoint string) (int, string) {
		resp, err := http.Post(endpoint, "application/json", strings.NewReader(`{"urls":["`+base+`/a"]}`))
		if err != nil {
			t.Fatal(err)
		}
		defer resp.Body.Close()
		var b strings.Builder
		buf := make([]byte, 4096)
		for {
			n, err := resp.Body.Read(buf)
			b.Write(buf[:n])
			if err != nil {
				break
			}
		}
		return resp.StatusCode, b.String()
	}
	if code, body := ask(u + "/api/v1/decide"); code != 200 || !strings.Contains(body, `"gate":"admit"`) {
		t.Errorf("the secret path: HTTP %d %s", code, body)
	}
	root := u[:strings.LastIndex(u, "/")]
	if code, _ := ask(root + "/api/v1/decide"); code != 404 {
		t.Errorf("without the secret path: HTTP %d", code)
	}
	g.stopDecide() // as Detach does
	if code, body := ask(u + "/api/v1/decide"); code != 200 || !strings.Contains(body, `"gate":"hold"`) {
		t.Errorf("after the decisions ended: HTTP %d %s, want a hold", code, body)
	}
}

func mustJSON(t *testing.T, v any) string {
	t.Helper()
	b, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}
