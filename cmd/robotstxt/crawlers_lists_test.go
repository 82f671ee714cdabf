package main

import (
	"context"
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/robotstxt/robotstxt/fetch"
	"github.com/robotstxt/robotstxt/httpsig"
	"github.com/robotstxt/robotstxt/httpsig/keydir"
)

// TestCrawlersLists: "crawlers lists" shows every shipped list with its
// operator, crawlers (user-triggered ones marked), date and age at --at;
// lists older than 90 days are marked and warned about on standard error;
// a list of the folder without a creationTime is dated by its file.
func TestCrawlersLists(t *testing.T) {
	out, stderr, code := runCLI(t, "", "crawlers", "lists", "--ip-lists", t.TempDir(), "--at", "2026-10-01")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	for _, re := range []string{
		`(?m)^Google +google-user-triggered-agents\.json +Google-Agent \(user-triggered\) +20 +2026-05-19 +134 d \(old\) +snapshot$`,
		`(?m)^OpenAI +openai-gptbot\.json +GPTBot +21 +2025-10-30 +335 d \(old\) +snapshot$`,
		`(?m)^Apple +apple-applebot\.json +Applebot +24 +2026-09-15 +15 d +snapshot$`,
		`(?m)^Amazon +amazon-user\.json +Amzn-User \(user-triggered\) +1023 +2025-11-04 +330 d \(old\) +snapshot$`,
		`(?m)^Parallel +parallel-shapbot\.json +ShapBot +10 +2026-07-14 +79 d +snapshot$`,
	} {
		if !regexp.MustCompile(re).MatchString(out) {
			t.Errorf("no line %s in\n%s", re, out)
		}
	}
	if n := strings.Count(out, " snapshot\n"); n != 24 {
		t.Errorf("%d lists shown, want 24:\n%s", n, out)
	}
	if !strings.Contains(stderr, "warning: 12 of the 24 IP lists in use are more than 90 days old (the oldest: bing-bingbot.json, 2024-01-03)") {
		t.Errorf("stderr %q", stderr)
	}
	// Nothing old on the day after the newest: no warning for the young.
	if _, stderr, _ := runCLI(t, "", "crawlers", "lists", "--at", "2024-01-04"); stderr != "" {
		t.Errorf("a warning with every list young: %q", stderr)
	}
	if _, _, code := runCLI(t, "", "crawlers", "lists", "--at", "yesterday"); code != 2 {
		t.Errorf("a bad --at: exit %d", code)
	}

	// A list of the folder without a creationTime (as an update writes a
	// page's list): dated by the file's time, old when fetched more than 90
	// days ago.
	dir := t.TempDir()
	p := filepath.Join(dir, "parallel-shapbot.json")
	os.WriteFile(p, []byte(`{"prefixes":[{"ipv4Prefix":"34.45.55.180/32"}]}`), 0o644)
	fetched := time.Date(2026, 6, 1, 12, 0, 0, 0, time.UTC)
	os.Chtimes(p, fetched, fetched)
	out, stderr, _ = runCLI(t, "", "crawlers", "lists", "--ip-lists", dir, "--at", "2026-10-01", "--json")
	var lists []struct {
		File    string `json:"file"`
		Date    string `json:"date"`
		AgeDays int    `json:"ageDays"`
		Old     bool   `json:"old"`
		From    string `json:"from"`
	}
	if err := json.Unmarshal([]byte(out), &lists); err != nil || len(lists) != 24 {
		t.Fatalf("%v: %s", err, out)
	}
	for _, l := range lists {
		if l.File == "parallel-shapbot.json" && (l.From != p || !strings.HasPrefix(l.Date, "2026-06-01") || l.AgeDays != 121 || !l.Old) {
			t.Errorf("page list %+v", l)
		}
	}
	if !strings.Contains(stderr, "warning: 13 of the 24") {
		t.Errorf("stderr %q", stderr)
	}
}

// TestCrawlersUpdateHonest: "crawlers update" sends a User-Agent (a server
// that refuses clients without one answers), and says of each list that
// fails (an error status, junk, a page that is not a list) that nothing
// was written and which copy stays in use.
func TestCrawlersUpdateHonest(t *testing.T) {
	var mu sync.Mutex
	var agents []string
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		mu.Lock()
		agents = append(agents, r.UserAgent())
		mu.Unlock()
		if r.UserAgent() == "" || strings.HasPrefix(r.UserAgent(), "Go-http-client") {
			http.Error(w, "no user agent, no list", http.StatusForbidden)
			return
		}
		switch r.URL.Path {
		case "/openai-gptbot.json":
			w.Write([]byte(`{"creationTime":"2026-11-30T10:00:00.000000","prefixes":[{"ipv4Prefix":"192.0.2.0/24"}]}`))
		case "/anthropic-bots.json":
			w.Write([]byte("\x1b[31m<<junk>>\x00"))
		case "/mistral-index.json":
			hj, _ := w.(http.Hijacker)
			conn, _, _ := hj.Hijack()
			conn.Close() // the connection drops
		default:
			http.Error(w, "down", http.StatusInternalServerError)
		}
	}))
	defer srv.Close()
	dir := t.TempDir()
	out, stderr, code := runCLI(t, "", "crawlers", "update", "--ip-lists", dir, "--mirror", srv.URL, "--allow-private", "--timeout", "5s")
	if code != 1 {
		t.Fatalf("exit %d, want 1 (lists failed)\n%s\n%s", code, out, stderr)
	}
	for _, re := range []string{
		`(?m)^OpenAI +openai-gptbot\.json +1 +2026-11-30 +updated$`,
		`(?m)^Anthropic +anthropic-bots\.json +0 +- +FAILED: IP list is not JSON in the expected shape: .*; nothing written; the shipped copy \(2026-10-07\) stays in use$`,
		`(?m)^Microsoft +bing-bingbot\.json +0 +- +FAILED: HTTP 500; nothing written; the shipped copy \(2024-01-03\) stays in use$`,
		`(?m)^Mistral +mistral-index\.json +0 +- +FAILED: .*; nothing written; the shipped copy \(2026-04-19\) stays in use$`,
		`(?m)^1 of 24 lists updated, written to `,
	} {
		if !regexp.MustCompile(re).MatchString(out) {
			t.Errorf("no line %s in\n%s", re, out)
		}
	}
	if strings.Contains(out, "\x1b") {
		t.Error("an escape from the server reached the terminal")
	}
	mu.Lock()
	for _, a := range agents {
		if a != fetch.DefaultUserAgent {
			t.Errorf("fetched as %q, want %q", a, fetch.DefaultUserAgent)
		}
	}
	mu.Unlock()
	files, _ := filepath.Glob(filepath.Join(dir, "*"))
	if len(files) != 1 || filepath.Base(files[0]) != "openai-gptbot.json" {
		t.Errorf("files written: %v", files)
	}
	if !strings.Contains(stderr, "warning: ") || !strings.Contains(stderr, "of the 24 IP lists in use are more than 90 days old") {
		t.Errorf("no warning about the old lists still in use: %q", stderr)
	}

	// The server now fails GPTBot's list too: the copy written before stays.
	srv.Config.Handler = http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) { http.Error(w, "gone", http.StatusBadGateway) })
	out, _, _ = runCLI(t, "", "crawlers", "update", "--ip-lists", dir, "--mirror", srv.URL, "--allow-private")
	if !regexp.MustCompile(`(?m)^OpenAI +openai-gptbot\.json +0 +- +FAILED: HTTP 502; nothing written; the previous copy \(2026-11-30\) stays in use$`).MatchString(out) {
		t.Errorf("previous copy not said:\n%s", out)
	}
}

// TestCrawlersUpdateKeyDirs: crawlers update fetches the key directory of
// every signature agent the registry names, over HTTPS through a mirror
// here, saves each under its agent's own host (where logs --key-dirs looks
// for it), says which one failed and writes nothing for it; logs then
// reads the folder by default ($ROBOTSTXT_KEYDIRS).
func TestCrawlersUpdateKeyDirs(t *testing.T) {
	srv := httptest.NewTLSServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		switch r.URL.Path {
		case "/key-dirs/agent.bot.goog.json":
			w.Header().Set("Content-Type", httpsig.MediaType)
			w.Write([]byte(`{"keys":[{"kty":"OKP","crv":"Ed25519","x":"JrQLj5P_89iXES9-vFgrIy29clF9CC_oPPsw3c5D0bs"}]}`))
		default:
			http.Error(w, "down", http.StatusServiceUnavailable)
		}
	}))
	defer srv.Close()
	keyDirTLS = srv.Client().Transport.(*http.Transport).TLSClientConfig
	defer func() { keyDirTLS = nil }()
	lists, keys := t.TempDir(), t.TempDir()
	out, stderr, code := runCLI(t, "", "crawlers", "update", "--ip-lists", lists, "--key-dirs", keys, "--mirror", srv.URL, "--allow-private", "--timeout", "5s")
	if code != 1 {
		t.Fatalf("exit %d, want 1 (some lists and directories failed)\n%s\n%s", code, out, stderr)
	}
	if !regexp.MustCompile(`(?m)^https://agent\.bot\.goog/\.well-known/http-message-signatures-directory: 1 key, saved in .*agent\.bot\.goog\.json$`).MatchString(out) ||
		!strings.Contains(out, "1 of 2 key directories updated") {
		t.Errorf("the saved directory is not said:\n%s", out)
	}
	if !strings.Contains(stderr, "robotstxt: https://chatgpt.com: ") || !strings.Contains(stderr, "503") || !strings.Contains(stderr, "; nothing written") {
		t.Errorf("the failed directory is not said:\n%s", stderr)
	}
	files, _ := filepath.Glob(filepath.Join(keys, "*.json"))
	if len(files) != 1 || filepath.Base(files[0]) != "agent.bot.goog.json" {
		t.Errorf("files written: %v", files)
	}
	folder, err := keydir.LoadFolder(keys)
	if err != nil || folder == nil {
		t.Fatalf("the folder does not load: %v", err)
	}
	// JSON: the lists and the directories, each with its result.
	out, _, _ = runCLI(t, "", "crawlers", "update", "--ip-lists", lists, "--key-dirs", keys, "--mirror", srv.URL, "--allow-private", "--json")
	var doc struct {
		Lists   []map[string]any `json:"lists"`
		KeyDirs []keyDirResult   `json:"keyDirectories"`
	}
	if err := json.Unmarshal([]byte(out), &doc); err != nil || len(doc.Lists) != 24 || len(doc.KeyDirs) != 2 {
		t.Fatalf("JSON %v: %d lists, %d directories\n%s", err, len(doc.Lists), len(doc.KeyDirs), out)
	}
	if d := doc.KeyDirs; d[0].Err != "" || d[0].Keys != 1 || d[0].Changed || d[1].Err == "" {
		t.Errorf("directories: %+v (the second run leaves Google's unchanged)", d)
	}
	// logs reads the folder where crawlers update wrote it: a broken file
	// there is an error of --key-dirs although none was given.
	if err := os.WriteFile(filepath.Join(keys, "broken.example.json"), []byte("{"), 0o644); err != nil {
		t.Fatal(err)
	}
	robots := filepath.Join(t.TempDir(), "robots.txt")
	os.WriteFile(robots, []byte("User-agent: *\nDisallow:\n"), 0o644)
	var errb strings.Builder
	c := &cli{stdin: strings.NewReader(""), stdout: io.Discard, stderr: &errb, getenv: func(k string) string {
		if k == "ROBOTSTXT_KEYDIRS" {
			return keys
		}
		return ""
	}}
	if code := c.run(context.Background(), []string{"logs", "--robots", robots, "--no-dns", "-"}); code != exitUsage || !strings.Contains(errb.String(), "--key-dirs") {
		t.Errorf("logs with the default folder: exit %d, %q", code, errb.String())
	}
}
