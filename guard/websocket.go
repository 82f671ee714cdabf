package guard

import (
	"encoding/json"
	"strings"

	"github.com/chromedp/cdproto/network"

	"github.com/robotstxt/robotstxt/gate"
)

// The CDP Fetch domain does not pause websocket handshakes. So the guard
// adds a script to every document of the tab that replaces the WebSocket
// constructor: before opening a socket it asks the guard with a synchronous
// request to a path of the page's own origin, which the guard answers
// itself (it never leaves the browser); when the guard refuses, the
// constructor throws a SecurityError, as for a port the browser forbids.
//
// Limits, said in the package documentation: the script runs in the
// documents of the tab's own renderer (the top-level document and its
// same-site frames), not in workers or out-of-process frames.
const websocketJS = `(() => {
  const Real = globalThis.WebSocket;
  if (!Real || Real.__robotstxtGuard) return;
  const check = PATH;
  function WebSocket(url, protocols) {
    if (!new.target) throw new TypeError("Failed to construct 'WebSocket': Please use the 'new' operator");
    let abs;
    try { abs = new URL(url, document.baseURI).href; } catch (e) { return Reflect.construct(Real, arguments, new.target); }
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
