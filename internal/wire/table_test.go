package wire

import (
	"testing"

	"github.com/robotstxt/robotstxt"
)

// A VerdictTable answers only for the very key it was filled for, grows
// while distinct verdicts keep replacing each other (so a file of hundreds
// of rules is encoded once per rule, not once per URL), and never grows
// past MaxVerdictSlots.
func TestVerdictTableGrowsAndNeverMixes(t *testing.T) {
	uas := []robotstxt.UserAgent{{Line: 1, Value: "*"}}
	for _, tt := range []struct {
		name     string
		rules    int
		maxSlots int // the table's size after three passes
		misses   int // of the third pass
	}{
		{"fits at once", 10, minVerdictSlots, 0},
		{"hundreds of rules", 700, 4096, 0},
		{"more rules than the largest table", 3 * MaxVerdictSlots, MaxVerdictSlots, -1},
	} {
		t.Run(tt.name, func(t *testing.T) {
			rules := make([]robotstxt.Rule, tt.rules)
			var tab VerdictTable[int]
			misses := 0
			for pass := range 3 {
				for i := range rules {
					rules[i] = robotstxt.Rule{Line: i + 2, Pattern: "/p"}
					v := robotstxt.Verdict{Reason: robotstxt.MatchedRule, Rule: &rules[i], UserAgents: uas}
					val, ok := tab.Get(&v)
					if ok && *val != i {
						t.Fatalf("pass %d, rule %d: got the value of rule %d", pass, i, *val)
					}
					if !ok {
						*val = i
						if pass == 2 {
							misses++
						}
					}
				}
			}
			if len(tab.slots) > tt.maxSlots {
				t.Errorf("%d slots, want at most %d", len(tab.slots), tt.maxSlots)
			}
			if tt.misses >= 0 && misses > tt.misses {
				t.Errorf("%d misses in the third pass, want at most %d", misses, tt.misses)
			}
		})
	}
}
