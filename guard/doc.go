// Package guard puts the gate between a headless browser and every request
// the browser makes on its own: the page's images, scripts, stylesheets,
// frames, fetch() and XHR calls, workers' requests, websockets, and the
// redirects of the navigation itself. Checking only the top-level URL is
// not enough (seed 004): an allowed document can pull in URLs robots.txt
// disallows.
//
//	bctx, stop, err := guard.Launch(ctx, "", guard.WithUserAgent(ua)) // or any chromedp context
//	defer stop()
//	g := &guard.Guard{Gate: &gate.Gate{Agent: "ExampleBot"}, Net: &netguard.Policy{}}
//	if err := g.Attach(bctx); err != nil { ... }
//	page, err := g.LoadPage(bctx, "https://example.com/", guard.WaitNetworkIdle)
//	records := page.Records
//
// A Gate with no Scope approves every URL for collection (robots.txt alone
// decides, as `robotstxt browse` without --scope), and one with no Client
// gets one that fetches robots.txt under Net: destinations are set in one
// place (see Guard.Net). ExampleGuard is the whole program.
//
// # How requests are stopped
//
// Attach enables the Chrome DevTools Protocol Fetch domain on the browser
// target, at the request stage and (for all but images, style sheets,
// fonts and media, whose answers the frames' Network domains report) at the
// response stage. Every request of
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
// # Every tab
//
// The browser attaches to every new tab paused (a second tab, a popup,
// window.open, a tab Playwright or Puppeteer opens); the guard prepares it
// with a session of its own (the websocket check, the watch on its frames
// and workers) and only then lets it run, and the tab's first document
// waits for that. A tab whose first navigation starts in a new process (a
// noopener popup) cannot be prepared until the navigation ends, since
// Chromium holds a session's commands to a navigating frame: its first
// document is refused after two seconds and loaded again once the tab is
// ready (tabs.go). Records carry their tab's ID (Record.Tab). The paused
// tab is resumed on the browser's own session, which chromedp does not
// route: the command is put on chromedp's outgoing queue (resumeSession).
//
// # Speculative loads
//
// Speculation rules' prefetch and prerender are made outside the pages'
// loaders, where the Fetch domain does not pause them, and no Chromium flag
// turns them off. Launch starts the browser on a profile with network
// prediction off (net.network_prediction_options = 2), and Attach refuses a
// browser that preloads (ErrSpeculativeLoads), asking its Preload domain,
// and one whose Preload domain does not say (ErrPreloadingUnknown):
// Chromium's headless shell, which preloads whatever its profile says.
// A browser that does not answer the question is refused too: attaching
// is all or nothing.
//
// # When the guard dies
//
// The interception lives in the guard's process. With a Proxy (NewProxy,
// Guard.Proxy, and WithGuardProxy or --proxy-server for the browser), the
// browser's requests all go through a proxy in that process too, so that a
// guard killed leaves the browser with no way out; while it runs, the proxy
// relays only what the guard admitted (an http: URL once per admission, a
// tunnel to a host and port it admitted something for). Attach checks that
// the browser uses it (ErrNotProxied). A page load ends with ErrCrashed or
// ErrBrowserGone when the tab crashes or the browser goes away.
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
// # Signatures
//
// With Guard.Signer, every request the guard lets go on is signed with Web
// Bot Auth at the request stage, where the User-Agent is set: a fresh
// signature for its own authority, redirect hops included. Give the
// Fetcher the same Signer (fetch.Fetcher.Signer) for the robots.txt
// fetches. Websocket handshakes are not paused, so not signed.
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
// The Fetch domain does not pause websocket handshakes. The guard runs a
// script in every document and worker that checks each new WebSocket (and
// WebSocketStream and WebTransport) with
// the guard first (a synchronous request to a path at the socket's host,
// answered by the guard and never sent); a refused socket makes the
// constructor throw a SecurityError. A service worker, which has no
// synchronous request, gets a stand-in socket that opens the real one only
// once the guard admitted it; a refused one fails as a connection that
// could not be made (error, then close with code 1006). A ws: or wss: URL
// is decided by the robots.txt of its http: or https: origin (same host and
// port).
//
// The script reaches each context before its first line: the tab's
// documents by Page.addScriptToEvaluateOnNewDocument; frames from other
// sites (nested ones too) and dedicated and service workers because the tab,
// and in turn each of them, attaches to them paused (waitForDebuggerOnStart),
// and shared workers because the browser does. The guard adds the check
// with a session of its own, then lets the frame or worker start. That
// session lasts as long as the frame or worker: it carries the check to a
// frame's later documents, adds it again to a service worker started anew
// (paused again), and reports its network events (handshake status,
// resource types, initiators).
//
// Limits: documents and workers loaded before Attach are not guarded at
// all: the Fetch domain pauses the requests of the loaders Chromium makes
// after it is enabled, and a document's loaders are made when it commits.
// Each gets a record that says so, and the check, whose own request then
// fails at the origin, so that their websockets are refused; a frame's next
// document is guarded. Attach before loading the page.
// At most MaxTargets frames and workers have a session of the guard's own
// at once; one beyond the bound gets the check through the session that
// paused it, without its network events (its record says so), except a
// shared worker, which is not let run (it stays paused; its record says so). A frame Chromium
// starts without the pause (a sandboxed about:srcdoc or about:blank frame in
// a process of its own; Launch keeps those in their parent's process) gets
// the check late, and its record says so. The check is a script in the
// page's JavaScript: it guards pages that use WebSocket, not one that sets
// out to evade the check; a page whose Content-Security-Policy forbids the
// check's request gets its websockets refused.
//
// # Records
//
// Each request gives one Record: the gate's decision record (origin,
// product token, policy, matched rule, repDecision, collectionDecision,
// reason) plus resourceType (document, subframe document, script,
// stylesheet, image, font, media, xhr, fetch, eventsource, websocket,
// webtransport, ping, prefetch, favicon, manifest, preflight, csp report,
// other), frameURL, tabId, initiator (the script URL and line, or the
// document, that caused it), serviceWorker (the service worker that made
// the request; one it made again for a frame's request keeps that
// request's type, frame, tab and initiator), the guard's action, and
// targetStatus: the HTTP status the
// target answered, "blocked" when the guard stopped it, or null with the
// network error. The target's status is kept apart from policyStatus,
// the robots.txt fetch's (seed 004).
//
// URLs with schemes robots.txt does not govern (data:, blob:, about:) are
// not sent over the network and never paused; those the Network domain of
// the tab, or of a frame or worker the guard attached to, reports are
// recorded as not subject to robots.txt and allowed.
//
// The Fetch domain reports fetch() and XHR alike as "xhr", and a worker's
// script as "other"; the Network domain of the tab, and of each frame and
// worker the guard attached to, tells them apart. A service worker's script,
// which the browser fetches for no tab, is known by the header the Service
// Workers spec gives it (Service-Worker: script). The kinds the Fetch
// domain lumps together (an EventSource's request and a CORS preflight
// are XHR to it, a <link rel=prefetch> Fetch, a favicon Other) are told
// apart by what the request says of itself (requestKind).
//
// A document or worker that was running when the guard attached gets a
// record with the action Unguarded: nothing was decided for it. Records
// the guard makes of its own (a tab's first document refused, a worker not
// let run) carry the policy's fields all the same. The browser's own
// resources (the PDF viewer's chrome:// and chrome-extension:// ones) get
// none.
//
// # Service workers' update checks
//
// Chromium fetches a registered service worker's script again on
// navigations in its scope, as a request of its own that no DevTools domain
// pauses or reports. The guard follows the registrations (the ServiceWorker
// domain) and decides their scripts before Attach returns and before each
// document request in their scope goes on: a registration whose script is
// not admitted is unregistered, so its script is never fetched again; an
// admitted check gets a record.
//
// # Requests outside the browser
//
// A script's own HTTP (Playwright's page.request and route.fetch, Node's
// fetch) never reaches the browser, so the guard cannot stop it.
// ListenOutside serves the guard's decisions for such requests on a
// loopback port, with the decision service's API (POST /api/v1/decide and
// /api/v1/target-status), for a client that asks before it sends
// (guardedFetch in integrations/browser/guarded-fetch.cjs); each gets a
// record of type TypeOutside.
package guard
