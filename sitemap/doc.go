// Package sitemap reads sitemaps as search engines read them, streamed: XML
// sitemaps (urlset) and sitemap indexes (sitemapindex, whose sitemaps are
// read in turn), text sitemaps (one URL per line), and RSS 2.0 and Atom 1.0
// feeds (the links of their items and entries), any of them gzipped. The
// protocol is https://www.sitemaps.org/protocol.html; the feeds are read as
// Google documents it accepts them
// (https://developers.google.com/search/docs/crawling-indexing/sitemaps/build-sitemap).
//
//	r := &sitemap.Reader{}
//	res, err := r.Read(ctx, "sitemap.xml", f, func(e sitemap.Entry) error {
//		fmt.Println(e.Loc, e.Lastmod)
//		return nil
//	})
//	// err: only fn's error or ctx's; every fault of the sitemaps is a
//	// Problem in res.Problems.
//
// A file is read once, from the front, in a buffer of fixed size: a 50 MB
// sitemap takes the memory of one URL at a time. Each URL is handed to the
// caller's function as it is read; nothing of the file is kept but the URLs
// of an index's sitemaps, which are read after the index.
//
// # Formats
//
// The format is decided by the content, never by a name or a Content-Type:
// a file that starts with gzip's magic bytes (1f 8b) is decompressed first;
// a file whose first character (after a byte order mark and white space) is
// "<" is XML, whose root element says what it is (urlset, sitemapindex, rss,
// feed); anything else is a text sitemap. In XML, the elements of the
// protocol are read (url/loc and url/lastmod; sitemap/loc and
// sitemap/lastmod; rss/channel/item/link and pubDate; feed/entry/link's href
// and updated) and every other element (image:loc, xhtml:link, ...) is
// skipped: an element with a namespace prefix other than the root's is an
// extension.
//
// # Problems
//
// Nothing in a sitemap is fatal to the reading: each fault is a Problem with
// the sitemap, the line, a Code and a message, and the reading goes on where
// it can. The protocol's limits (sitemaps.org "Sitemap index files" and
// "XML tag definitions") are reported, not enforced: more than MaxURLs URLs
// or MaxFileBytes uncompressed bytes in a file, more than MaxSitemaps
// sitemaps in an index, a URL of MaxLocLength characters or more. So are
// the location rules (sitemaps.org "Sitemap file location" and
// "Sitemaps & Cross Submits"): when the sitemap's own URL is known, a URL
// on another scheme, host or port, or outside the sitemap's directory, is
// reported (it is still handed to the caller, who decides), unless
// Reader.CrossSubmitted says the other host's robots.txt names the sitemap.
// A problem that repeats in one sitemap is listed a few times, then counted
// (Problem.More), and one reading lists at most 1,000 problems, counting the
// others (Result.Omitted), so that a million bad URLs cost a few lines of
// memory.
//
// # Security considerations
//
// A sitemap comes from outside. A DOCTYPE (and with it every entity
// declaration, the stuff of XML bombs) is refused: the file stops being
// read with CodeDoctype. Only XML's five entities and character references
// are decoded; any other is CodeEntity. Reading stops at Reader.MaxBytes
// decompressed bytes (DefaultMaxBytes), which bounds an endless gzip
// stream, and an element, a text or a line is bounded too. A nested index
// (an index listed by an index) is reported and not followed, as the
// protocol allows no nesting, and Reader.MaxFetches bounds how many
// sitemaps one reading fetches. Fetching goes through the caller's Fetcher,
// which must bound sizes, times and destinations (the fetch package's
// destination guard does).
package sitemap
