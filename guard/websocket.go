package guard

import (
	"context"
	"encoding/json"
	"fmt"
	"strings"
	"sync/atomic"
	"time"

	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/fetch"
	"github.com/chromedp/cdproto/network"
	"github.com/chromedp/cdproto/page"
	"github.com/chromedp/cdproto/runtime"
	"github.com/chromedp/cdproto/target"
	"github.com/chromedp/chromedp"

	"github.com/robotstxt/robotstxt/gate"
)

// The CDP Fetch domain does not pause websocket handshakes. So the guard
// runs a script in every document and worker that replaces the WebSocket
// constructor: before opening a socket it asks the guard with a synchronous
// request to a path at the socket's own host, which the guard answers
// itself (it never leaves the browser; any origin may read the answer, as
// a sandboxed or data: document's origin is opaque); when the guard
// refuses, the constructor throws a SecurityError, as for a port the
// browser forbids.
//
// A service worker has no synchronous request (no XMLHttpRequest): there
// the constructor returns a stand-in that asks with fetch() and opens the
// real socket only once the guard admitted it; a refused socket fails as a
// connection that could not be made (an error event, then a close event
// with code 1006), and the real socket is never created.
//
// The script reaches every context before its first line runs: documents
// of the tab by Page.addScriptToEvaluateOnNewDocument; the tab's frames
// from other sites and its dedicated and service workers because the guard
// makes the tab (and, in turn, each of them) attach to them paused, adds
// the script, and only then lets them start (childAttached); shared
// workers, which belong to no tab, the same way from the browser.
//
// The tab's (and each frame's and worker's) attachment uses the protocol
// that is not flat: chromedp routes no message of a session it did not
// make, but the commands of a session that is not flat go through its
// parent's (Target.sendMessageToTarget), and their answers come back as
// the parent's events. That is how the guard tells a paused frame to run
// (Runtime.runIfWaitingForDebugger): a frame, unlike a worker, does not
// start when the session that paused it detaches.
const websocketJS = `(() => {
  const check = PATH;
  // Only the guard's answer admits: 204 with its header, which a real
  // origin, were the request to reach one, does not send.
  const admitted = (status, header) => status === 204 && header === check;
  // Ask at the socket's own host: the guard answers any URL with its path,
  // for any origin (a sandboxed or data: document's is opaque).
  const ask = (u, api) => (u.protocol === 'wss:' || u.protocol === 'https:' ? 'https://' : 'http://') + u.host + check + '?url=' + encodeURIComponent(u.href) + '&api=' + api;
  const refused = (name, abs) => new DOMException("Failed to construct '" + name + "': " + abs + " is blocked by the robots.txt guard", 'SecurityError');
  const resolve = (url) => { try { return new URL(url, globalThis.document ? document.baseURI : location.href); } catch (e) { return null; } };
  // A synchronous answer (documents, dedicated and shared workers); a
  // service worker has no XMLHttpRequest.
  const syncable = () => typeof XMLHttpRequest === 'function';
  const askNow = (abs, api) => {
    try {
      const x = new XMLHttpRequest();
      x.open('GET', ask(abs, api), false);
      x.send();
      return admitted(x.status, x.getResponseHeader('X-Robotstxt-Guard'));
    } catch (e) { return false; }
  };
  const askLater = (abs, api) => fetch(ask(abs, api), {cache: 'no-store'}).then((r) => admitted(r.status, r.headers.get('X-Robotstxt-Guard')), () => false);
  // replace puts Guarded in Real's place: the global, and the prototype's
  // constructor (so that Real.prototype.constructor is no way around it).
  const replace = (name, Real, Guarded) => {
    Guarded.prototype = Real.prototype;
    Object.defineProperty(Real.prototype, 'constructor', {value: Guarded, writable: true, configurable: true});
    for (const k of ['CONNECTING', 'OPEN', 'CLOSING', 'CLOSED']) if (k in Real) Object.defineProperty(Guarded, k, {value: Real[k]});
    Object.defineProperty(Guarded, '__robotstxtGuard', {value: true});
    Object.defineProperty(globalThis, name, {value: Guarded, writable: true, configurable: true});
  };

  const RealWS = globalThis.WebSocket;
  if (RealWS && !RealWS.__robotstxtGuard) {
    const deferred = (abs, args, nt) => {
      const events = new EventTarget(), handlers = {};
      const self = Object.create(nt.prototype);
      let real = null, state = 0, binaryType = 'blob';
      const def = (k, get, set) => Object.defineProperty(self, k, {get, set, configurable: true});
      const fire = (e) => { events.dispatchEvent(e); const h = handlers[e.type]; if (h) h.call(self, e); };
      const fail = () => { state = 3; fire(new Event('error')); fire(new CloseEvent('close', {code: 1006, wasClean: false})); };
      const clone = (e) => e.type === 'message' ? new MessageEvent('message', {data: e.data, origin: e.origin}) :
        e.type === 'close' ? new CloseEvent('close', {code: e.code, reason: e.reason, wasClean: e.wasClean}) : new Event(e.type);
      def('url', () => real ? real.url : abs.href.replace(/^http/, 'ws'));
      def('readyState', () => real ? real.readyState : state);
      def('protocol', () => real ? real.protocol : '');
      def('extensions', () => real ? real.extensions : '');
      def('bufferedAmount', () => real ? real.bufferedAmount : 0);
      def('binaryType', () => real ? real.binaryType : binaryType, (v) => { if (real) real.binaryType = v; else binaryType = v; });
      for (const t of ['open', 'message', 'error', 'close']) def('on' + t, () => handlers[t] || null, (f) => { handlers[t] = typeof f === 'function' ? f : null; });
      self.addEventListener = events.addEventListener.bind(events);
      self.removeEventListener = events.removeEventListener.bind(events);
      self.dispatchEvent = events.dispatchEvent.bind(events);
      self.send = (d) => {
        if (real) return real.send(d);
        if (state === 0) throw new DOMException("Failed to execute 'send' on 'WebSocket': Still in CONNECTING state.", 'InvalidStateError');
      };
      self.close = (code, reason) => { if (real) return real.close(code, reason); if (state === 0) { state = 2; setTimeout(fail); } };
      askLater(abs, 'WebSocket').then((ok) => {
        if (state !== 0) return;
        if (!ok) return fail();
        try { real = Reflect.construct(RealWS, args, RealWS); } catch (e) { return fail(); }
        real.binaryType = binaryType;
        for (const t of ['open', 'message', 'error', 'close']) real.addEventListener(t, (e) => fire(clone(e)));
      });
      return self;
    };
    function WebSocket(url, protocols) {
      if (!new.target) throw new TypeError("Failed to construct 'WebSocket': Please use the 'new' operator");
      const abs = resolve(url);
      if (!abs || !/^(wss?|https?):$/.test(abs.protocol)) return Reflect.construct(RealWS, arguments, new.target);
      if (!syncable()) return deferred(abs, arguments, new.target);
      if (!askNow(abs, 'WebSocket')) throw refused('WebSocket', abs.href);
      return Reflect.construct(RealWS, arguments, new.target);
    }
    replace('WebSocket', RealWS, WebSocket);
  }

  // WebSocketStream and WebTransport: promise-based, so a service worker's
  // stand-in only has to chain its promises on the guard's answer.
  // stream guards the constructor name, whose URLs match scheme; promises
  // and methods are the stand-in's members in a service worker.
  const stream = (name, scheme, promises, methods) => {
    const Real = globalThis[name];
    if (!Real || Real.__robotstxtGuard) return;
    const standIn = (abs, args, nt) => {
      const self = Object.create(nt.prototype);
      const real = askLater(abs, name).then((ok) => { if (!ok) throw refused(name, abs.href); return Reflect.construct(Real, args, Real); });
      let made = null;
      real.then((r) => { made = r; }, () => {});
      Object.defineProperty(self, 'url', {get: () => made ? made.url : abs.href, configurable: true});
      for (const p of promises) {
        const v = real.then((r) => r[p]);
        v.catch(() => {});
        Object.defineProperty(self, p, {value: v, configurable: true});
      }
      for (const m of methods) self[m] = (...a) => m === 'close' ? void real.then((r) => r.close(...a), () => {}) : real.then((r) => r[m](...a));
      // Other members (a WebTransport's datagrams and incoming streams)
      // once the guard admitted it.
      return new Proxy(self, {get: (o, k) => (Object.hasOwn(o, k) || !made) ? Reflect.get(o, k) : (typeof made[k] === 'function' ? made[k].bind(made) : made[k])});
    };
    const Guarded = function (url) {
      if (!new.target) throw new TypeError("Failed to construct '" + name + "': Please use the 'new' operator");
      const abs = resolve(url);
      if (!abs || !scheme.test(abs.protocol)) return Reflect.construct(Real, arguments, new.target);
      if (!syncable()) return standIn(abs, arguments, new.target);
      if (!askNow(abs, name)) throw refused(name, abs.href);
      return Reflect.construct(Real, arguments, new.target);
    };
    Object.defineProperty(Guarded, 'name', {value: name});
    replace(name, Real, Guarded);
  };
  stream('WebSocketStream', /^(wss?|https?):$/, ['opened', 'closed'], ['close']);
  stream('WebTransport', /^https:$/, ['ready', 'closed', 'draining'], ['close', 'createBidirectionalStream', 'createUnidirectionalStream', 'getStats', 'exportKeyingMaterial']);
})();`

func websocketScript(path string) string {
	p, _ := json.Marshal(path)
	return strings.Replace(websocketJS, "PATH", string(p), 1)
}

// handshake records the status of an admitted websocket's handshake.
func (g *Guard) handshake(ev *network.EventWebSocketHandshakeResponseReceived) {
	if ev.Response == nil {
		return
	}
	g.mu.Lock()
	defer g.mu.Unlock()
	u := g.sockets[ev.RequestID]
	for _, r := range g.records {
		if r.ResourceType == TypeWebSocket && r.Action == gate.Admit && r.TargetURL == u && r.TargetStatus == (TargetStatus{}) {
			r.TargetStatus.Code = int(ev.Response.Status)
			return
		}
	}
}

// targetKinds are the targets the guard attaches to paused, to run the
// websocket check in them before their first line (frames from other
// sites, which Chromium runs in a process of their own, and workers), and
// the resource type of a record about one.
var targetKinds = map[string]string{
	"iframe":         TypeSubframeDocument,
	"worker":         TypeScript,
	"shared_worker":  TypeScript,
	"service_worker": TypeScript,
}

// watch makes the session s (the tab, or a frame or worker the guard
// attached to) attach to its new frames from other sites and workers
// paused (waitForDebuggerOnStart), so that childAttached prepares each one
// before it runs.
func watch(ctx context.Context, s cdp.Session) error {
	flat := false
	filter := target.Filter{{Type: "iframe"}, {Type: "worker"}, {Type: "shared_worker"}, {Type: "service_worker"}, {Exclude: true}}
	_, err := cdp.Call(ctx, s, target.SetAutoAttach, target.SetAutoAttachParams{
		AutoAttach: true, WaitForDebuggerOnStart: true, Flatten: &flat, Filter: filter,
	})
	return err
}

// watchBrowser makes the browser attach to its new shared workers paused:
// they belong to no tab, so no tab attaches to them. The browser's
// auto-attach has only the flat protocol, whose sessions chromedp does not
// route; the guard prepares the worker with a session of its own and then
// detaches the paused one, which lets a worker start.
func watchBrowser(ctx context.Context, b cdp.Session, on bool) error {
	flat := true
	p := target.SetAutoAttachParams{AutoAttach: on, WaitForDebuggerOnStart: on, Flatten: &flat}
	if on {
		// New tabs too (tabs.go). Chromium refuses a filter to turn it off.
		p.Filter = target.Filter{{Type: "shared_worker"}, {Type: "page"}, {Exclude: true}}
	}
	_, err := cdp.Call(ctx, b, target.SetAutoAttach, p)
	return err
}

// unwatchWorkers restores chromedp's own auto-attach settings on the tab.
func (g *Guard) unwatchWorkers(ctx context.Context) {
	flat := true
	cdp.Call(ctx, g.pageT, target.SetAutoAttach, target.SetAutoAttachParams{AutoAttach: true, Flatten: &flat})
}

// onEvent is the event handler of a guarded session: the tab's, or that of
// a frame or worker the guard attached to. self returns that session, once
// it is attached (it is asked only for an attach, which comes later).
func (g *Guard) onEvent(self func() cdp.Session) func(ev any) {
	return func(ev any) {
		if m, ok := ev.(*target.EventReceivedMessageFromTarget); ok {
			g.reply(m)
			return
		}
		if isServiceWorkerEvent(ev) {
			g.swEvent(self(), ev)
			return
		}
		a, ok := ev.(*target.EventAttachedToTarget)
		if !ok {
			g.tabEvent(ev)
			return
		}
		parent := self()
		g.inflight.Add(1)
		go func() {
			defer g.inflight.Add(-1)
			g.childAttached(g.dctx, parent, false, a)
		}()
	}
}

// childAttached prepares a frame or worker that the session parent
// attached to, paused: a chromedp session of the guard's own (whose events
// chromedp routes, unlike those of the paused session) adds the websocket
// check, watches the child's own frames and workers the same way, and
// reports its network events (resource types, initiators, websocket
// handshakes); then the parent's paused session is detached, which lets
// the child start. It runs in its own goroutine.
//
// The guard's session lasts as long as the child does: a frame's later
// documents get the check from it. Beyond MaxTargets, the check goes
// through the paused session instead (prepareThrough). A child the guard
// cannot prepare is never let go: it stays paused, and a record says why.
func (g *Guard) childAttached(ctx context.Context, parent cdp.Session, flat bool, ev *target.EventAttachedToTarget) {
	info := ev.TargetInfo
	release := func() {
		if parent == nil {
			return // running already: found by existing
		}
		rctx, cancel := callContext(ctx)
		defer cancel()
		if flat {
			// No command reaches a flat session chromedp does not route;
			// detaching it lets a worker start.
			cdp.Call(rctx, parent, target.DetachFromTarget, target.DetachFromTargetParams{SessionID: ev.SessionID})
			return
		}
		// The paused session stays: detached, it would be attached again.
		parent.Call(rctx, "Target.sendMessageToTarget", sendMessage{SessionID: ev.SessionID, Message: `{"id":1,"method":"Runtime.runIfWaitingForDebugger"}`}, nil)
	}
	if info == nil || (parent == nil && ev.WaitingForDebugger) || ctx.Err() != nil {
		return // (after Detach, a child stays paused)
	}
	g.mu.Lock()
	seen := g.seen[info.TargetID]
	if !seen && len(g.seen) < cmp(g.MaxRecords, DefaultMaxRecords) {
		g.seen[info.TargetID] = true
	}
	g.mu.Unlock()
	if seen && (flat || !ev.WaitingForDebugger) {
		// Attached again, running (to another parent's session, say):
		// it was prepared when it started. One that starts again paused
		// (a service worker started anew) is prepared anew.
		return
	}
	typ, ok := targetKinds[info.Type]
	if !ok {
		release() // not a kind the guard asked for
		return
	}
	if info.Type == "service_worker" {
		// Known before it runs: its requests are marked as its own.
		g.mu.Lock()
		if len(g.workers) < cmp(g.MaxTargets, DefaultMaxTargets) {
			g.workers[cdp.FrameID(info.TargetID)] = info.URL
		}
		g.mu.Unlock()
	}
	if !ev.WaitingForDebugger && parent != nil {
		// Running already: it was there when the guard attached, or
		// Chromium started it without the pause the guard asked for, as
		// it does a frame it commits with no network request (about:srcdoc,
		// about:blank) in a process of its own (sandboxed frames, with
		// IsolateSandboxedIframes). Say so; check what it does from now on.
		g.unchecked(info, typ, gate.Admit, fmt.Sprintf("not checked from its start: this %s ran before the guard could add its websocket check (it was running when the guard attached, or Chromium started it without the pause the guard asks for, as it does a sandboxed about:srcdoc or about:blank frame in a process of its own unless started with --disable-features=IsolateSandboxedIframes, as Launch does); its websockets are checked from then on", kindName(info.Type)))
	}
	limit := cmp(g.MaxTargets, DefaultMaxTargets)
	g.mu.Lock()
	if g.children >= limit {
		g.mu.Unlock()
		if !ev.WaitingForDebugger {
			return
		}
		if !flat {
			// No session of the guard's own: add the check through the
			// paused session itself. The check still asks the guard
			// for each socket; only the child's network events (resource
			// types, initiators, handshake statuses) are not seen.
			if err := g.prepareThrough(ctx, parent, ev.SessionID, info); err == nil {
				release()
				g.unchecked(info, typ, gate.Admit, fmt.Sprintf("checked without a session of its own: the guard follows the network events of at most %d frames and workers at once (MaxTargets); its websockets are checked, but its records may lack resource types, initiators and handshake statuses", limit))
				return
			}
		}
		g.unchecked(info, typ, gate.Drop, fmt.Sprintf("not run: the guard checks the websockets of at most %d frames and workers at once (MaxTargets); this %s stays paused", limit, kindName(info.Type)))
		return
	}
	g.children++
	g.mu.Unlock()

	var self atomic.Pointer[chromedp.Target]
	var ready atomic.Bool // prepared once
	session := func() cdp.Session {
		if t := self.Load(); t != nil {
			return t
		}
		return nil
	}
	wctx, cancel := chromedp.NewContext(g.tabCtx, chromedp.WithTargetID(info.TargetID), chromedp.WithDetachOnCancel(),
		chromedp.WithListener(g.onEvent(session)), chromedp.WithListener(func(ev any) {
			// A service worker stopped and started again (Chromium stops
			// idle ones) starts paused, with a new global scope, and
			// without a new attach: add the check again, then let it run.
			if _, ok := ev.(*runtime.EventExecutionContextCreated); ok && info.Type == "service_worker" && !flat && ready.Load() {
				g.inflight.Add(1)
				go func() {
					defer g.inflight.Add(-1)
					g.restarted(ctx, session(), info, release)
				}()
			}
		}))
	g.mu.Lock()
	g.nextChild++
	id := g.nextChild
	if g.childCancels != nil { // nil once detached
		g.childCancels[id] = cancel
	}
	g.mu.Unlock()
	done := func() {
		cancel()
		g.mu.Lock()
		g.children--
		delete(g.childCancels, id)
		g.mu.Unlock()
	}

	err := g.prepare(ctx, wctx, cancel, info, &self)
	if err != nil {
		done()
		if ctx.Err() == nil && ev.WaitingForDebugger {
			g.unchecked(info, typ, gate.Drop, fmt.Sprintf("not run: the guard could not add its websocket check to this %s (%v); it stays paused", kindName(info.Type), err))
		}
		return
	}
	ready.Store(true)
	g.prepared.Add(1)
	release()
	// The slot is the child's until it ends.
	if !untilDetached(wctx, done) {
		done()
	}
}

// existing records the frames and workers that run already when the guard
// attaches (and the tab's document, unless blank). The guard cannot guard
// them: the browser-wide Fetch domain intercepts the loaders Chromium makes
// after it is enabled, and a document's loaders are made when it commits,
// so a document or worker that was there before Attach sends its requests
// unpaused, the websocket check's own included (TestBrowseAttachLate): that
// request fails at its origin, so the check refuses every socket. A
// frame's later documents are guarded, the check included.
func (g *Guard) existing(ctx context.Context) error {
	res, err := cdp.Call(ctx, g.browser, target.GetTargets, target.GetTargetsParams{})
	if err != nil {
		return err
	}
	for _, info := range res.TargetInfos {
		typ, ok := targetKinds[info.Type]
		if info.Type == "page" && cdp.FrameID(info.TargetID) != g.mainFrame {
			// Another tab: guarded from its next document on.
			g.newTab(info, info.URL != "" && info.URL != "about:blank")
			continue
		}
		if cdp.FrameID(info.TargetID) == g.mainFrame {
			typ, ok = TypeDocument, info.URL != "" && info.URL != "about:blank"
		}
		if !ok {
			continue
		}
		g.unchecked(info, typ, Unguarded, fmt.Sprintf("not guarded: this %s was running when the guard attached; the requests of a document or worker loaded before Attach are not intercepted (the Fetch domain pauses the requests of loaders made after it is enabled), and its websockets are refused, not checked, until it loads a new document", kindName(info.Type)))
		if typ == TypeDocument {
			continue // the tab has the check already (Attach)
		}
		// Its later documents (a frame's) are guarded: give it the check.
		ev := &target.EventAttachedToTarget{TargetInfo: info}
		g.inflight.Add(1)
		go func() {
			defer g.inflight.Add(-1)
			g.childAttached(g.dctx, nil, false, ev)
		}()
	}
	return nil
}

// restarted adds the check again to a service worker that started anew,
// paused, then lets it run; one the guard cannot prepare stays paused.
func (g *Guard) restarted(ctx context.Context, s cdp.Session, info *target.Info, release func()) {
	if s == nil || ctx.Err() != nil {
		return
	}
	cctx, cancel := context.WithTimeout(ctx, 10*time.Second)
	defer cancel()
	res, err := cdp.Call(cctx, s, runtime.Evaluate, runtime.EvaluateParams{Expression: websocketScript(g.wsPath)})
	if err == nil && res.ExceptionDetails != nil {
		err = fmt.Errorf("the check threw: %s", res.ExceptionDetails.Text)
	}
	if err != nil {
		if ctx.Err() == nil {
			g.unchecked(info, TypeScript, gate.Drop, fmt.Sprintf("not run: the guard could not add its websocket check to this service worker, started again (%v); it stays paused", err))
		}
		return
	}
	release()
}

// prepare attaches the guard's own session to the paused child and adds
// the websocket check to it, within a bound.
func (g *Guard) prepare(ctx, wctx context.Context, cancel context.CancelFunc, info *target.Info, self *atomic.Pointer[chromedp.Target]) error {
	// The first Run's context is the target's life: give it wctx, and
	// bound the start with a timer instead.
	stopped := context.AfterFunc(ctx, cancel)
	defer stopped()
	timer := time.AfterFunc(10*time.Second, cancel)
	defer timer.Stop()
	err := chromedp.Do(wctx)
	t := chromedp.FromContext(wctx).Target
	if err != nil && (info.Type != "iframe" || t == nil) {
		return err
	}
	self.Store(t)
	cctx, cancelCall := context.WithTimeout(wctx, 10*time.Second)
	defer cancelCall()
	if err != nil {
		// chromedp's start of a frame ends with an evaluation that a frame
		// paused before its first document cannot answer ("Cannot find
		// default execution context"); by then the session is attached and
		// routed, with the Runtime domain on. Turn on what the guard needs.
		if _, err := cdp.Call(cctx, t, network.Enable, network.EnableParams{}); err != nil {
			return err
		}
		if _, err := cdp.Call(cctx, t, page.Enable, page.EnableParams{}); err != nil {
			return err
		}
	}
	if info.Type == "iframe" {
		run := true
		if _, err := cdp.Call(cctx, t, page.AddScriptToEvaluateOnNewDocument, page.AddScriptToEvaluateOnNewDocumentParams{
			Source: websocketScript(g.wsPath), RunImmediately: &run,
		}); err != nil {
			return err
		}
	} else {
		res, err := cdp.Call(cctx, t, runtime.Evaluate, runtime.EvaluateParams{Expression: websocketScript(g.wsPath)})
		if err != nil {
			return err
		}
		if res.ExceptionDetails != nil {
			return fmt.Errorf("the check threw: %s", res.ExceptionDetails.Text)
		}
	}
	// The child's own frames and workers. Not every kind of worker has
	// the Target domain; a frame must.
	if err := watch(cctx, t); err != nil && info.Type == "iframe" {
		return err
	}
	return nil
}

func kindName(kind string) string {
	switch kind {
	case "page":
		return "page"
	case "iframe":
		return "frame"
	case "worker":
		return "dedicated worker"
	}
	return strings.ReplaceAll(kind, "_", " ")
}

// unchecked records a frame or worker the guard did not let run (drop), or
// could not check from its start (admit).
func (g *Guard) unchecked(info *target.Info, typ string, action gate.Action, reason string) {
	r := &Record{Action: action, Method: "GET", ResourceType: typ, Subject: true}
	if typ == TypeDocument {
		r.frame = cdp.FrameID(info.TargetID) // a tab's ID is its main frame's
	}
	r.TargetURL = info.URL
	g.mu.Lock()
	if r.TargetURL == "" {
		// A frame paused before its document has no URL yet: the
		// document the guard admitted for it has (a frame target's ID
		// is its frame's).
		r.TargetURL = g.frames[cdp.FrameID(info.TargetID)]
	}
	g.mu.Unlock()
	r.Reason = reason
	if action == gate.Admit || action == Unguarded {
		r.TargetStatus.Error, _, _ = strings.Cut(reason, ":")
	} else {
		r.TargetStatus.Blocked = true
	}
	g.fillPolicy(r) // the origin, its robots.txt and what it says (recordfill.go)
	g.mu.Lock()
	defer g.mu.Unlock()
	if len(g.records) < cmp(g.MaxRecords, DefaultMaxRecords) {
		g.records = append(g.records, r)
	} else {
		g.overflow++
	}
}

type sendMessage struct {
	SessionID target.SessionID `json:"sessionId"`
	Message   string           `json:"message"`
}

// prepareThrough adds the websocket check to a paused child through the
// parent's (not flat) session to it: Target.sendMessageToTarget, whose
// answer comes back as an event of the parent (reply).
func (g *Guard) prepareThrough(ctx context.Context, parent cdp.Session, session target.SessionID, info *target.Info) error {
	if info.Type != "iframe" {
		return g.callThrough(ctx, parent, session, "Runtime.evaluate", runtime.EvaluateParams{Expression: websocketScript(g.wsPath)})
	}
	// A frame runs the scripts added for new documents only with the Page
	// domain on (as the test of MaxTargets shows).
	if err := g.callThrough(ctx, parent, session, "Page.enable", page.EnableParams{}); err != nil {
		return err
	}
	run := true
	return g.callThrough(ctx, parent, session, "Page.addScriptToEvaluateOnNewDocument",
		page.AddScriptToEvaluateOnNewDocumentParams{Source: websocketScript(g.wsPath), RunImmediately: &run})
}

// callThrough runs a command on a child through the parent's (not flat)
// session to it, and waits for its answer.
func (g *Guard) callThrough(ctx context.Context, parent cdp.Session, session target.SessionID, method string, params any) error {
	p, err := json.Marshal(params)
	if err != nil {
		return err
	}
	id := g.nextMessage.Add(1) + 1_000_000 // apart from the release's id 1
	msg, err := json.Marshal(struct {
		ID     int64           `json:"id"`
		Method string          `json:"method"`
		Params json.RawMessage `json:"params"`
	}{id, method, p})
	if err != nil {
		return err
	}
	ch := make(chan string, 1)
	key := messageKey{session, id}
	g.mu.Lock()
	g.replies[key] = ch
	g.mu.Unlock()
	defer func() {
		g.mu.Lock()
		delete(g.replies, key)
		g.mu.Unlock()
	}()
	cctx, cancel := context.WithTimeout(ctx, 10*time.Second)
	defer cancel()
	if err := parent.Call(cctx, "Target.sendMessageToTarget", sendMessage{SessionID: session, Message: string(msg)}, nil); err != nil {
		return err
	}
	select {
	case <-cctx.Done():
		return cctx.Err()
	case r := <-ch:
		var res struct {
			Error *struct {
				Message string `json:"message"`
			} `json:"error"`
			Result struct {
				ExceptionDetails *struct {
					Text string `json:"text"`
				} `json:"exceptionDetails"`
			} `json:"result"`
		}
		if err := json.Unmarshal([]byte(r), &res); err != nil {
			return err
		}
		if res.Error != nil {
			return fmt.Errorf("%s: %s", method, res.Error.Message)
		}
		if res.Result.ExceptionDetails != nil {
			return fmt.Errorf("the check threw: %s", res.Result.ExceptionDetails.Text)
		}
		return nil
	}
}

// messageKey names a command sent through a parent's session.
type messageKey struct {
	session target.SessionID
	id      int64
}

// reply hands a message of a child, come through its parent's session, to
// the prepareThrough waiting for it. It runs in the parent's reader
// goroutine: it must not block.
func (g *Guard) reply(m *target.EventReceivedMessageFromTarget) {
	var head struct {
		ID int64 `json:"id"`
	}
	if json.Unmarshal([]byte(m.Message), &head) != nil || head.ID == 0 {
		return
	}
	g.mu.Lock()
	ch := g.replies[messageKey{m.SessionID, head.ID}]
	g.mu.Unlock()
	if ch != nil {
		select {
		case ch <- m.Message:
		default:
		}
	}
}

// checkWorkerScript (with CheckWorkerScripts) puts the websocket check at
// the head of a worker's script (dedicated, shared or service worker), at
// the response stage: the check then runs
// before the worker's first line even when another DevTools client (a
// Playwright or Puppeteer that auto-attaches to workers too) lets the
// worker start before the guard's session added it. It reports whether it
// answered the request.
func (g *Guard) checkWorkerScript(ctx context.Context, ev *fetch.EventRequestPaused) bool {
	if !g.CheckWorkerScripts {
		return false
	}
	// A script the page's own elements did not ask for (those are Script):
	// the Fetch domain says Other for a worker's script, and its request
	// has no Sec-Fetch-Dest yet.
	if ev.ResourceType != network.ResourceTypeOther || ev.ResponseStatusCode != 200 || !javascript(responseHeader(ev.ResponseHeaders, "Content-Type")) {
		return false
	}
	body, err := cdp.Call(ctx, g.browser, fetch.GetResponseBody, fetch.GetResponseBodyParams{RequestID: ev.RequestID})
	if err != nil {
		return false
	}
	headers := make([]*fetch.HeaderEntry, 0, len(ev.ResponseHeaders))
	for _, h := range ev.ResponseHeaders {
		// The body is given decoded, with a length of its own.
		if strings.EqualFold(h.Name, "Content-Encoding") || strings.EqualFold(h.Name, "Content-Length") {
			continue
		}
		headers = append(headers, h)
	}
	src := append([]byte(websocketScript(g.wsPath)+"\n"), body.Body...)
	_, err = cdp.Call(ctx, g.browser, fetch.FulfillRequest, fetch.FulfillRequestParams{RequestID: ev.RequestID,
		ResponseCode: ev.ResponseStatusCode, ResponseHeaders: headers, Body: src, ResponsePhrase: ev.ResponseStatusText})
	return err == nil
}

// javascript reports whether a Content-Type is one of JavaScript's.
func javascript(ctype string) bool {
	mt, _, _ := strings.Cut(strings.ToLower(ctype), ";")
	switch strings.TrimSpace(mt) {
	case "text/javascript", "application/javascript", "application/x-javascript", "text/ecmascript", "application/ecmascript":
		return true
	}
	return false
}

func responseHeader(hs []*fetch.HeaderEntry, name string) string {
	for _, h := range hs {
		if strings.EqualFold(h.Name, name) {
			return h.Value
		}
	}
	return ""
}
