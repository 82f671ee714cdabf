package guard_test

import (
	"context"
	"crypto/sha1"
	"encoding/base64"
	"fmt"
	"io"
	"net"
	"net/http"
	"os"
	"sort"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"github.com/robotstxt/robotstxt/fetch"
	"github.com/robotstxt/robotstxt/gate"
	"github.com/robotstxt/robotstxt/guard"
	"github.com/robotstxt/robotstxt/netguard"
)

// The tests drive a real headless Chromium (Debian's chromium) against
// servers on loopback only. Without Chromium they skip, except under
// CI=true, where they fail.

func chromium(t testing.TB) string {
	t.Helper()
	p, err := guard.FindChromium()
	if err == nil {
		return p
	}
	if os.Getenv("CI") == "true" {
		t.Fatalf("%v: CI must install it", err)
	}
	t.Skipf("%v; skipping the browser tests", err)
	return ""
}

// browser starts a Chromium for the test; it ends with the test.
func browser(t testing.TB, opts ...guard.LaunchOption) context.Context {
	t.Helper()
	path := chromium(t)
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	t.Cleanup(cancel)
	bctx, stop, err := guard.Launch(ctx, path, opts...)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(stop)
	return bctx
}

// origin is a loopback test server that counts the requests of each path.
type origin struct {
	URL    string
	host   string
	mu     sync.Mutex
	hits   map[string]int
	routes map[string]http.HandlerFunc
}

// newOrigin listens on ip (127.0.0.x), falling back to 127.0.0.1 when the
// sandbox allows no other loopback address.
func newOrigin(t testing.TB, ip string, routes map[string]http.HandlerFunc) *origin {
	t.Helper()
	l, err := net.Listen("tcp", ip+":0")
	if err != nil {
		t.Logf("cannot listen on %s (%v): using 127.0.0.1", ip, err)
		if l, err = net.Listen("tcp", "127.0.0.1:0"); err != nil {
			t.Fatal(err)
		}
	}
	o := &origin{URL: "http://" + l.Addr().String(), host: l.Addr().String(), hits: map[string]int{}, routes: routes}
	srv := &http.Server{Handler: o, ReadHeaderTimeout: 10 * time.Second}
	go srv.Serve(l)
	t.Cleanup(func() { srv.Close() })
	return o
}

func (o *origin) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	o.mu.Lock()
	o.hits[r.URL.Path]++
	h := o.routes[r.URL.Path]
	if h == nil {
		h = o.routes["*"] // any other path
	}
	o.mu.Unlock()
	if h == nil {
		http.NotFound(w, r)
		return
	}
	h(w, r)
}

func (o *origin) count(path string) int {
	o.mu.Lock()
	defer o.mu.Unlock()
	return o.hits[path]
}

func (o *origin) paths() []string {
	o.mu.Lock()
	defer o.mu.Unlock()
	var ps []string
	for p := range o.hits {
		ps = append(ps, p)
	}
	sort.Strings(ps)
	return ps
}

func text(ctype, body string) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", ctype)
		w.Header().Set("Cache-Control", "no-store")
		io.WriteString(w, body)
	}
}

func status(code int) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) { w.WriteHeader(code) }
}

func redirect(to string) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) { http.Redirect(w, r, to, http.StatusFound) }
}

// websocket answers the handshake and closes a moment later.
func websocket(w http.ResponseWriter, r *http.Request) {
	key := r.Header.Get("Sec-WebSocket-Key")
	sum := sha1.Sum([]byte(key + "258EAFA5-E914-47DA-95CA-C5AB0DC85B11"))
	c, buf, err := w.(http.Hijacker).Hijack()
	if err != nil {
		return
	}
	defer c.Close()
	buf.WriteString("HTTP/1.1 101 Switching Protocols\r\nUpgrade: websocket\r\nConnection: Upgrade\r\nSec-WebSocket-Accept: " +
		base64.StdEncoding.EncodeToString(sum[:]) + "\r\n\r\n")
	buf.Flush()
	time.Sleep(time.Second)
}

var epoch = time.Date(2026, 3, 1, 12, 0, 0, 0, time.UTC)

// newGuard is a guard for ExampleBot that approves every URL for
// collection (so robots.txt alone decides), with a fixed clock.
func newGuard(t testing.TB, allowPrivate bool) (*guard.Guard, *gate.Client) {
	scope, err := gate.ParseScope([]byte(`approved: ["*"]`), "yaml")
	if err != nil {
		t.Fatal(err)
	}
	net := &netguard.Policy{AllowPrivate: allowPrivate}
	client := &gate.Client{Fetcher: &fetch.Fetcher{UserAgent: "ExampleBot/1.0", Guard: net}, Now: func() time.Time { return epoch }}
	g := &guard.Guard{Gate: &gate.Gate{Agent: "ExampleBot", Client: client, Scope: scope}, Net: net}
	return g, client
}

// waitTitle waits until the page's title is want.
func waitTitle(t testing.TB, ctx context.Context, want string) {
	t.Helper()
	deadline := time.Now().Add(30 * time.Second)
	for {
		title, err := chromedp.Run(ctx, chromedp.Title())
		if err == nil && title == want {
			return
		}
		if time.Now().After(deadline) {
			t.Fatalf("page title %q, want %q (err %v)", title, want, err)
		}
		time.Sleep(50 * time.Millisecond)
	}
}

// names replaces the test servers' addresses by stable names.
func names(s string, os map[string]*origin) string {
	var pairs []string
	for name, o := range os {
		pairs = append(pairs, o.host, name)
	}
	return strings.NewReplacer(pairs...).Replace(s)
}

func describe(r guard.Record) string {
	return fmt.Sprintf("%s %s %s -> %s", r.Action, r.ResourceType, r.TargetURL, r.TargetStatus)
}
