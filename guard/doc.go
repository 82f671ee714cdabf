// Package guard puts the gate between a headless browser and every request
// the browser makes on its own: the page's images, scripts, stylesheets,
// frames, fetch() and XHR calls, workers' requests, websockets, and the
// redirects of the navigation itself. Checking only the top-level URL is
// not enough (seed 004): an allowed document can pull in URLs robots.txt
// disallows.
//
//	bctx, stop, err := guard.Launch(ctx, "") // or any chromedp context
//	defer stop()
//	g := &guard.Guard{Gate: &gate.Gate{Agent: "ExampleBot", Scope: scope, Client: client}}
//	if err := g.Attach(bctx); err != nil { ... }
//	failed, err := g.Load(bctx, "https://example.com/", guard.WaitLoad)
//	records := g.Records()
//
// # How requests are stopped
//
// Attach enables the Chrome DevTools Protocol Fetch domain on the browser
// target, at the request stage and at the response stage. Every request of
// every target of the browser (the tab, its out-of-process iframes, its
// workers) is paused before it is sent, and
// the guard asks the gate for the crawler's product token:
//
//	admit   the request continues (Fetch.continueRequest)
//	drop    robots.txt disallows, the scope denies, or the destination is
//	        refused: the request fails as blocked by the client
//	        (Fetch.failRequest, BlockedByClient) and never reaches the origin
//	hold    the policy is unresolved (robots.txt unreachable or
//	        rate-limited, or no scope decision): the request fails the same
//	        way, unless HoldWait lets it wait for the policy's next fetch
//
// The browser-wide Fetch domain was chosen over enabling it in each
// auto-attached session: it has no window between the start of a new
// target (an iframe from another site, a worker) and the moment its
// interception is on, and chromedp does not route the events of sessions
// it auto-attached. Its cost: one Guard per browser, and it guards every tab
// of that browser.
//
// A redirect is a new request, paused and decided like the first: a
// redirect of the navigation (or of any request) to a disallowed URL is
// stopped at the redirect, and its record names the URL redirected from.
//
// # Robots.txt fetches
//
// The robots.txt files are fetched by the gate's Client (package fetch),
// outside the browser: they are never paused or blocked, and the Client
// fetches each origin's file once for all the requests of the page load,
// however many. Give its Fetcher the crawler's User-Agent and the same
// destination guard (fetch.Fetcher.Guard).
//
// # Destinations
//
// Before asking the gate, the guard resolves the request's host and
// refuses it when any of its addresses is loopback, private, link-local or
// otherwise not public (netguard.Policy; AllowPrivate allows all). The
// answer for a host is kept for the guard's life. The robots.txt of a
// refused destination is not fetched.
//
// The check is made when the request is paused; the browser resolves the
// name again when it connects. A name that resolves to a public address
// for the guard and to a private one for the browser a moment later (DNS
// rebinding) is therefore not caught on the browser side; the robots.txt
// fetches are safe from it, because the fetcher's dialer checks the address
// it actually dials. To close the gap for the page too, run the browser
// where private ranges are unreachable (a network namespace or egress
// firewall), or pin names with Chromium's --host-resolver-rules. The same
// holds for what Chromium does without a request: a preconnect opens a
// connection, and DNS prefetching resolves names, with nothing to pause.
//
// # Websockets
//
// The Fetch domain does not pause websocket handshakes. The guard adds a
// script to every document of the tab that checks each new WebSocket with
// the guard first (a synchronous request to a path of the page's own
// origin, answered by the guard and never sent); a refused socket makes the
// constructor throw a SecurityError. Dedicated workers get the check before
// their first line runs: the tab attaches to them paused, the guard runs
// the script in them, then lets them start. A ws: or wss: URL is decided by
// the robots.txt of its http: or https: origin (same host and port).
// Websockets opened by frames from other sites, or by shared and service
// workers, are not checked.
//
// # Records
//
// Each request gives one Record: the gate's decision record (origin,
// product token, policy, matched rule, repDecision, collectionDecision,
// reason) plus resourceType (document, subframe document, script,
// stylesheet, image, font, media, xhr, fetch, websocket, ping, other),
// frameURL, initiator (the script URL and line, or the document, that
// caused it), the guard's action, and targetStatus: the HTTP status the
// target answered, "blocked" when the guard stopped it, or null with the
// network error. The target's status is kept apart from policyStatus,
// the robots.txt fetch's (seed 004).
//
// URLs with schemes robots.txt does not govern (data:, blob:, about:) are
// not sent over the network and never paused; those the tab's Network
// domain reports are recorded as not subject to robots.txt and allowed.
//
// The Fetch domain reports fetch() and XHR alike as "xhr", and a worker's
// script as "other"; the tab's Network domain tells them apart for the
// tab's own requests, so a worker's fetch() is recorded as "xhr" and a
// service worker's script as "other".
package guard
