package lint

import (
	"strings"
	"testing"
)

// RFC 9309 section 2.2.1: a crawler looks for its own product token, so a
// misspelt name is a group nobody follows. misspelled-agent must name the
// slip and never a real crawler the registry does not know.
func TestMisspelledAgent(t *testing.T) {
	for _, tt := range []struct {
		file    string
		want    string // the suggestion; "" for no finding
		variant string // a phrase of the message that names the variant
	}{
		{"User-agent: Googelbot\nDisallow: /x\n", "Googlebot", "does not follow this group."},
		{"User-agent: googlebto\nDisallow: /x\n", "Googlebot", ""},
		{"User-agent: Googlebot-Images\nDisallow: /x\n", "Googlebot-Image", ""},
		{"User-agent: Yandexbots\nDisallow: /x\n", "YandexBot", ""},
		{"User-agent: ChatGTP-User\nDisallow: /\n", "ChatGPT-User", ""},
		// The fix changes what the crawler follows: the message says so.
		{"User-agent: *\nDisallow: /a\n\nUser-agent: Googelbot\nDisallow: /x\n", "Googlebot", `follows the "*" group now`},
		{"User-agent: Googlebot\nDisallow: /a\n\nUser-agent: Googelbot\nDisallow: /x\n", "Googlebot", "has a group at line 1"},
		// Not reported: a known name, in any case.
		{"User-agent: googlebot\nDisallow: /x\n", "", ""},
		{"User-agent: Googlebot-Image\nDisallow: /x\n", "", ""},
		// Not reported: real crawlers the registry does not know, one
		// letter from one it does (short stems: "Aip"+"bot", "Rover"+"bot").
		{"User-agent: Aipbot\nDisallow: /x\n", "", ""},
		{"User-agent: Roverbot\nDisallow: /x\n", "", ""},
		{"User-agent: MSRBOT\nDisallow: /x\n", "", ""},
		{"User-agent: Wotbot\nDisallow: /x\n", "", ""},
		{"User-agent: JoobleBot\nDisallow: /x\n", "", ""}, // two from Googlebot: too far for its stem
		{"User-agent: Sohu\nDisallow: /x\n", "", ""},
		// The price: slips in short stems are not reported either
		// ("Pingbot" is real and one letter from bingbot).
		{"User-agent: Bingbott\nDisallow: /x\n", "", ""},
		{"User-agent: Baiduspyder\nDisallow: /x\n", "", ""},
		// Not reported: names that differ only in digits (versions, siblings).
		{"User-agent: Googlebot2\nDisallow: /x\n", "", ""},
		// Not reported: the group names the crawler too (harmless).
		{"User-agent: Googlebot\nUser-agent: Googelbot\nDisallow: /x\n", "", ""},
		// Not reported: "*", no token.
		{"User-agent: *\nDisallow: /x\n", "", ""},
	} {
		var got []Finding
		for _, f := range Lint(tt.file, nil) {
			if f.ID == "misspelled-agent" {
				got = append(got, f)
			}
		}
		if tt.want == "" {
			if len(got) > 0 {
				t.Errorf("%q: false finding: %v", tt.file, got[0])
			}
			continue
		}
		if len(got) != 1 {
			t.Errorf("%q: %d findings, want 1", tt.file, len(got))
			continue
		}
		f := got[0]
		if fix := `Write the crawler's name: "User-agent: ` + tt.want + `".`; f.Fix != fix {
			t.Errorf("%q: fix %q, want %q", tt.file, f.Fix, fix)
		}
		if !strings.Contains(f.Message, tt.variant) {
			t.Errorf("%q: message %q lacks %q", tt.file, f.Message, tt.variant)
		}
	}
}

// No name of the registry is taken for a misspelling of another.
func TestMisspelledAgentKnownNames(t *testing.T) {
	for _, name := range knownNames() {
		if _, ok := misspelledCrawler(name.token); ok {
			t.Errorf("%s, a known crawler, is taken for a misspelling", name.token)
		}
	}
}
