//go:build !js

package main

// One answer everywhere: for the same (file, crawler, URL), the page's
// verdict, the page's crawler table, "robotstxt check", "robotstxt report",
// POST /api/v1/check and the gate must agree, fallbacks and Yandex's
// reading included. The page's Go code runs natively here (the same code
// the WebAssembly module runs: node_test.go checks that); the CLI runs as a
// built binary, the API on a loopback server, the gate against a loopback
// origin serving the file.

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"maps"
	"net/http"
	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/robotstxt/robotstxt"
	"github.com/robotstxt/robotstxt/crawlers"
	"github.com/robotstxt/robotstxt/fetch"
	"github.com/robotstxt/robotstxt/gate"
	"github.com/robotstxt/robotstxt/internal/testutil"
	"github.com/robotstxt/robotstxt/netguard"
	"github.com/robotstxt/robotstxt/server"
)

// answer is the part of a verdict every surface reports.
type answer struct {
	Allowed bool
	Line    int // deciding rule's line, 0 for none
	// Usage is what the site says about using the content (Content-Usage
	// preferences, the deciding line, Content-Signal keys), "" when the
	// URL is disallowed.
	Usage string
}

func (a answer) String() string {
	return fmt.Sprintf("allowed=%v line=%d usage=%q", a.Allowed, a.Line, a.Usage)
}

// agreementFiles are hand-made files for the cases the issue names, and a
// sample of real files.
func agreementFiles(t *testing.T) map[string]string {
	files := map[string]string{
		"fallbacks": "User-agent: Googlebot\nDisallow: /private/\nAllow: /private/ok\n\nUser-agent: Yandex\nDisallow: /y\n\n" +
			"User-agent: GoogleOther\nDisallow: /\n\nUser-agent: *\nDisallow: /\nAllow: /public\n",
		"names": "User-agent: 360Spider\nDisallow: /\n\nUser-agent: MJ12bot\nDisallow: /private/\n\n" +
			"User-agent: Mail.RU_Bot\nDisallow: /\n\nUser-agent: *\nAllow: /\n",
		"yandex-blank-line": "User-agent: Yandex\n\nDisallow: /private/\n\nUser-agent: YandexImages\nCrawl-delay: 5\n\n" +
			"User-agent: *\nDisallow: /tmp/\n",
		// AI usage preferences (draft-ietf-aipref-attach-05 section 3.4's
		// example, Content-Signal in a group and file-wide, a fallback).
		"usage": "Content-Signal: ai-input=no\nUser-Agent: *\nAllow: /\nDisallow: /never/\nContent-Usage: train-ai=n\nContent-Usage: /ai-ok/ train-ai=y\n\n" +
			"User-Agent: Googlebot\nDisallow: /private/\nContent-Usage: search=y, train-ai=n\nContent-Signal: search=yes, ai-train=no\n\n" +
			"User-Agent: GPTBot\nAllow: /ai-ok/\nDisallow: /\nContent-Usage: /ai-ok/ train-ai=y, search=n\n",
	}
	corpus := testutil.Corpus(t, "../../../shared/corpus/robots")
	for i := 0; i < len(corpus); i += len(corpus) / 6 {
		files[corpus[i].Name] = string(corpus[i].Data)
	}
	return files
}

// agreementURLs: the root, paths the hand-made files decide, and the
// literal prefix of the first rules of the file.
func agreementURLs(r *robotstxt.Robots) []string {
	urls := []string{"/", "/private/x", "/private/ok", "/public/a", "/y", "/tmp/x", "/never/x", "/ai-ok/x"}
	n := 0
	for _, g := range r.Groups {
		for _, rule := range g.Rules {
			p := rule.Pattern
			if i := strings.IndexAny(p, "*$"); i >= 0 {
				p = p[:i]
			}
			if strings.HasPrefix(p, "/") && n < 6 {
				urls = append(urls, p+"x")
				n++
			}
		}
	}
	return dedupe(urls)
}

func dedupe(list []string) []string {
	seen := map[string]bool{}
	out := list[:0]
	for _, s := range list {
		if !seen[s] {
			seen[s] = true
			out = append(out, s)
		}
	}
	return out
}

func TestOneAnswerEverywhere(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the command and runs every surface; skipped with -short")
	}
	bin := filepath.Join(t.TempDir(), "robotstxt")
	if out, err := exec.Command("go", "build", "-o", bin, "github.com/robotstxt/robotstxt/cmd/robotstxt").CombinedOutput(); err != nil {
		t.Fatalf("building the command: %v\n%s", err, out)
	}
	srv, err := server.New(server.Options{})
	if err != nil {
		t.Fatal(err)
	}
	api := httptest.NewServer(srv)
	defer api.Close()

	var tokens []string
	for _, c := range crawlers.All() {
		tokens = append(tokens, c.Token)
	}
	tokens = append(tokens, "MJ12bot", "360Spider", "Mail.RU_Bot",
		"Mozilla/5.0 (compatible; YandexImages/3.0; +http://yandex.com/bots)",
		"Mozilla/5.0 (Linux; Android 6.0.1; Nexus 5X Build/MMB29P) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/99.0 Mobile Safari/537.36 (compatible; Googlebot-Image/1.0)")
	tokens = dedupe(tokens)

	dir := t.TempDir()
	for name, text := range agreementFiles(t) {
		t.Run(name, func(t *testing.T) {
			r := robotstxt.ParseString(text)
			urls := agreementURLs(r)
			path := filepath.Join(dir, strings.ReplaceAll(name, "/", "_"))
			if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
				t.Fatal(err)
			}
			want := func(tok, u string) answer { // the library's answer
				a := r.Agent(tok)
				v := a.Check(u)
				us := r.Usage(a, u)
				var p *robotstxt.Preferences
				if us.Applicable {
					p = &us.Preferences
				}
				return toAnswer(verdictJSON{Allowed: v.Allowed, Rule: v.Rule, Usage: p, UsageLine: us.Line(), Signals: us.SignalMap()})
			}
			surfaces := map[string]map[string]answer{
				"page verdict": pageVerdicts(t, text, tokens, urls),
				"page table":   pageTable(t, text, urls),
				"check":        cliCheck(t, bin, path, tokens, urls),
				"report":       cliReport(t, bin, path, urls),
				"API":          apiCheck(t, api.URL, text, tokens, urls),
				"gate":         gateCheck(t, text, tokens, urls),
			}
			fails := 0
			for surface, got := range surfaces {
				for key, a := range got {
					tok, u, _ := strings.Cut(key, "\x00")
					if w := want(tok, u); a != w && fails < 20 {
						fails++
						t.Errorf("%s: %q %s: %s, the library says %s", surface, tok, u, a, w)
					}
				}
			}
			// Every surface answered every pair it covers.
			for _, s := range []string{"page verdict", "check", "API", "gate"} {
				if n := len(surfaces[s]); n != len(tokens)*len(urls) {
					t.Errorf("%s answered %d of %d pairs", s, n, len(tokens)*len(urls))
				}
			}
			if n := len(surfaces["page table"]); n < len(crawlers.All())*len(urls) {
				t.Errorf("page table answered %d pairs, want the whole registry (%d crawlers) for %d URLs", n, len(crawlers.All()), len(urls))
			}
			if n := len(surfaces["report"]); n < len(crawlers.All())*len(urls) {
				t.Errorf("report answered %d pairs, want the whole registry (%d crawlers) for %d URLs", n, len(crawlers.All()), len(urls))
			}
		})
	}
}

func key(tok, u string) string { return tok + "\x00" + u }

func toAnswer(v verdictJSON) answer {
	a := answer{Allowed: v.Allowed}
	if v.Rule != nil {
		a.Line = v.Rule.Line
	}
	if v.Usage != nil {
		keys := slices.Sorted(maps.Keys(v.Signals))
		for i, k := range keys {
			keys[i] = k + "=" + v.Signals[k]
		}
		a.Usage = fmt.Sprintf("train-ai=%s search=%s line=%d signals=%s", v.Usage.TrainAI, v.Usage.Search, v.UsageLine, strings.Join(keys, ","))
	}
	return a
}

// verdictJSON is the part of wire.CheckResult the comparison reads.
type verdictJSON struct {
	Agent     string                 `json:"agent"`
	URL       string                 `json:"url"`
	Allowed   bool                   `json:"allowed"`
	Rule      *robotstxt.Rule        `json:"rule"`
	Usage     *robotstxt.Preferences `json:"usage"`
	UsageLine int                    `json:"usageLine"`
	Signals   map[string]string      `json:"signals"`
}

func pageVerdicts(t *testing.T, text string, tokens, urls []string) map[string]answer {
	s := new(session)
	out := map[string]answer{}
	for _, tok := range tokens {
		for _, u := range urls {
			res, errMsg := call(t, s, "check", text, tok, u)
			if errMsg != "" {
				t.Fatalf("page check(%q, %q): %s", tok, u, errMsg)
			}
			var v verdictJSON
			if err := json.Unmarshal(res, &v); err != nil {
				t.Fatal(err)
			}
			out[key(tok, u)] = toAnswer(v)
		}
	}
	return out
}

func pageTable(t *testing.T, text string, urls []string) map[string]answer {
	s := new(session)
	out := map[string]answer{}
	for _, u := range urls {
		res, errMsg := call(t, s, "matrix", text, u, "en", "all")
		if errMsg != "" {
			t.Fatalf("page matrix(%q): %s", u, errMsg)
		}
		var rows []struct {
			Crawler struct {
				Token string `json:"token"`
			} `json:"crawler"`
			Verdict verdictJSON `json:"verdict"`
		}
		if err := json.Unmarshal(res, &rows); err != nil {
			t.Fatal(err)
		}
		for _, row := range rows {
			out[key(row.Crawler.Token, u)] = toAnswer(row.Verdict)
		}
	}
	return out
}

func cliCheck(t *testing.T, bin, path string, tokens, urls []string) map[string]answer {
	args := []string{"check", "--json", "-f", path}
	for _, tok := range tokens {
		args = append(args, "-a", tok)
	}
	cmd := exec.Command(bin, append(append(args, "--"), urls...)...)
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	if err := cmd.Run(); err != nil {
		if ee, ok := err.(*exec.ExitError); !ok || ee.ExitCode() > 1 {
			t.Fatalf("robotstxt check: %v\n%s", err, stderr.String())
		}
	}
	out := map[string]answer{}
	sc := bufio.NewScanner(&stdout)
	sc.Buffer(nil, 1<<20)
	for sc.Scan() {
		var v verdictJSON
		if err := json.Unmarshal(sc.Bytes(), &v); err != nil {
			t.Fatalf("check --json line %q: %v", sc.Text(), err)
		}
		out[key(v.Agent, v.URL)] = toAnswer(v)
	}
	return out
}

func cliReport(t *testing.T, bin, path string, urls []string) map[string]answer {
	cmd := exec.Command(bin, append([]string{"report", "--json", "--all", "-f", path, "--"}, urls...)...)
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	if err := cmd.Run(); err != nil {
		t.Fatalf("robotstxt report: %v\n%s", err, stderr.String())
	}
	var doc struct {
		Rows []struct {
			Token    string        `json:"token"`
			Verdicts []verdictJSON `json:"verdicts"`
		} `json:"rows"`
	}
	if err := json.Unmarshal(stdout.Bytes(), &doc); err != nil {
		t.Fatalf("report --json: %v", err)
	}
	out := map[string]answer{}
	for _, row := range doc.Rows {
		for i, v := range row.Verdicts {
			out[key(row.Token, urls[i])] = toAnswer(v)
		}
	}
	return out
}

func apiCheck(t *testing.T, base, text string, tokens, urls []string) map[string]answer {
	body, _ := json.Marshal(map[string]any{"robots": text, "agents": tokens, "urls": urls})
	resp, err := http.Post(base+"/api/v1/check", "application/json", bytes.NewReader(body))
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	if resp.StatusCode != http.StatusOK {
		t.Fatalf("API check: status %d", resp.StatusCode)
	}
	var vs []verdictJSON
	if err := json.NewDecoder(resp.Body).Decode(&vs); err != nil {
		t.Fatal(err)
	}
	out := map[string]answer{}
	for _, v := range vs {
		out[key(v.Agent, v.URL)] = toAnswer(v)
	}
	return out
}

func gateCheck(t *testing.T, text string, tokens, urls []string) map[string]answer {
	origin := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Path != "/robots.txt" {
			http.NotFound(w, r)
			return
		}
		w.Header().Set("Content-Type", "text/plain")
		w.Write([]byte(text))
	}))
	defer origin.Close()
	client := &gate.Client{Fetcher: &fetch.Fetcher{Guard: &netguard.Policy{AllowPrivate: true}}}
	out := map[string]answer{}
	for _, tok := range tokens {
		g := &gate.Gate{Agent: tok, Client: client}
		for _, u := range urls {
			d, err := g.Check(context.Background(), origin.URL+u)
			if err != nil {
				t.Fatalf("gate %q %s: %v", tok, u, err)
			}
			if d.Verdict == nil {
				t.Fatalf("gate %q %s: no verdict (%s)", tok, u, d.RepReason)
			}
			// The record leaves the usage out when the file states no
			// preference: for an allowed URL, that is every label unknown.
			usage := d.Usage
			if usage == nil && d.Verdict.Allowed {
				usage = &robotstxt.Preferences{}
			}
			out[key(tok, u)] = toAnswer(verdictJSON{Allowed: d.Verdict.Allowed, Rule: d.Verdict.Rule, Usage: usage, UsageLine: d.UsageLine, Signals: d.Signals})
		}
	}
	return out
}
