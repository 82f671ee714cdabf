package crawlers

// Romanian texts of the registry, in the terms of the web page
// (web/static/assets/i18n/ro.json): crawler/crawlere, grup, token de
// produs, a prelua (fetch), a parcurge (crawl); letters with a comma below
// (ș, ț). The summary puts its numbers after a colon ("…: 9 din 30") so
// that no noun needs "de" after them.
func init() { catalogues["ro"] = romanian }

var romanian = map[string]string{
	// Purpose labels.
	"purpose.all":          "toți roboții",
	"purpose.search":       "căutare",
	"purpose.ai-training":  "antrenare AI",
	"purpose.ai-assistant": "asistent AI",
	"purpose.ai-search":    "căutare AI",
	"purpose.seo":          "instrument SEO",
	"purpose.archive":      "arhivă",
	"purpose.ads":          "reclame",
	"purpose.other":        "altele",

	// Notes, by token.
	"note.*":                            "Orice crawler care nu are un grup propriu.",
	"note.Googlebot":                    "Căutarea Google; crawlerele pentru smartphone și pentru desktop folosesc același token.",
	"note.Googlebot-Image":              "Google Imagini; urmează grupul Googlebot când niciun grup nu îl numește.",
	"note.Googlebot-Video":              "Căutarea de videoclipuri Google; urmează grupul Googlebot când niciun grup nu îl numește.",
	"note.Googlebot-News":               "Google Știri; urmează grupul Googlebot când niciun grup nu îl numește.",
	"note.Storebot-Google":              "Google Shopping (căutarea de produse).",
	"note.bingbot":                      "Căutarea Bing, pe care se bazează și răspunsurile Microsoft Copilot; citește Crawl-delay.",
	"note.YandexBot":                    "Robotul principal al căutării Yandex; urmează grupul Yandex când niciun grup nu îl numește și grupul \"*\" doar când nu există niciunul dintre ele.",
	"note.YandexImages":                 "Căutarea de imagini Yandex; urmează grupul Yandex când niciun grup nu îl numește.",
	"note.YandexNews":                   "Știrile Yandex; urmează grupul Yandex când niciun grup nu îl numește.",
	"note.YandexMedia":                  "Indexarea conținutului multimedia la Yandex; urmează grupul Yandex când niciun grup nu îl numește.",
	"note.YandexMarket":                 "Yandex Market; urmează grupul Yandex când niciun grup nu îl numește.",
	"note.Baiduspider":                  "Căutarea Baidu.",
	"note.DuckDuckBot":                  "Căutarea DuckDuckGo.",
	"note.Applebot":                     "Siri, Spotlight și sugestiile din Safari; urmează grupul Googlebot când niciun grup nu numește Applebot.",
	"note.Yeti":                         "Căutarea Naver.",
	"note.SeznamBot":                    "Căutarea Seznam; citește și Request-rate.",
	"note.PetalBot":                     "Motorul de căutare Huawei Petal Search.",
	"note.MojeekBot":                    "Mojeek, un motor de căutare independent.",
	"note.GPTBot":                       "Colectează date de antrenare pentru modelele OpenAI. Blocarea lui nu scoate un site din căutarea ChatGPT (de aceasta se ocupă OAI-SearchBot).",
	"note.OAI-SearchBot":                "Indexează pagini pentru rezultatele de căutare din ChatGPT; o modificare a robots.txt se aplică după aproximativ o zi.",
	"note.ChatGPT-User":                 "Preia o pagină când un utilizator ChatGPT sau un GPT personalizat o cere; OpenAI spune că robots.txt s-ar putea să nu se aplice acestor preluări.",
	"note.ClaudeBot":                    "Colectează date de antrenare pentru modelele Anthropic; respectă Crawl-delay.",
	"note.Claude-SearchBot":             "Indexează pagini pentru rezultatele de căutare din Claude.",
	"note.Claude-User":                  "Preia o pagină când un utilizator Claude o cere.",
	"note.anthropic-ai":                 "Un token Anthropic mai vechi, pe care crawlerele sale actuale nu îl folosesc; numiți în schimb ClaudeBot.",
	"note.Claude-Web":                   "Un token Anthropic mai vechi, pe care crawlerele sale actuale nu îl folosesc; numiți în schimb Claude-User.",
	"note.Google-Extended":              "Nu este un crawler: acest token decide dacă paginile parcurse de Google pot fi folosite pentru antrenarea modelelor Gemini și ca sursă pentru răspunsurile lor. Blocarea lui nu afectează Căutarea Google.",
	"note.Google-CloudVertexBot":        "Parcurge un site la cererea proprietarului său, pentru agenții Vertex AI.",
	"note.Applebot-Extended":            "Nu este un crawler: acest token decide dacă paginile preluate de Applebot pot fi folosite pentru antrenarea modelelor Apple. Blocarea lui nu afectează Siri sau Spotlight.",
	"note.CCBot":                        "Arhiva web deschisă Common Crawl, folosită pe scară largă pentru antrenarea modelelor AI.",
	"note.PerplexityBot":                "Indexează pagini pentru răspunsurile Perplexity.",
	"note.Perplexity-User":              "Preia o pagină când un utilizator Perplexity o cere; Perplexity spune că, în general, aceste preluări ignoră robots.txt.",
	"note.Meta-ExternalAgent":           "Crawlerul Meta pentru antrenare AI și indexare.",
	"note.Meta-ExternalFetcher":         "Preia o pagină când un utilizator al AI-ului Meta o cere; poate ignora robots.txt.",
	"note.Bytespider":                   "Crawlerul ByteDance pentru antrenare AI; numeroase relatări spun că nu respectă robots.txt.",
	"note.Amazonbot":                    "Crawlerul Amazon pentru răspunsurile Alexa și antrenarea modelelor.",
	"note.cohere-ai":                    "Preluatorul Cohere pentru asistentul său (nedocumentat de Cohere).",
	"note.cohere-training-data-crawler": "Crawlerul Cohere pentru date de antrenare.",
	"note.DuckAssistBot":                "Preia pagini pentru răspunsurile AI ale DuckDuckGo.",
	"note.MistralAI-User":               "Preia o pagină când un utilizator al Le Chat de la Mistral o cere.",
	"note.YandexAdditional":             "Robotul Yandex pentru răspunsurile YandexGPT; urmează grupul Yandex când niciun grup nu îl numește.",
	"note.PanguBot":                     "Crawlerul Huawei pentru antrenarea modelelor PanGu.",
	"note.AdsBot-Google":                "Verifică paginile de destinație Google Ads; ignoră \"User-agent: *\" și respectă doar un grup care îl numește.",
	"note.AdsBot-Google-Mobile":         "Verifică paginile de destinație Google Ads pe telefoane; ignoră \"User-agent: *\" și respectă doar un grup care îl numește.",
	"note.Mediapartners-Google":         "Google AdSense; ignoră \"User-agent: *\" și respectă doar un grup care îl numește.",
	"note.APIs-Google":                  "Livrează notificările push ale API-urilor Google; ignoră \"User-agent: *\".",
	"note.GoogleOther":                  "Crawlerul Google pentru cercetare și preluări ocazionale, nu pentru Căutare.",
	"note.YandexMetrika":                "Robotul Yandex Metrica; urmează grupul Yandex când niciun grup nu îl numește.",
	"note.YandexDirect":                 "Robotul de reclame Yandex Direct; urmează grupul Yandex când niciun grup nu îl numește.",
	"note.AhrefsBot":                    "Indexul SEO de linkuri al Ahrefs.",
	"note.SemrushBot":                   "Crawlerul SEO al Semrush.",
	"note.DotBot":                       "Crawlerul SEO al Moz.",
	"note.ia_archiver":                  "Tokenul documentat de Wayback Machine pentru excludere; crawlerul propriu al Internet Archive se numește archive.org_bot, care nu este un token de produs valid (este scurtat la \"archive\").",

	// Row notes.
	"row.fallback":      "Niciun grup nu numește {token}: urmează grupul {agent}.",
	"row.star":          "Niciun grup nu numește {token}: urmează grupul \"*\".",
	"row.ignores-star":  "Niciun grup nu numește {token}, iar acesta ignoră \"User-agent: *\": poate prelua totul.",
	"row.no-group":      "Niciun grup nu numește {token} și nu există un grup \"*\": poate prelua totul.",
	"row.no-star-group": "Nu există un grup \"*\": crawlerele fără un grup propriu pot prelua totul.",
	"row.token-only":    "{token} nu preia nimic el însuși: verdictele lui arată în ce scop poate folosi operatorul conținutul.",

	// Summary.
	"summary.ai":             "crawlere AI cunoscute pentru care întregul site este închis: {closed} din {total}",
	"summary.ai.partial":     "crawlere AI cunoscute pentru care întregul site este închis: {closed} din {total}, iar pentru încă {blocked} sunt închise unele dintre URL-uri",
	"summary.search":         "crawlere de căutare cunoscute pentru care întregul site este închis: {closed} din {total}",
	"summary.search.partial": "crawlere de căutare cunoscute pentru care întregul site este închis: {closed} din {total}, iar pentru încă {blocked} sunt închise unele dintre URL-uri",
}
