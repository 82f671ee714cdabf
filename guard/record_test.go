package guard

import (
	"encoding/json"
	"reflect"
	"strings"
	"testing"

	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/network"

	"github.com/robotstxt/robotstxt"
	"github.com/robotstxt/robotstxt/gate"
)

func TestResourceType(t *testing.T) {
	tests := []struct {
		in   network.ResourceType
		main bool
		want string
	}{
		{network.ResourceTypeDocument, true, TypeDocument},
		{network.ResourceTypeDocument, false, TypeSubframeDocument},
		{network.ResourceTypeScript, false, TypeScript},
		{network.ResourceTypeStylesheet, false, TypeStylesheet},
		{network.ResourceTypeImage, true, TypeImage},
		{network.ResourceTypeFont, false, TypeFont},
		{network.ResourceTypeMedia, false, TypeMedia},
		{network.ResourceTypeXHR, false, TypeXHR},
		{network.ResourceTypeFetch, false, TypeFetch},
		{network.ResourceTypeWebSocket, false, TypeWebSocket},
		{network.ResourceTypePing, false, TypePing},
		{network.ResourceTypeManifest, false, TypeManifest},
		{network.ResourceTypeEventSource, false, TypeEventSource},
		{network.ResourceTypePrefetch, false, TypePrefetch},
		{network.ResourceTypePreflight, false, TypePreflight},
		{network.ResourceTypeCSPViolationReport, false, TypeCSPReport},
		{network.ResourceTypeTextTrack, false, TypeOther},
		{network.ResourceTypeOther, true, TypeOther},
		{"", false, TypeOther},
	}
	for _, tt := range tests {
		if got := resourceType(tt.in, tt.main); got != tt.want {
			t.Errorf("resourceType(%q, main %v) = %q, want %q", tt.in, tt.main, got, tt.want)
		}
	}
}

// TestRequestKind: what a request says of itself refines the Fetch
// domain's type (record.go, requestKind).
func TestRequestKind(t *testing.T) {
	h := func(kv ...string) network.Headers {
		m := network.Headers{}
		for i := 0; i < len(kv); i += 2 {
			m[kv[i]] = kv[i+1]
		}
		return m
	}
	tests := []struct {
		name, typ, method string
		headers           network.Headers
		want              string
	}{
		// Fetch standard, CORS-preflight request: OPTIONS with Access-Control-Request-Method.
		{"preflight", TypeXHR, "OPTIONS", h("Access-Control-Request-Method", "PUT", "Origin", "http://a"), TypePreflight},
		{"preflight, header case", TypeOther, "OPTIONS", h("access-control-request-method", "PUT"), TypePreflight},
		{"OPTIONS without the header is no preflight", TypeXHR, "OPTIONS", h("Origin", "http://a"), TypeXHR},
		{"the header on a GET is no preflight", TypeXHR, "GET", h("Access-Control-Request-Method", "PUT"), TypeXHR},
		// Fetch standard, Sec-Purpose; Chromium's <link rel=prefetch>.
		{"link prefetch", TypeFetch, "GET", h("Sec-Purpose", "prefetch"), TypePrefetch},
		{"prefetch for prerender", TypeOther, "GET", h("Sec-Purpose", "prefetch;prerender"), TypePrefetch},
		{"a speculative document stays a document", TypeDocument, "GET", h("Sec-Purpose", "prefetch"), TypeDocument},
		// HTML standard, EventSource: Accept: text/event-stream.
		{"eventsource", TypeXHR, "GET", h("Accept", "text/event-stream"), TypeEventSource},
		{"a fetch accepting an event stream stays a fetch", TypeFetch, "GET", h("Accept", "text/event-stream"), TypeFetch},
		// Sec-Fetch-Dest (secure contexts).
		{"manifest by destination", TypeOther, "GET", h("Sec-Fetch-Dest", "manifest"), TypeManifest},
		// Chromium's favicon loader: typed Other, accepting images.
		{"favicon", TypeOther, "GET", h("Accept", "image/avif,image/webp,*/*;q=0.8"), TypeFavicon},
		{"an image stays an image", TypeImage, "GET", h("Accept", "image/avif,image/webp,*/*;q=0.8"), TypeImage},
		{"other", TypeOther, "GET", h("Accept", "*/*"), TypeOther},
		{"no headers", TypeScript, "GET", nil, TypeScript},
	}
	for _, tt := range tests {
		if got := requestKind(tt.typ, tt.method, tt.headers); got != tt.want {
			t.Errorf("%s: requestKind(%q, %q, %v) = %q, want %q", tt.name, tt.typ, tt.method, tt.headers, got, tt.want)
		}
	}
}

func TestRecordJSON(t *testing.T) {
	base := gate.Record{Origin: "https://example.com", ProductToken: "ExampleBot", TargetURL: "https://example.com/private/a.png",
		PolicyURL: "https://example.com/robots.txt", RepDecision: gate.RepDisallow, CollectionDecision: gate.Approved,
		MatchedRule: &robotstxt.Rule{Line: 4, Kind: robotstxt.Disallow, Pattern: "/private/"}, Reason: "disallowed <by> line 4"}
	tests := []struct {
		name string
		rec  Record
		want string // the guard's fields, after the gate's
	}{
		{"blocked", Record{Record: base, Action: gate.Drop, Method: "GET", ResourceType: TypeImage, FrameURL: "https://example.com/", Tab: "T1",
			Initiator: "https://example.com/app.js:3", Subject: true, Destination: DestinationAllowed, TargetStatus: TargetStatus{Blocked: true}},
			`"gate":"drop","method":"GET","resourceType":"image","frameURL":"https://example.com/","tabId":"T1","initiator":"https://example.com/app.js:3","redirectedFrom":null,"serviceWorker":null,"robotsSubject":true,"destination":"allowed","targetStatus":"blocked","targetError":null}`},
		{"answered", Record{Record: base, Action: gate.Admit, Method: "POST", ResourceType: TypeFetch, RedirectedFrom: "https://example.com/go",
			Subject: true, Destination: DestinationAllowed, TargetStatus: TargetStatus{Code: 404}},
			`"gate":"admit","method":"POST","resourceType":"fetch","frameURL":null,"tabId":null,"initiator":null,"redirectedFrom":"https://example.com/go","serviceWorker":null,"robotsSubject":true,"destination":"allowed","targetStatus":404,"targetError":null}`},
		{"made again by a service worker", Record{Record: base, Action: gate.Admit, Method: "GET", ResourceType: TypeFetch, FrameURL: "https://example.com/f.html",
			Tab: "T1", Initiator: "https://example.com/f.html:2", ServiceWorker: "https://example.com/sw.js", Subject: true, Destination: DestinationAllowed,
			TargetStatus: TargetStatus{Code: 200}},
			`"gate":"admit","method":"GET","resourceType":"fetch","frameURL":"https://example.com/f.html","tabId":"T1","initiator":"https://example.com/f.html:2","redirectedFrom":null,"serviceWorker":"https://example.com/sw.js","robotsSubject":true,"destination":"allowed","targetStatus":200,"targetError":null}`},
		{"network error", Record{Record: base, Action: gate.Admit, Method: "GET", ResourceType: TypeScript, Subject: true,
			Destination: DestinationAllowed, TargetStatus: TargetStatus{Error: "ConnectionRefused"}},
			`"gate":"admit","method":"GET","resourceType":"script","frameURL":null,"tabId":null,"initiator":null,"redirectedFrom":null,"serviceWorker":null,"robotsSubject":true,"destination":"allowed","targetStatus":null,"targetError":"ConnectionRefused"}`},
		{"not subject", Record{Record: gate.Record{TargetURL: "data:,x"}, Action: gate.Admit, Method: "GET", ResourceType: TypeImage,
			TargetStatus: TargetStatus{Error: "not a network request"}},
			`"gate":"admit","method":"GET","resourceType":"image","frameURL":null,"tabId":null,"initiator":null,"redirectedFrom":null,"serviceWorker":null,"robotsSubject":false,"destination":null,"targetStatus":null,"targetError":"not a network request"}`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			b, err := tt.rec.MarshalJSON()
			if err != nil {
				t.Fatal(err)
			}
			g, _ := tt.rec.Record.MarshalJSON()
			if want := string(g[:len(g)-1]) + "," + tt.want; string(b) != want {
				t.Errorf("got  %s\nwant %s", b, want)
			}
			if !strings.Contains(string(b), `"reason":"`) || strings.Contains(string(b), `\u003c`) {
				t.Errorf("gate fields missing or HTML-escaped: %s", b)
			}
			var back Record
			if err := json.Unmarshal(b, &back); err != nil {
				t.Fatal(err)
			}
			b2, _ := back.MarshalJSON()
			if string(b2) != string(b) {
				t.Errorf("round trip:\n got %s\nwant %s", b2, b)
			}
			back.Record, tt.rec.Record = gate.Record{}, gate.Record{}
			if !reflect.DeepEqual(back, tt.rec) {
				t.Errorf("round trip:\n got %+v\nwant %+v", back, tt.rec)
			}
		})
	}
}

func TestRecordUnmarshalBadStatus(t *testing.T) {
	var r Record
	if err := json.Unmarshal([]byte(`{"targetStatus":"done"}`), &r); err == nil {
		t.Error(`targetStatus "done" accepted`)
	}
}

// FuzzRecordJSON: any input either fails to decode or decodes to a record
// whose encoding decodes to the same record.
func FuzzRecordJSON(f *testing.F) {
	f.Add(`{"origin":"http://a","targetStatus":200,"gate":"admit","resourceType":"image"}`)
	f.Add(`{"targetStatus":"blocked","targetError":"x","policyFetchedAt":"2026-03-01T12:00:00Z"}`)
	f.Add(`{"targetStatus":null,"matchedRule":{"line":2,"kind":"disallow","pattern":"/"}}`)
	f.Fuzz(func(t *testing.T, s string) {
		var r Record
		if err := json.Unmarshal([]byte(s), &r); err != nil {
			return
		}
		b, err := r.MarshalJSON()
		if err != nil {
			t.Fatalf("encoding %+v: %v", r, err)
		}
		var back Record
		if err := json.Unmarshal(b, &back); err != nil {
			t.Fatalf("decoding %s: %v", b, err)
		}
		b2, _ := back.MarshalJSON()
		if string(b) != string(b2) {
			t.Errorf("not stable:\n%s\n%s", b, b2)
		}
	})
}

// TestRecordDone: a record is final once the request was stopped or its
// answer or error was seen (browse --attach streams the final ones).
func TestRecordDone(t *testing.T) {
	for _, tt := range []struct {
		r    Record
		want bool
	}{
		{Record{Action: gate.Drop, TargetStatus: TargetStatus{Blocked: true}}, true},
		{Record{Action: gate.Hold}, true},
		{Record{Action: gate.Admit, TargetStatus: TargetStatus{Code: 200}}, true},
		{Record{Action: gate.Admit, TargetStatus: TargetStatus{Error: "net::ERR_EMPTY_RESPONSE"}}, true},
		{Record{Action: gate.Admit, TargetStatus: TargetStatus{Error: NoAnswer}}, false},
		{Record{Action: gate.Admit}, false},
		// The decision still under way: browse --attach must not stream it.
		{Record{}, false},
		{Record{TargetStatus: TargetStatus{Code: 204}}, false},
	} {
		if got := tt.r.Done(); got != tt.want {
			t.Errorf("%+v: Done() = %v, want %v", tt.r, got, tt.want)
		}
	}
}

// A record's links from the tab's Network domain, which reports on a
// session of its own and may come after the answer (Record.Linked): a
// CORS preflight's requester is the request it precedes, a service
// worker's request made again for a frame is the frame's. Records gives
// such a record unlinked until the link arrives, then with it.
func TestRecordLinked(t *testing.T) {
	const tab = cdp.FrameID("TAB")
	g := &Guard{mainFrame: tab,
		answers: map[network.RequestID][]TargetStatus{}, frames: map[cdp.FrameID]string{tab: "http://a/"},
		parents: map[cdp.FrameID]cdp.FrameID{}, initiators: map[network.RequestID]string{},
		types: map[network.RequestID]network.ResourceType{}, failures: map[network.RequestID]string{},
		preflights: map[network.RequestID]network.RequestID{}, requested: map[string][]network.RequestID{},
		frameOf: map[network.RequestID]cdp.FrameID{}}
	answered := TargetStatus{Code: 200}
	plain := &Record{Action: gate.Admit, Method: "GET", ResourceType: TypeImage, frame: tab, networkID: "1", TargetStatus: answered}
	preflight := &Record{Action: gate.Admit, Method: "OPTIONS", ResourceType: TypePreflight, frame: tab, networkID: "3", referer: "http://a/", TargetStatus: answered}
	worker := &Record{Action: gate.Admit, Method: "GET", ResourceType: TypeFetch, networkID: "w1", ServiceWorker: "http://a/sw.js", TargetStatus: answered}
	plain.TargetURL, preflight.TargetURL, worker.TargetURL = "http://a/x.png", "http://d/cors", "http://a/sw/ok"
	g.records = []*Record{plain, preflight, worker}
	linked := func() []bool {
		var out []bool
		for _, r := range g.Records() {
			out = append(out, r.Linked())
		}
		return out
	}
	if got, want := linked(), []bool{false, false, false}; !reflect.DeepEqual(got, want) {
		t.Fatalf("before the tab's events: Linked = %v, want %v", got, want)
	}
	if in := g.Records()[1].Initiator; in != "http://a/" {
		t.Errorf("unlinked preflight's initiator = %q, want the referer", in)
	}
	// The tab reports the image, the PUT, its preflight and the frame's
	// request the worker answered.
	g.requestSent(&network.EventRequestWillBeSent{RequestID: "1", FrameID: tab, Type: network.ResourceTypeImage,
		Request: &network.Request{Method: "GET", URL: "http://a/x.png"}, Initiator: &network.Initiator{Type: network.InitiatorTypeParser, URL: "http://a/"}})
	if got, want := linked(), []bool{true, false, false}; !reflect.DeepEqual(got, want) {
		t.Fatalf("after the image's report: Linked = %v, want %v", got, want)
	}
	g.requestSent(&network.EventRequestWillBeSent{RequestID: "2", FrameID: tab, Type: network.ResourceTypeFetch,
		Request:   &network.Request{Method: "PUT", URL: "http://d/cors"},
		Initiator: &network.Initiator{Type: network.InitiatorTypeScript, URL: "http://a/leak.js", LineNumber: 40}})
	g.requestSent(&network.EventRequestWillBeSent{RequestID: "3", FrameID: tab, Type: network.ResourceTypePreflight,
		Request:   &network.Request{Method: "OPTIONS", URL: "http://d/cors"},
		Initiator: &network.Initiator{Type: network.InitiatorTypePreflight, RequestID: "2"}})
	g.requestSent(&network.EventRequestWillBeSent{RequestID: "4", FrameID: tab, Type: network.ResourceTypeFetch,
		Request:   &network.Request{Method: "GET", URL: "http://a/sw/ok"},
		Initiator: &network.Initiator{Type: network.InitiatorTypeScript, URL: "http://a/frame.html", LineNumber: 3}})
	// The worker's own request, in its own session.
	g.requestSent(&network.EventRequestWillBeSent{RequestID: "w1", Type: network.ResourceTypeFetch,
		Request: &network.Request{Method: "GET", URL: "http://a/sw/ok"}})
	if got, want := linked(), []bool{true, true, true}; !reflect.DeepEqual(got, want) {
		t.Fatalf("after the tab's events: Linked = %v, want %v", got, want)
	}
	recs := g.Records()
	if recs[1].Initiator != "http://a/leak.js:41" {
		t.Errorf("linked preflight's initiator = %q, want the PUT's http://a/leak.js:41", recs[1].Initiator)
	}
	if recs[2].Tab != string(tab) || recs[2].Initiator != "http://a/frame.html:4" {
		t.Errorf("linked worker's request: tab %q initiator %q, want %q and the frame's script", recs[2].Tab, recs[2].Initiator, tab)
	}
}
