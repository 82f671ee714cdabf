package robotstxt

import (
	"strings"
	"testing"
)

// The word-at-a-time scans (skipPlain, commonPrefix) against their
// octet-by-octet definitions: every octet value at every position of
// strings around the 8-octet boundaries, so that a wrong mask or a lost
// tail shows.

func pathIsCanonicalOctets(p string) bool {
	for i := 0; i < len(p); i++ {
		switch byteClasses[p[i]] {
		case keep:
		case percent:
			if !isHexPair(p[i+1:]) {
				return false
			}
			h, _ := unhex(p[i+1])
			l, _ := unhex(p[i+2])
			if isUnreserved(h<<4|l) || isLowerHex(p[i+1]) || isLowerHex(p[i+2]) {
				return false
			}
		default:
			return false
		}
	}
	return true
}

func canonicalPathOctets(rawURL string) (string, bool) {
	if len(rawURL) == 0 || rawURL[0] != '/' || len(rawURL) > 1 && rawURL[1] == '/' {
		return "", false
	}
	if i := strings.IndexByte(rawURL, '#'); i >= 0 {
		if !pathIsCanonicalOctets(rawURL[:i]) {
			return "", false
		}
		return rawURL[:i], true
	}
	if !pathIsCanonicalOctets(rawURL) {
		return "", false
	}
	return rawURL, true
}

func TestWordScansAgreeWithOctetScans(t *testing.T) {
	base := "/abcdefghijklmnopqrstuvwxyz0123"
	for n := 1; n <= len(base); n++ {
		for pos := 0; pos < n; pos++ {
			for c := 0; c < 256; c++ {
				b := []byte(base[:n])
				b[pos] = byte(c)
				for _, p := range []string{string(b), string(b) + "%2F", string(b) + "%2f", string(b) + "#x"} {
					if got, want := pathIsCanonical(p), pathIsCanonicalOctets(p); got != want {
						t.Fatalf("pathIsCanonical(%q) = %v, want %v", p, got, want)
					}
					gp, gok := canonicalPath(p)
					wp, wok := canonicalPathOctets(p)
					if gp != wp || gok != wok {
						t.Fatalf("canonicalPath(%q) = %q, %v; want %q, %v", p, gp, gok, wp, wok)
					}
				}
			}
		}
	}
}

func TestCommonPrefixWords(t *testing.T) {
	a := "/wiki/Wikipedia:Articles_for_deletion/x"
	for n := 0; n <= len(a); n++ {
		for m := 0; m <= len(a); m++ {
			for diff := -1; diff < min(n, m); diff++ {
				b := []byte(a[:m])
				if diff >= 0 {
					b[diff] ^= 0x20
				}
				want := 0
				for want < n && want < m && a[want] == b[want] {
					want++
				}
				if got := commonPrefix(a[:n], string(b)); got != want {
					t.Fatalf("commonPrefix(%q, %q) = %d, want %d", a[:n], b, got, want)
				}
			}
		}
	}
}
