package editor_test

import (
	"context"
	"fmt"
	"strings"
	"testing"

	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/page"
	"github.com/chromedp/chromedp"

	"github.com/robotstxt/robotstxt/web/internal/pagetesting"
)

// TestBrowserTextBox checks that the editor's text box (a plain-text
// contenteditable in blocks of lines, textbox.js) holds, after each kind
// of edit a user makes, exactly what a textarea would: typing, Enter,
// Backspace and Delete where two blocks meet and on the last line, pastes
// of several lines, edits of a selection over several blocks, undo, and no
// undo back into a text that was replaced.
func TestBrowserTextBox(t *testing.T) {
	pagetesting.BrowserTest(t)
	b := pagetesting.NewBrowser(t)
	ctx := b.Tab(t)
	b.Open(t, ctx, "")
	if got := pagetesting.Eval[string](t, ctx, `document.getElementById("robots").contentEditable`); got != "plaintext-only" {
		t.Fatalf("the editor is contenteditable=%q, want plaintext-only", got)
	}
	var sb strings.Builder
	sb.WriteString("User-agent: *\n")
	for i := 1; i < 700; i++ {
		fmt.Fprintf(&sb, "Disallow: /l%d/\n", i)
	}
	text := sb.String()
	lineStart := func(s string, n int) int { // offset of line n (1-based)
		off := 0
		for i := 1; i < n; i++ {
			off += strings.IndexByte(s[off:], '\n') + 1
		}
		return off
	}
	value := func() string { return pagetesting.Eval[string](t, ctx, `document.getElementById("robots").value`) }
	caret := func(s, e int) {
		pagetesting.Do(t, ctx, chromedp.Evaluate[chromedp.Void](fmt.Sprintf(`(() => { const ta = document.getElementById("robots"); ta.focus(); ta.setSelectionRange(%d, %d) })()`, s, e)))
	}
	undo := func() { pagetesting.Do(t, ctx, chromedp.KeyEvent("z", chromedp.KeyModifiers(chromedp.ModifierCtrl))) }
	pagetesting.SetField(t, ctx, "robots", text)
	if got := value(); got != text {
		t.Fatalf("value after setting it: %d bytes, want %d", len(got), len(text))
	}
	want := text

	// Each step: where the selection goes in the text of the moment (a
	// line's start, or its end), what is typed, and the text after.
	end := func(s string) int { return len(s) }
	line := func(n, plus int) func(string) int { return func(s string) int { return lineStart(s, n) + plus } }
	for _, step := range []struct {
		name   string
		s, e   func(string) int // e nil: no selection
		keys   string           // typed key by key
		insert string           // inserted at once (a paste)
		undo   bool             // and undone by the browser
	}{
		{name: "typing at the end of a block's last line", s: line(201, -1), keys: "a"},
		{name: "Enter at the end of a block's last line", s: line(201, -1), keys: "\n"},
		{name: "typing at the start of a block", s: line(202, 0), keys: "b"},
		{name: "Backspace at the start of a block joins the lines", s: line(202, 0), keys: "\b"},
		{name: "Delete at the end of a block's last line joins the lines", s: line(202, -1), keys: "\x7f"},
		{name: "typing at the very end, after the final line break", s: end, keys: "Disallow: /end"},
		{name: "Enter on the last line", s: end, keys: "\n"},
		{name: "a multi-line paste in a block", s: line(20, 0), e: line(30, 3), insert: "Allow: /p1\nAllow: /p2\n", undo: true},
		{name: "a multi-line paste at the very end", s: end, insert: "User-agent: X\nDisallow: /x\n", undo: true},
		{name: "a multi-line paste over lines of two blocks", s: line(150, 0), e: line(260, 0), insert: "Allow: /p1\nAllow: /p2\n"},
		{name: "Delete over lines of two blocks", s: line(190, 0), e: line(210, 0), keys: "\x7f"},
		{name: "typing over lines of three blocks", s: line(150, 2), e: line(420, 1), keys: "x"},
		{name: "Enter over lines of two blocks", s: line(180, 0), e: line(205, 0), keys: "\n"},
	} {
		s := step.s(want)
		e := s
		if step.e != nil {
			e = step.e(want)
		}
		caret(s, e)
		if got := pagetesting.Eval[[]int](t, ctx, `(ta => [ta.selectionStart, ta.selectionEnd])(document.getElementById("robots"))`); got[0] != s || got[1] != e {
			t.Errorf("%s: selection %v after setSelectionRange(%d, %d)", step.name, got, s, e)
		}
		before := want
		typed := step.keys + step.insert
		switch {
		case step.keys == "\b" && s == e:
			want = want[:s-1] + want[e:]
			pagetesting.Do(t, ctx, chromedp.KeyEvent(step.keys))
		case step.keys == "\x7f" && s == e:
			want = want[:s] + want[e+1:]
			pagetesting.Do(t, ctx, chromedp.KeyEvent(step.keys))
		case step.keys == "\b" || step.keys == "\x7f":
			want = want[:s] + want[e:]
			pagetesting.Do(t, ctx, chromedp.KeyEvent(step.keys))
		case step.keys != "":
			want = want[:s] + typed + want[e:]
			pagetesting.Do(t, ctx, chromedp.KeyEvent(step.keys))
		default:
			want = want[:s] + typed + want[e:]
			pagetesting.InsertText(t, ctx, step.insert)
		}
		if got := value(); got != want {
			t.Fatalf("%s: the text differs from a textarea's at byte %d: got …%q…, want …%q…", step.name, diffAt(got, want), around(got, diffAt(got, want)), around(want, diffAt(got, want)))
		}
		if step.undo {
			undo()
			if got := value(); got != before {
				t.Errorf("%s: undo gives …%q…, want the text before", step.name, around(got, diffAt(got, before)))
			}
			want = before
		}
	}
	// Every line stays in a block (no <div> per pasted line, no text
	// outside the blocks).
	if got := pagetesting.Eval[string](t, ctx, `[...document.getElementById("robots").childNodes].filter(n => n.nodeName !== "DIV" || n.childElementCount > 1).map(n => n.nodeName).join(",")`); got != "" {
		t.Errorf("nodes out of the blocks: %s", got)
	}
	// A copy over blocks, ending on an empty last line, is the text.
	pagetesting.SetField(t, ctx, "robots", text+"\n")
	caret(lineStart(text, 150), len(text)+1)
	if got := pagetesting.Eval[string](t, ctx, `(() => {
		const ev = new ClipboardEvent("copy", { clipboardData: new DataTransfer(), bubbles: true, cancelable: true });
		document.getElementById("robots").dispatchEvent(ev);
		return ev.clipboardData.getData("text/plain");
	})()`); got != text[lineStart(text, 150):]+"\n" {
		t.Errorf("copied %d bytes …%q, want the %d of the text from line 150", len(got), around(got, len(got)), len(text[lineStart(text, 150):])+1)
	}
	// Replacing the whole text (as opening a file does) leaves no undo step
	// that would bring the old text's pieces back (edits are there to undo,
	// one of them the deletion of a whole block's lines).
	caret(5, 5)
	pagetesting.Do(t, ctx, chromedp.KeyEvent("Q"))
	cur := text[:5] + "Q" + text[5:] + "\n"
	from, to := lineStart(cur, 201), lineStart(cur, 401)-1
	caret(from, to)
	pagetesting.Do(t, ctx, chromedp.KeyEvent("\x7f"))
	if got, want := value(), cur[:from]+cur[to:]; got != want {
		t.Errorf("deleting a block's lines: the text differs at byte %d", diffAt(got, want))
	}
	pagetesting.SetField(t, ctx, "robots", "User-agent: *\nDisallow: /new/\n")
	caret(3, 3)
	undo()
	undo()
	if got := value(); got != "User-agent: *\nDisallow: /new/\n" {
		t.Errorf("undo after the text was replaced gives %q", got)
	}
	// As in a textarea, a selection set while the box has no focus is
	// where a script's focus puts it, and it outlives the focus.
	if got := pagetesting.Eval[string](t, ctx, `(() => {
		const ta = document.getElementById("robots");
		document.getElementById("agent").focus();
		ta.setSelectionRange(3, 9);
		ta.focus();
		const a = [ta.selectionStart, ta.selectionEnd, getSelection().toString()].join(",");
		document.getElementById("agent").focus();
		return a + "|" + [ta.selectionStart, ta.selectionEnd].join(",");
	})()`); got != "3,9,r-agen|3,9" {
		t.Errorf("selection set before the focus: %q, want 3,9,r-agen|3,9", got)
	}
	// Tab leaves the editor, as from a textarea: the keyboard never gets
	// stuck in it.
	caret(3, 3)
	pagetesting.Do(t, ctx, chromedp.KeyEvent("\t"))
	if id := pagetesting.Eval[string](t, ctx, `document.activeElement.id`); id == "robots" {
		t.Error("Tab in the editor keeps the focus in it")
	}
	if got := value(); got != "User-agent: *\nDisallow: /new/\n" {
		t.Errorf("Tab in the editor changed the text to …%q", around(got, diffAt(got, "User-agent: *\nDisallow: /new/\n")))
	}
	// The edits done by the script as a reset are undone and redone, as in
	// a textarea: then the page keeps the history, typing included.
	textHistory(t, ctx, value, caret, lineStart)
	// A long line far out of view, never laid out, counts in the width
	// that can be scrolled to, as in a textarea.
	pagetesting.SetField(t, ctx, "robots", text+text+text+"Disallow: /"+strings.Repeat("x", 3000)+"\n")
	if got := pagetesting.Eval[[]float64](t, ctx, `(() => {
		const ta = document.getElementById("robots");
		const r = document.createRange();
		r.setStart(ta.firstChild.firstChild, 0);
		r.setEnd(ta.firstChild.firstChild, 10);
		return [ta.scrollWidth, r.getBoundingClientRect().width / 10];
	})()`); got[0] < 3000*got[1] {
		t.Errorf("scroll width %.0f px with a line of 3,011 characters of %.1f px out of view", got[0], got[1])
	}
}

// TestBrowserTextBoxFallback opens the page in a browser that refuses
// contenteditable="plaintext-only" (as Firefox did before 2025): the
// editor is a textarea, labelled, and the page reads and answers its text.
func TestBrowserTextBoxFallback(t *testing.T) {
	pagetesting.BrowserTest(t)
	b := pagetesting.NewBrowser(t)
	ctx := b.OwnTab(t) // its script for every new document stays with the tab
	pagetesting.Do(t, ctx, chromedp.Func(func(ctx context.Context, tg *chromedp.Target) error {
		_, err := cdp.Call(ctx, tg, page.AddScriptToEvaluateOnNewDocument, page.AddScriptToEvaluateOnNewDocumentParams{Source: `(() => {
			const d = Object.getOwnPropertyDescriptor(HTMLElement.prototype, "contentEditable");
			Object.defineProperty(HTMLElement.prototype, "contentEditable", { configurable: true, get: d.get, set(v) {
				if (v === "plaintext-only") throw new DOMException("unknown value", "SyntaxError");
				d.set.call(this, v);
			} });
		})()`})
		return err
	}))
	b.Open(t, ctx, "")
	if got := pagetesting.Eval[string](t, ctx, `(e => e.tagName + " " + (e.getAttribute("aria-label") || "") + " " + e.getAttribute("aria-describedby"))(document.getElementById("robots"))`); got != "TEXTAREA robots.txt text editor-status" {
		t.Errorf("the fallback editor is %q, want a TEXTAREA labelled robots.txt and described by the status line", got)
	}
	pagetesting.Paste(t, ctx, pagetesting.RobotsText)
	pagetesting.WaitParsed(t, ctx, len(pagetesting.RobotsText))
	if word, line := pagetesting.VerdictFor(t, ctx, "Googlebot", "/search/x"); word != "DISALLOWED" || line == 0 {
		t.Errorf("verdict %s by line %d in the fallback editor, want DISALLOWED by a line", word, line)
	}
	for _, p := range b.Problems() {
		t.Errorf("browser console: %s", p)
	}
}

// textHistory checks undo and redo of the edits the text box's script
// does as a reset (a selection over blocks, Backspace at a block's start,
// a paste over all), and of typing after them, with the keys and with
// the Edit menu's input types, each undo or redo an input event.
func textHistory(t *testing.T, ctx context.Context, value func() string, caret func(s, e int), lineStart func(string, int) int) {
	t.Helper()
	lines := func(n int, f string) string {
		var sb strings.Builder
		for i := 1; i <= n; i++ {
			fmt.Fprintf(&sb, f, i)
		}
		return sb.String()
	}
	old := "User-agent: *\n" + lines(499, "Disallow: /old%d/\n")
	repl := "User-agent: Bot\n" + lines(299, "Allow: /new%d/\n")
	key := func(k string, m chromedp.Modifier) {
		pagetesting.Do(t, ctx, chromedp.KeyEvent(k, chromedp.KeyModifiers(m)))
	}
	undo := func() { key("z", chromedp.ModifierCtrl) }
	redo := func() { key("z", chromedp.ModifierCtrl|chromedp.ModifierShift) }
	check := func(what, want string) {
		t.Helper()
		if got := value(); got != want {
			i := diffAt(got, want)
			t.Errorf("%s: %d bytes, differs at byte %d: got …%q…, want …%q…", what, len(got), i, around(got, i), around(want, i))
		}
	}
	selection := func() []int {
		return pagetesting.Eval[[]int](t, ctx, `(ta => [ta.selectionStart, ta.selectionEnd])(document.getElementById("robots"))`)
	}
	pagetesting.Do(t, ctx, chromedp.Evaluate[chromedp.Void](`(() => {
		window.historyInputs = [];
		document.getElementById("robots").addEventListener("input", (e) => { if (e.inputType.startsWith("history")) window.historyInputs.push(e.inputType); });
	})()`))

	// Select all in a 500-line text, paste a 300-line one.
	pagetesting.SetField(t, ctx, "robots", old)
	pagetesting.Do(t, ctx, chromedp.Evaluate[chromedp.Void](`(ta => { ta.focus(); ta.select(); })(document.getElementById("robots"))`))
	pagetesting.InsertText(t, ctx, repl)
	check("a paste over all", repl)
	undo()
	check("Ctrl+Z after a paste over all", old)
	if got := selection(); got[0] != 0 || got[1] != len(old) {
		t.Errorf("selection %v after undoing a paste over all, want [0 %d]", got, len(old))
	}
	redo()
	check("Ctrl+Shift+Z after undoing a paste over all", repl)
	if got := selection(); got[0] != len(repl) || got[1] != len(repl) {
		t.Errorf("selection %v after redoing a paste over all, want the caret at %d", got, len(repl))
	}
	undo()
	check("Ctrl+Z again", old)
	key("y", chromedp.ModifierCtrl)
	check("Ctrl+Y after undoing a paste over all", repl)
	// The Edit menu's Undo and Redo are beforeinput events.
	edit := func(kind string) {
		pagetesting.Do(t, ctx, chromedp.Evaluate[chromedp.Void](fmt.Sprintf(`document.getElementById("robots").dispatchEvent(new InputEvent("beforeinput", { inputType: %q, bubbles: true, cancelable: true }))`, kind)))
	}
	edit("historyUndo")
	check("the Edit menu's Undo", old)
	edit("historyRedo")
	check("the Edit menu's Redo", repl)
	if got := pagetesting.Eval[string](t, ctx, `window.historyInputs.join(",")`); got != "historyUndo,historyRedo,historyUndo,historyRedo,historyUndo,historyRedo" {
		t.Errorf("input events of undo and redo: %s", got)
	}

	// Backspace at a block's start joins two lines; undone.
	pagetesting.SetField(t, ctx, "robots", old)
	at := lineStart(old, 201)
	caret(at, at)
	pagetesting.Do(t, ctx, chromedp.KeyEvent("\b"))
	check("Backspace at a block's start", old[:at-1]+old[at:])
	undo()
	check("Ctrl+Z after Backspace at a block's start", old)
	if got := selection(); got[0] != at || got[1] != at {
		t.Errorf("selection %v after undoing Backspace at a block's start, want the caret at %d", got, at)
	}
	redo()
	check("Ctrl+Shift+Z after undoing Backspace at a block's start", old[:at-1]+old[at:])

	// A selection over two blocks typed over, then typing in a block: the
	// typing is undone first, then the edit over the blocks.
	pagetesting.SetField(t, ctx, "robots", old)
	from, to := lineStart(old, 150), lineStart(old, 260)
	caret(from, to)
	pagetesting.Do(t, ctx, chromedp.KeyEvent("x"))
	over := old[:from] + "x" + old[to:]
	check("typing over two blocks", over)
	in := lineStart(over, 10)
	caret(in, in)
	pagetesting.Do(t, ctx, chromedp.KeyEvent("abc"))
	check("typing in a block after a reset", over[:in]+"abc"+over[in:])
	undo()
	check("Ctrl+Z after typing in a block after a reset", over)
	undo()
	check("Ctrl+Z twice: the edit over two blocks", old)
	if got := selection(); got[0] != from || got[1] != to {
		t.Errorf("selection %v after undoing typing over two blocks, want [%d %d]", got, from, to)
	}
	redo()
	redo()
	check("Ctrl+Shift+Z twice", over[:in]+"abc"+over[in:])

	// Setting the value clears the history, as in a textarea.
	pagetesting.SetField(t, ctx, "robots", repl)
	caret(3, 3)
	undo()
	check("Ctrl+Z after the text was set", repl)
}

func diffAt(a, b string) int {
	i := 0
	for i < len(a) && i < len(b) && a[i] == b[i] {
		i++
	}
	return i
}

func around(s string, i int) string {
	return s[max(0, i-20):min(len(s), i+20)]
}
