package server_test

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"github.com/robotstxt/robotstxt/cache"
	"github.com/robotstxt/robotstxt/fetch"
	"github.com/robotstxt/robotstxt/gate"
	"github.com/robotstxt/robotstxt/internal/testutil"
	"github.com/robotstxt/robotstxt/netguard"
	"github.com/robotstxt/robotstxt/server"
)

// gateCall is a request the gate received and the status it answered.
type gateCall struct {
	method, path, via string
	status            int
}

// statusWriter keeps the status a handler answers.
type statusWriter struct {
	http.ResponseWriter
	status int
}

func (w *statusWriter) WriteHeader(code int) {
	if w.status == 0 {
		w.status = code
	}
	w.ResponseWriter.WriteHeader(code)
}

func (w *statusWriter) Write(b []byte) (int, error) {
	if w.status == 0 {
		w.status = http.StatusOK
	}
	return w.ResponseWriter.Write(b)
}

// gateRecorder is the gate's server as a browser reaches it: every call is
// kept; /rebind.html is a page served from the gate's own address, as a
// page on a name that an attacker's DNS rebinds to the gate would be.
type gateRecorder struct {
	h      http.Handler
	rebind string
	mu     sync.Mutex
	calls  []gateCall
}

func (g *gateRecorder) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	if r.URL.Path == "/rebind.html" {
		w.Header().Set("Content-Type", "text/html; charset=utf-8")
		fmt.Fprint(w, g.rebind)
		return
	}
	sw := &statusWriter{ResponseWriter: w}
	g.h.ServeHTTP(sw, r)
	g.mu.Lock()
	g.calls = append(g.calls, gateCall{r.Method, r.URL.Path, r.URL.Query().Get("via"), sw.status})
	g.mu.Unlock()
}

func (g *gateRecorder) by(via string) []gateCall {
	g.mu.Lock()
	defer g.mu.Unlock()
	var out []gateCall
	for _, c := range g.calls {
		if c.via == via {
			out = append(out, c)
		}
	}
	return out
}

// attackPage is another site's page that tries every request a page can
// send to the gate without being allowed to read the answer: forms
// (text/plain shaped as JSON, urlencoded), fetch with mode no-cors (a
// text/plain body, a body without a type), sendBeacon, and the requests
// that need a CORS preflight (a JSON POST, a DELETE lifting a hold). It
// sets the title to "done" when everything was sent.
const attackPage = `<!doctype html><meta charset="utf-8"><title>attack</title>
<iframe name="f1"></iframe><iframe name="f2"></iframe>
<script>
const gate = GATE, status = STATUS, decide = DECIDE, held = HELD;
function form(via, enctype, name, value, frame) {
  return new Promise(done => {
    const f = document.createElement("form");
    f.method = "POST"; f.enctype = enctype; f.target = frame;
    f.action = gate + "/api/v1/target-status?via=" + via;
    const i = document.createElement("input");
    i.name = name; i.value = value; f.appendChild(i);
    document.body.appendChild(f);
    document.getElementsByName(frame)[0].onload = done;
    f.submit();
  });
}
async function run() {
  // {"url":"…?a==","status":503,"retryAfter":"86400"}: valid JSON.
  const cut = status.indexOf('",');
  await form("form-text", "text/plain", status.slice(0, cut) + "?a=", status.slice(cut), "f1");
  await form("form-url", "application/x-www-form-urlencoded", "status", status, "f2");
  const sends = [
    fetch(gate + "/api/v1/target-status?via=fetch-text", {method: "POST", mode: "no-cors", body: status}),
    fetch(gate + "/api/v1/target-status?via=fetch-notype", {method: "POST", mode: "no-cors", body: new Blob([status])}),
    fetch(gate + "/api/v1/decide?via=decide", {method: "POST", mode: "no-cors", body: decide}),
    fetch(gate + "/api/v1/target-status?via=fetch-json", {method: "POST", headers: {"Content-Type": "application/json"}, body: status}),
    fetch(gate + "/api/v1/holds?via=delete&origin=" + encodeURIComponent(held), {method: "DELETE"}),
  ];
  navigator.sendBeacon(gate + "/api/v1/target-status?via=beacon", status);
  for (const s of sends) { try { await s; } catch (e) {} }
  document.title = "done";
}
run();
</script>`

// rebindPage is served from the gate's own address under another name:
// to the browser its JSON POST is same-origin, so only the Host check
// stands in its way.
const rebindPage = `<!doctype html><meta charset="utf-8"><title>rebind</title>
<script>
fetch("/api/v1/target-status?via=rebind", {method: "POST", headers: {"Content-Type": "application/json"}, body: STATUS})
  .finally(() => { document.title = "done"; });
</script>`

// TestCrossSiteAttackInChromium: real headless Chromium loads a page of
// another site (and a page on a rebound name) that sends every kind of
// request a page can send to the gate's endpoints. Each one that reaches
// the server is refused (403 or 415), those that need a preflight never
// get past it, and at the server nothing changed: the origin is not held,
// the held one is still held, and no robots.txt was fetched. A JSON POST
// from a crawler then holds the origin (the check looks at live state).
func TestCrossSiteAttackInChromium(t *testing.T) {
	path := testutil.Chromium(t)
	var fetches atomic.Int64
	site := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Path == "/robots.txt" {
			fetches.Add(1)
			fmt.Fprint(w, "User-agent: *\nAllow: /\n")
			return
		}
		fmt.Fprint(w, "page")
	}))
	defer site.Close()
	target, _ := fetch.Origin(site.URL)
	const held = "http://held.example"
	holds := &gate.LocalHolds{}
	ctx := context.Background()
	if err := holds.HoldOrigin(ctx, held, gate.OriginHold{Until: time.Now().Add(time.Hour), HTTPStatus: 429}); err != nil {
		t.Fatal(err)
	}
	scope, err := gate.ParseScope([]byte(`{"approved": ["*"]}`), "json")
	if err != nil {
		t.Fatal(err)
	}
	c := cache.NewMemory(0, 0)
	client := &gate.Client{Cache: c, Fetcher: &fetch.Fetcher{Guard: &netguard.Policy{AllowPrivate: true}, Timeout: 5 * time.Second}}
	srv, err := server.New(server.Options{Gate: &server.GateOptions{Gate: &gate.Gate{Agent: "ExampleBot", Client: client, Scope: scope},
		Cache: c, Politeness: &gate.Politeness{Store: holds}}})
	if err != nil {
		t.Fatal(err)
	}
	status := fmt.Sprintf(`{"url":%q,"status":503,"retryAfter":"86400"}`, site.URL+"/x")
	rec := &gateRecorder{h: srv, rebind: strings.ReplaceAll(rebindPage, "STATUS", jsString(status))}
	gts := httptest.NewServer(rec)
	defer gts.Close()
	page := strings.NewReplacer("GATE", jsString(gts.URL), "STATUS", jsString(status),
		"DECIDE", jsString(fmt.Sprintf(`{"urls":[%q]}`, site.URL+"/x")), "HELD", jsString(held)).Replace(attackPage)
	evil := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/html; charset=utf-8")
		fmt.Fprint(w, page)
	}))
	defer evil.Close()

	// Names resolved by Chromium itself: no DNS. evil.test is another
	// site; rebind.test is a name that resolves to the gate.
	opts := append(chromedp.DefaultExecAllocatorOptions[:], chromedp.ExecPath(path), chromedp.NoSandbox, chromedp.DisableGPU,
		chromedp.NoFirstRun, chromedp.Flag("disable-background-networking", true), chromedp.Flag("disable-component-update", true),
		chromedp.Flag("host-resolver-rules", "MAP evil.test 127.0.0.1, MAP rebind.test 127.0.0.1"),
		chromedp.UserDataDir(t.TempDir()))
	actx, cancel := chromedp.NewExecAllocator(context.Background(), opts...)
	defer cancel()
	bctx, cancel := chromedp.NewContext(actx)
	defer cancel()
	bctx, cancel = context.WithTimeout(bctx, 2*time.Minute)
	defer cancel()
	_, gport, _ := strings.Cut(strings.TrimPrefix(gts.URL, "http://"), ":")
	_, eport, _ := strings.Cut(strings.TrimPrefix(evil.URL, "http://"), ":")
	for _, u := range []string{"http://evil.test:" + eport + "/attack.html", "http://rebind.test:" + gport + "/rebind.html"} {
		if err := chromedp.Do(bctx, chromedp.Navigate(u), chromedp.Poll[chromedp.Void](`document.title === "done"`,
			chromedp.WithPollingTimeout(30*time.Second))); err != nil {
			t.Fatalf("%s: %v", u, err)
		}
	}

	// Every request a page can send without a preflight reached the gate
	// and was refused. The beacon is sent in the background: wait for it.
	for deadline := time.Now().Add(10 * time.Second); len(rec.by("beacon")) == 0 && time.Now().Before(deadline); {
		time.Sleep(20 * time.Millisecond)
	}
	tests := []struct {
		via    string
		method string
		want   int
	}{
		{"form-text", "POST", 415},    // text/plain
		{"form-url", "POST", 415},     // application/x-www-form-urlencoded
		{"fetch-text", "POST", 415},   // text/plain;charset=UTF-8
		{"fetch-notype", "POST", 415}, // no Content-Type
		{"decide", "POST", 415},       // text/plain
		{"beacon", "POST", 415},       // text/plain;charset=UTF-8
		{"rebind", "POST", 403},       // same-origin to the browser; the Host is not the gate's
	}
	for _, tt := range tests {
		calls := rec.by(tt.via)
		if len(calls) == 0 {
			t.Errorf("%s: the request never reached the gate, so the test proves nothing for it", tt.via)
			continue
		}
		for _, c := range calls {
			// 403 comes first when the Origin shows another site; 415
			// stands behind it.
			refused := c.status == tt.want || (tt.want == 415 && c.status == 403)
			if c.method == tt.method && !refused {
				t.Errorf("%s: %s %s answered %d, want %d", tt.via, c.method, c.path, c.status, tt.want)
			}
			t.Logf("%s: %s %s: %d", tt.via, c.method, c.path, c.status)
		}
	}
	// Those that need a preflight never got further than OPTIONS.
	for _, via := range []string{"fetch-json", "delete"} {
		for _, c := range rec.by(via) {
			if c.method != http.MethodOptions && c.status < 400 {
				t.Errorf("%s: %s %s reached the gate and answered %d", via, c.method, c.path, c.status)
			}
		}
	}
	if _, ok, _ := holds.OriginHeld(ctx, target, time.Now()); ok {
		t.Errorf("%s is held after the attack: a cross-site request set a hold", target)
	}
	if _, ok, _ := holds.OriginHeld(ctx, held, time.Now()); !ok {
		t.Errorf("%s is no longer held after the attack: a cross-site request lifted it", held)
	}
	if n := fetches.Load(); n != 0 {
		t.Errorf("the attack made the gate fetch robots.txt %d time(s)", n)
	}
	// The control: the same report from a crawler holds the origin.
	resp, err := http.Post(gts.URL+"/api/v1/target-status", "application/json", strings.NewReader(status))
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if _, ok, _ := holds.OriginHeld(ctx, target, time.Now()); resp.StatusCode != 200 || !ok {
		t.Errorf("a crawler's JSON report: %d, held %v; want 200 and a hold", resp.StatusCode, ok)
	}
}

// jsString is s as a JavaScript string literal (a JSON string is one).
func jsString(s string) string {
	b, _ := json.Marshal(s)
	return string(b)
}
