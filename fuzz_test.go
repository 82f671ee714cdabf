package robotstxt_test

import (
	"fmt"
	"strings"
	"testing"

	"github.com/robotstxt/robotstxt"
	"github.com/robotstxt/robotstxt/internal/testutil"
)

// corpusSeeds adds the smaller files of the shared corpus as fuzz seeds.
func corpusSeeds(f *testing.F, add func(string)) {
	for _, cf := range testutil.Corpus(f, "../shared/corpus/robots") {
		if len(cf.Data) <= 64<<10 {
			add(string(cf.Data))
		}
	}
}

// FuzzParse: parsing never panics, and what Parse keeps agrees with what
// Lines reports line by line.
func FuzzParse(f *testing.F) {
	for _, s := range []string{"", "User-agent: *\nDisallow: /\n", "\xEF\xBB\xBFuser-agent foo\r\ndisalow /a\rallow: /a/b#c\x00d", "Allow: /x\nSitemap: s\nUser-agent: a\nUser-agent: b\n\nHost: h\nDisallow:\n"} {
		f.Add(s)
	}
	corpusSeeds(f, func(s string) { f.Add(s) })
	f.Fuzz(func(t *testing.T, text string) {
		r := robotstxt.ParseString(text)
		if r.Size != len(text) || r.Parsed > r.Size || r.Truncated != (len(text) > robotstxt.DefaultMaxBytes) {
			t.Fatalf("Size=%d Parsed=%d Truncated=%v for %d bytes", r.Size, r.Parsed, r.Truncated, len(text))
		}
		var ua, rules, sitemaps, other int
		for l := range robotstxt.Lines(r.Text()) {
			switch l.Field {
			case robotstxt.FieldUserAgent:
				ua++
			case robotstxt.FieldAllow, robotstxt.FieldDisallow:
				rules++
			case robotstxt.FieldSitemap:
				sitemaps++
			case robotstxt.FieldOther:
				other++
			}
			if l.Field != robotstxt.FieldNone && (l.Key == "" || strings.ContainsAny(l.Key+l.Value, "#\r\n\x00")) {
				t.Fatalf("line %d: key %q value %q", l.Number, l.Key, l.Value)
			}
		}
		gotUA, gotRules, last := 0, len(r.Orphans), 0
		for _, g := range r.Groups {
			if len(g.UserAgents) == 0 {
				t.Fatal("a group without user-agent lines")
			}
			gotUA += len(g.UserAgents)
			gotRules += len(g.Rules)
			for _, u := range g.UserAgents {
				if u.Line <= last {
					t.Fatalf("user-agent line %d after line %d", u.Line, last)
				}
				last = u.Line
			}
			for _, rule := range g.Rules {
				if rule.Line <= last {
					t.Fatalf("rule line %d after line %d", rule.Line, last)
				}
				last = rule.Line
			}
		}
		if ua != gotUA || rules != gotRules || sitemaps != len(r.Sitemaps) || other != len(r.Other) {
			t.Fatalf("Lines saw %d/%d/%d/%d user-agent/rule/sitemap/other lines, Parse kept %d/%d/%d/%d",
				ua, rules, sitemaps, other, gotUA, gotRules, len(r.Sitemaps), len(r.Other))
		}
		for _, agent := range []string{"", "*", "googlebot", "Mozilla/5.0 (compatible; Googlebot/2.1)", "Googlebot-Image", "AdsBot-Google", "YandexBot"} {
			for _, u := range []string{"/", "/a/b?c", "http://x/%E3%83%84*$"} {
				checkVerdict(t, r.Check(agent, u))
			}
		}
		// Yandex's reading only splits the file's groups.
		if a := r.Agent("YandexBot"); a.Reading() != "" {
			for _, g := range a.Groups() {
				if g < 0 || g >= len(r.Groups) {
					t.Fatalf("Yandex reading names group %d of %d", g, len(r.Groups))
				}
			}
		}
	})
}

func checkVerdict(t *testing.T, v robotstxt.Verdict) {
	t.Helper()
	if (v.Reason == robotstxt.MatchedRule) != (v.Rule != nil) {
		t.Fatalf("reason %s with rule %v", v.Reason, v.Rule)
	}
	if v.Rule != nil && (v.Rule.Kind == robotstxt.Allow) != v.Allowed {
		t.Fatalf("rule %v contradicts allowed=%v", *v.Rule, v.Allowed)
	}
	if v.Rule == nil && !v.Allowed {
		t.Fatalf("disallowed without a rule: %+v", v)
	}
}

// verdictDiff describes how two verdicts differ, or returns "".
func verdictDiff(a, b robotstxt.Verdict) string {
	line := func(r *robotstxt.Rule) int {
		if r == nil {
			return 0
		}
		return r.Line
	}
	switch {
	case a.Allowed != b.Allowed, a.Reason != b.Reason, a.ViaIndexHTML != b.ViaIndexHTML,
		a.Rule != b.Rule, a.Overruled != b.Overruled, a.Fallback != b.Fallback, a.Reading != b.Reading,
		len(a.UserAgents) != len(b.UserAgents):
		return fmt.Sprintf("allowed %v/%v, reason %s/%s, index.html %v/%v, rule line %d/%d, overruled line %d/%d, %d/%d user-agent lines",
			a.Allowed, b.Allowed, a.Reason, b.Reason, a.ViaIndexHTML, b.ViaIndexHTML,
			line(a.Rule), line(b.Rule), line(a.Overruled), line(b.Overruled), len(a.UserAgents), len(b.UserAgents))
	}
	return ""
}

// FuzzMatch: the matcher agrees with a deliberately simple reference
// matcher, written here from RFC 9309 alone, on random rules and paths.
// Rules are given one per line, the first byte choosing the kind.
func FuzzMatch(f *testing.F) {
	f.Add("D/\nA/fish", "/fish/x")
	f.Add("D/*a*a*a*b\nA/a", "/aaaaaaaaaaaaaaaaaaaaaaaaaaaa")
	f.Add("D/*.php$\nA/index.html\nD/%7e*", "/~x/index.php")
	f.Add("D/a$b\nA/a%24b$\nD/%2A", "/a$b")
	f.Add("D/*\nAx/index.htm", "/x/")
	f.Add("D/ツ\nA/%E3%83%84/", "/ツ/%e3%83%84")
	f.Add("D/100%\nA/100%25x", "/100%x")
	// A '%' that starts no escape, next to escapes (RFC 3986 section 2.4).
	f.Add("D/%%34%31", "/%%34%31")
	f.Add("D/%4%31", "/%4%31")
	f.Add("D/\nA/%4%41", "/%4%41")
	f.Add("D/%%32%46", "/%2F")
	f.Add("D/%%41B", "/%AB")
	f.Add("D/\nA/%%34%31/index.html", "/%%34%31/")
	f.Add("D/*q3z\nA/fish/\nD/k5", "/fish/xw4q3zw1")
	f.Fuzz(func(t *testing.T, spec, path string) {
		if len(spec) > 400 || len(path) > 200 {
			return
		}
		var b strings.Builder
		b.WriteString("User-agent: *\n")
		var rules []refRule
		for i, line := range strings.Split(spec, "\n") {
			if line == "" {
				continue
			}
			kind, pat := line[0], clean(line[1:])
			if pat == "" {
				continue
			}
			allow := kind&1 == 1 // 'A' allows, 'D' disallows
			if allow {
				b.WriteString("Allow: ")
			} else {
				b.WriteString("Disallow: ")
			}
			b.WriteString(pat + "\n")
			rules = append(rules, refRule{allow: allow, pattern: pat, line: i + 2})
		}
		if len(spec)%2 == 1 {
			// Enough other rules to switch on the needle index (wildcard
			// rules with a short prefix, and many under one prefix) and the
			// bucketed key search, so that those paths are compared too.
			for i := 0; i < 210; i++ {
				var p string
				switch i % 3 {
				case 0:
					p = fmt.Sprintf("/*q%dz", i)
				case 1:
					p = fmt.Sprintf("/fish/*w%d$", i)
				default:
					p = fmt.Sprintf("/k%d/", i)
				}
				fmt.Fprintf(&b, "Disallow: %s\n", p)
				rules = append(rules, refRule{allow: false, pattern: p})
			}
		}
		for i := range rules { // line numbers of the written file
			rules[i].line = i + 2
		}
		path = "/" + strings.ReplaceAll(path, "#", "")
		r := robotstxt.ParseString(b.String())
		v := r.Check("bot", path)
		checkVerdict(t, v)
		wantAllowed, wantLine := refDecide(rules, path)
		gotLine := 0
		if v.Rule != nil {
			gotLine = v.Rule.Line
		}
		if v.Allowed != wantAllowed || gotLine != wantLine {
			t.Fatalf("rules:\n%s\npath %q: got allowed=%v line=%d (%s), reference says allowed=%v line=%d",
				b.String(), path, v.Allowed, gotLine, v.Reason, wantAllowed, wantLine)
		}
		// The same answer, in every detail, from the rules tried in turn
		// and from the compiled matcher (interpret.go).
		// A normalised path gets the verdict of the URL it came from (the
		// command line checks it so, normalising once); "//a" would read
		// as a host.
		if np := robotstxt.NormalizePath(path); !strings.HasPrefix(np, "//") {
			if d := verdictDiff(r.Check("bot", np), v); d != "" {
				t.Fatalf("rules:\n%s\npath %q, normalised %q: %s", b.String(), path, np, d)
			}
		}
		if cv, np := r.Agent("bot").CheckWithPath(path); np != robotstxt.NormalizePath(path) {
			t.Fatalf("path %q: CheckWithPath's path %q, NormalizePath's %q", path, np, robotstxt.NormalizePath(path))
		} else if d := verdictDiff(cv, v); d != "" {
			t.Fatalf("rules:\n%s\npath %q: CheckWithPath differs from Check: %s", b.String(), path, d)
		}
		if got := r.Allowed("bot", path); got != v.Allowed {
			t.Fatalf("rules:\n%s\npath %q: Allowed says %v, Check %v", b.String(), path, got, v.Allowed)
		}
		iv, ok, cv := robotstxt.CheckBothWays(r.Agent("bot"), path)
		if d := verdictDiff(v, cv); d != "" {
			t.Fatalf("rules:\n%s\npath %q: compiled matcher differs from the first check: %s", b.String(), path, d)
		}
		if d := verdictDiff(iv, cv); ok && d != "" {
			t.Fatalf("rules:\n%s\npath %q: rules tried in turn differ from the compiled matcher: %s", b.String(), path, d)
		}
	})
}

// FuzzNormalizePath: the result is a path, it is what the reference
// normalisation gives, and normalising it again changes nothing.
func FuzzNormalizePath(f *testing.F) {
	for _, s := range []string{"/", "/%7e", "http://x/a?b#c", "/%%3741", "/ツ*$", "example.com?a", "//h/p"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, u string) {
		p := robotstxt.NormalizePath(u)
		if p == "" || p[0] != '/' {
			t.Fatalf("NormalizePath(%q) = %q, not a path", u, p)
		}
		// A path starting with "//" reads as a scheme-relative URL when given
		// again; any other normalised path is a fixed point.
		if q := robotstxt.NormalizePath(p); q != p && !strings.HasPrefix(p, "//") {
			t.Fatalf("NormalizePath(%q) = %q, but normalising that gives %q", u, p, q)
		}
		if want := refPath(robotstxt.PathOf(u)); p != want {
			t.Fatalf("NormalizePath(%q) = %q, reference %q", u, p, want)
		}
		// CheckWithPath's path is NormalizePath's, and its verdict Check's,
		// for full URLs and every other input too.
		bot := fuzzPathFile.Agent("bot")
		v, cp := bot.CheckWithPath(u)
		if cp != p {
			t.Fatalf("CheckWithPath(%q) path = %q, NormalizePath gives %q", u, cp, p)
		}
		if d := verdictDiff(v, bot.Check(u)); d != "" {
			t.Fatalf("CheckWithPath(%q) differs from Check: %s", u, d)
		}
	})
}

// fuzzPathFile has rules of each kind for FuzzNormalizePath's checks.
var fuzzPathFile = robotstxt.ParseString("User-agent: *\nDisallow: /a\nAllow: /a/~b\nDisallow: /*%2A\nDisallow: /*.php$\nAllow: /$\nDisallow: //x\nAllow: /%E3%83%84\n")

// clean makes s a value the parser keeps as is: no comment, line break or
// NUL, no surrounding whitespace.
func clean(s string) string {
	s = strings.Map(func(r rune) rune {
		switch r {
		case '#', '\r', '\n', 0:
			return -1
		}
		return r
	}, s)
	return strings.Trim(s, " \t\v\f")
}

// The reference matcher.

type refRule struct {
	allow   bool
	pattern string
	line    int
}

func isUnreservedRef(c byte) bool {
	return strings.IndexByte("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~", c) >= 0
}

func hexVal(c byte) int {
	if i := strings.IndexByte("0123456789abcdef", c); i >= 0 {
		return i
	}
	return strings.IndexByte("0123456789ABCDEF", c)
}

// refUnits splits s into octets in canonical text: a decoded unreserved
// character, an upper-case escape, or a single raw octet.
func refUnits(s string) []string {
	var out []string
	for i := 0; i < len(s); i++ {
		c := s[i]
		if c == '%' && i+2 < len(s) && hexVal(s[i+1]) >= 0 && hexVal(s[i+2]) >= 0 {
			v := byte(hexVal(s[i+1])<<4 | hexVal(s[i+2]))
			if isUnreservedRef(v) {
				out = append(out, string([]byte{v}))
			} else {
				out = append(out, fmt.Sprintf("%%%02X", v))
			}
			i += 2
			continue
		}
		out = append(out, string([]byte{c}))
	}
	return out
}

// refEncode gives the octet's match form: raw octets that URLs cannot hold
// literally are escaped.
func refEncode(u string, operators bool) string {
	if len(u) != 1 {
		return u
	}
	c := u[0]
	if c >= 0x80 || c <= 0x20 || c == 0x7F || c == '%' || operators && (c == '*' || c == '$') {
		return fmt.Sprintf("%%%02X", c)
	}
	return u
}

func refPath(p string) string {
	var b strings.Builder
	for _, u := range refUnits(p) {
		b.WriteString(refEncode(u, true))
	}
	return b.String()
}

// refPattern returns the pattern's priority (octets of its canonical text)
// and its match form, in which '*' and a final '$' are operators.
func refPattern(p string) (int, string) {
	units := refUnits(p)
	pri := 0
	var b strings.Builder
	for i, u := range units {
		if len(u) == 1 && u[0] >= 0x80 {
			pri += 3
		} else {
			pri += len(u)
		}
		switch {
		case u == "*":
			b.WriteString("*")
		case u == "$" && i == len(units)-1:
			b.WriteString("$")
		default:
			b.WriteString(refEncode(u, true))
		}
	}
	return pri, b.String()
}

// refGlob matches pattern (with '*' and a final '$') against the start of
// s, by dynamic programming.
func refGlob(pattern, s string) bool {
	anchored := strings.HasSuffix(pattern, "$")
	if anchored {
		pattern = pattern[:len(pattern)-1]
	}
	// ok[j]: pattern[:i] can match s[:j].
	ok := make([]bool, len(s)+1)
	ok[0] = true
	for i := 0; i < len(pattern); i++ {
		next := make([]bool, len(s)+1)
		for j := 0; j <= len(s); j++ {
			if pattern[i] == '*' {
				next[j] = ok[j] || j > 0 && next[j-1]
			} else {
				next[j] = j > 0 && ok[j-1] && s[j-1] == pattern[i]
			}
		}
		ok = next
	}
	if anchored {
		return ok[len(s)]
	}
	for _, v := range ok {
		if v {
			return true
		}
	}
	return false
}

// refDecide applies RFC 9309 section 2.2.2 by brute force: every rule is
// tried, the most octets win, allow wins ties, the earlier line is reported.
func refDecide(rules []refRule, path string) (allowed bool, line int) {
	p := refPath(robotstxt.PathOf(path))
	if p == "/robots.txt" {
		return true, 0
	}
	bestPri, bestAllow, bestLine := -1, true, 0
	consider := func(pri int, form string, r refRule) {
		if !refGlob(form, p) {
			return
		}
		if pri > bestPri || pri == bestPri && r.allow && !bestAllow || pri == bestPri && r.allow == bestAllow && r.line < bestLine {
			bestPri, bestAllow, bestLine = pri, r.allow, r.line
		}
	}
	for _, r := range rules {
		pri, form := refPattern(r.pattern)
		consider(pri, form, r)
		if r.allow { // Google: ".../index.htm..." also allows ".../" exactly
			if dpri, dform, ok := refIndexDir(r.pattern); ok {
				consider(dpri, dform, r)
			}
		}
	}
	if bestPri < 0 {
		return true, 0
	}
	return bestAllow, bestLine
}

// refIndexDir gives the directory rule that an allowed ".../index.htm..."
// pattern implies ("/d/index.html" -> "/d/$"), built from the pattern's
// octets so that escapes are read once.
func refIndexDir(p string) (pri int, form string, ok bool) {
	units := refUnits(p)
	last := -1
	for i, u := range units {
		if u == "/" {
			last = i
		}
	}
	if last < 0 || !strings.HasPrefix(strings.Join(units[last:], ""), "/index.htm") {
		return 0, "", false
	}
	var b strings.Builder
	for _, u := range units[:last+1] {
		if len(u) == 1 && u[0] >= 0x80 {
			pri += 3
		} else {
			pri += len(u)
		}
		b.WriteString(refEncode(u, true))
	}
	return pri + 1, b.String() + "$", true
}
