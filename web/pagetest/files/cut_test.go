package files_test

import (
	"fmt"
	"strings"
	"testing"

	"github.com/robotstxt/robotstxt"
	"github.com/robotstxt/robotstxt/web/internal/pagetesting"
)

// The page says one line for the 500 KiB cut: the verdict's note ("from
// line N"), the audit's file-too-large finding, the parsed view's notice
// and the hatched band in the editor, for a line whose ending is the last
// byte within the limit, one byte before it and one byte after it (the
// Go-side table is web/wasm's TestCutBoundary).
func TestBrowserCutLine(t *testing.T) {
	pagetesting.BrowserTest(t)
	b := pagetesting.NewBrowser(t)
	ctx := b.Tab(t)
	b.Open(t, ctx, "")
	dir := t.TempDir()
	for _, tt := range []struct {
		delta, first int
		word         string // Bot on /edge: line 3 is read or not
	}{
		{-1, 4, "DISALLOWED"},
		{0, 4, "DISALLOWED"},
		{1, 3, "ALLOWED"},
	} {
		head := "User-agent: *\nDisallow: /first\n"
		pad := robotstxt.DefaultMaxBytes + tt.delta - len(head) - len("Disallow: /edge #\n")
		text := head + "Disallow: /edge #" + strings.Repeat("e", pad) + "\n" + strings.Repeat("Disallow: /after\n", 3)
		pagetesting.Upload(t, ctx, pagetesting.WriteFile(t, dir, fmt.Sprintf("cut%d.txt", tt.delta+1), text))
		pagetesting.WaitParsed(t, ctx, len(text))
		word, _ := pagetesting.VerdictFor(t, ctx, "Bot", "/edge")
		if word != tt.word {
			t.Errorf("delta %d: Bot /edge = %s, want %s", tt.delta, word, tt.word)
		}
		from := fmt.Sprintf("from line %d", tt.first)
		if got := pagetesting.TextOf(t, ctx, "verdict-cut"); !strings.Contains(got, from) {
			t.Errorf("delta %d: verdict note %q, want %q", tt.delta, got, from)
		}
		if got := pagetesting.Eval[string](t, ctx, `(document.querySelector("#structure-body .notice") || {}).innerText || ""`); !strings.Contains(got, from) {
			t.Errorf("delta %d: parsed view %q, want %q", tt.delta, got, from)
		}
		pagetesting.FindingIDs(t, ctx)
		audit := pagetesting.Eval[string](t, ctx, `[...document.querySelectorAll("#audit-body .finding")].filter(f => f.querySelector(".id").innerText === "file-too-large").map(f => f.dataset.line + " " + f.querySelector(".msg").innerText).join("|")`)
		if !strings.HasPrefix(audit, fmt.Sprintf("%d ", tt.first)) || !strings.Contains(audit, fmt.Sprintf("lines %d–", tt.first)) {
			t.Errorf("delta %d: audit %q, want its finding on line %d", tt.delta, audit, tt.first)
		}
		if got := pagetesting.BandLines(t, ctx, "cut"); got != fmt.Sprint(tt.first) {
			t.Errorf("delta %d: cut band on line %q, want %d", tt.delta, got, tt.first)
		}
	}
}
