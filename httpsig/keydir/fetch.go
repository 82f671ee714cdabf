package keydir

import (
	"context"
	"crypto/tls"
	"errors"
	"fmt"
	"io"
	"mime"
	"net"
	"net/http"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/robotstxt/robotstxt/httpsig"
	"github.com/robotstxt/robotstxt/netguard"
)

// ErrFetch wraps every failure to get a directory.
var ErrFetch = errors.New("keydir: fetch")

// Snapshot is a directory as fetched at a time.
type Snapshot struct {
	URL       string
	FetchedAt time.Time
	Directory *httpsig.Directory
	Raw       []byte

	freshUntil   time.Time // HTTP freshness (RFC 9111 section 4.2)
	etag, lastMo string
}

// Client returns an HTTP client whose every connection passes guard (nil:
// netguard's default, no loopback or private address), with timeout
// bounding each request. tlsConfig, when not nil, is the TLS configuration
// (tests trust their loopback server's certificate with it).
func Client(guard *netguard.Policy, timeout time.Duration, tlsConfig *tls.Config) *http.Client {
	d := guard.Dialer(&net.Dialer{Timeout: timeout})
	return &http.Client{Timeout: timeout, Transport: &http.Transport{
		DialContext:            d.DialContext,
		TLSClientConfig:        tlsConfig,
		TLSHandshakeTimeout:    timeout,
		MaxResponseHeaderBytes: 64 << 10,
	}}
}

// Fetcher fetches directories and keeps them as HTTP caching allows. It is
// safe for concurrent use.
type Fetcher struct {
	Client    *http.Client // Client(nil, ...) when nil
	UserAgent string
	Now       func() time.Time

	mu    sync.Mutex
	cache map[string]*Snapshot
}

func (f *Fetcher) now() time.Time {
	if f.Now != nil {
		return f.Now()
	}
	return time.Now()
}

// Fetch returns the directory at url (an https URL; see
// httpsig.DirectoryURL): the cached one while fresh, else fetched or
// revalidated.
func (f *Fetcher) Fetch(ctx context.Context, url string) (*Snapshot, error) {
	if u, err := httpsig.DirectoryURL(url); err != nil || u != url {
		return nil, fmt.Errorf("%w: %q is not a directory URL", ErrFetch, url)
	}
	f.mu.Lock()
	cached := f.cache[url]
	f.mu.Unlock()
	now := f.now()
	if cached != nil && now.Before(cached.freshUntil) {
		return cached, nil
	}
	s, err := f.get(ctx, url, cached, now)
	if err != nil {
		return nil, err
	}
	f.mu.Lock()
	if f.cache == nil {
		f.cache = map[string]*Snapshot{}
	}
	if s.freshUntil.After(now) || s.etag != "" || s.lastMo != "" {
		f.cache[url] = s
	} else {
		delete(f.cache, url)
	}
	f.mu.Unlock()
	return s, nil
}

func (f *Fetcher) get(ctx context.Context, url string, cached *Snapshot, now time.Time) (*Snapshot, error) {
	client := f.Client
	if client == nil {
		client = Client(nil, 10*time.Second, nil)
	}
	noRedirect := *client
	noRedirect.CheckRedirect = func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, url, nil)
	if err != nil {
		return nil, fmt.Errorf("%w: %v", ErrFetch, err)
	}
	req.Header.Set("Accept", httpsig.MediaType+", application/json;q=0.9")
	if f.UserAgent != "" {
		req.Header.Set("User-Agent", f.UserAgent)
	}
	if cached != nil {
		if cached.etag != "" {
			req.Header.Set("If-None-Match", cached.etag)
		}
		if cached.lastMo != "" {
			req.Header.Set("If-Modified-Since", cached.lastMo)
		}
	}
	resp, err := noRedirect.Do(req)
	if err != nil {
		return nil, fmt.Errorf("%w: %s: %w", ErrFetch, url, err)
	}
	defer resp.Body.Close()
	switch {
	case resp.StatusCode == http.StatusNotModified && cached != nil:
		s := *cached
		s.FetchedAt = now
		s.freshUntil = freshUntil(resp.Header, now)
		return &s, nil
	case resp.StatusCode != http.StatusOK: // a redirect included: never followed
		return nil, fmt.Errorf("%w: %s: HTTP %d, want 200", ErrFetch, url, resp.StatusCode)
	}
	if mt, _, err := mime.ParseMediaType(resp.Header.Get("Content-Type")); err != nil || mt != httpsig.MediaType && mt != "application/json" {
		return nil, fmt.Errorf("%w: %s: media type %q, want %s", ErrFetch, url, resp.Header.Get("Content-Type"), httpsig.MediaType)
	}
	raw, err := io.ReadAll(io.LimitReader(resp.Body, httpsig.MaxDirectorySize+1))
	if err != nil {
		return nil, fmt.Errorf("%w: %s: %v", ErrFetch, url, err)
	}
	d, err := httpsig.ParseDirectory(raw)
	if err != nil {
		return nil, fmt.Errorf("%w: %s: %v", ErrFetch, url, err)
	}
	return &Snapshot{URL: url, FetchedAt: now, Directory: d, Raw: raw,
		freshUntil: freshUntil(resp.Header, now),
		etag:       resp.Header.Get("ETag"), lastMo: resp.Header.Get("Last-Modified")}, nil
}

// maxFreshness caps what a server may ask: no revocation exists, so a key
// withdrawn is noticed within a day at worst.
const maxFreshness = 24 * time.Hour

// freshUntil is the end of an answer's freshness (RFC 9111 sections 4.2.1
// and 5.2.2): max-age less Age, else Expires less Date; none with
// no-store or no-cache, and none when the server says nothing (no
// heuristic freshness: a directory is small and keys matter).
func freshUntil(h http.Header, now time.Time) time.Time {
	var maxAge = -1
	for _, d := range strings.Split(strings.Join(h.Values("Cache-Control"), ","), ",") {
		name, val, _ := strings.Cut(strings.TrimSpace(d), "=")
		switch strings.ToLower(name) {
		case "no-store", "no-cache":
			return time.Time{}
		case "max-age":
			if n, err := strconv.Atoi(strings.Trim(val, `"`)); err == nil && n >= 0 {
				maxAge = n
			}
		}
	}
	var life time.Duration
	switch {
	case maxAge >= 0:
		life = time.Duration(maxAge) * time.Second
	case h.Get("Expires") != "":
		exp, err := http.ParseTime(h.Get("Expires"))
		if err != nil {
			return time.Time{} // RFC 9111 section 5.3: invalid means expired
		}
		date, err := http.ParseTime(h.Get("Date"))
		if err != nil {
			date = now
		}
		life = exp.Sub(date)
	default:
		return time.Time{}
	}
	if age, err := strconv.Atoi(h.Get("Age")); err == nil && age > 0 {
		life -= time.Duration(age) * time.Second
	}
	life = min(life, maxFreshness)
	if life <= 0 {
		return time.Time{}
	}
	return now.Add(life)
}

// Live finds directories by fetching them as requests name them, through
// Fetcher (and its HTTP cache): for a server that verifies requests as
// they come. Allow, when not nil, says which directory URLs may be
// fetched at all (a site may trust a few agents only); Timeout bounds each
// fetch (10 s when 0). A directory that cannot be had is an
// httpsig.ErrUnknownAgent: the request is unverifiable, not spoofed.
type Live struct {
	Fetcher *Fetcher
	Allow   func(url string) bool
	Timeout time.Duration
}

// Directory implements httpsig.Keys, with the directory as fetched now.
func (l *Live) Directory(url string, _ time.Time) (*httpsig.Directory, error) {
	if l.Allow != nil && !l.Allow(url) {
		return nil, fmt.Errorf("%w: %s (not allowed)", httpsig.ErrUnknownAgent, url)
	}
	timeout := l.Timeout
	if timeout <= 0 {
		timeout = 10 * time.Second
	}
	ctx, cancel := context.WithTimeout(context.Background(), timeout)
	defer cancel()
	s, err := l.Fetcher.Fetch(ctx, url)
	if err != nil {
		return nil, fmt.Errorf("%w: %v", httpsig.ErrUnknownAgent, err)
	}
	return s.Directory, nil
}
