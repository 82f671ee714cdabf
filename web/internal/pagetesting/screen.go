package pagetesting

import (
	"context"
	"encoding/json"
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"

	"github.com/robotstxt/robotstxt"
)

// Screen is what the page shows at one moment, read in one task (so that
// no part of it is from before a change and another from after): the text
// in the editor, the inputs, and every answer on screen with whether its
// view is marked as being recomputed (aria-busy="true" on it or around it).
// It reads the page's text and attributes only (classes, data-line,
// data-token, data-url, data-agent, data-allowed, aria-busy), never the
// page's version counters, so that it holds for any design of the script.
type Screen struct {
	Text     string `json:"text"`
	Agent    string `json:"agent"` // the agent field, as typed
	URL      string `json:"url"`   // the URL field, as typed
	Fallback bool   `json:"fallback"`
	Lang     string `json:"lang"`

	Verdict     *ShownVerdict `json:"verdict"` // nil: no verdict on screen
	VerdictBusy bool          `json:"verdictBusy"`
	// Unfetched: the verdict box says a fetch brought no file (there is no
	// verdict to give).
	Unfetched bool `json:"unfetched"`

	Matrix     []ShownAnswer `json:"matrix"` // the crawler table's rows
	MatrixURL  string        `json:"matrixURL"`
	MatrixBusy bool          `json:"matrixBusy"`

	Many     []ShownAnswer `json:"many"` // the many-URLs table's cells
	ManyBusy bool          `json:"manyBusy"`

	Bands     []ShownBand `json:"bands"` // the editor's highlight bands
	BandsBusy bool        `json:"bandsBusy"`
}

// ShownVerdict is the verdict box: the agent and URL it names, the answer,
// the deciding line (0: none) and the lines of the groups used.
type ShownVerdict struct {
	Agent   string `json:"agent"`
	URL     string `json:"url"`
	Allowed bool   `json:"allowed"`
	Line    int    `json:"line"`
	Groups  []int  `json:"groups"`
}

// ShownAnswer is one answer in a table: the crawler and URL it is about,
// allowed or not, and the deciding line (0: none).
type ShownAnswer struct {
	Agent   string `json:"agent"`
	URL     string `json:"url"`
	Allowed bool   `json:"allowed"`
	Line    int    `json:"line"`
}

// ShownBand is a highlight band of the editor: group, allow, disallow, cut
// or focus, and its line.
type ShownBand struct {
	Kind string `json:"kind"`
	Line int    `json:"line"`
}

// screenJS reads a Screen. A URL shown as "" in the verdict box is the
// empty URL.
const screenJS = `(() => {
	const $ = (id) => document.getElementById(id);
	const busy = (e) => !!(e && e.closest('[aria-busy="true"]'));
	const line = (e) => { const b = e && e.querySelector(".line-link[data-line]"); return b ? +b.dataset.line : 0; };
	const s = {text: $("robots").value, agent: $("agent").value, url: $("url").value, fallback: $("fallback").checked,
		lang: document.documentElement.lang, verdict: null, matrix: [], many: [], bands: []};
	const v = $("verdict");
	s.verdictBusy = busy(v);
	s.unfetched = !!$("verdict-unfetched");
	const subject = v.querySelector(".verdict-subject");
	if (subject) {
		const text = subject.textContent, i = text.indexOf(" → ");
		const url = text.slice(i + 3);
		s.verdict = {agent: text.slice(0, i), url: url === '""' ? "" : url,
			allowed: v.classList.contains("allowed") && !v.classList.contains("disallowed"),
			line: line($("verdict-rule")), groups: [...v.querySelectorAll(".ua .line-link[data-line]")].map((b) => +b.dataset.line)};
	}
	const m = $("matrix-body");
	s.matrixBusy = busy(m);
	const code = $("matrix-intro").querySelector("code");
	s.matrixURL = code ? code.textContent : "";
	for (const tr of m.querySelectorAll("tr[data-token]")) {
		s.matrix.push({agent: tr.dataset.token, url: s.matrixURL, allowed: !!tr.querySelector(".badge.allowed"), line: line(tr.cells[2])});
	}
	const many = $("many-body");
	s.manyBusy = busy(many);
	for (const tr of many.querySelectorAll("tr[data-url]")) {
		for (const td of tr.querySelectorAll("td[data-agent]")) {
			s.many.push({agent: td.dataset.agent, url: tr.dataset.url, allowed: td.dataset.allowed === "true", line: line(td)});
		}
	}
	const bands = $("bands");
	s.bandsBusy = busy(bands);
	for (const b of bands.querySelectorAll(".band")) {
		const kind = [...b.classList].find((c) => c.startsWith("b-"));
		s.bands.push({kind: kind ? kind.slice(2) : "", line: +b.dataset.line});
	}
	return JSON.stringify(s);
})()`

// ReadScreen reads what the page shows now, in one task.
func ReadScreen(t *testing.T, ctx context.Context) Screen {
	t.Helper()
	s, err := TryReadScreen(ctx)
	if err != nil {
		t.Fatal(err)
	}
	return s
}

// TryReadScreen is ReadScreen returning its error.
func TryReadScreen(ctx context.Context) (Screen, error) {
	var s Screen
	raw, err := chromedp.Run(ctx, chromedp.Evaluate[string](screenJS))
	if err != nil {
		return s, fmt.Errorf("reading the screen: %v", err)
	}
	if err := json.Unmarshal([]byte(raw), &s); err != nil {
		return s, fmt.Errorf("reading the screen: %v: %.200s", err, raw)
	}
	return s, nil
}

// Oracle answers as the command line does (robotstxt check, check
// --no-fallback) for one text: the root package's parse and AgentWith.
type Oracle struct {
	r    *robotstxt.Robots
	opts robotstxt.AgentOptions
}

// NewOracle parses text, with each crawler's documented fallbacks or
// without (--no-fallback).
func NewOracle(text string, fallback bool) *Oracle {
	return &Oracle{r: robotstxt.ParseString(text), opts: robotstxt.AgentOptions{NoFallback: !fallback}}
}

// Check is the answer for agent and rawURL: allowed, the deciding line (0:
// none), and the lines of the user-agent lines of the groups used.
func (o *Oracle) Check(agent, rawURL string) (allowed bool, line int, groups []int) {
	v := o.r.AgentWith(strings.TrimSpace(agent), o.opts).Check(strings.TrimSpace(rawURL))
	if v.Rule != nil {
		line = v.Rule.Line
	}
	for _, ua := range v.UserAgents {
		groups = append(groups, ua.Line)
	}
	return v.Allowed, line, groups
}

// CutLine is the first line past the parse limit, or 0 when the text is
// within it (the line the page marks with its "cut" band).
func (o *Oracle) CutLine(text string) int {
	if !o.r.Truncated {
		return 0
	}
	n := strings.Count(text[:o.r.Parsed], "\n")
	return n + 1
}

// Breaks lists every answer on the screen that is neither the command
// line's answer for the text now in the editor nor marked as being
// recomputed: the verdict box (for the agent and URL it names), each row of
// the crawler table (for the URL its intro names), each cell of the
// many-URLs table, and the verdict's highlight bands. None when the screen
// is right.
func (s Screen) Breaks() []string {
	o := NewOracle(s.Text, s.Fallback)
	var out []string
	answer := func(view string, a ShownAnswer) {
		allowed, line, _ := o.Check(a.Agent, a.URL)
		if allowed != a.Allowed || line != a.Line {
			out = append(out, fmt.Sprintf("%s: %s → %q shown %s, want %s", view, a.Agent, a.URL, word(a.Allowed, a.Line), word(allowed, line)))
		}
	}
	if v := s.Verdict; v != nil && !s.VerdictBusy {
		allowed, line, groups := o.Check(v.Agent, v.URL)
		if allowed != v.Allowed || line != v.Line || !slices.Equal(groups, v.Groups) {
			out = append(out, fmt.Sprintf("verdict: %s → %q shown %s with groups at %v, want %s with groups at %v", v.Agent, v.URL, word(v.Allowed, v.Line), v.Groups, word(allowed, line), groups))
		}
	}
	if !s.MatrixBusy {
		for _, a := range s.Matrix {
			answer("crawler table", a)
		}
	}
	if !s.ManyBusy {
		for _, a := range s.Many {
			answer("many URLs", a)
		}
	}
	if !s.BandsBusy {
		// The bands show the verdict on screen: its groups and its deciding
		// line, as the command line gives them for the text now in the
		// editor (whether or not the verdict box is being recomputed).
		var want, got []string
		if v := s.Verdict; v != nil {
			allowed, line, groups := o.Check(v.Agent, v.URL)
			for _, g := range groups {
				want = append(want, fmt.Sprintf("group@%d", g))
			}
			if line > 0 {
				want = append(want, fmt.Sprintf("%s@%d", map[bool]string{true: "allow", false: "disallow"}[allowed], line))
			}
		}
		if cut := o.CutLine(s.Text); cut > 0 {
			want = append(want, fmt.Sprintf("cut@%d", cut))
		}
		for _, b := range s.Bands {
			switch b.Kind {
			case "group", "allow", "disallow", "cut":
				got = append(got, fmt.Sprintf("%s@%d", b.Kind, b.Line))
			}
		}
		slices.Sort(want)
		slices.Sort(got)
		// The cut band may be missing while the parse of a new text is
		// under way; any other band must be the answer's.
		for _, g := range got {
			if !slices.Contains(want, g) {
				out = append(out, fmt.Sprintf("highlight band %s, want only %v", g, want))
			}
		}
		for _, w := range want {
			if !strings.HasPrefix(w, "cut@") && !slices.Contains(got, w) && s.Verdict != nil && !s.VerdictBusy {
				out = append(out, fmt.Sprintf("verdict shown without its band %s (bands %v)", w, got))
			}
		}
	}
	return out
}

// Describe is the screen in a few lines, for a failure's message.
func (s Screen) Describe() string {
	var b strings.Builder
	text := s.Text
	if len(text) > 600 {
		text = fmt.Sprintf("%s… (%d bytes)", text[:600], len(s.Text))
	}
	fmt.Fprintf(&b, "editor: %q\nfields: agent %q, url %q, fallback %v, lang %s\n", text, s.Agent, s.URL, s.Fallback, s.Lang)
	if v := s.Verdict; v != nil {
		fmt.Fprintf(&b, "verdict (busy %v): %s → %q %s, groups at %v\n", s.VerdictBusy, v.Agent, v.URL, word(v.Allowed, v.Line), v.Groups)
	} else {
		fmt.Fprintf(&b, "verdict: none (unfetched %v)\n", s.Unfetched)
	}
	var rows []string
	for _, a := range s.Matrix {
		rows = append(rows, a.Agent+" "+word(a.Allowed, a.Line))
	}
	fmt.Fprintf(&b, "crawler table (busy %v) for %q: %s\n", s.MatrixBusy, s.MatrixURL, strings.Join(rows, ", "))
	rows = rows[:0]
	for _, a := range s.Many {
		rows = append(rows, fmt.Sprintf("%s %q %s", a.Agent, a.URL, word(a.Allowed, a.Line)))
	}
	fmt.Fprintf(&b, "many URLs (busy %v): %s\n", s.ManyBusy, strings.Join(rows, ", "))
	fmt.Fprintf(&b, "bands (busy %v): %v", s.BandsBusy, s.Bands)
	return b.String()
}

func word(allowed bool, line int) string {
	w := "DISALLOWED"
	if allowed {
		w = "ALLOWED"
	}
	if line > 0 {
		w += fmt.Sprintf(" by line %d", line)
	}
	return w
}

// SettledJS holds when the page has caught up with its inputs: no answer
// is marked as being recomputed, and the verdict and the crawler table are
// about the agent and URL in the fields (or there is no file to answer
// about). It says nothing about whether the answers are right: Breaks does.
const SettledJS = `(() => {
	const $ = (id) => document.getElementById(id);
	if (document.body.dataset.engine !== "ready") return false;
	const busy = (e) => !!(e && e.closest('[aria-busy="true"]'));
	if (busy($("verdict")) || busy($("matrix-body")) || busy($("many-body")) || busy($("bands"))) return false;
	if ($("verdict-unfetched")) return true;
	const agent = $("agent").value.trim(), url = $("url").value.trim();
	const code = $("matrix-intro").querySelector("code");
	if (!code || code.textContent !== (url || "/") || !$("matrix-body").querySelector("tr[data-token]")) return false;
	const subject = $("verdict").querySelector(".verdict-subject");
	if (!agent) return !subject;
	return !!subject && subject.textContent === agent + " → " + (url || '""');
})()`
