package sitemap

import (
	"context"
	"fmt"
	"io"
	"net/url"
	"strconv"
	"strings"
)

// The protocol's limits (sitemaps.org, "Sitemap index files" and "XML tag
// definitions"). They are reported, not enforced.
const (
	// MaxURLs is how many URLs one sitemap may list.
	MaxURLs = 50000
	// MaxSitemaps is how many sitemaps one index may list.
	MaxSitemaps = 50000
	// MaxFileBytes is how large a sitemap may be, uncompressed: 50 MB
	// (52,428,800 bytes).
	MaxFileBytes = 52428800
	// MaxLocLength: a URL "must be less than 2,048 characters".
	MaxLocLength = 2048
)

// Bounds of the reader itself.
const (
	// DefaultMaxBytes is how many decompressed bytes of one file are read
	// at most when Reader.MaxBytes is zero: above the protocol's 50 MB,
	// so that a file a little too large is still read whole and reported.
	DefaultMaxBytes = 64 << 20
	// DefaultMaxFetches is how many sitemaps one reading fetches at most
	// (an index's sitemaps) when Reader.MaxFetches is zero.
	DefaultMaxFetches = 1000
	// maxText bounds the text of one element or the length of one line of
	// a text sitemap; maxTag bounds one tag, comment or CDATA section.
	maxText = 64 << 10
	maxTag  = 64 << 10
	// maxDepth bounds the nesting of elements.
	maxDepth = 64
	// listed is how many problems of one code are listed per sitemap; the
	// others are counted in the last one's More.
	listed = 5
	// maxProblems bounds the problems listed by one reading (an index of
	// a thousand broken sitemaps); the others are counted in
	// Result.Omitted.
	maxProblems = 1000
)

// Code names a kind of problem.
type Code string

// The problems a sitemap can have. Those marked "stops" end the reading of
// the file they are found in; the others let it go on.
const (
	CodeFetch       Code = "fetch"             // the sitemap could not be fetched or opened (stops)
	CodeGzip        Code = "gzip"              // the gzip stream is corrupt (stops)
	CodeTooLarge    Code = "too-large"         // more than MaxFileBytes uncompressed
	CodeTruncated   Code = "truncated"         // Reader.MaxBytes reached (stops)
	CodeTooManyURLs Code = "too-many-urls"     // more than MaxURLs URLs
	CodeTooManyMaps Code = "too-many-sitemaps" // more than MaxSitemaps sitemaps in an index
	CodeFetchLimit  Code = "fetch-limit"       // Reader.MaxFetches reached: sitemaps not read
	CodeNotFetched  Code = "not-fetched"       // an index's sitemap, with no Fetcher to fetch it
	CodeNestedIndex Code = "nested-index"      // an index listed by an index (not followed)
	CodeFormat      Code = "format"            // not a sitemap (HTML, an unknown root element) (stops)
	CodeEncoding    Code = "encoding"          // UTF-16, or an encoding other than UTF-8 declared (stops for UTF-16)
	CodeBOM         Code = "bom"               // a byte order mark starts the file
	CodeUTF8        Code = "utf8"              // invalid UTF-8 in a URL (the URL is skipped)
	CodeDoctype     Code = "doctype"           // a DOCTYPE or entity declaration (stops)
	CodeEntity      Code = "entity"            // an entity XML does not define, or a bare '&' (the URL is skipped)
	CodeXML         Code = "xml"               // malformed XML (stops)
	CodeMissingLoc  Code = "missing-loc"       // a url, sitemap, item or entry without its URL
	CodeBadLoc      Code = "bad-loc"           // not an absolute http(s) URL (the URL is skipped)
	CodeLocTooLong  Code = "loc-too-long"      // MaxLocLength characters or more
	CodeCrossHost   Code = "cross-host"        // a URL on another scheme, host or port than the sitemap
	CodeOutsidePath Code = "outside-path"      // a URL outside the sitemap's directory
	CodeBadLastmod  Code = "bad-lastmod"       // lastmod not in W3C Datetime format
)

// Entry is one URL of a sitemap.
type Entry struct {
	Loc     string // the URL, entities decoded and white space trimmed
	Lastmod string // lastmod, pubDate or updated, as written; "" when absent
	Sitemap string // the sitemap it is listed in: its URL or file name
	Line    int    // 1-based line of the URL in that sitemap
}

// Problem is one fault of a sitemap.
type Problem struct {
	Sitemap string // the sitemap's URL or file name
	Line    int    // 1-based line; 0 for the file as a whole
	Code    Code
	Message string
	// More counts the further problems of the same code in the same
	// sitemap, not listed one by one.
	More int
}

func (p Problem) String() string {
	s := p.Sitemap
	if p.Line > 0 {
		s += ":" + strconv.Itoa(p.Line)
	}
	s += ": " + string(p.Code) + ": " + p.Message
	if p.More > 0 {
		s += fmt.Sprintf(" (and %d more)", p.More)
	}
	return s
}

// Stops reports whether a problem of this code ends the reading of its
// file.
func (c Code) Stops() bool {
	switch c {
	case CodeFetch, CodeGzip, CodeTruncated, CodeFormat, CodeDoctype, CodeXML:
		return true
	}
	return false
}

// Fetcher fetches a sitemap by URL. The body it returns is read to its end
// or until the reading stops, then closed. An implementation bounds sizes,
// times and destinations: the sitemap's URL comes from outside.
type Fetcher interface {
	Fetch(ctx context.Context, url string) (io.ReadCloser, error)
}

// FetcherFunc is a function as a Fetcher.
type FetcherFunc func(ctx context.Context, url string) (io.ReadCloser, error)

// Fetch calls f.
func (f FetcherFunc) Fetch(ctx context.Context, url string) (io.ReadCloser, error) {
	return f(ctx, url)
}

// Reader reads sitemaps. The zero value reads files and standard input but
// fetches nothing. A Reader may be used for several readings, one at a time
// or at once: its fields are only read.
type Reader struct {
	// Fetcher fetches sitemaps given by URL and the sitemaps of an index.
	// Nil: an index's sitemaps are reported (CodeNotFetched), not read.
	Fetcher Fetcher
	// MaxBytes is how many decompressed bytes of one file are read;
	// zero means DefaultMaxBytes. The rest is not read (CodeTruncated).
	MaxBytes int64
	// MaxFetches is how many sitemaps one reading fetches; zero means
	// DefaultMaxFetches.
	MaxFetches int
	// CrossSubmitted reports whether the sitemap at sitemapURL may list the
	// URLs of origin (scheme://host[:port]) although it is on another
	// host: the origin's robots.txt names it (sitemaps.org "Sitemaps &
	// Cross Submits"). Nil: no cross-submission is known, every URL on
	// another origin is CodeCrossHost.
	CrossSubmitted func(sitemapURL, origin string) bool
}

// Result is what one reading found.
type Result struct {
	Problems []Problem
	Omitted  int // problems beyond the first 1,000 of the reading, not listed
	URLs     int // entries handed to the function
	Sitemaps int // files read: the one given and an index's sitemaps
}

// Read reads the sitemap src, named name, and hands each URL to fn in the
// order of the file; an index's sitemaps are fetched and read after it.
// When name is an absolute http(s) URL it is the sitemap's location, and
// the location rules are checked against it; a file name is not a location
// and no URL is out of place in it.
//
// The error is fn's error, or ctx's, and ends the reading; every fault of
// the sitemaps is a Problem of the Result.
func (r *Reader) Read(ctx context.Context, name string, src io.Reader, fn func(Entry) error) (*Result, error) {
	st := r.newRun(ctx, fn)
	err := st.file(name, locationOf(name), src, 0)
	if err == nil {
		err = st.children()
	}
	return st.res, err
}

// ReadURL fetches the sitemap at rawURL with the Reader's Fetcher and reads
// it as Read does, rawURL being its location.
func (r *Reader) ReadURL(ctx context.Context, rawURL string, fn func(Entry) error) (*Result, error) {
	st := r.newRun(ctx, fn)
	err := st.fetch(rawURL, 0)
	if err == nil {
		err = st.children()
	}
	return st.res, err
}

// locationOf is the sitemap's URL when name is one.
func locationOf(name string) *url.URL {
	l := strings.ToLower(name)
	if !strings.HasPrefix(l, "http://") && !strings.HasPrefix(l, "https://") {
		return nil
	}
	u, err := url.Parse(name)
	if err != nil || u.Host == "" {
		return nil
	}
	return u
}
