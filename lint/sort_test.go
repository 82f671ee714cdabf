package lint

import (
	"math/rand/v2"
	"slices"
	"testing"
)

// TestSortKeyed: the radix sort orders keys as a comparison sort by key,
// then index, does: keys that share their first 8 bytes or differ only in
// length, around the size where the radix sort takes over.
func TestSortKeyed(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	for _, n := range []int{0, 1, 2, 255, 256, 257, 1000, 5000} {
		for _, alphabet := range []string{"ab", "/ab*%", "\x00\x01\xff/a"} {
			keys := make([]string, n)
			ks := make([]keyed, n)
			for i := range ks {
				b := make([]byte, r.IntN(13))
				for j := range b {
					b[j] = alphabet[r.IntN(len(alphabet))]
				}
				keys[i] = string(b)
				ks[i] = keyed{keyHead(keys[i]), int32(i)}
			}
			want := slices.Clone(ks)
			slices.SortFunc(want, func(a, b keyed) int {
				if keys[a.i] != keys[b.i] {
					if keys[a.i] < keys[b.i] {
						return -1
					}
					return 1
				}
				return int(a.i - b.i)
			})
			sortKeyed(ks, func(i int32) string { return keys[i] })
			if !slices.Equal(ks, want) {
				t.Errorf("n=%d alphabet %q: radix order differs from a comparison sort", n, alphabet)
			}
		}
	}
}
