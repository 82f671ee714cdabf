package lint

import (
	"strings"

	"github.com/robotstxt/robotstxt"
)

// assetDirs hold a site's CSS and JavaScript in common setups.
var assetDirs = []string{"/wp-includes/", "/wp-content/themes/", "/wp-content/plugins/", "/_next/static/", "/_nuxt/",
	"/static/css/", "/static/js/", "/assets/css/", "/assets/js/", "/css/", "/js/"}

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
		} else {
			variant = "folder"
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
				l.add(Warning, "blocks-css-js", variant, rule.Line, 0, "rule", ruleText(rule), "path", p, "agents", l.list(rs.tokens, 4))
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
