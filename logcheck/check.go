package logcheck

import (
	"context"
	"strings"
	"time"

	"github.com/robotstxt/robotstxt/logs"
	"github.com/robotstxt/robotstxt/verify"
)

// Checker judges requests. Judge runs in the log reader's workers, Add in
// one goroutine in time order.
type Checker struct {
	Timeline *Timeline
	Identify *Identifier
	// Verifier may be nil: every request is then unverifiable.
	Verifier *verify.Verifier
	// Signatures checks Web Bot Auth signatures (httpsig/logsig); nil
	// reads none.
	Signatures SignatureChecker
	// Examples bounds the example URLs kept per rule (default 3).
	Examples int

	report  *Report
	state   []crawlerState
	sigRows map[string]*SignatureRow
}

// Judgement is what Judge finds out about one request, beside it.
type Judgement struct {
	crawler     int // index in Identify.Crawlers, -1 for no crawler
	robotsFetch bool
	identity    verify.Verdict
	version     int // index in Timeline.Versions; -1: before the first
	allowed     bool
	rule        ruleRef
	graceSince  time.Time // zero: no grace possible
	sig         sigJudgement
}

type ruleRef struct {
	line    int
	pattern string
}

type crawlerState struct {
	lastRobotsFetch time.Time
	row             *CrawlerRow
	rules           map[ruleKey]*RuleRow
	grace           map[ruleKey]*RuleRow
}

type ruleKey struct {
	version int
	line    int
}

// Judge fills j for r. It is safe for concurrent use.
func (c *Checker) Judge(ctx context.Context, r *logs.Record, j *Judgement) {
	j.crawler = c.Identify.Identify(r.UserAgent)
	j.version = -1
	if c.Signatures != nil {
		j.sig = c.Signatures.CheckSignature(r)
	}
	if j.crawler < 0 || r.Target == "" {
		return
	}
	cr := &c.Identify.Crawlers[j.crawler]
	if v, ok := identityBySignature(j.sig, cr.Operator); ok {
		j.identity = v
	} else if c.Verifier != nil {
		j.identity = c.Verifier.VerifyCrawler(ctx, cr.Operator, cr.Token, r.Addr)
	} else {
		j.identity = verify.Verdict{Status: verify.Unverifiable}
	}
	path := r.Target
	if strings.HasPrefix(path, "http://") || strings.HasPrefix(path, "https://") {
		if k := strings.IndexByte(path[strings.Index(path, "//")+2:], '/'); k >= 0 {
			path = path[strings.Index(path, "//")+2+k:]
		} else {
			path = "/"
		}
	}
	if p, _, _ := strings.Cut(path, "?"); p == "/robots.txt" {
		j.robotsFetch = true
		return
	}
	tl := c.Timeline
	i := tl.At(r.Time)
	j.version = i
	if i < 0 {
		return
	}
	d := tl.Versions[i].decide(cr.Token, path)
	j.allowed = d.allowed
	if d.rule != nil {
		j.rule = ruleRef{d.rule.Line, d.rule.Pattern}
	}
	if d.allowed {
		return
	}
	// Cache grace: an earlier version still in force within 24 hours
	// before the request that allowed the URL.
	limit := r.Time.Add(-CacheGrace)
	for k := i - 1; k >= 0; k-- {
		end := tl.Versions[k+1].From // version k was in force until then
		if !end.After(limit) {
			break
		}
		if tl.Versions[k].decide(cr.Token, path).allowed {
			j.graceSince = end
			break
		}
	}
}

// Add counts a judged request. Call it in time order.
func (c *Checker) Add(r *logs.Record, j *Judgement) {
	if c.report == nil {
		c.report = &Report{}
		c.state = make([]crawlerState, len(c.Identify.Crawlers))
	}
	rep := c.report
	rep.Requests++
	if j.sig.Signed {
		c.addSignature(j.sig)
	}
	if j.crawler < 0 {
		rep.OtherRequests++
		return
	}
	st := &c.state[j.crawler]
	if st.row == nil {
		cr := c.Identify.Crawlers[j.crawler]
		st.row = &CrawlerRow{Token: cr.Token, Operator: cr.Operator, Purpose: cr.Purpose, Checkable: verify.Checkable(cr.Operator), UserTriggered: cr.UserTriggered}
		st.rules = map[ruleKey]*RuleRow{}
		st.grace = map[ruleKey]*RuleRow{}
	}
	row := st.row
	row.Requests++
	if j.identity.Status == verify.Verified {
		if row.VerifiedBy == nil {
			row.VerifiedBy = map[string]int{}
		}
		row.VerifiedBy[j.identity.Method]++
	}
	switch j.identity.Status {
	case verify.Verified:
		row.Verified++
		if j.identity.UserTriggered {
			row.UserTriggered = true
		}
	case verify.Spoofed:
		row.Spoofed++
		if len(row.SpoofedAddrs) < c.examples() && r.Addr.IsValid() && !containsString(row.SpoofedAddrs, r.Addr.String()) {
			row.SpoofedAddrs = append(row.SpoofedAddrs, r.Addr.String())
		}
		return // a spoofed request is not the crawler's doing
	default:
		row.Unverifiable++
		if reason := j.identity.Reason; reason != "" {
			if row.UnverifiableReasons == nil {
				row.UnverifiableReasons = map[string]int{}
			}
			row.UnverifiableReasons[reason]++
		}
	}
	if j.robotsFetch {
		row.RobotsFetches++
		st.lastRobotsFetch = r.Time
		if row.FirstRobotsFetch.IsZero() {
			row.FirstRobotsFetch = r.Time
		}
		row.LastRobotsFetch = r.Time
		return
	}
	if r.Target == "" {
		return
	}
	if j.version < 0 {
		row.Unjudged++
		return
	}
	if j.allowed {
		row.Allowed++
		return
	}
	key := ruleKey{j.version, j.rule.line}
	m, count := st.rules, &row.Violations
	if !j.graceSince.IsZero() && st.lastRobotsFetch.Before(j.graceSince) {
		m, count = st.grace, &row.Grace
	}
	*count++
	rr := m[key]
	if rr == nil {
		v := c.Timeline.Versions[j.version]
		rr = &RuleRow{Version: v.N, VersionLabel: v.Label, Line: j.rule.line, Rule: j.rule.pattern, First: r.Time}
		if j.rule.line == 0 {
			rr.Rule = "(robots.txt " + v.Status + ": everything disallowed)"
		}
		m[key] = rr
	}
	rr.Count++
	rr.Last = r.Time
	if j.identity.Status == verify.Verified {
		rr.Verified++
	}
	if len(rr.Examples) < c.examples() && !containsString(rr.Examples, r.Target) {
		rr.Examples = append(rr.Examples, strings.Clone(r.Target))
	}
}

func (c *Checker) examples() int {
	if c.Examples > 0 {
		return c.Examples
	}
	return 3
}

func containsString(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}
