package server

// "Fetch from a site": with "robotstxt serve --allow-fetch" the page may ask
// this server to fetch the public robots.txt of an origin the user names.
// The server fetches it as a crawler must (the fetch package: exact origin,
// redirects with every hop, status semantics, size and time bounds) and
// behind the destination guard, so that a page user cannot make the server
// reach loopback, private or link-local addresses. What the user typed in
// the editor is never sent: only the origin is.

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"mime"
	"net/http"
	"sync"
	"time"

	"github.com/robotstxt/robotstxt/fetch"
)

// FetchOptions turn on POST /api/v1/fetch.
type FetchOptions struct {
	// Fetcher fetches the files; its Guard decides which addresses may be
	// reached (nil: public addresses only).
	Fetcher *fetch.Fetcher
	// Reuse is how long an answer for one origin is reused, so that a page
	// cannot make the server fetch one site again and again; 0 means one
	// minute.
	Reuse time.Duration
}

// maxFetchRemembered bounds the answers kept for reuse.
const maxFetchRemembered = 256

// fetcher serves POST /api/v1/fetch.
type fetcher struct {
	opts FetchOptions
	mu   sync.Mutex
	seen map[string]fetchSeen // by origin
}

type fetchSeen struct {
	at  time.Time
	ans *fetchAnswer
}

// fetchAnswer is what the page shows: the fetch's outcome as the fetch
// package records it (status, redirect chain, the file's bytes, base64 in
// JSON) with the lifetimes in seconds, as Search Console shows a fetch.
type fetchAnswer struct {
	*fetch.Policy
	MaxAgeSeconds     float64 `json:"maxAgeSeconds"`
	RetryAfterSeconds float64 `json:"retryAfterSeconds,omitempty"`
	Reused            bool    `json:"reused,omitempty"`
	// Problem is what went wrong, by code (messages.go).
	Problem *Message `json:"problem,omitempty"`
}

// apiConfig tells the page what this server offers: GET /api/v1/config.
func (s *Server) apiConfig(w http.ResponseWriter, r *http.Request) {
	w.Header().Set("Cache-Control", "no-store")
	if r.Method != http.MethodGet && r.Method != http.MethodHead {
		writeError(w, http.StatusMethodNotAllowed, r.URL.Path+" takes GET", "GET")
		return
	}
	writeJSON(w, r, http.StatusOK, map[string]bool{"allowFetch": s.fetch != nil})
}

// fetchRequest reads the {"url": "..."} of a fetch endpoint (what names
// what is fetched, and an example URL for the error), having answered the
// refusals itself: 404 when the server does not fetch, the POST limits,
// 415 for anything but JSON (a cross-site form cannot send it without a
// preflight that this server does not answer), 400 for another body. The
// caller calls release when done.
func (s *Server) fetchRequest(w http.ResponseWriter, r *http.Request, what, example string) (target string, release func(), ok bool) {
	w.Header().Set("Cache-Control", "no-store")
	if s.fetch == nil {
		writeCodedError(w, http.StatusNotFound, "this server does not fetch "+what+": start it with \"robotstxt serve --allow-fetch\"", "", message("fetch-off"))
		return "", nil, false
	}
	release, ok = s.admitPost(w, r)
	if !ok {
		return "", nil, false
	}
	if mt, _, _ := mime.ParseMediaType(r.Header.Get("Content-Type")); mt != "application/json" {
		writeCodedError(w, http.StatusUnsupportedMediaType, "send {\"url\": ...} as application/json", "", message("media-type"))
		release()
		return "", nil, false
	}
	var req struct {
		URL string `json:"url"`
	}
	dec := json.NewDecoder(io.LimitReader(r.Body, 16<<10))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&req); err != nil {
		writeCodedError(w, http.StatusBadRequest, "bad request body: want {\"url\": \""+example+"\"}", "", message("bad-body"))
		release()
		return "", nil, false
	}
	return req.URL, release, true
}

// apiFetch fetches the robots.txt of the origin of {"url": "..."}.
func (s *Server) apiFetch(w http.ResponseWriter, r *http.Request) {
	target, release, ok := s.fetchRequest(w, r, "robots.txt files", "https://example.com/")
	if !ok {
		return
	}
	defer release()
	ans, err := s.fetch.get(r.Context(), target)
	if err != nil {
		var ce *codedError
		if !errors.As(err, &ce) {
			ce = &codedError{err.Error(), message("ended")}
		}
		writeCodedError(w, http.StatusBadRequest, err.Error(), "", ce.Message)
		return
	}
	writeJSON(w, r, http.StatusOK, ans)
}

func (f *fetcher) get(ctx context.Context, rawURL string) (*fetchAnswer, error) {
	origin, err := fetch.Origin(rawURL)
	if err != nil {
		return nil, &codedError{fmt.Sprintf("%q is not a site's address: give a URL such as https://example.com/ (%v)", rawURL, err), message("bad-address", "url", rawURL)}
	}
	reuse := f.opts.Reuse
	if reuse <= 0 {
		reuse = time.Minute
	}
	f.mu.Lock()
	if e, ok := f.seen[origin]; ok && time.Since(e.at) < reuse {
		f.mu.Unlock()
		ans := *e.ans
		ans.Reused = true
		return &ans, nil
	}
	f.mu.Unlock()
	p, err := f.opts.Fetcher.Fetch(ctx, origin+"/")
	if err != nil {
		var fe *fetch.Error
		if errors.As(err, &fe) && fe.Op == "origin" {
			return nil, &codedError{fmt.Sprintf("%q is not a site's address: %v", rawURL, fe.Err), message("bad-address", "url", rawURL)}
		}
		return nil, err // the request ended
	}
	ans := &fetchAnswer{Policy: p, MaxAgeSeconds: max(p.MaxAge, 0).Seconds(), RetryAfterSeconds: p.RetryAfter.Seconds(), Problem: problemOf(p)}
	f.mu.Lock()
	if len(f.seen) >= maxFetchRemembered {
		clear(f.seen)
	}
	f.seen[origin] = fetchSeen{at: time.Now(), ans: ans}
	f.mu.Unlock()
	return ans, nil
}
