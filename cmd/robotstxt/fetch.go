package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"strings"
	"time"

	"github.com/robotstxt/robotstxt"
	"github.com/robotstxt/robotstxt/fetch"
	"github.com/robotstxt/robotstxt/gate"
)

func runFetch(ctx context.Context, c *cli, args []string) error {
	fs := c.newFlags("fetch", "[flags] URL",
		`Fetch the robots.txt of URL's origin (scheme, host and port) as RFC 9309
asks a crawler to, and print what a crawler would do with it: the policy
status, the HTTP status, every redirect, the digest (the policy version), the
size and any truncation, how long the copy may be cached, and a summary of
the parsed file. URL may be any URL of the site, or just a host name
(https:// is assumed).

Policy status: success (the rules apply), unavailable (4xx other than 429:
everything allowed), too-many-redirects (treated as unavailable),
rate-limited (429: wait), unreachable (5xx, network error or timeout:
everything disallowed for now), refused (the address the origin or a
redirect leads to is loopback, private, link-local or otherwise not public:
nothing was sent; wait).

The destination guard checks every address actually connected to, redirects
and DNS answers included. Fetching from your own machine or network needs
--allow-private (or --allow-range for given ranges).

Exit status: 0 when the origin gave a definitive answer (success,
unavailable, too-many-redirects), 1 when it must be asked again later
(unreachable, rate-limited, refused, payment-required, challenge), 2 on a
usage error.`,
		`  robotstxt fetch https://example.com/
  robotstxt fetch --json --user-agent "ExampleBot/1.0" example.com
  robotstxt fetch --allow-private http://127.0.0.1:8080/`)
	asJSON := fs.Bool("json", false, "print one JSON document")
	ua := fs.String("user-agent", fetch.DefaultUserAgent, "User-Agent `header` to send: your crawler's, with its product token")
	maxRedirects := fs.Int("max-redirects", fetch.DefaultMaxRedirects, "follow at most `n` redirects")
	maxBytes := fs.Int("max-bytes", robotstxt.DefaultMaxBytes, "read and parse at most this many `bytes`")
	timeout := fs.Duration("timeout", fetch.DefaultHeaderTimeout, "bound on connecting, on waiting for the headers and on reading the body, each")
	total := fs.Duration("total-timeout", fetch.DefaultTimeout, "bound on the whole fetch: every redirect and the body together")
	guard := addGuardFlags(fs)
	sign := addSignFlags(fs, "", true)
	if err := c.parseFlags(fs, args); err != nil {
		return err
	}
	if fs.NArg() != 1 {
		return usagef("fetch: give one URL (run \"robotstxt fetch --help\")")
	}
	if *maxBytes <= 0 || *timeout <= 0 || *total <= 0 {
		return usagef("fetch: --max-bytes, --timeout and --total-timeout must be positive")
	}
	target := fs.Arg(0)
	if !strings.Contains(target, "://") {
		target = "https://" + target
	}
	redirects := *maxRedirects
	if redirects == 0 {
		redirects = -1 // the Fetcher reads 0 as its default
	}
	fetcher := &fetch.Fetcher{UserAgent: *ua, MaxBytes: *maxBytes, MaxRedirects: redirects,
		ConnectTimeout: *timeout, HeaderTimeout: *timeout, BodyTimeout: *timeout, Timeout: *total, Guard: guard.policy(), Now: c.now}
	if err := sign.apply("fetch", fetcher); err != nil {
		return err
	}
	client := &gate.Client{Fetcher: fetcher, Now: c.now}
	st, err := client.Policy(ctx, target)
	if err != nil {
		var fe *fetch.Error
		if errors.As(err, &fe) && fe.Op == "origin" {
			return usagef("fetch: %q: %v", fs.Arg(0), fe.Err)
		}
		return err
	}
	p := st.Policy
	if p == nil {
		p = st.Failure
	}
	doc := newFetchDoc(st, p)
	if *asJSON {
		if err := writeJSON(c.stdout, doc); err != nil {
			return err
		}
	} else {
		printFetch(c.stdout, doc, p)
	}
	if !p.Status.Definitive() {
		return errFindings
	}
	return nil
}

// fetchDoc is "robotstxt fetch --json". Field names follow the decision
// record's where they mean the same.
type fetchDoc struct {
	Origin           string        `json:"origin"`
	PolicyURL        string        `json:"policyURL"`
	PolicyFinalURL   string        `json:"policyFinalURL"`
	Redirects        []fetch.Hop   `json:"redirects"`
	PolicyStatus     fetch.Status  `json:"policyStatus"`
	PolicyHTTPStatus *int          `json:"policyHTTPStatus"`
	PolicyFetchedAt  string        `json:"policyFetchedAt"`
	PolicyDigest     *string       `json:"policyDigest"`
	ContentType      *string       `json:"contentType"`
	Size             int           `json:"size"`
	Truncated        bool          `json:"truncated"`
	HTML             bool          `json:"html"`
	Binary           bool          `json:"binary"`
	MaxAge           *int64        `json:"maxAge"`     // seconds, from Cache-Control
	Expires          *string       `json:"expires"`    // definitive answers: fresh until
	RetryAt          *string       `json:"retryAt"`    // failures: next fetch
	RetryAfter       *int64        `json:"retryAfter"` // seconds, from Retry-After
	Detail           string        `json:"detail"`
	RefusedReason    *string       `json:"refusedReason"`             // refused only: "loopback", "private", ...
	Summary          *fetchSummary `json:"summary"`                   // success only
	PolicySignedBy   string        `json:"policySignedBy,omitempty"`  // the keyid that signed the requests
	PolicyPrice      string        `json:"policyPrice,omitempty"`     // payment-required: crawler-price
	PolicyCharged    string        `json:"policyCharged,omitempty"`   // a paid file: crawler-charged
	PolicyChallenge  string        `json:"policyChallenge,omitempty"` // challenge: the page's mark
}

type fetchSummary struct {
	Lines    int          `json:"lines"`
	Parsed   int          `json:"parsed"`
	Groups   []fetchGroup `json:"groups"`
	Rules    int          `json:"rules"`
	Orphans  int          `json:"orphans"`
	Sitemaps []string     `json:"sitemaps"`
	Other    int          `json:"other"`
}

type fetchGroup struct {
	Line   int      `json:"line"`
	Agents []string `json:"agents"`
	Rules  int      `json:"rules"`
}

func ptr[T any](v T) *T { return &v }

func rfc3339(t time.Time) string { return t.UTC().Format(time.RFC3339) }

func newFetchDoc(st *gate.State, p *fetch.Policy) fetchDoc {
	d := fetchDoc{Origin: p.Origin, PolicyURL: p.URL, PolicyFinalURL: p.FinalURL, Redirects: p.Redirects,
		PolicyStatus: p.Status, PolicyFetchedAt: rfc3339(p.FetchedAt), Size: len(p.Body), Truncated: p.Truncated,
		HTML: p.HTML, Binary: p.Binary, Detail: p.Detail,
		PolicySignedBy: p.SignedBy, PolicyPrice: p.Price, PolicyCharged: p.Charged, PolicyChallenge: p.Challenge}
	if d.Redirects == nil {
		d.Redirects = []fetch.Hop{}
	}
	if p.HTTPStatus != 0 {
		d.PolicyHTTPStatus = ptr(p.HTTPStatus)
	}
	if p.RefusedReason != "" {
		d.RefusedReason = ptr(p.RefusedReason)
	}
	if p.Digest != "" {
		d.PolicyDigest = ptr(p.Digest)
	}
	if p.ContentType != "" {
		d.ContentType = ptr(p.ContentType)
	}
	if p.MaxAge >= 0 {
		d.MaxAge = ptr(int64(p.MaxAge / time.Second))
	}
	if p.Status.Definitive() {
		d.Expires = ptr(rfc3339(st.Expires))
	} else {
		d.RetryAt = ptr(rfc3339(st.RetryAt))
	}
	if p.RetryAfter > 0 {
		d.RetryAfter = ptr(int64(p.RetryAfter / time.Second))
	}
	if r := p.Robots(); r != nil {
		s := &fetchSummary{Lines: r.Lines, Parsed: r.Parsed, Orphans: len(r.Orphans), Other: len(r.Other),
			Groups: []fetchGroup{}, Sitemaps: []string{}}
		for _, g := range r.Groups {
			fg := fetchGroup{Line: g.UserAgents[0].Line, Rules: len(g.Rules)}
			for _, ua := range g.UserAgents {
				fg.Agents = append(fg.Agents, ua.Value)
			}
			s.Groups = append(s.Groups, fg)
			s.Rules += len(g.Rules)
		}
		for _, sm := range r.Sitemaps {
			s.Sitemaps = append(s.Sitemaps, sm.URL)
		}
		d.Summary = s
	}
	return d
}

// fetchMeaning says what a policy status means for a crawler.
func fetchMeaning(p *fetch.Policy) string {
	switch p.Status {
	case fetch.Success:
		return "the rules below apply"
	case fetch.Unavailable:
		if p.HTTPStatus == 401 || p.HTTPStatus == 403 {
			return "no robots.txt, so the REP allows everything; but a refusal is no consent: collecting needs a decision by a person"
		}
		return "no robots.txt, so the REP allows everything"
	case fetch.TooManyRedirects:
		return "treated as unavailable: the REP allows everything"
	case fetch.RateLimited:
		return "the origin asks to wait: crawl nothing there until the retry time"
	case fetch.Refused:
		return "nothing was sent; crawl nothing there (--allow-private to fetch from your own network)"
	case fetch.PaymentRequired:
		return "the site charges for robots.txt, so nothing is known of the rules: everything is disallowed (--max-price offers a price)"
	case fetch.Challenged:
		return "bot protection stopped the fetch: everything is disallowed until a fetch succeeds (--sign-key proves who you are)"
	}
	return "everything is disallowed until a fetch succeeds"
}

func printFetch(w io.Writer, d fetchDoc, p *fetch.Policy) {
	row := func(k, format string, args ...any) { fmt.Fprintf(w, "%-10s  %s\n", k, fmt.Sprintf(format, args...)) }
	row("origin", "%s", d.Origin)
	row("policy", "%s", d.PolicyURL)
	for i, h := range p.Redirects {
		k := ""
		if i == 0 {
			k = "redirects"
		}
		loc := h.Location
		if loc == "" {
			loc = "(no Location)"
		}
		row(k, "%d  %s -> %s", h.Status, h.URL, loc)
	}
	if d.PolicyFinalURL != d.PolicyURL {
		row("final", "%s", d.PolicyFinalURL)
	}
	status := string(p.Status)
	switch {
	case p.Detail != "":
		status += " (" + p.Detail + ")"
	case p.HTTPStatus != 0:
		status += fmt.Sprintf(" (HTTP %d)", p.HTTPStatus)
	}
	row("status", "%s: %s", status, fetchMeaning(p))
	row("fetched", "%s", d.PolicyFetchedAt)
	if d.PolicySignedBy != "" {
		row("signed", "Web Bot Auth, key %s", d.PolicySignedBy)
	}
	if d.PolicyPrice != "" {
		row("price", "%s (crawler-price)", d.PolicyPrice)
	}
	if d.PolicyCharged != "" {
		row("charged", "%s (crawler-charged)", d.PolicyCharged)
	}
	if d.Expires != nil {
		why := fmt.Sprintf("%s at most", gateDuration(gate.DefaultMaxAge))
		if d.MaxAge != nil && time.Duration(*d.MaxAge)*time.Second < gate.DefaultMaxAge {
			why = fmt.Sprintf("Cache-Control max-age=%d", *d.MaxAge)
		}
		row("cache", "until %s (%s)", *d.Expires, why)
	}
	if d.RetryAt != nil {
		why := "backoff"
		if d.RetryAfter != nil {
			why = fmt.Sprintf("Retry-After: %d", *d.RetryAfter)
		}
		row("retry", "at %s (%s)", *d.RetryAt, why)
	}
	if p.Status != fetch.Success {
		return
	}
	if d.ContentType != nil {
		row("type", "%s", *d.ContentType)
	}
	size := plural(d.Size, "byte")
	if d.Truncated {
		size += ", truncated: the rest was not read"
	}
	row("size", "%s", size)
	row("digest", "%s", *d.PolicyDigest)
	if d.HTML {
		row("warning", "the body looks like an HTML page; it was parsed line by line")
	}
	if d.Binary {
		row("warning", "the body holds binary data; it was parsed line by line")
	}
	s := d.Summary
	row("parsed", "%s, %s, %s, %s, %s", plural(s.Lines, "line"), plural(len(s.Groups), "group"), plural(s.Rules, "rule"),
		plural(len(s.Sitemaps), "sitemap"), plural(s.Other, "other record"))
	for i, g := range s.Groups {
		k := ""
		if i == 0 {
			k = "groups"
		}
		row(k, "line %d: %s (%s)", g.Line, strings.Join(g.Agents, ", "), plural(g.Rules, "rule"))
	}
	if s.Orphans > 0 {
		row("ignored", "%s outside any group", plural(s.Orphans, "rule"))
	}
	for i, sm := range s.Sitemaps {
		k := ""
		if i == 0 {
			k = "sitemaps"
		}
		row(k, "%s", sm)
	}
}

// gateDuration renders 24h as "24 hours" and other durations as Go does.
func gateDuration(d time.Duration) string {
	if d%time.Hour == 0 {
		return plural(int(d/time.Hour), "hour")
	}
	return d.String()
}
