package lint

import (
	"fmt"
	"math/rand/v2"
	"strconv"
	"strings"
	"testing"
)

func TestUnifiedDiff(t *testing.T) {
	for _, tt := range []struct{ old, new, want string }{
		{"a\nb\n", "a\nb\n", ""},
		{"a\nb\nc\n", "a\nB\nc\n", "--- a/f\n+++ b/f\n@@ -1,3 +1,3 @@\n a\n-b\n+B\n c\n"},
		{"a\n", "", "--- a/f\n+++ b/f\n@@ -1,1 +0,0 @@\n-a\n"},
		{"", "a\n", "--- a/f\n+++ b/f\n@@ -0,0 +1,1 @@\n+a\n"},
		{"a\nb", "a\nc", "--- a/f\n+++ b/f\n@@ -1,2 +1,2 @@\n a\n-b\n\\ No newline at end of file\n+c\n\\ No newline at end of file\n"},
		{"1\n2\n3\n4\n5\n6\n7\n8\n9\n10\n11\n12\n", "1\nX\n3\n4\n5\n6\n7\n8\n9\n10\nY\n12\n",
			"--- a/f\n+++ b/f\n@@ -1,5 +1,5 @@\n 1\n-2\n+X\n 3\n 4\n 5\n@@ -8,5 +8,5 @@\n 8\n 9\n 10\n-11\n+Y\n 12\n"},
		{"1\n2\n3\n4\n5\n", "1\n2\n4\n5\n", "--- a/f\n+++ b/f\n@@ -1,5 +1,4 @@\n 1\n 2\n-3\n 4\n 5\n"},
	} {
		if got := UnifiedDiff("f", tt.old, tt.new); got != tt.want {
			t.Errorf("UnifiedDiff(%q, %q):\n%s\nwant\n%s", tt.old, tt.new, got, tt.want)
		}
	}
}

// TestUnifiedDiffApplies: on random edits, applying the diff to the old
// text (with an applier written here) gives the new text, and the diff
// holds no more removed and added lines than the edits made.
func TestUnifiedDiffApplies(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	for n := range 300 {
		var a []string
		for range rng.IntN(40) {
			a = append(a, strconv.Itoa(rng.IntN(8))+"\n")
		}
		b := append([]string(nil), a...)
		edits := rng.IntN(6)
		for range edits {
			switch i := rng.IntN(len(b) + 1); {
			case i < len(b) && rng.IntN(2) == 0:
				b = append(b[:i], b[i+1:]...)
			default:
				b = append(b[:i], append([]string{"new" + strconv.Itoa(n) + "\n"}, b[i:]...)...)
			}
		}
		old, new := strings.Join(a, ""), strings.Join(b, "")
		d := UnifiedDiff("f", old, new)
		got, err := applyUnified(old, d)
		if err != nil || got != new {
			t.Fatalf("case %d: applying\n%s to %q gives %q (%v), want %q", n, d, old, got, err, new)
		}
		changed := strings.Count(d, "\n-") + strings.Count(d, "\n+") - 2 // the headers
		if changed > edits {
			t.Errorf("case %d: %d lines changed for %d edits:\n%s", n, changed, edits, d)
		}
	}
}

// applyUnified applies a unified diff (without "No newline" marks).
func applyUnified(old, d string) (string, error) {
	if d == "" {
		return old, nil
	}
	a := splitKeep(old)
	lines := strings.SplitAfter(d, "\n")
	var out []string
	next := 0 // index in a
	for i := 2; i < len(lines) && lines[i] != ""; {
		var as, an, bs, bn int
		if _, err := fmt.Sscanf(lines[i], "@@ -%d,%d +%d,%d @@", &as, &an, &bs, &bn); err != nil {
			return "", fmt.Errorf("line %q: %v", lines[i], err)
		}
		start := as - 1
		if an == 0 {
			start = as
		}
		out = append(out, a[next:start]...)
		next = start
		for i++; i < len(lines) && lines[i] != "" && !strings.HasPrefix(lines[i], "@@"); i++ {
			l := lines[i]
			switch l[0] {
			case ' ':
				if a[next] != l[1:] {
					return "", fmt.Errorf("context %q is not %q", l[1:], a[next])
				}
				out = append(out, a[next])
				next++
			case '-':
				if a[next] != l[1:] {
					return "", fmt.Errorf("removed %q is not %q", l[1:], a[next])
				}
				next++
			case '+':
				out = append(out, l[1:])
			}
		}
	}
	out = append(out, a[next:]...)
	return strings.Join(out, ""), nil
}
