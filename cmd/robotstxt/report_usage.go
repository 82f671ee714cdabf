package main

import (
	"strings"

	"github.com/robotstxt/robotstxt"
	"github.com/robotstxt/robotstxt/crawlers"
	"github.com/robotstxt/robotstxt/internal/textsafe"
)

// usageCell adds to a report's verdict cell what the site says about using
// the content: training and search, each yes, no or unstated, the two
// vocabularies combined as draft-ietf-aipref-vocab-07 section 5.1 combines
// statements (a no in either refuses: Content-Usage train-ai or
// Content-Signal ai-train; search in both), and the Content-Signal keys
// that apply. Files without such lines keep the plain
// cell.
func usageCell(c cell, r *robotstxt.Robots, a robotstxt.Agent, rawURL string, v robotstxt.Verdict, lang string) cell {
	if !r.HasUsageLines() || !v.Allowed {
		return c
	}
	u := r.UsageAllowed(a, rawURL, true)
	word := func(p robotstxt.Preference, signal string) string {
		if s, ok := u.Signal(signal); ok && s.Refuses() {
			p = robotstxt.PreferenceDisallow
		} else if ok && strings.EqualFold(s.Value, "yes") && p == robotstxt.PreferenceUnknown {
			p = robotstxt.PreferenceAllow
		}
		key := map[robotstxt.Preference]string{robotstxt.PreferenceAllow: "y", robotstxt.PreferenceDisallow: "n"}[p]
		if key == "" {
			key = "?"
		}
		return crawlers.Text(lang, "report.usage."+key)
	}
	c.text += "; " + crawlers.Text(lang, "report.usage", "train", word(u.Preferences.TrainAI, "ai-train"), "search", word(u.Preferences.Search, "search"))
	if len(u.Signals) > 0 {
		var kv []string
		for _, s := range u.Signals {
			kv = append(kv, textsafe.Escape(s.Key+"="+s.Value))
		}
		c.text += "; " + crawlers.Text(lang, "report.usage.signal", "signals", strings.Join(kv, ", "))
	}
	return c
}
