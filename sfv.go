package robotstxt

import "unicode/utf8"

// A small reader of RFC 9651 (Structured Field Values) dictionaries, the
// syntax of a Content-Usage rule's preferences (draft-ietf-aipref-vocab-07
// section 6). It validates the whole dictionary, as RFC 9651 section 4.2
// asks (any error fails the whole field), and keeps of each member only
// what the vocabulary reads: the key, and the value when it is a Token.
// Parameters are checked and dropped (vocab-07 section 6.4).

// sfMember is one dictionary member: its key, and its value's text when
// the value is a Token (token is set), else nothing.
type sfMember struct {
	key, value string
	token      bool
}

// maxSFMembers bounds the members kept: a preference line has a handful,
// and a hostile one cannot make the parser keep more than this many.
const maxSFMembers = 64

// parseSFDictionary parses s as a Dictionary (RFC 9651 sections 4.2 and
// 4.2.2). On success it returns the members in order of first appearance,
// a later duplicate key replacing the earlier value (section 4.2.2: the
// last value wins). ok is false when s does not parse; an empty s is an
// empty dictionary.
func parseSFDictionary(s string) (members []sfMember, ok bool) {
	p := sfParser{s: s}
	p.skipSP() // section 4.2 step 2: leading SP
	for !p.done() {
		key, ok := p.key()
		if !ok {
			return nil, false
		}
		m := sfMember{key: key}
		if p.peek() == '=' {
			p.i++
			if p.peek() == '(' {
				if !p.innerList() {
					return nil, false
				}
			} else {
				v, tok, ok := p.bareItem()
				if !ok || !p.params() {
					return nil, false
				}
				m.value, m.token = v, tok
			}
		} else if !p.params() { // a key alone is Boolean true
			return nil, false
		}
		replaced := false
		for i := range members {
			if members[i].key == key {
				members[i], replaced = m, true
				break
			}
		}
		if !replaced {
			if len(members) == maxSFMembers {
				return nil, false
			}
			members = append(members, m)
		}
		p.skipOWS()
		if p.done() {
			return members, true
		}
		if p.s[p.i] != ',' {
			return nil, false
		}
		p.i++
		p.skipOWS()
		if p.done() { // a trailing comma
			return nil, false
		}
	}
	return members, true
}

type sfParser struct {
	s string
	i int
}

func (p *sfParser) done() bool { return p.i >= len(p.s) }

func (p *sfParser) peek() byte {
	if p.i < len(p.s) {
		return p.s[p.i]
	}
	return 0
}

func (p *sfParser) skipSP() {
	for p.i < len(p.s) && p.s[p.i] == ' ' {
		p.i++
	}
}

func (p *sfParser) skipOWS() {
	for p.i < len(p.s) && (p.s[p.i] == ' ' || p.s[p.i] == '\t') {
		p.i++
	}
}

// key: section 4.2.3.3, lcalpha or '*' then lcalpha, DIGIT, '_', '-', '.'
// or '*'. An upper-case letter fails the parse (vocab-07 section 6.5.1).
func (p *sfParser) key() (string, bool) {
	start := p.i
	if c := p.peek(); !(isLCAlpha(c) || c == '*') {
		return "", false
	}
	p.i++
	for p.i < len(p.s) {
		c := p.s[p.i]
		if !(isLCAlpha(c) || isDigit(c) || c == '_' || c == '-' || c == '.' || c == '*') {
			break
		}
		p.i++
	}
	return p.s[start:p.i], true
}

// params: section 4.2.3.2.
func (p *sfParser) params() bool {
	for p.peek() == ';' {
		p.i++
		p.skipSP()
		if _, ok := p.key(); !ok {
			return false
		}
		if p.peek() == '=' {
			p.i++
			if _, _, ok := p.bareItem(); !ok {
				return false
			}
		}
	}
	return true
}

// innerList: section 4.2.1.2.
func (p *sfParser) innerList() bool {
	p.i++ // '('
	for !p.done() {
		p.skipSP()
		if p.peek() == ')' {
			p.i++
			return p.params()
		}
		if _, _, ok := p.bareItem(); !ok || !p.params() {
			return false
		}
		if c := p.peek(); c != ' ' && c != ')' {
			return false
		}
	}
	return false
}

// bareItem: section 4.2.3.1. It returns the token's text when the item is
// a Token.
func (p *sfParser) bareItem() (value string, token, ok bool) {
	c := p.peek()
	switch {
	case c == '-' || isDigit(c):
		return "", false, p.number(false)
	case c == '"':
		return "", false, p.str()
	case c == '*' || isAlpha(c):
		start := p.i
		p.i++
		for p.i < len(p.s) && (isTChar(p.s[p.i]) || p.s[p.i] == ':' || p.s[p.i] == '/') {
			p.i++
		}
		return p.s[start:p.i], true, true
	case c == ':':
		return "", false, p.byteSeq()
	case c == '?':
		if p.i+1 < len(p.s) && (p.s[p.i+1] == '0' || p.s[p.i+1] == '1') {
			p.i += 2
			return "", false, true
		}
		return "", false, false
	case c == '@':
		p.i++
		return "", false, p.number(true)
	case c == '%':
		return "", false, p.displayString()
	}
	return "", false, false
}

// number: section 4.2.4 (integer or decimal); a Date (section 4.2.9)
// needs an integer.
func (p *sfParser) number(integerOnly bool) bool {
	if p.peek() == '-' {
		p.i++
	}
	if !isDigit(p.peek()) {
		return false
	}
	digits, decimal, dot := 0, false, 0
	for p.i < len(p.s) {
		c := p.s[p.i]
		if isDigit(c) {
			digits++
		} else if c == '.' && !decimal {
			if digits > 12 {
				return false
			}
			decimal, dot = true, digits
		} else {
			break
		}
		p.i++
		if !decimal && digits > 15 || decimal && digits > 15 { // 16 characters with the '.'
			return false
		}
	}
	if !decimal {
		return true
	}
	frac := digits - dot
	return !integerOnly && frac >= 1 && frac <= 3
}

// str: section 4.2.5.
func (p *sfParser) str() bool {
	p.i++ // '"'
	for p.i < len(p.s) {
		c := p.s[p.i]
		p.i++
		switch {
		case c == '\\':
			if p.i >= len(p.s) || p.s[p.i] != '"' && p.s[p.i] != '\\' {
				return false
			}
			p.i++
		case c == '"':
			return true
		case c < 0x20 || c > 0x7e:
			return false
		}
	}
	return false
}

// byteSeq: section 4.2.7.
func (p *sfParser) byteSeq() bool {
	p.i++ // ':'
	for p.i < len(p.s) {
		c := p.s[p.i]
		p.i++
		if c == ':' {
			return true
		}
		if !(isAlpha(c) || isDigit(c) || c == '+' || c == '/' || c == '=') {
			return false
		}
	}
	return false
}

// displayString: section 4.2.10: %"...", with lower-case %xx escapes that
// must decode to UTF-8. The decoded bytes are checked in a small buffer,
// a rune at a time, so that nothing is allocated.
func (p *sfParser) displayString() bool {
	p.i++ // '%'
	if p.peek() != '"' {
		return false
	}
	p.i++
	var pend [utf8.UTFMax]byte
	n := 0
	for p.i < len(p.s) {
		c := p.s[p.i]
		p.i++
		if c < 0x20 || c > 0x7e {
			return false
		}
		switch c {
		case '"':
			return n == 0
		case '%':
			if p.i+1 >= len(p.s) || !isLowerHexDigit(p.s[p.i]) || !isLowerHexDigit(p.s[p.i+1]) {
				return false
			}
			h, _ := unhex(p.s[p.i])
			l, _ := unhex(p.s[p.i+1])
			p.i += 2
			pend[n] = h<<4 | l
			n++
			if utf8.FullRune(pend[:n]) {
				if r, size := utf8.DecodeRune(pend[:n]); r == utf8.RuneError && size <= 1 {
					return false
				}
				n = 0
			}
		default:
			if n != 0 { // an escaped sequence cut by a plain character
				return false
			}
		}
	}
	return false
}

func isLCAlpha(c byte) bool       { return 'a' <= c && c <= 'z' }
func isAlpha(c byte) bool         { return 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' }
func isDigit(c byte) bool         { return '0' <= c && c <= '9' }
func isLowerHexDigit(c byte) bool { return isDigit(c) || 'a' <= c && c <= 'f' }

// isTChar: RFC 9110 section 5.6.2.
func isTChar(c byte) bool {
	if isAlpha(c) || isDigit(c) {
		return true
	}
	switch c {
	case '!', '#', '$', '%', '&', '\'', '*', '+', '-', '.', '^', '_', '`', '|', '~':
		return true
	}
	return false
}
