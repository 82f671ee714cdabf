package wire

import (
	"strconv"
	"unicode/utf8"

	"github.com/robotstxt/robotstxt"
)

// An Encoder appends check results as JSON without reflection, byte for
// byte as encoding/json writes a CheckResult (json.Marshal when EscapeHTML
// is set, an Encoder with SetEscapeHTML(false) otherwise). It remembers the
// encoded user-agent lines of the last group it wrote, since one agent's
// results share them. An Encoder is not safe for concurrent use.
type Encoder struct {
	EscapeHTML bool

	lastUA  *robotstxt.UserAgent // first line of the last groups encoded
	lastN   int
	groupsJ []byte
}

// AppendCheck appends the JSON object of the result for agent and rawURL:
// path is robotstxt.NormalizePath(rawURL) and note InputNote(rawURL),
// computed once per URL by the caller. It is NewCheckResult followed by
// json.Marshal, without their allocations.
func (e *Encoder) AppendCheck(b []byte, agent, rawURL, path, note string, v robotstxt.Verdict) []byte {
	b = append(b, `{"agent":`...)
	b = e.appendString(b, agent)
	b = append(b, `,"url":`...)
	u := len(b)
	b = e.appendString(b, rawURL)
	b = append(b, `,"path":`...)
	if path == rawURL { // a path that needed no normalising: the same bytes
		b = append(b, b[u:len(b)-len(`,"path":`)]...)
	} else {
		b = e.appendString(b, path)
	}
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
	if note != "" {
		b = append(b, `,"note":`...)
		b = e.appendString(b, note)
	}
	return append(b, '}')
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

// appendGroups appends the user-agent lines as AgentLines, from the cache
// when they are the lines last encoded.
func (e *Encoder) appendGroups(b []byte, uas []robotstxt.UserAgent) []byte {
	if len(uas) == 0 {
		return append(b, "[]"...)
	}
	if &uas[0] == e.lastUA && len(uas) == e.lastN {
		return append(b, e.groupsJ...)
	}
	g := e.groupsJ[:0]
	g = append(g, '[')
	for i, ua := range uas {
		if i > 0 {
			g = append(g, ',')
		}
		g = append(g, `{"line":`...)
		g = strconv.AppendInt(g, int64(ua.Line), 10)
		g = append(g, `,"value":`...)
		g = e.appendString(g, ua.Value)
		g = append(g, '}')
	}
	g = append(g, ']')
	e.groupsJ, e.lastUA, e.lastN = g, &uas[0], len(uas)
	return append(b, g...)
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
	for i := 0; i < len(s); {
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
