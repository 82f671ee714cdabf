package editdist

import (
	"strings"
	"testing"
)

func TestDistance(t *testing.T) {
	for _, tt := range []struct {
		a, b string
		want int
	}{
		{"", "", 0}, {"check", "check", 0}, {"chek", "check", 1}, {"lnit", "lint", 1},
		{"disalow", "disallow", 1}, {"kitten", "sitting", 3}, {"", "abc", 3},
		{"ca", "abc", 3}, // optimal string alignment: a moved pair is not edited again
		{strings.Repeat("a", Max+1), "a", Far},
	} {
		if got := Distance(tt.a, tt.b); got != tt.want {
			t.Errorf("Distance(%q, %q) = %d, want %d", tt.a, tt.b, got, tt.want)
		}
	}
}

func TestDistanceAllocatesNothing(t *testing.T) {
	if n := testing.AllocsPerRun(100, func() { Distance("user-agnet", "user-agent") }); n != 0 {
		t.Errorf("Distance allocates %v times", n)
	}
}
