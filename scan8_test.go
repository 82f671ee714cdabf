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

// pathOfGeneral is pathOf without its fast path for "http://" and
// "https://": the general rule, where the first "://" before any '/', '?'
// or ';' ends the scheme.
func pathOfGeneral(rawURL string) (string, bool) {
	start := 0
	if len(rawURL) >= 2 && rawURL[0] == '/' && rawURL[1] == '/' {
		start = 2
	}
	s := rawURL[start:]
	early := indexPathStart(s)
	proto := strings.Index(s, "://")
	if proto < 0 || early >= 0 && early < proto {
		proto = 0
	} else {
		proto += 3
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

// TestPathOfSchemeFastPath: pathOf's fast path for http and https URLs
// gives what the general rule gives (Google's GetPathParamsQuery).
func TestPathOfSchemeFastPath(t *testing.T) {
	heads := []string{"http://", "https://", "HTTPS://", "http:/", "https:", "http://://", "https://a://", "//https://", "ftp://", "http:///", "https://?", "https://;"}
	tails := []string{"", "a", "a/", "a/b", "a/b?c", "a?b", "a;b/c", "a#b", "a/#b", "a/b#c/d", "a:80/b", "a://b/c", "/x", "?q", ";p", "#f", "u@a/b"}
	for _, h := range heads {
		for _, tl := range tails {
			u := h + tl
			p, slash := pathOf(u)
			wp, wslash := pathOfGeneral(u)
			if p != wp || slash != wslash {
				t.Errorf("pathOf(%q) = %q, %v; the general rule gives %q, %v", u, p, slash, wp, wslash)
			}
		}
	}
}

// FuzzFastPaths holds pathOf, pathIsCanonical and canonicalPath to their
// general, octet-by-octet definitions on any input.
func FuzzFastPaths(f *testing.F) {
	for _, s := range []string{"https://a/b%2Fc?d#e", "http://a://b", "/wiki/Wikipedia%3AX", "https://;x", "//h/p", "/a%7e*$"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, u string) {
		p, slash := pathOf(u)
		if wp, wslash := pathOfGeneral(u); p != wp || slash != wslash {
			t.Fatalf("pathOf(%q) = %q, %v; the general rule gives %q, %v", u, p, slash, wp, wslash)
		}
		if got, want := pathIsCanonical(u), pathIsCanonicalOctets(u); got != want {
			t.Fatalf("pathIsCanonical(%q) = %v, want %v", u, got, want)
		}
		gp, gok := canonicalPath(u)
		if wp, wok := canonicalPathOctets(u); gp != wp || gok != wok {
			t.Fatalf("canonicalPath(%q) = %q, %v; want %q, %v", u, gp, gok, wp, wok)
		}
	})
}
