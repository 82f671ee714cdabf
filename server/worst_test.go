package server

import (
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/robotstxt/robotstxt"
	"github.com/robotstxt/robotstxt/internal/testutil"
)

// worstFiles are robots.txt files, each near the 500 KiB parse limit, in
// the shapes that cost the matcher, the name index and the audit the most.
var worstFiles = []struct {
	name string
	gen  func() string
}{
	{"4,000 names sharing 20,000 rules", func() string {
		var b strings.Builder
		for i := range 4000 {
			fmt.Fprintf(&b, "User-agent: bot%d\n", i)
		}
		for i := 0; b.Len() < 480<<10; i++ {
			fmt.Fprintf(&b, "Disallow: /p%d/\n", i)
		}
		return b.String()
	}},
	{"5,000 names sharing a large group, each with a group of its own", func() string {
		var b strings.Builder
		for i := range 5000 {
			fmt.Fprintf(&b, "User-agent: bot%d\n", i)
		}
		for i := 0; b.Len() < 340<<10; i++ {
			fmt.Fprintf(&b, "Disallow: /p%d/\n", i)
		}
		for i := range 5000 {
			fmt.Fprintf(&b, "\nUser-agent: bot%d\nAllow: /o\n", i)
		}
		return b.String()
	}},
	{"wildcards sharing a piece", func() string {
		var b strings.Builder
		b.WriteString("User-agent: *\n")
		for i := 0; b.Len() < 480<<10; i++ {
			fmt.Fprintf(&b, "Disallow: /*foo*a%d\n", i)
		}
		return b.String()
	}},
	{"nested names of one letter", func() string {
		var b strings.Builder
		for k := 1; b.Len() < 480<<10; k++ {
			fmt.Fprintf(&b, "User-agent: %s\nDisallow: /%d\n", strings.Repeat("a", k), k)
		}
		return b.String()
	}},
	{"nested wildcard needles", func() string {
		var b strings.Builder
		b.WriteString("User-agent: *\n")
		for k := 1; b.Len() < 480<<10; k++ {
			fmt.Fprintf(&b, "Disallow: /*%s*b\nAllow: /a*%s$\n", strings.Repeat("a", k%700+1), strings.Repeat("a", k%500+1))
		}
		return b.String()
	}},
	{"backtracking patterns", func() string {
		var b strings.Builder
		b.WriteString("User-agent: *\n")
		for i := 0; b.Len() < 480<<10; i++ {
			fmt.Fprintf(&b, "Disallow: /%s%c\n", strings.Repeat("*a", 1+i%300), 'b'+byte(i%20))
		}
		return b.String()
	}},
	{"10,000 groups", func() string {
		var b strings.Builder
		for i := 0; b.Len() < 480<<10; i++ {
			fmt.Fprintf(&b, "User-agent: crawler%d\nDisallow: /x%d/\n\n", i, i)
		}
		return b.String()
	}},
}

// worstItems are agents and URLs that make the most work: long runs of one
// letter, long user-agent strings, and paths to normalise, each at most
// size bytes (the agents and URLs of a request share what room its body
// leaves).
func worstItems(rng *rand.Rand, n, size int, url bool) []string {
	size = min(size, maxItem)
	out := make([]string, n)
	for i := range out {
		switch rng.IntN(4) {
		case 0:
			out[i] = "/" + strings.Repeat("a", size-1)
		case 1:
			out[i] = "/" + strings.Repeat("%61", (size-1)/3)
		case 2:
			out[i] = fmt.Sprintf("Mozilla/5.0 (compatible; bot%d/2.1; +http://example.com/%s)", rng.IntN(5000), strings.Repeat("x", rng.IntN(200)))
		default:
			out[i] = fmt.Sprintf("/p%d/foo/a%d/%s", rng.IntN(20000), rng.IntN(20000), strings.Repeat("a", rng.IntN(size-40)))
		}
		if !url && strings.HasPrefix(out[i], "/") {
			out[i] = "a" + out[i][1:]
		}
	}
	return out
}

// TestWorstRequestsBounded sends the API requests that cost the most
// (generated from a fixed seed: the worst files with the most agents and
// URLs a request may carry, each as long as allowed) and requires each to
// finish within generous bounds of time and memory, so that no request can
// hold a core for long.
func TestWorstRequestsBounded(t *testing.T) {
	if testing.Short() {
		t.Skip("sends 500 KiB requests")
	}
	s, err := New(Options{})
	if err != nil {
		t.Fatal(err)
	}
	rng := rand.New(rand.NewPCG(14, 9309))
	// CPU time, not the clock: under load the clock ran 6.9 s for a
	// request of well under a second of CPU (issue 25).
	const maxCPU, maxMem = 5 * time.Second, 1 << 30
	for _, f := range worstFiles {
		text := f.gen()
		if len(text) > robotstxt.DefaultMaxBytes {
			t.Fatalf("%s: %d bytes, over the parse limit", f.name, len(text))
		}
		// Most pairs: 100 agents × 100 URLs, and 10 × 1,000, in the room
		// the body's limit leaves.
		room := int(DefaultMaxBody) - 2*len(text) - 4096
		reqs := []struct {
			path string
			body map[string]any
		}{
			{"/api/v1/parse", map[string]any{"robots": text}},
			{"/api/v1/lint", map[string]any{"robots": text}},
			{"/api/v1/check", map[string]any{"robots": text, "agents": worstItems(rng, MaxAgents, room/200, false), "urls": worstItems(rng, MaxPairs/MaxAgents, room/200, true)}},
			{"/api/v1/check", map[string]any{"robots": text, "agents": worstItems(rng, MaxPairs/MaxURLs, room/1010, false), "urls": worstItems(rng, MaxURLs, room/1010, true), "exact": true}},
		}
		for _, rq := range reqs {
			body, err := json.Marshal(rq.body)
			if err != nil {
				t.Fatal(err)
			}
			w := httptest.NewRecorder()
			d, mem := testutil.Cost(func() {
				s.ServeHTTP(w, httptest.NewRequest(http.MethodPost, rq.path, strings.NewReader(string(body))))
			})
			t.Logf("%s, %s (%d KiB): %d in %v of CPU, %.0f MB allocated", f.name, rq.path, len(body)>>10, w.Code, d.Round(time.Millisecond), float64(mem)/1e6)
			// 413: the answer would be too large (MaxAnswer), refused after
			// deciding every check, so the work was still done and bounded.
			if w.Code != http.StatusOK && !(w.Code == http.StatusRequestEntityTooLarge && rq.path == "/api/v1/check") {
				t.Errorf("%s, %s: status %d: %.200s", f.name, rq.path, w.Code, w.Body.String())
			}
			if d > maxCPU || mem > maxMem {
				t.Errorf("%s, %s: %v of CPU and %d MB; bounds %v and %d MB", f.name, rq.path, d, mem>>20, maxCPU, maxMem>>20)
			}
		}
	}
}
