package verify_test

import (
	"slices"
	"testing"

	"github.com/robotstxt/robotstxt/crawlers"
	"github.com/robotstxt/robotstxt/verify"
)

// TestRegistryAgrees: the crawlers registry and Operators say the same:
// every crawler a list names is in the registry under the list's
// operator and names that list's official address; every list address
// the registry gives a crawler is a list of Operators naming it; the
// registry's reverse-DNS suffixes are the operator's.
func TestRegistryAgrees(t *testing.T) {
	// A Web Bot Auth signature agent the registry gives a crawler is one
	// SignatureAgents attributes to the crawler's operator.
	for _, c := range crawlers.All() {
		if c.SignatureAgent != "" && verify.SignatureAgentOperator(c.SignatureAgent) != c.Operator {
			t.Errorf("%s: signature agent %s, which SignatureAgents gives to %q, not %q", c.Token, c.SignatureAgent,
				verify.SignatureAgentOperator(c.SignatureAgent), c.Operator)
		}
	}
	named := map[string][]string{} // token -> list URLs
	for _, op := range verify.Operators {
		for _, s := range op.Sources {
			for _, tok := range s.Crawlers {
				c, ok := crawlers.Lookup(tok)
				if !ok || c.Operator != op.Name || !slices.Contains(c.IPLists, s.URL) {
					t.Errorf("%s names %s: registry has %+v", s.File, tok, c)
				}
				if s.UserTriggered && !c.UserTriggered {
					t.Errorf("%s: verified by the user-triggered %s but not user-triggered in the registry", tok, s.File)
				}
				named[tok] = append(named[tok], s.URL)
			}
		}
	}
	for _, c := range crawlers.All() {
		for _, u := range c.IPLists {
			if !slices.Contains(named[c.Token], u) {
				t.Errorf("%s: the registry names list %s, which no source of Operators names it in", c.Token, u)
			}
		}
		if len(c.ReverseDNS) > 0 {
			var dns []string
			for _, op := range verify.Operators {
				if op.Name == c.Operator {
					dns = op.DNS
				}
			}
			if !slices.Equal(dns, c.ReverseDNS) {
				t.Errorf("%s: registry DNS %v, operator %s's %v", c.Token, c.ReverseDNS, c.Operator, dns)
			}
		}
	}
}
