package gate

import (
	"context"
	"encoding/json"
	"fmt"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/robotstxt/robotstxt"
	"github.com/robotstxt/robotstxt/fetch"
	"github.com/robotstxt/robotstxt/httpsig"
)

// Gate decides, before a crawl task runs, whether it may: robots.txt for
// the crawler's product token, and the collection scope, each as its own
// decision. It is safe for concurrent use; share one among all workers. The
// zero value needs only Agent; fields must not change after first use.
type Gate struct {
	// Agent is the crawler's product token ("ExampleBot"), or a full
	// user-agent string, as robotstxt.Robots.Agent reads it.
	Agent string
	// Exact matches Agent whole against group tokens, as Google's parser
	// does (robotstxt.Robots.ExactAgent); no fallbacks apply.
	Exact bool
	// NoFallback turns off the crawler's documented fallbacks
	// (robotstxt.CrawlerFallback), which apply by default.
	NoFallback bool
	// Client fetches and caches policies; nil means a Client of its own.
	// Several Gates (one per agent) may share one Client.
	Client *Client
	// Scope decides collection; nil leaves every collection decision
	// unresolved, so that no task is admitted.
	Scope *Scope
	// Purpose is what the crawler fetches for: "train-ai", "search" or
	// "ai-input" (robotstxt.Purposes), or "" for none. A task whose purpose
	// the site refuses (Content-Usage n, Content-Signal no) is disallowed,
	// so dropped. A stream task's "purpose" field overrides it.
	Purpose string
	// Signer, when set and Client is nil, signs every robots.txt request
	// of the Gate's own Client with Web Bot Auth (fetch.Fetcher.Signer);
	// the records name its key (policySignedBy). A Gate given a Client
	// signs as that Client's Fetcher does.
	Signer *httpsig.RequestSigner

	once   sync.Once
	client *Client
}

func (g *Gate) c() *Client {
	g.once.Do(func() {
		g.client = g.Client
		if g.client == nil {
			g.client = &Client{}
			if g.Signer != nil {
				g.client.Fetcher = &fetch.Fetcher{Signer: g.Signer}
			}
		}
	})
	return g.client
}

// Decision is a gate's answer for one task.
type Decision struct {
	// Record is the decision record.
	Record
	// Action is admit, hold or drop.
	Action Action
	// RetryAt, for a hold caused by the origin (unreachable, rate-limited),
	// is the earliest time the policy will be fetched again.
	RetryAt time.Time
	// Verdict is the matcher's answer when a fetched file was applied, else
	// nil.
	Verdict *robotstxt.Verdict
	// Changed, set by Recheck, reports that the policy version differs from
	// the one the earlier decision was taken under.
	Changed bool
	// RepReason is the part of Reason about robots.txt alone.
	RepReason string

	robots *robotstxt.Robots // the file applied, for its Crawl-delay
}

// MarshalJSON writes {"decision": record, "gate": action}, the shape of
// the gate's stream lines (without the task's fields). Without it, the
// embedded Record's MarshalJSON would drop the action.
func (d Decision) MarshalJSON() ([]byte, error) {
	b := append([]byte(`{"decision":`), d.Record.appendJSON(nil)...)
	b = append(b, `,"gate":`...)
	b = appendString(b, string(d.Action))
	return append(b, '}'), nil
}

// UnmarshalJSON reads what MarshalJSON writes, or a stream line.
func (d *Decision) UnmarshalJSON(b []byte) error {
	var w struct {
		Decision Record `json:"decision"`
		Gate     Action `json:"gate"`
	}
	if err := json.Unmarshal(b, &w); err != nil {
		return err
	}
	*d = Decision{Record: w.Decision, Action: w.Gate}
	return nil
}

// Check decides whether the task for rawURL may go ahead now. It fetches
// the origin's robots.txt when needed (once for all concurrent callers).
// The error is non-nil only when rawURL is not an http(s) URL or ctx ends;
// every state of the origin is a Decision.
func (g *Gate) Check(ctx context.Context, rawURL string) (*Decision, error) {
	t, err := ParseTarget(rawURL)
	if err != nil {
		return nil, &fetch.Error{Op: "origin", URL: stripUserinfo(rawURL), Err: err}
	}
	s, err := g.c().get(ctx, t.Origin, false)
	if err != nil {
		return nil, err
	}
	return g.DecideTarget(s, t), nil
}

// CheckCached decides for rawURL when the state of its origin is known
// without a fetch (a fresh copy, or a failure that asks to wait); ok is
// false when a fetch is needed, and Check then makes it. It never waits
// for a fetch, so that an answer a cache holds never waits behind others.
func (g *Gate) CheckCached(ctx context.Context, rawURL string) (d *Decision, ok bool, err error) {
	t, err := ParseTarget(rawURL)
	if err != nil {
		return nil, false, &fetch.Error{Op: "origin", URL: stripUserinfo(rawURL), Err: err}
	}
	s, ok := g.c().cached(ctx, t.Origin)
	if !ok {
		return nil, false, nil
	}
	return g.DecideTarget(s, t), true, nil
}

// FetchPending is the start of the reason of a decision taken by Waiting.
const FetchPending = "robots.txt not fetched yet"

// Waiting is the decision for rawURL when its origin's robots.txt is being
// fetched and the caller can wait no longer: a hold until retryAt (a drop
// when the scope denies the URL anyway). The fetch goes on; asked again,
// the gate answers from it.
func (g *Gate) Waiting(rawURL string, retryAt time.Time) (*Decision, error) {
	t, err := ParseTarget(rawURL)
	if err != nil {
		return nil, &fetch.Error{Op: "origin", URL: stripUserinfo(rawURL), Err: err}
	}
	d := g.DecideTarget(&State{Origin: t.Origin, RetryAt: retryAt}, t)
	why := FetchPending + " (the fetch goes on): hold; ask again after " + stamp(retryAt)
	d.Reason = why + strings.TrimPrefix(d.Reason, d.RepReason)
	d.RepReason = why
	return d, nil
}

// Recheck decides again for tasks decided earlier and not yet started, under
// the current policy of their origins (fetched again when expired; call
// Client.Refresh first to force it). Each new Decision has Changed set when
// the policy version differs from the earlier one's; a task admitted under
// an old version whose path the new version disallows comes back with
// Action Drop. The result is in the order of prev.
func (g *Gate) Recheck(ctx context.Context, prev []*Decision) ([]*Decision, error) {
	out := make([]*Decision, len(prev))
	for i, p := range prev {
		d, err := g.Check(ctx, p.TargetURL)
		if err != nil {
			return nil, err
		}
		d.Changed = d.Version() != p.Version()
		out[i] = d
	}
	return out, nil
}

// Decide makes the decision for rawURL from a known state of its origin,
// without any I/O. It is DecideTarget for ParseTarget(rawURL); a URL that
// does not parse is decided on its path as written.
func (g *Gate) Decide(s *State, rawURL string) *Decision {
	t, err := ParseTarget(rawURL)
	if err != nil {
		t = Target{URL: stripUserinfo(rawURL), Origin: s.Origin, Path: robotstxt.NormalizePath(rawURL)}
	}
	return g.DecideTarget(s, t)
}

// DecideTarget makes the decision for t from a known state of its origin
// (t.Origin), without any I/O: the scope, the matcher and the record all
// take t's path.
func (g *Gate) DecideTarget(s *State, t Target) *Decision { return g.decideFor(s, t, g.Purpose) }

// decideFor is DecideTarget for a crawler that declares purpose.
func (g *Gate) decideFor(s *State, t Target, purpose string) *Decision {
	d := &Decision{Record: Record{Origin: s.Origin, ProductToken: g.Agent, TargetURL: t.URL, PolicyURL: s.Origin + "/robots.txt"}}
	r := &d.Record
	r.PolicySource = s.Source
	col, ent := g.Scope.decideEntry(s.Origin, t.Path)
	entry := ""
	if ent != nil {
		entry = ent.raw
	}
	colWhy := collectionReason(g.Scope, col, entry)
	var why []string
	if p := s.Policy; p != nil {
		r.PolicyFinalURL, r.PolicyFetchedAt, r.PolicyStatus = p.FinalURL, p.FetchedAt, p.Status
		r.PolicyHTTPStatus, r.PolicyDigest, r.PolicyStale = p.HTTPStatus, p.Digest, s.Stale
		r.PolicySignedBy, r.PolicyCharged = p.SignedBy, p.Charged
		if s.Stale {
			why = append(why, fmt.Sprintf("robots.txt unreachable since %s (%s); using the copy fetched %s ago, within the %s bound for stale use",
				stamp(s.FailingSince), s.Failure.Detail, age(s.Age), age(s.MaxStale)))
		}
		switch p.Status {
		case fetch.Success:
			d.robots = p.Robots()
			v := g.verdict(d.robots, t.Path)
			d.Verdict = &v
			r.Group = agentLines(v.UserAgents)
			if v.Reason == robotstxt.MatchedRule {
				r.MatchedRule = v.Rule
			}
			r.RepDecision = RepAllow
			if !v.Allowed {
				r.RepDecision = RepDisallow
			}
			why = append(why, g.explain(v)+fileNotes(p))
			if refused := g.usage(r, d.robots, t.Path, v.Allowed, purpose); refused != "" {
				r.RepDecision = RepDisallow
				why = append(why, refused)
			}
		default: // Unavailable, TooManyRedirects
			r.RepDecision = RepAllow
			if p.Status == fetch.TooManyRedirects {
				why = append(why, fmt.Sprintf("robots.txt not reached (%s): treated as unavailable, so the REP allows everything", p.Detail))
			} else {
				why = append(why, fmt.Sprintf("robots.txt unavailable (%s): the REP allows everything", p.Detail))
			}
			if (p.HTTPStatus == 401 || p.HTTPStatus == 403) && col == Approved && ent.despite {
				// A person approved this origin knowing robots.txt refuses.
				colWhy = fmt.Sprintf("collection approved by scope entry %s (approvedDespiteRefusal) despite robots.txt answering HTTP %d", entry, p.HTTPStatus)
			} else if (p.HTTPStatus == 401 || p.HTTPStatus == 403) && col != Denied {
				// Seed 004: an unavailable file is no consent; a refusal
				// pauses collection until someone decides.
				col = Unresolved
				colWhy = fmt.Sprintf("collection unresolved: robots.txt answered HTTP %d, which calls for a decision by a person (approvedDespiteRefusal in the scope file)", p.HTTPStatus)
			}
		}
	} else {
		f := s.Failure
		r.RepDecision = RepUnresolved
		d.RetryAt = s.RetryAt
		if f != nil {
			r.PolicyFinalURL, r.PolicyFetchedAt, r.PolicyStatus, r.PolicyHTTPStatus = f.FinalURL, f.FetchedAt, f.Status, f.HTTPStatus
			r.PolicySignedBy, r.PolicyPrice, r.PolicyChallenge = f.SignedBy, f.Price, f.Challenge
		}
		switch {
		case f == nil:
			why = append(why, "no policy known")
		case f.Status == fetch.RateLimited:
			why = append(why, fmt.Sprintf("robots.txt rate-limited (%s): hold every task of this origin until %s", f.Detail, stamp(s.RetryAt)))
		case f.Status == fetch.PaymentRequired:
			// Pay per crawl: the file is not given, so nothing is known
			// of the rules (RFC 9309 section 2.3.1.4 treats a file that
			// cannot be had so).
			why = append(why, fmt.Sprintf("robots.txt not given (%s): unresolved, everything is disallowed; hold every task of this origin until %s", f.Detail, stamp(s.RetryAt)))
		case f.Status == fetch.Challenged:
			why = append(why, fmt.Sprintf("robots.txt not read: a bot-protection challenge page answered (%s); everything is disallowed for now; next fetch at %s", f.Detail, stamp(s.RetryAt)))
			if s.Cached != nil {
				why = append(why, fmt.Sprintf("the copy fetched %s ago is past the %s bound for stale use", age(s.Age), age(s.MaxStale)))
			}
		case f.Status == fetch.Refused:
			why = append(why, fmt.Sprintf("robots.txt not fetched (%s): hold every task of this origin; next attempt at %s", f.Detail, stamp(s.RetryAt)))
		default:
			why = append(why, fmt.Sprintf("robots.txt unreachable (%s): everything is disallowed for now; next fetch at %s", f.Detail, stamp(s.RetryAt)))
			if s.Cached != nil {
				why = append(why, fmt.Sprintf("the copy fetched %s ago is past the %s bound for stale use", age(s.Age), age(s.MaxStale)))
			}
		}
	}
	r.CollectionDecision = col
	d.RepReason = strings.Join(why, "; ")
	r.Reason = d.RepReason + "; " + colWhy
	d.Action = actionOf(r.RepDecision, col)
	return d
}

// usage records what the file says about using the content at path
// (nothing when it has no such lines) and the crawler's purpose; it
// returns why the purpose is refused, or "".
func (g *Gate) usage(rec *Record, r *robotstxt.Robots, path string, allowed bool, purpose string) string {
	rec.Purpose = purpose
	if !r.HasUsageLines() {
		return ""
	}
	a := r.AgentWith(g.Agent, robotstxt.AgentOptions{Exact: g.Exact, NoFallback: g.NoFallback})
	u := r.UsageAllowed(a, path, allowed)
	if !u.Applicable {
		return ""
	}
	p := u.Preferences
	rec.Usage, rec.UsageLine, rec.Signals = &p, u.Line(), u.SignalMap()
	ref, ok := u.Refuses(purpose)
	if !ok {
		return ""
	}
	rec.Refused = &Refusal{Purpose: purpose, Line: ref.Line, Source: ref.Source}
	return "purpose " + purpose + " refused by line " + strconv.Itoa(ref.Line) + " (" + ref.Source + ")"
}

func (g *Gate) verdict(r *robotstxt.Robots, rawURL string) robotstxt.Verdict {
	if g.Exact || g.NoFallback {
		return r.AgentWith(g.Agent, robotstxt.AgentOptions{Exact: g.Exact, NoFallback: g.NoFallback}).Check(rawURL)
	}
	return r.Check(g.Agent, rawURL)
}

func (g *Gate) explain(v robotstxt.Verdict) string {
	// Built without fmt: the gate explains every task of a stream.
	var b strings.Builder
	switch v.Reason {
	case robotstxt.MatchedRule:
		if v.Allowed {
			b.WriteString("allowed by line ")
		} else {
			b.WriteString("disallowed by line ")
		}
		b.WriteString(strconv.Itoa(v.Rule.Line))
		b.WriteString(" (")
		b.WriteString(v.Rule.Kind.String())
		b.WriteString(": ")
		b.WriteString(v.Rule.Pattern)
		b.WriteString(") in ")
		writeGroupName(&b, v.UserAgents)
		if v.ViaIndexHTML {
			b.WriteString(", which also allows its directory")
		}
		writeFallback(&b, g.Agent, v)
	case robotstxt.NoMatchingRule:
		b.WriteString("allowed: no rule matches in ")
		writeGroupName(&b, v.UserAgents)
		writeFallback(&b, g.Agent, v)
	case robotstxt.GlobalIgnored:
		b.WriteString("allowed: no group names " + g.Agent + ", which ignores the * group as its operator documents")
	case robotstxt.NoGroup:
		b.WriteString("allowed: no group names " + g.Agent + " and there is no * group")
	case robotstxt.ImplicitRobotsTxt:
		b.WriteString("allowed: /robots.txt itself is always allowed")
	default:
		b.WriteString(v.Reason.String())
	}
	return b.String()
}

// writeFallback says that the groups of the crawler's documented fallback
// applied: ", followed because no group names Googlebot-Image".
func writeFallback(b *strings.Builder, agent string, v robotstxt.Verdict) {
	if v.Reading == robotstxt.ReadingYandex {
		b.WriteString(", read as Yandex documents (a blank line after User-agent lines ends the group)")
	}
	if v.Fallback == "" {
		return
	}
	b.WriteString(", followed because no group names ")
	b.WriteString(agent)
	b.WriteString(" and its operator documents that it follows ")
	b.WriteString(v.Fallback)
}

// writeGroupName describes a group by its user-agent lines: "the group for
// ExampleBot, examplebot (lines 4, 8)".
func writeGroupName(b *strings.Builder, uas []robotstxt.UserAgent) {
	b.WriteString("the group for ")
	for i, ua := range uas {
		if i > 0 {
			b.WriteString(", ")
		}
		b.WriteString(ua.Value)
	}
	if len(uas) > 1 {
		b.WriteString(" (lines ")
	} else {
		b.WriteString(" (line ")
	}
	for i, ua := range uas {
		if i > 0 {
			b.WriteString(", ")
		}
		b.WriteString(strconv.Itoa(ua.Line))
	}
	b.WriteByte(')')
}

func fileNotes(p *fetch.Policy) string {
	var notes []string
	if p.HTML {
		notes = append(notes, "the file looks like an HTML page and was parsed line by line")
	}
	if p.Binary {
		notes = append(notes, "the file holds binary data and was parsed line by line")
	}
	if p.Truncated {
		notes = append(notes, fmt.Sprintf("only the first %d bytes were read", len(p.Body)))
	}
	if len(notes) == 0 {
		return ""
	}
	return " (" + strings.Join(notes, "; ") + ")"
}

func collectionReason(s *Scope, col CollectionDecision, entry string) string {
	switch {
	case s == nil:
		return "collection unresolved: no scope file"
	case col == Approved:
		return "collection approved by scope entry " + entry
	case col == Denied:
		return "collection denied by scope entry " + entry
	}
	return "collection unresolved: no scope entry covers this URL"
}

func agentLines(uas []robotstxt.UserAgent) []AgentLine {
	out := make([]AgentLine, len(uas))
	for i, ua := range uas {
		out[i] = AgentLine{ua.Line, ua.Value}
	}
	return out
}

func stamp(t time.Time) string { return t.UTC().Format(time.RFC3339) }

// age renders a duration in whole units a person reads: "3d4h", "2h5m",
// "40s".
func age(d time.Duration) string {
	if d < 0 {
		d = 0
	}
	d = d.Round(time.Second)
	switch {
	case d >= 24*time.Hour:
		days := d / (24 * time.Hour)
		if h := (d % (24 * time.Hour)) / time.Hour; h > 0 {
			return fmt.Sprintf("%dd%dh", days, h)
		}
		return fmt.Sprintf("%dd", days)
	case d >= time.Hour:
		d = d.Round(time.Minute)
		if m := (d % time.Hour) / time.Minute; m > 0 {
			return fmt.Sprintf("%dh%dm", d/time.Hour, m)
		}
		return fmt.Sprintf("%dh", d/time.Hour)
	}
	return d.String()
}
