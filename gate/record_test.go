package gate

import (
	"bytes"
	"encoding/json"
	"testing"
	"time"

	"github.com/robotstxt/robotstxt"
	"github.com/robotstxt/robotstxt/fetch"
)

// stdJSON encodes the record's wire form with encoding/json, the reference
// for the hand-written appendJSON.
func stdJSON(t testing.TB, r Record) string {
	ptr := func(s string) *string {
		if s == "" {
			return nil
		}
		return &s
	}
	w := recordJSON{Origin: r.Origin, ProductToken: r.ProductToken, TargetURL: r.TargetURL, PolicyURL: r.PolicyURL,
		PolicyFinalURL: ptr(r.PolicyFinalURL), PolicyStatus: r.PolicyStatus, PolicyDigest: ptr(r.PolicyDigest),
		PolicyStale: r.PolicyStale, Group: r.Group, MatchedRule: r.MatchedRule, RepDecision: r.RepDecision,
		CollectionDecision: r.CollectionDecision, Reason: r.Reason}
	if r.PolicyHTTPStatus != 0 {
		w.PolicyHTTPStatus = &r.PolicyHTTPStatus
	}
	if !r.PolicyFetchedAt.IsZero() {
		w.PolicyFetchedAt = ptr(r.PolicyFetchedAt.UTC().Format(time.RFC3339))
	}
	if w.Group == nil {
		w.Group = []AgentLine{}
	}
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(w); err != nil {
		t.Fatal(err)
	}
	return string(bytes.TrimSuffix(buf.Bytes(), []byte("\n")))
}

func TestRecordAppendJSONMatchesEncodingJSON(t *testing.T) {
	records := []Record{
		{},
		{Origin: "https://example.com", ProductToken: "ExampleBot", TargetURL: "https://example.com/a?b=<c>&d", PolicyURL: "https://example.com/robots.txt",
			PolicyFinalURL: "https://www.example.com/robots.txt", PolicyFetchedAt: time.Date(2026, 3, 1, 12, 0, 0, 123, time.FixedZone("x", 3600)),
			PolicyStatus: fetch.Success, PolicyHTTPStatus: 200, PolicyDigest: "sha256:00ff", PolicyStale: true,
			Group:       []AgentLine{{1, "ExampleBot"}, {4, "exa\"mple\\bot\u2028"}},
			MatchedRule: &robotstxt.Rule{Line: 5, Kind: robotstxt.Allow, Pattern: "/a*\x01\t\n$"},
			RepDecision: RepAllow, CollectionDecision: Approved, Reason: "r\xff\xfe é ☃ \x7f"},
	}
	for _, r := range records {
		got := r.appendJSON(nil)
		if want := stdJSON(t, r); string(got) != want {
			t.Errorf("appendJSON:\n%s\nencoding/json:\n%s", got, want)
		}
	}
}

func FuzzAppendString(f *testing.F) {
	for _, s := range []string{"", "plain", "<html> & \"q\" \\", "\x00\x1f\x7f", "\xff\xc3", "é☃\u2028\u2029𝄞"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		var buf bytes.Buffer
		enc := json.NewEncoder(&buf)
		enc.SetEscapeHTML(false)
		enc.Encode(s)
		want := bytes.TrimSuffix(buf.Bytes(), []byte("\n"))
		if got := appendString(nil, s); !bytes.Equal(got, want) {
			t.Fatalf("appendString(%q) = %s, want %s", s, got, want)
		}
	})
}
