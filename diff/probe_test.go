package diff

import (
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/robotstxt/robotstxt"
)

// smallFile builds a robots.txt from bytes: a few groups for a few names,
// with short patterns over a small alphabet, so that random pairs often
// differ in ways that flip verdicts for some paths and not others.
func smallFile(data []byte) string {
	const pat = "/ab*$.%7E"
	names := []string{"*", "abot", "bbot", "Abot"}
	var b strings.Builder
	next := func() byte {
		if len(data) == 0 {
			return 0
		}
		c := data[0]
		data = data[1:]
		return c
	}
	for g := 0; g < 3 && len(data) > 0; g++ {
		b.WriteString("User-agent: " + names[int(next())%len(names)] + "\n")
		if next()%3 == 0 {
			b.WriteString("User-agent: " + names[int(next())%len(names)] + "\n")
		}
		for r := int(next()) % 4; r > 0; r-- {
			kind := "Disallow"
			if next()%2 == 0 {
				kind = "Allow"
			}
			var p strings.Builder
			if next()%5 != 0 {
				p.WriteByte('/')
			}
			for n := int(next()) % 5; n > 0; n-- {
				p.WriteByte(pat[int(next())%len(pat)])
			}
			b.WriteString(kind + ": " + p.String() + "\n")
		}
	}
	return b.String()
}

// allPaths are every path of up to maxLen octets over the alphabet, after
// the leading '/'.
func allPaths(alpha string, maxLen int) []string {
	out := []string{"/"}
	level := []string{"/"}
	for n := 0; n < maxLen; n++ {
		var nextLevel []string
		for _, p := range level {
			for i := 0; i < len(alpha); i++ {
				nextLevel = append(nextLevel, p+alpha[i:i+1])
			}
		}
		out = append(out, nextLevel...)
		level = nextLevel
	}
	return out
}

var bruteAgents = []string{"*", "abot", "bbot", "cbot", "Mozilla/5.0 (compatible; abot/1.0)"}

// checkProbeProperty is the promise of Probes: if some path flips verdict for
// a crawler between the two files, some probe flips for that crawler too.
// It reports whether some path flipped.
func checkProbeProperty(t *testing.T, oldText, newText string, paths []string) bool {
	t.Helper()
	old, new := robotstxt.ParseString(oldText), robotstxt.ParseString(newText)
	probes, complete := Probes(old, new)
	if !complete {
		t.Fatalf("probe search incomplete for small files:\n%s---\n%s", oldText, newText)
	}
	anyFlip := false
	for _, a := range bruteAgents {
		oa, na := old.Agent(a), new.Agent(a)
		flipped := ""
		for _, p := range paths {
			if oa.Allowed(p) != na.Allowed(p) {
				flipped = p
				break
			}
		}
		if flipped == "" {
			continue
		}
		anyFlip = true
		found := false
		for _, p := range probes {
			if oa.Allowed(p) != na.Allowed(p) {
				found = true
				break
			}
		}
		if !found {
			t.Fatalf("agent %q: path %q flips but no probe does\nold:\n%s\nnew:\n%s\nprobes: %q", a, flipped, oldText, newText, probes)
		}
		// Compare searches only the groups of crawlers whose rules
		// differ; it must find the flip too.
		res := Compare(old, new, &Options{Agents: bruteAgents})
		seen := false
		for _, c := range res.Changes {
			seen = seen || c.Agent == a
		}
		if !seen {
			t.Fatalf("agent %q: path %q flips but Compare finds no change\nold:\n%s\nnew:\n%s", a, flipped, oldText, newText)
		}
	}
	return anyFlip
}

func TestProbesFindEveryFlipRandom(t *testing.T) {
	paths := allPaths("/ab.$~x", 5)
	rng := rand.New(rand.NewPCG(1, 2))
	n, flips := 600, 0
	if testing.Short() {
		n = 150
	}
	for i := 0; i < n; i++ {
		a, b := make([]byte, 24), make([]byte, 24)
		for j := range a {
			a[j], b[j] = byte(rng.UintN(256)), byte(rng.UintN(256))
		}
		// Half the time the new file is an edit of the old one.
		if i%2 == 0 {
			copy(b, a)
			b[rng.IntN(len(b))] = byte(rng.UintN(256))
		}
		if checkProbeProperty(t, smallFile(a), smallFile(b), paths) {
			flips++
		}
	}
	// The property means something only if many pairs do flip.
	if flips < n/5 {
		t.Errorf("only %d of %d random pairs flip a verdict; the generator is too tame", flips, n)
	}
}

func FuzzProbesFindEveryFlip(f *testing.F) {
	f.Add([]byte("\x00\x01\x02\x03\x04\x05\x06\x07"), []byte("\x00\x01\x02\x03\x04\x05\x06\x08"))
	f.Add([]byte("\x01\x00\x03\x01\x01\x04\x02\x03\x04"), []byte("\x02\x00\x02\x00\x01\x03\x02\x03"))
	paths := allPaths("/ab.$~x", 5)
	f.Fuzz(func(t *testing.T, a, b []byte) {
		checkProbeProperty(t, smallFile(a), smallFile(b), paths)
	})
}

func TestCompileGlob(t *testing.T) {
	tests := []struct {
		pattern  string
		want     string // literal octets and '*'
		anchored bool
		ok       bool
	}{
		{"/a", "/a", false, true},
		{"/a*b$", "/a*b", true, true},
		{"/a$b", "/a%24b", false, true}, // an inner '$' is literal (RFC 9309 2.2.3)
		{"/%7Ea", "/~a", false, true},   // unreserved escapes are decoded (RFC 9309 2.2.2)
		{"/a b", "/a%20b", false, true},
		{"", "", false, false}, // an empty pattern matches nothing
		{"$", "", true, true},
	}
	for _, tt := range tests {
		g, ok := compile(tt.pattern)
		var got strings.Builder
		for _, c := range g.toks {
			if c == star {
				got.WriteByte('*')
			} else {
				got.WriteByte(byte(c))
			}
		}
		if ok != tt.ok || (ok && (got.String() != tt.want || g.anchored != tt.anchored)) {
			t.Errorf("compile(%q) = %q anchored=%v ok=%v; want %q %v %v", tt.pattern, got.String(), g.anchored, ok, tt.want, tt.anchored, tt.ok)
		}
	}
}

// When the search is cut short, each pattern's own boundaries are still
// probed: exact, one octet short and longer, '*' as nothing, as an octet no
// pattern uses and as '/'.
func TestProbesBounded(t *testing.T) {
	r := robotstxt.ParseString("User-agent: *\nDisallow: /a*b$\nAllow: /cd\n")
	got, complete := probes(r, r, 2, 1<<30)
	if complete {
		t.Fatal("a search of 2 states reported complete")
	}
	have := map[string]bool{}
	for _, p := range got {
		have[p] = true
	}
	for _, want := range []string{"/ab", "/axb", "/a/b", "/abx", "/ab/", "/a", "/cd", "/c", "/cdx"} {
		if !have[want] {
			t.Errorf("bounded probes lack %q: %q", want, got)
		}
	}
	if _, complete := probes(r, r, MaxStates, maxWork); !complete {
		t.Error("the full search of a small file did not complete")
	}
}
