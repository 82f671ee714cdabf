package rediscache

import (
	"encoding/json"
	"testing"
	"time"

	"github.com/robotstxt/robotstxt/fetch"
)

func TestDecodeEntry(t *testing.T) {
	now := time.Date(2026, 11, 30, 10, 0, 0, 0, time.UTC)
	ok := func(v any) []byte { b, _ := json.Marshal(v); return b }
	pol := &fetch.Policy{Status: fetch.Success, Body: []byte("User-agent: *\n"), Digest: "sha256:aa", FetchedAt: now}
	fail := &fetch.Policy{Status: fetch.Unreachable, HTTPStatus: 503, FetchedAt: now}
	tests := []struct {
		name         string
		policy, hold []byte
		wantNil      bool
		wantErr      bool
		wantFailures int
	}{
		{"both absent", nil, nil, true, false, 0},
		{"policy only", ok(policyPart{encoding, pol, now}), nil, false, false, 0},
		{"hold only", nil, ok(holdPart{encoding, fail, 2, now, now}), false, false, 2},
		{"both", ok(policyPart{encoding, pol, now}), ok(holdPart{encoding, fail, 1, now, now}), false, false, 1},
		{"policy of another encoding", ok(policyPart{2, pol, now}), nil, false, true, 0},
		{"policy without status", ok(policyPart{encoding, &fetch.Policy{}, now}), nil, false, true, 0},
		{"policy null", ok(policyPart{encoding, nil, now}), nil, false, true, 0},
		{"hold without failure", nil, ok(holdPart{encoding, nil, 1, now, now}), false, true, 0},
		{"hold with zero failures", nil, ok(holdPart{encoding, fail, 0, now, now}), false, true, 0},
		{"not JSON", []byte("{"), nil, false, true, 0},
		{"hold not JSON", nil, []byte("x"), false, true, 0},
		{"body not base64", []byte(`{"v":1,"policy":{"status":"success","body":"!!"}}`), nil, false, true, 0},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			e, err := decodeEntry(tt.policy, tt.hold)
			if (err != nil) != tt.wantErr || (e == nil) != (tt.wantNil || tt.wantErr) {
				t.Fatalf("decodeEntry = %+v, %v; want nil %v, error %v", e, err, tt.wantNil, tt.wantErr)
			}
			if e != nil && e.Failures != tt.wantFailures {
				t.Errorf("failures %d, want %d", e.Failures, tt.wantFailures)
			}
			if e != nil && tt.policy != nil && (e.Policy == nil || e.Policy.Digest != pol.Digest || !e.Expires.Equal(now)) {
				t.Errorf("policy %+v, want the one stored", e.Policy)
			}
		})
	}
}

// FuzzDecodeEntry: whatever a shared store holds, decoding gives an entry
// with what the gate needs, or an error; never a panic.
func FuzzDecodeEntry(f *testing.F) {
	now := time.Now().UTC()
	p, _ := json.Marshal(policyPart{encoding, &fetch.Policy{Status: fetch.Success, Body: []byte("User-agent: *\nDisallow: /\n"), FetchedAt: now}, now})
	h, _ := json.Marshal(holdPart{encoding, &fetch.Policy{Status: fetch.RateLimited, HTTPStatus: 429}, 1, now, now})
	f.Add(p, h)
	f.Add(p, []byte(nil))
	f.Add([]byte(nil), h)
	f.Add([]byte(`{"v":1,"policy":{"status":"success","body":"AA=="}}`), []byte(`{"v":1}`))
	f.Fuzz(func(t *testing.T, policy, hold []byte) {
		e, err := decodeEntry(policy, hold)
		if err != nil {
			return
		}
		if e == nil {
			if policy != nil || hold != nil {
				t.Fatal("nil entry without error for present parts")
			}
			return
		}
		if policy != nil && (e.Policy == nil || e.Policy.Status == "") {
			t.Fatal("a decoded policy without a status")
		}
		if hold != nil && (e.Failure == nil || e.Failures < 1) {
			t.Fatal("decoded hold state without a failure")
		}
		if e.Policy != nil {
			_ = e.Policy.Robots() // parsing what was stored must not panic
		}
	})
}
