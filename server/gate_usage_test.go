package server

import (
	"testing"

	"github.com/robotstxt/robotstxt"
	"github.com/robotstxt/robotstxt/gate"
)

// TestDecidePurpose: the decision service's records carry the usage
// preferences, and "purpose" drops what the site refuses; a purpose it does
// not know is a bad request.
func TestDecidePurpose(t *testing.T) {
	s := newSite(t, "User-agent: *\nAllow: /\nContent-Usage: train-ai=n\nContent-Usage: /ok/ train-ai=y\nContent-Signal: ai-input=no\n", 0)
	ts, _ := newServer(t, Options{Gate: gateOptions(t, nil, nil, nil)})
	for _, tt := range []struct {
		purpose, path string
		action        gate.Action
		trainAI       robotstxt.Preference
		refusedLine   int
	}{
		{"", "/a", gate.Admit, robotstxt.PreferenceDisallow, 0},
		{"train-ai", "/a", gate.Drop, robotstxt.PreferenceDisallow, 3},
		{"train-ai", "/ok/a", gate.Admit, robotstxt.PreferenceAllow, 0},
		{"ai-input", "/ok/a", gate.Drop, robotstxt.PreferenceAllow, 5},
		{"search", "/a", gate.Admit, robotstxt.PreferenceDisallow, 0},
	} {
		body := `{"urls":["` + s.URL + tt.path + `"],"purpose":"` + tt.purpose + `"}`
		code, out := decide(t, ts.URL, body)
		if code != 200 || len(out) != 1 || out[0].Decision == nil {
			t.Fatalf("%s: status %d, %+v", body, code, out)
		}
		d := out[0].Decision
		line := 0
		if d.Refused != nil {
			line = d.Refused.Line
		}
		if out[0].Gate != tt.action || d.Usage == nil || d.Usage.TrainAI != tt.trainAI || line != tt.refusedLine || d.Purpose != tt.purpose {
			t.Errorf("%s %s: gate %s usage %+v refused line %d purpose %q; reason %s", tt.purpose, tt.path, out[0].Gate, d.Usage, line, d.Purpose, d.Reason)
		}
	}
	if code, _ := decide(t, ts.URL, `{"urls":["`+s.URL+`/a"],"purpose":"training"}`); code != 400 {
		t.Errorf("an unknown purpose: status %d, want 400", code)
	}
}
