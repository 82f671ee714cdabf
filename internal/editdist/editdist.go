// Package editdist measures how far apart two short names are, for the
// "did you mean" hints of the audit (a misspelled field) and of the command
// line (a mistyped command, flag or check id).
package editdist

// Max is the longest string Distance compares; longer ones are Far apart.
const Max = 64

// Far is Distance's answer for a string longer than Max.
const Far = 99

// Distance is the optimal string alignment distance of a and b: the
// Levenshtein distance plus transpositions of two neighbours, counted
// byte by byte (the names compared are ASCII). It allocates nothing: it
// runs for every unknown line of a file.
func Distance(a, b string) int {
	if len(a) > Max || len(b) > Max {
		return Far
	}
	var rows [3][Max + 1]int
	prev2, prev, cur := rows[0][:len(b)+1], rows[1][:len(b)+1], rows[2][:len(b)+1]
	for j := range prev {
		prev[j] = j
	}
	for i := 1; i <= len(a); i++ {
		cur[0] = i
		for j := 1; j <= len(b); j++ {
			cost := 1
			if a[i-1] == b[j-1] {
				cost = 0
			}
			cur[j] = min(prev[j]+1, cur[j-1]+1, prev[j-1]+cost)
			if i > 1 && j > 1 && a[i-1] == b[j-2] && a[i-2] == b[j-1] {
				cur[j] = min(cur[j], prev2[j-2]+1)
			}
		}
		prev2, prev, cur = prev, cur, prev2
	}
	return prev[len(b)]
}
