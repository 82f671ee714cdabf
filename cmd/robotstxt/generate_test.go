package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/robotstxt/robotstxt"
	"github.com/robotstxt/robotstxt/crawlers"
	"github.com/robotstxt/robotstxt/lint"
)

// TestGenerateChoicesConfirmed: for each set of choices, the file
// "generate" writes lints without an error or a warning, and "check
// --json" confirms every choice: blocked categories' crawlers are
// disallowed, the others are answered as the merged file answers them, the
// Content-Usage and Content-Signal preferences are those chosen, --purpose
// is refused where the choice refuses it, the sitemaps are there, and the
// merged file's lines are kept.
func TestGenerateChoicesConfirmed(t *testing.T) {
	merge := "# Our rules.\nUser-agent: *\nDisallow: /private/\nContent-Usage: train-ai=y\n\nUser-agent: ExampleBot\nAllow: /\n\n" +
		"User-agent: BadBot\nDisallow: /\n\nSitemap: https://example.com/old.xml\n"
	cases := []struct {
		name    string
		args    []string
		block   []string
		merge   string
		usage   map[string]string // the answer's "usage" for an allowed URL
		signals map[string]string
		refused []string // purposes check --purpose refuses
		// siteClosedOK: the choice closes search engines, which lint
		// reports (site-closed), and nothing else.
		siteClosedOK bool
	}{
		{name: "AI training closed, preferences both ways",
			args:    []string{"--block", "ai-training", "--train-ai", "n", "--search", "y", "--signal", "search=yes", "--signal", "ai-train=no", "--sitemap", "https://example.com/sitemap.xml"},
			block:   []string{"ai-training"},
			usage:   map[string]string{"train-ai": "n", "search": "y"},
			signals: map[string]string{"search": "yes", "ai-train": "no"},
			refused: []string{"train-ai"}},
		{name: "SEO and archives closed, no preference",
			args:  []string{"--block", "seo", "--block", "archive"},
			block: []string{"seo", "archive"},
			usage: map[string]string{"train-ai": "unknown", "search": "unknown"}},
		{name: "merged, AI closed, use=reference",
			args:    []string{"--block", "ai-training", "--block", "ai-search", "--block", "ai-assistant", "--train-ai", "n", "--signal", "ai-input=no", "--signal", "use=reference"},
			block:   []string{"ai-training", "ai-search", "ai-assistant"},
			merge:   merge,
			usage:   map[string]string{"train-ai": "n", "search": "unknown"},
			signals: map[string]string{"ai-input": "no", "use": "reference"},
			refused: []string{"train-ai", "ai-input"}},
		// Closing search engines is a choice lint warns about (site-closed:
		// the site drops out of search results); nothing else may appear.
		// Yandex's other robots, which follow Yandex's group, stay open.
		{name: "search closed", siteClosedOK: true,
			args:    []string{"--block", "search", "--search", "n", "--signal", "search=no"},
			block:   []string{"search"},
			usage:   map[string]string{"train-ai": "unknown", "search": "n"},
			signals: map[string]string{"search": "no"},
			refused: []string{"search"}},
		{name: "everything open",
			usage: map[string]string{"train-ai": "unknown", "search": "unknown"}},
	}
	dir := t.TempDir()
	var tokens []string
	for _, c := range crawlers.All() {
		if c.Token != "*" && !c.Legacy {
			tokens = append(tokens, c.Token)
		}
	}
	for i, tt := range cases {
		t.Run(tt.name, func(t *testing.T) {
			args := append([]string{"generate"}, tt.args...)
			if tt.merge != "" {
				mf := filepath.Join(dir, "merge.txt")
				os.WriteFile(mf, []byte(tt.merge), 0o644)
				args = append(args, "--merge", mf)
			}
			out, stderr, code := runCLI(t, "", args...)
			if code != 0 {
				t.Fatalf("generate: exit %d: %s", code, stderr)
			}
			for _, f := range lint.Lint(out, &lint.Options{Host: "example.com"}) {
				if f.Severity != lint.Info && !(tt.siteClosedOK && f.ID == "site-closed") {
					t.Errorf("the output does not lint clean: %v\n%s", f, out)
				}
			}
			file := filepath.Join(dir, "robots"+string(rune('a'+i))+".txt")
			os.WriteFile(file, []byte(out), 0o644)
			var mergedR *robotstxt.Robots
			named := map[string]bool{}
			if tt.merge != "" {
				mergedR = robotstxt.ParseString(tt.merge)
				for _, g := range mergedR.Groups {
					for _, ua := range g.UserAgents {
						named[strings.ToLower(ua.Token)] = true
					}
				}
			}
			urls := []string{"/", "/private/x"}
			checkArgs := []string{"check", "--json", "-f", file}
			for _, tok := range tokens {
				checkArgs = append(checkArgs, "-a", tok)
			}
			js, _, _ := runCLI(t, "", append(checkArgs, urls...)...)
			answers := 0
			for _, line := range strings.Split(strings.TrimSpace(js), "\n") {
				var a struct {
					Agent   string            `json:"agent"`
					URL     string            `json:"url"`
					Allowed bool              `json:"allowed"`
					Usage   map[string]string `json:"usage"`
					Signals map[string]string `json:"signals"`
				}
				if err := json.Unmarshal([]byte(line), &a); err != nil {
					t.Fatalf("check --json: %v: %s", err, line)
				}
				answers++
				c, _ := crawlers.Lookup(a.Agent)
				want := true
				switch {
				case named[strings.ToLower(a.Agent)]:
					want = mergedR.Check(a.Agent, a.URL).Allowed // the merged file's own group
				case slices.Contains(tt.block, c.Purpose):
					want = false
				case mergedR != nil:
					want = mergedR.Check(a.Agent, a.URL).Allowed
				}
				if a.Allowed != want {
					t.Errorf("%s %s (%s): allowed %v, want %v", a.Agent, a.URL, c.Purpose, a.Allowed, want)
				}
				if !a.Allowed {
					if a.Usage != nil {
						t.Errorf("%s %s: disallowed, with usage %v", a.Agent, a.URL, a.Usage)
					}
					continue
				}
				if !equalMaps(a.Usage, tt.usage) || !equalMaps(a.Signals, tt.signals) {
					t.Errorf("%s %s: usage %v signals %v; want %v %v", a.Agent, a.URL, a.Usage, a.Signals, tt.usage, tt.signals)
				}
			}
			if answers != len(tokens)*len(urls) {
				t.Errorf("%d answers for %d checks", answers, len(tokens)*len(urls))
			}
			for _, purpose := range robotstxt.Purposes {
				_, _, code := runCLI(t, "", "check", "-f", file, "-a", "ExampleBot", "--purpose", purpose, "/")
				if want := map[bool]int{true: 1, false: 0}[slices.Contains(tt.refused, purpose)]; code != want {
					t.Errorf("check --purpose %s: exit %d, want %d", purpose, code, want)
				}
			}
			r := robotstxt.ParseString(out)
			var maps []string
			for _, s := range r.Sitemaps {
				maps = append(maps, s.URL)
			}
			for i, a := range tt.args {
				if a == "--sitemap" && !slices.Contains(maps, tt.args[i+1]) {
					t.Errorf("sitemap %s missing", tt.args[i+1])
				}
			}
			// Every line of the merged file is kept, in order, but the
			// Content-Usage line the choices replace.
			rest := out
			for _, line := range strings.Split(strings.TrimSuffix(tt.merge, "\n"), "\n") {
				if line == "" || strings.HasPrefix(line, "Content-Usage:") {
					continue
				}
				i := strings.Index(rest, line+"\n")
				if i < 0 {
					t.Errorf("merged line %q missing or out of order:\n%s", line, out)
					break
				}
				rest = rest[i+len(line)+1:]
			}
		})
	}
}

func equalMaps(a, b map[string]string) bool {
	if len(a) != len(b) {
		return false
	}
	for k, v := range a {
		if b[k] != v {
			return false
		}
	}
	return true
}

// TestGenerateSignalRepeated: a key given twice with the same value is
// one choice, not a conflict.
func TestGenerateSignalRepeated(t *testing.T) {
	out, stderr, code := runCLI(t, "", "generate", "--signal", "ai-train=no", "--signal", "AI-Train=No")
	if code != 0 || stderr != "" || !strings.Contains(out, "Content-Signal: ai-train=no\n") {
		t.Errorf("exit %d, stderr %q, output\n%s", code, stderr, out)
	}
}

// TestGenerateErrors: bad choices are usage errors that say what is wrong.
func TestGenerateErrors(t *testing.T) {
	for _, tt := range []struct {
		args []string
		want string
	}{
		{[]string{"--block", "robots"}, "unknown crawler category"},
		{[]string{"--train-ai", "no"}, "want y or n"},
		{[]string{"--signal", "ai-train=n"}, "want yes or no"},
		{[]string{"--signal", "use=sometimes"}, "immediate, reference or full"},
		{[]string{"--signal", "tdm=no"}, "the keys are"},
		{[]string{"--signal", "search"}, "want key=value"},
		{[]string{"--sitemap", "/sitemap.xml"}, "absolute http or https URL"},
		{[]string{"extra"}, "unexpected argument"},
		// Two values for one key: neither wins silently (issue 42).
		{[]string{"--signal", "ai-train=no", "--signal", "ai-train=yes"}, "--signal ai-train=no and --signal ai-train=yes give ai-train two values"},
		{[]string{"--signal", "use=full", "--signal", "search=yes", "--signal", "USE=reference"}, "--signal use=full and --signal USE=reference give use two values"},
	} {
		_, stderr, code := runCLI(t, "", append([]string{"generate"}, tt.args...)...)
		if code != exitUsage || !strings.Contains(stderr, tt.want) {
			t.Errorf("generate %v: exit %d, %q; want exit %d and %q", tt.args, code, stderr, exitUsage, tt.want)
		}
	}
}
