package robotstxt

import "errors"

// Reason says how a verdict was reached.
type Reason uint8

const (
	// MatchedRule: the rule in Verdict.Rule decided (the longest match; on
	// equal length, allow).
	MatchedRule Reason = iota
	// NoMatchingRule: a group applies but none of its rules matches the path,
	// so the path is allowed.
	NoMatchingRule
	// NoGroup: no group names the crawler and there is no "*" group, so no
	// rules apply and the path is allowed.
	NoGroup
	// ImplicitRobotsTxt: the path is /robots.txt, which is always allowed
	// (RFC 9309 section 2.2.2).
	ImplicitRobotsTxt
	// GlobalIgnored: no group names the crawler, and its operator documents
	// that it ignores the "*" group (AdsBot-Google), so no rules apply and
	// the path is allowed.
	GlobalIgnored
	// PurposeRefused: the rules allow the fetch, but the site refuses the
	// purpose the crawler declared (a Content-Usage or Content-Signal
	// preference, see Usage.Refuses). Check never returns it; callers that
	// enforce a purpose set it.
	PurposeRefused
)

var reasonNames = [...]string{"matched-rule", "no-matching-rule", "no-group", "implicit-robots-txt", "global-ignored", "purpose-refused"}

func (r Reason) String() string {
	if int(r) < len(reasonNames) {
		return reasonNames[r]
	}
	return "unknown"
}

// MarshalText renders the reason code ("matched-rule", ...).
func (r Reason) MarshalText() ([]byte, error) { return []byte(r.String()), nil }

// UnmarshalText reads a reason code.
func (r *Reason) UnmarshalText(b []byte) error {
	for i, n := range reasonNames {
		if n == string(b) {
			*r = Reason(i)
			return nil
		}
	}
	return errors.New("robotstxt: unknown reason " + string(b))
}

// Verdict is the answer to "may this crawler fetch this URL?" and why.
type Verdict struct {
	Allowed bool
	Reason  Reason
	// Rule is the deciding rule when Reason is MatchedRule, else nil.
	Rule *Rule
	// ViaIndexHTML reports that Rule, an allow rule ending in
	// "/index.htm...", matched the bare directory through Google's
	// index.html reading.
	ViaIndexHTML bool
	// Overruled is the best-matching rule of the other kind, which lost to
	// Rule (by length, or on a tie because allow wins), or nil.
	Overruled *Rule
	// UserAgents are the user-agent lines of the groups that applied: the
	// lines naming the crawler (or its fallback), or the "*" lines. Nil for
	// NoGroup. Shared: do not modify.
	UserAgents []UserAgent
	// Fallback is set when no group names the crawler and the groups of its
	// documented fallback applied instead: the fallback's name as the file
	// writes it ("Googlebot" for Googlebot-Image). See CrawlerFallback.
	Fallback string
	// Reading is ReadingYandex when the crawler is a Yandex robot and the
	// file has a blank line after a group's user-agent lines, which ends the
	// group for Yandex (see Robots.YandexReadsDifferently); else "".
	Reading string
}

// Agent is a crawler resolved against a file: the groups that apply to it
// are chosen once, so checking many URLs costs no group lookup. The zero
// Agent allows everything.
type Agent struct {
	rs            *ruleSet
	fallback      string // the fallback token whose groups apply, as written
	ignoredGlobal bool   // a "*" group exists but the crawler ignores it
	reading       string // ReadingYandex when the crawler reads the file as Yandex does
	groupMap      []int  // with reading: the file's group of each group of that reading
}

// AgentOptions choose how a crawler's name selects groups.
type AgentOptions struct {
	// Exact gives Google's library bit for bit: a user-agent line names its
	// leading run of letters, '-' and '_' ("MJ12bot" names "MJ"), the
	// caller's name is compared whole, and no fallbacks apply.
	Exact bool
	// NoFallback turns off the crawlers' documented fallbacks (see
	// CrawlerFallback), giving the plain RFC 9309 reading: the named group,
	// else "*".
	NoFallback bool
}

// Agent chooses the groups that apply to a crawler, given as a product
// token ("Googlebot") or a full user-agent string, as described under
// "Choosing the group" in the package documentation, documented fallbacks
// included.
func (r *Robots) Agent(name string) Agent { return r.resolve(name, AgentOptions{}) }

// ExactAgent is Agent with Google's library's rule for names: each
// user-agent line names its leading run of letters, '-' and '_', the whole
// name is compared with it, ignoring case, and is never searched for names
// ("Foo Bar" matches no group, not even "Foo"). No fallbacks apply.
func (r *Robots) ExactAgent(name string) Agent { return r.resolve(name, AgentOptions{Exact: true}) }

// AgentWith is Agent with options.
func (r *Robots) AgentWith(name string, o AgentOptions) Agent { return r.resolve(name, o) }

// Check decides whether the agent may fetch rawURL, which is a full URL or a
// path starting with "/". It does not allocate.
func (a Agent) Check(rawURL string) Verdict {
	var v Verdict
	check(a.rs, rawURL, &v)
	a.finish(&v)
	return v
}

// CheckWithPath is Check that also returns the path the rules were matched
// against, NormalizePath(rawURL), from the same pass over the URL: a caller
// that reports the path (as check --json does) reads the URL once. It does
// not allocate when the path needs no normalising, which is what crawlers
// mostly pass; otherwise the path is a new string, as NormalizePath's is.
func (a Agent) CheckWithPath(rawURL string) (Verdict, string) {
	var v Verdict
	path := checkWithPath(a.rs, rawURL, &v)
	a.finish(&v)
	return v, path
}

// finish adds what the agent's resolution says to a verdict.
func (a *Agent) finish(v *Verdict) {
	v.Fallback, v.Reading = a.fallback, a.reading
	if a.ignoredGlobal && v.Reason == NoGroup {
		v.Reason = GlobalIgnored
	}
}

// Allowed reports whether the agent may fetch rawURL.
func (a Agent) Allowed(rawURL string) bool { return allowed(a.rs, rawURL) }

// Fallback returns the name, as the file writes it, of the documented
// fallback whose groups apply because no group names the crawler
// ("Googlebot" for Googlebot-Image), or "".
func (a Agent) Fallback() string { return a.fallback }

// IgnoresGlobal reports that no group names the crawler and that it ignores
// the file's "*" groups, as its operator documents (AdsBot-Google).
func (a Agent) IgnoresGlobal() bool { return a.ignoredGlobal }

// Matched reports whether a group applies to the agent (a named group or
// the "*" group).
func (a Agent) Matched() bool { return a.rs != nil }

// Global reports whether the agent fell back to the "*" group.
func (a Agent) Global() bool { return a.rs != nil && a.rs.token == "*" }

// UserAgents returns the user-agent lines of the groups that apply. Shared:
// do not modify.
func (a Agent) UserAgents() []UserAgent {
	if a.rs == nil {
		return nil
	}
	return a.rs.userAgents
}

// Groups returns the indexes in Robots.Groups of the groups that apply, in
// file order.
func (a Agent) Groups() []int {
	if a.rs == nil {
		return nil
	}
	if a.groupMap == nil {
		return a.rs.groups
	}
	// In Yandex's reading groups split the file's: name the file's groups.
	var out []int
	for _, g := range a.rs.groups {
		if m := a.groupMap[g]; len(out) == 0 || out[len(out)-1] != m {
			out = append(out, m)
		}
	}
	return out
}

// Reading returns ReadingYandex when the agent is a Yandex robot and the
// file is one that Yandex reads differently (see
// Robots.YandexReadsDifferently), else "".
func (a Agent) Reading() string { return a.reading }

// Rules returns the merged rules that apply to the agent, in file order.
func (a Agent) Rules() []Rule {
	if a.rs == nil {
		return nil
	}
	rules := a.rs.rules()
	out := make([]Rule, len(rules))
	for i, r := range rules {
		out[i] = *r
	}
	return out
}

// agentCacheEntry is a resolved agent, kept small: a parsed file keeps up
// to agentCacheSize of them.
type agentCacheEntry struct {
	name                            string
	rs                              *ruleSet
	fallback, ignoredGlobal, yandex bool
}

func (e *agentCacheEntry) agent(r *Robots) Agent {
	a := Agent{rs: e.rs, ignoredGlobal: e.ignoredGlobal}
	if e.fallback {
		a.fallback = e.rs.userAgents[0].Token
	}
	if e.yandex {
		_, groups := r.yandexRobots()
		a.reading, a.groupMap = ReadingYandex, groups
	}
	return a
}

// agentCacheSize is how many resolved agents Robots.Check remembers.
const agentCacheSize = 4

// Check decides whether the crawler agent (a product token or a full
// user-agent string) may fetch rawURL (a full URL or a path starting with
// "/"). It remembers the last few agents it resolved, so checks that
// alternate between a few agents allocate nothing; to check many URLs for
// many agents, keep an Agent for each.
func (r *Robots) Check(agent, rawURL string) Verdict {
	return r.cachedAgent(agent).Check(rawURL)
}

// cachedAgent resolves agent through the small cache of resolved agents.
// Entries are replaced in turn; each is immutable once stored.
func (r *Robots) cachedAgent(agent string) Agent {
	for i := range r.cache {
		if e := r.cache[i].Load(); e != nil && e.name == agent {
			return e.agent(r)
		}
	}
	a := r.resolve(agent, AgentOptions{})
	e := &agentCacheEntry{name: agent, rs: a.rs, fallback: a.fallback != "", ignoredGlobal: a.ignoredGlobal, yandex: a.reading != ""}
	r.cache[r.cacheNext.Add(1)%agentCacheSize].Store(e)
	return a
}

// Allowed reports whether the crawler agent may fetch rawURL.
func (r *Robots) Allowed(agent, rawURL string) bool { return r.cachedAgent(agent).Allowed(rawURL) }
