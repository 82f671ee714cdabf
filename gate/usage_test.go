package gate

import (
	"encoding/json"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/robotstxt/robotstxt"
)

// usageFile is the example of draft-ietf-aipref-attach-05 section 3.4, with
// a Content-Signal line in the "*" group.
const usageFile = "User-Agent: *\nAllow: /\nDisallow: /never/\nContent-Usage: train-ai=n\nContent-Usage: /ai-ok/ train-ai=y\n" +
	"Content-Signal: search=yes, ai-input=no\n\nUser-Agent: ExampleBot\nAllow: /\nContent-Usage: train-ai=y\n"

// TestDecisionUsage: records carry the preferences that apply (none for a
// disallowed target), and a declared purpose the site refuses drops the
// task, with the refusing line in the record and the reason.
func TestDecisionUsage(t *testing.T) {
	s := newSite(t, 200, usageFile)
	c := testClient(newClock())
	tests := []struct {
		agent, purpose, path string
		rep                  RepDecision
		action               Action
		usage                string // "train-ai search line" or "" when absent
		signals              string
		refused              int // refusing line, 0 for none
	}{
		{"OtherBot", "", "/test", RepAllow, Admit, "n unknown 4", "ai-input=no search=yes", 0},
		{"OtherBot", "", "/never/test", RepDisallow, Drop, "", "", 0},
		{"OtherBot", "", "/ai-ok/test", RepAllow, Admit, "y unknown 5", "ai-input=no search=yes", 0},
		{"ExampleBot", "", "/never/test", RepAllow, Admit, "y unknown 10", "", 0},
		{"OtherBot", "train-ai", "/test", RepDisallow, Drop, "n unknown 4", "ai-input=no search=yes", 4},
		{"OtherBot", "train-ai", "/ai-ok/test", RepAllow, Admit, "y unknown 5", "ai-input=no search=yes", 0},
		{"OtherBot", "ai-input", "/ai-ok/test", RepDisallow, Drop, "y unknown 5", "ai-input=no search=yes", 6},
		{"OtherBot", "search", "/test", RepAllow, Admit, "n unknown 4", "ai-input=no search=yes", 0},
		{"ExampleBot", "train-ai", "/test", RepAllow, Admit, "y unknown 10", "", 0},
	}
	for _, tt := range tests {
		g := &Gate{Agent: tt.agent, Client: c, Scope: approveAll, Purpose: tt.purpose}
		d := check(t, g, s.URL+tt.path)
		usage := ""
		if d.Usage != nil {
			usage = d.Usage.TrainAI.String() + " " + d.Usage.Search.String() + " " + strconv.Itoa(d.UsageLine)
		}
		var sig []string
		for k, v := range d.Signals {
			sig = append(sig, k+"="+v)
		}
		slices.Sort(sig)
		signals := strings.Join(sig, " ")
		refused := 0
		if d.Refused != nil {
			refused = d.Refused.Line
			if d.Refused.Purpose != tt.purpose || !strings.Contains(d.Reason, "purpose "+tt.purpose+" refused by line "+strconv.Itoa(refused)) {
				t.Errorf("%s %s %s: refusal %+v, reason %q", tt.agent, tt.purpose, tt.path, d.Refused, d.Reason)
			}
		}
		if d.RepDecision != tt.rep || d.Action != tt.action || usage != tt.usage || signals != tt.signals || refused != tt.refused || d.Purpose != tt.purpose {
			t.Errorf("%s --purpose %q %s: rep %s action %s usage %q signals %q refused %d purpose %q; want %s %s %q %q %d\n\treason: %s",
				tt.agent, tt.purpose, tt.path, d.RepDecision, d.Action, usage, signals, refused, d.Purpose, tt.rep, tt.action, tt.usage, tt.signals, tt.refused, d.Reason)
		}
		// The record's JSON reads back the same.
		var back Record
		if err := json.Unmarshal(d.Record.appendJSON(nil), &back); err != nil {
			t.Fatal(err)
		}
		if (back.Usage == nil) != (d.Usage == nil) || back.Usage != nil && *back.Usage != *d.Usage || back.UsageLine != d.UsageLine ||
			len(back.Signals) != len(d.Signals) || back.Purpose != d.Purpose || (back.Refused == nil) != (d.Refused == nil) {
			t.Errorf("%s %s: record JSON reads back as %+v, was %+v", tt.agent, tt.path, back, d.Record)
		}
	}
}

// TestStreamTaskPurpose: a task's "purpose" overrides the gate's; an
// unknown purpose is an error line.
func TestStreamTaskPurpose(t *testing.T) {
	s := newSite(t, 200, usageFile)
	g := &Gate{Agent: "OtherBot", Client: testClient(newClock()), Scope: approveAll, Purpose: "search"}
	in := strings.ReplaceAll(`{"url":"SITE/test","purpose":"train-ai"}
{"url":"SITE/test"}
{"url":"SITE/test","purpose":"training"}
`, "SITE", s.URL)
	out := runStream(t, g, in, StreamOptions{Workers: 1, Ordered: true})
	lines := strings.Split(strings.TrimSuffix(out, "\n"), "\n")
	if len(lines) != 3 {
		t.Fatalf("%d lines: %s", len(lines), out)
	}
	for i, want := range []string{`"gate":"drop"`, `"gate":"admit"`, `"error":`} {
		if !strings.Contains(lines[i], want) {
			t.Errorf("line %d: %s, want %s", i+1, lines[i], want)
		}
	}
	if !strings.Contains(lines[0], `"refused":{"purpose":"train-ai","line":4,"source":"Content-Usage train-ai=n"}`) {
		t.Errorf("line 1 has no refusal: %s", lines[0])
	}
	if !strings.Contains(lines[1], `"purpose":"search"`) || strings.Contains(lines[1], `"refused"`) {
		t.Errorf("line 2: %s", lines[1])
	}
}

// TestRecordUsageJSON: the usage fields are written as encoding/json
// writes them.
func TestRecordUsageJSON(t *testing.T) {
	p := robotstxt.Preferences{TrainAI: robotstxt.PreferenceDisallow, Search: robotstxt.PreferenceAllow}
	r := Record{Origin: "https://e.com", Usage: &p, UsageLine: 7, Signals: map[string]string{"z": "no", "a<": "\u2028\"", "m": "y"},
		Purpose: "train-ai", Refused: &Refusal{Purpose: "train-ai", Line: 7, Source: "Content-Usage train-ai=n"}}
	want := stdJSON(t, r)
	want = strings.TrimSuffix(want, "}")
	ref, _ := json.Marshal(struct {
		Usage     *robotstxt.Preferences `json:"usage"`
		UsageLine int                    `json:"usageLine"`
		Signals   map[string]string      `json:"signals"`
		Purpose   string                 `json:"purpose"`
		Refused   *Refusal               `json:"refused"`
	}{r.Usage, r.UsageLine, r.Signals, r.Purpose, r.Refused})
	// Without HTML escaping, as the record is written.
	refs := strings.NewReplacer(`\u003c`, "<").Replace(string(ref))
	want += "," + strings.TrimPrefix(refs, "{")
	if got := string(r.appendJSON(nil)); got != want {
		t.Errorf("appendJSON:\n%s\nwant\n%s", got, want)
	}
}
