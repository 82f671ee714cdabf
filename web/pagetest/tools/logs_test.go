package tools_test

import (
	"bytes"
	"compress/gzip"
	"context"
	"encoding/base64"
	"encoding/json"
	"fmt"
	"strings"
	"testing"

	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/page"
	"github.com/chromedp/chromedp"

	"github.com/robotstxt/robotstxt/internal/loggen"
	"github.com/robotstxt/robotstxt/web/internal/pagetesting"
)

// logRow is a crawler's row of the page's log table, as shown.
type logRow struct {
	Requests      int `json:"requests"`
	RobotsFetches int `json:"robotsFetches"`
	Allowed       int `json:"allowed"`
	Violations    int `json:"violations"`
	Verified      int `json:"verified"`
	Spoofed       int `json:"spoofed"`
	Unverifiable  int `json:"unverifiable"`
}

// logTable reads the table once it shows the editor's current text.
func logTable(t *testing.T, ctx context.Context) map[string]logRow {
	t.Helper()
	pagetesting.WaitFor(t, ctx, `document.getElementById("logs-body").dataset.rev === document.getElementById("editor").dataset.rev && !!document.getElementById("logs-table")`)
	js := pagetesting.Eval[string](t, ctx, `JSON.stringify(Object.fromEntries([...document.querySelectorAll("#logs-table tbody tr")].map(tr =>
		[tr.dataset.token, Object.fromEntries([...tr.querySelectorAll("td[data-col]")].map(td => [td.dataset.col, Number(td.dataset.n)]))])))`)
	rows := map[string]logRow{}
	if err := json.Unmarshal([]byte(js), &rows); err != nil {
		t.Fatalf("table %s: %v", js, err)
	}
	return rows
}

// TestBrowserLogs: an access log opened in the page (plain and gzip) is
// judged in the browser against the robots.txt in the editor, and the
// table gives the counts the generator knows; nothing of it reaches the
// server. Editing the robots.txt hides the table at once and the log is
// read again against the new text; the editor keeps its text; the table
// follows the language; at phone width it fits and axe-core finds nothing.
func TestBrowserLogs(t *testing.T) {
	pagetesting.BrowserTest(t)
	axe := pagetesting.AxeSource(t)
	b := pagetesting.NewBrowser(t)
	ctx := b.OwnTab(t) // its script for every new document stays with the tab
	// Count what the page hands the worker: the log must go in pieces of
	// at most 1 MiB, never whole (an operation count, not a time).
	pagetesting.Do(t, ctx, chromedp.Func(func(ctx context.Context, tg *chromedp.Target) error {
		_, err := cdp.Call(ctx, tg, page.AddScriptToEvaluateOnNewDocument, page.AddScriptToEvaluateOnNewDocumentParams{Source: `
			window.feedPieces = [];
			const post = Worker.prototype.postMessage;
			Worker.prototype.postMessage = function (m, ...rest) {
				if (m && m.fn === "logsFeed") window.feedPieces.push(m.args[0].byteLength);
				return post.call(this, m, ...rest);
			};`})
		return err
	}))
	b.Open(t, ctx, "#robots="+base64.RawURLEncoding.EncodeToString([]byte(loggen.Robots))+"&agent=Googlebot&url=%2F")

	// 20,000 lines (3.6 MB): four pieces of 1 MiB, lines cut between them.
	log, w := loggen.Combined(20000, 11)
	log = strings.Replace(log, "\n", "\n\x00binary junk\n", 1) // line 2 is bad
	dir := t.TempDir()
	plain := pagetesting.WriteFile(t, dir, "access.log", log)
	var gz bytes.Buffer
	zw := gzip.NewWriter(&gz)
	zw.Write([]byte(log))
	zw.Close()
	packed := pagetesting.WriteFile(t, dir, "access.log.1.gz", gz.String())
	// Cut in the middle: the page reports what it read, and says so.
	cut := pagetesting.WriteFile(t, dir, "cut.log.gz", gz.String()[:gz.Len()/2])

	want := map[string]logRow{
		"Googlebot": {Requests: w.GoogleAllowed + w.GoogleViol + w.GoogleRobots + w.GoogleSpoofed, RobotsFetches: w.GoogleRobots,
			Allowed: w.GoogleAllowed, Violations: w.GoogleViol, Verified: w.GoogleAllowed + w.GoogleViol + w.GoogleRobots, Spoofed: w.GoogleSpoofed},
		"GPTBot": {Requests: w.GPTViol, Violations: w.GPTViol, Verified: w.GPTViol},
	}
	for _, file := range []string{plain, packed} {
		pagetesting.Do(t, ctx, chromedp.Evaluate[chromedp.Void](`window.feedPieces = []`))
		pagetesting.Do(t, ctx, chromedp.SetUploadFiles(chromedp.ID("logs-file"), []string{file}))
		// A new file: wait for its report, not the last one's.
		pagetesting.WaitFor(t, ctx, fmt.Sprintf(`document.getElementById("logs-status").innerText.includes(%q) && !!document.getElementById("logs-table")`, file[len(dir)+1:]+": "))
		if got := logTable(t, ctx); fmt.Sprint(got) != fmt.Sprint(want) {
			t.Errorf("%s: table\n%+v\nwant\n%+v", file, got, want)
		}
		status := pagetesting.TextOf(t, ctx, "logs-status")
		if !strings.Contains(status, "lines: 20,001") || !strings.Contains(status, "bad lines: 1") {
			t.Errorf("%s: status %q", file, status)
		}
		pieces := pagetesting.Eval[[]int](t, ctx, `window.feedPieces`)
		total := 0
		for _, n := range pieces {
			total += n
			if n > 1<<20 {
				t.Errorf("%s: a piece of %d bytes handed to the worker, over 1 MiB", file, n)
			}
		}
		if total != len(log) || len(pieces) != (len(log)+1<<20-1)>>20 {
			t.Errorf("%s: %d pieces of %d bytes in all handed to the worker, want %d bytes in %d", file, len(pieces), total, len(log), (len(log)+1<<20-1)>>20)
		}
		if got := pagetesting.TextOf(t, ctx, "logs-bad"); !strings.Contains(got, "2 (binary data)") {
			t.Errorf("%s: bad lines %q do not name line 2", file, got)
		}
		// The rules broken, with their lines and example URLs.
		for _, tt := range []struct {
			token string
			line  int
		}{{"Googlebot", loggen.PrivateLine}, {"GPTBot", loggen.GPTBotLine}} {
			got := pagetesting.Eval[string](t, ctx, fmt.Sprintf(`(() => { const li = document.querySelector('.logs-crawler[data-token=%q] li[data-line="%d"]'); return li ? li.querySelector(".rule").innerText + " | " + li.querySelectorAll(".examples li").length : "" })()`, tt.token, tt.line))
			if !strings.HasPrefix(got, "Disallow: /") || !strings.HasSuffix(got, "| 3") {
				t.Errorf("%s: %s's broken rule of line %d: %q", file, tt.token, tt.line, got)
			}
		}
	}
	if got := pagetesting.TextOf(t, ctx, "logs-identity"); !strings.Contains(got, "Google (2026-08-20)") || !strings.Contains(got, "unverifiable") {
		t.Errorf("identity note %q", got)
	}
	// The table fits the page's right-hand pane at desktop width, in every
	// language, and names each crawler's operator.
	for _, lang := range []string{"ru", "ro", "en"} {
		pagetesting.Do(t, ctx, chromedp.Click(chromedp.CSS(fmt.Sprintf(`.langs button[data-lang=%q]`, lang))))
		pagetesting.WaitFor(t, ctx, fmt.Sprintf(`document.documentElement.lang === %q && !!document.getElementById("logs-table")`, lang))
		if got := pagetesting.Eval[string](t, ctx, `(() => { const w = document.querySelector("#logs .table-wrap"); return w.scrollWidth > w.clientWidth + 1 ? w.scrollWidth + " > " + w.clientWidth : "" })()`); got != "" {
			t.Errorf("%s: the log table does not fit its pane: %s", lang, got)
		}
	}
	if got := pagetesting.Eval[string](t, ctx, `document.querySelector('#logs-table tr[data-token="GPTBot"] [data-col="operator"]').innerText`); got != "OpenAI" {
		t.Errorf("GPTBot's operator shown as %q", got)
	}
	pagetesting.Do(t, ctx, chromedp.ScrollIntoView(chromedp.ID("logs")))
	b.Screenshot(t, ctx, "logs", false)
	if got := pagetesting.Eval[string](t, ctx, `document.querySelector('#logs-table tr[data-token="Googlebot"] td[data-col="requests"]').innerText`); got != pagetesting.Commas(want["Googlebot"].Requests) {
		t.Errorf("Googlebot's requests shown as %q, want %q (the page's number format)", got, pagetesting.Commas(want["Googlebot"].Requests))
	}

	// Nothing of the log reached the server.
	for _, r := range b.Received() {
		if r.Method != "GET" || bytes.Contains(r.Body, []byte("GPTBot")) || strings.Contains(r.URL, "private") {
			t.Errorf("the page sent %s %s (%d bytes)", r.Method, r.URL, len(r.Body))
		}
	}

	// The robots.txt changes: the old table goes at once, the new one is
	// of the new text. Without its own group GPTBot falls to "*", which
	// allows /p/.
	pagetesting.SetField(t, ctx, "robots", "User-agent: *\nDisallow: /private/\n")
	if !pagetesting.Eval[bool](t, ctx, `!document.getElementById("logs-table") || document.getElementById("logs-body").dataset.rev === document.getElementById("editor").dataset.rev`) {
		t.Error("after an edit, the table of the old robots.txt is still shown")
	}
	got := logTable(t, ctx)
	if o := got["GPTBot"]; o.Violations != 0 || o.Allowed != w.GPTViol {
		t.Errorf("GPTBot against the edited file: %+v, want %d allowed", o, w.GPTViol)
	}
	if g := got["Googlebot"]; g != want["Googlebot"] {
		t.Errorf("Googlebot against the edited file: %+v, want %+v", g, want["Googlebot"])
	}
	if v := pagetesting.Eval[string](t, ctx, `document.getElementById("robots").value`); v != "User-agent: *\nDisallow: /private/\n" {
		t.Errorf("the editor holds %q after the log was read", v)
	}

	// Languages: the same table, in the page's words.
	for _, tt := range []struct{ lang, header string }{{"ru", "Запрещено, но загружено"}, {"ro", "Interzise, dar preluate"}, {"en", "Disallowed yet fetched"}} {
		pagetesting.Do(t, ctx, chromedp.Click(chromedp.CSS(fmt.Sprintf(`.langs button[data-lang=%q]`, tt.lang))))
		pagetesting.WaitFor(t, ctx, fmt.Sprintf(`document.documentElement.lang === %q && document.querySelector("#logs-table thead").textContent.includes(%q)`, tt.lang, tt.header))
		if again := logTable(t, ctx); fmt.Sprint(again) != fmt.Sprint(got) {
			t.Errorf("%s: table %+v, was %+v", tt.lang, again, got)
		}
	}

	// A gzip log cut short: what was read is judged, and the page says so.
	pagetesting.Do(t, ctx, chromedp.SetUploadFiles(chromedp.ID("logs-file"), []string{cut}))
	pagetesting.WaitFor(t, ctx, `!!document.getElementById("logs-truncated") && !!document.getElementById("logs-table")`)
	if n := logTable(t, ctx)["Googlebot"].Requests; n <= 0 || n >= want["Googlebot"].Requests {
		t.Errorf("a log cut in half: Googlebot has %d requests, want some of %d", n, want["Googlebot"].Requests)
	}
	if got := pagetesting.TextOf(t, ctx, "logs-bad"); !strings.Contains(got, "(the stream breaks here)") {
		t.Errorf("a log cut in half: bad lines %q do not say where it breaks", got)
	}

	// Phone widths, every language: nothing wider than the screen, and
	// axe-core finds nothing wrong with the table.
	pagetesting.Do(t, ctx, chromedp.SetUploadFiles(chromedp.ID("logs-file"), []string{plain}))
	pagetesting.WaitFor(t, ctx, `!document.getElementById("logs-truncated") && !!document.getElementById("logs-table")`)
	pagetesting.FitsPhones(t, b, ctx, axe, `!!document.getElementById("logs-table")`, "logs")
	for _, p := range b.Problems() {
		t.Errorf("page problem: %s", p)
	}
}
