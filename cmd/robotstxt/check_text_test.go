package main

import (
	"bytes"
	"math/rand/v2"
	"os"
	"path/filepath"
	"testing"

	"github.com/robotstxt/robotstxt"
)

// check's text lines (textLines, with its cached explanations) are
// writeCheckText's, for every kind of verdict, repeated so that the cache
// answers too.
func TestTextLinesMatchWriteCheckText(t *testing.T) {
	files := []string{
		"User-agent: *\nDisallow: /a\nAllow: /a/*.html$\nDisallow: /b\nAllow: /b\n\nUser-agent: Googlebot\nDisallow: /g/\nAllow: /g/index.html\nDisallow: /x\x1b[2J\n",
		"User-agent: Googlebot\nDisallow: /search\n\nUser-agent: AdsBot-Google\nAllow: /ads\n",
		"User-agent: Yandex\n\nDisallow: /y\n\nUser-agent: *\nDisallow: /z\n",
		"",
	}
	agents := []string{"Googlebot", "Googlebot-Image", "AdsBot-Google", "YandexBot", "Mozilla/5.0 (compatible; Googlebot/2.1)", "bot\x1b[31m"}
	urls := []string{"/", "/a", "/a/x.html", "/b", "/g/", "/g/x", "/search?q=1", "/robots.txt", "/y", "/z", "private/x", "/x\x1b[2J"}
	for _, f := range files {
		r := robotstxt.ParseString(f)
		tl := newTextLines(agents, textStyle{})
		for range 2 {
			for _, u := range urls {
				for i, a := range agents {
					v := r.AgentWith(a, robotstxt.AgentOptions{}).Check(u)
					var want bytes.Buffer
					writeCheckText(&want, a, u, v)
					if got := tl.appendLine(nil, i, a, u, &v, nil); !bytes.Equal(got, want.Bytes()) {
						t.Fatalf("file %q, agent %q, url %q:\n got %q\nwant %q", f, a, u, got, want.Bytes())
					}
				}
			}
		}
	}
}

// One textLines answers many verdicts in turn, more than its table holds
// and with rules of the same line (the same slot), and every line is still
// writeCheckText's: a kept explanation is used only for the very same
// verdict.
func TestTextLinesTableNeverMixesVerdicts(t *testing.T) {
	uas := []robotstxt.UserAgent{{Line: 1, Value: "*"}}
	other := []robotstxt.UserAgent{{Line: 1, Value: "Googlebot"}, {Line: 2, Value: "Bingbot"}}
	var verdicts []robotstxt.Verdict
	for line := range 100 {
		for _, pattern := range []string{"/a", "/b\x1b[2J"} {
			rule := &robotstxt.Rule{Line: line % 10, Kind: robotstxt.RuleKind(line % 2), Pattern: pattern}
			verdicts = append(verdicts,
				robotstxt.Verdict{Allowed: line%2 == 1, Reason: robotstxt.MatchedRule, Rule: rule, UserAgents: uas},
				robotstxt.Verdict{Allowed: true, Reason: robotstxt.MatchedRule, Rule: rule, UserAgents: other, Fallback: "Googlebot"},
				robotstxt.Verdict{Allowed: true, Reason: robotstxt.MatchedRule, Rule: rule, Overruled: &robotstxt.Rule{Line: line % 10, Pattern: pattern}, UserAgents: uas},
				robotstxt.Verdict{Allowed: true, Reason: robotstxt.MatchedRule, Rule: rule, ViaIndexHTML: true, UserAgents: uas, Reading: robotstxt.ReadingYandex},
				robotstxt.Verdict{Allowed: true, Reason: robotstxt.NoMatchingRule, UserAgents: other[:1]},
				robotstxt.Verdict{Allowed: true, Reason: robotstxt.NoMatchingRule, UserAgents: other, Fallback: "Googlebot"},
				robotstxt.Verdict{Allowed: true, Reason: robotstxt.NoGroup},
			)
		}
	}
	agents := []string{"Googlebot-Image", "bot\x1b[31m"}
	rng := rand.New(rand.NewPCG(14, 5))
	tl := newTextLines(agents, textStyle{})
	for range 3 {
		rng.Shuffle(len(verdicts), func(i, j int) { verdicts[i], verdicts[j] = verdicts[j], verdicts[i] })
		for n, v := range verdicts {
			i, u := n%2, []string{"/x", "/y\x07"}[n%2]
			var want bytes.Buffer
			writeCheckText(&want, agents[i], u, v)
			if got := tl.appendLine(nil, i, agents[i], u, &v, nil); !bytes.Equal(got, want.Bytes()) {
				t.Fatalf("agent %q, verdict %+v:\n got %q\nwant %q", agents[i], v, got, want.Bytes())
			}
		}
	}
}

// On a terminal check aligns its columns (the agents' always, the URLs'
// when all are known before the first line) and colours the verdicts when
// --color says so (c.useColor: not with NO_COLOR or TERM=dumb); in a pipe
// the lines stay as scripts read them, whatever the agents' widths.
func TestCheckTextStyle(t *testing.T) {
	r := robotstxt.ParseString("User-agent: *\nDisallow: /private\n")
	agents := []string{"Googlebot", "GPTBot"}
	urls := []string{"/", "/private/page"}
	for _, tt := range []struct {
		name          string
		terminal, col bool
		streamed      bool
		want          string
	}{
		{"pipe", false, false, false,
			"ALLOWED     Googlebot  /  no matching rule (group: line 1)\n" +
				"ALLOWED     GPTBot  /  no matching rule (group: line 1)\n" +
				"DISALLOWED  Googlebot  /private/page  line 2: disallow: /private\n" +
				"DISALLOWED  GPTBot  /private/page  line 2: disallow: /private\n"},
		{"terminal", true, false, false,
			"ALLOWED     Googlebot  /              no matching rule (group: line 1)\n" +
				"ALLOWED     GPTBot     /              no matching rule (group: line 1)\n" +
				"DISALLOWED  Googlebot  /private/page  line 2: disallow: /private\n" +
				"DISALLOWED  GPTBot     /private/page  line 2: disallow: /private\n"},
		{"terminal, --urls streamed", true, false, true,
			"ALLOWED     Googlebot  /  no matching rule (group: line 1)\n" +
				"ALLOWED     GPTBot     /  no matching rule (group: line 1)\n" +
				"DISALLOWED  Googlebot  /private/page  line 2: disallow: /private\n" +
				"DISALLOWED  GPTBot     /private/page  line 2: disallow: /private\n"},
		{"terminal in colour", true, true, false,
			"\x1b[32mALLOWED\x1b[0m     Googlebot  /              no matching rule (group: line 1)\n" +
				"\x1b[32mALLOWED\x1b[0m     GPTBot     /              no matching rule (group: line 1)\n" +
				"\x1b[1;31mDISALLOWED\x1b[0m  Googlebot  /private/page  line 2: disallow: /private\n" +
				"\x1b[1;31mDISALLOWED\x1b[0m  GPTBot     /private/page  line 2: disallow: /private\n"},
	} {
		tl := newTextLines(agents, checkStyle(tt.terminal, tt.col, urls, tt.streamed))
		var b []byte
		for range 2 { // the second round from the cache
			b = b[:0]
			for _, u := range urls {
				for i, a := range agents {
					v := r.AgentWith(a, robotstxt.AgentOptions{}).Check(u)
					b = tl.appendLine(b, i, a, u, &v, nil)
				}
			}
			if string(b) != tt.want {
				t.Errorf("%s:\n%s\nwant\n%s", tt.name, b, tt.want)
			}
		}
	}
	// A very long URL does not widen the column past maxURLWidth.
	long := "/" + string(bytes.Repeat([]byte("x"), 200))
	if st := checkStyle(true, false, []string{long}, false); st.urlWidth != maxURLWidth {
		t.Errorf("URL column %d wide, want %d", st.urlWidth, maxURLWidth)
	}
}

// check --color: always colours in a pipe, never and auto do not (auto
// colours only a terminal).
func TestCheckColorFlag(t *testing.T) {
	robots := filepath.Join(t.TempDir(), "robots.txt")
	if err := os.WriteFile(robots, []byte("User-agent: *\nDisallow: /x\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, tt := range []struct {
		flag string
		want bool
	}{{"always", true}, {"never", false}, {"auto", false}} {
		stdout, stderr, _ := runCLI(t, "", "check", "-f", robots, "-a", "bot", "--color", tt.flag, "/x")
		if got := bytes.Contains([]byte(stdout), []byte("\x1b[1;31mDISALLOWED")); got != tt.want {
			t.Errorf("--color %s: coloured %v, want %v: %q %s", tt.flag, got, tt.want, stdout, stderr)
		}
	}
	if _, _, code := runCLI(t, "", "check", "-f", robots, "-a", "bot", "--color", "blue", "/x"); code != 2 {
		t.Errorf("--color blue: exit %d, want 2", code)
	}
}
