package lint

import (
	"fmt"
	"slices"
	"strings"
	"sync"

	"github.com/robotstxt/robotstxt"
	"github.com/robotstxt/robotstxt/crawlers"
)

// searchSet reports whether a rule set applies to a search engine that
// renders pages (Googlebot, bingbot, Yandex and their kin).
func (l *linter) searchSet(rs *ruleSet) bool {
	for _, t := range rs.tokens {
		if isSearchToken(t) {
			return true
		}
	}
	return false
}

func isSearchToken(t string) bool {
	if c, ok := crawlers.Lookup(t); ok {
		return c.Purpose == crawlers.PurposeSearch
	}
	return hasFollowers(t) // "Yandex"
}

// fallbacks are the distinct tokens whose groups some crawler of the
// registry follows ("Googlebot", "Yandex"), computed once: a file can name
// thousands of tokens, and crawlers.Followers scans the whole registry.
var fallbacks = sync.OnceValue(func() []string {
	var out []string
	for _, c := range crawlers.All() {
		if c.Fallback != "" && !slices.ContainsFunc(out, func(f string) bool { return strings.EqualFold(f, c.Fallback) }) {
			out = append(out, c.Fallback)
		}
	}
	return out
})

// hasFollowers is len(crawlers.Followers(token)) > 0.
func hasFollowers(token string) bool {
	return slices.ContainsFunc(fallbacks(), func(f string) bool { return strings.EqualFold(f, token) })
}

// checkReplacesStar: a crawler with a group of its own does not read the
// "*" group (RFC 9309 section 2.2.1), so it may fetch what "*" disallows
// unless its group repeats the rule. Groups that disallow nothing (open on
// purpose) or everything (closed) lose nothing that matters.
//
// A group of Allow lines only (no Disallow but an empty one, and an Allow
// narrower than the whole site) is reported too: it reads as exceptions to
// "*", yet it frees the crawler from every "*" rule (the audit of the
// corpus found 34 such groups, Googlebot's among them).
func (l *linter) checkReplacesStar(rs, star *ruleSet) {
	restricts, narrowAllow := false, false
	for _, r := range rs.rules {
		if r.Kind == robotstxt.Disallow && r.Pattern != "" {
			restricts = true
		}
		if r.Kind == robotstxt.Allow && r.Pattern != "" && r.Pattern != "/" && r.Pattern != "*" && r.Pattern != "/*" {
			narrowAllow = true
		}
	}
	allowOnly := !restricts && narrowAllow
	if !restricts && !allowOnly || rs.closed() || star.closed() {
		// A named group beside a closed "*" is how crawlers are let in;
		// one that allows the whole site is open on purpose.
		return
	}
	// A browser's whole user-agent string used as a group name is read as
	// "Mozilla": no crawler looks itself up so (agent-with-version says
	// so), and no crawler gains anything from that group.
	tokens := slices.DeleteFunc(slices.Clone(rs.tokens), func(t string) bool { return strings.EqualFold(t, "Mozilla") })
	if len(tokens) == 0 {
		return
	}
	ignores := true // every token of the set ignores "*" anyway (AdsBot-Google)
	for _, t := range tokens {
		if c, ok := crawlers.Lookup(t); !ok || !c.IgnoresStar {
			ignores = false
		}
	}
	if ignores {
		return
	}
	var lost, lostPatterns []string
	count, repeated := 0, 0
	done := map[string]bool{}
	own := map[string]bool{}
	for _, r := range rs.rules {
		if r.Kind == robotstxt.Disallow {
			own[r.Pattern] = true
		}
	}
	for _, r := range star.rules {
		if r.Kind != robotstxt.Disallow || done[r.Pattern] {
			continue
		}
		if own[r.Pattern] {
			repeated++
		}
		if l.budget <= 0 {
			l.outOfBudget = true
			break
		}
		done[r.Pattern] = true
		w := witness(r.Pattern)
		if w == "" {
			continue
		}
		l.budget -= 64
		u := "http://h" + w
		if v := star.agent.Check(u); v.Allowed {
			continue
		}
		if v := rs.agent.Check(u); v.Allowed {
			count++
			if len(lostPatterns) < 64 {
				lostPatterns = append(lostPatterns, r.Pattern)
			}
			if len(lost) < 4 {
				lost = append(lost, fmt.Sprintf("%s (%s)", ruleText(r), l.t("at-line", "line", r.Line)))
			}
		}
	}
	if count == 0 {
		return
	}
	// A group that repeats the "*" rules and leaves a few out has likely
	// left them out on purpose (help.activecampaign.com copies 37 of the 38
	// and opens /tickets to AppleBot, "# Allow /tickets"): asking to copy
	// them in would undo that. Nothing when a comment names a path left
	// out; else a note, not a request.
	leftOut := repeated >= 3 && repeated >= 4*count
	if leftOut && l.commentNames(rs, lostPatterns) {
		return
	}
	list := strings.Join(lost, ", ")
	if count > len(lost) {
		list += l.t("more", "n", count-len(lost))
	}
	first := rs.agent.UserAgents()[0].Line
	variant := ""
	if len(tokens) > 1 {
		variant = "many" // "GPTBot and CCBot have a group of their own"
	}
	if allowOnly {
		variant = "allow-only"
	}
	sev := Warning
	if leftOut {
		variant, sev = "left-out", Info
	}
	l.add(sev, "named-group-replaces-star", variant, first, 0, "agents", l.list(tokens, 4), "count", l.count(count, "rule"),
		"rules", list, "star", starLineOf(star), "repeated", repeated)
}

// commentNames reports a comment on the user-agent lines of a rule set, or
// in the three lines above the first, that names one of the patterns.
func (l *linter) commentNames(rs *ruleSet, patterns []string) bool {
	uas := rs.agent.UserAgents()
	if len(uas) == 0 {
		return false
	}
	for n := max(1, uas[0].Line-3); n <= uas[len(uas)-1].Line; n++ {
		ln := l.line(n)
		if ln == nil {
			continue
		}
		i := strings.IndexByte(ln.Text, '#')
		if i < 0 {
			continue
		}
		for _, p := range patterns {
			if len(p) > 1 && strings.Contains(ln.Text[i:], p) {
				return true
			}
		}
	}
	return false
}

func starLineOf(rs *ruleSet) int {
	if uas := rs.agent.UserAgents(); len(uas) > 0 {
		return uas[0].Line
	}
	return 0
}
