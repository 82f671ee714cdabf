package docgen

import (
	"bytes"
	"errors"
	"flag"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/robotstxt/robotstxt/lint"
)

func TestFlagValues(t *testing.T) {
	var ids []string
	for _, ch := range lint.Checks() {
		ids = append(ids, ch.ID)
	}
	tests := []struct {
		name, synopsis, flag, usage string
		want                        []string
	}{
		{"synopsis a|b|c", "[-f FILE] [--format text|json|sarif] URL", "format", "output format", []string{"text", "json", "sarif"}},
		{"synopsis with =", "[--color=auto|always|never]", "color", "colour", []string{"auto", "always", "never"}},
		{"synopsis names another flag", "[--format text|json]", "fail-on", "a severity", nil},
		{"usage list with or", "", "fail-on", "exit 1 at this severity: error, warning or info", []string{"error", "warning", "info"}},
		{"usage list of two", "", "mode", "how to read it: strict or lenient", []string{"strict", "lenient"}},
		{"usage list with parentheses", "", "color", "colour text output: auto (on a terminal, unless NO_COLOR is set), always or never", []string{"auto", "always", "never"}},
		{"prose is not a list", "", "agent", "your crawler's product token, such as ExampleBot", nil},
		{"a number is not a list", "", "max-bytes", "parse at most this many bytes (-1: no limit)", nil},
		{"explain: the check ids", "", "explain", "explain a check", ids},
		{"lang: the languages", "", "lang", "language of the messages", []string{"en", "ro", "ru"}},
	}
	for _, tt := range tests {
		got := flagValues(tt.synopsis, tt.flag, tt.usage)
		if !slices.Equal(got, tt.want) {
			t.Errorf("%s: flagValues(%q, %q, %q) = %q, want %q", tt.name, tt.synopsis, tt.flag, tt.usage, got, tt.want)
		}
	}
}

func TestFromFlagSet(t *testing.T) {
	fs := flag.NewFlagSet("demo", flag.ContinueOnError)
	fs.String("f", "-", "robots.txt `file` to read")
	fs.String("format", "text", "output `format`: text or json")
	fs.Bool("json", false, "print JSON")
	fs.Int("n", 0, "how many")
	fs.Duration("timeout", 0, "bound on each step")
	c := FromFlagSet("demo", "do it", " [-f FILE] ", "About.\n", "  demo x\n\n", "help", fs)
	want := []Flag{
		{Name: "f", Arg: "file", Usage: "robots.txt file to read", Default: "-", Files: true},
		{Name: "format", Arg: "format", Usage: "output format: text or json", Default: "text", Values: []string{"text", "json"}},
		{Name: "json", Usage: "print JSON", Bool: true},
		{Name: "n", Arg: "int", Usage: "how many"},
		{Name: "timeout", Arg: "duration", Usage: "bound on each step", Default: "0s"},
	}
	if len(c.Flags) != len(want) {
		t.Fatalf("got %d flags, want %d: %+v", len(c.Flags), len(want), c.Flags)
	}
	for i := range want {
		g, w := c.Flags[i], want[i]
		if g.Name != w.Name || g.Arg != w.Arg || g.Usage != w.Usage || g.Default != w.Default || g.Bool != w.Bool || g.Files != w.Files || !slices.Equal(g.Values, w.Values) {
			t.Errorf("flag %d:\n\tgot  %+v\n\twant %+v", i, g, w)
		}
	}
	if c.Synopsis != "[-f FILE]" || c.About != "About." || c.Example != "  demo x" {
		t.Errorf("texts not trimmed: %q %q %q", c.Synopsis, c.About, c.Example)
	}
	if got := (Flag{Name: "f"}).Option(); got != "-f" {
		t.Errorf("Option of f = %q", got)
	}
	if got := (Flag{Name: "json"}).Option(); got != "--json" {
		t.Errorf("Option of json = %q", got)
	}
}

func TestParagraphs(t *testing.T) {
	text := "First line\nsecond line.\n\n  admit  yes\n         still\n  drop   no\n\nLast:\n  indented after prose"
	got := paragraphs(text)
	want := []block{
		{false, []string{"First line", "second line."}},
		{true, []string{"admit  yes", "       still", "drop   no"}},
		{false, []string{"Last:", "  indented after prose"}},
	}
	if len(got) != len(want) {
		t.Fatalf("got %d blocks, want %d: %+v", len(got), len(want), got)
	}
	for i := range want {
		if got[i].pre != want[i].pre || !slices.Equal(got[i].lines, want[i].lines) {
			t.Errorf("block %d: got %+v, want %+v", i, got[i], want[i])
		}
	}
}

func TestEscapeMD(t *testing.T) {
	tests := []struct{ in, want string }{
		{"plain words", "plain words"},
		{"all robots (*)", `all robots (\*)`},
		{"NO_COLOR and v/<version>/", `NO\_COLOR and v/\<version\>/`},
		{"[x](y) `code` a|b", "\\[x\\](y) \\`code\\` a\\|b"},
		{"# not a heading", `\# not a heading`},
		{"- not a list", `\- not a list`},
		{"a - b # c", "a - b # c"},
		{`back\slash`, `back\\slash`},
	}
	for _, tt := range tests {
		if got := escapeMD(tt.in); got != tt.want {
			t.Errorf("escapeMD(%q) = %q, want %q", tt.in, got, tt.want)
		}
	}
}

func TestRoff(t *testing.T) {
	tests := []struct{ in, want string }{
		{"--format", `\-\-format`},
		{`a\b`, `a\eb`},
		{".starts with a dot", `\&.starts with a dot`},
		{"'quote", `\&'quote`},
		{"  kept indent", "  kept indent"},
	}
	for _, tt := range tests {
		if got := roffLine(tt.in); got != tt.want {
			t.Errorf("roffLine(%q) = %q, want %q", tt.in, got, tt.want)
		}
	}
}

func TestSlug(t *testing.T) {
	tests := []struct{ in, want string }{
		{"# Install", "install"},
		{"## Auditing a robots.txt: `robotstxt lint`", "auditing-a-robotstxt-robotstxt-lint"},
		{"## pattern-no-slash", "pattern-no-slash"},
		{"### For crawler authors: fetch, cache, decide, gate", "for-crawler-authors-fetch-cache-decide-gate"},
		{"## Où ça? Ça!", "où-ça-ça"},
		{"## snake_case ok", "snake_case-ok"},
	}
	for _, tt := range tests {
		title := strings.TrimLeft(tt.in, "#")
		if got := Slug(title); got != tt.want {
			t.Errorf("Slug(%q) = %q, want %q", title, got, tt.want)
		}
	}
}

func TestAnchors(t *testing.T) {
	text := "# Title\n\n## Usage\n\n```\n# not a heading\n```\n\n## Usage\n\n<a id=\"custom\"></a>\n#NoSpace\n####### seven\n"
	got := Anchors(text)
	for _, want := range []string{"title", "usage", "usage-1", "custom"} {
		if !got[want] {
			t.Errorf("anchor %q missing from %v", want, got)
		}
	}
	for _, bad := range []string{"not-a-heading", "nospace", "seven"} {
		if got[bad] {
			t.Errorf("anchor %q should not exist", bad)
		}
	}
}

// TestCheckLinks runs the checker over a small tree with good and broken
// links of every kind.
func TestCheckLinks(t *testing.T) {
	dir := t.TempDir()
	write := func(name, text string) {
		p := filepath.Join(dir, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	write("docs/img/page.png", "png")
	write("docs/page.md", "# Page\n\n## A section\n")
	write("README.md", strings.Join([]string{
		"# Readme",
		"[ok](docs/page.md) [ok](docs/page.md#a-section) [ok](#readme) [dir](docs/)",
		"![img](docs/img/page.png) [ext](https://example.com/missing) [mail](mailto:a@b)",
		"[missing](docs/gone.md)",
		"[bad anchor](docs/page.md#no-such)",
		"[bad self](#nowhere)",
		"![bad img](docs/img/none.png)",
		"`[in code](nowhere.md)`",
		"```",
		"[in a fence](nowhere.md)",
		"```",
		"[ref]: docs/also-gone.md",
		`<img src="docs/img/absent.png">`,
		"[abs](/docs/page.md)",
	}, "\n"))
	t.Chdir(dir)
	errs := CheckLinks([]string{"README.md", "docs/page.md"})
	var got []string
	for _, err := range errs {
		var le LinkError
		if !errors.As(err, &le) {
			t.Fatalf("not a LinkError: %v", err)
		}
		got = append(got, le.Target)
	}
	want := []string{"docs/gone.md", "docs/page.md#no-such", "#nowhere", "docs/img/none.png", "docs/also-gone.md", "docs/img/absent.png", "/docs/page.md"}
	if !slices.Equal(got, want) {
		t.Errorf("broken links:\n\tgot  %q\n\twant %q\n%v", got, want, errs)
	}
}

// TestRepositoryLinks: every relative link of README.md and docs/ leads to a
// file that exists and, with a #fragment, to a heading or id in it.
func TestRepositoryLinks(t *testing.T) {
	root := "../.."
	files := []string{filepath.Join(root, "README.md")}
	err := filepath.WalkDir(filepath.Join(root, "docs"), func(p string, d os.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if !d.IsDir() && strings.HasSuffix(p, ".md") {
			files = append(files, p)
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if len(files) < 2 {
		t.Fatalf("no pages under docs/: %v", files)
	}
	for _, err := range CheckLinks(files) {
		t.Error(err)
	}
}

// TestAuditAnchors: the audit page has one anchor per check id, the one that
// SARIF's helpUri and the docs link to.
func TestAuditAnchors(t *testing.T) {
	anchors := Anchors(string(AuditPage(lint.ChecksLang("en"))))
	for _, ch := range lint.Checks() {
		if !anchors[ch.ID] {
			t.Errorf("audit page: no anchor #%s", ch.ID)
		}
	}
}

func TestSynopsisLines(t *testing.T) {
	tests := []struct {
		name, synopsis string
		want           []string
	}{
		{"version", "", []string{"robotstxt version"}},
		{"check", "-f FILE URL ...", []string{"robotstxt check -f FILE URL ..."}},
		{"lint", "[-f FILE]\n       robotstxt lint --checks | --explain ID", []string{"robotstxt lint [-f FILE]", "robotstxt lint --checks | --explain ID"}},
	}
	for _, tt := range tests {
		got := synopsisLines(Command{Name: tt.name, Synopsis: tt.synopsis})
		if !slices.Equal(got, tt.want) {
			t.Errorf("synopsisLines(%q, %q) = %q, want %q", tt.name, tt.synopsis, got, tt.want)
		}
	}
}

func TestFence(t *testing.T) {
	tests := []struct{ in, want string }{
		{"User-agent: *\nDisallow: /\n", "```\nUser-agent: *\nDisallow: /\n```\n"},
		{"a ``` b", "````\na ``` b\n````\n"},
	}
	for _, tt := range tests {
		if got := fence(tt.in); got != tt.want {
			t.Errorf("fence(%q) = %q, want %q", tt.in, got, tt.want)
		}
	}
}

// TestAuditPageTexts: every check's explanation and examples reach its
// section of the catalogue.
func TestAuditPageTexts(t *testing.T) {
	checks := lint.ChecksLang("en")
	page := string(AuditPage(checks))
	for _, ch := range checks {
		start := strings.Index(page, "\n## "+ch.ID+"\n")
		if start < 0 {
			t.Errorf("no section for %s", ch.ID)
			continue
		}
		section := page[start+1:]
		if end := strings.Index(section[3:], "\n## "); end >= 0 {
			section = section[:end+3]
		}
		for _, part := range []string{ch.Bad, ch.Good} {
			if part != "" && !strings.Contains(section, strings.TrimRight(escapeInvalidUTF8(part), "\n")) {
				t.Errorf("%s: example %q missing from its section", ch.ID, part)
			}
		}
		if ch.Explanation != "" && !strings.Contains(section, escapeMD(strings.Fields(ch.Explanation)[0])) {
			t.Errorf("%s: explanation missing from its section", ch.ID)
		}
	}
}

// TestReadme: the README stays a front door (under 300 lines) and keeps the
// two commands a newcomer needs.
func TestReadme(t *testing.T) {
	raw, err := os.ReadFile("../../README.md")
	if err != nil {
		t.Fatal(err)
	}
	if n := strings.Count(string(raw), "\n"); n >= 300 {
		t.Errorf("README.md has %d lines; keep it under 300 and move reference material to docs/", n)
	}
	for _, want := range []string{"go run ./cmd/robotstxt serve", "go test ./...", "go install github.com/robotstxt/robotstxt/cmd/robotstxt@latest"} {
		if !strings.Contains(string(raw), want) {
			t.Errorf("README.md does not show %q", want)
		}
	}
}

// TestAuditPageValidUTF8: the generated catalogue is valid UTF-8 even where
// an example holds bytes that are not (invalid-utf8's "/caf\xE9").
func TestAuditPageValidUTF8(t *testing.T) {
	page := AuditPage(lint.ChecksLang("en"))
	if !utf8.Valid(page) {
		t.Fatal("docs/audit.md would not be valid UTF-8")
	}
	if !bytes.Contains(page, []byte(`/caf\xE9`)) {
		t.Error(`the invalid byte of the invalid-utf8 example is not shown as \xE9`)
	}
}
