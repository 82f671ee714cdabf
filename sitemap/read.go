package sitemap

import (
	"bufio"
	"bytes"
	"compress/flate"
	"compress/gzip"
	"context"
	"errors"
	"fmt"
	"io"
	"net/url"
	"path"
	"strings"
	"unicode/utf8"
)

// run is one reading: the problems found so far and the sitemaps still to
// read.
type run struct {
	r       *Reader
	ctx     context.Context
	fn      func(Entry) error
	res     *Result
	count   map[problemKey]int // problems listed per sitemap and code
	last    map[problemKey]int // index in res.Problems of the last listed
	pending []child            // an index's sitemaps, read after it
	fetched int
	done    map[string]bool // sitemaps read, against loops and repeats
	queued  map[string]bool // sitemaps in pending
}

type problemKey struct {
	sitemap string
	code    Code
}

type child struct {
	loc   string
	index string // the index listing it
	line  int
	depth int
}

func (r *Reader) newRun(ctx context.Context, fn func(Entry) error) *run {
	return &run{r: r, ctx: ctx, fn: fn, res: &Result{}, count: map[problemKey]int{}, last: map[problemKey]int{}, done: map[string]bool{}, queued: map[string]bool{}}
}

// problem records a problem, or counts it when its code has been listed
// often enough for this sitemap.
func (st *run) problem(sitemap string, line int, code Code, format string, args ...any) {
	k := problemKey{sitemap, code}
	if n := st.count[k]; n >= listed {
		st.res.Problems[st.last[k]].More++
		return
	}
	if len(st.res.Problems) >= maxProblems {
		st.res.Omitted++
		return
	}
	st.count[k]++
	st.last[k] = len(st.res.Problems)
	st.res.Problems = append(st.res.Problems, Problem{Sitemap: sitemap, Line: line, Code: code, Message: fmt.Sprintf(format, args...)})
}

// errStop ends the reading of one file after a problem that stops it.
var errStop = errors.New("sitemap: stop")

// fetch fetches and reads one sitemap.
func (st *run) fetch(rawURL string, depth int) error {
	if st.done[rawURL] {
		return nil
	}
	st.done[rawURL] = true
	st.fetched++
	loc := locationOf(rawURL)
	if loc == nil {
		st.problem(rawURL, 0, CodeFetch, "not an http(s) URL")
		return nil
	}
	if st.r.Fetcher == nil {
		st.problem(rawURL, 0, CodeNotFetched, "not read: no fetcher was given to fetch sitemaps by URL")
		return nil
	}
	body, err := st.r.Fetcher.Fetch(st.ctx, rawURL)
	if err != nil {
		if st.ctx.Err() != nil {
			return st.ctx.Err()
		}
		st.problem(rawURL, 0, CodeFetch, "%v", err)
		return nil
	}
	defer body.Close()
	return st.file(rawURL, loc, body, depth)
}

func (st *run) maxFetches() int {
	if st.r.MaxFetches <= 0 {
		return DefaultMaxFetches
	}
	return st.r.MaxFetches
}

// fetchChild fetches an index's sitemap. A sitemap that is not read (the
// fetch bound reached, no fetcher) is a problem of the index, so that an
// index of 50,000 sitemaps gives a few problems and a count, not 50,000.
func (st *run) fetchChild(c child) error {
	if st.done[c.loc] {
		return nil
	}
	max := st.maxFetches()
	switch {
	case st.fetched >= max:
		st.done[c.loc] = true
		st.problem(c.index, c.line, CodeFetchLimit, "%s not read: %d sitemaps were fetched already, the most one reading fetches", clip(c.loc), max)
		return nil
	case st.r.Fetcher == nil:
		st.done[c.loc] = true
		st.problem(c.index, c.line, CodeNotFetched, "%s not read: no fetcher was given to fetch sitemaps by URL", clip(c.loc))
		return nil
	}
	n := len(st.res.Problems)
	err := st.fetch(c.loc, c.depth)
	for i := n; i < len(st.res.Problems); i++ {
		if p := &st.res.Problems[i]; p.Line == 0 && p.Code == CodeFetch && p.Sitemap == c.loc {
			p.Message += fmt.Sprintf(" (listed by %s, line %d)", c.index, c.line)
		}
	}
	return err
}

// children reads the sitemaps the indexes listed, in order.
func (st *run) children() error {
	for len(st.pending) > 0 {
		c := st.pending[0]
		st.pending = st.pending[1:]
		if err := st.fetchChild(c); err != nil {
			return err
		}
	}
	return nil
}

// file reads one sitemap; loc is its location when known.
func (st *run) file(name string, loc *url.URL, src io.Reader, depth int) error {
	st.res.Sitemaps++
	limit := st.r.MaxBytes
	if limit <= 0 {
		limit = DefaultMaxBytes
	}
	f := &fileRun{run: st, name: name, loc: loc, depth: depth, line: 1}
	if loc != nil {
		dir, _ := path.Split(loc.EscapedPath())
		f.dir = dir
		f.origin = originOf(loc)
	}
	// The raw bytes are bounded as the decompressed ones are.
	raw := bufio.NewReaderSize(&io.LimitedReader{R: src, N: limit + 1}, 64<<10)
	var in io.Reader = raw
	if magic, _ := raw.Peek(2); len(magic) == 2 && magic[0] == 0x1f && magic[1] == 0x8b {
		zr, err := gzip.NewReader(raw)
		if err != nil {
			st.problem(name, 0, CodeGzip, "the gzip header is corrupt: %v", err)
			return nil
		}
		in = zr
		f.gzipped = true
	}
	f.counted = &countReader{r: in, f: f, limit: limit}
	f.br = bufio.NewReaderSize(f.counted, 64<<10)
	err := f.read()
	if errors.Is(err, errStop) {
		err = nil
	}
	return err
}

// fileRun is the reading of one file.
type fileRun struct {
	*run
	name    string
	loc     *url.URL // nil: a file, not a location
	origin  string
	dir     string // the escaped path of loc's directory, ending in "/"
	depth   int
	gzipped bool
	br      *bufio.Reader
	counted *countReader
	line    int
	urls    int // entries of this file
	maps    int // sitemaps of this index
	index   bool
	x       xmlState
}

// countReader counts the decompressed bytes, reports the protocol's size
// limit once and stops at the reader's own.
type countReader struct {
	r        io.Reader
	f        *fileRun
	n, limit int64
	err      error // the error that stopped the reading
}

var errTruncated = errors.New("sitemap: too large")

func (c *countReader) Read(p []byte) (int, error) {
	if c.err != nil {
		return 0, c.err
	}
	n, err := c.r.Read(p)
	before := c.n
	c.n += int64(n)
	if before <= MaxFileBytes && c.n > MaxFileBytes {
		c.f.problem(c.f.name, 0, CodeTooLarge, "more than %d bytes uncompressed (50 MB), the protocol's limit: search engines may not read the file", MaxFileBytes)
	}
	if c.n > c.limit {
		n -= int(c.n - c.limit)
		c.n = c.limit
		c.err = errTruncated
		return n, nil
	}
	if err != nil && err != io.EOF {
		c.err = err
	}
	return n, err
}

// read decides the format and reads the file.
func (f *fileRun) read() error {
	head, _ := f.br.Peek(4)
	switch {
	case bytes.HasPrefix(head, []byte("\xEF\xBB\xBF")):
		f.problem(f.name, 1, CodeBOM, "the file starts with a byte order mark; UTF-8 needs none, and some readers refuse it")
		f.br.Discard(3)
	case bytes.HasPrefix(head, []byte("\xFE\xFF")), bytes.HasPrefix(head, []byte("\xFF\xFE")):
		f.problem(f.name, 1, CodeEncoding, "the file is UTF-16; a sitemap must be UTF-8 (sitemaps.org)")
		return errStop
	}
	for {
		b, err := f.br.ReadByte()
		if err != nil {
			return f.readErr(err)
		}
		switch b {
		case ' ', '\t', '\r':
			continue
		case '\n':
			f.line++
			continue
		}
		f.br.UnreadByte()
		if b == '<' {
			return f.readXML()
		}
		return f.readText()
	}
}

// readErr turns a read error into a problem, or nil at the end of the file.
func (f *fileRun) readErr(err error) error {
	switch {
	case err == io.EOF:
		return nil
	case errors.Is(err, errTruncated):
		f.problem(f.name, f.line, CodeTruncated, "reading stopped after %d bytes uncompressed: the rest is not read", f.counted.limit)
	case f.gzipped && gzipError(err):
		f.problem(f.name, f.line, CodeGzip, "the gzip stream is corrupt: %v", err)
	default:
		if f.ctx.Err() != nil {
			return f.ctx.Err()
		}
		f.problem(f.name, f.line, CodeFetch, "reading failed: %v", err)
	}
	return errStop
}

// gzipError reports an error of the gzip stream itself, not of the
// reading under it.
func gzipError(err error) bool {
	var ce flate.CorruptInputError
	return errors.Is(err, gzip.ErrChecksum) || errors.Is(err, gzip.ErrHeader) || errors.As(err, &ce) ||
		errors.Is(err, io.ErrUnexpectedEOF)
}

// readText reads a text sitemap (sitemaps.org "Text file"): one URL per
// line, nothing else; blank lines are skipped.
func (f *fileRun) readText() error {
	for {
		line, err := f.br.ReadSlice('\n')
		long := false
		for err == bufio.ErrBufferFull {
			long = true
			line, err = f.br.ReadSlice('\n')
		}
		if long {
			f.problem(f.name, f.line, CodeLocTooLong, "a line longer than %d bytes: skipped", f.br.Size())
		} else if s := strings.TrimSpace(string(line)); s != "" {
			if e := f.entry(s, "", f.line); e != nil {
				return e
			}
		}
		if len(line) > 0 && line[len(line)-1] == '\n' {
			f.line++
		}
		if err != nil {
			return f.readErr(err)
		}
	}
}

// entry checks one URL of a sitemap (not of an index) and hands it on.
func (f *fileRun) entry(loc, lastmod string, line int) error {
	if f.index {
		return f.indexEntry(loc, line)
	}
	if loc == "" {
		f.problem(f.name, line, CodeMissingLoc, "an entry without its URL")
		return nil
	}
	if _, ok := f.checkLoc(loc, line); !ok {
		return nil
	}
	f.urls++
	if f.urls == MaxURLs+1 {
		f.problem(f.name, line, CodeTooManyURLs, "more than %d URLs, the protocol's limit: search engines may ignore the rest", MaxURLs)
	}
	if lastmod != "" && f.x.kind == kindURLSet && !W3CDatetime(lastmod) {
		f.problem(f.name, line, CodeBadLastmod, "lastmod %q is not a W3C Datetime (2025-01-31, 2025-01-31T12:00:00+00:00)", clip(lastmod))
	}
	f.res.URLs++
	if f.res.URLs%1024 == 0 {
		if err := f.ctx.Err(); err != nil {
			return err
		}
	}
	return f.fn(Entry{Loc: loc, Lastmod: lastmod, Sitemap: f.name, Line: line})
}

// indexEntry records one sitemap of an index, to be read after it.
func (f *fileRun) indexEntry(loc string, line int) error {
	if loc == "" {
		f.problem(f.name, line, CodeMissingLoc, "a sitemap entry without its URL")
		return nil
	}
	u, ok := f.checkLoc(loc, line)
	if !ok {
		return nil
	}
	if u == nil {
		u, _ = url.Parse(loc)
	}
	f.maps++
	if f.maps == MaxSitemaps+1 {
		f.problem(f.name, line, CodeTooManyMaps, "more than %d sitemaps, the protocol's limit: search engines may ignore the rest", MaxSitemaps)
	}
	// sitemaps.org "Sitemap index files": an index lists sitemaps of its
	// own site only.
	if f.loc != nil && originOf(u) != f.origin {
		f.problem(f.name, line, CodeCrossHost, "%s is on another site than the index (%s): an index lists sitemaps of its own site", clip(loc), f.origin)
	}
	if f.depth >= 1 {
		return nil // a nested index's sitemaps are not read
	}
	if f.done[loc] || f.queued[loc] {
		return nil // listed before: read once
	}
	// Only the sitemaps that can still be fetched are kept: an index of
	// millions costs the memory of MaxFetches.
	switch max := f.maxFetches(); {
	case f.r.Fetcher == nil:
		f.problem(f.name, line, CodeNotFetched, "%s not read: no fetcher was given to fetch sitemaps by URL", clip(loc))
		return nil
	case f.fetched+len(f.pending) >= max:
		f.problem(f.name, line, CodeFetchLimit, "%s not read: %d sitemaps were fetched already, the most one reading fetches", clip(loc), max)
		return nil
	}
	f.pending = append(f.pending, child{loc: loc, index: f.name, line: line, depth: f.depth + 1})
	f.queued[loc] = true
	return nil
}

// checkLoc checks that loc is an absolute http(s) URL of the protocol's
// length and in its place, reporting it otherwise; ok is false when the
// URL is to be skipped.
func (f *fileRun) checkLoc(loc string, line int) (u *url.URL, ok bool) {
	if !utf8.ValidString(loc) {
		f.problem(f.name, line, CodeUTF8, "the URL is not valid UTF-8: skipped")
		return nil, false
	}
	if len(loc) >= MaxLocLength {
		if n := utf8.RuneCountInString(loc); n >= MaxLocLength {
			f.problem(f.name, line, CodeLocTooLong, "a URL of %d characters; the protocol wants fewer than %d", n, MaxLocLength)
		}
	}
	// Most URLs of a sitemap are plain and on the sitemap's own origin:
	// they are checked without being parsed.
	if plainURL(loc) && (f.loc == nil || f.index || sameOrigin(loc, f.origin)) {
		if f.loc != nil && !f.index {
			path := loc[len(f.origin):]
			if !strings.HasPrefix(path, f.dir) && path != "" && !(f.dir == "/" && (path[0] == '?' || path[0] == '#')) {
				f.problem(f.name, line, CodeOutsidePath, "%s is outside %s, the sitemap's directory: a sitemap lists URLs at or below its own directory", clip(loc), f.dir)
			}
		}
		if !f.index {
			return nil, true
		}
	}
	u, err := CheckURL(loc)
	if err != nil {
		f.problem(f.name, line, CodeBadLoc, "%s: skipped", err)
		return nil, false
	}
	if f.loc != nil && !f.index {
		f.placed(u, loc, line)
	}
	return u, true
}

// placed checks a parsed URL against the sitemap's location (sitemaps.org
// "Sitemap file location" and "Sitemaps & Cross Submits").
func (f *fileRun) placed(u *url.URL, loc string, line int) {
	o := originOf(u)
	if o != f.origin {
		if cs := f.r.CrossSubmitted; cs != nil && cs(f.name, o) {
			return
		}
		f.problem(f.name, line, CodeCrossHost, "%s is on %s, not on the sitemap's %s, and no robots.txt of %s is known to name the sitemap (cross-submission)", clip(loc), o, f.origin, o)
		return
	}
	if p := u.EscapedPath(); !strings.HasPrefix(p, f.dir) && !(p == "" && f.dir == "/") {
		f.problem(f.name, line, CodeOutsidePath, "%s is outside %s, the sitemap's directory: a sitemap lists URLs at or below its own directory", clip(loc), f.dir)
	}
}

// plainURL reports whether s is an http(s) URL that url.Parse accepts and
// that needs no parsing to be read: a scheme in lower case, a host of
// letters, digits, '.' and '-' with an optional port, and the rest free
// of white space and control characters, every '%' starting an escape.
func plainURL(s string) bool {
	var rest string
	switch {
	case strings.HasPrefix(s, "https://"):
		rest = s[8:]
	case strings.HasPrefix(s, "http://"):
		rest = s[7:]
	default:
		return false
	}
	i := 0
	for i < len(rest) && (isAlnum(rest[i]) || rest[i] == '.' || rest[i] == '-') {
		i++
	}
	if i == 0 {
		return false
	}
	if i < len(rest) && rest[i] == ':' {
		j := i + 1
		for j < len(rest) && '0' <= rest[j] && rest[j] <= '9' {
			j++
		}
		if j == i+1 || j-i > 6 {
			return false
		}
		i = j
	}
	if i < len(rest) && rest[i] != '/' && rest[i] != '?' && rest[i] != '#' {
		return false
	}
	for k := i; k < len(rest); k++ {
		c := rest[k]
		switch {
		case c <= ' ' || c == 0x7f:
			return false
		case c == '%':
			if k+2 >= len(rest) || !isHex(rest[k+1]) || !isHex(rest[k+2]) {
				return false
			}
		}
	}
	return true
}

// sameOrigin reports whether the plain URL s is on origin as written.
func sameOrigin(s, origin string) bool {
	if !strings.HasPrefix(s, origin) {
		return false
	}
	if len(s) == len(origin) {
		return true
	}
	c := s[len(origin)]
	return c == '/' || c == '?' || c == '#'
}

func isAlnum(c byte) bool {
	return 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || '0' <= c && c <= '9'
}

func isHex(c byte) bool {
	return '0' <= c && c <= '9' || 'a' <= c && c <= 'f' || 'A' <= c && c <= 'F'
}

// CheckURL parses a sitemap's URL (a loc, a link, a line of a text sitemap
// or of robots.txt's Sitemap:), which must be an absolute http or https URL
// with a host. The error says in words what is wrong, as
// "https://https://example.com/" (a doubled scheme) or "/sitemap.xml" (a
// relative URL).
func CheckURL(s string) (*url.URL, error) {
	if strings.ContainsAny(s, " \t\r\n") {
		return nil, fmt.Errorf("%q contains white space; a URL escapes it (%%20)", clip(s))
	}
	u, err := url.Parse(s)
	if err != nil {
		return nil, fmt.Errorf("%q is not a URL: %v", clip(s), unwrapURL(err))
	}
	scheme := strings.ToLower(u.Scheme)
	switch {
	case u.Scheme == "" || u.Opaque != "" && u.Host == "":
		return nil, fmt.Errorf("%q is not an absolute URL: a sitemap's URLs start with http:// or https://", clip(s))
	case scheme != "http" && scheme != "https":
		return nil, fmt.Errorf("%q is not an http or https URL", clip(s))
	case u.Host == "":
		return nil, fmt.Errorf("%q has no host", clip(s))
	}
	h := strings.ToLower(u.Hostname())
	if (h == "http" || h == "https") && strings.HasSuffix(u.Host, ":") {
		return nil, fmt.Errorf("%q has its scheme twice (%s%s): the host is read as %q", clip(s), u.Scheme, "://"+h+"://", u.Host)
	}
	if strings.HasSuffix(u.Host, ":") {
		return nil, fmt.Errorf("%q has an empty port after its host", clip(s))
	}
	return u, nil
}

func unwrapURL(err error) error {
	var ue *url.Error
	if errors.As(err, &ue) {
		return ue.Err
	}
	return err
}

// originOf is scheme://host[:port], lower-case, the default port left out.
func originOf(u *url.URL) string {
	scheme := strings.ToLower(u.Scheme)
	host := strings.ToLower(u.Hostname())
	if strings.Contains(host, ":") {
		host = "[" + host + "]"
	}
	port := u.Port()
	if port != "" && !(scheme == "http" && port == "80") && !(scheme == "https" && port == "443") {
		host += ":" + port
	}
	return scheme + "://" + host
}

// clip shortens a value quoted in a message.
func clip(s string) string {
	if len(s) <= 200 {
		return s
	}
	i := 200
	for i > 0 && !utf8.RuneStart(s[i]) {
		i--
	}
	return s[:i] + "..."
}

// W3CDatetime reports whether s is in one of the formats of the W3C
// Datetime note (https://www.w3.org/TR/NOTE-datetime) that sitemaps.org
// asks lastmod to be in: YYYY, YYYY-MM, YYYY-MM-DD, or a date with hh:mm,
// hh:mm:ss or hh:mm:ss.s and a time zone (Z or +hh:mm).
func W3CDatetime(s string) bool {
	// YYYY[-MM[-DD[Thh:mm[:ss[.s+]]TZD]]]
	if len(s) < 4 || !digits(s[:4]) {
		return false
	}
	if len(s) == 4 {
		return true
	}
	if len(s) < 7 || s[4] != '-' || !between(s[5:7], 1, 12) {
		return false
	}
	if len(s) == 7 {
		return true
	}
	if len(s) < 10 || s[7] != '-' || !between(s[8:10], 1, 31) {
		return false
	}
	if len(s) == 10 {
		return true
	}
	if len(s) < 16 || s[10] != 'T' || !between(s[11:13], 0, 23) || s[13] != ':' || !between(s[14:16], 0, 59) {
		return false
	}
	rest := s[16:]
	if len(rest) >= 3 && rest[0] == ':' {
		if !between(rest[1:3], 0, 60) {
			return false
		}
		rest = rest[3:]
		if len(rest) > 0 && rest[0] == '.' {
			n := 1
			for n < len(rest) && '0' <= rest[n] && rest[n] <= '9' {
				n++
			}
			if n == 1 {
				return false
			}
			rest = rest[n:]
		}
	}
	// TZD: Z or +hh:mm or -hh:mm.
	return rest == "Z" || len(rest) == 6 && (rest[0] == '+' || rest[0] == '-') && between(rest[1:3], 0, 23) && rest[3] == ':' && between(rest[4:6], 0, 59)
}

func digits(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] < '0' || s[i] > '9' {
			return false
		}
	}
	return true
}

// between reports whether the two digits s make a number in [lo, hi].
func between(s string, lo, hi int) bool {
	if !digits(s) {
		return false
	}
	n := int(s[0]-'0')*10 + int(s[1]-'0')
	return lo <= n && n <= hi
}
