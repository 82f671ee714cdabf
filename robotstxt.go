package robotstxt

import (
	"errors"
	"io"
	"strings"
	"sync"
	"sync/atomic"
)

// DefaultMaxBytes is the default parse limit: RFC 9309 section 2.5 requires
// at least 500 KiB to be parsed, and Googlebot reads no more.
const DefaultMaxBytes = 500 << 10

// Options control parsing. The zero value is the default.
type Options struct {
	// MaxBytes is how much of the input is parsed. Zero means
	// DefaultMaxBytes; a negative value means no limit. Content beyond the
	// limit is ignored for matching and reported through Robots.Truncated.
	MaxBytes int
}

func (o *Options) maxBytes() int {
	switch {
	case o == nil || o.MaxBytes == 0:
		return DefaultMaxBytes
	case o.MaxBytes < 0:
		return -1
	}
	return o.MaxBytes
}

// RuleKind is allow or disallow.
type RuleKind uint8

const (
	Disallow RuleKind = iota
	Allow
)

func (k RuleKind) String() string {
	if k == Allow {
		return "allow"
	}
	return "disallow"
}

// MarshalText renders the kind as "allow" or "disallow".
func (k RuleKind) MarshalText() ([]byte, error) { return []byte(k.String()), nil }

// UnmarshalText reads "allow" or "disallow".
func (k *RuleKind) UnmarshalText(b []byte) error {
	switch string(b) {
	case "allow":
		*k = Allow
	case "disallow":
		*k = Disallow
	default:
		return errors.New("robotstxt: rule kind must be allow or disallow")
	}
	return nil
}

// Rule is one allow or disallow line.
type Rule struct {
	Line    int      `json:"line"`
	Kind    RuleKind `json:"kind"`
	Pattern string   `json:"pattern"` // as written, trimmed, comment removed
}

// UserAgent is one user-agent line.
type UserAgent struct {
	Line  int    `json:"line"`
	Value string `json:"value"` // as written, trimmed
	// Token is the crawler name the line gives: "*" for the global group,
	// else Value up to its first ASCII byte that is not a letter, digit,
	// '-', '_' or '.' ("Googlebot/2.1" gives "Googlebot", "MJ12bot" stays
	// whole); it may be empty ("/x" gives "").
	Token string `json:"token"`
}

// Global reports whether the line is "User-agent: *" (a '*' alone or
// followed by whitespace, as Google reads it).
func (u UserAgent) Global() bool { return u.Token == "*" }

// Group is one or more consecutive user-agent lines and the rules after them.
type Group struct {
	UserAgents []UserAgent `json:"agents"`
	Rules      []Rule      `json:"rules"`
}

// Sitemap is a sitemap line.
type Sitemap struct {
	Line int    `json:"line"`
	URL  string `json:"url"`
}

// Record is any other "name: value" line: crawl-delay, host, clean-param,
// noindex, content-signal, or anything unknown.
type Record struct {
	Line  int    `json:"line"`
	Name  string `json:"name"`
	Value string `json:"value"`
}

// Robots is a parsed robots.txt file. It is safe for concurrent use; the
// exported fields must not be modified.
type Robots struct {
	// Groups in file order.
	Groups []Group
	// Orphans are allow/disallow lines before the first user-agent line. They
	// belong to no group and are ignored for matching (RFC 9309 section 2.2.2).
	Orphans []Rule
	// Sitemaps are the sitemap lines anywhere in the file, in order.
	Sitemaps []Sitemap
	// Other holds every other directive line, in order.
	Other []Record

	// Size is the length of the input in bytes (for ReadFrom: of what was
	// read, at most the parse limit plus one byte).
	Size int
	// Parsed is how many bytes were parsed: Size, or less when truncated.
	Parsed int
	// Truncated reports that the input was longer than the parse limit.
	// Parsing stops after the last line ending within the limit.
	Truncated bool
	// Lines is the number of lines parsed.
	Lines int

	text string
	once sync.Once
	idx  *index
	// yandexBlank lists the blank lines that follow a group's user-agent
	// lines, before its first rule: Yandex's robots read the groups
	// differently (yandex.go).
	yandexBlank []int
	cache       [agentCacheSize]atomic.Pointer[agentCacheEntry]
	cacheNext   atomic.Uint32
	rareState   atomic.Pointer[rareState]
}

// rareState is what few parsed files ever need, apart so that the others
// do not keep room for it.
type rareState struct {
	exactOnce    sync.Once
	exactIdx     *index
	yandexOnce   sync.Once
	yandexR      *Robots
	yandexGroups []int // the index in the file's Groups of each group of yandexR
	usageOnce    sync.Once
	usage        *usageIndex // usage.go
}

func (r *Robots) rare() *rareState {
	if s := r.rareState.Load(); s != nil {
		return s
	}
	r.rareState.CompareAndSwap(nil, new(rareState))
	return r.rareState.Load()
}

// Text returns the parsed part of the input, without the byte order mark.
func (r *Robots) Text() string { return r.text }

// Parse parses a robots.txt body. It never fails: whatever is not a
// directive is skipped, as RFC 9309 section 2.3.1.4 asks.
func Parse(data []byte) *Robots { return ParseOptions(string(data), nil) }

// ParseString is Parse for a string; it does not copy the input.
func ParseString(text string) *Robots { return ParseOptions(text, nil) }

// ParseOptions parses text with the given options (nil for the defaults).
func ParseOptions(text string, opts *Options) *Robots {
	r := &Robots{Size: len(text)}
	limit := opts.maxBytes()
	if limit >= 0 && len(text) > limit {
		r.Truncated = true
		// Keep only lines whose line ending is within the limit: a line cut
		// by the limit could turn into a broader rule than the one written
		// ("/private" into "/priv"), and a fetcher that stored only the
		// first MaxBytes bytes must get the same rules.
		text = text[:strings.LastIndexAny(text[:limit], "\r\n")+1]
	}
	r.Parsed = len(text)
	parseInto(r, text, false)
	r.text = text[bomLen(text):]
	return r
}

// parseInto parses text into r's groups and records, as Yandex reads them
// when yandex is set.
func parseInto(r *Robots, text string, yandex bool) {
	p := parser{r: r, yandex: yandex}
	// Rules and user-agent lines go into two flat slices that groups then
	// share, sized from the number of lines (bounded for files of blank
	// lines), so that a large file costs a few allocations, not one per
	// growth step of every group.
	lines := strings.Count(text, "\n") + 1
	p.rules = make([]Rule, 0, min(lines, len(text)/8+1))
	p.agents = make([]UserAgent, 0, 4)
	scanLines(text, p.line)
	p.finish()
}

// ReadFrom reads and parses a robots.txt body from rd, reading at most the
// parse limit plus one byte (to know whether the body was truncated). Only
// read errors are returned.
func ReadFrom(rd io.Reader, opts *Options) (*Robots, error) {
	limit := opts.maxBytes()
	if limit >= 0 {
		rd = io.LimitReader(rd, int64(limit)+1)
	}
	b, err := io.ReadAll(rd)
	if err != nil {
		return nil, err
	}
	return ParseOptions(string(b), opts), nil
}

type parser struct {
	r       *Robots
	rules   []Rule      // every rule in a group, in file order
	agents  []UserAgent // every user-agent line, in file order
	bounds  []groupBounds
	inRules bool // a rule has been seen since the last user-agent line
	// yandex reads the file as Yandex does: a blank line after a group's
	// user-agent lines, before its first rule, ends the group (yandex.go).
	yandex bool
	cut    bool // such a blank line was seen: rules until the next user-agent line belong to no group
	gap    bool // such a blank line was recorded, and no user-agent line or rule came since
}

// groupBounds locate a group's lines in the parser's flat slices.
type groupBounds struct{ agents, rules int }

func (p *parser) line(l *Line) bool {
	r := p.r
	r.Lines = l.Number
	switch l.Field {
	case FieldUserAgent:
		if len(p.bounds) == 0 || p.inRules || p.cut {
			p.bounds = append(p.bounds, groupBounds{len(p.agents), len(p.rules)})
			p.inRules, p.cut = false, false
		}
		p.gap = false
		p.agents = append(p.agents, UserAgent{Line: l.Number, Value: l.Value, Token: productToken(l.Value)})
	case FieldAllow, FieldDisallow:
		rule := Rule{Line: l.Number, Kind: Disallow, Pattern: l.Value}
		if l.Field == FieldAllow {
			rule.Kind = Allow
		}
		if len(p.bounds) == 0 || p.cut {
			r.Orphans = append(r.Orphans, rule)
			return true
		}
		p.rules = append(p.rules, rule)
		p.inRules, p.gap = true, false
	case FieldSitemap:
		r.Sitemaps = append(r.Sitemaps, Sitemap{Line: l.Number, URL: l.Value})
	case FieldOther:
		r.Other = append(r.Other, Record{Line: l.Number, Name: l.Key, Value: l.Value})
	case FieldNone:
		if len(p.bounds) > 0 && !p.inRules && !p.cut && l.Blank() {
			if p.yandex {
				p.cut = true
			} else if !p.gap {
				r.yandexBlank = append(r.yandexBlank, l.Number)
				p.gap = true
			}
		}
	}
	return true
}

// finish cuts the flat slices into groups.
func (p *parser) finish() {
	if len(p.bounds) == 0 {
		return
	}
	// The flat slices were sized for the worst case; most of a small
	// file's stays unused, and a parsed file is often kept long.
	p.agents, p.rules = clipped(p.agents), clipped(p.rules)
	p.r.Groups = make([]Group, len(p.bounds))
	for i, b := range p.bounds {
		end := groupBounds{len(p.agents), len(p.rules)}
		if i+1 < len(p.bounds) {
			end = p.bounds[i+1]
		}
		g := &p.r.Groups[i]
		g.UserAgents = p.agents[b.agents:end.agents:end.agents]
		if b.rules < end.rules {
			g.Rules = p.rules[b.rules:end.rules:end.rules]
		}
	}
}

// clipped returns s, or a copy of it without the unused capacity when that
// is more than a quarter of it.
func clipped[T any](s []T) []T {
	if cap(s)-len(s) <= cap(s)/4 {
		return s
	}
	return append(make([]T, 0, len(s)), s...)
}

// productToken returns the name a user-agent value gives: "*" for the
// global group ('*' alone or followed by whitespace, as Google reads it),
// otherwise the value up to its first ASCII byte that is not a letter,
// digit, '-', '_' or '.' (see ProductToken).
func productToken(v string) string {
	if len(v) > 0 && v[0] == '*' && (len(v) == 1 || isSpace(v[1])) {
		return "*"
	}
	return v[:tokenLen(v)]
}

// googleToken is the name Google's library reads from a user-agent value:
// its leading run of [A-Za-z_-] ("MJ12bot" gives "MJ"). ExactAgent uses it.
func googleToken(v string) string {
	if len(v) > 0 && v[0] == '*' && (len(v) == 1 || isSpace(v[1])) {
		return "*"
	}
	i := 0
	for i < len(v) && isGoogleTokenByte(v[i]) {
		i++
	}
	return v[:i]
}

// ProductToken returns the crawler name at the start of s: s up to its first
// byte that is ASCII and not a letter, digit, '-', '_' or '.'. Bytes of 0x80
// and above belong to the name. "Googlebot/2.1" gives "Googlebot",
// "MJ12bot" and "Mail.RU_Bot" stay whole, "FOO BAR" gives "FOO".
func ProductToken(s string) string { return s[:tokenLen(s)] }

func tokenLen(s string) int {
	i := 0
	for i < len(s) && isTokenByte(s[i]) {
		i++
	}
	return i
}

func isTokenByte(c byte) bool {
	return isGoogleTokenByte(c) || '0' <= c && c <= '9' || c == '.' || c >= 0x80
}

func isGoogleTokenByte(c byte) bool {
	return 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || c == '-' || c == '_'
}

// IsProductToken reports whether s is a bare crawler name: non-empty and
// made only of the bytes ProductToken keeps.
func IsProductToken(s string) bool { return s != "" && tokenLen(s) == len(s) }
