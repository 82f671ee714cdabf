package crawlers

// Russian texts of the registry, in the terms of the web page
// (web/static/assets/i18n/ru.json): краулер (робот for Yandex's own),
// группа, токен продукта, загружать (fetch), обход (crawling). The product
// names are those the companies use in Russian (Google Поиск, Яндекс
// Маркет). The summary puts its numbers after a colon ("…: 9 из 30") so
// that no noun has to agree with them.
func init() { catalogues["ru"] = russian }

var russian = map[string]string{
	// Purpose labels.
	"purpose.all":          "все роботы",
	"purpose.search":       "поиск",
	"purpose.ai-training":  "обучение ИИ",
	"purpose.ai-assistant": "ИИ-ассистент",
	"purpose.ai-search":    "ИИ-поиск",
	"purpose.seo":          "SEO-инструмент",
	"purpose.archive":      "архив",
	"purpose.ads":          "реклама",
	"purpose.other":        "другое",

	// Notes, by token.
	"note.*":                            "Любой краулер, у которого нет собственной группы.",
	"note.Googlebot":                    "Google Поиск; краулеры для смартфонов и для компьютеров используют один и тот же токен.",
	"note.Googlebot-Image":              "Google Картинки; следует группе Googlebot, если его не называет ни одна группа.",
	"note.Googlebot-Video":              "Поиск видео в Google; следует группе Googlebot, если его не называет ни одна группа.",
	"note.Googlebot-News":               "Google Новости; следует группе Googlebot, если его не называет ни одна группа.",
	"note.Storebot-Google":              "Google Покупки.",
	"note.bingbot":                      "Поиск Bing, на котором основаны и ответы Microsoft Copilot; читает Crawl-delay.",
	"note.YandexBot":                    "Основной робот Яндекс Поиска; следует группе Yandex, если его не называет ни одна группа, а группе \"*\" — только если нет ни той, ни другой.",
	"note.YandexImages":                 "Яндекс Картинки; следует группе Yandex, если его не называет ни одна группа.",
	"note.YandexNews":                   "Яндекс Новости; следует группе Yandex, если его не называет ни одна группа.",
	"note.YandexMedia":                  "Индексирование мультимедиа в Яндексе; следует группе Yandex, если его не называет ни одна группа.",
	"note.YandexMarket":                 "Яндекс Маркет; следует группе Yandex, если его не называет ни одна группа.",
	"note.Baiduspider":                  "Поиск Baidu.",
	"note.DuckDuckBot":                  "Поиск DuckDuckGo.",
	"note.Applebot":                     "Siri, Spotlight и подсказки Safari; следует группе Googlebot, если ни одна группа не называет Applebot.",
	"note.Yeti":                         "Поиск Naver.",
	"note.SeznamBot":                    "Поиск Seznam; читает также Request-rate.",
	"note.PetalBot":                     "Поисковая система Huawei Petal Search.",
	"note.MojeekBot":                    "Mojeek, независимая поисковая система.",
	"note.GPTBot":                       "Собирает данные для обучения моделей OpenAI. Если его закрыть, сайт не исчезнет из поиска ChatGPT (за это отвечает OAI-SearchBot).",
	"note.OAI-SearchBot":                "Индексирует страницы для результатов поиска ChatGPT; изменения в robots.txt вступают в силу примерно через сутки.",
	"note.ChatGPT-User":                 "Загружает страницу, когда её запрашивает пользователь ChatGPT или пользовательский GPT; по словам OpenAI, robots.txt к таким загрузкам может не применяться.",
	"note.ClaudeBot":                    "Собирает данные для обучения моделей Anthropic; соблюдает Crawl-delay.",
	"note.Claude-SearchBot":             "Индексирует страницы для результатов поиска в Claude.",
	"note.Claude-User":                  "Загружает страницу, когда её запрашивает пользователь Claude.",
	"note.anthropic-ai":                 "Старый токен Anthropic, который нынешние краулеры компании не используют; указывайте вместо него ClaudeBot.",
	"note.Claude-Web":                   "Старый токен Anthropic, который нынешние краулеры компании не используют; указывайте вместо него Claude-User.",
	"note.Google-Extended":              "Не краулер: этот токен определяет, можно ли использовать страницы, которые обходит Google, для обучения моделей Gemini и как источник для их ответов. Его блокировка не влияет на Google Поиск.",
	"note.Google-CloudVertexBot":        "Обходит сайт по запросу его владельца для агентов Vertex AI.",
	"note.Applebot-Extended":            "Не краулер: этот токен определяет, можно ли использовать страницы, загруженные Applebot, для обучения моделей Apple. Его блокировка не влияет на Siri и Spotlight.",
	"note.CCBot":                        "Открытый веб-архив Common Crawl, который широко используется для обучения ИИ-моделей.",
	"note.PerplexityBot":                "Индексирует страницы для ответов Perplexity.",
	"note.Perplexity-User":              "Загружает страницу по запросу пользователя Perplexity; по словам Perplexity, такие загрузки, как правило, не учитывают robots.txt.",
	"note.Meta-ExternalAgent":           "Краулер Meta для обучения ИИ и индексирования.",
	"note.Meta-ExternalFetcher":         "Загружает страницу по запросу пользователя ИИ от Meta; может игнорировать robots.txt.",
	"note.Bytespider":                   "Краулер ByteDance для обучения ИИ; по многочисленным сообщениям, не соблюдает robots.txt.",
	"note.Amazonbot":                    "Краулер Amazon для ответов Alexa и обучения моделей.",
	"note.cohere-ai":                    "Загрузчик Cohere для её ассистента (Cohere его не документирует).",
	"note.cohere-training-data-crawler": "Краулер Cohere для сбора обучающих данных.",
	"note.DuckAssistBot":                "Загружает страницы для ИИ-ответов DuckDuckGo.",
	"note.MistralAI-User":               "Загружает страницу, когда её запрашивает пользователь Le Chat от Mistral.",
	"note.YandexAdditional":             "Робот Яндекса для ответов YandexGPT; следует группе Yandex, если его не называет ни одна группа.",
	"note.PanguBot":                     "Краулер Huawei для обучения моделей PanGu.",
	"note.AdsBot-Google":                "Проверяет целевые страницы Google Рекламы; игнорирует \"User-agent: *\" и подчиняется только группе, в которой назван.",
	"note.AdsBot-Google-Mobile":         "Проверяет целевые страницы Google Рекламы на телефонах; игнорирует \"User-agent: *\" и подчиняется только группе, в которой назван.",
	"note.Mediapartners-Google":         "Google AdSense; игнорирует \"User-agent: *\" и подчиняется только группе, в которой назван.",
	"note.APIs-Google":                  "Доставляет push-уведомления API Google; игнорирует \"User-agent: *\".",
	"note.GoogleOther":                  "Краулер Google для исследований и разовых загрузок, не для Поиска.",
	"note.YandexMetrika":                "Робот Яндекс Метрики; следует группе Yandex, если его не называет ни одна группа.",
	"note.YandexDirect":                 "Рекламный робот Яндекс Директа; следует группе Yandex, если его не называет ни одна группа.",
	"note.AhrefsBot":                    "SEO-индекс ссылок Ahrefs.",
	"note.SemrushBot":                   "SEO-краулер Semrush.",
	"note.DotBot":                       "SEO-краулер Moz.",
	"note.ia_archiver":                  "Токен, который Wayback Machine документирует для исключения сайтов; собственный краулер Internet Archive называет себя archive.org_bot, а это недопустимый токен продукта (он обрезается до \"archive\").",

	// Row notes.
	"row.fallback":      "Ни одна группа не называет {token}: он следует группе {agent}.",
	"row.star":          "Ни одна группа не называет {token}: он следует группе \"*\".",
	"row.ignores-star":  "Ни одна группа не называет {token}, а \"User-agent: *\" он игнорирует: ему можно загружать всё.",
	"row.no-group":      "Ни одна группа не называет {token}, и группы \"*\" нет: ему можно загружать всё.",
	"row.no-star-group": "Группы \"*\" нет: краулерам без собственной группы можно загружать всё.",
	"row.token-only":    "{token} сам ничего не загружает: его вердикты показывают, для чего владелец может использовать контент.",

	// Summary.
	"summary.ai":             "известных ИИ-краулеров, для которых закрыт весь сайт: {closed} из {total}",
	"summary.ai.partial":     "известных ИИ-краулеров, для которых закрыт весь сайт: {closed} из {total}, а ещё для {blocked} закрыта часть URL",
	"summary.search":         "известных поисковых краулеров, для которых закрыт весь сайт: {closed} из {total}",
	"summary.search.partial": "известных поисковых краулеров, для которых закрыт весь сайт: {closed} из {total}, а ещё для {blocked} закрыта часть URL",
}
