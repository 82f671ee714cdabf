package robotsgen

import (
	"fmt"
	"net/url"
	"slices"
	"strconv"
	"strings"

	"github.com/robotstxt/robotstxt"
	"github.com/robotstxt/robotstxt/crawlers"
)

// Choices are what the owner decides. The zero value writes a file that
// allows every crawler and states no preference.
type Choices struct {
	// Block lists the registry purposes (crawlers.PurposeAITraining, ...)
	// whose crawlers may not crawl the site; the others may.
	Block []string
	// TrainAI and Search are the Content-Usage preferences: "y", "n", or
	// "" to state none.
	TrainAI, Search string
	// SignalSearch, SignalAIInput and SignalAITrain are the Content-Signal
	// values: "yes", "no", or "" to state none; SignalUse is "immediate",
	// "reference", "full" or "".
	SignalSearch, SignalAIInput, SignalAITrain, SignalUse string
	// Sitemaps are absolute http(s) URLs.
	Sitemaps []string
	// Merge is an existing robots.txt to merge into: its lines are kept,
	// except, when preferences are chosen, its group-wide Content-Usage
	// lines (those without a path: a path-scoped line is more specific
	// and keeps deciding its paths, attach-05 section 3.1), and, when
	// signals are chosen, the Content-Signal lines of its groups; the
	// chosen lines replace them. A Content-Signal line before the first
	// group, which file-wide readers apply to every crawler, stays where
	// it is, with the chosen keys set in it and its other keys kept.
	Merge string
}

// Blockable are the purposes Choices.Block may name.
var Blockable = []string{crawlers.PurposeSearch, crawlers.PurposeAITraining, crawlers.PurposeAIAssistant,
	crawlers.PurposeAISearch, crawlers.PurposeSEO, crawlers.PurposeArchive, crawlers.PurposeAds, crawlers.PurposeOther}

// MaxMerge bounds the file merged into, as crawlers bound what they read.
const MaxMerge = robotstxt.DefaultMaxBytes

// Result is the file written and what the owner should know about it.
type Result struct {
	Text string
	// Notes say where a choice could not be carried out as asked (a
	// blocked crawler keeps its own group from the merged file), in
	// English; Messages say the same, in order, by code (for the page,
	// which says them in its language).
	Notes    []string
	Messages []Message
}

// MessageCodes are the codes of Build's messages.
var MessageCodes = []string{"unknown-category", "bad-usage", "bad-signal", "bad-signal-use", "bad-sitemap",
	"merge-too-large", "too-long", "keeps-group", "replaced", "usage-kept", "signal-kept"}

// Message is a note or a refusal of Build by code, with its parameters:
// what the page translates (web/static/assets/i18n, "builder.msg.<code>").
type Message struct {
	Code   string            `json:"code"`
	Params map[string]string `json:"params,omitempty"`
}

// Error is a choice Build refuses: Error says it in English, Message by
// code.
type Error struct {
	Message
	text string
}

func (e *Error) Error() string { return e.text }

func refuse(text, code string, params ...string) error {
	return &Error{Message: message(code, params...), text: text}
}

func message(code string, params ...string) Message {
	m := Message{Code: code}
	for i := 0; i+1 < len(params); i += 2 {
		if m.Params == nil {
			m.Params = map[string]string{}
		}
		m.Params[params[i]] = params[i+1]
	}
	return m
}

// note adds a note to res, in English and by code.
func (res *Result) note(text, code string, params ...string) {
	res.Notes = append(res.Notes, text)
	res.Messages = append(res.Messages, message(code, params...))
}

func (c *Choices) validate() error {
	for _, p := range c.Block {
		if !slices.Contains(Blockable, p) {
			return refuse(fmt.Sprintf("unknown crawler category %q (want one of %s)", p, strings.Join(Blockable, ", ")), "unknown-category", "category", p)
		}
	}
	for _, v := range []struct{ name, value string }{{"train-ai", c.TrainAI}, {"search", c.Search}} {
		if v.value != "" && v.value != "y" && v.value != "n" {
			return refuse(fmt.Sprintf("Content-Usage %s: want y or n, not %q", v.name, v.value), "bad-usage", "key", v.name, "value", v.value)
		}
	}
	for _, v := range []struct{ name, value string }{{"search", c.SignalSearch}, {"ai-input", c.SignalAIInput}, {"ai-train", c.SignalAITrain}} {
		if v.value != "" && v.value != "yes" && v.value != "no" {
			return refuse(fmt.Sprintf("Content-Signal %s: want yes or no, not %q", v.name, v.value), "bad-signal", "key", v.name, "value", v.value)
		}
	}
	if u := c.SignalUse; u != "" && u != "immediate" && u != "reference" && u != "full" {
		return refuse(fmt.Sprintf("Content-Signal use: want immediate, reference or full, not %q", u), "bad-signal-use", "value", u)
	}
	for _, s := range c.Sitemaps {
		u, err := url.Parse(s)
		if err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" || strings.ContainsAny(s, " \t\r\n#") {
			return refuse(fmt.Sprintf("sitemap %q: want an absolute http or https URL", s), "bad-sitemap", "url", s)
		}
	}
	if len(c.Merge) > MaxMerge {
		return refuse(fmt.Sprintf("the file to merge into has %d bytes, over the %d that crawlers read", len(c.Merge), MaxMerge), "merge-too-large",
			"size", strconv.Itoa(len(c.Merge)), "limit", strconv.Itoa(MaxMerge))
	}
	return nil
}

// usageLine is the Content-Usage line chosen, or "".
func (c *Choices) usageLine() string {
	var p []string
	if c.TrainAI != "" {
		p = append(p, "train-ai="+c.TrainAI)
	}
	if c.Search != "" {
		p = append(p, "search="+c.Search)
	}
	if p == nil {
		return ""
	}
	return "Content-Usage: " + strings.Join(p, ", ")
}

// signalLine is the Content-Signal line chosen, or "".
func (c *Choices) signalLine() string {
	var p []string
	for _, v := range []struct{ k, v string }{{"search", c.SignalSearch}, {"ai-input", c.SignalAIInput}, {"ai-train", c.SignalAITrain}, {"use", c.SignalUse}} {
		if v.v != "" {
			p = append(p, v.k+"="+v.v)
		}
	}
	if p == nil {
		return ""
	}
	return "Content-Signal: " + strings.Join(p, ", ")
}

// Build writes the file. The preference lines go into every group that
// allows something (preferences are group rules, and apply only where
// crawling is allowed: attach-05 section 3.1; Content-Signal is read from
// the group by some readers and file-wide by others, so every open group
// carries the same line), never into a closed one.
func Build(c Choices) (Result, error) {
	if err := c.validate(); err != nil {
		return Result{}, err
	}
	usage, signal := c.usageLine(), c.signalLine()
	var res Result
	var b strings.Builder
	b.WriteString("# Written by robotstxt generate.\n")

	named := map[string]bool{} // tokens the merged file names, lower-case
	hasStar := false
	if strings.TrimSpace(c.Merge) != "" {
		r := robotstxt.ParseString(c.Merge)
		for _, g := range r.Groups {
			for _, ua := range g.UserAgents {
				named[strings.ToLower(ua.Token)] = true
				hasStar = hasStar || ua.Global()
			}
		}
		writeMerged(&b, r, usage, signal, &c, &res)
	}
	if !hasStar {
		if b.Len() > 0 && !strings.HasSuffix(b.String(), "\n\n") {
			b.WriteString("\n")
		}
		b.WriteString("User-agent: *\nAllow: /\n")
		writeLines(&b, usage, signal)
	}
	blocked := map[string]bool{} // lower-case tokens closed here
	for _, purpose := range Blockable {
		if !slices.Contains(c.Block, purpose) {
			continue
		}
		var tokens []string
		for _, cr := range crawlers.All() {
			if cr.Purpose != purpose || cr.Legacy || cr.Token == "*" {
				continue
			}
			if named[strings.ToLower(cr.Token)] {
				res.note(fmt.Sprintf("%s keeps its own group from the merged file; it is not closed here", cr.Token), "keeps-group", "token", cr.Token)
				continue
			}
			tokens = append(tokens, cr.Token)
			blocked[strings.ToLower(cr.Token)] = true
		}
		if len(tokens) == 0 {
			continue
		}
		fmt.Fprintf(&b, "\n# %s crawlers may not crawl.\n", crawlers.PurposeLabel(purpose, "en"))
		for _, t := range tokens {
			b.WriteString("User-agent: " + t + "\n")
		}
		b.WriteString("Disallow: /\n")
	}
	// Crawlers that may crawl but would not follow the "*" group: those
	// whose documented fallback is closed here (YandexMetrika follows
	// Yandex's group when none names it), and, when preferences are
	// stated, those that ignore "*" (AdsBot-Google). A group of their own
	// keeps them open and gives them the preferences.
	var open []string
	for _, cr := range crawlers.All() {
		lt := strings.ToLower(cr.Token)
		if cr.Legacy || cr.Token == "*" || blocked[lt] || named[lt] || slices.Contains(c.Block, cr.Purpose) {
			continue
		}
		if followsBlocked(cr, blocked, named) || cr.IgnoresStar && (usage != "" || signal != "") {
			open = append(open, cr.Token)
		}
	}
	if len(open) > 0 {
		b.WriteString("\n# These may crawl; they would otherwise follow a closed group, or ignore \"*\".\n")
		for _, t := range open {
			b.WriteString("User-agent: " + t + "\n")
		}
		b.WriteString("Allow: /\n")
		writeLines(&b, usage, signal)
	}
	existing := map[string]bool{}
	if c.Merge != "" {
		for _, s := range robotstxt.ParseString(c.Merge).Sitemaps {
			existing[s.URL] = true
		}
	}
	first := true
	for _, s := range c.Sitemaps {
		if existing[s] {
			continue
		}
		if first {
			b.WriteString("\n")
			first = false
		}
		existing[s] = true
		b.WriteString("Sitemap: " + s + "\n")
	}
	res.Text = b.String()
	if len(res.Text) > robotstxt.DefaultMaxBytes {
		return Result{}, refuse("the file would be longer than crawlers read (500 KiB)", "too-long")
	}
	return res, nil
}

// followsBlocked reports whether the crawler, with no group of its own,
// would follow the group of a crawler closed here (its documented
// fallbacks, in turn), before any group the merged file names.
func followsBlocked(cr crawlers.Crawler, blocked, named map[string]bool) bool {
	for fb, i := cr.Fallback, 0; fb != "" && i < 8; i++ {
		lt := strings.ToLower(fb)
		if blocked[lt] {
			return true
		}
		if named[lt] {
			return false
		}
		next, ok := crawlers.Lookup(fb)
		if !ok {
			return false
		}
		fb = next.Fallback
	}
	return false
}

func writeLines(b *strings.Builder, lines ...string) {
	for _, l := range lines {
		if l != "" {
			b.WriteString(l + "\n")
		}
	}
}

// writeMerged copies the merged file line by line, dropping the
// preference lines the choices replace and adding the chosen ones after
// the last directive of every group that allows something. It notes in
// res what it replaced and kept.
func writeMerged(b *strings.Builder, r *robotstxt.Robots, usage, signal string, c *Choices, res *Result) {
	// The line after which each open group gets the chosen lines.
	after := map[int]bool{}
	lines := slices.Collect(robotstxt.Lines(r.Text()))
	first := len(lines) + 1 // the first group's first line
	if len(r.Groups) > 0 {
		first = r.Groups[0].UserAgents[0].Line
	}
	for gi, g := range r.Groups {
		if _, closed := crawlers.ClosedBy(g.Rules); closed {
			continue
		}
		end := len(lines)
		if gi+1 < len(r.Groups) {
			end = r.Groups[gi+1].UserAgents[0].Line - 1
		}
		last := g.UserAgents[len(g.UserAgents)-1].Line
		for n := last; n <= end; n++ {
			ln := lines[n-1]
			if ln.Field != robotstxt.FieldNone && ln.Field != robotstxt.FieldSitemap && !replaced(&ln, usage, signal, first) {
				last = n
			}
		}
		after[last] = true
	}
	var gone, kept, fileWide []string
	for i := range lines {
		ln := &lines[i]
		switch {
		case ln.Number < first && signal != "" && ln.Field == robotstxt.FieldOther && robotstxt.IsSignalKey(ln.Key):
			b.WriteString(ln.Key + ": " + mergeSignal(ln.Value, c) + "\n")
			fileWide = append(fileWide, strconv.Itoa(ln.Number))
		case replaced(ln, usage, signal, first):
			gone = append(gone, strconv.Itoa(ln.Number))
		default:
			if usage != "" && ln.Field == robotstxt.FieldOther && robotstxt.IsUsageKey(ln.Key) {
				kept = append(kept, strconv.Itoa(ln.Number))
			}
			b.WriteString(strings.TrimRight(ln.Text, "\r") + "\n")
		}
		if after[ln.Number] {
			writeLines(b, usage, signal)
		}
	}
	if len(gone) > 0 {
		res.note("the chosen preference lines replace line "+strings.Join(gone, ", ")+" of the merged file", "replaced", "lines", strings.Join(gone, ", "))
	}
	if len(kept) > 0 {
		res.note("the merged file's Content-Usage line "+strings.Join(kept, ", ")+" (with a path, or before any group) is kept: it still decides its paths", "usage-kept", "lines", strings.Join(kept, ", "))
	}
	if len(fileWide) > 0 {
		res.note("the merged file's Content-Signal line "+strings.Join(fileWide, ", ")+" before the first group is kept for file-wide readers, with the chosen keys set in it", "signal-kept", "lines", strings.Join(fileWide, ", "))
	}
}

// replaced reports a line of the merged file that a chosen line replaces:
// a Content-Usage line without a path in a group, a Content-Signal line in
// a group (first is the first group's first line).
func replaced(ln *robotstxt.Line, usage, signal string, first int) bool {
	if ln.Field != robotstxt.FieldOther || ln.Number < first {
		return false
	}
	if usage != "" && robotstxt.IsUsageKey(ln.Key) {
		path, _ := robotstxt.SplitUsageValue(ln.Value)
		return path == ""
	}
	return signal != "" && robotstxt.IsSignalKey(ln.Key)
}

// mergeSignal sets the chosen Content-Signal keys in a merged line's value,
// keeping its other keys in their order.
func mergeSignal(value string, c *Choices) string {
	chosen := []struct{ k, v string }{{"search", c.SignalSearch}, {"ai-input", c.SignalAIInput}, {"ai-train", c.SignalAITrain}, {"use", c.SignalUse}}
	done := map[string]bool{}
	var out []string
	for _, part := range strings.Split(value, ",") {
		k, _, _ := strings.Cut(part, "=")
		k = strings.ToLower(strings.TrimSpace(k))
		if strings.TrimSpace(part) == "" {
			continue
		}
		for _, ch := range chosen {
			if ch.k == k && ch.v != "" {
				part, done[k] = ch.k+"="+ch.v, true
			}
		}
		out = append(out, strings.TrimSpace(part))
	}
	for _, ch := range chosen {
		if ch.v != "" && !done[ch.k] {
			out = append(out, ch.k+"="+ch.v)
		}
	}
	return strings.Join(out, ", ")
}
