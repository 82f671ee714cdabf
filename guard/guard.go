package guard

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"errors"
	"fmt"
	"net"
	"net/netip"
	"net/url"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/fetch"
	"github.com/chromedp/cdproto/network"
	"github.com/chromedp/cdproto/page"
	"github.com/chromedp/cdproto/target"
	"github.com/chromedp/chromedp"

	"github.com/robotstxt/robotstxt/gate"
	"github.com/robotstxt/robotstxt/httpsig"
	"github.com/robotstxt/robotstxt/netguard"
)

// Defaults for the zero Guard.
const (
	DefaultMaxRecords = 100_000
	DefaultWorkers    = 64
	DefaultMaxTargets = 256
)

// Guard stands between a browser and every request it makes: it asks the
// gate before each request is sent and lets it go on, or fails it as
// blocked by the client. Set the fields, then call Attach; the fields must
// not change afterwards. A Guard serves one attachment.
type Guard struct {
	// Gate decides for the crawler's product token (required). Its Client
	// fetches robots.txt outside the browser, once per origin.
	//
	// A Gate with no Scope approves every URL for collection, so that
	// robots.txt alone decides, as `robotstxt browse` without --scope
	// does (a gate.Gate alone would hold every request). A Gate with no
	// Client gets one whose Fetcher sends Agent as its User-Agent and
	// uses Net. The Gate itself is left as it is: the guard decides with
	// a gate of its own with the same settings.
	Gate *gate.Gate
	// Net is the destination guard, for the page's own requests and the
	// robots.txt fetches alike: a host that resolves to a refused address
	// (loopback, private, link-local ...) is dropped. Set AllowPrivate or
	// Allow here, in one place. Nil takes the policy of the Gate's
	// Fetcher (Client.Fetcher.Guard), or refuses what the zero
	// netguard.Policy refuses. A Fetcher whose Guard allows other
	// destinations than Net is refused by Attach (ErrPolicyMismatch).
	Net *netguard.Policy
	// Resolver resolves hosts for the destination check; nil means
	// net.DefaultResolver.
	Resolver *net.Resolver
	// UserAgent, when set, is the User-Agent header of every request the
	// guard lets go on, in every tab, frame and worker: it replaces the
	// browser's at the request stage (Fetch.continueRequest), for a
	// browser the guard attaches to with its own User-Agent (browse
	// --attach sets it to the crawler's). Websocket handshakes, which the
	// Fetch domain does not pause, and navigator.userAgent keep the
	// browser's. Launch's WithUserAgent is the whole-browser way.
	UserAgent string
	// Signer, when set, signs every request the guard lets go on with Web
	// Bot Auth (draft-ietf-webbotauth-httpsig-protocol), in every tab,
	// frame and worker, at the same request stage as UserAgent: a fresh
	// signature for the request's own authority, each redirect hop
	// included; the record's SignedBy names the key. Websocket
	// handshakes, which the Fetch domain does not pause, go unsigned. The
	// robots.txt fetches are signed by the Gate's Fetcher (its Signer; a
	// Gate without a Client gets one that signs with this Signer).
	Signer *httpsig.RequestSigner
	// Remote, when set, decides instead of Gate's robots.txt and scope:
	// the fleet's decision service (serve --gate), shared by a farm of
	// browsers. Gate may then be nil (its Agent is Remote.Agent). A
	// service that fails or does not answer in time holds the request.
	Remote *RemoteGate
	// HoldWait, when positive, makes a request the gate holds because its
	// origin's policy is unresolved (unreachable, rate-limited) wait up to
	// this long for the policy to resolve; otherwise a hold fails at once.
	HoldWait time.Duration
	// MaxRecords bounds the records kept (default DefaultMaxRecords);
	// requests beyond it are still decided, and counted in Stats.
	MaxRecords int
	// Workers bounds the requests decided at once (default DefaultWorkers).
	Workers int
	// MaxTargets bounds the frames from other sites and the workers the
	// guard follows with a DevTools session of its own at once (default
	// DefaultMaxTargets); each session lasts as long as its frame or
	// worker. One beyond the bound gets the websocket check all the same,
	// through the session that paused it, but its network events (resource
	// types, initiators, handshake statuses) are not seen; a record says
	// so. A shared worker beyond it, which has no such session, is not let
	// run: it stays paused, and a record says so.
	MaxTargets int
	// CheckWorkerScripts puts the websocket check at the head of every
	// worker's script as well, at the response stage. Set it when another
	// DevTools client shares the browser (Playwright, Puppeteer: browse
	// --attach sets it): such a client, which attaches to workers too, may
	// let a worker start before the guard's session added the check. The
	// cost: Chromium takes a script the guard served for one from no
	// network address, so that worker's requests to private and loopback
	// addresses fail (Local Network Access).
	CheckWorkerScripts bool
	// Proxy, when set, is the browser's proxy, in this process (proxy.go):
	// the browser must send every request through it, so that it reaches
	// nothing once the guard is gone, and the proxy relays only what the
	// guard admitted. Attach checks that the browser uses it, and refuses
	// one that does not (ErrNotProxied).
	Proxy *Proxy

	mu         sync.Mutex
	attached   bool
	gate       *gate.Gate             // Gate, or the guard's own (setup.go)
	net        *netguard.Policy       // Net, or the Fetcher's
	signer     *httpsig.RequestSigner // Signer, its keyid computed
	browser    cdp.Session
	pageT      cdp.Session
	mainFrame  cdp.FrameID
	records    []*Record
	pending    map[fetch.RequestID]*entry           // by interception id, until answered
	hops       map[network.RequestID]string         // network id -> URL of its latest request not paused at the response stage
	answers    map[network.RequestID][]TargetStatus // the Network domains' answers, redirects first
	frames     map[cdp.FrameID]string               // frame -> URL of its latest document
	parents    map[cdp.FrameID]cdp.FrameID
	initiators map[network.RequestID]string
	types      map[network.RequestID]network.ResourceType
	failures   map[network.RequestID]string            // the tab's error texts
	sockets    map[network.RequestID]string            // websocket request -> URL
	preflights map[network.RequestID]network.RequestID // CORS preflight -> the request it precedes
	requested  map[string][]network.RequestID          // "METHOD URL" -> the frames' requests (the Network domains')
	frameOf    map[network.RequestID]cdp.FrameID
	workers    map[cdp.FrameID]string // service worker target -> its script URL
	hosts      map[string]error       // destination check per host
	swRegs     map[string]*swReg      // service worker registrations (serviceworker.go)
	swReported chan struct{}          // closed at the first report of them
	swContexts map[cdp.Session]string // tab session -> its browser context
	overflow   int
	wsPath     string
	sem        chan struct{}
	wg         sync.WaitGroup
	stop       context.CancelFunc // ends the event loops
	dctx       context.Context    // the decisions' context
	stopDecide context.CancelFunc // ends the decisions under way (they hold)
	inflight   atomic.Int64       // decisions under way

	tabCtx       context.Context // the chromedp context of the tab
	children     int             // frames and workers prepared, alive
	nextChild    int
	childCancels map[int]context.CancelFunc
	seen         map[target.ID]bool // frames and workers attached to
	replies      map[messageKey]chan string
	nextMessage  atomic.Int64
	prepared     atomic.Int64
	tabs         map[cdp.FrameID]*tab // tabs besides Attach's, by target ID
	tabsPrepared atomic.Int64
	probeURL     string // the proxy's probe (proxy.go)
}

// entry is a request waiting for its target's answer.
type entry struct {
	rec *Record // nil beyond MaxRecords
	url string
}

// Stats counts what a Guard saw.
type Stats struct {
	Requests  int // records kept
	Overflow  int // requests decided but not recorded (beyond MaxRecords)
	Admitted  int
	Dropped   int
	Held      int
	Unguarded int // documents and workers that ran before the guard attached
	Unmatched int // records still waiting for the target's answer
	Prepared  int // frames and workers given the websocket check by a session of the guard's own
	Tabs      int // tabs besides Attach's given the guard (second tabs, popups, window.open)
}

// Attach starts guarding the browser of ctx, a chromedp context (a browser
// and tab are started if it has none yet; see Launch). From then on every
// request of every frame and worker of the browser is paused before it is
// sent and decided: the CDP Fetch domain is enabled on the browser target,
// which sees the requests of all its targets, out-of-process iframes and
// workers included, with no window between a target's start and its
// interception. The page's websockets, which the Fetch domain does not
// pause, are checked by a script added to every document of the tab (see
// the package documentation).
//
// The guard runs until ctx ends or Detach is called.
func (g *Guard) Attach(ctx context.Context) error {
	if g.Gate == nil && g.Remote == nil {
		return errors.New("guard: no Gate")
	}
	g.mu.Lock()
	if g.attached {
		g.mu.Unlock()
		return errors.New("guard: already attached")
	}
	g.attached = true
	g.mu.Unlock()
	gt, net, err := g.setup()
	if err != nil {
		g.mu.Lock()
		g.attached = false
		g.mu.Unlock()
		return err
	}
	g.gate, g.net = gt, net
	if g.Signer != nil {
		if g.signer, err = prepareSigner(g.Signer); err != nil {
			g.mu.Lock()
			g.attached = false
			g.mu.Unlock()
			return fmt.Errorf("guard: Signer: %w", err)
		}
	}
	if err := chromedp.Do(ctx); err != nil {
		return fmt.Errorf("guard: starting the browser: %w", err)
	}
	c := chromedp.FromContext(ctx)
	var tok [8]byte
	rand.Read(tok[:])
	g.mu.Lock()
	g.browser, g.pageT, g.tabCtx = c.Browser, c.Target, ctx
	g.mainFrame = cdp.FrameID(c.Target.TargetID)
	g.pending = make(map[fetch.RequestID]*entry)
	g.hops = make(map[network.RequestID]string)
	g.answers = make(map[network.RequestID][]TargetStatus)
	g.frames = make(map[cdp.FrameID]string)
	g.parents = make(map[cdp.FrameID]cdp.FrameID)
	g.initiators = make(map[network.RequestID]string)
	g.types = make(map[network.RequestID]network.ResourceType)
	g.failures = make(map[network.RequestID]string)
	g.sockets = make(map[network.RequestID]string)
	g.preflights = make(map[network.RequestID]network.RequestID)
	g.requested = make(map[string][]network.RequestID)
	g.frameOf = make(map[network.RequestID]cdp.FrameID)
	g.workers = make(map[cdp.FrameID]string)
	g.hosts = make(map[string]error)
	g.childCancels = make(map[int]context.CancelFunc)
	g.seen = make(map[target.ID]bool)
	g.replies = make(map[messageKey]chan string)
	g.tabs = make(map[cdp.FrameID]*tab)
	g.wsPath = "/.well-known/robotstxt-guard-" + hex.EncodeToString(tok[:])
	g.sem = make(chan struct{}, cmp(g.Workers, DefaultWorkers))
	g.mu.Unlock()

	// Refused before anything changes in the browser (speculation.go).
	if err := checkPreloading(ctx, c.Target); err != nil {
		g.mu.Lock()
		g.attached = false
		g.mu.Unlock()
		return err
	}
	lctx, stop := context.WithCancel(ctx)
	g.stop = stop
	g.dctx, g.stopDecide = context.WithCancel(lctx)
	// Subscribe before enabling, so that no event is missed. The tab's
	// events are handled in its reader goroutine (Listen), so that once a
	// command to the tab returns, every event before its reply is handled.
	paused := cdp.Events(lctx, g.browser, fetch.RequestPaused)
	if err := chromedp.ListenBrowser(lctx, func(ev any) {
		// Only the shared workers watchBrowser asked for: the browser also
		// reports the sessions chromedp attaches (the guard's own among
		// them), some to targets still paused.
		if a, ok := ev.(*target.EventAttachedToTarget); ok && a.WaitingForDebugger && a.TargetInfo != nil && a.TargetInfo.Type == "page" {
			// A new tab, popup or window, paused before its first
			// navigation (watchBrowser): prepare it, then let it go.
			g.newTab(a.TargetInfo, false)
			g.inflight.Add(1)
			go func() {
				defer g.inflight.Add(-1)
				g.releaseTab(a)
			}()
			return
		}
		if a, ok := ev.(*target.EventAttachedToTarget); ok && a.WaitingForDebugger && a.TargetInfo != nil && a.TargetInfo.Type == "shared_worker" {
			g.inflight.Add(1)
			go func() {
				defer g.inflight.Add(-1)
				g.childAttached(g.dctx, g.browser, true, a)
			}()
		}
	}); err != nil {
		stop()
		return fmt.Errorf("guard: %w", err)
	}
	if err := chromedp.Listen(lctx, g.onEvent(func() cdp.Session { return g.pageT })); err != nil {
		stop()
		return fmt.Errorf("guard: %w", err)
	}
	g.wg.Add(1)
	go func() {
		defer g.wg.Done()
		for ev, err := range paused {
			if err != nil {
				return
			}
			g.paused(lctx, &ev)
		}
	}()

	proxyBound := false
	if g.Proxy != nil {
		// Before the first admission: each one lets its request through.
		if err := g.Proxy.bind(g); err != nil {
			stop()
			return err
		}
		defer func() {
			if !proxyBound {
				g.unbindProxy() // Attach failed
			}
		}()
	}
	if _, err := cdp.Call(ctx, g.browser, fetch.Enable, fetch.EnableParams{Patterns: fetchPatterns()}); err != nil {
		stop()
		return fmt.Errorf("guard: enabling request interception: %w", err)
	}
	if err := watchBrowser(ctx, g.browser, true); err != nil {
		stop()
		return fmt.Errorf("guard: attaching to shared workers: %w", err)
	}
	if err := watch(ctx, g.pageT); err != nil {
		stop()
		return fmt.Errorf("guard: attaching to frames and workers: %w", err)
	}
	if err := g.existing(ctx); err != nil {
		stop()
		return fmt.Errorf("guard: listing frames and workers: %w", err)
	}
	run := true
	if _, err := cdp.Call(ctx, g.pageT, page.AddScriptToEvaluateOnNewDocument, page.AddScriptToEvaluateOnNewDocumentParams{
		Source: websocketScript(g.wsPath), RunImmediately: &run,
	}); err != nil {
		stop()
		return fmt.Errorf("guard: adding the websocket check: %w", err)
	}
	if g.Proxy != nil {
		if err := g.probeProxy(ctx); err != nil {
			cdp.Call(ctx, g.browser, fetch.Disable, cdp.Empty{})
			stop()
			return err
		}
	}
	// Service workers registered before: their update checks are decided
	// before Attach returns (serviceworker.go).
	var browserContext string
	if res, err := cdp.Call(ctx, g.browser, target.GetTargetInfo, target.GetTargetInfoParams{TargetID: c.Target.TargetID}); err == nil && res.TargetInfo != nil {
		browserContext = string(res.TargetInfo.BrowserContextID)
	}
	if err := g.watchServiceWorkersNow(ctx, g.pageT, browserContext); err != nil {
		stop()
		return fmt.Errorf("guard: watching service workers: %w", err)
	}
	g.checkRegistrations(ctx)
	proxyBound = true
	return nil
}

// Detach stops guarding. The decisions under way end first, and a request
// still waiting for one (HoldWait) fails as held: disabling the
// interception would otherwise let it go unguarded. Requests the browser
// makes afterwards are not guarded.
func (g *Guard) Detach(ctx context.Context) error {
	if g.browser == nil {
		return nil
	}
	g.stopDecide()
	g.waitDecisions(ctx)
	g.unbindProxy() // detached, the guard admits nothing more
	g.unwatchWorkers(ctx)
	err := watchBrowser(ctx, g.browser, false)
	if _, err2 := cdp.Call(ctx, g.browser, fetch.Disable, cdp.Empty{}); err == nil {
		err = err2
	}
	// A round trip to the tab: its events sent before are handled by now.
	if _, err2 := cdp.Call(ctx, g.pageT, page.GetFrameTree, cdp.Empty{}); err == nil {
		err = err2
	}
	g.stop()
	g.wg.Wait()
	g.waitDecisions(ctx)
	g.mu.Lock()
	cancels := g.childCancels
	g.childCancels = nil
	g.mu.Unlock()
	for _, cancel := range cancels {
		cancel()
	}
	return err
}

// waitDecisions waits until no decision is under way, or ctx ends.
func (g *Guard) waitDecisions(ctx context.Context) {
	for g.inflight.Load() > 0 && ctx.Err() == nil {
		time.Sleep(5 * time.Millisecond)
	}
}

// callContext is for the command that ends a paused request: it must be
// sent even when the decision was cut short.
func callContext(ctx context.Context) (context.Context, context.CancelFunc) {
	return context.WithTimeout(context.WithoutCancel(ctx), 10*time.Second)
}

func cmp(v, def int) int {
	if v <= 0 {
		return def
	}
	return v
}

// MainFrame is the frame ID of the guarded tab's top-level document.
func (g *Guard) MainFrame() cdp.FrameID { return g.mainFrame }

// paused handles one Fetch.requestPaused event. It is called in event
// order; the decision itself runs in its own goroutine.
func (g *Guard) paused(ctx context.Context, ev *fetch.EventRequestPaused) {
	if ev.ResponseStatusCode != 0 || ev.ResponseErrorReason != "" {
		g.answered(ctx, ev)
		return
	}
	if g.Proxy != nil && g.isProbe(ev.Request.URL) {
		go func() {
			ctx, cancel := callContext(ctx)
			defer cancel()
			cdp.Call(ctx, g.browser, fetch.ContinueRequest, fetch.ContinueRequestParams{RequestID: ev.RequestID})
		}()
		return
	}
	u := ev.Request.URL + ev.Request.URLFragment
	e := &entry{url: u}
	isWS, wsType := false, TypeWebSocket
	if p, err := url.Parse(u); err == nil && p.Path == g.wsPath {
		// The socket check of the page script: decide for the socket's URL.
		isWS = true
		e.url = p.Query().Get("url")
		if p.Query().Get("api") == "WebTransport" {
			wsType = TypeWebTransport
		}
	}
	g.mu.Lock()
	top := g.isTab(ev.FrameID)
	g.mu.Unlock()
	r := &Record{Method: ev.Request.Method, ResourceType: resourceType(ev.ResourceType, top),
		frame: ev.FrameID, networkID: ev.NetworkID, referer: header(ev.Request.Headers, "Referer")}
	switch {
	case isWS:
		r.ResourceType, r.Method = wsType, "GET"
	case r.ResourceType == TypeOther && header(ev.Request.Headers, "Service-Worker") == "script":
		// A service worker's script, fetched by the browser, not the tab:
		// the Fetch domain says Other, and no Network domain reports it.
		// The request carries the header the Service Workers spec asks for.
		r.ResourceType = TypeScript
	default:
		r.ResourceType = requestKind(r.ResourceType, r.Method, ev.Request.Headers)
	}
	r.TargetURL = e.url
	g.mu.Lock()
	if sw, ok := g.workers[ev.FrameID]; ok && r.ResourceType != TypeScript {
		r.ServiceWorker = sw // (its own script apart)
	}
	if r.ResourceType != TypeDocument && r.ResourceType != TypeSubframeDocument {
		r.FrameURL = g.frames[ev.FrameID]
	}
	if ev.RedirectedRequestID != "" {
		if prev := g.pending[ev.RedirectedRequestID]; prev != nil {
			r.RedirectedFrom = prev.url
			delete(g.pending, ev.RedirectedRequestID)
		} else if prev, ok := g.hops[ev.NetworkID]; ok {
			r.RedirectedFrom = prev
		}
	}
	delete(g.hops, ev.NetworkID)
	if !isWS && !responseStage[ev.ResourceType] && ev.NetworkID != "" && len(g.hops) < cmp(g.MaxRecords, DefaultMaxRecords) {
		// No response stage: the next hop of a redirect finds its
		// predecessor by the network id.
		g.hops[ev.NetworkID] = e.url
	}
	if len(g.records) < cmp(g.MaxRecords, DefaultMaxRecords) {
		e.rec = r
		g.records = append(g.records, r)
	} else {
		g.overflow++
	}
	if !isWS && responseStage[ev.ResourceType] && len(g.pending) < cmp(g.MaxRecords, DefaultMaxRecords) {
		g.pending[ev.RequestID] = e
	}
	g.mu.Unlock()

	g.inflight.Add(1)
	go func() {
		defer g.inflight.Add(-1)
		var d Record
		d.TargetURL = e.url
		var tabErr error
		if top {
			// A tab's first document waits until the tab has the guard's
			// websocket check (see tabs.go).
			tabErr = g.tabReadyWithin(g.dctx, ev.FrameID, tabWait)
		}
		switch {
		case errors.Is(tabErr, errTabNotReady) && ev.Request.Method == "GET" && ev.RedirectedRequestID == "":
			g.loadAgain(ev.FrameID, e.url, header(ev.Request.Headers, "Referer"))
			g.refusal(g.dctx, &d, gate.Drop, "this tab's first document came before the guard could add its websocket check (a new process's navigation holds the guard's commands until it ends): refused, and loaded again once the tab is ready")
		case tabErr != nil:
			g.refusal(g.dctx, &d, gate.Drop, "this tab could not be guarded: "+tabErr.Error())
		case isWS && !socketURL(e.url, wsType):
			d.Action, d.Subject = gate.Drop, true
			d.Reason = "not a " + wsType + " URL"
		default:
			g.decide(g.dctx, &d)
		}
		ctx, cancel := callContext(ctx)
		defer cancel()
		g.mu.Lock()
		r.Record, r.Action, r.Subject, r.Destination = d.Record, d.Action, d.Subject, d.Destination
		if r.Action != gate.Admit {
			r.TargetStatus.Blocked = true
			delete(g.pending, ev.RequestID)
			if g.hops[ev.NetworkID] == e.url {
				delete(g.hops, ev.NetworkID)
			}
		} else if r.ResourceType == TypeDocument || r.ResourceType == TypeSubframeDocument {
			g.frames[ev.FrameID] = e.url
		}
		g.mu.Unlock()
		if r.Action == gate.Admit && (r.ResourceType == TypeDocument || r.ResourceType == TypeSubframeDocument) {
			// A registered service worker may check its script after
			// this navigation: decided first (serviceworker.go).
			g.beforeDocument(g.dctx, e.url)
		}
		var err error
		switch {
		case isWS:
			// The answer of the websocket check: 204 with the guard's
			// header admits, 403 refuses. Any origin may read it: a
			// sandboxed document's is opaque.
			code := int64(403)
			if r.Action == gate.Admit {
				code = 204
				g.proxyAdmit(e.url) // its tunnel
			}
			_, err = cdp.Call(ctx, g.browser, fetch.FulfillRequest, fetch.FulfillRequestParams{RequestID: ev.RequestID, ResponseCode: code,
				ResponseHeaders: []*fetch.HeaderEntry{{Name: "Cache-Control", Value: "no-store"}, {Name: "Access-Control-Allow-Origin", Value: "*"},
					{Name: "Access-Control-Expose-Headers", Value: "X-Robotstxt-Guard"}, {Name: "X-Robotstxt-Guard", Value: g.wsPath}}})
		case r.Action == gate.Admit:
			g.proxyAdmit(ev.Request.URL) // before the browser sends it
			p := fetch.ContinueRequestParams{RequestID: ev.RequestID}
			if g.UserAgent != "" || g.signer != nil {
				var signed bool
				p.Headers, signed = continueHeaders(ev.Request.Headers, ev.Request.Method, e.url, g.UserAgent, g.signer)
				if signed {
					g.mu.Lock()
					r.SignedBy = g.signer.KeyID
					g.mu.Unlock()
				}
			}
			_, err = cdp.Call(ctx, g.browser, fetch.ContinueRequest, p)
		default:
			_, err = cdp.Call(ctx, g.browser, fetch.FailRequest, fetch.FailRequestParams{RequestID: ev.RequestID, ErrorReason: network.ErrorReasonBlockedByClient})
		}
		if err != nil && r.Action == gate.Admit {
			g.mu.Lock()
			if r.TargetStatus.Code == 0 && r.TargetStatus.Error == "" {
				r.TargetStatus.Error = "the browser dropped the request: " + err.Error()
			}
			g.mu.Unlock()
		}
	}()
}

// answered records the target's answer (response stage) and lets the
// response through.
func (g *Guard) answered(ctx context.Context, ev *fetch.EventRequestPaused) {
	g.mu.Lock()
	e := g.pending[ev.RequestID]
	if e != nil && e.rec != nil {
		if ev.ResponseStatusCode != 0 {
			ts := &e.rec.TargetStatus
			ts.Code = int(ev.ResponseStatusCode)
			ts.Price, ts.Charged, ts.Challenge = payAnswer(ts.Code, func(n string) string { return responseHeader(ev.ResponseHeaders, n) })
		} else {
			e.rec.TargetStatus.Error = string(ev.ResponseErrorReason)
		}
	}
	// A redirect's next request removes the entry; a final answer does too.
	if ev.ResponseStatusCode < 300 || ev.ResponseStatusCode >= 400 {
		delete(g.pending, ev.RequestID)
	}
	g.mu.Unlock()
	g.wg.Add(1)
	go func() {
		defer g.wg.Done()
		ctx, cancel := callContext(ctx)
		defer cancel()
		if g.checkWorkerScript(ctx, ev) {
			return
		}
		if _, err := cdp.Call(ctx, g.browser, fetch.ContinueResponse, fetch.ContinueResponseParams{RequestID: ev.RequestID}); err != nil {
			cdp.Call(ctx, g.browser, fetch.ContinueRequest, fetch.ContinueRequestParams{RequestID: ev.RequestID})
		}
	}()
}

// decide fills r (whose TargetURL is set) with the guard's decision.
func (g *Guard) decide(ctx context.Context, r *Record) { g.decideWait(ctx, r, g.HoldWait) }

// decideWait is decide, a hold waiting up to holdWait (0: not at all).
func (g *Guard) decideWait(ctx context.Context, r *Record, holdWait time.Duration) {
	target := r.TargetURL
	u, err := url.Parse(target)
	if err != nil {
		r.Action, r.Subject = gate.Drop, true
		r.Reason = fmt.Sprintf("not a URL: %v", err)
		return
	}
	check := target
	switch scheme := strings.ToLower(u.Scheme); scheme {
	case "http", "https":
	case "ws", "wss":
		// A websocket's policy is its http(s) origin's robots.txt.
		v := *u
		v.Scheme = "http" + strings.TrimPrefix(scheme, "ws")
		check = v.String()
	default:
		r.Action, r.Subject = gate.Admit, false
		r.Reason = fmt.Sprintf("the %s: scheme is not subject to robots.txt: allowed", scheme)
		return
	}
	r.Subject = true
	if !g.acquire(ctx) {
		r.Action, r.Reason = gate.Hold, "no decision: "+ctx.Err().Error()
		return
	}
	err = g.destination(ctx, u.Hostname())
	g.release()
	if err != nil {
		r.Action, r.Destination = gate.Drop, DestinationRefused
		r.ProductToken = g.gateOf().Agent
		if o, err := originOf(check); err == nil {
			r.Origin, r.PolicyURL = o, o+"/robots.txt"
		}
		r.Reason = "destination refused: " + err.Error() + " (robots.txt not fetched)"
		refusedPolicy(r)
		return
	}
	r.Destination = DestinationAllowed
	start := time.Now()
	for {
		if !g.acquire(ctx) {
			r.Action, r.Reason = gate.Hold, "no decision: "+ctx.Err().Error()
			return
		}
		var d *gate.Decision
		if g.Remote != nil {
			d, err = g.Remote.Check(ctx, check)
		} else {
			d, err = g.gateOf().Check(ctx, check)
		}
		g.release()
		if err != nil {
			// Never open: no decision is a hold, its policy unresolved.
			r.Action = gate.Hold
			r.RepDecision, r.CollectionDecision = gate.RepUnresolved, gate.Unresolved
			r.ProductToken = g.gateOf().Agent
			if o, err := originOf(check); err == nil {
				r.Origin, r.PolicyURL = o, o+"/robots.txt"
			}
			r.Reason = "no decision: " + err.Error()
			return
		}
		r.Record, r.Action = d.Record, d.Action
		r.TargetURL = target
		if d.Action != gate.Hold || d.RetryAt.IsZero() || holdWait <= 0 {
			return
		}
		// The origin's policy is due again at RetryAt (by the gate's
		// clock): wait for it when that is within our bound.
		wait := max(d.RetryAt.Sub(g.now()), 0) + 10*time.Millisecond
		if time.Since(start)+wait > holdWait {
			return
		}
		t := time.NewTimer(wait)
		select {
		case <-ctx.Done():
			t.Stop()
			return
		case <-t.C:
		}
	}
}

// acquire takes one of the Workers slots, which bound the lookups and
// checks under way (not the requests waiting, as a hold may).
func (g *Guard) acquire(ctx context.Context) bool {
	if g.sem == nil {
		return true
	}
	select {
	case g.sem <- struct{}{}:
		return true
	case <-ctx.Done():
		return false
	}
}

func (g *Guard) release() {
	if g.sem != nil {
		<-g.sem
	}
}

// websocketURL reports whether the page script's URL is one a WebSocket
// may open (ws:, wss:, or http: and https:, which the browser turns into
// them).
func websocketURL(raw string) bool { return socketURL(raw, TypeWebSocket) }

// socketURL reports whether the page script's URL is one a socket of typ
// may open: a WebTransport's is https:, a websocket's as websocketURL says.
func socketURL(raw, typ string) bool {
	u, err := url.Parse(raw)
	if err != nil || u.Host == "" {
		return false
	}
	if typ == TypeWebTransport {
		return strings.EqualFold(u.Scheme, "https")
	}
	switch strings.ToLower(u.Scheme) {
	case "ws", "wss", "http", "https":
		return true
	}
	return false
}

// gateOf is the gate the guard decides with: its own once attached
// (setup.go), else Gate.
func (g *Guard) gateOf() *gate.Gate {
	if g.gate != nil {
		return g.gate
	}
	return g.Gate
}

// netOf is the destination policy: the guard's once attached, else Net.
func (g *Guard) netOf() *netguard.Policy {
	if g.gate != nil {
		return g.net
	}
	return g.Net
}

// now is the gate's clock.
func (g *Guard) now() time.Time {
	if c := g.gateOf().Client; c != nil && c.Now != nil {
		return c.Now()
	}
	return time.Now()
}

func originOf(rawURL string) (string, error) {
	u, err := url.Parse(rawURL)
	if err != nil {
		return "", err
	}
	return strings.ToLower(u.Scheme) + "://" + strings.ToLower(u.Host), nil
}

// destination checks host with the destination guard, resolving it; the
// answer is kept for the guard's life, so that a thousand requests to one
// host make one lookup.
func (g *Guard) destination(ctx context.Context, host string) error {
	if n := g.netOf(); n != nil && n.AllowPrivate {
		return nil
	}
	host = strings.ToLower(strings.TrimSuffix(host, "."))
	g.mu.Lock()
	err, ok := g.hosts[host]
	g.mu.Unlock()
	if ok {
		return err
	}
	err = g.resolveCheck(ctx, host)
	if ctx.Err() != nil {
		return err // not kept: the lookup was cut short
	}
	g.mu.Lock()
	g.hosts[host] = err
	g.mu.Unlock()
	return err
}

func (g *Guard) resolveCheck(ctx context.Context, host string) error {
	if a, err := netip.ParseAddr(strings.Trim(host, "[]")); err == nil {
		if err := g.netOf().Check(a); err != nil {
			return fmt.Errorf("%s is %s", a, netguard.Reason(err))
		}
		return nil
	}
	r := g.Resolver
	if r == nil {
		r = net.DefaultResolver
	}
	lctx, cancel := context.WithTimeout(ctx, 10*time.Second)
	defer cancel()
	addrs, err := r.LookupNetIP(lctx, "ip", host)
	if err != nil {
		return fmt.Errorf("%s does not resolve (%v)", host, err)
	}
	// The browser may connect to any of them: every one must pass.
	for _, a := range addrs {
		if err := g.netOf().Check(a.Unmap()); err != nil {
			return fmt.Errorf("%s resolves to %s, which is %s", host, a.Unmap(), netguard.Reason(err))
		}
	}
	return nil
}

// tabEvent handles an event of the tab. It runs in the tab's reader
// goroutine: it must not block.
func (g *Guard) tabEvent(ev any) {
	switch ev := ev.(type) {
	case *network.EventRequestWillBeSent:
		g.requestSent(ev)
	case *page.EventFrameAttached:
		g.mu.Lock()
		g.parents[ev.FrameID] = ev.ParentFrameID
		g.mu.Unlock()
	case *network.EventWebSocketCreated:
		g.mu.Lock()
		if len(g.sockets) < cmp(g.MaxRecords, DefaultMaxRecords) {
			g.sockets[ev.RequestID] = ev.URL
		}
		g.mu.Unlock()
	case *network.EventWebSocketHandshakeResponseReceived:
		g.handshake(ev)
	case *network.EventResponseReceived:
		if ev.Response != nil {
			g.answer(ev.RequestID, ev.Response)
		}
		g.mu.Lock()
		delete(g.hops, ev.RequestID)
		g.mu.Unlock()
	case *network.EventLoadingFailed:
		g.mu.Lock()
		if len(g.failures) < cmp(g.MaxRecords, DefaultMaxRecords) {
			g.failures[ev.RequestID] = ev.ErrorText
		}
		delete(g.hops, ev.RequestID)
		g.mu.Unlock()
	}
}

// answer keeps a target's answer to the request id as a Network domain
// saw it, in the order of the request's hops (redirects first): the
// records of requests not paused at the response stage take their
// status from it.
func (g *Guard) answer(id network.RequestID, res *network.Response) {
	g.mu.Lock()
	defer g.mu.Unlock()
	if _, ok := g.answers[id]; ok || len(g.answers) < cmp(g.MaxRecords, DefaultMaxRecords) {
		if len(g.answers[id]) < maxHops {
			ts := TargetStatus{Code: int(res.Status)}
			ts.Price, ts.Charged, ts.Challenge = payAnswer(ts.Code, func(n string) string { return header(res.Headers, n) })
			g.answers[id] = append(g.answers[id], ts)
		}
	}
}

func (g *Guard) requestSent(ev *network.EventRequestWillBeSent) {
	if strings.HasPrefix(ev.DocumentURL, "chrome-error:") {
		return // the browser's own error page, shown for a blocked frame
	}
	if ev.Request != nil && (browserInternal(ev.Request.URL) || browserInternal(ev.DocumentURL)) {
		return // the browser's own resources (the PDF viewer's), not the page's
	}
	if ev.RedirectResponse != nil {
		g.answer(ev.RequestID, ev.RedirectResponse)
	}
	in := initiator(ev.Initiator)
	g.mu.Lock()
	defer g.mu.Unlock()
	if len(g.initiators) < cmp(g.MaxRecords, DefaultMaxRecords) {
		if ev.Initiator != nil && ev.Initiator.Type == network.InitiatorTypePreflight && ev.Initiator.RequestID != "" {
			// Its initiator is the request it precedes, not the URL.
			g.preflights[ev.RequestID] = ev.Initiator.RequestID
		} else if in != "" {
			g.initiators[ev.RequestID] = in
		}
		g.types[ev.RequestID] = ev.Type
		if ev.FrameID != "" && ev.Request != nil {
			// A frame's request, which its service worker may make again.
			k := ev.Request.Method + " " + ev.Request.URL
			g.requested[k] = append(g.requested[k], ev.RequestID)
			g.frameOf[ev.RequestID] = ev.FrameID
		}
	}
	// data:, blob: ... never reach the Fetch domain: record them here.
	if ev.Request != nil && !networked(ev.Request.URL) && len(g.records) < cmp(g.MaxRecords, DefaultMaxRecords) {
		scheme, _, _ := strings.Cut(ev.Request.URL, ":")
		r := &Record{Action: gate.Admit, Method: ev.Request.Method, ResourceType: resourceType(ev.Type, g.isTab(ev.FrameID)), frame: ev.FrameID,
			FrameURL: g.frames[ev.FrameID], Initiator: in}
		r.TargetURL = ev.Request.URL
		r.ProductToken = g.gateOf().Agent
		r.Reason = fmt.Sprintf("the %s: scheme is not subject to robots.txt: allowed", strings.ToLower(scheme))
		r.TargetStatus.Error = "not a network request"
		g.records = append(g.records, r)
	}
}

// networked reports whether the browser sends rawURL over the network, so
// that the Fetch domain sees it.
func networked(rawURL string) bool {
	scheme, _, _ := strings.Cut(strings.ToLower(rawURL), ":")
	switch scheme {
	case "http", "https", "ws", "wss":
		return true
	}
	return false
}

func initiator(in *network.Initiator) string {
	if in == nil {
		return ""
	}
	if s := in.Stack; s != nil {
		for st := s; st != nil; st = st.Parent {
			for _, f := range st.CallFrames {
				if f.URL != "" {
					return f.URL + ":" + strconv.FormatInt(f.LineNumber+1, 10)
				}
			}
		}
	}
	if in.URL != "" {
		if in.LineNumber > 0 {
			return in.URL + ":" + strconv.FormatInt(int64(in.LineNumber)+1, 10)
		}
		return in.URL
	}
	return ""
}

func header(h network.Headers, name string) string {
	for k, v := range h {
		if strings.EqualFold(k, name) {
			if s, ok := v.(string); ok {
				return s
			}
		}
	}
	return ""
}

// Records returns a copy of the records so far, in the order the requests
// were made, with what is known of their initiators, frames and answers.
// A request admitted whose answer was not seen has a null target status
// and says so. A caller that writes records as they come writes each once
// it is Done, and may wait a little longer for one not yet Linked.
func (g *Guard) Records() []Record {
	return g.recordsRange(0, -1)
}

// recordsRange is Records from the record lo to hi (-1: the last).
func (g *Guard) recordsRange(lo, hi int) []Record {
	g.mu.Lock()
	defer g.mu.Unlock()
	if hi < 0 || hi > len(g.records) {
		hi = len(g.records)
	}
	lo = min(max(lo, 0), hi)
	out := make([]Record, hi-lo)
	original := g.reissued()
	// Each record's hop in its network request (redirects share the id).
	hop := make(map[network.RequestID]int)
	for _, r := range g.records[:lo] {
		if r.networkID != "" {
			hop[r.networkID]++
		}
	}
	for i, r := range g.records[lo:hi] {
		o := *r
		own := o.networkID // the request's own: its errors are its own
		if own != "" {
			k := hop[own]
			hop[own]++
			if as := g.answers[own]; o.Action == gate.Admit && o.TargetStatus.Code == 0 && o.TargetStatus.Error == "" && k < len(as) {
				// Not paused at the response stage: the Network domain's.
				o.TargetStatus = as[k]
			}
		}
		if id, ok := original[r]; ok {
			// A service worker made it again for a frame's request: the
			// frame's request is what asked for it.
			o.frame, o.networkID, o.referer = g.frameOf[id], id, ""
			o.FrameURL, o.Initiator = "", ""
			if t := g.types[id]; t != "" && t != network.ResourceTypeOther {
				o.ResourceType = resourceType(t, g.isTab(o.frame))
			}
		}
		if o.ResourceType == TypePreflight {
			p, ok := g.preflights[o.networkID]
			if ok {
				o.Initiator = g.initiators[p]
			}
			o.unlinked = !ok
		}
		if o.FrameURL == "" && o.frame != "" {
			switch o.ResourceType {
			case TypeDocument:
			case TypeSubframeDocument:
				o.FrameURL = g.frames[g.parents[o.frame]]
			default:
				o.FrameURL = g.frames[o.frame]
			}
		}
		if o.Initiator == "" {
			o.Initiator = g.initiators[o.networkID]
		}
		// The Fetch domain calls fetch() and XHR both XHR, and a worker's
		// script Other; the tab's Network domain, which sees the tab's own
		// requests, tells them apart.
		switch t := g.types[o.networkID]; {
		case o.ResourceType == TypeXHR && t == network.ResourceTypeFetch:
			o.ResourceType = TypeFetch
		case (o.ResourceType == TypeXHR || o.ResourceType == TypeFetch) && (t == network.ResourceTypeEventSource || t == network.ResourceTypePreflight):
			o.ResourceType = resourceType(t, false)
		case o.ResourceType == TypeOther && t != "":
			o.ResourceType = resourceType(t, g.isTab(o.frame))
		}
		if o.Initiator == "" {
			o.Initiator = o.referer
		}
		if o.Tab == "" {
			o.Tab = string(g.tabOf(o.frame))
		}
		if o.ServiceWorker != "" && o.Tab == "" {
			o.unlinked = true // not linked to a frame's request (yet)
		}
		if _, ok := g.types[own]; own != "" && !ok && len(g.types) < cmp(g.MaxRecords, DefaultMaxRecords) {
			// No Network domain has reported the request yet (its type,
			// initiator): under load it may come after the answer.
			o.unlinked = true
		}
		if o.Action == gate.Admit && o.TargetStatus.Code == 0 {
			// The Fetch domain's error reasons are coarse ("Failed"); the
			// tab's Network domain says more (net::ERR_EMPTY_RESPONSE).
			if text := g.failures[own]; text != "" {
				o.TargetStatus.Error = text
			} else if o.TargetStatus.Error == "" {
				o.TargetStatus.Error = NoAnswer
			}
		}
		out[i] = o
	}
	return out
}

// reissued finds, for each record of a request a service worker made, the
// frame's request it answers: a request of a frame with the same method
// and URL that the Fetch domain never paused (the worker's fetch handler
// took it) and that no earlier record claimed. g.mu is held.
func (g *Guard) reissued() map[*Record]network.RequestID {
	var out map[*Record]network.RequestID
	var paused, claimed map[network.RequestID]bool
	for _, r := range g.records {
		if r.ServiceWorker == "" {
			continue
		}
		if paused == nil {
			paused, claimed, out = map[network.RequestID]bool{}, map[network.RequestID]bool{}, map[*Record]network.RequestID{}
			for _, q := range g.records {
				paused[q.networkID] = true
			}
		}
		for _, id := range g.requested[r.Method+" "+r.TargetURL] {
			if !paused[id] && !claimed[id] {
				claimed[id] = true
				out[r] = id
				break
			}
		}
	}
	return out
}

// Stats returns the counts so far.
func (g *Guard) Stats() Stats {
	g.mu.Lock()
	defer g.mu.Unlock()
	s := Stats{Requests: len(g.records), Overflow: g.overflow, Prepared: int(g.prepared.Load()), Tabs: int(g.tabsPrepared.Load())}
	hop := make(map[network.RequestID]int)
	for _, r := range g.records {
		k := hop[r.networkID]
		if r.networkID != "" {
			hop[r.networkID]++
		}
		switch r.Action {
		case gate.Admit:
			s.Admitted++
			// Not paused at the response stage: a Network domain's answer
			// or error text may be there instead.
			if r.TargetStatus == (TargetStatus{}) && k >= len(g.answers[r.networkID]) && g.failures[r.networkID] == "" {
				s.Unmatched++
			}
		case gate.Drop:
			s.Dropped++
		case gate.Hold:
			s.Held++
		case Unguarded:
			s.Unguarded++
		}
	}
	return s
}

// maxHops bounds the answers kept for one network request (Chromium
// follows at most 20 redirects).
const maxHops = 32

// responseStage is the resource types the guard also pauses at the
// response stage, where it records the target's status and puts the
// websocket check at the head of a worker's script (Other): every type the
// Fetch domain can filter by but images, style sheets, fonts and media,
// which only documents ask for. A request of any other type (those four,
// and the types Chromium cannot filter by: prefetches, text tracks,
// manifests) costs one round trip instead of two; its record takes the
// status its frame's Network domain saw.
var responseStage = func() map[network.ResourceType]bool {
	m := map[network.ResourceType]bool{}
	for _, t := range []network.ResourceType{
		network.ResourceTypeDocument, network.ResourceTypeScript,
		network.ResourceTypeXHR, network.ResourceTypeFetch,
		network.ResourceTypeEventSource,
		network.ResourceTypePing, network.ResourceTypeCSPViolationReport,
		network.ResourceTypeOther,
	} {
		m[t] = true
	}
	return m
}()

// fetchPatterns is what the Fetch domain pauses: every request at the
// request stage, the responseStage types at the response stage.
func fetchPatterns() []*fetch.RequestPattern {
	ps := []*fetch.RequestPattern{{URLPattern: "*", RequestStage: fetch.RequestStageRequest}}
	for t := range responseStage {
		ps = append(ps, &fetch.RequestPattern{URLPattern: "*", ResourceType: t, RequestStage: fetch.RequestStageResponse})
	}
	return ps
}
