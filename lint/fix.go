package lint

import (
	"cmp"
	"slices"
	"strings"

	"github.com/robotstxt/robotstxt"
	"github.com/robotstxt/robotstxt/diff"
)

// Mechanical fixes ("robotstxt lint --fix" and "--diff"). A check that
// knows the exact text of its fix records it as an edit of one line; Fix
// applies an edit only when the diff engine proves that it changes no
// verdict but those it means to, and keeps the others as suggestions, with
// the verdicts they would change.
//
// What a fix means to change: the verdicts decided by the line it writes
// (a rule that a typo or a missing "/" kept from working now decides) or
// by the line it removes. A verdict decided by any other line that
// changes (a user-agent line whose fixed typo moves a crawler to another
// group) is not meant; neither is closing the home page "/" for a crawler,
// which a fix never does on its own.

// edit replaces one line by others; no lines removes it.
type edit struct {
	lines []string
	// unsafe marks a fix that guesses what the owner meant: it brings a
	// line no crawler reads to life (a misspelt field, a path without its
	// "/", a glued directive) or removes a rule that only a normalising
	// parser reads as a repeat. Such a fix changes verdicts on purpose, so
	// it is applied only with FixOptions.Unsafe (--unsafe-fixes).
	unsafe bool
	// strict marks the fix of a field name that only Google reads as it
	// is: safe only when the strict reading of the line gains no allowed
	// URL (strictOpens).
	strict bool
}

// unsafeFixes are the checks whose fixes always guess: each brings to
// life a line that crawlers ignore today, so it changes verdicts that
// crawlers act on now.
var unsafeFixes = map[string]bool{
	"unknown-directive": true, // "User-agnet" read as User-agent: a guess by spelling
	"pattern-no-slash":  true, // "Disallow: .sql" -> "/*.sql": which paths were meant is a guess
	"glued-directives":  true, // a second rule made out of a value
}

// fixKey records the fix that writes the field name of ln as name.
func (l *linter) fixKey(f *Finding, ln *robotstxt.Line, name string) {
	if f == nil || l.edits == nil || !whole(ln) {
		return
	}
	i := strings.Index(ln.Text, ln.Key)
	if i < 0 || ln.Key == "" {
		return
	}
	l.edits[findingKey{f.ID, f.Line}] = edit{lines: []string{ln.Text[:i] + name + ln.Text[i+len(ln.Key):]}, unsafe: unsafeFixes[f.ID], strict: true}
}

// A misspelt field name that Google reads is skipped by parsers that read
// RFC 9309 strictly, and by urllib's robotparser and Protego: for them, the
// fixed line is a new line. Writing it correctly changes no verdict for
// Google, but it could open a URL for them: a User-agent line moves
// crawlers to another group, an Allow line allows, a Disallow line between
// two User-agent lines splits the group. Fix proves it does not (see
// strictOpens) before it counts such a fix as safe.

// fixValue records the fix that writes the value old of ln as new.
func (l *linter) fixValue(f *Finding, ln *robotstxt.Line, old, new string) {
	if f == nil || l.edits == nil || ln == nil || !whole(ln) {
		return
	}
	at := valueAt(ln, old)
	if at < 0 {
		return
	}
	l.edits[findingKey{f.ID, f.Line}] = edit{lines: []string{ln.Text[:at] + new + ln.Text[at+len(old):]}, unsafe: unsafeFixes[f.ID]}
}

// fixLines records the fix that replaces the finding's line by lines
// (none: removes it); unsafe as for edit.
func (l *linter) fixLines(f *Finding, unsafe bool, lines ...string) {
	if f == nil || l.edits == nil || !whole(l.line(f.Line)) {
		return
	}
	l.edits[findingKey{f.ID, f.Line}] = edit{lines: lines, unsafe: unsafe || unsafeFixes[f.ID]}
}

// fixGlued records the split of a glued line: the first rule keeps the
// line's start, the second directive takes the line's comment.
func (l *linter) fixGlued(f *Finding, ln *robotstxt.Line, first, rest string) {
	if f == nil || l.edits == nil || !whole(ln) {
		return
	}
	at := valueAt(ln, ln.Value)
	if at < 0 {
		return
	}
	l.edits[findingKey{f.ID, f.Line}] = edit{lines: []string{ln.Text[:at] + first, rest + ln.Text[at+len(ln.Value):]}, unsafe: true}
}

// whole reports whether ln holds the whole line (not cut at the line
// length limit), so that an edit can rewrite it.
func whole(ln *robotstxt.Line) bool { return ln != nil && ln.Length == len(ln.Text) }

// valueAt is the byte offset of value in ln's text, after the key; -1
// when it is not there.
func valueAt(ln *robotstxt.Line, value string) int {
	start := 0
	if ln.Key != "" {
		if i := strings.Index(ln.Text, ln.Key); i >= 0 {
			start = i + len(ln.Key)
		}
		// Past the separator: in "Disallow: :" the value is the second colon.
		for start < len(ln.Text) && (ln.Text[start] == ' ' || ln.Text[start] == '\t') {
			start++
		}
		if start < len(ln.Text) && ln.Text[start] == ':' {
			start++
		}
	}
	i := strings.Index(ln.Text[start:], value)
	if i < 0 || value == "" {
		return -1
	}
	return start + i
}

// FixOptions control Fix.
type FixOptions struct {
	Options
	// Keep, when not nil, chooses the findings to fix (a Selection's
	// Filter); the others are left as they are.
	Keep func([]Finding) []Finding
	// Unsafe also applies the fixes that change verdicts on purpose (see
	// FixEdit.Unsafe), when proven to change none but those they mean to.
	// Without it they are listed in FixResult.Unsafe and not applied.
	Unsafe bool
}

// A FixEdit is a mechanical fix of one finding.
type FixEdit struct {
	ID   string `json:"id"`
	Line int    `json:"line"` // in the text it applies to
	// Old is the line as it was, New the lines that replace it (none: the
	// line is removed).
	Old string   `json:"old"`
	New []string `json:"new"`
	// Meant counts the verdict changes (crawler and probe URL) the fix
	// means: those decided by the line it writes or removes.
	Meant int `json:"meant"`
	// Changes are the verdicts it would change that it does not mean to;
	// none for an applied fix.
	Changes []diff.Change `json:"changes,omitempty"`
	// Unsafe marks a fix that changes verdicts on purpose: it brings a
	// rule to life that crawlers ignore today, or removes one that only a
	// parser normalising percent-encoding reads as a repeat (Protego and
	// urllib.robotparser compare escapes as written). Such fixes guess
	// what the owner meant; "--fix" applies the others only, as ruff does.
	Unsafe bool `json:"unsafe,omitempty"`
	// Reason says why a suggestion was not applied: "other-verdicts",
	// "closes-home" (it closes "/" for a crawler), "unproven" (the diff
	// engine's search was cut short) or "limit" (the file is larger than
	// MaxFixBytes, or needed more proofs or passes than Fix runs),
	// "unsafe" (proven, but it changes the verdicts it means to, and
	// FixOptions.Unsafe was not set); "" for an applied fix.
	Reason string `json:"reason,omitempty"`
}

// FixResult is the outcome of Fix.
type FixResult struct {
	// Text is the fixed text (the input when nothing was applied).
	Text string
	// Applied are the fixes applied, in order; each one's Line is in the
	// text as it was just before it.
	Applied []FixEdit
	// Suggested are the fixes not applied, with their lines in Text.
	Suggested []FixEdit
	// Unsafe are the fixes left out because they are unsafe and
	// FixOptions.Unsafe was not set, with their lines in Text; nothing was
	// proven for them.
	Unsafe []FixEdit
}

const (
	maxFixPasses = 8  // a fix may reveal another (a typo fixed shows a duplicate)
	maxFixProofs = 64 // diff engine runs per file
	// fixProofWork bounds the diff engine's probe search of each proof (a
	// count of steps, not a time: the same on any machine). A proof cut
	// short is no proof: the fix stays a suggestion ("unproven").
	fixProofWork = 500_000
	// MaxFixBytes bounds the size of a file Fix proves fixes for: the diff
	// engine's search grows with the rules, and a file larger than this
	// gets its fixes as suggestions (reason "limit").
	MaxFixBytes = 64 << 10
)

// Fix applies the mechanical fixes of text's findings that are proven to
// change no verdict but those they mean to, bottom to top, each proven
// against the text as the fixes below it left it, and repeats until a pass
// applies nothing: so Fix(Fix(x).Text) changes nothing more.
func Fix(text string, opts *FixOptions) *FixResult {
	var o FixOptions
	if opts != nil {
		o = *opts
	}
	res := &FixResult{Text: text}
	proofs := 0
	for pass := 0; ; pass++ {
		l := lintWith(res.Text, &o.Options, defaultLimits, map[findingKey]edit{})
		findings := l.out
		if o.Keep != nil {
			findings = o.Keep(findings)
		}
		type todo struct {
			f Finding
			e edit
		}
		var todos []todo
		res.Unsafe = res.Unsafe[:0]
		for _, f := range findings {
			e, ok := l.edits[findingKey{f.ID, f.Line}]
			switch {
			case !ok:
			case e.unsafe && !o.Unsafe:
				// Not proven either: an unsafe fix costs no proof unless asked for.
				res.Unsafe = append(res.Unsafe, FixEdit{ID: f.ID, Line: f.Line, Old: l.lines[f.Line-1].Text, New: orEmpty(e.lines), Unsafe: true})
			default:
				todos = append(todos, todo{f, e})
			}
		}
		// Bottom to top: an edit leaves the lines above it where they are.
		slices.SortStableFunc(todos, func(a, b todo) int { return cmp.Compare(b.f.Line, a.f.Line) })
		// One todo per line in a pass: a second fix of a line waits for the
		// next pass, on the new text.
		var batch []FixEdit
		var lns []*robotstxt.Line
		var strict []bool
		for _, t := range todos {
			if len(batch) > 0 && batch[len(batch)-1].Line == t.f.Line {
				continue
			}
			ln := &l.lines[t.f.Line-1]
			fe := FixEdit{ID: t.f.ID, Line: t.f.Line, Old: ln.Text, New: orEmpty(t.e.lines), Unsafe: t.e.unsafe}
			batch = append(batch, fe)
			lns = append(lns, ln)
			strict = append(strict, t.e.strict)
		}
		if len(batch) == 0 {
			return res
		}
		if pass >= maxFixPasses || len(res.Text) > MaxFixBytes {
			for i := range batch {
				batch[i].Reason = "limit"
			}
			res.Suggested = reverse(batch)
			return res
		}
		// A field name that only Google reads: proven first against the
		// strict reading, which skips the line today.
		if !o.Unsafe {
			kept := batch[:0]
			keptLns := lns[:0]
			for i, fe := range batch {
				if strict[i] {
					if opens := strictOpens(res.Text, lns[i], fe.New, o.MaxBytes); len(opens) > 0 {
						fe.Unsafe, fe.Reason, fe.Changes = true, "unsafe", opens
						res.Unsafe = append(res.Unsafe, fe)
						continue
					}
				}
				kept = append(kept, fe)
				keptLns = append(keptLns, lns[i])
			}
			batch, lns = kept, keptLns
			if len(batch) == 0 {
				return res
			}
		}
		// First all of them at once: one run of the diff engine for a whole
		// pass. When that run finds no verdict change at all (the usual
		// case: spellings, duplicates, sitemaps), every fix is proven. Any
		// change, even one a fix means, sends each fix to a proof of its
		// own: which fix caused a change cannot be told in a batch (a
		// user-agent line fixed gives the rules below it a group).
		cur := res.Text
		all := cur
		for i := range batch {
			all = applyEdit(all, lns[i], edit{lines: batch[i].New})
		}
		proofs++
		if prove(batch, cur, all, o.MaxBytes) && noneMeant(batch) {
			res.Text = all
			res.Applied = append(res.Applied, batch...)
			continue
		}
		var suggested []FixEdit
		applied := false
		for i := range batch {
			fe := batch[i]
			fe.Meant, fe.Changes, fe.Reason = 0, nil, ""
			if proofs >= maxFixProofs {
				fe.Reason = "limit"
				suggested = append(suggested, fe)
				continue
			}
			proofs++
			next := applyEdit(cur, lns[i], edit{lines: fe.New})
			one := []FixEdit{fe}
			if !prove(one, cur, next, o.MaxBytes) {
				suggested = append(suggested, one[0])
				continue
			}
			if one[0].Meant > 0 && !o.Unsafe {
				// Proven, but it changes verdicts on purpose: a guess.
				one[0].Unsafe, one[0].Reason = true, "unsafe"
				suggested = append(suggested, one[0])
				continue
			}
			cur = next
			applied = true
			res.Applied = append(res.Applied, one[0])
		}
		res.Text = cur
		if !applied {
			res.Suggested = reverse(suggested)
			return res
		}
	}
}

// strictOpens returns the verdicts that writing line ln of text as lines
// would change from disallowed to allowed for a parser that skips ln today
// (its field name is one only Google reads): the old text is read with ln
// as a comment, the new one as fixed.
func strictOpens(text string, ln *robotstxt.Line, lines []string, maxBytes int) []diff.Change {
	po := &robotstxt.Options{MaxBytes: maxBytes}
	skipped := applyEdit(text, ln, edit{lines: []string{"#"}})
	fixed := applyEdit(text, ln, edit{lines: lines})
	res, ok := compareProbes(robotstxt.ParseOptions(skipped, po), robotstxt.ParseOptions(fixed, po))
	if !ok {
		return []diff.Change{{URL: "/", Agent: "*"}} // not proven: as good as an opening
	}
	var opens []diff.Change
	for _, c := range res.Changes {
		if !c.Old.Allowed && c.New.Allowed {
			opens = append(opens, c)
		}
	}
	return opens
}

// compareProbes compares two versions over the diff engine's probe URLs,
// and reports false, without checking one, when the probes do not reach
// every outcome of the rules (the search was cut short at its bound) or
// the changes overflow: the proof would fail anyway, and checking the
// bound's 50,000 URLs for every crawler costs seconds.
func compareProbes(old, new *robotstxt.Robots) (*diff.Result, bool) {
	urls, complete := diff.ProbesWithin(old, new, fixProofWork)
	if !complete {
		return nil, false
	}
	res := diff.Compare(old, new, &diff.Options{URLs: urls})
	return res, !res.Truncated
}

// orEmpty is lines, or an empty list (a removal) for nil.
func orEmpty(lines []string) []string {
	if lines == nil {
		return []string{}
	}
	return lines
}

// noneMeant reports whether the fixes changed no verdict at all.
func noneMeant(fes []FixEdit) bool {
	for _, fe := range fes {
		if fe.Meant > 0 {
			return false
		}
	}
	return true
}

// reverse returns fixes found bottom to top in the order of their lines.
func reverse(fs []FixEdit) []FixEdit {
	slices.Reverse(fs)
	return fs
}

// applyEdit replaces line ln of text (as lint read it) by e's lines, with
// the line's own line ending; with no lines, the line and its ending go.
func applyEdit(text string, ln *robotstxt.Line, e edit) string {
	start := ln.Offset
	end := start + ln.Length
	eol := eolText(text[end:])
	if len(e.lines) == 0 {
		return text[:start] + text[end+len(eol):]
	}
	sep := eol
	if sep == "" { // the last line: the ending of the line before it
		switch before := text[:start]; {
		case strings.HasSuffix(before, "\r\n"):
			sep = "\r\n"
		case strings.HasSuffix(before, "\r"):
			sep = "\r"
		default:
			sep = "\n"
		}
	}
	return text[:start] + strings.Join(e.lines, sep) + text[end:]
}

// eolText is the line ending at the start of s: "\r\n", "\n", "\r" or "".
func eolText(s string) string {
	switch {
	case strings.HasPrefix(s, "\r\n"):
		return "\r\n"
	case strings.HasPrefix(s, "\n"):
		return "\n"
	case strings.HasPrefix(s, "\r"):
		return "\r"
	}
	return ""
}

// prove compares the verdicts of old and new with the diff engine (every
// default crawler, over probe URLs that reach every outcome of the rules)
// for the fixes fes, which turned old into new (sorted bottom to top, at
// most one per line). Each change is counted as meant by the fix whose
// line decided it in old or in new; when a change is meant by none, or the
// search was cut short, or a crawler loses "/", it returns false and sets
// the Reason (and, for a single fix, Changes).
func prove(fes []FixEdit, old, new string, maxBytes int) bool {
	po := &robotstxt.Options{MaxBytes: maxBytes}
	ro, rn := robotstxt.ParseOptions(old, po), robotstxt.ParseOptions(new, po)
	res, ok := compareProbes(ro, rn)
	if !ok {
		for i := range fes {
			fes[i].Reason = "unproven"
		}
		return false
	}
	// Where each fix's lines are in new: the fixes above it shift them.
	first := make([]int, len(fes))
	for i, fe := range fes {
		shift := 0
		for _, above := range fes[i+1:] {
			shift += len(above.New) - 1
		}
		first[i] = fe.Line + shift
	}
	var other []diff.Change
	for _, c := range res.Changes {
		mine := -1
		for i, fe := range fes {
			if c.Old.Rule != nil && c.Old.Rule.Line == fe.Line ||
				c.New.Rule != nil && c.New.Rule.Line >= first[i] && c.New.Rule.Line < first[i]+len(fe.New) {
				mine = i
				break
			}
		}
		if mine < 0 {
			other = append(other, c)
			continue
		}
		fes[mine].Meant++
	}
	reason := ""
	if len(other) > 0 {
		reason = "other-verdicts"
	}
	if reason == "" {
		for _, a := range res.Agents {
			ov, nv := ro.Agent(a).Check("/"), rn.Agent(a).Check("/")
			if ov.Allowed && !nv.Allowed {
				reason = "closes-home"
				other = append(other, diff.Change{URL: "/", Agent: a, Old: sideOf(ov), New: sideOf(nv)})
			}
		}
	}
	if reason == "" {
		return true
	}
	for i := range fes {
		fes[i].Reason = reason
	}
	if len(fes) == 1 {
		fes[0].Changes = other
	}
	return false
}

func sideOf(v robotstxt.Verdict) diff.Side {
	s := diff.Side{Allowed: v.Allowed, Reason: v.Reason}
	if v.Rule != nil {
		r := *v.Rule
		s.Rule = &r
	}
	return s
}
