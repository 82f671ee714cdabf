package bench

import (
	"strings"

	"github.com/robotstxt/robotstxt"
)

// Agents are the crawler names every corpus file is checked for. All are
// bare product tokens, the form both libraries take: temoto compares the
// agent's prefix with each group, so it cannot take a full user-agent string
// such as "Mozilla/5.0 (compatible; Googlebot/2.1; ...)". ExampleBot is named
// in no file and so exercises the "*" groups.
var Agents = []string{"Googlebot", "Bingbot", "ExampleBot"}

// GooglebotUA is the full user-agent string our library also accepts.
const GooglebotUA = "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)"

// genericPaths are checked against every file: pages a crawler commonly
// asks for, with queries and a percent-encoded one.
var genericPaths = []string{
	"/",
	"/index.html",
	"/search?q=robots+txt",
	"/wp-admin/admin-ajax.php",
	"/products/item-12345?utm_source=news&ref=home",
	"/images/logo.png",
	"/account/login?next=%2Fcart",
	"/blog/2024/05/hello-world/",
}

// rulePaths is how many of a file's own rules give paths to check.
const rulePaths = 6

// Paths returns the URL paths checked against a file: the generic ones, and
// for up to six of its rules, evenly spread through the file, a path the rule
// matches and a longer one below it. Paths are in the form a crawler sends
// them (non-ASCII and spaces percent-encoded), so they are valid input for
// both libraries. The choice depends only on the file.
func Paths(r *robotstxt.Robots) []string {
	var patterns []string
	for _, g := range r.Groups {
		for _, rule := range g.Rules {
			if rule.Pattern != "" {
				patterns = append(patterns, rule.Pattern)
			}
		}
	}
	paths := append([]string(nil), genericPaths...)
	seen := make(map[string]bool, len(paths)+2*rulePaths)
	for _, p := range paths {
		seen[p] = true
	}
	add := func(p string) {
		if !seen[p] {
			seen[p] = true
			paths = append(paths, p)
		}
	}
	n := min(rulePaths, len(patterns))
	for i := 0; i < n; i++ {
		base := PathFromPattern(patterns[i*len(patterns)/n])
		add(base)
		add(base + "-x/y?z=1")
	}
	return paths
}

// PathFromPattern makes a URL path that an allow/disallow pattern matches:
// each '*' becomes "x", a final '$' is dropped, a leading '/' is added when
// missing, and octets a URL cannot carry raw are percent-encoded. A pattern
// written as an absolute URL gives that URL's path, which is what a crawler
// would ask for.
func PathFromPattern(p string) string {
	p = strings.TrimSuffix(p, "$")
	if i := strings.Index(p, "://"); i > 0 && !strings.ContainsAny(p[:i], "/*?") {
		p = robotstxt.PathOf(p)
	}
	var b strings.Builder
	if !strings.HasPrefix(p, "/") {
		b.WriteByte('/')
	}
	for i := 0; i < len(p); i++ {
		switch c := p[i]; {
		case c == '*':
			b.WriteByte('x')
		case c <= 0x20 || c >= 0x7F:
			const hex = "0123456789ABCDEF"
			b.WriteByte('%')
			b.WriteByte(hex[c>>4])
			b.WriteByte(hex[c&15])
		default:
			b.WriteByte(c)
		}
	}
	return b.String()
}

// fileAgents returns Agents plus up to two product tokens the file names
// itself, for the disagreement analysis (so that the groups a file writes for
// specific crawlers are exercised too).
func fileAgents(r *robotstxt.Robots) []string {
	agents := append([]string(nil), Agents...)
	added := 0
	for _, g := range r.Groups {
		for _, ua := range g.UserAgents {
			tok := ua.Token
			if added == 2 || tok == "" || tok == "*" || containsFold(agents, tok) {
				continue
			}
			agents = append(agents, tok)
			added++
		}
	}
	return agents
}

func containsFold(list []string, s string) bool {
	for _, x := range list {
		if strings.EqualFold(x, s) {
			return true
		}
	}
	return false
}
