package bench

import (
	"io"
	"os"
	"strings"
	"testing"

	"github.com/robotstxt/robotstxt"
	temoto "github.com/temoto/robotstxt"
)

func TestRulesFile(t *testing.T) {
	for _, shape := range Shapes {
		many, paths := RulesFile(shape, ManyRules)
		again, _ := RulesFile(shape, ManyRules)
		few, fewPaths := RulesFile(shape, FewRules)
		if many != again {
			t.Errorf("%s: two calls give different files", shape)
		}
		if !strings.HasPrefix(many, few) {
			t.Errorf("%s: the %d-rule file is not the start of the %d-rule one", shape, FewRules, ManyRules)
		}
		r := robotstxt.ParseString(many)
		if r.Truncated || len(r.Groups) != 1 || len(r.Groups[0].Rules) != ManyRules {
			t.Errorf("%s: %d bytes, truncated %v, %d groups; want %d rules in one group within the limit",
				shape, len(many), r.Truncated, len(r.Groups), ManyRules)
		}
		if _, err := temoto.FromString(many); err != nil {
			t.Errorf("%s: temoto refuses the file: %v", shape, err)
		}
		if len(paths) != 64 || len(fewPaths) != 64 {
			t.Errorf("%s: %d and %d paths, want 64", shape, len(paths), len(fewPaths))
		}
		// Some paths must hit a rule, some must not: the benchmark covers both.
		a := r.Agent("Googlebot")
		hit := 0
		for _, p := range paths {
			if a.Check(p).Reason == robotstxt.MatchedRule {
				hit++
			}
		}
		if hit < 16 || hit > 56 {
			t.Errorf("%s: %d of 64 paths match a rule, want between 16 and 56", shape, hit)
		}
		t.Logf("%s: %d bytes, %d of 64 paths match a rule", shape, len(many), hit)
	}
}

func TestHostilePaths(t *testing.T) {
	r := robotstxt.ParseString(HostileFile)
	for _, n := range HostileLengths {
		ps := HostilePaths(n)
		for _, p := range ps {
			if len(p) != n || p[0] != '/' {
				t.Errorf("HostilePaths(%d): path of %d octets starting %q", n, len(p), p[:1])
			}
		}
		if !r.Allowed("Googlebot", ps[0]) {
			t.Errorf("HostilePaths(%d)[0] is disallowed; no rule should match it", n)
		}
		if v := r.Check("Googlebot", ps[1]); v.Reason != robotstxt.MatchedRule {
			t.Errorf("HostilePaths(%d)[1]: %v, want a matching rule", n, v.Reason)
		}
	}
}

func TestPathFromPattern(t *testing.T) {
	tests := []struct{ pattern, path string }{
		{"/a/*.php$", "/a/x.php"},
		{"*/media/x.jpg*", "/x/media/x.jpgx"},
		{"private", "/private"},
		{"/caf\u00e9 a", "/caf%C3%A9%20a"},
		{"https://example.com/shop/?id=1", "/shop/?id=1"},
		{"/?q=http://x", "/?q=http://x"},
	}
	for _, tt := range tests {
		if got := PathFromPattern(tt.pattern); got != tt.path {
			t.Errorf("PathFromPattern(%q) = %q, want %q", tt.pattern, got, tt.path)
		}
	}
}

func TestFileAgents(t *testing.T) {
	r := robotstxt.ParseString("User-agent: MJ12bot\nUser-agent: Googlebot/2.1\nUser-agent: GPTBot\nUser-agent: Mediapartners-Google*\nUser-agent: AhrefsBot\nDisallow: /\n")
	got := strings.Join(fileAgents(r), ",")
	if want := "Googlebot,Bingbot,ExampleBot,MJ12bot,GPTBot"; got != want {
		t.Errorf("fileAgents = %s, want %s", got, want)
	}
}

// runPeak reads GNU time's figure, also after a non-zero exit status
// (which GNU time notes on the line before it).
func TestRunPeak(t *testing.T) {
	if _, err := os.Stat(gnuTime); err != nil {
		if os.Getenv("CI") == "true" {
			t.Fatalf("%s is missing: .ci/run installs Debian's package time", gnuTime)
		}
		t.Skipf("%s is missing (Debian's package time)", gnuTime)
	}
	for _, args := range [][]string{{"true"}, {"sh", "-c", "exit 1"}} {
		cpu, mb, err := runPeak(io.Discard, args[0], args[1:]...)
		if err != nil || cpu < 0 || !(mb > 0 && mb < 1000) {
			t.Errorf("%v: cpu %v, peak %v MB, error %v", args, cpu, mb, err)
		}
	}
}
