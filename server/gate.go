package server

import (
	"bytes"
	"context"
	"crypto/subtle"
	"encoding/json"
	"fmt"
	"io"
	"log/slog"
	"mime"
	"net"
	"net/http"
	"net/url"
	"slices"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/robotstxt/robotstxt"
	"github.com/robotstxt/robotstxt/cache"
	"github.com/robotstxt/robotstxt/fetch"
	"github.com/robotstxt/robotstxt/gate"
	"github.com/robotstxt/robotstxt/internal/wire"
)

// Limits of the decision service.
const (
	// MaxDecideURLs is the most URLs one decide request may carry.
	MaxDecideURLs = 1000
	// DefaultMaxInFlight is how many decide requests are served at once;
	// more wait up to inFlightWait, then get 503.
	DefaultMaxInFlight = 64
	// DefaultDecideWorkers is how many URLs of one request are decided at
	// once (they wait on robots.txt fetches, not on the CPU).
	DefaultDecideWorkers = 16
	inFlightWait         = 5 * time.Second
	maxAgentsKept        = 64
	// MaxDecideAnswer bounds the JSON answer of one decide request: a
	// request whose URLs alone would make it larger is refused with 413;
	// once the decisions reach it, the remaining URLs are answered with a
	// small hold (AnswerFull).
	MaxDecideAnswer = MaxAnswer
	// writeMargin is how much longer than the decide deadline an answer
	// may take to be written, so that the hold a deadline gives still
	// reaches the crawler (deadlines nest: fetch < lock < decide < write).
	writeMargin = 10 * time.Second
	// pendingRetry is the retry time of a task whose robots.txt was still
	// being fetched at the decide deadline.
	pendingRetry = 5 * time.Second
)

// GateOptions make the server a decision service for a crawler fleet:
// POST /api/v1/decide, POST /api/v1/target-status, GET and DELETE
// /api/v1/policy, and /metrics.
type GateOptions struct {
	// Gate decides for the default agent; requests naming another agent
	// get a Gate of their own that shares its Client and Scope.
	Gate *gate.Gate
	// Cache is the Gate's Client's cache, for DELETE /api/v1/policy; nil:
	// the policy cannot be forgotten.
	Cache cache.Cache
	// Politeness applies holds and per-origin limits to admitted tasks;
	// nil means holds kept in the process and no limits.
	Politeness *gate.Politeness
	// Metrics are served on /metrics; nil means NewMetrics().
	Metrics *Metrics
	// Ready is asked by /readyz (nil: always ready).
	Ready func(context.Context) error
	// Log receives structured events; nil: none.
	Log *slog.Logger
	// MaxInFlight and Workers: see DefaultMaxInFlight, DefaultDecideWorkers.
	MaxInFlight, Workers int
	// Now is the clock; nil means time.Now.
	Now func() time.Time
	// DecideTimeout bounds the wait of a decide or policy request for
	// robots.txt fetches; a URL still waiting then is answered with a hold
	// (the fetch goes on). 0 means a little over the fleet lock's life
	// (gate.Client.LockTTL), so that deadlines nest: fetch < lock < decide
	// < write (DecideTimeout + 10 s).
	DecideTimeout time.Duration
	// Token, when set, is a bearer token every gate request must carry
	// (Authorization: Bearer TOKEN), for deployments beyond loopback.
	Token string
	// Hosts are the Host names (without port) the gate answers besides IP
	// literals and "localhost", so that a page served from a name that
	// resolves to this server (DNS rebinding) cannot use it.
	Hosts []string
	// MaxAnswer bounds one decide answer (0: MaxDecideAnswer).
	MaxAnswer int64
	// MaxMemory bounds the bytes of request bodies, decisions and answers
	// the instance holds at once (0: DefaultGateMemory): a request that
	// does not fit is answered 503 with Retry-After, a decision that does
	// not fit is a hold (MemoryFull).
	MaxMemory int64
	// SharedState, when set, reports whether the fleet's shared state (Redis)
	// answers now, for GET /sharedz and the robotstxt_shared_state_up metric.
	SharedState func(context.Context) error
}

type gateService struct {
	o        GateOptions
	logEvery rate
	sem      chan struct{}
	mem      *memBudget
	mu       sync.Mutex
	agents   map[string]*gate.Gate
}

// routeGate adds the decision service's routes and /readyz.
func (s *Server) routeGate(o *GateOptions) {
	if o == nil {
		s.mux.HandleFunc("/readyz", readyz(nil))
		return
	}
	g := &gateService{o: *o, agents: make(map[string]*gate.Gate)}
	s.gateSvc = g
	if g.o.Politeness == nil {
		g.o.Politeness = &gate.Politeness{}
	}
	if g.o.Metrics == nil {
		g.o.Metrics = NewMetrics()
	}
	if g.o.MaxInFlight <= 0 {
		g.o.MaxInFlight = DefaultMaxInFlight
	}
	if g.o.Workers <= 0 {
		g.o.Workers = DefaultDecideWorkers
	}
	if g.o.Now == nil {
		g.o.Now = time.Now
	}
	if g.o.MaxAnswer <= 0 {
		g.o.MaxAnswer = MaxDecideAnswer
	}
	if g.o.DecideTimeout <= 0 {
		g.o.DecideTimeout = g.o.Gate.Client.LockTTL() + 3*time.Second
	}
	g.sem = make(chan struct{}, g.o.MaxInFlight)
	if g.o.MaxMemory <= 0 {
		g.o.MaxMemory = DefaultGateMemory
	}
	g.mem = newMemBudget(g.o.MaxMemory)
	s.mux.HandleFunc("/readyz", readyz(g.o.Ready))
	s.mux.HandleFunc("/sharedz", g.sharedz)
	if g.o.SharedState != nil {
		g.o.Metrics.SharedState(g.o.SharedState)
	}
	s.mux.Handle("/metrics", g.hostOnly(g.o.Metrics.Handler()))
	s.mux.HandleFunc("/api/v1/decide", g.post(s, g.decide))
	s.mux.HandleFunc("/api/v1/target-status", g.post(s, g.targetStatus))
	s.mux.HandleFunc("/api/v1/policy", g.policy)
	s.mux.HandleFunc("/api/v1/holds", g.holdsEndpoint)
}

func readyz(ready func(context.Context) error) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		if r.Method != http.MethodGet && r.Method != http.MethodHead {
			writeError(w, http.StatusMethodNotAllowed, "use GET /readyz", "GET, HEAD")
			return
		}
		w.Header().Set("Cache-Control", "no-store")
		if ready != nil {
			ctx, cancel := context.WithTimeout(r.Context(), 2*time.Second)
			defer cancel()
			if err := ready(ctx); err != nil {
				writeJSON(w, r, http.StatusServiceUnavailable, map[string]string{"status": "not ready", "error": err.Error()})
				return
			}
		}
		writeJSON(w, r, http.StatusOK, map[string]string{"status": "ready"})
	}
}

// rate lets an event through at most once a second.
type rate struct{ last atomic.Int64 }

func (r *rate) Allow(now time.Time) bool {
	last := r.last.Load()
	return now.UnixNano()-last >= int64(time.Second) && r.last.CompareAndSwap(last, now.UnixNano())
}

// sharedz answers whether the fleet's shared state (Redis) answers now:
// 200 when it does (or there is none), 503 when it does not. It is not
// readiness: an instance answers correctly without it (holding what it
// cannot confirm), so a load balancer must not take it out for this.
func (g *gateService) sharedz(w http.ResponseWriter, r *http.Request) {
	if r.Method != http.MethodGet && r.Method != http.MethodHead {
		writeError(w, http.StatusMethodNotAllowed, "use GET /sharedz", "GET, HEAD")
		return
	}
	w.Header().Set("Cache-Control", "no-store")
	if g.o.SharedState == nil {
		writeJSON(w, r, http.StatusOK, map[string]string{"status": "none", "detail": "no shared state: this instance is on its own"})
		return
	}
	ctx, cancel := context.WithTimeout(r.Context(), 2*time.Second)
	defer cancel()
	if err := g.o.SharedState(ctx); err != nil {
		writeJSON(w, r, http.StatusServiceUnavailable, map[string]string{"status": "down", "error": err.Error()})
		return
	}
	writeJSON(w, r, http.StatusOK, map[string]string{"status": "up"})
}

// post wraps a JSON POST handler: method, origin checks, content type,
// the body, read before any turn is taken and bounded in size, time and
// memory, and the bound on requests in flight.
func (g *gateService) post(s *Server, fn func(w http.ResponseWriter, r *http.Request, req *gateRequest) error) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Cache-Control", "no-store")
		if r.Method != http.MethodPost {
			writeError(w, http.StatusMethodNotAllowed, r.URL.Path+" takes POST", "POST")
			return
		}
		if !g.allowed(w, r) {
			return
		}
		// JSON only: a cross-site page can send a form or text/plain
		// without a CORS preflight, never application/json.
		ct := r.Header.Get("Content-Type")
		if mt, _, err := mime.ParseMediaType(ct); err != nil || mt != "application/json" {
			writeError(w, http.StatusUnsupportedMediaType, fmt.Sprintf("Content-Type %q: send application/json", ct), "")
			return
		}
		// The body first, with no turn taken: a client sending it slowly
		// holds its connection and the few bytes it sent, never one of
		// the turns the cached answers need.
		// (Once the body's end is read, net/http clears the read deadline
		// and only watches for the client going away.)
		ch := &charge{b: g.mem}
		defer ch.giveAll()
		body, bodyCharge, err := g.readBody(w, r, s.maxBody, ch)
		if err != nil {
			writeFailure(w, err)
			return
		}
		t := time.NewTimer(inFlightWait)
		defer t.Stop()
		select {
		case g.sem <- struct{}{}:
		case <-t.C:
			w.Header().Set("Retry-After", "1")
			writeError(w, http.StatusServiceUnavailable, fmt.Sprintf("busy: %d requests in flight; retry", g.o.MaxInFlight), "")
			return
		case <-r.Context().Done():
			return
		}
		var once sync.Once
		release := func() { once.Do(func() { <-g.sem }) }
		defer release()
		if err := fn(w, r, &gateRequest{body: body, bodyCharge: bodyCharge, charge: ch, release: release}); err != nil {
			writeFailure(w, err)
		}
	}
}

// gateRequest is what post hands a gate handler: the body read, the
// request's charge on the instance's memory budget (bodyCharge of it for
// the body, given back once it is decoded), and release, which gives the
// request's turn back early (after reading its input, before waiting for
// fetches).
type gateRequest struct {
	body       []byte
	bodyCharge int64
	charge     *charge
	release    func()
}

// bodyReadTimeout bounds the reading of one gate request's body.
const bodyReadTimeout = 20 * time.Second

// errMemory is the answer when the instance's memory budget stays spent.
var errMemory = &apiError{status: http.StatusServiceUnavailable, msg: "busy: this instance's memory budget for requests in flight is spent; retry"}

// readBody reads r's body, at most limit bytes, within bodyReadTimeout,
// taking from the instance's memory budget twice the bytes it keeps (the
// body, and the values decoded from it) as they arrive, so that slow
// clients hold only what they sent. n is what it took.
func (g *gateService) readBody(w http.ResponseWriter, r *http.Request, limit int64, ch *charge) (body []byte, n int64, err error) {
	_ = http.NewResponseController(w).SetReadDeadline(time.Now().Add(bodyReadTimeout))
	if r.ContentLength > limit {
		return nil, 0, &apiError{status: http.StatusRequestEntityTooLarge, msg: fmt.Sprintf("request body over %d bytes", limit)}
	}
	wait := time.Now().Add(inFlightWait)
	size := int64(4 << 10)
	if r.ContentLength >= 0 {
		size = r.ContentLength + 1 // +1: EOF is seen without growing
	}
	grow := func(to int64) error {
		if !ch.take(r.Context(), 2*(to-int64(cap(body))), wait) {
			return errMemory
		}
		n += 2 * (to - int64(cap(body)))
		nb := make([]byte, len(body), to)
		copy(nb, body)
		body = nb
		return nil
	}
	if err := grow(min(size, limit+1)); err != nil {
		return nil, n, err
	}
	for {
		if len(body) == cap(body) {
			if int64(len(body)) > limit {
				return nil, n, &apiError{status: http.StatusRequestEntityTooLarge, msg: fmt.Sprintf("request body over %d bytes", limit)}
			}
			if err := grow(min(2*int64(cap(body)), limit+1)); err != nil {
				return nil, n, err
			}
		}
		m, err := r.Body.Read(body[len(body):cap(body)])
		body = body[:len(body)+m]
		if int64(len(body)) > limit {
			return nil, n, &apiError{status: http.StatusRequestEntityTooLarge, msg: fmt.Sprintf("request body over %d bytes", limit)}
		}
		if err == io.EOF {
			return body, n, nil
		}
		if err != nil {
			if ne, ok := err.(net.Error); ok && ne.Timeout() {
				return nil, n, &apiError{status: http.StatusRequestTimeout, msg: fmt.Sprintf("the request body did not arrive within %s", bodyReadTimeout)}
			}
			return nil, n, badRequest("reading the request body: %v", err)
		}
	}
}

// hostOnly serves h only to requests whose Host the gate serves (IP
// addresses, localhost, GateOptions.Hosts): the fleet's figures are not
// for a page that reached this server through a name of its own (DNS
// rebinding). The analyser page and its API stay open to any Host: they
// are the same public page for everyone and hold nothing of the fleet.
func (g *gateService) hostOnly(h http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if why := foreignHost(r, g.o.Hosts); why != "" {
			writeError(w, http.StatusForbidden, why, "")
			return
		}
		h.ServeHTTP(w, r)
	})
}

// foreignHost says why r's Host is not one the gate serves, "" when it is.
func foreignHost(r *http.Request, hosts []string) string {
	host := r.Host
	if h, _, err := net.SplitHostPort(host); err == nil {
		host = h
	}
	host = strings.TrimSuffix(strings.TrimPrefix(host, "["), "]")
	if net.ParseIP(host) == nil && !strings.EqualFold(host, "localhost") && !slices.ContainsFunc(hosts, func(h string) bool { return strings.EqualFold(h, host) }) {
		return fmt.Sprintf("Host %q is not served by this gate (IP addresses and localhost are; add names with --gate-host)", r.Host)
	}
	return ""
}

// allowed refuses a request another site's page may have sent (an Origin
// or Sec-Fetch-Site that is not this server, a Host name it does not
// serve: DNS rebinding) and, with a Token, one without it. It answers the
// refusal itself.
func (g *gateService) allowed(w http.ResponseWriter, r *http.Request) bool {
	if why := crossSite(r, g.o.Hosts); why != "" {
		writeError(w, http.StatusForbidden, why, "")
		return false
	}
	if g.o.Token != "" {
		got, ok := bearerToken(r.Header.Get("Authorization"))
		if !ok || subtle.ConstantTimeCompare([]byte(got), []byte(g.o.Token)) != 1 {
			w.Header().Set("WWW-Authenticate", `Bearer realm="robotstxt gate"`)
			writeError(w, http.StatusUnauthorized, "this gate needs Authorization: Bearer TOKEN", "")
			return false
		}
	}
	return true
}

// bearerToken reads "Bearer TOKEN" from an Authorization header. The
// scheme's name is case-insensitive (RFC 9110 section 11.1: "bearer" and
// "BEARER" are Bearer), and the token is taken as sent, spaces around it
// aside.
func bearerToken(h string) (string, bool) {
	scheme, token, ok := strings.Cut(strings.TrimSpace(h), " ")
	if !ok || !strings.EqualFold(scheme, "Bearer") {
		return "", false
	}
	return strings.TrimSpace(token), true
}

// crossSite says why r may come from another site's page, "" when it does
// not: a browser sends Origin with every cross-origin POST and DELETE, and
// Sec-Fetch-Site with every request; a crawler sends neither.
func crossSite(r *http.Request, hosts []string) string {
	if why := foreignHost(r, hosts); why != "" {
		return why
	}
	if o := r.Header.Get("Origin"); o != "" {
		u, err := url.Parse(o)
		if err != nil || !strings.EqualFold(u.Host, r.Host) {
			return fmt.Sprintf("Origin %q: cross-site requests are refused", o)
		}
	}
	if sf := r.Header.Get("Sec-Fetch-Site"); sf != "" && sf != "same-origin" && sf != "none" {
		return "Sec-Fetch-Site " + strconv.Quote(sf) + ": cross-site requests are refused"
	}
	return ""
}

func decodeStrict(body []byte, v any) error {
	dec := json.NewDecoder(bytes.NewReader(body))
	dec.DisallowUnknownFields()
	if err := dec.Decode(v); err != nil {
		return badRequest("bad JSON: %s", jsonError(err))
	}
	if dec.More() {
		return badRequest("bad JSON: more than one value")
	}
	return nil
}

// decideRequest is the body of POST /api/v1/decide.
type decideRequest struct {
	URLs  []string `json:"urls"`
	Agent string   `json:"agent"`
	// Purpose is what the crawler fetches for (train-ai, search,
	// ai-input): a URL whose purpose the site refuses is dropped
	// (docs/usage-preferences.md).
	Purpose string `json:"purpose"`
}

// decideItem is one answer: a line of "robotstxt gate" output for the task
// {"url": ...}, with retryAt for a hold that knows when to ask again and
// lease for a task counted against the origin's concurrency limit.
type decideItem struct {
	URL      string
	Decision *gate.Decision
	Error    string
	RetryAt  time.Time
	Lease    string
	Held     bool // an Error that is a hold: ask again (the answer was full)
}

func (it *decideItem) appendJSON(b []byte) []byte {
	b = append(b, `{"url":`...)
	b = appendJSONString(b, it.URL)
	if it.Decision == nil {
		b = append(b, `,"error":`...)
		b = appendJSONString(b, it.Error)
		if it.Held {
			return append(b, `,"gate":"hold"}`...)
		}
		return append(b, `,"gate":"drop"}`...)
	}
	d, _ := it.Decision.MarshalJSON()
	b = append(b, ',')
	b = append(b, d[1:len(d)-1]...)
	if !it.RetryAt.IsZero() {
		b = append(b, `,"retryAt":"`...)
		b = it.RetryAt.UTC().AppendFormat(b, time.RFC3339)
		b = append(b, '"')
	}
	if it.Lease != "" {
		b = append(b, `,"lease":`...)
		b = appendJSONString(b, it.Lease)
	}
	return append(b, '}')
}

// appendJSONString writes s as a JSON string, without the HTML escapes
// (\u003c) that would make a URL of '<' six times its size.
func appendJSONString(b []byte, s string) []byte { return wire.AppendString(b, s, false) }

func (g *gateService) gateFor(agent string) (*gate.Gate, error) {
	def := g.o.Gate
	if agent == "" || agent == def.Agent {
		return def, nil
	}
	if len(agent) > maxItem {
		return nil, badRequest("agent: longer than %d bytes", maxItem)
	}
	if robotstxt.ProductToken(agent) == "" {
		return nil, badRequest("agent %q: no product token (letters, digits, '-', '_', '.')", agent)
	}
	g.mu.Lock()
	defer g.mu.Unlock()
	if ag, ok := g.agents[agent]; ok {
		return ag, nil
	}
	ag := &gate.Gate{Agent: agent, Exact: def.Exact, Client: def.Client, Scope: def.Scope}
	if len(g.agents) < maxAgentsKept {
		g.agents[agent] = ag
	}
	return ag, nil
}

func (g *gateService) decide(w http.ResponseWriter, r *http.Request, in *gateRequest) error {
	var req decideRequest
	if err := decodeStrict(in.body, &req); err != nil {
		return err
	}
	if len(req.URLs) == 0 {
		return badRequest(`"urls": give at least one URL`)
	}
	if len(req.URLs) > MaxDecideURLs {
		return badRequest(`"urls": %d URLs, at most %d per request`, len(req.URLs), MaxDecideURLs)
	}
	if size := decideAnswerFloor(req.URLs); size > g.o.MaxAnswer {
		return &apiError{status: http.StatusRequestEntityTooLarge, msg: fmt.Sprintf(
			"the answer would be over %d KB, above the %d KB limit: send fewer or shorter URLs per request", size>>10, g.o.MaxAnswer>>10)}
	}
	gt, err := g.gateFor(req.Agent)
	if err != nil {
		return err
	}
	if req.Purpose != "" {
		if !robotstxt.IsPurpose(req.Purpose) {
			return badRequest(`"purpose" must be one of %s, not %q`, strings.Join(robotstxt.Purposes, ", "), req.Purpose)
		}
		// The agent's gate with the purpose: the same client and scope.
		gt = &gate.Gate{Agent: gt.Agent, Exact: gt.Exact, NoFallback: gt.NoFallback, Client: gt.Client, Scope: gt.Scope, Purpose: req.Purpose}
	}
	// The decoded URLs stay, the body goes: what the request holds from
	// now on is its URLs and answers, memPerAnswerByte times the answer's
	// floor, and as much for each decision as it is taken
	// (answerBudget.take).
	floor := decideAnswerFloor(req.URLs)
	in.body = nil
	in.charge.give(in.bodyCharge)
	if !in.charge.tryTake(memPerAnswerByte * floor) {
		w.Header().Set("Retry-After", "1")
		return errMemory
	}
	stream := acceptsNDJSON(r)
	// The answer is written within the deadline plus a margin, whatever
	// the server's write timeout: a hold given at the deadline, or the
	// last line of a stream, still reaches the crawler.
	rc := http.NewResponseController(w)
	_ = rc.SetWriteDeadline(time.Now().Add(g.o.DecideTimeout + writeMargin))
	ctx, cancel := context.WithTimeout(r.Context(), g.o.DecideTimeout)
	defer cancel()
	items := make([]decideItem, len(req.URLs))
	done := make(chan int, len(req.URLs))
	budget := &answerBudget{left: g.o.MaxAnswer - floor, charge: in.charge}
	// First what the cache answers, with no wait: those answers never
	// wait behind a fetch, of this request or of others.
	var misses []int
	for i, u := range req.URLs {
		if g.decideCached(ctx, gt, u, &items[i], budget) {
			done <- i
		} else {
			misses = append(misses, i)
		}
	}
	cached := len(req.URLs) - len(misses)
	// Waiting for fetches holds no turn of the requests in flight.
	in.release()
	if stream {
		w.Header().Set("Content-Type", "application/x-ndjson")
		w.WriteHeader(http.StatusOK)
	}
	next := make(chan int)
	go func() {
		defer close(next)
		for _, i := range misses {
			next <- i
		}
	}()
	var wg sync.WaitGroup
	for range min(g.o.Workers, len(misses)) {
		wg.Go(func() {
			for i := range next {
				g.decideOne(ctx, r.Context(), gt, req.URLs[i], &items[i], budget)
				done <- i
			}
		})
	}
	go func() { wg.Wait(); close(done) }()

	if !stream {
		for range done {
		}
		if r.Context().Err() != nil {
			return nil
		}
		b := make([]byte, 0, g.o.MaxAnswer-budget.left+64)
		b = append(b, '[')
		for i := range items {
			if i > 0 {
				b = append(b, ',')
			}
			b = items[i].appendJSON(b)
		}
		b = append(b, "]\n"...)
		w.Header().Set("Content-Type", "application/json; charset=utf-8")
		w.Header().Set("Content-Length", strconv.Itoa(len(b)))
		w.Write(b)
		return nil
	}
	var b []byte
	n := 0
	for i := range done {
		b = items[i].appendJSON(b[:0])
		b = append(b, '\n')
		if _, err := w.Write(b); err != nil {
			break
		}
		// The cached answers go out together, then each fetched one.
		if n++; n >= cached {
			rc.Flush()
		}
	}
	rc.Flush()
	for range done { // after a write error: let the workers finish
	}
	return nil
}

// decideAnswerFloor is about the least size of a decide answer: each URL
// appears as given and as the target URL, with the fixed fields of a
// record.
func decideAnswerFloor(urls []string) int64 {
	n := int64(2)
	for _, u := range urls {
		n += jsonLen(u) + 300
		if t, err := gate.ParseTarget(u); err == nil {
			n += jsonLen(t.URL)
		}
	}
	return n
}

// answerBudget bounds the size of one decide answer while it is decided,
// so that neither the decisions kept nor the answer exceed
// MaxDecideAnswer: a decision can be large (a group of thousands of
// user-agent lines is listed in each record), and once the budget is spent
// the remaining URLs are answered with a small hold (ask again).
//
// Each decision kept is also taken, memPerAnswerByte times, from the
// instance's memory budget: when that is spent, the URL is answered with
// the small hold MemoryFull, never a wait.
type answerBudget struct {
	mu     sync.Mutex
	left   int64
	charge *charge // nil: no instance budget
}

// take reserves n bytes; false when they are not left (why says which
// budget is spent: the request's or the instance's).
func (a *answerBudget) take(n int64) bool {
	a.mu.Lock()
	defer a.mu.Unlock()
	if n > a.left {
		a.left = 0
		return false
	}
	if a.charge != nil && !a.charge.tryTake(memPerAnswerByte*n) {
		return false
	}
	a.left -= n
	return true
}

// why is the error of a URL the budget could not answer.
func (a *answerBudget) why() string {
	a.mu.Lock()
	defer a.mu.Unlock()
	if a.left <= 0 {
		return AnswerFull
	}
	return MemoryFull
}

func (a *answerBudget) spent() bool {
	a.mu.Lock()
	defer a.mu.Unlock()
	return a.left <= 0
}

// memPerAnswerByte is the memory a decide request holds per byte of its
// answer: the items as decided, the answer written from them, and what
// writing them leaves to the collector (measured by TestGateMemoryBounded).
const memPerAnswerByte = 3

// AnswerFull is the error of a URL not decided because its request's
// answer reached MaxDecideAnswer; it comes with "gate": "hold".
const AnswerFull = "not decided: this request's answer reached its size limit; ask again for this URL"

// MemoryFull is the error of a URL not decided because the instance's
// memory budget (GateOptions.MaxMemory) was spent; it comes with "gate":
// "hold".
const MemoryFull = "not decided: this instance's memory budget is spent; ask again for this URL"

// decisionSize is about the JSON size of d beyond the floor counted per
// URL (decideAnswerFloor): its reason and group.
func decisionSize(d *gate.Decision) int64 {
	n := int64(len(d.Reason)) + int64(len(d.PolicyFinalURL)) + int64(len(d.PolicyDigest))
	for _, a := range d.Group {
		n += 32 + int64(len(a.Value))
	}
	if d.MatchedRule != nil {
		n += 64 + int64(len(d.MatchedRule.Pattern))
	}
	return n
}

func acceptsNDJSON(r *http.Request) bool {
	for _, v := range r.Header.Values("Accept") {
		for part := range strings.SplitSeq(v, ",") {
			mt, _, _ := strings.Cut(strings.TrimSpace(part), ";")
			if strings.EqualFold(strings.TrimSpace(mt), "application/x-ndjson") {
				return true
			}
		}
	}
	return false
}

// decideCached decides u into it when the cache answers without a fetch
// (or u is refused at once); false when a fetch is needed.
func (g *gateService) decideCached(ctx context.Context, gt *gate.Gate, u string, it *decideItem, budget *answerBudget) bool {
	it.URL = u
	if budget.spent() {
		it.Error, it.Held = budget.why(), true
		return true
	}
	if len(u) > maxItem {
		it.URL, it.Error = u[:64]+"...", fmt.Sprintf("URL longer than %d bytes", maxItem)
		return true
	}
	d, ok, err := gt.CheckCached(ctx, u)
	if err != nil {
		it.Error = err.Error()
		return true
	}
	if !ok {
		return false
	}
	g.finish(ctx, d, it, budget)
	return true
}

// decideOne decides u into it, waiting for its robots.txt until ctx's
// deadline; a URL whose fetch is still going on then is held (an answer,
// never a loss). parent is the request's own context.
func (g *gateService) decideOne(ctx, parent context.Context, gt *gate.Gate, u string, it *decideItem, budget *answerBudget) {
	it.URL = u
	if budget.spent() {
		it.Error, it.Held = budget.why(), true
		return
	}
	d, err := gt.Check(ctx, u)
	if err != nil && parent.Err() == nil && ctx.Err() != nil {
		d, err = gt.Waiting(u, g.o.Now().Add(pendingRetry))
	}
	if err != nil {
		it.Error = err.Error()
		return
	}
	g.finish(ctx, d, it, budget)
}

func (g *gateService) finish(ctx context.Context, d *gate.Decision, it *decideItem, budget *answerBudget) {
	if !budget.take(decisionSize(d)) {
		it.Error, it.Held = budget.why(), true
		return
	}
	lease, err := g.o.Politeness.Apply(ctx, d, g.o.Now())
	if err != nil && g.o.Log != nil && g.logEvery.Allow(time.Now()) {
		g.o.Log.Warn("politeness state unavailable; tasks held (logged at most once a second)", "origin", d.Origin, "err", err.Error())
	}
	it.Decision, it.Lease = d, lease
	if d.Action == gate.Hold {
		it.RetryAt = d.RetryAt
	}
	g.o.Metrics.Decision(d)
}

// targetStatus is the body of POST /api/v1/target-status: a crawler tells
// what a target answered (seed 004's targetStatus), and ends the task's
// lease.
type targetStatusRequest struct {
	URL        string `json:"url"`
	Status     int    `json:"status"`
	RetryAfter string `json:"retryAfter"` // the Retry-After header as received
	Lease      string `json:"lease"`
	// Price is the crawler-price header of a 402 answer (pay per crawl).
	Price string `json:"price"`
}

func (g *gateService) targetStatus(w http.ResponseWriter, r *http.Request, in *gateRequest) error {
	var req targetStatusRequest
	if err := decodeStrict(in.body, &req); err != nil {
		return err
	}
	origin, err := fetch.Origin(req.URL)
	if err != nil {
		return badRequest("url %q: %v", req.URL, err)
	}
	if req.Status < 100 || req.Status > 599 {
		return badRequest("status %d: want an HTTP status code", req.Status)
	}
	if len(req.RetryAfter) > 64 || len(req.Lease) > 128 || len(req.Price) > 64 {
		return badRequest("retryAfter, lease or price too long")
	}
	if req.Price != "" {
		if req.Status != 402 {
			return badRequest("price goes with status 402")
		}
		if _, err := fetch.ParsePrice(req.Price); err != nil {
			return badRequest("%v", err)
		}
	}
	now := g.o.Now()
	ctx := r.Context()
	if err := g.o.Politeness.Done(ctx, origin, req.Lease); err != nil {
		return err
	}
	var h gate.OriginHold
	var held, accepted bool
	if req.Status == 402 {
		h, held, accepted, err = g.o.Politeness.ReportPayment(ctx, origin, req.Price, parseRetryAfter(req.RetryAfter, now), now)
	} else {
		h, held, err = g.o.Politeness.Report(ctx, origin, req.Status, parseRetryAfter(req.RetryAfter, now), now)
	}
	if err != nil {
		return err
	}
	out := map[string]any{"origin": origin, "held": held}
	if req.Status == 402 {
		// Neither a success nor an error: the page is for sale.
		out["targetStatus"], out["price"], out["priceAccepted"] = gate.TargetPaymentRequired, req.Price, accepted
	}
	if held {
		out["until"], out["httpStatus"] = h.Until.UTC().Format(time.RFC3339), h.HTTPStatus
		g.o.Metrics.Hold("target-" + strconv.Itoa(req.Status))
		if g.o.Log != nil {
			g.o.Log.Info("origin held", "origin", origin, "status", req.Status, "until", h.Until.UTC().Format(time.RFC3339))
		}
	}
	writeJSON(w, r, http.StatusOK, out)
	return nil
}

// parseRetryAfter reads a Retry-After value: seconds or an HTTP date.
func parseRetryAfter(v string, now time.Time) time.Duration {
	v = strings.TrimSpace(v)
	if v == "" {
		return 0
	}
	if n, err := strconv.ParseInt(v, 10, 64); err == nil {
		if n <= 0 {
			return 0
		}
		return time.Duration(min(n, 1<<31)) * time.Second
	}
	if t, err := http.ParseTime(v); err == nil && t.After(now) {
		return t.Sub(now).Round(time.Second)
	}
	return 0
}

// policyAnswer is the answer of GET /api/v1/policy.
type policyAnswer struct {
	Origin      string         `json:"origin"`
	Source      string         `json:"policySource,omitempty"`
	Status      fetch.Status   `json:"status"`
	HTTPStatus  int            `json:"httpStatus,omitempty"`
	Digest      string         `json:"digest,omitempty"`
	FetchedAt   string         `json:"fetchedAt,omitempty"`
	Expires     string         `json:"expires,omitempty"`
	Stale       bool           `json:"stale"`
	FinalURL    string         `json:"finalURL,omitempty"`
	Redirects   []fetch.Hop    `json:"redirects"`
	Detail      string         `json:"detail,omitempty"`
	Failure     *failureAnswer `json:"failure,omitempty"`
	Summary     *policySummary `json:"summary,omitempty"`
	Description string         `json:"description"`
	SignedBy    string         `json:"signedBy,omitempty"` // the keyid that signed the fetch
	Charged     string         `json:"charged,omitempty"`  // a paid file: crawler-charged
}

type failureAnswer struct {
	Status       fetch.Status `json:"status"`
	HTTPStatus   int          `json:"httpStatus,omitempty"`
	Price        string       `json:"price,omitempty"`     // payment-required: crawler-price
	Challenge    string       `json:"challenge,omitempty"` // challenge: the page's mark
	Detail       string       `json:"detail"`
	FailingSince string       `json:"failingSince"`
	RetryAt      string       `json:"retryAt"`
}

type policySummary struct {
	Bytes     int      `json:"bytes"`
	Truncated bool     `json:"truncated"`
	Groups    int      `json:"groups"`
	Rules     int      `json:"rules"`
	Sitemaps  int      `json:"sitemaps"`
	Agents    []string `json:"agents"`
}

func (g *gateService) policy(w http.ResponseWriter, r *http.Request) {
	w.Header().Set("Cache-Control", "no-store")
	if !g.allowed(w, r) {
		return
	}
	q := r.URL.Query().Get("origin")
	switch r.Method {
	case http.MethodGet, http.MethodHead, http.MethodDelete:
	default:
		writeError(w, http.StatusMethodNotAllowed, "/api/v1/policy takes GET or DELETE", "GET, HEAD, DELETE")
		return
	}
	origin, err := fetch.Origin(q)
	if err != nil || len(q) > maxItem {
		writeError(w, http.StatusBadRequest, fmt.Sprintf("origin=%q: want an http(s) URL or origin (%v)", q, err), "")
		return
	}
	if r.Method == http.MethodDelete {
		if g.o.Cache == nil {
			writeError(w, http.StatusNotImplemented, "this server cannot forget policies", "")
			return
		}
		if err := g.o.Cache.Delete(r.Context(), origin); err != nil {
			writeError(w, http.StatusServiceUnavailable, err.Error(), "")
			return
		}
		writeJSON(w, r, http.StatusOK, map[string]any{"origin": origin, "deleted": true})
		return
	}
	_ = http.NewResponseController(w).SetWriteDeadline(time.Now().Add(g.o.DecideTimeout + writeMargin))
	ctx, cancel := context.WithTimeout(r.Context(), g.o.DecideTimeout)
	defer cancel()
	st, err := g.o.Gate.Client.Policy(ctx, origin)
	if err != nil {
		w.Header().Set("Retry-After", strconv.Itoa(int(pendingRetry/time.Second)))
		writeError(w, http.StatusServiceUnavailable, gate.FetchPending+" (the fetch goes on): ask again", "")
		return
	}
	writeJSON(w, r, http.StatusOK, describePolicy(st))
}

// holdAnswer is one hold of GET /api/v1/holds.
type holdAnswer struct {
	Origin     string `json:"origin"`
	Until      string `json:"until"`
	HTTPStatus int    `json:"httpStatus"`
	Detail     string `json:"detail,omitempty"`
}

// holdsEndpoint lists the holds set by targets' answers (GET) and lifts
// one for the whole fleet (DELETE ?origin=URL).
func (g *gateService) holdsEndpoint(w http.ResponseWriter, r *http.Request) {
	w.Header().Set("Cache-Control", "no-store")
	if r.Method != http.MethodGet && r.Method != http.MethodHead && r.Method != http.MethodDelete {
		writeError(w, http.StatusMethodNotAllowed, "/api/v1/holds takes GET or DELETE", "GET, HEAD, DELETE")
		return
	}
	if !g.allowed(w, r) {
		return
	}
	hl, ok := g.o.Politeness.HoldStore().(gate.HoldLister)
	if !ok {
		writeError(w, http.StatusNotImplemented, "this server's hold store cannot list or lift holds", "")
		return
	}
	if r.Method == http.MethodDelete {
		q := r.URL.Query().Get("origin")
		origin, err := fetch.Origin(q)
		if err != nil || len(q) > maxItem {
			writeError(w, http.StatusBadRequest, fmt.Sprintf("origin=%q: want an http(s) URL or origin (%v)", q, err), "")
			return
		}
		had, err := hl.Lift(r.Context(), origin)
		if err != nil {
			writeError(w, http.StatusServiceUnavailable, err.Error(), "")
			return
		}
		if g.o.Log != nil {
			g.o.Log.Info("hold lifted", "origin", origin, "was held", had)
		}
		writeJSON(w, r, http.StatusOK, map[string]any{"origin": origin, "lifted": had})
		return
	}
	holds, more, err := hl.Holds(r.Context(), g.o.Now(), maxHoldsListed)
	if err != nil {
		writeError(w, http.StatusServiceUnavailable, err.Error(), "")
		return
	}
	list := make([]holdAnswer, 0, len(holds))
	for o, h := range holds {
		list = append(list, holdAnswer{Origin: o, Until: rfc3339(h.Until), HTTPStatus: h.HTTPStatus, Detail: h.Detail})
	}
	slices.SortFunc(list, func(a, b holdAnswer) int { return strings.Compare(a.Origin, b.Origin) })
	writeJSON(w, r, http.StatusOK, map[string]any{"holds": list, "truncated": more})
}

// maxHoldsListed bounds GET /api/v1/holds.
const maxHoldsListed = 10000

func describePolicy(st *gate.State) *policyAnswer {
	a := &policyAnswer{Origin: st.Origin, Source: st.Source, Stale: st.Stale, Redirects: []fetch.Hop{}}
	p := st.Policy
	if p == nil {
		p = st.Cached
	}
	if p != nil {
		a.Status, a.HTTPStatus, a.Digest, a.FetchedAt, a.Expires = p.Status, p.HTTPStatus, p.Digest, rfc3339(p.FetchedAt), rfc3339(st.Expires)
		a.FinalURL, a.Detail = p.FinalURL, p.Detail
		a.SignedBy, a.Charged = p.SignedBy, p.Charged
		if p.Redirects != nil {
			a.Redirects = p.Redirects
		}
		if rb := p.Robots(); rb != nil {
			sum := &policySummary{Bytes: len(p.Body), Truncated: p.Truncated, Groups: len(rb.Groups), Sitemaps: len(rb.Sitemaps), Agents: []string{}}
			seen := map[string]bool{}
			for _, gr := range rb.Groups {
				sum.Rules += len(gr.Rules)
				for _, ua := range gr.UserAgents {
					if t := ua.Token; t != "" && !seen[t] && len(sum.Agents) < 100 {
						seen[t] = true
						sum.Agents = append(sum.Agents, t)
					}
				}
			}
			a.Summary = sum
		}
	}
	if f := st.Failure; f != nil {
		a.Failure = &failureAnswer{Status: f.Status, HTTPStatus: f.HTTPStatus, Price: f.Price, Challenge: f.Challenge, Detail: f.Detail, FailingSince: rfc3339(st.FailingSince), RetryAt: rfc3339(st.RetryAt)}
		if p == nil {
			a.Status, a.HTTPStatus, a.FinalURL, a.Detail = f.Status, f.HTTPStatus, f.FinalURL, f.Detail
			if f.Redirects != nil {
				a.Redirects = f.Redirects
			}
		}
	}
	switch {
	case st.Policy != nil && st.Stale:
		a.Description = "the origin is unreachable; its last copy is used, past its expiry"
	case st.Policy != nil:
		a.Description = "in force until " + st.Expires.UTC().Format(time.RFC3339)
	case st.Failure != nil:
		a.Description = fmt.Sprintf("no policy applies: every task of this origin is held until %s", st.RetryAt.UTC().Format(time.RFC3339))
	default:
		a.Description = "no policy known"
	}
	return a
}

func rfc3339(t time.Time) string {
	if t.IsZero() {
		return ""
	}
	return t.UTC().Format(time.RFC3339)
}
