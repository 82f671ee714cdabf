package textsafe

import (
	"strings"
	"unicode/utf8"
)

const hexDigits = "0123456789abcdef"

// Escape returns s with every byte or character a terminal would act on
// written as a Go-style escape: C0 controls and DEL as \xNN (tab included),
// C1 controls (U+0080 to U+009F) as \u00NN, and each byte of invalid UTF-8
// as \xNN. A backslash stays as it is, so ordinary Windows paths and
// regular expressions read naturally; the escapes are for reading, not for
// reversing. Text that needs no escaping is returned as is, without
// allocating.
func Escape(s string) string {
	if !needs(s) {
		return s
	}
	var b strings.Builder
	b.Grow(len(s) + 8)
	for i := 0; i < len(s); {
		c := s[i]
		if c < utf8.RuneSelf {
			if c < 0x20 || c == 0x7f {
				b.WriteString(`\x`)
				b.WriteByte(hexDigits[c>>4])
				b.WriteByte(hexDigits[c&15])
			} else {
				b.WriteByte(c)
			}
			i++
			continue
		}
		r, n := utf8.DecodeRuneInString(s[i:])
		switch {
		case r == utf8.RuneError && n == 1:
			b.WriteString(`\x`)
			b.WriteByte(hexDigits[c>>4])
			b.WriteByte(hexDigits[c&15])
		case r >= 0x80 && r <= 0x9f:
			b.WriteString(`\u00`)
			b.WriteByte(hexDigits[r>>4&15])
			b.WriteByte(hexDigits[r&15])
		default:
			b.WriteString(s[i : i+n])
		}
		i += n
	}
	return b.String()
}

func needs(s string) bool {
	if printable(s) {
		return false // most text: no need to read it a byte at a time
	}
	for i := 0; i < len(s); i++ {
		if c := s[i]; c < 0x20 || c == 0x7f || c >= utf8.RuneSelf {
			if c >= utf8.RuneSelf {
				// Only invalid UTF-8 and C1 controls need escaping.
				r, n := utf8.DecodeRuneInString(s[i:])
				if r == utf8.RuneError && n == 1 || r >= 0x80 && r <= 0x9f {
					return true
				}
				i += n - 1
				continue
			}
			return true
		}
	}
	return false
}

// printable reports whether every byte of s is printable ASCII (' ' to
// '~'), which Escape leaves as it is. It tests 8 bytes at a time
// (the last 8 overlapping the ones before): a URL is mostly such bytes.
func printable(s string) bool {
	if len(s) < 8 {
		for i := 0; i < len(s); i++ {
			if s[i] < ' ' || s[i] > '~' {
				return false
			}
		}
		return true
	}
	last := s[len(s)-8:]
	for len(s) > 8 {
		if !printable8(load8(s)) {
			return false
		}
		s = s[8:]
	}
	return printable8(load8(last))
}

// load8 reads the first 8 bytes of s (at least 8) as a little-endian word.
func load8(s string) uint64 {
	_ = s[7]
	return uint64(s[0]) | uint64(s[1])<<8 | uint64(s[2])<<16 | uint64(s[3])<<24 |
		uint64(s[4])<<32 | uint64(s[5])<<40 | uint64(s[6])<<48 | uint64(s[7])<<56
}

// printable8 reports whether the 8 bytes of x are all printable ASCII:
// none is below ' ' (subtracting ' ' borrows into a clear high bit), and
// none above '~' (its high bit is set, or adding 1 sets it).
func printable8(x uint64) bool {
	const ones, highs = 0x0101010101010101, 0x8080808080808080
	return (x-ones*' ')&^x&highs == 0 && (x+ones|x)&highs == 0
}
