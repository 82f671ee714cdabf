package main

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"strings"

	"github.com/robotstxt/robotstxt"
	"github.com/robotstxt/robotstxt/expect"
	"github.com/robotstxt/robotstxt/fetch"
	"github.com/robotstxt/robotstxt/sitemap"
)

func runTest(ctx context.Context, c *cli, args []string) error {
	fs := c.newFlags("test", "[-f FILE | --live URL] [--format text|tap|junit|github|json|ndjson] SPEC ...",
		`Check a robots.txt against expectations files, so that CI fails when an edit
blocks a page that must stay open or opens one that must stay closed.

An expectations file holds one expectation per line: a crawler, a URL and the
verdict wanted, allow or disallow; "disallow@12" also requires the rule on
line 12 of robots.txt to decide. '#' at the start of a line or after
whitespace starts a comment.

  # agent                                URL               verdict
  Googlebot                              /products/shoes   allow
  Googlebot                              /cart/            disallow@12
  *                                      /admin/           disallow
  GPTBot                                 /                 disallow
  "Mozilla/5.0 (compatible; bingbot/2.0)" /blog/           allow
  Mozilla/5.0 (compatible; bingbot/2.0)  /blog/  allow

A URL written sitemap:FILE or sitemap:URL stands for every URL of that
sitemap (XML, index, text, RSS or Atom, gzipped or not; a file is read from
the current directory, a URL fetched through the destination guard, with
--allow-private or --allow-range for a private address): the expectation
holds when each of them gets the verdict, and a failure says how many did
not, with the first.

  Googlebot                              sitemap:sitemap.xml                    allow
  Googlebot                              sitemap:https://example.com/news.xml   allow

A crawler is a product token or a full user-agent string. A user-agent string
with spaces is quoted ("...", with \" and \\ inside), or followed by two or
more spaces or a tab; a line of more than three words with neither is
ambiguous and is an error. A URL is a path starting with "/" or an http(s) URL
(only its path and query count). A bad line is an error with its line number;
no line is skipped.

The robots.txt is -f FILE (default robots.txt in the current directory; - for
standard input), or with --live URL the site's file fetched as a crawler
fetches it. Its status then applies (RFC 9309 section 2.3.1): a 4xx but 429
means no file, so everything is allowed; a 5xx, a network error or a 429 means
everything is disallowed, so every allow expectation fails and says why.
Crawlers' documented fallbacks apply (Googlebot-Image follows Googlebot)
unless --no-fallback.

Formats: text (each failure with the rule that decided instead, and a total),
tap (TAP 13), junit (JUnit XML), github (GitHub Actions error annotations on
the expectations file's lines), json (one document) and ndjson (--ndjson:
one result a line, with its file). A result's "got" is the verdict as check,
report and diff give it: allowed, reason, rule (null when none), and why.

Exit status: 0 when every expectation holds, 1 when any fails, 2 on a bad
expectations file, a usage error or a robots.txt that cannot be read.`,
		`  robotstxt test -f public/robots.txt robots.expect
  robotstxt test -f robots.txt --format github robots.expect
  robotstxt test --live https://example.com/ --format junit robots.expect > results.xml`)
	file := fs.String("f", "", "robots.txt `file` to test (- for standard input; default robots.txt)")
	live := fs.String("live", "", "fetch the robots.txt of this site `URL` instead of reading a file")
	format := fs.String("format", "text", "output `format`: text, tap, junit, github, json or ndjson")
	noFallback := fs.Bool("no-fallback", false, "do not apply crawlers' documented fallbacks (Googlebot-Image to Googlebot, ...)")
	maxBytes := fs.Int("max-bytes", robotstxt.DefaultMaxBytes, "parse at most this many `bytes` of the robots.txt (-1: no limit)")
	userAgent := fs.String("user-agent", "", "with --live: the User-Agent `header` to fetch robots.txt with (default: robotstxt's own)")
	guard := addGuardFlags(fs)
	jsonFlag := addJSONFlag(fs, format)
	ndjsonFlag := addNDJSONFlag(fs, format)
	quiet := fs.Bool("q", false, "print nothing: only the exit status says whether every expectation holds (errors are still printed)")
	alias(fs, "q", "quiet")
	if err := c.parseFlags(fs, args); err != nil {
		return err
	}
	if err := ndjsonFlag(); err != nil {
		return err
	}
	if err := jsonFlag(); err != nil {
		return err
	}
	if *quiet {
		c = c.quiet()
	}
	if !validFormat(*format) {
		return usagef("test: unknown format %q (want %s)", *format, strings.Join(expect.Formats, ", "))
	}
	specs := fs.Args()
	if len(specs) == 0 {
		return usagef("test: give at least one expectations file (run \"robotstxt test --help\")")
	}
	if *live != "" && *file != "" {
		return usagef("test: give -f FILE or --live URL, not both")
	}
	if *live == "" && *userAgent != "" {
		return usagef("test: --user-agent is for --live; without it no robots.txt is fetched")
	}
	stdinUsed := *file == "-"
	for _, s := range specs {
		if s == "-" {
			if stdinUsed {
				return usagef("test: standard input can be read only once")
			}
			stdinUsed = true
		}
	}

	// Read every expectations file first: a bad file is exit 2, whatever
	// robots.txt says.
	var files []expect.File
	var bad []string
	parsed := make([][]expect.Expectation, len(specs))
	for i, s := range specs {
		data, err := c.readInput(s)
		if err != nil {
			return err
		}
		name := s
		if s == "-" {
			name = "<stdin>"
		}
		exps, err := expect.Parse(name, data)
		var el expect.ErrorList
		if errors.As(err, &el) {
			for _, e := range el {
				bad = append(bad, e.Error())
			}
		}
		parsed[i] = exps
	}
	if len(bad) > 0 {
		return usagef("test: bad expectations:\n  %s", strings.Join(bad, "\n  "))
	}
	fetchesSitemap := false
	for _, exps := range parsed {
		for _, e := range exps {
			if isSourceURL(e.Sitemap) {
				fetchesSitemap = true
			}
			if e.Sitemap == "-" {
				return usagef("test: sitemap:- is not read; name the sitemap's file or URL")
			}
		}
	}
	if *live == "" && guard.set() && !fetchesSitemap {
		return usagef("test: --allow-private and --allow-range are for --live and for sitemaps given by URL; here nothing is fetched")
	}

	opts := robotstxt.AgentOptions{NoFallback: *noFallback}
	var decide expect.Decider
	subject := *file
	if *live != "" {
		p, err := fetchPolicy(ctx, *live, *userAgent, *maxBytes, guard)
		if err != nil {
			return err
		}
		// A robots.txt applies to its own origin only (RFC 9309 section
		// 2.3): a full URL of another origin cannot be tested against it.
		for i, exps := range parsed {
			for _, e := range exps {
				if strings.HasPrefix(e.URL, "/") || e.Sitemap != "" {
					continue
				}
				if o, err := fetch.Origin(e.URL); err != nil || o != p.Origin {
					bad = append(bad, fmt.Sprintf("%s:%d: %s is not on %s, whose robots.txt --live fetched", specs[i], e.Line, e.URL, p.Origin))
				}
			}
		}
		if len(bad) > 0 {
			return usagef("test: bad expectations:\n  %s", strings.Join(bad, "\n  "))
		}
		subject = p.URL
		decide = policyDecider(p, opts)
	} else {
		if subject == "" {
			subject = "robots.txt"
		}
		body, err := c.readInput(subject)
		if err != nil {
			return err
		}
		if subject == "-" {
			subject = "<stdin>"
		}
		decide = expect.Rules(robotstxt.ParseOptions(string(body), &robotstxt.Options{MaxBytes: *maxBytes}), opts)
	}
	// Each sitemap named is read once, whatever the number of
	// expectations naming it.
	sitemaps := map[string][]string{}
	sitemapErrs := map[string]error{}
	urlsOf := func(name string) ([]string, error) {
		if l, ok := sitemaps[name]; ok {
			return l, sitemapErrs[name]
		}
		run := &sitemapRun{c: c, flags: &sitemapFlags{sources: stringList{name}}, guard: guard, stdinUsed: true}
		var list []string
		err := run.read(ctx, func(e sitemap.Entry) error {
			list = append(list, e.Loc)
			return nil
		})
		run.notes()
		if err == nil && len(list) == 0 && run.stopped() {
			for _, p := range run.problems {
				if p.Code.Stops() {
					err = errors.New(p.Message)
					break
				}
			}
		}
		if err != nil && ctx.Err() == nil {
			var ee *exitError
			if errors.As(err, &ee) {
				err = errors.New(ee.msg)
			}
		}
		sitemaps[name], sitemapErrs[name] = list, err
		return list, err
	}
	failed := 0
	for i, exps := range parsed {
		f := expect.File{Name: specs[i], Results: expect.RunSitemaps(exps, decide, urlsOf)}
		if err := ctx.Err(); err != nil {
			return err
		}
		if specs[i] == "-" {
			f.Name = "<stdin>"
		}
		failed += expect.Failed(f.Results)
		files = append(files, f)
	}
	out := bufio.NewWriter(c.stdout)
	if err := expect.Write(out, *format, subject, files); err != nil {
		return err
	}
	if err := out.Flush(); err != nil {
		return err
	}
	if failed > 0 {
		return errFindings
	}
	return nil
}

func validFormat(f string) bool {
	for _, g := range expect.Formats {
		if f == g {
			return true
		}
	}
	return false
}

// fetchPolicy fetches the robots.txt of a site as a crawler does. A URL
// that is not http(s) and a destination the guard refuses are usage errors.
func fetchPolicy(ctx context.Context, rawURL, userAgent string, maxBytes int, guard *guardFlags) (*fetch.Policy, error) {
	if userAgent == "" {
		userAgent = fetch.DefaultUserAgent
	}
	f := &fetch.Fetcher{UserAgent: userAgent, MaxBytes: maxBytes, Guard: guard.policy()}
	p, err := f.Fetch(ctx, rawURL)
	if err != nil {
		var fe *fetch.Error
		if errors.As(err, &fe) && fe.Op == "origin" {
			return nil, usagef("%q: %v", rawURL, fe.Err)
		}
		return nil, err
	}
	if p.Status == fetch.Refused {
		return nil, usagef("%s: %s (give --allow-private or --allow-range to reach it)", p.URL, p.Detail)
	}
	return p, nil
}

// policyDecider applies a fetched policy as RFC 9309 section 2.3.1 says:
// the rules of a file that was had, everything allowed when there is none,
// everything disallowed when it could not be reached.
func policyDecider(p *fetch.Policy, opts robotstxt.AgentOptions) expect.Decider {
	switch p.Status {
	case fetch.Success:
		return expect.Rules(p.Robots(), opts)
	case fetch.Unavailable, fetch.TooManyRedirects:
		return expect.Fixed(true, string(p.Status), fmt.Sprintf("no robots.txt: %s, so everything is allowed", statusWords(p)))
	case fetch.RateLimited:
		return expect.Fixed(false, string(p.Status), fmt.Sprintf("robots.txt rate-limited: %s, so crawlers wait and fetch nothing", statusWords(p)))
	}
	return expect.Fixed(false, string(p.Status), fmt.Sprintf("robots.txt unreachable: %s, so everything is disallowed", statusWords(p)))
}

// statusWords says what answer a fetch got: "HTTP 404", or the detail of a
// network failure.
func statusWords(p *fetch.Policy) string {
	if p.HTTPStatus != 0 && p.Status != fetch.TooManyRedirects {
		return fmt.Sprintf("HTTP %d", p.HTTPStatus)
	}
	if p.Detail != "" {
		return p.Detail
	}
	return string(p.Status)
}
