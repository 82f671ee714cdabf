package robotsgen

import (
	"errors"
	"fmt"
	"slices"
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

// Every refusal is an *Error with a code of MessageCodes (the page says it
// in its language) and its parameters.
func TestBuildRejects(t *testing.T) {
	for _, tt := range []struct {
		c      Choices
		code   string
		params string
	}{
		{Choices{Block: []string{"all"}}, "unknown-category", "category=all"},
		{Choices{TrainAI: "yes"}, "bad-usage", "key=train-ai value=yes"},
		{Choices{Search: "N"}, "bad-usage", "key=search value=N"},
		{Choices{SignalSearch: "y"}, "bad-signal", "key=search value=y"},
		{Choices{SignalUse: "some"}, "bad-signal-use", "value=some"},
		{Choices{Sitemaps: []string{"ftp://example.com/s.xml"}}, "bad-sitemap", "url=ftp://example.com/s.xml"},
		{Choices{Sitemaps: []string{"https://example.com/a b"}}, "bad-sitemap", "url=https://example.com/a b"},
		{Choices{Merge: strings.Repeat("#", MaxMerge+1)}, "merge-too-large", fmt.Sprintf("limit=%d size=%d", MaxMerge, MaxMerge+1)},
		{Choices{Sitemaps: manySitemaps()}, "too-long", ""},
	} {
		_, err := Build(tt.c)
		var e *Error
		if !errors.As(err, &e) {
			t.Errorf("Build(%.80v): %v, want an *Error", tt.c, err)
			continue
		}
		if e.Code != tt.code || params(e.Params) != tt.params || !slices.Contains(MessageCodes, e.Code) || e.Error() == "" {
			t.Errorf("Build(%.80v): %q %q (%q), want %q %q", tt.c, e.Code, params(e.Params), e.Error(), tt.code, tt.params)
		}
	}
}

// manySitemaps are more sitemaps than fit in 500 KiB.
func manySitemaps() []string {
	var s []string
	for i := 0; i < 6000; i++ {
		s = append(s, fmt.Sprintf("https://example.com/%s/sitemap-%d.xml", strings.Repeat("x", 80), i))
	}
	return s
}

func params(p map[string]string) string {
	var out []string
	for k, v := range p {
		out = append(out, k+"="+v)
	}
	slices.Sort(out)
	return strings.Join(out, " ")
}

// Every note is said by code too, in the same order, with its parameters.
func TestNoteCodes(t *testing.T) {
	merge := "Content-Signal: search=yes\n\nUser-agent: *\nAllow: /\nContent-Usage: train-ai=y\nContent-Usage: /docs/ search=n\n\nUser-agent: GPTBot\nAllow: /\n"
	res, err := Build(Choices{Block: []string{"ai-training"}, TrainAI: "n", SignalSearch: "no", Merge: merge})
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, m := range res.Messages {
		if !slices.Contains(MessageCodes, m.Code) {
			t.Errorf("%q is not in MessageCodes", m.Code)
		}
		got = append(got, m.Code+" "+params(m.Params))
	}
	want := []string{"replaced lines=5", "usage-kept lines=6", "signal-kept lines=1", "keeps-group token=GPTBot"}
	if len(res.Notes) != len(res.Messages) || !slices.Equal(got, want) {
		t.Errorf("notes %q\nby code %q, want %q", res.Notes, got, want)
	}
}

// The merged file's path-scoped Content-Usage lines are kept (each still
// decides its paths by the longest match, attach-05 section 3.1), and so is
// its file-wide Content-Signal line, which file-wide readers apply to every
// crawler: the chosen keys are set in it, its other keys kept. A note says
// what was replaced and kept (issue 42).
func TestMergeKeepsPathRulesAndFileSignal(t *testing.T) {
	merge := "Content-Signal: search=yes, ai-input=yes, ai-train=yes\n\nUser-agent: *\nAllow: /\nContent-Usage: train-ai=y\n" +
		"Content-Usage: /docs/ train-ai=y, search=n\nContent-Signal: ai-train=yes\n"
	res, err := Build(Choices{TrainAI: "n", SignalAITrain: "no", Merge: merge})
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"Content-Signal: search=yes, ai-input=yes, ai-train=no\n", "Content-Usage: /docs/ train-ai=y, search=n\n",
		"Content-Usage: train-ai=n\n", "Content-Signal: ai-train=no\n"} {
		if !strings.Contains(res.Text, want) {
			t.Errorf("no %q in\n%s", want, res.Text)
		}
	}
	for _, gone := range []string{"Content-Usage: train-ai=y\n", "Content-Signal: ai-train=yes\n"} {
		if strings.Contains(res.Text, gone) {
			t.Errorf("%q kept in\n%s", gone, res.Text)
		}
	}
	r := robotstxt.ParseString(res.Text)
	a := r.Agent("ExampleBot")
	if u := r.Usage(a, "/docs/x"); u.Preferences.TrainAI != robotstxt.PreferenceAllow || u.Preferences.Search != robotstxt.PreferenceDisallow {
		t.Errorf("/docs/x: %+v", u.Preferences)
	}
	if u := r.Usage(a, "/a"); u.Preferences.TrainAI != robotstxt.PreferenceDisallow {
		t.Errorf("/a: %+v", u.Preferences)
	}
	pre := r.PreambleSignals()
	if len(pre) != 3 || pre[2].Key != "ai-train" || pre[2].Value != "no" {
		t.Errorf("file-wide signals %+v", pre)
	}
	notes := strings.Join(res.Notes, "\n")
	for _, want := range []string{"replace line 5, 7", "Content-Usage line 6", "Content-Signal line 1"} {
		if !strings.Contains(notes, want) {
			t.Errorf("notes %q: no %q", notes, want)
		}
	}
	// No preference chosen: every line is kept as it is.
	res, err = Build(Choices{Merge: merge})
	if err != nil {
		t.Fatal(err)
	}
	for _, line := range strings.Split(strings.TrimSuffix(merge, "\n"), "\n") {
		if line != "" && !strings.Contains(res.Text, line+"\n") {
			t.Errorf("%q dropped", line)
		}
	}
}

// FuzzBuildMerge: merging never panics, and keeps every line of the merged
// file that no chosen line replaces (group-wide Content-Usage and the
// Content-Signal lines are replaced or rewritten).
func FuzzBuildMerge(f *testing.F) {
	for _, s := range []string{"User-agent: *\nAllow: /\nContent-Usage: train-ai=y\nContent-Usage: /docs/ search=n\n",
		"Content-Signal: search=yes\n\nUser-agent: a\nContent-Usage: train-ai=n\nUser-agent: b\nDisallow: /\n", "# only a comment\n", "\r\n\r\nUser-agent: *\r\n"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, merge string) {
		res, err := Build(Choices{TrainAI: "n", SignalAITrain: "no", Merge: merge})
		if err != nil || strings.TrimSpace(merge) == "" {
			return // a blank file is no file to merge into
		}
		for ln := range robotstxt.Lines(robotstxt.ParseString(merge).Text()) {
			if ln.Field == robotstxt.FieldOther && (robotstxt.IsUsageKey(ln.Key) || robotstxt.IsSignalKey(ln.Key)) {
				continue
			}
			if !strings.Contains(res.Text, strings.TrimRight(ln.Text, "\r")+"\n") {
				t.Fatalf("line %d %q lost:\n%s", ln.Number, ln.Text, res.Text)
			}
		}
	})
}
