package lint

// Russian texts of the audit. The terms are those of the web page
// (web/static/assets/i18n/ru.json): краулер (робот for Yandex's own),
// группа, правило, директива, путь, токен продукта, карта сайта, загружать
// (fetch), обход (crawling). Fixes use the polite imperative. robots.txt
// syntax stays in straight double quotes, as the values the code quotes.
//
// Where the code passes a bare number (a count, a size), the sentence is
// built so that the number needs no agreeing noun ("всего {count}",
// "в байтах: {size}"); numbers with a noun go through the unit.* plural
// forms (one|few|many).
func init() { catalogues["ru"] = russian }

var russian = map[string]string{
	// Shared pieces.
	// Подстановки для общих исправлений в списке проверок.
	"generic.same":       "путь без него",
	"generic.token":      "ИмяКраулера",
	"generic.suggestion": "правильное имя",
	"generic.current":    "нынешний токен",
	"generic.open":       "краулер для обучения",
	"generic.closed":     "остальные",
	"generic.name":       "имя",
	"more":               " и ещё {n}",
	"and":                "{list} и {last}",
	"at-line":            "строка {line}",
	"unit.rule":          "{n} правило|{n} правила|{n} правил",
	// Directives are counted in the nominative: "в них 12 директив".
	"unit.directive": "{n} директива|{n} директивы|{n} директив",
	// Genitive: its only use is "Весь сайт закрыт для {count}".
	"unit.named crawler": "{n} указанного краулера|{n} указанных краулеров|{n} указанных краулеров",
	"severity.error":     "ошибка",
	"severity.warning":   "предупреждение",
	"severity.info":      "заметка",
	"severity.errors":    "{n} ошибка|{n} ошибки|{n} ошибок",
	"severity.warnings":  "{n} предупреждение|{n} предупреждения|{n} предупреждений",
	"severity.infos":     "{n} заметка|{n} заметки|{n} заметок",
	"text.fix":           "как исправить",
	"text.no-findings":   "замечаний нет",
	"text.whole-file":    "весь файл",
	"text.line":          "строка {line}",
	"text.lines":         "строки {line}–{end}",
	"text.group.error":   "Ошибки",
	"text.group.warning": "Предупреждения",
	"text.group.info":    "Заметки",
	"text.summary":       "{file}: {counts}",

	// text-before-group
	"text-before-group.summary":        "Пояснения или другой текст до первой строки User-agent, не оформленные как комментарий.",
	"text-before-group.fix":            "Начинайте каждую строку пояснений с \"#\", чтобы она стала комментарием.",
	"text-before-group.msg.text":       "Строка {text} — не директива и стоит до первой строки User-agent; краулеры её пропускают, а Google Search Console показывает её как синтаксическую ошибку.",
	"text-before-group.msg.text-lines": "Строки {line}–{last} (всего {count}, первая — {text}) не являются директивами и стоят до первой строки User-agent; краулеры их пропускают.",

	// rule-outside-group
	"rule-outside-group.summary": "Строка Allow или Disallow до первой строки User-agent: она не входит ни в одну группу, и все краулеры её игнорируют (RFC 9309, раздел 2.2.2).",
	"rule-outside-group.fix":     "Поставьте над правилами строку User-agent (\"User-agent: *\" или имена краулеров).",
	"rule-outside-group.msg":     "Правило \"{rule}\" стоит до первой строки User-agent, поэтому не входит ни в одну группу, и все краулеры его игнорируют.",

	// empty-disallow
	"empty-disallow.summary":  "\"Disallow:\" без пути ничему не соответствует, а значит, разрешает всё.",
	"empty-disallow.fix":      "Удалите пустую строку Disallow; если группа должна разрешать всё, достаточно одного \"Disallow:\" (или \"Allow: /\").",
	"empty-disallow.msg.only": "\"Disallow:\" без пути разрешает всё для {agents}; это классический способ сказать «загружайте что угодно», так что, если вы это и имели в виду, всё в порядке.",
	"empty-disallow.fix.only": "",
	"empty-disallow.msg":      "\"Disallow:\" без пути ничему не соответствует и здесь ни на что не влияет; часто это остаток шаблона. Остальные правила группы продолжают действовать.",

	// unknown-directive
	"unknown-directive.summary":        "Поле, которое не понимает ни один крупный краулер (с подсказкой «возможно, вы имели в виду» для опечаток), или строка, которая вообще не является директивой.",
	"unknown-directive.fix":            "Удалите строку, превратите её в комментарий с помощью \"#\" или исправьте имя поля.",
	"unknown-directive.msg":            "Поле {key} не читают ни Google, ни Bing, ни Яндекс; краулеры пропускают эту строку.",
	"unknown-directive.msg.typo":       "Поле {key} не читает ни один краулер; возможно, вы имели в виду {suggestion}? В нынешнем виде краулеры пропускают эту строку.",
	"unknown-directive.fix.typo":       "Напишите \"{suggestion}:\".",
	"unknown-directive.msg.minor":      "{key} — старое расширение, которое Google, Bing и Яндекс игнорируют (Request-rate читают лишь немногие небольшие краулеры, например краулер Seznam).",
	"unknown-directive.fix.minor":      "Удалите строку, если ни один важный для вас краулер её не читает.",
	"unknown-directive.msg.url":        "{text} — просто URL, а не директива; краулеры пропускают эту строку.",
	"unknown-directive.fix.url":        "Если это карта сайта, напишите \"Sitemap: {url}\"; иначе удалите строку или начните её с \"#\".",
	"unknown-directive.msg.junk":       "{text} — не директива (\"имя: значение\") и не комментарий; краулеры пропускают эту строку.",
	"unknown-directive.msg.junk-lines": "Строки {line}–{last} (всего {count}, первая — {text}) — не директивы и не комментарии; краулеры их пропускают.",
	"unknown-directive.fix.junk":       "Если это заметка, начните строку с \"#\"; иначе запишите её в виде \"имя: значение\".",
	"unknown-directive.fix.junk-lines": "Если это заметки, начните строки с \"#\"; иначе запишите их в виде \"имя: значение\".",

	// typo-accepted
	"typo-accepted.summary": "Имя поля с опечаткой или в расширенной форме, которое парсер Google принимает (\"Useragent\", \"Dissallow\", \"Site-map\", \"Disallowed\"), а RFC 9309 и другие краулеры — не обязательно.",
	"typo-accepted.fix":     "Пишите имя поля так, как в RFC 9309: User-agent, Allow, Disallow, Sitemap.",
	"typo-accepted.msg":     "Google читает {key} как {name}, но парсеры по RFC 9309 и другие краулеры могут эту строку проигнорировать.",

	// missing-colon
	"missing-colon.summary":     "Директива без двоеточия (\"Disallow /x\"): Google принимает её, если в строке ровно два слова, другие краулеры — нет.",
	"missing-colon.fix":         "Поставьте двоеточие после имени поля: \"{key}: {value}\".",
	"missing-colon.msg":         "В строке {text} нет двоеточия; Google читает её как \"{key}: {value}\", потому что в ней ровно два слова, а другие краулеры её пропускают.",
	"missing-colon.msg.ignored": "В строке {text} нет двоеточия, а слов в ней не ровно два, поэтому её пропускают все краулеры.",
	"missing-colon.fix.ignored": "Запишите её в виде \"{key}: значение\", по одному значению в строке.",

	// file-too-large
	"file-too-large.summary":           "Файл больше 500 КиБ, которые читают Google и Яндекс; всё, что дальше этого предела, игнорируется.",
	"file-too-large.fix":               "Держите robots.txt в пределах 500 КиБ: объединяйте похожие правила с помощью \"*\" и удаляйте правила для путей, которых больше нет.",
	"file-too-large.msg":               "Размер файла в байтах: {size}, а краулеры читают только первые {limit} (целыми строками), поэтому строки {first}–{last} игнорируются; в них {directives} (из них {rules}).",
	"file-too-large.msg.no-directives": "Размер файла в байтах: {size}, а краулеры читают только первые {limit}, поэтому строки {first}–{last} игнорируются (директив в них нет, так что ничего не теряется).",

	// site-closed
	"site-closed.summary":     "Весь сайт закрыт для группы (Disallow, который подходит к любому пути, и ни одного Allow, который бы что-то открывал); показывает, каких краулеров это касается и кто по-прежнему допущен.",
	"site-closed.fix":         "Если это осталось от тестового сайта, удалите \"Disallow: /\"; если так и задумано, ничего делать не нужно.",
	"site-closed.msg.star":    "Весь сайт закрыт для всех краулеров без собственной группы (известных краулеров: {count}, например {examples}).{extra}",
	"site-closed.msg.search":  "Весь сайт закрыт для {agents}: сайт выпадет из результатов поиска.{extra}",
	"site-closed.msg.named":   "Весь сайт закрыт для {count}: {agents}.{extra}",
	"site-closed.fix.named":   "",
	"site-closed.open-named":  " Собственные группы, которые оставляют сайт открытым, есть у: {agents}.",
	"site-closed.ignoring":    " Не подчиняются \"User-agent: *\" и могут продолжать обход: {agents}.",
	"site-closed.followers":   " Это закрывает сайт и для {followers}: они следуют этой группе, когда их не называет ни одна группа.",
	"site-closed.others-open": " Краулеры без собственной группы по-прежнему могут обходить сайт.",
	"site-closed.star-open":   " Краулеры без собственной группы следуют группе \"*\", которая оставляет сайт открытым.",
	"site-closed.no-star":     " Группы \"*\" нет, поэтому любой другой краулер может загружать всё.",

	// blocks-css-js
	"blocks-css-js.summary": "Правило Disallow, которое закрывает поисковым системам CSS- или JavaScript-файлы; Google, Bing и Яндекс отрисовывают страницы, и эти файлы им нужны.",
	"blocks-css-js.fix":     "Откройте CSS- и JavaScript-файлы, например строками \"Allow: /*.css$\" и \"Allow: /*.js$\" в той же группе, или сузьте правило.",
	"blocks-css-js.msg":     "Правило \"{rule}\" блокирует {path} для {agents}: поисковые системы отрисовывают страницы и без CSS и JavaScript могут увидеть их сломанными.",

	// pattern-no-slash
	"pattern-no-slash.summary":       "Путь, который начинается не с \"/\" и не с \"*\": пути всегда начинаются с \"/\", поэтому такое правило никогда не сработает.",
	"pattern-no-slash.fix":           "Начните путь с \"/\": \"{kind}: {fixed}\".",
	"pattern-no-slash.msg.invisible": "Путь {pattern} начинается с невидимого символа ({char}), который парсеры не отбрасывают, поэтому путь начинается не с \"/\" и правило никогда ничему не соответствует.",
	"pattern-no-slash.fix.invisible": "Удалите символ перед путём: \"{kind}: {fixed}\".",
	"pattern-no-slash.msg":           "Путь {pattern} начинается не с \"/\" и не с \"*\", а путь любого URL начинается с \"/\", поэтому это правило никогда ничему не соответствует.",

	// full-url-pattern
	"full-url-pattern.summary": "Правило, в котором вместо пути указан полный URL (\"Disallow: https://example.com/x\"): оно ничему не соответствует, а robots.txt действует только для хоста, который его отдаёт.",
	"full-url-pattern.fix":     "Оставьте только путь — в robots.txt того хоста, который указан в URL: \"{kind}: {path}\".",
	"full-url-pattern.msg":     "Вместо пути в правиле указан полный URL {pattern}; правила сравниваются только с путём URL, поэтому это правило никогда ничему не соответствует.",

	// dollar-inside
	"dollar-inside.summary": "Знак \"$\" не в конце пути: Google и парсеры RFC 9309 читают его как обычный знак доллара (так и нужно для путей CMS вида /$FILE/); конец пути обозначает только последний \"$\".",
	"dollar-inside.fix":     "Исправлять нечего, если в URL есть знак доллара; если \"$\" должен обозначать конец пути, обрежьте правило на нём.",
	"dollar-inside.msg":     "В {pattern} знак \"$\" стоит не последним: Google и парсеры RFC 9309 сравнивают его с буквальным \"$\" в URL, что верно для путей, где он есть; парсер, который считает любой \"$\" концом URL, найдёт меньше. Не заменяйте его на %24: Google не декодирует %24, и правило перестанет срабатывать для Googlebot.",

	// redundant-wildcard
	"redundant-wildcard.summary": "\"*\" в конце пути: правила и так соответствуют всем путям, которые с них начинаются.",
	"redundant-wildcard.fix":     "Уберите \"*\" в конце: напишите {same}.",
	"redundant-wildcard.msg":     "\"*\" в конце пути {pattern} ничего не меняет: правило соответствует ровно тем же путям, что и {same}.",

	// duplicate-rule
	"duplicate-rule.summary":    "Одно и то же правило дважды среди правил, которые действуют для краулера.",
	"duplicate-rule.fix":        "Удалите повторяющуюся строку.",
	"duplicate-rule.msg":        "Правило \"{rule}\" повторяет строку {first}.",
	"duplicate-rule.msg.merged": "Правило \"{rule}\" повторяет строку {first}; обе группы вместе действуют для {agents}, потому что группы, называющие одного и того же краулера, объединяются.",

	// conflicting-rules
	"conflicting-rules.summary": "Один и тот же путь для краулера и разрешён, и запрещён: при равной длине побеждает Allow, поэтому Disallow никогда не действует.",
	"conflicting-rules.fix":     "Оставьте нужную строку и удалите другую.",
	"conflicting-rules.msg":     "Путь {pattern} одновременно разрешён (строка {allow}) и запрещён (строка {disallow}); при равной длине побеждает Allow, поэтому строка Disallow никогда не действует.",

	// shadowed-rule
	"shadowed-rule.summary":         "Правило, которое никогда ничего не решает: другое правило соответствует всем тем же путям и всегда побеждает (оно длиннее или это Allow при равной длине), либо Allow с пустым путём.",
	"shadowed-rule.fix":             "Удалите правило или сделайте его длиннее (конкретнее) того, которое его перекрывает.",
	"shadowed-rule.msg":             "Правило \"{rule}\" никогда ничего не решает: \"{by}\" (строка {line}) соответствует всем тем же путям и всегда побеждает (побеждает самое длинное совпадение, а при равной длине — Allow).",
	"shadowed-rule.msg.empty-allow": "\"Allow:\" без пути ничему не соответствует, поэтому никогда ничего не решает.",
	"shadowed-rule.fix.empty-allow": "Удалите строку; чтобы разрешить всё, достаточно \"Allow: /\" или группы без правил.",

	// case-mismatch-hint
	"case-mismatch-hint.summary":   "Пути, которые различаются только регистром, или заглавные буквы в пути, когда остальные пути файла написаны строчными: регистр в путях важен.",
	"case-mismatch-hint.fix":       "Проверьте, как на самом деле пишутся ваши URL; напишите по правилу на каждое написание, которое существует.",
	"case-mismatch-hint.msg.pair":  "Путь {pattern} отличается от {other} (строка {first}) только регистром; регистр в путях важен, так что это два разных пути. Это правильно, если существуют оба написания.",
	"case-mismatch-hint.msg.upper": "В пути {pattern} есть заглавные буквы, а остальные пути в файле ({others}) написаны строчными; регистр в путях важен, поэтому правило не соответствует {lower}.",

	// non-ascii-pattern
	"non-ascii-pattern.summary": "Путь с символами за пределами ASCII: краулеры сравнивают его в процентной кодировке UTF-8.",
	"non-ascii-pattern.fix":     "Если файл в UTF-8, всё в порядке; в закодированном виде правило будет одинаково читаться любым парсером.",
	"non-ascii-pattern.msg":     "В пути {pattern} есть символы за пределами ASCII; он сравнивается как {encoded}.",

	// agent-with-version
	"agent-with-version.summary": "Значение user-agent с версией (\"Googlebot/2.1\", \"iaskspider/2.0\"): учитывается только токен продукта в начале.",
	"agent-with-version.fix":     "Укажите только токен продукта: \"User-agent: {token}\".",
	"agent-with-version.msg":     "Из значения {value} учитывается только токен продукта, поэтому группа действует для всех версий {token}; парсеры, которые сравнивают значение целиком, могут никогда с ним не совпасть.",

	// agent-wildcard
	"agent-wildcard.summary":    "\"*\" внутри значения user-agent (\"Googlebot*\", \"*bot\"): там это не подстановочный знак; все краулеры обозначает только \"*\" само по себе.",
	"agent-wildcard.fix":        "Укажите каждый краулер в отдельной строке User-agent или используйте \"User-agent: *\".",
	"agent-wildcard.msg":        "В значении {value} знак \"*\" не является подстановочным: группа действует только для {token}.",
	"agent-wildcard.msg.family": "В значении {value} знак \"*\" не является подстановочным: группа действует только для {token}, но не для {others}.",
	"agent-wildcard.msg.none":   "{value} начинается не с имени краулера (значение user-agent должно начинаться с букв, цифр, \"-\", \"_\" или \".\"), поэтому эта строка не называет ни одного краулера.",

	// invalid-product-token
	"invalid-product-token.summary":       "Значение user-agent — не просто имя краулера (\"Brightbot 1.0\", \"Yahoo! Slurp\"): парсеры читают его до первого символа, который не может входить в имя.",
	"invalid-product-token.fix":           "Укажите только токен продукта краулера (буквы, цифры, \"-\", \"_\" и \".\"): \"User-agent: {name}\".",
	"invalid-product-token.msg":           "{value} — не просто имя краулера; парсеры читают его как {token}, и группа относится к {token}.",
	"invalid-product-token.msg.family":    "{value} — не просто имя краулера; парсеры читают его как {token}, поэтому группа относится к {token} и ко всем краулерам, которые следуют группе {token}.",
	"invalid-product-token.msg.none":      "{value} начинается не с имени краулера (буквы, цифры, \"-\", \"_\" или \".\"), поэтому эта строка не называет ни одного краулера.",
	"invalid-product-token.fix.none":      "Укажите токен продукта краулера так, как его документирует владелец.",
	"invalid-product-token.msg.star":      "{value} читается как \"*\" (все краулеры): остаток строки, {rest}, игнорируется.",
	"invalid-product-token.fix.star":      "Пишите каждую директиву в отдельной строке: \"User-agent: *\", затем правила.",
	"invalid-product-token.msg.invisible": "Значение user-agent {value} начинается с невидимого символа ({char}), который парсеры не отбрасывают, поэтому эта строка не называет ни одного краулера.",
	"invalid-product-token.fix.invisible": "Удалите символ перед именем (наберите заново пробел после \"User-agent:\").",
	"invalid-product-token.msg.empty":     "В строке User-agent нет значения, поэтому она не называет ни одного краулера.",
	"invalid-product-token.fix.empty":     "Укажите токен продукта или \"*\" для всех краулеров.",

	// empty-group
	"empty-group.summary":         "Строки User-agent, после которых нет правил или которые отделены пустой строкой от строк, с которыми у них общие правила.",
	"empty-group.fix":             "Добавьте правила для этих краулеров; чтобы разрешить им всё, напишите под ними \"Disallow:\".",
	"empty-group.msg":             "После строк User-agent для {agents} нет правил: этим краулерам можно загружать всё, и к группе \"*\" они не переходят.",
	"empty-group.msg.star":        "После \"User-agent: *\" нет правил: любой краулер без собственной группы может загружать всё.",
	"empty-group.msg.shares":      "Строки User-agent для {agents} отделены от следующих пустыми строками или другими записями, но правил между ними нет: по RFC 9309 и у Google все они образуют одну группу со строкой {next} и делят её правила (начиная со строки {rules}).{yandex}",
	"empty-group.msg.shares-star": "Строки User-agent для {agents} отделены от следующих пустыми строками или другими записями, но правил между ними нет: по RFC 9309 и у Google они образуют одну группу, в которую входит и \"*\", и делят её правила (начиная со строки {rules}).{yandex}",
	"empty-group.fix.shares-star": "Дайте собственные правила каждому краулеру, которому нужны другие правила; если правила должны быть общими, удалите пустые строки.",
	"empty-group.fix.shares":      "Удалите пустую строку, если правила должны быть общими; если этим краулерам нужно разрешить всё, добавьте под ними \"Disallow:\".",

	// crawl-delay
	"crawl-delay.summary":     "Директива Crawl-delay не входит в RFC 9309: Google её игнорирует, Яндекс не учитывает с 2018 года, а Bing и некоторые ИИ-краулеры (ClaudeBot) её читают.",
	"crawl-delay.fix":         "Задайте скорость обхода в инструментах для вебмастеров поисковых систем или отвечайте 429/503, когда сервер перегружен.",
	"crawl-delay.msg":         "Crawl-delay: {value} не входит в RFC 9309; Google эту директиву игнорирует, Яндекс не учитывает с 2018 года, а Bing и некоторые другие краулеры делают между запросами паузу {value} с.",
	"crawl-delay.msg.invalid": "Crawl-delay {value} — не число секунд; краулеры, которые читают Crawl-delay, игнорируют эту строку.",
	"crawl-delay.fix.invalid": "Укажите число секунд, например \"Crawl-delay: 5\", или удалите строку.",
	"crawl-delay.msg.huge":    "Crawl-delay: {value} — это больше 300 секунд; некоторые краулеры (Apache Nutch и другие, основанные на crawler-commons) в таком случае считают закрытым весь сайт.",
	"crawl-delay.fix.huge":    "Укажите задержку в несколько секунд или прямо закройте сайт для этого краулера.",

	// host-directive
	"host-directive.summary": "Директива Host Яндекса: Яндекс перестал её читать в марте 2018 года, а другие краулеры не читали никогда.",
	"host-directive.fix":     "Удалите строку Host; чтобы выбрать главное зеркало, настройте 301-й редирект с остальных хостов на него.",
	"host-directive.msg":     "Host: {value} — старая директива Яндекса для главного зеркала, которую Яндекс перестал читать в марте 2018 года; сейчас её не использует ни один краулер.",

	// clean-param-syntax
	"clean-param-syntax.summary":           "Строка Clean-param, которую Яндекс отклонит (\"Clean-param: p0[&p1&...] [path]\").",
	"clean-param-syntax.fix":               "Напишите \"Clean-param: name1&name2 /path/prefix\": имена параметров через \"&\", затем, если нужно, один путь из символов A-Z a-z 0-9 . - / * _.",
	"clean-param-syntax.msg.empty":         "У Clean-param нет значения; Яндекс сообщает об этом как об ошибке.",
	"clean-param-syntax.msg.too-long":      "Длина Clean-param {value} — {length} симв.; Яндекс принимает не больше 500.",
	"clean-param-syntax.fix.too-long":      "Разбейте её на несколько строк Clean-param.",
	"clean-param-syntax.msg.fields":        "В Clean-param {value} частей, разделённых пробелами, — {count}; Яндекс ожидает имена параметров через \"&\", а затем не больше одного пути.",
	"clean-param-syntax.msg.empty-name":    "В Clean-param {value} есть пустое имя параметра (лишний \"&\" в начале или в конце либо двойной \"&\").",
	"clean-param-syntax.msg.value-given":   "Clean-param {value}: в {param} указано значение, а Clean-param принимает только имена параметров.",
	"clean-param-syntax.fix.value-given":   "Укажите только имя: {name}.",
	"clean-param-syntax.msg.path-as-param": "Clean-param {value}: {param} похоже на путь, но в первой части должны быть имена параметров; путь идёт второй частью, после пробела.",
	"clean-param-syntax.msg.param-chars":   "Clean-param {value}: в имени параметра {param} есть символы, которых не бывает в именах параметров запроса.",
	"clean-param-syntax.msg.path-chars":    "Clean-param {value}: в пути {path} есть символ {char}; Яндекс допускает там только A-Z a-z 0-9 . - / * _.",
	"clean-param-syntax.msg.path-slash":    "Clean-param {value}: путь {path} должен начинаться с \"/\".",

	// noindex-directive
	"noindex-directive.summary": "Noindex или Nofollow в robots.txt: Google перестал их читать 1 сентября 2019 года, и ни один крупный краулер их не читает.",
	"noindex-directive.fix":     "Используйте метатег robots (<meta name=\"robots\" content=\"noindex\">) или заголовок X-Robots-Tag и разрешите краулерам загружать страницу, чтобы они его увидели.",
	"noindex-directive.msg":     "Директива {key} в robots.txt не поддерживается: Google перестал читать эту директиву 1 сентября 2019 года, и другие крупные краулеры её не читают, так что страницы всё равно могут попасть в индекс.",

	// sitemap-not-absolute
	"sitemap-not-absolute.summary":       "Значение Sitemap, которое не является абсолютным URL с http или https.",
	"sitemap-not-absolute.fix":           "Укажите полный URL карты сайта, например \"Sitemap: https://example.com/sitemap.xml\".",
	"sitemap-not-absolute.msg.invisible": "Адрес карты сайта {value} начинается с невидимого символа ({char}), который парсеры не отбрасывают, поэтому значение не является URL.",
	"sitemap-not-absolute.fix.invisible": "Удалите символ перед URL (наберите заново пробел после \"Sitemap:\").",
	"sitemap-not-absolute.msg.empty":     "В строке Sitemap нет URL.",
	"sitemap-not-absolute.msg.relative":  "Адрес карты сайта {value} — относительный путь; краулерам нужен полный URL, с https:// и хостом.",
	"sitemap-not-absolute.msg.no-scheme": "В адресе карты сайта {value} нет схемы; краулерам нужен полный URL, например {url}.",
	"sitemap-not-absolute.fix.no-scheme": "Напишите \"Sitemap: {url}\".",
	"sitemap-not-absolute.msg.scheme":    "Адрес карты сайта {value} использует схему {scheme}; краулеры загружают карты сайта только по http или https.",
	"sitemap-not-absolute.msg.invalid":   "Адрес карты сайта {value} — недопустимый URL.",

	// multiple-star-groups
	"multiple-star-groups.summary":  "Больше одной группы \"User-agent: *\": RFC 9309 и Google их объединяют, Яндекс считает это ошибкой.",
	"multiple-star-groups.fix":      "Перенесите эти правила в первую группу \"User-agent: *\".",
	"multiple-star-groups.msg":      "Вторая группа \"User-agent: *\" (первая — в строке {first}): RFC 9309 и Google их объединяют, но Яндекс считает несколько групп \"*\" ошибкой.",
	"multiple-star-groups.msg.many": "В файле несколько групп \"User-agent: *\" — всего {count} (первая в строке {first}, остальные в строках {lines}): RFC 9309 и Google их объединяют, но Яндекс считает несколько групп \"*\" ошибкой.",

	// blank-line-in-group
	"blank-line-in-group.summary": "Пустая строка между строками User-agent группы и её правилами: для RFC 9309 и Google это допустимо, для Яндекса — ошибка, и группа на ней заканчивается.",
	"blank-line-in-group.fix":     "Удалите пустую строку, чтобы правила шли сразу после строк User-agent.",
	"blank-line-in-group.msg":     "Пустая строка отделяет строки User-agent для {agents} от их правил (строка {rule}); RFC 9309 и Google её пропускают, но Яндекс завершает группу на пустой строке, и эти краулеры остаются без правил.",

	// named-group-replaces-star
	"named-group-replaces-star.summary": "Краулер с собственной группой не читает группу \"*\", поэтому может загружать то, что запрещает \"*\", если его группа не повторяет это правило.",
	"named-group-replaces-star.fix":     "Повторите в группе те правила \"*\", которым краулер тоже должен следовать.",
	"named-group-replaces-star.msg":     "У {agents} есть собственная группа, поэтому группа \"*\" (строка {star}) здесь не действует, а значит, открыты пути, которые она запрещает ({count}): {rules}.",

	// ai-token-confusion
	"ai-token-confusion.summary":         "Путаница с ИИ-токенами: закрыт ИИ-поиск или загрузчик по запросу пользователей, а краулер той же компании для обучения моделей открыт; поисковая система закрыта вместе с ИИ-краулерами; или указан устаревший токен.",
	"ai-token-confusion.fix":             "Указывайте каждый токен компании в соответствии с тем, чего вы хотите: обучение (GPTBot, ClaudeBot, Google-Extended, Applebot-Extended), поиск (OAI-SearchBot, Claude-SearchBot, PerplexityBot) и загрузки по запросу пользователей (ChatGPT-User, Claude-User).",
	"ai-token-confusion.msg.reverse":     "Сайт закрыт для {closed} (поиск {operator} или загрузки по запросу пользователей), но {open}, краулер {operator} для обучения моделей, по-прежнему допущен: сайт не попадёт в ответы {operator}, но останется открытым для обучения — обычно хотят обратного.",
	"ai-token-confusion.fix.reverse":     "Чтобы отказаться только от обучения, закройте {open} и оставьте открытым {closed}; чтобы отказаться от всего, закройте все.",
	"ai-token-confusion.msg.google":      "Эта группа закрывает Googlebot вместе с ИИ-краулерами, а значит, убирает сайт и из Google Поиска. Чтобы Google не обучал Gemini на материалах сайта, укажите вместо него Google-Extended.",
	"ai-token-confusion.fix.google":      "Замените в этой группе \"User-agent: Googlebot\" на \"User-agent: Google-Extended\".",
	"ai-token-confusion.msg.apple":       "Эта группа закрывает Applebot вместе с ИИ-краулерами, а значит, убирает сайт и из Siri и Spotlight. Чтобы Apple не обучала модели на материалах сайта, укажите вместо него Applebot-Extended.",
	"ai-token-confusion.fix.apple":       "Замените в этой группе \"User-agent: Applebot\" на \"User-agent: Applebot-Extended\".",
	"ai-token-confusion.msg.search":      "Эта группа закрывает {token}, краулер поисковой системы, вместе с ИИ-краулерами, а значит, убирает сайт и из её результатов поиска.",
	"ai-token-confusion.fix.search":      "Вынесите {token} в отдельную группу, если он должен продолжать обход.",
	"ai-token-confusion.msg.legacy":      "{token} — устаревший токен {operator}: краулеры компании его больше не используют. Актуальный токен, {current}, в файле не назван, поэтому он следует группе \"{group}\", а не этой.",
	"ai-token-confusion.msg.legacy-none": "{token} — устаревший токен {operator}: краулеры компании его больше не используют. Актуальный токен, {current}, в файле не назван, и к нему не относится ни одна группа, поэтому ему можно загружать всё.",
	"ai-token-confusion.fix.legacy":      "Добавьте \"User-agent: {current}\" в группу, где назван {token}.",
	"ai-token-confusion.fix.legacy-none": "Добавьте \"User-agent: {current}\" в группу, где назван {token}.",
	"ai-token-confusion.msg.user-fetch":  "{token} загружает страницы по запросу пользователей {operator}, а {operator} сообщает, что robots.txt к таким загрузкам может не применяться: эта группа может его не остановить.",
	"ai-token-confusion.fix.user-fetch":  "",

	// content-signal
	"content-signal.summary":        "Строка Content-Signal (search, ai-input, ai-train = yes или no): распознаётся, её синтаксис проверяется.",
	"content-signal.fix":            "Запишите её в виде \"Content-Signal: search=yes, ai-input=yes, ai-train=no\": сигналы search, ai-input и ai-train, у каждого значение yes или no, через запятую.",
	"content-signal.msg.empty":      "У Content-Signal нет значения.",
	"content-signal.msg.empty-item": "В Content-Signal {value} есть пустой элемент (лишняя запятая в начале или в конце либо двойная запятая).",
	"content-signal.msg.no-value":   "У элемента Content-Signal {item} нет \"=yes\" или \"=no\".",
	"content-signal.msg.typo":       "В Content-Signal нет сигнала {name}; возможно, вы имели в виду {suggestion}?",
	"content-signal.fix.typo":       "Напишите {suggestion}.",
	"content-signal.msg.unknown":    "В Content-Signal нет сигнала {name}; сигналы — только search, ai-input и ai-train.",
	"content-signal.msg.bad-value":  "Content-Signal {name}={value}: значение должно быть yes или no.",
	"content-signal.msg.twice":      "Content-Signal задаёт {name} дважды.",

	// html-body
	"html-body.summary":  "Файл — HTML-страница (или другой документ), а не robots.txt: обычно это страница ошибки или главная страница сайта, отданная по адресу /robots.txt.",
	"html-body.fix":      "Отдавайте по адресу /robots.txt обычный текстовый robots.txt или отвечайте 404, если его нет.",
	"html-body.msg.html": "Файл — HTML-страница, а не robots.txt; краулеры не находят в нём правил и поэтому могут загружать всё.",
	"html-body.msg.xml":  "Файл — XML-документ (возможно, карта сайта), а не robots.txt; краулеры не находят в нём правил.",

	// bom
	"bom.summary":     "Файл начинается с метки порядка байтов (BOM): Google и парсеры по RFC 9309 её пропускают, а некоторые старые парсеры считают её частью первой строки.",
	"bom.fix":         "Сохраните файл в UTF-8 без BOM.",
	"bom.msg":         "Файл начинается с метки порядка байтов UTF-8 (BOM); Google и парсеры по RFC 9309 её пропускают, но некоторые старые парсеры принимают её за часть первой строки и теряют директиву этой строки.",
	"bom.msg.partial": "Файл начинается с неполной метки порядка байтов (BOM): только {bytes} из 3 её байтов; Google их пропускает, другие парсеры — не обязательно.",

	// mixed-line-endings
	"mixed-line-endings.summary": "В файле смешаны разные концы строк (LF, CRLF, CR): краулеры это принимают, а инструменты и редакторы — не всегда.",
	"mixed-line-endings.fix":     "Сохраните файл с одним видом концов строк ({major}).",
	"mixed-line-endings.msg":     "В файле смешаны разные концы строк ({counts}); эта строка — первая, которая отличается от остальных. Парсеры по RFC 9309 это принимают, а некоторые инструменты и редакторы — нет.",

	// invalid-utf8
	"invalid-utf8.summary":    "Текст не в корректной кодировке UTF-8 (RFC 9309 требует UTF-8), в том числе файлы в UTF-16.",
	"invalid-utf8.fix":        "Сохраните файл в UTF-8.",
	"invalid-utf8.msg":        "Эта строка не в корректной кодировке UTF-8 (возможно, файл в устаревшей кодировке, например Windows-1251 или Latin-1); пути с такими байтами соответствуют только URL с точно такими же байтами.",
	"invalid-utf8.msg.many":   "Строки с этой по {last} (всего {count}) не в корректной кодировке UTF-8 (возможно, файл в устаревшей кодировке, например Windows-1251 или Latin-1); пути с такими байтами соответствуют только URL с точно такими же байтами.",
	"invalid-utf8.msg.utf16":  "Файл в кодировке UTF-16, а не UTF-8; краулеры не могут прочитать его правила.",
	"invalid-utf8.msg.binary": "Это не текстовый файл (в нём нулевые или управляющие байты: программа, изображение или сжатые данные?); краулеры не найдут в нём правил.",
	"invalid-utf8.fix.binary": "Отдавайте по адресу /robots.txt сам файл robots.txt: обычный текст в UTF-8, а не программу, изображение или сжатые данные без заголовка Content-Encoding.",

	// line-too-long
	"line-too-long.summary": "Строка длиннее, чем читает парсер Google (16 663 байта): остаток строки отрезается.",
	"line-too-long.fix":     "Разбейте правило на несколько более коротких.",
	"line-too-long.msg":     "Длина этой строки в байтах: {length}; парсер Google оставляет только первые {max}, поэтому прочитанное им заканчивается на {end}.",

	// empty-file
	"empty-file.summary":                     "В файле нет директив: любой краулер может загружать всё.",
	"empty-file.fix":                         "Если так и задумано, ничего делать не нужно; иначе добавьте группу, например \"User-agent: *\", с её правилами.",
	"empty-file.msg.empty":                   "Файл пуст: любой краулер может загружать всё.",
	"empty-file.msg.comments":                "В файле только комментарии: любой краулер может загружать всё.",
	"empty-file.msg.no-directives":           "В файле вообще нет директив (нет строк User-agent, Allow, Disallow или Sitemap): любой краулер может загружать всё.",
	"clean-param.msg":                        "Перед обходом Яндекс убирает параметры {params} из URL {where}; другие краулеры Clean-param игнорируют.",
	"clean-param.site":                       "по всему сайту",
	"clean-param.under":                      "вида {path}",
	"redundant-rule.msg":                     "Правило \"{rule}\" никогда ничего не решает: \"{by}\" (строка {line}) соответствует всем тем же путям и длиннее; результат тот же, так что правило лишнее.",
	"redundant-rule.fix":                     "Удалите лишнее правило.",
	"agent-with-version.fix.browser":         "Укажите только токен краулера: \"User-agent: {name}\".",
	"agent-with-version.fix.browser-unknown": "Укажите в строке только токен продукта, который документирует владелец краулера.",
	"agent-with-version.msg.browser":         "{value} — целая строка user-agent браузера: парсеры читают только первое имя, {token}, поэтому краулер, для которого писалась группа, её не найдёт; его собственный токен в этой строке — {name}.",
	"agent-with-version.msg.browser-unknown": "{value} — целая строка user-agent браузера: парсеры читают только первое имя, {token}, поэтому краулер, для которого писалась группа, её не найдёт.",
	"broad-prefix.fix":                       "Завершите путь знаком \"/\", если имеется в виду только папка: \"{fixed}\".",
	"broad-prefix.msg":                       "{pattern} не оканчивается на \"/\", поэтому соответствует и более длинным именам, например {examples} из этого же файла.",
	"broad-prefix.summary":                   "Правило без \"/\" в конце соответствует и всем более длинным именам (\"Disallow: /test\" блокирует \"/testimonial\").",
	"clean-param.fix":                        "Исправлять нечего; оставьте строку, если Яндекс должен отбрасывать эти параметры.",
	"clean-param.summary":                    "Корректная строка Clean-param (Яндекс): что Яндекс отбрасывает из URL; остальные краулеры её игнорируют.",
	"full-url-pattern.fix.everything":        "Удалите строку; пишите \"{kind}: {path}\", только если весь сайт действительно нужно закрыть.",
	"full-url-pattern.fix.other-host":        "Удалите строку здесь; правило относится к robots.txt хоста {host}, если этому хосту оно нужно.",
	"full-url-pattern.fix.unknown-host":      "Если этот файл отдаёт {host}, оставьте в правиле только путь из URL; иначе удалите строку и перенесите правило в robots.txt хоста {host} (запустите проверку с --host, чтобы она это различала).",
	"full-url-pattern.msg.everything":        "Вместо пути в правиле указан полный URL {pattern}, поэтому оно ничему не соответствует; записанное как путь, {path}, оно закрыло бы весь сайт — больше, чем когда-либо делало.",
	"full-url-pattern.msg.other-host":        "Вместо пути в правиле указан полный URL на {host}, {pattern}, поэтому оно ничему не соответствует; robots.txt действует только для хоста, который его отдаёт ({own}), так что ни одна строка здесь не управляет {host}.",
	"full-url-pattern.msg.unknown-host":      "Вместо пути в правиле указан полный URL на {host}, {pattern}, поэтому оно ничему не соответствует; robots.txt действует только для хоста, который его отдаёт, так что правилу место в robots.txt хоста {host}.",
	"generic.host":                           "другой хост",
	"generic.lines":                          "по одной строке на путь",
	"generic.own":                            "этот хост",
	"glued-directives.fix":                   "Поставьте каждую директиву на отдельную строку.",
	"glued-directives.msg":                   "{value} содержит ещё одну директиву, {rest}: директивы слились в одну строку, поэтому краулеры читают всё как один путь {kind}, а вторая директива теряется.",
	"glued-directives.summary":               "Директивы слились в одну строку (\"Disallow: /a Disallow: /b\", \"Disallow: /x/User-agent: *\"): остаток строки становится частью пути.",
	"hash-in-path.fix":                       "Удалите \"#\" и всё, что за ним; фрагмент #... всё равно не доходит до сервера.",
	"hash-in-path.msg":                       "В {value} знак \"#\" начинает комментарий, поэтому краулеры читают правило как {read}, а оно соответствует всем путям, которые с него начинаются; фрагмент #... никогда не доходит до сервера.",
	"hash-in-path.msg.everything":            "В {value} знак \"#\" начинает комментарий, поэтому краулеры читают правило как {read}, а оно соответствует любому пути: весь сайт закрыт.",
	"hash-in-path.summary":                   "Знак \"#\" внутри пути (\"Disallow: /page#section\"): \"#\" начинает комментарий, и правило незаметно превращается в более короткий путь перед ним.",
	"home-page-only.fix":                     "Если это осталось от тестового сайта, удалите \"Disallow: /\"; если так и задумано, исправлять нечего.",
	"home-page-only.msg":                     "Для {agents} открыта только главная страница: \"Disallow: /\" закрывает все остальные, и поисковые системы проиндексируют одну главную.",
	"home-page-only.summary":                 "Открыта только главная страница (\"Disallow: /\" вместе с \"Allow: /$\"): все остальные страницы закрыты.",
	"host-as-path.fix":                       "Чтобы краулеры не заходили на {host}, поместите правила в robots.txt, который отдаёт {host}; эту строку удалите.",
	"host-as-path.msg":                       "{value} похоже на имя хоста {host}, записанное как путь: оно соответствует только путям на этом хосте, которые с него начинаются, а robots.txt действует только для хоста, который его отдаёт.",
	"host-as-path.summary":                   "Имя хоста, записанное как путь (\"Disallow: /beta.example.gov\"): соответствует только такому пути на этом хосте, а robots.txt не может управлять другим хостом.",
	"html-in-line.fix":                       "Удалите HTML-теги; пишите каждую директиву на отдельной строке обычным текстом.",
	"html-in-line.msg":                       "В строке есть HTML-тег {tag}; краулеры читают его как часть строки, поэтому значение не такое, каким кажется.",
	"html-in-line.summary":                   "HTML-теги внутри строки (\"<br/>\"), оставленные редактором CMS или копированием с веб-страницы: они становятся частью значения.",
	"invalid-product-token.fix.unsure":       "Если владелец краулера документирует токен продукта, укажите в строке только его.",
	"invalid-product-token.msg.other-word":   "{value} — не просто имя краулера; парсеры читают его как {token}, но собственный токен краулера — {name}, поэтому группа к нему не относится.",
	"invalid-product-token.msg.unsure":       "{value} — не просто имя краулера; парсеры читают его как {token}, поэтому группа относится к краулерам с именем {token} и к тем, в чьей строке user-agent оно есть.",
	"lookalike-field.fix":                    "Наберите имя поля заново обычными символами ASCII: \"{name}:\".",
	"lookalike-field.msg":                    "В имени поля {key} есть {char} — символ, похожий на символ ASCII, но другой; краулеры не узнают в нём {name} и пропускают строку.",
	"lookalike-field.summary":                "Имя поля с похожим символом (\"User‑agent\" с неразрывным дефисом, кириллическая буква): краулеры его не узнают и пропускают строку.",
	"no-sitemap.fix":                         "Добавьте \"Sitemap: https://example.com/sitemap.xml\" с полным URL каждой карты сайта.",
	"no-sitemap.msg":                         "В файле не указана ни одна карта сайта; строка Sitemap позволяет любому краулеру найти страницы сайта без кабинета вебмастера.",
	"no-sitemap.summary":                     "Нет строки Sitemap: краулеры найдут карты сайта, только если их отправили другим способом.",
	"pattern-no-slash.fix.anywhere":          "Чтобы правило срабатывало в любом месте пути, напишите \"{kind}: {fixed}\".",
	"pattern-no-slash.fix.doubled-key":       "Напишите имя поля один раз: \"{kind}: {fixed}\".",
	"pattern-no-slash.msg.anywhere":          "Путь {pattern} начинается не с \"/\" и не с \"*\", а путь любого URL начинается с \"/\", поэтому правило ничему не соответствует; похоже, оно задумано для любого пути, который это содержит.",
	"pattern-no-slash.msg.doubled-key":       "В значении {pattern} повторено имя поля {key}, поэтому путь начинается не с \"/\" и не с \"*\", и правило ничему не соответствует.",
	"redundant-rule.msg.longer":              "Правило \"{rule}\" делает избыточными другие, всего {count} ({lines}): оно короче, соответствует всем тем же путям и решает их так же.",
	"redundant-rule.summary":                 "Правило, которое делает избыточным другое правило того же вида: более короткое, соответствующее всем тем же путям (\"Disallow: /ref/\", затем \"Disallow: /ref/x\"), или более длинное, которое всегда побеждает.",
	"repeated-directive.fix":                 "Оставьте одну строку, остальные удалите.",
	"repeated-directive.msg":                 "{key} повторяется в той же группе (впервые в строке {first}); краулеры, которые её читают, используют только одно из значений.",
	"repeated-directive.msg.host":            "{key} повторяется (впервые в строке {first}); Яндекс читал только первую строку Host.",
	"repeated-directive.summary":             "Crawl-delay дважды в одной группе или Host дважды в файле: краулеры используют одно из значений, и не все одно и то же.",
	"several-paths.fix":                      "Пишите по одному правилу в строке: {lines}.",
	"several-paths.msg":                      "{value} задаёт {count} пути в одной строке {kind}; правило принимает один путь, поэтому краулеры читают это как один путь с пробелами, и ни один из путей не блокируется.",
	"several-paths.summary":                  "Несколько путей в одном значении (\"Disallow: /cgi-bin/ /tmp/\"): правило принимает один путь, поэтому парсеры читают один длинный путь с пробелами, который ничему не соответствует.",
	"sitemap-other-host.fix":                 "Исправлять нечего, если этот хост ваш; иначе укажите карту сайта на {own}.",
	"sitemap-other-host.msg":                 "Карта сайта {value} находится на {host}, а не на {own}, хосте этого файла; Google и Bing принимают такое из robots.txt, другие краулеры могут её игнорировать.",
	"sitemap-other-host.summary":             "Карта сайта на другом хосте, чем файл: Google и Bing принимают её из robots.txt (отправка для другого хоста), другие краулеры — не обязательно.",
	"space-in-path.fix":                      "Запишите пробел как %20: \"{kind}: {fixed}\".",
	"space-in-path.msg":                      "В пути {value} есть пробел. В грамматике RFC 9309 пробелов в пути нет, и парсеры расходятся: парсер Google оставляет пробел как есть, поэтому для Googlebot правило не соответствует %20, которое отправляют браузеры и краулеры; другие парсеры кодируют его как %20 или обрезают значение на пробеле.",
	"space-in-path.summary":                  "Пробел внутри пути (\"Disallow: /path with space/\"): в путях RFC 9309 пробелов нет, и парсеры читают их по-разному.",
	"yandex-limits.fix":                      "Объедините похожие правила с помощью \"*\" и удалите правила для несуществующих путей; разбейте очень длинные правила.",
	"yandex-limits.msg.count":                "В группах, которым следует Яндекс, всего правил: {count}; Яндекс читает не больше {max}, поэтому сообщает об ошибке, и правила начиная с этой строки могут не учитываться.",
	"yandex-limits.msg.length":               "Длина этого правила — {length} симв.; Яндекс считает ошибкой правила длиннее {max} символов.",
	"yandex-limits.summary":                  "Больше правил, чем читает Яндекс (2048 в группах, которым он следует), или правило длиннее 1024 символов.",
	"named-group-replaces-star.msg.many":     "У {agents} есть собственная группа, поэтому группа \"*\" (строка {star}) к ним не относится, и они могут загружать пути, которые та группа запрещает ({count}): {rules}.",
	"redundant-rule.fix.longer":              "Удалите более длинные правила; это правило уже их покрывает.",
	"text-before-group.explain":              "Строки до первой строки User-agent, которые не являются ни директивами, ни комментариями, все краулеры пропускают. Обходу они не мешают, но Google Search Console показывает их как синтаксические ошибки, и среди них легко не заметить настоящие ошибки.",
	"rule-outside-group.explain":             "По RFC 9309 каждая строка Allow и Disallow входит в группу строк User-agent над ней. Правило, над которым нет строки User-agent, не входит ни в одну группу, и его не применяет ни один краулер: указанный путь остаётся открытым.",
	"empty-disallow.explain":                 "Пустой Disallow не соответствует ни одному пути. Как единственное правило группы это классический способ разрешить всё; среди других правил он ничего не делает и обычно остаётся от шаблона.",
	"unknown-directive.explain":              "Краулеры пропускают строки с незнакомым полем. Опечатка в имени поля (\"Disalow\" Google принимает, \"Disallw\" — никто) незаметно отменяет правило, поэтому проверка предлагает ближайшее известное имя.",
	"typo-accepted.explain":                  "Парсер Google принимает несколько опечаток в именах четырёх записей. Парсеры RFC 9309 и другие краулеры могут их не принять, и правило будет работать только для Google.",
	"missing-colon.explain":                  "Google читает строку ровно из двух слов без двоеточия как \"key: value\"; другим парсерам нужно двоеточие, и они пропускают строку.",
	"file-too-large.explain":                 "Google и Яндекс читают первые 500 КиБ файла robots.txt и игнорируют остальное, только целыми строками. Правила за этой границей не применяет ни один краулер, который её соблюдает.",
	"site-closed.explain":                    "Disallow, соответствующий любому пути, без Allow, которое что-то открывает, закрывает весь сайт для краулеров этой группы. На рабочем сайте это обычно остаток тестовой версии; проверка называет, кто закрыт и кого ещё пускают.",
	"blocks-css-js.explain":                  "Поисковые системы отрисовывают страницы как браузер. Если закрыть нужные странице CSS и JavaScript, она может выглядеть для них сломанной, и это повредит её ранжированию.",
	"pattern-no-slash.explain":               "Путь любого URL начинается с \"/\", поэтому правило, путь которого начинается не с \"/\" и не с \"*\", ничему не соответствует. Исправление сохраняет очевидный смысл: \".pdf$\" становится \"/*.pdf$\", повторённое имя поля убирается.",
	"full-url-pattern.explain":               "Правила сравниваются с путём URL, а не со схемой или хостом, поэтому правило в виде полного URL ничему не соответствует. robots.txt действует только для хоста, который его отдаёт: правилу для другого хоста место в его файле, а просто путь проверка предлагает только для собственного хоста файла.",
	"dollar-inside.explain":                  "Конец пути обозначает только \"$\" в конце. В других местах Google и парсеры RFC 9309 читают его как обычный знак доллара, что верно для путей CMS, где он есть; запись %24 вместо него сломала бы правило для Google.",
	"redundant-wildcard.explain":             "Правило и так соответствует всем путям, которые с него начинаются, поэтому \"*\" в конце ничего не добавляет — кроме случаев, когда он решает, какое правило длиннее при равенстве.",
	"duplicate-rule.explain":                 "Одно и то же правило дважды среди правил краулера ничего не меняет; часто это признак файла, собранного из копий, где при правке легко пропустить одну из них.",
	"conflicting-rules.explain":              "Один и тот же путь и разрешён, и запрещён: по RFC 9309 и у Google при равенстве побеждает Allow, поэтому Disallow не применяется никогда.",
	"shadowed-rule.explain":                  "По RFC 9309 решает самое длинное подходящее правило, а при равенстве побеждает Allow. Правило, которое на любом своём пути проигрывает другому, никогда ничего не решает.",
	"case-mismatch-hint.explain":             "Пути чувствительны к регистру, поэтому \"/Admin/\" не закрывает \"/admin/\". Правила, которые различаются только регистром, или один путь с заглавными буквами среди строчных — частые опечатки.",
	"non-ascii-pattern.explain":              "Символы вне ASCII краулеры сравнивают в процентной кодировке UTF-8. Если файл в UTF-8, ошибки нет; закодированная форма читается одинаково всеми парсерами.",
	"agent-with-version.explain":             "Краулер находит свою группу по имени; версия или целая строка user-agent браузера после имени не учитывается, а парсеры, сравнивающие значение целиком, могут вообще не найти группу.",
	"agent-wildcard.explain":                 "\"*\" означает всех краулеров только сам по себе; внутри имени это не шаблон, поэтому \"Googlebot*\" называет только Googlebot.",
	"empty-group.explain":                    "Строки User-agent без правил после них образуют группу, которая разрешает всё, и названные краулеры больше не следуют \"*\". Строки User-agent, разделённые пустой строкой, по RFC 9309 и у Google делят следующие правила, а у Яндекса — нет.",
	"crawl-delay.explain":                    "Crawl-delay нет в RFC 9309. Google его игнорирует, Яндекс игнорирует с февраля 2018 года; Bing и некоторые другие краулеры ждут указанное число секунд между запросами.",
	"host-directive.explain":                 "Host был способом Яндекса указать главное зеркало. Яндекс перестал его читать в 2018 году, а другие краулеры не читали никогда; ту же задачу решает редирект 301.",
	"clean-param-syntax.explain":             "Clean-param сообщает Яндексу, какие параметры запроса не меняют страницу. Яндекс отклоняет строку, которая не следует синтаксису: имена параметров через \"&\", затем необязательный префикс пути.",
	"clean-param.explain":                    "Корректная строка Clean-param: Яндекс отбрасывает названные параметры перед обходом, и URL, различающиеся только ими, считаются одним. Другие краулеры её игнорируют.",
	"noindex-directive.explain":              "Google перестал читать Noindex в robots.txt 1 сентября 2019 года, и другие крупные краулеры его не читают. Чтобы убрать страницы из выдачи, нужен метатег robots или заголовок X-Robots-Tag на страницах, которые краулерам разрешено загружать.",
	"sitemap-not-absolute.explain":           "RFC 9309 и поисковые системы ждут в Sitemap полный URL со схемой и хостом; относительный путь или одно имя хоста не читаются.",
	"multiple-star-groups.explain":           "RFC 9309 и Google объединяют все группы \"User-agent: *\" в одну; Яндекс считает несколько таких групп ошибкой. Одну группу проще читать, и все прочтут её одинаково.",
	"blank-line-in-group.explain":            "Яндекс пишет, что между User-agent и правилами не должно быть пустых строк, а его проверка считает правила после такой строки правилами без User-agent: Яндекс заканчивает группу на ней. RFC 9309 и Google читают дальше. См. docs/yandex.md.",
	"named-group-replaces-star.explain":      "Краулер с собственной группой читает только её, а не \"*\". Правила группы \"*\", которым он тоже должен следовать, нужно повторить в его группе.",
	"invalid-product-token.explain":          "Строка user-agent называет краулер его токеном продукта (буквы, цифры, \"-\", \"_\", \".\"); парсеры останавливаются на первом другом символе, поэтому \"Yahoo! Slurp\" называет Yahoo, а не Slurp. Проверка предлагает токен краулера, только если знает его, и никогда — обрезанное имя.",
	"ai-token-confusion.explain":             "Операторы ИИ используют разные токены для обучения, поиска и загрузок по просьбе пользователя; закрыв один, остальные вы оставляете открытыми. Проверка находит обычные путаницы: закрыт поиск, но не обучение; поисковая система закрыта вместе с краулерами ИИ; старые токены.",
	"content-signal.explain":                 "Content-Signal (contentsignals.org) сообщает, как можно использовать контент: search, ai-input, ai-train, каждый yes или no. Проверка проверяет синтаксис.",
	"html-body.explain":                      "robots.txt, который на деле HTML-страница (страница ошибки или главная страница, отданная по /robots.txt), не содержит правил, понятных краулеру, поэтому краулеры могут загружать всё.",
	"bom.explain":                            "Метку порядка байтов UTF-8 в начале файла Google и парсеры RFC 9309 пропускают, но некоторые старые парсеры считают её частью первой строки и теряют её директиву.",
	"mixed-line-endings.explain":             "Краулеры принимают LF, CRLF и CR, даже вперемешку; некоторые инструменты и редакторы — нет, и при правке легко ошибиться.",
	"invalid-utf8.explain":                   "RFC 9309 требует UTF-8. Байты другой кодировки соответствуют только URL с точно такими же байтами, а файл в UTF-16 прочитать нельзя вовсе.",
	"line-too-long.explain":                  "Парсер Google оставляет только первые 16 663 байта строки; остаток более длинного правила отрезается, и оно соответствует другому.",
	"empty-file.explain":                     "Файл без директив разрешает всем краулерам загружать всё — как если бы robots.txt не было.",
	"space-in-path.explain":                  "В грамматике RFC 9309 пробелов в пути нет, и парсеры расходятся: парсер Google оставляет пробел как есть, поэтому для Googlebot правило не соответствует %20, которое отправляют браузеры, а другие кодируют его как %20 или обрезают значение на пробеле. Записанное через %20, правило значит одно и то же для всех.",
	"several-paths.explain":                  "Одна строка Allow или Disallow принимает один путь. Несколько путей в одной строке читаются как один длинный путь с пробелами, который не соответствует ни одному из них.",
	"glued-directives.explain":               "Директивы, слившиеся в одну строку (потерянный перевод строки, часто из-за CMS), становятся частью пути первой: первое правило ничему не соответствует, а вторая директива теряется.",
	"hash-in-path.explain":                   "\"#\" начинает комментарий в любом месте строки, поэтому \"/page#section\" — это правило \"/page\": оно охватывает больше задуманного, а \"/#top\" закрывает весь сайт. Фрагмент #... всё равно не доходит до сервера.",
	"host-as-path.explain":                   "Имя хоста, записанное как путь (\"/beta.example.gov\"), соответствует только такому пути на этом хосте. robots.txt не может управлять другим хостом: ему нужен собственный файл.",
	"home-page-only.explain":                 "\"Disallow: /\" вместе с \"Allow: /$\" открывает главную страницу и закрывает всё остальное. Проверка site-closed здесь молчит, раз что-то открыто, поэтому об этом говорит эта проверка.",
	"yandex-limits.explain":                  "Проверка robots.txt Яндекса сообщает об ошибке, если в группах, которые он читает, больше 2048 правил или если правило длиннее 1024 символов.",
	"repeated-directive.explain":             "Crawl-delay дважды в одной группе или Host дважды в файле: читающие их краулеры берут одно значение, и не все одно и то же.",
	"lookalike-field.explain":                "Имя поля, набранное похожим символом (неразрывный дефис, кириллическая буква), выглядит правильно, но это не то имя, которое ищут краулеры, и они пропускают строку.",
	"html-in-line.explain":                   "HTML-теги, оставленные редактором CMS или копированием с веб-страницы, становятся частью строки: в значении user-agent или в пути оказывается \"<br/>\", и оно больше не совпадает.",
	"no-sitemap.explain":                     "Строка Sitemap позволяет любому краулеру найти карты сайта без кабинета вебмастера; без неё о них знают только поисковики, куда их отправили.",
	"sitemap-other-host.explain":             "Карта сайта на другом хосте, чем файл: Google и Bing принимают её из robots.txt как доказательство, что оба хоста принадлежат владельцу, другие краулеры — не обязательно.",
	"redundant-rule.explain":                 "Правило, которое целиком покрывает другое правило того же вида с тем же решением, ничего не меняет и только удлиняет файл; одно короткое правило часто делает избыточными много длинных.",
	"broad-prefix.explain":                   "Правило соответствует всем путям, которые с него начинаются, поэтому путь без \"/\" в конце захватывает и более длинные имена: \"Disallow: /test\" блокирует \"/testimonials\". Проверка сообщает об этом, когда такой более длинный путь назван в самом файле.",
	"text.bad":                               "Плохо",
	"text.good":                              "Хорошо",
	"text.more":                              "Подробнее",
	"text.total":                             "Файлов: {files}; {counts}",
	"text.id":                                "Код",
	"text.severity":                          "важность",
	"text.summary-heading":                   "что ищет",
	"at-lines":                               "строки {lines}",
	"empty-group.yandex":                     " Яндекс завершает группу на пустой строке и не даёт им никаких правил.",
	"blocks-css-js.msg.folder":               "Правило \"{rule}\" блокирует {path} для {agents}: если сайт отдаёт оттуда CSS или JavaScript, поисковые системы не смогут отрисовать страницы так, как их видят посетители, и могут счесть их сломанными.",
	// audit-limit
	// Genitive: "для {count}".
	"unit.name": "{n} имени|{n} имён|{n} имён",
	// Groups the digits of large numbers: "100,000".
	"number.separator": "\u00a0",
	// Prepositional: "в {sets}".
	"unit.rule set":          "{n} наборе правил|{n} наборах правил|{n} наборах правил",
	"audit-limit.summary":    "Проверка сравнила друг с другом только часть правил файла: файл достиг границы, которая держит стоимость проверки линейной по его размеру.",
	"audit-limit.fix":        "Для краулеров исправлять нечего. Для полной проверки называйте каждый краулер только в одной группе и держите правил немного: одно правило с \"*\" вместо многих, различающихся в одной части.",
	"audit-limit.msg":        "Объединённые правила для {count} ({agents}) не сравнивались: с ними объединённые наборы правил всех имён файла содержали бы больше {limit} правил. Проверки объединённых правил краулера (duplicate-rule, conflicting-rules, shadowed-rule, redundant-rule, blocks-css-js, site-closed и подобные) эти имена не рассматривали; все остальные проверки прошли по всему файлу.",
	"audit-limit.msg.large":  "redundant-rule не сравнивала правила в {sets} ({agents}): в каждом больше {limit} различных правил. Более длинное правило, избыточное из-за более короткого, там не отмечается; остальные проверки эти правила сравнили.",
	"audit-limit.msg.budget": "Проверки, сравнивающие правила друг с другом, остановились после {limit} шагов: shadowed-rule, redundant-rule и named-group-replaces-star могли пропустить некоторые правила этого файла. Все остальные проверки прошли по всему файлу.",
	"audit-limit.explain":    "Некоторые проверки сравнивают правила друг с другом: правила объединённых групп каждого краулера (duplicate-rule, shadowed-rule, redundant-rule) и правила именованной группы с группой \"*\" (named-group-replaces-star). Их работа может расти быстрее файла: сотни имён, каждое из которых добавляет свою маленькую группу к одной большой общей, дают сотни больших наборов правил. Чтобы проверка оставалась линейной по размеру файла, эта работа ограничена: 100 000 правил во всех объединённых наборах, 4 000 000 шагов сравнения и 5000 различных правил в наборе для redundant-rule. За границей проверка сравнивает только часть файла и сообщает об этом: всё, что она находит, по-прежнему верно, но находит она, возможно, не всё. Краулеры читают файл как обычно; в самом файле ошибки нет. Пример показывает такую форму в малом виде: чтобы достичь границы, нужны сотни имён и правил. Если называть каждый краулер только в одной группе, как в исправленном файле, краулеры с общими правилами получают один общий набор, который сравнивается один раз.",
}
