package robotstxt

// CheckBothWays checks rawURL for a as a rule set's first checks do, trying
// each rule in turn (ok is false when the rule set is not interpreted),
// and as the compiled matcher does, so that tests can compare the two.
func CheckBothWays(a Agent, rawURL string) (interpreted Verdict, ok bool, compiled Verdict) {
	rs := a.rs
	if rs == nil {
		v := a.Check(rawURL)
		return v, false, v
	}
	path := NormalizePath(rawURL)
	ok = path != "/robots.txt"
	var allow, disallow match
	for _, p := range rs.parts {
		if !p.interpretable(len(path)) {
			ok = false
			break
		}
		al, di := p.interpret(path)
		if al.beats(allow) {
			allow = al
		}
		if di.beats(disallow) {
			disallow = di
		}
	}
	if ok {
		interpreted = Verdict{Allowed: true, UserAgents: rs.userAgents}
		setVerdict(&interpreted, allow, disallow)
		a.finish(&interpreted)
	}
	for _, p := range rs.parts {
		p.get()
	}
	return interpreted, ok, a.Check(rawURL)
}
