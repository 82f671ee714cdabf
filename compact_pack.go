package robotstxt

import (
	"strings"
	"unsafe"
)

// packRobots builds a Compact's data for r (see the table's layout in
// compact.go); ok is false when r is kept whole.
func packRobots(r *Robots) (data string, ok bool) {
	nRules, nAgents := 0, 0
	for gi := range r.Groups {
		nRules += len(r.Groups[gi].Rules)
		nAgents += len(r.Groups[gi].UserAgents)
		for _, ua := range r.Groups[gi].UserAgents {
			for i := 0; i < len(ua.Token); i++ {
				if ua.Token[i] >= 0x80 {
					return "", false
				}
			}
		}
	}
	if nRules > MaxPackedRules || nAgents > MaxPackedAgents || len(r.text) > MaxPackedBytes {
		return "", false
	}
	bom := r.Parsed - len(r.text)
	if bom < 0 || bom > 3 || r.Size < r.Parsed || r.text == "" && len(r.Groups) > 0 {
		return "", false
	}
	p := packer{text: r.text}
	var body, forms []byte
	packed := 0
	for gi := range r.Groups {
		g := &r.Groups[gi]
		firstRule := -1 // the line of the group's first rule, empty ones included
		if len(g.Rules) > 0 {
			firstRule = g.Rules[0].Line
		}
		body = appendUvarint(body, uint64(len(g.UserAgents)))
		p.line, p.off = p.baseLine, p.baseOff
		for k, ua := range g.UserAgents {
			off, ok := p.offset(ua.Value)
			if !ok || ua.Line <= p.line || ua.Token != productToken(ua.Value) {
				return "", false
			}
			flag := 0
			if yandexCuts(r.yandexBlank, ua.Line, firstRule) {
				flag = 1
			}
			body = appendUvarint(body, uint64(ua.Line-p.line))
			body = appendUvarint(body, uint64(off-p.off))
			body = appendUvarint(body, uint64(len(ua.Value)<<1|flag))
			p.line, p.off = ua.Line, off
			if k == 0 {
				p.baseLine, p.baseOff = ua.Line, off
			}
		}
		var rules []byte
		n := 0
		for _, ru := range g.Rules {
			if ru.Line <= p.line {
				return "", false
			}
			if ru.Pattern == "" {
				continue // matches nothing (RFC 9309 section 2.2.2)
			}
			off, ok := p.offset(ru.Pattern)
			if !ok {
				return "", false
			}
			// As compileRules reads the pattern (for a plain one, the
			// canonical text and the match form are the pattern).
			form, canon := ru.Pattern, ru.Pattern
			formed := !plainPattern(ru.Pattern)
			if formed {
				canon, form = CanonicalPattern(ru.Pattern), patternMatchForm(ru.Pattern)
			}
			head := (ru.Line - p.line) << 4
			if formed {
				head |= ruleFormed
			}
			if ru.Kind == Allow {
				head |= ruleAllow
			}
			if !strings.HasSuffix(form, "$") && strings.IndexByte(form, '*') < 0 {
				head |= ruleLiteral
			}
			indexPri, indexLen := 0, 0
			if ru.Kind == Allow {
				if i := strings.LastIndexByte(canon, '/'); i >= 0 && strings.HasPrefix(canon[i:], "/index.htm") {
					indexPri, indexLen = i+2, strings.LastIndexByte(form, '/')+1
					head |= ruleIndex
				}
			}
			rules = appendUvarint(rules, uint64(head))
			rules = appendUvarint(rules, uint64(off-p.off))
			rules = appendUvarint(rules, uint64(len(ru.Pattern)))
			if formed {
				rules = appendUvarint(rules, uint64(len(forms)))
				rules = appendUvarint(rules, uint64(len(form)))
				rules = appendUvarint(rules, uint64(len(canon)))
				if indexPri > 0 {
					rules = appendUvarint(rules, uint64(indexPri))
					rules = appendUvarint(rules, uint64(indexLen))
				}
				forms = append(forms, form...)
			}
			p.line, p.off = ru.Line, off
			n++
		}
		packed += n
		body = appendUvarint(body, uint64(n))
		body = appendUvarint(body, uint64(len(rules)))
		body = append(body, rules...)
	}
	flags := bom << 2
	if len(r.yandexBlank) > 0 {
		flags |= compactYandex
	}
	if r.Truncated {
		flags |= compactTruncated
	}
	for gi := range r.Groups {
		for _, ua := range r.Groups[gi].UserAgents {
			if ua.Global() {
				flags |= compactGlobal
			}
		}
	}
	var head []byte
	head = appendUvarint(head, uint64(flags))
	head = appendUvarint(head, uint64(r.Size))
	head = appendUvarint(head, uint64(len(forms)))
	head = appendUvarint(head, uint64(packed))
	head = appendUvarint(head, uint64(len(r.Groups)))
	tableLen := len(head) + len(body)
	textStart := tableLen + 1
	for uvarintLen(uint64(textStart)) != textStart-tableLen {
		textStart++
	}
	out := make([]byte, 0, textStart+bom+len(r.text)+len(forms))
	out = appendUvarint(out, uint64(textStart))
	out = append(out, head...)
	out = append(out, body...)
	out = append(out, "\xEF\xBB\xBF"[:bom]...)
	out = append(out, r.text...)
	out = append(out, forms...)
	return unsafe.String(unsafe.SliceData(out), len(out)), true
}

// packer tracks the previous records while packing, as packedWalk does
// while reading.
type packer struct {
	text              string
	baseLine, baseOff int
	line, off         int
}

// offset returns where s lies in the text, which must hold it at or after
// the previous record. An empty s lies anywhere: it takes the previous
// record's offset.
func (p *packer) offset(s string) (int, bool) {
	if s == "" {
		return p.off, true
	}
	base := uintptr(unsafe.Pointer(unsafe.StringData(p.text)))
	at := uintptr(unsafe.Pointer(unsafe.StringData(s)))
	if len(s) > len(p.text) || at < base || at-base > uintptr(len(p.text)-len(s)) {
		return 0, false
	}
	off := int(at - base)
	if off < p.off {
		return 0, false
	}
	return off, true
}

// yandexCuts reports whether one of the blank lines at which Yandex ends a
// group lies after the user-agent line and before the group's first rule
// (-1: none), so that for Yandex the line names a group with no rules.
func yandexCuts(blank []int, uaLine, firstRule int) bool {
	for _, b := range blank {
		if b > uaLine && (firstRule < 0 || b < firstRule) {
			return true
		}
	}
	return false
}

func appendUvarint(b []byte, x uint64) []byte {
	for x >= 0x80 {
		b = append(b, byte(x)|0x80)
		x >>= 7
	}
	return append(b, byte(x))
}

func uvarintLen(x uint64) int {
	n := 1
	for x >= 0x80 {
		x >>= 7
		n++
	}
	return n
}
