package server

import (
	"encoding/json"
	"net/http"
	"strings"
	"testing"

	"github.com/robotstxt/robotstxt/diff"
)

func TestAPIDiff(t *testing.T) {
	ts, _ := newServer(t, Options{})
	jsonCT := http.Header{"Content-Type": {"application/json"}}
	tests := []struct {
		name, method, body string
		status             int
		want               string // substring of the answer
	}{
		{"blocked", "POST", `{"old": "User-agent: *\nDisallow: /a\n", "new": "User-agent: *\nDisallow: /a\nDisallow: /p\n", "agents": ["Googlebot"]}`,
			200, `"url":"/p","agent":"Googlebot"`},
		{"urls", "POST", `{"old": "", "new": "User-agent: *\nDisallow: /\n", "agents": ["*"], "urls": ["/x", "/y"]}`,
			200, `"urls":2,"probed":false`},
		{"same", "POST", `{"old": "User-agent: *\nDisallow: /a\n", "new": "user-agent:*\n\ndisallow:/a # same\n"}`,
			200, `"unchanged":true,"structural":{"same":true`},
		{"no fallback", "POST", `{"old": "User-agent: Googlebot\nDisallow: /g\n", "new": "User-agent: Googlebot\nDisallow: /g\n\nUser-agent: *\nDisallow: /p\n", "agents": ["Googlebot-Image"], "fallback": false}`,
			200, `"unchanged":false`},
		{"fallback", "POST", `{"old": "User-agent: Googlebot\nDisallow: /g\n", "new": "User-agent: Googlebot\nDisallow: /g\n\nUser-agent: *\nDisallow: /p\n", "agents": ["Googlebot-Image"]}`,
			200, `"unchanged":true`},
		{"GET", "GET", "", 405, "takes POST"},
		{"missing new", "POST", `{"old": ""}`, 400, `give both`},
		{"unknown field", "POST", `{"old": "", "new": "", "robots": ""}`, 400, `not a diff request`},
		{"two values", "POST", `{"old": "", "new": ""} {}`, 400, `more than one`},
		{"empty agent", "POST", `{"old": "", "new": "", "agents": [" "]}`, 400, `agents[0] is empty`},
		{"too many agents", "POST", `{"old": "", "new": "", "agents": [` + strings.Repeat(`"a",`, MaxAgents) + `"a"]}`, 400, `agents, at most`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			resp, body := do(t, tt.method, ts.URL+"/api/v1/diff", jsonCT, tt.body)
			if resp.StatusCode != tt.status || !strings.Contains(string(body), tt.want) {
				t.Fatalf("%s: %d %s; want %d and %q", tt.name, resp.StatusCode, body, tt.status, tt.want)
			}
			if resp.Header.Get("Cache-Control") != "no-store" {
				t.Errorf("Cache-Control %q", resp.Header.Get("Cache-Control"))
			}
			if tt.status == 200 {
				var res diff.Result
				if err := json.Unmarshal(body, &res); err != nil {
					t.Fatalf("answer is not a diff.Result: %v", err)
				}
			}
		})
	}
}
