package main

import (
	"encoding/json"
	"fmt"
	"github.com/robotstxt/robotstxt"
	"github.com/robotstxt/robotstxt/crawlers"
	"github.com/robotstxt/robotstxt/internal/reference"
	"strings"
	"testing"
	"unicode/utf8"
)

// These tests run natively and, through node_test.go, compiled to
// WebAssembly under Node: the same answers either way.

const seed004 = reference.Seed004

// call runs a function and decodes its envelope.
func call(t testing.TB, s *session, name string, args ...string) (result json.RawMessage, errMsg string) {
	t.Helper()
	out := s.call(name, args)
	var env struct {
		Result json.RawMessage `json:"result"`
		Error  string          `json:"error"`
		Panic  bool            `json:"panic"`
	}
	if err := json.Unmarshal([]byte(out), &env); err != nil {
		t.Fatalf("%s(%q): not JSON: %v\n%s", name, args, err, out)
	}
	if env.Panic {
		t.Fatalf("%s(%q) panicked: %s", name, args, env.Error)
	}
	return env.Result, env.Error
}

func TestCheck(t *testing.T) {
	tests := []struct {
		ref, agent, url string
		allowed         bool
		reason          string
		line            int
		token           string
		groups          string
		tie             bool
	}{
		{"RFC 9309 2.2.1", "ExampleBot", "/catalog/item", true, "no-matching-rule", 0, "ExampleBot", "[1 2]", false},
		{"RFC 9309 2.2.1", "OtherBot", "/catalog/item", false, "matched-rule", 2, "*", "[0]", false},
		{"RFC 9309 2.2.2", "ExampleBot", "/catalog/private/help/start", true, "matched-rule", 6, "ExampleBot", "[1 2]", false},
		{"RFC 9309 2.2.1", "Mozilla/5.0 (compatible; ExampleBot/1.0)", "https://example.com/exports/x", false, "matched-rule", 9, "ExampleBot", "[1 2]", false},
		{"RFC 9309 2.2.2", "OtherBot", "/robots.txt", true, "implicit-robots-txt", 0, "*", "[0]", false},
		{"empty URL is /", "OtherBot", "", true, "no-matching-rule", 0, "*", "[0]", false},
	}
	s := new(session)
	for _, tt := range tests {
		res, errMsg := call(t, s, "check", seed004, tt.agent, tt.url)
		if errMsg != "" {
			t.Fatalf("check(%q, %q): %s", tt.agent, tt.url, errMsg)
		}
		var got checkResult
		if err := json.Unmarshal(res, &got); err != nil {
			t.Fatal(err)
		}
		line := 0
		if got.Rule != nil {
			line = got.Rule.Line
		}
		if got.Allowed != tt.allowed || got.Reason.String() != tt.reason || line != tt.line || got.Token != tt.token ||
			fmt.Sprint(got.GroupIndexes) != tt.groups || got.Tie != tt.tie {
			t.Errorf("%s: check(%q, %q):\n\tgot  allowed=%v %s line %d token %q groups %v tie %v\n\twant allowed=%v %s line %d token %q groups %s tie %v",
				tt.ref, tt.agent, tt.url, got.Allowed, got.Reason, line, got.Token, got.GroupIndexes, got.Tie,
				tt.allowed, tt.reason, tt.line, tt.token, tt.groups, tt.tie)
		}
	}
}

func TestCheckExplains(t *testing.T) {
	s := new(session)
	res, _ := call(t, s, "check", "User-agent: *\nDisallow: /folder\nAllow: /folder\nDisallow: /a\nAllow: /a/b\n", "Bot", "/folder/x")
	var tie checkResult
	json.Unmarshal(res, &tie)
	if !tie.Tie || tie.RuleOctets != 7 || tie.OverruledOctets != 7 || tie.Overruled == nil || tie.Overruled.Line != 2 {
		t.Errorf("tie: %+v", tie)
	}
	res, _ = call(t, s, "check", "User-agent: *\nDisallow: /folder\nAllow: /folder\nDisallow: /a\nAllow: /a/b\n", "Bot", "/a/b/c")
	var longer checkResult
	json.Unmarshal(res, &longer)
	if longer.Tie || longer.RuleOctets != 4 || longer.OverruledOctets != 2 || !longer.AgentIsToken {
		t.Errorf("longer: %+v", longer)
	}
}

func TestParse(t *testing.T) {
	s := new(session)
	text := "Disallow: /orphan\nUser-agent: *\nDisallow: /%7Ea\nDisallow: /b\nDisallow: /c\nSitemap: https://example.com/s.xml\nCrawl-delay: 5\n"
	res, errMsg := call(t, s, "parse", text, "2")
	if errMsg != "" {
		t.Fatal(errMsg)
	}
	var got parseResult
	if err := json.Unmarshal(res, &got); err != nil {
		t.Fatal(err)
	}
	if got.Counts != (counts{Groups: 1, Rules: 4, Orphans: 1, Sitemaps: 1, Other: 1}) {
		t.Errorf("counts = %+v", got.Counts)
	}
	if len(got.Groups[0].Rules) != 2 || fmt.Sprint(got.RuleCounts) != "[3]" {
		t.Errorf("limit 2: %d rules shown of %v", len(got.Groups[0].Rules), got.RuleCounts)
	}
	if got.Canon[3] != "/~a" {
		t.Errorf("canon = %v, want line 3 matched as /~a", got.Canon)
	}
	res, _ = call(t, s, "parse", text, "0")
	json.Unmarshal(res, &got)
	if len(got.Groups[0].Rules) != 3 {
		t.Errorf("limit 0: %d rules, want all 3", len(got.Groups[0].Rules))
	}
	if _, errMsg := call(t, s, "parse", text, "-1"); !strings.Contains(errMsg, "not a count") {
		t.Errorf("parse limit -1: error %q", errMsg)
	}
}

func TestLintMatrixCrawlersSelftest(t *testing.T) {
	s := new(session)
	res, errMsg := call(t, s, "lint", "Disalow: /x\n", "en")
	var findings []struct {
		ID   string `json:"id"`
		Line int    `json:"line"`
	}
	if errMsg != "" || json.Unmarshal(res, &findings) != nil || len(findings) == 0 {
		t.Errorf("lint: %s %s", res, errMsg)
	}
	res, _ = call(t, s, "lint", "User-agent: *\nDisallow: /private/\n", "ru")
	if string(res) == "null" {
		t.Error("lint of a clean file gives null, want []")
	}

	res, errMsg = call(t, s, "matrix", "User-agent: GPTBot\nDisallow: /\n", "/page", "en", "default")
	var rows []matrixRow
	if errMsg != "" || json.Unmarshal(res, &rows) != nil {
		t.Fatalf("matrix: %s %s", res, errMsg)
	}
	verdicts := map[string]bool{}
	for _, r := range rows {
		verdicts[r.Crawler.Token] = r.Verdict.Allowed
	}
	if verdicts["*"] != true || verdicts["Googlebot"] != true || verdicts["GPTBot"] != false {
		t.Errorf("matrix verdicts = %v", verdicts)
	}
	if _, errMsg := call(t, s, "matrix", "", "/", "en", "some"); errMsg == "" {
		t.Error("matrix with an unknown set: no error")
	}

	res, _ = call(t, s, "crawlers", "en")
	var list []crawlerInfo
	json.Unmarshal(res, &list)
	if len(list) < 20 || list[0].Token == "*" {
		t.Errorf("crawlers: %d entries, first %+v", len(list), list[0])
	}

	res, _ = call(t, s, "selftest")
	var results []struct {
		Name string `json:"name"`
		Pass bool   `json:"pass"`
		Got  string `json:"got"`
	}
	json.Unmarshal(res, &results)
	if len(results) < 20 {
		t.Fatalf("selftest: %d results", len(results))
	}
	for _, r := range results {
		if !r.Pass {
			t.Errorf("self-test case %q fails: got %s", r.Name, r.Got)
		}
	}
}

func TestCallErrors(t *testing.T) {
	s := new(session)
	for _, tt := range []struct {
		name string
		args []string
		want string
	}{
		{"nope", nil, `unknown function "nope"`},
		{"check", []string{"x"}, "check(text, agent, url) takes 3 arguments, got 1"},
		{"selftest", []string{"x"}, "takes 0 arguments, got 1"},
	} {
		if _, got := call(t, s, tt.name, tt.args...); !strings.Contains(got, tt.want) {
			t.Errorf("%s(%q): error %q, want %q", tt.name, tt.args, got, tt.want)
		}
	}
}

// A panic in a function is reported to the page, with its stack, and the
// next call works.
func TestCallRecoversPanic(t *testing.T) {
	functions["boom"] = function{nil, func(*session, []string) (any, error) { panic("kaboom") }}
	defer delete(functions, "boom")
	s := new(session)
	var env envelope
	if err := json.Unmarshal([]byte(s.call("boom", nil)), &env); err != nil {
		t.Fatal(err)
	}
	if !env.Panic || !strings.Contains(env.Error, "kaboom") || !strings.Contains(env.Stack, "goroutine") {
		t.Errorf("panic envelope = %+v", env)
	}
	if _, errMsg := call(t, s, "version"); errMsg != "" {
		t.Errorf("version after a panic: %s", errMsg)
	}
}

// The session parses a text once, however many checks follow.
func TestSessionCachesParse(t *testing.T) {
	s := new(session)
	r1 := s.robots(seed004)
	if r2 := s.robots(strings.Clone(seed004)); r2 != r1 {
		t.Error("the same text was parsed twice")
	}
	if r3 := s.robots(seed004 + "Disallow: /x\n"); r3 == r1 {
		t.Error("a changed text was not parsed again")
	}
}

// FuzzCall: whatever the page sends, the answer is a JSON envelope and
// never a panic.
func FuzzCall(f *testing.F) {
	f.Add("check", seed004, "ExampleBot", "/catalog/x")
	f.Add("parse", "User-agent: *\nDisallow: /%zz\n", "3", "")
	f.Add("matrix", "User-agent: *\nAllow: /$\n", "/", "all")
	f.Add("lint", "\xEF\xBB\xBFuser agent: *\ndisallow /a b c\n", "ro", "")
	f.Add("checkWith", "User-agent: Googlebot\nDisallow: /\n", "Googlebot-Image", "private/x")
	f.Add("checkMany", seed004, "ExampleBot\n*\n", "/catalog/x\n\nhttps://\n")
	f.Add("compare", seed004, "User-agent: *\nAllow: /$\nDisallow: /*?\n", "")
	f.Fuzz(func(t *testing.T, name, a, b, c string) {
		if name == "boom" {
			return
		}
		s := new(session)
		var args []string
		if f, ok := functions[name]; ok {
			args = []string{a, b, c, "", ""}[:len(f.params)]
		}
		var env envelope
		out := s.call(name, args)
		if err := json.Unmarshal([]byte(out), &env); err != nil {
			t.Fatalf("%s: not JSON: %v", name, err)
		}
		if env.Panic {
			t.Fatalf("%s(%q) panicked: %s\n%s", name, args, env.Error, env.Stack)
		}
	})
}

func BenchmarkCheck(b *testing.B) {
	s := new(session)
	b.ReportAllocs()
	for b.Loop() {
		s.call("check", []string{seed004, "ExampleBot", "/catalog/private/help/start"})
	}
}

func BenchmarkParse(b *testing.B) {
	var sb strings.Builder
	sb.WriteString("User-agent: *\n")
	for i := 0; sb.Len() < 100<<10; i++ {
		fmt.Fprintf(&sb, "Disallow: /section-%d/*.html$\n", i)
	}
	text := sb.String()
	b.SetBytes(int64(len(text)))
	b.ReportAllocs()
	for b.Loop() {
		s := new(session) // a fresh session parses again
		s.call("parse", []string{text, "150"})
	}
}

// Yandex's reading (Yandex Webmaster's help: no blank line between
// User-agent and its rules) changes the verdict for Yandex's robots only;
// the answer names the blank line that ends the group, for the page to
// point to it.
func TestCheckYandexReading(t *testing.T) {
	const file = "User-agent: *\n\nDisallow: /private/\n\nUser-agent: Googlebot\nDisallow: /g/\n"
	tests := []struct {
		agent, mode, url string
		allowed          bool
		reading          string
		blank            int
	}{
		{"Yandex", "", "/private/x", true, "yandex", 2},
		{"YandexImages", "", "/private/x", true, "yandex", 2},
		{"Yandex", "no-fallback", "/private/x", false, "", 0},
		{"Bingbot", "", "/private/x", false, "", 0},
		{"Googlebot", "", "/g/x", false, "", 0},
	}
	s := new(session)
	for _, tt := range tests {
		res, errMsg := call(t, s, "checkWith", file, tt.agent, tt.url, tt.mode)
		if errMsg != "" {
			t.Fatalf("checkWith(%q): %s", tt.agent, errMsg)
		}
		var got checkResult
		if err := json.Unmarshal(res, &got); err != nil {
			t.Fatal(err)
		}
		if got.Allowed != tt.allowed || got.Reading != tt.reading || got.YandexBlank != tt.blank {
			t.Errorf("%s (%q) %s: allowed=%v reading=%q blank=%d, want %v %q %d", tt.agent, tt.mode, tt.url,
				got.Allowed, got.Reading, got.YandexBlank, tt.allowed, tt.reading, tt.blank)
		}
	}
	if got := yandexBlank([]int{2, 9}, []robotstxt.UserAgent{{Line: 5}}); got != 9 {
		t.Errorf("yandexBlank after line 5 = %d, want 9", got)
	}
	if got := yandexBlank([]int{2}, nil); got != 2 {
		t.Errorf("yandexBlank with no group = %d, want 2", got)
	}
}

// A Latin-1 rule is shown as matched ("/caf%E9/"), never with U+FFFD, in
// the many-URL table (and so its CSV) and in compare.
func TestLatin1RulesShown(t *testing.T) {
	const latin = "User-agent: *\nDisallow: /caf\xE9/\n"
	s := new(session)
	res, errMsg := call(t, s, "checkMany", latin, "Bot", "/caf%E9/x", "")
	if errMsg != "" {
		t.Fatal(errMsg)
	}
	var many manyResult
	if err := json.Unmarshal(res, &many); err != nil {
		t.Fatal(err)
	}
	if got := many.Rules[2]; got != "Disallow: /caf%E9/" {
		t.Errorf("checkMany rule = %q, want Disallow: /caf%%E9/", got)
	}
	res, errMsg = call(t, s, "compare", "User-agent: *\nDisallow: /\n", latin, "Bot", "/caf%E9/x\n/other", "")
	if errMsg != "" {
		t.Fatal(errMsg)
	}
	if strings.Contains(string(res), `\ufffd`) || strings.ContainsRune(string(res), utf8.RuneError) {
		t.Errorf("compare carries U+FFFD: %s", res)
	}
	if !strings.Contains(string(res), `"pattern":"/caf%E9/"`) {
		t.Errorf("compare lacks the rule as matched: %s", res)
	}
}

// The page's default crawler table: the three search engines site owners
// check (Google, Bing, Yandex) first, after the "*" row, then the AI
// crawlers.
func TestMatrixDefaultHasBingbot(t *testing.T) {
	s := new(session)
	res, errMsg := call(t, s, "matrix", "User-agent: bingbot\nDisallow: /\n", "/page", "en", "default")
	var rows []matrixRow
	if errMsg != "" || json.Unmarshal(res, &rows) != nil || len(rows) < 4 {
		t.Fatalf("matrix: %s %s", res, errMsg)
	}
	var first []string
	for _, r := range rows[:4] {
		first = append(first, fmt.Sprintf("%s=%v", r.Crawler.Token, r.Verdict.Allowed))
	}
	if got := strings.Join(first, " "); got != "*=true Googlebot=true bingbot=false YandexBot=true" {
		t.Errorf("first rows %s", got)
	}
	if n := len(pageDefault()); n != len(crawlers.Default())+1 {
		t.Errorf("pageDefault has %d crawlers, want report's %d and Bingbot", n, len(crawlers.Default()))
	}
}
