package server

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"log"
	"log/slog"
	"net"
	"net/http"
	"slices"
	"strconv"
	"strings"
	"sync"
	"time"

	"golang.org/x/net/netutil"

	"github.com/robotstxt/robotstxt/fetch"
	"github.com/robotstxt/robotstxt/httpsig"
	"github.com/robotstxt/robotstxt/web"
)

// DefaultMaxBody is the default limit on API request bodies: room for a
// robots.txt at the 500 KiB parse limit even when JSON escaping doubles it.
const DefaultMaxBody = 2 << 20

// Options configure a Server. The zero value is usable.
type Options struct {
	// Log receives one line per request; nil means no log.
	Log io.Writer
	// MaxBody limits API request bodies; 0 means DefaultMaxBody.
	MaxBody int64
	// Site is the page to serve; nil means the embedded one (web.Load).
	Site *web.Site
	// Gate, when set, adds the decision service (server/gate.go).
	Gate *GateOptions
	// Logger, when set, receives one structured event per request (in
	// place of Log's lines).
	Logger *slog.Logger
	// MaxAPIInFlight bounds the parse, check and lint requests served at
	// once (api.go); 0 means DefaultMaxAPIInFlight.
	MaxAPIInFlight int
	// Fetch, when set, lets the page ask for a site's robots.txt
	// (POST /api/v1/fetch, fetch.go).
	Fetch *FetchOptions
	// MaxConns bounds the connections served at once (Serve); more wait
	// in the listen queue. 0 means DefaultMaxConns.
	MaxConns int
	// Keys are the Web Bot Auth key directories POST /api/v1/identify
	// checks signatures against (identify.go); nil leaves signed requests
	// unverifiable.
	Keys httpsig.Keys
}

// DefaultMaxConns is the default of Options.MaxConns; with MaxHeaderBytes
// it bounds the memory that idle or slow connections can take.
const DefaultMaxConns = 512

// MaxHeaderBytes bounds a request's header lines (431 beyond it).
const MaxHeaderBytes = 64 << 10

// Server serves the page and the API. It is an http.Handler.
type Server struct {
	site    *web.Site
	maxBody int64
	log     io.Writer
	slog    *slog.Logger
	logMu   sync.Mutex
	mux     *http.ServeMux

	fetch *fetcher // nil unless Options.Fetch is set

	maxInFlight int
	slotsOnce   sync.Once
	slots       chan struct{} // API requests in flight (api.go)
	maxConns    int
	gateSvc     *gateService // nil without Options.Gate
	keys        httpsig.Keys
}

// New returns a Server.
func New(opts Options) (*Server, error) {
	s := &Server{site: opts.Site, maxBody: opts.MaxBody, log: opts.Log, slog: opts.Logger, maxInFlight: opts.MaxAPIInFlight, maxConns: opts.MaxConns}
	if s.maxConns <= 0 {
		s.maxConns = DefaultMaxConns
	}
	if s.site == nil {
		site, err := web.Load()
		if err != nil {
			return nil, fmt.Errorf("loading the embedded page: %w", err)
		}
		s.site = site
	}
	if s.maxBody <= 0 {
		s.maxBody = DefaultMaxBody
	}
	s.mux = http.NewServeMux()
	s.mux.HandleFunc("/{$}", s.page)
	s.mux.HandleFunc("/index.html", s.page)
	s.mux.HandleFunc("/v/", s.page)
	s.mux.HandleFunc("/robots.txt", s.robots)
	s.mux.HandleFunc("/healthz", s.health)
	s.mux.HandleFunc("/api/v1/diff", s.apiDiff) // diff.go
	s.keys = opts.Keys
	s.mux.HandleFunc("/api/v1/identify", s.apiIdentify) // identify.go
	if opts.Fetch != nil {
		s.fetch = &fetcher{opts: *opts.Fetch, seen: map[string]fetchSeen{}}
		if s.fetch.opts.Fetcher == nil {
			s.fetch.opts.Fetcher = &fetch.Fetcher{}
		}
	}
	s.mux.HandleFunc("/api/v1/fetch", s.apiFetch)     // fetch.go
	s.mux.HandleFunc("/api/v1/config", s.apiConfig)   // fetch.go
	s.mux.HandleFunc("/api/v1/sitemap", s.apiSitemap) // fetch_sitemap.go
	s.mux.HandleFunc("/api/", s.api)
	s.routeGate(opts.Gate)
	s.mux.HandleFunc("/", s.notFound)
	return s, nil
}

// ServeHTTP adds the security headers every response carries, serves the
// request and logs it.
func (s *Server) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	start := time.Now()
	h := w.Header()
	h.Set("Content-Security-Policy", web.ContentSecurityPolicy)
	h.Set("X-Content-Type-Options", "nosniff")
	h.Set("Referrer-Policy", "no-referrer")
	h.Set("X-Frame-Options", "DENY")
	h.Set("Cross-Origin-Opener-Policy", "same-origin")
	h.Set("Cross-Origin-Resource-Policy", "same-origin")
	rec := &recorder{ResponseWriter: w, status: http.StatusOK}
	s.mux.ServeHTTP(rec, r)
	if s.slog != nil {
		s.slog.Info("request", "client", clientIP(r), "method", r.Method, "path", logPath(r.URL.Path),
			"status", rec.status, "bytes", rec.bytes, "duration", roundDuration(time.Since(start)).String())
	} else if s.log != nil {
		s.logMu.Lock()
		fmt.Fprintf(s.log, "%s %s %s %s %d %d %s\n", start.UTC().Format(time.RFC3339), clientIP(r), r.Method,
			logPath(r.URL.Path), rec.status, rec.bytes, roundDuration(time.Since(start)))
		s.logMu.Unlock()
	}
}

// logPath escapes a path so that a log line stays one line of printable
// text whatever the request.
func logPath(p string) string {
	q := strconv.Quote(p)
	return q[1 : len(q)-1]
}

func clientIP(r *http.Request) string {
	if host, _, err := net.SplitHostPort(r.RemoteAddr); err == nil {
		return host
	}
	return r.RemoteAddr
}

func roundDuration(d time.Duration) time.Duration {
	switch {
	case d > time.Second:
		return d.Round(time.Millisecond)
	case d > time.Millisecond:
		return d.Round(10 * time.Microsecond)
	}
	return d.Round(time.Microsecond)
}

// recorder remembers the status and size of a response for the log.
type recorder struct {
	http.ResponseWriter
	status int
	bytes  int64
	wrote  bool
}

func (r *recorder) WriteHeader(code int) {
	if !r.wrote {
		r.status, r.wrote = code, true
	}
	r.ResponseWriter.WriteHeader(code)
}

func (r *recorder) Write(b []byte) (int, error) {
	r.wrote = true
	n, err := r.ResponseWriter.Write(b)
	r.bytes += int64(n)
	return n, err
}

func (r *recorder) Unwrap() http.ResponseWriter { return r.ResponseWriter }

// page serves index.html and the versioned assets.
func (s *Server) page(w http.ResponseWriter, r *http.Request) {
	if r.Method != http.MethodGet && r.Method != http.MethodHead {
		w.Header().Set("Allow", "GET, HEAD")
		http.Error(w, "405 method not allowed", http.StatusMethodNotAllowed)
		return
	}
	p := strings.TrimPrefix(r.URL.Path, "/")
	if p == "" {
		p = "index.html"
	}
	f := s.site.Lookup(p)
	if f == nil {
		s.notFound(w, r)
		return
	}
	h := w.Header()
	h.Set("Content-Type", f.ContentType)
	if f.Immutable {
		h.Set("Cache-Control", "public, max-age=31536000, immutable")
	} else {
		h.Set("Cache-Control", "no-cache")
	}
	body, etag := f.Data, f.ETag
	if f.Gzip != nil || f.Brotli != nil {
		h.Add("Vary", "Accept-Encoding")
		// Brotli first: the module is a third smaller than with gzip.
		switch {
		case f.Brotli != nil && accepts(r, "br"):
			h.Set("Content-Encoding", "br")
			body, etag = f.Brotli, strings.TrimSuffix(f.ETag, `"`)+`-br"`
		case f.Gzip != nil && accepts(r, "gzip", "x-gzip"):
			h.Set("Content-Encoding", "gzip")
			body, etag = f.Gzip, strings.TrimSuffix(f.ETag, `"`)+`-gzip"`
		}
	}
	h.Set("ETag", etag)
	// ServeContent answers If-None-Match with 304, and HEAD and ranges.
	http.ServeContent(w, r, "", time.Time{}, bytes.NewReader(body))
}

// acceptsGzip reports whether the request's Accept-Encoding allows gzip.
func acceptsGzip(r *http.Request) bool { return accepts(r, "gzip", "x-gzip") }

// accepts reports whether the request's Accept-Encoding allows one of the
// codings (or "*").
func accepts(r *http.Request, codings ...string) bool {
	for _, v := range r.Header.Values("Accept-Encoding") {
		for part := range strings.SplitSeq(v, ",") {
			name, params, _ := strings.Cut(strings.TrimSpace(part), ";")
			name = strings.ToLower(strings.TrimSpace(name))
			if name != "*" && !slices.Contains(codings, name) {
				continue
			}
			q := strings.ReplaceAll(strings.ToLower(params), " ", "")
			if q == "q=0" || q == "q=0.0" || q == "q=0.00" || q == "q=0.000" {
				continue
			}
			return true
		}
	}
	return false
}

// robots is the server's own robots.txt: the page is welcome, the API is
// not for crawlers.
func (s *Server) robots(w http.ResponseWriter, r *http.Request) {
	w.Header().Set("Content-Type", "text/plain; charset=utf-8")
	w.Header().Set("Cache-Control", "public, max-age=86400")
	if r.Method == http.MethodHead {
		return
	}
	io.WriteString(w, "User-agent: *\nDisallow: /api/\n")
}

func (s *Server) health(w http.ResponseWriter, r *http.Request) {
	if r.Method != http.MethodGet && r.Method != http.MethodHead {
		writeError(w, http.StatusMethodNotAllowed, "use GET /healthz", "GET, HEAD")
		return
	}
	w.Header().Set("Cache-Control", "no-store")
	writeJSON(w, r, http.StatusOK, map[string]string{"status": "ok"})
}

func (s *Server) notFound(w http.ResponseWriter, r *http.Request) {
	w.Header().Set("Cache-Control", "no-cache")
	http.Error(w, "404 page not found", http.StatusNotFound)
}

// Serve serves on ln until ctx is cancelled, then shuts down gracefully:
// it stops accepting connections and waits up to five seconds for the
// requests in flight. It returns nil after a clean shutdown.
func (s *Server) Serve(ctx context.Context, ln net.Listener) error {
	srv := &http.Server{
		Handler:           s,
		ReadHeaderTimeout: 10 * time.Second,
		ReadTimeout:       30 * time.Second,
		WriteTimeout:      60 * time.Second,
		IdleTimeout:       120 * time.Second,
		MaxHeaderBytes:    MaxHeaderBytes,
	}
	ln = netutil.LimitListener(ln, s.maxConns)
	if s.log != nil {
		srv.ErrorLog = log.New(logWriter{s}, "", log.LstdFlags|log.LUTC)
	}
	done := make(chan error, 1)
	go func() {
		<-ctx.Done()
		sctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), 5*time.Second)
		defer cancel()
		done <- srv.Shutdown(sctx)
	}()
	err := srv.Serve(ln)
	if errors.Is(err, http.ErrServerClosed) {
		return <-done
	}
	return err
}

// logWriter sends the http.Server's own messages (TLS handshakes, panics
// in handlers) to the request log.
type logWriter struct{ s *Server }

func (lw logWriter) Write(b []byte) (int, error) {
	lw.s.logMu.Lock()
	defer lw.s.logMu.Unlock()
	return lw.s.log.Write(b)
}
