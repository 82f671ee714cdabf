package lint

import (
	"math"
	"net/netip"
	"net/url"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/robotstxt/robotstxt"
	"github.com/robotstxt/robotstxt/internal/editdist"
)

// canonicalKeys are the names of the four records, as RFC 9309 writes them.
var canonicalKeys = map[robotstxt.Field]string{
	robotstxt.FieldUserAgent: "User-agent",
	robotstxt.FieldAllow:     "Allow",
	robotstxt.FieldDisallow:  "Disallow",
	robotstxt.FieldSitemap:   "Sitemap",
}

// knownKeys are the fields some crawler reads, for "did you mean" and for
// telling a directive without a colon from prose.
var knownKeys = []string{"user-agent", "allow", "disallow", "sitemap", "crawl-delay", "host", "clean-param",
	"content-signal", "content-usage", "noindex", "nofollow", "request-rate", "visit-time"}

// minorKeys are old or minor extensions that no major crawler reads.
var minorKeys = map[string]bool{"request-rate": true, "visit-time": true, "robot-version": true}

// noindexKeys are the indexing directives some sites put in robots.txt.
var noindexKeys = map[string]bool{"noindex": true, "nofollow": true, "noarchive": true, "nosnippet": true}

// checkLines looks at every parsed line on its own: how its key was read,
// lines that are not directives, and the extension records.
func (l *linter) checkLines() {
	var junkFrom, junkTo int // a run of lines that are not directives
	var junkBefore bool      // the run is before the first user-agent line
	flush := func() {
		if junkFrom == 0 {
			return
		}
		id, variant := "unknown-directive", "junk"
		if junkBefore {
			id, variant = "text-before-group", "text"
		}
		if junkTo > junkFrom {
			variant += "-lines"
		}
		f := l.add(Warning, id, variant, junkFrom, 0, "text", quote(strings.TrimSpace(content(l.line(junkFrom)))),
			"line", junkFrom, "last", junkTo, "count", junkTo-junkFrom+1)
		if f != nil && junkTo > junkFrom {
			f.EndLine = junkTo
		}
		junkFrom = 0
	}
	junk := func(ln *robotstxt.Line) {
		before := l.firstAgent == 0 || ln.Number < l.firstAgent
		if junkFrom != 0 && (junkTo != ln.Number-1 || before != junkBefore) {
			flush()
		}
		if junkFrom == 0 {
			junkFrom, junkBefore = ln.Number, before
		}
		junkTo = ln.Number
	}

	for i := 0; i < l.parsed; i++ {
		ln := &l.lines[i]
		if ln.Has(robotstxt.LineTooLong) {
			l.add(Warning, "line-too-long", "", ln.Number, robotstxt.MaxLineLength, "length", ln.Length,
				"max", robotstxt.MaxLineLength-1, "end", quote(tail(ln.Text, 24)))
		}
		switch ln.Field {
		case robotstxt.FieldNone:
			c := strings.TrimSpace(content(ln))
			if c == "" {
				continue
			}
			if key := firstWord(c); isKnownKey(key) && looksLikeDirective(c) {
				l.add(Error, "missing-colon", "ignored", ln.Number, 1, "text", quote(c), "key", key)
				continue
			}
			junk(ln)
			continue
		case robotstxt.FieldOther:
			key := strings.ToLower(ln.Key)
			if ln.Has(robotstxt.LineMissingColon) && !isKnownKey(key) && !minorKeys[key] && !noindexKeys[key] {
				// "Hello world": two words without a colon, read as an
				// unknown directive by the parser, but plainly prose.
				junk(ln)
				continue
			}
		}
		// The line is a directive; a run of junk before it is over.
		if junkFrom != 0 {
			flush()
		}
		if ln.Has(robotstxt.LineMissingColon) {
			key := ln.Key
			if name, ok := canonicalKeys[ln.Field]; ok {
				key = name
			}
			f := l.add(Warning, "missing-colon", "", ln.Number, 1, "key", key, "value", ln.Value,
				"text", quote(strings.TrimSpace(content(ln))))
			if _, ok := canonicalKeys[ln.Field]; ok {
				l.fixKey(f, ln, key+":") // fix.go
			}
		}
		switch ln.Field {
		case robotstxt.FieldUserAgent, robotstxt.FieldAllow, robotstxt.FieldDisallow, robotstxt.FieldSitemap:
			name := canonicalKeys[ln.Field]
			// One finding per mistake: a missing colon already says how
			// the line is read.
			if !ln.Has(robotstxt.LineMissingColon) && (ln.Has(robotstxt.LineTypo) || !strings.EqualFold(ln.Key, name)) {
				l.fixKey(l.add(Warning, "typo-accepted", "", ln.Number, 1, "key", quote(ln.Key), "name", name), ln, name)
			}
			if ln.Field == robotstxt.FieldSitemap {
				l.checkSitemap(ln)
			}
		case robotstxt.FieldOther:
			l.checkOther(ln)
		}
	}
	flush()
}

func (l *linter) checkOrphans() {
	for _, rule := range l.r.Orphans {
		l.add(Error, "rule-outside-group", "", rule.Line, 1, "rule", ruleText(rule))
	}
}

// checkOther handles a "name: value" line that is not one of the four
// records: the extensions some crawlers read, and unknown names.
func (l *linter) checkOther(ln *robotstxt.Line) {
	key := strings.ToLower(ln.Key)
	n := ln.Number
	switch {
	case key == "crawl-delay":
		l.checkCrawlDelay(ln)
	case key == "host":
		l.add(Info, "host-directive", "", n, 1, "value", quote(ln.Value))
	case key == "clean-param":
		l.checkCleanParam(ln)
	case key == "content-signal":
		l.checkContentSignal(ln)
	case key == "content-usage":
		l.checkContentUsage(ln) // usage.go
	case noindexKeys[key]:
		l.add(Warning, "noindex-directive", "", n, 1, "key", ln.Key)
	case minorKeys[key]:
		l.add(Info, "unknown-directive", "minor", n, 1, "key", ln.Key)
	case (key == "http" || key == "https") && strings.HasPrefix(ln.Value, "//"):
		// A bare URL, most often a sitemap written without its field.
		u := strings.TrimSpace(content(ln))
		l.add(Warning, "unknown-directive", "url", n, 1, "text", quote(u), "url", u)
	default:
		if name, char, ok := lookalikeKey(ln.Key); ok {
			l.add(Warning, "lookalike-field", "", n, 1, "key", quote(ln.Key), "name", name, "char", char)
			return
		}
		if s := suggest(key); s != "" {
			l.fixKey(l.add(Warning, "unknown-directive", "typo", n, 1, "key", quote(ln.Key), "suggestion", displayKey(s)), ln, displayKey(s))
			return
		}
		if l.firstAgent == 0 || n < l.firstAgent {
			// "Note: ..." before any group is prose, not a misspelt directive.
			l.add(Warning, "text-before-group", "text", n, 0, "text", quote(strings.TrimSpace(content(ln))))
			return
		}
		l.add(Warning, "unknown-directive", "", n, 1, "key", quote(ln.Key))
	}
}

// displayKey spells a known key the way documentation does.
func displayKey(k string) string {
	switch k {
	case "user-agent":
		return "User-agent"
	case "content-signal":
		return "Content-Signal"
	case "content-usage":
		return "Content-Usage"
	}
	parts := strings.Split(k, "-")
	for i, p := range parts {
		if p != "" {
			parts[i] = strings.ToUpper(p[:1]) + p[1:]
		}
	}
	return strings.Join(parts, "-")
}

func isKnownKey(w string) bool {
	w = strings.ToLower(w)
	for _, k := range knownKeys {
		if w == k {
			return true
		}
	}
	// The misspellings Google accepts.
	switch w {
	case "useragent", "dissallow", "dissalow", "disalow", "diasllow", "disallaw", "site-map":
		return true
	}
	return false
}

// looksLikeDirective tells "Disallow /a /b" (a directive that lost its
// colon) from prose that starts with a field name ("Allow me to explain"):
// few words, or a path among them.
func looksLikeDirective(s string) bool {
	words := strings.Fields(s)
	if len(words) <= 3 {
		return true
	}
	for _, w := range words[1:] {
		if strings.HasPrefix(w, "/") || strings.HasPrefix(w, "*") {
			return true
		}
	}
	return false
}

func firstWord(s string) string {
	if i := strings.IndexAny(s, " \t:"); i >= 0 {
		return s[:i]
	}
	return s
}

// suggest returns the known key closest to an unknown one, when it is close
// enough to be a misspelling ("Disalow" is accepted by the parser and never
// gets here; "Dissalow:" does not either; "Disallw", "User-Agnet",
// "Crawldelay" do).
func suggest(key string) string {
	k := strings.NewReplacer("_", "-", " ", "-").Replace(strings.ToLower(key))
	best, bestD := "", 99
	for _, c := range knownKeys {
		if abs(len(k)-len(c)) >= bestD {
			continue // the distance is at least the difference in length
		}
		if d := editdist.Distance(k, c); d < bestD {
			best, bestD = c, d
		}
	}
	limit := 2
	if len(best) <= 5 {
		limit = 1
	}
	if bestD > limit || bestD >= len(k) {
		return ""
	}
	return best
}

func abs(n int) int { return max(n, -n) }

// checkSitemap: RFC 9309 section 2.4 and the search engines want a fully
// qualified URL.
func (l *linter) checkSitemap(ln *robotstxt.Line) {
	v := ln.Value
	col := l.valueColumn(ln.Number, v)
	if v == "" {
		l.add(Error, "sitemap-not-absolute", "empty", ln.Number, 0)
		return
	}
	if c, ok := invisible(v); ok {
		l.add(Error, "sitemap-not-absolute", "invisible", ln.Number, col, "value", quote(v), "char", c)
		return
	}
	u, err := url.Parse(v)
	switch {
	case err != nil:
		l.add(Error, "sitemap-not-absolute", "invalid", ln.Number, col, "value", quote(v))
	case u.Scheme == "" && strings.HasPrefix(v, "/"):
		f := l.add(Error, "sitemap-not-absolute", "relative", ln.Number, col, "value", quote(v))
		if l.host != "" && !strings.HasPrefix(v, "//") {
			l.fixValue(f, ln, v, "https://"+l.host+v) // fix.go
		}
	case u.Scheme == "" && looksLikeHost(v):
		l.add(Error, "sitemap-not-absolute", "no-scheme", ln.Number, col, "value", quote(v), "url", "https://"+v)
	case u.Scheme == "":
		l.add(Error, "sitemap-not-absolute", "relative", ln.Number, col, "value", quote(v))
	case !strings.EqualFold(u.Scheme, "http") && !strings.EqualFold(u.Scheme, "https"):
		l.add(Error, "sitemap-not-absolute", "scheme", ln.Number, col, "value", quote(v), "scheme", u.Scheme)
	case doubledScheme(u.Host):
		// "https://https://example.com/sitemap.xml": url.Parse takes
		// "https:" for the host.
		_, rest, _ := strings.Cut(v, "://")
		f := l.add(Error, "sitemap-not-absolute", "doubled-scheme", ln.Number, col, "value", quote(v), "url", rest)
		l.fixValue(f, ln, v, rest) // fix.go: the second scheme and host are the URL meant
	case u.Host == "":
		l.add(Error, "sitemap-not-absolute", "invalid", ln.Number, col, "value", quote(v))
	default:
		l.checkSitemapMalformed(ln.Number, col, v, u)
	}
}

// doubledScheme reports a host that is a scheme followed by its colon, as
// url.Parse reads "https://https://example.com/": host "https:".
func doubledScheme(host string) bool {
	h := strings.ToLower(host)
	return h == "http:" || h == "https:"
}

// checkSitemapMalformed: an absolute http(s) URL that is still not the
// sitemap's address: the scheme written twice with its colon lost
// ("https://https//www.example.com/sitemap.xml" reads as the host "https";
// with the colon, sitemap-not-absolute names it and fixes it), a host that
// is no host name, or a path that starts with "//",
// another URL than the one with a single "/" (RFC 3986 section 3.3).
func (l *linter) checkSitemapMalformed(line, col int, v string, u *url.URL) {
	host := u.Hostname()
	switch {
	case host == "http" || host == "https" || strings.HasPrefix(strings.ToLower(u.Host), "http:") || strings.HasPrefix(strings.ToLower(u.Host), "https:"):
		// What follows the second scheme, with the first scheme kept:
		// "https://https//www.example.com/s.xml" (its colon lost too).
		rest := v[len(u.Scheme)+len("://"):]
		for _, p := range []string{"https:", "http:", "https", "http"} {
			if len(rest) >= len(p) && strings.EqualFold(rest[:len(p)], p) {
				rest = rest[len(p):]
				break
			}
		}
		fixed := u.Scheme + "://" + strings.TrimLeft(rest, "/")
		if w, err := url.Parse(fixed); err == nil && w.Host != "" {
			w.Path = "/" + strings.TrimLeft(w.Path, "/")
			w.RawPath = ""
			fixed = w.String()
		}
		l.add(Warning, "sitemap-malformed", "scheme", line, col, "value", quote(v), "url", fixed)
	case !hostName(host):
		l.add(Warning, "sitemap-malformed", "host", line, col, "value", quote(v), "host", quote(host))
	case strings.HasPrefix(u.EscapedPath(), "//"):
		l.add(Info, "sitemap-malformed", "slashes", line, col, "value", quote(v),
			"url", u.Scheme+"://"+u.Host+"/"+strings.TrimLeft(u.EscapedPath(), "/")+queryOf(u))
	}
}

func queryOf(u *url.URL) string {
	if u.RawQuery == "" {
		return ""
	}
	return "?" + u.RawQuery
}

// hostName reports a DNS name or an IP address: letters, digits, "-" and
// "." (and non-ASCII letters of an internationalised name), or an IPv6
// address in brackets, which Hostname has already unwrapped.
func hostName(h string) bool {
	if h == "" {
		return false
	}
	if strings.Contains(h, ":") {
		_, err := netip.ParseAddr(h)
		return err == nil
	}
	for _, r := range h {
		if !(r == '-' || r == '.' || r == '_' || '0' <= r && r <= '9' || 'a' <= r && r <= 'z' || 'A' <= r && r <= 'Z' || r >= 0x80 && unicode.IsLetter(r)) {
			return false
		}
	}
	return !strings.HasPrefix(h, ".") && !strings.Contains(h, "..")
}

// looksLikeHost reports "example.com/sitemap.xml": a host name, then a path.
func looksLikeHost(v string) bool {
	host, _, ok := strings.Cut(v, "/")
	return ok && strings.Contains(host, ".") && !strings.ContainsAny(host, "?#")
}

func (l *linter) checkCrawlDelay(ln *robotstxt.Line) {
	n := ln.Number
	d, err := strconv.ParseFloat(ln.Value, 64)
	switch {
	case err != nil || d < 0 || math.IsNaN(d) || math.IsInf(d, 0):
		l.add(Warning, "crawl-delay", "invalid", n, l.valueColumn(n, ln.Value), "value", quote(ln.Value))
	case d > 300:
		l.add(Warning, "crawl-delay", "huge", n, l.valueColumn(n, ln.Value), "value", ln.Value)
	default:
		l.add(Info, "crawl-delay", "", n, 1, "value", ln.Value)
	}
}

// Clean-param, as Yandex documents it:
//
//	Clean-param: p0[&p1&p2&..&pn] [path]
//
// Parameter names are separated by '&'; the optional path prefix may hold
// only A-Z a-z 0-9 . - / * _ ('*' as in robots.txt, and a '*' is implied at
// its end); the whole value is at most 500 characters.
func (l *linter) checkCleanParam(ln *robotstxt.Line) {
	n, v := ln.Number, ln.Value
	col := l.valueColumn(n, v)
	bad := func(variant string, args ...any) {
		l.add(Error, "clean-param-syntax", variant, n, col, append([]any{"value", quote(v)}, args...)...)
	}
	if v == "" {
		bad("empty")
		return
	}
	if c := utf8.RuneCountInString(v); c > 500 {
		bad("too-long", "length", c)
		return
	}
	fields := strings.Fields(v)
	if len(fields) > 2 {
		bad("fields", "count", len(fields))
		return
	}
	var names []string
	for _, p := range strings.Split(fields[0], "&") {
		switch {
		case p == "":
			bad("empty-name")
			return
		case strings.Contains(p, "="):
			bad("value-given", "param", quote(p), "name", p[:strings.IndexByte(p, '=')])
			return
		case strings.ContainsAny(p, "/?*"):
			bad("path-as-param", "param", quote(p))
			return
		case !validParam(p):
			bad("param-chars", "param", quote(p))
			return
		}
		names = append(names, p)
	}
	path := ""
	if len(fields) == 2 {
		path = fields[1]
		if i := strings.IndexFunc(path, func(r rune) bool { return !isCleanPathChar(r) }); i >= 0 {
			bad("path-chars", "path", quote(path), "char", quote(string([]rune(path[i:])[:1])))
			return
		}
		if !strings.HasPrefix(path, "/") && !strings.HasPrefix(path, "*") {
			bad("path-slash", "path", quote(path))
			return
		}
	}
	where := l.t("clean-param.site")
	if path != "" {
		where = l.t("clean-param.under", "path", strings.TrimSuffix(path, "*")+"*")
	}
	l.add(Info, "clean-param", "", n, col, "params", l.list(names, 8), "where", where)
}

func validParam(p string) bool {
	for _, r := range p {
		if !(r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9' || strings.ContainsRune("_-.[]%~", r)) {
			return false
		}
	}
	return true
}

func isCleanPathChar(r rune) bool {
	return r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9' || strings.ContainsRune(".-/*_", r)
}

// Content-Signal (contentsignals.org): a comma-separated list of
// signal=yes|no, the signals being search, ai-input and ai-train.
func (l *linter) checkContentSignal(ln *robotstxt.Line) {
	n, v := ln.Number, ln.Value
	col := l.valueColumn(n, v)
	if strings.TrimSpace(v) == "" {
		l.add(Error, "content-signal", "empty", n, col)
		return
	}
	seen := map[string]bool{}
	for _, part := range strings.Split(v, ",") {
		part = strings.TrimSpace(part)
		name, value, ok := strings.Cut(part, "=")
		name, value = strings.TrimSpace(name), strings.TrimSpace(value)
		lname := strings.ToLower(name)
		switch {
		case part == "":
			l.add(Error, "content-signal", "empty-item", n, col, "value", quote(v))
			return
		case !ok:
			l.add(Error, "content-signal", "no-value", n, col, "item", quote(part))
			return
		case lname == "use": // since 2026: how far the content may be used
			if v := strings.ToLower(value); v != "immediate" && v != "reference" && v != "full" {
				l.add(Error, "content-signal", "bad-use", n, col, "value", quote(value))
				return
			}
		case lname != "search" && lname != "ai-input" && lname != "ai-train":
			if s := signalSuggestion(lname); s != "" {
				l.add(Error, "content-signal", "typo", n, col, "name", quote(name), "suggestion", s)
			} else {
				l.add(Error, "content-signal", "unknown", n, col, "name", quote(name))
			}
			return
		case !strings.EqualFold(value, "yes") && !strings.EqualFold(value, "no"):
			full := map[string]string{"n": "no", "y": "yes"}[strings.ToLower(value)]
			if full == "" {
				l.add(Error, "content-signal", "bad-value", n, col, "name", name, "value", quote(value))
				return
			}
			// Content-Usage's spelling. check reads "n" as "no" and refuses
			// (robotstxt.Signal.Refuses): one reading, so a warning that says
			// so, not an error that calls the line unreadable.
			l.add(Warning, "content-signal", "short", n, col, "name", name, "value", value, "full", full)
		case seen[lname]:
			l.add(Warning, "content-signal", "twice", n, col, "name", name)
			return
		}
		seen[lname] = true
	}
}

func signalSuggestion(name string) string {
	k := strings.NewReplacer("_", "-", " ", "-").Replace(name)
	for _, s := range []string{"search", "ai-input", "ai-train"} {
		if editdist.Distance(k, s) <= 2 {
			return s
		}
	}
	return ""
}
