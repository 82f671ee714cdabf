package robotstxt

import (
	"cmp"
	"slices"
	"strings"
	"sync"
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
	ac     *acIndex // wildcard rules filed by needle, when there are many
	// slash[c] is the range of keys that start with "/" and c (empty ranges
	// sit where such keys would be); nil when there are few keys.
	slash *[256]keyRange
}

type keyRange struct{ lo, hi int32 }

// crule is a compiled rule.
type crule struct {
	rule     *Rule
	pri      int32 // octets of the canonical pattern
	allow    bool
	anchored bool     // the pattern ended with '$'
	viaIndex bool     // Google's "index.html" reading of an allow rule
	form     string   // the whole pattern in match form
	key      string   // literal prefix (match form)
	segs     []string // pieces after the first '*'; nil for literal patterns
}

// match is the best rule of one kind found so far.
type match struct {
	r   *crule
	pri int32
}

func (m match) beats(o match) bool {
	if o.r == nil {
		return m.r != nil
	}
	return m.r != nil && (m.pri > o.pri || m.pri == o.pri && m.r.rule.Line < o.r.rule.Line)
}

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
	var m matcher
	var wild []crule
	m.rules = sorted[:0]
	for _, cr := range sorted {
		if toAC(&cr) {
			wild = append(wild, cr)
		} else {
			m.rules = append(m.rules, cr)
		}
	}
	if len(wild) > 0 {
		m.ac = buildAC(wild)
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
		cr.segs = compactStars(strings.Split(p[i+1:], "*"))
	} else {
		cr.key = p
	}
	return cr
}

// compactStars drops the empty pieces that consecutive stars leave, keeping
// the last piece, which an anchored pattern compares with the path's end.
func compactStars(segs []string) []string {
	out := segs[:0]
	for i, s := range segs {
		if s != "" || i == len(segs)-1 {
			out = append(out, s)
		}
	}
	return out
}

// best returns the highest-priority allow and disallow rules matching path
// (in match form).
func (m *matcher) best(path string) (allow, disallow match) {
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
	if m.ac != nil {
		// After the prefix index: its matches may leave nothing for the
		// needle index to improve, and then its pass is skipped.
		defer m.ac.improve(path, &allow, &disallow)
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
		if m.maxPri[i] < allow.pri && m.maxPri[i] < disallow.pri {
			continue
		}
		rest := path[len(m.keys[i]):]
		for j := m.first[i]; j < m.first[i+1]; j++ {
			cr := &m.rules[j]
			mine := &disallow
			if cr.allow {
				mine = &allow
			}
			if mine.r != nil && cr.pri < mine.pri {
				continue
			}
			if !cr.matchRest(rest) {
				continue
			}
			if c := (match{cr, cr.pri}); c.beats(*mine) {
				*mine = c
			}
		}
	}
	return
}

// matchRest reports whether the rule matches, given that its key matched
// and rest is what follows it in the path. Greedy leftmost search for each
// piece is exact for '*' patterns and linear in the length of the path.
func (cr *crule) matchRest(rest string) bool {
	if cr.segs == nil {
		return !cr.anchored || rest == ""
	}
	pos := 0
	last := len(cr.segs) - 1
	for k, seg := range cr.segs {
		if k == last && cr.anchored {
			return len(rest)-len(seg) >= pos && rest[len(rest)-len(seg):] == seg
		}
		j := strings.Index(rest[pos:], seg)
		if j < 0 {
			return false
		}
		pos += j + len(seg)
	}
	return true
}

func commonPrefix(a, b string) int {
	n := min(len(a), len(b))
	for i := 0; i < n; i++ {
		if a[i] != b[i] {
			return i
		}
	}
	return n
}

// A ruleSet is the merged rules of all groups that name one product token.
type ruleSet struct {
	token      string      // lower-case; "*" for the global groups
	userAgents []UserAgent // the user-agent lines that name the token
	groups     []int       // indexes into Robots.Groups
	rules      []*Rule

	once sync.Once
	m    matcher
}

func (rs *ruleSet) matcher() *matcher {
	rs.once.Do(func() { rs.m = compileRules(rs.rules) })
	return &rs.m
}

// index finds the rule set for a crawler.
type index struct {
	global  *ruleSet
	byToken map[string]*ruleSet
	// named lists the non-empty named tokens, longest first (file order on
	// ties), for matching full user-agent strings.
	named []*ruleSet
}

func (r *Robots) index() *index {
	r.once.Do(func() { r.idx = buildIndex(r, false) })
	return r.idx
}

// exactIndex is the index by Google's names (see googleToken), built only
// when ExactAgent is used.
func (r *Robots) exactIndex() *index {
	r.exactOnce.Do(func() { r.exactIdx = buildIndex(r, true) })
	return r.exactIdx
}

func buildIndex(r *Robots, google bool) *index {
	ix := &index{byToken: make(map[string]*ruleSet)}
	for gi := range r.Groups {
		g := &r.Groups[gi]
		for _, ua := range g.UserAgents {
			tok := ua.Token
			if google {
				tok = googleToken(ua.Value)
			}
			tok = strings.ToLower(tok)
			rs := ix.byToken[tok]
			if rs == nil {
				rs = &ruleSet{token: tok}
				ix.byToken[tok] = rs
				if tok == "*" {
					ix.global = rs
				} else if tok != "" {
					ix.named = append(ix.named, rs)
				}
			}
			rs.userAgents = append(rs.userAgents, ua)
			if n := len(rs.groups); n == 0 || rs.groups[n-1] != gi {
				rs.groups = append(rs.groups, gi)
				for ri := range g.Rules {
					rs.rules = append(rs.rules, &g.Rules[ri])
				}
			}
		}
	}
	delete(ix.byToken, "*")
	slices.SortStableFunc(ix.named, func(a, b *ruleSet) int { return cmp.Compare(len(b.token), len(a.token)) })
	return ix
}

// lookup finds the rule set of a token, comparing case-insensitively.
func (ix *index) lookup(token string) *ruleSet {
	var buf [64]byte
	if len(token) <= len(buf) {
		b := buf[:len(token)]
		for i := 0; i < len(token); i++ {
			b[i] = lower(token[i])
		}
		return ix.byToken[string(b)]
	}
	return ix.byToken[strings.ToLower(token)]
}

// named selects the groups that name a crawler, as the package
// documentation describes under "Choosing the group": a bare name must
// equal a group's name; in a user-agent string the longest group name it
// contains wins. nil means no group names it.
func (ix *index) namedFor(agent string) *ruleSet {
	if agent == "" || IsProductToken(agent) {
		return ix.lookup(agent)
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
				if rs := ix.byToken[fb]; rs != nil {
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

// containsFold reports whether s contains the lower-case ASCII substr,
// ignoring ASCII case.
func containsFold(s, substr string) bool {
	n := len(substr)
	if n == 0 {
		return true
	}
	c0 := substr[0]
	for i := 0; i+n <= len(s); i++ {
		if lower(s[i]) != c0 {
			continue
		}
		j := 1
		for j < n && lower(s[i+j]) == substr[j] {
			j++
		}
		if j == n {
			return true
		}
	}
	return false
}

// check decides rawURL for a rule set (nil: no group applies). Paths that
// need normalising are built in a stack buffer (a pooled one when long), so
// a check allocates nothing.
func check(rs *ruleSet, rawURL string) Verdict {
	p, slash := pathOf(rawURL)
	if !slash && pathIsCanonical(p) {
		return decide(rs, p)
	}
	if 3*len(p)+1 <= 512 {
		var stack [512]byte
		buf := stack[:0]
		if slash {
			buf = append(buf, '/')
		}
		buf = appendPath(buf, p)
		return decide(rs, unsafe.String(unsafe.SliceData(buf), len(buf)))
	}
	return checkLong(rs, p, slash)
}

func checkLong(rs *ruleSet, p string, slash bool) Verdict {
	bp := pathPool.Get().(*[]byte)
	buf := (*bp)[:0]
	if slash {
		buf = append(buf, '/')
	}
	buf = appendPath(buf, p)
	v := decide(rs, unsafe.String(unsafe.SliceData(buf), len(buf)))
	if cap(buf) <= 1<<20 {
		*bp = buf[:0]
	}
	pathPool.Put(bp)
	return v
}

var pathPool = sync.Pool{New: func() any { b := make([]byte, 0, 4096); return &b }}

// decide applies RFC 9309 section 2.2.2 to a path in match form. It must not
// retain path, which may live in a reused buffer.
func decide(rs *ruleSet, path string) Verdict {
	var ua []UserAgent
	if rs != nil {
		ua = rs.userAgents
	}
	if path == "/robots.txt" {
		return Verdict{Allowed: true, Reason: ImplicitRobotsTxt, UserAgents: ua}
	}
	if rs == nil {
		return Verdict{Allowed: true, Reason: NoGroup}
	}
	allow, disallow := rs.matcher().best(path)
	v := Verdict{Allowed: true, Reason: NoMatchingRule, UserAgents: ua}
	switch {
	case allow.r == nil && disallow.r == nil:
	case disallow.pri > allow.pri:
		v.Allowed, v.Reason = false, MatchedRule
		v.Rule = disallow.r.rule
		if allow.r != nil {
			v.Overruled = allow.r.rule
		}
	default: // on a tie, allow wins (RFC 9309 section 2.2.2)
		v.Reason = MatchedRule
		v.Rule, v.ViaIndexHTML = allow.r.rule, allow.r.viaIndex
		if disallow.r != nil {
			v.Overruled = disallow.r.rule
		}
	}
	return v
}
