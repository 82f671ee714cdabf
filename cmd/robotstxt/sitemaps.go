package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"net/url"
	"slices"
	"strconv"
	"strings"

	"github.com/robotstxt/robotstxt"
	"github.com/robotstxt/robotstxt/fetch"
	"github.com/robotstxt/robotstxt/internal/textsafe"
	"github.com/robotstxt/robotstxt/sitemap"
)

// sitemapFlags are --sitemap and --sitemaps-from-robots, shared by check,
// lint and diff.
type sitemapFlags struct {
	sources    stringList
	fromRobots bool
}

func addSitemapFlags(fs *flag.FlagSet) *sitemapFlags {
	s := &sitemapFlags{}
	fs.Var(&s.sources, "sitemap", "read the URLs of a sitemap: a `file`, a URL (fetched as robots.txt is, through the destination guard) or - for standard input; XML, index, text, RSS or Atom, gzipped or not; repeatable")
	fs.BoolVar(&s.fromRobots, "sitemaps-from-robots", false, "read every sitemap the robots.txt names on its Sitemap: lines (fetched)")
	return s
}

// set reports whether any sitemap is to be read.
func (s *sitemapFlags) set() bool { return len(s.sources) > 0 || s.fromRobots }

// fetches reports whether reading the sitemaps may fetch (the guard's
// flags then mean something).
func (s *sitemapFlags) fetches() bool {
	if s.fromRobots {
		return true
	}
	for _, src := range s.sources {
		if isSourceURL(src) {
			return true
		}
	}
	return false
}

// sitemapFetcher fetches sitemaps as robots.txt is fetched: through the
// destination guard, redirects and time bounds of the fetch package; the
// reader bounds the size.
func sitemapFetcher(g *guardFlags) sitemap.Fetcher {
	f := &fetch.Fetcher{Guard: g.policy()}
	return sitemap.FetcherFunc(func(ctx context.Context, u string) (io.ReadCloser, error) {
		doc, err := f.Open(ctx, u)
		if err != nil {
			var fe *fetch.Error
			if errors.As(err, &fe) {
				return nil, fe.Err
			}
			return nil, err
		}
		return doc.Body, nil
	})
}

// sitemapRun is the reading of a command's sitemaps.
type sitemapRun struct {
	c          *cli
	flags      *sitemapFlags
	guard      *guardFlags
	robots     *robotstxt.Robots
	robotsURL  string // the robots.txt's URL when it was fetched; else ""
	robotsHost string // the host the robots.txt is served from (lint --host); else ""
	stdinUsed  bool   // standard input is taken already (by the robots.txt)

	problems []sitemap.Problem
	omitted  int // problems not listed (sitemap.Result.Omitted)
	urls     int
	sitemaps int
}

// sitemapSource is one sitemap to read, and the robots.txt line naming it
// (0: given with --sitemap only).
type sitemapSource struct {
	name string
	line int
}

// sources lists the sitemaps to read: the --sitemap ones, then the
// robots.txt's Sitemap: lines. A Sitemap: line that is not a URL is a
// problem of its own.
func (s *sitemapRun) sources() []sitemapSource {
	var out []sitemapSource
	for _, src := range s.flags.sources {
		out = append(out, sitemapSource{name: src})
	}
	if s.robots == nil {
		return out
	}
	for _, sm := range s.robots.Sitemaps {
		u := sm.URL
		if s.robotsURL != "" && !isSourceURL(u) {
			if base, err := url.Parse(s.robotsURL); err == nil {
				if ref, err := base.Parse(u); err == nil {
					u = ref.String()
				}
			}
		}
		if i := slices.IndexFunc(out, func(o sitemapSource) bool { return o.name == u }); i >= 0 {
			out[i].line = sm.Line
			continue
		}
		if !s.flags.fromRobots {
			continue
		}
		if _, err := sitemap.CheckURL(u); err != nil {
			s.problems = append(s.problems, sitemap.Problem{Sitemap: "robots.txt", Line: sm.Line, Code: sitemap.CodeBadLoc,
				Message: "Sitemap: " + err.Error()})
			continue
		}
		out = append(out, sitemapSource{name: u, line: sm.Line})
	}
	return out
}

// read reads every sitemap, handing each URL to fn.
func (s *sitemapRun) read(ctx context.Context, fn func(sitemap.Entry) error) error {
	return s.readEach(ctx, fn, nil)
}

// sitemapBatch is how many URLs readPipelined hands over at a time.
const sitemapBatch = 1024

// readPipelined reads every sitemap in a goroutine of its own and hands
// each URL to fn in this one, in order, batches of URLs going between
// them: on two cores the XML is read while the URLs before are checked.
// fn's error stops the reading and is returned; else the reading's.
func (s *sitemapRun) readPipelined(ctx context.Context, fn func(u string) error) error {
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	full := make(chan []string, 4)
	free := make(chan []string, 6)
	var readErr error
	done := make(chan struct{})
	go func() {
		defer close(done)
		defer close(full)
		buf := make([]string, 0, sitemapBatch)
		send := func() error {
			select {
			case full <- buf:
			case <-ctx.Done():
				return ctx.Err()
			}
			select {
			case buf = <-free:
				buf = buf[:0]
			default:
				buf = make([]string, 0, sitemapBatch)
			}
			return nil
		}
		readErr = s.read(ctx, func(e sitemap.Entry) error {
			buf = append(buf, e.Loc)
			if len(buf) == sitemapBatch {
				return send()
			}
			return nil
		})
		if readErr == nil && len(buf) > 0 {
			readErr = send()
		}
	}()
	var err error
	for b := range full {
		for _, u := range b {
			if err != nil {
				break
			}
			err = fn(u)
		}
		if err != nil {
			cancel() // the reader stops at its next URL
		}
		select {
		case free <- b:
		default:
		}
	}
	<-done
	if err != nil {
		return err
	}
	return readErr
}

// readEach reads every sitemap, handing each URL to fn, and calls done
// (when not nil) after each source with what its reading found.
func (s *sitemapRun) readEach(ctx context.Context, fn func(sitemap.Entry) error, done func(sitemapSource, *sitemap.Result)) error {
	r := &sitemap.Reader{Fetcher: sitemapFetcher(s.guard), CrossSubmitted: s.crossSubmitted}
	for _, src := range s.sources() {
		var res *sitemap.Result
		var err error
		switch {
		case isSourceURL(src.name):
			res, err = r.ReadURL(ctx, src.name, fn)
		case src.name == "-":
			if s.stdinUsed {
				return usagef("standard input can be read only once")
			}
			s.stdinUsed = true
			res, err = r.Read(ctx, "standard input", s.c.stdin, fn)
		default:
			f, closeF, oerr := s.c.openFile(src.name)
			if oerr != nil {
				return openError(oerr)
			}
			res, err = r.Read(ctx, src.name, f, fn)
			closeF()
		}
		if res != nil {
			s.problems = append(s.problems, res.Problems...)
			s.omitted += res.Omitted
			s.urls += res.URLs
			s.sitemaps += res.Sitemaps
			if done != nil {
				done(src, res)
			}
		}
		if err != nil {
			return err
		}
	}
	return nil
}

// crossSubmitted: a sitemap on another host may list the URLs of the
// robots.txt's own origin when that robots.txt names it (sitemaps.org
// "Sitemaps & Cross Submits").
func (s *sitemapRun) crossSubmitted(sm, origin string) bool {
	if s.robots == nil {
		return false
	}
	switch {
	case s.robotsURL != "":
		if o, err := fetch.Origin(s.robotsURL); err != nil || o != origin {
			return false
		}
	case s.robotsHost != "":
		// lint --host: the file's host, on either scheme.
		_, host, _ := strings.Cut(origin, "://")
		if !strings.EqualFold(host, s.robotsHost) {
			return false
		}
	default:
		return false
	}
	for _, line := range s.robots.Sitemaps {
		if line.URL == sm {
			return true
		}
	}
	return false
}

// stopped reports whether a sitemap could not be read (fetched, opened,
// decompressed, parsed) to its end.
func (s *sitemapRun) stopped() bool {
	for _, p := range s.problems {
		if p.Code.Stops() {
			return true
		}
	}
	return false
}

// notes prints the sitemaps' problems on standard error, one line each.
func (s *sitemapRun) notes() {
	for _, p := range s.problems {
		fmt.Fprintf(s.c.stderr, "robotstxt: sitemap: %s\n", textsafe.Escape(p.String()))
	}
	if s.omitted > 0 {
		fmt.Fprintf(s.c.stderr, "robotstxt: sitemap: ... and %s more\n", plural(s.omitted, "problem"))
	}
}

// sitemapGroups counts the sitemap URLs of one agent by deciding rule
// (check's text output).
type sitemapGroups struct {
	agent  string
	groups map[verdictGroupKey]*sitemapGroup
	order  []*sitemapGroup
	last   *sitemapGroup // the last URL's group: most URLs share it
	lastV  verdictGroupKey
}

// verdictGroupKey is what check's explanation of a verdict depends on.
type verdictGroupKey struct {
	allowed, viaIndexHTML bool
	reason                robotstxt.Reason
	rule, overruled       *robotstxt.Rule
	fallback, reading     string
	ua                    *robotstxt.UserAgent
}

type sitemapGroup struct {
	verdict  robotstxt.Verdict
	count    int
	examples []string
}

// sitemapExamples is how many URLs of a group are shown.
const sitemapExamples = 3

func groupKey(v *robotstxt.Verdict) verdictGroupKey {
	k := verdictGroupKey{allowed: v.Allowed, viaIndexHTML: v.ViaIndexHTML, reason: v.Reason, rule: v.Rule,
		overruled: v.Overruled, fallback: v.Fallback, reading: v.Reading}
	if len(v.UserAgents) > 0 {
		k.ua = &v.UserAgents[0]
	}
	return k
}

func (g *sitemapGroups) add(v *robotstxt.Verdict, u string) {
	k := groupKey(v)
	grp := g.last
	if grp == nil || k != g.lastV {
		grp = g.groups[k]
		if grp == nil {
			grp = &sitemapGroup{verdict: *v}
			g.groups[k] = grp
			g.order = append(g.order, grp)
		}
		g.last, g.lastV = grp, k
	}
	grp.count++
	if len(grp.examples) < sitemapExamples {
		grp.examples = append(grp.examples, u)
	}
}

// write prints the groups: the disallowed ones first, the largest first,
// each with a few of its URLs; then the allowed ones.
func (g *sitemapGroups) write(b *strings.Builder, total int) {
	slices.SortStableFunc(g.order, func(a, b *sitemapGroup) int {
		if a.verdict.Allowed != b.verdict.Allowed {
			if !a.verdict.Allowed {
				return -1
			}
			return 1
		}
		return b.count - a.count
	})
	agent := textsafe.Escape(g.agent)
	blocked := 0
	for _, grp := range g.order {
		if !grp.verdict.Allowed {
			blocked += grp.count
		}
	}
	fmt.Fprintf(b, "%s: %d of %s blocked\n", agent, blocked, plural(total, "sitemap URL"))
	for _, grp := range g.order {
		word := "allowed"
		if !grp.verdict.Allowed {
			word = "blocked"
		}
		how := explain(g.agent, grp.verdict)
		sep := ": "
		if grp.verdict.Reason == robotstxt.MatchedRule {
			sep = " by "
		}
		fmt.Fprintf(b, "  %s %s for %s%s%s\n", plural(grp.count, "URL"), word, agent, sep, how)
		if grp.verdict.Allowed {
			continue
		}
		for _, u := range grp.examples {
			fmt.Fprintf(b, "    %s\n", textsafe.Escape(u))
		}
		if more := grp.count - len(grp.examples); more > 0 {
			fmt.Fprintf(b, "    ... and %s more\n", strconv.Itoa(more))
		}
	}
}
