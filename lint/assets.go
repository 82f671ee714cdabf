package lint

import (
	"strings"

	"github.com/robotstxt/robotstxt"
)

// assetDirs hold a site's CSS and JavaScript in common setups.
var assetDirs = []string{"/wp-includes/", "/wp-content/themes/", "/wp-content/plugins/", "/_next/static/", "/_nuxt/",
	"/static/css/", "/static/js/", "/assets/css/", "/assets/js/", "/css/", "/js/",
	// Joomla, Magento 1 and Bitrix serve their CSS and JavaScript from
	// these (Joomla's old default robots.txt disallowed them).
	"/templates/", "/media/", "/modules/", "/skin/", "/bitrix/",
	// Themes of many CMSes, and ASP.NET MVC's default folders for CSS and
	// JavaScript (paths are case-sensitive: its "/Content/" and "/Scripts/").
	"/themes/", "/scripts/", "/Scripts/", "/Content/"}

// prefixedAssetDirs are asset folders found under a prefix as well
// ("/blog/wp-includes/": WordPress in a sub-folder).
var prefixedAssetDirs = []string{"/wp-includes/", "/wp-content/themes/", "/wp-content/plugins/"}

// checkAssets finds disallow rules that keep renderers (Google, Bing,
// Yandex and the rest of "*") from CSS and JavaScript files: patterns about
// .css/.js files, and rules over the usual asset folders.
func (l *linter) checkAssets(rs *ruleSet) {
	if !rs.global && !l.searchSet(rs) {
		return
	}
	if rs.closed() {
		return // site-closed says more
	}
	for _, rule := range rs.rules {
		if rule.Kind != robotstxt.Disallow {
			continue
		}
		g, ok := l.globOf(rule)
		if !ok {
			continue
		}
		var probes []string
		variant := "" // files of a kind; "folder": a usual asset folder, a guess
		if ext := assetExt(g.text); ext != "" {
			// "/*.js", "/assets/*.css": files of a kind. A rule naming one
			// script ("/x/remove-utms-*.js") is a deliberate choice.
			last := g.text[strings.LastIndexByte(g.text, '/')+1:]
			if !strings.HasPrefix(strings.TrimLeft(last, "*"), ".") {
				continue
			}
			probes = append(probes, witness(rule.Pattern))
		} else if queryRule(g.text) {
			// "Disallow: /*?": assets are often versioned with a query
			// ("/style.css?ver=6.4").
			variant = "query"
			probes = append(probes, "/app.css?ver=1", "/app.js?ver=1")
		} else {
			variant = "folder"
			for _, d := range prefixedAssetDirs {
				if i := strings.Index(g.key, d); i > 0 && strings.HasPrefix(d, g.key[i:]) || i > 0 && len(g.key) == i+len(d) {
					probes = append(probes, g.key[:i]+d+"app.css", g.key[:i]+d+"app.js")
				}
			}
			for _, d := range assetDirs {
				switch {
				case strings.HasPrefix(d, g.key) && g.key != "" && g.key != "/" &&
					(strings.HasSuffix(g.key, "/") || d[len(g.key)] == '/'):
					// The rule covers the whole folder ("/wp-includes", "/assets/").
					probes = append(probes, d+"app.css", d+"app.js")
				case strings.HasPrefix(g.key, d) && strings.HasSuffix(g.text, "/*"):
					// A folder inside an asset folder ("/wp-includes/js/").
					w := witness(rule.Pattern)
					probes = append(probes, w+"app.css", w+"app.js")
				}
			}
		}
		if len(probes) == 0 || notAsset(rule.Pattern) {
			continue
		}
		for _, p := range probes {
			v := rs.agent.Check("http://h" + p)
			if !v.Allowed && v.Rule != nil && v.Rule.Line == rule.Line {
				f := l.add(Warning, "blocks-css-js", variant, rule.Line, 0, "rule", ruleText(rule), "path", p, "agents", l.list(rs.tokens, 4))
				if f != nil {
					f.Fix = l.assetFix(rs, rule, variant, probes)
				}
				break
			}
		}
	}
}

// buildFiles are JavaScript files of a site's build, never loaded by its
// pages: blocking them hides nothing a renderer needs.
var buildFiles = map[string]bool{"gruntfile.js": true, "gulpfile.js": true, "gulpfile.babel.js": true, "package.json": true,
	"karma.conf.js": true, "protractor.conf.js": true, ".eslintrc.js": true}

// notAsset reports a disallow rule over JavaScript that pages do not need
// rendered: Shopify's default "Disallow: /cdn/wpm/*.js" (its web-pixel
// sandbox) and build files ("/Gruntfile.js", "/webpack.config.js").
func notAsset(pattern string) bool {
	low := strings.ToLower(strings.TrimSuffix(pattern, "$"))
	if strings.HasPrefix(low, "/cdn/wpm/") {
		return true
	}
	base := low[strings.LastIndexByte(low, '/')+1:]
	return buildFiles[base] || strings.HasSuffix(base, ".config.js") || strings.HasSuffix(base, ".conf.js")
}

// assetExt reports a glob that names .css or .js files.
func assetExt(g string) string {
	for _, ext := range []string{".css", ".js"} {
		for i := 0; ; {
			j := strings.Index(g[i:], ext)
			if j < 0 {
				break
			}
			end := i + j + len(ext)
			if end == len(g) || g[end] == '*' || g[end] == '?' {
				return ext
			}
			i = end
		}
	}
	return ""
}

// queryRule reports a rule over every URL with a query ("/*?", "/*?*").
func queryRule(g string) bool {
	return g == "/*?" || g == "/*?*" || g == "*?" || g == "/?*"
}

// assetFix proposes Allow lines for what the rule blocks and proves them
// with the matcher: with the lines added to the crawlers' rules, every
// probe the rule blocked must be allowed (RFC 9309 section 2.2.2: the
// longest match wins, so "Allow: /*.css$" loses to a longer Disallow such
// as "/wp-includes/"). When no Allow line is proven, the fix says to
// narrow the rule instead.
func (l *linter) assetFix(rs *ruleSet, rule robotstxt.Rule, variant string, probes []string) string {
	base := strings.TrimRight(strings.TrimSuffix(rule.Pattern, "$"), "*")
	var allows []string
	switch variant {
	case "query":
		allows = []string{"/*.css?", "/*.js?"}
	case "folder":
		allows = []string{base + "*.css", base + "*.js"}
	}
	// The rule names the files themselves: removing it is the fix, if no
	// other rule blocks them then.
	var b strings.Builder
	b.WriteString("User-agent: x\n")
	for _, r := range rs.rules {
		if len(allows) == 0 && r.Line == rule.Line {
			continue
		}
		b.WriteString(ruleText(r))
		b.WriteByte('\n')
	}
	for _, a := range allows {
		b.WriteString("Allow: " + a + "\n")
	}
	fixed := robotstxt.ParseString(b.String()).Agent("x")
	for _, p := range probes {
		if v := rs.agent.Check("http://h" + p); v.Allowed {
			continue // not blocked to begin with
		}
		if v := fixed.Check("http://h" + p); !v.Allowed {
			return l.t("blocks-css-js.fix.narrow", "rule", ruleText(rule), "path", p)
		}
	}
	if len(allows) == 0 {
		return l.t("blocks-css-js.fix.remove", "rule", ruleText(rule))
	}
	return l.t("blocks-css-js.fix.proven", "allowcss", "Allow: "+allows[0], "allowjs", "Allow: "+allows[1])
}
