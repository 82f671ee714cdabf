package robotstxt

import (
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"
)

// scanNamed is the plain reading of "the longest name the string contains,
// the earliest in the file on a tie": every name tried in turn.
func scanNamed(ix *index, agent string) *ruleSet {
	for _, n := range ix.named {
		if containsFold(agent, n.token) {
			return n
		}
	}
	return nil
}

// The name index gives the same group as trying every name, for names that
// overlap, nest, differ in case, hold digits, dots and non-ASCII bytes, and
// tie in length.
func TestNameIndexMatchesScan(t *testing.T) {
	fixed := []struct {
		names  []string
		agents []string
	}{
		{[]string{"bot", "Googlebot", "googlebot-image", "Google", "ot-im", "a", "b", "c", "d", "e", "f"},
			[]string{"Mozilla/5.0 (compatible; Googlebot-Image/1.0)", "xx GOOGLEBOT yy", "zzz", "", "ot-imbot", "fed"}},
		{[]string{"abc", "bcd", "cde", "xyz", "wxy", "1", "2", "3", "4", "5"},
			[]string{"abcde", "cdeabc", "wxyz", "543", "ABCD/1.0", "x"}},
		{[]string{"Mail.RU_Bot", "ÄBot", "360Spider", "MJ12bot", "mj", "12", "ru", "spider", "bot", "äb"},
			[]string{"Mozilla/5.0 (compatible; Mail.RU_Bot/2.0)", "xÄBot", "x360SPIDER", "MJ12BOT/v1.4", "äbot"}},
	}
	for i, c := range fixed {
		var b strings.Builder
		for _, n := range c.names {
			fmt.Fprintf(&b, "User-agent: %s\nDisallow: /%s\n\n", n, n)
		}
		compareTrie(t, fmt.Sprint("table ", i), ParseString(b.String()), c.agents)
	}
	rng := rand.New(rand.NewPCG(1, 2))
	const alphabet = "abAB.-_1é"
	word := func(max int) string {
		n := 1 + rng.IntN(max)
		var w strings.Builder
		for range n {
			w.WriteByte(alphabet[rng.IntN(len(alphabet))])
		}
		return w.String()
	}
	for round := range 300 {
		var b strings.Builder
		for range 9 + rng.IntN(30) {
			fmt.Fprintf(&b, "User-agent: %s\nDisallow: /x\n", word(5))
		}
		var agents []string
		for range 20 {
			agents = append(agents, word(4)+" "+word(12)+"/"+word(6))
		}
		compareTrie(t, fmt.Sprint("random ", round), ParseString(b.String()), agents)
	}
}

func compareTrie(t *testing.T, name string, r *Robots, agents []string) {
	t.Helper()
	ix := r.index()
	idx := newNameIndex(ix.named)
	for _, a := range agents {
		want, got := scanNamed(ix, a), idx.longest(a)
		if want != got {
			t.Errorf("%s: agent %q: the index chose %v, scan %v", name, a, tokenOf(got), tokenOf(want))
		}
	}
}

func tokenOf(rs *ruleSet) string {
	if rs == nil {
		return "<none>"
	}
	return rs.token
}
