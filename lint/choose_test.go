package lint

import (
	"bytes"
	"errors"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"
)

// mixed gives one error (pattern-no-slash@2), warnings (hash-in-path@3,
// crawl-delay is info) and an info (no-sitemap@0).
const mixed = "User-agent: *\nDisallow: admin/\nDisallow: /a#b\nCrawl-delay: 5\n"

func ids(fs []Finding) []string {
	var out []string
	for _, f := range fs {
		out = append(out, f.ID)
	}
	slices.Sort(out)
	return out
}

// TestSelection: --select keeps what one of its names matches (all when
// empty), --ignore drops what one of its names matches; a name is a check
// ID or a finding's severity.
func TestSelection(t *testing.T) {
	all := ids(Lint(mixed, nil))
	if want := []string{"crawl-delay", "hash-in-path", "no-sitemap", "pattern-no-slash"}; !slices.Equal(all, want) {
		t.Fatalf("the sample gives %v, want %v", all, want)
	}
	for _, tt := range []struct {
		sel  Selection
		want []string
	}{
		{Selection{}, all},
		{Selection{Select: []string{"error"}}, []string{"pattern-no-slash"}},
		{Selection{Select: []string{"warning"}}, []string{"hash-in-path"}},
		{Selection{Select: []string{"info"}}, []string{"crawl-delay", "no-sitemap"}},
		{Selection{Select: []string{"error", "crawl-delay"}}, []string{"crawl-delay", "pattern-no-slash"}},
		{Selection{Ignore: []string{"info"}}, []string{"hash-in-path", "pattern-no-slash"}},
		{Selection{Ignore: []string{"no-sitemap", "hash-in-path"}}, []string{"crawl-delay", "pattern-no-slash"}},
		{Selection{Select: []string{"info"}, Ignore: []string{"no-sitemap"}}, []string{"crawl-delay"}},
		{Selection{Select: []string{"no-sitemap"}, Ignore: []string{"info"}}, nil}, // ignore wins
		{Selection{Select: []string{"site-closed"}}, nil},
		// A prefix ending in "-" (or "-*") chooses every check it starts, as ruff's "--select E".
		{Selection{Select: []string{"pattern-"}}, []string{"pattern-no-slash"}},
		{Selection{Select: []string{"hash-*", "crawl-"}}, []string{"crawl-delay", "hash-in-path"}},
		{Selection{Ignore: []string{"no-"}}, []string{"crawl-delay", "hash-in-path", "pattern-no-slash"}},
		{Selection{Select: []string{"pattern"}}, nil}, // no "-": a check ID, and there is none
	} {
		if got := ids(tt.sel.Filter(Lint(mixed, nil))); !slices.Equal(got, tt.want) {
			t.Errorf("%+v: got %v, want %v", tt.sel, got, tt.want)
		}
	}
}

func TestSelectionValidate(t *testing.T) {
	for _, tt := range []struct {
		sel     Selection
		name    string // the unknown name, "" for valid
		suggest string
	}{
		{Selection{Select: []string{"error", "warning", "info", "hash-in-path"}}, "", ""},
		{Selection{Select: []string{"hash-in-pth"}}, "hash-in-pth", "hash-in-path"},
		{Selection{Ignore: []string{"no-sitemp"}}, "no-sitemp", "no-sitemap"},
		{Selection{Ignore: []string{"errors"}}, "errors", ""},
		{Selection{Select: []string{"Error"}}, "Error", ""}, // names are lower-case, as printed
		{Selection{Select: []string{"zzz"}}, "zzz", ""},
		{Selection{Select: []string{"blocks-", "pattern-*"}}, "", ""},
		{Selection{Select: []string{"zzz-"}}, "zzz-", ""}, // a prefix that starts no check
		{Selection{Select: []string{"-"}}, "-", ""},
	} {
		err := tt.sel.Validate()
		var u *UnknownCheckError
		if tt.name == "" {
			if err != nil {
				t.Errorf("%+v: %v", tt.sel, err)
			}
			continue
		}
		if !errors.As(err, &u) || u.Name != tt.name || u.Suggestion != tt.suggest {
			t.Errorf("%+v: got %#v, want the unknown %q suggesting %q", tt.sel, err, tt.name, tt.suggest)
		}
	}
}

func TestSplitNames(t *testing.T) {
	got := SplitNames([]string{"error, hash-in-path", "", ",info,,", " no-sitemap "})
	if want := []string{"error", "hash-in-path", "info", "no-sitemap"}; !slices.Equal(got, want) {
		t.Errorf("got %q, want %q", got, want)
	}
}

// TestBaseline: a saved report silences the same findings after lines are
// added above them, reports new ones, and counts identical findings.
func TestBaseline(t *testing.T) {
	const before = "User-agent: *\nDisallow: /a#b\nDisallow: /a#b\n"
	var buf bytes.Buffer
	if err := WriteJSON(&buf, "robots.txt", before, Lint(before, nil)); err != nil {
		t.Fatal(err)
	}
	saved := buf.String()
	for _, tt := range []struct {
		name, file, text string
		want             []string // id@line left
	}{
		{"unchanged", "robots.txt", before, nil},
		{"lines added above", "robots.txt", "# hello\n\nUser-agent: *\nDisallow: /x\nDisallow: /a#b\nDisallow: /a#b\n", nil},
		{"indented the same", "robots.txt", "User-agent: *\n  Disallow: /a#b\nDisallow: /a#b\n", nil},
		{"a new finding", "robots.txt", "User-agent: *\nDisallow: /a#b\nDisallow: /a#b\nDisallow: /c#d\n", []string{"hash-in-path@4"}},
		{"a third identical line is new", "robots.txt", "User-agent: *\nDisallow: /a#b\nDisallow: /a#b\nDisallow: /a#b\n", []string{"duplicate-rule@4", "hash-in-path@4"}},
		{"the line changed", "robots.txt", "User-agent: *\nDisallow: /a#c\nDisallow: /a#b\n", []string{"hash-in-path@2"}},
		{"another file", "other.txt", before, []string{"duplicate-rule@3", "hash-in-path@2", "hash-in-path@3", "no-sitemap@0"}},
	} {
		t.Run(tt.name, func(t *testing.T) {
			b, err := ReadBaseline(strings.NewReader(saved))
			if err != nil {
				t.Fatal(err)
			}
			var got []string
			for _, f := range b.Filter(tt.file, tt.text, Lint(tt.text, nil)) {
				got = append(got, f.ID+"@"+strconv.Itoa(f.Line))
			}
			slices.Sort(got)
			if !slices.Equal(got, tt.want) {
				t.Errorf("got %v, want %v", got, tt.want)
			}
		})
	}
}

func TestReadBaselineErrors(t *testing.T) {
	for _, tt := range []struct{ in, want string }{
		{"", "not the JSON"},
		{"[]", "not the JSON"},
		{`{"file": "robots.txt", "findings": []}`, `no "files"`},
		{`{"files": [{"file": "a", "findings": [{"id": "x"}]}]}`, "without a fingerprint"},
		{`{"files": []}`, ""},
	} {
		_, err := ReadBaseline(strings.NewReader(tt.in))
		if tt.want == "" && err != nil || tt.want != "" && (err == nil || !strings.Contains(err.Error(), tt.want)) {
			t.Errorf("ReadBaseline(%q) = %v, want an error with %q", tt.in, err, tt.want)
		}
	}
	big := `{"files": [` + strings.Repeat(" ", MaxBaselineBytes) + `]}`
	if _, err := ReadBaseline(strings.NewReader(big)); err == nil || !strings.Contains(err.Error(), "larger than") {
		t.Errorf("a baseline past the bound: %v", err)
	}
}

func TestParseConfig(t *testing.T) {
	for _, tt := range []struct {
		in, err string
		check   func(*Config) bool
	}{
		{`{}`, "", func(c *Config) bool { return c.Select == nil && c.FailOn == "" }},
		{`{"lint": {"select": ["error", "hash-in-path"], "ignore": ["no-sitemap"], "fail-on": "warning", "format": "json", "host": "www.example.org", "lang": "ru", "max-bytes": -1, "baseline": "b.json"}}`, "",
			func(c *Config) bool {
				return slices.Equal(c.Select, []string{"error", "hash-in-path"}) && slices.Equal(c.Ignore, []string{"no-sitemap"}) &&
					c.FailOn == "warning" && c.Format == "json" && c.Host == "www.example.org" && c.Lang == "ru" && *c.MaxBytes == -1 && c.Baseline == "b.json"
			}},
		{`[]`, "not a JSON object", nil},
		{`{"lnt": {}}`, `unknown key "lnt"; did you mean "lint"?`, nil},
		{`{"lint": {"selct": []}}`, `unknown key "lint.selct"; did you mean "lint.select"?`, nil},
		{`{"lint": {"colour": "x"}}`, `unknown key "lint.colour" (known: lint.select`, nil},
		{`{"lint": {"select": "error"}}`, "cannot unmarshal", nil},
		{`{"lint": {"ignore": ["hash-in-pth"]}}`, `no check "hash-in-pth"; did you mean "hash-in-path"?`, nil},
		{`{"lint": {"fail-on": "fatal"}}`, "lint.fail-on must be", nil},
		{`{"lint": {"format": "xml"}}`, "lint.format must be", nil},
		{`{"lint": {"lang": "de"}}`, "lint.lang must be", nil},
		{`{"lint": {"max-bytes": -2}}`, "lint.max-bytes must be", nil},
		{`{"lint": {"include": ["*.txt"], "exclude": ["vendor/"], "per-file-ignores": {"staging/*": ["site-closed", "blocks-"]}}}`, "",
			func(c *Config) bool {
				return slices.Equal(c.Include, []string{"*.txt"}) && slices.Equal(c.Exclude, []string{"vendor/"}) &&
					slices.Equal(c.PerFileIgnores["staging/*"], []string{"site-closed", "blocks-"})
			}},
		{`{"lint": {"per-file-ignores": {"a.txt": ["site-clsed"]}}}`, `lint.per-file-ignores["a.txt"]: no check "site-clsed"; did you mean "site-closed"?`, nil},
	} {
		c, err := ParseConfig([]byte(tt.in))
		if tt.err != "" {
			if err == nil || !strings.Contains(err.Error(), tt.err) {
				t.Errorf("ParseConfig(%s) = %v, want an error with %q", tt.in, err, tt.err)
			}
			continue
		}
		if err != nil || !tt.check(c) {
			t.Errorf("ParseConfig(%s) = %+v, %v", tt.in, c, err)
		}
	}
}

// TestFindConfig: the nearest config file from the folder upwards; a
// baseline path is relative to the config file's folder.
func TestFindConfig(t *testing.T) {
	root := t.TempDir()
	deep := filepath.Join(root, "a", "b", "c")
	if err := os.MkdirAll(deep, 0o755); err != nil {
		t.Fatal(err)
	}
	if p, err := FindConfig(deep); err != nil || strings.HasPrefix(p, root) {
		t.Fatalf("FindConfig with no config under %s = %q, %v", root, p, err)
	}
	top := filepath.Join(root, ConfigName)
	mid := filepath.Join(root, "a", ConfigName)
	os.WriteFile(top, []byte(`{"lint": {"fail-on": "info"}}`), 0o644)
	if p, _ := FindConfig(deep); p != top {
		t.Errorf("FindConfig = %q, want %q", p, top)
	}
	os.WriteFile(mid, []byte(`{"lint": {"baseline": "x/base.json"}}`), 0o644)
	if p, _ := FindConfig(deep); p != mid {
		t.Errorf("FindConfig = %q, want the nearer %q", p, mid)
	}
	c, err := ReadConfig(mid)
	if err != nil || c.Baseline != filepath.Join(root, "a", "x", "base.json") {
		t.Errorf("ReadConfig: %+v, %v", c, err)
	}
	os.Mkdir(filepath.Join(deep, ConfigName), 0o755) // a folder of that name is not a config
	if p, _ := FindConfig(deep); p != mid {
		t.Errorf("FindConfig with a folder named %s = %q, want %q", ConfigName, p, mid)
	}
	os.WriteFile(mid, []byte(`{"lint": {"fail-on": "x"}}`), 0o644)
	if _, err := ReadConfig(mid); err == nil || !strings.HasPrefix(err.Error(), mid+": ") {
		t.Errorf("an error must name the file: %v", err)
	}
}

func TestStatistics(t *testing.T) {
	files := []FileFindings{
		{Name: "a", Findings: Lint("User-agent: *\nDisallow: /a#b\nDisallow: /c#d\nDisallow: e\n", nil)},
		{Name: "b", Findings: Lint("User-agent: *\nDisallow: /a#b\nSitemap: https://example.com/s.xml\n", nil)},
	}
	got := Statistics(files)
	want := []Stat{
		{ID: "hash-in-path", Severity: Warning, Count: 3, Files: 2},
		{ID: "no-sitemap", Severity: Info, Count: 1, Files: 1},
		{ID: "pattern-no-slash", Severity: Error, Count: 1, Files: 1},
	}
	if !slices.Equal(got, want) {
		t.Fatalf("Statistics = %+v, want %+v", got, want)
	}
	var buf bytes.Buffer
	if err := WriteStatistics(&buf, got, "en"); err != nil {
		t.Fatal(err)
	}
	wantText := "3  hash-in-path      warning  2 files\n" +
		"1  no-sitemap        info     1 file\n" +
		"1  pattern-no-slash  error    1 file\n" +
		"5  in all\n"
	if buf.String() != wantText {
		t.Errorf("got\n%s\nwant\n%s", buf.String(), wantText)
	}
}
