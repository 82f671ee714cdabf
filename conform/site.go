package conform

import (
	"crypto/tls"
	"fmt"
	"html"
	"io"
	"log"
	"net"
	"net/http"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/robotstxt/robotstxt"
)

// DefaultLifetime bounds a site whose Options give none.
const DefaultLifetime = 10 * time.Minute

// Options configure a site.
type Options struct {
	// Agent is the crawler's product token, which the group checks write
	// into robots.txt (required).
	Agent string
	// Lifetime: the site closes itself after it (default DefaultLifetime).
	Lifetime time.Duration
	// SameAddress puts every origin on 127.0.0.1 (on ports of their own),
	// for systems that cannot bind other loopback addresses.
	SameAddress bool
	// now is the clock of the records (tests).
	now func() time.Time
}

// Site is the running test site.
type Site struct {
	agent   string
	origins []*liveOrigin
	byName  map[string]*liveOrigin
	now     func() time.Time

	// cacert is the PEM of the certificate of the https origin.
	cacert []byte

	mu   sync.Mutex
	log  Log
	done chan struct{}
	once sync.Once
	stop *time.Timer
}

type liveOrigin struct {
	*origin
	url string
	ln  net.Listener
	srv *http.Server
	// robotsN counts this origin's /robots.txt requests (under Site.mu).
	robotsN int
}

// Start opens the site's origins on loopback. The site closes itself after
// opts.Lifetime; Close closes it earlier.
func Start(opts Options) (*Site, error) {
	if !robotstxt.IsProductToken(opts.Agent) {
		return nil, fmt.Errorf("conform: agent %q is not a product token (letters, '-' and '_')", opts.Agent)
	}
	if opts.Lifetime <= 0 {
		opts.Lifetime = DefaultLifetime
	}
	now := opts.now
	if now == nil {
		now = time.Now
	}
	origins, _ := catalogue()
	s := &Site{agent: opts.Agent, byName: map[string]*liveOrigin{}, now: now, done: make(chan struct{})}
	for i, o := range origins {
		if o.tlsOf != "" {
			if err := s.addTLS(o); err != nil {
				s.Close()
				return nil, fmt.Errorf("conform: %v", err)
			}
			continue
		}
		host := "127.0.0.1"
		if o.sharesAddr != "" {
			host, _, _ = net.SplitHostPort(s.byName[o.sharesAddr].ln.Addr().String())
		} else if !opts.SameAddress && o.name != "start" {
			host = fmt.Sprintf("127.0.0.%d", 2+i)
		}
		port := "0"
		if o.sharesPort != "" && host != "127.0.0.1" {
			_, port, _ = net.SplitHostPort(s.byName[o.sharesPort].ln.Addr().String())
		}
		ln, err := net.Listen("tcp", net.JoinHostPort(host, port))
		if err != nil && port != "0" {
			ln, err = net.Listen("tcp", net.JoinHostPort(host, "0"))
		}
		if err != nil && host != "127.0.0.1" && o.sharesAddr == "" {
			ln, err = net.Listen("tcp", "127.0.0.1:0")
		}
		if err != nil {
			s.Close()
			return nil, fmt.Errorf("conform: %v", err)
		}
		lo := &liveOrigin{origin: o, ln: ln, url: "http://" + ln.Addr().String()}
		lo.srv = &http.Server{Handler: s.handler(lo), ReadHeaderTimeout: 10 * time.Second, MaxHeaderBytes: 64 << 10}
		s.origins = append(s.origins, lo)
		s.byName[o.name] = lo
		s.log.Origins = append(s.log.Origins, Origin{Name: o.name, URL: lo.url, Check: o.check})
	}
	s.log.Format = LogFormat
	s.log.Agent = opts.Agent
	s.log.Start = s.URL()
	s.log.Started = now().UTC()
	for _, lo := range s.origins {
		if lo.srv != nil {
			go lo.srv.Serve(lo.ln)
		}
	}
	s.mu.Lock()
	s.stop = time.AfterFunc(opts.Lifetime, func() { s.Close() })
	s.mu.Unlock()
	return s, nil
}

// addTLS adds origin o, served with TLS on the address and port of the
// origin it names (RFC 9309 section 2.3: another scheme, the same host and
// port): that origin's listener now tells TLS connections from plain ones.
// The certificate is made for the address; CACert gives it.
func (s *Site) addTLS(o *origin) error {
	plain := s.byName[o.tlsOf]
	ip := plain.ln.Addr().(*net.TCPAddr).IP
	cert, pemBytes, err := newCert(ip, time.Now()) // the real clock: clients check it
	if err != nil {
		return err
	}
	s.cacert = pemBytes
	lo := &liveOrigin{origin: o, ln: plain.ln, url: "https://" + plain.ln.Addr().String()}
	plain.ln = newSniffListener(plain.ln, &tls.Config{Certificates: []tls.Certificate{cert}, MinVersion: tls.VersionTLS12})
	plainH, tlsH := plain.srv.Handler, s.handler(lo)
	plain.srv.Handler = http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.TLS != nil {
			tlsH.ServeHTTP(w, r)
		} else {
			plainH.ServeHTTP(w, r)
		}
	})
	// A crawler that does not trust the certificate ends its handshakes:
	// that is its result (not-exercised), not the operator's concern.
	plain.srv.ErrorLog = log.New(io.Discard, "", 0)
	s.origins = append(s.origins, lo)
	s.byName[o.name] = lo
	s.log.Origins = append(s.log.Origins, Origin{Name: o.name, URL: lo.url, Check: o.check})
	return nil
}

// CACert is the PEM of the certificate of the site's https origin: a
// crawler must trust it to reach that origin (SSL_CERT_FILE for Go and
// OpenSSL programs, wget --ca-certificate, NODE_EXTRA_CA_CERTS).
func (s *Site) CACert() []byte { return s.cacert }

// URL is the start page, which links every origin and every probe.
func (s *Site) URL() string { return s.byName["start"].url + "/" }

// SeedURLs lists the start page, each origin's index and every probe URL,
// for crawlers that take a list of URLs.
func (s *Site) SeedURLs() []string {
	urls := []string{s.URL()}
	for _, lo := range s.origins {
		if lo.name == "start" || len(lo.probes) == 0 {
			continue
		}
		urls = append(urls, lo.url+"/")
		for _, p := range lo.probes {
			urls = append(urls, lo.url+p)
		}
	}
	return urls
}

// Done is closed when the site has closed.
func (s *Site) Done() <-chan struct{} { return s.done }

// Close stops every origin and ends held requests. It is safe to call more
// than once.
func (s *Site) Close() error {
	s.once.Do(func() {
		s.mu.Lock()
		stop := s.stop
		s.mu.Unlock()
		if stop != nil {
			stop.Stop()
		}
		for _, lo := range s.origins {
			if lo.srv == nil {
				continue // served by another origin's server
			}
			// The listener too: Serve may not have taken it over yet.
			lo.ln.Close()
			lo.srv.Close()
		}
		s.mu.Lock()
		s.log.Ended = s.now().UTC()
		s.mu.Unlock()
		close(s.done) // last: Done means nothing answers any more
	})
	return nil
}

// Log returns a copy of what the site has recorded so far.
func (s *Site) Log() *Log {
	s.mu.Lock()
	defer s.mu.Unlock()
	l := s.log
	l.Origins = append([]Origin(nil), s.log.Origins...)
	l.Requests = append([]Request(nil), s.log.Requests...)
	return &l
}

// record appends a request to the log; it returns false when the log is
// full (the request is counted, not recorded).
func (s *Site) record(q Request) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if len(s.log.Requests) >= MaxRequests {
		s.log.Dropped++
		return
	}
	q.Seq = len(s.log.Requests) + 1
	q.Time = s.now().UTC()
	s.log.Requests = append(s.log.Requests, q)
}

// handler serves one origin: its robots paths as the catalogue says, its
// index page, its probes (small pages) and 404 for anything else.
func (s *Site) handler(lo *liveOrigin) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		path, query, _ := strings.Cut(r.RequestURI, "?")
		if !strings.HasPrefix(path, "/") { // absolute-form request line
			path, query = r.URL.EscapedPath(), r.URL.RawQuery
		}
		q := Request{Origin: lo.name, Method: r.Method, Path: path, Query: query, UserAgent: r.UserAgent()}
		if lo.isRobotsPath(path) && query == "" {
			s.serveRobots(w, r, lo, q)
			return
		}
		body, code := s.page(lo, path, query)
		q.Status = code
		s.record(q)
		w.Header().Set("Content-Type", "text/html; charset=utf-8")
		w.WriteHeader(code)
		if r.Method != http.MethodHead {
			w.Write([]byte(body))
		}
	})
}

func (s *Site) serveRobots(w http.ResponseWriter, r *http.Request, lo *liveOrigin, q Request) {
	var a answer
	if q.Path == "/robots.txt" {
		s.mu.Lock()
		n := lo.robotsN
		lo.robotsN++
		s.mu.Unlock()
		a = lo.robots(s.agent, q.UserAgent, n)
	} else {
		a = lo.extra[q.Path](s.agent)
	}
	q.Robots = lo.name
	if a.policyOf != "" {
		q.Robots = a.policyOf
	}
	q.Status = a.status
	switch {
	case a.hang:
		q.Answer = "hang"
	case a.reset:
		q.Answer = "reset"
	case a.status/100 == 2:
		q.Variant = a.variant
	}
	s.record(q)
	switch {
	case a.hang:
		// Held until the client gives up or the site closes.
		select {
		case <-r.Context().Done():
		case <-s.done:
		}
		return
	case a.reset:
		if hj, ok := w.(http.Hijacker); ok {
			if c, _, err := hj.Hijack(); err == nil {
				if tc, ok := c.(*net.TCPConn); ok {
					tc.SetLinger(0)
				}
				c.Close()
			}
		}
		return
	}
	h := w.Header()
	h.Set("Content-Type", "text/plain; charset=utf-8")
	for _, kv := range a.header {
		h.Set(kv[0], kv[1])
	}
	body := a.body
	if a.status/100 == 2 {
		owner := s.byName[q.Robots]
		body = owner.policy(s.agent, a.variant)
	}
	if a.redirectPath != "" {
		base := lo.url
		if a.redirectOrigin != "" {
			base = s.byName[a.redirectOrigin].url
		}
		h.Set("Location", base+a.redirectPath)
		body = ""
	}
	h.Set("Content-Length", strconv.Itoa(len(body)))
	w.WriteHeader(a.status)
	if r.Method != http.MethodHead {
		w.Write([]byte(body))
	}
}

// page is the HTML of a non-robots path: the start page links every origin
// and probe, an origin's index its own probes, a probe is a leaf.
func (s *Site) page(lo *liveOrigin, path, query string) (string, int) {
	uri := path
	if query != "" {
		uri += "?" + query
	}
	var b strings.Builder
	b.WriteString("<!doctype html><html><head><meta charset=\"utf-8\"><title>conform</title></head><body>\n")
	link := func(href string) {
		fmt.Fprintf(&b, "<a href=\"%s\">%s</a><br>\n", html.EscapeString(href), html.EscapeString(href))
	}
	switch {
	case path == "/" && lo.name == "start":
		b.WriteString("<h1>robotstxt conform: the test site</h1>\n")
		for _, o := range s.origins {
			if o.name == "start" || len(o.probes) == 0 {
				continue
			}
			link(o.url + "/")
			for _, p := range o.probes {
				link(o.url + p)
			}
		}
	case path == "/":
		fmt.Fprintf(&b, "<h1>%s</h1>\n", html.EscapeString(lo.name))
		for _, p := range lo.probes {
			link(p)
		}
	case isProbe(lo.origin, uri):
		fmt.Fprintf(&b, "<p>%s %s</p>\n", html.EscapeString(lo.name), html.EscapeString(uri))
	default:
		b.WriteString("<p>not found</p></body></html>\n")
		return b.String(), http.StatusNotFound
	}
	b.WriteString("</body></html>\n")
	return b.String(), http.StatusOK
}

// isProbe reports whether uri is one of o's probes in any encoding.
func isProbe(o *origin, uri string) bool {
	n := robotstxt.NormalizePath(uri)
	for _, p := range o.probes {
		if robotstxt.NormalizePath(p) == n {
			return true
		}
	}
	return false
}
