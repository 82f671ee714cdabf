package robotstxt

import (
	"slices"
	"strings"
	"sync"
)

// Crawlers whose operators document a reading of robots.txt beyond "my own
// group, else *": a fallback token whose groups they follow when no group
// names them, or that they ignore the "*" group. The crawlers package's
// registry carries the same facts with their sources; a test keeps the two
// equal. Keys are lower case.
var crawlerRules = map[string]crawlerRule{
	// Google: a more specific crawler with no group of its own follows
	// Googlebot's groups (Google's "common crawlers" page lists both tokens).
	"googlebot-image":       {fallback: "googlebot"},
	"googlebot-video":       {fallback: "googlebot"},
	"googlebot-news":        {fallback: "googlebot"},
	"google-inspectiontool": {fallback: "googlebot"},
	"googleother-image":     {fallback: "googleother"},
	"googleother-video":     {fallback: "googleother"},
	// Google's special-case crawlers page: these ignore the global group.
	"adsbot-google":        {ignoresGlobal: true},
	"adsbot-google-mobile": {ignoresGlobal: true},
	"mediapartners-google": {ignoresGlobal: true},
	"apis-google":          {ignoresGlobal: true},
	// Apple: Applebot follows Googlebot's rules when none names Applebot.
	"applebot": {fallback: "googlebot"},
	// Yandex: "User-agent: Yandex" is used by every Yandex robot that has no
	// group of its own, and then "*" is not (Yandex Webmaster's help on the
	// User-agent directive).
	// They also read groups as Yandex documents (yandex.go).
	"yandex":           {yandexReading: true},
	"yandexbot":        {fallback: "yandex", yandexReading: true},
	"yandeximages":     {fallback: "yandex", yandexReading: true},
	"yandexnews":       {fallback: "yandex", yandexReading: true},
	"yandexmedia":      {fallback: "yandex", yandexReading: true},
	"yandexmarket":     {fallback: "yandex", yandexReading: true},
	"yandexadditional": {fallback: "yandex", yandexReading: true},
	"yandexmetrika":    {fallback: "yandex", yandexReading: true},
	"yandexdirect":     {fallback: "yandex", yandexReading: true},
}

type crawlerRule struct {
	fallback      string // lower-case token followed when no group names the crawler
	ignoresGlobal bool   // the crawler does not obey "User-agent: *"
	yandexReading bool   // the crawler reads groups as Yandex does (yandex.go)
}

// maxFallbacks bounds a fallback chain (the table has chains of one).
const maxFallbacks = 4

// CrawlerFallback returns what the crawler's operator documents about how
// it reads robots.txt beyond its own group: the product token whose groups
// it follows when no group names it ("Googlebot" for Googlebot-Image,
// "Yandex" for YandexBot), and whether it ignores the "*" group
// (AdsBot-Google). Both are zero for a crawler without such a rule. The
// fallback is returned in lower case.
func CrawlerFallback(token string) (fallback string, ignoresGlobal bool) {
	cr := crawlerRules[strings.ToLower(token)]
	return cr.fallback, cr.ignoresGlobal
}

// knownCrawler finds the crawler whose documented rules apply to a name: a
// bare name is looked up whole; in a user-agent string, the longest known
// token that occurs in it (ignoring case) names the crawler.
func knownCrawler(name string) (string, crawlerRule, bool) {
	if IsProductToken(name) {
		var buf [64]byte
		key := name
		if len(name) <= len(buf) {
			b := buf[:len(name)]
			for i := 0; i < len(name); i++ {
				b[i] = lower(name[i])
			}
			key = string(b)
		} else {
			key = strings.ToLower(name)
		}
		cr, ok := crawlerRules[key]
		return key, cr, ok
	}
	for _, tok := range crawlerKeysLongestFirst() {
		if containsFold(name, tok) {
			return tok, crawlerRules[tok], true
		}
	}
	return "", crawlerRule{}, false
}

// crawlerKeysLongestFirst lists crawlerRules' keys longest first, then in
// byte order: the first that a user-agent string contains is the longest
// token it contains, the least of equally long ones.
var crawlerKeysLongestFirst = sync.OnceValue(func() []string {
	keys := make([]string, 0, len(crawlerRules))
	for k := range crawlerRules {
		keys = append(keys, k)
	}
	slices.SortFunc(keys, func(a, b string) int {
		if len(a) != len(b) {
			return len(b) - len(a)
		}
		return strings.Compare(a, b)
	})
	return keys
})
