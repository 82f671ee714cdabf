package server

import (
	"context"
	"crypto/tls"
	"crypto/x509"
	"encoding/json"
	"errors"
	"net"
	"net/http"
	"regexp"
	"strconv"
	"strings"
	"syscall"

	"github.com/robotstxt/robotstxt/fetch"
	"github.com/robotstxt/robotstxt/netguard"
)

// What the page shows of the fetch endpoints goes by code, so that the
// page says it in its language (web/static/assets/i18n): a refused request
// is {"error": English, "code", "params"} ("fetch.error.<code>"); a fetch's
// outcome carries "problem": {code, params} ("fetch.problem.<code>"), its
// "detail" staying in English for other clients; a refused address's kind
// is "fetch.reason.<code>".

// Message is a message by code, with its parameters.
type Message struct {
	Code   string            `json:"code"`
	Params map[string]string `json:"params,omitempty"`
}

func message(code string, params ...string) *Message {
	m := &Message{Code: code}
	for i := 0; i+1 < len(params); i += 2 {
		if m.Params == nil {
			m.Params = map[string]string{}
		}
		m.Params[params[i]] = params[i+1]
	}
	return m
}

// ErrorCodes are the codes of the errors the fetch endpoints answer.
var ErrorCodes = []string{"fetch-off", "method", "busy", "media-type", "bad-body", "bad-address", "ended",
	"bad-sitemap-address", "sitemap-http", "sitemap-refused", "sitemap-failed"}

// ProblemCodes are the codes of a fetch's outcome that went wrong.
var ProblemCodes = []string{"redirect-no-location", "redirect-invalid", "redirect-loop", "redirect-many",
	"challenge", "payment", "http", "http-unknown", "dns", "connection-refused", "connection-reset",
	"tls", "timeout", "read", "network", "refused"}

// ReasonCodes are the kinds of address the destination guard refuses
// (netguard's reasons, as codes), and "other".
var ReasonCodes = []string{"unspecified", "private", "shared", "loopback", "link-local", "reserved",
	"documentation", "benchmarking", "multicast", "unique-local", "site-local", "other"}

// codedError is an error of a fetch endpoint, in English and by code.
type codedError struct {
	msg string
	*Message
}

func (e *codedError) Error() string { return e.msg }

// writeCodedError answers an error with its code: writeError's body, plus
// "code" and "params".
func writeCodedError(w http.ResponseWriter, status int, msg, allow string, m *Message) {
	h := w.Header()
	if allow != "" {
		h.Set("Allow", allow)
	}
	h.Del("Content-Encoding")
	h.Set("Content-Type", "application/json; charset=utf-8")
	h.Set("Cache-Control", "no-store")
	b, _ := json.Marshal(struct {
		Error string `json:"error"`
		*Message
	}{msg, m})
	w.WriteHeader(status)
	w.Write(append(b, '\n'))
}

// problemOf names what went wrong in a fetch, or nil: a success, and the
// outcomes the page says by their status alone (a 4xx, a 429) need none.
func problemOf(p *fetch.Policy) *Message {
	status := strconv.Itoa(p.HTTPStatus)
	switch p.Status {
	case fetch.Success, fetch.RateLimited:
		return nil
	case fetch.Unavailable:
		if p.HTTPStatus < 300 || p.HTTPStatus >= 400 || len(p.Redirects) == 0 {
			return nil
		}
		last := p.Redirects[len(p.Redirects)-1]
		if last.Location == "" {
			return message("redirect-no-location", "status", status)
		}
		return message("redirect-invalid", "location", last.Location)
	case fetch.TooManyRedirects:
		if n := len(p.Redirects); n > 0 {
			last := p.Redirects[n-1]
			for _, h := range p.Redirects[:n-1] {
				if h.URL == last.Location {
					return message("redirect-loop", "location", last.Location)
				}
			}
		}
		return message("redirect-many", "n", strconv.Itoa(len(p.Redirects)))
	case fetch.Challenged:
		return message("challenge", "status", status)
	case fetch.PaymentRequired:
		return message("payment", "price", p.Price)
	case fetch.Refused:
		return message("refused", "reason", reasonCode(p.RefusedReason))
	}
	// Unreachable.
	if p.HTTPStatus >= 500 && p.HTTPStatus < 600 {
		return message("http", "status", status)
	}
	if p.HTTPStatus > 0 && p.Err != nil && !isRead(p.Err) {
		return message("http-unknown", "status", status)
	}
	return networkProblem(p.Err)
}

func isRead(err error) bool {
	var fe *fetch.Error
	return errors.As(err, &fe) && fe.Op == "read"
}

// networkProblem names a network error.
func networkProblem(err error) *Message {
	var dnsErr *net.DNSError
	var certErr *tls.CertificateVerificationError
	var unknownAuth x509.UnknownAuthorityError
	var hostErr x509.HostnameError
	var ne net.Error
	switch {
	case err == nil:
		return message("network")
	case errors.As(err, &dnsErr):
		return message("dns", "host", dnsErr.Name)
	case errors.Is(err, syscall.ECONNREFUSED):
		return message("connection-refused")
	case errors.Is(err, syscall.ECONNRESET):
		return message("connection-reset")
	case errors.As(err, &certErr), errors.As(err, &unknownAuth), errors.As(err, &hostErr):
		return message("tls")
	case errors.Is(err, context.DeadlineExceeded), errors.As(err, &ne) && ne.Timeout(), strings.Contains(err.Error(), " within "):
		return message("timeout")
	case isRead(err):
		return message("read")
	}
	return message("network")
}

// reasonCode is the code of a netguard reason ("shared (CGNAT)" is
// "shared"; one given through a translation, "loopback (IPv4-mapped)", is
// its first word's).
func reasonCode(reason string) string {
	word, _, _ := strings.Cut(reason, " ")
	for _, c := range ReasonCodes {
		if word == c {
			return c
		}
	}
	return "other"
}

var httpStatusErr = regexp.MustCompile(`^HTTP (\d{3})$`)

// sitemapProblem names why a sitemap could not be opened.
func sitemapProblem(err error) *Message {
	var fe *fetch.Error
	if errors.As(err, &fe) {
		err = fe.Err
	}
	if m := httpStatusErr.FindStringSubmatch(err.Error()); m != nil {
		return message("sitemap-http", "status", m[1])
	}
	if netguard.Reason(err) != "" || strings.HasPrefix(err.Error(), "destination refused") {
		return message("sitemap-refused")
	}
	return message("sitemap-failed")
}
