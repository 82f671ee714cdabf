package lint

import (
	"bytes"
	"encoding/json"
	"strings"
	"testing"

	"github.com/robotstxt/robotstxt/internal/textsafe"
)

const sample = "User-agent: *\nDisallow: /private\nDisallow /tmp\nAllow: /a$b\n\nSitemap: /sitemap.xml\n"

// TestSARIF checks the log against the properties SARIF 2.1.0 requires and
// code-scanning tools read: version and $schema; runs[].tool.driver with a
// name and rules; results with ruleId, a level from the spec's set,
// message.text and a physical location with an artifact URI and a
// 1-based start line.
func TestSARIF(t *testing.T) {
	findings := Lint("<html>\n", nil) // a whole-file finding: line 0
	findings = append(findings, Lint(sample, nil)...)
	var buf bytes.Buffer
	if err := WriteSARIF(&buf, findings, SARIFOptions{URI: "site/robots.txt", ToolVersion: "1.2.3"}); err != nil {
		t.Fatal(err)
	}
	var log map[string]any
	if err := json.Unmarshal(buf.Bytes(), &log); err != nil {
		t.Fatalf("not JSON: %v", err)
	}
	if log["version"] != "2.1.0" || !strings.HasPrefix(str(log["$schema"]), "https://") {
		t.Errorf("version %v, $schema %v", log["version"], log["$schema"])
	}
	runs := list(log["runs"])
	if len(runs) != 1 {
		t.Fatalf("%d runs, want 1", len(runs))
	}
	run := obj(runs[0])
	driver := obj(obj(run["tool"])["driver"])
	if driver["name"] != "robotstxt" || driver["version"] != "1.2.3" {
		t.Errorf("driver %v", driver)
	}
	rules := list(driver["rules"])
	if len(rules) != len(Checks()) {
		t.Errorf("%d rules, want one per check (%d)", len(rules), len(Checks()))
	}
	ids := map[string]int{}
	for i, r := range rules {
		rule := obj(r)
		ids[str(rule["id"])] = i
		if str(obj(rule["shortDescription"])["text"]) == "" || str(obj(rule["help"])["text"]) == "" {
			t.Errorf("rule %v: no description or help", rule["id"])
		}
		if lv := str(obj(rule["defaultConfiguration"])["level"]); lv != "error" && lv != "warning" && lv != "note" {
			t.Errorf("rule %v: level %q", rule["id"], lv)
		}
	}
	results := list(run["results"])
	if len(results) != len(findings) {
		t.Fatalf("%d results for %d findings", len(results), len(findings))
	}
	for i, r := range results {
		res := obj(r)
		id := str(res["ruleId"])
		if idx, ok := ids[id]; !ok || int(res["ruleIndex"].(float64)) != idx {
			t.Errorf("result %d: ruleId %q, ruleIndex %v", i, id, res["ruleIndex"])
		}
		if lv := str(res["level"]); lv != sarifLevel(findings[i].Severity) {
			t.Errorf("result %d: level %q for %s", i, lv, findings[i].Severity)
		}
		if str(obj(res["message"])["text"]) == "" {
			t.Errorf("result %d: no message", i)
		}
		locs := list(res["locations"])
		if len(locs) != 1 {
			t.Fatalf("result %d: %d locations", i, len(locs))
		}
		pl := obj(obj(locs[0])["physicalLocation"])
		if str(obj(pl["artifactLocation"])["uri"]) != "site/robots.txt" {
			t.Errorf("result %d: uri %v", i, pl["artifactLocation"])
		}
		if line, _ := obj(pl["region"])["startLine"].(float64); line < 1 {
			t.Errorf("result %d: startLine %v", i, obj(pl["region"])["startLine"])
		}
	}
}

func TestGitHub(t *testing.T) {
	findings := []Finding{
		{ID: "empty-disallow", Severity: Warning, Line: 3, Column: 2, Message: "100% sure,\nreally: yes", Fix: "do it"},
		{ID: "html-body", Severity: Error, Message: "page"},
		{ID: "bom", Severity: Info, Line: 1, EndLine: 4, Message: "m"},
	}
	var buf bytes.Buffer
	if err := WriteGitHub(&buf, "dir/robots,1:x.txt", findings, ""); err != nil {
		t.Fatal(err)
	}
	want := "::warning file=dir/robots%2C1%3Ax.txt,line=3,col=2,title=empty-disallow::100%25 sure,%0Areally: yes%0Afix: do it\n" +
		"::error file=dir/robots%2C1%3Ax.txt,title=html-body::page\n" +
		"::notice file=dir/robots%2C1%3Ax.txt,line=1,endLine=4,title=bom::m\n"
	if buf.String() != want {
		t.Errorf("got\n%s\nwant\n%s", buf.String(), want)
	}
}

// TestJSON: the report has one shape whatever the number of files (an
// object with "files" and "counts"), lists are [] when empty, and a round
// trip keeps every finding.
func TestJSON(t *testing.T) {
	var buf bytes.Buffer
	if err := WriteJSON(&buf, "robots.txt", "", nil); err != nil {
		t.Fatal(err)
	}
	var rep JSONReport
	if err := json.Unmarshal(buf.Bytes(), &rep); err != nil {
		t.Fatal(err)
	}
	if len(rep.Files) != 1 || rep.Files[0].Findings == nil || len(rep.Files[0].Findings) != 0 || !strings.Contains(buf.String(), `"findings": []`) {
		t.Errorf("no findings must be [], got %s", buf.String())
	}
	buf.Reset()
	if err := WriteJSONReport(&buf, NewJSONReport(nil)); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(buf.String(), `"files": []`) {
		t.Errorf("no files must be [], got %s", buf.String())
	}
	buf.Reset()
	fs := Lint(sample, nil)
	two := Lint("User-agent: *\nDisallow: /a#b\n", nil)
	r := NewJSONReport([]JSONDoc{NewJSONDoc("a.txt", sample, fs), NewJSONDoc("b.txt", "User-agent: *\nDisallow: /a#b\n", two)})
	if err := WriteJSONReport(&buf, r); err != nil {
		t.Fatal(err)
	}
	rep = JSONReport{}
	if err := json.Unmarshal(buf.Bytes(), &rep); err != nil {
		t.Fatal(err)
	}
	if len(rep.Files) != 2 || len(rep.Files[0].Findings) != len(fs) || rep.Files[0].Counts != Count(fs) || rep.Files[0].Findings[0].Finding != fs[0] {
		t.Errorf("JSON round trip lost something: %+v", rep)
	}
	c1, c2 := Count(fs), Count(two)
	if want := (Counts{c1.Error + c2.Error, c1.Warning + c2.Warning, c1.Info + c2.Info}); rep.Counts != want {
		t.Errorf("total counts %+v, want %+v", rep.Counts, want)
	}
	if !strings.Contains(buf.String(), `"severity": "warning"`) {
		t.Errorf("severity is not a word: %s", buf.String())
	}
	for _, d := range rep.Files {
		for _, f := range d.Findings {
			if len(f.Fingerprint) != 16 {
				t.Errorf("%s: fingerprint %q, want 16 hex digits", f.ID, f.Fingerprint)
			}
		}
	}
}

// TestFingerprint: the fingerprint follows the check and the line's
// content, not its number or the spaces around it.
func TestFingerprint(t *testing.T) {
	for _, tt := range []struct {
		a, b [2]string // id, line
		same bool
	}{
		{[2]string{"hash-in-path", "Disallow: /a#b"}, [2]string{"hash-in-path", "Disallow: /a#b"}, true},
		{[2]string{"hash-in-path", "Disallow: /a#b"}, [2]string{"hash-in-path", "  Disallow: /a#b \t"}, true},
		{[2]string{"hash-in-path", "Disallow: /a#b"}, [2]string{"hash-in-path", "Disallow: /a#c"}, false},
		{[2]string{"hash-in-path", "Disallow: /a#b"}, [2]string{"space-in-path", "Disallow: /a#b"}, false},
		{[2]string{"no-sitemap", ""}, [2]string{"no-sitemap", ""}, true},
	} {
		if got := Fingerprint(tt.a[0], tt.a[1]) == Fingerprint(tt.b[0], tt.b[1]); got != tt.same {
			t.Errorf("Fingerprint(%q) == Fingerprint(%q): %v, want %v", tt.a, tt.b, got, tt.same)
		}
	}
}

func TestText(t *testing.T) {
	fs := Lint(sample, nil)
	var plain, color bytes.Buffer
	if err := WriteText(&plain, fs, TextOptions{File: "robots.txt", Source: sample}); err != nil {
		t.Fatal(err)
	}
	if err := WriteText(&color, fs, TextOptions{File: "robots.txt", Source: sample, Color: true}); err != nil {
		t.Fatal(err)
	}
	p := plain.String()
	if strings.Contains(p, "\x1b[") {
		t.Errorf("plain output has colour codes")
	}
	if !strings.Contains(color.String(), ansiRed) {
		t.Errorf("colour output has no colour")
	}
	for _, want := range []string{"Errors (", "Warnings (", "robots.txt:6:10: error sitemap-not-absolute", "    6 | Sitemap: /sitemap.xml",
		"    fix: ", "robots.txt: 1 error, "} {
		if !strings.Contains(p, want) {
			t.Errorf("output lacks %q:\n%s", want, p)
		}
	}
	if strings.Index(p, "Errors") > strings.Index(p, "Warnings") {
		t.Errorf("errors must come first:\n%s", p)
	}
	plain.Reset()
	WriteText(&plain, nil, TextOptions{File: "x"})
	if plain.String() != "x: no findings\n" {
		t.Errorf("no findings: %q", plain.String())
	}
}

func TestSourceLines(t *testing.T) {
	got := sourceLines("\xEF\xBB\xBFa\r\nb\rc\n\nd")
	want := []string{"a", "b", "c", "", "d"}
	if strings.Join(got, "|") != strings.Join(want, "|") {
		t.Errorf("sourceLines = %q, want %q", got, want)
	}
	if e := excerpt("a\tb\x00c\xff"); e != `a b\x00c\xff` {
		t.Errorf("excerpt = %q", e)
	}
}

// TestControlsEscaped: text from a robots.txt never reaches a terminal
// raw: not in a message, a fix, the file name or the line shown.
func TestControlsEscaped(t *testing.T) {
	for in, want := range map[string]string{
		"plain":            "plain",
		"\x1b[2J":          `\x1b[2J`,
		"a\x07b":           `a\x07b`,
		"\u009b31m":        `\u009b31m`,
		"\x9b31m":          `\x9b31m`,
		"caf\xe9":          `caf\xe9`,
		"ünïcode and tabs": "ünïcode and tabs",
	} {
		if got := textsafe.Escape(in); got != want {
			t.Errorf("textsafe.Escape(%q) = %q, want %q", in, got, want)
		}
	}
	text := "User-agent: \x1b]0;pwned\x07bot\nDisallow: /x\x1b[2J y\nFoo\x1b[31m: z\n"
	var buf bytes.Buffer
	if err := WriteText(&buf, Lint(text, nil), TextOptions{File: "evil\x1b[2J.txt", Source: text}); err != nil {
		t.Fatal(err)
	}
	if strings.ContainsAny(buf.String(), "\x1b\x07") {
		t.Errorf("raw control characters in the text output:\n%q", buf.String())
	}
	if !strings.Contains(buf.String(), `\x1b`) {
		t.Errorf("the escape sequences are not shown escaped:\n%s", buf.String())
	}
}

func TestFails(t *testing.T) {
	fs := []Finding{{Severity: Warning}, {Severity: Info}}
	if Fails(fs, Error) || !Fails(fs, Warning) || !Fails(fs, Info) || Fails(nil, Info) {
		t.Errorf("Fails is wrong")
	}
}

func obj(v any) map[string]any {
	m, _ := v.(map[string]any)
	return m
}

func list(v any) []any {
	l, _ := v.([]any)
	return l
}

func str(v any) string {
	s, _ := v.(string)
	return s
}

// TestSARIFFiles: several files make one run with one artifact each; URIs
// are percent-encoded relative references (absolute paths become file
// URIs); the driver names its home page and each rule its catalogue
// anchor.
func TestSARIFFiles(t *testing.T) {
	files := []FileFindings{
		{Name: "site a/robots.txt", Findings: Lint("User-agent: *\nDisallow: private/\n", nil)},
		{Name: "b/robots#1.txt", Findings: Lint(sample, nil)},
	}
	var buf bytes.Buffer
	if err := WriteSARIFFiles(&buf, files, SARIFOptions{ToolVersion: "v1.0.0"}); err != nil {
		t.Fatal(err)
	}
	var log map[string]any
	if err := json.Unmarshal(buf.Bytes(), &log); err != nil {
		t.Fatal(err)
	}
	run := obj(list(log["runs"])[0])
	driver := obj(obj(run["tool"])["driver"])
	if driver["version"] != "v1.0.0" || driver["informationUri"] != InformationURI {
		t.Errorf("driver %v", driver)
	}
	rule := obj(list(driver["rules"])[0])
	if rule["helpUri"] != CatalogueURI+"#"+str(rule["id"]) || str(obj(rule["fullDescription"])["text"]) == "" {
		t.Errorf("rule %v: helpUri %v, fullDescription %v", rule["id"], rule["helpUri"], rule["fullDescription"])
	}
	arts := list(run["artifacts"])
	if len(arts) != 2 || str(obj(obj(arts[0])["location"])["uri"]) != "site%20a/robots.txt" ||
		str(obj(obj(arts[1])["location"])["uri"]) != "b/robots%231.txt" {
		t.Errorf("artifacts %v", arts)
	}
	n := len(files[0].Findings) + len(files[1].Findings)
	if got := len(list(run["results"])); got != n {
		t.Errorf("%d results, want %d", got, n)
	}
	last := obj(list(run["results"])[n-1])
	al := obj(obj(obj(list(last["locations"])[0])["physicalLocation"])["artifactLocation"])
	if al["uri"] != "b/robots%231.txt" || al["index"] != float64(1) {
		t.Errorf("last result's artifact %v", al)
	}
	for in, want := range map[string]string{
		"robots.txt": "robots.txt", "a b/c?.txt": "a%20b/c%3F.txt", "/srv/site/robots.txt": "file:///srv/site/robots.txt",
		`dir\robots.txt`: "dir/robots.txt", "c:x": "c%3Ax",
	} {
		if got := SARIFURI(in); got != want {
			t.Errorf("SARIFURI(%q) = %q, want %q", in, got, want)
		}
	}
}
