package sitemap

import (
	"bufio"
	"bytes"
	"io"
	"strconv"
	"strings"
	"unicode/utf8"
)

// kind is what a file is, by its root element.
type kind uint8

const (
	kindNone   kind = iota
	kindURLSet      // <urlset>: a sitemap
	kindIndex       // <sitemapindex>: a sitemap index
	kindRSS         // <rss>: an RSS 2.0 feed
	kindAtom        // <feed>: an Atom 1.0 feed
)

// el is the role of an open element.
type el uint8

const (
	elOther   el = iota // anything the reader skips
	elRoot              // urlset, sitemapindex, rss, feed
	elChannel           // rss/channel
	elItem              // url, sitemap, item, entry: one URL
	elLoc               // loc, or an RSS item's link
	elLastmod           // lastmod, pubDate, updated
)

var newline = []byte{'\n'}

// xmlState is the reader's state inside an XML file.
type xmlState struct {
	kind     kind
	prefix   string // the root element's namespace prefix
	stack    []el
	names    []byte // the open elements' names, one after the other
	nameEnds []int
	tag      []byte // the tag being read
	capture  el     // elLoc or elLastmod while reading its text
	text     []byte // its text, entities decoded
	textOver bool   // the text was longer than maxText
	textBad  bool   // the text had a problem already reported
	textLine int
	lastmod  string // the last lastmod read
	cur      struct {
		loc, lastmod string
		line         int
		bad          bool
	}
}

// readXML reads an XML sitemap, index or feed. The grammar read is XML's
// (https://www.w3.org/TR/xml/) as far as a sitemap needs it:
//
//	document = misc* element misc*
//	misc     = comment | PI | white space
//	element  = "<" name attribute* "/>" | "<" name attribute* ">" content "</" name ">"
//	content  = (text | element | comment | PI | CDATA)*
//
// A DOCTYPE is refused (CodeDoctype); entities are XML's five and
// character references.
func (f *fileRun) readXML() error {
	for {
		for {
			chunk, err := f.br.ReadSlice('<')
			data := chunk
			if err == nil {
				data = chunk[:len(chunk)-1]
			}
			f.line += bytes.Count(data, newline)
			if f.x.capture != elOther {
				f.addText(data)
			}
			if err == nil {
				break
			}
			if err == bufio.ErrBufferFull {
				continue
			}
			if err == io.EOF {
				return f.xmlEOF()
			}
			return f.readErr(err)
		}
		b, err := f.br.ReadByte()
		if err != nil {
			return f.xmlEnd(err, "a tag")
		}
		switch b {
		case '/':
			tag, err := f.readTag()
			if err != nil {
				return err
			}
			if err := f.endTag(trimRightSpace(tag)); err != nil {
				return err
			}
		case '?':
			if err := f.skipUntil("?>", false); err != nil {
				return err
			}
		case '!':
			head, _ := f.br.Peek(7)
			switch {
			case bytes.HasPrefix(head, []byte("--")):
				f.br.Discard(2)
				if err := f.skipUntil("-->", false); err != nil {
					return err
				}
			case bytes.Equal(head, []byte("[CDATA[")):
				f.br.Discard(7)
				if err := f.skipUntil("]]>", f.x.capture != elOther); err != nil {
					return err
				}
			default:
				word := "a declaration"
				if bytes.HasPrefix(head, []byte("DOCTYPE")) {
					word = "a DOCTYPE"
				} else if bytes.HasPrefix(head, []byte("ENTITY")) {
					word = "an entity declaration"
				}
				f.problem(f.name, f.line, CodeDoctype, "%s (<!...>) refused: a sitemap needs none, and entity declarations are how XML bombs explode; the file is not read further", word)
				return errStop
			}
		default:
			f.br.UnreadByte()
			tag, err := f.readTag()
			if err != nil {
				return err
			}
			if err := f.startTag(tag); err != nil {
				return err
			}
		}
	}
}

// xmlEOF ends the file: it must have had a root element, closed.
func (f *fileRun) xmlEOF() error {
	switch {
	case f.x.kind == kindNone:
		f.problem(f.name, f.line, CodeFormat, "no root element: not a sitemap")
		return errStop
	case len(f.x.stack) > 0:
		f.problem(f.name, f.line, CodeXML, "the file ends inside <%s>: it was cut short", clip(string(f.top())))
		return errStop
	}
	return nil
}

// xmlEnd reports a read error in the middle of a construct.
func (f *fileRun) xmlEnd(err error, inside string) error {
	if err == io.EOF {
		f.problem(f.name, f.line, CodeXML, "the file ends inside %s: it was cut short", inside)
		return errStop
	}
	return f.readErr(err)
}

// readTag reads a tag's content up to its '>' (not one in a quoted
// attribute value), which it leaves out.
func (f *fileRun) readTag() ([]byte, error) {
	// Most tags are whole in the buffer and unquoted: read in place.
	chunk, err := f.br.ReadSlice('>')
	if err == nil && !openQuote(chunk) {
		f.line += bytes.Count(chunk, newline)
		return chunk[:len(chunk)-1], nil
	}
	if err != nil && err != bufio.ErrBufferFull {
		return nil, f.xmlEnd(err, "a tag")
	}
	f.x.tag = append(f.x.tag[:0], chunk...)
	if err == nil && !openQuote(f.x.tag) {
		f.line += bytes.Count(f.x.tag, newline)
		return f.x.tag[:len(f.x.tag)-1], nil
	}
	for {
		chunk, err := f.br.ReadSlice('>')
		if len(f.x.tag)+len(chunk) > maxTag {
			f.problem(f.name, f.line, CodeXML, "a tag longer than %d bytes", maxTag)
			return nil, errStop
		}
		f.x.tag = append(f.x.tag, chunk...)
		if err == nil && !openQuote(f.x.tag) {
			f.line += bytes.Count(f.x.tag, newline)
			return f.x.tag[:len(f.x.tag)-1], nil
		}
		if err != nil && err != bufio.ErrBufferFull {
			return nil, f.xmlEnd(err, "a tag")
		}
	}
}

// openQuote reports whether a tag read so far ends inside a quoted value.
func openQuote(tag []byte) bool {
	var q byte
	for _, c := range tag {
		switch {
		case q == 0 && (c == '"' || c == '\''):
			q = c
		case c == q:
			q = 0
		}
	}
	return q != 0
}

// skipUntil reads up to and including term (a comment's, a PI's or a CDATA
// section's end), keeping the text read when capture is set.
func (f *fileRun) skipUntil(term string, capture bool) error {
	last := term[len(term)-1]
	var tail []byte
	for {
		chunk, err := f.br.ReadSlice(last)
		f.line += bytes.Count(chunk, newline)
		if capture && !f.x.textOver {
			if len(f.x.text)+len(chunk) > maxText {
				f.x.textOver = true
			} else {
				f.x.text = append(f.x.text, chunk...)
			}
		}
		tail = append(tail, chunk[max(0, len(chunk)-len(term)):]...)
		if len(tail) > len(term) {
			tail = tail[len(tail)-len(term):]
		}
		if err == nil && string(tail) == term {
			if capture && !f.x.textOver && len(f.x.text) >= len(term) {
				f.x.text = f.x.text[:len(f.x.text)-len(term)]
			}
			return nil
		}
		if err != nil && err != bufio.ErrBufferFull {
			what := "a comment"
			switch term {
			case "]]>":
				what = "a CDATA section"
			case "?>":
				what = "a processing instruction"
			}
			return f.xmlEnd(err, what)
		}
	}
}

// startTag handles a start tag (or an empty-element tag).
func (f *fileRun) startTag(tag []byte) error {
	empty := len(tag) > 0 && tag[len(tag)-1] == '/'
	if empty {
		tag = tag[:len(tag)-1]
	}
	n := 0
	for n < len(tag) && !isSpace(tag[n]) {
		n++
	}
	name := tag[:n]
	if len(name) == 0 || !nameStart(name[0]) {
		f.problem(f.name, f.line, CodeXML, "a '<' that starts no tag (write it as &lt;)")
		return errStop
	}
	if len(f.x.stack) >= maxDepth {
		f.problem(f.name, f.line, CodeXML, "elements nested deeper than %d", maxDepth)
		return errStop
	}
	var prefix []byte
	local := name
	if i := bytes.IndexByte(name, ':'); i >= 0 {
		prefix, local = name[:i], name[i+1:]
	}
	e := elOther
	switch {
	case len(f.x.stack) == 0:
		if f.x.kind != kindNone {
			f.problem(f.name, f.line, CodeXML, "a second root element <%s>", clip(string(name)))
			return errStop
		}
		switch string(local) {
		case "urlset":
			f.x.kind = kindURLSet
		case "sitemapindex":
			f.x.kind = kindIndex
			f.index = true
			if f.depth >= 1 {
				f.problem(f.name, f.line, CodeNestedIndex, "an index listed by an index: the protocol allows no nesting, and its sitemaps are not read")
			}
		case "rss":
			f.x.kind = kindRSS
		case "feed":
			f.x.kind = kindAtom
		case "html", "HTML":
			f.problem(f.name, f.line, CodeFormat, "an HTML page, not a sitemap (a page served for a missing file?)")
			return errStop
		default:
			f.problem(f.name, f.line, CodeFormat, "<%s> is not a sitemap's root element (urlset, sitemapindex, rss or feed)", clip(string(name)))
			return errStop
		}
		f.x.prefix = string(prefix)
		e = elRoot
	case string(prefix) != f.x.prefix:
		// An extension's element (image:loc, xhtml:link, atom:link).
	default:
		e = f.role(f.x.stack[len(f.x.stack)-1], local, tag[n:])
	}
	switch e {
	case elItem:
		f.x.cur.loc, f.x.cur.lastmod, f.x.cur.line, f.x.cur.bad = "", "", f.line, false
	case elLoc, elLastmod:
		f.x.capture, f.x.text, f.x.textOver, f.x.textBad, f.x.textLine = e, f.x.text[:0], false, false, f.line
	}
	if empty {
		return f.closeEl(e)
	}
	f.x.stack = append(f.x.stack, e)
	f.x.names = append(f.x.names, name...)
	f.x.nameEnds = append(f.x.nameEnds, len(f.x.names))
	return nil
}

// role is the role of an element of the file's own namespace, by its
// parent's role.
func (f *fileRun) role(parent el, name []byte, attrs []byte) el {
	k := f.x.kind
	local := string(name) // not allocated: only compared
	switch parent {
	case elRoot:
		switch {
		case k == kindURLSet && local == "url", k == kindIndex && local == "sitemap", k == kindAtom && local == "entry":
			return elItem
		case k == kindRSS && local == "channel":
			return elChannel
		}
	case elChannel:
		if local == "item" {
			return elItem
		}
	case elItem:
		switch k {
		case kindURLSet, kindIndex:
			switch local {
			case "loc":
				return elLoc
			case "lastmod":
				return elLastmod
			}
		case kindRSS:
			switch local {
			case "link":
				return elLoc
			case "pubDate":
				return elLastmod
			}
		case kindAtom:
			switch local {
			case "link":
				// The entry's page: its link with rel="alternate" or no
				// rel (RFC 4287 section 4.2.7.2), the first one.
				rel, _ := attr(attrs, "rel")
				href, ok := attr(attrs, "href")
				if ok && (rel == "" || rel == "alternate") && f.x.cur.loc == "" && !f.x.cur.bad {
					f.x.text, f.x.textOver, f.x.textBad, f.x.textLine = f.x.text[:0], false, false, f.line
					f.addText([]byte(href))
					f.x.cur.loc, f.x.cur.line = f.takeText(), f.line
				}
			case "updated":
				return elLastmod
			}
		}
	}
	return elOther
}

// endTag handles an end tag.
func (f *fileRun) endTag(name []byte) error {
	if len(f.x.stack) == 0 {
		f.problem(f.name, f.line, CodeXML, "</%s> closes no element", clip(string(name)))
		return errStop
	}
	if top := f.top(); !bytes.Equal(top, name) {
		f.problem(f.name, f.line, CodeXML, "</%s> where </%s> was expected", clip(string(name)), clip(string(top)))
		return errStop
	}
	e := f.x.stack[len(f.x.stack)-1]
	f.x.stack = f.x.stack[:len(f.x.stack)-1]
	f.x.nameEnds = f.x.nameEnds[:len(f.x.nameEnds)-1]
	start := 0
	if n := len(f.x.nameEnds); n > 0 {
		start = f.x.nameEnds[n-1]
	}
	f.x.names = f.x.names[:start]
	return f.closeEl(e)
}

// top is the innermost open element's name.
func (f *fileRun) top() []byte {
	n := len(f.x.nameEnds)
	start := 0
	if n > 1 {
		start = f.x.nameEnds[n-2]
	}
	return f.x.names[start:f.x.nameEnds[n-1]]
}

// closeEl ends an element's role: a URL or a date is complete, or an entry.
func (f *fileRun) closeEl(e el) error {
	switch e {
	case elLoc:
		s := f.takeText()
		if f.x.cur.loc == "" && !f.x.cur.bad {
			f.x.cur.loc, f.x.cur.line = s, f.x.textLine
		}
	case elLastmod:
		// Many URLs share a date: the last one's string is kept.
		if b := bytes.TrimSpace(f.x.text); !f.x.textOver && !f.x.textBad && string(b) == f.x.lastmod {
			f.x.capture = elOther
			f.x.cur.lastmod = f.x.lastmod
			break
		}
		f.x.cur.lastmod = f.takeText()
		f.x.lastmod = f.x.cur.lastmod
	case elItem:
		if f.x.cur.bad {
			return nil
		}
		line := f.x.cur.line
		if f.x.cur.loc == "" {
			line = f.line
		}
		return f.entry(f.x.cur.loc, f.x.cur.lastmod, line)
	}
	return nil
}

// takeText ends the captured text.
func (f *fileRun) takeText() string {
	f.x.capture = elOther
	if f.x.textOver {
		f.problem(f.name, f.x.textLine, CodeLocTooLong, "a text longer than %d bytes: skipped", maxText)
		f.x.cur.bad = true
		return ""
	}
	if f.x.textBad {
		f.x.cur.bad = true
		return ""
	}
	return string(bytes.TrimSpace(f.x.text))
}

// addText appends text, its entities decoded (sitemaps.org "Entity
// escaping": &amp; &apos; &quot; &gt; &lt;, and character references).
func (f *fileRun) addText(data []byte) {
	if f.x.textOver || f.x.textBad {
		return
	}
	if len(f.x.text)+len(data) > maxText {
		f.x.textOver = true
		return
	}
	for {
		i := bytes.IndexByte(data, '&')
		if i < 0 {
			f.x.text = append(f.x.text, data...)
			return
		}
		f.x.text = append(f.x.text, data[:i]...)
		data = data[i+1:]
		end := bytes.IndexByte(data[:min(len(data), 12)], ';')
		if end < 0 {
			f.problem(f.name, f.line, CodeEntity, "a bare '&' (write it as &amp;): the URL is skipped")
			f.x.textBad = true
			return
		}
		ref := data[:end]
		data = data[end+1:]
		switch string(ref) { // not allocated: only compared
		case "amp":
			f.x.text = append(f.x.text, '&')
		case "lt":
			f.x.text = append(f.x.text, '<')
		case "gt":
			f.x.text = append(f.x.text, '>')
		case "quot":
			f.x.text = append(f.x.text, '"')
		case "apos":
			f.x.text = append(f.x.text, '\'')
		default:
			r, ok := charRef(string(ref))
			if !ok {
				f.problem(f.name, f.line, CodeEntity, "&%s; is not an XML entity (XML knows &amp; &apos; &quot; &gt; &lt; and &#...;): the URL is skipped", clip(strings.ToValidUTF8(string(ref), "\uFFFD")))
				f.x.textBad = true
				return
			}
			f.x.text = utf8.AppendRune(f.x.text, r)
		}
	}
}

// charRef decodes "#65" or "#x41" to a character XML allows.
func charRef(ref string) (rune, bool) {
	if len(ref) < 2 || ref[0] != '#' {
		return 0, false
	}
	base, digits := 10, ref[1:]
	if digits[0] == 'x' {
		base, digits = 16, digits[1:]
	}
	n, err := strconv.ParseUint(digits, base, 32)
	if err != nil || digits == "" || digits[0] == '+' {
		return 0, false
	}
	r := rune(n)
	// XML 1.0 "Char": tab, newline, carriage return and the rest of
	// Unicode but surrogates, U+FFFE and U+FFFF.
	if r < 0x20 && r != '\t' && r != '\n' && r != '\r' || r > 0x10FFFF || r >= 0xD800 && r <= 0xDFFF || r == 0xFFFE || r == 0xFFFF {
		return 0, false
	}
	return r, true
}

// attr finds an attribute's value in a tag's attributes, entities decoded
// (XML's five and character references; anything else is kept as written).
func attr(attrs []byte, name string) (string, bool) {
	s := string(attrs)
	for len(s) > 0 {
		s = strings.TrimLeft(s, " \t\r\n")
		eq := strings.IndexByte(s, '=')
		if eq < 0 {
			return "", false
		}
		key := strings.TrimSpace(s[:eq])
		s = strings.TrimLeft(s[eq+1:], " \t\r\n")
		if s == "" || s[0] != '"' && s[0] != '\'' {
			return "", false
		}
		end := strings.IndexByte(s[1:], s[0])
		if end < 0 {
			return "", false
		}
		val := s[1 : 1+end]
		s = s[end+2:]
		if key == name {
			return val, true
		}
	}
	return "", false
}

func trimRightSpace(b []byte) []byte {
	for len(b) > 0 && isSpace(b[len(b)-1]) {
		b = b[:len(b)-1]
	}
	return b
}

func isSpace(c byte) bool { return c == ' ' || c == '\t' || c == '\r' || c == '\n' }

// nameStart reports whether c can start an XML name (ASCII letters, '_',
// ':' and every non-ASCII byte, which a fuller check would narrow).
func nameStart(c byte) bool {
	return 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || c == '_' || c == ':' || c >= 0x80
}
