//go:build unix

package robotstxt_test

import (
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/robotstxt/robotstxt"
	"github.com/robotstxt/robotstxt/internal/testutil"
)

// The worst a packed check can meet: as many user-agent lines and
// wildcard rules as a Compact packs, a long user-agent string naming none,
// and the longest path checked by trying every rule (past it, a parse
// answers). The bound is on CPU time and generous: it catches a cost that
// grows with the square of the input, not a slow machine.
func TestCompactWorstBounded(t *testing.T) {
	var b strings.Builder
	for i := range robotstxt.MaxPackedAgents {
		fmt.Fprintf(&b, "User-agent: bot%d\n", i)
	}
	b.WriteString("User-agent: *\n")
	for i := range robotstxt.MaxPackedRules - 1 {
		fmt.Fprintf(&b, "Disallow: /*a*a*a*%d*b$\n", i)
	}
	c := robotstxt.ParseCompact([]byte(strings.Replace(b.String(), "User-agent: bot0\n", "", 1)))
	// The same file padded to the most a Compact packs, for the paths
	// answered by a parse.
	text := strings.Replace(b.String(), "User-agent: bot0\n", "", 1)
	text += strings.Repeat("#\n", (robotstxt.MaxPackedBytes-len(text))/2)
	padded := robotstxt.ParseCompact([]byte(text))
	if !c.Packed() || !padded.Packed() {
		t.Fatal("the file is not packed")
	}
	agent := "Mozilla/5.0 (compatible; " + strings.Repeat("x", 200) + ")"
	for _, tc := range []struct {
		name string
		c    *robotstxt.Compact
		path string
	}{
		{"every rule tried", c, "/" + strings.Repeat("a", (1<<18)/robotstxt.MaxPackedRules-2)},
		{"answered by a parse", padded, "/" + strings.Repeat("a", 1<<20)},
	} {
		const checks = 10
		cpu, _ := testutil.Cost(func() {
			for range checks {
				tc.c.Allowed(agent, tc.path)
			}
		})
		if per := cpu / checks; per > 50*time.Millisecond {
			t.Errorf("%s: a worst packed check takes %v of CPU", tc.name, per)
		} else {
			t.Logf("%s: a worst packed check takes %v of CPU", tc.name, per)
		}
	}
}
