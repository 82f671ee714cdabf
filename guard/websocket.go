package guard

import (
	"context"
	"encoding/json"
	"strings"
	"time"

	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/network"
	"github.com/chromedp/cdproto/runtime"
	"github.com/chromedp/cdproto/target"
	"github.com/chromedp/chromedp"

	"github.com/robotstxt/robotstxt/gate"
)

// The CDP Fetch domain does not pause websocket handshakes. So the guard
// adds a script to every document of the tab that replaces the WebSocket
// constructor: before opening a socket it asks the guard with a synchronous
// request to a path of the page's own origin, which the guard answers
// itself (it never leaves the browser); when the guard refuses, the
// constructor throws a SecurityError, as for a port the browser forbids.
//
// Dedicated workers get the script too: the tab auto-attaches to them
// paused (waitForDebuggerOnStart), the guard runs the script in the
// worker's global scope, and only then lets it start. Limits, said in the
// package documentation: not in out-of-process frames, nor in shared and
// service workers.
const websocketJS = `(() => {
  const Real = globalThis.WebSocket;
  if (!Real || Real.__robotstxtGuard) return;
  const check = PATH;
  function WebSocket(url, protocols) {
    if (!new.target) throw new TypeError("Failed to construct 'WebSocket': Please use the 'new' operator");
    let abs;
    const base = globalThis.document ? document.baseURI : location.href;
    try { abs = new URL(url, base).href; } catch (e) { return Reflect.construct(Real, arguments, new.target); }
    let ok = false;
    try {
      const x = new XMLHttpRequest();
      x.open('GET', location.origin + check + '?url=' + encodeURIComponent(abs), false);
      x.send();
      ok = x.status === 204;
    } catch (e) {}
    if (!ok) throw new DOMException("Failed to construct 'WebSocket': " + abs + " is blocked by the robots.txt guard", 'SecurityError');
    return Reflect.construct(Real, arguments, new.target);
  }
  WebSocket.prototype = Real.prototype;
  for (const k of ['CONNECTING', 'OPEN', 'CLOSING', 'CLOSED']) Object.defineProperty(WebSocket, k, {value: Real[k]});
  Object.defineProperty(WebSocket, '__robotstxtGuard', {value: true});
  Object.defineProperty(globalThis, 'WebSocket', {value: WebSocket, writable: true, configurable: true});
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

// maxWorkers bounds the workers whose websockets the guard checks.
const maxWorkers = 256

// watchWorkers makes the tab attach to its dedicated workers paused, so
// that the websocket check runs in them before their first line. Only
// workers: a frame paused this way waits on a session chromedp does not
// route, and would never load.
func (g *Guard) watchWorkers(ctx context.Context) error {
	flat := true
	_, err := cdp.Call(ctx, g.pageT, target.SetAutoAttach, target.SetAutoAttachParams{
		AutoAttach: true, WaitForDebuggerOnStart: true, Flatten: &flat,
		Filter: target.Filter{{Type: "worker"}, {Exclude: true}},
	})
	return err
}

// unwatchWorkers restores chromedp's own auto-attach settings.
func (g *Guard) unwatchWorkers(ctx context.Context) {
	flat := true
	cdp.Call(ctx, g.pageT, target.SetAutoAttach, target.SetAutoAttachParams{AutoAttach: true, Flatten: &flat})
}

// workerAttached prepares a dedicated worker the tab attached to, paused:
// a session of our own runs the websocket check in it, then the tab's
// session lets it go. It runs in its own goroutine.
func (g *Guard) workerAttached(ctx context.Context, ev *target.EventAttachedToTarget) {
	release := func() {
		rctx, cancel := callContext(ctx)
		defer cancel()
		// Detaching the paused session lets the worker run.
		cdp.Call(rctx, g.pageT, target.DetachFromTarget, target.DetachFromTargetParams{SessionID: ev.SessionID})
	}
	defer release()
	if ev.TargetInfo == nil || ev.TargetInfo.Type != "worker" || !ev.WaitingForDebugger {
		return
	}
	g.mu.Lock()
	g.workers++
	n := g.workers
	g.mu.Unlock()
	if n > maxWorkers {
		return
	}
	wctx, cancel := chromedp.NewContext(g.tabCtx, chromedp.WithTargetID(ev.TargetInfo.TargetID), chromedp.WithDetachOnCancel())
	g.mu.Lock()
	g.workerCancels = append(g.workerCancels, cancel)
	g.mu.Unlock()
	actx, acancel := context.WithTimeout(wctx, 10*time.Second)
	defer acancel()
	if err := chromedp.Do(actx); err != nil {
		return
	}
	cdp.Call(actx, chromedp.FromContext(wctx).Target, runtime.Evaluate, runtime.EvaluateParams{Expression: websocketScript(g.wsPath)})
}
