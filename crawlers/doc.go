// Package crawlers is a registry of the crawlers site owners ask about (search
// engines, AI crawlers and fetchers, SEO tools, archives) and the verdict
// matrix: what each of them may fetch under a parsed robots.txt.
//
// Each Crawler carries its product token, operator and purpose, and how it
// chooses a group when the file does not name it:
//
//   - Googlebot-Image, Googlebot-Video, Googlebot-News and
//     Google-InspectionTool follow the Googlebot group, GoogleOther-Image
//     and GoogleOther-Video the GoogleOther group, and Applebot follows
//     Googlebot's when Applebot is not named (Crawler.Fallback);
//   - every Yandex robot (YandexBot, YandexImages, ...) follows the Yandex
//     group, which overrides "*";
//   - AdsBot-Google and the other special-case Google crawlers ignore
//     "User-agent: *" and obey only a group that names them
//     (Crawler.IgnoresStar).
//
// Matrix applies those rules on top of the core package, which knows only
// RFC 9309's: a crawler takes the groups naming its token, else its fallback
// token's, else the "*" groups (unless it ignores them), else no rules at all.
//
//	r := robotstxt.ParseString(body)
//	for _, row := range crawlers.Matrix(r, []string{"/"}, crawlers.Default()) {
//		fmt.Println(row.Crawler.Token, row.Closed, row.Verdicts[0].Allowed)
//	}
//
// Each entry also says whether the crawler is a user-triggered fetcher
// (Crawler.UserTriggered: it fetches when a person asks, and its operator
// says such fetches generally do not read robots.txt) and how its requests
// can be verified: the official addresses of its operator's IP lists, the
// reverse-DNS suffixes, the Web Bot Auth signature agent (verification.go;
// package verify's tests hold the two together).
//
// The registry is data, kept current by hand from what the operators
// document (registry.go names the sources), and holds every crawler that
// real files name often (more than 5 user-agent lines in the shared
// corpus). Legacy marks tokens no current crawler uses; Summarize counts
// them, and the tokens that fetch nothing (Google-Extended), apart from the
// current AI crawlers; Notes and purpose labels shown to users come from a message
// catalogue (see Localize), so that the web page can show them in its
// languages. The package imports the core package and the standard library
// only, and no networking code.
package crawlers
