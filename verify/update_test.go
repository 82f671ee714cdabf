//go:build !js

package verify

import (
	"context"
	"net/http"
	"net/http/httptest"
	"net/netip"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
)

// TestUpdate: lists that parse are written, and Load prefers them to the
// snapshot; a list that fails (an error status, an HTML page, a body too
// large) keeps its previous copy.
func TestUpdate(t *testing.T) {
	var mu sync.Mutex
	answers := map[string]func(w http.ResponseWriter){}
	good := func(prefix string) func(w http.ResponseWriter) {
		return func(w http.ResponseWriter) {
			w.Write([]byte(`{"creationTime":"2026-11-30T10:00:00.000000","prefixes":[{"ipv4Prefix":"` + prefix + `"}]}`))
		}
	}
	answers["/bing-bingbot.json"] = good("192.0.2.0/24")
	answers["/openai-gptbot.json"] = good("198.51.100.0/25")
	answers["/anthropic-bots.json"] = func(w http.ResponseWriter) { w.Write([]byte("<html>Just a moment...</html>")) }
	answers["/google-common-crawlers.json"] = func(w http.ResponseWriter) { http.Error(w, "busy", http.StatusServiceUnavailable) }
	answers["/duckduckgo-duckduckbot.json"] = func(w http.ResponseWriter) {
		w.Write([]byte(`{"prefixes":[` + strings.Repeat(`{"ipv4Prefix":"1.2.3.0/24"},`, maxListBytes/20) + `]}`))
	}
	var agents []string
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		mu.Lock()
		agents = append(agents, r.UserAgent())
		a := answers[r.URL.Path]
		mu.Unlock()
		if a == nil {
			http.NotFound(w, r)
			return
		}
		a(w)
	}))
	defer srv.Close()
	urlFor := func(s Source) string { return srv.URL + "/" + s.File }

	dir := t.TempDir()
	res, err := Update(context.Background(), srv.Client(), dir, "robotstxt-test/1.0", urlFor)
	if err != nil {
		t.Fatal(err)
	}
	ok := map[string]bool{}
	for _, r := range res {
		ok[r.File] = r.Err == ""
		if r.Err == "" && (r.Prefixes != 1 || r.Created.IsZero()) {
			t.Errorf("%s: %+v", r.File, r)
		}
	}
	if !ok["bing-bingbot.json"] || !ok["openai-gptbot.json"] || ok["anthropic-bots.json"] || ok["google-common-crawlers.json"] || ok["duckduckgo-duckduckbot.json"] || ok["apple-applebot.json"] {
		t.Errorf("results %v", ok)
	}
	for _, a := range agents {
		if a != "robotstxt-test/1.0" {
			t.Errorf("fetched as %q", a)
		}
	}
	if _, err := os.Stat(filepath.Join(dir, "anthropic-bots.json")); err == nil {
		t.Error("a list that did not parse was written")
	}

	r, err := Load(dir)
	if err != nil {
		t.Fatal(err)
	}
	if !r.Contains("Microsoft", netip.MustParseAddr("192.0.2.9")) || !r.Contains("OpenAI", netip.MustParseAddr("198.51.100.1")) {
		t.Error("the updated lists are not used")
	}
	if !r.Contains("Google", netip.MustParseAddr("66.249.64.1")) {
		t.Error("Google's list, not updated, did not fall back to the snapshot")
	}
	for _, l := range r.Lists {
		want := "snapshot"
		if l.File == "bing-bingbot.json" || l.File == "openai-gptbot.json" {
			want = filepath.Join(dir, l.File)
		}
		if l.From != want {
			t.Errorf("%s from %q, want %q", l.File, l.From, want)
		}
	}

	// Now Bing's list breaks: the good copy stays.
	mu.Lock()
	answers["/bing-bingbot.json"] = func(w http.ResponseWriter) { w.Write([]byte(`{"prefixes":[]}`)) }
	mu.Unlock()
	if _, err := Update(context.Background(), srv.Client(), dir, "", urlFor); err != nil {
		t.Fatal(err)
	}
	if r, err = Load(dir); err != nil || !r.Contains("Microsoft", netip.MustParseAddr("192.0.2.9")) {
		t.Errorf("the previous copy of a list that broke was lost (%v)", err)
	}
	if m, _ := filepath.Glob(filepath.Join(dir, ".tmp-*")); len(m) != 0 {
		t.Errorf("temporary files left: %v", m)
	}
}
