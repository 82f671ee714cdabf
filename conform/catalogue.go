package conform

import (
	"net/http"
	"strconv"
	"strings"
	"sync"

	"github.com/robotstxt/robotstxt"
)

// answer is how an origin answers one of its robots paths (/robots.txt, a
// redirect hop, a policy file reached by redirect).
type answer struct {
	status int
	// variant names the policy text served with a 2xx (origin.policy's
	// argument); it is recorded, so that a saved log can be graded.
	variant string
	header  [][2]string
	// body of a non-2xx answer (an error or challenge page).
	body string
	// redirect: Location is this origin's URL (the current one when "")
	// and path.
	redirectOrigin, redirectPath string
	// hang holds the request until the client or the site gives up; reset
	// closes the connection with a TCP reset.
	hang, reset bool
	// policyOf names the origin whose policy this answer is (the origin
	// that redirected here), when not the answering one.
	policyOf string
}

// origin is one origin of the site: what its robots paths answer and which
// probe paths its pages link.
type origin struct {
	name string
	// check is the check the origin serves ("" for the start page and the
	// policy host).
	check string
	// sharesAddr names the origin whose address this one listens on (on
	// another port).
	sharesAddr string
	// sharesPort names the origin whose port number this one listens on,
	// at an address of its own (when the system allows: another host, the
	// same port).
	sharesPort string
	// tlsOf names the origin on whose address and port this one is served
	// with TLS (https), the other being plain http.
	tlsOf string
	// policy is the robots.txt text served with a 2xx, for the agent and
	// the answer's variant.
	policy func(agent, variant string) string
	// robots answers the n-th request (from 0) for /robots.txt, from a
	// crawler sending User-Agent ua.
	robots func(agent, ua string, n int) answer
	// extra are the other robots paths (redirect hops, a policy file).
	extra map[string]func(agent string) answer
	// probes are the paths (with query) its pages link; mustFetch those of
	// them that robots.txt allows and a crawler must therefore fetch.
	probes, mustFetch []string
	// stable: robots.txt always gives the same definitive answer, so a
	// crawler reads it once (robots-once).
	stable bool
	// agentOf is the name to match the policy with, when not the agent.
	agentOf func(agent, variant string) string
}

// isRobotsPath reports whether path (as requested, without the query) is
// one of o's robots paths.
func (o *origin) isRobotsPath(path string) bool {
	if path == "/robots.txt" {
		return o.robots != nil
	}
	_, ok := o.extra[path]
	return ok
}

// CheckInfo describes one check of the catalogue.
type CheckInfo struct {
	ID    string `json:"id"`
	Title string `json:"title"`
	// Ref is the RFC 9309 section or the documented norm the check applies.
	Ref string `json:"ref"`
	// Graded is false for checks that report where a crawler differs
	// without failing it (the RFC leaves room): their results are pass,
	// noted or not-exercised.
	Graded bool `json:"graded"`
}

// text serves a fixed policy whatever the variant.
func text(s string) func(agent, variant string) string {
	return func(string, string) string { return s }
}

// ok200 is the answer of a plain robots.txt.
func ok200(string, string, int) answer { return answer{status: 200} }

func status(code int, hdr ...[2]string) func(string, string, int) answer {
	return func(string, string, int) answer {
		return answer{status: code, header: hdr, body: strconv.Itoa(code) + " " + http.StatusText(code) + "\n"}
	}
}

// challengeHTML is a bot-challenge interstitial, as a CDN serves it instead
// of robots.txt: HTML with no rules in it, so a crawler that parses the body
// whatever the status finds none and reads "allow everything".
const challengeHTML = `<!doctype html><html><head><title>Just a moment...</title></head>
<body><h1>Checking your browser before accessing the site.</h1>
<noscript>Enable JavaScript and cookies to continue.</noscript></body></html>
`

// soft404HTML is a "page not found" page served with 200 for /robots.txt.
const soft404HTML = `<!doctype html><html><head><title>Page not found</title></head>
<body><h1>Sorry, we could not find that page.</h1><p><a href="/">Home</a></p></body></html>
`

// sizePolicy is a file of more than 500 KiB (RFC 9309 section 2.5) whose
// rule /early/ lies just before the limit, after 480 KiB of comments.
func sizePolicy(string, string) string { return sizeText() }

var sizeText = sync.OnceValue(func() string {
	var b strings.Builder
	b.WriteString("User-agent: *\n")
	line := "# " + strings.Repeat("padding ", 12) + "\n"
	for b.Len() < 480<<10 {
		b.WriteString(line)
	}
	b.WriteString("Disallow: /early/\n")
	for b.Len() < 520<<10 {
		b.WriteString(line)
	}
	b.WriteString("Disallow: /late/\n")
	return b.String()
})

// swapCase writes s with the case of its ASCII letters swapped.
func swapCase(s string) string {
	b := []byte(s)
	for i, c := range b {
		switch {
		case 'a' <= c && c <= 'z':
			b[i] = c - 'a' + 'A'
		case 'A' <= c && c <= 'Z':
			b[i] = c - 'A' + 'a'
		}
	}
	return string(b)
}

// uaToken is the name the group-ua-token origin writes its group for: the
// agent when the User-Agent carries it, else the product token the
// User-Agent starts with.
func uaToken(agent, ua string) string {
	if containsFold(ua, agent) {
		return agent
	}
	if t := robotstxt.ProductToken(ua); t != "" {
		return t
	}
	return agent
}

func containsFold(s, sub string) bool {
	return strings.Contains(strings.ToLower(s), strings.ToLower(sub))
}

// The catalogue. Origin names are the IDs of the checks they serve; the
// log names origins, so renaming one breaks saved logs.
func catalogue() ([]*origin, []CheckInfo) {
	star := func(rules string) func(agent, variant string) string {
		return text("User-agent: *\n" + rules)
	}
	var origins []*origin
	var checks []CheckInfo
	add := func(c CheckInfo, o *origin) {
		c.Graded = !strings.HasPrefix(c.Ref, "~")
		c.Ref = strings.TrimPrefix(c.Ref, "~")
		checks = append(checks, c)
		if o != nil {
			o.name, o.check = c.ID, c.ID
			if o.robots == nil {
				o.robots = ok200
			}
			origins = append(origins, o)
		}
	}
	origins = append(origins, &origin{name: "start", policy: star("Disallow:\n"), robots: ok200, stable: true})

	// Matching (RFC 9309 sections 2.2.2 and 2.2.3). The groups are "*"
	// so that these checks do not depend on the crawler's name.
	add(CheckInfo{ID: "match-longest", Title: "the longest matching rule decides, whatever the order of the lines", Ref: "RFC 9309 §2.2.2"},
		&origin{policy: star("Disallow: /shop/\nAllow: /shop/open/\nAllow: /docs/\nDisallow: /docs/private/\n"),
			probes: []string{"/shop/open/item", "/shop/closed", "/docs/page", "/docs/private/page"}, mustFetch: []string{"/shop/open/item", "/docs/page"}, stable: true})
	add(CheckInfo{ID: "match-allow-on-tie", Title: "an allow rule and a disallow rule of equal length: allow wins", Ref: "RFC 9309 §2.2.2"},
		&origin{policy: star("Disallow: /tie/\nAllow: /tie/\nDisallow: /closed/\n"),
			probes: []string{"/tie/page", "/closed/page"}, mustFetch: []string{"/tie/page"}, stable: true})
	add(CheckInfo{ID: "match-wildcard", Title: "'*' matches any run of characters, '/' included", Ref: "RFC 9309 §2.2.3"},
		&origin{policy: star("Disallow: /*.pdf\nDisallow: /w/*/secret\n"),
			probes:    []string{"/files/report.pdf", "/files/report.pdf.html", "/files/report.html", "/w/a/b/secret", "/w/secret"},
			mustFetch: []string{"/files/report.html", "/w/secret"}, stable: true})
	add(CheckInfo{ID: "match-end-anchor", Title: "'$' anchors a pattern at the end of the path (the query included)", Ref: "RFC 9309 §2.2.3"},
		&origin{policy: star("Disallow: /*.php$\nDisallow: /exact$\n"),
			probes:    []string{"/index.php", "/index.php5", "/index.php?page=2", "/exact", "/exact/more"},
			mustFetch: []string{"/index.php5", "/index.php?page=2", "/exact/more"}, stable: true})
	add(CheckInfo{ID: "match-percent-encoding", Title: "percent-encoding compared both ways: encoded rule and plain URL, raw UTF-8 rule and encoded URL", Ref: "RFC 9309 §2.2.2"},
		&origin{policy: star("Disallow: /%7Euser/\nDisallow: /café/\n"),
			probes: []string{"/~user/page", "/%7Euser/other", "/caf%C3%A9/menu", "/cafe/menu"}, mustFetch: []string{"/cafe/menu"}, stable: true})
	add(CheckInfo{ID: "match-case", Title: "paths match case-sensitively", Ref: "RFC 9309 §2.2.2"},
		&origin{policy: star("Disallow: /Private/\n"),
			probes: []string{"/Private/page", "/private/page"}, mustFetch: []string{"/private/page"}, stable: true})
	add(CheckInfo{ID: "match-query", Title: "the query is part of what rules match", Ref: "RFC 9309 §2.2.2; Google: the URL path with its query"},
		&origin{policy: star("Disallow: /search?q=private\nDisallow: /*&session=\n"),
			probes:    []string{"/search?q=private", "/search?q=public", "/list?page=1&session=abc", "/list?page=1"},
			mustFetch: []string{"/search?q=public", "/list?page=1"}, stable: true})

	// Group choice (RFC 9309 section 2.2.1).
	own := func(name func(agent string) string) func(agent, variant string) string {
		return func(agent, _ string) string {
			return "User-agent: *\nDisallow: /star/\n\nUser-agent: " + name(agent) + "\nDisallow: /own/\n"
		}
	}
	add(CheckInfo{ID: "group-own", Title: "the crawler's own group replaces the '*' group", Ref: "RFC 9309 §2.2.1"},
		&origin{policy: own(func(a string) string { return a }),
			probes: []string{"/own/page", "/star/page"}, mustFetch: []string{"/star/page"}, stable: true})
	add(CheckInfo{ID: "group-consecutive", Title: "consecutive user-agent lines share the rules that follow (the crawler's token first)", Ref: "RFC 9309 §2.2.1"},
		&origin{policy: func(agent, _ string) string {
			return "User-agent: " + agent + "\nUser-agent: otherbot\nDisallow: /both/\n\nUser-agent: *\nDisallow: /star/\n"
		}, probes: []string{"/both/page", "/star/page"}, mustFetch: []string{"/star/page"}, stable: true})
	add(CheckInfo{ID: "group-case", Title: "the product token matches the group's name in any case", Ref: "RFC 9309 §2.2.1"},
		&origin{policy: own(swapCase),
			probes: []string{"/own/page", "/star/page"}, mustFetch: []string{"/star/page"}, stable: true})
	add(CheckInfo{ID: "group-ua-token", Title: "the group is chosen by the product token of the User-Agent the crawler sends", Ref: "RFC 9309 §2.2.1"},
		&origin{policy: func(_, variant string) string {
			return "User-agent: *\nDisallow: /star/\n\nUser-agent: " + variant + "\nDisallow: /own/\n"
		}, robots: func(agent, ua string, _ int) answer {
			return answer{status: 200, variant: uaToken(agent, ua)}
		}, agentOf: func(_, variant string) string { return variant },
			probes: []string{"/own/page", "/star/page"}, mustFetch: []string{"/star/page"}, stable: true})

	// Where the policy lives (RFC 9309 section 2.3): the exact origin.
	add(CheckInfo{ID: "robots-per-origin", Title: "each origin has its own robots.txt: another port of the host, another host on the port", Ref: "RFC 9309 §2.3"}, nil)
	origins = append(origins,
		&origin{name: "port-a", check: "robots-per-origin", policy: star("Disallow: /a-only/\n"), robots: ok200,
			probes: []string{"/shared/page", "/a-only/page"}, mustFetch: []string{"/shared/page"}, stable: true},
		&origin{name: "port-b", check: "robots-per-origin", sharesAddr: "port-a", policy: star("Disallow: /shared/\n"), robots: ok200,
			probes: []string{"/shared/page", "/a-only/page"}, mustFetch: []string{"/a-only/page"}, stable: true},
		&origin{name: "host-b", check: "robots-per-origin", sharesPort: "port-a", policy: star("Disallow: /shared/\n"), robots: ok200,
			probes: []string{"/shared/page", "/a-only/page"}, mustFetch: []string{"/a-only/page"}, stable: true})

	// The scheme: http and https on the same host and port are two origins.
	// Reaching the https one needs the site's certificate (Site.CACert).
	add(CheckInfo{ID: "robots-per-scheme", Title: "http and https on the same host and port each have their own robots.txt (needs the site's certificate)", Ref: "RFC 9309 §2.3"}, nil)
	origins = append(origins,
		&origin{name: "scheme-http", check: "robots-per-scheme", policy: star("Disallow: /plain-no/\n"), robots: ok200,
			probes: []string{"/plain-no/page", "/tls-no/page"}, mustFetch: []string{"/tls-no/page"}, stable: true},
		&origin{name: "scheme-https", check: "robots-per-scheme", tlsOf: "scheme-http", policy: star("Disallow: /tls-no/\n"), robots: ok200,
			probes: []string{"/plain-no/page", "/tls-no/page"}, mustFetch: []string{"/plain-no/page"}, stable: true})

	// Access results (RFC 9309 section 2.3.1).
	page := []string{"/page"}
	allowAll := star("Disallow:\n")
	add(CheckInfo{ID: "status-404", Title: "robots.txt 404: everything allowed", Ref: "RFC 9309 §2.3.1.3; Google: 4xx as no robots.txt"},
		&origin{policy: allowAll, robots: status(404), probes: page, mustFetch: page, stable: true})
	add(CheckInfo{ID: "status-410", Title: "robots.txt 410: everything allowed", Ref: "RFC 9309 §2.3.1.3; Google: 4xx as no robots.txt"},
		&origin{policy: allowAll, robots: status(410), probes: page, mustFetch: page, stable: true})
	add(CheckInfo{ID: "status-401", Title: "robots.txt 401: RFC 9309 allows everything (noted: read as disallow, as crawlers once did)", Ref: "~RFC 9309 §2.3.1.3"},
		&origin{policy: allowAll, robots: status(401, [2]string{"WWW-Authenticate", `Basic realm="conform"`}), probes: page, mustFetch: page, stable: true})
	add(CheckInfo{ID: "status-403", Title: "robots.txt 403: RFC 9309 allows everything (noted: read as disallow, as crawlers once did)", Ref: "~RFC 9309 §2.3.1.3"},
		&origin{policy: allowAll, robots: status(403), probes: page, mustFetch: page, stable: true})
	add(CheckInfo{ID: "status-500", Title: "robots.txt 500: nothing fetched", Ref: "RFC 9309 §2.3.1.4"},
		&origin{policy: allowAll, robots: status(500), probes: page})
	add(CheckInfo{ID: "status-challenge", Title: "a 503 bot-challenge page as robots.txt: nothing fetched (its HTML is not an empty file)", Ref: "RFC 9309 §2.3.1.4"},
		&origin{policy: allowAll, robots: func(string, string, int) answer {
			return answer{status: 503, body: challengeHTML, header: [][2]string{{"Content-Type", "text/html; charset=utf-8"}, {"Cf-Mitigated", "challenge"}}}
		}, probes: page})
	add(CheckInfo{ID: "status-429", Title: "robots.txt 429: nothing fetched (a 429 is read as a server error)", Ref: "Google: 429 as 5xx; RFC 9309 §2.3.1.4"},
		&origin{policy: allowAll, robots: status(429, [2]string{"Retry-After", "2"}), probes: page})
	add(CheckInfo{ID: "status-timeout", Title: "robots.txt never answers: nothing fetched", Ref: "RFC 9309 §2.3.1.4"},
		&origin{policy: allowAll, robots: func(string, string, int) answer { return answer{hang: true} }, probes: page})
	add(CheckInfo{ID: "status-reset", Title: "robots.txt connection reset: nothing fetched", Ref: "RFC 9309 §2.3.1.4"},
		&origin{policy: allowAll, robots: func(string, string, int) answer { return answer{reset: true} }, probes: page})
	add(CheckInfo{ID: "status-flaky", Title: "a 503, later rules: the failure is not cached as \"allowed\"", Ref: "RFC 9309 §2.3.1.4"},
		&origin{policy: star("Disallow: /private/\n"), robots: func(_, _ string, n int) answer {
			if n == 0 {
				return answer{status: 503, body: "503 busy\n", header: [][2]string{{"Retry-After", "1"}}}
			}
			return answer{status: 200}
		}, probes: []string{"/private/page", "/public/page"}})
	add(CheckInfo{ID: "status-soft-404", Title: "a 200 HTML \"not found\" page as robots.txt: RFC 9309 parses it (no rules, allowed; noted: read as disallow)", Ref: "~RFC 9309 §2.3.1.1, §2.3.1.5"},
		&origin{policy: text(soft404HTML), robots: func(string, string, int) answer {
			return answer{status: 200, header: [][2]string{{"Content-Type", "text/html; charset=utf-8"}}}
		}, probes: page, mustFetch: page, stable: true})

	// Redirects (RFC 9309 section 2.3.1.2).
	hops := map[string]func(string) answer{}
	for i := 1; i <= 4; i++ {
		next := "/r/" + strconv.Itoa(i+1)
		hops["/r/"+strconv.Itoa(i)] = func(string) answer { return answer{status: 301, redirectPath: next} }
	}
	hops["/r/5"] = func(string) answer { return answer{status: 200} }
	add(CheckInfo{ID: "redirect-five-hops", Title: "five redirects followed to the file, whose rules apply", Ref: "RFC 9309 §2.3.1.2"},
		&origin{policy: star("Disallow: /private/\n"), robots: func(string, string, int) answer {
			return answer{status: 301, redirectPath: "/r/1"}
		}, extra: hops, probes: []string{"/private/page", "/public/page"}, mustFetch: []string{"/public/page"}, stable: true})
	add(CheckInfo{ID: "redirect-cross-origin", Title: "robots.txt redirected to another origin: its rules apply to the original one", Ref: "RFC 9309 §2.3.1.2"},
		&origin{policy: star("Disallow: /private/\n"), robots: func(string, string, int) answer {
			return answer{status: 301, redirectOrigin: "policy-host", redirectPath: "/policy.txt"}
		}, probes: []string{"/private/page", "/public/page"}, mustFetch: []string{"/public/page"}, stable: true})
	origins = append(origins, &origin{name: "policy-host", policy: allowAll, robots: ok200, stable: true,
		extra: map[string]func(string) answer{"/policy.txt": func(string) answer {
			return answer{status: 200, policyOf: "redirect-cross-origin"}
		}}})

	// Limits and format (RFC 9309 sections 2.5 and 2.2).
	add(CheckInfo{ID: "size-500kib", Title: "a file over 500 KiB: the rules in its first 500 KiB apply", Ref: "RFC 9309 §2.5"},
		&origin{policy: sizePolicy, probes: []string{"/early/page", "/open/page"}, mustFetch: []string{"/open/page"}, stable: true})
	add(CheckInfo{ID: "format-bom", Title: "a UTF-8 byte order mark before the first line is skipped", Ref: "RFC 9309 §2.2; Google: the BOM is ignored"},
		&origin{policy: text("\uFEFFUser-agent: *\nDisallow: /bom/\n"), probes: []string{"/bom/page", "/ok/page"}, mustFetch: []string{"/ok/page"}, stable: true})
	add(CheckInfo{ID: "format-crlf", Title: "CRLF line ends", Ref: "RFC 9309 §2.2"},
		&origin{policy: text("User-agent: *\r\nDisallow: /crlf/\r\n"), probes: []string{"/crlf/page", "/ok/page"}, mustFetch: []string{"/ok/page"}, stable: true})
	add(CheckInfo{ID: "format-cr", Title: "CR line ends", Ref: "RFC 9309 §2.2"},
		&origin{policy: text("User-agent: *\rDisallow: /cr/\r"), probes: []string{"/cr/page", "/ok/page"}, mustFetch: []string{"/ok/page"}, stable: true})
	add(CheckInfo{ID: "format-long-line", Title: "a 100 KiB comment line does not hide the rules after it", Ref: "RFC 9309 §2.2, §2.5"},
		&origin{policy: text("User-agent: *\n# " + strings.Repeat("x", 100<<10) + "\nDisallow: /long/\n"),
			probes: []string{"/long/page", "/ok/page"}, mustFetch: []string{"/ok/page"}, stable: true})

	// Caching (RFC 9309 section 2.4).
	add(CheckInfo{ID: "robots-change", Title: "robots.txt changes during the crawl: each page allowed by a version the crawler read", Ref: "RFC 9309 §2.4"},
		&origin{policy: func(_, variant string) string {
			if variant == "v2" {
				return "User-agent: *\nDisallow: /changing/b\n"
			}
			return "User-agent: *\nDisallow: /changing/a\n"
		}, robots: func(_, _ string, n int) answer {
			if n == 0 {
				return answer{status: 200, variant: "v1"}
			}
			return answer{status: 200, variant: "v2"}
		}, probes: []string{"/changing/a", "/changing/b"}})

	// What RFC 9309 leaves open: reported, not failed.
	add(CheckInfo{ID: "crawl-delay", Title: "Crawl-delay: 1 honoured (a second between requests)", Ref: "~Bing: Crawl-delay; RFC 9309 is silent"},
		&origin{policy: star("Crawl-delay: 1\n"), probes: []string{"/cd/1", "/cd/2", "/cd/3", "/cd/4"}, stable: true})
	add(CheckInfo{ID: "retry-after", Title: "Retry-After: 2 of the 429 honoured (no request to that origin within it, less 10%)", Ref: "~RFC 9110 §10.2.3; Google: 429"}, nil)

	// Across origins.
	add(CheckInfo{ID: "robots-first", Title: "robots.txt read before any other request to an origin", Ref: "RFC 9309 §2.3"}, nil)
	add(CheckInfo{ID: "robots-once", Title: "robots.txt read once per origin, not per worker or page", Ref: "RFC 9309 §2.4; Google: cached up to 24 hours"}, nil)
	add(CheckInfo{ID: "ua-token", Title: "the User-Agent sent carries the product token", Ref: "RFC 9309 §2.2.1"}, nil)
	return origins, checks
}

// Checks lists the catalogue in report order.
func Checks() []CheckInfo {
	_, c := catalogue()
	return c
}
