package diff

import "sort"

func stableSortBy[T any](s []T, key func(T) int) {
	sort.SliceStable(s, func(i, j int) bool { return key(s[i]) < key(s[j]) })
}
