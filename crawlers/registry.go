package crawlers

import (
	"strings"
	"sync"
)

// Purposes of a crawler.
const (
	PurposeAll         = "all"          // the "*" row: every crawler without a group of its own
	PurposeSearch      = "search"       // a web search engine's crawler
	PurposeAITraining  = "ai-training"  // collects data to train AI models
	PurposeAIAssistant = "ai-assistant" // fetches a page when a user of an AI assistant asks
	PurposeAISearch    = "ai-search"    // indexes pages for an AI answer or search product
	PurposeSEO         = "seo"          // an SEO tool's crawler
	PurposeArchive     = "archive"      // a web archive
	PurposeAds         = "ads"          // checks ad landing pages or places ads
	PurposeOther       = "other"
)

// Whether an operator says its crawler obeys robots.txt.
const (
	RobotsYes     = "yes"
	RobotsNo      = "no"      // documented or widely reported not to
	RobotsPartial = "partial" // e.g. not for fetches a user asks for
)

// Crawler is one entry of the registry.
type Crawler struct {
	// Token is the product token a robots.txt group names ("Googlebot"), or
	// "*" for the row of every crawler without a group of its own.
	Token    string `json:"token"`
	Operator string `json:"operator"`
	// Purpose is one of the Purpose constants.
	Purpose string `json:"purpose"`
	// Notes say in a sentence what the crawler is for and what is special
	// about it, in English (see Localize).
	Notes string `json:"notes,omitempty"`
	// Fallback is the token whose groups the crawler follows when no group
	// names it, before "*": "Googlebot" for Googlebot-Image and Applebot,
	// "Yandex" for every Yandex robot.
	Fallback string `json:"fallback,omitempty"`
	// IgnoresStar reports that the crawler does not obey "User-agent: *":
	// only a group naming it (or its fallback) applies (AdsBot-Google).
	IgnoresStar bool `json:"ignoresStar,omitempty"`
	// TokenOnly reports that the token controls a use of content (such as
	// AI training) and never fetches anything itself (Google-Extended).
	TokenOnly bool `json:"tokenOnly,omitempty"`
	// Legacy reports an old or undocumented token that the operator's
	// current crawlers no longer use.
	Legacy bool `json:"legacy,omitempty"`
	// Robots says whether the operator says the crawler obeys robots.txt:
	// RobotsYes, RobotsNo, RobotsPartial, or empty when not documented.
	Robots string `json:"robots,omitempty"`
	// UserTriggered reports a fetcher or agent that acts when a person asks
	// (an assistant fetching a page, an agent browsing for someone), not a
	// crawler on its own schedule; operators say these generally do not
	// read robots.txt.
	UserTriggered bool `json:"userTriggered,omitempty"`

	// How the crawler's requests can be verified, as its operator
	// documents it: the official addresses of its published IP lists, the
	// domain suffixes of forward-confirmed reverse DNS, and the Web Bot
	// Auth signature agent (the URL whose key directory its signatures
	// verify against). Empty when the operator publishes nothing.
	IPLists        []string `json:"ipLists,omitempty"`
	ReverseDNS     []string `json:"reverseDNS,omitempty"`
	SignatureAgent string   `json:"signatureAgent,omitempty"`
}

// AI reports whether the crawler serves AI products: training, search or
// assistant fetches.
func (c Crawler) AI() bool {
	return c.Purpose == PurposeAITraining || c.Purpose == PurposeAIAssistant || c.Purpose == PurposeAISearch
}

// Star is the row for every crawler without a group of its own.
var Star = Crawler{Token: "*", Purpose: PurposeAll}

// registry is the data. Sources: the operators' crawler documentation as
// summarised in the project's field notes (Google's common and special-case
// crawler pages, OpenAI's and Anthropic's bot pages, Apple's Applebot page,
// Yandex's user-agent page, the ai.robots.txt community list), and for the
// crawlers real files name often (more than 5 user-agent lines in the shared
// corpus): Meta's web crawlers page (FacebookBot, facebookexternalhit, which
// may skip robots.txt for security checks), Webz.io's omgili pages, You.com's,
// Allen AI's, Amazon's and Timpi's bot pages, Sogou's, 360's, Cốc Cốc's, Qwant's
// and Mail.ru's webmaster help, Majestic's, WebMeUp's and Moz's bot pages,
// and the Internet Archive's (archive.org_bot); for 2026 (field notes,
// sections 5b and 6c), Google's user-triggered fetchers and agents page
// (Google-Agent, Google-NotebookLM, FeedFetcher-Google, ...), OpenAI's bots
// page (OAI-AdsBot), Mistral's (MistralAI-Index, MistralAI-Training),
// Meta's (meta-webindexer), Parallel's (ShapBot) and Exa's (ExaBot, a token
// Exalead's closed engine once used). Robots is left empty where the
// operator does not say. Legacy marks tokens no current crawler uses
// (msnbot, replaced by bingbot; omgili, now omgilibot). verification.go
// says how each crawler can be verified.
var registry = []Crawler{
	Star,

	// Search engines.
	{Token: "Googlebot", Operator: "Google", Purpose: PurposeSearch, Robots: RobotsYes},
	{Token: "Googlebot-Image", Operator: "Google", Purpose: PurposeSearch, Fallback: "Googlebot", Robots: RobotsYes},
	{Token: "Googlebot-Video", Operator: "Google", Purpose: PurposeSearch, Fallback: "Googlebot", Robots: RobotsYes},
	{Token: "Googlebot-News", Operator: "Google", Purpose: PurposeSearch, Fallback: "Googlebot", Robots: RobotsYes},
	{Token: "Storebot-Google", Operator: "Google", Purpose: PurposeSearch, Robots: RobotsYes},
	{Token: "bingbot", Operator: "Microsoft", Purpose: PurposeSearch, Robots: RobotsYes},
	{Token: "Yandex", Operator: "Yandex", Purpose: PurposeSearch, Robots: RobotsYes},
	{Token: "YandexBot", Operator: "Yandex", Purpose: PurposeSearch, Fallback: "Yandex", Robots: RobotsYes},
	{Token: "YandexImages", Operator: "Yandex", Purpose: PurposeSearch, Fallback: "Yandex", Robots: RobotsYes},
	{Token: "YandexNews", Operator: "Yandex", Purpose: PurposeSearch, Fallback: "Yandex", Robots: RobotsYes},
	{Token: "YandexMedia", Operator: "Yandex", Purpose: PurposeSearch, Fallback: "Yandex", Robots: RobotsYes},
	{Token: "YandexMarket", Operator: "Yandex", Purpose: PurposeSearch, Fallback: "Yandex", Robots: RobotsYes},
	{Token: "Baiduspider", Operator: "Baidu", Purpose: PurposeSearch, Robots: RobotsYes},
	{Token: "DuckDuckBot", Operator: "DuckDuckGo", Purpose: PurposeSearch, Robots: RobotsYes},
	{Token: "Applebot", Operator: "Apple", Purpose: PurposeSearch, Fallback: "Googlebot", Robots: RobotsYes},
	{Token: "Yeti", Operator: "Naver", Purpose: PurposeSearch, Robots: RobotsYes},
	{Token: "SeznamBot", Operator: "Seznam", Purpose: PurposeSearch, Robots: RobotsYes},
	{Token: "PetalBot", Operator: "Huawei", Purpose: PurposeSearch, Robots: RobotsYes},
	{Token: "MojeekBot", Operator: "Mojeek", Purpose: PurposeSearch, Robots: RobotsYes},
	{Token: "Google-InspectionTool", Operator: "Google", Purpose: PurposeSearch, Fallback: "Googlebot", Robots: RobotsYes},
	{Token: "Slurp", Operator: "Yahoo", Purpose: PurposeSearch, Robots: RobotsYes},
	{Token: "msnbot", Operator: "Microsoft", Purpose: PurposeSearch, Legacy: true},
	{Token: "Sogou", Operator: "Sogou", Purpose: PurposeSearch, Robots: RobotsYes},
	{Token: "360Spider", Operator: "Qihoo 360", Purpose: PurposeSearch, Robots: RobotsYes},
	{Token: "coccocbot-web", Operator: "Cốc Cốc", Purpose: PurposeSearch, Robots: RobotsYes},
	{Token: "Qwantify", Operator: "Qwant", Purpose: PurposeSearch, Robots: RobotsYes},
	{Token: "Mail.RU_Bot", Operator: "Mail.ru (VK)", Purpose: PurposeSearch, Robots: RobotsYes},

	// AI crawlers, fetchers and control tokens.
	{Token: "GPTBot", Operator: "OpenAI", Purpose: PurposeAITraining, Robots: RobotsYes},
	{Token: "OAI-SearchBot", Operator: "OpenAI", Purpose: PurposeAISearch, Robots: RobotsYes},
	{Token: "ChatGPT-User", Operator: "OpenAI", Purpose: PurposeAIAssistant, Robots: RobotsPartial, UserTriggered: true},
	{Token: "ClaudeBot", Operator: "Anthropic", Purpose: PurposeAITraining, Robots: RobotsYes},
	{Token: "Claude-SearchBot", Operator: "Anthropic", Purpose: PurposeAISearch, Robots: RobotsYes},
	{Token: "Claude-User", Operator: "Anthropic", Purpose: PurposeAIAssistant, Robots: RobotsYes, UserTriggered: true},
	{Token: "anthropic-ai", Operator: "Anthropic", Purpose: PurposeAITraining, Legacy: true},
	{Token: "Claude-Web", Operator: "Anthropic", Purpose: PurposeAIAssistant, Legacy: true},
	{Token: "Google-Extended", Operator: "Google", Purpose: PurposeAITraining, TokenOnly: true, Robots: RobotsYes},
	{Token: "Google-CloudVertexBot", Operator: "Google", Purpose: PurposeAISearch, Robots: RobotsYes},
	{Token: "Applebot-Extended", Operator: "Apple", Purpose: PurposeAITraining, TokenOnly: true, Robots: RobotsYes},
	{Token: "CCBot", Operator: "Common Crawl", Purpose: PurposeAITraining, Robots: RobotsYes},
	{Token: "PerplexityBot", Operator: "Perplexity", Purpose: PurposeAISearch, Robots: RobotsYes},
	{Token: "Perplexity-User", Operator: "Perplexity", Purpose: PurposeAIAssistant, Robots: RobotsNo, UserTriggered: true},
	{Token: "Meta-ExternalAgent", Operator: "Meta", Purpose: PurposeAITraining, Robots: RobotsYes},
	{Token: "Meta-ExternalFetcher", Operator: "Meta", Purpose: PurposeAIAssistant, Robots: RobotsNo, UserTriggered: true},
	{Token: "Bytespider", Operator: "ByteDance", Purpose: PurposeAITraining, Robots: RobotsNo},
	{Token: "Amazonbot", Operator: "Amazon", Purpose: PurposeAITraining, Robots: RobotsYes},
	{Token: "cohere-ai", Operator: "Cohere", Purpose: PurposeAIAssistant},
	{Token: "cohere-training-data-crawler", Operator: "Cohere", Purpose: PurposeAITraining},
	{Token: "DuckAssistBot", Operator: "DuckDuckGo", Purpose: PurposeAISearch, Robots: RobotsYes},
	{Token: "MistralAI-User", Operator: "Mistral", Purpose: PurposeAIAssistant, Robots: RobotsYes, UserTriggered: true},
	{Token: "YandexAdditional", Operator: "Yandex", Purpose: PurposeAISearch, Fallback: "Yandex", Robots: RobotsYes},
	{Token: "PanguBot", Operator: "Huawei", Purpose: PurposeAITraining},
	{Token: "FacebookBot", Operator: "Meta", Purpose: PurposeAITraining, Robots: RobotsYes},
	{Token: "omgilibot", Operator: "Webz.io", Purpose: PurposeAITraining, Robots: RobotsYes},
	{Token: "omgili", Operator: "Webz.io", Purpose: PurposeAITraining, Legacy: true},
	{Token: "Diffbot", Operator: "Diffbot", Purpose: PurposeAITraining},
	{Token: "YouBot", Operator: "You.com", Purpose: PurposeAISearch, Robots: RobotsYes},
	{Token: "ImagesiftBot", Operator: "ImageSift (Hive)", Purpose: PurposeAITraining, Robots: RobotsYes},
	{Token: "AI2Bot", Operator: "Allen Institute for AI", Purpose: PurposeAITraining, Robots: RobotsYes},
	{Token: "Timpibot", Operator: "Timpi", Purpose: PurposeAITraining},
	{Token: "Amzn-SearchBot", Operator: "Amazon", Purpose: PurposeAISearch, Robots: RobotsYes},
	{Token: "Amzn-User", Operator: "Amazon", Purpose: PurposeAIAssistant, UserTriggered: true},

	// Documented by their operators in 2026.
	{Token: "Google-Agent", Operator: "Google", Purpose: PurposeAIAssistant, Robots: RobotsNo, UserTriggered: true},
	{Token: "Google-NotebookLM", Operator: "Google", Purpose: PurposeAIAssistant, Robots: RobotsNo, UserTriggered: true},
	{Token: "MistralAI-Index", Operator: "Mistral", Purpose: PurposeAISearch},
	{Token: "MistralAI-Training", Operator: "Mistral", Purpose: PurposeAITraining},
	{Token: "meta-webindexer", Operator: "Meta", Purpose: PurposeAISearch},
	{Token: "ShapBot", Operator: "Parallel", Purpose: PurposeAISearch},
	{Token: "ExaBot", Operator: "Exa", Purpose: PurposeAISearch},

	// Google's special-case crawlers: they ignore "User-agent: *".
	{Token: "AdsBot-Google", Operator: "Google", Purpose: PurposeAds, IgnoresStar: true, Robots: RobotsYes},
	{Token: "AdsBot-Google-Mobile", Operator: "Google", Purpose: PurposeAds, IgnoresStar: true, Robots: RobotsYes},
	{Token: "Mediapartners-Google", Operator: "Google", Purpose: PurposeAds, IgnoresStar: true, Robots: RobotsYes},
	{Token: "APIs-Google", Operator: "Google", Purpose: PurposeOther, IgnoresStar: true, Robots: RobotsYes},
	{Token: "GoogleOther", Operator: "Google", Purpose: PurposeOther, Robots: RobotsYes},
	{Token: "GoogleOther-Image", Operator: "Google", Purpose: PurposeOther, Fallback: "GoogleOther", Robots: RobotsYes},
	{Token: "GoogleOther-Video", Operator: "Google", Purpose: PurposeOther, Fallback: "GoogleOther", Robots: RobotsYes},
	{Token: "Google-Safety", Operator: "Google", Purpose: PurposeOther, Robots: RobotsNo},
	{Token: "OAI-AdsBot", Operator: "OpenAI", Purpose: PurposeAds},

	// Google's user-triggered fetchers: they act when a person asks, and
	// generally ignore robots.txt.
	{Token: "FeedFetcher-Google", Operator: "Google", Purpose: PurposeOther, Robots: RobotsNo, UserTriggered: true},
	{Token: "Google-Read-Aloud", Operator: "Google", Purpose: PurposeOther, Robots: RobotsNo, UserTriggered: true},
	{Token: "Google-Site-Verification", Operator: "Google", Purpose: PurposeOther, Robots: RobotsNo, UserTriggered: true},

	// Other Yandex robots.
	{Token: "YandexMetrika", Operator: "Yandex", Purpose: PurposeOther, Fallback: "Yandex", Robots: RobotsYes},
	{Token: "YandexDirect", Operator: "Yandex", Purpose: PurposeAds, Fallback: "Yandex", Robots: RobotsYes},

	// SEO tools and archives.
	{Token: "AhrefsBot", Operator: "Ahrefs", Purpose: PurposeSEO, Robots: RobotsYes},
	{Token: "SemrushBot", Operator: "Semrush", Purpose: PurposeSEO, Robots: RobotsYes},
	{Token: "DotBot", Operator: "Moz", Purpose: PurposeSEO, Robots: RobotsYes},
	{Token: "MJ12bot", Operator: "Majestic", Purpose: PurposeSEO, Robots: RobotsYes},
	{Token: "BLEXBot", Operator: "WebMeUp", Purpose: PurposeSEO, Robots: RobotsYes},
	{Token: "rogerbot", Operator: "Moz", Purpose: PurposeSEO, Robots: RobotsYes},
	{Token: "AhrefsSiteAudit", Operator: "Ahrefs", Purpose: PurposeSEO, Robots: RobotsYes},
	{Token: "ia_archiver", Operator: "Internet Archive", Purpose: PurposeArchive},
	{Token: "archive.org_bot", Operator: "Internet Archive", Purpose: PurposeArchive},

	// Link previews of social networks.
	{Token: "facebookexternalhit", Operator: "Meta", Purpose: PurposeOther, Robots: RobotsPartial},
	{Token: "Twitterbot", Operator: "X", Purpose: PurposeOther, Robots: RobotsYes},
	{Token: "LinkedInBot", Operator: "LinkedIn", Purpose: PurposeOther, Robots: RobotsYes},
	{Token: "Pinterestbot", Operator: "Pinterest", Purpose: PurposeOther, Robots: RobotsYes},
}

// byToken indexes the registry by lower-case token.
var byToken map[string]int

// ready fills the registry's notes and byToken on first use, not at
// start-up: every command of the binary would pay for them (issue 25).
// Every function that reads the registry calls it first.
var ready = sync.OnceFunc(func() {
	byToken = make(map[string]int, len(registry))
	for i := range registry {
		registry[i].Notes = note(registry[i].Token, "en")
		if v, ok := verifications[registry[i].Token]; ok {
			registry[i].IPLists, registry[i].ReverseDNS, registry[i].SignatureAgent = v.lists, v.dns, v.sig
		}
		byToken[strings.ToLower(registry[i].Token)] = i
	}
})

// All returns every crawler of the registry, "*" first, then search engines,
// AI crawlers, ads crawlers, SEO tools and archives. The slice is a copy.
func All() []Crawler {
	ready()
	return append([]Crawler(nil), registry...)
}

// Default returns the crawlers "robotstxt report" shows by default: all
// robots ("*"), Googlebot and YandexBot (the three views site owners in
// Russia and elsewhere check first), then every AI crawler.
func Default() []Crawler {
	out := []Crawler{Star, mustLookup("Googlebot"), mustLookup("YandexBot")}
	ready()
	for _, c := range registry {
		if c.AI() {
			out = append(out, c)
		}
	}
	return out
}

// AICrawlers returns the AI crawlers, fetchers and control tokens.
func AICrawlers() []Crawler { return filter(func(c Crawler) bool { return c.AI() }) }

// ByPurpose returns the crawlers with the given purpose.
func ByPurpose(purpose string) []Crawler {
	return filter(func(c Crawler) bool { return c.Purpose == purpose })
}

func filter(keep func(Crawler) bool) []Crawler {
	var out []Crawler
	ready()
	for _, c := range registry {
		if keep(c) {
			out = append(out, c)
		}
	}
	return out
}

// Lookup finds a crawler by product token, ignoring case.
func Lookup(token string) (Crawler, bool) {
	ready()
	if i, ok := byToken[strings.ToLower(token)]; ok {
		return registry[i], true
	}
	return Crawler{}, false
}

func mustLookup(token string) Crawler {
	c, ok := Lookup(token)
	if !ok {
		panic("crawlers: " + token + " missing from the registry")
	}
	return c
}

// Custom returns a registry entry for a crawler the registry does not know,
// named by a product token or a full user-agent string. A known token gives
// the registry's entry.
func Custom(name string) Crawler {
	if c, ok := Lookup(name); ok {
		return c
	}
	return Crawler{Token: name, Purpose: PurposeOther}
}

// Followers returns the crawlers of the registry that follow token's groups
// when they are not named themselves: Googlebot-Image, Googlebot-News and
// Applebot for "Googlebot", the Yandex robots for "Yandex".
func Followers(token string) []Crawler {
	return filter(func(c Crawler) bool { return c.Fallback != "" && strings.EqualFold(c.Fallback, token) })
}
