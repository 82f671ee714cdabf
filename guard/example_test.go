package guard_test

import (
	"context"
	"fmt"
	"log"
	"os"

	"github.com/robotstxt/robotstxt"
	"github.com/robotstxt/robotstxt/fetch"
	"github.com/robotstxt/robotstxt/gate"
	"github.com/robotstxt/robotstxt/guard"
	"github.com/robotstxt/robotstxt/netguard"
)

// A crawler loads a page in headless Chromium; every request the page makes
// is decided by robots.txt for ExampleBot before it is sent. This is the
// snippet of docs/browse.md ("From Go"), whole.
func ExampleGuard() {
	ctx := context.Background()
	const ua = "ExampleBot/1.0 (+https://example.com/bot)"
	// Headless Chromium, a new empty profile with network prediction off;
	// the page's requests carry the crawler's User-Agent.
	bctx, stop, err := guard.Launch(ctx, "", guard.WithUserAgent(ua))
	if err != nil {
		log.Fatal(err) // guard.ErrNoChromium when it is not installed
	}
	defer stop()

	g := &guard.Guard{
		// No Scope: robots.txt alone decides, as browse without --scope.
		// No Client: one is made, fetching robots.txt with Net.
		Gate: &gate.Gate{Agent: "ExampleBot"},
		// Destinations, for the page and the robots.txt fetches: public
		// ones only (AllowPrivate: true for a test on loopback).
		Net: &netguard.Policy{},
	}
	if err := g.Attach(bctx); err != nil {
		log.Fatal(err)
	}
	page, err := g.LoadPage(bctx, "https://example.com/", guard.WaitNetworkIdle)
	if err != nil {
		log.Fatal(err)
	}
	if !page.Loaded() {
		fmt.Println("the page was not loaded:", page.Failed)
	}
	stop() // the browser first: a guard detached lets pages run unguarded
	g.Detach(ctx)
	for _, r := range page.Records {
		fmt.Println(r.Action, r.ResourceType, r.TargetURL, r.TargetStatus)
	}
}

// A record keeps the policy's status and the target's apart: here the
// guard stopped an image that robots.txt disallows.
func ExampleRecord_MarshalJSON() {
	r := guard.Record{
		Record: gate.Record{Origin: "https://example.com", ProductToken: "ExampleBot",
			TargetURL: "https://example.com/private/a.png", PolicyURL: "https://example.com/robots.txt",
			PolicyStatus: fetch.Success, PolicyHTTPStatus: 200,
			MatchedRule: &robotstxt.Rule{Line: 2, Kind: robotstxt.Disallow, Pattern: "/private/"},
			RepDecision: gate.RepDisallow, CollectionDecision: gate.Approved,
			Reason: "disallowed by line 2 (disallow: /private/)"},
		Action: gate.Drop, Method: "GET", ResourceType: guard.TypeImage,
		FrameURL: "https://example.com/", Initiator: "https://example.com/:14",
		Subject: true, Destination: guard.DestinationAllowed,
		TargetStatus: guard.TargetStatus{Blocked: true},
	}
	b, _ := r.MarshalJSON()
	os.Stdout.Write(append(b, '\n'))
	// Output:
	// {"origin":"https://example.com","productToken":"ExampleBot","targetURL":"https://example.com/private/a.png","policyURL":"https://example.com/robots.txt","policyFinalURL":null,"policyFetchedAt":null,"policyStatus":"success","policyHTTPStatus":200,"policyDigest":null,"policyStale":false,"group":[],"matchedRule":{"line":2,"kind":"disallow","pattern":"/private/"},"repDecision":"disallow","collectionDecision":"approved","reason":"disallowed by line 2 (disallow: /private/)","gate":"drop","method":"GET","resourceType":"image","frameURL":"https://example.com/","tabId":null,"initiator":"https://example.com/:14","redirectedFrom":null,"serviceWorker":null,"robotsSubject":true,"destination":"allowed","targetStatus":"blocked","targetError":null}
}

// QuietErrorf drops chromedp's "executor ... doesn't exist" lines, which the
// guard's attachment to shared workers causes, and keeps the rest.
func ExampleQuietErrorf() {
	errorf := guard.QuietErrorf(func(format string, args ...any) { fmt.Printf(format+"\n", args...) })
	errorf("executor for %q doesn't exist", "5A1B0C")
	errorf("could not unmarshal event: %v", "unexpected EOF")
	// Output: could not unmarshal event: unexpected EOF
}
