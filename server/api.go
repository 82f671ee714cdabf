package server

import (
	"bufio"
	"bytes"
	"compress/gzip"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"mime"
	"net/http"
	"runtime"
	"strconv"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/robotstxt/robotstxt"
	"github.com/robotstxt/robotstxt/internal/wire"
)

// Limits on a check request: they bound the work. The answer is bounded
// apart (MaxAnswer): one check's answer repeats its agent and URL and lists
// the user-agent lines of the group that applied, so long items or a file
// with thousands of names in one group make each answer large.
const (
	MaxAgents = 100
	MaxURLs   = 1000
	MaxPairs  = 10000
	maxItem   = 8 << 10 // longest agent or URL
)

// MaxAnswer bounds the JSON of one API answer, before compression. A check
// request whose answer would be larger is refused with 413 before any
// answer is written; a parse or lint answer over it is refused too.
const MaxAnswer = 16 << 20

// DefaultMaxAPIInFlight bounds the API requests served at once (with the body
// limit and MaxAnswer, it bounds the memory the API uses); more wait up to
// queueWait for a turn, then get 503 with Retry-After.
var DefaultMaxAPIInFlight = max(4, 2*runtime.GOMAXPROCS(0))

// queueWait is a variable for the tests.
var queueWait = 2 * time.Second

// apiError is an error with the HTTP status to answer it with.
type apiError struct {
	status int
	msg    string
	allow  string // Allow header for 405
}

func (e *apiError) Error() string { return e.msg }

func badRequest(format string, args ...any) error {
	return &apiError{status: http.StatusBadRequest, msg: fmt.Sprintf(format, args...)}
}

// endpoints are the API's POST handlers, by path.
var endpoints = map[string]func(s *Server, req *request) (any, error){
	"/api/v1/parse": (*Server).apiParse,
	"/api/v1/check": (*Server).apiCheck,
	"/api/v1/lint":  (*Server).apiLint,
}

func (s *Server) api(w http.ResponseWriter, r *http.Request) {
	w.Header().Set("Cache-Control", "no-store")
	fn, ok := endpoints[r.URL.Path]
	if !ok {
		writeError(w, http.StatusNotFound, "no such endpoint: "+r.URL.Path+" (the API has POST /api/v1/parse, /api/v1/check, /api/v1/lint and /api/v1/diff; with serve --allow-fetch, /api/v1/fetch and /api/v1/sitemap; with serve --gate, /api/v1/decide and the policy endpoints)", "")
		return
	}
	release, ok := s.admitPost(w, r)
	if !ok {
		return
	}
	defer release()
	req, err := s.readRequest(w, r)
	if err == nil {
		var res any
		if res, err = fn(s, req); err == nil {
			if a, ok := res.(*jsonArray); ok {
				writeArray(w, r, a)
			} else {
				writeJSON(w, r, http.StatusOK, res)
			}
			return
		}
	}
	writeFailure(w, err)
}

// readBody reads a request body of at most the server's limit: over it,
// an apiError with status 413.
func (s *Server) readBody(w http.ResponseWriter, r *http.Request) ([]byte, error) {
	body, err := io.ReadAll(http.MaxBytesReader(w, r.Body, s.maxBody))
	if err != nil {
		var mbe *http.MaxBytesError
		if errors.As(err, &mbe) {
			return nil, &apiError{status: http.StatusRequestEntityTooLarge, msg: fmt.Sprintf("request body over %d bytes", mbe.Limit)}
		}
		return nil, badRequest("reading the request body: %v", err)
	}
	return body, nil
}

// writeFailure writes an endpoint's error: an apiError with its status, any
// other error as 500.
func writeFailure(w http.ResponseWriter, err error) {
	var ae *apiError
	if errors.As(err, &ae) {
		writeError(w, ae.status, ae.msg, ae.allow)
		return
	}
	writeError(w, http.StatusInternalServerError, err.Error(), "")
}

// request is the union of the endpoints' parameters.
type request struct {
	Robots *string  `json:"robots"`
	Agents []string `json:"agents"`
	URLs   []string `json:"urls"`
	Exact  bool     `json:"exact"`
	// Fallback applies crawlers' documented fallbacks (the default);
	// false gives the plain RFC 9309 answer.
	Fallback *bool  `json:"fallback"`
	Lang     string `json:"lang"`
	// Purpose is what the crawler fetches for (train-ai, search,
	// ai-input): an answer whose purpose the site refuses is disallowed
	// (docs/usage-preferences.md).
	Purpose string `json:"purpose"`
}

// readRequest reads a JSON body, or a text/plain robots.txt with the other
// parameters in the query string.
func (s *Server) readRequest(w http.ResponseWriter, r *http.Request) (*request, error) {
	ct := r.Header.Get("Content-Type")
	mt := "application/json"
	if ct != "" {
		var err error
		if mt, _, err = mime.ParseMediaType(ct); err != nil {
			return nil, &apiError{status: http.StatusUnsupportedMediaType, msg: fmt.Sprintf("bad Content-Type %q: %v", ct, err)}
		}
	}
	if mt != "application/json" && mt != "text/plain" {
		return nil, &apiError{status: http.StatusUnsupportedMediaType,
			msg: fmt.Sprintf("Content-Type %s is not supported: send application/json, or the robots.txt as text/plain", mt)}
	}
	body, err := s.readBody(w, r)
	if err != nil {
		return nil, err
	}
	req := new(request)
	if mt == "text/plain" {
		text := string(body)
		q := r.URL.Query()
		req.Robots, req.Agents, req.URLs, req.Lang, req.Purpose = &text, q["agent"], q["url"], q.Get("lang"), q.Get("purpose")
		if e := q.Get("exact"); e != "" {
			if req.Exact, err = strconv.ParseBool(e); err != nil {
				return nil, badRequest("exact=%q: want true or false", e)
			}
		}
		if f := q.Get("fallback"); f != "" {
			fb, err := strconv.ParseBool(f)
			if err != nil {
				return nil, badRequest("fallback=%q: want true or false", f)
			}
			req.Fallback = &fb
		}
		return req, nil
	}
	dec := json.NewDecoder(bytes.NewReader(body))
	dec.DisallowUnknownFields()
	if err := dec.Decode(req); err != nil {
		return nil, badRequest("bad request body: %s", jsonError(err))
	}
	if dec.More() {
		return nil, badRequest("the body has more than one JSON value")
	}
	return req, nil
}

// jsonError makes decoding errors say where the problem is.
func jsonError(err error) string {
	var se *json.SyntaxError
	var te *json.UnmarshalTypeError
	switch {
	case errors.Is(err, io.EOF):
		return "the body is empty"
	case errors.Is(err, io.ErrUnexpectedEOF):
		return "the JSON ends too early"
	case errors.As(err, &se):
		return fmt.Sprintf("%v (at byte %d)", se, se.Offset)
	case errors.As(err, &te) && te.Field == "":
		return fmt.Sprintf("the body must be a JSON object, not a JSON %s", te.Value)
	case errors.As(err, &te):
		return fmt.Sprintf("field %q must be %s, not a JSON %s", te.Field, jsonType(te.Type.String()), te.Value)
	}
	return strings.TrimPrefix(err.Error(), "json: ")
}

func jsonType(goType string) string {
	switch goType {
	case "[]string":
		return "a list of strings"
	case "string", "*string":
		return "a string"
	case "bool":
		return "true or false"
	}
	return "a " + goType
}

func (req *request) robots() (*robotstxt.Robots, error) {
	if req.Robots == nil {
		return nil, badRequest(`"robots" is required: the robots.txt text as a JSON string (it may be empty)`)
	}
	return robotstxt.ParseString(*req.Robots), nil
}

func (s *Server) apiParse(req *request) (any, error) {
	r, err := req.robots()
	if err != nil {
		return nil, err
	}
	return wire.NewParseDoc(r), nil
}

func (s *Server) apiCheck(req *request) (any, error) {
	r, err := req.robots()
	if err != nil {
		return nil, err
	}
	switch {
	case len(req.Agents) == 0:
		return nil, badRequest(`"agents" is required: a list of crawler names or user-agent strings`)
	case len(req.URLs) == 0:
		return nil, badRequest(`"urls" is required: a list of paths or full URLs`)
	case len(req.Agents) > MaxAgents:
		return nil, badRequest("too many agents: %d (at most %d)", len(req.Agents), MaxAgents)
	case len(req.URLs) > MaxURLs:
		return nil, badRequest("too many urls: %d (at most %d)", len(req.URLs), MaxURLs)
	case len(req.Agents)*len(req.URLs) > MaxPairs:
		return nil, badRequest("too many checks: %d agents × %d urls (at most %d pairs)", len(req.Agents), len(req.URLs), MaxPairs)
	case req.Purpose != "" && !robotstxt.IsPurpose(req.Purpose):
		return nil, badRequest(`"purpose" must be one of %s, not %q`, strings.Join(robotstxt.Purposes, ", "), req.Purpose)
	}
	bots := make([]robotstxt.Agent, len(req.Agents))
	for i, a := range req.Agents {
		if err := checkItem("agents", i, a); err != nil {
			return nil, err
		}
		bots[i] = r.AgentWith(a, robotstxt.AgentOptions{Exact: req.Exact, NoFallback: req.Fallback != nil && !*req.Fallback})
	}
	for i, u := range req.URLs {
		if err := checkItem("urls", i, u); err != nil {
			return nil, err
		}
	}
	// The verdicts are small (they point into the parsed file); their JSON
	// may not be. Decide all, size the answer, then write it one result at
	// a time.
	verdicts := make([]robotstxt.Verdict, 0, len(req.Agents)*len(req.URLs))
	var answers []wire.Answer // the usage of each check, when the file states any
	withUsage := r.HasUsageLines()
	size := int64(2)
	for _, u := range req.URLs {
		us := urlSize(u)
		for j, bot := range bots {
			v := bot.Check(u)
			if withUsage {
				ans := wire.Enforce(r, bot, u, req.Purpose, &v)
				answers = append(answers, ans)
				size += usageSize(&ans)
			}
			verdicts = append(verdicts, v)
			size += us + checkResultSize(req.Agents[j], v)
		}
	}
	if size > MaxAnswer {
		return nil, &apiError{status: http.StatusRequestEntityTooLarge, msg: fmt.Sprintf(
			"the answer would be about %d MB, over the %d MB limit: send fewer agents or urls per request (%d checks here)",
			size>>20, MaxAnswer>>20, len(verdicts))}
	}
	n := len(bots)
	// Results are written URL by URL: each URL's normalised path and note
	// are computed once for all agents, and encoded without reflection.
	enc := &wire.Encoder{}
	var path, note string
	return &jsonArray{n: len(verdicts), size: size, appendElem: func(b []byte, i int) []byte {
		u := req.URLs[i/n]
		if i%n == 0 {
			path, note = robotstxt.NormalizePath(u), wire.InputNote(u)
		}
		var ans *wire.Answer
		if answers != nil {
			ans = &answers[i]
		}
		return enc.AppendCheck(b, req.Agents[i%n], u, path, note, &verdicts[i], ans)
	}}, nil
}

// usageSize bounds the JSON size of a result's usage fields beyond the
// fixed part checkResultSize counts.
func usageSize(ans *wire.Answer) int64 {
	n := int64(64)
	for _, s := range ans.Usage.Signals {
		n += 4 + jsonLen(s.Key) + jsonLen(s.Value)
	}
	if ans.Refused != nil {
		n += 64 + jsonLen(ans.Refused.Source)
	}
	return n
}

// urlSize is the JSON size of the parts of a check result that depend on
// its URL alone: the URL, its normalised path and the note.
func urlSize(u string) int64 {
	return jsonLen(u) + jsonLen(robotstxt.NormalizePath(u)) + jsonLen(wire.InputNote(u))
}

// checkResultSize is an upper bound on the JSON size of one check result
// (wire.CheckResult) but for urlSize: its strings escaped, plus the fixed
// parts.
func checkResultSize(agent string, v robotstxt.Verdict) int64 {
	n := 256 + 96 + jsonLen(agent) // 96: the usage fields of a file without such lines
	for _, r := range []*robotstxt.Rule{v.Rule, v.Overruled} {
		if r != nil {
			n += 64 + jsonLen(r.Pattern)
		}
	}
	for _, ua := range v.UserAgents {
		n += 32 + jsonLen(ua.Value)
	}
	return n + jsonLen(v.Fallback)
}

// jsonLen is the length of s as a JSON string: 6 bytes for a control
// character or an invalid byte (written \u00XX or \ufffd), 2 for '"' and
// '\\'.
func jsonLen(s string) int64 {
	n := int64(2)
	for i := 0; i < len(s); {
		c := s[i]
		if c < utf8.RuneSelf {
			switch {
			case c < 0x20:
				n += 6
			case c == '"' || c == '\\':
				n += 2
			default:
				n++
			}
			i++
			continue
		}
		r, size := utf8.DecodeRuneInString(s[i:])
		if r == utf8.RuneError && size == 1 || r == '\u2028' || r == '\u2029' {
			n += 6
		} else {
			n += int64(size)
		}
		i += size
	}
	return n
}

// jsonArray is an answer written one element at a time, so that its size
// in memory is one element's whatever the number.
type jsonArray struct {
	n    int
	size int64 // estimated JSON size
	elem func(i int) any
	// appendElem, when set, appends element i's JSON in place of elem, for
	// elements i = 0, 1, ... in turn.
	appendElem func(b []byte, i int) []byte
}

// apiSlots returns the semaphore of API requests in flight.
func (s *Server) apiSlots() chan struct{} {
	s.slotsOnce.Do(func() {
		n := s.maxInFlight
		if n <= 0 {
			n = DefaultMaxAPIInFlight
		}
		s.slots = make(chan struct{}, n)
	})
	return s.slots
}

// admitPost answers what every POST endpoint answers first: 405 for another
// method, 503 with Retry-After when no turn comes (enter). When ok, the
// caller serves the request and then calls release.
func (s *Server) admitPost(w http.ResponseWriter, r *http.Request) (release func(), ok bool) {
	if r.Method != http.MethodPost {
		writeCodedError(w, http.StatusMethodNotAllowed, r.URL.Path+" takes POST", "POST", message("method"))
		return nil, false
	}
	release, ok = s.enter(r)
	if !ok {
		w.Header().Set("Retry-After", "1")
		writeCodedError(w, http.StatusServiceUnavailable, fmt.Sprintf("busy: %d API requests are being served; retry shortly", cap(s.apiSlots())), "", message("busy"))
	}
	return release, ok
}

// enter waits for a turn to serve an API request: at most queueWait, or
// until the client goes away.
func (s *Server) enter(r *http.Request) (release func(), ok bool) {
	slots := s.apiSlots()
	select {
	case slots <- struct{}{}:
		return func() { <-slots }, true
	default:
	}
	t := time.NewTimer(queueWait)
	defer t.Stop()
	select {
	case slots <- struct{}{}:
		return func() { <-slots }, true
	case <-t.C:
	case <-r.Context().Done():
	}
	return nil, false
}

// writeArray writes a jsonArray with status 200, gzip-compressed on the fly
// when the client accepts it and the answer is large enough to gain.
func writeArray(w http.ResponseWriter, r *http.Request, a *jsonArray) {
	h := w.Header()
	h.Set("Content-Type", "application/json; charset=utf-8")
	var out io.Writer = w
	if a.size > 1024 {
		h.Add("Vary", "Accept-Encoding")
		if acceptsGzip(r) {
			h.Set("Content-Encoding", "gzip")
			zw, _ := gzip.NewWriterLevel(w, 5)
			defer zw.Close()
			out = zw
		}
	}
	w.WriteHeader(http.StatusOK)
	if r.Method == http.MethodHead {
		return
	}
	bw := bufio.NewWriterSize(out, 32<<10)
	defer bw.Flush()
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	bw.WriteByte('[')
	if a.appendElem != nil {
		var line []byte
		for i := range a.n {
			line = line[:0]
			if i > 0 {
				line = append(line, ',')
			}
			line = a.appendElem(line, i)
			if _, err := bw.Write(line); err != nil {
				return // the client went away
			}
		}
		bw.WriteString("]\n")
		return
	}
	for i := range a.n {
		b.Reset()
		if err := enc.Encode(a.elem(i)); err != nil {
			return // cannot happen for these types; the client sees a cut answer
		}
		if i > 0 {
			bw.WriteByte(',')
		}
		if _, err := bw.Write(bytes.TrimSuffix(b.Bytes(), []byte("\n"))); err != nil {
			return // the client went away
		}
	}
	bw.WriteString("]\n")
}

func checkItem(field string, i int, v string) error {
	switch {
	case strings.TrimSpace(v) == "":
		return badRequest("%s[%d] is empty", field, i)
	case len(v) > maxItem:
		return badRequest("%s[%d] is %d bytes long (at most %d)", field, i, len(v), maxItem)
	}
	return nil
}

// writeJSON writes v as JSON, gzip-compressed when the client accepts it and
// the body is large enough to gain.
func writeJSON(w http.ResponseWriter, r *http.Request, status int, v any) {
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(v); err != nil {
		writeError(w, http.StatusInternalServerError, "encoding the answer: "+err.Error(), "")
		return
	}
	if b.Len() > MaxAnswer {
		writeError(w, http.StatusRequestEntityTooLarge, fmt.Sprintf("the answer is %d MB, over the %d MB limit: send a smaller request", b.Len()>>20, MaxAnswer>>20), "")
		return
	}
	h := w.Header()
	h.Set("Content-Type", "application/json; charset=utf-8")
	body := b.Bytes()
	if len(body) > 1024 {
		h.Add("Vary", "Accept-Encoding")
		if acceptsGzip(r) {
			if gz, err := gzipBytes(body); err == nil {
				h.Set("Content-Encoding", "gzip")
				body = gz
			}
		}
	}
	h.Set("Content-Length", strconv.Itoa(len(body)))
	w.WriteHeader(status)
	if r.Method != http.MethodHead {
		w.Write(body)
	}
}

// writeError writes {"error": msg} with the status, and an Allow header for
// 405.
func writeError(w http.ResponseWriter, status int, msg, allow string) {
	h := w.Header()
	if allow != "" {
		h.Set("Allow", allow)
	}
	h.Del("Content-Encoding")
	h.Set("Content-Type", "application/json; charset=utf-8")
	h.Set("Cache-Control", "no-store")
	b, _ := json.Marshal(map[string]string{"error": msg})
	w.WriteHeader(status)
	w.Write(append(b, '\n'))
}

func gzipBytes(b []byte) ([]byte, error) {
	var out bytes.Buffer
	zw, err := gzip.NewWriterLevel(&out, 5)
	if err != nil {
		return nil, err
	}
	if _, err := zw.Write(b); err != nil {
		return nil, err
	}
	if err := zw.Close(); err != nil {
		return nil, err
	}
	return out.Bytes(), nil
}
