package files_test

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"github.com/robotstxt/robotstxt/web/internal/pagetesting"
)

// Issue 40: no view shows the answer for another text as if current.
func TestBrowserStaleAnswers(t *testing.T) {
	pagetesting.BrowserTest(t)
	b := pagetesting.NewBrowser(t)

	t.Run("a new file's verdict and table are marked recomputing until they arrive", func(t *testing.T) {
		ctx := b.Tab(t)
		b.Open(t, ctx, "")
		dir := t.TempDir()
		pagetesting.Upload(t, ctx, pagetesting.WriteFile(t, dir, "first.txt", pagetesting.RobotsText))
		pagetesting.WaitParsed(t, ctx, len(pagetesting.RobotsText))
		if word, line := pagetesting.VerdictFor(t, ctx, "Googlebot", "/search/x"); word != "DISALLOWED" || line != 8 {
			t.Fatalf("first file: %s by line %d, want DISALLOWED by line 8", word, line)
		}
		// A big file after it, as a fetch of a 600 KB file after a normal
		// one: from the moment the editor holds it until its answer
		// arrives, the old answer ("line 8") is never shown as current.
		var sb strings.Builder
		sb.WriteString("User-agent: *\nDisallow: /search/\n")
		for i := 0; sb.Len() < 200<<10; i++ {
			fmt.Fprintf(&sb, "Disallow: /generated/%d/\n", i)
		}
		big := sb.String()
		pagetesting.WatchStale(t, ctx)
		pagetesting.Upload(t, ctx, pagetesting.WriteFile(t, dir, "second.txt", big))
		pagetesting.WaitFor(t, ctx, `(() => { const v = document.getElementById("verdict"); return v.dataset.rev === document.getElementById("editor").dataset.rev && document.getElementById("robots").value.includes("/generated/") && v.getAttribute("aria-busy") !== "true" })()`)
		seen, busy := pagetesting.StaleSeen(t, ctx)
		for _, s := range seen {
			t.Errorf("stale answer on screen: %s", s)
		}
		if busy == 0 {
			t.Error("the verdict was never marked as recomputing while the new file was read")
		}
		if got := pagetesting.TextOf(t, ctx, "verdict-rule"); !strings.Contains(got, "line 2") {
			t.Errorf("second file's verdict: %q, want line 2", got)
		}
		if got := pagetesting.BandLines(t, ctx, "disallow"); got != "2" {
			t.Errorf("deciding line band = %q, want 2", got)
		}
		if n := pagetesting.Eval[int](t, ctx, `document.querySelectorAll("#matrix-body.recomputing, #verdict.recomputing").length`); n != 0 {
			t.Errorf("%d views still greyed after the answer arrived", n)
		}
	})

	t.Run("a download after the whole text was replaced is not named after the old file", func(t *testing.T) {
		ctx := b.Tab(t)
		b.Open(t, ctx, "")
		dir := t.TempDir()
		pagetesting.Upload(t, ctx, pagetesting.WriteFile(t, dir, "old-site.txt", pagetesting.RobotsText))
		pagetesting.WaitParsed(t, ctx, len(pagetesting.RobotsText))
		const replaced = "User-agent: *\nDisallow: /replaced/\n"
		// Select everything and paste another text over it.
		pagetesting.Do(t, ctx, chromedp.Evaluate[chromedp.Void](`(() => { const ta = document.getElementById("robots"); ta.focus(); ta.select() })()`))
		pagetesting.InsertText(t, ctx, replaced)
		pagetesting.WaitParsed(t, ctx, len(replaced))
		if got := pagetesting.TextOf(t, ctx, "editor-status"); strings.Contains(got, "old-site.txt") {
			t.Errorf("the status line still names the old file: %q", got)
		}
		out := t.TempDir()
		pagetesting.AllowDownloads(t, ctx, out)
		pagetesting.Click(t, ctx, "#download")
		var data []byte
		// The browser writes the download when it likes: look until it is there.
		for deadline := time.Now().Add(20 * time.Second); time.Now().Before(deadline) && string(data) != replaced; time.Sleep(100 * time.Millisecond) {
			data, _ = os.ReadFile(filepath.Join(out, "robots.txt"))
		}
		if string(data) != replaced {
			names, _ := filepath.Glob(filepath.Join(out, "*"))
			t.Errorf("downloaded robots.txt = %q (files: %v), want the new text", data, names)
		}

		// An edit that keeps part of the file keeps its name.
		pagetesting.Upload(t, ctx, pagetesting.WriteFile(t, dir, "kept-name.txt", pagetesting.RobotsText))
		pagetesting.WaitParsed(t, ctx, len(pagetesting.RobotsText))
		pagetesting.Do(t, ctx, chromedp.Evaluate[chromedp.Void](`(() => { const ta = document.getElementById("robots"); ta.focus(); ta.setSelectionRange(ta.value.length, ta.value.length) })()`))
		pagetesting.InsertText(t, ctx, "# an edit\n")
		pagetesting.Click(t, ctx, "#download")
		data = nil
		for deadline := time.Now().Add(20 * time.Second); time.Now().Before(deadline) && !strings.HasSuffix(string(data), "# an edit\n"); time.Sleep(100 * time.Millisecond) {
			data, _ = os.ReadFile(filepath.Join(out, "kept-name.txt"))
		}
		if !strings.HasSuffix(string(data), "# an edit\n") {
			t.Errorf("an edited file downloads as %q, want kept-name.txt with the edit", data)
		}
	})
}
