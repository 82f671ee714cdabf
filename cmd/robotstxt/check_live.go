package main

import (
	"bufio"
	"context"
	"errors"
	"fmt"

	"github.com/robotstxt/robotstxt/fetch"
	"github.com/robotstxt/robotstxt/gate"
	"github.com/robotstxt/robotstxt/internal/textsafe"
)

// liveOptions are the flags of "check" that "check --live" uses.
type liveOptions struct {
	agents, urls, urlFiles []string
	asJSON, exact          bool
	noFallback             bool
	maxBytes               int
	userAgent              string
	guard                  *guardFlags
	purpose                string // --purpose: a refused purpose disallows
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
	client := &gate.Client{Fetcher: &fetch.Fetcher{UserAgent: ua, MaxBytes: o.maxBytes, Guard: o.guard.policy()}}
	gates := make([]*gate.Gate, len(agents))
	for i, a := range agents {
		gates[i] = &gate.Gate{Agent: a, Exact: o.exact, NoFallback: o.noFallback, Client: client, Purpose: o.purpose}
	}
	out := bufio.NewWriterSize(c.stdout, 64<<10)
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
				// Not json.Marshal, which would escape '&' in URLs.
				b, _ := d.Record.MarshalJSON()
				out.Write(append(b, '\n'))
				continue
			}
			// The URL decided on: dot segments resolved, no user information.
			fmt.Fprintf(out, "%-10s  %s  %s  %s\n", liveWord(d.RepDecision), textsafe.Escape(agents[i]), textsafe.Escape(d.TargetURL), liveExplain(agents[i], d))
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

func liveWord(r gate.RepDecision) string {
	switch r {
	case gate.RepAllow:
		return "ALLOWED"
	case gate.RepDisallow:
		return "DISALLOWED"
	}
	return "UNRESOLVED"
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
