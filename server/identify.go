package server

import (
	"bytes"
	"encoding/json"
	"net/http"
	"net/url"
	"time"

	"github.com/robotstxt/robotstxt"
	"github.com/robotstxt/robotstxt/httpsig"
	"github.com/robotstxt/robotstxt/httpsig/botauth"
)

// identifyRequest is the body of POST /api/v1/identify: one request as a
// site received it (method, URL with the Host it was sent to, header
// fields), when, and optionally the robots.txt in force.
type identifyRequest struct {
	Method  string            `json:"method"`
	URL     string            `json:"url"`
	Headers map[string]string `json:"headers"`
	Time    string            `json:"time"`
	Robots  *string           `json:"robots"`
}

// maxIdentifyHeaders bounds the header fields of one identify request.
const maxIdentifyHeaders = 32

// apiIdentify is POST /api/v1/identify: what the request proves (its Web
// Bot Auth signature checked against the server's key directories, at the
// request's time) and what robots.txt says of it: botauth.Result, the
// answer the middleware gives a Go handler.
func (s *Server) apiIdentify(w http.ResponseWriter, r *http.Request) {
	w.Header().Set("Cache-Control", "no-store")
	release, ok := s.admitPost(w, r)
	if !ok {
		return
	}
	defer release()
	res, err := s.identify(w, r)
	if err == nil {
		writeJSON(w, r, http.StatusOK, res)
		return
	}
	writeFailure(w, err)
}

func (s *Server) identify(w http.ResponseWriter, r *http.Request) (*botauth.Result, error) {
	body, err := s.readBody(w, r)
	if err != nil {
		return nil, err
	}
	dec := json.NewDecoder(bytes.NewReader(body))
	dec.DisallowUnknownFields()
	var req identifyRequest
	if err := dec.Decode(&req); err != nil {
		return nil, badRequest("the body is not an identify request: %s (want {\"method\": \"GET\", \"url\": \"https://site.example/page\", \"headers\": {...}, \"time\": \"RFC 3339\", \"robots\": \"...\"})", jsonError(err))
	}
	if dec.More() {
		return nil, badRequest("the body holds more than one JSON value")
	}
	u, err := url.Parse(req.URL)
	if err != nil || (u.Scheme != "https" && u.Scheme != "http") || u.Host == "" {
		return nil, badRequest("\"url\" must be the request's absolute http or https URL (the host the signature covers), not %q", req.URL)
	}
	if req.Method == "" {
		req.Method = http.MethodGet
	}
	if len(req.Headers) > maxIdentifyHeaders {
		return nil, badRequest("%d header fields, at most %d", len(req.Headers), maxIdentifyHeaders)
	}
	hr, err := http.NewRequest(req.Method, req.URL, nil)
	if err != nil {
		return nil, badRequest("method %q: %v", req.Method, err)
	}
	for k, v := range req.Headers {
		if len(v) > httpsig.MaxFieldSize {
			return nil, badRequest("header %q longer than %d bytes", k, httpsig.MaxFieldSize)
		}
		hr.Header.Set(k, v)
	}
	at := time.Now()
	if req.Time != "" {
		if at, err = time.Parse(time.RFC3339, req.Time); err != nil {
			return nil, badRequest("\"time\" must be RFC 3339 (2026-11-20T10:00:05Z), not %q", req.Time)
		}
	}
	opts := botauth.Options{Keys: s.keys}
	if req.Robots != nil {
		rb := robotstxt.ParseString(*req.Robots)
		opts.Robots = func(*http.Request) *robotstxt.Robots { return rb }
	}
	res := botauth.CheckAt(hr, at, opts)
	return &res, nil
}
