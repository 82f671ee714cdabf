package httpsig

import (
	"net"
	"net/http"
	"strings"
)

// Message is the part of a request a signature can cover. Logs keep
// requests as text, servers and clients as *http.Request: both build a
// Message.
type Message struct {
	Method    string
	Scheme    string // "https" when empty
	Authority string // the Host the request was sent to
	Path      string // as sent (escaped); "/" when empty
	Query     string // as sent, without the "?"
	Header    http.Header
}

// FromRequest returns the Message of r, seen by a server (r.Host, r.TLS)
// or by a client (r.URL.Host, r.URL.Scheme).
func FromRequest(r *http.Request) Message {
	m := Message{Method: r.Method, Authority: r.Host, Header: r.Header}
	if m.Authority == "" && r.URL != nil {
		m.Authority = r.URL.Host
	}
	switch {
	case r.URL != nil && r.URL.Scheme != "":
		m.Scheme = r.URL.Scheme
	case r.TLS != nil:
		m.Scheme = "https"
	default:
		m.Scheme = "http"
	}
	if r.URL != nil {
		m.Path, m.Query = r.URL.EscapedPath(), r.URL.RawQuery
		if r.URL.Opaque != "" {
			m.Path = r.URL.Opaque
		}
	}
	return m
}

// FromTarget returns the Message of a request known by its method, host,
// request target ("/path?query", as a log records it) and header fields.
func FromTarget(method, scheme, host, target string, header http.Header) Message {
	path, query, _ := strings.Cut(target, "?")
	return Message{Method: method, Scheme: scheme, Authority: host, Path: path, Query: query, Header: header}
}

func (m *Message) scheme() string {
	if m.Scheme == "" {
		return "https"
	}
	return strings.ToLower(m.Scheme)
}

// authority is @authority (RFC 9421 section 2.2.3): the host lower-cased,
// the scheme's default port left out.
func (m *Message) authority() string {
	a := strings.ToLower(m.Authority)
	host, port, err := net.SplitHostPort(a)
	if err == nil && (port == "443" && m.scheme() == "https" || port == "80" && m.scheme() == "http") {
		if strings.Contains(host, ":") {
			return "[" + host + "]"
		}
		return host
	}
	return a
}

func (m *Message) path() string {
	if m.Path == "" {
		return "/"
	}
	return m.Path
}

// requestTarget is the path and query as sent (section 2.2.5).
func (m *Message) requestTarget() string {
	if m.Query != "" {
		return m.path() + "?" + m.Query
	}
	return m.path()
}
