package fetch

import (
	"context"
	"errors"
	"fmt"
	"io"
	"net/url"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/robotstxt/robotstxt/netguard"
)

// Document is a resource fetched with Open, such as a sitemap: its body
// is read by the caller as it comes, not kept.
type Document struct {
	URL         string // as asked for
	FinalURL    string // after redirects
	Redirects   []Hop
	HTTPStatus  int
	ContentType string
	// Body is the body, its Content-Encoding (gzip, deflate) undone. It
	// must be closed. Reading it is bounded by BodyTimeout and Timeout,
	// not in size: the caller bounds what it reads.
	Body io.ReadCloser
}

// Open fetches rawURL itself (not its origin's robots.txt) as Fetch
// fetches a robots.txt: through the destination guard, following
// redirects, each request and the whole within the Fetcher's time bounds.
// Only a 2xx answer gives a Document; any other outcome (a 404, a 5xx, a
// refused destination, a timeout, too many redirects) is an *Error whose
// Err says in words what happened.
func (f *Fetcher) Open(ctx context.Context, rawURL string) (*Document, error) {
	u, err := url.Parse(rawURL)
	if err != nil || (strings.ToLower(u.Scheme) != "http" && strings.ToLower(u.Scheme) != "https") || u.Host == "" {
		return nil, &Error{Op: "origin", URL: rawURL, Err: errors.New("not an absolute http(s) URL")}
	}
	u.Fragment, u.RawFragment = "", ""
	f.init()
	p := &Policy{URL: u.String(), MaxAge: -1}
	outer := ctx
	ctx, stop := context.WithTimeoutCause(ctx, f.TotalTimeout(), errTotalTimeout)
	fail := func(cur string, err error) (*Document, error) {
		stop()
		return nil, &Error{Op: "get", URL: cur, Err: err}
	}
	cur := p.URL
	seen := map[string]bool{cur: true}
	for {
		p.FinalURL = cur
		resp, cancel, err := f.get(ctx, cur)
		if err != nil {
			if outer.Err() != nil {
				return fail(cur, outer.Err())
			}
			if errors.Is(context.Cause(ctx), errTotalTimeout) {
				err = errTotalTimeout
			}
			if reason := netguard.Reason(err); reason != "" {
				p.refused(&Error{Op: "get", URL: cur, Err: err}, reason)
				return fail(cur, errors.New(p.Detail))
			}
			return fail(cur, errors.New(describe(err, f)))
		}
		code := resp.StatusCode
		if code >= 300 && code < 400 {
			resp.Body.Close()
			cancel(nil)
			next, halt := p.redirect(cur, resp, seen, f.maxRedirects())
			if halt {
				return fail(cur, errors.New(p.Detail))
			}
			seen[next] = true
			cur = next
			continue
		}
		if code < 200 || code >= 300 {
			resp.Body.Close()
			cancel(nil)
			return fail(cur, fmt.Errorf("HTTP %d", code))
		}
		// The body's time runs from here: decoding reads the gzip header.
		db := &docBody{ctx: ctx, f: f}
		timer := time.AfterFunc(orDefault(f.BodyTimeout, DefaultBodyTimeout), func() {
			db.timedOut.Store(true)
			cancel(errBodyTimeout)
		})
		body, err := decode(resp)
		if err != nil {
			timer.Stop()
			resp.Body.Close()
			cancel(nil)
			return fail(cur, err)
		}
		db.r = body
		db.close = func() {
			timer.Stop()
			resp.Body.Close()
			cancel(nil)
			stop()
		}
		return &Document{URL: p.URL, FinalURL: cur, Redirects: p.Redirects, HTTPStatus: code,
			ContentType: resp.Header.Get("Content-Type"), Body: db}, nil
	}
}

// docBody is a Document's body: a read error says why the body stopped.
type docBody struct {
	r        io.Reader
	ctx      context.Context
	f        *Fetcher
	once     sync.Once
	close    func()
	timedOut atomic.Bool
}

func (b *docBody) Read(p []byte) (int, error) {
	n, err := b.r.Read(p)
	if err != nil && err != io.EOF {
		if b.timedOut.Load() {
			err = errBodyTimeout
		} else if cause := context.Cause(b.ctx); errors.Is(cause, errTotalTimeout) {
			err = cause
		}
		err = errors.New(describe(err, b.f))
	}
	return n, err
}

func (b *docBody) Close() error {
	b.once.Do(b.close)
	return nil
}
