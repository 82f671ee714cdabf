package guard

import (
	"errors"
	"fmt"
	"slices"
	"sync"

	"github.com/robotstxt/robotstxt/fetch"
	"github.com/robotstxt/robotstxt/gate"
	"github.com/robotstxt/robotstxt/netguard"
)

// approveAll is the collection scope of a Gate with none: every URL the
// page loads is approved for collection, so that robots.txt alone decides,
// as `robotstxt browse` without --scope does. It does not fail open:
// robots.txt still drops what it disallows and holds what it cannot tell.
// Parsed on first use: package initialisation runs in every command.
var approveAll = sync.OnceValue(func() *gate.Scope {
	s, err := gate.ParseScope([]byte(`approved: ["*"]`), "yaml")
	if err != nil {
		panic(err)
	}
	return s
})

// ErrPolicyMismatch is returned by Attach when the page's destination
// policy (Guard.Net) and the robots.txt fetcher's (the Gate's
// Client.Fetcher.Guard) differ: one would refuse what the other allows.
var ErrPolicyMismatch = errors.New("guard: Guard.Net and the gate's Fetcher.Guard differ")

// setup returns the gate and destination policy the guard decides with
// (see the Guard's fields): the Gate itself, or, when it has no Scope or
// no Client, a gate of the guard's own with the same settings, approving
// every URL for collection and fetching robots.txt with the destination
// policy of the page. The destination policy is set in one place: Net, or,
// when Net is nil, the Fetcher's own.
func (g *Guard) setup() (*gate.Gate, *netguard.Policy, error) {
	if g.Remote != nil {
		if g.Remote.URL == "" {
			return nil, nil, errors.New("guard: Remote has no URL")
		}
		// The service decides; the gate names the agent only.
		agent := g.Remote.Agent
		if agent == "" && g.Gate != nil {
			agent = g.Gate.Agent
		}
		return &gate.Gate{Agent: agent}, g.Net, nil
	}
	net := g.Net
	if c := g.Gate.Client; c != nil {
		var fp *netguard.Policy // a nil Fetcher is the default one
		if c.Fetcher != nil {
			fp = c.Fetcher.Guard
		}
		switch {
		case net == nil:
			net = fp
		case !samePolicy(net, fp):
			return nil, nil, fmt.Errorf("%w (%s for the page, %s for robots.txt): set it in one place, Guard.Net, and leave the Fetcher's Guard nil or the same",
				ErrPolicyMismatch, describePolicy(net), describePolicy(fp))
		}
	}
	if g.Gate.Scope != nil && g.Gate.Client != nil {
		return g.Gate, net, nil
	}
	// Exported settings only: a Gate is not to be copied.
	own := &gate.Gate{Agent: g.Gate.Agent, Exact: g.Gate.Exact, NoFallback: g.Gate.NoFallback, Client: g.Gate.Client,
		Scope: g.Gate.Scope, Purpose: g.Gate.Purpose}
	if own.Scope == nil {
		own.Scope = approveAll()
	}
	if own.Client == nil {
		own.Client = &gate.Client{Fetcher: &fetch.Fetcher{UserAgent: g.Gate.Agent, Guard: net, Signer: g.Signer}}
	}
	return own, net, nil
}

// samePolicy reports whether a and b allow the same destinations (nil is
// the zero Policy).
func samePolicy(a, b *netguard.Policy) bool {
	var za, zb netguard.Policy
	if a != nil {
		za = *a
	}
	if b != nil {
		zb = *b
	}
	if za.AllowPrivate || zb.AllowPrivate {
		return za.AllowPrivate == zb.AllowPrivate
	}
	return slices.Equal(za.Allow, zb.Allow)
}

func describePolicy(p *netguard.Policy) string {
	switch {
	case p == nil || (!p.AllowPrivate && len(p.Allow) == 0):
		return "public destinations only"
	case p.AllowPrivate:
		return "every destination"
	}
	return fmt.Sprintf("public destinations and %v", p.Allow)
}
