package lint

import (
	"fmt"
	"os"
	"slices"
	"strings"
	"testing"

	"github.com/robotstxt/robotstxt"
	"github.com/robotstxt/robotstxt/diff"
	"github.com/robotstxt/robotstxt/internal/docexample"
	"github.com/robotstxt/robotstxt/internal/testutil"
)

// fixTests: each input, the text Fix makes of it, and which fixes it
// applies and which stay suggestions (with the reason), as "id@line".
//
// Cases marked unsafe are fixed with FixOptions.Unsafe (--unsafe-fixes):
// their fixes change verdicts on purpose. TestFix also runs them without
// it and checks that no unsafe fix is applied then.
var fixTests = []struct {
	name      string
	host      string
	unsafe    bool
	in, out   string
	applied   []string
	suggested []string // "id@line:reason"
	left      []string // without unsafe: the unsafe fixes left, "id@line"
}{
	{name: "a field name Google accepts: no verdict changes (RFC 9309 2.2; Google's parser)",
		in:      "Useragent: *\nDisallow: /admin/\n",
		out:     "User-agent: *\nDisallow: /admin/\n",
		applied: []string{"typo-accepted@1"}},
	{name: "a field name no crawler reads: the rule it becomes decides (RFC 9309 2.2)", unsafe: true,
		in:      "User-agent: *\nDisallw: /admin/\n",
		out:     "User-agent: *\nDisallow: /admin/\n",
		applied: []string{"unknown-directive@2"}},
	{name: "a user-agent typo moves a crawler to another group: a suggestion", unsafe: true,
		in:        "User-agnet: Googlebot\nDisallow: /x\n\nUser-agent: *\nDisallow: /y\n",
		out:       "User-agnet: Googlebot\nDisallow: /x\n\nUser-agent: *\nDisallow: /y\n",
		suggested: []string{"unknown-directive@1:other-verdicts"}},
	{name: "a typo fix that would close the site: a suggestion", unsafe: true,
		in:        "User-agent: *\nDisallw: /\n",
		out:       "User-agent: *\nDisallw: /\n",
		suggested: []string{"unknown-directive@2:closes-home"}},
	{name: "a missing colon (Google reads two words as the field)",
		in:      "User-agent: *\nDisallow /cart\n",
		out:     "User-agent: *\nDisallow: /cart\n",
		applied: []string{"missing-colon@2"}},
	{name: "a missing leading slash (RFC 9309 2.2.2: paths start with /)", unsafe: true,
		in:      "User-agent: *\nDisallow: admin/\n",
		out:     "User-agent: *\nDisallow: /admin/\n",
		applied: []string{"pattern-no-slash@2"}},
	{name: "an extension meant anywhere in the path", unsafe: true,
		in:      "User-agent: *\nDisallow: .pdf$\n",
		out:     "User-agent: *\nDisallow: /*.pdf$\n",
		applied: []string{"pattern-no-slash@2"}},
	{name: "a key written twice", unsafe: true,
		in:      "User-agent: *\nDisallow: Disallow: /tmp/\n",
		out:     "User-agent: *\nDisallow: /tmp/\n",
		applied: []string{"pattern-no-slash@2"}},
	{name: "a relative sitemap with --host (RFC 9309 2.4: a fully qualified URL)", host: "www.example.org",
		in:      "User-agent: *\nDisallow: /x\nSitemap: /sitemap.xml\n",
		out:     "User-agent: *\nDisallow: /x\nSitemap: https://www.example.org/sitemap.xml\n",
		applied: []string{"sitemap-not-absolute@3"}},
	{name: "a sitemap with its scheme twice: the second is the URL meant",
		in:      "User-agent: *\nDisallow: /x\nSitemap: https://https://www.example.org//sitemap.xml\n",
		out:     "User-agent: *\nDisallow: /x\nSitemap: https://www.example.org//sitemap.xml\n",
		applied: []string{"sitemap-not-absolute@3"}},
	{name: "a relative sitemap without --host: no fix",
		in:  "User-agent: *\nDisallow: /x\nSitemap: /sitemap.xml\n",
		out: "User-agent: *\nDisallow: /x\nSitemap: /sitemap.xml\n"},
	{name: "a duplicate in the same group goes",
		in:      "User-agent: *\nDisallow: /x\nDisallow: /y\nDisallow: /x\n",
		out:     "User-agent: *\nDisallow: /x\nDisallow: /y\n",
		applied: []string{"duplicate-rule@4"}},
	{name: "a duplicate through merged groups stays (the groups may serve different crawlers)",
		in:  "User-agent: *\nDisallow: /x\n\nUser-agent: *\nDisallow: /x\n",
		out: "User-agent: *\nDisallow: /x\n\nUser-agent: *\nDisallow: /x\n"},
	{name: "a glued line whose split is certain", unsafe: true,
		in:      "User-agent: *\nDisallow: /a/ Disallow: /b/ # old\n",
		out:     "User-agent: *\nDisallow: /a/\nDisallow: /b/ # old\n",
		applied: []string{"glued-directives@2"}},
	{name: "a glued line that would close the site: no fix",
		in:  "User-agent: *\nDisallow: /private/Disallow: /\n",
		out: "User-agent: *\nDisallow: /private/Disallow: /\n"},
	{name: "a glued line whose first rule lost its start: no fix",
		in:  "User-agent: *\nDisallow: ivate/ Disallow: /tmp/\n",
		out: "User-agent: *\nDisallow: ivate/ Disallow: /tmp/\n"},
	{name: "CRLF line endings are kept", unsafe: true,
		in:      "Useragent: *\r\nDisallow: /a/ Disallow: /b/\r\nDisallow: /c\r\nDisallow: /c\r\n",
		out:     "User-agent: *\r\nDisallow: /a/\r\nDisallow: /b/\r\nDisallow: /c\r\n",
		applied: []string{"duplicate-rule@4", "glued-directives@2", "typo-accepted@1"}},
	{name: "a byte order mark stays before the fixed first line", unsafe: true,
		in:      "\xEF\xBB\xBFUseragent: *\nDisallow: admin/\n",
		out:     "\xEF\xBB\xBFUser-agent: *\nDisallow: /admin/\n",
		applied: []string{"pattern-no-slash@2", "typo-accepted@1"}},
	{name: "lone CR line endings are kept, and a last line without one", unsafe: true,
		in:      "User-agent: *\rDisallow: /a/ Disallow: /b/",
		out:     "User-agent: *\rDisallow: /a/\rDisallow: /b/",
		applied: []string{"glued-directives@2"}},
	{name: "several fixes on one line, over two passes", unsafe: true,
		in:      "User-agent: *\nDisalow: admin/\n",
		out:     "User-agent: *\nDisallow: /admin/\n",
		applied: []string{"pattern-no-slash@2", "typo-accepted@2"}},
	{name: "a suppressed finding is not fixed",
		in:  "User-agent: *\nDisallow: admin/ # robotstxt: ignore pattern-no-slash\n",
		out: "User-agent: *\nDisallow: admin/ # robotstxt: ignore pattern-no-slash\n"},
	{name: "a repeat written with other escapes stays without --unsafe-fixes (Protego and urllib compare escapes as written)",
		in:   "User-agent: *\nDisallow: /*?*ls%3D*%3Fls%3D*\nDisallow: /*?*ls%3d*%3fls%3d*\n",
		out:  "User-agent: *\nDisallow: /*?*ls%3D*%3Fls%3D*\nDisallow: /*?*ls%3d*%3fls%3d*\n",
		left: []string{"duplicate-rule@3"}},
	{name: "the same repeat goes with --unsafe-fixes (RFC 9309 2.2.2 reads both alike)", unsafe: true,
		in:      "User-agent: *\nDisallow: /*?*ls%3D*%3Fls%3D*\nDisallow: /*?*ls%3d*%3fls%3d*\n",
		out:     "User-agent: *\nDisallow: /*?*ls%3D*%3Fls%3D*\n",
		applied: []string{"duplicate-rule@3"}},
	{name: "a repeat written the same way goes, its comment aside",
		in:      "User-agent: *\nDisallow: /x%3F # again\nDisallow: /x%3F\n",
		out:     "User-agent: *\nDisallow: /x%3F # again\n",
		applied: []string{"duplicate-rule@3"}},
	{name: "safe fixes apply and guessing ones wait on one line: typo-accepted without the slash",
		in:      "User-agent: *\nDisalow: admin/\n",
		out:     "User-agent: *\nDisallow: admin/\n",
		applied: []string{"typo-accepted@2"},
		left:    []string{"pattern-no-slash@2"}},
	{name: "a user-agent spelling that strict parsers skip: fixing it would open / for Googlebot there, so it waits",
		in:   "Useragent: Googlebot\nAllow: /\n\nUser-agent: *\nDisallow: /\n",
		out:  "Useragent: Googlebot\nAllow: /\n\nUser-agent: *\nDisallow: /\n",
		left: []string{"typo-accepted@1"}},
	{name: "an Allow without its colon: strict parsers skip it, fixing it opens /a/b there, so it waits",
		in:   "User-agent: *\nDisallow: /a\nAllow /a/b\n",
		out:  "User-agent: *\nDisallow: /a\nAllow /a/b\n",
		left: []string{"missing-colon@3"}},
	{name: "the same Allow with --unsafe-fixes: Google's verdicts stay", unsafe: true,
		in:      "User-agent: *\nDisallow: /a\nAllow /a/b\n",
		out:     "User-agent: *\nDisallow: /a\nAllow: /a/b\n",
		applied: []string{"missing-colon@3"}},
	{name: "a fix that reveals another: a typo fixed shows a duplicate", unsafe: true,
		in:      "User-agent: *\nDisallow: /x\nDisallw: /x\n",
		out:     "User-agent: *\nDisallow: /x\n",
		applied: []string{"duplicate-rule@3", "unknown-directive@3"}},
}

func TestFix(t *testing.T) {
	for _, tt := range fixTests {
		t.Run(tt.name, func(t *testing.T) {
			r := Fix(tt.in, &FixOptions{Options: Options{Host: tt.host}, Unsafe: tt.unsafe})
			if r.Text != tt.out {
				t.Errorf("Fix(%q):\n got %q\nwant %q", tt.in, r.Text, tt.out)
			}
			var applied, suggested []string
			for _, a := range r.Applied {
				applied = append(applied, a.ID+"@"+itoa(a.Line))
				if a.Reason != "" || len(a.Changes) > 0 {
					t.Errorf("applied %s@%d with reason %q and %d other changes", a.ID, a.Line, a.Reason, len(a.Changes))
				}
			}
			for _, s := range r.Suggested {
				suggested = append(suggested, s.ID+"@"+itoa(s.Line)+":"+s.Reason)
				if len(s.Changes) == 0 && s.Reason != "unproven" && s.Reason != "limit" {
					t.Errorf("suggestion %s@%d names no verdict it would change", s.ID, s.Line)
				}
			}
			var left []string
			for _, u := range r.Unsafe {
				left = append(left, u.ID+"@"+itoa(u.Line))
			}
			if !tt.unsafe && !slices.Equal(left, tt.left) {
				t.Errorf("unsafe fixes left %v, want %v", left, tt.left)
			}
			slices.Sort(applied)
			if !slices.Equal(applied, tt.applied) || !slices.Equal(suggested, tt.suggested) {
				t.Errorf("applied %v, suggested %v; want %v and %v", applied, suggested, tt.applied, tt.suggested)
			}
			checkFixed(t, tt.in, r, &Options{Host: tt.host})
			if tt.unsafe {
				checkSafe(t, tt.in, &Options{Host: tt.host})
			}
		})
	}
}

// checkSafe: without FixOptions.Unsafe, Fix applies no fix of a guessing
// check and none that changes a verdict, lists the guessing ones it left
// in Unsafe (with their lines in the text it returns), and a repeat it
// removes is written as the rule it repeats.
func checkSafe(t *testing.T, in string, opts *Options) {
	t.Helper()
	r := Fix(in, &FixOptions{Options: *opts})
	for _, a := range r.Applied {
		if a.Unsafe || unsafeFixes[a.ID] || a.Meant > 0 {
			t.Errorf("without --unsafe-fixes: applied %s@%d (unsafe %v, %d verdicts changed)", a.ID, a.Line, a.Unsafe, a.Meant)
		}
	}
	lines := strings.Split(strings.NewReplacer("\r\n", "\n", "\r", "\n").Replace(r.Text), "\n")
	for _, u := range r.Unsafe {
		if !u.Unsafe || u.Line < 1 || u.Line > len(lines) || lines[u.Line-1] != u.Old {
			t.Errorf("unsafe fix %s@%d: line %q is not in the text", u.ID, u.Line, u.Old)
		}
	}
	for _, s := range r.Suggested {
		if s.Reason == "unsafe" && (!s.Unsafe || s.Meant == 0) {
			t.Errorf("suggestion %s@%d kept as unsafe changes no verdict", s.ID, s.Line)
		}
	}
	checkFixed(t, in, r, opts)
}

// checkFixed verifies a Fix result independently: replaying each applied
// fix on the text as it stood, the diff engine finds no verdict change
// but those decided by the line the fix wrote or removed, and no crawler
// loses "/"; the replay ends at the result's text; and fixing again
// changes nothing (idempotence).
func checkFixed(t *testing.T, in string, r *FixResult, opts *Options) {
	t.Helper()
	cur := in
	for _, a := range r.Applied {
		next, ok := replay(cur, a)
		if !ok {
			t.Fatalf("fix %s@%d: line %d of the text is not %q", a.ID, a.Line, a.Line, a.Old)
		}
		ro, rn := robotstxt.ParseOptions(cur, &robotstxt.Options{}), robotstxt.ParseOptions(next, &robotstxt.Options{})
		res := diff.Compare(ro, rn, nil)
		for _, c := range res.Changes {
			oldMine := c.Old.Rule != nil && c.Old.Rule.Line == a.Line
			newMine := c.New.Rule != nil && c.New.Rule.Line >= a.Line && c.New.Rule.Line < a.Line+len(a.New)
			if !oldMine && !newMine {
				t.Errorf("fix %s@%d changes %s for %s, decided by another line", a.ID, a.Line, c.URL, c.Agent)
			}
		}
		for _, ag := range res.Agents {
			if ro.Agent(ag).Check("/").Allowed && !rn.Agent(ag).Check("/").Allowed {
				t.Errorf("fix %s@%d closes / for %s", a.ID, a.Line, ag)
			}
		}
		cur = next
	}
	if cur != r.Text {
		t.Errorf("the replay of the applied fixes gives %q, Fix gave %q", cur, r.Text)
	}
	again := Fix(r.Text, &FixOptions{Options: *opts})
	if again.Text != r.Text || len(again.Applied) != 0 {
		t.Errorf("fixing %q again applies %d fixes: %q", r.Text, len(again.Applied), again.Text)
	}
}

// replay applies a fix to line a.Line of text, as lines split there
// (LF, CRLF or CR), keeping that line's ending.
func replay(text string, a FixEdit) (string, bool) {
	for ln := range robotstxt.Lines(text) {
		if ln.Number != a.Line {
			continue
		}
		if ln.Text != a.Old {
			return "", false
		}
		end := ln.Offset + ln.Length
		eol := ""
		for _, e := range []string{"\r\n", "\n", "\r"} {
			if strings.HasPrefix(text[end:], e) {
				eol = e
				break
			}
		}
		if len(a.New) == 0 {
			return text[:ln.Offset] + text[end+len(eol):], true
		}
		if eol == "" {
			eol = "\n"
			if strings.HasSuffix(text[:ln.Offset], "\r") {
				eol = "\r"
			}
			if strings.HasSuffix(text[:ln.Offset], "\r\n") {
				eol = "\r\n"
			}
		}
		return text[:ln.Offset] + strings.Join(a.New, eol) + text[end:], true
	}
	return "", false
}

// FuzzFix: whatever the input, every applied fix changes only the
// verdicts it means to (checked by an independent replay through the diff
// engine), and fixing is idempotent.
func FuzzFix(f *testing.F) {
	for _, tt := range fixTests {
		f.Add(tt.in, tt.host)
	}
	for _, ex := range examples() {
		f.Add(ex.bad, "")
	}
	f.Fuzz(func(t *testing.T, in, host string) {
		if len(in) > 4096 || len(host) > 64 {
			return
		}
		opts := &Options{Host: host}
		r := Fix(in, &FixOptions{Options: *opts})
		checkFixed(t, in, r, opts)
	})
}

// TestFixCorpus fixes every file of the shared corpus and checks each
// result as FuzzFix does.
func TestFixCorpus(t *testing.T) {
	if testing.Short() {
		t.Skip("-short: the corpus run takes a while")
	}
	files := testutil.Corpus(t, "../../shared/corpus/robots")
	applied, suggested, changed := 0, map[string]int{}, 0
	for _, f := range files {
		if len(f.Data) > MaxFixBytes {
			continue // suggestions only (TestFixLimit)
		}
		r := Fix(string(f.Data), nil)
		checkFixed(t, string(f.Data), r, &Options{})
		applied += len(r.Applied)
		if len(r.Applied) > 0 {
			changed++
		}
		for _, s := range r.Suggested {
			suggested[s.Reason]++
		}
	}
	t.Logf("%d files: %d fixes applied in %d files; suggestions by reason: %v", len(files), applied, changed, suggested)
	// docs/auditing.md quotes the figures; -update rewrites them.
	unproven := 0
	for _, n := range suggested {
		unproven += n
	}
	checkCount(t, "../docs/auditing.md", "fix-corpus", fmt.Sprintf("%d fixes in %d files, all proven, %d left unproven", applied, changed, unproven))
}

// checkCount checks the figure a doc page quotes as <!-- count: name -->
// against want, the figure a test computed; with -update it rewrites it.
func checkCount(t *testing.T, page, name, want string) {
	t.Helper()
	raw, err := os.ReadFile(page)
	if err != nil {
		t.Fatal(err)
	}
	counts := docexample.Counts(string(raw))
	if !slices.ContainsFunc(counts, func(c docexample.Count) bool { return c.Name == name }) {
		t.Fatalf("%s: no <!-- count: %s --> figure", page, name)
	}
	for _, c := range counts {
		if c.Name != name || c.Text == want {
			continue
		}
		if !*testutil.Update {
			t.Errorf("%s says %q, the run gives %q (go test ./lint -run %s -update)", page, c.Text, want, t.Name())
			continue
		}
		if err := os.WriteFile(page, []byte(docexample.SetCount(string(raw), name, want)), 0o644); err != nil {
			t.Fatal(err)
		}
	}
}

// TestFixLimit: a file larger than MaxFixBytes gets its fixes as
// suggestions, unproven and unapplied.
func TestFixLimit(t *testing.T) {
	in := "User-agent: *\nDisallow /admin/\n" + strings.Repeat("Disallow: /page-x\n# "+strings.Repeat("x", 100)+"\n", MaxFixBytes/100)
	r := Fix(in, nil)
	if r.Text != in || len(r.Applied) != 0 || len(r.Suggested) == 0 || r.Suggested[0].Reason != "limit" || r.Suggested[0].Line != 2 {
		t.Errorf("a file of %d bytes: applied %d, suggested %+v", len(in), len(r.Applied), r.Suggested)
	}
}
