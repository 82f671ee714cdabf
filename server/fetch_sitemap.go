package server

// Sitemaps for the page: with "robotstxt serve --allow-fetch", the page may
// ask this server to fetch a sitemap (the one the user names, then the
// sitemaps an index lists, each one request) and reads it itself, in its
// worker, with the sitemap package compiled to WebAssembly. The server only
// fetches: through the destination guard, following redirects, within the
// fetcher's time bounds, and at most sitemap.DefaultMaxBytes bytes, which
// it passes on as they come (Content-Encoding undone, a .gz file as it
// is). How many sitemaps one reading fetches is the page's bound (50).

import (
	"errors"
	"io"
	"net/http"

	"github.com/robotstxt/robotstxt/fetch"
	"github.com/robotstxt/robotstxt/sitemap"
)

// maxSitemapBody is how many bytes of a sitemap are passed on: what the
// reader reads of one file at most, plus one so that it sees the excess.
// A variable for the tests.
var maxSitemapBody int64 = sitemap.DefaultMaxBytes + 1

// apiSitemap fetches the sitemap of {"url": "..."} and answers its body,
// or an error in JSON: 400 for a URL that is not one, 502 for a fetch
// that failed (the site's 404, a refused address, a timeout).
func (s *Server) apiSitemap(w http.ResponseWriter, r *http.Request) {
	target, release, ok := s.fetchRequest(w, r, "sitemaps", "https://example.com/sitemap.xml")
	if !ok {
		return
	}
	defer release()
	if _, err := sitemap.CheckURL(target); err != nil {
		writeCodedError(w, http.StatusBadRequest, "not a sitemap's address: "+err.Error(), "", message("bad-sitemap-address", "url", target))
		return
	}
	doc, err := s.fetch.opts.Fetcher.Open(r.Context(), target)
	if err != nil {
		problem := sitemapProblem(err)
		var fe *fetch.Error
		if errors.As(err, &fe) {
			err = fe.Err
		}
		writeCodedError(w, http.StatusBadGateway, err.Error(), "", problem)
		return
	}
	defer doc.Body.Close()
	h := w.Header()
	// The body is data for the page's reader, never a document to render.
	h.Set("Content-Type", "application/octet-stream")
	h.Set("Content-Disposition", "attachment")
	w.WriteHeader(http.StatusOK)
	// A body that breaks halfway ends the response early: the page sees
	// a stream cut short and reports the sitemap truncated.
	io.Copy(w, io.LimitReader(doc.Body, maxSitemapBody)) //nolint:errcheck // nothing more can be said to the page
}
