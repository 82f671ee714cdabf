package main

import (
	"encoding/json"
	"fmt"
	"strings"
	"testing"
)

// Every input that is not a full URL or a path starting with "/" gets a
// note saying how it was read; the path is still what Google's library
// makes of it.
func TestURLNote(t *testing.T) {
	tests := []struct {
		url, note, path string
	}{
		{"/private/x", "", "/private/x"},
		{"//host/x", noteNotURL, "/x"},
		{"https://www.example.com/a?b", "", "/a?b"},
		{"HTTP://example.com", "", "/"},
		{"", noteEmpty, "/"},
		{"https://", noteNoHost, "/"},
		{"https:///x", noteNoHost, "/x"},
		{"private/x", noteNotURL, "/x"},
		{"not a url", noteNotURL, "/"},
		{"example.com", noteNotURL, "/"},
		{"1http://x/y", noteNotURL, "/y"},
		{"?q=1", noteNotURL, "/?q=1"},
	}
	s := new(session)
	for _, tt := range tests {
		if got := urlNote(tt.url); got != tt.note {
			t.Errorf("urlNote(%q) = %q, want %q", tt.url, got, tt.note)
		}
		res, errMsg := call(t, s, "check", "User-agent: *\nDisallow: /x\n", "Bot", tt.url)
		var got checkResult
		if errMsg != "" || json.Unmarshal(res, &got) != nil {
			t.Fatalf("check(%q): %s", tt.url, errMsg)
		}
		// The English note is the command line's (wire.InputNote); the
		// kind is what the page words in its language.
		if got.NoteKind != tt.note || got.Path != tt.path || (got.Note == "") != (tt.note == "") {
			t.Errorf("check(%q): note %q (%q) path %q, want note kind %q path %q", tt.url, got.NoteKind, got.Note, got.Path, tt.note, tt.path)
		}
	}
}

// A file over the 500 KiB limit: the verdict says where the limit falls and
// whether the ignored rules would change it.
func TestCheckCut(t *testing.T) {
	var b strings.Builder
	b.WriteString("User-agent: *\r\nDisallow: /private/\r\n")
	lines := 3
	for b.Len() < 510<<10 {
		fmt.Fprintf(&b, "# filler %d\r\n", lines)
		lines++
	}
	b.WriteString("User-agent: LateBot\r\nDisallow: /\r\n")
	text := b.String()
	tests := []struct {
		agent, url string
		allowed    bool
		differs    bool
		wholeLine  int
	}{
		{"LateBot", "/page", true, true, lines + 1},       // its group is past the limit
		{"OtherBot", "/page", true, false, 0},             // no rule either way
		{"LateBot", "/private/x", false, true, lines + 1}, // decided by * now, by its own group in the whole file
		{"OtherBot", "/private/x", false, false, 2},
	}
	s := new(session)
	for _, tt := range tests {
		res, errMsg := call(t, s, "check", text, tt.agent, tt.url)
		var got checkResult
		if errMsg != "" || json.Unmarshal(res, &got) != nil {
			t.Fatalf("check: %s", errMsg)
		}
		if got.Cut == nil {
			t.Fatalf("check(%s, %s): no cut note for a %d-byte file", tt.agent, tt.url, len(text))
		}
		wholeLine := 0
		if got.Cut.Whole.Rule != nil {
			wholeLine = got.Cut.Whole.Rule.Line
		}
		if got.Allowed != tt.allowed || got.Cut.Differs != tt.differs || wholeLine != tt.wholeLine ||
			got.Cut.Size != len(text) || got.Cut.Parsed > 500<<10 {
			t.Errorf("check(%s, %s): allowed %v cut %+v (whole line %d), want allowed %v differs %v whole line %d",
				tt.agent, tt.url, got.Allowed, got.Cut, wholeLine, tt.allowed, tt.differs, tt.wholeLine)
		}
		// The first ignored line is the one after the last line parsed.
		if want := strings.Count(text[:got.Cut.Parsed], "\n") + 1; got.Cut.FirstIgnoredLine != want {
			t.Errorf("first ignored line %d, want %d", got.Cut.FirstIgnoredLine, want)
		}
	}
	res, _ := call(t, s, "check", "User-agent: *\nDisallow: /\n", "Bot", "/")
	if strings.Contains(string(res), `"cut"`) {
		t.Errorf("a small file has a cut note: %s", res)
	}
}

func TestLineCount(t *testing.T) {
	for _, tt := range []struct {
		text string
		n    int
	}{{"", 0}, {"a", 0}, {"a\n", 1}, {"a\r\nb\r\n", 2}, {"a\rb\rc", 2}, {"a\n\r\n\r", 3}} {
		if got := lineCount(tt.text); got != tt.n {
			t.Errorf("lineCount(%q) = %d, want %d", tt.text, got, tt.n)
		}
	}
}

func TestCheckMany(t *testing.T) {
	s := new(session)
	text := "User-agent: *\nDisallow: /private/\n\nUser-agent: Googlebot\nAllow: /private/press/\nDisallow: /private/\n"
	res, errMsg := call(t, s, "checkMany", text, "Googlebot\n  \nOtherBot\n", "/private/press/x\n\nhttps://example.com/private/y\nprivate/z\n", "")
	if errMsg != "" {
		t.Fatal(errMsg)
	}
	var got manyResult
	if err := json.Unmarshal(res, &got); err != nil {
		t.Fatal(err)
	}
	var rows []string
	for _, r := range got.Rows {
		row := r.URL + " " + r.Path + " " + r.Note
		for _, v := range r.Verdicts {
			row += fmt.Sprintf(" %v:%d", v.Allowed, v.Line)
		}
		rows = append(rows, row)
	}
	want := []string{
		"/private/press/x /private/press/x  true:5 false:2",
		"https://example.com/private/y /private/y  false:6 false:2",
		"private/z /z not-url true:0 true:0",
	}
	if fmt.Sprint(got.Agents) != "[Googlebot OtherBot]" || strings.Join(rows, "\n") != strings.Join(want, "\n") {
		t.Errorf("checkMany: agents %v rows\n%s\nwant\n%s", got.Agents, strings.Join(rows, "\n"), strings.Join(want, "\n"))
	}
	if got.Rules[5] != "Allow: /private/press/" || got.Rules[2] != "Disallow: /private/" {
		t.Errorf("rules = %v", got.Rules)
	}
	for _, tt := range []struct{ agents, urls, want string }{
		{"", "/", "no crawler given"},
		{strings.Repeat("Bot\n", maxManyAgents+1), "/", "at most 20"},
		{"Bot", strings.Repeat("/x\n", maxManyURLs+1), "at most 50000"},
	} {
		if _, errMsg := call(t, s, "checkMany", text, tt.agents, tt.urls, ""); !strings.Contains(errMsg, tt.want) {
			t.Errorf("checkMany error %q, want %q", errMsg, tt.want)
		}
	}
}

func BenchmarkCheckMany10000(b *testing.B) {
	s := new(session)
	var urls strings.Builder
	for i := range 10000 {
		fmt.Fprintf(&urls, "/section-%d/page-%d.html\n", i%50, i)
	}
	b.ReportAllocs()
	for b.Loop() {
		s.call("checkMany", []string{seed004, "Googlebot\nGPTBot\nExampleBot", urls.String(), ""})
	}
}

// A crawler's documented fallback decides when no group names it, and the
// verdict says whose group it followed; "no-fallback" and "exact" turn it off.
func TestCheckFallback(t *testing.T) {
	text := "User-agent: *\nAllow: /\n\nUser-agent: Googlebot\nDisallow: /private/\n"
	tests := []struct {
		agent, mode string
		allowed     bool
		fallback    string
		line        int
	}{
		{"Googlebot-Image", "", false, "Googlebot", 5},
		{"Googlebot-Image", "no-fallback", true, "", 2},
		{"Googlebot-Image", "exact", true, "", 2},
		{"Googlebot", "", false, "", 5},
		{"OtherBot", "", true, "", 2},
	}
	s := new(session)
	for _, tt := range tests {
		res, errMsg := call(t, s, "checkWith", text, tt.agent, "/private/x", tt.mode)
		var got checkResult
		if errMsg != "" || json.Unmarshal(res, &got) != nil {
			t.Fatalf("checkWith(%s, %q): %s", tt.agent, tt.mode, errMsg)
		}
		line := 0
		if got.Rule != nil {
			line = got.Rule.Line
		}
		if got.Allowed != tt.allowed || got.Fallback != tt.fallback || line != tt.line {
			t.Errorf("checkWith(%s, %q): allowed %v fallback %q line %d, want %v %q %d", tt.agent, tt.mode, got.Allowed, got.Fallback, line, tt.allowed, tt.fallback, tt.line)
		}
	}
	if _, errMsg := call(t, s, "checkWith", text, "Bot", "/", "loose"); !strings.Contains(errMsg, `unknown mode "loose"`) {
		t.Errorf("unknown mode: error %q", errMsg)
	}
}

// compare is package diff's answer: the rules that changed per crawler
// name, and the URLs whose verdict changed.
func TestCompare(t *testing.T) {
	s := new(session)
	old := "User-agent: *\nDisallow: /private/\n\nUser-agent: GPTBot\nDisallow: /\n"
	cur := "User-agent: *\nDisallow: /private/\nDisallow: /drafts/\n\nUser-agent: GPTBot\nAllow: /\n"
	res, errMsg := call(t, s, "compare", old, cur, "Googlebot\nGPTBot", "/drafts/x\n/blog/y\n/private/z", "")
	if errMsg != "" {
		t.Fatal(errMsg)
	}
	var got struct {
		Unchanged  bool `json:"unchanged"`
		Structural struct {
			Groups []struct {
				Agent   string `json:"agent"`
				Added   []struct{ Pattern string }
				Removed []struct{ Pattern string }
			} `json:"groups"`
		} `json:"structural"`
		Changes []struct {
			URL, Agent string
			Old, New   struct{ Allowed bool }
		} `json:"changes"`
	}
	if err := json.Unmarshal(res, &got); err != nil {
		t.Fatal(err)
	}
	var changes []string
	for _, c := range got.Changes {
		changes = append(changes, fmt.Sprintf("%s %s %v->%v", c.Agent, c.URL, c.Old.Allowed, c.New.Allowed))
	}
	joined := strings.Join(changes, "|")
	if want := "Googlebot /drafts/x true->false|GPTBot /drafts/x false->true|GPTBot /blog/y false->true|GPTBot /private/z false->true"; joined != want || got.Unchanged {
		t.Errorf("changes %q (unchanged %v), want %q", joined, got.Unchanged, want)
	}
	if len(got.Structural.Groups) != 2 {
		t.Errorf("structural groups = %+v", got.Structural.Groups)
	}
	if _, errMsg := call(t, s, "compare", old, cur, "", "", "exact"); errMsg == "" {
		t.Error("compare in exact mode: no error")
	}
}

// With fallbacks off, the crawler table answers as the verdict box does.
func TestMatrixWithoutFallback(t *testing.T) {
	s := new(session)
	text := "User-agent: *\nAllow: /\n\nUser-agent: Googlebot\nDisallow: /photos/\n"
	for _, mode := range []string{"", "no-fallback"} {
		res, errMsg := call(t, s, "matrixWith", text, "/photos/x", "en", "all", mode)
		var rows []matrixRow
		if errMsg != "" || json.Unmarshal(res, &rows) != nil {
			t.Fatalf("matrixWith(%q): %s", mode, errMsg)
		}
		for _, row := range rows {
			res, _ := call(t, s, "checkWith", text, row.Crawler.Token, "/photos/x", mode)
			var v checkResult
			json.Unmarshal(res, &v)
			if v.Allowed != row.Verdict.Allowed || fmt.Sprint(v.GroupIndexes) != fmt.Sprint(row.Groups) {
				t.Errorf("mode %q, %s: table allowed=%v groups %v, verdict allowed=%v groups %v", mode, row.Crawler.Token, row.Verdict.Allowed, row.Groups, v.Allowed, v.GroupIndexes)
			}
		}
	}
}
