package main

import (
	"bytes"
	"context"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/robotstxt/robotstxt/fetch"
	"github.com/robotstxt/robotstxt/gate"
	"github.com/robotstxt/robotstxt/netguard"
	"github.com/robotstxt/robotstxt/server"
)

// TestHoldsCommand lists and lifts a decision service's holds, with and
// without its bearer token.
func TestHoldsCommand(t *testing.T) {
	site := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Write([]byte("User-agent: *\nAllow: /\n"))
	}))
	t.Cleanup(site.Close)
	holds := &gate.LocalHolds{}
	client := &gate.Client{Fetcher: &fetch.Fetcher{Guard: &netguard.Policy{AllowPrivate: true}}}
	s, err := server.New(server.Options{Gate: &server.GateOptions{
		Gate:       &gate.Gate{Agent: "ExampleBot", Client: client},
		Politeness: &gate.Politeness{Store: holds},
		Token:      "t0ken",
	}})
	if err != nil {
		t.Fatal(err)
	}
	ts := httptest.NewServer(s)
	t.Cleanup(ts.Close)
	origin, _ := fetch.Origin(site.URL)
	holds.HoldOrigin(context.Background(), origin, gate.OriginHold{Until: time.Date(2030, 1, 2, 3, 4, 5, 0, time.UTC), HTTPStatus: 429, Detail: "Retry-After 1h0m0s"})
	tok := filepath.Join(t.TempDir(), "token")
	os.WriteFile(tok, []byte("t0ken\n"), 0o600)
	tests := []struct {
		name string
		args []string
		code int
		out  string
	}{
		{"list", []string{"holds", "--gate", ts.URL, "--token-file", tok}, 0, origin + "  HTTP 429  until 2030-01-02T03:04:05Z  Retry-After 1h0m0s\n"},
		{"no token", []string{"holds", "--gate", ts.URL}, 1, ""},
		{"lift", []string{"holds", "--gate", ts.URL, "--token-file", tok, "lift", site.URL}, 0, origin + ": hold lifted for the fleet\n"},
		{"list after", []string{"holds", "--gate", ts.URL, "--token-file", tok, "list"}, 0, "no origin held\n"},
		{"lift again", []string{"holds", "--gate", ts.URL, "--token-file", tok, "lift", site.URL}, 0, origin + ": was not held\n"},
		{"lift nothing", []string{"holds", "--gate", ts.URL, "lift"}, 2, ""},
		{"bad verb", []string{"holds", "--gate", ts.URL, "drop"}, 2, ""},
		{"bad URL", []string{"holds", "--gate", "ftp://x"}, 2, ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var out, errb bytes.Buffer
			code := Run(context.Background(), tt.args, strings.NewReader(""), &out, &errb)
			if code != tt.code || out.String() != tt.out {
				t.Errorf("exit %d, stdout %q (stderr %q); want %d, %q", code, out.String(), errb.String(), tt.code, tt.out)
			}
		})
	}
}
