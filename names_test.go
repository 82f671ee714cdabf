package robotstxt

import "testing"

// nameTests are the cases of the name rule (package documentation,
// "Choosing the group"): a crawler whose name holds a digit, a dot or a
// non-ASCII letter finds its own group, and unrelated names never merge.
var nameTests = []matchTest{
	{"a name with a leading digit finds its own group", "RFC 9309 2.2.1",
		"User-agent: 360Spider\nDisallow: /\n", "360Spider", "/page", false, 2},
	{"a name with digits finds its own group", "RFC 9309 2.2.1",
		"User-agent: *\nAllow: /\nUser-agent: MJ12bot\nDisallow: /\n", "MJ12bot", "/x", false, 4},
	{"a digits-only name finds its own group", "RFC 9309 2.2.1",
		"User-agent: 008\nDisallow: /\nUser-agent: *\nAllow: /\n", "008", "/x", false, 2},
	{"names that differ in a digit do not merge", "RFC 9309 2.2.1",
		"User-agent: Rule1TestBot\nAllow: /\nUser-agent: Rule4TestBot\nDisallow: *\n", "Rule1TestBot", "/x", true, 2},
	{"names that differ in a digit do not merge (other side)", "RFC 9309 2.2.1",
		"User-agent: Rule1TestBot\nAllow: /\nUser-agent: Rule4TestBot\nDisallow: *\n", "Rule4TestBot", "/x", false, 4},
	{"names made of digits are told apart", "RFC 9309 2.2.1",
		"User-agent: 008\nDisallow: /a\nUser-agent: 360Spider\nDisallow: /b\nUser-agent: 404checker\nDisallow: /c\n", "404checker", "/a", true, 0},
	{"a dotted name finds its own group", "RFC 9309 2.2.1",
		"User-agent: Mail.RU_Bot\nDisallow: /\nUser-agent: Mail\nAllow: /\n", "Mail.RU_Bot", "/x", false, 2},
	{"the cut name does not catch the dotted one", "RFC 9309 2.2.1",
		"User-agent: Mail.RU_Bot\nDisallow: /\nUser-agent: Mail\nAllow: /\n", "Mail", "/x", true, 4},
	{"archive.org_bot whole", "RFC 9309 2.2.1",
		"User-agent: archive.org_bot\nDisallow: /\n", "archive.org_bot", "/x", false, 2},
	{"non-ASCII letters belong to the name", "RFC 9309 2.2.1",
		"User-Agent: Jävla-Foobot\nDisallow: /\n", "jävla-fanbot", "/x", true, 0},
	{"non-ASCII name compared ignoring ASCII case", "RFC 9309 2.2.1",
		"User-Agent: Jävla-Foobot\nDisallow: /\n", "JÄVLA-FOOBOT", "/x", true, 0},
	{"non-ASCII name equal ignoring ASCII case", "RFC 9309 2.2.1",
		"User-Agent: Jävla-Foobot\nDisallow: /\n", "jävla-foobot", "/x", false, 2},
	{"a version after / is not part of the name", "RFC 9309 2.2.1",
		"User-agent: Googlebot/2.1\nDisallow: /\n", "Googlebot", "/x", false, 2},
	{"a user-agent string finds a digit name", "RFC 9309 2.2.1",
		"User-agent: MJ12bot\nDisallow: /\n", "Mozilla/5.0 (compatible; MJ12bot/v1.4.8; http://mj12bot.com/)", "/x", false, 2},
	{"* text is still the global group", "google",
		"User-agent: * text\nDisallow: /\n", "360Spider", "/x", false, 2},
}

func TestNames(t *testing.T) {
	for _, tt := range nameTests {
		t.Run(tt.name, func(t *testing.T) { checkMatch(t, tt) })
	}
}

// TestExactAgentKeepsGooglesNames: ExactAgent reads names as Google's
// library does ("MJ12bot" names "MJ") and compares the caller's name whole.
func TestExactAgentKeepsGooglesNames(t *testing.T) {
	r := ParseString("User-agent: MJ12bot\nDisallow: /\nUser-agent: 360Spider\nDisallow: /\nUser-agent: *\nAllow: /\n")
	for _, tt := range []struct {
		name    string
		allowed bool
	}{
		{"MJ12bot", true},    // Google: token "MJ" is not "MJ12bot"; "*" applies
		{"MJ", false},        // Google: token "MJ"
		{"360Spider", true},  // Google: the group's token is empty
		{"", false},          // Google: an empty name matches the empty token
		{"Googlebot", true},  // "*"
		{"mj", false},        // case is ignored
		{"MJ12bot/1", true},  // compared whole, never searched
		{"Unrelated", true},  // "*"
		{"360spider", true},  // as 360Spider
		{"J", true},          // no such token
		{"Spider", true},     // no such token
		{"*", true},          // the global group itself
		{"mj12BOT", true},    // as MJ12bot
		{"Mozilla MJ", true}, // compared whole
	} {
		if got := r.ExactAgent(tt.name).Allowed("/x"); got != tt.allowed {
			t.Errorf("[google] ExactAgent(%q).Allowed(/x) = %v, want %v", tt.name, got, tt.allowed)
		}
	}
	if r.ExactAgent("Googlebot-Image").Fallback() != "" {
		t.Error("ExactAgent applies no fallback")
	}
}
