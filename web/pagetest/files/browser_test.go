package files_test

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"net/http/httptest"
	"net/url"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"sort"
	"strings"
	"testing"
	"time"
	"unicode/utf8"

	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/input"
	"github.com/chromedp/chromedp"

	"github.com/robotstxt/robotstxt/internal/testutil"
	"github.com/robotstxt/robotstxt/server"
	"github.com/robotstxt/robotstxt/web/internal/pagetesting"
)

func TestBrowser(t *testing.T) {
	pagetesting.BrowserTest(t)
	b := pagetesting.NewBrowser(t)

	t.Run("file picker and drop", func(t *testing.T) {
		ctx := b.Tab(t)
		b.Open(t, ctx, "")
		file := filepath.Join(t.TempDir(), "robots.txt")
		if err := os.WriteFile(file, []byte("\xEF\xBB\xBFUser-agent: *\r\nDisallow: /from-file/\r\n"), 0o644); err != nil {
			t.Fatal(err)
		}
		pagetesting.Do(t, ctx, chromedp.SetUploadFiles(chromedp.ID("file"), []string{file}))
		pagetesting.WaitFor(t, ctx, `document.getElementById("robots").value.includes("/from-file/")`)
		pagetesting.WaitFor(t, ctx, `document.querySelectorAll("#structure-body [data-group]").length === 1`)
		pagetesting.TypeInto(t, ctx, "agent", "AnyBot")
		pagetesting.TypeInto(t, ctx, "url", "/from-file/x")
		pagetesting.WaitFor(t, ctx, `document.getElementById("verdict-word") && document.getElementById("verdict-word").innerText === "DISALLOWED"`)
		if got := pagetesting.BandLines(t, ctx, "disallow"); got != "2" {
			t.Errorf("deciding line = %q, want 2", got)
		}

		// Dropping a file on the editor opens it too.
		dropped := filepath.Join(t.TempDir(), "dropped.txt")
		if err := os.WriteFile(dropped, []byte("User-agent: *\nAllow: /from-file/x\nDisallow: /\n"), 0o644); err != nil {
			t.Fatal(err)
		}
		box := pagetesting.Eval[[]float64](t, ctx, `(() => { const r = document.getElementById("editor").getBoundingClientRect(); return [r.x + r.width / 2, r.y + r.height / 2] })()`)
		pagetesting.Do(t, ctx, chromedp.Func(func(ctx context.Context, tg *chromedp.Target) error {
			data := &input.DragData{Items: []*input.DragDataItem{}, Files: []string{dropped}, DragOperationsMask: 1}
			for _, typ := range []input.DispatchDragEventType{input.DispatchDragEventTypeDragEnter, input.DispatchDragEventTypeDragOver, input.DispatchDragEventTypeDrop} {
				if _, err := cdp.Call(ctx, tg, input.DispatchDragEvent, input.DispatchDragEventParams{Type: typ, X: box[0], Y: box[1], Data: data}); err != nil {
					return err
				}
			}
			return nil
		}))
		pagetesting.WaitFor(t, ctx, `document.getElementById("robots").value.includes("Allow: /from-file/x")`)
		pagetesting.WaitFor(t, ctx, `document.getElementById("verdict-word").innerText === "ALLOWED" && /line 2/.test(document.getElementById("verdict-rule").innerText)`)
		if got := pagetesting.Eval[string](t, ctx, `location.href`); !strings.HasPrefix(got, b.URL) {
			t.Errorf("the drop navigated away to %s", got)
		}
	})

	t.Run("500 KiB file stays responsive", func(t *testing.T) {
		ctx := b.Tab(t)
		b.Open(t, ctx, "")
		// Put 530 KiB of text in the box. Laying it out is the browser's own
		// work on the main thread, so it is measured apart; then watch for main-thread tasks over 50 ms while
		// the file is parsed, audited, shown and checked.
		loadStart := time.Now()
		pagetesting.Do(t, ctx, chromedp.Evaluate[chromedp.Void](`(() => {
			const lines = ["User-agent: *"];
			let n = 0, size = 14;
			while (size < 530 * 1024) { const l = "Disallow: /generated/section-" + (n++) + "/page-*.html$"; lines.push(l); size += l.length + 1; }
			lines.push("User-agent: Googlebot", "Disallow: /after-the-limit/");
			const ta = document.getElementById("robots");
			ta.value = lines.join("\n") + "\n";
			ta.dispatchEvent(new Event("input"));
			ta.scrollTop;
		})()`))
		loaded := time.Since(loadStart)
		pagetesting.Do(t, ctx, chromedp.Evaluate[chromedp.Void](`new Promise(r => requestAnimationFrame(() => setTimeout(r, 0)))`, chromedp.EvalAwaitPromise))
		pagetesting.Do(t, ctx, chromedp.Evaluate[chromedp.Void](`window.longTasks = []; new PerformanceObserver(l => { for (const e of l.getEntries()) window.longTasks.push(e.duration) }).observe({type: "longtask"})`))
		start := time.Now()
		pagetesting.Do(t, ctx, chromedp.Click(chromedp.ID("parse")))
		pagetesting.WaitFor(t, ctx, `document.querySelector("#structure-body .notice") !== null`)
		parsed := time.Since(start)
		pagetesting.TypeInto(t, ctx, "agent", "Googlebot")
		pagetesting.TypeInto(t, ctx, "url", "/generated/section-5000/page-1.html")
		pagetesting.WaitFor(t, ctx, `document.getElementById("verdict-word") && document.getElementById("verdict-word").innerText === "DISALLOWED"`)
		total := time.Since(start)
		longest := pagetesting.Eval[float64](t, ctx, `Math.max(0, ...window.longTasks)`)
		t.Logf("530 KiB file: text laid out by the browser in %v; parsed, audited and shown in %v; checked after %v; longest main-thread task meanwhile %.0f ms",
			loaded.Round(time.Millisecond), parsed.Round(time.Millisecond), total.Round(time.Millisecond), longest)
		// What keeps the page responsive, counted rather than timed (a
		// loaded machine stretches every task): the parsing runs in the
		// worker, and the main thread lays out only the first rows of the
		// parsed view and the gutter numbers around the visible lines, not
		// the file's 18,000 lines.
		if n := pagetesting.Eval[int](t, ctx, `document.querySelectorAll("#structure-body .rec").length`); n > 400 {
			t.Errorf("the parsed view laid out %d records of a 530 KiB file at once, want at most 400", n)
		}
		if n := pagetesting.Eval[int](t, ctx, `document.querySelector("#gutter .gutter-inner").textContent.split("\n").length`); n > 400 {
			t.Errorf("the gutter laid out %d line numbers, want at most 400", n)
		}
		// Googlebot's group is past the 500 KiB limit: the * rules apply.
		if got := pagetesting.TextOf(t, ctx, "verdict-rule"); !strings.Contains(got, "line 5002") {
			t.Errorf("deciding rule = %q, want line 5002", got)
		}
		b.Screenshot(t, ctx, "large-file", false)
	})

	t.Run("file bytes are analysed, not the text box's text", func(t *testing.T) {
		ctx := b.Tab(t)
		b.Open(t, ctx, "")
		dir := t.TempDir()
		// A byte order mark and CRLF: the text box loses both, the audit
		// must still see the BOM.
		const bomText = "\xEF\xBB\xBFUser-agent: *\r\nDisallow: /a/\r\n"
		pagetesting.Upload(t, ctx, pagetesting.WriteFile(t, dir, "bom.txt", bomText))
		pagetesting.WaitParsed(t, ctx, len(bomText))
		if ids := pagetesting.FindingIDs(t, ctx); !strings.Contains(ids, "bom@") {
			t.Errorf("audit of a BOM+CRLF file: %s, want a bom finding", ids)
		}
		if got := pagetesting.TextOf(t, ctx, "editor-status"); !strings.Contains(got, "CRLF line endings") || !strings.Contains(got, "byte order mark") {
			t.Errorf("status = %q, want CRLF and the byte order mark said", got)
		}
		b.Screenshot(t, ctx, "bom-crlf", false)

		// Mixed line endings are seen.
		const mixed = "User-agent: *\r\nDisallow: /a/\nDisallow: /b/\r\n"
		pagetesting.Upload(t, ctx, pagetesting.WriteFile(t, dir, "mixed.txt", mixed))
		pagetesting.WaitParsed(t, ctx, len(mixed))
		if got := pagetesting.TextOf(t, ctx, "editor-status"); !strings.Contains(got, "mixed line endings (CRLF+LF)") {
			t.Errorf("status = %q, want mixed line endings", got)
		}

		// Latin-1: the page and the command line give the same answer
		// for the percent-encoded byte.
		const latin = "User-agent: *\nDisallow: /caf\xE9/\n"
		pagetesting.Upload(t, ctx, pagetesting.WriteFile(t, dir, "latin1.txt", latin))
		pagetesting.WaitParsed(t, ctx, len(latin))
		if !pagetesting.Eval[bool](t, ctx, `!!document.querySelector('[data-notice="not-utf8"]')`) {
			t.Error("no notice that the file is not UTF-8")
		}
		word, line := pagetesting.VerdictFor(t, ctx, "AnyBot", "/caf%E9/x")
		if word != "DISALLOWED" || line != 2 {
			t.Errorf("Latin-1 rule: %s by line %d, want DISALLOWED by line 2", word, line)
		}
		if got := pagetesting.TextOf(t, ctx, "verdict-rule"); !strings.Contains(got, "Disallow: /caf%E9/") {
			t.Errorf("Latin-1 rule shown as %q, want Disallow: /caf%%E9/", got)
		}
		b.Screenshot(t, ctx, "latin1", false)

		// After an edit the text is analysed, and the page says so until
		// the notice is dismissed.
		pagetesting.Do(t, ctx, chromedp.Click(chromedp.ID("robots")), chromedp.KeyEvent("x"))
		pagetesting.WaitFor(t, ctx, `!!document.querySelector('[data-notice="edited"]')`)
		pagetesting.Do(t, ctx, chromedp.Click(chromedp.ID("parse")))
		pagetesting.Do(t, ctx, chromedp.Evaluate[chromedp.Void](`new Promise(r => setTimeout(r, 300))`, chromedp.EvalAwaitPromise))
		if !pagetesting.Eval[bool](t, ctx, `!!document.querySelector('[data-notice="edited"]')`) {
			t.Error("the edited notice did not stay after a parse")
		}
		pagetesting.Do(t, ctx, chromedp.Click(chromedp.CSS(`[data-notice="edited"] .dismiss`)))
		if pagetesting.Eval[bool](t, ctx, `!!document.querySelector('[data-notice="edited"]')`) {
			t.Error("the notice stayed after it was dismissed")
		}
	})

	t.Run("a file over the limit: true size, the cut in the editor, the verdict says so", func(t *testing.T) {
		ctx := b.Tab(t)
		b.Open(t, ctx, "")
		dir := t.TempDir()
		var sb strings.Builder
		// LateBot's group is past the 500 KiB limit but within the 2 MiB
		// the page loads; the file goes on past those 2 MiB.
		sb.WriteString("User-agent: *\nDisallow: /private/\n")
		n := 3
		for sb.Len() < 2200<<10 {
			if n == 40000 {
				sb.WriteString("User-agent: LateBot\nDisallow: /\n")
				n += 2
			}
			fmt.Fprintf(&sb, "Disallow: /generated/%d/\n", n)
			n++
		}
		big := pagetesting.WriteFile(t, dir, "big.txt", sb.String())
		pagetesting.Upload(t, ctx, big)
		pagetesting.WaitFor(t, ctx, `!!document.querySelector('[data-notice="file-cut"]') && !!document.querySelector("#structure-body .summary")`)
		note := pagetesting.Eval[string](t, ctx, `document.querySelector('[data-notice="file-cut"]').innerText`)
		if want := fmt.Sprintf("%s bytes (%s lines)", pagetesting.Commas(sb.Len()), pagetesting.Commas(n)); !strings.Contains(note, want) {
			t.Errorf("file notice %q lacks the true size and line count %q", note, want)
		}
		cut := pagetesting.Eval[int](t, ctx, `+document.querySelector(".band.b-cut").dataset.line`)
		marks := pagetesting.Eval[string](t, ctx, `[...document.querySelectorAll(".mark.m-cut")].map(m => m.dataset.line).join(",")`)
		if cut < 10000 || marks != fmt.Sprint(cut) {
			t.Errorf("cut band at line %d, cut marks %q", cut, marks)
		}
		word, _ := pagetesting.VerdictFor(t, ctx, "LateBot", "/page")
		if word != "ALLOWED" {
			t.Errorf("LateBot /page = %s, want ALLOWED (its group is past the limit)", word)
		}
		if got := pagetesting.TextOf(t, ctx, "verdict-cut"); !strings.Contains(got, "would change this answer") || !strings.Contains(got, "DISALLOWED by line") {
			t.Errorf("cut note = %q", got)
		}
		// Line numbers are written one way, without separators, in one
		// sentence as everywhere.
		if got := pagetesting.TextOf(t, ctx, "verdict-cut"); regexp.MustCompile(`line \d{1,3},\d`).MatchString(got) || !regexp.MustCompile(`from line \d{5}\b`).MatchString(got) {
			t.Errorf("cut note writes line numbers two ways: %q", got)
		}
		pagetesting.VerdictFor(t, ctx, "OtherBot", "/page")
		if got := pagetesting.TextOf(t, ctx, "verdict-cut"); !strings.Contains(got, "would not change this answer") {
			t.Errorf("cut note = %q", got)
		}
		// The notice stays across a new parse until dismissed.
		pagetesting.Do(t, ctx, chromedp.Click(chromedp.ID("parse")))
		pagetesting.Do(t, ctx, chromedp.Evaluate[chromedp.Void](`new Promise(r => setTimeout(r, 500))`, chromedp.EvalAwaitPromise))
		if !pagetesting.Eval[bool](t, ctx, `!!document.querySelector('[data-notice="file-cut"]')`) {
			t.Error("the file notice went away by itself")
		}
		if got := pagetesting.Eval[string](t, ctx, `document.getElementById("notices").innerText`); strings.Contains(got, "Something went wrong") {
			t.Errorf("notice worded as an error: %q", got)
		}
		pagetesting.Do(t, ctx, chromedp.Evaluate[chromedp.Void](`document.getElementById("editor").scrollIntoView()`))
		pagetesting.Do(t, ctx, chromedp.Evaluate[chromedp.Void](fmt.Sprintf(`(() => { const ta = document.getElementById("robots"); ta.scrollTop = (%d - 8) * 20; ta.dispatchEvent(new Event("scroll")) })()`, cut)))
		b.Screenshot(t, ctx, "cut-marker", false)
	})

	t.Run("nothing leaves the browser", b.NothingLeaves)
}

// TestBrowserCorpus and TestBrowserCorpusLarge: on real files of every
// kind (the largest, past the limit; a byte order mark; CRLF; bytes that
// are not UTF-8; plain ones), the page's parsed view, audit and verdicts
// are the command line's and the API's. The largest file takes about as
// long as all the others, so it has a browser of its own, and both run
// beside TestBrowser.
func TestBrowserCorpus(t *testing.T) {
	pagetesting.BrowserTest(t)
	small, _ := corpusSample(t)
	agreeOnCorpus(t, small)
}

func TestBrowserCorpusLarge(t *testing.T) {
	pagetesting.BrowserTest(t)
	_, large := corpusSample(t)
	agreeOnCorpus(t, large)
}

// agreeOnCorpus compares the page, in a browser of its own, with the
// command line and the API on the files.
func agreeOnCorpus(t *testing.T, files []string) {
	b := pagetesting.NewBrowser(t)
	t.Run("page, command line and API agree on corpus files", func(t *testing.T) {
		cli := pagetesting.BuildCLI(t)
		// The JSON API, on a server of its own: the recorded one must see
		// nothing but the page's GET requests.
		srv, err := server.New(server.Options{})
		if err != nil {
			t.Fatal(err)
		}
		api := httptest.NewServer(srv)
		defer api.Close()
		ctx := b.Tab(t)
		b.Open(t, ctx, "")
		for _, f := range files {
			data, err := os.ReadFile(f)
			if err != nil {
				t.Fatal(err)
			}
			pagetesting.Upload(t, ctx, f)
			pagetesting.WaitParsed(t, ctx, len(data))
			name := filepath.Base(f)
			var doc struct {
				Groups []struct {
					Rules []json.RawMessage `json:"rules"`
				} `json:"groups"`
				Orphans, Sitemaps, Other []json.RawMessage
				Parsed, Lines            int
			}
			pagetesting.RunJSON(t, cli, &doc, "parse", "--json", "-f", f)
			rules := len(doc.Orphans)
			for _, g := range doc.Groups {
				rules += len(g.Rules)
			}
			want := fmt.Sprintf("parsed=%d lines=%d groups=%d rules=%d sitemaps=%d other=%d", doc.Parsed, doc.Lines, len(doc.Groups), rules, len(doc.Sitemaps), len(doc.Other))
			got := pagetesting.Eval[string](t, ctx, `(() => { const d = document.querySelector("#structure-body .summary").dataset; return "parsed=" + d.parsed + " lines=" + d.lines + " groups=" + d.groups + " rules=" + d.rules + " sitemaps=" + d.sitemaps + " other=" + d.other })()`)
			if got != want {
				t.Errorf("%s: page %s, command line %s", name, got, want)
			}
			var lint struct {
				Files []struct {
					Findings []struct {
						ID   string `json:"id"`
						Line int    `json:"line"`
					} `json:"findings"`
				} `json:"files"`
			}
			pagetesting.RunJSON(t, cli, &lint, "lint", "--format", "json", "-f", f)
			if len(lint.Files) != 1 {
				t.Fatalf("%s: lint --json gave %d files, want 1", name, len(lint.Files))
			}
			var ids []string
			for _, x := range lint.Files[0].Findings {
				ids = append(ids, fmt.Sprintf("%s@%d", x.ID, x.Line))
			}
			sort.Strings(ids)
			if got := pagetesting.FindingIDs(t, ctx); got != strings.Join(ids, " ") {
				t.Errorf("%s: audit differs\npage:          %.300s\ncommand line:  %.300s", name, got, strings.Join(ids, " "))
			}
			// The command line answers every agent and URL in one run.
			agents, urls := []string{"Googlebot", "Googlebot-Image", "SomeOtherBot"}, probeURLs(data)
			fromCLI := checkAll(t, cli, f, agents, urls)
			for _, agent := range agents {
				for _, u := range urls {
					v, ok := fromCLI[agent+" "+u]
					if !ok {
						t.Fatalf("%s: check --json gave no answer for %s %s", name, agent, u)
					}
					word, line := pagetesting.VerdictFor(t, ctx, agent, u)
					wantLine := 0
					if v.Rule != nil {
						wantLine = v.Rule.Line
					}
					if (word == "ALLOWED") != v.Allowed || line != wantLine {
						t.Errorf("%s: %s %s: page %s by line %d, command line allowed=%v by line %d", name, agent, u, word, line, v.Allowed, wantLine)
					}
					var fromAPI []answer
					pagetesting.PostJSON(t, api.URL+"/api/v1/check?"+url.Values{"agent": {agent}, "url": {u}}.Encode(), data, &fromAPI)
					apiLine := 0
					if len(fromAPI) == 1 && fromAPI[0].Rule != nil {
						apiLine = fromAPI[0].Rule.Line
					}
					if len(fromAPI) != 1 || fromAPI[0].Allowed != v.Allowed || apiLine != wantLine {
						t.Errorf("%s: %s %s: API %+v, command line allowed=%v by line %d", name, agent, u, fromAPI, v.Allowed, wantLine)
					}
				}
			}
		}
		t.Logf("%d corpus files compared", len(files))
	})

	t.Run("nothing leaves the browser", b.NothingLeaves)
}

// corpusSample picks real files of every kind the page must read as the
// command line does: files with a byte order mark, CRLF line endings,
// bytes that are not UTF-8, and plain ones; and, apart, the largest (past
// the limit, CRLF).
func corpusSample(t *testing.T) (small, large []string) {
	t.Helper()
	dir, err := filepath.Abs(testutil.CorpusDir(t, "../../../../shared/corpus/robots"))
	if err != nil {
		t.Fatal(err)
	}
	entries, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	kinds := map[string]int{}
	for _, e := range entries {
		p := filepath.Join(dir, e.Name())
		data, err := os.ReadFile(p)
		if err != nil {
			t.Fatal(err)
		}
		kind := "plain"
		switch {
		case strings.Contains(e.Name(), "merckmanuals.com"):
			kind = "large"
		case bytes.HasPrefix(data, []byte("\xEF\xBB\xBF")):
			kind = "bom"
		case !utf8.Valid(data):
			kind = "not-utf8"
		case bytes.Contains(data, []byte("\r\n")):
			kind = "crlf"
		}
		if kinds[kind] < 2 && len(data) < 800<<10 {
			kinds[kind]++
			if kind == "large" {
				large = append(large, p)
			} else {
				small = append(small, p)
			}
		}
	}
	if kinds["large"] == 0 {
		t.Fatal("the corpus lacks merckmanuals.com (713,120 bytes)")
	}
	return small, large
}

// probeURLs derives a few paths from a file's first rules, and "/".
func probeURLs(data []byte) []string {
	urls := []string{"/"}
	re := regexp.MustCompile(`(?im)^\s*(?:dis)?allow\s*:\s*(/[^\s#*$]*)`)
	for _, m := range re.FindAllSubmatch(data, -1) {
		if len(urls) == 3 {
			break
		}
		u := string(m[1]) + "x"
		if utf8.ValidString(u) && !slices.Contains(urls, u) {
			urls = append(urls, u)
		}
	}
	return urls
}

// answer is what the command line and the API say of one agent and URL.
type answer struct {
	Agent   string `json:"agent"`
	URL     string `json:"url"`
	Allowed bool   `json:"allowed"`
	Rule    *struct {
		Line int `json:"line"`
	} `json:"rule"`
}

// checkAll runs "robotstxt check --json" once for every agent and URL
// (one process, not one per answer) and returns its answers by
// "agent url". Exit status 1 (an answer is disallowed) is not a failure.
func checkAll(t *testing.T, cli, file string, agents, urls []string) map[string]answer {
	t.Helper()
	args := []string{"check", "--json", "-f", file}
	for _, a := range agents {
		args = append(args, "-a", a)
	}
	args = append(append(args, "--"), urls...)
	cmd := exec.Command(cli, args...)
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil && cmd.ProcessState.ExitCode() != 1 {
		t.Fatalf("robotstxt %s: %v\n%s", strings.Join(args, " "), err, stderr.String())
	}
	got := map[string]answer{}
	dec := json.NewDecoder(bytes.NewReader(out))
	for dec.More() {
		var a answer
		if err := dec.Decode(&a); err != nil {
			t.Fatalf("robotstxt %s: %v\n%.300s", strings.Join(args, " "), err, out)
		}
		got[a.Agent+" "+a.URL] = a
	}
	if len(got) != len(agents)*len(urls) {
		t.Fatalf("robotstxt %s: %d answers, want %d\n%.300s", strings.Join(args, " "), len(got), len(agents)*len(urls), out)
	}
	return got
}
