package bench

import (
	"strings"

	"github.com/robotstxt/robotstxt"
	temoto "github.com/temoto/robotstxt"
)

// When temoto reads a file's lines differently from us, the cause is found
// by repairing the file step by step, each step rewriting more lines into the
// plain "Key: value" form both libraries read alike, and asking temoto
// again: the first step after which temoto gives our answer names the cause.

// lineFix is one repair step: the lines it rewrites, and whether it drops
// them instead (a line that means nothing to the matcher).
type lineFix struct {
	cause string
	match func(l *robotstxt.Line) bool
	drop  bool
}

var lineFixes = []lineFix{
	{CauseCrawlDelay, isCrawlDelay, true},
	{CauseTypo, func(l *robotstxt.Line) bool { return isRecord(l) && !plainKey(l) }, false},
	{CauseHash, hashInValue, false},
	{CauseColon, func(l *robotstxt.Line) bool { return isRecord(l) && !colonRight(l) }, false},
	{CauseSpace, func(l *robotstxt.Line) bool { return isRecord(l) && strings.ContainsAny(l.Value, " \t\v") }, false},
	{CauseLineOther, func(*robotstxt.Line) bool { return true }, false},
}

// isRecord: a user-agent, allow or disallow line, the ones that matter for
// matching.
func isRecord(l *robotstxt.Line) bool {
	return l.Field == robotstxt.FieldUserAgent || l.Field == robotstxt.FieldAllow || l.Field == robotstxt.FieldDisallow
}

// isCrawlDelay: temoto ends a group at a crawl-delay line; RFC 9309 and
// Google skip it, so user-agent lines around it share the rules that follow.
func isCrawlDelay(l *robotstxt.Line) bool {
	k := strings.ToLower(l.Key)
	return l.Field == robotstxt.FieldOther && (k == "crawl-delay" || k == "crawldelay")
}

// plainKey: the key is spelt as temoto expects it.
func plainKey(l *robotstxt.Line) bool {
	switch strings.ToLower(l.Key) {
	case "user-agent", "useragent":
		return l.Field == robotstxt.FieldUserAgent
	case "allow":
		return l.Field == robotstxt.FieldAllow
	case "disallow":
		return l.Field == robotstxt.FieldDisallow
	}
	return false
}

// hashInValue: a '#' right after a value ("Disallow: /a#b"), which starts a
// comment for us and Google but is part of the value for temoto.
func hashInValue(l *robotstxt.Line) bool {
	i := strings.IndexByte(l.Text, '#')
	return isRecord(l) && i > 0 && l.Value != "" && !strings.ContainsAny(l.Text[i-1:i], " \t")
}

// colonRight: the key is followed by the colon at once ("Disallow: /x" or
// "Disallow:/x"), not by space and a colon ("Disallow : /x").
func colonRight(l *robotstxt.Line) bool {
	t := strings.TrimLeft(l.Text, " \t")
	return strings.HasPrefix(t, l.Key+":")
}

// plainLine is l in the form both libraries read alike.
func plainLine(l *robotstxt.Line) string {
	switch l.Field {
	case robotstxt.FieldUserAgent:
		return "User-agent: " + l.Value
	case robotstxt.FieldAllow:
		return "Allow: " + escapeSpace(l.Value)
	case robotstxt.FieldDisallow:
		return "Disallow: " + escapeSpace(l.Value)
	}
	return ""
}

// escapeSpace percent-encodes whitespace, which we match as %20 anyway.
func escapeSpace(v string) string {
	return strings.NewReplacer(" ", "%20", "\t", "%09", "\v", "%0B").Replace(v)
}

// repaired rewrites text with the first n+1 steps of lineFixes.
func repaired(text string, n int) string {
	var b strings.Builder
	for l := range robotstxt.Lines(text) {
		fixed, drop := false, false
		for _, fx := range lineFixes[:n+1] {
			if fx.match(&l) {
				fixed, drop = true, fx.drop
				break
			}
		}
		switch {
		case !fixed:
			b.WriteString(l.Text)
		case !drop:
			b.WriteString(plainLine(&l))
		}
		b.WriteByte('\n')
	}
	return b.String()
}

// lineCause explains a disagreement that comes from reading lines: the
// first repair step after which temoto answers as we do.
func (c *fileComparer) lineCause(agent, path string, ours bool) string {
	for i, fx := range lineFixes {
		if c.repairs == nil {
			c.repairs = make([]*temoto.RobotsData, len(lineFixes))
		}
		t := c.repairs[i]
		if t == nil {
			var err error
			if t, err = temotoParse([]byte(repaired(string(c.data), i))); err != nil {
				continue
			}
			c.repairs[i] = t
		}
		if ok, err := temotoTest(t.FindGroup(agent), path); err == nil && ok == ours {
			return fx.cause
		}
	}
	return CauseParse
}
