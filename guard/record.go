package guard

import (
	"bytes"
	"encoding/json"
	"fmt"
	"strconv"
	"strings"

	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/network"

	"github.com/robotstxt/robotstxt/gate"
)

// Resource types of a record, in the words of the issue that asked for them.
const (
	TypeDocument         = "document"
	TypeSubframeDocument = "subframe document"
	TypeScript           = "script"
	TypeStylesheet       = "stylesheet"
	TypeImage            = "image"
	TypeFont             = "font"
	TypeMedia            = "media"
	TypeXHR              = "xhr"
	TypeFetch            = "fetch"
	TypeWebSocket        = "websocket" // WebSocket and WebSocketStream
	TypeWebTransport     = "webtransport"
	TypePing             = "ping"
	TypeEventSource      = "eventsource"
	TypePrefetch         = "prefetch" // <link rel=prefetch> (Sec-Purpose: prefetch)
	TypeFavicon          = "favicon"
	TypeManifest         = "manifest"
	TypePreflight        = "preflight" // a CORS preflight (OPTIONS with Access-Control-Request-Method)
	TypeCSPReport        = "csp report"
	TypeOther            = "other"
)

// resourceType maps the browser's resource type to a record's; mainFrame
// tells a top-level document from a frame's.
func resourceType(t network.ResourceType, mainFrame bool) string {
	switch t {
	case network.ResourceTypeDocument:
		if mainFrame {
			return TypeDocument
		}
		return TypeSubframeDocument
	case network.ResourceTypeScript:
		return TypeScript
	case network.ResourceTypeStylesheet:
		return TypeStylesheet
	case network.ResourceTypeImage:
		return TypeImage
	case network.ResourceTypeFont:
		return TypeFont
	case network.ResourceTypeMedia:
		return TypeMedia
	case network.ResourceTypeXHR:
		return TypeXHR
	case network.ResourceTypeFetch:
		return TypeFetch
	case network.ResourceTypeWebSocket:
		return TypeWebSocket
	case network.ResourceTypePing:
		return TypePing
	case network.ResourceTypeEventSource:
		return TypeEventSource
	case network.ResourceTypePrefetch:
		return TypePrefetch
	case network.ResourceTypeManifest:
		return TypeManifest
	case network.ResourceTypePreflight:
		return TypePreflight
	case network.ResourceTypeCSPViolationReport:
		return TypeCSPReport
	}
	return TypeOther
}

// requestKind refines the type the Fetch domain gives a request by what
// the request itself says, for the kinds the Fetch domain lumps together
// (it calls an EventSource's request and a CORS preflight XHR, a
// <link rel=prefetch> Fetch, a favicon Other):
//
//   - a CORS preflight is an OPTIONS request with an
//     Access-Control-Request-Method header (Fetch standard, CORS-preflight
//     request);
//   - a prefetch carries Sec-Purpose: prefetch (Fetch standard, the
//     Sec-Purpose header; Chromium sends it for <link rel=prefetch>);
//   - an EventSource's request accepts text/event-stream (HTML standard,
//     the EventSource constructor);
//   - Sec-Fetch-Dest, when the browser sends it (secure contexts), names
//     the manifest's and the favicon's destination;
//   - a request the browser types Other that accepts images first is the
//     favicon's: Chromium's favicon loader has no resource type of its
//     own in the DevTools protocol, and an <img> is typed Image.
//
// typ is the type so far; the others are the request's.
func requestKind(typ, method string, h network.Headers) string {
	switch {
	case method == "OPTIONS" && header(h, "Access-Control-Request-Method") != "":
		return TypePreflight
	case strings.HasPrefix(strings.ToLower(header(h, "Sec-Purpose")), "prefetch") && typ != TypeDocument:
		return TypePrefetch
	case strings.HasPrefix(strings.ToLower(header(h, "Accept")), "text/event-stream") && (typ == TypeXHR || typ == TypeOther):
		return TypeEventSource
	}
	switch strings.ToLower(header(h, "Sec-Fetch-Dest")) {
	case "manifest":
		return TypeManifest
	}
	if typ == TypeOther && strings.HasPrefix(strings.ToLower(header(h, "Accept")), "image/") {
		return TypeFavicon
	}
	return typ
}

// Destination decisions of a record.
const (
	DestinationAllowed = "allowed" // the host resolved to addresses the policy allows
	DestinationRefused = "refused" // private, loopback, link-local ... (netguard)
)

// Record is the decision record of one request of the page: the gate's
// record (robots.txt and collection scope for the crawler's product token)
// and what the guard adds: what asked for the URL, what the guard did, and
// what the target answered, kept apart from the policy's status (seed 004).
type Record struct {
	gate.Record
	// Action is what the guard did: admit (the request went on), drop or
	// hold (the request failed as blocked by the client), or Unguarded (a
	// document or worker that ran before the guard attached: nothing was
	// decided).
	Action gate.Action
	// Method is the HTTP method.
	Method string
	// ResourceType is one of the Type constants.
	ResourceType string
	// FrameURL is the URL of the document of the frame that made the
	// request (for a document, the frame's previous document, if any).
	FrameURL string
	// Tab is the target ID of the tab whose frame made the request: the
	// tab of Attach's context, a second tab, a popup. "" for requests of
	// no tab (shared and service workers) or of a frame not yet known.
	Tab string
	// Initiator is the URL or script (URL:line) that caused the request,
	// when the browser says; else the Referer.
	Initiator string
	// RedirectedFrom is the URL whose redirect made this request.
	RedirectedFrom string
	// ServiceWorker is the script URL of the service worker that made
	// this request again for a document it controls (fetch(event.request)
	// in its fetch handler). Then ResourceType, FrameURL, Tab and
	// Initiator are those of the document's request it answers, the
	// original requester's, not the worker's.
	ServiceWorker string
	// Subject is false for schemes robots.txt does not govern (data:,
	// blob:, about: ...): such requests are recorded and allowed.
	Subject bool
	// Destination is DestinationAllowed or DestinationRefused ("" when not
	// checked: not subject, or decided by robots.txt first).
	Destination string
	// TargetStatus is what the target answered.
	TargetStatus TargetStatus
	// SignedBy is the keyid (JWK thumbprint) of the key that signed the
	// request (Guard.Signer); "" when it went unsigned.
	SignedBy string

	// What the records are finished with when read (see Guard.Records).
	frame     cdp.FrameID
	networkID network.RequestID
	referer   string
	unlinked  bool // a link the tab's Network domain gives is not known yet (Linked)
	filling   bool // the policy's fields are being fetched (fillPolicy)
}

// TargetStatus is the answer of the target: an HTTP status, a network
// error, or the guard's block. Its JSON form is the status code, the string
// "blocked", or null (with the error in the record's "targetError").
type TargetStatus struct {
	Code    int    // HTTP status, when the target answered
	Blocked bool   // the guard stopped the request; it never left the browser
	Error   string // the network error, or why no answer was seen
	// Price is the crawler-price of a 402 answer (pay per crawl: the
	// target status payment-required; "none given" when it named none),
	// Charged the crawler-charged of a paid answer, Challenge
	// "cf-mitigated: challenge" for a challenge page.
	Price, Charged, Challenge string
}

// NoAnswer is the target error Records gives an admitted request whose
// answer was not seen (yet).
const NoAnswer = "no answer seen"

// Done reports whether the record is final: the guard stopped the request,
// or its answer or error was seen. A record whose decision is still under
// way (no Action yet) is not.
func (r Record) Done() bool {
	if r.Action == "" || r.filling {
		return false
	}
	return r.Action != gate.Admit || r.TargetStatus.Code != 0 || (r.TargetStatus.Error != "" && r.TargetStatus.Error != NoAnswer)
}

// Linked reports whether the record has the links that the tab's Network
// domain reports on a session of its own, and so possibly after the
// request's answer: the request's own report (its type and initiator), a
// service worker's request made again for a frame linked to that frame's
// request (its tab and requester), a CORS preflight linked to the request
// it precedes (its requester). Records without such
// a link are always linked. Records returns a record not linked yet
// complete in every other way; a stream may wait for the link.
func (r Record) Linked() bool { return !r.unlinked }

// MarshalJSON writes the status as a record's "targetStatus": the HTTP
// status code, "blocked", or null (the error goes apart, in "targetError").
func (t TargetStatus) MarshalJSON() ([]byte, error) {
	switch {
	case t.Blocked:
		return []byte(`"blocked"`), nil
	case t.Code != 0:
		return strconv.AppendInt(nil, int64(t.Code), 10), nil
	}
	return []byte("null"), nil
}

func (t TargetStatus) String() string {
	switch {
	case t.Blocked:
		return "blocked"
	case t.Code != 0:
		return strconv.Itoa(t.Code)
	case t.Error != "":
		return "error: " + t.Error
	}
	return "no answer"
}

// MarshalJSON writes the gate's record fields, then "gate" (the action),
// "method", "resourceType", "frameURL", "tabId", "initiator", "redirectedFrom",
// "serviceWorker", "robotsSubject", "destination", "targetStatus" and "targetError". Absent
// values are null.
func (r Record) MarshalJSON() ([]byte, error) {
	b, err := r.Record.MarshalJSON()
	if err != nil {
		return nil, err
	}
	b = b[:len(b)-1] // reopen the object
	extra := struct {
		Gate           gate.Action  `json:"gate"`
		Method         string       `json:"method"`
		ResourceType   string       `json:"resourceType"`
		FrameURL       *string      `json:"frameURL"`
		Tab            *string      `json:"tabId"`
		Initiator      *string      `json:"initiator"`
		RedirectedFrom *string      `json:"redirectedFrom"`
		ServiceWorker  *string      `json:"serviceWorker"`
		Subject        bool         `json:"robotsSubject"`
		Destination    *string      `json:"destination"`
		TargetStatus   TargetStatus `json:"targetStatus"`
		TargetError    *string      `json:"targetError"`
		SignedBy       string       `json:"signedBy,omitempty"`
		Price          string       `json:"targetPrice,omitempty"`
		Charged        string       `json:"targetCharged,omitempty"`
		Challenge      string       `json:"targetChallenge,omitempty"`
	}{r.Action, r.Method, r.ResourceType, null(r.FrameURL), null(r.Tab), null(r.Initiator), null(r.RedirectedFrom), null(r.ServiceWorker),
		r.Subject, null(r.Destination), r.TargetStatus, null(r.TargetStatus.Error), r.SignedBy,
		r.TargetStatus.Price, r.TargetStatus.Charged, r.TargetStatus.Challenge}
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false) // as the gate writes its fields
	if err := enc.Encode(extra); err != nil {
		return nil, err
	}
	e := bytes.TrimSuffix(buf.Bytes(), []byte("\n"))
	b = append(b, ',')
	return append(b, e[1:]...), nil
}

// UnmarshalJSON reads what MarshalJSON writes.
func (r *Record) UnmarshalJSON(b []byte) error {
	var g gate.Record
	if err := json.Unmarshal(b, &g); err != nil {
		return err
	}
	var w struct {
		Gate           gate.Action     `json:"gate"`
		Method         string          `json:"method"`
		ResourceType   string          `json:"resourceType"`
		FrameURL       string          `json:"frameURL"`
		Tab            string          `json:"tabId"`
		Initiator      string          `json:"initiator"`
		RedirectedFrom string          `json:"redirectedFrom"`
		ServiceWorker  string          `json:"serviceWorker"`
		Subject        bool            `json:"robotsSubject"`
		Destination    string          `json:"destination"`
		TargetStatus   json.RawMessage `json:"targetStatus"`
		TargetError    string          `json:"targetError"`
		SignedBy       string          `json:"signedBy"`
		Price          string          `json:"targetPrice"`
		Charged        string          `json:"targetCharged"`
		Challenge      string          `json:"targetChallenge"`
	}
	if err := json.Unmarshal(b, &w); err != nil {
		return err
	}
	*r = Record{Record: g, Action: w.Gate, Method: w.Method, ResourceType: w.ResourceType, FrameURL: w.FrameURL, Tab: w.Tab,
		Initiator: w.Initiator, RedirectedFrom: w.RedirectedFrom, ServiceWorker: w.ServiceWorker, Subject: w.Subject, Destination: w.Destination,
		TargetStatus: TargetStatus{Error: w.TargetError, Price: w.Price, Charged: w.Charged, Challenge: w.Challenge}, SignedBy: w.SignedBy}
	switch s := string(w.TargetStatus); s {
	case "", "null":
	case `"blocked"`:
		r.TargetStatus.Blocked = true
	default:
		n, err := strconv.Atoi(s)
		if err != nil {
			return fmt.Errorf("targetStatus: %s is neither a status code, \"blocked\" nor null", s)
		}
		r.TargetStatus.Code = n
	}
	return nil
}

func null(s string) *string {
	if s == "" {
		return nil
	}
	return &s
}
