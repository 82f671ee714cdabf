package main

import (
	"context"
	"fmt"
	"io"
	"runtime/debug"
	"slices"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/robotstxt/robotstxt"
	"github.com/robotstxt/robotstxt/internal/textsafe"
	"github.com/robotstxt/robotstxt/internal/wire"
)

func runCheck(ctx context.Context, c *cli, args []string) error {
	fs := c.newFlags("check", "-f FILE -a AGENT [-a AGENT ...] [--urls FILE] [--json] URL ...",
		`Decide whether each agent may fetch each URL under a robots.txt, and print
one line per (agent, URL): ALLOWED or DISALLOWED, the deciding rule and its
line. On a terminal the columns are aligned and the verdicts coloured
(--color; never with NO_COLOR set or TERM=dumb); in a pipe the lines stay as
scripts read them. An agent is a product token (Googlebot) or a full
user-agent string. A
URL is a full URL or a path starting with "/"; anything else is read as
Google's library reads it (an empty URL is "/", "private/x" is host
"private" with path "/x"), with a note on standard error (--strict: an error).

The robots.txt is read from -f FILE, or from standard input when -f is not
given. A crawler's documented fallbacks apply: Googlebot-Image with no group of
its own follows Googlebot's group, Yandex robots follow Yandex's, AdsBot-Google
ignores "*"; the answer says so. --no-fallback gives the plain RFC 9309 answer;
--exact gives Google's library bit for bit (names cut at the first character
outside letters, '-' and '_', compared whole; no fallbacks).

With --sitemap FILE|URL|- (repeatable), the URLs of sitemaps are checked
too: XML sitemaps and indexes (whose sitemaps are fetched), text sitemaps,
RSS and Atom feeds, gzipped or not; --sitemaps-from-robots reads every
sitemap the robots.txt names. In text, the answers are counted per agent by
the deciding rule, with a few of the blocked URLs; with --json, each URL is
one object as for --urls. What is wrong with the sitemaps (the protocol's
limits, malformed URLs, URLs on another host) is said on standard error
(docs/sitemaps.md). A sitemap URL is fetched through the destination guard
(--allow-private, --allow-range).

With --live, each URL's robots.txt is fetched from its origin instead. With
--json, each line then holds the fields of "check --json" for the URL decided,
then the fetch's: origin, targetURL, policyURL, policyFinalURL, policyStatus,
policyHTTPStatus, policyDigest, policyFetchedAt, policyStale, repDecision and
explanation. When no file could be applied (unreachable, rate-limited,
refused), allowed is false and reason is the policy status.

Every answer also says what the site says about using the content (AI usage
preferences, docs/usage-preferences.md): the Content-Usage preferences of
draft-ietf-aipref-attach-05 and -vocab-07 (train-ai, search: y, n or unknown,
with the deciding line) and the Content-Signal keys that apply; none apply to
a disallowed URL. --json carries them as "usage", "usageLine" and "signals".
--purpose train-ai|search|ai-input declares what the crawler fetches for: an
answer whose purpose the site refuses (Content-Usage n, Content-Signal no) is
DISALLOWED, with that line.

Exit status: 0 when every answer is allowed, 1 when any is disallowed (a
refused --purpose included) or, with --live, unresolved because robots.txt
could not be fetched, 2 on a usage or input error.`,
		`  robotstxt check -f robots.txt -a Googlebot -a GPTBot https://example.com/private/x /search?q=1
  robotstxt check -f robots.txt -a Googlebot --urls urls.txt --json
  robotstxt check -f robots.txt -a Googlebot --sitemap sitemap.xml
  robotstxt check --live -a ExampleBot https://example.com/page`)
	file := fs.String("f", "", "robots.txt `file` to read (- for standard input)")
	var agents, urlFiles stringList
	fs.Var(&agents, "a", "crawler `agent` (product token or user-agent string); repeatable")
	alias(fs, "a", "agent")
	fs.Var(&urlFiles, "urls", "read URLs from `file`, one per line (- for standard input); repeatable")
	sm := addSitemapFlags(fs)
	asJSON := fs.Bool("json", false, "print one JSON object per line")
	exact := fs.Bool("exact", false, "read names as Google's library does: cut at the first byte outside [A-Za-z_-], compared whole, no fallbacks")
	noFallback := fs.Bool("no-fallback", false, "do not apply crawlers' documented fallbacks (Googlebot-Image to Googlebot, ...)")
	strict := fs.Bool("strict", false, "refuse a URL that is neither a full URL nor a path starting with \"/\" (exit 2)")
	maxBytes := fs.Int("max-bytes", robotstxt.DefaultMaxBytes, "parse at most this many `bytes` of the robots.txt (-1: no limit)")
	live := fs.Bool("live", false, "fetch each URL's robots.txt from its origin (needs full URLs)")
	userAgent := fs.String("user-agent", "", "with --live: the User-Agent `header` to fetch robots.txt with (default: robotstxt's own)")
	guard := addGuardFlags(fs) // with --live
	sign := addSignFlags(fs, "with --live: ", true)
	purpose := fs.String("purpose", "", "what the crawler fetches for: train-ai, search or ai-input; an answer whose `purpose` the site refuses is disallowed")
	color := fs.String("color", "auto", "colour the verdicts: auto (on a terminal, unless NO_COLOR is set or TERM=dumb), always or never")
	quiet := fs.Bool("q", false, "print nothing, not even notes: only the exit status says whether everything is allowed (errors are still printed)")
	alias(fs, "q", "quiet")
	if err := c.parseFlags(fs, args); err != nil {
		return err
	}
	if *quiet {
		c = c.quiet()
	}
	colored, err := c.colorFlag(*color)
	if err != nil {
		return err
	}
	if *purpose != "" && !robotstxt.IsPurpose(*purpose) {
		return usagef("check: --purpose must be one of %s, not %s", strings.Join(robotstxt.Purposes, ", "), textsafe.Escape(strconv.Quote(*purpose)))
	}
	if len(agents) == 0 {
		return usagef("check: give at least one agent with -a (run \"robotstxt check --help\")")
	}
	for _, a := range agents {
		if strings.TrimSpace(a) == "" {
			return usagef("check: an empty agent names no crawler; give a product token or a user-agent string")
		}
	}
	urls := fs.Args()
	if len(urls) == 0 && len(urlFiles) == 0 && !sm.set() {
		return usagef("check: give URLs as arguments, with --urls or with --sitemap")
	}
	if *live {
		if sm.set() {
			return usagef("check: --sitemap reads the URLs of sitemaps against one robots.txt (-f); with --live give the URLs")
		}
		if *file != "" {
			return usagef("check: --live fetches each origin's robots.txt; do not give -f")
		}
		return checkLive(ctx, c, liveOptions{agents: agents, urls: urls, urlFiles: urlFiles, asJSON: *asJSON,
			style: checkStyle(isTerminal(c.stdout), colored, nil, true), // URLs are printed as resolved: not padded
			exact: *exact, noFallback: *noFallback, maxBytes: *maxBytes, userAgent: *userAgent, guard: guard, purpose: *purpose, sign: sign})
	}
	if *userAgent != "" {
		return usagef("check: --user-agent is the header --live fetches with; without --live nothing is fetched")
	}
	if sign.set() {
		return usagef("check: --sign-key, --signature-agent and --max-price are for --live; without --live nothing is fetched")
	}
	if guard.set() && !sm.fetches() {
		return usagef("check: --allow-private and --allow-range are for --live and for sitemaps given by URL; here nothing is fetched")
	}
	if *file == "" {
		if isTerminal(c.stdin) {
			return usagef("check: give the robots.txt with -f FILE or on standard input, or use --live")
		}
		*file = "-"
	}
	stdinUsed := *file == "-"
	for _, u := range append(slices.Clone([]string(urlFiles)), sm.sources...) {
		if u == "-" {
			if stdinUsed {
				return usagef("check: standard input can be read only once")
			}
			stdinUsed = true
		}
	}
	// A check of many URLs is a short burst that allocates little and
	// keeps less: collecting the garbage of its first few MB would cost
	// more than it saves. The heap may grow to 5 times what is live
	// instead of 2 times, which is still bounded. GOGC, when set, decides.
	if c.getenv("GOGC") == "" {
		defer debug.SetGCPercent(debug.SetGCPercent(400))
	}
	body, err := c.readInput(*file)
	if err != nil {
		return err
	}
	c.noteKind(body)
	r := robotstxt.ParseOptions(string(body), &robotstxt.Options{MaxBytes: *maxBytes})
	if r.Truncated {
		fmt.Fprintf(c.stderr, "robotstxt: note: the file has %d bytes; only the first %d (whole lines, up to line %d) were parsed, as Google does: rules past the limit are ignored, and a verdict could differ because of them\n",
			r.Size, r.Parsed, r.Lines)
	}
	opts := robotstxt.AgentOptions{Exact: *exact, NoFallback: *noFallback}
	bots := make([]robotstxt.Agent, len(agents))
	for i, a := range agents {
		bots[i] = r.AgentWith(a, opts)
	}
	// One output buffer, appended to and written in large pieces.
	out := make([]byte, 0, checkOut+4<<10)
	if len(urlFiles) > 0 {
		growPipe(c.stdout) // a batch: many megabytes to come
	}
	enc := &wire.Encoder{EscapeHTML: true} // byte for byte json.Marshal's output
	texts := newTextLines(agents, checkStyle(isTerminal(c.stdout), colored, urls, len(urlFiles) > 0))
	withUsage := r.HasUsageLines() // else every answer's usage is the same, unknown
	anyDisallowed := false
	count := 0
	var notes cappedNotes
	emit := func(u string) error {
		count++
		note := wire.InputNote(u)
		if note != "" {
			if *strict {
				return usagef("check: %s: %s", textsafe.Escape(strconv.Quote(u)), note)
			}
			if !*asJSON {
				notes.add(c, "robotstxt: note: "+textsafe.Escape(strconv.Quote(u))+": "+note)
			}
		}
		path := "" // normalised once per URL, for every agent
		checked := u
		for i := range bots { // not a copy of each Agent
			var v robotstxt.Verdict
			if *asJSON && i == 0 {
				// The answers' path comes with the first verdict, from
				// one pass over the URL.
				v, path = bots[0].CheckWithPath(u)
				if !strings.HasPrefix(path, "//") {
					// The other agents check the normalised path as it
					// is ("//a" would read as a host).
					checked = path
				}
			} else {
				v = bots[i].Check(checked)
			}
			var ans *wire.Answer
			if withUsage {
				a := wire.Enforce(r, bots[i], checked, *purpose, &v)
				ans = &a
			}
			if !v.Allowed {
				anyDisallowed = true
			}
			if *asJSON {
				out = append(enc.AppendCheck(out, agents[i], u, path, note, &v, ans), '\n')
			} else {
				out = texts.appendLine(out, i, agents[i], u, &v, ans)
			}
		}
		if len(out) >= checkOut {
			if _, err := c.stdout.Write(out); err != nil {
				return err
			}
			out = out[:0]
			return ctx.Err()
		}
		if count%256 == 0 { // not on every URL: it costs a lock
			return ctx.Err()
		}
		return nil
	}
	// emit keeps no URL but the last, so the URLs may share their chunk.
	err = forEachURLShared(c, urls, urlFiles, emit)
	var smRun *sitemapRun
	var groups []sitemapGroups
	if err == nil && sm.set() {
		smRun = &sitemapRun{c: c, flags: sm, guard: guard, robots: r, stdinUsed: *file == "-"}
		if *asJSON {
			// One object per URL, as for --urls.
			err = smRun.readPipelined(ctx, emit)
		} else {
			groups = make([]sitemapGroups, len(bots))
			for i := range groups {
				groups[i] = sitemapGroups{agent: agents[i], groups: map[verdictGroupKey]*sitemapGroup{}}
			}
			err = smRun.readPipelined(ctx, func(u string) error {
				// As emit: the path normalised once, for every agent.
				v, path := bots[0].CheckWithPath(u)
				checked := u
				if !strings.HasPrefix(path, "//") {
					checked = path
				}
				for i := range bots {
					if i > 0 {
						v = bots[i].Check(checked)
					}
					if withUsage {
						wire.Enforce(r, bots[i], checked, *purpose, &v)
					}
					if !v.Allowed {
						anyDisallowed = true
					}
					groups[i].add(&v, u)
				}
				return nil
			})
		}
	}
	if len(out) > 0 { // the answers before an error too
		if _, werr := c.stdout.Write(out); err == nil {
			err = werr
		}
	}
	notes.flush(c)
	if smRun != nil {
		smRun.notes()
		if err == nil && smRun.urls == 0 && smRun.stopped() {
			return &exitError{code: exitUsage, msg: "check: no sitemap could be read"}
		}
		if groups != nil && err == nil {
			var b strings.Builder
			fmt.Fprintf(&b, "%s read from %s\n", plural(smRun.urls, "URL"), plural(smRun.sitemaps, "sitemap"))
			for i := range groups {
				groups[i].write(&b, smRun.urls)
			}
			if _, werr := io.WriteString(c.stdout, b.String()); werr != nil {
				err = werr
			}
		}
	}
	if err != nil {
		return err
	}
	if smRun != nil && smRun.urls == 0 && err == nil {
		fmt.Fprintln(c.stderr, "robotstxt: check: the sitemaps listed no URLs")
	}
	if count == 0 && smRun == nil {
		fmt.Fprintf(c.stderr, "robotstxt: check: no URLs were read (from %s)\n", strings.ReplaceAll(strings.Join(urlFiles, ", "), "-", "standard input"))
	}
	if anyDisallowed {
		return errFindings
	}
	return nil
}

// quiet is the command's view of the outside world under -q: output and
// notes go nowhere. Errors still reach standard error: Run prints them.
func (c *cli) quiet() *cli {
	q := *c
	q.stdout, q.stderr = io.Discard, io.Discard
	return &q
}

// checkOut is the size at which check writes its output buffer.
const checkOut = 256 << 10

// textLines writes check's text lines as writeCheckText does, without
// fmt in the loop: each agent's escaped name, and each explanation, are
// made once (an explanation depends only on the verdict's rule and group,
// not on the URL). A line is a head (status and agent), the escaped URL and
// a tail (the explanation); heads and tails are kept, per agent, in a
// wire.VerdictTable indexed by the verdict's rule lines and checked against
// the whole verdict, so a lookup neither hashes strings nor allocates.
type textLines struct {
	agents []string // escaped, and padded to one width when aligned
	lines  []wire.VerdictTable[textEntry]
	style  textStyle
}

// textStyle is how check's text lines look: plain in a pipe (one space-free
// layout that scripts split on two spaces), aligned and coloured for people
// at a terminal.
type textStyle struct {
	align    bool
	color    bool
	urlWidth int // the URL column's width when aligned; 0: not padded
}

// maxURLWidth bounds the URL column: a longer URL pushes its own line's
// explanation only.
const maxURLWidth = 60

// checkStyle aligns the columns on a terminal: the agents' always, the URLs'
// when all of them are known before the first line (arguments, not
// --urls, which is streamed). Colour follows --color.
func checkStyle(terminal, color bool, urls []string, streamed bool) textStyle {
	st := textStyle{align: terminal, color: color}
	if terminal && !streamed {
		for _, u := range urls {
			st.urlWidth = max(st.urlWidth, min(utf8.RuneCountInString(textsafe.Escape(u)), maxURLWidth))
		}
	}
	return st
}

// status is the verdict word, padded to its column and coloured when asked
// (green allowed, red disallowed).
func (st textStyle) status(allowed bool) string {
	switch {
	case !st.color && allowed:
		return "ALLOWED     "
	case !st.color:
		return "DISALLOWED  "
	case allowed:
		return "\x1b[32mALLOWED\x1b[0m     "
	}
	return "\x1b[1;31mDISALLOWED\x1b[0m  "
}

// url is the escaped URL, padded to the URL column when aligned.
func (st textStyle) url(b []byte, u string) []byte {
	e := textsafe.Escape(u)
	b = append(b, e...)
	if st.urlWidth > 0 {
		for n := utf8.RuneCountInString(e); n < st.urlWidth; n++ {
			b = append(b, ' ')
		}
	}
	return b
}

type textEntry struct{ head, tail string }

func newTextLines(agents []string, st textStyle) *textLines {
	t := &textLines{style: st}
	width := 0
	for _, a := range agents {
		e := textsafe.Escape(a)
		t.agents = append(t.agents, e)
		width = max(width, utf8.RuneCountInString(e))
	}
	if st.align {
		for i, e := range t.agents {
			t.agents[i] = e + strings.Repeat(" ", width-utf8.RuneCountInString(e))
		}
	}
	t.lines = make([]wire.VerdictTable[textEntry], len(agents))
	return t
}

func (t *textLines) appendLine(b []byte, i int, agent, u string, v *robotstxt.Verdict, ans *wire.Answer) []byte {
	if ans != nil {
		// Usage depends on the URL, not only on the verdict: not cached.
		b = append(b, t.style.status(v.Allowed)+t.agents[i]+"  "...)
		b = t.style.url(b, u)
		b = append(b, "  "...)
		b = append(b, explainUsage(agent, *v, ans)...)
		return append(b, '\n')
	}
	e, ok := t.lines[i].Get(v)
	if !ok {
		*e = textEntry{head: t.style.status(v.Allowed) + t.agents[i] + "  ", tail: "  " + explain(agent, *v) + "\n"}
	}
	b = append(b, e.head...)
	// Not remembered from the last agent's line: u is a view of the read
	// buffer, and a remembered one could be overwritten by the next URL.
	b = t.style.url(b, u)
	return append(b, e.tail...)
}

func writeCheckText(w io.Writer, agent, u string, v robotstxt.Verdict) {
	status := "ALLOWED"
	if !v.Allowed {
		status = "DISALLOWED"
	}
	fmt.Fprintf(w, "%-10s  %s  %s  %s\n", status, textsafe.Escape(agent), textsafe.Escape(u), explain(agent, v))
}

// explainUsage is explain followed by what the site says about using the
// content, or by the refused purpose.
func explainUsage(agent string, v robotstxt.Verdict, ans *wire.Answer) string {
	if ref := ans.Refused; ref != nil {
		v.Allowed, v.Reason = true, ans.Reason // the verdict before the purpose
		return fmt.Sprintf("purpose %s refused: line %d: %s (crawling alone is allowed: %s)",
			ref.Purpose, ref.Line, textsafe.Escape(ref.Source), explain(agent, v))
	}
	return explain(agent, v) + "; " + usageWords(&ans.Usage)
}

// usageWords says in words what check --json says in "usage", "usageLine"
// and "signals".
func usageWords(u *robotstxt.Usage) string {
	if !u.Applicable {
		return "AI usage: no preference applies to a disallowed URL"
	}
	var b strings.Builder
	b.WriteString("AI usage: ")
	if u.Rule == nil {
		b.WriteString("no Content-Usage rule applies")
	} else {
		fmt.Fprintf(&b, "Content-Usage line %d: train-ai %s, search %s", u.Rule.Line,
			preferenceWord(u.Preferences.TrainAI), preferenceWord(u.Preferences.Search))
	}
	if u.Signals == nil {
		b.WriteString("; no Content-Signal applies")
		return b.String()
	}
	where := "in the group"
	if u.SignalsReading == robotstxt.SignalsFile {
		where = "file-wide, before the first group"
	}
	fmt.Fprintf(&b, "; Content-Signal (%s):", where)
	for i, s := range u.Signals {
		if i > 0 {
			b.WriteByte(',')
		}
		fmt.Fprintf(&b, " %s=%s (line %d)", textsafe.Escape(s.Key), textsafe.Escape(s.Value), s.Line)
	}
	return b.String()
}

func preferenceWord(p robotstxt.Preference) string {
	switch p {
	case robotstxt.PreferenceAllow:
		return "allowed (y)"
	case robotstxt.PreferenceDisallow:
		return "refused (n)"
	}
	return "unknown"
}

// explain says in a few words why a verdict was reached.
func explain(agent string, v robotstxt.Verdict) string {
	s := explainFallback(agent, v)
	if v.Reading == robotstxt.ReadingYandex {
		s += " (read as Yandex documents: a blank line after User-agent lines ends the group)"
	}
	return s
}

func explainFallback(agent string, v robotstxt.Verdict) string {
	if v.Fallback != "" && v.Reason == robotstxt.NoMatchingRule {
		return fmt.Sprintf("no matching rule in %s's group (%s), which %s follows because no group names it, as its operator documents",
			textsafe.Escape(v.Fallback), groupLines(v.UserAgents), textsafe.Escape(agentName(agent)))
	}
	s := explainRule(v)
	if v.Fallback != "" && v.Reason == robotstxt.MatchedRule {
		s += fmt.Sprintf(" (%s has no group; it follows %s's group, %s, as its operator documents)",
			textsafe.Escape(agentName(agent)), textsafe.Escape(v.Fallback), groupLines(v.UserAgents))
	}
	return s
}

// agentName is the crawler's name for messages: a bare name, or the
// product token at the start of a user-agent string.
func agentName(agent string) string {
	if t := robotstxt.ProductToken(agent); t != "" && t != agent && !strings.EqualFold(t, "Mozilla") {
		return t
	}
	return agent
}

func explainRule(v robotstxt.Verdict) string {
	switch v.Reason {
	case robotstxt.MatchedRule:
		s := fmt.Sprintf("line %d: %s: %s", v.Rule.Line, v.Rule.Kind, textsafe.Escape(v.Rule.Pattern))
		if v.ViaIndexHTML {
			s += " (index.html also allows its directory)"
		}
		if o := v.Overruled; o != nil {
			if len(robotstxt.CanonicalPattern(o.Pattern)) == len(robotstxt.CanonicalPattern(v.Rule.Pattern)) && !v.ViaIndexHTML {
				s += fmt.Sprintf(" (tie with line %d: allow wins)", o.Line)
			} else {
				s += fmt.Sprintf(" (longer than line %d: %s: %s)", o.Line, o.Kind, textsafe.Escape(o.Pattern))
			}
		}
		return s
	case robotstxt.NoMatchingRule:
		return "no matching rule (group: " + groupLines(v.UserAgents) + ")"
	case robotstxt.NoGroup:
		return "no group for this agent and no * group"
	case robotstxt.GlobalIgnored:
		return "no group for this agent, and it ignores the * group, as its operator documents"
	case robotstxt.ImplicitRobotsTxt:
		return "/robots.txt is always allowed"
	}
	return v.Reason.String()
}

// groupLines lists the lines of user-agent records: "line 3", "lines 4, 8".
func groupLines(uas []robotstxt.UserAgent) string {
	word := "line "
	if len(uas) > 1 {
		word = "lines "
	}
	nums := make([]string, len(uas))
	for i, ua := range uas {
		nums[i] = strconv.Itoa(ua.Line)
	}
	return word + strings.Join(nums, ", ")
}
