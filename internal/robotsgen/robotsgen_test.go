package robotsgen

import (
	"strings"
	"testing"

	"github.com/robotstxt/robotstxt"
)

// A blocked crawler the merged file names keeps that file's group, and a
// note says so; its group still gets the chosen preferences (it is open).
func TestMergeKeepsNamedGroup(t *testing.T) {
	res, err := Build(Choices{Block: []string{"ai-training"}, TrainAI: "n",
		Merge: "User-agent: GPTBot\nAllow: /\n\nUser-agent: *\nDisallow: /x\n"})
	if err != nil {
		t.Fatal(err)
	}
	if len(res.Notes) != 1 || !strings.Contains(res.Notes[0], "GPTBot keeps its own group") {
		t.Errorf("notes %q", res.Notes)
	}
	r := robotstxt.ParseString(res.Text)
	if !r.Allowed("GPTBot", "/a") || r.Allowed("ClaudeBot", "/a") || r.Allowed("x", "/x") {
		t.Errorf("verdicts wrong:\n%s", res.Text)
	}
	u := r.Usage(r.Agent("GPTBot"), "/a")
	if u.Preferences.TrainAI != robotstxt.PreferenceDisallow || u.Line() == 0 {
		t.Errorf("GPTBot's group has no train-ai=n: %+v\n%s", u, res.Text)
	}
	if strings.Count(res.Text, "User-agent: GPTBot") != 1 {
		t.Errorf("GPTBot named twice:\n%s", res.Text)
	}
}

// A closed group of the merged file gets no preference line (it would
// apply to nothing, attach-05 section 3.1), and a merged Content-Signal
// line is kept when no signal is chosen.
func TestMergeClosedGroup(t *testing.T) {
	res, err := Build(Choices{TrainAI: "n", Merge: "User-agent: BadBot\nDisallow: /\n\nUser-agent: *\nContent-Signal: search=yes\nAllow: /\n"})
	if err != nil {
		t.Fatal(err)
	}
	r := robotstxt.ParseString(res.Text)
	if len(r.UsageRules(0)) != 0 || len(r.UsageRules(1)) != 1 || len(r.GroupSignals(1)) != 1 {
		t.Errorf("preference lines misplaced:\n%s", res.Text)
	}
}

func TestBuildRejects(t *testing.T) {
	for _, c := range []Choices{
		{Block: []string{"all"}}, {TrainAI: "yes"}, {Search: "N"}, {SignalSearch: "y"}, {SignalUse: "some"},
		{Sitemaps: []string{"ftp://example.com/s.xml"}}, {Sitemaps: []string{"https://example.com/a b"}},
		{Merge: strings.Repeat("#", MaxMerge+1)},
	} {
		if _, err := Build(c); err == nil {
			t.Errorf("Build(%+v) accepted", c)
		}
	}
}
