package sfv

import (
	"encoding/base64"
	"errors"
	"strconv"
	"strings"
)

// ErrSerialize is returned for a value RFC 9651 section 4.1 cannot
// serialise: an integer out of range, a string with a character outside
// printable ASCII, an invalid token or key.
var ErrSerialize = errors.New("structured field: value cannot be serialised")

const maxInteger = 999_999_999_999_999

// AppendBare appends b's serialisation (RFC 9651 section 4.1.3).
func AppendBare(dst []byte, b Bare) ([]byte, error) {
	switch b.Kind {
	case Integer:
		if b.Int > maxInteger || b.Int < -maxInteger {
			return dst, ErrSerialize
		}
		return strconv.AppendInt(dst, b.Int, 10), nil
	case Decimal:
		n := b.Int
		if n < 0 {
			dst = append(dst, '-')
			n = -n
		}
		if n/1000 > 999_999_999_999 {
			return dst, ErrSerialize
		}
		dst = strconv.AppendInt(dst, n/1000, 10)
		dst = append(dst, '.')
		frac := strconv.FormatInt(1000+n%1000, 10)[1:]
		frac = strings.TrimRight(frac, "0")
		if frac == "" {
			frac = "0"
		}
		return append(dst, frac...), nil
	case String:
		dst = append(dst, '"')
		for i := 0; i < len(b.Str); i++ {
			c := b.Str[i]
			if c < 0x20 || c > 0x7e {
				return dst, ErrSerialize
			}
			if c == '"' || c == '\\' {
				dst = append(dst, '\\')
			}
			dst = append(dst, c)
		}
		return append(dst, '"'), nil
	case Token:
		if !validToken(b.Str) {
			return dst, ErrSerialize
		}
		return append(dst, b.Str...), nil
	case ByteSequence:
		dst = append(dst, ':')
		dst = base64.StdEncoding.AppendEncode(dst, b.Bytes)
		return append(dst, ':'), nil
	case Boolean:
		if b.Bool {
			return append(dst, "?1"...), nil
		}
		return append(dst, "?0"...), nil
	case Date:
		if b.Int > maxInteger || b.Int < -maxInteger {
			return dst, ErrSerialize
		}
		return strconv.AppendInt(append(dst, '@'), b.Int, 10), nil
	case DisplayString:
		const hex = "0123456789abcdef"
		dst = append(dst, '%', '"')
		for i := 0; i < len(b.Str); i++ {
			c := b.Str[i]
			if c == '%' || c == '"' || c < 0x20 || c > 0x7e {
				dst = append(dst, '%', hex[c>>4], hex[c&15])
			} else {
				dst = append(dst, c)
			}
		}
		return append(dst, '"'), nil
	}
	return dst, ErrSerialize
}

// AppendParams appends the parameters' serialisation (section 4.1.1.2): a
// Boolean true value is left out.
func AppendParams(dst []byte, params Params) ([]byte, error) {
	var err error
	for _, p := range params {
		if !validKey(p.Key) {
			return dst, ErrSerialize
		}
		dst = append(dst, ';')
		dst = append(dst, p.Key...)
		if p.Value.Kind == Boolean && p.Value.Bool {
			continue
		}
		dst = append(dst, '=')
		if dst, err = AppendBare(dst, p.Value); err != nil {
			return dst, err
		}
	}
	return dst, nil
}

// AppendItem appends an Item's serialisation (section 4.1.3).
func AppendItem(dst []byte, it Item) ([]byte, error) {
	dst, err := AppendBare(dst, it.Bare)
	if err != nil {
		return dst, err
	}
	return AppendParams(dst, it.Params)
}

// AppendInnerList appends an Inner List's serialisation (section 4.1.1.1).
func AppendInnerList(dst []byte, items []Item, params Params) ([]byte, error) {
	var err error
	dst = append(dst, '(')
	for i, it := range items {
		if i > 0 {
			dst = append(dst, ' ')
		}
		if dst, err = AppendItem(dst, it); err != nil {
			return dst, err
		}
	}
	dst = append(dst, ')')
	return AppendParams(dst, params)
}

// AppendMember appends a List member's or Dictionary value's
// serialisation.
func AppendMember(dst []byte, m Member) ([]byte, error) {
	if m.IsInner {
		return AppendInnerList(dst, m.Inner, m.Params)
	}
	return AppendItem(dst, Item{Bare: m.Bare, Params: m.Params})
}

// AppendDictionary appends a Dictionary's serialisation (section 4.1.2):
// a Boolean true member is its key and parameters alone.
func AppendDictionary(dst []byte, d Dictionary) ([]byte, error) {
	var err error
	for i, m := range d {
		if !validKey(m.Key) {
			return dst, ErrSerialize
		}
		if i > 0 {
			dst = append(dst, ", "...)
		}
		dst = append(dst, m.Key...)
		if !m.IsInner && m.Bare.Kind == Boolean && m.Bare.Bool {
			if dst, err = AppendParams(dst, m.Params); err != nil {
				return dst, err
			}
			continue
		}
		dst = append(dst, '=')
		if dst, err = AppendMember(dst, m.Member); err != nil {
			return dst, err
		}
	}
	return dst, nil
}

// AppendList appends a List's serialisation (section 4.1.1).
func AppendList(dst []byte, l []Member) ([]byte, error) {
	var err error
	for i, m := range l {
		if i > 0 {
			dst = append(dst, ", "...)
		}
		if dst, err = AppendMember(dst, m); err != nil {
			return dst, err
		}
	}
	return dst, nil
}

// ValidKey reports whether s is a key (section 3.1.2).
func ValidKey(s string) bool { return validKey(s) }

func validKey(s string) bool {
	if s == "" || !isLCAlpha(s[0]) && s[0] != '*' {
		return false
	}
	for i := 1; i < len(s); i++ {
		c := s[i]
		if !isLCAlpha(c) && !isDigit(c) && c != '_' && c != '-' && c != '.' && c != '*' {
			return false
		}
	}
	return true
}

func validToken(s string) bool {
	if s == "" || !isAlpha(s[0]) && s[0] != '*' {
		return false
	}
	for i := 1; i < len(s); i++ {
		if !isTChar(s[i]) && s[i] != ':' && s[i] != '/' {
			return false
		}
	}
	return true
}
