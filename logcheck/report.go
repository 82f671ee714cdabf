package logcheck

import (
	"encoding/csv"
	"fmt"
	"io"
	"sort"
	"strconv"
	"strings"
	"time"

	"github.com/robotstxt/robotstxt/internal/textsafe"
	"github.com/robotstxt/robotstxt/logs"
	"github.com/robotstxt/robotstxt/verify"
)

// Report is the answer, per crawler and per operator.
type Report struct {
	// Requests counts every record read; OtherRequests those whose user
	// agent names no known crawler.
	Requests      int `json:"requests"`
	OtherRequests int `json:"otherRequests"`
	// Signatures counts the Web Bot Auth signed requests per signature
	// agent, whatever their user agent says.
	Signatures []SignatureRow `json:"signatures,omitempty"`

	Crawlers  []CrawlerRow  `json:"crawlers"`
	Operators []OperatorRow `json:"operators"`
	Versions  []Version     `json:"robotsVersions"`
	Log       logs.Stats    `json:"log"`
	// Lists are the IP lists identities were checked against; DNS says
	// whether reverse DNS was on, DNSLookups how many addresses it looked
	// up.
	Lists      []verify.List `json:"ipLists"`
	DNS        bool          `json:"dns"`
	DNSLookups int           `json:"dnsLookups"`
	// DNSStats says how many lookups were answered; when some were not,
	// the crawlers they concern count those requests as Unverifiable
	// with the reason verify.ReasonDNSUnanswered.
	DNSStats verify.DNSStats `json:"dnsStats"`
}

// CrawlerRow is one crawler's counts. Requests = Verified + Spoofed +
// Unverifiable; the requests that are not spoofed split into
// RobotsFetches, Allowed, Violations, Grace and Unjudged (before the
// first robots.txt version known).
type CrawlerRow struct {
	Token    string `json:"token"`
	Operator string `json:"operator,omitempty"`
	Purpose  string `json:"purpose,omitempty"`
	// Checkable: the operator publishes IP lists or reverse-DNS domains.
	Checkable bool `json:"checkable"`
	// UserTriggered: the crawler fetches when a person asks (the registry
	// says so, or its requests were verified by a list of user-triggered
	// fetchers). Its operator says such fetches generally do not read
	// robots.txt: its disallowed fetches are reported as such, not as a
	// crawler ignoring the rules.
	UserTriggered bool `json:"userTriggered,omitempty"`

	Requests     int `json:"requests"`
	Verified     int `json:"verified"`
	Spoofed      int `json:"spoofed"`
	Unverifiable int `json:"unverifiable"`

	// VerifiedBy counts the Verified requests by method: "signature" (Web
	// Bot Auth), "ip-list", "dns".
	VerifiedBy map[string]int `json:"verifiedBy,omitempty"`

	RobotsFetches    int       `json:"robotsFetches"`
	FirstRobotsFetch time.Time `json:"firstRobotsFetch,omitzero"`
	LastRobotsFetch  time.Time `json:"lastRobotsFetch,omitzero"`
	Allowed          int       `json:"allowed"`
	Violations       int       `json:"violations"`
	Grace            int       `json:"grace"`
	Unjudged         int       `json:"unjudged"`

	ViolatedRules []RuleRow `json:"violatedRules,omitempty"`
	GraceRules    []RuleRow `json:"graceRules,omitempty"`
	SpoofedAddrs  []string  `json:"spoofedAddresses,omitempty"`
	// UnverifiableReasons counts the Unverifiable requests by reason
	// (verify.Reason constants).
	UnverifiableReasons map[string]int `json:"unverifiableReasons,omitempty"`
}

// RuleRow is one rule that disallowed fetched URLs.
type RuleRow struct {
	Version      int    `json:"version"`
	VersionLabel string `json:"versionLabel"`
	// Line and Rule are the deciding rule (line 0 when a failed fetch
	// disallowed everything).
	Line     int       `json:"line"`
	Rule     string    `json:"rule"`
	Count    int       `json:"count"`
	Verified int       `json:"verified"`
	First    time.Time `json:"first"`
	Last     time.Time `json:"last"`
	Examples []string  `json:"examples"`
}

// OperatorRow sums an operator's crawlers.
type OperatorRow struct {
	Operator      string `json:"operator"`
	Requests      int    `json:"requests"`
	Verified      int    `json:"verified"`
	Spoofed       int    `json:"spoofed"`
	Unverifiable  int    `json:"unverifiable"`
	RobotsFetches int    `json:"robotsFetches"`
	Allowed       int    `json:"allowed"`
	Violations    int    `json:"violations"`
	Grace         int    `json:"grace"`
}

// Report returns the counts so far, crawlers with the most violations
// first (then most requests), and the operators' sums.
func (c *Checker) Report() *Report {
	rep := c.report
	if rep == nil {
		rep = &Report{}
	}
	rep.Crawlers = rep.Crawlers[:0]
	ops := map[string]*OperatorRow{}
	for i := range c.state {
		st := &c.state[i]
		if st.row == nil {
			continue
		}
		row := *st.row
		row.ViolatedRules = rules(st.rules)
		row.GraceRules = rules(st.grace)
		rep.Crawlers = append(rep.Crawlers, row)
		name := row.Operator
		if name == "" {
			name = "(unknown)"
		}
		o := ops[name]
		if o == nil {
			o = &OperatorRow{Operator: name}
			ops[name] = o
		}
		o.Requests += row.Requests
		o.Verified += row.Verified
		o.Spoofed += row.Spoofed
		o.Unverifiable += row.Unverifiable
		o.RobotsFetches += row.RobotsFetches
		o.Allowed += row.Allowed
		o.Violations += row.Violations
		o.Grace += row.Grace
	}
	sort.SliceStable(rep.Crawlers, func(i, j int) bool {
		a, b := rep.Crawlers[i], rep.Crawlers[j]
		return worse(a.Violations, b.Violations, a.Requests, b.Requests, a.Token, b.Token)
	})
	rep.Operators = rep.Operators[:0]
	for _, o := range ops {
		rep.Operators = append(rep.Operators, *o)
	}
	sort.Slice(rep.Operators, func(i, j int) bool {
		a, b := rep.Operators[i], rep.Operators[j]
		return worse(a.Violations, b.Violations, a.Requests, b.Requests, a.Operator, b.Operator)
	})
	if rep.Crawlers == nil {
		rep.Crawlers = []CrawlerRow{}
	}
	if rep.Operators == nil {
		rep.Operators = []OperatorRow{}
	}
	if c.Timeline != nil {
		rep.Versions = c.Timeline.Versions
	}
	rep.Signatures = c.signatureRows()
	return rep
}

// worse orders rows: most violations first, then most requests, then by
// name.
func worse(violA, violB, reqA, reqB int, nameA, nameB string) bool {
	if violA != violB {
		return violA > violB
	}
	if reqA != reqB {
		return reqA > reqB
	}
	return nameA < nameB
}

func rules(m map[ruleKey]*RuleRow) []RuleRow {
	out := make([]RuleRow, 0, len(m))
	for _, r := range m {
		out = append(out, *r)
	}
	sort.Slice(out, func(i, j int) bool {
		if out[i].Count != out[j].Count {
			return out[i].Count > out[j].Count
		}
		if out[i].Version != out[j].Version {
			return out[i].Version < out[j].Version
		}
		return out[i].Line < out[j].Line
	})
	if len(out) == 0 {
		return nil
	}
	return out
}

// WriteText writes the report for people. Everything from the log is
// escaped (a user agent or URL may carry terminal escapes).
func (rep *Report) WriteText(w io.Writer) error {
	var b strings.Builder
	esc := textsafe.Escape
	fmt.Fprintf(&b, "%d requests, %d from known crawlers", rep.Requests, rep.Requests-rep.OtherRequests)
	fmt.Fprintf(&b, "; %d lines, %d bad, %d out of time order\n", rep.Log.Lines, rep.Log.Bad, rep.Log.OutOfOrder)
	for _, v := range rep.Versions {
		fmt.Fprintf(&b, "robots.txt version %d from %s: %s\n", v.N, fmtTime(v.From), esc(v.Label))
	}
	b.WriteString("\n")
	if len(rep.Crawlers) == 0 {
		b.WriteString("no requests from known crawlers\n")
	} else {
		fmt.Fprintf(&b, "%-24s %-14s %8s %8s %8s %8s %8s %8s %8s %8s\n", "CRAWLER", "OPERATOR", "REQUESTS", "ROBOTS", "ALLOWED", "VIOLATED", "GRACE", "VERIFIED", "SPOOFED", "UNVERIF")
		for _, r := range rep.Crawlers {
			fmt.Fprintf(&b, "%-24s %-14s %8d %8d %8d %8d %8d %8d %8d %8d\n", esc(r.Token), esc(dashIf(r.Operator)), r.Requests, r.RobotsFetches, r.Allowed, r.Violations, r.Grace, r.Verified, r.Spoofed, r.Unverifiable)
		}
	}
	for _, r := range rep.Crawlers {
		violated := "disallowed yet fetched"
		if r.UserTriggered {
			violated = "disallowed yet fetched for a user (a user-triggered fetcher: its operator says these generally do not read robots.txt)"
		}
		for _, set := range []struct {
			title string
			rows  []RuleRow
		}{{violated, r.ViolatedRules}, {"within 24 h of a new rule (RFC 9309 section 2.4 cache grace)", r.GraceRules}} {
			if len(set.rows) == 0 {
				continue
			}
			fmt.Fprintf(&b, "\n%s: %s\n", esc(r.Token), set.title)
			for _, rr := range set.rows {
				fmt.Fprintf(&b, "  %d × %q (line %d, robots.txt version %d), %d verified, %s to %s\n", rr.Count, esc(rr.Rule), rr.Line, rr.Version, rr.Verified, fmtTime(rr.First), fmtTime(rr.Last))
				for _, e := range rr.Examples {
					fmt.Fprintf(&b, "      %s\n", esc(e))
				}
			}
		}
		if len(r.SpoofedAddrs) > 0 {
			noun := "requests"
			if r.Spoofed == 1 {
				noun = "request"
			}
			fmt.Fprintf(&b, "\n%s: %d spoofed %s, from %s\n", esc(r.Token), r.Spoofed, noun, esc(strings.Join(r.SpoofedAddrs, ", ")))
		}
		for _, reason := range []struct{ key, text string }{
			{verify.ReasonDNSUnanswered, "reverse DNS gave no answer (no resolver, refused, timed out, or the lookup budget spent)"},
			{verify.ReasonDNSOff, "only reverse DNS could tell, and it is off"},
		} {
			if n := r.UnverifiableReasons[reason.key]; n > 0 {
				fmt.Fprintf(&b, "\n%s: %d %s unverifiable: %s\n", esc(r.Token), n, plural(n, "request", "requests"), reason.text)
			}
		}
	}
	if len(rep.Operators) > 0 {
		fmt.Fprintf(&b, "\n%-24s %8s %8s %8s %8s %8s %8s %8s\n", "OPERATOR", "REQUESTS", "ROBOTS", "ALLOWED", "VIOLATED", "GRACE", "VERIFIED", "SPOOFED")
		for _, o := range rep.Operators {
			fmt.Fprintf(&b, "%-24s %8d %8d %8d %8d %8d %8d %8d\n", esc(o.Operator), o.Requests, o.RobotsFetches, o.Allowed, o.Violations, o.Grace, o.Verified, o.Spoofed)
		}
	}
	rep.writeSignatures(&b)
	if len(rep.Log.BadLines) > 0 {
		fmt.Fprintf(&b, "\nbad lines (%d):\n", rep.Log.Bad)
		for _, bl := range rep.Log.BadLines {
			fmt.Fprintf(&b, "  %s:%d: %s\n", esc(bl.Input), bl.Line, esc(bl.Reason))
		}
		if rep.Log.Bad > len(rep.Log.BadLines) {
			fmt.Fprintf(&b, "  ... and %d more\n", rep.Log.Bad-len(rep.Log.BadLines))
		}
	}
	b.WriteString("\nidentity checked against: ")
	b.WriteString(listsSummary(rep.Lists))
	if rep.DNS {
		st := rep.DNSStats
		fmt.Fprintf(&b, "; reverse DNS on (%d %s looked up, %d answered", rep.DNSLookups, plural(rep.DNSLookups, "address", "addresses"), st.Answered)
		if st.Unanswered > 0 {
			fmt.Fprintf(&b, ", %d without an answer", st.Unanswered)
		}
		if st.Skipped > 0 {
			fmt.Fprintf(&b, "; %d %s not looked up: the lookup budget was spent or the resolver stopped answering", st.Skipped, plural(st.Skipped, "check", "checks"))
		}
		b.WriteString(")\n")
	} else {
		b.WriteString("; reverse DNS off\n")
	}
	_, err := io.WriteString(w, b.String())
	return err
}

// listsSummary names the lists by operator: how many, where from, and
// their dates.
func listsSummary(lists []verify.List) string {
	if len(lists) == 0 {
		return "no IP lists"
	}
	type group struct {
		n           int
		from        []string
		first, last time.Time
	}
	var order []string
	groups := map[string]*group{}
	for _, l := range lists {
		g := groups[l.Operator]
		if g == nil {
			g = &group{}
			groups[l.Operator] = g
			order = append(order, l.Operator)
		}
		g.n++
		from := l.From
		if from != "snapshot" {
			from = "updated"
		}
		if !containsString(g.from, from) {
			g.from = append(g.from, from)
		}
		if d := l.Date(); !d.IsZero() {
			if g.first.IsZero() || d.Before(g.first) {
				g.first = d
			}
			if d.After(g.last) {
				g.last = d
			}
		}
	}
	var b strings.Builder
	fmt.Fprintf(&b, "%d IP %s: ", len(lists), plural(len(lists), "list", "lists"))
	for i, op := range order {
		g := groups[op]
		if i > 0 {
			b.WriteString(", ")
		}
		fmt.Fprintf(&b, "%s (%d, %s", textsafe.Escape(op), g.n, strings.Join(g.from, " and "))
		if !g.first.IsZero() {
			b.WriteString(", " + g.first.Format("2006-01-02"))
			if !g.last.Equal(g.first) && g.last.Format("2006-01-02") != g.first.Format("2006-01-02") {
				b.WriteString(" to " + g.last.Format("2006-01-02"))
			}
		}
		b.WriteString(")")
	}
	return b.String()
}

func plural(n int, one, many string) string {
	if n == 1 {
		return one
	}
	return many
}

// CSVHeader is the first row WriteCSV writes.
var CSVHeader = []string{"token", "operator", "purpose", "requests", "robots_fetches", "allowed", "violations", "grace", "verified", "spoofed", "unverifiable", "unjudged", "top_violated_rule", "top_rule_line", "top_rule_version", "example_url"}

// WriteCSV writes one row per crawler. Cells that a spreadsheet would run
// as a formula are prefixed with a quote.
func (rep *Report) WriteCSV(w io.Writer) error {
	cw := csv.NewWriter(w)
	if err := cw.Write(CSVHeader); err != nil {
		return err
	}
	for _, r := range rep.Crawlers {
		rule, line, ver, ex := "", "", "", ""
		if len(r.ViolatedRules) > 0 {
			top := r.ViolatedRules[0]
			rule, line, ver = top.Rule, strconv.Itoa(top.Line), strconv.Itoa(top.Version)
			if len(top.Examples) > 0 {
				ex = top.Examples[0]
			}
		}
		row := []string{r.Token, r.Operator, r.Purpose, itoa(r.Requests), itoa(r.RobotsFetches), itoa(r.Allowed), itoa(r.Violations), itoa(r.Grace), itoa(r.Verified), itoa(r.Spoofed), itoa(r.Unverifiable), itoa(r.Unjudged), rule, line, ver, ex}
		for i := range row {
			row[i] = csvSafe(row[i])
		}
		if err := cw.Write(row); err != nil {
			return err
		}
	}
	cw.Flush()
	return cw.Error()
}

func csvSafe(s string) string {
	if s != "" && strings.ContainsRune("=+-@\t\r", rune(s[0])) {
		return "'" + s
	}
	return s
}

func itoa(n int) string { return strconv.Itoa(n) }

func dashIf(s string) string {
	if s == "" {
		return "-"
	}
	return s
}

func fmtTime(t time.Time) string {
	if t.IsZero() {
		return "the start"
	}
	return t.UTC().Format("2006-01-02 15:04:05Z")
}
