package robotstxt

import (
	"cmp"
	"math/bits"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
)

// Real files can hold thousands of rules such as "*/custom/" or
// "/*BOE-A-1993-3426$": wildcard rules whose literal prefix is "/" or empty,
// so the prefix index cannot tell them apart. When a rule set has many of
// them, each is filed under one of its literal pieces, the one fewest rules
// share (its "needle", see chooseNeedles): a rule
// can only match a path that contains its needle. One Aho-Corasick pass over
// the path finds the needles it contains, and only their rules are tried.
// The pass costs O(path length) whatever the number of rules.

// acThreshold is the number of needled wildcard rules from which the
// automaton pays for itself; below it, trying each rule is cheaper.
const acThreshold = 16

// Building the automaton costs about as much as trying every rule 50 to 100
// times, and most files are checked only a few times: below acEager
// needled rules it is built only once acAfter checks have tried the rules
// one by one.
const (
	acEager = 512
	acAfter = 64
)

// A lazyAC holds the needled wildcard rules, tried in turn until the
// automaton pays for itself.
type lazyAC struct {
	wild                  []crule // nil once the automaton was built eagerly
	maxAllow, maxDisallow int32   // highest priorities of each kind, -1 for none
	checks                atomic.Int32
	once                  sync.Once
	ac                    atomic.Pointer[acIndex]
}

func newLazyAC(wild []crule) *lazyAC {
	l := &lazyAC{wild: wild, maxAllow: -1, maxDisallow: -1}
	for i := range wild {
		if wild[i].allow {
			l.maxAllow = max(l.maxAllow, wild[i].pri)
		} else {
			l.maxDisallow = max(l.maxDisallow, wild[i].pri)
		}
	}
	if len(wild) >= acEager {
		l.build()
		l.wild = nil // not shared yet: the automaton holds the rules
	}
	return l
}

func (l *lazyAC) build() *acIndex {
	l.once.Do(func() { l.ac.Store(buildAC(l.wild)) })
	return l.ac.Load()
}

// improve improves allow and disallow with the needled rules. When none of
// them could beat those (or tie with an earlier line), the path is not
// scanned at all.
func (l *lazyAC) improve(f *pieceFinder, allow, disallow *match) {
	if (allow.rule != nil && l.maxAllow < allow.pri || l.maxAllow < 0) &&
		(disallow.rule != nil && l.maxDisallow < disallow.pri || l.maxDisallow < 0) {
		return
	}
	ac := l.ac.Load()
	if ac == nil {
		if l.checks.Add(1) <= acAfter {
			for i := range l.wild {
				tryRule(&l.wild[i], f, allow, disallow)
			}
			return
		}
		ac = l.build()
	}
	ac.best(f, allow, disallow)
}

type acIndex struct {
	// The automaton. States are numbered the root first, then its
	// children, then each child's subtree depth first, so that the states
	// along a needle follow each other in memory: a path that follows a long
	// needle (laprensa.hn's 1,780 rules share long prefixes) reads them in
	// turn instead of missing the cache at every byte, as a breadth-first
	// numbering did. Each state's fields share one record. The root and its
	// children (states 0 to denseMax) have dense rows of 256 transitions;
	// other states keep their edges sorted in
	// edges[states[s].lo:states[s+1].lo] and fall back along failure links.
	states   []acState
	edges    []acEdge
	dense    []int32  // row s holds the transitions of state s, for s <= denseMax
	reports  []uint64 // bitset: a needle ends at the state or on its failure chain
	denseMax int32
	// The full transition table, when it is small enough: dfa[s*classes+
	// class[c]] is t*classes for the state t after byte c in state s (the
	// start of t's row), or ^(t*classes) when a needle ends at t, so that
	// a step is one lookup in the table and the test of its sign.
	dfa     []int32
	class   [256]uint16
	classes int32

	needleLo []int32 // rules of needle i: rules[needleLo[i]:needleLo[i+1]]
	rules    []crule // sorted by needle, then priority (highest first)

	words   int       // uint64 words of a bitset of needles
	scratch sync.Pool // *acScratch, for indexes of many needles
}

type acState struct {
	lo     int32 // first edge
	fail   int32 // failure link
	needle int32 // needle ending here, or -1
	report int32 // first state on the failure chain (this one included) where a needle ends, or -1
}

type acEdge struct {
	c  byte
	to int32
}

type acScratch struct {
	seen []uint64 // bitset of needles found in the path
}

// needleOf returns the longest literal piece of a wildcard rule.
func needleOf(cr *crule) string {
	n := ""
	for _, s := range cr.segs {
		if len(s.s) > len(n) {
			n = s.s
		}
	}
	return n
}

// chooseNeedles files each rule under the piece that the fewest rules
// share (the longest on a tie), so that rules such as "/*foo*a1",
// "/*foo*a2", ... are told apart by "a1", "a2" rather than all tried
// whenever a path contains "foo".
func chooseNeedles(wild []crule) []string {
	type seen struct{ n, last int32 } // rules holding the piece; the last one counted
	count := make(map[string]seen)
	for i := range wild {
		for _, pc := range wild[i].segs {
			if seg := pc.s; seg != "" {
				if c := count[seg]; c.n == 0 || c.last != int32(i) {
					count[seg] = seen{c.n + 1, int32(i)}
				}
			}
		}
	}
	needles := make([]string, len(wild))
	for i := range wild {
		best, bestN := "", int32(0)
		for _, pc := range wild[i].segs {
			seg := pc.s
			if seg == "" {
				continue
			}
			n := count[seg].n
			if best == "" || n < bestN || n == bestN && (len(seg) > len(best) || len(seg) == len(best) && seg < best) {
				best, bestN = seg, n
			}
		}
		needles[i] = best
	}
	return needles
}

func buildAC(wild []crule) *acIndex {
	ac := &acIndex{}
	needles := chooseNeedles(wild)
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

	ac.buildAutomaton(distinct)
	words := (len(distinct) + 63) / 64
	ac.words = words
	ac.scratch.New = func() any { return &acScratch{seen: make([]uint64, words)} }
	return ac
}

// buildAutomaton builds the automaton of the sorted, distinct needles:
// needle i is reported as i.
func (ac *acIndex) buildAutomaton(distinct []string) {
	// The trie of the sorted needles, built depth first: a needle shares the
	// path of its common prefix with the previous one.
	type tedge struct {
		parent, child int32
		c             byte
	}
	var tedges []tedge
	needleAt := []int32{-1}
	path := []int32{0} // path[d] is the node at depth d of the previous needle
	prev := ""
	for id, nd := range distinct {
		common := commonPrefix(prev, nd)
		path = path[:common+1]
		for i := common; i < len(nd); i++ {
			t := int32(len(needleAt))
			needleAt = append(needleAt, -1)
			tedges = append(tedges, tedge{path[len(path)-1], t, nd[i]})
			path = append(path, t)
		}
		needleAt[path[len(path)-1]] = int32(id)
		prev = nd
	}
	n := len(needleAt)
	// Children of each node, grouped by a counting sort that keeps them in
	// byte order.
	childLo := make([]int32, n+1)
	for _, e := range tedges {
		childLo[e.parent+1]++
	}
	for i := 0; i < n; i++ {
		childLo[i+1] += childLo[i]
	}
	children := make([]acEdge, len(tedges))
	fill := slices.Clone(childLo[:n])
	for _, e := range tedges {
		children[fill[e.parent]] = acEdge{e.c, e.child}
		fill[e.parent]++
	}
	// Renumber: the root, then its children, then each child's subtree
	// depth first, so that the states along a needle follow each other in
	// memory (a path that follows a long needle reads its states in turn).
	order := make([]int32, 0, n) // order[new] = old
	order = append(order, 0)
	for _, e := range children[childLo[0]:childLo[1]] {
		order = append(order, e.to)
	}
	var stack []int32
	for _, top := range order[1:] { // the root's children only: order grows behind the range
		stack = append(stack[:0], top)
		for len(stack) > 0 {
			old := stack[len(stack)-1]
			stack = stack[:len(stack)-1]
			if old != top {
				order = append(order, old)
			}
			kids := children[childLo[old]:childLo[old+1]]
			for i := len(kids) - 1; i >= 0; i-- { // the first child on top
				stack = append(stack, kids[i].to)
			}
		}
	}
	renum := make([]int32, n) // renum[old] = new
	for i, old := range order {
		renum[old] = int32(i)
	}
	ac.states = make([]acState, n+1) // one more for the end of the last edge list
	ac.edges = make([]acEdge, 0, len(children))
	for i, old := range order {
		ac.states[i] = acState{lo: int32(len(ac.edges)), needle: needleAt[old], report: -1}
		for _, e := range children[childLo[old]:childLo[old+1]] {
			ac.edges = append(ac.edges, acEdge{e.c, renum[e.to]})
		}
	}
	ac.states[n].lo = int32(len(ac.edges))
	// Breadth first order, in which a state's failure link (a shallower
	// state) comes before it.
	bfs := make([]int32, 0, n)
	bfs = append(bfs, 0)
	for i := 0; i < len(bfs); i++ {
		s := bfs[i]
		for _, e := range ac.edges[ac.states[s].lo:ac.states[s+1].lo] {
			bfs = append(bfs, e.to)
		}
	}
	// Failure links and reports, breadth first. The root and its children,
	// states 0 to denseMax, get dense rows; the children's rows are filled
	// once their failure links (the root) are known, which is before any
	// deeper state needs them.
	ac.denseMax = ac.states[1].lo // the number of the root's children
	ac.dense = make([]int32, 256*(1+int(ac.denseMax)))
	for _, e := range ac.edges[:ac.states[1].lo] {
		ac.dense[e.c] = e.to
	}
	for t := int32(1); t <= ac.denseMax; t++ {
		copy(ac.dense[int(t)*256:], ac.dense[:256])
		for _, f := range ac.edges[ac.states[t].lo:ac.states[t+1].lo] {
			ac.dense[int(t)*256+int(f.c)] = f.to
		}
	}
	ac.reports = make([]uint64, (n+63)/64)
	for _, s := range bfs {
		st := &ac.states[s]
		if st.needle >= 0 {
			st.report = s
		} else if s > 0 {
			st.report = ac.states[st.fail].report
		}
		if st.report >= 0 {
			ac.reports[s>>6] |= 1 << (s & 63)
		}
		for _, e := range ac.edges[st.lo:ac.states[s+1].lo] {
			if s > 0 {
				ac.states[e.to].fail = ac.step(st.fail, e.c)
			}
		}
	}
	ac.buildDFA(bfs)
}

// maxDFA bounds the size of the full transition table (in entries).
const maxDFA = 1 << 20

// buildDFA turns the automaton into a full transition table when it is
// small enough: one row per state over the classes of bytes that occur in
// needles (every other byte leads back to the root), so that a step is two
// lookups. Rows are filled breadth first (bfs) from the failure links.
func (ac *acIndex) buildDFA(bfs []int32) {
	k := uint16(1) // class 0: bytes in no needle
	for _, e := range ac.edges {
		if ac.class[e.c] == 0 {
			ac.class[e.c] = k
			k++
		}
	}
	n := len(ac.states) - 1
	if n*int(k) > maxDFA {
		ac.class = [256]uint16{}
		return
	}
	ac.classes = int32(k)
	ac.dfa = make([]int32, n*int(k))
	for _, s := range bfs {
		row := ac.dfa[int(s)*int(k) : int(s+1)*int(k)]
		if s > 0 {
			copy(row, ac.dfa[int(ac.states[s].fail)*int(k):])
		}
		for _, e := range ac.edges[ac.states[s].lo:ac.states[s+1].lo] {
			row[ac.class[e.c]] = e.to
		}
	}
	for i, t := range ac.dfa {
		if ac.reports[t>>6]&(1<<(t&63)) != 0 {
			ac.dfa[i] = ^(t * int32(k))
		} else {
			ac.dfa[i] = t * int32(k)
		}
	}
}

// step follows the goto function from state s on byte c, falling back along
// failure links.
func (ac *acIndex) step(s int32, c byte) int32 {
	for {
		if s <= ac.denseMax {
			return ac.dense[int(s)*256+int(c)]
		}
		st := &ac.states[s]
		edges := ac.edges[st.lo:ac.states[s+1].lo]
		for len(edges) > 8 { // binary search in wide nodes, linear in narrow ones
			mid := len(edges) / 2
			switch b := edges[mid].c; {
			case b == c:
				return edges[mid].to
			case b < c:
				edges = edges[mid+1:]
			default:
				edges = edges[:mid]
			}
		}
		for _, e := range edges {
			if e.c == c {
				return e.to
			} else if e.c > c {
				break
			}
		}
		s = st.fail
	}
}

// best improves allow and disallow with the wildcard rules whose needle
// occurs in path. The set of needles found lives on the stack when the index
// has at most 4,096 needles, else in a pooled buffer.
func (ac *acIndex) best(f *pieceFinder, allow, disallow *match) {
	if ac.words <= 64 {
		var seen [64]uint64
		ac.scan(f, seen[:ac.words], allow, disallow)
		return
	}
	sc := ac.scratch.Get().(*acScratch)
	ac.scan(f, sc.seen, allow, disallow)
	ac.scratch.Put(sc)
}

// scan runs the automaton over path, marking in seen (all zero, and left
// all zero) the needles that occur, then tries their rules.
func (ac *acIndex) scan(f *pieceFinder, seen []uint64, allow, disallow *match) {
	path := f.path
	var found [32]int32 // the needles found, in order, unless there are more
	n := 0
	if ac.dfa != nil {
		off := int32(0)
		for i := 0; i < len(path); i++ {
			off = ac.dfa[off+int32(ac.class[path[i]])]
			if off < 0 {
				off = ^off
				n = ac.mark(off/ac.classes, seen, &found, n)
			}
		}
	} else {
		s := int32(0)
		for i := 0; i < len(path); i++ {
			s = ac.step(s, path[i])
			if ac.reports[s>>6]&(1<<(s&63)) != 0 {
				n = ac.mark(s, seen, &found, n)
			}
		}
	}
	if n <= len(found) {
		for _, id := range found[:n] {
			seen[id>>6] = 0
			ac.tryNeedle(id, f, allow, disallow)
		}
		return
	}
	for w, bitsw := range seen {
		for bitsw != 0 {
			b := bits.TrailingZeros64(bitsw)
			bitsw &^= 1 << b
			ac.tryNeedle(int32(w*64+b), f, allow, disallow)
		}
		seen[w] = 0
	}
}

// mark records in seen, and in found while it has room, the needles that
// end at state s, longest first; n is how many were found before, and the
// new count is returned. Once one needle was seen, so were the rest of its
// chain, so each needle costs one visit.
func (ac *acIndex) mark(s int32, seen []uint64, found *[32]int32, n int) int {
	for o := ac.states[s].report; o >= 0; {
		st := &ac.states[o]
		id := st.needle
		if seen[id>>6]&(1<<(id&63)) != 0 {
			break
		}
		seen[id>>6] |= 1 << (id & 63)
		if n < len(found) {
			found[n] = id
		}
		n++
		o = ac.states[st.fail].report
	}
	return n
}

// tryNeedle tries the rules filed under needle id.
func (ac *acIndex) tryNeedle(id int32, f *pieceFinder, allow, disallow *match) {
	for j := ac.needleLo[id]; j < ac.needleLo[id+1]; j++ {
		tryRule(&ac.rules[j], f, allow, disallow)
	}
}

// tryRule improves allow or disallow with a wildcard rule if it matches.
func tryRule(cr *crule, f *pieceFinder, allow, disallow *match) {
	mine := disallow
	if cr.allow {
		mine = allow
	}
	if mine.rule != nil && cr.pri < mine.pri {
		return
	}
	if !strings.HasPrefix(f.path, cr.key) || !cr.matchAt(f, len(cr.key)) {
		return
	}
	if c := cr.match(); c.beats(*mine) {
		*mine = c
	}
}
