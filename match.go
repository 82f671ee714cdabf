package robotstxt

import (
	"cmp"
	"math/bits"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"unsafe"
)

// A matcher answers, for one merged set of rules, which allow and which
// disallow rule match a path with the most octets. It costs O(log rules +
// path length) per check for literal rules, independent of how many rules
// there are:
//
// Every pattern is filed under its literal prefix, the part before its first
// '*' ("key"). Keys are kept sorted. The keys that are prefixes of a path are
// found with one binary search: the largest key <= path, cut back along a
// precomputed chain of "longest key that is a proper prefix of this key"
// (every key that is a prefix of the path lies on that chain). Only the
// rules filed under those keys can match. Literal rules then match at once;
// wildcard rules are checked by a linear glob over the rest of the path.
// With many keys, the search starts in the block of keys that share the
// path's first two octets. Wildcard rules whose prefix says little ("/",
// or one shared by many of them) are filed by needle instead (wildcard.go).
type matcher struct {
	keys   []string
	parent []int32 // parent[i]: index of the longest key that is a proper prefix of keys[i], or -1
	first  []int32 // rules of key i are rules[first[i]:first[i+1]]
	maxPri []int32 // highest priority among the rules of key i
	rules  []crule
	ac     *lazyAC // wildcard rules filed by needle, when there are many
	// slash[c] is the range of keys that start with "/" and c (empty ranges
	// sit where such keys would be); nil when there are few keys.
	slash *[256]keyRange
	// ids numbers the distinct pieces of wildcard rules when there are
	// enough wildcard rules for a check to search one piece many times (then
	// searches are remembered within a check: see pieceFinder); else nil.
	ids *pieceIDs
	// With few keys (see fewKeys): second[i] is the second octet of
	// keys[i], and bit i of short is set when keys[i] has fewer than two.
	second []byte
	short  uint32
}

type keyRange struct{ lo, hi int32 }

// crule is a compiled rule.
type crule struct {
	rule     *Rule
	pri      int32 // octets of the canonical pattern
	allow    bool
	anchored bool    // the pattern ended with '$'
	viaIndex bool    // Google's "index.html" reading of an allow rule
	form     string  // the whole pattern in match form
	key      string  // literal prefix (match form)
	segs     []piece // pieces after the first '*'; nil for literal patterns
}

// piece is a literal piece of a wildcard pattern, with its number among
// the matcher's distinct pieces (see pieceIDs), once numbered.
type piece struct {
	s  string
	id int32
}

// match is the best rule of one kind found so far.
type match struct {
	rule     *Rule
	pri      int32
	viaIndex bool // Google's "index.html" reading of an allow rule
}

func (m match) beats(o match) bool {
	if o.rule == nil {
		return m.rule != nil
	}
	return m.rule != nil && (m.pri > o.pri || m.pri == o.pri && m.rule.Line < o.rule.Line)
}

func (cr *crule) match() match { return match{cr.rule, cr.pri, cr.viaIndex} }

func compileRules(rules []*Rule) matcher {
	all := make([]crule, 0, len(rules)+len(rules)/16)
	for _, r := range rules {
		if r.Pattern == "" {
			continue // an empty pattern matches nothing (RFC 9309 section 2.2.2)
		}
		canon := CanonicalPattern(r.Pattern)
		form := patternMatchForm(r.Pattern)
		all = append(all, newCrule(r, len(canon), form, false))
		if r.Kind == Allow {
			// Google: an allowed ".../index.htm..." also allows its directory,
			// exactly ("/dir/index.html" allows "/dir/" as "/dir/$"). A '/'
			// is never an escape's result, so the last '/' of the canonical
			// text and of the match form are the same octet of the pattern.
			if i := strings.LastIndexByte(canon, '/'); i >= 0 && strings.HasPrefix(canon[i:], "/index.htm") {
				j := strings.LastIndexByte(form, '/')
				all = append(all, newCrule(r, i+2, form[:j+1]+"$", true))
			}
		}
	}
	// Sort by key, then priority (highest first), allow before disallow,
	// pattern, and line. Indexes are sorted rather than the (large) rules.
	order := make([]int32, len(all))
	for i := range order {
		order[i] = int32(i)
	}
	slices.SortFunc(order, func(i, j int32) int {
		a, b := &all[i], &all[j]
		if c := strings.Compare(a.key, b.key); c != 0 {
			return c
		}
		if c := cmp.Compare(b.pri, a.pri); c != 0 {
			return c
		}
		if a.allow != b.allow {
			if a.allow {
				return -1
			}
			return 1
		}
		if c := strings.Compare(a.form, b.form); c != 0 {
			return c
		}
		return cmp.Compare(a.rule.Line, b.rule.Line)
	})
	// A repeated rule can never decide (the earlier line wins), so only the
	// first of each is kept; repeats are now next to each other.
	sorted := make([]crule, 0, len(all))
	for _, o := range order {
		cr := &all[o]
		if n := len(sorted); n > 0 && sorted[n-1].allow == cr.allow && sorted[n-1].form == cr.form {
			continue
		}
		sorted = append(sorted, *cr)
	}
	var m matcher
	wildRules := 0
	for i := range sorted {
		if sorted[i].segs != nil {
			wildRules++
		}
	}
	// Wildcard rules are told apart by the prefix index only through their
	// literal prefix. Where many share one prefix, or have a prefix of "/"
	// or less, they are filed by needle instead (see wildcard.go).
	weak, perKey := 0, make(map[string]int)
	for i := range sorted {
		if cr := &sorted[i]; needleOf(cr) != "" {
			if len(cr.key) <= 1 {
				weak++
			} else {
				perKey[cr.key]++
			}
		}
	}
	toAC := func(cr *crule) bool {
		if needleOf(cr) == "" {
			return false
		}
		if len(cr.key) <= 1 {
			return weak >= acThreshold
		}
		return perKey[cr.key] >= acThreshold
	}
	var wild []crule
	m.rules = sorted[:0]
	for _, cr := range sorted {
		if toAC(&cr) {
			wild = append(wild, cr)
		} else {
			m.rules = append(m.rules, cr)
		}
	}
	if wildRules >= acThreshold {
		m.ids = &pieceIDs{lists: [][]crule{m.rules, wild}}
		if len(wild) >= acEager {
			m.ids.get() // now, so that the automaton alone holds the rules
		}
	}
	if len(wild) > 0 {
		m.ac = newLazyAC(wild)
	}
	m.keys = make([]string, 0, len(m.rules))
	m.parent = make([]int32, 0, len(m.rules))
	m.first = make([]int32, 0, len(m.rules)+1)
	m.maxPri = make([]int32, 0, len(m.rules))
	var stack []int32
	for i := range m.rules {
		cr := &m.rules[i]
		n := len(m.keys)
		if n > 0 && m.keys[n-1] == cr.key {
			m.maxPri[n-1] = max(m.maxPri[n-1], cr.pri)
			continue
		}
		for len(stack) > 0 && !strings.HasPrefix(cr.key, m.keys[stack[len(stack)-1]]) {
			stack = stack[:len(stack)-1]
		}
		parent := int32(-1)
		if len(stack) > 0 {
			parent = stack[len(stack)-1]
		}
		m.keys = append(m.keys, cr.key)
		m.parent = append(m.parent, parent)
		m.first = append(m.first, int32(i))
		m.maxPri = append(m.maxPri, cr.pri)
		stack = append(stack, int32(n))
	}
	m.first = append(m.first, int32(len(m.rules)))
	if len(m.keys) <= fewKeys {
		m.second = make([]byte, len(m.keys))
		for i, k := range m.keys {
			if len(k) >= 2 {
				m.second[i] = k[1]
			} else {
				m.short |= 1 << i
			}
		}
	}
	if len(m.keys) >= 64 {
		m.slash = new([256]keyRange)
		for c := 0; c < 256; c++ {
			p := string([]byte{'/', byte(c)})
			lo, _ := slices.BinarySearch(m.keys, p)
			hi := lo
			for hi < len(m.keys) && strings.HasPrefix(m.keys[hi], p) {
				hi++
			}
			m.slash[c] = keyRange{int32(lo), int32(hi)}
		}
	}
	return m
}

// newCrule compiles a rule whose pattern has the given priority (octets of
// its canonical text) and match form (see patternMatchForm).
func newCrule(r *Rule, pri int, form string, viaIndex bool) crule {
	cr := crule{rule: r, pri: int32(pri), allow: r.Kind == Allow, viaIndex: viaIndex}
	p := form
	cr.form = p
	if strings.HasSuffix(p, "$") {
		cr.anchored = true
		p = p[:len(p)-1]
	}
	if i := strings.IndexByte(p, '*'); i >= 0 {
		cr.key = p[:i]
		cr.segs = splitPieces(p[i+1:])
	} else {
		cr.key = p
	}
	return cr
}

// splitPieces splits what follows a pattern's first '*' at each '*', in
// one allocation, dropping the empty pieces that consecutive stars leave
// but keeping the last piece, which an anchored pattern compares with the
// path's end.
func splitPieces(rest string) []piece {
	out := make([]piece, 0, strings.Count(rest, "*")+1)
	for {
		j := strings.IndexByte(rest, '*')
		if j < 0 {
			return append(out, piece{s: rest})
		}
		if j > 0 {
			out = append(out, piece{s: rest[:j]})
		}
		rest = rest[j+1:]
	}
}

// best returns the highest-priority allow and disallow rules matching path
// (in match form).
func (m *matcher) best(path string) (allow, disallow match) {
	// h is apart from f so that pooling its scratch, and numbering the
	// pieces, do not make f, and path, escape.
	h := memoHolder{ids: m.ids}
	f := pieceFinder{path: path, h: &h}
	allow, disallow = m.bestWith(&f)
	h.release()
	return
}

func (m *matcher) bestWith(f *pieceFinder) (allow, disallow match) {
	path := f.path
	if m.ac != nil {
		// After the prefix index: its matches may leave nothing for the
		// needle index to improve, and then its pass is skipped.
		defer m.ac.improve(f, &allow, &disallow)
	}
	if m.second != nil {
		// Few keys: comparing each with the path, longest prefixes first
		// (a key sorts after its prefixes), costs less than the search;
		// their second octets tell most apart without reading them.
		var p1 byte
		if len(path) >= 2 {
			p1 = path[1]
		}
		for i := len(m.second) - 1; i >= 0; i-- {
			if m.second[i] != p1 && m.short&(1<<i) == 0 {
				continue
			}
			if k := m.keys[i]; len(k) <= len(path) && path[:len(k)] == k {
				m.tryKey(f, i, &allow, &disallow)
			}
		}
		return
	}
	// Largest key <= path. Keys starting with "/" and path[1] form one
	// block: the answer is in it, or is the key just before it.
	lo, hi := 0, len(m.keys)
	if m.slash != nil && len(path) >= 2 && path[0] == '/' {
		b := m.slash[path[1]]
		lo, hi = int(b.lo), int(b.hi)
	}
	for lo < hi {
		h := int(uint(lo+hi) >> 1)
		if m.keys[h] <= path {
			lo = h + 1
		} else {
			hi = h
		}
	}
	i := lo - 1
	if i < 0 {
		return
	}
	common := commonPrefix(m.keys[i], path)
	for i >= 0 && len(m.keys[i]) > common {
		i = int(m.parent[i])
	}
	for ; i >= 0; i = int(m.parent[i]) {
		m.tryKey(f, i, &allow, &disallow)
	}
	return
}

// tryKey improves allow and disallow with the rules of key i, a prefix of
// the path.
func (m *matcher) tryKey(f *pieceFinder, i int, allow, disallow *match) {
	if m.maxPri[i] < allow.pri && m.maxPri[i] < disallow.pri {
		return
	}
	start := len(m.keys[i])
	for j := m.first[i]; j < m.first[i+1]; j++ {
		cr := &m.rules[j]
		mine := disallow
		if cr.allow {
			mine = allow
		}
		if mine.rule != nil && cr.pri < mine.pri {
			continue
		}
		if !cr.matchAt(f, start) {
			continue
		}
		if c := cr.match(); c.beats(*mine) {
			*mine = c
		}
	}
}

// matchAt reports whether the rule matches f's path, given that its key
// matched and ends at start. Greedy leftmost search for each piece is exact
// for '*' patterns and linear in the length of the path.
func (cr *crule) matchAt(f *pieceFinder, start int) bool {
	path := f.path
	if cr.segs == nil {
		return !cr.anchored || start == len(path)
	}
	pos := start
	last := len(cr.segs) - 1
	for k := range cr.segs {
		pc := &cr.segs[k]
		seg := pc.s
		if k == last && cr.anchored {
			return len(path)-len(seg) >= pos && path[len(path)-len(seg):] == seg
		}
		j := f.index(pc, pos)
		if j < 0 {
			return false
		}
		pos = j + len(seg)
	}
	return true
}

// pieceIDs numbers the distinct pieces of a matcher's wildcard rules (in
// piece.id), on the first check that remembers its searches: numbering
// costs a map, which most files, checked a few times, never need.
type pieceIDs struct {
	once  sync.Once
	n     int32
	lists [][]crule // the rules to number; nil once numbered
}

// get numbers the pieces once and returns how many there are. Only a
// check that called get reads piece.id.
func (p *pieceIDs) get() int32 {
	p.once.Do(func() {
		ids := make(map[string]int32)
		for _, rules := range p.lists {
			for i := range rules {
				for k := range rules[i].segs {
					pc := &rules[i].segs[k]
					id, ok := ids[pc.s]
					if !ok {
						id = int32(len(ids))
						ids[pc.s] = id
					}
					pc.id = id
				}
			}
		}
		p.n, p.lists = int32(len(ids)), nil
	})
	return p.n
}

// A pieceFinder searches the pieces of wildcard rules in one path. Rules
// such as "/*a*b", "/*aa*b", ... search the same piece ("b") from nearby
// positions; without memory, a path of n octets and r such rules cost
// O(n×r). The finder remembers, for each piece, from where it is known to
// be absent and one occurrence with the stretch before it that holds none,
// so a failing search scans each octet once per piece.
type pieceFinder struct {
	path     string
	pieces   int32 // ids in use, once the memory is in use
	searches int32 // searches made without memory, up to memoAfter
	h        *memoHolder
}

// memoAfter is how many piece searches a check makes before it remembers
// them: most checks make a few, and memory costs a pooled buffer.
const memoAfter = 8

type memoHolder struct {
	ids *pieceIDs // nil: no memory
	sc  *memoScratch
}

type memoScratch struct {
	gen  uint32
	memo []pieceMemo
}

// pieceMemo is what a check knows of one piece, valid when gen is the
// check's generation: the piece starts nowhere at or after noneFrom, and a
// search from any position in [from, at] finds it at at.
type pieceMemo struct {
	gen                uint32
	noneFrom, from, at int32
}

var memoPool = sync.Pool{New: func() any { return new(memoScratch) }}

// index returns the position of the first occurrence of the piece in the
// path at or after pos, or -1.
func (f *pieceFinder) index(pc *piece, pos int) int {
	seg := pc.s
	if f.h.ids == nil || seg == "" || f.searches < memoAfter {
		f.searches++
		j := strings.Index(f.path[pos:], seg)
		if j < 0 {
			return -1
		}
		return pos + j
	}
	if f.pieces == 0 {
		f.pieces = f.h.ids.get()
	}
	id := pc.id
	sc := f.h.sc
	if sc == nil {
		sc = memoPool.Get().(*memoScratch)
		if len(sc.memo) < int(f.pieces) {
			sc.memo = make([]pieceMemo, f.pieces)
		}
		if sc.gen++; sc.gen == 0 {
			clear(sc.memo)
			sc.gen = 1
		}
		f.h.sc = sc
	}
	e := &sc.memo[id]
	if e.gen != sc.gen {
		*e = pieceMemo{gen: sc.gen, noneFrom: int32(len(f.path)) + 1, from: 1, at: 0}
	}
	p := int32(pos)
	switch {
	case p >= e.noneFrom:
		return -1
	case e.from <= p && p <= e.at:
		return int(e.at)
	}
	end := min(len(f.path), int(e.noneFrom)+len(seg)-1)
	j := strings.Index(f.path[pos:end], seg)
	if j < 0 {
		e.noneFrom = p
		return -1
	}
	e.from, e.at = p, p+int32(j)
	return pos + j
}

func (h *memoHolder) release() {
	if h.sc != nil {
		if cap(h.sc.memo) <= 1<<16 {
			memoPool.Put(h.sc)
		}
		h.sc = nil
	}
}

// commonPrefix returns how many leading octets a and b share, comparing
// eight at a time: keys of a large file share long prefixes
// ("/wiki/Wikipedia:"), and this runs once per check.
func commonPrefix(a, b string) int {
	n := min(len(a), len(b))
	i := 0
	for ; i+8 <= n; i += 8 {
		if x := load8(a[i:]) ^ load8(b[i:]); x != 0 {
			return i + bits.TrailingZeros64(x)/8
		}
	}
	for ; i < n; i++ {
		if a[i] != b[i] {
			return i
		}
	}
	return n
}

// load8 is the first eight octets of s as a little-endian word (one load
// where the machine allows it).
func load8(s string) uint64 {
	_ = s[7]
	return uint64(s[0]) | uint64(s[1])<<8 | uint64(s[2])<<16 | uint64(s[3])<<24 |
		uint64(s[4])<<32 | uint64(s[5])<<40 | uint64(s[6])<<48 | uint64(s[7])<<56
}

// A ruleSet is the merged rules of all groups that name one product token.
// Names that appear in the same groups share one lazyMatcher, so a group of
// thousands of user-agent lines compiles its rules once, not once per name.
// A name's large groups keep matchers of their own, shared with every other
// name they hold, and the best matches of its parts are combined: otherwise
// thousands of names, each in one shared large group and one small group of
// its own, would each copy and compile the large group's rules.
type ruleSet struct {
	token      string      // lower-case; "*" for the global groups
	userAgents []UserAgent // the user-agent lines that name the token
	groups     []int       // indexes into Robots.Groups
	order      int32       // first appearance among the named tokens
	r          *Robots
	parts      []*lazyMatcher // one, or the large groups apart and the rest merged
}

// fewKeys is the most keys a matcher compares with the path one by one.
const fewKeys = 16

// bigGroup is the number of rules from which a group named with others
// keeps a matcher of its own.
const bigGroup = 256

// best returns the highest-priority allow and disallow rules matching path
// (in match form). The best of the parts is the best of their merged rules:
// a match beats another by priority, then by line, whatever the part.
func (rs *ruleSet) best(path string) (allow, disallow match) {
	if len(rs.parts) == 1 {
		return rs.parts[0].best(path)
	}
	for _, p := range rs.parts {
		a, d := p.best(path)
		if a.beats(allow) {
			allow = a
		}
		if d.beats(disallow) {
			disallow = d
		}
	}
	return
}

// rules returns the merged rules of the rule set, in file order.
func (rs *ruleSet) rules() []*Rule { return groupRules(rs.r, rs.groups) }

// A lazyMatcher answers for the rules of a list of groups: its first checks
// by trying each rule in turn (interpret.go), later ones with the compiled
// matcher, built when it pays.
type lazyMatcher struct {
	r      *Robots
	groups []int
	tries  atomic.Int32 // checks answered without compiling
	// plainRules is 0 until known, then the number of rules plus one when
	// every pattern is plain, else -1 (interpret.go).
	plainRules atomic.Int32
	once       sync.Once
	m          atomic.Pointer[matcher]
}

// best returns the highest-priority allow and disallow rules matching path
// (in match form).
func (lm *lazyMatcher) best(path string) (allow, disallow match) {
	if m := lm.m.Load(); m != nil {
		return m.best(path)
	}
	if lm.interpretNow(len(path)) {
		return lm.interpret(path)
	}
	return lm.get().best(path)
}

func (lm *lazyMatcher) get() *matcher {
	lm.once.Do(func() {
		m := compileRules(lm.rules())
		lm.m.Store(&m)
	})
	return lm.m.Load()
}

func (lm *lazyMatcher) rules() []*Rule { return groupRules(lm.r, lm.groups) }

// groupRules returns the rules of the groups, in file order.
func groupRules(r *Robots, groups []int) []*Rule {
	n := 0
	for _, gi := range groups {
		n += len(r.Groups[gi].Rules)
	}
	out := make([]*Rule, 0, n)
	for _, gi := range groups {
		g := &r.Groups[gi]
		for ri := range g.Rules {
			out = append(out, &g.Rules[ri])
		}
	}
	return out
}

// index finds the rule set for a crawler.
type index struct {
	global *ruleSet
	// The named rule sets by lower-case token (the empty token included):
	// in small, searched in turn, while there are few, else in byToken.
	small   []*ruleSet
	byToken map[string]*ruleSet
	// named lists the non-empty named tokens, longest first (file order on
	// ties), for matching full user-agent strings.
	named []*ruleSet
	// names holds the named tokens when there are many, so that a full
	// user-agent string is resolved without trying every name.
	namesOnce sync.Once
	names     *nameIndex
}

func (r *Robots) index() *index {
	r.once.Do(func() { r.idx = buildIndex(r, false) })
	return r.idx
}

// exactIndex is the index by Google's names (see googleToken), built only
// when ExactAgent is used.
func (r *Robots) exactIndex() *index {
	s := r.rare()
	s.exactOnce.Do(func() { s.exactIdx = buildIndex(r, true) })
	return s.exactIdx
}

// buildIndex costs O(user-agent lines): a rule set records the groups that
// name its token, and rule sets with the same groups share their matcher.
func buildIndex(r *Robots, google bool) *index {
	ix := &index{}
	var all []*ruleSet
	for gi := range r.Groups {
		g := &r.Groups[gi]
		for k, ua := range g.UserAgents {
			tok := ua.Token
			if google {
				tok = googleToken(ua.Value)
			}
			tok = strings.ToLower(tok)
			var rs *ruleSet
			if tok == "*" {
				rs = ix.global
			} else {
				rs = ix.get(tok)
			}
			if rs == nil {
				rs = &ruleSet{token: tok, r: r}
				all = append(all, rs)
				if tok == "*" {
					ix.global = rs
				} else {
					ix.put(rs)
					if tok != "" {
						rs.order = int32(len(ix.named))
						ix.named = append(ix.named, rs)
					}
				}
			}
			if rs.userAgents == nil {
				// Most tokens are named by one line: share it.
				rs.userAgents = g.UserAgents[k : k+1 : k+1]
			} else {
				rs.userAgents = append(rs.userAgents, ua)
			}
			if n := len(rs.groups); n == 0 || rs.groups[n-1] != gi {
				rs.groups = append(rs.groups, gi)
			}
		}
	}
	// Share a matcher between the rule sets of one list of groups: most
	// lists are one group, keyed by its index alone.
	single := make([]*lazyMatcher, len(r.Groups))
	one := func(gi int) *lazyMatcher {
		if single[gi] == nil {
			single[gi] = &lazyMatcher{r: r, groups: []int{gi}}
		}
		return single[gi]
	}
	var multi map[string]*lazyMatcher
	for _, rs := range all {
		if len(rs.groups) == 1 {
			rs.parts = []*lazyMatcher{one(rs.groups[0])}
			continue
		}
		var small []int
		for _, gi := range rs.groups {
			if len(r.Groups[gi].Rules) >= bigGroup {
				rs.parts = append(rs.parts, one(gi))
			} else {
				small = append(small, gi)
			}
		}
		switch len(small) {
		case 0:
			continue
		case 1:
			rs.parts = append(rs.parts, one(small[0]))
			continue
		}
		if multi == nil {
			multi = make(map[string]*lazyMatcher)
		}
		key := groupsKey(small)
		lm := multi[key]
		if lm == nil {
			lm = &lazyMatcher{r: r, groups: small}
			multi[key] = lm
		}
		rs.parts = append(rs.parts, lm)
	}
	slices.SortStableFunc(ix.named, func(a, b *ruleSet) int { return cmp.Compare(len(b.token), len(a.token)) })
	return ix
}

// smallIndex is how many named rule sets are searched in turn before a map
// pays for itself (most files name a few crawlers; a map costs hundreds of
// bytes kept per file).
const smallIndex = 8

// get returns the rule set of a lower-case token.
func (ix *index) get(key string) *ruleSet {
	if ix.byToken != nil {
		return ix.byToken[key]
	}
	for _, rs := range ix.small {
		if rs.token == key {
			return rs
		}
	}
	return nil
}

func (ix *index) put(rs *ruleSet) {
	if ix.byToken == nil && len(ix.small) < smallIndex {
		ix.small = append(ix.small, rs)
		return
	}
	if ix.byToken == nil {
		ix.byToken = make(map[string]*ruleSet, 2*smallIndex)
		for _, o := range ix.small {
			ix.byToken[o.token] = o
		}
		ix.small = nil
	}
	ix.byToken[rs.token] = rs
}

// groupsKey encodes a list of group indexes as a map key.
func groupsKey(groups []int) string {
	b := make([]byte, 0, 4*len(groups))
	for _, g := range groups {
		b = append(b, byte(g>>24), byte(g>>16), byte(g>>8), byte(g))
	}
	return string(b)
}

// lookup finds the rule set of a token, comparing case-insensitively.
func (ix *index) lookup(token string) *ruleSet {
	var buf [64]byte
	if len(token) <= len(buf) {
		b := buf[:len(token)]
		for i := 0; i < len(token); i++ {
			b[i] = lower(token[i])
		}
		if ix.byToken != nil {
			return ix.byToken[string(b)]
		}
		for _, rs := range ix.small {
			if rs.token == string(b) {
				return rs
			}
		}
		return nil
	}
	return ix.get(strings.ToLower(token))
}

// named selects the groups that name a crawler, as the package
// documentation describes under "Choosing the group": a bare name must
// equal a group's name; in a user-agent string the longest group name it
// contains wins. nil means no group names it.
func (ix *index) namedFor(agent string) *ruleSet {
	if agent == "" || IsProductToken(agent) {
		return ix.lookup(agent)
	}
	if len(ix.named) > namesMinNames {
		ix.namesOnce.Do(func() { ix.names = newNameIndex(ix.named) })
		return ix.names.longest(agent)
	}
	for _, n := range ix.named {
		if containsFold(agent, n.token) {
			return n
		}
	}
	return nil
}

// resolve chooses the groups that apply to a crawler name: its own groups;
// else, unless turned off, its documented fallback's (fallback.go); else
// the "*" groups, unless the crawler ignores them.
func (r *Robots) resolve(name string, o AgentOptions) Agent {
	if a, ok := r.resolveYandex(name, o); ok {
		return a
	}
	if o.Exact {
		ix := r.exactIndex()
		rs := ix.lookup(name)
		if rs == nil {
			rs = ix.global
		}
		return Agent{rs: rs}
	}
	ix := r.index()
	if rs := ix.namedFor(name); rs != nil {
		return Agent{rs: rs}
	}
	if !o.NoFallback {
		if _, cr, ok := knownCrawler(name); ok {
			fb := cr.fallback
			for i := 0; fb != "" && i < maxFallbacks; i++ {
				if rs := ix.get(fb); rs != nil {
					return Agent{rs: rs, fallback: rs.userAgents[0].Token}
				}
				fb = crawlerRules[fb].fallback
			}
			if cr.ignoresGlobal {
				return Agent{ignoredGlobal: ix.global != nil}
			}
		}
	}
	return Agent{rs: ix.global}
}

// containsFold reports whether s contains substr, ignoring ASCII case.
func containsFold(s, substr string) bool {
	n := len(substr)
	if n == 0 {
		return true
	}
	c0 := lower(substr[0])
	for i := 0; i+n <= len(s); i++ {
		if lower(s[i]) != c0 {
			continue
		}
		j := 1
		for j < n && lower(s[i+j]) == lower(substr[j]) {
			j++
		}
		if j == n {
			return true
		}
	}
	return false
}

// check decides rawURL for a rule set (nil: no group applies), into v,
// which is zero (filled in place: a verdict is large to copy). Paths that
// need normalising are built in a stack buffer (a pooled one when long), so
// a check allocates nothing.
func check(rs *ruleSet, rawURL string, v *Verdict) {
	if p, ok := canonicalPath(rawURL); ok {
		decide(rs, p, v)
		return
	}
	p, slash := pathOf(rawURL)
	if !slash && pathIsCanonical(p) {
		decide(rs, p, v)
		return
	}
	checkNormalized(rs, p, slash, v)
}

// checkWithPath is check that returns the path it matched, as
// NormalizePath gives it.
func checkWithPath(rs *ruleSet, rawURL string, v *Verdict) string {
	if p, ok := canonicalPath(rawURL); ok {
		decide(rs, p, v)
		return p
	}
	p, slash := pathOf(rawURL)
	if !slash && pathIsCanonical(p) {
		decide(rs, p, v)
		return p
	}
	np := string(appendMatchPath(nil, p, slash))
	decide(rs, np, v)
	return np
}

// allowed is check(rs, rawURL).Allowed without building the verdict.
func allowed(rs *ruleSet, rawURL string) bool {
	p, ok := canonicalPath(rawURL)
	if !ok {
		var v Verdict
		check(rs, rawURL, &v)
		return v.Allowed
	}
	if rs == nil || p == "/robots.txt" {
		return true
	}
	allow, disallow := rs.best(p)
	return disallow.pri <= allow.pri // see setVerdict
}

// checkNormalized is check for a path that needs normalising; apart, so
// that its buffer does not weigh on the frame of every check.
//
//go:noinline
func checkNormalized(rs *ruleSet, p string, slash bool, v *Verdict) {
	if 3*len(p)+1 <= 512 {
		var stack [512]byte
		buf := appendMatchPath(stack[:0], p, slash)
		decide(rs, unsafe.String(unsafe.SliceData(buf), len(buf)), v)
		return
	}
	checkLong(rs, p, slash, v)
}

func checkLong(rs *ruleSet, p string, slash bool, v *Verdict) {
	bp := pathPool.Get().(*[]byte)
	buf := appendMatchPath((*bp)[:0], p, slash)
	decide(rs, unsafe.String(unsafe.SliceData(buf), len(buf)), v)
	putPathBuffer(bp, buf)
}

// appendMatchPath appends the match form of a URL's path p (see pathOf,
// appendPath), "/" first when slash, to buf.
func appendMatchPath(buf []byte, p string, slash bool) []byte {
	if slash {
		buf = append(buf, '/')
	}
	return appendPath(buf, p)
}

// putPathBuffer gives back to pathPool a buffer taken from it, with buf,
// what it became, unless that grew too large to keep.
func putPathBuffer(bp *[]byte, buf []byte) {
	if cap(buf) <= 1<<20 {
		*bp = buf[:0]
	}
	pathPool.Put(bp)
}

var pathPool = sync.Pool{New: func() any { b := make([]byte, 0, 4096); return &b }}

// decide applies RFC 9309 section 2.2.2 to a path in match form, into v
// (zero). It must not retain path, which may live in a reused buffer.
func decide(rs *ruleSet, path string, v *Verdict) {
	v.Allowed = true
	if rs != nil {
		v.UserAgents = rs.userAgents
	}
	switch {
	case path == "/robots.txt":
		v.Reason = ImplicitRobotsTxt
	case rs == nil:
		v.Reason = NoGroup
	default:
		allow, disallow := rs.best(path)
		setVerdict(v, allow, disallow)
	}
}

// setVerdict fills in v (allowed, with its user-agent lines) given the best
// allow and disallow rules.
func setVerdict(v *Verdict, allow, disallow match) {
	v.Reason = NoMatchingRule
	switch {
	case allow.rule == nil && disallow.rule == nil:
	case disallow.pri > allow.pri:
		v.Allowed, v.Reason = false, MatchedRule
		v.Rule, v.Overruled = disallow.rule, allow.rule
	default: // on a tie, allow wins (RFC 9309 section 2.2.2)
		v.Reason = MatchedRule
		v.Rule, v.ViaIndexHTML, v.Overruled = allow.rule, allow.viaIndex, disallow.rule
	}
}
