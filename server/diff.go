package server

import (
	"bytes"
	"encoding/json"
	"net/http"

	"github.com/robotstxt/robotstxt"
	"github.com/robotstxt/robotstxt/diff"
)

// diffRequest is the body of POST /api/v1/diff: two versions of a file,
// and optionally the crawlers and URLs to compare (see diff.Options).
type diffRequest struct {
	Old    *string  `json:"old"`
	New    *string  `json:"new"`
	Agents []string `json:"agents"`
	URLs   []string `json:"urls"`
	// Fallback applies crawlers' documented fallbacks (the default);
	// false gives the plain RFC 9309 answer.
	Fallback *bool `json:"fallback"`
}

// apiDiff is POST /api/v1/diff: what changed between two versions of a
// robots.txt (diff.Result). Without urls, the probe URLs of both files are
// compared; the probe search is bounded, so the work is too.
func (s *Server) apiDiff(w http.ResponseWriter, r *http.Request) {
	w.Header().Set("Cache-Control", "no-store")
	release, ok := s.admitPost(w, r)
	if !ok {
		return
	}
	defer release()
	res, err := s.diff(w, r)
	if err == nil {
		writeJSON(w, r, http.StatusOK, res)
		return
	}
	writeFailure(w, err)
}

func (s *Server) diff(w http.ResponseWriter, r *http.Request) (*diff.Result, error) {
	body, err := s.readBody(w, r)
	if err != nil {
		return nil, err
	}
	dec := json.NewDecoder(bytes.NewReader(body))
	dec.DisallowUnknownFields()
	var req diffRequest
	if err := dec.Decode(&req); err != nil {
		return nil, badRequest("the body is not a diff request: %s (want {\"old\": \"...\", \"new\": \"...\", \"agents\": [...], \"urls\": [...]})", jsonError(err))
	}
	if dec.More() {
		return nil, badRequest("the body holds more than one JSON value")
	}
	if req.Old == nil || req.New == nil {
		return nil, badRequest("give both \"old\" and \"new\": the two versions of the robots.txt")
	}
	if len(req.Agents) > MaxAgents {
		return nil, badRequest("%d agents, at most %d", len(req.Agents), MaxAgents)
	}
	if len(req.URLs) > MaxURLs {
		return nil, badRequest("%d urls, at most %d", len(req.URLs), MaxURLs)
	}
	for i, a := range req.Agents {
		if err := checkItem("agents", i, a); err != nil {
			return nil, err
		}
	}
	for i, u := range req.URLs {
		if err := checkItem("urls", i, u); err != nil {
			return nil, err
		}
	}
	old, new := robotstxt.ParseString(*req.Old), robotstxt.ParseString(*req.New)
	return diff.Compare(old, new, &diff.Options{
		Agents:     req.Agents,
		URLs:       req.URLs,
		NoFallback: req.Fallback != nil && !*req.Fallback,
	}), nil
}
