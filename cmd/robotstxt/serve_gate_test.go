package main

import (
	"context"
	"encoding/json"
	"fmt"
	"net"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"
)

func TestServeGateFlagErrors(t *testing.T) {
	tests := []struct {
		name string
		args []string
		want string
	}{
		{"gate without agent", []string{"serve", "--gate"}, "--gate needs --agent"},
		{"agent not a token", []string{"serve", "--gate", "--agent", "/x"}, "--gate needs --agent"},
		{"agent without gate", []string{"serve", "--agent", "ExampleBot"}, "go with --gate"},
		{"redis without gate", []string{"serve", "--redis", "redis://127.0.0.1:1/0"}, "go with --gate"},
		{"bad log format", []string{"serve", "--log-format", "xml"}, `--log-format "xml"`},
		{"bad redis URL", []string{"serve", "--gate", "--agent", "ExampleBot", "--redis", "http://x"}, "--redis"},
		{"missing scope file", []string{"serve", "--gate", "--agent", "ExampleBot", "--scope", "/nonexistent/scope.yaml"}, "scope.yaml"},
		{"negative limit", []string{"serve", "--gate", "--agent", "ExampleBot", "--max-per-origin", "-1"}, "must be"},
		{"memory budget too small", []string{"serve", "--gate", "--agent", "ExampleBot", "--gate-memory", "8"}, "--gate-memory 8: want 16 to"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var stdout, stderr lockedBuffer
			c := &cli{stdin: strings.NewReader(""), stdout: &stdout, stderr: &stderr, getenv: func(string) string { return "" }}
			code := c.run(context.Background(), tt.args)
			if code != 2 || !strings.Contains(stderr.String(), tt.want) {
				t.Errorf("exit %d, stderr %q; want 2 and %q", code, stderr.String(), tt.want)
			}
		})
	}
}

// TestServeGate runs "robotstxt serve --gate" as an operator does and asks
// it for decisions about a loopback site.
func TestServeGate(t *testing.T) {
	site := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		fmt.Fprint(w, "User-agent: *\nDisallow: /private/\n")
	}))
	defer site.Close()
	scope := filepath.Join(t.TempDir(), "scope.yaml")
	os.WriteFile(scope, []byte("approved: [\"*\"]\n"), 0o644)
	var stdout, stderr lockedBuffer
	c := &cli{stdin: strings.NewReader(""), stdout: &stdout, stderr: &stderr, getenv: func(string) string { return "" }}
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan int, 1)
	go func() {
		done <- c.run(ctx, []string{"serve", "--addr", "127.0.0.1:0", "--gate", "--agent", "ExampleBot",
			"--scope", scope, "--allow-private", "--log-format", "json"})
	}()
	urlRE := regexp.MustCompile(`http://127\.0\.0\.1:\d+/`)
	var base string
	for deadline := time.Now().Add(10 * time.Second); base == "" && time.Now().Before(deadline); time.Sleep(10 * time.Millisecond) {
		base = urlRE.FindString(stdout.String())
	}
	if base == "" {
		t.Fatalf("serve printed no URL:\n%s%s", stdout.String(), stderr.String())
	}
	resp, err := http.Post(base+"api/v1/decide", "application/json",
		strings.NewReader(`{"urls":["`+site.URL+`/a","`+site.URL+`/private/b"]}`))
	if err != nil {
		t.Fatal(err)
	}
	var got []struct{ Gate string }
	json.NewDecoder(resp.Body).Decode(&got)
	resp.Body.Close()
	if len(got) != 2 || got[0].Gate != "admit" || got[1].Gate != "drop" {
		t.Errorf("decide: %+v, want admit, drop", got)
	}
	for _, p := range []string{"metrics", "readyz"} {
		resp, err := http.Get(base + p)
		if err != nil || resp.StatusCode != 200 {
			t.Errorf("GET /%s: %v %v", p, resp, err)
		} else {
			resp.Body.Close()
		}
	}
	cancel()
	if code := <-done; code != 0 {
		t.Errorf("exit %d", code)
	}
	// The request log is JSON, one object per line.
	var logged int
	for l := range strings.Lines(stderr.String()) {
		var v map[string]any
		if err := json.Unmarshal([]byte(l), &v); err != nil {
			t.Errorf("log line is not JSON: %q", l)
		} else if v["msg"] == "request" {
			logged++
		}
	}
	if logged != 3 {
		t.Errorf("%d request log objects, want 3:\n%s", logged, stderr.String())
	}
}

// TestOpenGateWarning: serve --gate warns when it listens beyond loopback
// without a token, and only then.
func TestOpenGateWarning(t *testing.T) {
	for _, tt := range []struct {
		addr  string
		gate  bool
		token string
		warn  bool
	}{
		{"0.0.0.0:8080", true, "", true},
		{"[::]:8080", true, "", true},
		{"192.0.2.7:8080", true, "", true},
		{"0.0.0.0:8080", true, "token.txt", false},
		{"127.0.0.1:8080", true, "", false},
		{"127.0.0.53:8080", true, "", false},
		{"[::1]:8080", true, "", false},
		{"0.0.0.0:8080", false, "", false}, // the page alone holds no decisions
	} {
		a, err := net.ResolveTCPAddr("tcp", tt.addr)
		if err != nil {
			t.Fatal(err)
		}
		w := openGateWarning(a, tt.gate, tt.token)
		if (w != "") != tt.warn || tt.warn && !strings.Contains(w, "--gate-token-file") {
			t.Errorf("%s gate=%v token=%q: %q", tt.addr, tt.gate, tt.token, w)
		}
	}
}
