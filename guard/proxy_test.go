package guard_test

import (
	"context"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/robotstxt/robotstxt/guard"
	"github.com/robotstxt/robotstxt/internal/leaksite"
)

// TestProxyRefusesUnintercepted: Chromium makes some requests outside the
// DevTools interception, such as a service worker's update check on a
// navigation in its scope. Through the guard's proxy (issue 41, item 1)
// such a request is refused, since the guard never admitted it: the
// worker's script reaches the server once, when its registration was
// admitted, and the update checks of two more navigations are refused at
// the proxy, not sent.
func TestProxyRefusesUnintercepted(t *testing.T) {
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
	want := "GET " + a.URL + "/sw.js: not admitted"
	deadline := time.Now().Add(45 * time.Second)
	for !refused(px, want) {
		if time.Now().After(deadline) {
			t.Fatalf("the proxy refused %q, want %q", px.Refused(), want)
		}
		time.Sleep(50 * time.Millisecond)
	}
	admitted := 0
	for _, r := range g.Records() {
		if r.TargetURL == a.URL+"/sw.js" && r.TargetStatus.Code == 200 {
			admitted++
		}
	}
	if n := a.Count("/sw.js"); n != admitted || n == 0 {
		t.Errorf("the worker's script reached the server %d times, admitted %d times", n, admitted)
	}
	t.Logf("refused: %q", px.Refused())
}

func refused(px *guard.Proxy, prefix string) bool {
	for _, r := range px.Refused() {
		if strings.HasPrefix(r, prefix) {
			return true
		}
	}
	return false
}
