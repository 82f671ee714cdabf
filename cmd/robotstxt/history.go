package main

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"text/tabwriter"
	"time"

	"github.com/robotstxt/robotstxt"
	"github.com/robotstxt/robotstxt/fetch"
	"github.com/robotstxt/robotstxt/history"
	"github.com/robotstxt/robotstxt/internal/textsafe"
)

func runHistory(ctx context.Context, c *cli, args []string) error {
	fs := c.newFlags("history", "[URL] [--db FILE] [--json]",
		`List the versions of a site's robots.txt that "robotstxt watch" recorded:
number, first and last seen, fetch status, HTTP status, size, digest and the
final URL after redirects. Without URL, list the watched URLs.

A version number or a date selects a version for "robotstxt diff":
URL@N (1 the oldest, -1 the newest) or URL@YYYY-MM-DD (the version current at
the end of that day, UTC) or URL@TIME (RFC 3339).

The database is --db, else $ROBOTSTXT_DB, else watch.db in
$XDG_DATA_HOME/robotstxt (~/.local/share/robotstxt).

Exit status: 0, or 2 on an error (no database, no such URL).`,
		`  robotstxt history https://example.com/
  robotstxt diff https://example.com/@-2 https://example.com/@-1`)
	db := fs.String("db", "", "watch `database` (default $ROBOTSTXT_DB or $XDG_DATA_HOME/robotstxt/watch.db)")
	asJSON := fs.Bool("json", false, "print the versions as JSON")
	if err := c.parseFlags(fs, args); err != nil {
		return err
	}
	if fs.NArg() > 1 {
		return usagef("history: give at most one URL")
	}
	st, err := openExisting(c, *db)
	if err != nil {
		return err
	}
	defer st.Close()
	if fs.NArg() == 0 {
		urls, err := st.URLs(ctx)
		if err != nil {
			return err
		}
		if *asJSON {
			return writeJSONValue(c, urls)
		}
		for _, u := range urls {
			fmt.Fprintln(c.stdout, textsafe.Escape(u))
		}
		return nil
	}
	u, err := robotsURL(fs.Arg(0))
	if err != nil {
		return err
	}
	vs, err := st.Versions(ctx, u)
	if err != nil {
		return err
	}
	if len(vs) == 0 {
		return usagef("history: no versions of %s (run \"robotstxt watch %s\" first)", u, fs.Arg(0))
	}
	if *asJSON {
		return writeJSONValue(c, vs)
	}
	tw := tabwriter.NewWriter(c.stdout, 0, 0, 2, ' ', 0)
	fmt.Fprintf(tw, "%s\n", textsafe.Escape(u))
	fmt.Fprint(tw, "N\tfirst seen\tlast seen\tstatus\tHTTP\tbytes\tdigest\tfinal URL\n")
	for _, v := range vs {
		digest := v.Digest
		if len(digest) > 19 {
			digest = digest[:19] + "…"
		}
		if v.Pruned {
			digest += " (body pruned)"
		}
		code := "-"
		if v.HTTPStatus != 0 {
			code = strconv.Itoa(v.HTTPStatus)
		}
		fmt.Fprintf(tw, "%d\t%s\t%s\t%s\t%s\t%d\t%s\t%s\n", v.N, v.FirstSeen.Format(time.RFC3339), v.LastSeen.Format(time.RFC3339),
			v.Status, code, v.Size, orDash(digest), textsafe.Escape(orDash(v.FinalURL)))
	}
	return tw.Flush()
}

func orDash(s string) string {
	if s == "" {
		return "-"
	}
	return s
}

func writeJSONValue(c *cli, v any) error {
	enc := json.NewEncoder(c.stdout)
	enc.SetEscapeHTML(false)
	enc.SetIndent("", "  ")
	return enc.Encode(v)
}

// defaultDB is where the watch database lives when --db is not given.
func defaultDB(c *cli) string {
	if p := c.getenv("ROBOTSTXT_DB"); p != "" {
		return p
	}
	dir := c.getenv("XDG_DATA_HOME")
	if dir == "" {
		home := c.getenv("HOME")
		if home == "" {
			return "robotstxt-watch.db"
		}
		dir = filepath.Join(home, ".local", "share")
	}
	return filepath.Join(dir, "robotstxt", "watch.db")
}

// openExisting opens a watch database that must exist already.
func openExisting(c *cli, path string) (*history.Store, error) {
	if path == "" {
		path = defaultDB(c)
	}
	if _, err := os.Stat(path); err != nil {
		return nil, usagef("no watch database at %s (run \"robotstxt watch\" first, or give --db)", path)
	}
	st, err := history.Open(path)
	if err != nil {
		return nil, usagef("%v", err)
	}
	return st, nil
}

// robotsURL gives the robots.txt URL of any URL of a site: the key of its
// versions.
func robotsURL(rawURL string) (string, error) {
	o, err := fetch.Origin(rawURL)
	if err != nil {
		return "", usagef("%q: %v", rawURL, err)
	}
	return o + "/robots.txt", nil
}

// splitVersion splits "URL@N", "URL@DATE" or "URL@TIME" of an http(s) URL;
// ok is false for anything else.
func splitVersion(spec string) (u string, n int, at time.Time, ok bool) {
	lower := strings.ToLower(spec)
	if !strings.HasPrefix(lower, "http://") && !strings.HasPrefix(lower, "https://") {
		return "", 0, time.Time{}, false
	}
	i := strings.LastIndexByte(spec, '@')
	if i < 0 {
		return "", 0, time.Time{}, false
	}
	u, sel := spec[:i], spec[i+1:]
	if n, err := strconv.Atoi(sel); err == nil && n != 0 {
		return u, n, time.Time{}, true
	}
	if d, err := time.Parse("2006-01-02", sel); err == nil {
		return u, 0, d.Add(24*time.Hour - time.Nanosecond), true
	}
	if t, err := time.Parse(time.RFC3339, sel); err == nil {
		return u, 0, t, true
	}
	return "", 0, time.Time{}, false
}

// loadWatched loads URL@VERSION or URL@DATE from the watch database; ok is
// false when spec is not of that form.
func (s *sources) loadWatched(ctx context.Context, spec string) (*version, bool, error) {
	u, n, at, ok := splitVersion(spec)
	if !ok {
		return nil, false, nil
	}
	key, err := robotsURL(u)
	if err != nil {
		return nil, true, err
	}
	if s.store == nil {
		st, err := openExisting(s.c, s.db)
		if err != nil {
			return nil, true, err
		}
		s.store = st
	}
	st := s.store.(*history.Store)
	var v *history.Version
	if n != 0 {
		v, err = st.Version(ctx, key, n)
	} else {
		v, err = st.At(ctx, key, at)
	}
	if errors.Is(err, history.ErrNotFound) {
		return nil, true, usagef("diff: %s: no such version of %s (see \"robotstxt history %s\")", spec, key, u)
	}
	if err != nil {
		return nil, true, err
	}
	label := fmt.Sprintf("%s version %d (first seen %s)", key, v.N, v.FirstSeen.Format(time.RFC3339))
	switch fetch.Status(v.Status) {
	case fetch.Success:
		if v.Pruned {
			return nil, true, usagef("diff: %s: the body of version %d was pruned (the per-URL byte cap)", spec, v.N)
		}
		return &version{fetch.ParseBody(v.Body, v.Truncated), label, ""}, true, nil
	case fetch.Unavailable, fetch.TooManyRedirects:
		return &version{robotstxt.ParseString(""), label + " (no file)", ""}, true, nil
	}
	return nil, true, usagef("diff: %s: version %d is %s (HTTP %d): there is no file to compare", spec, v.N, v.Status, v.HTTPStatus)
}
