package pagetesting

import (
	"context"
	"fmt"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/cdproto/browser"
	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/input"
	"github.com/chromedp/cdproto/network"
	"github.com/chromedp/chromedp"
)

// Secret is in every robots.txt the tests type: no request may carry it.
const Secret = "/members-only-7q2xk9"

// RobotsText is the file most tests type: two groups, a tie, a sitemap.
const RobotsText = `User-agent: *
Disallow: /private/
Allow: /private/press/

User-agent: Googlebot
Disallow: ` + Secret + `/
Allow: /search/about
Disallow: /search

Sitemap: https://www.example.com/sitemap.xml
Crawl-delay: 10
`

// Do runs the steps in the tab and fails the test on an error.
func Do(t *testing.T, ctx context.Context, steps ...chromedp.Action[chromedp.Void]) {
	t.Helper()
	if err := chromedp.Do(ctx, steps...); err != nil {
		t.Fatal(err)
	}
}

// Eval evaluates a JavaScript expression in the tab.
func Eval[T any](t *testing.T, ctx context.Context, expr string) T {
	t.Helper()
	v, err := chromedp.Run(ctx, chromedp.Evaluate[T](expr))
	if err != nil {
		t.Fatalf("%s: %v", expr, err)
	}
	return v
}

// waitLimit bounds one WaitFor: what it waits for is a state, not a speed,
// and a machine at load average 30, running two browsers per test binary,
// once took more than 30 s to parse a 2 MiB file. Each package's test
// binary has its own 10-minute budget besides.
const waitLimit = 2 * time.Minute

// WaitFor polls a JavaScript condition until it holds (waitLimit at most),
// and fails with the page's banner and verdict when it does not.
func WaitFor(t *testing.T, ctx context.Context, expr string) {
	t.Helper()
	var err error
	for range 3 {
		_, err = chromedp.Run(ctx, chromedp.Poll[chromedp.Void](expr,
			chromedp.WithPollingInterval(25*time.Millisecond), chromedp.WithPollingTimeout(waitLimit)))
		// A poll that starts while a navigation replaces the document
		// loses its context; poll the new document.
		if err == nil || !strings.Contains(err.Error(), "Cannot find context") && !strings.Contains(err.Error(), "Inspected target navigated") {
			break
		}
	}
	if err != nil {
		state, _ := chromedp.Run(ctx, chromedp.Evaluate[string](`(document.getElementById("banner").hidden ? "" : "banner: " + document.getElementById("banner").innerText) + " verdict: " + document.getElementById("verdict").innerText`))
		t.Fatalf("waiting for %s: %v (page: %s)", expr, err, state)
	}
}

// Paste types text into the focused editor as a paste does: one input event
// with the whole text.
func Paste(t *testing.T, ctx context.Context, text string) {
	t.Helper()
	Do(t, ctx, chromedp.Click(chromedp.ID("robots")), chromedp.Func(func(ctx context.Context, tg *chromedp.Target) error {
		_, err := cdp.Call(ctx, tg, input.InsertText, input.InsertTextParams{Text: text})
		return err
	}))
}

// TypeInto empties an input and types text into it, key by key. The
// emptying is an input event too, as when a user deletes the text: the
// page never holds a value it was not told of.
func TypeInto(t *testing.T, ctx context.Context, id, text string) {
	t.Helper()
	Do(t, ctx, chromedp.Evaluate[chromedp.Void](fmt.Sprintf(`(() => { const e = document.getElementById(%q); if (e.value) { e.value = ""; e.dispatchEvent(new Event("input")) } })()`, id)),
		chromedp.SendKeys(chromedp.ID(id), text))
}

// TextOf returns the text of the element with the id ("" for none).
func TextOf(t *testing.T, ctx context.Context, id string) string {
	t.Helper()
	return Eval[string](t, ctx, fmt.Sprintf(`(document.getElementById(%q) || {}).innerText || ""`, id))
}

// BandLines returns the highlighted lines of a kind.
func BandLines(t *testing.T, ctx context.Context, kind string) string {
	t.Helper()
	return Eval[string](t, ctx, fmt.Sprintf(`[...document.querySelectorAll(".band.b-%s")].map(b => b.dataset.line).join(",")`, kind))
}

// NoRawMarkup fails when the catalogue's markup (**, `, {param}) shows as
// text instead of being rendered.
func NoRawMarkup(t *testing.T, ctx context.Context, lang string) {
	t.Helper()
	text := Eval[string](t, ctx, `document.body.innerText`)
	for _, bad := range []string{"**", "`", "{n}", "{token}", "{rule}"} {
		if i := strings.Index(text, bad); i >= 0 {
			t.Errorf("%s page shows raw markup %q: …%s…", lang, bad, text[max(0, i-60):min(len(text), i+60)])
		}
	}
}

// Header returns a response header of the network log, by name in any case.
func Header(h network.Headers, name string) string {
	for k, v := range h {
		if strings.EqualFold(k, name) {
			return fmt.Sprint(v)
		}
	}
	return ""
}

// WriteFile writes data to dir/name and returns the path.
func WriteFile(t *testing.T, dir, name, data string) string {
	t.Helper()
	p := filepath.Join(dir, name)
	if err := os.WriteFile(p, []byte(data), 0o644); err != nil {
		t.Fatal(err)
	}
	return p
}

// Upload opens a file through the page's file picker.
func Upload(t *testing.T, ctx context.Context, path string) {
	t.Helper()
	Do(t, ctx, chromedp.SetUploadFiles(chromedp.ID("file"), []string{path}))
}

// WaitParsed waits until the parsed view shows the current text, of size
// bytes.
func WaitParsed(t *testing.T, ctx context.Context, size int) {
	t.Helper()
	WaitFor(t, ctx, fmt.Sprintf(`(() => { const s = document.querySelector("#structure-body .summary"); return !!s && s.dataset.size === "%d" && s.dataset.rev === document.getElementById("editor").dataset.rev })()`, size))
}

// FindingIDs returns the audit as shown, every finding, as sorted
// "id@line" words.
func FindingIDs(t *testing.T, ctx context.Context) string {
	t.Helper()
	WaitFor(t, ctx, `(() => { const a = document.getElementById("audit-body"); return a.dataset.rev === document.getElementById("editor").dataset.rev })()`)
	return Eval[string](t, ctx, `(() => {
		for (const f of document.querySelectorAll('#audit-body .filter[aria-pressed="false"]')) f.click();
		const more = document.querySelector("#audit-body > .more");
		if (more) more.click();
		return [...document.querySelectorAll("#audit-body .finding")].map(f => f.querySelector(".id").innerText + "@" + f.dataset.line).sort().join(" ");
	})()`)
}

// SetField sets an input's value as a paste does, one input event.
func SetField(t *testing.T, ctx context.Context, id, value string) {
	t.Helper()
	Do(t, ctx, chromedp.Evaluate[chromedp.Void](fmt.Sprintf(`(() => { const e = document.getElementById(%q); e.value = %q; e.dispatchEvent(new Event("input")) })()`, id, value)))
}

// VerdictFor asks the matcher and waits for its verdict on the current
// text: the word and the deciding line (0 for none).
func VerdictFor(t *testing.T, ctx context.Context, agent, u string) (string, int) {
	t.Helper()
	// Fill both fields and press Check, as a user who pastes both would.
	Do(t, ctx, chromedp.Evaluate[chromedp.Void](fmt.Sprintf(`(() => {
		document.getElementById("agent").value = %q;
		document.getElementById("url").value = %q;
		document.getElementById("check-form").requestSubmit();
	})()`, agent, u)))
	subject := agent + " → " + u
	if u == "" {
		subject = agent + ` → ""`
	}
	WaitFor(t, ctx, fmt.Sprintf(`(() => { const v = document.getElementById("verdict"); const s = v.querySelector(".verdict-subject"); return !!s && s.innerText === %q && v.dataset.rev === document.getElementById("editor").dataset.rev })()`, subject))
	word := TextOf(t, ctx, "verdict-word")
	line := Eval[int](t, ctx, `+((document.querySelector("#verdict-rule .line-link") || {dataset: {line: 0}}).dataset.line)`)
	return word, line
}

// WatchRowsPerTask counts, in window.rowsPerTask, the most table rows added
// under the element in one task: an operation count that a loaded machine
// does not change, where a time would stretch.
func WatchRowsPerTask(t *testing.T, ctx context.Context, id string) {
	t.Helper()
	Do(t, ctx, chromedp.Evaluate[chromedp.Void](fmt.Sprintf(`(() => {
		window.rowsPerTask = 0;
		new MutationObserver((records) => {
			let n = 0;
			for (const r of records) for (const a of r.addedNodes) {
				if (a.nodeType !== 1) continue;
				n += (a.tagName === "TR" && a.parentNode.tagName === "TBODY" ? 1 : 0) + a.querySelectorAll("tbody tr").length;
			}
			window.rowsPerTask = Math.max(window.rowsPerTask, n);
		}).observe(document.getElementById(%q), {childList: true, subtree: true});
	})()`, id)))
}

// Origin serves one robots.txt answer.
func Origin(t *testing.T, h http.HandlerFunc) string {
	t.Helper()
	s := httptest.NewServer(h)
	t.Cleanup(s.Close)
	return s.URL
}

// FetchSite types an address in "Fetch from a site", fetches and waits
// until the page shows the outcome (want is the API's status).
func FetchSite(t *testing.T, ctx context.Context, address, want string) {
	t.Helper()
	Do(t, ctx, chromedp.Evaluate[chromedp.Void](`document.getElementById("fetch-site").dataset.state = ""`))
	TypeInto(t, ctx, "fetch-url", address)
	Do(t, ctx, chromedp.Click(chromedp.ID("fetch-go")))
	WaitFor(t, ctx, fmt.Sprintf(`document.getElementById("fetch-site").dataset.state === %q`, want))
}

// Click clicks the element the selector finds, and fails at once when
// there is none (chromedp would wait for it until the test times out).
func Click(t *testing.T, ctx context.Context, sel string) {
	t.Helper()
	if !Eval[bool](t, ctx, fmt.Sprintf(`!!document.querySelector(%q)`, sel)) {
		t.Fatalf("nothing to click: %s", sel)
	}
	Do(t, ctx, chromedp.Click(chromedp.CSS(sel)))
}

// AllowDownloads saves the downloads of the tab's browser context in dir.
func AllowDownloads(t *testing.T, ctx context.Context, dir string) {
	t.Helper()
	c := chromedp.FromContext(ctx)
	if _, err := cdp.Call(ctx, c.Browser, browser.SetDownloadBehavior, browser.SetDownloadBehaviorParams{
		Behavior: browser.SetDownloadBehaviorBehaviorAllow, DownloadPath: dir, BrowserContextID: c.BrowserContextID,
	}); err != nil {
		t.Fatal(err)
	}
}

// WatchStale makes the page record, at every change of its document, each
// moment a view shows an answer about another version of the text than the
// one in the editor without being marked as recomputing (aria-busy): the
// verdict box, the crawler table, the verdict's highlight bands, the audit,
// the many-URLs table and the comparison. StaleSeen returns what was recorded. The check runs in a
// MutationObserver, after every task that changed the page, so that it does
// not depend on when the test looks.
func WatchStale(t *testing.T, ctx context.Context) {
	t.Helper()
	Do(t, ctx, chromedp.Evaluate[chromedp.Void](`(() => {
		window.staleSeen = [];
		window.busySeen = 0;
		const $ = (id) => document.getElementById(id);
		const look = () => {
			const rev = $("editor").dataset.rev;
			const v = $("verdict");
			const busy = (e) => e.getAttribute("aria-busy") === "true";
			if (busy(v)) window.busySeen++;
			if (v.querySelector(".verdict-word") && !busy(v) && v.dataset.rev !== rev) window.staleSeen.push("verdict of rev " + v.dataset.rev + " shown for rev " + rev);
			const m = $("matrix-body");
			if (m.querySelector("tr[data-token]") && !busy(m) && m.dataset.rev !== rev) window.staleSeen.push("crawler table of rev " + m.dataset.rev + " shown for rev " + rev);
			if (document.querySelector(".band.b-group, .band.b-allow, .band.b-disallow") && (busy(v) || v.dataset.rev !== rev)) window.staleSeen.push("verdict bands of rev " + v.dataset.rev + " shown for rev " + rev);
			const a = $("audit-body");
			if (a.querySelector(".finding, p.good") && !busy(a) && a.dataset.rev !== rev) window.staleSeen.push("audit of rev " + a.dataset.rev + " shown for rev " + rev);
			const many = $("many-body");
			if (many.querySelector("tbody tr") && !busy($("many")) && many.dataset.rev !== rev) window.staleSeen.push("many URLs of rev " + many.dataset.rev + " shown for rev " + rev);
			const c = $("compare-body");
			if (c.children.length && !busy($("compare")) && c.dataset.rev !== rev) window.staleSeen.push("comparison of rev " + c.dataset.rev + " shown for rev " + rev);
		};
		new MutationObserver(look).observe(document.body, {subtree: true, childList: true, attributes: true, attributeFilter: ["data-rev", "aria-busy", "class"]});
	})()`))
}

// StaleSeen returns what WatchStale recorded: the stale answers shown
// (none, when the page is right) and how many times a busy verdict was seen.
func StaleSeen(t *testing.T, ctx context.Context) ([]string, int) {
	t.Helper()
	seen := Eval[[]string](t, ctx, `window.staleSeen`)
	return seen, Eval[int](t, ctx, `window.busySeen`)
}

// InsertText types text at the editor's caret (or over its selection) as a
// paste does, without moving the caret first.
func InsertText(t *testing.T, ctx context.Context, text string) {
	t.Helper()
	Do(t, ctx, chromedp.Func(func(ctx context.Context, tg *chromedp.Target) error {
		_, err := cdp.Call(ctx, tg, input.InsertText, input.InsertTextParams{Text: text})
		return err
	}))
}
