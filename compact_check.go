package robotstxt

import (
	"strings"
	"unsafe"
)

// compactDecision is a packed check's answer, before any verdict is built.
type compactDecision struct {
	allowed bool
	reason  Reason
	sel     compactSelection
	// The best rule of each kind, as packed.
	allow, disallow compactMatch
}

// compactSelection is a Compact's Agent: the lines whose token equals
// token (ignoring ASCII case) name the groups that apply.
type compactSelection struct {
	token         string
	found         bool   // a group applies
	yandex        bool   // Yandex's reading: lines followed by a blank line bring no rules
	fallback      string // the fallback's name as the file writes it, or ""
	ignoredGlobal bool
}

// compactMatch is the best rule of one kind found so far (match, for a
// packed rule).
type compactMatch struct {
	line, off, len, pri int
	allow, viaIndex, ok bool
}

// beats reports whether a rule of the line and priority beats m.
func (m *compactMatch) beatenBy(line, pri int) bool {
	return !m.ok || pri > m.pri || pri == m.pri && line < m.line
}

// decide answers a packed check into d; false when the check is to be
// answered by a full parse instead (see Compact).
func (c *Compact) decide(agent, rawURL string, d *compactDecision) bool {
	h := c.header()
	text := c.data[h.textStart+h.bom : len(c.data)-h.formsLen]
	d.sel = c.resolve(&h, text, agent)
	if p, ok := canonicalPath(rawURL); ok {
		return c.decidePath(&h, text, p, d)
	}
	p, slash := pathOf(rawURL)
	if !slash && pathIsCanonical(p) {
		return c.decidePath(&h, text, p, d)
	}
	return c.decideNormalized(&h, text, p, slash, d)
}

// decideNormalized is decide for a path that needs normalising (as
// checkNormalized).
//
//go:noinline
func (c *Compact) decideNormalized(h *compactHeader, text, p string, slash bool, d *compactDecision) bool {
	if 3*len(p)+1 <= 512 {
		var stack [512]byte
		buf := appendMatchPath(stack[:0], p, slash)
		return c.decidePath(h, text, unsafe.String(unsafe.SliceData(buf), len(buf)), d)
	}
	bp := pathPool.Get().(*[]byte)
	buf := appendMatchPath((*bp)[:0], p, slash)
	ok := c.decidePath(h, text, unsafe.String(unsafe.SliceData(buf), len(buf)), d)
	putPathBuffer(bp, buf)
	return ok
}

// decidePath applies RFC 9309 section 2.2.2 to a path in match form, as
// decide and setVerdict do. It must not retain path.
func (c *Compact) decidePath(h *compactHeader, text, path string, d *compactDecision) bool {
	d.allowed = true
	switch {
	case path == "/robots.txt":
		d.reason = ImplicitRobotsTxt
		return true
	case !d.sel.found:
		d.reason = NoGroup
		if d.sel.ignoredGlobal {
			d.reason = GlobalIgnored
		}
		return true
	}
	if int64(h.rules)*int64(len(path)+1) > interpretBudget {
		return false
	}
	c.best(h, text, path, d)
	d.reason = NoMatchingRule
	switch {
	case !d.allow.ok && !d.disallow.ok:
	case d.disallow.pri > d.allow.pri:
		d.allowed, d.reason = false, MatchedRule
	default: // on a tie, allow wins (RFC 9309 section 2.2.2)
		d.reason = MatchedRule
	}
	return true
}

// best finds the best allow and disallow rules of the selected groups
// matching path, as lazyMatcher.interpret does for plain patterns and
// compileRules for the others.
func (c *Compact) best(h *compactHeader, text, path string, d *compactDecision) {
	forms := c.data[len(c.data)-h.formsLen:]
	w := c.walk(h)
	var a packedAgent
	var r packedRule
	for w.nextGroup() {
		applies := false
		for w.agent(&a) {
			if !applies && (!d.sel.yandex || !a.noYandexRules) {
				applies = equalFoldASCII(productToken(text[a.off:a.off+a.len]), d.sel.token)
			}
		}
		if !applies {
			continue
		}
		for w.rule(&r) {
			mine := &d.disallow
			if r.allow {
				mine = &d.allow
			}
			p, pri := text[r.off:r.off+r.len], r.len
			if r.formed {
				p, pri = forms[r.formOff:r.formOff+r.formLen], r.pri
			}
			if mine.beatenBy(r.line, pri) && (r.literal && strings.HasPrefix(path, p) || !r.literal && globMatch(p, path)) {
				*mine = compactMatch{line: r.line, off: r.off, len: r.len, pri: pri, allow: r.allow, ok: true}
			}
			if !r.indexed {
				continue
			}
			// Google's "index.html" reading: the directory alone, as "/dir/$".
			indexPri, indexLen := r.indexPri, r.indexLen
			if !r.formed {
				j := strings.LastIndexByte(p, '/')
				indexPri, indexLen = j+2, j+1
			}
			if d.allow.beatenBy(r.line, indexPri) && globMatchAnchored(p[:indexLen], path) {
				d.allow = compactMatch{line: r.line, off: r.off, len: r.len, pri: indexPri, allow: true, viaIndex: true, ok: true}
			}
		}
	}
}

// resolve chooses the groups that apply to a crawler name, as
// Robots.resolve does with the default options.
func (c *Compact) resolve(h *compactHeader, text, name string) compactSelection {
	var s compactSelection
	known := false // cr and ok are known
	var cr crawlerRule
	var ok bool
	if h.flags&compactYandex != 0 {
		cr, ok = crawlerRuleOf(name)
		known, s.yandex = true, ok && cr.yandexReading
	}
	if name == "" || IsProductToken(name) {
		key := name
		if len(name) > 64 && !isASCII(name) {
			// As index.lookup: beyond its buffer, it lowers the name with
			// Unicode's case mapping.
			key = strings.ToLower(name)
		}
		if _, ok := c.firstNaming(h, text, key); ok {
			s.token, s.found = key, true
			return s
		}
	} else if tok, ok := c.longestNamed(h, text, name); ok {
		s.token, s.found = tok, true
		return s
	}
	if !known {
		cr, ok = crawlerRuleOf(name)
	}
	if ok {
		fb := cr.fallback
		for i := 0; fb != "" && i < maxFallbacks; i++ {
			if first, ok := c.firstNaming(h, text, fb); ok {
				s.token, s.found, s.fallback = fb, true, productToken(first)
				return s
			}
			fb = crawlerRules[fb].fallback
		}
		if cr.ignoresGlobal {
			s.ignoredGlobal = h.flags&compactGlobal != 0
			return s
		}
	}
	if h.flags&compactGlobal != 0 {
		s.token, s.found = "*", true
	}
	return s
}

// firstNaming returns the value of the first user-agent line whose token
// equals tok, ignoring ASCII case.
func (c *Compact) firstNaming(h *compactHeader, text, tok string) (string, bool) {
	w := c.walk(h)
	var a packedAgent
	for w.nextGroup() {
		for w.agent(&a) {
			if v := text[a.off : a.off+a.len]; equalFoldASCII(productToken(v), tok) {
				return v, true
			}
		}
	}
	return "", false
}

// longestNamed returns the longest token of a user-agent line (not "*")
// that the user-agent string s contains, ignoring ASCII case, the first in
// the file among equally long ones, as index.namedFor does.
func (c *Compact) longestNamed(h *compactHeader, text, s string) (string, bool) {
	w := c.walk(h)
	var a packedAgent
	best, found := "", false
	for w.nextGroup() {
		for w.agent(&a) {
			tok := productToken(text[a.off : a.off+a.len])
			if tok == "" || tok == "*" || len(tok) <= len(best) {
				continue
			}
			if containsFold(s, tok) {
				best, found = tok, true
			}
		}
	}
	return best, found
}

// verdict builds the Verdict of a packed decision: in one allocation when
// one user-agent line names the group, as in most files.
func (c *Compact) verdict(d *compactDecision) Verdict {
	v := Verdict{Allowed: d.allowed, Reason: d.reason, Fallback: d.sel.fallback}
	if d.sel.yandex {
		v.Reading = ReadingYandex
	}
	h := c.header()
	text := c.data[h.textStart+h.bom : len(c.data)-h.formsLen]
	n := 0
	if d.sel.found {
		w := c.walk(&h)
		var a packedAgent
		for w.nextGroup() {
			for w.agent(&a) {
				if equalFoldASCII(productToken(text[a.off:a.off+a.len]), d.sel.token) {
					n++
				}
			}
		}
	}
	var rules *[2]Rule
	switch {
	case n == 1:
		blk := new(verdictBlock)
		rules, v.UserAgents = &blk.rules, blk.agent[:0:1]
	case n > 1:
		v.UserAgents = make([]UserAgent, 0, n)
	}
	if d.reason == MatchedRule {
		if rules == nil {
			rules = new([2]Rule)
		}
		win, lose := &d.allow, &d.disallow
		if !d.allowed {
			win, lose = lose, win
		}
		rules[0] = win.asRule(text)
		v.Rule, v.ViaIndexHTML = &rules[0], win.viaIndex
		if lose.ok {
			rules[1] = lose.asRule(text)
			v.Overruled = &rules[1]
		}
	}
	if n == 0 {
		return v
	}
	w := c.walk(&h)
	var a packedAgent
	for w.nextGroup() {
		for w.agent(&a) {
			if val := text[a.off : a.off+a.len]; equalFoldASCII(productToken(val), d.sel.token) {
				v.UserAgents = append(v.UserAgents, UserAgent{Line: a.line, Value: val, Token: productToken(val)})
			}
		}
	}
	return v
}

// verdictBlock holds what a verdict points at, for a group named by one
// user-agent line.
type verdictBlock struct {
	rules [2]Rule
	agent [1]UserAgent
}

func (m *compactMatch) asRule(text string) Rule {
	k := Disallow
	if m.allow {
		k = Allow
	}
	return Rule{Line: m.line, Kind: k, Pattern: text[m.off : m.off+m.len]}
}

// equalFoldASCII reports whether a and b are equal, ignoring ASCII case.
func equalFoldASCII(a, b string) bool {
	if len(a) != len(b) {
		return false
	}
	for i := 0; i < len(a); i++ {
		if a[i] != b[i] && lower(a[i]) != lower(b[i]) {
			return false
		}
	}
	return true
}

func isASCII(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] >= 0x80 {
			return false
		}
	}
	return true
}

// crawlerRuleOf is knownCrawler's rule, found without allocating for a
// bare name (knownCrawler returns the name's lower-case key).
func crawlerRuleOf(name string) (crawlerRule, bool) {
	if len(name) <= 64 && IsProductToken(name) {
		var buf [64]byte
		b := buf[:len(name)]
		for i := 0; i < len(name); i++ {
			b[i] = lower(name[i])
		}
		cr, ok := crawlerRules[string(b)]
		return cr, ok
	}
	_, cr, ok := knownCrawler(name)
	return cr, ok
}
