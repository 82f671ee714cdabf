package reference

import "testing"

func TestCases(t *testing.T) {
	topics := map[string]bool{}
	for _, res := range Run() {
		topics[res.Topic] = true
		if !res.Pass {
			t.Errorf("%s [%s]:\n\trobots.txt %q, agent %q, url %q\n\tgot  %s\n\twant allowed=%v line=%d reason=%s",
				res.Name, res.Ref, res.Robots, res.Agent, res.URL, res.Got, res.Allowed, res.Line, res.Reason)
		}
	}
	// The self-test promises these topics; each must have at least one case.
	for _, topic := range []string{TopicLongestMatch, TopicTie, TopicMerge, TopicFallback, TopicPathCase,
		TopicAgentCase, TopicWildcard, TopicAnchor, TopicRobotsTxt, TopicPercent, TopicSitemaps, TopicNegative} {
		if !topics[topic] {
			t.Errorf("no reference case for topic %q", topic)
		}
	}
}

// A case that expects the wrong answer must fail: the self-test can fail.
func TestRunCaseDetectsWrongExpectation(t *testing.T) {
	c := Cases()[0]
	c.Allowed = !c.Allowed
	if RunCase(c).Pass {
		t.Fatalf("case %q passed with the opposite expectation", c.Name)
	}
	s := Case{Robots: "Sitemap: https://a/x.xml\n", Sitemaps: []string{"https://a/y.xml"}}
	if RunCase(s).Pass {
		t.Fatal("sitemap case passed with a wrong expectation")
	}
}
