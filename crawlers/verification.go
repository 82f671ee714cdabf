package crawlers

// How a crawler's requests can be verified, as its operator documents it
// (the official addresses of the lists are those package verify fetches;
// a test there holds the two together).
type verification struct {
	lists []string
	dns   []string
	sig   string
}

const (
	googleLists = "https://developers.google.com/static/crawling/ipranges/"
	openAILists = "https://openai.com/"
)

var (
	googleDNS      = []string{"googlebot.com", "google.com"}
	googleCommon   = verification{lists: []string{googleLists + "common-crawlers.json"}, dns: googleDNS}
	googleSpecial  = verification{lists: []string{googleLists + "special-crawlers.json"}, dns: googleDNS}
	googleFetchers = verification{lists: []string{googleLists + "user-triggered-fetchers.json", googleLists + "user-triggered-fetchers-google.json"}, dns: googleDNS}
	anthropicList  = verification{lists: []string{"https://claude.com/crawling/bots.json"}}
)

// verifications is by token; a crawler not here publishes nothing to
// verify it by.
var verifications = map[string]verification{
	"Googlebot":                googleCommon,
	"Googlebot-Image":          googleCommon,
	"Googlebot-Video":          googleCommon,
	"Googlebot-News":           googleCommon,
	"Storebot-Google":          googleCommon,
	"Google-InspectionTool":    googleCommon,
	"GoogleOther":              googleCommon,
	"GoogleOther-Image":        googleCommon,
	"GoogleOther-Video":        googleCommon,
	"Google-CloudVertexBot":    googleCommon,
	"AdsBot-Google":            googleSpecial,
	"AdsBot-Google-Mobile":     googleSpecial,
	"Mediapartners-Google":     googleSpecial,
	"APIs-Google":              googleSpecial,
	"Google-Safety":            googleSpecial,
	"FeedFetcher-Google":       googleFetchers,
	"Google-Read-Aloud":        googleFetchers,
	"Google-Site-Verification": googleFetchers,
	"Google-NotebookLM":        googleFetchers,
	"Google-Agent":             {lists: []string{googleLists + "user-triggered-agents.json"}, dns: googleDNS, sig: "https://agent.bot.goog"},
	"bingbot":                  {lists: []string{"https://www.bing.com/toolbox/bingbot.json"}, dns: []string{"search.msn.com"}},
	"msnbot":                   {lists: []string{"https://www.bing.com/toolbox/bingbot.json"}, dns: []string{"search.msn.com"}},
	"Applebot":                 {lists: []string{"https://search.developer.apple.com/applebot.json"}, dns: []string{"applebot.apple.com"}},
	"GPTBot":                   {lists: []string{openAILists + "gptbot.json"}},
	"OAI-SearchBot":            {lists: []string{openAILists + "searchbot.json"}},
	"ChatGPT-User":             {lists: []string{openAILists + "chatgpt-user.json", openAILists + "chatgpt-connectors.json"}},
	"OAI-AdsBot":               {lists: []string{openAILists + "adsbot.json"}},
	"ClaudeBot":                anthropicList,
	"Claude-SearchBot":         anthropicList,
	"Claude-User":              anthropicList,
	"PerplexityBot":            {lists: []string{"https://www.perplexity.com/perplexitybot.json"}},
	"Perplexity-User":          {lists: []string{"https://www.perplexity.com/perplexity-user.json"}},
	"DuckDuckBot":              {lists: []string{"https://duckduckgo.com/duckduckbot.json"}},
	"DuckAssistBot":            {lists: []string{"https://duckduckgo.com/duckassistbot.json"}},
	"CCBot":                    {lists: []string{"https://index.commoncrawl.org/ccbot.json"}, dns: []string{"crawl.commoncrawl.org"}},
	"MistralAI-Index":          {lists: []string{"https://mistral.ai/mistralai-index-ips.json"}},
	"MistralAI-User":           {lists: []string{"https://mistral.ai/mistralai-user-ips.json"}},
	"Amazonbot":                {lists: []string{"https://developer.amazon.com/amazonbot/ip-addresses/"}, dns: []string{"crawl.amazonbot.amazon"}},
	"Amzn-SearchBot":           {lists: []string{"https://developer.amazon.com/amazonbot/searchbot-ip-addresses/"}, dns: []string{"crawl.amazonbot.amazon"}},
	"Amzn-User":                {lists: []string{"https://developer.amazon.com/amazonbot/live-ip-addresses/"}, dns: []string{"crawl.amazonbot.amazon"}},
	"ShapBot":                  {lists: []string{"https://docs.parallel.ai/resources/shapbot.json"}},
	"Yandex":                   yandexDNS,
	"YandexBot":                yandexDNS,
	"YandexImages":             yandexDNS,
	"YandexNews":               yandexDNS,
	"YandexMedia":              yandexDNS,
	"YandexMarket":             yandexDNS,
	"YandexAdditional":         yandexDNS,
	"YandexMetrika":            yandexDNS,
	"YandexDirect":             yandexDNS,
}

var yandexDNS = verification{dns: []string{"yandex.ru", "yandex.net", "yandex.com"}}
