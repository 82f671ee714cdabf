package gate

import (
	"strings"
	"testing"
)

// TestRefusalApprovedByScope: a 401/403 robots.txt holds collection until a
// person approves the origin in the scope file's approvedDespiteRefusal
// list; the record then says it was approved despite the refusal. An
// ordinary approval, a shorter explicit one or a denial do not change that.
func TestRefusalApprovedByScope(t *testing.T) {
	for _, code := range []int{401, 403} {
		s := newSite(t, code, "")
		tests := []struct {
			name, scope, path string
			col               CollectionDecision
			action            Action
			reason            string
		}{
			{"approved only", "approved: [SITE/]", "/page", Unresolved, Hold, "which calls for a decision by a person"},
			{"approved despite refusal", "approvedDespiteRefusal: [SITE/]", "/page", Approved, Admit,
				"collection approved by scope entry SITE/ (approvedDespiteRefusal) despite robots.txt answering HTTP"},
			{"both lists, same entry", "approved: [SITE/]\napprovedDespiteRefusal: [SITE/]", "/page", Approved, Admit, "despite robots.txt answering"},
			{"explicit approval of another path", "approved: [SITE/]\napprovedDespiteRefusal: [SITE/docs/]", "/page", Unresolved, Hold, "calls for a decision"},
			{"explicit approval of this path", "approved: [SITE/]\napprovedDespiteRefusal: [SITE/docs/]", "/docs/a", Approved, Admit, "despite"},
			{"longer ordinary approval wins", "approvedDespiteRefusal: [SITE/]\napproved: [SITE/docs/]", "/docs/a", Unresolved, Hold, "calls for a decision"},
			{"denied wins", "approvedDespiteRefusal: [SITE/]\ndenied: [SITE/private/]", "/private/x", Denied, Drop, "collection denied by scope entry"},
			{"other origin", "approvedDespiteRefusal: [https://example.com/]", "/page", Unresolved, Hold, "calls for a decision"},
		}
		for _, tt := range tests {
			scope := mustScope(strings.ReplaceAll(tt.scope, "SITE", s.URL))
			g := &Gate{Agent: "ExampleBot", Client: local(), Scope: scope}
			d := check(t, g, s.URL+tt.path)
			if d.CollectionDecision != tt.col || d.Action != tt.action || d.RepDecision != RepAllow {
				t.Errorf("%d %s: collection %s action %s rep %s; want %s %s allow", code, tt.name, d.CollectionDecision, d.Action, d.RepDecision, tt.col, tt.action)
			}
			if want := strings.ReplaceAll(tt.reason, "SITE", s.URL); !strings.Contains(d.Reason, want) {
				t.Errorf("%d %s: reason %q lacks %q", code, tt.name, d.Reason, want)
			}
		}
	}
	// Without a refusal, the list approves like "approved".
	s := newSite(t, 200, "User-agent: *\nDisallow:\n")
	g := &Gate{Agent: "ExampleBot", Client: local(), Scope: mustScope("approvedDespiteRefusal: [" + s.URL + "/]")}
	if d := check(t, g, s.URL+"/x"); d.Action != Admit || !strings.Contains(d.Reason, "collection approved by scope entry") || strings.Contains(d.Reason, "despite") {
		t.Errorf("200 under approvedDespiteRefusal: %s, %q", d.Action, d.Reason)
	}
	if _, err := ParseScope([]byte("approvedDespiteRefusal: [ftp://x/]"), "yaml"); err == nil || !strings.Contains(err.Error(), "approvedDespiteRefusal[0]") {
		t.Errorf("bad entry: %v", err)
	}
	if _, err := ParseScope([]byte(`{"approvedDespiteRefusal": ["https://example.com/"]}`), "json"); err != nil {
		t.Errorf("JSON: %v", err)
	}
}
