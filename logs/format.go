package logs

import (
	"errors"
	"fmt"
	"net/netip"
	"strings"
	"time"
)

// A Format turns one line (without its line ending) into a Record. It sets
// Time, Addr, Method, Target, Status and UserAgent and leaves Input and
// Line alone. Formats are safe for concurrent use.
type Format interface {
	Parse(line string, r *Record) error
}

// Errors of Parse; they are values, so that a bad line costs no
// allocation.
var (
	ErrNoMatch = errors.New("line does not match the log format")
	ErrTime    = errors.New("time does not parse")
	ErrStatus  = errors.New("status is not a number")
	ErrJSON    = errors.New("not a JSON object")
)

// The formats servers write by default. nginx's "combined" is Apache's.
const (
	// Combined is Apache's and nginx's combined format.
	Combined = `%h %l %u %t "%r" %>s %b "%{Referer}i" "%{User-agent}i"`
	// Common is the Common Log Format, which has no user agent.
	Common = `%h %l %u %t "%r" %>s %b`
	// CombinedSigned is Combined followed by the request's Host header and
	// its Web Bot Auth fields (Signature, Signature-Input,
	// Signature-Agent), each quoted: what a signature verifier needs. The
	// same line written by nginx's log_format (docs/logs.md) reads with it.
	CombinedSigned = Combined + ` "%{Host}i" "%{Signature}i" "%{Signature-Input}i" "%{Signature-Agent}i"`
)

// Named returns the format of a name: "combined", "common" (and
// "nginx", which is combined), "cloudflare" (JSON lines with Logpush's
// field names), or else the name read as a custom format string (see
// Custom).
func Named(name string) (Format, error) {
	switch strings.ToLower(name) {
	case "combined", "nginx", "apache", "":
		return Custom(Combined)
	case "common", "clf":
		return Custom(Common)
	case "combined-signed", "nginx-signed", "apache-signed":
		return Custom(CombinedSigned)
	case "cloudflare", "json", "logpush":
		return JSON(CloudflareFields), nil
	}
	return Custom(name)
}

type fieldKind uint8

const (
	fSkip fieldKind = iota
	fAddr
	fTime      // [10/Oct/2000:13:55:36 -0700] without the brackets
	fTimeISO   // 2000-10-10T13:55:36-07:00
	fRequest   // GET /a HTTP/1.1
	fMethod    // GET
	fTarget    // /a?b (nginx $request_uri) or /a (Apache %U)
	fQuery     // ?b (Apache %q) or b (nginx $args)
	fStatus    // 200
	fUserAgent // Mozilla/5.0 ...
	// The Host header and the Web Bot Auth fields, written escaped
	// (nginx: \xHH; Apache: \" and \\).
	fHost
	fSignature
	fSignatureInput
	fSignatureAgent
)

type item struct {
	lit    string // a literal when kind is fSkip and lit != "", else a field
	kind   fieldKind
	field  bool
	quoted bool // the field sits between double quotes: it ends at an unescaped '"'
	// dashQuery: a target with nginx's $args right after it, which nginx
	// writes as "-" when the request has no query ("/a-").
	dashQuery bool
}

// textFormat is a compiled format string.
type textFormat struct {
	items []item
	src   string
	// fast is the unrolled reading of the default formats: fastCommon or
	// fastCombined, or 0 for the general loop. Both give the same answers
	// (FuzzFastPath).
	fast int
}

const (
	fastCommon = 1 + iota
	fastCombined
)

// Custom compiles a format string: Apache's LogFormat directives (%h %a
// %l %u %t %r %>s %s %b %B %m %U %q %{Header}i %D %T %v %%, other
// directives skipped) or nginx's log_format variables ($remote_addr
// $time_local $time_iso8601 $request $request_method $request_uri $uri
// $args $status $http_user_agent, other variables skipped). A format
// string must carry a time and either a request or a target.
func Custom(format string) (Format, error) {
	f := &textFormat{src: format}
	var lit strings.Builder
	flush := func() {
		if lit.Len() > 0 {
			f.items = append(f.items, item{lit: lit.String()})
			lit.Reset()
		}
	}
	add := func(k fieldKind) {
		flush()
		f.items = append(f.items, item{kind: k, field: true})
	}
	s := format
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case c == '%' && i+1 < len(s):
			i++
			if s[i] == '%' {
				lit.WriteByte('%')
				continue
			}
			arg := ""
			if s[i] == '{' {
				end := strings.IndexByte(s[i:], '}')
				if end < 0 {
					return nil, fmt.Errorf("log format %q: %%{ without }", format)
				}
				arg = s[i+1 : i+end]
				i += end + 1
				if i >= len(s) {
					return nil, fmt.Errorf("log format %q: %%{%s} without a directive", format, arg)
				}
			}
			for i < len(s) && (s[i] == '>' || s[i] == '<') {
				i++
			}
			if i >= len(s) {
				return nil, fmt.Errorf("log format %q ends inside a directive", format)
			}
			switch s[i] {
			case 'h', 'a':
				add(fAddr)
			case 't':
				if arg != "" {
					return nil, fmt.Errorf("log format %q: only the plain %%t time is supported, not %%{%s}t", format, arg)
				}
				lit.WriteByte('[')
				add(fTime)
				lit.WriteByte(']')
			case 'r':
				add(fRequest)
			case 's':
				add(fStatus)
			case 'm':
				add(fMethod)
			case 'U':
				add(fTarget)
			case 'q':
				add(fQuery)
			case 'i':
				switch strings.ToLower(arg) {
				case "user-agent":
					add(fUserAgent)
				case "host":
					add(fHost)
				case "signature":
					add(fSignature)
				case "signature-input":
					add(fSignatureInput)
				case "signature-agent":
					add(fSignatureAgent)
				default:
					add(fSkip)
				}
			default:
				add(fSkip)
			}
		case c == '$' && i+1 < len(s):
			j := i + 1
			var name string
			if s[j] == '{' {
				end := strings.IndexByte(s[j:], '}')
				if end < 0 {
					return nil, fmt.Errorf("log format %q: ${ without }", format)
				}
				name = s[j+1 : j+end]
				i = j + end
			} else {
				for j < len(s) && (s[j] == '_' || s[j] >= 'a' && s[j] <= 'z' || s[j] >= 'A' && s[j] <= 'Z' || s[j] >= '0' && s[j] <= '9') {
					j++
				}
				if j == i+1 {
					lit.WriteByte(c)
					continue
				}
				name = s[i+1 : j]
				i = j - 1
			}
			switch strings.ToLower(name) {
			case "remote_addr", "realip_remote_addr":
				add(fAddr)
			case "time_local":
				add(fTime)
			case "time_iso8601":
				add(fTimeISO)
			case "request":
				add(fRequest)
			case "request_method":
				add(fMethod)
			case "request_uri", "uri":
				add(fTarget)
			case "args", "query_string":
				add(fQuery)
				f.items[len(f.items)-1].dashQuery = true
			case "is_args":
				add(fQuery)
			case "status":
				add(fStatus)
			case "http_user_agent":
				add(fUserAgent)
			case "http_host":
				add(fHost)
			case "http_signature":
				add(fSignature)
			case "http_signature_input":
				add(fSignatureInput)
			case "http_signature_agent":
				add(fSignatureAgent)
			default:
				add(fSkip)
			}
		default:
			lit.WriteByte(c)
		}
	}
	flush()
	// A target written with its query right after it (%U%q,
	// $uri$is_args$args) is one field: the target with its query.
	for i := 0; i+1 < len(f.items); i++ {
		if f.items[i].kind == fTarget && f.items[i+1].field && f.items[i+1].kind == fQuery {
			f.items[i].dashQuery = f.items[i].dashQuery || f.items[i+1].dashQuery
			f.items = append(f.items[:i+1], f.items[i+2:]...)
			i--
		}
	}
	var hasTime, hasTarget bool
	for i := range f.items {
		it := &f.items[i]
		switch it.kind {
		case fTime, fTimeISO:
			hasTime = true
		case fRequest, fTarget:
			hasTarget = true
		}
		if it.field && i > 0 && i+1 < len(f.items) {
			before, after := f.items[i-1].lit, f.items[i+1].lit
			it.quoted = strings.HasSuffix(before, `"`) && strings.HasPrefix(after, `"`)
		}
		if it.field && i+1 < len(f.items) && f.items[i+1].field {
			return nil, fmt.Errorf("log format %q: two fields with nothing between them cannot be told apart", format)
		}
	}
	if !hasTime || !hasTarget {
		return nil, fmt.Errorf("log format %q: needs a time (%%t, $time_local or $time_iso8601) and a request (%%r, $request) or target (%%U, $request_uri)", format)
	}
	switch format {
	case Common:
		f.fast = fastCommon
	case Combined:
		f.fast = fastCombined
	}
	return f, nil
}

func (f *textFormat) String() string { return f.src }

// Parse implements Format.
func (f *textFormat) Parse(line string, r *Record) error {
	*r = Record{Input: r.Input, Line: r.Line}
	if f.fast != 0 {
		return parseCLF(line, r, f.fast == fastCombined)
	}
	pos := 0
	var query string
	for i := range f.items {
		it := &f.items[i]
		if !it.field {
			if !strings.HasPrefix(line[pos:], it.lit) {
				return ErrNoMatch
			}
			pos += len(it.lit)
			continue
		}
		end := len(line)
		if i+1 < len(f.items) {
			next := f.items[i+1].lit
			if it.quoted {
				end = quotedEnd(line, pos)
			} else if k := strings.Index(line[pos:], next); k >= 0 {
				end = pos + k
			} else {
				return ErrNoMatch
			}
			if end < 0 {
				return ErrNoMatch
			}
		}
		v := line[pos:end]
		pos = end
		switch it.kind {
		case fAddr:
			if a, ok := parseAddr(v); ok {
				r.Addr = a
			}
		case fTime:
			t, ok := parseCLFTime(v)
			if !ok {
				return ErrTime
			}
			r.Time = t
		case fTimeISO:
			t, err := time.Parse(time.RFC3339, v)
			if err != nil {
				return ErrTime
			}
			r.Time = t.UTC()
		case fRequest:
			r.Method, r.Target = splitRequest(v)
		case fMethod:
			r.Method = dash(v)
		case fTarget:
			if it.dashQuery && strings.HasSuffix(v, "-") && !strings.Contains(v, "?") {
				v = v[:len(v)-1]
			}
			r.Target = dash(v)
		case fQuery:
			query = dash(v)
		case fStatus:
			if v != "-" {
				n, ok := atoi(v)
				if !ok {
					return ErrStatus
				}
				r.Status = n
			}
		case fUserAgent:
			r.UserAgent = dash(v)
		case fHost:
			r.Host = unescape(dash(v))
		case fSignature:
			r.Signature = unescape(dash(v))
		case fSignatureInput:
			r.SignatureInput = unescape(dash(v))
		case fSignatureAgent:
			r.SignatureAgent = unescape(dash(v))
		}
	}
	// Whatever follows the last declared field (nginx's $request_time
	// appended to combined) is ignored.
	if query != "" && r.Target != "" && !strings.Contains(r.Target, "?") {
		if query[0] == '?' {
			r.Target += query // allocates, only for %U%q formats
		} else {
			r.Target += "?" + query
		}
	}
	return nil
}

// parseCLF is the general loop unrolled for Common and Combined:
// %h %l %u [%t] "%r" %>s %b, then "%{Referer}i" "%{User-agent}i".
func parseCLF(line string, r *Record, combined bool) error {
	sp := strings.IndexByte(line, ' ') // %h
	if sp < 0 {
		return ErrNoMatch
	}
	if a, ok := parseAddr(line[:sp]); ok {
		r.Addr = a
	}
	rest := line[sp+1:]
	// The common case first, each with the answer of the search after it:
	// "- - [" (no identity, no user), a time of 26 bytes.
	if len(rest) > 4 && rest[0] == '-' && rest[1] == ' ' && rest[2] == '-' && rest[3] == ' ' && rest[4] == '[' {
		rest = rest[5:]
	} else {
		sp = strings.IndexByte(rest, ' ') // %l
		if sp < 0 {
			return ErrNoMatch
		}
		rest = rest[sp+1:]
		k := strings.Index(rest, " [") // %u
		if k < 0 {
			return ErrNoMatch
		}
		rest = rest[k+2:]
	}
	var t time.Time
	ok := false
	k := 26
	// A time that reads holds no ']', so "] \"" right after it is the first.
	if len(rest) > 28 && rest[26] == ']' && rest[27] == ' ' && rest[28] == '"' {
		t, ok = parseCLFTime(rest[:26])
	}
	if !ok {
		k = strings.Index(rest, "] \"") // %t
		if k < 0 {
			return ErrNoMatch
		}
		if t, ok = parseCLFTime(rest[:k]); !ok {
			return ErrTime
		}
	}
	r.Time = t
	rest = rest[k+3:]
	k = quotedEnd(rest, 0) // %r
	if k < 0 {
		return ErrNoMatch
	}
	req := rest[:k]
	rest = rest[k:]
	if !strings.HasPrefix(rest, "\" ") {
		return ErrNoMatch
	}
	rest = rest[2:]
	if len(rest) > 3 && rest[3] == ' ' && rest[0] != ' ' && rest[1] != ' ' && rest[2] != ' ' {
		sp = 3 // a status of three digits
	} else if sp = strings.IndexByte(rest, ' '); sp < 0 { // %>s
		return ErrNoMatch
	}
	if v := rest[:sp]; v != "-" {
		n, ok := atoi(v)
		if !ok {
			return ErrStatus
		}
		r.Status = n
	}
	rest = rest[sp+1:]
	if !combined { // %b runs to the end of the line
		r.Method, r.Target = splitRequest(req)
		return nil
	}
	k = strings.Index(rest, " \"") // %b
	if k < 0 {
		return ErrNoMatch
	}
	rest = rest[k+2:]
	if len(rest) > 1 && rest[0] == '-' && rest[1] == '"' {
		k = 1 // no referer
	} else if k = quotedEnd(rest, 0); k < 0 { // referer
		return ErrNoMatch
	}
	rest = rest[k:]
	if !strings.HasPrefix(rest, "\" \"") {
		return ErrNoMatch
	}
	rest = rest[3:]
	k = quotedEnd(rest, 0) // user agent
	if k < 0 {
		return ErrNoMatch
	}
	r.UserAgent = dash(rest[:k])
	r.Method, r.Target = splitRequest(req)
	return nil
}

// quotedEnd returns the index of the first '"' at or after pos that no
// backslash escapes, or -1. It jumps from quote to quote (IndexByte is
// vectorised) and counts the backslashes before each.
func quotedEnd(s string, pos int) int {
	for {
		k := strings.IndexByte(s[pos:], '"')
		if k < 0 {
			return -1
		}
		k += pos
		n := 0
		for j := k - 1; j >= pos && s[j] == '\\'; j-- {
			n++
		}
		if n%2 == 0 {
			return k
		}
		pos = k + 1
	}
}

// unescape undoes the escaping servers apply to logged header values:
// nginx's \xHH (its default escape=default writes '"', '\\' and bytes
// outside printable ASCII so), and Apache's \" and \\ (with \xHH for
// the others). A string without a backslash is returned as it is, with no
// allocation.
func unescape(s string) string {
	if strings.IndexByte(s, '\\') < 0 {
		return s
	}
	b := make([]byte, 0, len(s))
	for i := 0; i < len(s); i++ {
		c := s[i]
		if c == '\\' && i+1 < len(s) {
			switch n := s[i+1]; {
			case n == '"' || n == '\\':
				b = append(b, n)
				i++
				continue
			case n == 'x' && i+3 < len(s) && isHex(s[i+2]) && isHex(s[i+3]):
				b = append(b, unhex(s[i+2])<<4|unhex(s[i+3]))
				i += 3
				continue
			}
		}
		b = append(b, c)
	}
	return string(b)
}

func isHex(c byte) bool {
	return '0' <= c && c <= '9' || 'a' <= c && c <= 'f' || 'A' <= c && c <= 'F'
}

func unhex(c byte) byte {
	switch {
	case c <= '9':
		return c - '0'
	case c >= 'a':
		return c - 'a' + 10
	}
	return c - 'A' + 10
}

func dash(s string) string {
	if s == "-" {
		return ""
	}
	return s
}

// splitRequest splits "GET /a HTTP/1.1" into method and target. A request
// line that is not one ("-", junk a scanner sent) gives no target.
func splitRequest(v string) (method, target string) {
	sp := strings.IndexByte(v, ' ')
	if sp <= 0 {
		return "", ""
	}
	method, rest := v[:sp], v[sp+1:]
	if sp2 := strings.LastIndexByte(rest, ' '); sp2 >= 0 && strings.HasPrefix(rest[sp2+1:], "HTTP/") {
		rest = rest[:sp2]
	}
	if rest == "" || (rest[0] != '/' && !strings.HasPrefix(rest, "http://") && !strings.HasPrefix(rest, "https://") && rest != "*") {
		return method, ""
	}
	return method, rest
}

func atoi(s string) (int, bool) {
	if s == "" || len(s) > 9 {
		return 0, false
	}
	n := 0
	for i := 0; i < len(s); i++ {
		c := s[i]
		if c < '0' || c > '9' {
			return 0, false
		}
		n = n*10 + int(c-'0')
	}
	return n, true
}

// parseCLFTime reads "10/Oct/2000:13:55:36 -0700" without allocating. It
// runs once per line: two-digit fields are read directly, the month by a
// switch, the days since 1970 from a table of years (daysFromCivil outside
// it).
func parseCLFTime(s string) (time.Time, bool) {
	if len(s) != 26 || s[2] != '/' || s[6] != '/' || s[11] != ':' || s[14] != ':' || s[17] != ':' || s[20] != ' ' {
		return time.Time{}, false
	}
	day, ok1 := digits2(s[0], s[1])
	hour, ok2 := digits2(s[12], s[13])
	mins, ok3 := digits2(s[15], s[16])
	sec, ok4 := digits2(s[18], s[19])
	zh, ok5 := digits2(s[22], s[23])
	zm, ok6 := digits2(s[24], s[25])
	yh, ok7 := digits2(s[7], s[8])
	yl, ok8 := digits2(s[9], s[10])
	if !(ok1 && ok2 && ok3 && ok4 && ok5 && ok6 && ok7 && ok8) || (s[21] != '+' && s[21] != '-') {
		return time.Time{}, false
	}
	year := yh*100 + yl
	mon := month(s[3:6])
	if mon == 0 || day < 1 || day > 31 || hour > 23 || mins > 59 || sec > 60 || zh > 23 || zm > 59 {
		return time.Time{}, false
	}
	if day > daysIn(mon, year) {
		return time.Time{}, false
	}
	off := int64(zh)*3600 + int64(zm)*60
	if s[21] == '-' {
		off = -off
	}
	var days int64
	if y := year - tableFirstYear; y >= 0 && y < len(yearDays) {
		days = int64(yearDays[y]) + int64(monthDays[mon-1]) + int64(day-1)
		if mon > 2 && leap(year) {
			days++
		}
	} else {
		days = daysFromCivil(year, mon, day)
	}
	secs := days*86400 + int64(hour)*3600 + int64(mins)*60 + int64(sec) - off
	return time.Unix(secs, 0).UTC(), true
}

// digits2 reads two decimal digits.
func digits2(a, b byte) (int, bool) {
	a, b = a-'0', b-'0'
	return int(a)*10 + int(b), a <= 9 && b <= 9
}

// month is the number of an English month abbreviation, or 0.
func month(s string) int {
	switch s {
	case "Jan":
		return 1
	case "Feb":
		return 2
	case "Mar":
		return 3
	case "Apr":
		return 4
	case "May":
		return 5
	case "Jun":
		return 6
	case "Jul":
		return 7
	case "Aug":
		return 8
	case "Sep":
		return 9
	case "Oct":
		return 10
	case "Nov":
		return 11
	case "Dec":
		return 12
	}
	return 0
}

func leap(y int) bool { return y%4 == 0 && (y%100 != 0 || y%400 == 0) }

// monthDays are the days before each month in a year that is not leap.
var monthDays = [12]int16{0, 31, 59, 90, 120, 151, 181, 212, 243, 273, 304, 334}

// yearDays[y] are the days from 1970-01-01 to 1 January of
// tableFirstYear+y, for the years logs are written in.
const tableFirstYear = 1900

var yearDays = func() (t [300]int32) {
	for i := range t {
		t[i] = int32(daysFromCivil(tableFirstYear+i, 1, 1))
	}
	return t
}()

// daysFromCivil counts the days from 1970-01-01 to a date of the
// proleptic Gregorian calendar (Howard Hinnant's algorithm), cheaper than
// time.Date on the hot path.
func daysFromCivil(y, m, d int) int64 {
	if m <= 2 {
		y--
	}
	era := y / 400
	if y < 0 && y%400 != 0 {
		era--
	}
	yoe := y - era*400
	mp := (m + 9) % 12
	doy := (153*mp+2)/5 + d - 1
	doe := yoe*365 + yoe/4 - yoe/100 + doy
	return int64(era)*146097 + int64(doe) - 719468
}

func daysIn(m, y int) int {
	switch m {
	case 2:
		if leap(y) {
			return 29
		}
		return 28
	case 4, 6, 9, 11:
		return 30
	}
	return 31
}

// parseAddr is netip.ParseAddr(s).Unmap() with a shortcut for the common
// dotted IPv4 address, read in one pass.
func parseAddr(s string) (netip.Addr, bool) {
	var b [4]byte
	field, n, digits := 0, 0, 0
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case c >= '0' && c <= '9':
			if digits > 0 && n == 0 { // a leading zero, which netip refuses
				return slowAddr(s)
			}
			n = n*10 + int(c-'0')
			digits++
			if n > 255 {
				return slowAddr(s)
			}
		case c == '.' && digits > 0 && field < 3:
			b[field] = byte(n)
			field, n, digits = field+1, 0, 0
		default:
			return slowAddr(s)
		}
	}
	if field != 3 || digits == 0 {
		return slowAddr(s)
	}
	b[3] = byte(n)
	return netip.AddrFrom4(b), true
}

func slowAddr(s string) (netip.Addr, bool) {
	a, err := netip.ParseAddr(s)
	return a.Unmap(), err == nil
}
