package guard

import (
	"encoding/json"
	"net/url"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
)

// TestWritePrefs: Launch's preferences are merged, by dotted name, into
// the profile's Preferences file, keeping what is there, replacing what is
// in the way, and the guard's own win (guardPrefs).
func TestWritePrefs(t *testing.T) {
	tests := []struct {
		name     string
		existing string // "" for no file
		prefs    map[string]any
		want     string
	}{
		{"new profile", "", map[string]any{"net.network_prediction_options": 2},
			`{"net":{"network_prediction_options":2}}`},
		{"kept and merged", `{"intl":{"accept_languages":"fr"},"net":{"other":1,"network_prediction_options":0}}`,
			map[string]any{"net.network_prediction_options": 2},
			`{"intl":{"accept_languages":"fr"},"net":{"network_prediction_options":2,"other":1}}`},
		{"a value in the way", `{"net":3}`, map[string]any{"net.network_prediction_options": 2},
			`{"net":{"network_prediction_options":2}}`},
		{"top-level name", "", map[string]any{"homepage": "about:blank"}, `{"homepage":"about:blank"}`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			path := filepath.Join(t.TempDir(), "Default", "Preferences")
			if tt.existing != "" {
				os.MkdirAll(filepath.Dir(path), 0o700)
				if err := os.WriteFile(path, []byte(tt.existing), 0o600); err != nil {
					t.Fatal(err)
				}
			}
			if err := writePrefs(path, tt.prefs); err != nil {
				t.Fatal(err)
			}
			b, err := os.ReadFile(path)
			if err != nil {
				t.Fatal(err)
			}
			var got, want any
			json.Unmarshal(b, &got)
			json.Unmarshal([]byte(tt.want), &want)
			if !reflect.DeepEqual(got, want) {
				t.Errorf("got %s, want %s", b, tt.want)
			}
		})
	}
	// A Preferences file that is not JSON is an error, not overwritten.
	path := filepath.Join(t.TempDir(), "Preferences")
	os.WriteFile(path, []byte("{not json"), 0o600)
	if err := writePrefs(path, guardPrefs); err == nil {
		t.Error("a broken Preferences file was overwritten")
	}
	if b, _ := os.ReadFile(path); string(b) != "{not json" {
		t.Errorf("file changed to %q", b)
	}
}

// FuzzWritePrefs: whatever a profile's Preferences file holds, writePrefs
// either refuses it or leaves a file with the guard's preference set and
// the rest kept.
func FuzzWritePrefs(f *testing.F) {
	for _, s := range []string{"", "{}", `{"net":3}`, `{"net":{"network_prediction_options":0,"x":[1,2]}}`, "[]", "null", "{not json", `{"a":{"b":{"c":1}}}`} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, existing string) {
		path := filepath.Join(t.TempDir(), "Preferences")
		if err := os.WriteFile(path, []byte(existing), 0o600); err != nil {
			t.Fatal(err)
		}
		if err := writePrefs(path, guardPrefs); err != nil {
			if b, _ := os.ReadFile(path); string(b) != existing {
				t.Fatalf("refused, but the file changed: %q", b)
			}
			return
		}
		b, _ := os.ReadFile(path)
		var doc struct {
			Net struct {
				Prediction *int `json:"network_prediction_options"`
			} `json:"net"`
		}
		if err := json.Unmarshal(b, &doc); err != nil || doc.Net.Prediction == nil || *doc.Net.Prediction != 2 {
			t.Fatalf("file %q after writePrefs (%v)", b, err)
		}
	})
}

// FuzzSocketURL: the socket check's URL comes from the page; socketURL
// never panics, and admits a WebTransport only to an https: URL with a host.
func FuzzSocketURL(f *testing.F) {
	for _, s := range []string{"ws://a/x", "wss://a:1/x", "https://a/", "http://a/", "ftp://a/", "javascript:x", "ws:///x", "%zz", ""} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, raw string) {
		if socketURL(raw, TypeWebTransport) {
			u, err := url.Parse(raw)
			if err != nil || !strings.EqualFold(u.Scheme, "https") || u.Host == "" {
				t.Fatalf("WebTransport URL %q admitted", raw)
			}
		}
		_ = socketURL(raw, TypeWebSocket)
	})
}
