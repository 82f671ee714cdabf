package textsafe

import "strings"

// Kinds of input that Kind tells apart.
const (
	Text   = ""       // text: what a robots.txt should be
	UTF16  = "utf16"  // text in UTF-16 (with or without a byte order mark)
	Binary = "binary" // not text at all: NUL bytes or mostly control bytes
)

// sniffLen is how much of the input Kind looks at.
const sniffLen = 8 << 10

// Kind tells text from UTF-16 text and from binary data (an executable,
// an image, a compressed body), looking at the first 8 KiB.
//
// UTF-16 is a byte order mark, or NUL bytes at nearly every even or nearly
// every odd offset (ASCII text in UTF-16). Binary is any other NUL byte, or
// more than one byte in ten being a control byte other than whitespace.
func Kind(s string) string {
	if strings.HasPrefix(s, "\xFF\xFE") || strings.HasPrefix(s, "\xFE\xFF") {
		return UTF16
	}
	head := s[:min(len(s), sniffLen)]
	var nul [2]int
	controls := 0
	for i := 0; i < len(head); i++ {
		switch c := head[i]; {
		case c == 0:
			nul[i&1]++
		case c < 0x20 && c != '\t' && c != '\n' && c != '\r' && c != '\f' && c != '\v', c == 0x7f:
			controls++
		}
	}
	if nul[0]+nul[1] == 0 {
		if controls*10 > len(head) {
			return Binary
		}
		return Text
	}
	half := len(head) / 2
	if len(head) >= 16 && (nul[0]*10 >= half*8 && nul[1]*10 < half || nul[1]*10 >= half*8 && nul[0]*10 < half) {
		return UTF16
	}
	return Binary
}
