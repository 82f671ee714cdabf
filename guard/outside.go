package guard

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/netip"
	"strings"
	"time"

	"github.com/robotstxt/robotstxt/gate"
)

// Requests outside the browser. An automation script also sends requests
// of its own that no browser makes: Playwright's page.request,
// context.request and route.fetch, Node's fetch. The Fetch domain never
// sees them, so the guard cannot stop them; it can decide them when asked
// first. ListenOutside serves the guard's decisions on a loopback address
// with the decision service's API (POST /api/v1/decide, POST
// /api/v1/target-status; docs/fleet.md), so that the script asks before it
// sends (guardedFetch in integrations/browser/guarded-fetch.cjs) and the
// request gets a record like any other, of type TypeOutside.

// TypeOutside is the resource type of a request a script made outside the
// browser after asking the guard (ListenOutside).
const TypeOutside = "outside"

// Bounds of the outside endpoint.
const (
	maxOutsideBody = 64 << 10
	maxOutsideURLs = 100
	outsideWait    = 30 * time.Second // one decide answer, robots.txt fetches included
)

// outsideRequest is the decide body (as the decision service takes it;
// method is the guard's own addition, for the record).
type outsideRequest struct {
	URLs   []string `json:"urls"`
	Method string   `json:"method"`
}

// outsideStatus is the target-status body: what the target answered.
type outsideStatus struct {
	URL    string `json:"url"`
	Status int    `json:"status"`
	Error  string `json:"error"`
}

// ListenOutside serves the guard's decisions for requests made outside
// the browser on addr, which must be a loopback address ("127.0.0.1:0"
// picks a port), until ctx ends. It returns the base URL to give the
// script: it holds a random path prefix, so that only who was given the
// URL (not a page in the browser) can ask. Call it after Attach.
func (g *Guard) ListenOutside(ctx context.Context, addr string) (string, error) {
	host, _, err := net.SplitHostPort(addr)
	if err != nil {
		return "", fmt.Errorf("guard: outside address %q: %v", addr, err)
	}
	if a, err := netip.ParseAddr(host); err != nil || !a.IsLoopback() {
		return "", fmt.Errorf("guard: outside address %q is not a loopback address", addr)
	}
	if g.gate == nil {
		return "", errors.New("guard: ListenOutside before Attach")
	}
	ln, err := net.Listen("tcp", addr)
	if err != nil {
		return "", fmt.Errorf("guard: %v", err)
	}
	var tok [16]byte
	rand.Read(tok[:])
	prefix := "/" + hex.EncodeToString(tok[:])
	srv := &http.Server{Handler: http.StripPrefix(prefix, g.OutsideHandler()), ReadHeaderTimeout: 5 * time.Second,
		ReadTimeout: 10 * time.Second, WriteTimeout: outsideWait + 10*time.Second, MaxHeaderBytes: 16 << 10}
	go srv.Serve(ln)
	context.AfterFunc(ctx, func() { srv.Close() })
	return "http://" + ln.Addr().String() + prefix, nil
}

// OutsideHandler answers POST /api/v1/decide and POST
// /api/v1/target-status for requests made outside the browser (see
// ListenOutside, which serves it behind a secret path). Each decided URL
// gets a record; a URL that is not http(s) or ws(s) is dropped.
func (g *Guard) OutsideHandler() http.Handler {
	mux := http.NewServeMux()
	mux.HandleFunc("POST /api/v1/decide", g.outsideDecide)
	mux.HandleFunc("POST /api/v1/target-status", g.outsideTargetStatus)
	return mux
}

func outsideError(w http.ResponseWriter, code int, msg string) {
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(code)
	json.NewEncoder(w).Encode(struct {
		Error string `json:"error"`
	}{msg})
}

func (g *Guard) outsideDecide(w http.ResponseWriter, req *http.Request) {
	var body outsideRequest
	if err := readOutside(req, &body); err != nil {
		outsideError(w, http.StatusBadRequest, err.Error())
		return
	}
	if len(body.URLs) == 0 || len(body.URLs) > maxOutsideURLs {
		outsideError(w, http.StatusBadRequest, fmt.Sprintf("urls: give 1 to %d URLs", maxOutsideURLs))
		return
	}
	method := strings.ToUpper(body.Method)
	if method == "" {
		method = http.MethodGet
	}
	if len(method) > 32 || strings.ContainsFunc(method, func(r rune) bool { return r < 'A' || r > 'Z' }) {
		outsideError(w, http.StatusBadRequest, "method: not an HTTP method")
		return
	}
	g.inflight.Add(1)
	defer g.inflight.Add(-1)
	ctx, cancel := context.WithTimeout(req.Context(), outsideWait)
	defer cancel()
	if g.dctx != nil {
		// Detach ends the decisions under way: they hold.
		stop := context.AfterFunc(g.dctx, cancel)
		defer stop()
	}
	// The decision service's answer: url, decision, gate.
	type item struct {
		URL      string       `json:"url"`
		Decision *gate.Record `json:"decision"`
		Gate     gate.Action  `json:"gate"`
	}
	items := make([]item, len(body.URLs))
	for i, u := range body.URLs {
		r := g.decideOutside(ctx, u, method)
		rec := r.Record
		items[i] = item{URL: u, Decision: &rec, Gate: r.Action}
	}
	w.Header().Set("Content-Type", "application/json")
	w.Header().Set("Cache-Control", "no-store")
	json.NewEncoder(w).Encode(items)
}

// decideOutside decides rawURL for a request outside the browser and
// records it.
func (g *Guard) decideOutside(ctx context.Context, rawURL, method string) *Record {
	r := &Record{Method: method, ResourceType: TypeOutside}
	r.TargetURL = rawURL
	if len(rawURL) > 8<<10 {
		r.TargetURL = rawURL[:8<<10]
	}
	switch {
	case ctx.Err() != nil || (g.dctx != nil && g.dctx.Err() != nil):
		// Detached (or the asker gone): no decision is a hold.
		r.Action, r.Subject = gate.Hold, true
		if o, err := originOf(checkURL(rawURL)); err == nil && networked(rawURL) {
			r.Origin, r.PolicyURL = o, o+"/robots.txt"
		}
		r.RepDecision, r.CollectionDecision = gate.RepUnresolved, gate.Unresolved
		r.Reason = "no decision: the guard is not deciding (detached)"
	case networked(rawURL):
		g.decideWait(ctx, r, 0)
	default:
		// Outside the browser, a URL that is not sent over the network
		// is nothing the guard knows how to let go: refused.
		r.Action, r.Subject = gate.Drop, false
		r.ProductToken = g.gateOf().Agent
		r.Reason = "not an http(s) or ws(s) URL: refused outside the browser"
	}
	if r.Action == "" {
		r.Action, r.Reason = gate.Hold, "no decision"
	}
	if r.ProductToken == "" {
		r.ProductToken = g.gateOf().Agent
	}
	if r.Action != gate.Admit {
		r.TargetStatus.Blocked = true
	}
	g.mu.Lock()
	if len(g.records) < cmp(g.MaxRecords, DefaultMaxRecords) {
		g.records = append(g.records, r)
	} else {
		g.overflow++
	}
	g.mu.Unlock()
	return r
}

func (g *Guard) outsideTargetStatus(w http.ResponseWriter, req *http.Request) {
	var body outsideStatus
	if err := readOutside(req, &body); err != nil {
		outsideError(w, http.StatusBadRequest, err.Error())
		return
	}
	if body.URL == "" || (body.Status == 0) == (body.Error == "") || body.Status < 0 || body.Status > 999 {
		outsideError(w, http.StatusBadRequest, "give url and either status (an HTTP status) or error")
		return
	}
	found := false
	g.mu.Lock()
	// The latest admitted outside request for that URL with no answer yet.
	for i := len(g.records) - 1; i >= 0; i-- {
		r := g.records[i]
		if r.ResourceType == TypeOutside && r.Action == gate.Admit && r.TargetURL == body.URL && r.TargetStatus == (TargetStatus{}) {
			if body.Status != 0 {
				r.TargetStatus.Code = body.Status
			} else {
				r.TargetStatus.Error = oneLine(body.Error)
			}
			found = true
			break
		}
	}
	g.mu.Unlock()
	w.Header().Set("Content-Type", "application/json")
	json.NewEncoder(w).Encode(struct {
		Recorded bool `json:"recorded"`
	}{found})
}

// readOutside reads a bounded JSON body.
func readOutside(req *http.Request, v any) error {
	if ct := req.Header.Get("Content-Type"); ct != "" && !strings.HasPrefix(strings.ToLower(ct), "application/json") {
		return fmt.Errorf("content type %q: send application/json", oneLine(ct))
	}
	b, err := io.ReadAll(io.LimitReader(req.Body, maxOutsideBody+1))
	if err != nil {
		return fmt.Errorf("reading the body: %v", err)
	}
	if len(b) > maxOutsideBody {
		return fmt.Errorf("a body over %d bytes", maxOutsideBody)
	}
	if err := json.Unmarshal(b, v); err != nil {
		return fmt.Errorf("not JSON: %v", err)
	}
	return nil
}
