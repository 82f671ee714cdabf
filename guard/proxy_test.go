package guard_test

import (
	"context"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/robotstxt/robotstxt/gate"
	"github.com/robotstxt/robotstxt/guard"
	"github.com/robotstxt/robotstxt/internal/leaksite"
)

// TestProxyRelaysDecidedOnly: Chromium makes some requests outside the
// DevTools interception, such as a service worker's update check on a
// navigation in its scope. Through the guard's proxy (issue 41, items 1
// and 2) such a request reaches the server only as often as the guard
// decided to admit it: the registration's fetch and each update check the
// guard decided before a navigation in scope; anything else is refused at
// the proxy.
func TestProxyRelaysDecidedOnly(t *testing.T) {
	px, err := guard.NewProxy("127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer px.Close()
	ctx := browser(t, guard.WithGuardProxy(px))
	a := leaksite.NewOrigin(t, "127.0.0.1", map[string]http.HandlerFunc{
		"/robots.txt": leaksite.Text("text/plain", "User-agent: *\nAllow: /\n"),
		"/sw.js":      leaksite.Text("text/javascript", "self.addEventListener('fetch', () => {});"),
		"/": leaksite.Text("text/html", `<!doctype html><link rel="icon" href="data:,"><title>wait</title><script>
navigator.serviceWorker.register('/sw.js').then(() => navigator.serviceWorker.ready).then(() => { document.title = 'ready'; });
</script>`),
		"/again.html": leaksite.Text("text/html", `<!doctype html><link rel="icon" href="data:,"><title>again</title>`),
	})
	g, _ := newGuard(t, true)
	g.Proxy = px
	if err := g.Attach(ctx); err != nil {
		t.Fatal(err)
	}
	defer g.Detach(context.Background())
	lctx, cancel := context.WithTimeout(ctx, time.Minute)
	defer cancel()
	if failed, err := g.Load(lctx, a.URL+"/", guard.WaitLoad); err != nil || failed != "" {
		t.Fatalf("load: %q %v", failed, err)
	}
	waitTitle(t, ctx, "ready")
	for _, page := range []string{"/again.html", "/again.html?2"} {
		if failed, err := g.Load(lctx, a.URL+page, guard.WaitLoad); err != nil || failed != "" {
			t.Fatalf("load %s: %q %v", page, failed, err)
		}
	}
	// The update checks the guard admitted reach the server through the
	// proxy: wait for the first (the browser makes it when it likes).
	deadline := time.Now().Add(45 * time.Second)
	for a.Count("/sw.js") < 2 {
		if time.Now().After(deadline) {
			t.Fatalf("no update check reached the server (%d requests of sw.js); the proxy refused %q", a.Count("/sw.js"), px.Refused())
		}
		time.Sleep(50 * time.Millisecond)
	}
	admitted := 0
	for _, r := range g.Records() {
		if r.TargetURL == a.URL+"/sw.js" && r.Action == gate.Admit {
			admitted++
		}
	}
	if n := a.Count("/sw.js"); n > admitted {
		t.Errorf("the worker's script reached the server %d times, admitted %d times", n, admitted)
	}
	if refused(px, "GET "+a.URL+"/sw.js") {
		t.Errorf("the proxy refused an update check the guard admitted: %q", px.Refused())
	}
}

func refused(px *guard.Proxy, prefix string) bool {
	for _, r := range px.Refused() {
		if strings.HasPrefix(r, prefix) {
			return true
		}
	}
	return false
}
