// Package robotsgen writes a robots.txt from choices a site owner
// understands: which categories of crawlers of the registry may crawl, the
// site's AI usage preferences (Content-Usage, draft-ietf-aipref-attach-05
// and -vocab-07; Content-Signal, Cloudflare's Content Signals Policy), its
// sitemaps, and an existing file to merge into, whose lines are kept.
// "robotstxt generate" and the web page's builder share it.
package robotsgen
