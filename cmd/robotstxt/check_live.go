package main

import (
	"bufio"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"

	"github.com/robotstxt/robotstxt"

	"github.com/robotstxt/robotstxt/fetch"
	"github.com/robotstxt/robotstxt/gate"
	"github.com/robotstxt/robotstxt/internal/textsafe"
	"github.com/robotstxt/robotstxt/internal/wire"
)

// liveOptions are the flags of "check" that "check --live" uses.
type liveOptions struct {
	agents, urls, urlFiles []string
	asJSON, exact          bool
	noFallback             bool
	maxBytes               int
	userAgent              string
	guard                  *guardFlags
	sign                   *signFlags
	purpose                string // --purpose: a refused purpose disallows
	style                  textStyle
}

// checkLive is "check --live": each URL's origin policy is fetched (once per
// origin, whatever the number of URLs and agents) and each agent's answer
// printed, or its decision record with --json. Anything but allow (disallow,
// or unresolved because robots.txt could not be had) exits with status 1.
func checkLive(ctx context.Context, c *cli, o liveOptions) error {
	agents, urls, urlFiles, asJSON := o.agents, o.urls, o.urlFiles, o.asJSON
	stdin := 0
	for _, f := range urlFiles {
		if f == "-" {
			stdin++
		}
	}
	if stdin > 1 {
		return usagef("check: standard input can be read only once")
	}
	// This is a checking tool, not the crawler: by default it fetches under
	// its own name rather than impersonate the agents it checks.
	ua := o.userAgent
	if ua == "" {
		ua = fetch.DefaultUserAgent
	}
	fetcher := &fetch.Fetcher{UserAgent: ua, MaxBytes: o.maxBytes, Guard: o.guard.policy(), Now: c.now}
	if err := o.sign.apply("check", fetcher); err != nil {
		return err
	}
	client := &gate.Client{Fetcher: fetcher, Now: c.now}
	gates := make([]*gate.Gate, len(agents))
	for i, a := range agents {
		gates[i] = &gate.Gate{Agent: a, Exact: o.exact, NoFallback: o.noFallback, Client: client, Purpose: o.purpose}
	}
	out := bufio.NewWriterSize(c.stdout, 64<<10)
	names := newTextLines(agents, o.style).agents // escaped, padded on a terminal
	notAllowed := false
	err := forEachURL(c, urls, urlFiles, func(u string) error {
		for i, g := range gates {
			d, err := g.Check(ctx, u)
			if err != nil {
				var fe *fetch.Error
				if errors.As(err, &fe) && fe.Op == "origin" {
					return usagef("check --live: %q: %v", u, fe.Err)
				}
				return err
			}
			if d.RepDecision != gate.RepAllow {
				notAllowed = true
			}
			if asJSON {
				if err := writeJSONLine(out, newLiveDoc(agents[i], u, d)); err != nil {
					return err
				}
				continue
			}
			// The URL decided on: dot segments resolved, no user information.
			fmt.Fprintf(out, "%s%s  %s  %s\n", o.style.liveWord(d.RepDecision), names[i], textsafe.Escape(d.TargetURL), liveExplain(agents[i], d))
		}
		// Answer each URL as it is decided: fetches can be slow.
		return out.Flush()
	})
	if ferr := out.Flush(); err == nil {
		err = ferr
	}
	if err != nil {
		return err
	}
	if notAllowed {
		return errFindings
	}
	return nil
}

// liveDoc is one line of "check --live --json": every field of "check
// --json" for the URL as decided (dot segments resolved), then the fetch's,
// named as "fetch --json" and the decision record name them. When the
// fetched file was applied, allowed, reason, rule, groups and usage are what
// "check --json" gives for that file; when it could not be (the policy is
// unreachable, rate-limited or refused and no earlier copy applies),
// allowed is false, reason is the policy status, and rule and groups are
// empty.
type liveDoc struct {
	wire.CheckResult
	Reason           string           `json:"reason"` // shadows CheckResult's: also a policy status
	Origin           string           `json:"origin"`
	TargetURL        string           `json:"targetURL"`
	PolicyURL        string           `json:"policyURL"`
	PolicyFinalURL   string           `json:"policyFinalURL"`
	PolicyStatus     fetch.Status     `json:"policyStatus"`
	PolicyHTTPStatus *int             `json:"policyHTTPStatus"`
	PolicyDigest     *string          `json:"policyDigest"`
	PolicyFetchedAt  string           `json:"policyFetchedAt"`
	PolicyStale      bool             `json:"policyStale"`
	RepDecision      gate.RepDecision `json:"repDecision"`
	Explanation      string           `json:"explanation"` // the decision's robots.txt reason, in words
	Purpose          string           `json:"purpose,omitempty"`
	PolicySignedBy   string           `json:"policySignedBy,omitempty"`
	PolicyPrice      string           `json:"policyPrice,omitempty"`
	PolicyCharged    string           `json:"policyCharged,omitempty"`
	PolicyChallenge  string           `json:"policyChallenge,omitempty"`
}

func newLiveDoc(agent, rawURL string, d *gate.Decision) liveDoc {
	var c wire.CheckResult
	reason := string(d.PolicyStatus)
	if d.Verdict != nil && !d.PolicyStale {
		c = wire.NewCheckResult(agent, d.TargetURL, *d.Verdict, nil)
		reason = d.Verdict.Reason.String()
		if d.Usage != nil { // else the file has no preference: as check --json says
			c.Usage, c.UsageLine, c.Signals = d.Usage, d.UsageLine, d.Signals
		}
	} else {
		c = wire.CheckResult{Agent: agent, Path: robotstxt.NormalizePath(d.TargetURL), Groups: []wire.AgentLine{}}
	}
	c.URL = rawURL
	c.Allowed = d.RepDecision == gate.RepAllow
	if ref := d.Refused; ref != nil {
		c.Allowed, reason = false, robotstxt.PurposeRefused.String()
		c.Refused = &wire.Refused{Purpose: ref.Purpose, Line: ref.Line, Source: ref.Source}
	}
	doc := liveDoc{CheckResult: c, Reason: reason, Origin: d.Origin, TargetURL: d.TargetURL, PolicyURL: d.PolicyURL,
		PolicyFinalURL: d.PolicyFinalURL, PolicyStatus: d.PolicyStatus, PolicyFetchedAt: rfc3339(d.PolicyFetchedAt),
		// The robots.txt half of the record's reason: check has no scope,
		// and "collection unresolved: no scope file" is the gate's word.
		PolicyStale: d.PolicyStale, RepDecision: d.RepDecision, Explanation: d.RepReason, Purpose: d.Purpose,
		PolicySignedBy: d.PolicySignedBy, PolicyPrice: d.PolicyPrice, PolicyCharged: d.PolicyCharged, PolicyChallenge: d.PolicyChallenge}
	if d.PolicyHTTPStatus != 0 {
		doc.PolicyHTTPStatus = ptr(d.PolicyHTTPStatus)
	}
	if d.PolicyDigest != "" {
		doc.PolicyDigest = ptr(d.PolicyDigest)
	}
	return doc
}

// writeJSONLine writes v as one line of JSON, '&' and '<' as they are.
func writeJSONLine(w io.Writer, v any) error {
	enc := json.NewEncoder(w)
	enc.SetEscapeHTML(false)
	return enc.Encode(v)
}

// liveWord is the answer's word padded to its column, coloured as check
// colours verdicts (unresolved in yellow).
func (st textStyle) liveWord(r gate.RepDecision) string {
	switch r {
	case gate.RepAllow:
		return st.status(true)
	case gate.RepDisallow:
		return st.status(false)
	}
	if st.color {
		return "\x1b[33mUNRESOLVED\x1b[0m  "
	}
	return "UNRESOLVED  "
}

// liveExplain says why, in the words of "check" when a file was applied.
func liveExplain(agent string, d *gate.Decision) string {
	if ref := d.Refused; ref != nil {
		return fmt.Sprintf("purpose %s refused: line %d: %s", ref.Purpose, ref.Line, textsafe.Escape(ref.Source))
	}
	if d.Verdict == nil || d.PolicyStale {
		return textsafe.Escape(d.RepReason)
	}
	return explain(agent, *d.Verdict)
}
