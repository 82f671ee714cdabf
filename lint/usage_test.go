package lint

import (
	"strings"
	"testing"

	"github.com/robotstxt/robotstxt"
)

// The usage checks' tests join the tables of lint_test.go: each check both
// ways (draft-ietf-aipref-attach-05 "attach", -vocab-07 "vocab"), and every
// variant with all the findings its file gives.
func init() {
	type checkTest = checkCase
	checkTests = append(checkTests,
		checkTest{id: "content-usage", ref: "vocab 6.5.1", line: 3,
			bad:  "User-agent: *\nAllow: /\nContent-Usage: Train-AI=n\n",
			good: "User-agent: *\nAllow: /\nContent-Usage: train-ai=n\n"},
		checkTest{id: "usage-outside-group", ref: "attach 3", line: 1,
			bad:  "Content-Usage: train-ai=n\nUser-agent: *\nAllow: /\n",
			good: "User-agent: *\nContent-Usage: train-ai=n\nAllow: /\n"},
		checkTest{id: "usage-not-applicable", ref: "attach 3.1", line: 3,
			bad:  "User-agent: *\nDisallow: /drafts/\nContent-Usage: /drafts/old/ train-ai=n\n",
			good: "User-agent: *\nDisallow: /drafts/\nAllow: /drafts/public/\nContent-Usage: /drafts/ train-ai=n\n"},
		checkTest{id: "usage-conflict", ref: "attach 3.1, vocab 5.1", line: 4,
			bad:  "User-agent: *\nAllow: /\nContent-Usage: /docs/ train-ai=y\nContent-Usage: /docs/ search=y, train-ai=n\n",
			good: "User-agent: *\nAllow: /\nContent-Usage: /docs/ train-ai=y\nContent-Usage: /docs/old/ train-ai=n\n"},
		checkTest{id: "content-signal-placement", ref: "contentsignals.org, crawler-commons", line: 2,
			bad:  "User-agent: *\nContent-Signal: search=yes, ai-train=no\nAllow: /\n\nUser-agent: Googlebot\nAllow: /\n",
			good: "User-agent: *\nContent-Signal: search=yes, ai-train=no\nAllow: /\n\nUser-agent: GPTBot\nDisallow: /\n"},
		checkTest{id: "usage-google", ref: "google", line: 2, infoOK: false, opts: nil,
			bad:  "User-agent: *\nContent-Signal: search=yes\nAllow: /\n",
			good: "User-agent: *\nAllow: /\n"},
	)
	type variantTest = struct {
		name string
		text string
		want []string
	}
	const g = "User-agent: *\nAllow: /\n" // a group; the usage line is line 3
	variantTests = append(variantTests,
		variantTest{"vocab 6: a clean preference line", g + "Content-Usage: /docs/ train-ai=y, search=y\n", []string{"usage-google@3"}},
		variantTest{"attach 3.2: no preferences", g + "Content-Usage: /docs/\n", []string{"content-usage@3", "usage-google@3"}},
		variantTest{"attach 3.2: a path without '/'", g + "Content-Usage: *.pdf train-ai=n\n", []string{"content-usage@3", "usage-google@3"}},
		variantTest{"vocab 6.5.1: upper case", g + "Content-Usage: train-ai=N\n", []string{"content-usage@3", "usage-google@3"}},
		variantTest{"RFC 9651: not a dictionary", g + "Content-Usage: train-ai=n;\n", []string{"content-usage@3", "usage-google@3"}},
		variantTest{"vocab 6.5: not y or n", g + "Content-Usage: train-ai=no\n", []string{"content-usage@3", "usage-google@3"}},
		variantTest{"earlier drafts' labels", g + "Content-Usage: tdm=n, train-genai=n\n", []string{"content-usage@3", "usage-google@3"}},
		variantTest{"vocab 6.4: unknown labels", g + "Content-Usage: train-ai=n, x-custom=y\n", []string{"content-usage@3", "usage-google@3"}},
		variantTest{"attach 3.1: a closed group", "User-agent: GPTBot\nDisallow: /\nContent-Usage: train-ai=n\n",
			[]string{"site-closed@1", "usage-not-applicable@3", "usage-google@3"}},
		variantTest{"Content-Signal before the first group", "Content-Signal: ai-train=no\nUser-agent: *\nAllow: /\n",
			[]string{"content-signal-placement@1", "usage-google@1"}},
		variantTest{"Content-Signal use= (2026)", g + "Content-Signal: search=yes, use=reference\n", []string{"usage-google@3"}},
		variantTest{"Content-Signal use= with a bad value", g + "Content-Signal: use=sometimes\n", []string{"content-signal@3", "usage-google@3"}},
	)
}

// No usage finding tells the owner to remove a preference line, in any
// language: the line is the site's statement (the fixes rewrite it).
func TestUsageNeverRemoves(t *testing.T) {
	files := []string{
		"Content-Usage: train-ai=n\nContent-Signal: ai-train=no\nUser-agent: *\nAllow: /\nContent-Usage: Train-AI=n\nContent-Usage: tdm=n\n" +
			"Content-Usage: /x train-ai=y\nContent-Usage: /x train-ai=n\nContent-Usage: *.pdf n\nContent-Usage: /docs/\nContent-Usage: x-y=y\n\n" +
			"User-agent: GPTBot\nDisallow: /\nContent-Usage: train-ai=n\nContent-Signal: use=x\n\nUser-agent: b\nDisallow: /p/\nContent-Usage: /p/ search=n\n",
	}
	for _, f := range files {
		for _, lang := range append([]string{"en"}, translations...) {
			for _, fd := range Lint(f, &Options{Lang: lang}) {
				if fd.ID == "unknown-directive" {
					t.Errorf("%s: line %d: unknown-directive for a preference line: %s", lang, fd.Line, fd.Message)
				}
				low := strings.ToLower(fd.Fix)
				for _, w := range []string{"remove", "удалите", "eliminați", "ștergeți"} {
					if strings.Contains(low, w) && (strings.Contains(fd.ID, "usage") || strings.Contains(fd.ID, "signal")) {
						t.Errorf("%s: %s at line %d says %q", lang, fd.ID, fd.Line, fd.Fix)
					}
				}
			}
		}
	}
}

// TestUsageOneReading: lint reads the preference lines as check does
// (issue 42). Content-Signal "n" and "y" are read as "no" and "yes"
// (robotstxt.Signal.Refuses: check --purpose refuses on ai-train=n), so lint
// warns that the policy spells them out rather than calling the line an
// error; and a Content-Usage line among user-agent lines, which attach-05's
// grammar (section 3) makes the end of their group while Google's grouping
// reads on, is named in empty-group's warning.
func TestUsageOneReading(t *testing.T) {
	for _, tt := range []struct {
		name, text string
		id         string
		line       int
		sev        Severity
		has        string
	}{
		{"short no", "User-agent: *\nContent-Signal: search=yes, ai-train=n\nAllow: /\n", "content-signal", 2, Warning, "reads n as no"},
		{"short yes, upper case", "User-agent: *\nContent-Signal: search=Y\nAllow: /\n", "content-signal", 2, Warning, "reads Y as yes"},
		{"another value stays an error", "User-agent: *\nContent-Signal: ai-train=never\nAllow: /\n", "content-signal", 2, Error, "must be yes or no"},
		{"Content-Usage ends the run for attach-05", "User-agent: GPTBot\nContent-Usage: train-ai=n\n\nUser-agent: *\nDisallow: /private/\n",
			"empty-group", 1, Warning, "Content-Usage line (line 2) is theirs alone"},
		{"Crawl-delay: no word on Content-Usage", "User-agent: GPTBot\nCrawl-delay: 5\n\nUser-agent: *\nDisallow: /private/\n",
			"empty-group", 1, Warning, "share its rules (from line 5)."},
	} {
		t.Run(tt.name, func(t *testing.T) {
			var hit *Finding
			got := Lint(tt.text, nil)
			for i := range got {
				if got[i].ID == tt.id && got[i].Line == tt.line {
					hit = &got[i]
				}
			}
			if hit == nil {
				t.Fatalf("no %s at line %d:\n%s", tt.id, tt.line, dump(got))
			}
			if hit.Severity != tt.sev || !strings.Contains(hit.Message+" "+hit.Fix, tt.has) {
				t.Errorf("%v %q, want %v and %q", hit.Severity, hit.Message, tt.sev, tt.has)
			}
		})
	}
	// The same reading in check: "n" refuses.
	r := robotstxt.ParseString("User-agent: *\nContent-Signal: ai-train=n\nAllow: /\n")
	u := r.Usage(r.Agent("GPTBot"), "/x")
	if _, refused := u.Refuses("train-ai"); !refused {
		t.Error("check does not refuse train-ai on ai-train=n")
	}
}
