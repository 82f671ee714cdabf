package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"runtime/debug"
	"slices"
	"strings"

	"github.com/robotstxt/robotstxt"
	"github.com/robotstxt/robotstxt/crawlers"
	"github.com/robotstxt/robotstxt/sitemap"
)

// A sitemap opened in the page (a file, or a URL the server fetches under
// "serve --allow-fetch") is read by the command line's reader (package
// sitemap) and its URLs are checked for the crawlers of the page's table, as
// "robotstxt check --sitemap" checks them: counted per crawler by the rule
// that decides them.
//
// The reader pulls its bytes (an io.Reader) while the page pushes them (it
// reads the file or the fetched body a piece at a time), so the reading runs
// in a goroutine of its own and the two take turns: each call hands the
// reading one message and returns what it asks for next.
//
//	sitemapStart(text, set, mode, name, fetch) -> the first request
//	sitemapFeed(bytes)                         -> the next request
//	sitemapEnd(error)                          -> the next request
//	sitemapCancel()                            -> nothing
//
// A request is {"want": "more"} (the next piece of the file being read),
// {"want": "fetch", "url": ...} (the page fetches that sitemap, an index's
// or the one given by URL, and feeds it; sitemapEnd with the error when it
// cannot) or {"want": "done", "report": ...}. The reading goroutine never
// waits on JavaScript, only on these calls, so the page's event loop is
// never blocked: a 50 MB sitemap is as many calls as it has pieces.

// Bounds of a sitemap read in the page.
const (
	// maxSitemapPiece bounds one sitemapFeed piece; the page sends 1 MiB.
	maxSitemapPiece = 8 << 20
	// pageMaxFetches is how many sitemaps one reading fetches through the
	// server (the one given by URL and an index's): fewer than the command
	// line's 1,000, as each is a request the page's server makes.
	pageMaxFetches = 50
	// sitemapExamples is how many URLs of a blocked group are shown, as
	// check --sitemap shows them.
	sitemapExamples = 3
)

// smMsg is what a call hands the reading.
type smMsg struct {
	data   []byte
	end    bool   // the file ends here (after data)
	err    string // it ends broken (a failed fetch, a stream cut)
	cancel bool
}

// smRequest is what the reading asks for next.
type smRequest struct {
	Want   string         `json:"want"` // "more", "fetch" or "done"
	URL    string         `json:"url,omitempty"`
	URLs   int            `json:"urls"` // URLs read so far
	Report *sitemapReport `json:"report,omitempty"`
	err    error          // the reading's own failure (a bug), with done
}

// sitemapRun is the reading in progress.
type sitemapRun struct {
	in     chan smMsg
	out    chan smRequest
	cancel context.CancelFunc
	done   bool
	urls   int
}

// sitemapReport is the answer: what check --sitemap prints, per crawler.
type sitemapReport struct {
	URLs     int         `json:"urls"`
	Sitemaps int         `json:"sitemaps"`
	Problems []smProblem `json:"problems"`
	Omitted  int         `json:"omitted,omitempty"`
	// MaxFetches is how many sitemaps the page fetches in one reading.
	MaxFetches int              `json:"maxFetches"`
	Crawlers   []sitemapCrawler `json:"crawlers"`
}

// smProblem is a sitemap.Problem as the page reads it. The message is in
// English; the page says what its code means in its language.
type smProblem struct {
	Sitemap string `json:"sitemap"`
	Line    int    `json:"line"`
	Code    string `json:"code"`
	Stops   bool   `json:"stops,omitempty"`
	Message string `json:"message"`
	More    int    `json:"more,omitempty"`
}

// sitemapCrawler is one crawler's count, its blocked URLs grouped by the
// rule that blocks them, the largest group first.
type sitemapCrawler struct {
	Token   string         `json:"token"`
	Blocked int            `json:"blocked"`
	Groups  []sitemapGroup `json:"groups"` // the blocked URLs' groups
	tally   map[verdictKey]*sitemapGroup
	order   []*sitemapGroup
}

// sitemapGroup is the blocked URLs one rule decides.
type sitemapGroup struct {
	Count    int              `json:"count"`
	Reason   robotstxt.Reason `json:"reason"`
	Rule     *robotstxt.Rule  `json:"rule,omitempty"`
	Shown    string           `json:"shown,omitempty"` // the pattern as matched, when not UTF-8
	Fallback string           `json:"fallback,omitempty"`
	Examples []string         `json:"examples"`
}

// verdictKey is what tells two blocked verdicts' explanations apart, as
// check --sitemap groups them.
type verdictKey struct {
	reason          robotstxt.Reason
	rule, overruled *robotstxt.Rule
	viaIndexHTML    bool
	fallback        string
	reading         string
}

// sitemapStart(text, set, mode, name, fetch): set and mode are the crawler
// table's (matrixWith); name is the file's name, or the sitemap's URL when
// fetch is "fetch" and name is a URL (then the first request is to fetch
// it). fetch is "fetch" when the page can fetch through its server: an
// index's sitemaps are then asked for; else they are reported unread.
func (s *session) sitemapStart(args []string) (any, error) {
	text, set, mode, name, fetching := args[0], args[1], args[2], args[3], args[4]
	opts, err := agentOptions(mode)
	if err != nil {
		return nil, err
	}
	var list []crawlers.Crawler
	switch set {
	case "default", "":
		list = pageDefault()
	case "all":
		list = crawlers.All()
	default:
		return nil, fmt.Errorf("unknown crawler set %q (want default or all)", set)
	}
	switch fetching {
	case "", "fetch":
	default:
		return nil, fmt.Errorf("unknown fetch %q (want fetch, or nothing)", fetching)
	}
	byURL := isHTTPURL(name)
	if byURL && fetching == "" {
		return nil, fmt.Errorf("%s is a URL: the page can read it only when its server fetches (serve --allow-fetch)", name)
	}
	s.sitemapCancel(nil)
	r := robotstxt.ParseString(text) // its own: the session's parse may change under it
	bots := make([]robotstxt.Agent, len(list))
	rep := &sitemapReport{MaxFetches: pageMaxFetches, Crawlers: make([]sitemapCrawler, len(list)), Problems: []smProblem{}}
	for i, c := range list {
		if opts == (robotstxt.AgentOptions{}) {
			bots[i], _, _ = crawlers.Resolve(r, c)
		} else {
			bots[i] = r.AgentWith(c.Token, opts)
		}
		rep.Crawlers[i] = sitemapCrawler{Token: c.Token, Groups: []sitemapGroup{}, tally: map[verdictKey]*sitemapGroup{}}
	}
	ctx, cancel := context.WithCancel(context.Background())
	run := &sitemapRun{in: make(chan smMsg), out: make(chan smRequest), cancel: cancel}
	rd := &sitemap.Reader{MaxFetches: pageMaxFetches}
	if fetching == "fetch" {
		rd.Fetcher = sitemap.FetcherFunc(run.fetch)
	}
	check := func(e sitemap.Entry) error {
		run.urls++
		// As check --sitemap: the path normalised once, for every crawler.
		v, path := bots[0].CheckWithPath(e.Loc)
		checked := e.Loc
		if !strings.HasPrefix(path, "//") {
			checked = path
		}
		for i := range bots {
			if i > 0 {
				v = bots[i].Check(checked)
			}
			if !v.Allowed {
				rep.Crawlers[i].add(&v, e.Loc)
			}
		}
		if run.urls%4096 == 0 {
			return ctx.Err()
		}
		return nil
	}
	go func() {
		var res *sitemap.Result
		var err error
		defer func() {
			if p := recover(); p != nil {
				err = fmt.Errorf("internal error reading the sitemap: %v\n%s", p, debug.Stack())
			}
			cancel()
			if err != nil {
				run.out <- smRequest{Want: "done", err: err}
				return
			}
			rep.finish(res)
			run.out <- smRequest{Want: "done", URLs: run.urls, Report: rep}
		}()
		if byURL {
			res, err = rd.ReadURL(ctx, name, check)
		} else {
			res, err = rd.Read(ctx, name, &pageSource{run: run}, check)
		}
	}()
	s.sitemap = run
	return run.next()
}

// next waits for the reading's next request.
func (run *sitemapRun) next() (any, error) {
	req := <-run.out
	req.URLs = run.urls
	if req.Want == "done" {
		run.done = true
		if req.err != nil {
			return nil, req.err
		}
	}
	return req, nil
}

// ask is the reading's side: it asks the page for something and waits for
// the answer.
func (run *sitemapRun) ask(req smRequest) smMsg {
	run.out <- req
	return <-run.in
}

// fetch asks the page to fetch a sitemap; its body is then fed as a file's.
func (run *sitemapRun) fetch(ctx context.Context, u string) (io.ReadCloser, error) {
	m := run.ask(smRequest{Want: "fetch", URL: u})
	switch {
	case m.cancel:
		return nil, context.Canceled
	case m.end && m.err != "":
		return nil, errors.New(m.err)
	}
	return io.NopCloser(&pageSource{run: run, buf: m.data, eof: m.end}), nil
}

// pageSource is the file being read, as the page feeds it.
type pageSource struct {
	run *sitemapRun
	buf []byte
	eof bool
	err error
}

func (p *pageSource) Read(b []byte) (int, error) {
	for len(p.buf) == 0 {
		if p.eof {
			if p.err != nil {
				return 0, p.err
			}
			return 0, io.EOF
		}
		m := p.run.ask(smRequest{Want: "more"})
		switch {
		case m.cancel:
			p.eof, p.err = true, context.Canceled
		case m.end:
			p.eof = true
			if m.err != "" {
				p.err = errors.New(m.err)
			}
		}
		p.buf = m.data
	}
	n := copy(b, p.buf)
	p.buf = p.buf[n:]
	return n, nil
}

// send hands the reading a message and returns its next request.
func (s *session) send(m smMsg) (any, error) {
	run := s.sitemap
	if run == nil || run.done {
		return nil, fmt.Errorf("no sitemap being read (call sitemapStart first)")
	}
	run.in <- m
	return run.next()
}

// sitemapFeed(bytes): the next piece of the file the reading asked for.
func (s *session) sitemapFeed(args []string) (any, error) {
	if len(args[0]) > maxSitemapPiece {
		return nil, fmt.Errorf("a piece of %d bytes; at most %d at once", len(args[0]), maxSitemapPiece)
	}
	if args[0] == "" {
		return nil, fmt.Errorf("an empty piece (end the file with sitemapEnd)")
	}
	return s.send(smMsg{data: []byte(args[0])})
}

// sitemapEnd(error): the file ends; error is "" at its end, else why it
// could not be fetched or read further ("HTTP 404", "the stream broke").
func (s *session) sitemapEnd(args []string) (any, error) {
	return s.send(smMsg{end: true, err: args[0]})
}

// sitemapCancel() stops the reading in progress, if any.
func (s *session) sitemapCancel(args []string) (any, error) {
	run := s.sitemap
	s.sitemap = nil
	if run == nil || run.done {
		return nil, nil
	}
	run.cancel()
	for !run.done {
		run.in <- smMsg{cancel: true}
		run.next() //nolint:errcheck // a cancelled reading's answer is dropped
	}
	return nil, nil
}

func (c *sitemapCrawler) add(v *robotstxt.Verdict, u string) {
	k := verdictKey{reason: v.Reason, rule: v.Rule, overruled: v.Overruled, viaIndexHTML: v.ViaIndexHTML, fallback: v.Fallback, reading: v.Reading}
	g := c.tally[k]
	if g == nil {
		g = &sitemapGroup{Reason: v.Reason, Rule: v.Rule, Fallback: v.Fallback, Examples: []string{}}
		if v.Rule != nil {
			g.Shown = shown(v.Rule.Pattern)
		}
		c.tally[k] = g
		c.order = append(c.order, g)
	}
	c.Blocked++
	g.Count++
	if len(g.Examples) < sitemapExamples {
		g.Examples = append(g.Examples, u)
	}
}

// finish puts the reading's result in the report and sorts the groups as
// check --sitemap does: the largest first, ties in the order met.
func (rep *sitemapReport) finish(res *sitemap.Result) {
	if res != nil {
		rep.URLs, rep.Sitemaps, rep.Omitted = res.URLs, res.Sitemaps, res.Omitted
		for _, p := range res.Problems {
			rep.Problems = append(rep.Problems, smProblem{p.Sitemap, p.Line, string(p.Code), p.Code.Stops(), p.Message, p.More})
		}
	}
	for i := range rep.Crawlers {
		c := &rep.Crawlers[i]
		slices.SortStableFunc(c.order, func(a, b *sitemapGroup) int { return b.Count - a.Count })
		for _, g := range c.order {
			c.Groups = append(c.Groups, *g)
		}
	}
}

// isHTTPURL reports whether name is an http(s) URL rather than a file name.
func isHTTPURL(name string) bool {
	l := strings.ToLower(name)
	return strings.HasPrefix(l, "http://") || strings.HasPrefix(l, "https://")
}
