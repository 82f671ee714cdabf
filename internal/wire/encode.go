package wire

import (
	"math/bits"
	"slices"
	"strconv"
	"strings"
	"unicode/utf8"
	"unsafe"

	"github.com/robotstxt/robotstxt"
)

// An Encoder appends check results as JSON without reflection, byte for
// byte as encoding/json writes a CheckResult (json.Marshal when EscapeHTML
// is set, an Encoder with SetEscapeHTML(false) otherwise). The part of a
// result that depends on the verdict alone, from "allowed" to "reading",
// is encoded once and kept in a table (VerdictTable) checked against the
// whole verdict, since many URLs share a verdict; so is the last agent's name.
// An Encoder is not safe for concurrent use.
type Encoder struct {
	EscapeHTML bool

	agent, agentJ string // agentJ: `{"agent":"...","url":`
	agentHTML     bool
	verdicts      VerdictTable[encodedVerdict]
}

type encodedVerdict struct {
	html bool
	j    []byte
}

// VerdictKey holds every field of a verdict that AppendCheck, or an
// explanation of it, reads: two verdicts of one file with the same key
// are written the same way, whatever their URL. Rules and user-agent lines
// are compared by address: a parsed file's are not modified, and the key
// keeps them alive. The zero key belongs to no verdict.
type VerdictKey struct {
	set, allowed, viaIndexHTML bool
	reason                     robotstxt.Reason
	rule, overruled            *robotstxt.Rule
	ua                         *robotstxt.UserAgent
	nua                        int
	fallback, reading          string
}

// KeyOf returns v's key, and a number that spreads keys over the slots of
// a small table (a verdict's rules and group tell most apart).
func KeyOf(v *robotstxt.Verdict) (k VerdictKey, slot uint) {
	k = VerdictKey{set: true, allowed: v.Allowed, viaIndexHTML: v.ViaIndexHTML, reason: v.Reason,
		rule: v.Rule, overruled: v.Overruled, nua: len(v.UserAgents), fallback: v.Fallback, reading: v.Reading}
	slot = uint(v.Reason)
	if v.Rule != nil {
		slot += uint(v.Rule.Line) * 7
	}
	if v.Overruled != nil {
		slot += uint(v.Overruled.Line) * 13
	}
	if len(v.UserAgents) > 0 {
		k.ua = &v.UserAgents[0]
		slot += uint(k.ua.Line) * 3
	}
	return k, slot
}

// AppendCheck appends the JSON object of the result for agent and rawURL:
// path is robotstxt.NormalizePath(rawURL) and note InputNote(rawURL),
// computed once per URL by the caller; ans is the usage part (nil as for
// NewCheckResult). It is NewCheckResult followed by json.Marshal, without
// their allocations.
func (e *Encoder) AppendCheck(b []byte, agent, rawURL, path, note string, v *robotstxt.Verdict, ans *Answer) []byte {
	if agent != e.agent || e.agentJ == "" || e.agentHTML != e.EscapeHTML {
		j := append([]byte(`{"agent":`), e.appendString(nil, agent)...)
		e.agent, e.agentJ, e.agentHTML = agent, string(append(j, `,"url":`...)), e.EscapeHTML
	}
	b = append(b, e.agentJ...) // {"agent":"...","url":
	u := len(b)
	b = e.appendString(b, rawURL)
	plain := len(b)-u == len(rawURL)+2 // written without an escape
	b = append(b, `,"path":`...)
	if path == rawURL { // a path that needed no normalising: the same bytes
		b = append(b, b[u:len(b)-len(`,"path":`)]...)
	} else if off, ok := offsetIn(rawURL, path); ok && plain {
		// The path of a full URL that needed no normalising is a part of
		// it, and a part of a string with no escape has none.
		b = append(b, '"')
		b = append(b, b[u+1+off:u+1+off+len(path)]...)
		b = append(b, '"')
	} else {
		b = e.appendString(b, path)
	}
	j := e.verdict(v) // ,"allowed":...}
	b = append(b, j[:len(j)-1]...)
	if note != "" {
		b = append(b, `,"note":`...)
		b = e.appendString(b, note)
	}
	return append(e.appendUsage(b, v, ans), '}')
}

// offsetIn reports whether part lies within s's bytes (as a string sliced
// from s does), and where.
func offsetIn(s, part string) (int, bool) {
	if len(part) == 0 || len(part) > len(s) {
		return 0, false
	}
	off := uintptr(unsafe.Pointer(unsafe.StringData(part))) - uintptr(unsafe.Pointer(unsafe.StringData(s)))
	return int(off), off <= uintptr(len(s)-len(part))
}

// The usage parts of most answers: disallowed, and allowed where no
// preference applies.
const (
	usageNone    = `,"usage":null,"usageLine":0,"signals":null`
	usageUnknown = `,"usage":{"train-ai":"unknown","search":"unknown"},"usageLine":0,"signals":null`
)

// appendUsage appends the usage fields of a result.
func (e *Encoder) appendUsage(b []byte, v *robotstxt.Verdict, ans *Answer) []byte {
	if ans == nil {
		if v.Allowed {
			return append(b, usageUnknown...)
		}
		return append(b, usageNone...)
	}
	u := &ans.Usage
	switch {
	case !u.Applicable:
		b = append(b, usageNone...)
	case u.Rule == nil && u.Signals == nil:
		b = append(b, usageUnknown...)
	default:
		b = append(b, `,"usage":{"train-ai":"`...)
		b = append(b, u.Preferences.TrainAI.String()...)
		b = append(b, `","search":"`...)
		b = append(b, u.Preferences.Search.String()...)
		b = append(b, `"},"usageLine":`...)
		b = strconv.AppendInt(b, int64(u.Line()), 10)
		b = append(b, `,"signals":`...)
		b = e.appendSignals(b, u.Signals)
		if u.Signals != nil {
			b = append(b, `,"signalsReading":`...)
			b = e.appendString(b, u.SignalsReading)
		}
	}
	if r := ans.Refused; r != nil {
		b = append(b, `,"refused":{"purpose":`...)
		b = e.appendString(b, r.Purpose)
		b = append(b, `,"line":`...)
		b = strconv.AppendInt(b, int64(r.Line), 10)
		b = append(b, `,"source":`...)
		b = e.appendString(b, r.Source)
		b = append(b, '}')
	}
	return b
}

// appendSignals appends the signals as encoding/json writes a map: keys in
// byte order (they are distinct).
func (e *Encoder) appendSignals(b []byte, sigs []robotstxt.Signal) []byte {
	if sigs == nil {
		return append(b, "null"...)
	}
	sorted := sigs
	if !slices.IsSortedFunc(sigs, bySignalKey) {
		sorted = slices.SortedFunc(slices.Values(sigs), bySignalKey)
	}
	b = append(b, '{')
	for i, s := range sorted {
		if i > 0 {
			b = append(b, ',')
		}
		b = e.appendString(b, s.Key)
		b = append(b, ':')
		b = e.appendString(b, s.Value)
	}
	return append(b, '}')
}

func bySignalKey(a, b robotstxt.Signal) int { return strings.Compare(a.Key, b.Key) }

// verdict returns the encoded fields of v, from ",\"allowed\"" to
// "reading", and the closing '}', from the table when v was encoded
// before.
func (e *Encoder) verdict(v *robotstxt.Verdict) []byte {
	c, ok := e.verdicts.Get(v)
	if !ok || c.html != e.EscapeHTML {
		c.html, c.j = e.EscapeHTML, append(e.appendVerdict(c.j[:0], v), '}')
	}
	return c.j
}

// appendVerdict appends the fields of a result that depend on the verdict
// alone.
func (e *Encoder) appendVerdict(b []byte, v *robotstxt.Verdict) []byte {
	b = append(b, `,"allowed":`...)
	b = strconv.AppendBool(b, v.Allowed)
	b = append(b, `,"reason":`...)
	b = e.appendString(b, v.Reason.String())
	b = append(b, `,"rule":`...)
	b = e.appendRule(b, v.Rule)
	if v.ViaIndexHTML {
		b = append(b, `,"viaIndexHtml":true`...)
	}
	if v.Overruled != nil {
		b = append(b, `,"overruled":`...)
		b = e.appendRule(b, v.Overruled)
	}
	b = append(b, `,"groups":`...)
	b = e.appendGroups(b, v.UserAgents)
	if v.Fallback != "" {
		b = append(b, `,"fallback":`...)
		b = e.appendString(b, v.Fallback)
	}
	if v.Reading != "" {
		b = append(b, `,"reading":`...)
		b = e.appendString(b, v.Reading)
	}
	return b
}

func (e *Encoder) appendRule(b []byte, r *robotstxt.Rule) []byte {
	if r == nil {
		return append(b, "null"...)
	}
	b = append(b, `{"line":`...)
	b = strconv.AppendInt(b, int64(r.Line), 10)
	b = append(b, `,"kind":`...)
	b = e.appendString(b, r.Kind.String())
	b = append(b, `,"pattern":`...)
	b = e.appendString(b, r.Pattern)
	return append(b, '}')
}

// appendGroups appends the user-agent lines as AgentLines.
func (e *Encoder) appendGroups(b []byte, uas []robotstxt.UserAgent) []byte {
	if len(uas) == 0 {
		return append(b, "[]"...)
	}
	b = append(b, '[')
	for i, ua := range uas {
		if i > 0 {
			b = append(b, ',')
		}
		b = append(b, `{"line":`...)
		b = strconv.AppendInt(b, int64(ua.Line), 10)
		b = append(b, `,"value":`...)
		b = e.appendString(b, ua.Value)
		b = append(b, '}')
	}
	return append(b, ']')
}

const hex = "0123456789abcdef"

// jsonSafe and htmlSafe tell the ASCII bytes written as they are, without
// and with HTML escaping; bytes of 0x80 and above are never marked, so
// that UTF-8 is checked.
var jsonSafe, htmlSafe = safeSets()

func safeSets() (json, html [256]bool) {
	for c := 0x20; c < utf8.RuneSelf; c++ {
		json[c] = c != '"' && c != '\\'
		html[c] = json[c] && c != '<' && c != '>' && c != '&'
	}
	return
}

func (e *Encoder) appendString(b []byte, s string) []byte { return AppendString(b, s, e.EscapeHTML) }

// AppendString appends s as a JSON string exactly as encoding/json writes
// it: '"' and '\\' escaped, \b \f \n \r \t by name, other control bytes
// as \u00XX, invalid UTF-8 as \ufffd, U+2028 and U+2029 escaped, and with
// escapeHTML '<', '>' and '&' as \u003c, \u003e, \u0026. The gate's
// records are written with it too.
func AppendString(b []byte, s string, escapeHTML bool) []byte {
	b = append(b, '"')
	start := 0
	safe := &jsonSafe
	if escapeHTML {
		safe = &htmlSafe
	}
	for i := plainLen(s, escapeHTML); i < len(s); {
		c := s[i]
		if safe[c] {
			i++
			continue
		}
		if c < utf8.RuneSelf {
			b = append(b, s[start:i]...)
			switch c {
			case '\\', '"':
				b = append(b, '\\', c)
			case '\b':
				b = append(b, '\\', 'b')
			case '\f':
				b = append(b, '\\', 'f')
			case '\n':
				b = append(b, '\\', 'n')
			case '\r':
				b = append(b, '\\', 'r')
			case '\t':
				b = append(b, '\\', 't')
			default:
				b = append(b, '\\', 'u', '0', '0', hex[c>>4], hex[c&0xf])
			}
			i++
			start = i
			continue
		}
		r, size := utf8.DecodeRuneInString(s[i:])
		if r == utf8.RuneError && size == 1 {
			b = append(b, s[start:i]...)
			b = append(b, `\ufffd`...)
			i += size
			start = i
			continue
		}
		if r == '\u2028' || r == '\u2029' {
			b = append(b, s[start:i]...)
			b = append(b, '\\', 'u', '2', '0', '2', hex[r&0xf])
			i += size
			start = i
			continue
		}
		i += size
	}
	b = append(b, s[start:]...)
	return append(b, '"')
}

// plainLen returns the length of the longest prefix of s made of bytes
// that AppendString writes as they are (jsonSafe or htmlSafe), looking at
// 8 bytes at a time, the last 8 overlapping the ones before: most strings
// are all such bytes.
func plainLen(s string, escapeHTML bool) int {
	if len(s) < 8 {
		safe := &jsonSafe
		if escapeHTML {
			safe = &htmlSafe
		}
		i := 0
		for i < len(s) && safe[s[i]] {
			i++
		}
		return i
	}
	// The bytes to find besides control bytes and bytes of 0x80 and above,
	// two at a time where they differ in one bit: a byte b is found when
	// b|or equals is ('"' and '&' are 0x22 and 0x26, '<' and '>' 0x3c and
	// 0x3e).
	var or1, is1, or2, is2 uint64 = 0, ones * '"', 0, ones * '\\'
	if escapeHTML {
		or1, is1, or2, is2 = ones*0x04, ones*0x26, ones*0x02, ones*0x3e
	}
	for i := 0; i+8 < len(s); i += 8 {
		if m := unsafeBytes(load8(s[i:]), or1, is1, or2, is2); m != 0 {
			return i + bits.TrailingZeros64(m)/8
		}
	}
	// The bytes before the last 8 are safe: the first unsafe one of the
	// last 8, if any, is the first of s.
	if m := unsafeBytes(load8(s[len(s)-8:]), or1, is1, or2, is2); m != 0 {
		return len(s) - 8 + bits.TrailingZeros64(m)/8
	}
	return len(s)
}

// load8 reads the first 8 bytes of s as a little-endian word.
func load8(s string) uint64 {
	_ = s[7]
	return uint64(s[0]) | uint64(s[1])<<8 | uint64(s[2])<<16 | uint64(s[3])<<24 |
		uint64(s[4])<<32 | uint64(s[5])<<40 | uint64(s[6])<<48 | uint64(s[7])<<56
}

const (
	ones  = 0x0101010101010101
	low7  = 0x7f7f7f7f7f7f7f7f
	highs = 0x8080808080808080
)

// unsafeBytes returns the high bit of each byte b of x that is a control
// byte, 0x80 or above, '\\', or such that b|or1 == is1 or b|or2 == is2
// (or1, is1, or2 and is2 repeat one byte 8 times). Each byte's bit is
// exact, with no carry from its neighbours: the additions are on 7-bit
// values.
func unsafeBytes(x, or1, is1, or2, is2 uint64) uint64 {
	// Below 0x20: adding 0x60 to its low 7 bits leaves the high bit
	// clear; | x marks 0x80 and above.
	m := ^((x&low7 + ones*0x60) | x) | x
	return (m | zeroBytes(x^ones*'\\') | zeroBytes((x|or1)^is1) | zeroBytes((x|or2)^is2)) & highs
}

// zeroBytes returns the high bit of each zero byte of y.
func zeroBytes(y uint64) uint64 { return ^((y&low7 + low7) | y) }
