package robotstxt

import "strings"

// Percent-encoding normalisation, RFC 9309 section 2.2.2.
//
// Patterns and URL paths are brought to one canonical form before they are
// compared, so that equal resources compare equal however they were written:
//
//  1. %XX encoding an unreserved character (A-Z a-z 0-9 - . _ ~) is decoded;
//  2. the hex digits of every other %XX are upper-cased;
//  3. every octet >= 0x80 is percent-encoded;
//  4. for matching only: control characters, space, DEL and a '%' that
//     starts no escape are percent-encoded, and so are the octets that are
//     operators in patterns:
//     on the URL side every '*' and '$', on the pattern side a '$' that is
//     not the last character (it is a literal there, RFC 9309 section 2.2.3).
//
// Steps 1 to 3 give the pattern's canonical text, whose length in octets is
// the rule's priority (RFC 9309 section 2.2.2, "the match that has the most
// octets"). Step 4 only makes literal and encoded forms of the same octet
// compare equal.

const upperHex = "0123456789ABCDEF"

// byteClass tells what the normaliser must do with an octet.
const (
	keep     = iota // copied as is
	percent         // '%': look at the two following octets
	encode          // always percent-encoded (>= 0x80)
	encodeM         // percent-encoded in the match form (controls, space, DEL)
	operator        // '*' or '$'
)

var byteClasses = func() (t [256]uint8) {
	for c := 0; c < 256; c++ {
		switch {
		case c >= 0x80:
			t[c] = encode
		case c <= 0x20 || c == 0x7F:
			t[c] = encodeM
		case c == '%':
			t[c] = percent
		case c == '*' || c == '$':
			t[c] = operator
		}
	}
	return t
}()

func isUnreserved(c byte) bool {
	return 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || '0' <= c && c <= '9' ||
		c == '-' || c == '.' || c == '_' || c == '~'
}

func unhex(c byte) (byte, bool) {
	switch {
	case '0' <= c && c <= '9':
		return c - '0', true
	case 'a' <= c && c <= 'f':
		return c - 'a' + 10, true
	case 'A' <= c && c <= 'F':
		return c - 'A' + 10, true
	}
	return 0, false
}

func isLowerHex(c byte) bool { return 'a' <= c && c <= 'f' }

// pathIsCanonical reports whether the URL path p is already in match form,
// which is the case for most paths and lets the matcher use p in place.
func pathIsCanonical(p string) bool {
	for i := 0; i < len(p); i++ {
		i = skipPlain(p, i, &keepInPath)
		for i < len(p) && keepInPath[p[i]] != 0 {
			i++
		}
		if i == len(p) {
			break
		}
		switch byteClasses[p[i]] {
		case percent:
			if !isHexPair(p[i+1:]) {
				return false
			}
			h, _ := unhex(p[i+1])
			l, _ := unhex(p[i+2])
			if isUnreserved(h<<4|l) || isLowerHex(p[i+1]) || isLowerHex(p[i+2]) {
				return false
			}
			i += 2 // the two hex digits
		default:
			return false
		}
	}
	return true
}

// plainInPath holds the octets a path in match form keeps as they are,
// '#' (which ends the path) apart; keepInPath, every octet of class keep.
// One octet each, not bool, so that skipPlain can AND eight of them.
var plainInPath, keepInPath = func() (plain, kept [256]uint8) {
	for c := range plain {
		if byteClasses[c] == keep {
			kept[c] = 1
			if c != '#' {
				plain[c] = 1
			}
		}
	}
	return plain, kept
}()

// skipPlain returns the index of the first octet of s at or after i that
// the table does not hold, or one of the eight before it: it looks at
// eight octets at a time, with no branch within them, and leaves the
// octet-by-octet loop of its callers the rest. Paths run to tens of
// octets, nearly all of them plain.
func skipPlain(s string, i int, t *[256]uint8) int {
	for ; i+8 <= len(s); i += 8 {
		w := s[i : i+8]
		if t[w[0]]&t[w[1]]&t[w[2]]&t[w[3]]&t[w[4]]&t[w[5]]&t[w[6]]&t[w[7]] == 0 {
			break
		}
	}
	return i
}

// canonicalPath returns the path of a URL given as a path ("/a/b?c#d")
// that is already in match form, in one pass: what crawlers mostly pass.
// ok is false for anything else, which pathOf and appendPath handle.
func canonicalPath(rawURL string) (p string, ok bool) {
	if len(rawURL) == 0 || rawURL[0] != '/' || len(rawURL) > 1 && rawURL[1] == '/' {
		return "", false
	}
	for i := 1; i < len(rawURL); i++ {
		i = skipPlain(rawURL, i, &plainInPath)
		for i < len(rawURL) && plainInPath[rawURL[i]] != 0 {
			i++
		}
		if i == len(rawURL) {
			break
		}
		c := rawURL[i]
		switch byteClasses[c] {
		case keep: // '#'
			return rawURL[:i], true
		case percent:
			if !isHexPair(rawURL[i+1:]) {
				return "", false
			}
			h, _ := unhex(rawURL[i+1])
			l, _ := unhex(rawURL[i+2])
			if isUnreserved(h<<4|l) || isLowerHex(rawURL[i+1]) || isLowerHex(rawURL[i+2]) {
				return "", false
			}
		default:
			return "", false
		}
	}
	return rawURL, true
}

// isHexPair reports whether s starts with two hex digits.
func isHexPair(s string) bool {
	if len(s) < 2 {
		return false
	}
	_, ok1 := unhex(s[0])
	_, ok2 := unhex(s[1])
	return ok1 && ok2
}

// appendPath appends the match form of the URL path p to dst.
func appendPath(dst []byte, p string) []byte {
	for i := 0; i < len(p); i++ {
		c := p[i]
		switch byteClasses[c] {
		case keep:
			dst = append(dst, c)
		case percent:
			var n int
			dst, n = appendEscape(dst, p[i:], "%25")
			i += n - 1
		default: // encode, encodeM, operator
			dst = append(dst, '%', upperHex[c>>4], upperHex[c&15])
		}
	}
	return dst
}

// appendEscape handles the '%' at s[0]: it appends the decoded unreserved
// character, or the escape with upper-case hex digits, or, when no two hex
// digits follow, lone (the '%' itself for canonical text, "%25" for the
// match form). It returns how many bytes of s it consumed.
func appendEscape(dst []byte, s string, lone string) ([]byte, int) {
	if len(s) >= 3 {
		h, ok1 := unhex(s[1])
		l, ok2 := unhex(s[2])
		if ok1 && ok2 {
			if v := h<<4 | l; isUnreserved(v) {
				return append(dst, v), 3
			}
			return append(dst, '%', upperHex[h], upperHex[l]), 3
		}
	}
	return append(dst, lone...), 1
}

// CanonicalPattern returns the canonical text of an allow/disallow pattern:
// steps 1 to 3 above. Its length is the rule's priority.
func CanonicalPattern(p string) string {
	canonical := true
	for i := 0; i < len(p) && canonical; i++ {
		switch byteClasses[p[i]] {
		case encode:
			canonical = false
		case percent:
			if i+2 < len(p) {
				h, ok1 := unhex(p[i+1])
				l, ok2 := unhex(p[i+2])
				if ok1 && ok2 && (isUnreserved(h<<4|l) || isLowerHex(p[i+1]) || isLowerHex(p[i+2])) {
					canonical = false
				}
			}
		}
	}
	if canonical {
		return p
	}
	dst := make([]byte, 0, len(p)+8)
	for i := 0; i < len(p); i++ {
		c := p[i]
		switch byteClasses[c] {
		case percent:
			var n int
			dst, n = appendEscape(dst, p[i:], "%")
			i += n - 1
		case encode:
			dst = append(dst, '%', upperHex[c>>4], upperHex[c&15])
		default:
			dst = append(dst, c)
		}
	}
	return string(dst)
}

// patternMatchForm returns the form the matcher compares a raw pattern in,
// built in one pass over the pattern exactly as appendPath builds a URL's:
// unreserved escapes decoded, other escapes upper-cased, a '%' that starts
// no escape written "%25" (RFC 3986 section 2.4), octets >= 0x80, controls,
// space and DEL percent-encoded, '*' kept as the operator, a final '$' kept
// as the end anchor and any other '$' written "%24". Building it from the
// canonical text instead would read a stray '%' and the digits decoded after
// it ("/%%34%31" -> "/%41") as a new escape.
func patternMatchForm(p string) string {
	n := len(p)
	anchored := n > 0 && p[n-1] == '$'
	if anchored {
		n--
	}
	need := false
	for i := 0; i < n && !need; i++ {
		switch byteClasses[p[i]] {
		case keep:
		case operator:
			need = p[i] == '$'
		case percent:
			if !isHexPair(p[i+1 : n]) {
				need = true
				break
			}
			h, _ := unhex(p[i+1])
			l, _ := unhex(p[i+2])
			need = isUnreserved(h<<4|l) || isLowerHex(p[i+1]) || isLowerHex(p[i+2])
		default:
			need = true
		}
	}
	if !need {
		return p
	}
	dst := make([]byte, 0, len(p)+8)
	for i := 0; i < n; i++ {
		c := p[i]
		switch byteClasses[c] {
		case keep:
			dst = append(dst, c)
		case operator:
			if c == '*' {
				dst = append(dst, c)
			} else {
				dst = append(dst, "%24"...)
			}
		case percent:
			var k int
			dst, k = appendEscape(dst, p[i:n], "%25")
			i += k - 1
		default: // encode, encodeM
			dst = append(dst, '%', upperHex[c>>4], upperHex[c&15])
		}
	}
	if anchored {
		dst = append(dst, '$')
	}
	return string(dst)
}

// NormalizePath returns the path of rawURL in the form the matcher compares
// it: path, ";params" and "?query", without the fragment, starting with "/",
// percent-encoding normalised as RFC 9309 section 2.2.2 describes, and with
// a literal '*' or '$' encoded as %2A or %24.
func NormalizePath(rawURL string) string {
	p, slash := pathOf(rawURL)
	if !slash && pathIsCanonical(p) {
		return p
	}
	var dst []byte
	if slash {
		dst = append(dst, '/')
	}
	return string(appendPath(dst, p))
}

// PathOf returns the part of rawURL that robots.txt rules are matched
// against: the path with ";params" and "?query", without scheme, authority
// and fragment, always starting with "/" ("/" when there is no path). It
// follows Google's GetPathParamsQuery: without "://", text before the first
// '/', '?' or ';' is taken as the host, and a leading "//" is skipped.
func PathOf(rawURL string) string {
	p, slash := pathOf(rawURL)
	if slash {
		return "/" + p
	}
	return p
}

// pathOf is PathOf without allocating: when slash is true the path is "/"
// followed by p.
func pathOf(rawURL string) (p string, slash bool) {
	// Fast path: a path, as crawlers mostly pass, is itself up to '#'.
	if len(rawURL) > 0 && rawURL[0] == '/' && (len(rawURL) == 1 || rawURL[1] != '/') {
		if i := strings.IndexByte(rawURL, '#'); i >= 0 {
			return rawURL[:i], false
		}
		return rawURL, false
	}
	start := 0
	if len(rawURL) >= 2 && rawURL[0] == '/' && rawURL[1] == '/' {
		start = 2
	}
	s := rawURL[start:]
	var proto int
	switch {
	// What a crawler mostly passes, where the general rule below gives
	// the same: the first "://" ends the scheme, before any '/'.
	case strings.HasPrefix(s, "https://"):
		proto = 8
	case strings.HasPrefix(s, "http://"):
		proto = 7
	default:
		early := indexPathStart(s)
		proto = strings.Index(s, "://")
		if proto < 0 || early >= 0 && early < proto {
			proto = 0
		} else {
			proto += 3
		}
	}
	pathStart := indexPathStart(s[proto:])
	if pathStart < 0 {
		return "/", false
	}
	pathStart += proto
	hash := strings.IndexByte(s, '#')
	if hash >= 0 && hash < pathStart {
		return "/", false
	}
	end := len(s)
	if hash >= 0 {
		end = hash
	}
	return s[pathStart:end], s[pathStart] != '/'
}

// indexPathStart returns the index of the first '/', '?' or ';' in s, or -1.
func indexPathStart(s string) int {
	for i := 0; i < len(s); i++ {
		if c := s[i]; c == '/' || c == '?' || c == ';' {
			return i
		}
	}
	return -1
}
