package lint

import (
	"slices"
	"strconv"
	"strings"

	"github.com/robotstxt/robotstxt"
)

// Sitemap is a sitemap read with the file (lint --sitemap), as the
// command line's sitemap reader (the sitemap package) found it.
type Sitemap struct {
	// URL names the sitemap: its URL, or a file name.
	URL string
	// Line is the file's Sitemap: line that names it; 0 when it was given
	// otherwise.
	Line int
	// URLs are the page URLs it lists (an index: those of its sitemaps).
	URLs []string
	// Unreadable says why the sitemap could not be read to its end
	// (fetched, decompressed, parsed); "" when it was.
	Unreadable string
	// Problems are what the reading found wrong, the protocol's limits and
	// rules broken.
	Problems []SitemapProblem
}

// SitemapProblem is one fault of a sitemap (a sitemap.Problem).
type SitemapProblem struct {
	Sitemap string // the sitemap it is in (an index's sitemap, maybe)
	Line    int
	Code    string // the sitemap package's code: "cross-host", "bad-loc", ...
	Message string
	More    int // further problems of the same code, not listed
}

// SitemapReaders are the crawlers whose verdicts sitemap-url-blocked
// reports: search engines that read the Sitemap lines of robots.txt and
// crawl the URLs they list.
var SitemapReaders = []string{"Googlebot", "bingbot", "YandexBot"}

// checkSitemapsRead: the sitemaps read with the file (Options.Sitemaps).
//
//   - sitemap-url-blocked: URLs the sitemaps submit for crawling that the
//     file forbids a search crawler to fetch (Google Search Console's
//     "Submitted URL blocked by robots.txt"), one finding per deciding
//     rule, with the crawlers and a count.
//   - sitemap-unreadable: a sitemap that could not be read.
//   - sitemap-cross-host: URLs on hosts the sitemap may not list
//     (sitemaps.org "Sitemap file location", "Sitemaps & Cross Submits").
//   - sitemap-invalid: the protocol's other rules and limits broken.
func (l *linter) checkSitemapsRead() {
	if len(l.sitemaps) == 0 {
		return
	}
	type blocked struct {
		rule    *robotstxt.Rule
		count   int // distinct URLs
		agents  []string
		example string
	}
	byRule := map[int]*blocked{}
	var order []int
	agents := make([]robotstxt.Agent, len(SitemapReaders))
	for i, name := range SitemapReaders {
		agents[i] = l.r.Agent(name)
	}
	for _, sm := range l.sitemaps {
		if sm.Unreadable != "" {
			l.add(Error, "sitemap-unreadable", "", sm.Line, 0, "sitemap", quote(sm.URL), "reason", sm.Unreadable)
		}
		for _, u := range sm.URLs {
			var hit [8]int // the rule lines this URL was counted for
			nh := 0
			for i := range agents {
				v := agents[i].Check(u)
				if v.Allowed || v.Rule == nil {
					continue
				}
				line := v.Rule.Line
				b := byRule[line]
				if b == nil {
					b = &blocked{rule: v.Rule, example: u}
					byRule[line] = b
					order = append(order, line)
				}
				if !slices.Contains(hit[:nh], line) {
					b.count++
					hit[nh] = line
					nh++
				}
				if !slices.Contains(b.agents, SitemapReaders[i]) {
					b.agents = append(b.agents, SitemapReaders[i])
				}
			}
		}
		l.sitemapProblems(sm)
	}
	slices.Sort(order)
	for _, line := range order {
		b := byRule[line]
		l.add(Error, "sitemap-url-blocked", "", line, 0, "count", l.count(b.count, "sitemap URL"),
			"agents", l.list(b.agents, 3), "rule", ruleText(*b.rule), "example", quote(b.example))
	}
}

// sitemapProblems reports a sitemap's problems: cross-host ones as
// sitemap-cross-host, the others (but those that stopped the reading,
// which sitemap-unreadable says) as sitemap-invalid, each once per
// sitemap with a count.
func (l *linter) sitemapProblems(sm Sitemap) {
	var cross, other []SitemapProblem
	nCross, nOther := 0, 0
	for _, p := range sm.Problems {
		switch p.Code {
		case "cross-host":
			cross = append(cross, p)
			nCross += 1 + p.More
		case "fetch", "gzip", "truncated", "format", "doctype", "xml":
			// sitemap-unreadable (Sitemap.Unreadable).
		default:
			other = append(other, p)
			nOther += 1 + p.More
		}
	}
	if len(cross) > 0 {
		l.add(Warning, "sitemap-cross-host", "", sm.Line, 0, "sitemap", quote(sm.URL), "count", l.count(nCross, "sitemap URL"),
			"detail", problemText(cross[0]))
	}
	if len(other) > 0 {
		l.add(Warning, "sitemap-invalid", "", sm.Line, 0, "sitemap", quote(sm.URL), "count", l.count(nOther, "problem"),
			"detail", problemText(other[0]))
	}
}

// problemText is a problem as the sitemap package words it, with where it
// is.
func problemText(p SitemapProblem) string {
	var b strings.Builder
	b.WriteString(p.Sitemap)
	if p.Line > 0 {
		b.WriteString(":")
		b.WriteString(strconv.Itoa(p.Line))
	}
	b.WriteString(": ")
	b.WriteString(p.Message)
	return b.String()
}
