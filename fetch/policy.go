package fetch

import (
	"errors"
	"fmt"
	"net"
	"net/http"
	"net/netip"
	"net/url"
	"strconv"
	"strings"
	"sync/atomic"
	"time"
	"unicode/utf8"

	"golang.org/x/net/idna"

	"github.com/robotstxt/robotstxt"
)

const defaultMaxBytes = robotstxt.DefaultMaxBytes

// Status is the outcome of a fetch, as RFC 9309 section 2.3.1 names it.
type Status string

const (
	// Success: a 2xx answer; the body is the policy (section 2.3.1.1).
	Success Status = "success"
	// Unavailable: a 4xx answer other than 429, or a redirect that leads
	// nowhere fetchable. There is no policy: everything is allowed
	// (section 2.3.1.3).
	Unavailable Status = "unavailable"
	// Unreachable: a 5xx answer, a network error, a timeout or a body that
	// could not be read. Everything is disallowed until a fetch succeeds
	// (section 2.3.1.4).
	Unreachable Status = "unreachable"
	// RateLimited: a 429 answer. The origin asks to wait (Retry-After); it
	// is not a missing file.
	RateLimited Status = "rate-limited"
	// TooManyRedirects: more redirects than allowed, or a loop. Treated as
	// Unavailable (section 2.3.1.2).
	TooManyRedirects Status = "too-many-redirects"
	// Refused: the destination guard did not allow the address the policy
	// URL (or a redirect) led to: loopback, private, link-local and the
	// like (Fetcher.Guard). No request was sent; nothing is known of the
	// policy, so everything waits, as for Unreachable.
	Refused Status = "refused"
	// PaymentRequired: a 402 answer, as pay per crawl gives a crawler that
	// offers no price or too low a one (Policy.Price holds its
	// crawler-price). The file was not read: nothing is known of the
	// rules, so everything waits, as for Unreachable; it is retried no
	// sooner than a backoff's end, since the same request gets the same
	// answer.
	PaymentRequired Status = "payment-required"
	// Challenged: a bot-protection challenge page answered instead of the
	// file (Policy.Challenge says what marked it). It is not read as a
	// robots.txt, and it is not the site's answer about one: everything
	// waits, as for Unreachable.
	Challenged Status = "challenge"
)

// Definitive reports whether the status is an answer that stands until the
// cached copy expires (Success, Unavailable, TooManyRedirects), rather than
// a failure to be retried soon (Unreachable, RateLimited).
func (s Status) Definitive() bool {
	return s == Success || s == Unavailable || s == TooManyRedirects
}

// Hop is one redirect of a fetch.
type Hop struct {
	URL      string `json:"url"`      // the URL requested
	Status   int    `json:"status"`   // its 3xx status
	Location string `json:"location"` // where it led, resolved; "" when absent
}

// Policy is the outcome of one fetch of a robots.txt: everything a decision
// record needs. It is plain data, so it can be stored as JSON (the body
// travels as base64); the parsed file is derived from Body by Robots. A
// Policy must not be modified once it has been handed out.
type Policy struct {
	// Origin is the canonical origin the policy is for (see Origin): the
	// target's, whatever the redirects.
	Origin string `json:"origin"`
	// URL is the policy URL requested: Origin + "/robots.txt".
	URL string `json:"url"`
	// FinalURL is the URL of the last request, after any redirects.
	FinalURL string `json:"finalURL"`
	// Redirects are the redirect answers, in order.
	Redirects []Hop `json:"redirects,omitempty"`
	// Status classifies the outcome.
	Status Status `json:"status"`
	// HTTPStatus is the status code of the last answer; 0 when there was
	// none (a network error).
	HTTPStatus int `json:"httpStatus,omitempty"`
	// FetchedAt is when the fetch started, in UTC.
	FetchedAt time.Time `json:"fetchedAt"`
	// ContentType is the Content-Type of a Success answer.
	ContentType string `json:"contentType,omitempty"`
	// Body holds the bytes kept of a Success answer, decoded, at most the
	// byte limit.
	Body []byte `json:"body,omitempty"`
	// Truncated reports that the body was longer than the limit; only the
	// kept bytes were read.
	Truncated bool `json:"truncated,omitempty"`
	// Digest is "sha256:" and the hex SHA-256 of Body, for a Success
	// answer: the policy version.
	Digest string `json:"digest,omitempty"`
	// HTML reports that a Success body looks like an HTML page (by
	// Content-Type or content); it was parsed all the same.
	HTML bool `json:"html,omitempty"`
	// Binary reports that a Success body holds control bytes other than
	// whitespace; it was parsed all the same.
	Binary bool `json:"binary,omitempty"`
	// MaxAge is the Cache-Control max-age of the answer (no-store and
	// no-cache count as zero), or negative when it had none.
	MaxAge time.Duration `json:"maxAge"`
	// RetryAfter is the delay the Retry-After header of a 429 or 5xx
	// answer asked for, or zero.
	RetryAfter time.Duration `json:"retryAfter,omitempty"`
	// Detail says in plain words what happened when Status is not Success.
	Detail string `json:"detail,omitempty"`
	// RefusedReason, for a Refused status, is the kind of address the
	// guard refused ("loopback", "private", "link-local", ...).
	RefusedReason string `json:"refusedReason,omitempty"`
	// SignedBy is the keyid (the JWK thumbprint) of the key that signed
	// the requests of this fetch (Fetcher.Signer); "" when unsigned.
	SignedBy string `json:"signedBy,omitempty"`
	// Price is the crawler-price of a PaymentRequired answer; Charged the
	// crawler-charged of a paid Success answer (pay per crawl).
	Price   string `json:"price,omitempty"`
	Charged string `json:"charged,omitempty"`
	// Challenge, for a Challenged status, is the mark of the challenge
	// page ("cf-mitigated: challenge", "page marker cf-chl", ...).
	Challenge string `json:"challenge,omitempty"`
	// Err is the error behind an Unreachable status, an *Error. It is not
	// stored; Detail is.
	Err error `json:"-"`

	robots atomic.Pointer[robotstxt.Robots]
}

// Robots returns the parsed file of a Success policy, or nil for any other
// status. It parses Body on first use and is safe for concurrent use.
func (p *Policy) Robots() *robotstxt.Robots {
	if p.Status != Success {
		return nil
	}
	if r := p.robots.Load(); r != nil {
		return r
	}
	r := ParseBody(p.Body, p.Truncated)
	if !p.robots.CompareAndSwap(nil, r) {
		return p.robots.Load()
	}
	return r
}

// ParseBody parses the kept bytes of a body. When truncated is true, body
// holds exactly the limit and more followed: the last line is used only if
// its end-of-line byte is within body, so that the same bytes always give
// the same rules.
func ParseBody(body []byte, truncated bool) *robotstxt.Robots {
	if !truncated {
		return robotstxt.ParseOptions(string(body), &robotstxt.Options{MaxBytes: -1})
	}
	// A stand-in for the byte after the limit that is not a line end, so
	// that the parser drops the line it would cut.
	text := make([]byte, len(body)+1)
	copy(text, body)
	text[len(body)] = 'x'
	return robotstxt.ParseOptions(string(text), &robotstxt.Options{MaxBytes: len(body)})
}

// Error is a failed fetch: the operation, the URL and the cause.
type Error struct {
	Op  string // "origin", "sign", "get" or "read"
	URL string
	Err error
}

func (e *Error) Error() string { return fmt.Sprintf("%s %q: %v", e.Op, e.URL, e.Err) }

func (e *Error) Unwrap() error { return e.Err }

// Origin returns the origin of rawURL, the key under which its policy is
// fetched and cached: "scheme://host" or "scheme://host:port", with the
// scheme and host in lower case, the scheme's default port left out, and no
// user information, path, query or fragment (RFC 9309 section 2.3: the
// policy is per scheme, host and port). The host is in the form a browser
// looks up: an internationalised name in punycode (UTS #46 as the WHATWG URL
// standard applies it), without a trailing dot, so that every spelling of
// one host gives one key.
func Origin(rawURL string) (string, error) {
	u, err := url.Parse(rawURL)
	if err != nil {
		var ue *url.Error
		if errors.As(err, &ue) {
			err = ue.Err
		}
		return "", err
	}
	return OriginOf(u)
}

// OriginOf is Origin for a URL already parsed.
func OriginOf(u *url.URL) (string, error) {
	scheme := strings.ToLower(u.Scheme)
	switch {
	case scheme == "":
		return "", errors.New("not an absolute URL (want http:// or https://)")
	case scheme != "http" && scheme != "https":
		return "", fmt.Errorf("scheme %q is not http or https", u.Scheme)
	case u.Host == "" || u.Hostname() == "":
		return "", errors.New("no host")
	}
	host, err := canonicalHost(u.Hostname())
	if err != nil {
		return "", err
	}
	port := u.Port()
	if port != "" {
		n, err := strconv.Atoi(port)
		if err != nil || n < 1 || n > 65535 {
			return "", fmt.Errorf("invalid port %q", port)
		}
		port = strconv.Itoa(n)
		if scheme == "http" && n == 80 || scheme == "https" && n == 443 {
			port = ""
		}
	}
	if port != "" || strings.Contains(host, ":") {
		host = net.JoinHostPort(host, port)
		host = strings.TrimSuffix(host, ":")
	}
	return scheme + "://" + host, nil
}

// hostProfile maps host names as browsers do (WHATWG URL, "domain to
// ASCII"): UTS #46 non-transitional processing with the Bidi and joiner
// checks, but neither the STD3 rules (underscores occur in real host names)
// nor the hyphen checks.
var hostProfile = idna.New(idna.MapForLookup(), idna.BidiRule(), idna.Transitional(false),
	idna.StrictDomainName(false), idna.CheckHyphens(false))

// canonicalHost returns host in lower case, an internationalised name in
// punycode, an IP address in its standard form, without a trailing dot.
func canonicalHost(host string) (string, error) {
	if a, err := netip.ParseAddr(host); err == nil {
		if a.Zone() != "" {
			return "", fmt.Errorf("host %q has a zone", host)
		}
		return a.String(), nil
	}
	host = strings.TrimSuffix(host, ".")
	ascii := true
	for i := 0; i < len(host); i++ {
		if host[i] >= 0x80 {
			ascii = false
			break
		}
	}
	if ascii && !strings.Contains(host, "xn--") && !strings.Contains(host, "XN--") {
		// The common case: no mapping beyond case.
		host = strings.ToLower(host)
	} else {
		if !utf8.ValidString(host) {
			return "", fmt.Errorf("invalid host name %q: not UTF-8", host)
		}
		h, err := hostProfile.ToASCII(host)
		if err != nil {
			return "", fmt.Errorf("invalid host name %q: %v", host, err)
		}
		host = strings.TrimSuffix(h, ".")
	}
	if host == "" || strings.HasSuffix(host, ".") {
		return "", errors.New("no host")
	}
	// The WHATWG URL standard's forbidden domain code points, which the
	// mapping can produce (U+00A0 maps to a space).
	for i := 0; i < len(host); i++ {
		if c := host[i]; c <= ' ' || c >= 0x7f || strings.IndexByte("#%/:<>?@[\\]^|", c) >= 0 {
			return "", fmt.Errorf("invalid host name %q", host)
		}
	}
	return host, nil
}

// maxAge reads the Cache-Control max-age of an answer: no-store and
// no-cache count as zero; -1 when absent or invalid.
func maxAge(h http.Header) time.Duration {
	age := time.Duration(-1)
	for _, v := range h.Values("Cache-Control") {
		for d := range strings.SplitSeq(v, ",") {
			name, val, _ := strings.Cut(strings.TrimSpace(d), "=")
			switch strings.ToLower(strings.TrimSpace(name)) {
			case "no-store", "no-cache":
				return 0
			case "max-age":
				n, err := strconv.ParseInt(strings.Trim(strings.TrimSpace(val), `"`), 10, 64)
				if err == nil && n >= 0 {
					if n > 1<<31 {
						n = 1 << 31
					}
					age = time.Duration(n) * time.Second
				}
			}
		}
	}
	return age
}

// retryAfter reads a Retry-After header, in seconds or as an HTTP date
// (RFC 9110 section 10.2.3), as a delay from the answer: a date is taken
// relative to the answer's Date header when it has one, else to now.
func retryAfter(h http.Header, now time.Time) time.Duration {
	v := strings.TrimSpace(h.Get("Retry-After"))
	if v == "" {
		return 0
	}
	if n, err := strconv.ParseInt(v, 10, 64); err == nil {
		if n <= 0 {
			return 0
		}
		if n > 1<<31 {
			n = 1 << 31
		}
		return time.Duration(n) * time.Second
	}
	t, err := http.ParseTime(v)
	if err != nil {
		return 0
	}
	if d, err := http.ParseTime(h.Get("Date")); err == nil {
		now = d
	}
	if d := t.Sub(now); d > 0 {
		return d.Round(time.Second)
	}
	return 0
}
