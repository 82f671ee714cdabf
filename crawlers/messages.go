package crawlers

import "github.com/robotstxt/robotstxt/internal/i18n"

// catalogues holds every text this package shows to users, by language and
// key. English is complete; another language is one more function in
// languageTexts (keys it lacks fall back to English). Placeholders are
// {name}. The maps are built on first use, not at every command's start-up.
var catalogues = i18n.Lazy(languageTexts, addUsageTexts)

// languageTexts builds each language's texts, for catalogues.
var languageTexts = map[string]func() map[string]string{"en": englishTexts}

// english is the complete catalogue.
func english() map[string]string { return catalogues()["en"] }

func englishTexts() map[string]string {
	return map[string]string{
		// Purpose labels.
		"purpose.all":          "all robots",
		"purpose.search":       "search",
		"purpose.ai-training":  "AI training",
		"purpose.ai-assistant": "AI assistant",
		"purpose.ai-search":    "AI search",
		"purpose.seo":          "SEO tool",
		"purpose.archive":      "archive",
		"purpose.ads":          "ads",
		"purpose.other":        "other",

		// Notes, by token.
		"note.*":                            "Every crawler that has no group of its own.",
		"note.Googlebot":                    "Google Search; the smartphone and desktop crawlers share this token.",
		"note.Googlebot-Image":              "Google Images; follows the Googlebot group when no group names it.",
		"note.Googlebot-Video":              "Google video search; follows the Googlebot group when no group names it.",
		"note.Googlebot-News":               "Google News; follows the Googlebot group when no group names it.",
		"note.Storebot-Google":              "Google Shopping.",
		"note.bingbot":                      "Bing Search, which also grounds Microsoft Copilot's answers; reads Crawl-delay.",
		"note.YandexBot":                    "Yandex Search's main robot; follows the Yandex group when no group names it, and \"*\" only when neither exists.",
		"note.YandexImages":                 "Yandex Images; follows the Yandex group when no group names it.",
		"note.YandexNews":                   "Yandex News; follows the Yandex group when no group names it.",
		"note.YandexMedia":                  "Yandex multimedia indexing; follows the Yandex group when no group names it.",
		"note.YandexMarket":                 "Yandex Market; follows the Yandex group when no group names it.",
		"note.Baiduspider":                  "Baidu Search.",
		"note.DuckDuckBot":                  "DuckDuckGo Search.",
		"note.Applebot":                     "Siri, Spotlight and Safari suggestions; follows the Googlebot group when no group names Applebot.",
		"note.Yeti":                         "Naver Search.",
		"note.SeznamBot":                    "Seznam Search; also reads Request-rate.",
		"note.PetalBot":                     "Huawei Petal Search.",
		"note.MojeekBot":                    "Mojeek, an independent search engine.",
		"note.GPTBot":                       "Collects training data for OpenAI's models. Blocking it does not remove a site from ChatGPT search (that is OAI-SearchBot).",
		"note.OAI-SearchBot":                "Indexes pages for ChatGPT's search results; a change to robots.txt takes about a day to apply.",
		"note.ChatGPT-User":                 "Fetches a page when a ChatGPT user or a custom GPT asks for it; OpenAI says robots.txt may not apply to these fetches.",
		"note.ClaudeBot":                    "Collects training data for Anthropic's models; honours Crawl-delay.",
		"note.Claude-SearchBot":             "Indexes pages for the search results in Claude.",
		"note.Claude-User":                  "Fetches a page when a Claude user asks for it.",
		"note.anthropic-ai":                 "An older Anthropic token that its current crawlers do not use; name ClaudeBot instead.",
		"note.Claude-Web":                   "An older Anthropic token that its current crawlers do not use; name Claude-User instead.",
		"note.Google-Extended":              "Not a crawler: this token decides whether pages Google crawls may train and ground Gemini models. Blocking it does not affect Google Search.",
		"note.Google-CloudVertexBot":        "Crawls a site at its owner's request for Vertex AI agents.",
		"note.Applebot-Extended":            "Not a crawler: this token decides whether pages Applebot fetched may train Apple's models. Blocking it does not affect Siri or Spotlight.",
		"note.CCBot":                        "Common Crawl's open web archive, widely used to train AI models.",
		"note.PerplexityBot":                "Indexes pages for Perplexity's answers.",
		"note.Perplexity-User":              "Fetches a page when a Perplexity user asks; Perplexity says these fetches generally ignore robots.txt.",
		"note.Meta-ExternalAgent":           "Meta's crawler for AI training and indexing.",
		"note.Meta-ExternalFetcher":         "Fetches a page when a user of Meta's AI asks; may ignore robots.txt.",
		"note.Bytespider":                   "ByteDance's crawler for AI training; widely reported not to obey robots.txt.",
		"note.Amazonbot":                    "Amazon's crawler for Alexa's answers and model training.",
		"note.cohere-ai":                    "Cohere's fetcher for its assistant (not documented by Cohere).",
		"note.cohere-training-data-crawler": "Cohere's crawler for training data.",
		"note.DuckAssistBot":                "Fetches pages for DuckDuckGo's AI answers.",
		"note.MistralAI-User":               "Fetches a page when a user of Mistral's Le Chat asks for it.",
		"note.YandexAdditional":             "Yandex's robot for YandexGPT answers; follows the Yandex group when no group names it.",
		"note.PanguBot":                     "Huawei's crawler for training its PanGu models.",
		"note.AdsBot-Google":                "Checks Google Ads landing pages; ignores \"User-agent: *\" and obeys only a group that names it.",
		"note.AdsBot-Google-Mobile":         "Checks Google Ads landing pages on phones; ignores \"User-agent: *\" and obeys only a group that names it.",
		"note.Mediapartners-Google":         "Crawls pages for Google's ad products (AdSense and, since September 2026, all of them); ignores \"User-agent: *\" and obeys only a group that names it.",
		"note.APIs-Google":                  "Delivers Google API push notifications; ignores \"User-agent: *\".",
		"note.GoogleOther":                  "Google's crawler for research and one-off fetches, not for Search.",
		"note.YandexMetrika":                "Yandex Metrica's robot; follows the Yandex group when no group names it.",
		"note.YandexDirect":                 "Yandex Direct's ads robot; follows the Yandex group when no group names it.",
		"note.AhrefsBot":                    "Ahrefs' SEO index of links.",
		"note.SemrushBot":                   "Semrush's SEO crawler.",
		"note.DotBot":                       "Moz's SEO crawler.",
		"note.ia_archiver":                  "The token the Wayback Machine has documented for exclusion; the Internet Archive's own crawler is archive.org_bot.",

		// Row notes.
		"row.fallback":      "No group names {token}: it follows the {agent} group.",
		"row.star":          "No group names {token}: it follows the \"*\" group.",
		"row.ignores-star":  "No group names {token}, and it ignores \"User-agent: *\": it may fetch everything.",
		"row.no-group":      "No group names {token} and there is no \"*\" group: it may fetch everything.",
		"row.no-star-group": "There is no \"*\" group: crawlers without a group of their own may fetch everything.",
		"row.token-only":    "{token} fetches nothing itself: its verdicts say what its operator may use the content for.",

		// Summary.
		"summary.ai":                    "blocks {closed} of {total} known AI crawlers from the whole site",
		"summary.ai.partial":            "blocks {closed} of {total} known AI crawlers from the whole site and {blocked} more from some of the URLs",
		"summary.search":                "blocks {closed} of {total} known search crawlers from the whole site",
		"summary.search.partial":        "blocks {closed} of {total} known search crawlers from the whole site and {blocked} more from some of the URLs",
		"note.Google-InspectionTool":    "Search Console's URL inspection and Rich Results Test; follows the Googlebot group when no group names it.",
		"note.Slurp":                    "Yahoo Search's crawler; \"Yahoo! Slurp\" in a user-agent line is read as Yahoo, so name Slurp.",
		"note.msnbot":                   "Bing's old crawler, replaced by bingbot; no current crawler uses this token.",
		"note.Sogou":                    "Sogou Search; it calls itself \"Sogou web spider\", which a user-agent line names as Sogou.",
		"note.360Spider":                "Qihoo 360 Search (so.com).",
		"note.coccocbot-web":            "Cốc Cốc, a Vietnamese search engine.",
		"note.Qwantify":                 "Qwant, a French search engine.",
		"note.Mail.RU_Bot":              "Mail.ru Search (VK).",
		"note.FacebookBot":              "Meta's crawler for public web pages used to improve its language models.",
		"note.omgilibot":                "Webz.io's crawler; its data is sold, among others for AI training.",
		"note.omgili":                   "An older Webz.io token; its crawler now calls itself omgilibot.",
		"note.Diffbot":                  "Diffbot's crawler for its knowledge graph, used in AI products.",
		"note.YouBot":                   "Indexes pages for You.com's AI search.",
		"note.ImagesiftBot":             "ImageSift's crawler of images, used for reverse image search and AI.",
		"note.AI2Bot":                   "The Allen Institute for AI's crawler for training open models.",
		"note.Timpibot":                 "Timpi's crawler for its search index and AI data.",
		"note.Amzn-SearchBot":           "Indexes pages for Amazon's search and Rufus answers.",
		"note.Amzn-User":                "Fetches a page when a user of Amazon's AI assistant asks for it.",
		"note.Google-Agent":             "Browses and acts on pages for a user of Google's AI agents; a user-triggered fetcher, so it generally ignores robots.txt. Signs its requests with Web Bot Auth (experimental).",
		"note.Google-NotebookLM":        "Fetches the sources a NotebookLM user adds; a user-triggered fetcher that generally ignores robots.txt.",
		"note.MistralAI-Index":          "Indexes pages for the web search of Mistral's Le Chat.",
		"note.MistralAI-Training":       "Collects training data for Mistral's models; Mistral publishes no IP list for it.",
		"note.meta-webindexer":          "Indexes pages for Meta AI's search answers; Meta publishes no IP list for it.",
		"note.ShapBot":                  "Parallel's crawler: indexes pages for its web search APIs for AI agents.",
		"note.ExaBot":                   "Indexes pages for Exa's AI search API; the same token once named Exalead's crawler, whose engine has closed.",
		"note.Google-Safety":            "Google's crawler that looks for abuse (malware, links to harmful sites); ignores robots.txt.",
		"note.OAI-AdsBot":               "Checks the landing pages of ads shown in ChatGPT.",
		"note.FeedFetcher-Google":       "Fetches RSS and Atom feeds for Google News and WebSub; a user-triggered fetcher that generally ignores robots.txt.",
		"note.Google-Read-Aloud":        "Fetches a page for Google's text-to-speech when a user asks; generally ignores robots.txt.",
		"note.Google-Site-Verification": "Fetches Search Console's verification token when a site owner asks; generally ignores robots.txt.",
		"note.GoogleOther-Image":        "GoogleOther for images; follows the GoogleOther group when no group names it.",
		"note.GoogleOther-Video":        "GoogleOther for video; follows the GoogleOther group when no group names it.",
		"note.MJ12bot":                  "Majestic's SEO index of links.",
		"note.BLEXBot":                  "WebMeUp's SEO crawler of links.",
		"note.rogerbot":                 "Moz's site-audit crawler.",
		"note.AhrefsSiteAudit":          "Ahrefs' site-audit crawler, run for the site's owner.",
		"note.archive.org_bot":          "The Internet Archive's crawler for the Wayback Machine.",
		"note.facebookexternalhit":      "Fetches pages for link previews on Facebook and Instagram; Meta says it may skip robots.txt for security checks.",
		"note.Twitterbot":               "Fetches pages for link previews on X.",
		"note.LinkedInBot":              "Fetches pages for link previews on LinkedIn.",
		"note.Pinterestbot":             "Pinterest's crawler of pinned pages and images.",
		"report.crawler":                "CRAWLER",
		"report.purpose":                "PURPOSE",
		"report.group":                  "GROUP",
		"report.site":                   "SITE",
		"report.all-robots":             "* (all robots)",
		"report.closed":                 "CLOSED",
		"report.open":                   "open",
		"report.allowed":                "allowed",
		"report.disallowed":             "DISALLOWED",
		"report.line":                   "{token} (line {line})",
		"report.rule-line":              "{verdict} (line {line})",
		"report.none":                   "none",
		"report.header":                 "{file}: {groups} groups, {rules} rules",
		"report.truncated":              "truncated: only the first {bytes} bytes were read, as crawlers do",
		"report.notes":                  "Notes:",
		"report.summary":                "Summary: {ai}; {search}.",
		"report.legacy":                 "Old and control-only AI tokens, counted apart: {closed} of {total} closed.",
		"report.caveat":                 "{token} may ignore robots.txt: its operator says so, or it is widely reported.",
		"report.caveat-partial":         "{token} does not always follow robots.txt (its operator says so for some fetches).",
		"report.yandex":                 "{token} reads the file as Yandex does: a blank line after User-agent ends the group (line {lines}), so the rules after it do not apply to Yandex robots.",
		"report.unknown":                "{token} is named in the file but not in the registry.",
		"note.Yandex":                   "The token of every Yandex robot: each follows the Yandex group when no group names it, and then ignores \"*\".",
		"report.legacy-names":           " Closed: {names}.",
	}
}

// text returns the catalogue text for key in lang (falling back to English),
// with {name} placeholders replaced by the values that follow, given as name,
// value pairs.
func text(lang, key string, args ...any) string {
	s, _ := catalogues().Lookup(lang, key)
	return i18n.Fill(s, args...)
}

func note(token, lang string) string { return text(lang, "note."+token) }

// PurposeLabel returns the words shown for a purpose ("AI training") in
// lang ("en", "ru", "ro"; English when the language or the text is missing).
func PurposeLabel(purpose, lang string) string {
	if s := text(lang, "purpose."+purpose); s != "" {
		return s
	}
	return purpose
}

// Localize returns a copy of list whose Notes are in lang (English when the
// language or a note is missing).
func Localize(list []Crawler, lang string) []Crawler {
	out := append([]Crawler(nil), list...)
	for i := range out {
		if n := note(out[i].Token, lang); n != "" {
			out[i].Notes = n
		}
	}
	return out
}

// Languages lists the languages of the catalogue.
func Languages() []string { return catalogues().Languages() }

// Text returns the catalogue text for key in lang, with {name}
// placeholders replaced by the values that follow (name, value pairs):
// the words of "robotstxt report" ("report.closed", "report.header", ...).
func Text(lang, key string, args ...any) string { return text(lang, key, args...) }
