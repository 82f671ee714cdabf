package robotstxt

import "unsafe"

// A Compact is a parsed file in the least memory that still answers every
// check exactly as the file's Robots does: for a crawler that keeps
// millions of files. It keeps the parsed text and, in one allocation with
// it, a packed table of the groups, user-agent lines and rules (offsets
// into the text, line numbers and kinds as variable-length integers; the
// match form of a pattern only when it differs from the pattern as
// written). A check reads the table and tries each rule in turn, as a
// Robots answers a file's first checks. It is immutable and safe for
// concurrent use. The zero Compact is an empty file.
//
// Some files are kept as their full Robots instead (Packed reports false),
// with the same answers and the Robots' memory:
//   - more than MaxPackedRules allow and disallow lines, or more than
//     MaxPackedAgents user-agent lines: such files are checked often, and
//     their checks need the compiled matcher's speed and the index of
//     names; or a text longer than MaxPackedBytes;
//   - a group named by a user-agent token with a byte of 0x80 or above
//     (the index compares such names with Unicode case mapping);
//   - a Robots that Parse did not build (its strings are not in its text).
//
// A check whose path is so long that trying every rule would cost more
// than the compiled matcher does is answered by parsing the text again
// (allocating); the answer is the same.
type Compact struct {
	// data is the packed table (layout below), then the parsed text with
	// its byte order mark, then the match forms of the patterns that need
	// one.
	data string
	full *Robots // the file kept whole, or nil
}

// The most a file may hold for a Compact to keep it packed.
const (
	// MaxPackedRules and MaxPackedAgents bound the allow and disallow lines
	// (in groups) and the user-agent lines. A packed check costs O(rules +
	// agents) comparisons, a few microseconds at these bounds where a
	// compiled Robots takes about 150 ns; 90% of the corpus's files under
	// 16 KiB have fewer than 60 rules and 10 user-agent lines.
	MaxPackedRules  = 128
	MaxPackedAgents = 128
	// MaxPackedBytes bounds the text, so that a check whose path is too
	// long to try every rule on, answered by parsing the text again, costs
	// at most a parse of that much.
	MaxPackedBytes = 64 << 10
)

// The packed table, every number an unsigned varint:
//
//	textStart flags size formsLen nRules nGroups group...
//
// flags holds compactYandex, compactTruncated, compactGlobal and the
// length of the byte order mark (bits 2-3). Each group is
//
//	nAgents agent... nRules rulesBytes rule...
//
// an agent is "dLine dOff len<<1|noRulesForYandex" and a rule
// "dLine<<4|flags dOff len" (flags: ruleFormed, ruleAllow, ruleLiteral,
// ruleIndex), followed when formed by "formOff formLen pri", and then with
// ruleIndex by "indexPri indexLen". Lines and offsets (into the text after
// the byte order mark) are deltas from the previous record of the group; a
// group's first agent's are deltas from the previous group's first agent,
// so that a group's rules can be skipped. Rules with an empty pattern
// (which match nothing) are left out. A formed rule is one whose pattern is
// not plain (see plainPattern): formOff and formLen locate its match form
// among the forms, and pri is the length of its canonical text; for a
// plain one all three are the pattern's. indexPri is the priority of
// Google's index.html reading, which matches the form's first indexLen
// octets anchored.
const (
	ruleFormed  = 1 << 0
	ruleAllow   = 1 << 1
	ruleLiteral = 1 << 2 // the match form has no '*' and no final '$'
	ruleIndex   = 1 << 3 // Google's index.html reading applies
)

const (
	compactYandex    = 1 << 0 // Yandex's robots read the groups differently
	compactTruncated = 1 << 1
	compactGlobal    = 1 << 4 // a "*" group exists
)

// Packed reports whether c keeps the packed table rather than the full
// Robots (see Compact).
func (c *Compact) Packed() bool { return c.full == nil }

// Compact returns the file in a Compact form, which keeps its own copy of
// the parsed text: r may be dropped.
func (r *Robots) Compact() *Compact {
	if data, ok := packRobots(r); ok {
		return &Compact{data: data}
	}
	return &Compact{full: r}
}

// ParseCompact parses a robots.txt body, with the default options, into a
// Compact. data is not retained.
func ParseCompact(data []byte) *Compact {
	r := ParseString(unsafe.String(unsafe.SliceData(data), len(data)))
	if packed, ok := packRobots(r); ok {
		return &Compact{data: packed}
	}
	return &Compact{full: Parse(data)} // on its own copy of the text
}

// Text returns the parsed part of the input, without the byte order mark,
// as Robots.Text does.
func (c *Compact) Text() string {
	if c.full != nil {
		return c.full.Text()
	}
	h := c.header()
	return c.data[h.textStart+h.bom : len(c.data)-h.formsLen]
}

// Robots returns the file as a Robots, for what a Compact does not answer
// (sitemaps, other records, usage preferences, agents with options): the
// one it holds, or, when packed, a new parse of its text (with Size and
// Truncated as parsed first). Each call parses again: keep the result for
// as long as it is needed.
func (c *Compact) Robots() *Robots {
	if c.full != nil {
		return c.full
	}
	h := c.header()
	r := ParseOptions(c.data[h.textStart:len(c.data)-h.formsLen], &Options{MaxBytes: -1})
	r.Size, r.Truncated = h.size, h.flags&compactTruncated != 0
	return r
}

// Check decides whether the crawler agent (a product token or a full
// user-agent string) may fetch rawURL (a full URL or a path starting with
// "/"), exactly as Robots.Check does. When a group applies, the verdict's
// rules and user-agent lines are built from the table, in one allocation
// when one line names the group (two otherwise); Allowed allocates
// nothing.
func (c *Compact) Check(agent, rawURL string) Verdict {
	if c.full != nil {
		return c.full.Check(agent, rawURL)
	}
	var d compactDecision
	if !c.decide(agent, rawURL, &d) {
		return c.Robots().Check(agent, rawURL)
	}
	return c.verdict(&d)
}

// Allowed reports whether the crawler agent may fetch rawURL, exactly as
// Robots.Allowed does. It allocates nothing.
func (c *Compact) Allowed(agent, rawURL string) bool {
	if c.full != nil {
		return c.full.Allowed(agent, rawURL)
	}
	var d compactDecision
	if !c.decide(agent, rawURL, &d) {
		return c.Robots().Allowed(agent, rawURL)
	}
	return d.allowed
}

// compactHeader is the start of the packed table.
type compactHeader struct {
	textStart, bom, flags, size, formsLen, rules, groups int
	next                                                 int // offset of the first group
}

func (c *Compact) header() compactHeader {
	var h compactHeader
	if c.data == "" {
		return h // the zero Compact: an empty file
	}
	rd := packedReader{s: c.data}
	h.textStart = rd.uv()
	h.flags = rd.uv()
	h.bom = h.flags >> 2 & 3
	h.size = rd.uv()
	h.formsLen = rd.uv()
	h.rules = rd.uv()
	h.groups = rd.uv()
	h.next = rd.i
	return h
}

// packedReader reads varints from the table.
type packedReader struct {
	s string
	i int
}

func (p *packedReader) uv() int {
	x, shift := 0, 0
	for {
		b := p.s[p.i]
		p.i++
		x |= int(b&0x7f) << shift
		if b < 0x80 {
			return x
		}
		shift += 7
	}
}

// packedAgent and packedRule are records of the table, decoded.
type packedAgent struct {
	line, off, len int
	noYandexRules  bool // a blank line ends the group after this line for Yandex
}

type packedRule struct {
	line, off, len                  int
	allow, formed, literal, indexed bool
	// With formed: the match form's place among the forms and the
	// priority; with indexed, Google's index.html reading's priority and
	// length, when formed.
	formOff, formLen, pri, indexPri, indexLen int
}

// A packedWalk visits the groups of the table in order.
type packedWalk struct {
	rd         packedReader
	left       int // groups not yet visited
	baseLine   int // the previous group's first agent
	baseOff    int
	line, off  int // the previous record of the group
	agentsLeft int
	firstAgent bool
	rulesLeft  int
	rulesEnd   int // where the group's rules end, once its agents are read
}

func (c *Compact) walk(h *compactHeader) packedWalk {
	return packedWalk{rd: packedReader{s: c.data, i: h.next}, left: h.groups}
}

// nextGroup moves to the next group's agents, past what is left of the
// current group; false at the end.
func (w *packedWalk) nextGroup() bool {
	if w.agentsLeft > 0 || w.rulesLeft > 0 {
		w.skipAgents()
		w.rd.i, w.rulesLeft = w.rulesEnd, 0
	}
	if w.left == 0 {
		return false
	}
	w.left--
	w.agentsLeft, w.firstAgent = w.rd.uv(), true
	w.line, w.off = w.baseLine, w.baseOff
	return true
}

// agent reads the group's next agent; false after the last.
func (w *packedWalk) agent(a *packedAgent) bool {
	if w.agentsLeft == 0 {
		return false
	}
	w.agentsLeft--
	w.line += w.rd.uv()
	w.off += w.rd.uv()
	n := w.rd.uv()
	a.line, a.off, a.len, a.noYandexRules = w.line, w.off, n>>1, n&1 != 0
	if w.firstAgent {
		w.baseLine, w.baseOff, w.firstAgent = w.line, w.off, false
	}
	if w.agentsLeft == 0 {
		w.rulesLeft = w.rd.uv()
		w.rulesEnd = w.rd.uv()
		w.rulesEnd += w.rd.i
	}
	return true
}

// skipAgents reads the rest of the group's agents.
func (w *packedWalk) skipAgents() {
	var a packedAgent
	for w.agent(&a) {
	}
}

// rule reads the group's next rule, once its agents are read; false after
// the last.
func (w *packedWalk) rule(r *packedRule) bool {
	if w.rulesLeft == 0 {
		return false
	}
	w.rulesLeft--
	head := w.rd.uv()
	w.line += head >> 4
	w.off += w.rd.uv()
	r.line, r.off, r.len = w.line, w.off, w.rd.uv()
	r.formed, r.allow = head&ruleFormed != 0, head&ruleAllow != 0
	r.literal, r.indexed = head&ruleLiteral != 0, head&ruleIndex != 0
	if r.formed {
		r.formOff, r.formLen, r.pri = w.rd.uv(), w.rd.uv(), w.rd.uv()
		if r.indexed {
			r.indexPri, r.indexLen = w.rd.uv(), w.rd.uv()
		}
	}
	return true
}
