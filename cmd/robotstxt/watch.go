package main

import (
	"bufio"
	"context"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"sort"
	"time"

	"github.com/robotstxt/robotstxt"
	"github.com/robotstxt/robotstxt/diff"
	"github.com/robotstxt/robotstxt/fetch"
	"github.com/robotstxt/robotstxt/gate"
	"github.com/robotstxt/robotstxt/history"
	"github.com/robotstxt/robotstxt/internal/textsafe"
)

// clock is the time source of watch; tests replace it with a fake one.
type clock interface {
	Now() time.Time
	Sleep(ctx context.Context, d time.Duration) error
}

type realClock struct{}

func (realClock) Now() time.Time { return time.Now() }

func (realClock) Sleep(ctx context.Context, d time.Duration) error {
	t := time.NewTimer(d)
	defer t.Stop()
	select {
	case <-t.C:
		return nil
	case <-ctx.Done():
		return ctx.Err()
	}
}

var watchClock clock = realClock{}

// minEvery is the shortest interval between two fetches of one robots.txt:
// gate.DefaultMinAge, the least time a crawler keeps a copy.
const minEvery = gate.DefaultMinAge

func runWatch(ctx context.Context, c *cli, args []string) error {
	fs := c.newFlags("watch", "URL ... [--every 1h] [--db FILE] [--count N] [-a AGENT ...]",
		`Fetch each site's robots.txt on a schedule, as a crawler fetches it, record
every distinct version in a database, and print what changed when a version
changes: the rules (as "robotstxt diff" does), or the status (a 200 turning
into a 5xx means crawlers stop crawling the site).

A version is a distinct (body, fetch status, HTTP status); for each the
database keeps the digest, when it was first and last seen, the HTTP status,
the final URL after redirects and the bytes. The bytes kept per URL are
bounded (10 MiB; the oldest bodies are dropped first). "robotstxt history URL"
lists the versions and "robotstxt diff URL@N URL@M" compares two.

Each URL names a site; several URLs of one site are fetched once. Fetches of
one site are at least --every apart (at least a minute), later when the site
asks with Retry-After or keeps failing (backoff, as the gate's cache rules
say); the schedule survives a restart. The database is SQLite, written by a
pure-Go driver: --db, else $ROBOTSTXT_DB, else watch.db in
$XDG_DATA_HOME/robotstxt (~/.local/share/robotstxt).

watch runs until interrupted, or for --count rounds of fetches. When
standard error is a terminal, a status line there shows the fetch under way
and the wait for the next one (--progress never hides it, always forces it).

Exit status: 0 when stopped, 2 on a usage error or a database error.`,
		`  robotstxt watch https://example.com/ https://shop.example.com/ --every 6h
  robotstxt watch https://example.com/ --count 1 --db robots-history.db`)
	every := fs.Duration("every", time.Hour, "fetch each robots.txt this `often` (at least 1m)")
	db := fs.String("db", "", "`database` file (default $ROBOTSTXT_DB or $XDG_DATA_HOME/robotstxt/watch.db)")
	count := fs.Int("count", 0, "stop after `N` rounds of fetches (0: run until interrupted)")
	verbose := fs.Bool("verbose", false, "also print a line for each fetch that found no change")
	var agents stringList
	fs.Var(&agents, "a", "crawler `agent` whose verdicts the diff shows (repeatable; default as robotstxt diff)")
	alias(fs, "a", "agent")
	noFallback := fs.Bool("no-fallback", false, "do not apply crawlers' documented fallbacks in the diff")
	userAgent := fs.String("user-agent", "", "the User-Agent `header` to fetch robots.txt with (default: robotstxt's own)")
	guard := addGuardFlags(fs)
	progressFlag := addProgressFlag(fs, c)
	if err := c.parseFlags(fs, args); err != nil {
		return err
	}
	prog, err := progressFlag()
	if err != nil {
		return err
	}
	if fs.NArg() == 0 {
		return usagef("watch: give at least one site URL (run \"robotstxt watch --help\")")
	}
	if *every < minEvery {
		return usagef("watch: --every %v is too often: at least %v between fetches of one site", *every, minEvery)
	}
	if *count < 0 {
		return usagef("watch: --count must be 0 or more")
	}
	var urls []string
	seen := map[string]bool{}
	for _, a := range fs.Args() {
		u, err := robotsURL(a)
		if err != nil {
			return err
		}
		if !seen[u] {
			seen[u] = true
			urls = append(urls, u)
		}
	}
	path := *db
	if path == "" {
		path = defaultDB(c)
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			return usagef("watch: %v", err)
		}
	}
	st, err := history.Open(path)
	if err != nil {
		return usagef("watch: %v", err)
	}
	defer st.Close()
	ua := *userAgent
	if ua == "" {
		ua = fetch.DefaultUserAgent
	}
	w := &watcher{
		store: st, every: *every, clock: watchClock, verbose: *verbose,
		opts:   diff.Options{Agents: agents, NoFallback: *noFallback},
		client: &gate.Client{Fetcher: &fetch.Fetcher{UserAgent: ua, Guard: guard.policy(), Now: watchClock.Now}, Now: watchClock.Now},
		out:    bufio.NewWriter(prog.before(c.stdout)),
		prog:   prog,
	}
	err = w.run(ctx, urls, *count)
	prog.clear()
	if ferr := w.out.Flush(); err == nil {
		err = ferr
	}
	if err == context.Canceled && ctx.Err() != nil {
		return nil // interrupted: a normal end
	}
	return err
}

// watcher fetches robots.txt files on a schedule and records their versions.
type watcher struct {
	store   *history.Store
	client  *gate.Client
	every   time.Duration
	clock   clock
	verbose bool
	opts    diff.Options
	out     *bufio.Writer
	prog    *progress // the status line on a terminal: the fetch under way, the next one
}

func (w *watcher) run(ctx context.Context, urls []string, rounds int) error {
	due := map[string]time.Time{}
	for _, u := range urls {
		next, _, err := w.store.NextFetch(ctx, u)
		if err != nil {
			return err
		}
		due[u] = next
	}
	for round := 0; rounds == 0 || round < rounds; round++ {
		// Sleep until the earliest due fetch.
		sort.SliceStable(urls, func(i, j int) bool { return due[urls[i]].Before(due[urls[j]]) })
		if d := due[urls[0]].Sub(w.clock.Now()); d > 0 {
			if err := w.out.Flush(); err != nil {
				return err
			}
			w.prog.show("watch: %s, round %d: next fetch %s (%s)", plural(len(urls), "site"), round+1, textsafe.Escape(urls[0]), until(d))
			err := w.clock.Sleep(ctx, d)
			w.prog.clear()
			if err != nil {
				return err
			}
		}
		now := w.clock.Now()
		fetching := 0
		for _, u := range urls {
			if !due[u].After(now) {
				fetching++
			}
		}
		i := 0
		for _, u := range urls {
			if due[u].After(now) {
				continue
			}
			i++
			w.prog.show("watch: round %d: fetching %d of %d: %s", round+1, i, fetching, textsafe.Escape(u))
			next, err := w.fetch(ctx, u)
			w.prog.clear()
			if err != nil {
				return err
			}
			due[u] = next
		}
	}
	return nil
}

// fetch fetches one robots.txt, records it and prints what changed. It
// returns when the URL is due again.
func (w *watcher) fetch(ctx context.Context, u string) (time.Time, error) {
	now := w.clock.Now()
	state, err := w.client.Refresh(ctx, u)
	if err != nil {
		return time.Time{}, err
	}
	next := now.Add(w.every)
	// The latest answer: the failure while the site fails, else the
	// latest definitive fetch.
	p := state.Cached
	failures := 0
	if state.Failure != nil {
		p = state.Failure
		failures = 1
		if state.RetryAt.After(next) {
			next = state.RetryAt // Retry-After or backoff asks for longer
		}
	}
	if p == nil || p.FetchedAt.Before(now) {
		// Nothing fetched: a failure still asks to wait.
		if state.RetryAt.After(now) {
			next = state.RetryAt
		}
		return next, w.store.SetNextFetch(ctx, u, next, failures)
	}
	if p.Status == fetch.Refused {
		return time.Time{}, usagef("watch: %s: %s (give --allow-private or --allow-range to reach it)", p.URL, p.Detail)
	}
	o := history.Observation{URL: u, Status: string(p.Status), HTTPStatus: p.HTTPStatus, FinalURL: p.FinalURL,
		Detail: p.Detail, Digest: p.Digest, Body: p.Body, Truncated: p.Truncated, At: now}
	prev, cur, changed, err := w.store.Record(ctx, o)
	if err != nil {
		return time.Time{}, err
	}
	if err := w.store.SetNextFetch(ctx, u, next, failures); err != nil {
		return time.Time{}, err
	}
	stamp := now.UTC().Format(time.RFC3339)
	switch {
	case prev == nil:
		fmt.Fprintf(w.out, "%s  %s  version %d: %s\n", stamp, u, cur.N, describe(cur))
	case !changed:
		if w.verbose {
			fmt.Fprintf(w.out, "%s  %s  unchanged (version %d: %s)\n", stamp, u, cur.N, describe(cur))
		}
	default:
		fmt.Fprintf(w.out, "%s  %s  version %d: %s (was version %d: %s)\n", stamp, u, cur.N, describe(cur), prev.N, describe(prev))
		w.explain(ctx, u, prev, cur)
	}
	return next, nil
}

// describe names a version in a few words.
func describe(v *history.Version) string {
	switch fetch.Status(v.Status) {
	case fetch.Success:
		d := v.Digest
		if len(d) > 19 {
			d = d[:19]
		}
		return fmt.Sprintf("HTTP %d, %d bytes, %s", v.HTTPStatus, v.Size, d)
	case fetch.Unavailable, fetch.TooManyRedirects:
		return fmt.Sprintf("no file (%s), everything allowed", statusOf(v))
	case fetch.RateLimited:
		return fmt.Sprintf("rate-limited (%s), crawlers wait", statusOf(v))
	}
	return fmt.Sprintf("unreachable (%s), crawlers stop: everything disallowed", statusOf(v))
}

func statusOf(v *history.Version) string {
	if v.HTTPStatus != 0 {
		return fmt.Sprintf("HTTP %d", v.HTTPStatus)
	}
	return textsafe.Escape(orDash(v.Detail))
}

// rulesOf is what crawlers obey under a version: its file, an empty file when
// there is none, or nil when it could not be had.
func rulesOf(v *history.Version) *robotstxt.Robots {
	switch fetch.Status(v.Status) {
	case fetch.Success:
		return fetch.ParseBody(v.Body, v.Truncated)
	case fetch.Unavailable, fetch.TooManyRedirects:
		return robotstxt.ParseString("")
	}
	return nil
}

// explain prints the semantic diff of a new version against the last one
// crawlers could obey.
func (w *watcher) explain(ctx context.Context, u string, prev, cur *history.Version) {
	now := rulesOf(cur)
	if now == nil {
		return // the status line said it: crawlers stop
	}
	// The last version with rules, going back from prev.
	var base *history.Version
	for n := prev.N; n >= 1; n-- {
		v := prev
		if n != prev.N {
			var err error
			if v, err = w.store.Version(ctx, u, n); err != nil {
				return
			}
		} else if v.Body == nil && v.Size > 0 {
			full, err := w.store.Version(ctx, u, n)
			if err != nil {
				return
			}
			v = full
		}
		if rulesOf(v) != nil && !(fetch.Status(v.Status) == fetch.Success && v.Pruned) {
			base = v
			break
		}
	}
	if base == nil {
		return
	}
	res := diff.Compare(rulesOf(base), now, &w.opts)
	var b bufferWriter
	writeDiffText(&b, &version{rulesOf(base), fmt.Sprintf("version %d", base.N), ""}, &version{now, fmt.Sprintf("version %d", cur.N), ""}, res, w.opts.NoFallback)
	for _, line := range b.lines() {
		fmt.Fprintf(w.out, "    %s\n", line)
	}
}

// bufferWriter collects text to indent it.
type bufferWriter struct{ buf []byte }

func (b *bufferWriter) Write(p []byte) (int, error) { b.buf = append(b.buf, p...); return len(p), nil }

func (b *bufferWriter) lines() []string {
	var out []string
	start := 0
	for i, c := range b.buf {
		if c == '\n' {
			out = append(out, string(b.buf[start:i]))
			start = i + 1
		}
	}
	if start < len(b.buf) {
		out = append(out, string(b.buf[start:]))
	}
	return out
}

var _ io.Writer = (*bufferWriter)(nil)
