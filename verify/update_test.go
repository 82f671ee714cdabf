//go:build !js

package verify

import (
	"context"
	"net/http"
	"net/http/httptest"
	"net/netip"
	"os"
	"path/filepath"
	"strconv"
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

// TestUpdateHonest: an operator that refuses clients without a User-Agent
// gets one; a list published as a page is read from the page and written
// in the common shape, dated by its file; a failure writes nothing and
// says which copy stays in use.
func TestUpdateHonest(t *testing.T) {
	var page strings.Builder
	page.WriteString("<html><table>")
	for i := range 12 {
		page.WriteString("<tr><td>44.194.134." + strconv.Itoa(10+i) + "</td></tr>")
	}
	page.WriteString("</table></html>")
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.UserAgent() == "" || strings.HasPrefix(r.UserAgent(), "Go-http-client") {
			http.Error(w, "forbidden", http.StatusForbidden)
			return
		}
		switch r.URL.Path {
		case "/openai-gptbot.json":
			w.Write([]byte(`{"creationTime":"2026-11-30T10:00:00.000000","prefixes":[{"ipv4Prefix":"198.51.100.0/25"}]}`))
		case "/amazon-amazonbot.json":
			w.Write([]byte(page.String()))
		case "/amazon-user.json":
			w.Write([]byte("<html>Just a moment... your address is 203.0.113.9</html>"))
		case "/anthropic-bots.json":
			w.Write([]byte("\x00\xff junk {{{"))
		default:
			http.Error(w, "down", http.StatusBadGateway)
		}
	}))
	defer srv.Close()
	urlFor := func(s Source) string { return srv.URL + "/" + s.File }
	dir := t.TempDir()

	// Without a User-Agent the server refuses every list: nothing written.
	res, err := Update(context.Background(), srv.Client(), dir, "", urlFor)
	if err != nil {
		t.Fatal(err)
	}
	for _, r := range res {
		if r.Err != "HTTP 403" || r.Previous != "" {
			t.Errorf("%s without a User-Agent: %+v", r.File, r)
		}
	}
	if m, _ := filepath.Glob(filepath.Join(dir, "*")); len(m) != 0 {
		t.Fatalf("written after failures: %v", m)
	}

	res, err = Update(context.Background(), srv.Client(), dir, "robotstxt-test/1.0", urlFor)
	if err != nil {
		t.Fatal(err)
	}
	got := map[string]UpdateResult{}
	for _, r := range res {
		got[r.File] = r
	}
	if r := got["openai-gptbot.json"]; r.Err != "" || r.Prefixes != 1 {
		t.Errorf("with a User-Agent: %+v", r)
	}
	if r := got["amazon-amazonbot.json"]; r.Err != "" || r.Prefixes != 12 || !r.Created.IsZero() {
		t.Errorf("page: %+v", r)
	}
	for _, f := range []string{"amazon-user.json", "anthropic-bots.json", "bing-bingbot.json"} {
		if r := got[f]; r.Err == "" || r.Previous != "" {
			t.Errorf("%s: %+v", f, r)
		}
		if _, err := os.Stat(filepath.Join(dir, f)); err == nil {
			t.Errorf("%s written after a failure", f)
		}
	}
	r, err := Load(dir)
	if err != nil {
		t.Fatal(err)
	}
	for _, l := range r.Lists {
		if l.File != "amazon-amazonbot.json" {
			continue
		}
		if l.From != filepath.Join(dir, l.File) || !l.Created.IsZero() || l.Modified.IsZero() || l.Date() != l.Modified || l.Prefixes != 12 {
			t.Errorf("page list loaded as %+v", l)
		}
	}
	if !r.InList("amazon-amazonbot.json", netip.MustParseAddr("44.194.134.15")) || r.InList("amazon-amazonbot.json", netip.MustParseAddr("44.194.134.53")) {
		t.Error("the page's addresses did not replace the snapshot's list")
	}

	// A later failure keeps the copy written before, and says so.
	res, err = Update(context.Background(), srv.Client(), dir, "", urlFor)
	if err != nil {
		t.Fatal(err)
	}
	for _, r := range res {
		want := ""
		if r.File == "openai-gptbot.json" || r.File == "amazon-amazonbot.json" {
			want = filepath.Join(dir, r.File)
		}
		if r.Err == "" || r.Previous != want {
			t.Errorf("%s: previous %q, want %q", r.File, r.Previous, want)
		}
	}
}
