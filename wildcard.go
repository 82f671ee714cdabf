package robotstxt

import (
	"cmp"
	"slices"
	"strings"
	"sync"
)

// Real files can hold thousands of rules such as "*/custom/" or
// "/*BOE-A-1993-3426$": wildcard rules whose literal prefix is "/" or empty,
// so the prefix index cannot tell them apart. When a rule set has many of
// them, each is filed under its longest literal piece (its "needle"): a rule
// can only match a path that contains its needle. One Aho-Corasick pass over
// the path finds the needles it contains, and only their rules are tried.
// The pass costs O(path length) whatever the number of rules.

// acThreshold is the number of needled wildcard rules from which the
// automaton pays for itself; below it, trying each rule is cheaper.
const acThreshold = 16

type acIndex struct {
	// Goto function. The root's transitions are dense; other states keep
	// their edges sorted in edgeByte/edgeTo[edgeLo[s]:edgeLo[s+1]].
	root     [256]int32
	edgeLo   []int32
	edgeByte []byte
	edgeTo   []int32
	fail     []int32
	out      []int32 // needle ending at the state, or -1
	dict     []int32 // next state on the fail chain with out >= 0, or -1

	needleLo []int32 // rules of needle i: rules[needleLo[i]:needleLo[i+1]]
	rules    []crule // sorted by needle, then priority (highest first)

	scratch sync.Pool // *acScratch
}

type acScratch struct {
	seen  []uint64 // bitset of needles found in the path
	found []int32
}

// needleOf returns the longest literal piece of a wildcard rule.
func needleOf(cr *crule) string {
	n := ""
	for _, s := range cr.segs {
		if len(s) > len(n) {
			n = s
		}
	}
	return n
}

func buildAC(wild []crule) *acIndex {
	ac := &acIndex{}
	needles := make([]string, len(wild))
	for i := range wild {
		needles[i] = needleOf(&wild[i])
	}
	order := make([]int, len(wild))
	for i := range order {
		order[i] = i
	}
	slices.SortStableFunc(order, func(a, b int) int {
		if c := strings.Compare(needles[a], needles[b]); c != 0 {
			return c
		}
		return cmp.Compare(wild[b].pri, wild[a].pri)
	})
	// Distinct needles, and the rules grouped by needle.
	var distinct []string
	for _, i := range order {
		if len(distinct) == 0 || distinct[len(distinct)-1] != needles[i] {
			distinct = append(distinct, needles[i])
			ac.needleLo = append(ac.needleLo, int32(len(ac.rules)))
		}
		ac.rules = append(ac.rules, wild[i])
	}
	ac.needleLo = append(ac.needleLo, int32(len(ac.rules)))

	// The trie of the sorted needles, built depth first: a needle shares the
	// path of its common prefix with the previous one. Edges are recorded as
	// they are made, then grouped by parent (a counting sort keeps each
	// parent's edges in byte order).
	type edge struct {
		parent, child int32
		c             byte
	}
	var edges []edge
	ac.out = []int32{-1}
	path := []int32{0} // path[d] is the node at depth d of the previous needle
	prev := ""
	for id, nd := range distinct {
		common := commonPrefix(prev, nd)
		path = path[:common+1]
		for i := common; i < len(nd); i++ {
			t := int32(len(ac.out))
			ac.out = append(ac.out, -1)
			edges = append(edges, edge{path[len(path)-1], t, nd[i]})
			path = append(path, t)
		}
		ac.out[path[len(path)-1]] = int32(id)
		prev = nd
	}
	n := len(ac.out)
	ac.fail = make([]int32, n)
	ac.dict = make([]int32, n)
	for s := range ac.dict {
		ac.dict[s] = -1
	}
	ac.edgeLo = make([]int32, n+1)
	for _, e := range edges {
		ac.edgeLo[e.parent+1]++
	}
	for s := 0; s < n; s++ {
		ac.edgeLo[s+1] += ac.edgeLo[s]
	}
	ac.edgeByte = make([]byte, len(edges))
	ac.edgeTo = make([]int32, len(edges))
	fill := slices.Clone(ac.edgeLo[:n])
	for _, e := range edges {
		ac.edgeByte[fill[e.parent]] = e.c
		ac.edgeTo[fill[e.parent]] = e.child
		fill[e.parent]++
	}
	// Failure and dictionary links, breadth-first.
	queue := make([]int32, 0, n)
	for e := ac.edgeLo[0]; e < ac.edgeLo[1]; e++ {
		t := ac.edgeTo[e]
		ac.root[ac.edgeByte[e]] = t
		queue = append(queue, t)
	}
	for len(queue) > 0 {
		s := queue[0]
		queue = queue[1:]
		for e := ac.edgeLo[s]; e < ac.edgeLo[s+1]; e++ {
			c, t := ac.edgeByte[e], ac.edgeTo[e]
			ac.fail[t] = ac.step(ac.fail[s], c)
			if f := ac.fail[t]; ac.out[f] >= 0 {
				ac.dict[t] = f
			} else {
				ac.dict[t] = ac.dict[f]
			}
			queue = append(queue, t)
		}
	}
	words := (len(distinct) + 63) / 64
	ac.scratch.New = func() any { return &acScratch{seen: make([]uint64, words)} }
	return ac
}

// step follows the goto function from state s on byte c, falling back along
// failure links.
func (ac *acIndex) step(s int32, c byte) int32 {
	for s != 0 {
		lo, hi := ac.edgeLo[s], ac.edgeLo[s+1]
		for e := lo; e < hi; e++ {
			if b := ac.edgeByte[e]; b == c {
				return ac.edgeTo[e]
			} else if b > c {
				break
			}
		}
		s = ac.fail[s]
	}
	return ac.root[c]
}

// best improves allow and disallow with the wildcard rules whose needle
// occurs in path.
func (ac *acIndex) best(path string, allow, disallow *match) {
	sc := ac.scratch.Get().(*acScratch)
	s := int32(0)
	for i := 0; i < len(path); i++ {
		s = ac.step(s, path[i])
		o := s
		if ac.out[o] < 0 {
			o = ac.dict[o]
		}
		for ; o >= 0; o = ac.dict[o] {
			id := ac.out[o]
			if w, bit := id>>6, uint64(1)<<(id&63); sc.seen[w]&bit == 0 {
				sc.seen[w] |= bit
				sc.found = append(sc.found, id)
			}
		}
	}
	for _, id := range sc.found {
		sc.seen[id>>6] = 0
		for j := ac.needleLo[id]; j < ac.needleLo[id+1]; j++ {
			cr := &ac.rules[j]
			mine := disallow
			if cr.allow {
				mine = allow
			}
			if mine.r != nil && cr.pri < mine.pri {
				continue
			}
			if !strings.HasPrefix(path, cr.key) || !cr.matchRest(path[len(cr.key):]) {
				continue
			}
			if c := (match{cr, cr.pri}); c.beats(*mine) {
				*mine = c
			}
		}
	}
	sc.found = sc.found[:0]
	ac.scratch.Put(sc)
}
