package robotstxt

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"
)

// endings returns, for each position of text, the needles that end there,
// sorted: through the full table when useDFA and the automaton has one,
// else through the goto function and failure links (step).
func (ac *acIndex) endings(text string, useDFA bool) [][]int32 {
	out := make([][]int32, len(text))
	s, off := int32(0), int32(0)
	for i := 0; i < len(text); i++ {
		if useDFA {
			off = ac.dfa[off+int32(ac.class[text[i]])]
			if off >= 0 {
				s = off / ac.classes
				continue
			}
			off = ^off
			s = off / ac.classes
		} else {
			s = ac.step(s, text[i])
		}
		for o := ac.states[s].report; o >= 0; o = ac.states[ac.states[o].fail].report {
			out[i] = append(out[i], ac.states[o].needle)
		}
		slices.Sort(out[i])
	}
	return out
}

// naiveEndings is endings by definition: needle j ends at i when
// text[:i+1] ends with it.
func naiveEndings(needles []string, text string) [][]int32 {
	out := make([][]int32, len(text))
	for i := range text {
		for j, nd := range needles {
			if strings.HasSuffix(text[:i+1], nd) {
				out[i] = append(out[i], int32(j))
			}
		}
	}
	return out
}

// The needle automaton (wildcard.go) reports at every position of a text
// exactly the needles that end there, both through its full table and
// through its failure links, whatever the numbering of its states: small
// alphabets, where needles overlap and are suffixes of each other, and long
// needles sharing long prefixes, as laprensa.hn's 1,780 rules do.
func TestAutomatonReportsEveryNeedle(t *testing.T) {
	rng := rand.New(rand.NewPCG(25, 9))
	word := func(alphabet string, lo, hi int) string {
		var b strings.Builder
		for range lo + rng.IntN(hi-lo+1) {
			b.WriteByte(alphabet[rng.IntN(len(alphabet))])
		}
		return b.String()
	}
	shapes := []struct {
		name     string
		alphabet string
		lo, hi   int
		needles  int
		prefix   string // shared by about half of the needles
	}{
		{"short needles, two letters", "ab", 1, 4, 12, ""},
		{"short needles, four letters", "ab/c", 1, 6, 40, ""},
		{"long needles, shared prefix", "abcdef/-%3A", 8, 40, 120, "/csp/mediapool/sites/"},
		{"one needle", "ab", 1, 8, 1, ""},
	}
	for _, sh := range shapes {
		for round := range 20 {
			seen := map[string]bool{}
			var needles []string
			for range sh.needles {
				nd := word(sh.alphabet, sh.lo, sh.hi)
				if sh.prefix != "" && rng.IntN(2) == 0 {
					nd = sh.prefix + nd
				}
				if !seen[nd] {
					seen[nd] = true
					needles = append(needles, nd)
				}
			}
			slices.Sort(needles) // buildAutomaton takes them sorted and distinct
			var ac acIndex
			ac.buildAutomaton(needles)
			if ac.dfa == nil {
				t.Fatalf("%s: no full table for %d needles", sh.name, len(needles))
			}
			for range 30 {
				var b strings.Builder
				for range rng.IntN(6) {
					if rng.IntN(2) == 0 {
						b.WriteString(needles[rng.IntN(len(needles))])
					} else {
						b.WriteString(word(sh.alphabet+"xyz", 0, 12))
					}
				}
				text := b.String()
				want := naiveEndings(needles, text)
				for _, useDFA := range []bool{true, false} {
					if got := ac.endings(text, useDFA); !slices.EqualFunc(got, want, slices.Equal) {
						t.Fatalf("%s, round %d, full table %v, needles %q, text %q:\n got %v\nwant %v",
							sh.name, round, useDFA, needles, text, got, want)
					}
				}
			}
		}
	}
}

// Past maxDFA's bound there is no full table, and the failure links give
// the same reports.
func TestAutomatonWithoutFullTable(t *testing.T) {
	var needles []string
	for i := range 3000 {
		needles = append(needles, fmt.Sprintf("/csp/mediapool/sites/LaPrensa/%d/story-%d-%s", i%40, i, strings.Repeat(string(rune('0'+i%75)), 1+i%17)))
	}
	slices.Sort(needles)
	var ac acIndex
	ac.buildAutomaton(needles)
	if ac.dfa != nil {
		t.Fatalf("%d states, %d classes: expected no full table (maxDFA %d)", len(ac.states)-1, ac.classes, maxDFA)
	}
	rng := rand.New(rand.NewPCG(25, 10))
	for range 200 {
		text := "/x" + needles[rng.IntN(len(needles))] + "/csp/media" + needles[rng.IntN(len(needles))][:20+rng.IntN(20)]
		if got, want := ac.endings(text, false), naiveEndings(needles, text); !slices.EqualFunc(got, want, slices.Equal) {
			t.Fatalf("text %q:\n got %v\nwant %v", text, got, want)
		}
	}
}

// The states along a needle follow each other in memory past the root's
// children (wildcard.go's numbering: the root, its children, then each
// child's subtree depth first), so that a path which follows a long needle
// reads its states in turn. The root's children are states 1 to denseMax,
// which have dense rows.
func TestAutomatonLaysNeedlesOut(t *testing.T) {
	needles := []string{"/a/long/needle/one", "/a/long/needle/two", "/b/other", "zzz"}
	var ac acIndex
	ac.buildAutomaton(needles)
	for _, nd := range needles {
		s := ac.step(0, nd[0])
		if s < 1 || s > ac.denseMax {
			t.Errorf("%q: the state after its first byte is %d, not a child of the root (1 to %d)", nd, s, ac.denseMax)
		}
		for i := 1; i < len(nd); i++ {
			next := ac.step(s, nd[i])
			// A state's first child comes right after it, from depth 2 on.
			if first := ac.edges[ac.states[s].lo]; i >= 2 && first.c == nd[i] && next != s+1 {
				t.Errorf("%q byte %d: state %d, the first child of state %d, is not the next one", nd, i, next, s)
			}
			s = next
		}
		if ac.states[s].needle < 0 || needles[ac.states[s].needle] != nd {
			t.Errorf("%q: its last state %d is not its end", nd, s)
		}
	}
}
