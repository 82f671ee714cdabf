package fetch

import (
	"bytes"
	"compress/flate"
	"compress/gzip"
	"compress/zlib"
	"context"
	"crypto/sha256"
	"crypto/tls"
	"crypto/x509"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/netip"
	"net/url"
	"strings"
	"sync"
	"sync/atomic"
	"syscall"
	"time"

	"github.com/robotstxt/robotstxt/httpsig"
	"github.com/robotstxt/robotstxt/netguard"
)

// Defaults for the zero Fetcher.
const (
	DefaultMaxRedirects   = 5
	DefaultConnectTimeout = 10 * time.Second
	DefaultHeaderTimeout  = 15 * time.Second
	DefaultBodyTimeout    = 30 * time.Second
	// DefaultTimeout bounds a whole fetch: every request of a redirect
	// chain and the body, together.
	DefaultTimeout = 60 * time.Second
	// MaxHeaderBytes bounds the response headers of each request.
	MaxHeaderBytes = 64 << 10
	// DefaultUserAgent is sent when Fetcher.UserAgent is empty. A crawler
	// should set its own: RFC 9309 section 2.2.1 asks crawlers to send their
	// product token.
	DefaultUserAgent = "robotstxt"
)

// Fetcher fetches robots.txt files. The zero value is ready to use. A
// Fetcher is safe for concurrent use; its fields must not change after the
// first Fetch.
type Fetcher struct {
	// UserAgent is the User-Agent header: the crawler's own (it should
	// contain its product token). Empty means DefaultUserAgent.
	UserAgent string
	// MaxBytes is how much of the body is read and parsed. Zero or less
	// means robotstxt.DefaultMaxBytes (500 KiB).
	MaxBytes int
	// MaxRedirects is how many redirects are followed. Zero means
	// DefaultMaxRedirects (5); a negative value follows none.
	MaxRedirects int
	// ConnectTimeout bounds the TCP and TLS handshakes of each request.
	ConnectTimeout time.Duration
	// HeaderTimeout bounds the wait for the response headers of each
	// request, counted from its start.
	HeaderTimeout time.Duration
	// BodyTimeout bounds the reading of the body.
	BodyTimeout time.Duration
	// Timeout bounds the whole fetch, across all redirects and the body;
	// zero or less means DefaultTimeout. The per-request timeouts above
	// apply within it.
	Timeout time.Duration
	// Guard decides which addresses may be dialled; it judges the address
	// actually connected to, so it covers every redirect and a name that
	// resolves differently each time. Nil refuses loopback, private,
	// link-local and other non-public addresses (see netguard); tests on
	// loopback and intranet crawlers set AllowPrivate or Allow. A refused
	// destination gives Status Refused. Unused when Transport is set: the
	// transport must then guard its own dials.
	Guard *netguard.Policy
	// Resolver looks up host names; nil means net.DefaultResolver. Unused
	// when Transport is set.
	Resolver *net.Resolver
	// Transport, when set, makes the requests instead of one built from
	// the fields above; ConnectTimeout is then the transport's business.
	Transport http.RoundTripper
	// Now stamps Policy.FetchedAt; nil means time.Now.
	Now func() time.Time
	// Signer, when set, signs every request the Fetcher sends, each
	// redirect hop included, with a fresh Web Bot Auth signature for that
	// request's authority (draft-ietf-webbotauth-httpsig-protocol):
	// Signature-Agent, and Signature-Input covering @authority and
	// signature-agent, with created, expires, keyid and
	// tag="web-bot-auth". Policy.SignedBy records its key's thumbprint.
	// The Fetcher signs with a copy: the Signer is not changed.
	Signer *httpsig.RequestSigner
	// MaxPrice, when set, is the most the crawler pays for a request to a
	// site that charges crawlers (Cloudflare's pay per crawl, "USD 0.01"):
	// sent as crawler-max-price and covered by the signature. A site that
	// charges less answers 200 with crawler-charged (Policy.Charged); one
	// that charges more, 402 with crawler-price (Status PaymentRequired).
	// Empty: no price is offered, and a 402 is PaymentRequired.
	MaxPrice string

	once    sync.Once
	client  *http.Client
	signer  *httpsig.RequestSigner // Signer with its keyid known, covering the price
	keyID   string
	initErr error
	// proxyFrom picks the proxy of a request; nil means
	// http.ProxyFromEnvironment (tests set it: the environment is read once
	// per process).
	proxyFrom func(*http.Request) (*url.URL, error)
}

func (f *Fetcher) init() {
	f.once.Do(func() {
		rt := f.Transport
		if rt == nil {
			connect := orDefault(f.ConnectTimeout, DefaultConnectTimeout)
			d := f.Guard.Dialer(&net.Dialer{Timeout: connect, Resolver: f.Resolver})
			rt = &http.Transport{
				Proxy:       f.proxy,
				DialContext: d.DialContext,
				// Bounds the status line and headers of each answer.
				MaxResponseHeaderBytes: MaxHeaderBytes,
				TLSHandshakeTimeout:    connect,
				ForceAttemptHTTP2:      true,
				MaxIdleConns:           100,
				MaxIdleConnsPerHost:    2,
				IdleConnTimeout:        30 * time.Second,
				// Accept-Encoding is set by Fetch, which decodes the body
				// itself so that the byte limit applies to decoded bytes.
				DisableCompression: true,
			}
		}
		if f.Signer != nil {
			f.signer, f.keyID, f.initErr = prepareSigner(f.Signer)
		}
		if f.initErr == nil && f.MaxPrice != "" {
			if _, err := ParsePrice(f.MaxPrice); err != nil {
				f.initErr = fmt.Errorf("MaxPrice: %w", err)
			}
		}
		f.client = &http.Client{
			Transport: rt,
			// Redirects are followed by Fetch itself, to record each hop.
			CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse },
		}
	})
}

func orDefault(d, def time.Duration) time.Duration {
	if d <= 0 {
		return def
	}
	return d
}

// TotalTimeout is the longest one Fetch takes, redirects and body
// included (Timeout, or DefaultTimeout): a fleet's fetch lock should
// outlive it a little.
func (f *Fetcher) TotalTimeout() time.Duration { return orDefault(f.Timeout, DefaultTimeout) }

// proxy is http.ProxyFromEnvironment with the guard applied to the target:
// behind a proxy the address dialled is the proxy's, so the target's own
// addresses are checked here, before the request (a name that resolves
// differently at the proxy is beyond the guard's reach).
func (f *Fetcher) proxy(req *http.Request) (*url.URL, error) {
	from := f.proxyFrom
	if from == nil {
		from = http.ProxyFromEnvironment
	}
	pu, err := from(req)
	if err != nil || pu == nil || f.Guard != nil && f.Guard.AllowPrivate {
		return pu, err
	}
	host := req.URL.Hostname()
	if a, err := netip.ParseAddr(host); err == nil {
		return pu, f.Guard.Check(a)
	}
	r := f.Resolver
	if r == nil {
		r = net.DefaultResolver
	}
	addrs, err := r.LookupNetIP(req.Context(), "ip", host)
	if err != nil {
		return nil, err
	}
	for _, a := range addrs {
		if err := f.Guard.Check(a); err != nil {
			return nil, err
		}
	}
	return pu, nil
}

func (f *Fetcher) now() time.Time {
	if f.Now != nil {
		return f.Now()
	}
	return time.Now()
}

func (f *Fetcher) maxBytes() int {
	if f.MaxBytes <= 0 {
		return defaultMaxBytes
	}
	return f.MaxBytes
}

func (f *Fetcher) maxRedirects() int {
	switch {
	case f.MaxRedirects == 0:
		return DefaultMaxRedirects
	case f.MaxRedirects < 0:
		return 0
	}
	return f.MaxRedirects
}

// The causes with which a request's context is cancelled when one of the
// Fetcher's own timeouts fires.
var (
	errHeaderTimeout = errors.New("no response headers in time")
	errBodyTimeout   = errors.New("body not received in time")
	errTotalTimeout  = errors.New("fetch not completed in time")
)

// Fetch fetches the robots.txt of rawURL's origin. rawURL is any URL of the
// origin; its path does not matter.
//
// The error is non-nil only when rawURL is not an absolute http or https URL
// (Op "origin"), when the Signer or MaxPrice cannot be used (Op "sign") or
// when ctx ends (Op "get"); then there is no Policy. Every
// answer of the origin, failures included, is a Policy: see Status.
func (f *Fetcher) Fetch(ctx context.Context, rawURL string) (*Policy, error) {
	origin, err := Origin(rawURL)
	if err != nil {
		return nil, &Error{Op: "origin", URL: rawURL, Err: err}
	}
	f.init()
	if f.initErr != nil {
		return nil, &Error{Op: "sign", URL: rawURL, Err: f.initErr}
	}
	p := &Policy{Origin: origin, URL: origin + "/robots.txt", MaxAge: -1, FetchedAt: f.now().UTC(), SignedBy: f.keyID}
	// One deadline for the whole chain: five slow hops must not take five
	// times the per-request bounds.
	outer := ctx
	ctx, stop := context.WithTimeoutCause(ctx, f.TotalTimeout(), errTotalTimeout)
	defer stop()
	cur := p.URL
	seen := map[string]bool{cur: true}
	for {
		p.FinalURL = cur
		resp, cancel, err := f.get(ctx, cur)
		if err != nil {
			if outer.Err() != nil {
				return nil, &Error{Op: "get", URL: cur, Err: outer.Err()}
			}
			if errors.Is(context.Cause(ctx), errTotalTimeout) {
				err = errTotalTimeout
			}
			if reason := netguard.Reason(err); reason != "" {
				p.refused(&Error{Op: "get", URL: cur, Err: err}, reason)
				return p, nil
			}
			p.unreachable(&Error{Op: "get", URL: cur, Err: err}, describe(err, f))
			return p, nil
		}
		p.HTTPStatus = resp.StatusCode
		code := resp.StatusCode
		if code < 300 || code >= 400 {
			// Not a redirect: the final answer.
			err := f.finish(outer, ctx, p, resp, cancel)
			cancel(nil)
			if err != nil {
				return nil, err
			}
			return p, nil
		}
		resp.Body.Close()
		cancel(nil)
		next, stop := p.redirect(cur, resp, seen, f.maxRedirects())
		if stop {
			return p, nil
		}
		seen[next] = true
		cur = next
	}
}

// get sends one GET request. The returned cancel function must be called
// once the body is no longer needed.
func (f *Fetcher) get(ctx context.Context, target string) (*http.Response, context.CancelCauseFunc, error) {
	rctx, cancel := context.WithCancelCause(ctx)
	req, err := http.NewRequestWithContext(rctx, http.MethodGet, target, nil)
	if err != nil {
		cancel(nil)
		return nil, nil, err
	}
	ua := f.UserAgent
	if ua == "" {
		ua = DefaultUserAgent
	}
	req.Header.Set("User-Agent", ua)
	req.Header.Set("Accept", "text/plain, */*;q=0.5")
	req.Header.Set("Accept-Encoding", "gzip, deflate")
	if f.MaxPrice != "" {
		req.Header.Set(HeaderMaxPrice, f.MaxPrice)
	}
	if f.signer != nil {
		// A fresh signature for this request's own authority: each hop
		// of a redirect chain is signed anew.
		if err := f.signer.Sign(req); err != nil {
			cancel(nil)
			return nil, nil, fmt.Errorf("signing the request: %w", err)
		}
	}
	timer := time.AfterFunc(orDefault(f.HeaderTimeout, DefaultHeaderTimeout), func() { cancel(errHeaderTimeout) })
	resp, err := f.client.Do(req)
	timer.Stop()
	if err != nil {
		if cause := context.Cause(rctx); errors.Is(cause, errHeaderTimeout) {
			err = cause
		}
		cancel(nil)
		return nil, nil, err
	}
	return resp, cancel, nil
}

// redirect records a 3xx response and decides where to go next. stop
// reports that the chain ends here, with p's status set.
//
// RFC 9309 section 2.3.1.2: follow at least five consecutive redirects, also
// across authorities; beyond that the file may be taken as unavailable.
func (p *Policy) redirect(cur string, resp *http.Response, seen map[string]bool, max int) (next string, stop bool) {
	hop := Hop{URL: cur, Status: resp.StatusCode}
	loc := resp.Header.Get("Location")
	if loc == "" {
		p.Redirects = append(p.Redirects, hop)
		p.Status, p.Detail = Unavailable, fmt.Sprintf("HTTP %d without a Location header: the file cannot be reached", resp.StatusCode)
		return "", true
	}
	base, _ := url.Parse(cur) // cur was requested, so it parses
	u, err := base.Parse(loc)
	if err != nil {
		hop.Location = loc
		p.Redirects = append(p.Redirects, hop)
		p.Status, p.Detail = Unavailable, fmt.Sprintf("redirect to an invalid URL %q: the file cannot be reached", loc)
		return "", true
	}
	u.Fragment, u.RawFragment = "", ""
	hop.Location = u.String()
	p.Redirects = append(p.Redirects, hop)
	if u.Scheme != "http" && u.Scheme != "https" || u.Host == "" {
		p.Status, p.Detail = Unavailable, fmt.Sprintf("redirect to %q, which is not an http(s) URL: the file cannot be reached", hop.Location)
		return "", true
	}
	if seen[hop.Location] {
		p.Status, p.Detail = TooManyRedirects, fmt.Sprintf("redirect loop: %s leads back to %s", cur, hop.Location)
		return "", true
	}
	if len(p.Redirects) > max {
		p.Status, p.Detail = TooManyRedirects, fmt.Sprintf("more than %d redirects", max)
		return "", true
	}
	return hop.Location, false
}

// finish maps a final (non-3xx) response onto p.
// outer is the caller's context, ctx the fetch's own (with the total
// deadline).
func (f *Fetcher) finish(outer, ctx context.Context, p *Policy, resp *http.Response, cancel context.CancelCauseFunc) error {
	defer resp.Body.Close()
	code := resp.StatusCode
	if marker := challenge(resp); marker != "" {
		// A bot-protection page stands where the file was expected: it is
		// no robots.txt and no answer of the site about one.
		p.Status, p.Challenge = Challenged, marker
		p.Detail = fmt.Sprintf("HTTP %d challenge page (%s), not a robots.txt", code, marker)
		p.RetryAfter = retryAfter(resp.Header, p.FetchedAt)
		return nil
	}
	switch {
	case code >= 200 && code < 300:
		// RFC 9309 section 2.3.1.1: parse the file.
		p.Charged = headerValue(resp.Header, HeaderCharged)
	case code == http.StatusPaymentRequired:
		// Pay per crawl: the file is to be paid for. It is not read, so
		// nothing is known of the rules: unresolved, never "allowed".
		p.Status, p.Price = PaymentRequired, headerValue(resp.Header, HeaderPrice)
		p.Detail = "HTTP 402 payment required"
		switch {
		case p.Price != "" && f.MaxPrice != "":
			p.Detail += fmt.Sprintf(" (crawler-price %s, above the crawler-max-price %s)", p.Price, f.MaxPrice)
		case p.Price != "":
			p.Detail += fmt.Sprintf(" (crawler-price %s; no price offered)", p.Price)
		}
		p.RetryAfter = retryAfter(resp.Header, p.FetchedAt)
		return nil
	case code == http.StatusTooManyRequests:
		p.Status, p.Detail = RateLimited, "HTTP 429"
		p.RetryAfter = retryAfter(resp.Header, p.FetchedAt)
		return nil
	case code >= 400 && code < 500:
		// RFC 9309 section 2.3.1.3: unavailable, everything is allowed.
		p.Status, p.Detail = Unavailable, fmt.Sprintf("HTTP %d", code)
		p.MaxAge = maxAge(resp.Header)
		return nil
	case code >= 500 && code < 600:
		// RFC 9309 section 2.3.1.4: unreachable, everything is disallowed.
		p.unreachable(&Error{Op: "get", URL: p.FinalURL, Err: fmt.Errorf("HTTP %d", code)}, fmt.Sprintf("HTTP %d", code))
		p.RetryAfter = retryAfter(resp.Header, p.FetchedAt)
		return nil
	default:
		p.unreachable(&Error{Op: "get", URL: p.FinalURL, Err: fmt.Errorf("HTTP %d", code)}, fmt.Sprintf("HTTP %d, not a status HTTP defines", code))
		return nil
	}

	var timedOut atomic.Bool
	timer := time.AfterFunc(orDefault(f.BodyTimeout, DefaultBodyTimeout), func() {
		timedOut.Store(true)
		cancel(errBodyTimeout)
	})
	defer timer.Stop()
	body, err := decode(resp)
	if err != nil {
		p.unreachable(&Error{Op: "read", URL: p.FinalURL, Err: err}, err.Error())
		return nil
	}
	limit := f.maxBytes()
	p.ContentType = resp.Header.Get("Content-Type")
	buf, err := io.ReadAll(io.LimitReader(body, int64(limit)+1))
	if err != nil {
		if outer.Err() != nil {
			return &Error{Op: "read", URL: p.FinalURL, Err: outer.Err()}
		}
		if timedOut.Load() {
			err = errBodyTimeout
		} else if errors.Is(context.Cause(ctx), errTotalTimeout) {
			err = errTotalTimeout
		}
		// A body that breaks off is not a file: never parse a part of it.
		p.unreachable(&Error{Op: "read", URL: p.FinalURL, Err: err}, "reading the body failed: "+describe(err, f))
		p.ContentType = ""
		return nil
	}
	if len(buf) > limit {
		buf, p.Truncated = buf[:limit:limit], true
	}
	p.Status = Success
	p.Body = buf
	sum := sha256.Sum256(buf)
	p.Digest = "sha256:" + hex.EncodeToString(sum[:])
	p.HTML, p.Binary = sniff(p.ContentType, buf)
	p.MaxAge = maxAge(resp.Header)
	return nil
}

func (p *Policy) unreachable(err *Error, detail string) {
	p.Status, p.Err, p.Detail = Unreachable, err, detail
}

// refused records a connection the guard did not allow.
func (p *Policy) refused(err *Error, reason string) {
	var re *netguard.RefusedError
	addr := "the destination"
	if errors.As(err, &re) && re.Addr.IsValid() {
		addr = re.Addr.String()
	}
	p.Status, p.Err, p.RefusedReason = Refused, err, reason
	p.Detail = fmt.Sprintf("destination refused: %s is %s, not a public address", addr, reason)
}

// decode undoes the Content-Encoding of a response: gzip and deflate (the
// ones asked for), or none.
func decode(resp *http.Response) (io.Reader, error) {
	enc := strings.ToLower(strings.TrimSpace(resp.Header.Get("Content-Encoding")))
	switch enc {
	case "", "identity":
		return resp.Body, nil
	case "gzip", "x-gzip":
		zr, err := gzip.NewReader(resp.Body)
		if err != nil {
			return nil, fmt.Errorf("gzip body: %v", err)
		}
		return zr, nil
	case "deflate":
		// "deflate" is zlib-wrapped (RFC 9110 section 8.4.1.2), but some
		// servers send raw deflate: look at the header to tell.
		br := newPeekReader(resp.Body)
		if h, _ := br.peek(2); len(h) == 2 && (uint16(h[0])<<8|uint16(h[1]))%31 == 0 && h[0]&0x0f == 8 {
			zr, err := zlib.NewReader(br)
			if err != nil {
				return nil, fmt.Errorf("deflate body: %v", err)
			}
			return zr, nil
		}
		return flate.NewReader(br), nil
	}
	// Decoding nothing would parse compressed bytes as an empty file, which
	// would allow everything.
	return nil, fmt.Errorf("unsupported content encoding %q", enc)
}

// peekReader is a reader that can look at its first bytes.
type peekReader struct {
	r   io.Reader
	buf []byte
}

func newPeekReader(r io.Reader) *peekReader { return &peekReader{r: r} }

func (p *peekReader) peek(n int) ([]byte, error) {
	for len(p.buf) < n {
		b := make([]byte, n-len(p.buf))
		m, err := p.r.Read(b)
		p.buf = append(p.buf, b[:m]...)
		if err != nil {
			return p.buf, err
		}
	}
	return p.buf[:n], nil
}

func (p *peekReader) Read(b []byte) (int, error) {
	if len(p.buf) > 0 {
		n := copy(b, p.buf)
		p.buf = p.buf[n:]
		return n, nil
	}
	return p.r.Read(b)
}

// ReadByte lets flate read without buffering ahead.
func (p *peekReader) ReadByte() (byte, error) {
	var b [1]byte
	for {
		n, err := p.Read(b[:])
		if n == 1 {
			return b[0], nil
		}
		if err != nil {
			return 0, err
		}
	}
}

// describe says in plain words why a request failed.
func describe(err error, f *Fetcher) string {
	var dnsErr *net.DNSError
	var certErr *tls.CertificateVerificationError
	var unknownAuth x509.UnknownAuthorityError
	var hostErr x509.HostnameError
	var opErr *net.OpError
	switch {
	case errors.Is(err, errHeaderTimeout):
		return fmt.Sprintf("no response headers within %s", orDefault(f.HeaderTimeout, DefaultHeaderTimeout))
	case errors.Is(err, errTotalTimeout):
		return fmt.Sprintf("the fetch was not completed within %s (redirects and body together)", f.TotalTimeout())
	case errors.Is(err, errBodyTimeout):
		return fmt.Sprintf("the body was not received within %s", orDefault(f.BodyTimeout, DefaultBodyTimeout))
	case errors.As(err, &dnsErr):
		if dnsErr.IsNotFound {
			return "DNS: no such host " + dnsErr.Name
		}
		return "DNS lookup failed: " + dnsErr.Err
	case errors.Is(err, syscall.ECONNREFUSED):
		return "connection refused"
	case errors.Is(err, syscall.ECONNRESET):
		return "connection reset"
	case errors.As(err, &certErr), errors.As(err, &unknownAuth), errors.As(err, &hostErr):
		return "TLS certificate not accepted"
	case errors.As(err, &opErr) && opErr.Op == "dial" && opErr.Timeout():
		return fmt.Sprintf("connection not established within %s", orDefault(f.ConnectTimeout, DefaultConnectTimeout))
	case errors.Is(err, io.ErrUnexpectedEOF):
		return "the connection closed before the end of the body"
	}
	var ne net.Error
	if errors.As(err, &ne) && ne.Timeout() {
		return "timed out"
	}
	var ue *url.Error
	if errors.As(err, &ue) {
		return ue.Err.Error()
	}
	return err.Error()
}

// sniff flags a body that is not a plain-text robots.txt: an HTML page
// (by Content-Type or by its first bytes) or binary data (control bytes
// other than whitespace in the first 8 KiB).
func sniff(contentType string, body []byte) (html, binary bool) {
	mt, _, _ := strings.Cut(strings.ToLower(contentType), ";")
	mt = strings.TrimSpace(mt)
	head := body[:min(len(body), 8<<10)]
	head = bytes.TrimPrefix(head, []byte("\xEF\xBB\xBF"))
	lead := bytes.ToLower(bytes.TrimLeft(head[:min(len(head), 512)], " \t\r\n\f"))
	html = mt == "text/html" || mt == "application/xhtml+xml"
	for _, sig := range []string{"<!doctype html", "<html", "<head", "<body"} {
		if bytes.HasPrefix(lead, []byte(sig)) {
			html = true
		}
	}
	for _, c := range head {
		if c < 0x20 && c != '\t' && c != '\n' && c != '\r' && c != '\f' && c != '\v' || c == 0x7f {
			binary = true
			break
		}
	}
	return html, binary
}
