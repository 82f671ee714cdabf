package diff

import (
	"sort"
	"strings"

	"github.com/robotstxt/robotstxt"
)

// MaxStates bounds the search for probe URLs: how many distinct states of
// the patterns' matchers are explored before the search stops (then
// ProbesComplete is false).
const MaxStates = 200_000

// maxWork bounds the search's steps (one pattern's matcher over one octet),
// so that files with many '*' patterns, whose combinations are too many to
// enumerate, cost tens of milliseconds, not minutes.
const maxWork = 2_000_000

// maxProbes bounds the probes returned, whatever the files.
const maxProbes = 50000

// star marks a '*' in a compiled pattern.
const star = -1

// glob is a pattern as the matcher reads it: literal octets of the
// normalised path and '*', with a final '$' as the anchored flag.
type glob struct {
	toks     []int16
	anchored bool
	// prio is the rule's priority: the length of its canonical pattern.
	prio int16
	// slots are the (file, group, kind) the pattern is a rule of.
	slots []int32
}

// compile turns a rule's pattern into a glob over normalised paths. An empty
// pattern matches nothing (it allows or disallows nothing).
func compile(pattern string) (glob, bool) {
	c := robotstxt.CanonicalPattern(pattern)
	g := glob{prio: int16(min(len(c), 1<<15-1))}
	if strings.HasSuffix(c, "$") {
		g.anchored = true
		c = c[:len(c)-1]
	}
	if c == "" && !g.anchored {
		return g, false
	}
	for i, seg := range strings.Split(c, "*") {
		if i > 0 {
			g.toks = append(g.toks, star)
		}
		for _, b := range []byte(normSegment(seg)) {
			g.toks = append(g.toks, int16(b))
		}
	}
	return g, true
}

// normSegment gives the literal text between two '*' as it appears in a
// normalised path: an inner '$' is "%24", a space "%20", and so on.
func normSegment(seg string) string {
	if seg == "" {
		return ""
	}
	// The "/_" prefix keeps the segment a path whatever it starts with.
	return strings.TrimPrefix(robotstxt.NormalizePath("/_"+seg), "/_")
}

func (g glob) key() string {
	var b strings.Builder
	for _, t := range g.toks {
		if t == star {
			b.WriteString("\x00*")
		} else {
			b.WriteByte(byte(t))
		}
	}
	if g.anchored {
		b.WriteString("\x00$")
	}
	return b.String()
}

// closure adds the positions reachable through '*' (which may match
// nothing) and returns the sorted, deduplicated set.
func (g glob) closure(pos []uint16) []uint16 {
	for i := 0; i < len(pos); i++ {
		p := pos[i]
		if int(p) < len(g.toks) && g.toks[p] == star {
			pos = append(pos, p+1)
		}
	}
	sort.Slice(pos, func(i, j int) bool { return pos[i] < pos[j] })
	out := pos[:0]
	for i, p := range pos {
		if i == 0 || p != pos[i-1] {
			out = append(out, p)
		}
	}
	return out
}

// step advances a set of positions over one octet.
func (g glob) step(pos []uint16, b byte) []uint16 {
	var next []uint16
	for _, p := range pos {
		if int(p) >= len(g.toks) {
			continue
		}
		switch t := g.toks[p]; {
		case t == star:
			next = append(next, p)
		case t == int16(b):
			next = append(next, p+1)
		}
	}
	if len(next) == 0 {
		return nil
	}
	return g.closure(next)
}

func (g glob) accepts(pos []uint16) bool {
	return len(pos) > 0 && int(pos[len(pos)-1]) == len(g.toks)
}

// state is where every pattern's matcher stands after reading a path.
type state struct {
	path   string
	active []live // patterns that can still match and still matter
	// best holds, per slot (file, group, kind), the highest priority of the
	// unanchored patterns that matched a prefix, or -1. A verdict depends on
	// nothing else, with the anchored patterns that match right now.
	best []int16
}

// live is a glob that can still match: the positions it stands at.
type live struct {
	i   int
	pos []uint16
}

// matchSet is what decides every crawler's verdict for the path: the best
// priorities, counting the anchored patterns that match right now.
func (s *state) matchSet(gs []glob) string {
	best := s.best
	copied := false
	for _, l := range s.active {
		g := &gs[l.i]
		if !g.anchored || !g.accepts(l.pos) {
			continue
		}
		for _, sl := range g.slots {
			if best[sl] < g.prio {
				if !copied {
					best = append([]int16(nil), best...)
					copied = true
				}
				best[sl] = g.prio
			}
		}
	}
	return encodeBest(best)
}

func encodeBest(best []int16) string {
	b := make([]byte, 2*len(best))
	for i, v := range best {
		b[2*i], b[2*i+1] = byte(v>>8), byte(v)
	}
	return string(b)
}

// key identifies the state: two paths with the same key get the same
// verdicts, and so do all their extensions by the same octets.
func (s *state) key(gs []glob) string {
	var b strings.Builder
	b.WriteString(encodeBest(s.best))
	for _, l := range s.active {
		b.WriteByte(byte(l.i >> 16))
		b.WriteByte(byte(l.i >> 8))
		b.WriteByte(byte(l.i))
		b.WriteByte(byte(len(l.pos) >> 8))
		b.WriteByte(byte(len(l.pos)))
		for _, p := range l.pos {
			b.WriteByte(byte(p >> 8))
			b.WriteByte(byte(p))
		}
	}
	return b.String()
}

// matters reports whether a pattern could still change a verdict: some slot
// of it has no matched pattern of its priority or higher.
func (s *state) matters(g *glob) bool {
	for _, sl := range g.slots {
		if s.best[sl] < g.prio {
			return true
		}
	}
	return false
}

// next is the state after one more octet c. Only the live patterns listed
// in cand (indexes into s.active) can survive c; the others die.
func (s *state) next(gs []glob, c byte, cand []int) *state {
	n := &state{path: s.path + string(c), best: s.best}
	copied := false
	for _, k := range cand {
		l := s.active[k]
		g := &gs[l.i]
		pos := g.step(l.pos, c)
		switch {
		case len(pos) == 0:
		case !g.anchored && g.accepts(pos):
			for _, sl := range g.slots {
				if n.best[sl] < g.prio {
					if !copied {
						n.best = append([]int16(nil), s.best...)
						copied = true
					}
					n.best[sl] = g.prio
				}
			}
		default:
			n.active = append(n.active, live{l.i, pos})
		}
	}
	if copied {
		// Patterns outranked in every slot they belong to no longer matter.
		kept := n.active[:0]
		for _, l := range n.active {
			if n.matters(&gs[l.i]) {
				kept = append(kept, l)
			}
		}
		n.active = kept
	}
	return n
}

// Probes returns paths that tell apart every set of patterns of the two
// files that some path matches: a change between the files flips the verdict
// of some path for some crawler only if it flips it for one of these. The
// boolean is false when the search stopped at MaxStates; the paths then also
// hold each pattern's own boundary instantiations.
func Probes(old, new *robotstxt.Robots) ([]string, bool) {
	return probes(old, new, MaxStates, maxWork)
}

// ProbesWithin is Probes with a smaller bound on the search's work (the
// steps it takes; Probes allows 2,000,000): the boolean is false when the
// search stopped there. A caller that runs many proofs, such as the
// audit's fixes, bounds each one so that a file whose patterns make the
// search long answers "not proven" at once rather than in seconds.
func ProbesWithin(old, new *robotstxt.Robots, work int) ([]string, bool) {
	return probes(old, new, MaxStates, min(work, maxWork))
}

// probes is Probes with its bounds.
func probes(old, new *robotstxt.Robots, maxStates, maxWork int) ([]string, bool) {
	return probesIn(old, new, nil, nil, maxStates, maxWork)
}

// probesIn is probes over the rules of some groups only: the indexes in
// oldGroups and newGroups, or every group when both are nil.
func probesIn(old, new *robotstxt.Robots, oldGroups, newGroups map[int]bool, maxStates, maxWork int) ([]string, bool) {
	var gs []glob
	var nslots int
	if oldGroups == nil && newGroups == nil {
		gs, nslots = globs([]*robotstxt.Robots{old, new}, nil)
	} else {
		gs, nslots = globs([]*robotstxt.Robots{old, new}, []map[int]bool{oldGroups, newGroups})
	}
	// An octet that is in no pattern stands for all such octets.
	var used [256]bool
	for _, g := range gs {
		for _, t := range g.toks {
			if t != star {
				used[t] = true
			}
		}
	}
	other := byte('x')
	for _, c := range []byte("xqzjkw0123456789-_.~") {
		if !used[c] {
			other = c
			break
		}
	}

	start := &state{best: make([]int16, nslots)}
	for i := range start.best {
		start.best[i] = -1
	}
	for i, g := range gs {
		pos := g.closure([]uint16{0})
		if !g.anchored && g.accepts(pos) {
			for _, sl := range g.slots { // "*" matches every path
				start.best[sl] = max(start.best[sl], g.prio)
			}
			continue
		}
		start.active = append(start.active, live{i, pos})
	}
	all := make([]int, len(start.active))
	for k := range all {
		all[k] = k
	}
	start = start.next(gs, '/', all) // every path starts with '/'

	seen := map[string]bool{start.key(gs): true}
	sets := map[string]bool{}
	var probes []string
	queue := []*state{start}
	complete := true
	work := 0
	var next []byte
	for len(queue) > 0 {
		s := queue[0]
		queue = queue[1:]
		if ms := s.matchSet(gs); !sets[ms] {
			sets[ms] = true
			probes = append(probes, asURL(s.path))
		}
		// Only the octets some live pattern waits for lead to different
		// states; every other octet leads where the unused one does. For
		// each octet, only the patterns waiting for it or standing on a '*'
		// can survive it.
		var stars []int
		byOctet := map[byte][]int{}
		next = append(next[:0], other)
		for k, l := range s.active {
			t := gs[l.i].toks
			onStar := false
			var last int16 = -2
			for _, p := range l.pos {
				if int(p) >= len(t) {
					continue
				}
				if t[p] == star {
					onStar = true
					continue
				}
				if c := byte(t[p]); t[p] != last {
					last = t[p]
					if byOctet[c] == nil {
						next = append(next, c)
					}
					if n := byOctet[c]; len(n) == 0 || n[len(n)-1] != k {
						byOctet[c] = append(n, k)
					}
				}
			}
			if onStar {
				stars = append(stars, k)
			}
		}
		for _, c := range next {
			cand := stars
			if w := byOctet[c]; len(w) > 0 {
				cand = mergeSorted(w, stars)
			}
			work += len(cand) + 1
			n := s.next(gs, c, cand)
			k := n.key(gs)
			if seen[k] {
				continue
			}
			if len(seen) >= maxStates || work > maxWork {
				complete = false
				queue = nil
				break
			}
			seen[k] = true
			queue = append(queue, n)
		}
	}
	if !complete {
		probes = append(probes, boundaries(gs, other)...)
	}
	return dedupe(probes), complete
}

// globs returns the distinct patterns of the files' groups (only those
// listed in only[file], when only is not nil), each with the
// slots (file, group, kind) it is a rule of, and the number of slots. An
// "index.htm..." allow rule also allows its directory exactly, as the core
// reads it ("/d/index.html" allows "/d/" as "/d/$").
func globs(files []*robotstxt.Robots, only []map[int]bool) ([]glob, int) {
	byKey := map[string]int{}
	var gs []glob
	nslots := 0
	add := func(p string, slot int32) {
		g, ok := compile(p)
		if !ok {
			return
		}
		k := g.key()
		i, seen := byKey[k]
		if !seen {
			i = len(gs)
			byKey[k] = i
			gs = append(gs, g)
		}
		if sl := gs[i].slots; len(sl) == 0 || sl[len(sl)-1] != slot {
			gs[i].slots = append(sl, slot)
		}
	}
	for f, r := range files {
		for gi, grp := range r.Groups {
			if only != nil && !only[f][gi] {
				continue
			}
			allow, disallow := int32(nslots), int32(nslots+1)
			nslots += 2
			for _, rule := range grp.Rules {
				slot := disallow
				if rule.Kind == robotstxt.Allow {
					slot = allow
				}
				add(rule.Pattern, slot)
				canon := robotstxt.CanonicalPattern(rule.Pattern)
				if i := strings.LastIndexByte(canon, '/'); rule.Kind == robotstxt.Allow && i >= 0 &&
					strings.HasPrefix(canon[i:], "/index.htm") {
					add(canon[:i+1]+"$", slot)
				}
			}
		}
	}
	return gs, nslots
}

// boundaries instantiates each pattern on its own: '*' as nothing and as
// other, the text itself, one octet short and one octet longer.
func boundaries(gs []glob, other byte) []string {
	var out []string
	for _, g := range gs {
		for _, fill := range []string{"", string(other), "/"} {
			var b strings.Builder
			for _, t := range g.toks {
				if t == star {
					b.WriteString(fill)
				} else {
					b.WriteByte(byte(t))
				}
			}
			s := b.String()
			for _, p := range []string{s, s + string(other), s + "/", s[:max(len(s)-1, 0)]} {
				if strings.HasPrefix(p, "/") {
					out = append(out, asURL(p))
				}
			}
		}
		if len(out) > maxProbes {
			break
		}
	}
	return out
}

// mergeSorted merges two ascending lists of indexes without duplicates.
func mergeSorted(a, b []int) []int {
	if len(b) == 0 {
		return a
	}
	out := make([]int, 0, len(a)+len(b))
	i, j := 0, 0
	for i < len(a) || j < len(b) {
		switch {
		case j == len(b) || (i < len(a) && a[i] < b[j]):
			out = append(out, a[i])
			i++
		case i == len(a) || b[j] < a[i]:
			out = append(out, b[j])
			j++
		default:
			out = append(out, a[i])
			i++
			j++
		}
	}
	return out
}

// asURL writes a path so that robotstxt.PathOf reads it back: a path
// starting with "//" would be read as a host, so it gets an empty one.
func asURL(path string) string {
	if strings.HasPrefix(path, "//") {
		return "//" + path
	}
	return path
}

func dedupe(in []string) []string {
	seen := make(map[string]bool, len(in))
	out := in[:0]
	for _, s := range in {
		if !seen[s] {
			seen[s] = true
			out = append(out, s)
		}
	}
	if len(out) > maxProbes {
		out = out[:maxProbes]
	}
	return out
}
