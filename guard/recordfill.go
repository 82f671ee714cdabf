package guard

import (
	"context"
	"strings"
	"time"

	"github.com/robotstxt/robotstxt/fetch"
	"github.com/robotstxt/robotstxt/gate"
)

// Unguarded is the action of a record for a document or worker that was
// running when the guard attached: nothing was decided for it, and its
// requests were not intercepted. It is neither admit (nothing admitted it)
// nor drop or hold (nothing stopped it).
const Unguarded gate.Action = "unguarded"

// Records the guard makes of its own (a tab's first document refused, a
// frame or worker not let run, one that ran before the guard) carry the
// policy's fields all the same: the origin, the robots.txt and its status,
// and what robots.txt says of the URL, so that a reader (and browse's
// summary) sees whose request it was and what its policy was, apart from
// what the guard did.

// refusal fills r (TargetURL set) with the gate's record for its URL, then
// gives it the guard's own action and reason: the guard refused it for a
// reason of its own, whatever robots.txt says. A hold is not waited for.
func (g *Guard) refusal(ctx context.Context, r *Record, action gate.Action, reason string) {
	dctx, cancel := context.WithTimeout(ctx, 15*time.Second)
	defer cancel()
	g.decideWait(dctx, r, 0)
	r.Reason = reason + "; " + policyWords(r)
	r.Action = action
	r.Subject = true
}

// refusedPolicy gives a record whose destination was refused the policy
// fields the gate gives such an origin: robots.txt not fetched (status
// refused), so nothing known of it (unresolved).
func refusedPolicy(r *Record) {
	r.PolicyStatus = fetch.Refused
	r.RepDecision, r.CollectionDecision = gate.RepUnresolved, gate.Unresolved
}

// policyWords says what the policy decided, for a record whose action the
// guard set: "robots.txt: " and the gate's reason.
func policyWords(r *Record) string {
	if r.Reason == "" {
		return "robots.txt: not decided"
	}
	return "robots.txt: " + r.Reason
}

// fillPolicy gives a record the guard made of its own the gate's fields
// for its URL: at once when the origin's policy is known without a fetch,
// else once it is fetched (the record is not Done until then, so a stream
// writes it complete). The record is not yet in g.records.
func (g *Guard) fillPolicy(r *Record) {
	r.ProductToken = g.gateOf().Agent
	if o, err := originOf(r.TargetURL); err == nil && r.TargetURL != "" && networked(r.TargetURL) {
		r.Origin, r.PolicyURL = o, o+"/robots.txt"
	}
	if r.Origin == "" {
		return
	}
	r.RepDecision, r.CollectionDecision = gate.RepUnresolved, gate.Unresolved
	if g.Remote == nil && g.gate != nil {
		if d, ok, err := g.gate.CheckCached(g.dctx, checkURL(r.TargetURL)); err == nil && ok {
			g.takePolicy(r, d.Record)
			return
		}
	}
	if g.dctx == nil || g.dctx.Err() != nil {
		return
	}
	r.filling = true
	action, target := r.Action, r.TargetURL
	g.inflight.Add(1)
	go func() {
		defer g.inflight.Add(-1)
		var d Record
		d.TargetURL = target
		ctx, cancel := context.WithTimeout(g.dctx, 15*time.Second)
		defer cancel()
		g.decideWait(ctx, &d, 0)
		g.mu.Lock()
		defer g.mu.Unlock()
		if d.Origin != "" {
			g.takePolicy(r, d.Record)
		}
		r.Action, r.filling = action, false
	}()
}

// takePolicy copies the policy's fields of a gate record into r, keeping
// r's URL and reason, and adds what robots.txt says to the reason.
func (g *Guard) takePolicy(r *Record, d gate.Record) {
	reason, target := r.Reason, r.TargetURL
	r.Record = d
	r.TargetURL = target
	r.Reason = reason + "; robots.txt: " + d.Reason
}

// checkURL is the URL whose policy decides rawURL: a websocket's is its
// http(s) origin's.
func checkURL(rawURL string) string {
	switch {
	case strings.HasPrefix(strings.ToLower(rawURL), "ws://"):
		return "http://" + rawURL[len("ws://"):]
	case strings.HasPrefix(strings.ToLower(rawURL), "wss://"):
		return "https://" + rawURL[len("wss://"):]
	}
	return rawURL
}

// browserInternal reports whether rawURL is one of the browser's own
// resources, not the page's: the PDF viewer (an extension of Chromium's)
// and its chrome://resources, the DevTools front end. They are not
// requests of the page and get no record.
func browserInternal(rawURL string) bool {
	scheme, _, _ := strings.Cut(strings.ToLower(rawURL), ":")
	switch scheme {
	case "chrome", "chrome-extension", "chrome-untrusted", "devtools":
		return true
	}
	return false
}

// undecidedWhenRead finishes a record whose decision was still under way
// when the records were read (LoadPage at the end of its wait): it is a
// hold, as browse counts it, with the policy's fields and a reason that
// says the decision was not made yet, instead of a zero record that would
// read "not subject to robots.txt". The request itself goes on waiting
// for its decision in the browser.
func (g *Guard) undecidedWhenRead(r *Record) {
	if r.Action != "" {
		return
	}
	r.Action, r.Subject = gate.Hold, true
	r.ProductToken = g.gateOf().Agent
	if o, err := originOf(checkURL(r.TargetURL)); err == nil && networked(r.TargetURL) {
		r.Origin, r.PolicyURL = o, o+"/robots.txt"
	}
	r.RepDecision, r.CollectionDecision = gate.RepUnresolved, gate.Unresolved
	r.Reason = "no decision yet when the page's wait ended (its robots.txt or its destination check still under way): held until then"
	r.TargetStatus = TargetStatus{Error: "undecided when the page's wait ended"}
}
