package server

import (
	"encoding/json"
	"errors"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/robotstxt/robotstxt/fetch"
)

// noNet is a transport that never touches the network.
type noNet struct{}

func (noNet) RoundTrip(*http.Request) (*http.Response, error) {
	return nil, errors.New("no network in fuzzing")
}

func fuzzServer(f *testing.F) *Server {
	o := gateOptions(f, nil, nil, nil)
	o.Gate.Client.Fetcher = &fetch.Fetcher{Transport: noNet{}}
	s, err := New(Options{Gate: o})
	if err != nil {
		f.Fatal(err)
	}
	return s
}

// FuzzDecideBody: any body gets a JSON answer, never a crash; a 200 answer
// has one element per URL asked for, in order.
func FuzzDecideBody(f *testing.F) {
	for _, seed := range []string{
		`{"urls":["https://example.com/a","http://example.org/b"]}`,
		`{"urls":["https://example.com/public/../private/x"],"agent":"OtherBot"}`,
		`{"urls":["ftp://x","","http://[::1]:0/","http://a\u0000b/"]}`,
		`{"urls":[]}`, `[]`, `{"urls":null}`, `{"agent":"x"}`, `{`, ``,
	} {
		f.Add(seed, false)
		f.Add(seed, true)
	}
	s := fuzzServer(f)
	f.Fuzz(func(t *testing.T, body string, ndjson bool) {
		req := httptest.NewRequest("POST", "http://127.0.0.1/api/v1/decide", strings.NewReader(body))
		req.Header.Set("Content-Type", "application/json")
		if ndjson {
			req.Header.Set("Accept", "application/x-ndjson")
		}
		rec := httptest.NewRecorder()
		s.ServeHTTP(rec, req)
		switch rec.Code {
		case 200:
		case 400, 413:
			var e struct{ Error string }
			if json.Unmarshal(rec.Body.Bytes(), &e) != nil || e.Error == "" {
				t.Fatalf("status %d without a JSON error: %q", rec.Code, rec.Body.String())
			}
			return
		default:
			t.Fatalf("status %d: %q", rec.Code, rec.Body.String())
		}
		var asked struct{ URLs []string }
		json.Unmarshal([]byte(body), &asked)
		var got []json.RawMessage
		if ndjson {
			for l := range strings.Lines(rec.Body.String()) {
				got = append(got, json.RawMessage(l))
			}
		} else if err := json.Unmarshal(rec.Body.Bytes(), &got); err != nil {
			t.Fatalf("answer is not a JSON array: %v", err)
		}
		if len(got) != len(asked.URLs) {
			t.Fatalf("%d answers for %d URLs", len(got), len(asked.URLs))
		}
		for i, g := range got {
			var a struct {
				Gate string
				URL  string
			}
			if err := json.Unmarshal(g, &a); err != nil || (a.Gate != "admit" && a.Gate != "hold" && a.Gate != "drop") {
				t.Fatalf("answer %d: %s", i, g)
			}
			if !ndjson && len(asked.URLs[i]) <= maxItem && a.URL != asked.URLs[i] && strings.ToValidUTF8(asked.URLs[i], "\uFFFD") != a.URL {
				t.Fatalf("answer %d is for %q, asked %q", i, a.URL, asked.URLs[i])
			}
			if a.Gate == "admit" {
				t.Fatalf("admitted %q with no robots.txt reachable", a.URL)
			}
		}
	})
}

// FuzzTargetStatusBody: any body gets a JSON answer, never a crash.
func FuzzTargetStatusBody(f *testing.F) {
	for _, seed := range []string{
		`{"url":"https://example.com/a","status":429,"retryAfter":"120"}`,
		`{"url":"https://example.com/a","status":503,"retryAfter":"Wed, 21 Oct 2099 07:28:00 GMT"}`,
		`{"url":"https://example.com/a","status":403,"lease":"x"}`,
		`{"url":"x","status":-1}`, `{}`, `null`,
	} {
		f.Add(seed)
	}
	s := fuzzServer(f)
	f.Fuzz(func(t *testing.T, body string) {
		req := httptest.NewRequest("POST", "http://127.0.0.1/api/v1/target-status", strings.NewReader(body))
		req.Header.Set("Content-Type", "application/json")
		rec := httptest.NewRecorder()
		s.ServeHTTP(rec, req)
		if rec.Code != 200 && rec.Code != 400 && rec.Code != 413 {
			t.Fatalf("status %d: %q", rec.Code, rec.Body.String())
		}
		var v map[string]any
		if err := json.Unmarshal(rec.Body.Bytes(), &v); err != nil {
			t.Fatalf("answer is not a JSON object: %q", rec.Body.String())
		}
	})
}
