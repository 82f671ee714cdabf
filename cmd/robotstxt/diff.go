package main

import (
	"bufio"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"strings"

	"github.com/robotstxt/robotstxt"
	"github.com/robotstxt/robotstxt/crawlers"
	"github.com/robotstxt/robotstxt/diff"
	"github.com/robotstxt/robotstxt/fetch"
	"github.com/robotstxt/robotstxt/internal/textsafe"
	"github.com/robotstxt/robotstxt/sitemap"
)

func runDiff(ctx context.Context, c *cli, args []string) error {
	fs := c.newFlags("diff", "OLD NEW [--urls FILE] [-a AGENT ...] [--json]",
		`Compare two versions of a robots.txt and say what the change does, so that CI
can ask for an explicit approval when an edit blocks something.

OLD and NEW are files (- for standard input), http(s) URLs (the site's
robots.txt, fetched as a crawler fetches it; a 4xx but 429 counts as an empty
file, anything else that is not a file is an error), or versions recorded by
"robotstxt watch": URL@N (the N-th version, 1 the oldest, -1 the newest) or
URL@DATE (the version seen on that day, YYYY-MM-DD, or at that time, RFC 3339).

The structural part lists, per crawler name, the rules added and removed, the
rules moved from one name's groups to another's, and the sitemaps and other
records changed. Whitespace, comments, the order of lines and groups, and
equivalent spellings ("/%7Ea" and "/~a") change nothing.

The semantic part lists which URLs change verdict for which crawlers. With
--urls, over the URLs of that file (one per line: a log excerpt, a sitemap's
URLs; millions of lines are streamed). Without it, over probe URLs derived
from every pattern of both files, so that a change that flips anything is
found even with no list: one shortest path for each set of patterns that some
path matches (every pattern instantiated at its boundaries, '*' filled and
'$' tested). For files with many '*' patterns the search is bounded and the
output says so. A probe path stands for all the URLs the rules treat alike,
so without --urls the counts are of probe paths, not URLs, and a change that
closes or opens the whole site says "the whole site". The crawlers compared are given with -a, or by default "*",
the registry's search and AI crawlers, and every name either file uses.
Crawlers' documented fallbacks apply unless --no-fallback.

With --sitemap FILE|URL|- (repeatable), the URLs compared are the site's own,
those its sitemaps list (XML, index, text, RSS or Atom, gzipped or not; a URL
is fetched through the destination guard), with --urls ones if given;
--sitemaps-from-robots reads every sitemap that NEW or OLD names. The
output then says how many of the site's URLs each change newly blocks or
opens, per crawler, with examples; the sitemaps' problems are notes on
standard error (docs/sitemaps.md).

--fail-on blocked exits with status 1 only when a URL becomes blocked, so
that CI approves a change that only opens URLs without a label; the default,
--fail-on changed, exits with 1 on any verdict change.

Exit status: 0 when no verdict changes (with --fail-on blocked: none becomes
blocked), 1 when some do, 2 on an error.`,
		`  robotstxt diff robots.txt.orig robots.txt
  git show HEAD~1:public/robots.txt | robotstxt diff - public/robots.txt
  robotstxt diff https://example.com/robots.txt new-robots.txt --urls top-urls.txt
  robotstxt diff robots.txt.orig robots.txt --sitemap sitemap.xml --fail-on blocked
  robotstxt diff https://example.com/@2026-11-01 https://example.com/@-1 --db watch.db`)
	var agents, urlFiles stringList
	fs.Var(&agents, "a", "crawler `agent` to compare for (product token or user-agent string); repeatable")
	alias(fs, "a", "agent")
	fs.Var(&urlFiles, "urls", "compare the URLs of this `file`, one per line (- for standard input); repeatable")
	sm := addSitemapFlags(fs) // sitemaps.go
	failOn := fs.String("fail-on", "changed", "exit with status 1 when a verdict `changes`: changed (any change) or blocked (only when something becomes blocked; openings need no approval)")
	asJSON := fs.Bool("json", false, "print the comparison as one JSON object")
	ndjson := fs.Bool("ndjson", false, "print each URL whose verdict changed, per crawler, as one JSON object a line (the changes of --json)")
	noFallback := fs.Bool("no-fallback", false, "do not apply crawlers' documented fallbacks (Googlebot-Image to Googlebot, ...)")
	maxBytes := fs.Int("max-bytes", robotstxt.DefaultMaxBytes, "parse at most this many `bytes` of each robots.txt (-1: no limit)")
	db := fs.String("db", "", "watch `database` that URL@VERSION and URL@DATE read (default $ROBOTSTXT_DB or $XDG_DATA_HOME/robotstxt/watch.db)")
	userAgent := fs.String("user-agent", "", "the User-Agent `header` to fetch robots.txt with (default: robotstxt's own)")
	guard := addGuardFlags(fs)
	quiet := fs.Bool("q", false, "print nothing: the exit status says whether any verdict changed (0: none, 1: some); errors are still printed")
	alias(fs, "q", "quiet")
	if err := c.parseFlags(fs, args); err != nil {
		return err
	}
	if *asJSON && *ndjson {
		return usagef("diff: --json and --ndjson ask for two outputs; give one")
	}
	if *quiet {
		c = c.quiet()
	}
	if fs.NArg() != 2 {
		return usagef("diff: give OLD and NEW (run \"robotstxt diff --help\")")
	}
	if *failOn != "changed" && *failOn != "blocked" {
		return usagef("diff: --fail-on must be changed or blocked, not %s", textsafe.Escape(fmt.Sprintf("%q", *failOn)))
	}
	stdin := 0
	for _, s := range append(append(fs.Args(), urlFiles...), sm.sources...) {
		if s == "-" {
			stdin++
		}
	}
	if stdin > 1 {
		return usagef("diff: standard input can be read only once")
	}
	src := &sources{c: c, maxBytes: *maxBytes, userAgent: *userAgent, guard: guard, db: *db}
	defer src.close()
	old, err := src.load(ctx, fs.Arg(0))
	if err != nil {
		return err
	}
	new, err := src.load(ctx, fs.Arg(1))
	if err != nil {
		return err
	}
	opts := &diff.Options{Agents: agents, NoFallback: *noFallback}
	var res *diff.Result
	if len(urlFiles) > 0 || sm.set() {
		cmp := diff.NewComparer(old.robots, new.robots, opts)
		err := forEachURL(c, nil, urlFiles, func(u string) error {
			cmp.Add(u)
			return ctx.Err()
		})
		if err != nil {
			return err
		}
		if sm.set() {
			// The site's own URLs: those of the sitemaps given, and with
			// --sitemaps-from-robots those NEW (and OLD) name.
			run := &sitemapRun{c: c, flags: sm, guard: guard, robots: new.robots}
			if new.url != "" {
				run.robotsURL = new.url
			}
			n := 0
			err = run.readPipelined(ctx, func(u string) error {
				cmp.Add(u)
				if n++; n%1024 == 0 {
					return ctx.Err()
				}
				return nil
			})
			if err == nil && sm.fromRobots {
				// OLD's sitemaps too, once each: a sitemap the change drops
				// still lists the site's URLs.
				seen := map[string]bool{}
				for _, src := range run.sources() {
					seen[src.name] = true
				}
				oldRun := &sitemapRun{c: c, flags: &sitemapFlags{}, guard: guard, robots: old.robots, robotsURL: old.url, stdinUsed: true}
				for _, m := range old.robots.Sitemaps {
					if _, err := sitemap.CheckURL(m.URL); err == nil && !seen[m.URL] {
						oldRun.flags.sources = append(oldRun.flags.sources, m.URL)
					}
				}
				if len(oldRun.flags.sources) > 0 {
					err = oldRun.readPipelined(ctx, func(u string) error { cmp.Add(u); return nil })
					run.problems = append(run.problems, oldRun.problems...)
				}
			}
			run.notes()
			if err != nil {
				return err
			}
			if err := sitemapsRead(run); err != nil {
				return err
			}
		}
		res = cmp.Result()
	} else {
		res = diff.Compare(old.robots, new.robots, opts)
	}
	out := bufio.NewWriterSize(c.stdout, 64<<10)
	switch {
	case *ndjson:
		enc := json.NewEncoder(out)
		enc.SetEscapeHTML(false)
		for _, ch := range res.Changes {
			if err = enc.Encode(ch); err != nil {
				break
			}
		}
		if err == nil && res.Truncated {
			fmt.Fprintf(c.stderr, "robotstxt: diff: more than %d changes; the first %d were printed\n", len(res.Changes), len(res.Changes))
		}
	case *asJSON:
		enc := json.NewEncoder(out)
		enc.SetEscapeHTML(false)
		enc.SetIndent("", "  ")
		err = enc.Encode(struct {
			Old string `json:"old"`
			New string `json:"new"`
			*diff.Result
		}{old.label, new.label, res})
	default:
		writeDiffText(out, old, new, res, *noFallback)
	}
	if ferr := out.Flush(); err == nil {
		err = ferr
	}
	if err != nil {
		return err
	}
	if *failOn == "blocked" {
		for _, sum := range res.Summary {
			if sum.Blocked > 0 {
				return errFindings
			}
		}
		return nil
	}
	if !res.Unchanged {
		return errFindings
	}
	return nil
}

// sitemapsRead is an input error when no sitemap could be read at all: a
// comparison over no URL would say that nothing changes.
func sitemapsRead(run *sitemapRun) error {
	if run.urls == 0 && run.stopped() {
		return &exitError{code: exitUsage, msg: "no sitemap could be read"}
	}
	return nil
}

// version is a robots.txt to compare and how to name it.
type version struct {
	robots *robotstxt.Robots
	label  string
	url    string // the robots.txt's URL when it was fetched
}

// sources loads the OLD and NEW of diff: files, URLs and watched versions.
type sources struct {
	c         *cli
	maxBytes  int
	userAgent string
	guard     *guardFlags
	db        string
	store     io.Closer // the watch database, opened on first use
}

func (s *sources) close() {
	if s.store != nil {
		s.store.Close()
	}
}

func (s *sources) load(ctx context.Context, spec string) (*version, error) {
	if v, ok, err := s.loadWatched(ctx, spec); ok || err != nil {
		return v, err
	}
	lower := strings.ToLower(spec)
	if strings.HasPrefix(lower, "http://") || strings.HasPrefix(lower, "https://") {
		p, err := fetchPolicy(ctx, spec, s.userAgent, s.maxBytes, s.guard)
		if err != nil {
			return nil, err
		}
		switch p.Status {
		case fetch.Success:
			return &version{p.Robots(), p.URL, p.URL}, nil
		case fetch.Unavailable, fetch.TooManyRedirects:
			// No file: everything allowed, as an empty file.
			return &version{robotstxt.ParseString(""), p.URL + " (" + statusWords(p) + ": no file)", p.URL}, nil
		}
		return nil, usagef("diff: %s: %s (%s); there is no file to compare", p.URL, p.Status, statusWords(p))
	}
	if spec != "-" {
		if fi, err := os.Stat(spec); err == nil && fi.IsDir() {
			return nil, usagef("diff: %s is a directory", spec)
		}
	}
	body, err := s.c.readInput(spec)
	if err != nil {
		return nil, err
	}
	label := spec
	if spec == "-" {
		label = "<stdin>"
	}
	return &version{robotstxt.ParseOptions(string(body), &robotstxt.Options{MaxBytes: s.maxBytes}), label, ""}, nil
}

// writeDiffText prints the structural changes, then the verdict changes
// grouped by crawlers that see them alike.
func writeDiffText(w io.Writer, old, new *version, res *diff.Result, noFallback bool) {
	fmt.Fprintf(w, "--- %s\n+++ %s\n\n", textsafe.Escape(old.label), textsafe.Escape(new.label))
	s := res.Structural
	if s.Same {
		fmt.Fprint(w, "Rules: no rule, sitemap or record changed (whitespace, comments and order do not count).\n")
	} else {
		fmt.Fprint(w, "Rules:\n")
		for _, g := range s.Groups {
			what := ""
			switch g.Change {
			case "added":
				what = " (new group)"
			case "removed":
				what = " (group removed)"
			}
			fmt.Fprintf(w, "  %s%s\n", textsafe.Escape(g.Agent), what)
			for _, r := range g.Removed {
				fmt.Fprintf(w, "    - OLD line %d: %s: %s\n", r.Line, r.Kind, textsafe.Escape(r.Pattern))
			}
			for _, r := range g.Added {
				fmt.Fprintf(w, "    + NEW line %d: %s: %s\n", r.Line, r.Kind, textsafe.Escape(r.Pattern))
			}
		}
		for _, m := range s.Moved {
			fmt.Fprintf(w, "  moved: %s: %s from %s (OLD line %d) to %s (NEW line %d)\n", m.Kind, textsafe.Escape(m.Pattern), textsafe.Escape(m.From), m.OldLine, textsafe.Escape(m.To), m.NewLine)
		}
		for _, m := range s.Sitemaps.Removed {
			fmt.Fprintf(w, "  sitemap - OLD line %d: %s\n", m.Line, textsafe.Escape(m.URL))
		}
		for _, m := range s.Sitemaps.Added {
			fmt.Fprintf(w, "  sitemap + NEW line %d: %s\n", m.Line, textsafe.Escape(m.URL))
		}
		for _, r := range s.Records.Removed {
			fmt.Fprintf(w, "  record - OLD line %d: %s: %s\n", r.Line, textsafe.Escape(r.Name), textsafe.Escape(r.Value))
		}
		for _, r := range s.Records.Added {
			fmt.Fprintf(w, "  record + NEW line %d: %s: %s\n", r.Line, textsafe.Escape(r.Name), textsafe.Escape(r.Value))
		}
	}
	over := plural(res.URLs, "URL")
	if res.Probed {
		// A probe path stands for every URL that the patterns treat
		// alike: its count is no count of URLs.
		over = plural(res.URLs, "probe path") + " from the patterns of both files (each stands for all the URLs the rules treat alike)"
		if !res.ProbesComplete {
			over += " (search bounded: too many '*' combinations to try them all)"
		}
	}
	fmt.Fprintf(w, "\nVerdicts over %s, for %s:\n", over, plural(len(res.Agents), "crawler"))
	if res.Unchanged {
		fmt.Fprint(w, "  no verdict changes\n")
		return
	}
	for _, sum := range res.Summary {
		who := agentList(sum.Agents)
		for _, blocked := range []bool{true, false} {
			n, word := sum.Blocked, "now blocked"
			if !blocked {
				n, word = sum.Unblocked, "now allowed"
			}
			if n == 0 {
				continue
			}
			fmt.Fprintf(w, "  %s for %s: %s, e.g.\n", word, who, changedCount(old, new, res, sum, blocked, n, noFallback))
			for _, ex := range sum.Examples {
				if ex.Blocked() == blocked {
					fmt.Fprintf(w, "    %s (%s)\n", textsafe.Escape(ex.URL), because(ex))
				}
			}
		}
	}
	if res.Truncated {
		fmt.Fprintf(w, "  (the JSON output lists the first %d changes)\n", diff.MaxChanges)
	}
}

// changedCount says how many URLs changed verdict in one direction for an
// agent: over --urls, a count of URLs; over probe paths, "the whole site"
// when the change closes the site (NEW disallows every path, OLD did not) or
// opens it (OLD disallowed every path, NEW disallows none), "the site but
// ..." when a rule matching every path decides, else a count of probe
// paths, which is no count of URLs ("/" alone stands for the site).
func changedCount(old, new *version, res *diff.Result, sum diff.Summary, blocked bool, n int, noFallback bool) string {
	agent := sum.Agents[0]
	if !res.Probed {
		return plural(n, "URL")
	}
	o := old.robots.AgentWith(agent, robotstxt.AgentOptions{NoFallback: noFallback}).Rules()
	nw := new.robots.AgentWith(agent, robotstxt.AgentOptions{NoFallback: noFallback}).Rules()
	switch {
	case blocked && crawlers.Closed(nw) && !crawlers.Closed(o):
		return "the whole site (every URL it could fetch before)"
	case !blocked && crawlers.Closed(o) && disallowsNothing(nw):
		return "the whole site (every URL blocked before)"
	}
	for _, ex := range sum.Examples {
		r := ex.Old.Rule
		if blocked {
			r = ex.New.Rule
		}
		if ex.Blocked() == blocked && r != nil && crawlers.MatchesEverything(r.Pattern) {
			// "Disallow: /" with an Allow, or the reverse: most of the site.
			return "the site but the paths other rules decide (" + plural(n, "probe path") + ")"
		}
	}
	return "the URLs of " + plural(n, "probe path")
}

// disallowsNothing reports whether no rule disallows any path.
func disallowsNothing(rules []robotstxt.Rule) bool {
	for _, r := range rules {
		if r.Kind == robotstxt.Disallow && r.Pattern != "" {
			return false
		}
	}
	return true
}

// because says which rule made the difference.
func because(c diff.Change) string {
	if r := c.New.Rule; r != nil {
		return fmt.Sprintf("by NEW line %d: %s: %s", r.Line, r.Kind, textsafe.Escape(r.Pattern))
	}
	if r := c.Old.Rule; r != nil {
		return fmt.Sprintf("OLD line %d: %s: %s no longer applies", r.Line, r.Kind, textsafe.Escape(r.Pattern))
	}
	return c.New.Reason.String()
}

func agentList(names []string) string {
	for i, n := range names {
		names[i] = textsafe.Escape(n)
	}
	if len(names) <= 4 {
		return strings.Join(names, ", ")
	}
	return fmt.Sprintf("%s and %d more", strings.Join(names[:3], ", "), len(names)-3)
}
