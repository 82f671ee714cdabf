package gate

import (
	"errors"
	"net/url"
	"strings"

	"github.com/robotstxt/robotstxt"
	"github.com/robotstxt/robotstxt/fetch"
)

// Target is a task's URL parsed once, in the form every decision about it
// takes: the scope, the robots.txt matcher and the record all read the same
// value, so they cannot see different paths.
type Target struct {
	// URL is the URL the decision is about, as a browser would request it:
	// Origin followed by Path, without user information or fragment. It is
	// the record's targetURL.
	URL string
	// Origin is the canonical origin (fetch.Origin): lower case, IDN in
	// punycode, no trailing dot, no default port. Policies are cached
	// under it.
	Origin string
	// Path is the path, ";params" and "?query" with dot segments resolved
	// as browsers do ("/a/../b" and "/a/%2e%2e/b" are "/b"), in the form
	// robots.txt rules are matched against (robotstxt.NormalizePath).
	Path string
}

// ParseTarget parses rawURL, an absolute http or https URL, into a Target.
//
// The path is the one a browser requests (WHATWG URL standard, which follows
// RFC 3986 section 5.2.4): a backslash before the query is a slash, and the
// dot segments ".", "..", and their percent-encoded spellings ("%2e",
// ".%2E", ...) are resolved. Deciding on the path as written would let
// "/public/../private/x" through a "Disallow: /private/".
func ParseTarget(rawURL string) (Target, error) {
	s := rawURL
	// Special schemes: '\' before the query or fragment is a path
	// separator to a browser (and to many servers).
	if end := strings.IndexAny(s, "?#"); strings.IndexByte(s, '\\') >= 0 {
		if end < 0 {
			end = len(s)
		}
		s = strings.ReplaceAll(s[:end], `\`, "/") + s[end:]
	}
	u, err := url.Parse(s)
	if err != nil {
		var ue *url.Error
		if errors.As(err, &ue) {
			err = ue.Err
		}
		return Target{}, err
	}
	origin, err := fetch.OriginOf(u)
	if err != nil {
		return Target{}, err
	}
	p := resolveDots(u.EscapedPath())
	if u.RawQuery != "" || u.ForceQuery {
		p += "?" + u.RawQuery
	}
	if strings.HasPrefix(p, "//") {
		// NormalizePath would read "//x" as an authority; a full URL keeps
		// the empty segments a path.
		p = robotstxt.NormalizePath("http://h" + p)
	} else {
		p = robotstxt.NormalizePath(p)
	}
	return Target{URL: origin + p, Origin: origin, Path: p}, nil
}

// resolveDots removes the dot segments of an escaped path, as RFC 3986
// section 5.2.4 and the WHATWG URL standard's path state do: "." segments
// are dropped, ".." drops the segment before it (never above the root), and
// a final "." or ".." leaves a trailing slash. "%2e" counts as '.'.
func resolveDots(p string) string {
	if p == "" {
		return "/"
	}
	if !strings.Contains(p, ".") && !strings.Contains(p, "%2") {
		return p // nothing to resolve: the common case
	}
	segs := strings.Split(strings.TrimPrefix(p, "/"), "/")
	out := make([]string, 0, len(segs))
	for i, seg := range segs {
		last := i == len(segs)-1
		switch dots(seg) {
		case 1:
			if last {
				out = append(out, "")
			}
		case 2:
			if len(out) > 0 {
				out = out[:len(out)-1]
			}
			if last {
				out = append(out, "")
			}
		default:
			out = append(out, seg)
		}
	}
	return "/" + strings.Join(out, "/")
}

// dots returns 1 for a single-dot segment, 2 for a double-dot one, else 0.
func dots(seg string) int {
	n := 0
	for len(seg) > 0 {
		switch {
		case seg[0] == '.':
			seg = seg[1:]
		case len(seg) >= 3 && seg[0] == '%' && seg[1] == '2' && (seg[2] == 'e' || seg[2] == 'E'):
			seg = seg[3:]
		default:
			return 0
		}
		n++
		if n > 2 {
			return 0
		}
	}
	return n
}

// stripUserinfo removes "user:password@" from the authority of rawURL, so
// that credentials in a task's URL reach neither records nor logs. It works
// on text that does not parse too.
func stripUserinfo(rawURL string) string {
	i := strings.Index(rawURL, "//")
	if i < 0 {
		return rawURL
	}
	auth := rawURL[i+2:]
	end := strings.IndexAny(auth, "/?#")
	if end < 0 {
		end = len(auth)
	}
	// A backslash ends the authority for a browser.
	if j := strings.IndexByte(auth[:end], '\\'); j >= 0 {
		end = j
	}
	at := strings.LastIndexByte(auth[:end], '@')
	if at < 0 {
		return rawURL
	}
	return rawURL[:i+2] + auth[at+1:]
}
