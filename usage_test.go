package robotstxt_test

import (
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/robotstxt/robotstxt"
)

// The drafts implemented: draft-ietf-aipref-attach-05 ("attach") and
// draft-ietf-aipref-vocab-07 ("vocab"), both of ietf-wg-aipref/drafts.

// prefs renders preferences as "train-ai=V search=V".
func prefs(p robotstxt.Preferences) string {
	return fmt.Sprintf("train-ai=%s search=%s", p.TrainAI, p.Search)
}

// TestParsePreferences: statements of preference, vocab-07 section 6.
func TestParsePreferences(t *testing.T) {
	cases := []struct {
		section, in, want string
		ok                bool
	}{
		// vocab-07 section 6, the draft's example.
		{"vocab §6 example", "train-ai=y, search=n", "train-ai=y search=n", true},
		// vocab-07 section 6.5.1, the draft's example: the last value
		// wins, and a Boolean or a String is not a Token.
		{"vocab §6.5.1 example", `train-ai=y, train-ai, search=n, search="n"`, "train-ai=unknown search=unknown", true},
		// vocab-07 section 6.5.2, the draft's examples: parameters are
		// ignored, only those of the last value apply.
		{"vocab §6.5.2 example", "train-ai;allow=n, train-ai=y", "train-ai=y search=unknown", true},
		// The draft's second example ends in ';', which RFC 9651 section
		// 4.2.3.2 does not allow (a key must follow): the dictionary does
		// not parse, so the preference is unknown, as the draft says.
		{"vocab §6.5.2 example (trailing ;)", `train-ai;has;parameters="?";`, "train-ai=unknown search=unknown", false},
		{"vocab §6.5.2 parameters", `train-ai;has;parameters="?"`, "train-ai=unknown search=unknown", true},
		{"vocab §6.5.2 parameters on y", "train-ai=n;why=\"policy\";v=1.5", "train-ai=n search=unknown", true},
		// vocab-07 section 6.5: y allows, n refuses, anything else unknown.
		{"vocab §6.5 y", "train-ai=y", "train-ai=y search=unknown", true},
		{"vocab §6.5 n", "search=n", "train-ai=unknown search=n", true},
		{"vocab §6.5 other token", "train-ai=yes, search=no", "train-ai=unknown search=unknown", true},
		{"vocab §6.5 token Y", "train-ai=Y", "train-ai=unknown search=unknown", true},
		{"vocab §6.5 integer", "train-ai=1", "train-ai=unknown search=unknown", true},
		{"vocab §6.5 boolean", "train-ai=?0", "train-ai=unknown search=unknown", true},
		{"vocab §6.5 inner list", "train-ai=(n y)", "train-ai=unknown search=unknown", true},
		{"vocab §6.5 absent", "search=y", "train-ai=unknown search=y", true},
		// vocab-07 section 6.4: unknown labels are ignored.
		{"vocab §6.4 unknown labels", "tdm=n, ai=n, train-genai=n, search=y", "train-ai=unknown search=y", true},
		// vocab-07 section 6.5.1: an upper-case key fails the parse.
		{"vocab §6.5.1 upper case", "Train-AI=n", "train-ai=unknown search=unknown", false},
		{"vocab §6.5.1 upper case elsewhere", "train-ai=n, SEARCH=n", "train-ai=unknown search=unknown", false},
		// RFC 9651 section 4.2.2: the whole dictionary fails on any error.
		{"RFC 9651 §4.2.2 trailing comma", "train-ai=n,", "train-ai=unknown search=unknown", false},
		{"RFC 9651 §4.2.2 empty member", "train-ai=n,,search=n", "train-ai=unknown search=unknown", false},
		{"RFC 9651 §4.2.2 no comma", "train-ai=n search=n", "train-ai=unknown search=unknown", false},
		{"RFC 9651 §4.2.2 OWS around comma", "train-ai=n ,\tsearch=y", "train-ai=n search=y", true},
		{"RFC 9651 §4.2 leading and trailing SP", "  train-ai=n  ", "train-ai=n search=unknown", true},
		{"RFC 9651 §4.2 empty", "", "train-ai=unknown search=unknown", true},
		{"RFC 9651 §4.2.5 bad escape", `search=y, x="\n"`, "train-ai=unknown search=unknown", false},
		{"RFC 9651 §4.2.4 15 digits", "x=123456789012345, search=n", "train-ai=unknown search=n", true},
		{"RFC 9651 §4.2.4 16 digits", "x=1234567890123456, search=n", "train-ai=unknown search=unknown", false},
		{"RFC 9651 §4.2.4 four decimals", "x=1.2345, search=n", "train-ai=unknown search=unknown", false},
		{"RFC 9651 §4.2.4 dot at end", "x=1., search=n", "train-ai=unknown search=unknown", false},
		{"RFC 9651 §4.2.7 byte sequence", "x=:aGVsbG8=:, search=n", "train-ai=unknown search=n", true},
		{"RFC 9651 §4.2.9 date", "x=@1659578233, search=n", "train-ai=unknown search=n", true},
		{"RFC 9651 §4.2.9 decimal date", "x=@1.5, search=n", "train-ai=unknown search=unknown", false},
		{"RFC 9651 §4.2.10 display string", `x=%"f%c3%bc", search=n`, "train-ai=unknown search=n", true},
		{"RFC 9651 §4.2.10 bad UTF-8", `x=%"%ff", search=n`, "train-ai=unknown search=unknown", false},
		{"RFC 9651 §4.2.10 upper-case hex", `x=%"%C3%BC", search=n`, "train-ai=unknown search=unknown", false},
		{"RFC 9651 §4.2.3.3 key starting with a digit", "1x=y, search=n", "train-ai=unknown search=unknown", false},
		{"RFC 9651 §4.2.3.3 key starting with *", "*x=y, search=n", "train-ai=unknown search=n", true},
		{"RFC 9651 non-ASCII", "search=n, x=\"é\"", "train-ai=unknown search=unknown", false},
	}
	for _, c := range cases {
		got, ok := robotstxt.ParsePreferences(c.in)
		if prefs(got) != c.want || ok != c.ok {
			t.Errorf("%s: ParsePreferences(%q) = %s, %v; want %s, %v", c.section, c.in, prefs(got), ok, c.want, c.ok)
		}
	}
}

// TestSplitUsageValue: attach-05 section 3.2.
func TestSplitUsageValue(t *testing.T) {
	cases := []struct{ in, path, stmt string }{
		{"train-ai=n", "", "train-ai=n"},
		{"/ai-ok/ train-ai=y", "/ai-ok/", "train-ai=y"},
		{"/a\ttrain-ai=y", "/a", "train-ai=y"},
		{"/a  \t train-ai=y, search=n", "/a", "train-ai=y, search=n"},
		{"/only-a-path", "/only-a-path", ""},
		{"*.pdf train-ai=n", "", "*.pdf train-ai=n"}, // not a path: all statement (and it does not parse)
	}
	for _, c := range cases {
		if p, s := robotstxt.SplitUsageValue(c.in); p != c.path || s != c.stmt {
			t.Errorf("SplitUsageValue(%q) = %q, %q; want %q, %q", c.in, p, s, c.path, c.stmt)
		}
	}
}

// usageAnswer renders what Usage says: "N/A", or the preferences and the
// deciding line.
func usageAnswer(u robotstxt.Usage) string {
	if !u.Applicable {
		return "N/A"
	}
	return fmt.Sprintf("%s line=%d", prefs(u.Preferences), u.Line())
}

// attachExample is the example of attach-05 section 3.4.
const attachExample = `User-Agent: *
Allow: /
Disallow: /never/
Content-Usage: train-ai=n
Content-Usage: /ai-ok/ train-ai=y

User-Agent: ExampleBot
Allow: /
Content-Usage: train-ai=y
`

// TestUsage: the Content-Usage rules that apply to (crawler, URL),
// attach-05 section 3.
func TestUsage(t *testing.T) {
	cases := []struct {
		section, file, agent, url, want string
	}{
		// attach-05 section 3.4, the draft's example and its table.
		{"attach §3.4 table /test", attachExample, "OtherBot", "/test", "train-ai=n search=unknown line=4"},
		{"attach §3.4 table /never/test", attachExample, "OtherBot", "/never/test", "N/A"},
		{"attach §3.4 table /ai-ok/test", attachExample, "OtherBot", "/ai-ok/test", "train-ai=y search=unknown line=5"},
		{"attach §3.4 ExampleBot", attachExample, "ExampleBot", "/never/test", "train-ai=y search=unknown line=9"},
		// attach-05 section 1.2, the robots.txt example.
		{"attach §1.2 example", "User-Agent: *\nAllow: /\nContent-Usage: train-ai=n\n", "x", "/a", "train-ai=n search=unknown line=3"},
		// attach-05 section 3.1: preferences apply only to what may be crawled.
		{"attach §3.1 disallowed", "User-agent: *\nDisallow: /p\nContent-Usage: search=y\n", "x", "/p/1", "N/A"},
		{"attach §3.1 robots.txt is allowed", "User-agent: *\nDisallow: /\nContent-Usage: search=y\n", "x", "/robots.txt", "train-ai=unknown search=y line=3"},
		// attach-05 section 3.1: longest path prefix, counted in bytes of
		// the encoded path, as for Allow and Disallow.
		{"attach §3.1 longest match", "User-agent: *\nContent-Usage: /a train-ai=n\nContent-Usage: /a/b train-ai=y\n", "x", "/a/b/c", "train-ai=y search=unknown line=3"},
		{"attach §3.1 shorter match", "User-agent: *\nContent-Usage: /a train-ai=n\nContent-Usage: /a/b train-ai=y\n", "x", "/a/c", "train-ai=n search=unknown line=2"},
		{"attach §3.1 no path matches everything", "User-agent: *\nContent-Usage: train-ai=n\nContent-Usage: /b search=n\n", "x", "/a", "train-ai=n search=unknown line=2"},
		{"attach §3.1 a path beats no path", "User-agent: *\nContent-Usage: train-ai=n\nContent-Usage: /b search=n\n", "x", "/b", "train-ai=unknown search=n line=3"},
		{"attach §3.1 no match", "User-agent: *\nContent-Usage: /b search=n\n", "x", "/a", "train-ai=unknown search=unknown line=0"},
		{"attach §3.1 percent-encoding of the path", "User-agent: *\nContent-Usage: /%7Euser/ train-ai=n\n", "x", "/~user/x", "train-ai=n search=unknown line=2"},
		{"attach §3.1 percent-encoding of the URL", "User-agent: *\nContent-Usage: /ツ train-ai=n\n", "x", "https://e.com/%E3%83%84/x", "train-ai=n search=unknown line=2"},
		{"attach §3.1 encoded length", "User-agent: *\nContent-Usage: /%E3%83%84 train-ai=n\nContent-Usage: /ab train-ai=y\n", "x", "/ツ", "train-ai=n search=unknown line=2"},
		{"attach §3.1 wildcard", "User-agent: *\nContent-Usage: /*.pdf$ train-ai=n\n", "x", "/d/x.pdf", "train-ai=n search=unknown line=2"},
		{"attach §3.1 wildcard anchored", "User-agent: *\nContent-Usage: /*.pdf$ train-ai=n\n", "x", "/d/x.pdf?x", "train-ai=unknown search=unknown line=0"},
		// attach-05 section 3.1: identical paths combine, the most
		// restrictive winning (vocab-07 section 5.1), unlike Allow's tie.
		{"attach §3.1 + vocab §5.1 conflict", "User-agent: *\nContent-Usage: /a train-ai=y\nContent-Usage: /a train-ai=n\n", "x", "/a", "train-ai=n search=unknown line=3"},
		{"vocab §5.1 y over unknown", "User-agent: *\nContent-Usage: /a train-ai=y\nContent-Usage: /a search=x\n", "x", "/a", "train-ai=y search=unknown line=2"},
		{"vocab §5.1 per label", "User-agent: *\nContent-Usage: train-ai=y, search=n\nContent-Usage: train-ai=n, search=y\n", "x", "/", "train-ai=n search=n line=2"},
		{"vocab §5.1 no path twice", "User-agent: *\nContent-Usage: search=y\nContent-Usage: train-ai=n\n", "x", "/", "train-ai=n search=y line=3"},
		// attach-05 section 3.1: rule order carries no meaning.
		{"attach §3.1 interleaved", "User-agent: *\nContent-Usage: /a/b train-ai=y\nDisallow: /x\nContent-Usage: /a train-ai=n\nAllow: /\n", "x", "/a/b", "train-ai=y search=unknown line=2"},
		// attach-05 section 3.2: the value up to '#' is the rule value; the
		// key is matched without case (RFC 9309 section 2.2).
		{"attach §3.2 comment", "User-agent: *\nContent-Usage: train-ai=n # no training\n", "x", "/", "train-ai=n search=unknown line=2"},
		{"attach §3.2 key case", "User-agent: *\nCONTENT-USAGE : search=n\n", "x", "/", "train-ai=unknown search=n line=2"},
		{"attach §3.2 path alone", "User-agent: *\nContent-Usage: train-ai=n\nContent-Usage: /x\n", "x", "/x", "train-ai=unknown search=unknown line=3"},
		// vocab-07 section 6.5.1: a statement that does not parse decides,
		// with every preference unknown.
		{"vocab §6.5.1 not parsed", "User-agent: *\nContent-Usage: train-ai=n\nContent-Usage: /x Train-AI=n\n", "x", "/x", "train-ai=unknown search=unknown line=3"},
		// Group selection is that of Allow and Disallow (RFC 9309 section
		// 2.2.1): the named group, else "*", documented fallbacks included.
		{"RFC 9309 §2.2.1 named group", "User-agent: *\nContent-Usage: train-ai=n\nAllow: /\n\nUser-agent: GPTBot\nAllow: /\n", "GPTBot", "/", "train-ai=unknown search=unknown line=0"},
		{"RFC 9309 §2.2.1 full user-agent string", "User-agent: *\nContent-Usage: train-ai=n\nAllow: /\n\nUser-agent: GPTBot\nContent-Usage: train-ai=y\n", "Mozilla/5.0 (compatible; GPTBot/1.2)", "/", "train-ai=y search=unknown line=6"},
		{"RFC 9309 §2.2.1 merged groups", "User-agent: a\nContent-Usage: train-ai=n\n\nUser-agent: b\nAllow: /\n\nUser-agent: a\nContent-Usage: search=y\n", "a", "/", "train-ai=n search=y line=2"},
		// attach-05 section 3: "content-usage" is a rule, so it ends a run
		// of User-agent lines; a Content-Usage line applies to the
		// user-agent lines above it only, though Google's parser (whose
		// grouping Allow and Disallow keep, COMPAT.md) reads on past it.
		{"attach §3 grammar: lines between user-agent lines", "User-agent: a\nContent-Usage: train-ai=n\nUser-agent: b\nAllow: /\n", "b", "/", "train-ai=unknown search=unknown line=0"},
		{"attach §3 grammar: the run above", "User-agent: a\nContent-Usage: train-ai=n\nUser-agent: b\nAllow: /\n", "a", "/", "train-ai=n search=unknown line=2"},
		{"attach §3 grammar: a group of Content-Usage alone", "User-agent: a\nContent-Usage: train-ai=n\n\nUser-agent: b\nDisallow: /x\n", "b", "/", "train-ai=unknown search=unknown line=0"},
		{"attach §3 grammar: its own crawler", "User-agent: a\nContent-Usage: train-ai=n\n\nUser-agent: b\nDisallow: /x\n", "a", "/", "train-ai=n search=unknown line=2"},
		{"attach §3 grammar: crawling stays Google's", "User-agent: a\nContent-Usage: train-ai=n\n\nUser-agent: b\nDisallow: /x\n", "a", "/x", "N/A"},
		{"attach §3 grammar: before the star group", "User-agent: GPTBot\nContent-Usage: train-ai=n\n\nUser-agent: *\nDisallow: /private/\n", "OtherBot", "/", "train-ai=unknown search=unknown line=0"},
		{"attach §3 grammar: three runs, first", "User-agent: a\nContent-Usage: train-ai=n\nUser-agent: b\nContent-Usage: search=n\nUser-agent: c\nAllow: /\nContent-Usage: train-ai=y\n", "a", "/", "train-ai=n search=unknown line=2"},
		{"attach §3 grammar: three runs, second", "User-agent: a\nContent-Usage: train-ai=n\nUser-agent: b\nContent-Usage: search=n\nUser-agent: c\nAllow: /\nContent-Usage: train-ai=y\n", "b", "/", "train-ai=unknown search=n line=4"},
		{"attach §3 grammar: three runs, last", "User-agent: a\nContent-Usage: train-ai=n\nUser-agent: b\nContent-Usage: search=n\nUser-agent: c\nAllow: /\nContent-Usage: train-ai=y\n", "c", "/", "train-ai=y search=unknown line=7"},
		{"attach §3 grammar: a rule after the last run", "User-agent: a\nContent-Usage: train-ai=n\nUser-agent: b\nDisallow: /x\nContent-Usage: search=n\n", "a", "/", "train-ai=n search=unknown line=2"},
		{"attach §3 grammar: two user-agent lines in a run", "User-agent: a\nUser-agent: b\nContent-Usage: train-ai=n\nUser-agent: c\nAllow: /\n", "b", "/", "train-ai=n search=unknown line=3"},
		{"attach §3 grammar: merged groups", "User-agent: a\nContent-Usage: train-ai=n\nUser-agent: b\nAllow: /\n\nUser-agent: b\nContent-Usage: search=y\n", "b", "/", "train-ai=unknown search=y line=7"},
		{"fallback Googlebot-Image to Googlebot", "User-agent: Googlebot\nContent-Usage: search=y\nAllow: /\n\nUser-agent: *\nContent-Usage: search=n\n", "Googlebot-Image", "/", "train-ai=unknown search=y line=2"},
		{"no group", "User-agent: a\nContent-Usage: search=n\n", "b", "/", "train-ai=unknown search=unknown line=0"},
		// RFC 9309 section 2.2.2: a rule before any group applies to none.
		{"RFC 9309 §2.2.2 before any group", "Content-Usage: train-ai=n\nUser-agent: *\nAllow: /\n", "x", "/", "train-ai=unknown search=unknown line=0"},
		{"no such lines", "User-agent: *\nDisallow: /x\n", "x", "/", "train-ai=unknown search=unknown line=0"},
	}
	for _, c := range cases {
		r := robotstxt.ParseString(c.file)
		got := usageAnswer(r.Usage(r.Agent(c.agent), c.url))
		if got != c.want {
			t.Errorf("%s: %q for %s, %s: got %s, want %s", c.section, c.file, c.agent, c.url, got, c.want)
		}
	}
}

// TestSignals: Content-Signal lines (Cloudflare's Content Signals
// Policy), read in the groups that apply, else before the first group.
func TestSignals(t *testing.T) {
	cases := []struct {
		name, file, agent, url, want string
	}{
		{"policy example in a group", "User-Agent: *\nContent-Signal: search=yes, ai-train=no\nAllow: /\n", "x", "/", "group search=yes@2 ai-train=no@2"},
		{"omitted key: no preference", "User-Agent: *\nContent-Signal: ai-train=no\n", "x", "/", "group ai-train=no@2"},
		{"values as written", "User-Agent: *\nContent-Signal: Search=Yes , ai-input = maybe, use=reference\n", "x", "/", "group search=Yes@2 ai-input=maybe@2 use=reference@2"},
		{"a no on any line wins", "User-Agent: *\nContent-Signal: ai-train=no\nContent-Signal: ai-train=yes, search=yes\nContent-Signal: search=no\n", "x", "/", "group ai-train=no@2 search=no@4"},
		{"otherwise the last value", "User-Agent: *\nContent-Signal: search=yes\nContent-Signal: search=maybe\n", "x", "/", "group search=maybe@3"},
		{"pairs without = skipped", "User-Agent: *\nContent-Signal: search, =no, ai-train=no\n", "x", "/", "group ai-train=no@2"},
		{"named group has none", "User-Agent: *\nContent-Signal: ai-train=no\nAllow: /\n\nUser-agent: Googlebot\nAllow: /\n", "Googlebot", "/", "none"},
		{"file-wide before the first group", "Content-Signal: ai-train=no\n\nUser-agent: Googlebot\nAllow: /\n", "Googlebot", "/", "file ai-train=no@1"},
		{"group lines win over file-wide", "Content-Signal: ai-train=no\nUser-agent: *\nContent-Signal: ai-train=yes\n", "x", "/", "group ai-train=yes@3"},
		{"disallowed", "User-Agent: *\nContent-Signal: ai-train=no\nDisallow: /\n", "x", "/a", "N/A"},
	}
	for _, c := range cases {
		r := robotstxt.ParseString(c.file)
		u := r.Usage(r.Agent(c.agent), c.url)
		var got string
		switch {
		case !u.Applicable:
			got = "N/A"
		case u.Signals == nil:
			got = "none"
		default:
			parts := []string{u.SignalsReading}
			for _, s := range u.Signals {
				parts = append(parts, fmt.Sprintf("%s=%s@%d", s.Key, s.Value, s.Line))
			}
			got = strings.Join(parts, " ")
		}
		if got != c.want {
			t.Errorf("%s: %q: got %s, want %s", c.name, c.file, got, c.want)
		}
	}
}

// TestRefuses: a declared purpose is refused by a Content-Usage n or a
// Content-Signal no for it.
func TestRefuses(t *testing.T) {
	file := "User-agent: *\nContent-Usage: train-ai=n\nContent-Usage: /s search=n, train-ai=y\nContent-Usage: /s train-ai=y\n" +
		"Content-Signal: ai-input=no, search=yes\nDisallow: /private\n\nUser-agent: SignalBot\nContent-Signal: ai-train=No\n"
	cases := []struct{ agent, url, purpose, want string }{
		{"x", "/", "train-ai", "Content-Usage train-ai=n line 2"},
		{"x", "/", "search", "allowed"},
		{"x", "/", "ai-input", "Content-Signal ai-input=no line 5"},
		{"x", "/s", "search", "Content-Usage search=n line 3"},
		{"x", "/s", "train-ai", "allowed"},
		{"x", "/private", "train-ai", "allowed"}, // not applicable: disallowed anyway
		{"SignalBot", "/", "train-ai", "Content-Signal ai-train=No line 9"},
		{"SignalBot", "/", "search", "allowed"},
		{"x", "/", "unknown-purpose", "allowed"},
	}
	r := robotstxt.ParseString(file)
	for _, c := range cases {
		u := r.Usage(r.Agent(c.agent), c.url)
		got := "allowed"
		if ref, ok := u.Refuses(c.purpose); ok {
			got = fmt.Sprintf("%s line %d", ref.Source, ref.Line)
		}
		if got != c.want {
			t.Errorf("%s %s --purpose %s: got %s, want %s", c.agent, c.url, c.purpose, got, c.want)
		}
	}
}

// TestUsageAllocatesNothing: a look-up in a file without such lines, and
// one of a rule without a path or with a canonical URL, allocate nothing.
func TestUsageAllocatesNothing(t *testing.T) {
	for _, c := range []struct{ file, url string }{
		{"User-agent: *\nDisallow: /a\n", "/b"},
		{"User-agent: *\nDisallow: /a\n", "/b/%7e"},
		{"User-agent: *\nContent-Usage: train-ai=n\nContent-Usage: /x/ search=n\n", "/x/y"},
		{"User-agent: *\nContent-Usage: train-ai=n\n", "/x/%7e"},
	} {
		r := robotstxt.ParseString(c.file)
		a := r.Agent("bot")
		r.Usage(a, c.url)
		if n := testing.AllocsPerRun(100, func() { r.Usage(a, c.url) }); n != 0 {
			t.Errorf("%q, %s: Usage allocates %.1f times", c.file, c.url, n)
		}
	}
}

// TestUsageRulesByGroup: each line belongs to the group it sits in.
func TestUsageRulesByGroup(t *testing.T) {
	r := robotstxt.ParseString("Content-Usage: search=n\nContent-Signal: ai-train=no\nUser-agent: a\nContent-Usage: /x train-ai=n\nAllow: /\n\nUser-agent: b\nContent-Signal: search=yes\nContent-Usage: Search=y\n")
	if o := r.OrphanUsageRules(); len(o) != 1 || o[0].Line != 1 {
		t.Errorf("orphans: %+v", o)
	}
	if p := r.PreambleSignals(); len(p) != 1 || p[0].Line != 2 {
		t.Errorf("preamble: %+v", p)
	}
	if g := r.UsageRules(0); len(g) != 1 || g[0].Line != 4 || g[0].Path != "/x" || !g[0].Parsed || g[0].Preferences.TrainAI != robotstxt.PreferenceDisallow {
		t.Errorf("group 0: %+v", g)
	}
	if g := r.UsageRules(1); len(g) != 1 || g[0].Line != 9 || g[0].Parsed || g[0].Statement != "Search=y" {
		t.Errorf("group 1: %+v", g)
	}
	if s := r.GroupSignals(1); len(s) != 1 || s[0].Key != "search" {
		t.Errorf("group 1 signals: %+v", s)
	}
	if g := r.UsageRules(0); g[0].Agents != nil {
		t.Errorf("group 0: agents %v, want all (nil)", g[0].Agents)
	}
	// attach-05 section 3: a Content-Usage line between user-agent lines
	// applies to the run above it.
	r2 := robotstxt.ParseString("User-agent: a\nUser-agent: b\nContent-Usage: train-ai=n\nUser-agent: c\nDisallow: /x\nContent-Usage: search=y\n")
	if g := r2.UsageRules(0); len(g) != 2 || !slices.Equal(g[0].Agents, []int{1, 2}) || !slices.Equal(g[1].Agents, []int{4}) {
		t.Errorf("runs: %+v", g)
	}
	if r.UsageRules(2) != nil || r.UsageRules(-1) != nil {
		t.Error("rules of a group that does not exist")
	}
}

// FuzzParsePreferences: the dictionary reader never panics; leading and
// trailing spaces change nothing (RFC 9651 section 4.2); a trailing comma
// always fails (section 4.2.2); every key it reports is a valid key
// (section 4.2.3.3); and a Content-Usage line with the statement gives the
// parsed preferences.
func FuzzParsePreferences(f *testing.F) {
	for _, s := range []string{"train-ai=y, search=n", `train-ai=y, train-ai, search=n, search="n"`, "train-ai;allow=n, train-ai=y",
		`train-ai;has;parameters="?";`, "Train-AI=n", "a=(1 2.5 \"x\" ?1 :AA==: @1 %\"%c3%bc\");p=*t", "x=-1.234, y=tok/a:b", "*=y"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		p, ok := robotstxt.ParsePreferences(s)
		keys, kok := robotstxt.PreferenceKeys(s)
		if ok != kok {
			t.Fatalf("%q: ParsePreferences ok=%v, PreferenceKeys ok=%v", s, ok, kok)
		}
		if !ok && p != (robotstxt.Preferences{}) {
			t.Fatalf("%q: not parsed but %+v", s, p)
		}
		if p2, ok2 := robotstxt.ParsePreferences("  " + s + "  "); ok2 != ok || p2 != p {
			t.Fatalf("%q: with spaces around: %+v %v, without: %+v %v", s, p2, ok2, p, ok)
		}
		if _, ok3 := robotstxt.ParsePreferences(s + ","); ok3 {
			t.Fatalf("%q: parsed with a trailing comma", s+",")
		}
		seen := map[string]bool{}
		for _, k := range keys {
			if seen[k] || k == "" || !(k[0] == '*' || 'a' <= k[0] && k[0] <= 'z') || strings.Trim(k, "abcdefghijklmnopqrstuvwxyz0123456789_-.*") != "" {
				t.Fatalf("%q: key %q (keys %q)", s, k, keys)
			}
			seen[k] = true
		}
		if strings.ContainsAny(s, "#\r\n\x00") {
			return
		}
		r := robotstxt.ParseString("User-agent: *\nContent-Usage: " + s + "\n")
		u := r.Usage(r.Agent("x"), "/")
		if rules := r.UsageRules(0); len(rules) == 1 && rules[0].Path == "" && u.Preferences != p && strings.TrimSpace(s) == strings.Trim(s, " \t\v\f") {
			t.Fatalf("%q: the rule gives %+v, ParsePreferences %+v", s, u.Preferences, p)
		}
	})
}

// BenchmarkUsage: a look-up against a check of the same URL, in a file
// without Content-Usage lines and in one with a few.
func BenchmarkUsage(b *testing.B) {
	base := "User-agent: *\nDisallow: /private/\nAllow: /private/ok\nDisallow: /*.pdf$\n\nUser-agent: GPTBot\nDisallow: /\n"
	for _, c := range []struct{ name, file string }{
		{"none", base},
		{"some", base + "\nUser-agent: *\nContent-Usage: train-ai=n\nContent-Usage: /docs/ train-ai=y, search=y\nContent-Usage: /docs/old/ search=n\n"},
	} {
		r := robotstxt.ParseString(c.file)
		a := r.Agent("ExampleBot")
		b.Run(c.name+"/check", func(b *testing.B) {
			for b.Loop() {
				a.Check("/docs/old/page.html")
			}
		})
		b.Run(c.name+"/usage", func(b *testing.B) {
			for b.Loop() {
				r.UsageAllowed(a, "/docs/old/page.html", true)
			}
		})
	}
}

// FuzzUsage: usage look-ups never panic, and attach-05's runs (section 3:
// a Content-Usage line ends a run of User-agent lines) are well formed:
// each rule's user-agent lines are lines of its group, before the rule, in
// order, and fewer than the group's; the deciding rule applies to the agent.
func FuzzUsage(f *testing.F) {
	for _, s := range []string{attachExample, "User-agent: a\nContent-Usage: train-ai=n\nUser-agent: b\nDisallow: /x\nContent-Usage: search=n\n",
		"User-agent: GPTBot\nContent-Usage: train-ai=n\n\nUser-agent: *\nDisallow: /private/\n", "Content-Usage: x\nUser-agent: *\nContent-Signal: ai-train=n\n"} {
		f.Add(s, "b", "/x")
	}
	f.Fuzz(func(t *testing.T, text, agent, url string) {
		r := robotstxt.ParseString(text)
		for gi, g := range r.Groups {
			for _, ur := range r.UsageRules(gi) {
				if ur.Agents == nil {
					continue
				}
				if len(ur.Agents) == 0 || len(ur.Agents) >= len(g.UserAgents) {
					t.Fatalf("rule at line %d: agents %v of %d", ur.Line, ur.Agents, len(g.UserAgents))
				}
				for i, l := range ur.Agents {
					if l >= ur.Line || i > 0 && l <= ur.Agents[i-1] || !slices.ContainsFunc(g.UserAgents, func(ua robotstxt.UserAgent) bool { return ua.Line == l }) {
						t.Fatalf("rule at line %d: agents %v, group %v", ur.Line, ur.Agents, g.UserAgents)
					}
				}
			}
		}
		a := r.Agent(agent)
		u := r.Usage(a, url)
		if line := u.Line(); line > 0 {
			for _, gi := range a.Groups() {
				for _, ur := range r.UsageRules(gi) {
					if ur.Line == line && ur.Agents != nil && !slices.ContainsFunc(a.UserAgents(), func(ua robotstxt.UserAgent) bool { return slices.Contains(ur.Agents, ua.Line) }) {
						t.Fatalf("line %d decides for %q, which its run %v does not name", line, agent, ur.Agents)
					}
				}
			}
		}
	})
}
