package sfv

import (
	"encoding/base64"
	"errors"
	"strconv"
	"unicode/utf8"
)

// Kind is the type of a bare item (RFC 9651 section 3.3).
type Kind uint8

// The bare item types.
const (
	Integer Kind = iota + 1
	Decimal
	String
	Token
	ByteSequence
	Boolean
	Date
	DisplayString
)

// Bare is a bare item. Integer and Date keep their value in Int; a Decimal
// keeps it in Int in thousandths (RFC 9651 allows three fractional
// digits, so every Decimal is exact); String, Token and Display String in
// Str; a Byte Sequence in Bytes; a Boolean in Bool.
type Bare struct {
	Kind  Kind
	Int   int64
	Str   string
	Bytes []byte
	Bool  bool
}

// Param is one parameter: a key and its bare value (Boolean true when the
// field gives the key alone).
type Param struct {
	Key   string
	Value Bare
}

// Params are an ordered map of parameters (RFC 9651 section 3.1.2).
type Params []Param

// Get returns the value of key.
func (p Params) Get(key string) (Bare, bool) {
	for _, q := range p {
		if q.Key == key {
			return q.Value, true
		}
	}
	return Bare{}, false
}

// Item is a bare item with its parameters.
type Item struct {
	Bare   Bare
	Params Params
}

// Member is a member of a List or the value of a Dictionary member: an
// Item (Bare and Params) or, when IsInner, an Inner List (Inner and the
// list's Params).
type Member struct {
	IsInner bool
	Bare    Bare
	Inner   []Item
	Params  Params
}

// DictMember is one member of a Dictionary.
type DictMember struct {
	Key string
	Member
}

// Dictionary is an ordered map of members (RFC 9651 section 3.2).
type Dictionary []DictMember

// Get returns the member named key.
func (d Dictionary) Get(key string) (Member, bool) {
	for _, m := range d {
		if m.Key == key {
			return m.Member, true
		}
	}
	return Member{}, false
}

// Bounds on what a hostile field can make the parser keep. RFC 9651
// section 3 asks parsers to support at least 1024 list or dictionary
// members, 256 inner-list members and 256 parameters.
const (
	maxMembers = 1024
	maxInner   = 256
	maxParams  = 256
)

// ErrSyntax is the error of every field that does not parse.
var ErrSyntax = errors.New("structured field: syntax error")

type parser struct {
	s string
	i int
}

func (p *parser) done() bool { return p.i >= len(p.s) }

func (p *parser) peek() byte {
	if p.i < len(p.s) {
		return p.s[p.i]
	}
	return 0
}

func (p *parser) skipSP() {
	for p.i < len(p.s) && p.s[p.i] == ' ' {
		p.i++
	}
}

func (p *parser) skipOWS() {
	for p.i < len(p.s) && (p.s[p.i] == ' ' || p.s[p.i] == '\t') {
		p.i++
	}
}

// finish implements the end of RFC 9651 section 4.2: trailing SP, then
// nothing.
func (p *parser) finish() error {
	p.skipSP()
	if !p.done() {
		return ErrSyntax
	}
	return nil
}

// ParseItem parses s as an Item (RFC 9651 section 4.2.3).
func ParseItem(s string) (Item, error) {
	p := parser{s: s}
	p.skipSP()
	it, err := p.item()
	if err != nil {
		return Item{}, err
	}
	return it, p.finish()
}

// ParseList parses s as a List (RFC 9651 section 4.2.1). An empty s is an
// empty List.
func ParseList(s string) ([]Member, error) {
	p := parser{s: s}
	p.skipSP()
	var out []Member
	for !p.done() {
		m, err := p.member()
		if err != nil {
			return nil, err
		}
		if len(out) == maxMembers {
			return nil, ErrSyntax
		}
		out = append(out, m)
		if err := p.comma(); err != nil {
			return nil, err
		}
	}
	return out, p.finish()
}

// ParseDictionary parses s as a Dictionary (RFC 9651 section 4.2.2). A
// later duplicate key replaces the earlier value in its place. An empty s
// is an empty Dictionary.
func ParseDictionary(s string) (Dictionary, error) {
	p := parser{s: s}
	p.skipSP()
	var out Dictionary
	for !p.done() {
		key, err := p.key()
		if err != nil {
			return nil, err
		}
		var m Member
		if p.peek() == '=' {
			p.i++
			if m, err = p.member(); err != nil {
				return nil, err
			}
		} else {
			m.Bare = Bare{Kind: Boolean, Bool: true}
			if m.Params, err = p.params(); err != nil {
				return nil, err
			}
		}
		replaced := false
		for j := range out {
			if out[j].Key == key {
				out[j].Member, replaced = m, true
				break
			}
		}
		if !replaced {
			if len(out) == maxMembers {
				return nil, ErrSyntax
			}
			out = append(out, DictMember{Key: key, Member: m})
		}
		if err := p.comma(); err != nil {
			return nil, err
		}
	}
	return out, p.finish()
}

// comma consumes the separator after a member: OWS, then the end or a
// comma followed by OWS and another member.
func (p *parser) comma() error {
	p.skipOWS()
	if p.done() {
		return nil
	}
	if p.s[p.i] != ',' {
		return ErrSyntax
	}
	p.i++
	p.skipOWS()
	if p.done() { // a trailing comma
		return ErrSyntax
	}
	return nil
}

func (p *parser) member() (Member, error) {
	if p.peek() == '(' {
		inner, params, err := p.innerList()
		return Member{IsInner: true, Inner: inner, Params: params}, err
	}
	it, err := p.item()
	return Member{Bare: it.Bare, Params: it.Params}, err
}

func (p *parser) item() (Item, error) {
	b, err := p.bare()
	if err != nil {
		return Item{}, err
	}
	params, err := p.params()
	return Item{Bare: b, Params: params}, err
}

func (p *parser) innerList() ([]Item, Params, error) {
	p.i++ // '('
	items := []Item{}
	for !p.done() {
		p.skipSP()
		if p.peek() == ')' {
			p.i++
			params, err := p.params()
			return items, params, err
		}
		it, err := p.item()
		if err != nil {
			return nil, nil, err
		}
		if len(items) == maxInner {
			return nil, nil, ErrSyntax
		}
		items = append(items, it)
		if c := p.peek(); c != ' ' && c != ')' {
			return nil, nil, ErrSyntax
		}
	}
	return nil, nil, ErrSyntax // no closing parenthesis
}

func (p *parser) params() (Params, error) {
	var out Params
	for p.peek() == ';' {
		p.i++
		p.skipSP()
		key, err := p.key()
		if err != nil {
			return nil, err
		}
		v := Bare{Kind: Boolean, Bool: true}
		if p.peek() == '=' {
			p.i++
			if v, err = p.bare(); err != nil {
				return nil, err
			}
		}
		replaced := false
		for j := range out {
			if out[j].Key == key {
				out[j].Value, replaced = v, true
				break
			}
		}
		if !replaced {
			if len(out) == maxParams {
				return nil, ErrSyntax
			}
			out = append(out, Param{Key: key, Value: v})
		}
	}
	return out, nil
}

// key implements RFC 9651 section 4.2.3.3.
func (p *parser) key() (string, error) {
	start := p.i
	if c := p.peek(); !isLCAlpha(c) && c != '*' {
		return "", ErrSyntax
	}
	p.i++
	for p.i < len(p.s) {
		c := p.s[p.i]
		if !isLCAlpha(c) && !isDigit(c) && c != '_' && c != '-' && c != '.' && c != '*' {
			break
		}
		p.i++
	}
	return p.s[start:p.i], nil
}

func (p *parser) bare() (Bare, error) {
	switch c := p.peek(); {
	case c == '-' || isDigit(c):
		return p.number(false)
	case c == '"':
		s, err := p.str()
		return Bare{Kind: String, Str: s}, err
	case c == '*' || isAlpha(c):
		return p.token(), nil
	case c == ':':
		return p.byteSeq()
	case c == '?':
		if p.i+1 < len(p.s) && (p.s[p.i+1] == '0' || p.s[p.i+1] == '1') {
			p.i += 2
			return Bare{Kind: Boolean, Bool: p.s[p.i-1] == '1'}, nil
		}
		return Bare{}, ErrSyntax
	case c == '@':
		p.i++
		b, err := p.number(true)
		b.Kind = Date
		return b, err
	case c == '%':
		return p.displayString()
	}
	return Bare{}, ErrSyntax
}

// number implements RFC 9651 section 4.2.4; integerOnly for a Date.
func (p *parser) number(integerOnly bool) (Bare, error) {
	neg := false
	if p.peek() == '-' {
		neg = true
		p.i++
	}
	if !isDigit(p.peek()) {
		return Bare{}, ErrSyntax
	}
	start, dot := p.i, -1
	for p.i < len(p.s) {
		c := p.s[p.i]
		switch {
		case isDigit(c):
		case c == '.' && dot < 0 && !integerOnly:
			if p.i-start > 12 {
				return Bare{}, ErrSyntax
			}
			dot = p.i
		default:
			goto end
		}
		p.i++
		if dot < 0 && p.i-start > 15 || dot >= 0 && p.i-start > 16 {
			return Bare{}, ErrSyntax
		}
	}
end:
	if dot < 0 {
		n, _ := strconv.ParseInt(p.s[start:p.i], 10, 64) // at most 15 digits
		if neg {
			n = -n
		}
		return Bare{Kind: Integer, Int: n}, nil
	}
	frac := p.s[dot+1 : p.i]
	if len(frac) == 0 || len(frac) > 3 {
		return Bare{}, ErrSyntax
	}
	whole, _ := strconv.ParseInt(p.s[start:dot], 10, 64)
	f, _ := strconv.ParseInt(frac, 10, 64)
	for k := len(frac); k < 3; k++ {
		f *= 10
	}
	n := whole*1000 + f
	if neg {
		n = -n
	}
	return Bare{Kind: Decimal, Int: n}, nil
}

// str implements RFC 9651 section 4.2.5.
func (p *parser) str() (string, error) {
	p.i++ // '"'
	var buf []byte
	start := p.i
	for p.i < len(p.s) {
		c := p.s[p.i]
		switch {
		case c == '\\':
			if p.i+1 >= len(p.s) || p.s[p.i+1] != '"' && p.s[p.i+1] != '\\' {
				return "", ErrSyntax
			}
			if buf == nil {
				buf = []byte(p.s[start:p.i])
			}
			buf = append(buf, p.s[p.i+1])
			p.i += 2
			continue
		case c == '"':
			p.i++
			if buf == nil {
				return p.s[start : p.i-1], nil
			}
			return string(buf), nil
		case c < 0x20 || c > 0x7e:
			return "", ErrSyntax
		}
		if buf != nil {
			buf = append(buf, c)
		}
		p.i++
	}
	return "", ErrSyntax
}

// token implements RFC 9651 section 4.2.6; the caller has checked the
// first character.
func (p *parser) token() Bare {
	start := p.i
	p.i++
	for p.i < len(p.s) && (isTChar(p.s[p.i]) || p.s[p.i] == ':' || p.s[p.i] == '/') {
		p.i++
	}
	return Bare{Kind: Token, Str: p.s[start:p.i]}
}

// byteSeq implements RFC 9651 section 4.2.7. Missing padding is accepted,
// as the section allows.
func (p *parser) byteSeq() (Bare, error) {
	p.i++ // ':'
	start := p.i
	for p.i < len(p.s) && p.s[p.i] != ':' {
		c := p.s[p.i]
		if !isAlpha(c) && !isDigit(c) && c != '+' && c != '/' && c != '=' {
			return Bare{}, ErrSyntax
		}
		p.i++
	}
	if p.done() {
		return Bare{}, ErrSyntax
	}
	b64 := p.s[start:p.i]
	p.i++
	for len(b64)%4 != 0 {
		b64 += "="
	}
	b, err := base64.StdEncoding.DecodeString(b64)
	if err != nil {
		return Bare{}, ErrSyntax
	}
	return Bare{Kind: ByteSequence, Bytes: b}, nil
}

// displayString implements RFC 9651 section 4.2.10.
func (p *parser) displayString() (Bare, error) {
	if p.i+1 >= len(p.s) || p.s[p.i+1] != '"' {
		return Bare{}, ErrSyntax
	}
	p.i += 2
	var buf []byte
	for p.i < len(p.s) {
		c := p.s[p.i]
		switch {
		case c < 0x20 || c > 0x7e:
			return Bare{}, ErrSyntax
		case c == '%':
			if p.i+2 >= len(p.s) || !isLowerHex(p.s[p.i+1]) || !isLowerHex(p.s[p.i+2]) {
				return Bare{}, ErrSyntax
			}
			v, _ := strconv.ParseUint(p.s[p.i+1:p.i+3], 16, 8)
			buf = append(buf, byte(v))
			p.i += 3
			continue
		case c == '"':
			p.i++
			if !utf8.Valid(buf) {
				return Bare{}, ErrSyntax
			}
			return Bare{Kind: DisplayString, Str: string(buf)}, nil
		}
		buf = append(buf, c)
		p.i++
	}
	return Bare{}, ErrSyntax
}

func isLCAlpha(c byte) bool  { return 'a' <= c && c <= 'z' }
func isAlpha(c byte) bool    { return 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' }
func isDigit(c byte) bool    { return '0' <= c && c <= '9' }
func isLowerHex(c byte) bool { return isDigit(c) || 'a' <= c && c <= 'f' }

// isTChar is RFC 9110's tchar.
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
