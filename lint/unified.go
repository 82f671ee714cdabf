package lint

import (
	"strconv"
	"strings"
)

// maxDiffEdits bounds the line insertions and deletions UnifiedDiff
// searches for; past it, the changed part is shown as one hunk.
const maxDiffEdits = 1000

// UnifiedDiff returns the unified diff (3 lines of context, "--- a/NAME"
// and "+++ b/NAME" headers, as git writes it) that turns old into new, or
// "" when they are equal. Lines split at LF; a last line without one is
// marked "\ No newline at end of file".
func UnifiedDiff(name, old, new string) string {
	if old == new {
		return ""
	}
	a, b := splitKeep(old), splitKeep(new)
	ops := lineOps(a, b)
	var out strings.Builder
	out.WriteString("--- a/" + name + "\n+++ b/" + name + "\n")
	const context = 3
	// Hunks: runs of changes with at most 2*context equal lines between.
	for i := 0; i < len(ops); {
		if ops[i].kind == ' ' {
			i++
			continue
		}
		start := max(0, i-context)
		end := i
		for j := i; j < len(ops); j++ {
			if ops[j].kind != ' ' {
				end = j
				continue
			}
			if j-end > 2*context {
				break
			}
		}
		stop := min(len(ops), end+context+1)
		writeHunk(&out, ops[start:stop], a, b)
		i = stop
	}
	return out.String()
}

type lineOp struct {
	kind byte // ' ', '-', '+'
	a, b int  // line index in a (for ' ' and '-') and in b (for ' ' and '+')
}

func writeHunk(out *strings.Builder, ops []lineOp, a, b []string) {
	aStart, bStart, aN, bN := -1, -1, 0, 0
	for _, op := range ops {
		if op.kind != '+' {
			if aStart < 0 {
				aStart = op.a
			}
			aN++
		}
		if op.kind != '-' {
			if bStart < 0 {
				bStart = op.b
			}
			bN++
		}
	}
	// A side with no lines names the line before the hunk.
	pos := func(start, n int, ops []lineOp, side func(lineOp) int) string {
		if n == 0 {
			return strconv.Itoa(side(ops[0])) + ",0"
		}
		return strconv.Itoa(start+1) + "," + strconv.Itoa(n)
	}
	out.WriteString("@@ -" + pos(aStart, aN, ops, func(o lineOp) int { return o.a }) +
		" +" + pos(bStart, bN, ops, func(o lineOp) int { return o.b }) + " @@\n")
	for _, op := range ops {
		line := ""
		if op.kind == '+' {
			line = b[op.b]
		} else {
			line = a[op.a]
		}
		out.WriteByte(op.kind)
		out.WriteString(line)
		if !strings.HasSuffix(line, "\n") {
			out.WriteString("\n\\ No newline at end of file\n")
		}
	}
}

// splitKeep splits s after each LF, keeping it.
func splitKeep(s string) []string {
	var out []string
	for s != "" {
		i := strings.IndexByte(s, '\n')
		if i < 0 {
			out = append(out, s)
			break
		}
		out = append(out, s[:i+1])
		s = s[i+1:]
	}
	return out
}

// lineOps is the shortest edit script from a to b (Myers' O(ND)
// algorithm), with equal lines as ' ' steps; past maxDiffEdits, the lines
// between the common start and end are all removed and added.
func lineOps(a, b []string) []lineOp {
	// The common start and end are equal steps; the search runs between.
	pre := 0
	for pre < len(a) && pre < len(b) && a[pre] == b[pre] {
		pre++
	}
	suf := 0
	for suf < len(a)-pre && suf < len(b)-pre && a[len(a)-1-suf] == b[len(b)-1-suf] {
		suf++
	}
	var ops []lineOp
	for i := range pre {
		ops = append(ops, lineOp{' ', i, i})
	}
	ops = append(ops, middle(a[pre:len(a)-suf], b[pre:len(b)-suf], pre)...)
	for k := suf; k > 0; k-- {
		ops = append(ops, lineOp{' ', len(a) - k, len(b) - k})
	}
	return ops
}

func middle(a, b []string, off int) []lineOp {
	n, m := len(a), len(b)
	maxD := min(n+m, maxDiffEdits)
	v := make([]int, 2*maxD+3)
	o := maxD + 1 // v[o+k] is the furthest x on diagonal k
	var trace [][]int
	for d := 0; d <= maxD; d++ {
		trace = append(trace, append([]int(nil), v[o-d:o+d+1]...))
		for k := -d; k <= d; k += 2 {
			var x int
			if k == -d || k != d && v[o+k-1] < v[o+k+1] {
				x = v[o+k+1]
			} else {
				x = v[o+k-1] + 1
			}
			y := x - k
			for x < n && y < m && a[x] == b[y] {
				x, y = x+1, y+1
			}
			v[o+k] = x
			if x >= n && y >= m {
				return backtrack(trace, n, m, off)
			}
		}
	}
	// Too many edits: remove all, add all.
	var ops []lineOp
	for i := range n {
		ops = append(ops, lineOp{'-', off + i, off})
	}
	for j := range m {
		ops = append(ops, lineOp{'+', off + n, off + j})
	}
	return ops
}

func backtrack(trace [][]int, x, y, off int) []lineOp {
	var rev []lineOp
	for d := len(trace) - 1; d >= 0; d-- {
		v := trace[d] // v[i] is diagonal i-d, after step d-1
		at := func(k int) int { return v[k+d] }
		k := x - y
		var pk int
		if k == -d || k != d && at(k-1) < at(k+1) {
			pk = k + 1
		} else {
			pk = k - 1
		}
		px := 0
		if d > 0 {
			px = at(pk)
		}
		py := px - pk
		for x > px && y > py {
			x, y = x-1, y-1
			rev = append(rev, lineOp{' ', off + x, off + y})
		}
		if d > 0 {
			if x == px {
				rev = append(rev, lineOp{'+', off + x, off + py})
			} else {
				rev = append(rev, lineOp{'-', off + px, off + y})
			}
		}
		x, y = px, py
	}
	for i, j := 0, len(rev)-1; i < j; i, j = i+1, j-1 {
		rev[i], rev[j] = rev[j], rev[i]
	}
	return rev
}
