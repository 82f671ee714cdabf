package pagetesting

import (
	"strings"
	"testing"
)

// Breaks finds an answer about another text, and only when its view is not
// marked as being recomputed.
func TestScreenBreaks(t *testing.T) {
	const text = "User-agent: *\nDisallow: /private/\n\nUser-agent: Googlebot\nAllow: /private/press/\n"
	// The command line's answers for text: Googlebot follows its own group
	// (line 4) and is allowed by no rule on /private/x; "*" is disallowed
	// by line 2.
	right := func() Screen {
		return Screen{
			Text: text, Fallback: true,
			Verdict: &ShownVerdict{Agent: "Bingbot", URL: "/private/x", Allowed: false, Line: 2, Groups: []int{1}},
			Matrix: []ShownAnswer{
				{Agent: "*", URL: "/private/x", Allowed: false, Line: 2},
				{Agent: "Googlebot", URL: "/private/x", Allowed: true},
			},
			Many:  []ShownAnswer{{Agent: "Googlebot", URL: "/private/press/a", Allowed: true, Line: 5}},
			Bands: []ShownBand{{"group", 1}, {"disallow", 2}, {"focus", 3}},
		}
	}
	tests := []struct {
		name   string
		change func(s *Screen)
		want   string // words of the first break, "" for none
	}{
		{"the right answers", func(s *Screen) {}, ""},
		{"a verdict of another text", func(s *Screen) { s.Verdict.Line = 3 }, "verdict:"},
		{"the same, marked busy", func(s *Screen) { s.Verdict.Line = 3; s.VerdictBusy = true }, ""},
		{"a verdict of another group", func(s *Screen) { s.Verdict.Groups = []int{4} }, "verdict:"},
		{"a crawler-table row of another text", func(s *Screen) { s.Matrix[1].Allowed = false }, "crawler table:"},
		{"the same, marked busy", func(s *Screen) { s.Matrix[1].Allowed = false; s.MatrixBusy = true }, ""},
		{"a crawler table of another URL", func(s *Screen) { s.Matrix[0].URL, s.Matrix[1].URL = "/", "/" }, "crawler table:"},
		{"a many-URLs cell of another text", func(s *Screen) { s.Many[0].Line = 0 }, "many URLs:"},
		{"the same, marked busy", func(s *Screen) { s.Many[0].Line = 0; s.ManyBusy = true }, ""},
		{"a band of another verdict", func(s *Screen) { s.Bands[1].Line = 5 }, "highlight band"},
		{"a band with no verdict", func(s *Screen) { s.Verdict = nil }, "highlight band"},
		{"a band while the verdict is recomputed but right", func(s *Screen) { s.VerdictBusy = true }, ""},
		{"the bands marked busy", func(s *Screen) { s.Verdict = nil; s.BandsBusy = true }, ""},
		{"a verdict without its band", func(s *Screen) { s.Bands = s.Bands[:1] }, "without its band"},
		{"no fallbacks: another answer", func(s *Screen) {
			s.Verdict = &ShownVerdict{Agent: "Googlebot-Image", URL: "/private/x", Allowed: true, Groups: []int{4}}
			s.Bands = []ShownBand{{"group", 4}}
			s.Fallback = false
		}, "verdict:"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s := right()
			tt.change(&s)
			got := s.Breaks()
			if tt.want == "" {
				if len(got) > 0 {
					t.Errorf("breaks %q, want none", got)
				}
				return
			}
			if len(got) == 0 || !strings.Contains(got[0], tt.want) {
				t.Errorf("breaks %q, want first one about %q", got, tt.want)
			}
		})
	}
}

// The cut band is the first line past the 500 KiB crawlers read.
func TestScreenCutBand(t *testing.T) {
	var b strings.Builder
	b.WriteString("User-agent: *\n")
	n := 1
	for b.Len() < 600<<10 {
		b.WriteString("Disallow: /generated/x/\n")
		n++
	}
	text := b.String()
	o := NewOracle(text, true)
	cut := o.CutLine(text)
	if cut <= 1 || cut > n {
		t.Fatalf("cut line %d of %d", cut, n)
	}
	if got := strings.Count(text[:500*1024], "\n") + 1; cut != got && cut != got-1 && cut != got+1 {
		t.Errorf("cut line %d, want about line %d (500 KiB)", cut, got)
	}
	s := Screen{Text: text, Fallback: true, Bands: []ShownBand{{"cut", cut}}}
	if got := s.Breaks(); len(got) > 0 {
		t.Errorf("the right cut band: breaks %q", got)
	}
	s.Bands[0].Line = cut + 1
	if got := s.Breaks(); len(got) != 1 {
		t.Errorf("a cut band one line off: breaks %q, want one", got)
	}
}
