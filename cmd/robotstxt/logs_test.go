package main

import (
	"bytes"
	"compress/gzip"
	"context"
	"crypto/sha256"
	"encoding/csv"
	"encoding/hex"
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

	"github.com/robotstxt/robotstxt/crawlers"
	"github.com/robotstxt/robotstxt/history"
	"github.com/robotstxt/robotstxt/verify"
)

// noDNS answers every lookup with a failure, so that no test of the
// command reaches a real resolver; a test that needs answers sets its own.
type noDNS struct{}

func (noDNS) LookupAddr(context.Context, string) ([]string, error) {
	return nil, &net.DNSError{Err: "no DNS in tests", IsTemporary: true}
}
func (noDNS) LookupHost(context.Context, string) ([]string, error) {
	return nil, &net.DNSError{Err: "no DNS in tests", IsTemporary: true}
}

func init() { logsResolver = noDNS{} }

// mapDNS answers from maps.
type mapDNS struct{ ptr, host map[string][]string }

func (m mapDNS) LookupAddr(_ context.Context, a string) ([]string, error) {
	if n, ok := m.ptr[a]; ok {
		return n, nil
	}
	return nil, &net.DNSError{Err: "no such host", IsNotFound: true}
}
func (m mapDNS) LookupHost(_ context.Context, h string) ([]string, error) {
	if a, ok := m.host[h]; ok {
		return a, nil
	}
	return nil, &net.DNSError{Err: "no such host", IsNotFound: true}
}

func clf(t time.Time, addr, target, ua string) string {
	return fmt.Sprintf("%s - - [%s] \"GET %s HTTP/1.1\" 200 1 \"-\" %q\n", addr, t.Format("02/Jan/2006:15:04:05 -0700"), target, ua)
}

type logsJSON struct {
	Requests int `json:"requests"`
	Crawlers []struct {
		Token        string `json:"token"`
		Requests     int    `json:"requests"`
		Verified     int    `json:"verified"`
		Spoofed      int    `json:"spoofed"`
		Unverifiable int    `json:"unverifiable"`
		Violations   int    `json:"violations"`
		Grace        int    `json:"grace"`
		Allowed      int    `json:"allowed"`
		Robots       int    `json:"robotsFetches"`
		Unjudged     int    `json:"unjudged"`
		Rules        []struct {
			Version int    `json:"version"`
			Line    int    `json:"line"`
			Rule    string `json:"rule"`
		} `json:"violatedRules"`
	} `json:"crawlers"`
	Log struct {
		Bad int `json:"bad"`
	} `json:"log"`
	DNS        bool `json:"dns"`
	DNSLookups int  `json:"dnsLookups"`
}

func decodeLogs(t *testing.T, out string) logsJSON {
	t.Helper()
	var r logsJSON
	if err := json.Unmarshal([]byte(out), &r); err != nil {
		t.Fatalf("%v\n%s", err, out)
	}
	return r
}

// TestLogsHistory: with --db, each request is judged by the version watch
// had recorded at its time, and a rule younger than 24 hours gives grace
// (RFC 9309 section 2.4) until the crawler reads robots.txt again.
func TestLogsHistory(t *testing.T) {
	dir := t.TempDir()
	db := filepath.Join(dir, "h.db")
	st, err := history.Open(db)
	if err != nil {
		t.Fatal(err)
	}
	url := "https://www.example.com/robots.txt"
	t0 := time.Date(2026, 11, 1, 0, 0, 0, 0, time.UTC)
	for _, o := range []struct {
		at   time.Time
		body string
	}{
		{t0, "User-agent: *\nDisallow: /private/\n"},
		{t0.Add(10 * 24 * time.Hour), "User-agent: *\nDisallow: /private/\n\nUser-agent: GPTBot\nDisallow: /blog/\n"},
	} {
		sum := sha256.Sum256([]byte(o.body))
		if _, _, _, err := st.Record(context.Background(), history.Observation{URL: url, Status: "success", HTTPStatus: 200, Digest: "sha256:" + hex.EncodeToString(sum[:]), Body: []byte(o.body), At: o.at}); err != nil {
			t.Fatal(err)
		}
	}
	st.Close()

	gpt := "Mozilla/5.0 (compatible; GPTBot/1.2; +https://openai.com/gptbot)"
	var b strings.Builder
	b.WriteString(clf(t0.Add(-time.Hour), "52.230.152.128", "/blog/a", gpt))              // before the history: unjudged
	b.WriteString(clf(t0.Add(24*time.Hour), "52.230.152.128", "/blog/a", gpt))            // version 1 allows
	b.WriteString(clf(t0.Add(240*time.Hour+time.Hour), "52.230.152.128", "/blog/b", gpt)) // an hour after the new rule: grace
	b.WriteString(clf(t0.Add(240*time.Hour+2*time.Hour), "52.230.152.128", "/robots.txt", gpt))
	b.WriteString(clf(t0.Add(240*time.Hour+3*time.Hour), "52.230.152.128", "/blog/c", gpt)) // read the new file: a violation
	b.WriteString(clf(t0.Add(300*time.Hour), "52.230.152.128", "/private/x", gpt))          // allowed: GPTBot's own group replaces "*" (RFC 9309 section 2.2.1)
	log := filepath.Join(dir, "access.log")
	if err := os.WriteFile(log, []byte(b.String()), 0o644); err != nil {
		t.Fatal(err)
	}
	out, stderr, code := runCLI(t, "", "logs", log, "--db", db, "--json")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	r := decodeLogs(t, out)
	if len(r.Crawlers) != 1 {
		t.Fatalf("crawlers %+v", r.Crawlers)
	}
	c := r.Crawlers[0]
	if c.Token != "GPTBot" || c.Requests != 6 || c.Unjudged != 1 || c.Allowed != 2 || c.Grace != 1 || c.Robots != 1 || c.Violations != 1 {
		t.Errorf("GPTBot %+v", c)
	}
	if len(c.Rules) != 1 || c.Rules[0].Version != 2 || c.Rules[0].Line != 5 || c.Rules[0].Rule != "/blog/" {
		t.Errorf("violated rules %+v", c.Rules)
	}

	// A database of several sites needs --site.
	if _, stderr, code := runCLI(t, "", "logs", log, "--db", filepath.Join(dir, "none.db")); code != 2 || !strings.Contains(stderr, "no watch database") {
		t.Errorf("missing database: exit %d, %s", code, stderr)
	}
}

// TestLogsDNS: with DNS on, a Bingbot outside Bing's list is verified by
// forward-confirmed reverse DNS, a Bingbot whose address has no PTR name
// is spoofed, and each address is looked up once.
func TestLogsDNS(t *testing.T) {
	old := logsResolver
	defer func() { logsResolver = old }()
	logsResolver = mapDNS{
		ptr:  map[string][]string{"192.0.2.42": {"msnbot-192-0-2-42.search.msn.com."}},
		host: map[string][]string{"msnbot-192-0-2-42.search.msn.com": {"192.0.2.42"}},
	}
	bing := "Mozilla/5.0 (compatible; bingbot/2.0; +http://www.bing.com/bingbot.htm)"
	t0 := time.Date(2026, 11, 1, 0, 0, 0, 0, time.UTC)
	var b strings.Builder
	for i := range 5 {
		b.WriteString(clf(t0.Add(time.Duration(i)*time.Minute), "192.0.2.42", "/", bing))
	}
	b.WriteString(clf(t0.Add(time.Hour), "198.51.100.3", "/private/", bing))
	dir := t.TempDir()
	os.WriteFile(filepath.Join(dir, "robots.txt"), []byte("User-agent: *\nDisallow: /private/\n"), 0o644)
	out, stderr, code := runCLI(t, b.String(), "logs", "--robots", filepath.Join(dir, "robots.txt"), "--json")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	r := decodeLogs(t, out)
	c := r.Crawlers[0]
	if c.Token != "bingbot" || c.Verified != 5 || c.Spoofed != 1 || c.Violations != 0 || !r.DNS || r.DNSLookups != 2 {
		t.Errorf("bingbot %+v, dns %v lookups %d", c, r.DNS, r.DNSLookups)
	}
}

// TestLogsCSVSafe: a crawler token or URL that a spreadsheet would run as a
// formula is defused in the CSV.
func TestLogsCSVSafe(t *testing.T) {
	dir := t.TempDir()
	os.WriteFile(filepath.Join(dir, "robots.txt"), []byte("User-agent: *\nDisallow: /\n"), 0o644)
	in := clf(time.Date(2026, 11, 1, 0, 0, 0, 0, time.UTC), "52.230.152.128", "/=cmd|calc", "GPTBot/1.2")
	out, _, code := runCLI(t, in, "logs", "--robots", filepath.Join(dir, "robots.txt"), "--no-dns", "--format", "csv")
	if code != 0 {
		t.Fatal(out)
	}
	rows, err := csv.NewReader(strings.NewReader(out)).ReadAll()
	if err != nil || len(rows) != 2 {
		t.Fatalf("%v %v", rows, err)
	}
	if got := rows[1][len(rows[1])-1]; got != "/=cmd|calc" {
		t.Errorf("example %q", got)
	}
}

// TestCrawlersUpdate: "crawlers update" fetches through the destination
// guard: a loopback mirror is refused by default and reached with
// --allow-private; the lists it writes are what "crawlers lists" and
// "logs" then use.
func TestCrawlersUpdate(t *testing.T) {
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Path == "/bing-bingbot.json" {
			w.Write([]byte(`{"creationTime":"2026-11-30T10:00:00.000000","prefixes":[{"ipv4Prefix":"157.55.39.0/24"}]}`))
			return
		}
		http.NotFound(w, r)
	}))
	defer srv.Close()
	dir := t.TempDir()
	lists := filepath.Join(dir, "lists")
	out, _, code := runCLI(t, "", "crawlers", "update", "--ip-lists", lists, "--mirror", srv.URL, "--json")
	if code != 1 || strings.Contains(out, `"prefixes": 1`) {
		t.Fatalf("the guard let a loopback mirror through: exit %d\n%s", code, out)
	}
	if !strings.Contains(out, "not allowed") && !strings.Contains(out, "refused") {
		t.Errorf("no refusal in %s", out)
	}
	out, _, code = runCLI(t, "", "crawlers", "update", "--ip-lists", lists, "--mirror", srv.URL, "--allow-private")
	if code != 1 || !regexp.MustCompile(`bing-bingbot.json +1 +2026-11-30 +updated`).MatchString(out) {
		t.Fatalf("exit %d\n%s", code, out)
	}
	out, _, _ = runCLI(t, "", "crawlers", "lists", "--ip-lists", lists)
	if !strings.Contains(out, filepath.Join(lists, "bing-bingbot.json")) || !strings.Contains(out, "2026-11-30") {
		t.Errorf("lists:\n%s", out)
	}
	os.WriteFile(filepath.Join(dir, "robots.txt"), []byte("User-agent: *\nDisallow:\n"), 0o644)
	in := clf(time.Date(2026, 12, 1, 0, 0, 0, 0, time.UTC), "157.55.39.8", "/", "Mozilla/5.0 (compatible; bingbot/2.0)") +
		clf(time.Date(2026, 12, 1, 0, 0, 1, 0, time.UTC), "192.0.2.8", "/", "Mozilla/5.0 (compatible; bingbot/2.0)")
	out, _, _ = runCLI(t, in, "logs", "--robots", filepath.Join(dir, "robots.txt"), "--no-dns", "--ip-lists", lists, "--json")
	r := decodeLogs(t, out)
	if c := r.Crawlers[0]; c.Verified != 1 || c.Spoofed != 1 {
		t.Errorf("with the updated Bing list: %+v", c)
	}
}

// TestLogsMergedInputs: a gzip log and a plain one are merged in time
// order before judging: GPTBot's robots.txt fetch in one file comes before
// its fetch of a newly disallowed URL in the other, so the fetch is a
// violation, not cache grace.
func TestLogsMergedInputs(t *testing.T) {
	dir := t.TempDir()
	db := filepath.Join(dir, "h.db")
	st, err := history.Open(db)
	if err != nil {
		t.Fatal(err)
	}
	t0 := time.Date(2026, 11, 1, 0, 0, 0, 0, time.UTC)
	for i, body := range []string{"User-agent: *\nDisallow:\n", "User-agent: GPTBot\nDisallow: /blog/\n"} {
		sum := sha256.Sum256([]byte(body))
		if _, _, _, err := st.Record(context.Background(), history.Observation{URL: "https://example.com/robots.txt", Status: "success", HTTPStatus: 200, Digest: "sha256:" + hex.EncodeToString(sum[:]), Body: []byte(body), At: t0.Add(time.Duration(i) * time.Hour)}); err != nil {
			t.Fatal(err)
		}
	}
	st.Close()
	gpt := "Mozilla/5.0 (compatible; GPTBot/1.2; +https://openai.com/gptbot)"
	var zb bytes.Buffer
	zw := gzip.NewWriter(&zb)
	zw.Write([]byte(clf(t0.Add(2*time.Hour), "52.230.152.128", "/robots.txt", gpt) + clf(t0.Add(4*time.Hour), "52.230.152.128", "/about", gpt)))
	zw.Close()
	a := filepath.Join(dir, "access.log.2.gz")
	b := filepath.Join(dir, "access.log")
	os.WriteFile(a, zb.Bytes(), 0o644)
	os.WriteFile(b, []byte(clf(t0.Add(90*time.Minute), "52.230.152.128", "/blog/early", gpt)+clf(t0.Add(3*time.Hour), "52.230.152.128", "/blog/late", gpt)), 0o644)
	out, stderr, code := runCLI(t, "", "logs", b, a, "--db", db, "--json", "--no-dns")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	c := decodeLogs(t, out).Crawlers[0]
	// 1:30 /blog/early: grace (no fetch since the change at 1:00);
	// 2:00 robots.txt; 3:00 /blog/late: a violation; 4:00 /about: allowed.
	if c.Requests != 4 || c.Grace != 1 || c.Violations != 1 || c.Robots != 1 || c.Allowed != 1 {
		t.Errorf("GPTBot %+v", c)
	}
}

// TestLogsEveryShippedList: a log with a request from an address of each
// shipped IP list, by each crawler the list names, is verified by list for
// every one of them (the operators' lists, docs/logs.md); the same claims
// from an address in no list are spoofed; and a user-triggered fetcher is
// marked as one.
func TestLogsEveryShippedList(t *testing.T) {
	r, err := verify.Snapshot()
	if err != nil {
		t.Fatal(err)
	}
	prefixRE := regexp.MustCompile(`"ipv4Prefix":"([0-9.]+)/`)
	var lines strings.Builder
	want := map[string]bool{} // token -> user-triggered
	n := 0
	for _, l := range r.Lists {
		raw, err := os.ReadFile(filepath.Join("..", "..", "verify", "snapshot", l.File))
		if err != nil {
			t.Fatal(err)
		}
		m := prefixRE.FindSubmatch(raw)
		if m == nil {
			t.Fatalf("%s: no IPv4 prefix", l.File)
		}
		addr := string(m[1])
		for _, tok := range l.Crawlers {
			if _, seen := want[tok]; seen {
				continue // a crawler of two lists (Google's fetchers): one request is enough
			}
			c, _ := crawlers.Lookup(tok)
			want[tok] = c.UserTriggered // the crawler's, not its list's (Anthropic lists all its crawlers in one)
			if l.UserTriggered && !c.UserTriggered {
				t.Errorf("%s: in the user-triggered %s, not user-triggered in the registry", tok, l.File)
			}
			ua := "Mozilla/5.0 (compatible; " + tok + "/1.0; +https://example.com/bot)"
			for _, from := range []string{addr, "203.0.113.77"} {
				n++
				fmt.Fprintf(&lines, "%s - - [05/Dec/2026:10:%02d:%02d +0000] \"GET /page-%d HTTP/1.1\" 200 10 \"-\" %q\n", from, n/60%60, n%60, n, ua)
			}
		}
	}
	dir := t.TempDir()
	log, robots := filepath.Join(dir, "access.log"), filepath.Join(dir, "robots.txt")
	os.WriteFile(log, []byte(lines.String()), 0o644)
	os.WriteFile(robots, []byte("User-agent: *\nDisallow: /private/\n"), 0o644)
	out, stderr, code := runCLI(t, "", "logs", log, "--robots", robots, "--no-dns", "--json")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	var rep struct {
		Crawlers []struct {
			Token         string         `json:"token"`
			Requests      int            `json:"requests"`
			Verified      int            `json:"verified"`
			Spoofed       int            `json:"spoofed"`
			VerifiedBy    map[string]int `json:"verifiedBy"`
			UserTriggered bool           `json:"userTriggered"`
		} `json:"crawlers"`
	}
	if err := json.Unmarshal([]byte(out), &rep); err != nil {
		t.Fatal(err)
	}
	got := map[string]bool{}
	for _, c := range rep.Crawlers {
		ut, ok := want[c.Token]
		if !ok {
			continue
		}
		got[c.Token] = true
		if c.Requests != 2 || c.Verified != 1 || c.VerifiedBy["ip-list"] != 1 || c.Spoofed != 1 || c.UserTriggered != ut {
			t.Errorf("%s: %+v; want 1 verified by IP list, 1 spoofed, user-triggered %v", c.Token, c, ut)
		}
	}
	for tok := range want {
		if !got[tok] {
			t.Errorf("%s: not in the report (the log's user agent was not recognised)", tok)
		}
	}
	if len(want) < 30 {
		t.Errorf("only %d crawlers named by the shipped lists", len(want))
	}
}
