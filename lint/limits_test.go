package lint

import (
	"fmt"
	"slices"
	"strings"
	"testing"
)

// mergedSets is a file of names user-agent lines in one group with rules
// rules, then a group of its own ("Allow: /o/") for every name: each name's
// merged rule set holds rules+1 rules, so the sets together hold
// names*(rules+1).
func mergedSets(names, rules int) string {
	var b strings.Builder
	for i := range names {
		fmt.Fprintf(&b, "User-agent: bot%d\n", i)
	}
	for i := range rules {
		fmt.Fprintf(&b, "Disallow: /p%d/\n", i)
	}
	for i := range names {
		fmt.Fprintf(&b, "\nUser-agent: bot%d\nAllow: /o/\n", i)
	}
	return b.String()
}

// oneGroup is a "*" group of n distinct rules.
func oneGroup(n int) string {
	var b strings.Builder
	b.WriteString("User-agent: *\n")
	for i := range n {
		fmt.Fprintf(&b, "Disallow: /p%d/\n", i)
	}
	return b.String()
}

// sharedPiece is a "*" group of n wildcard rules under one literal prefix,
// each compared with all the others by shadowed-rule.
func sharedPiece(n int) string {
	var b strings.Builder
	b.WriteString("User-agent: *\n")
	for i := range n {
		fmt.Fprintf(&b, "Disallow: /*foo*a%d*$\n", i)
	}
	return b.String()
}

// TestAuditLimit: where a bound of the rule-comparing checks leaves part of
// the file uncompared, audit-limit says so (and where it leaves nothing
// out, it says nothing), at the real bounds and at lowered ones.
func TestAuditLimit(t *testing.T) {
	small := limits{setRules: 4, budget: defaultLimits.budget}
	for _, tt := range []struct {
		name string
		text string
		lim  limits
		want []string // audit-limit findings as "variant@line"
	}{
		// 311 sets of 321 rules fit in 100,000; bot311 (line 312) would
		// take the total past it, and so would every later name.
		{"merged sets past the bound", mergedSets(330, 320), defaultLimits, []string{"@312"}},
		{"merged sets within the bound", mergedSets(300, 320), defaultLimits, nil},
		// 4 sets of 25,000 rules: exactly the bound.
		{"merged sets exactly at the bound", mergedSets(4, 24_999), defaultLimits, []string{"large@1"}},
		{"one set larger than the bound is still compared", oneGroup(6000), limits{setRules: 10, budget: defaultLimits.budget},
			[]string{"large@1"}},
		{"lowered bound: the second name's set is left out", examples()["audit-limit"].bad, small, []string{"@2"}},
		{"lowered bound: one shared set", examples()["audit-limit"].good, small, nil},
		{"names in one group share one set", oneGroup(3) + "User-agent: a\nUser-agent: b\nDisallow: /x/\n", small, nil},
		{"more distinct rules than redundant-rule compares", oneGroup(maxRedundantRules + 1), defaultLimits, []string{"large@1"}},
		{"as many distinct rules as redundant-rule compares", oneGroup(maxRedundantRules), defaultLimits, nil},
		{"repeats do not count as distinct rules", oneGroup(maxRedundantRules) + "Disallow: /p1/\n", defaultLimits, nil},
		{"comparisons past the budget", sharedPiece(3000), defaultLimits, []string{"budget@0"}},
		{"comparisons within the budget", sharedPiece(300), defaultLimits, nil},
		{"lowered budget", "User-agent: *\nDisallow: /a\nDisallow: /a/b\nDisallow: /a/c\n", limits{setRules: 100, budget: 2},
			[]string{"budget@0"}},
		// shadowed-rule and redundant-rule each compare the rule with itself.
		{"budget spent exactly", "User-agent: *\nDisallow: /a\n", limits{setRules: 100, budget: 2}, nil},
		{"budget one short", "User-agent: *\nDisallow: /a\n", limits{setRules: 100, budget: 1}, []string{"budget@0"}},
	} {
		t.Run(tt.name, func(t *testing.T) {
			var got []string
			for _, f := range lintLimits(tt.text, nil, tt.lim) {
				if f.ID != "audit-limit" {
					continue
				}
				if f.Severity != Info {
					t.Errorf("severity %v, want info", f.Severity)
				}
				got = append(got, strings.TrimPrefix(strings.TrimPrefix(variantOf(f), "audit-limit.msg"), ".")+"@"+fmt.Sprint(f.Line))
			}
			if !slices.Equal(got, tt.want) {
				t.Errorf("audit-limit findings %v, want %v", got, tt.want)
			}
		})
	}
}

// variantOf tells which message of the catalogue a finding's message is
// (by its English text with the placeholders taken as wildcards).
func variantOf(f Finding) string {
	for _, key := range []string{"audit-limit.msg.large", "audit-limit.msg.budget", "audit-limit.msg"} {
		parts := strings.Split(placeholderRE.ReplaceAllString(english()[key], "\x00"), "\x00")
		rest, ok := f.Message, true
		for i, p := range parts {
			j := strings.Index(rest, p)
			if j < 0 || i == 0 && j != 0 {
				ok = false
				break
			}
			rest = rest[j+len(p):]
		}
		if ok && rest == "" {
			return key
		}
	}
	return "?"
}

// TestAuditLimitFindingsKept: a file past a bound keeps every finding the
// compared part gives: the names left out are those that come last.
func TestAuditLimitFindingsKept(t *testing.T) {
	text := "User-agent: a\nDisallow: /x/\nDisallow: /x/\n\nUser-agent: b\nDisallow: /y/\nDisallow: /y/\n"
	got := lintLimits(text, nil, limits{setRules: 2, budget: defaultLimits.budget})
	var ids []string
	for _, f := range got {
		if f.ID != "no-sitemap" {
			ids = append(ids, f.ID+"@"+fmt.Sprint(f.Line))
		}
	}
	want := []string{"duplicate-rule@3", "audit-limit@5"}
	if !slices.Equal(ids, want) {
		t.Errorf("got %v, want %v\n%s", ids, want, dump(got))
	}
	if m := got[slices.IndexFunc(got, func(f Finding) bool { return f.ID == "audit-limit" })].Message; !strings.Contains(m, "1 name (b)") ||
		!strings.Contains(m, "more than 2 rules") {
		t.Errorf("message %q: want the name left out and the bound", m)
	}
}
