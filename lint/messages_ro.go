package lint

// Romanian texts of the audit. The terms are those of the web page
// (web/static/assets/i18n/ro.json): crawler/crawlere, grup, regulă,
// directivă, cale, token de produs, harta site-ului, a prelua (fetch),
// parcurgere (crawling), analizor (parser). Fixes use the formal imperative
// ("Eliminați"); letters with a comma below (ș, ț), never a cedilla.
// robots.txt syntax stays in straight double quotes, as the values the code
// quotes.
//
// Where the code passes a bare number (a count, a size), the sentence is
// built so that the number needs no noun, which would need "de" from 20 on
// ("{count} în total", "în octeți: {size}"); numbers with a noun go through
// the unit.* plural forms (one|few|other: "1 regulă", "3 reguli",
// "20 de reguli").
func init() { catalogues["ro"] = romanian }

var romanian = map[string]string{
	// Shared pieces.
	// Completări pentru remedierile generale din lista verificărilor.
	"generic.same":       "calea fără el",
	"generic.token":      "NumeCrawler",
	"generic.suggestion": "numele corect",
	"generic.current":    "tokenul actual",
	"generic.open":       "crawlerul de antrenare",
	"generic.closed":     "celelalte",
	"generic.name":       "numele",
	"more":               " și încă {n}",
	"at-line":            "linia {line}",
	"unit.rule":          "{n} regulă|{n} reguli|{n} de reguli",
	"unit.directive":     "{n} directivă|{n} directive|{n} de directive",
	"unit.named crawler": "{n} crawler specificat|{n} crawlere specificate|{n} de crawlere specificate",
	"severity.error":     "eroare",
	"severity.warning":   "avertisment",
	"severity.info":      "notă",
	"severity.errors":    "{n} eroare|{n} erori|{n} de erori",
	"severity.warnings":  "{n} avertisment|{n} avertismente|{n} de avertismente",
	"severity.infos":     "{n} notă|{n} note|{n} de note",
	"text.fix":           "soluție",
	"text.no-findings":   "nicio constatare",
	"text.whole-file":    "întregul fișier",
	"text.line":          "linia {line}",
	"text.lines":         "liniile {line}–{end}",
	"text.group.error":   "Erori",
	"text.group.warning": "Avertismente",
	"text.group.info":    "Note",
	"text.summary":       "{file}: {counts}",

	// text-before-group
	"text-before-group.summary":        "Explicații sau alt text înainte de prima linie User-agent, care nu sunt scrise ca un comentariu.",
	"text-before-group.fix":            "Începeți fiecare linie de explicații cu \"#\", ca să devină un comentariu.",
	"text-before-group.msg.text":       "Linia {text} nu este o directivă și se află înainte de prima linie User-agent; crawlerele o ignoră, iar Google Search Console o raportează ca eroare de sintaxă.",
	"text-before-group.msg.text-lines": "Liniile {line}–{last} ({count} în total, prima fiind {text}) nu sunt directive și se află înainte de prima linie User-agent; crawlerele le ignoră.",

	// rule-outside-group
	"rule-outside-group.summary": "O linie Allow sau Disallow înainte de orice linie User-agent: nu aparține niciunui grup și toate crawlerele o ignoră (RFC 9309, secțiunea 2.2.2).",
	"rule-outside-group.fix":     "Puneți o linie User-agent (\"User-agent: *\" sau numele crawlerelor) deasupra regulilor.",
	"rule-outside-group.msg":     "Regula \"{rule}\" apare înainte de orice linie User-agent, deci nu aparține niciunui grup și toate crawlerele o ignoră.",

	// empty-disallow
	"empty-disallow.summary":  "\"Disallow:\" fără cale nu se potrivește cu nimic, deci permite totul.",
	"empty-disallow.fix":      "Eliminați linia Disallow goală; dacă grupul trebuie să permită totul, ajunge \"Disallow:\" singur (sau \"Allow: /\").",
	"empty-disallow.msg.only": "\"Disallow:\" fără cale permite totul pentru {agents}; este formula clasică pentru „se poate prelua orice”, deci nu este nicio problemă dacă asta ați vrut.",
	"empty-disallow.fix.only": "",
	"empty-disallow.msg":      "\"Disallow:\" fără cale nu se potrivește cu nimic și aici nu are niciun efect; adesea este o rămășiță dintr-un șablon. Celelalte reguli ale grupului se aplică în continuare.",

	// unknown-directive
	"unknown-directive.summary":        "Un câmp pe care niciun crawler important nu îl înțelege (cu o sugestie „ați vrut să scrieți…” pentru greșelile de scriere) sau o linie care nu este deloc o directivă.",
	"unknown-directive.fix":            "Eliminați linia, transformați-o în comentariu cu \"#\" sau corectați numele câmpului.",
	"unknown-directive.msg":            "{key} nu este un câmp citit de Google, Bing sau Yandex; crawlerele ignoră linia.",
	"unknown-directive.msg.typo":       "{key} nu este un câmp citit de vreun crawler; ați vrut să scrieți {suggestion}? În forma actuală, crawlerele ignoră linia.",
	"unknown-directive.fix.typo":       "Scrieți \"{suggestion}:\".",
	"unknown-directive.msg.minor":      "{key} este o extensie veche pe care Google, Bing și Yandex o ignoră (câteva crawlere mici, precum cel al Seznam, citesc Request-rate).",
	"unknown-directive.fix.minor":      "Eliminați linia, dacă niciun crawler care vă interesează nu o citește.",
	"unknown-directive.msg.url":        "{text} este un simplu URL, nu o directivă; crawlerele ignoră linia.",
	"unknown-directive.fix.url":        "Dacă este o hartă a site-ului, scrieți \"Sitemap: {url}\"; altfel, eliminați linia sau începeți-o cu \"#\".",
	"unknown-directive.msg.junk":       "{text} nu este nici directivă (\"nume: valoare\"), nici comentariu; crawlerele ignoră linia.",
	"unknown-directive.msg.junk-lines": "Liniile {line}–{last} ({count} în total, prima fiind {text}) nu sunt nici directive, nici comentarii; crawlerele le ignoră.",
	"unknown-directive.fix.junk":       "Începeți linia cu \"#\" dacă este o notă sau scrieți-o sub forma \"nume: valoare\".",
	"unknown-directive.fix.junk-lines": "Începeți liniile cu \"#\" dacă sunt note sau scrieți-le sub forma \"nume: valoare\".",

	// typo-accepted
	"typo-accepted.summary": "Un nume de câmp scris greșit sau extins, pe care analizorul Google îl acceptă (\"Useragent\", \"Dissallow\", \"Site-map\", \"Disallowed\"), dar RFC 9309 și alte crawlere s-ar putea să nu-l accepte.",
	"typo-accepted.fix":     "Scrieți numele câmpului ca în RFC 9309: User-agent, Allow, Disallow, Sitemap.",
	"typo-accepted.msg":     "Google citește {key} ca {name}, dar analizoarele conforme cu RFC 9309 și alte crawlere pot ignora linia.",

	// missing-colon
	"missing-colon.summary":     "O directivă fără două puncte (\"Disallow /x\"): Google o acceptă când linia are exact două cuvinte; celelalte crawlere, nu.",
	"missing-colon.fix":         "Puneți două puncte după numele câmpului: \"{key}: {value}\".",
	"missing-colon.msg":         "Linia {text} nu are două puncte; Google o citește ca \"{key}: {value}\", pentru că are exact două cuvinte, dar alte crawlere o ignoră.",
	"missing-colon.msg.ignored": "Linia {text} nu are două puncte și nici exact două cuvinte, deci toate crawlerele o ignoră.",
	"missing-colon.fix.ignored": "Scrieți-o sub forma \"{key}: valoare\", câte o valoare pe linie.",

	// file-too-large
	"file-too-large.summary":           "Fișierul depășește cei 500 KiB pe care îi citesc Google și Yandex; tot ce urmează după limită este ignorat.",
	"file-too-large.fix":               "Păstrați robots.txt sub 500 KiB: combinați regulile asemănătoare cu \"*\" și eliminați regulile pentru căi care nu mai există.",
	"file-too-large.msg":               "Dimensiunea fișierului în octeți: {size}; crawlerele citesc doar primii {limit} (linii întregi), deci liniile {first}–{last} sunt ignorate, iar ele conțin {directives} (dintre care {rules}).",
	"file-too-large.msg.no-directives": "Dimensiunea fișierului în octeți: {size}; crawlerele citesc doar primii {limit}, deci liniile {first}–{last} sunt ignorate (nu conțin directive, așa că nu se pierde nimic).",

	// site-closed
	"site-closed.summary":     "Întregul site este închis pentru un grup (un Disallow care se potrivește cu orice cale și niciun Allow care să redeschidă ceva); se arată crawlerele afectate și cele care au în continuare acces.",
	"site-closed.fix":         "Dacă este o rămășiță de pe un site de test, eliminați \"Disallow: /\"; dacă este intenționat, nu trebuie făcut nimic.",
	"site-closed.msg.star":    "Întregul site este închis pentru toate crawlerele fără un grup propriu (crawlere cunoscute: {count}, de exemplu {examples}).{extra}",
	"site-closed.msg.search":  "Întregul site este închis pentru {agents}: site-ul va dispărea din rezultatele de căutare ale acestora.{extra}",
	"site-closed.msg.named":   "Întregul site este închis pentru {count}: {agents}.{extra}",
	"site-closed.fix.named":   "",
	"site-closed.open-named":  " Acestea au grupuri proprii care lasă site-ul deschis: {agents}.",
	"site-closed.ignoring":    " Acestea ignoră \"User-agent: *\" și pot parcurge în continuare site-ul: {agents}.",
	"site-closed.followers":   " Astfel, site-ul este închis și pentru {followers}, care urmează acel grup când niciun grup nu le numește.",
	"site-closed.others-open": " Crawlerele fără un grup propriu pot parcurge în continuare site-ul.",
	"site-closed.star-open":   " Crawlerele fără un grup propriu urmează grupul \"*\", care lasă site-ul deschis.",
	"site-closed.no-star":     " Nu există un grup \"*\", deci orice alt crawler poate prelua totul.",

	// blocks-css-js
	"blocks-css-js.summary": "O regulă Disallow care împiedică motoarele de căutare să preia fișiere CSS sau JavaScript; Google, Bing și Yandex randează paginile și au nevoie de ele.",
	"blocks-css-js.fix":     "Permiteți fișierele CSS și JavaScript, de exemplu cu \"Allow: /*.css$\" și \"Allow: /*.js$\" în același grup, sau restrângeți regula.",
	"blocks-css-js.msg":     "Regula \"{rule}\" blochează {path} pentru {agents}; motoarele de căutare randează paginile, iar fără CSS și JavaScript pot vedea o pagină stricată.",

	// pattern-no-slash
	"pattern-no-slash.summary":       "O cale care nu începe nici cu \"/\", nici cu \"*\": căile încep întotdeauna cu \"/\", deci regula nu se poate potrivi niciodată.",
	"pattern-no-slash.fix":           "Începeți calea cu \"/\": \"{kind}: {fixed}\".",
	"pattern-no-slash.msg.invisible": "Calea {pattern} începe cu un caracter invizibil ({char}) pe care analizoarele nu îl elimină, deci nu începe cu \"/\", iar regula nu se potrivește niciodată cu nimic.",
	"pattern-no-slash.fix.invisible": "Ștergeți caracterul dinaintea căii: \"{kind}: {fixed}\".",
	"pattern-no-slash.msg":           "Calea {pattern} nu începe cu \"/\" sau \"*\", iar calea oricărui URL începe cu \"/\", deci această regulă nu se potrivește niciodată cu nimic.",

	// full-url-pattern
	"full-url-pattern.summary": "O regulă a cărei cale este un URL complet (\"Disallow: https://example.com/x\"): nu se potrivește niciodată.",
	"full-url-pattern.fix":     "Scrieți doar calea: \"{kind}: {path}\". Un robots.txt se aplică gazdei de pe care este servit.",
	"full-url-pattern.msg":     "Calea regulii, {pattern}, este un URL complet; regulile se compară doar cu calea unui URL, deci aceasta nu se potrivește niciodată cu nimic.",

	// dollar-inside
	"dollar-inside.summary": "Un \"$\" care nu este ultimul caracter al căii: doar un \"$\" final marchează sfârșitul; în rest este un simplu semn de dolar.",
	"dollar-inside.fix":     "Mutați \"$\" la final dacă trebuie să marcheze sfârșitul căii; scrieți %24 dacă este vorba de semnul de dolar propriu-zis.",
	"dollar-inside.msg":     "În calea {pattern}, \"$\" nu este ultimul caracter, deci se potrivește cu un \"$\" din URL, nu cu sfârșitul căii.",

	// redundant-wildcard
	"redundant-wildcard.summary": "Un \"*\" la final: regulile se potrivesc oricum cu toate căile care încep cu ele.",
	"redundant-wildcard.fix":     "Eliminați \"*\" de la final: scrieți {same}.",
	"redundant-wildcard.msg":     "Caracterul \"*\" de la finalul lui {pattern} nu schimbă nimic: regula se potrivește exact cu aceleași căi ca {same}.",

	// duplicate-rule
	"duplicate-rule.summary":    "Aceeași regulă de două ori printre regulile care se aplică unui crawler.",
	"duplicate-rule.fix":        "Eliminați linia repetată.",
	"duplicate-rule.msg":        "Regula \"{rule}\" repetă linia {first}.",
	"duplicate-rule.msg.merged": "Regula \"{rule}\" repetă linia {first}; cele două grupuri se aplică împreună pentru {agents}, deoarece grupurile care numesc același crawler se combină.",

	// conflicting-rules
	"conflicting-rules.summary": "Aceeași cale este și permisă, și interzisă pentru un crawler: la egalitate câștigă Allow, deci Disallow nu se aplică niciodată.",
	"conflicting-rules.fix":     "Păstrați linia pe care o doriți și eliminați-o pe cealaltă.",
	"conflicting-rules.msg":     "Calea {pattern} este și permisă (linia {allow}), și interzisă (linia {disallow}); la egalitate câștigă Allow, deci linia Disallow nu se aplică niciodată.",

	// shadowed-rule
	"shadowed-rule.summary":         "O regulă care nu poate decide niciodată pentru nicio cale: altă regulă se potrivește cu toate căile cu care se potrivește ea și câștigă întotdeauna (este mai lungă sau, la egalitate, este un Allow), ori un Allow cu cale goală.",
	"shadowed-rule.fix":             "Eliminați regula sau faceți-o mai lungă (mai specifică) decât cea care o anulează.",
	"shadowed-rule.msg":             "Regula \"{rule}\" nu decide niciodată: \"{by}\" (linia {line}) se potrivește cu toate căile cu care se potrivește ea și câștigă întotdeauna (câștigă potrivirea cea mai lungă; la egalitate, Allow).",
	"shadowed-rule.msg.same-kind":   "Regula \"{rule}\" nu decide niciodată: \"{by}\" (linia {line}) se potrivește cu toate căile cu care se potrivește ea și este mai lungă; rezultatul este același, deci regula este redundantă.",
	"shadowed-rule.fix.same-kind":   "Eliminați regula redundantă.",
	"shadowed-rule.msg.empty-allow": "\"Allow:\" fără cale nu se potrivește cu nimic, deci nu decide niciodată nimic.",
	"shadowed-rule.fix.empty-allow": "Eliminați linia; pentru a permite totul, ajunge \"Allow: /\" sau un grup fără reguli.",

	// case-mismatch-hint
	"case-mismatch-hint.summary":   "Căi care diferă doar prin majuscule sau litere mari într-un fișier ale cărui celelalte căi sunt scrise cu litere mici: căile țin cont de majuscule.",
	"case-mismatch-hint.fix":       "Verificați cum se scriu de fapt URL-urile dumneavoastră; scrieți câte o regulă pentru fiecare variantă care există.",
	"case-mismatch-hint.msg.pair":  "Calea {pattern} diferă de {other} (linia {first}) doar prin majuscule; căile țin cont de majuscule, deci acestea sunt două căi diferite. Este corect dacă există ambele variante.",
	"case-mismatch-hint.msg.upper": "Calea {pattern} conține litere mari, în timp ce celelalte căi din fișier ({others}) sunt scrise cu litere mici; căile țin cont de majuscule, deci regula nu se potrivește cu {lower}.",

	// non-ascii-pattern
	"non-ascii-pattern.summary": "O cale cu caractere din afara ASCII: crawlerele o compară codată procentual în UTF-8.",
	"non-ascii-pattern.fix":     "Nu este nicio problemă dacă fișierul este în UTF-8; scrisă în forma codată, regula se citește la fel în orice analizor.",
	"non-ascii-pattern.msg":     "Calea {pattern} conține caractere din afara ASCII; este comparată ca {encoded}.",

	// agent-with-version
	"agent-with-version.summary": "O valoare user-agent cu versiune (\"Googlebot/2.1\", \"iaskspider/2.0\"): contează doar tokenul de produs de la început.",
	"agent-with-version.fix":     "Scrieți doar tokenul de produs: \"User-agent: {token}\".",
	"agent-with-version.msg":     "Din valoarea {value} contează doar tokenul de produs, deci grupul se aplică oricărei versiuni de {token}; analizoarele care compară întreaga valoare s-ar putea să nu o potrivească niciodată.",

	// agent-wildcard
	"agent-wildcard.summary":    "\"*\" în interiorul unei valori user-agent (\"Googlebot*\", \"*bot\"): acolo nu este metacaracter; doar \"*\" singur înseamnă orice crawler.",
	"agent-wildcard.fix":        "Numiți fiecare crawler pe o linie User-agent separată sau folosiți \"User-agent: *\".",
	"agent-wildcard.msg":        "În valoarea {value}, \"*\" nu este metacaracter: grupul se aplică doar pentru {token}.",
	"agent-wildcard.msg.family": "În valoarea {value}, \"*\" nu este metacaracter: grupul se aplică doar pentru {token}, nu și pentru {others}.",
	"agent-wildcard.msg.none":   "{value} nu este un token de produs (o valoare user-agent trebuie să înceapă cu litere, \"-\" sau \"_\"), deci această linie nu numește niciun crawler.",

	// invalid-product-token
	"invalid-product-token.summary":       "O valoare user-agent care nu este un token de produs valid (\"Brightbot 1.0\", \"bigsur.ai\"): analizoarele o scurtează la literele de la început.",
	"invalid-product-token.fix":           "Scrieți doar tokenul de produs al crawlerului (litere, \"-\" și \"_\"): \"User-agent: {token}\".",
	"invalid-product-token.msg":           "{value} nu este un token de produs valid; analizoarele îl scurtează la {token}, iar grupul se aplică pentru {token}.",
	"invalid-product-token.msg.family":    "{value} nu este un token de produs valid; analizoarele îl scurtează la {token}, deci grupul se aplică pentru {token} și pentru toate crawlerele care urmează grupul {token}.",
	"invalid-product-token.msg.none":      "{value} nu este un token de produs valid și nu începe cu litere, deci această linie nu numește niciun crawler.",
	"invalid-product-token.fix.none":      "Scrieți tokenul de produs al crawlerului (doar litere, \"-\" și \"_\"), așa cum îl documentează operatorul său.",
	"invalid-product-token.msg.star":      "{value} este citit ca \"*\" (orice crawler): restul liniei, {rest}, este ignorat.",
	"invalid-product-token.fix.star":      "Puneți fiecare directivă pe o linie separată: \"User-agent: *\", apoi regulile.",
	"invalid-product-token.msg.invisible": "Valoarea user-agent {value} începe cu un caracter invizibil ({char}) pe care analizoarele nu îl elimină, deci această linie nu numește niciun crawler.",
	"invalid-product-token.fix.invisible": "Ștergeți caracterul dinaintea numelui (rescrieți spațiul de după \"User-agent:\").",
	"invalid-product-token.msg.empty":     "Linia User-agent nu are valoare, deci nu numește niciun crawler.",
	"invalid-product-token.fix.empty":     "Scrieți un token de produs sau \"*\" pentru orice crawler.",

	// empty-group
	"empty-group.summary":         "Linii User-agent fără reguli după ele sau despărțite printr-o linie goală de liniile cu care au reguli comune.",
	"empty-group.fix":             "Adăugați regulile destinate acestor crawlere; pentru a le permite totul, scrieți \"Disallow:\" sub ele.",
	"empty-group.msg":             "Nicio regulă nu urmează după liniile User-agent pentru {agents}: aceste crawlere pot prelua totul și nu trec la grupul \"*\".",
	"empty-group.msg.star":        "Nicio regulă nu urmează după \"User-agent: *\": orice crawler fără un grup propriu poate prelua totul.",
	"empty-group.msg.shares":      "Liniile User-agent pentru {agents} sunt despărțite de următoarele prin linii goale sau alte înregistrări, dar între ele nu există nicio regulă: conform RFC 9309 și pentru Google formează toate un singur grup cu linia {next} și au regulile acestuia (de la linia {rules}); Yandex încheie grupul la linia goală și nu le dă nicio regulă.",
	"empty-group.msg.shares-star": "Liniile User-agent pentru {agents} sunt despărțite de următoarele prin linii goale sau alte înregistrări, dar între ele nu există nicio regulă: conform RFC 9309 și pentru Google formează un singur grup, din care face parte și \"*\", și au regulile acestuia (de la linia {rules}); Yandex încheie grupul la linia goală și nu le dă nicio regulă.",
	"empty-group.fix.shares-star": "Dați reguli proprii fiecărui crawler care are nevoie de reguli diferite; eliminați liniile goale dacă regulile trebuie să fie comune.",
	"empty-group.fix.shares":      "Eliminați linia goală dacă acele reguli trebuie să fie comune; adăugați \"Disallow:\" sub ele dacă aceste crawlere trebuie să poată prelua totul.",

	// crawl-delay
	"crawl-delay.summary":     "Crawl-delay nu face parte din RFC 9309: Google o ignoră, Yandex o ignoră din 2018, iar Bing și unele crawlere AI (ClaudeBot) o citesc.",
	"crawl-delay.fix":         "Setați ritmul de parcurgere în instrumentele pentru webmasteri ale motoarelor de căutare sau răspundeți cu 429/503 când serverul este supraîncărcat.",
	"crawl-delay.msg":         "Crawl-delay: {value} nu face parte din RFC 9309; Google o ignoră, Yandex o ignoră din 2018, în timp ce Bing și alte câteva crawlere așteaptă {value} s între cereri.",
	"crawl-delay.msg.invalid": "Crawl-delay {value} nu este un număr de secunde; crawlerele care citesc Crawl-delay ignoră linia.",
	"crawl-delay.fix.invalid": "Scrieți un număr de secunde, de exemplu \"Crawl-delay: 5\", sau eliminați linia.",
	"crawl-delay.msg.huge":    "Crawl-delay: {value} înseamnă peste 300 de secunde; unele crawlere (Apache Nutch și altele bazate pe crawler-commons) tratează atunci întregul site ca închis.",
	"crawl-delay.fix.huge":    "Folosiți o întârziere de câteva secunde sau închideți direct site-ul pentru acel crawler.",

	// host-directive
	"host-directive.summary": "Directiva Host a Yandex: Yandex a încetat să o citească în martie 2018, iar alte crawlere nu au citit-o niciodată.",
	"host-directive.fix":     "Eliminați linia Host; pentru a alege oglinda principală, redirecționați celelalte gazde către ea cu HTTP 301.",
	"host-directive.msg":     "Host: {value} este vechea directivă Yandex pentru oglinda principală, pe care Yandex a încetat să o citească în martie 2018; niciun crawler nu o mai folosește.",

	// clean-param-syntax
	"clean-param-syntax.summary":           "Clean-param, directiva Yandex (\"Clean-param: p0[&p1&...] [path]\"): i se verifică sintaxa și se arată ce înseamnă; celelalte crawlere o ignoră.",
	"clean-param-syntax.fix":               "Scrieți \"Clean-param: name1&name2 /path/prefix\": numele parametrilor unite prin \"&\", apoi, opțional, o cale formată din A-Z a-z 0-9 . - / * _.",
	"clean-param-syntax.msg.ok":            "Yandex elimină parametrii {params} din URL-urile {where} înainte de a le parcurge; celelalte crawlere ignoră Clean-param.",
	"clean-param-syntax.fix.ok":            "",
	"clean-param-syntax.site":              "de pe întregul site",
	"clean-param-syntax.under":             "care se potrivesc cu {path}",
	"clean-param-syntax.msg.empty":         "Clean-param nu are valoare; Yandex o raportează ca eroare.",
	"clean-param-syntax.msg.too-long":      "Clean-param {value} depășește 500 de caractere ({length}); Yandex acceptă cel mult 500.",
	"clean-param-syntax.fix.too-long":      "Împărțiți-o în mai multe linii Clean-param.",
	"clean-param-syntax.msg.fields":        "Clean-param {value} are prea multe părți separate prin spații ({count}); Yandex așteaptă numele parametrilor unite prin \"&\", apoi cel mult o cale.",
	"clean-param-syntax.msg.empty-name":    "Clean-param {value} are un nume de parametru gol (un \"&\" la început, la final sau dublat).",
	"clean-param-syntax.msg.value-given":   "Clean-param {value}: {param} conține o valoare, dar directiva primește doar nume de parametri.",
	"clean-param-syntax.fix.value-given":   "Scrieți doar numele: {name}.",
	"clean-param-syntax.msg.path-as-param": "Clean-param {value}: {param} arată ca o cale, dar prima parte trebuie să conțină nume de parametri; calea vine a doua, după un spațiu.",
	"clean-param-syntax.msg.param-chars":   "Clean-param {value}: numele de parametru {param} conține caractere pe care un nume de parametru de interogare nu le poate avea.",
	"clean-param-syntax.msg.path-chars":    "Clean-param {value}: calea {path} conține caracterul {char}; Yandex permite acolo doar A-Z a-z 0-9 . - / * _.",
	"clean-param-syntax.msg.path-slash":    "Clean-param {value}: calea {path} ar trebui să înceapă cu \"/\".",

	// noindex-directive
	"noindex-directive.summary": "Noindex sau Nofollow în robots.txt: Google a încetat să le citească la 1 septembrie 2019 și niciun crawler important nu le citește.",
	"noindex-directive.fix":     "Folosiți o etichetă meta robots (<meta name=\"robots\" content=\"noindex\">) sau un antet X-Robots-Tag și lăsați crawlerele să preia pagina, ca să le poată vedea.",
	"noindex-directive.msg":     "Directiva {key} nu este acceptată în robots.txt: Google a încetat să o citească la 1 septembrie 2019, iar niciun alt crawler important nu o citește, deci paginile pot fi indexate în continuare.",

	// sitemap-not-absolute
	"sitemap-not-absolute.summary":       "O valoare Sitemap care nu este un URL absolut http sau https.",
	"sitemap-not-absolute.fix":           "Dați URL-ul complet al hărții site-ului, de exemplu \"Sitemap: https://example.com/sitemap.xml\".",
	"sitemap-not-absolute.msg.invisible": "Adresa hărții site-ului {value} începe cu un caracter invizibil ({char}) pe care analizoarele nu îl elimină, deci valoarea nu este un URL.",
	"sitemap-not-absolute.fix.invisible": "Ștergeți caracterul dinaintea URL-ului (rescrieți spațiul de după \"Sitemap:\").",
	"sitemap-not-absolute.msg.empty":     "Linia Sitemap nu are URL.",
	"sitemap-not-absolute.msg.relative":  "Adresa hărții site-ului {value} este o cale relativă; crawlerele au nevoie de URL-ul complet, cu https:// și gazda.",
	"sitemap-not-absolute.msg.no-scheme": "Adresa hărții site-ului {value} nu are schemă; crawlerele au nevoie de un URL complet, de exemplu {url}.",
	"sitemap-not-absolute.fix.no-scheme": "Scrieți \"Sitemap: {url}\".",
	"sitemap-not-absolute.msg.scheme":    "Adresa hărții site-ului {value} folosește {scheme}; crawlerele preiau hărțile site-ului doar prin http sau https.",
	"sitemap-not-absolute.msg.invalid":   "Adresa hărții site-ului {value} nu este un URL valid.",

	// multiple-star-groups
	"multiple-star-groups.summary":  "Mai multe grupuri \"User-agent: *\": RFC 9309 și Google le combină, Yandex raportează o eroare.",
	"multiple-star-groups.fix":      "Mutați aceste reguli în primul grup \"User-agent: *\".",
	"multiple-star-groups.msg":      "Un al doilea grup \"User-agent: *\" (primul este la linia {first}): RFC 9309 și Google le combină, dar Yandex raportează mai multe grupuri \"*\" ca eroare.",
	"multiple-star-groups.msg.many": "Fișierul are mai multe grupuri \"User-agent: *\" — {count} în total (primul la linia {first}, celelalte la liniile {lines}): RFC 9309 și Google le combină, dar Yandex raportează mai multe grupuri \"*\" ca eroare.",

	// blank-line-in-group
	"blank-line-in-group.summary": "O linie goală între liniile User-agent ale unui grup și regulile lui: acceptabil pentru RFC 9309 și Google, o eroare pentru Yandex, care încheie grupul acolo.",
	"blank-line-in-group.fix":     "Eliminați linia goală, astfel încât regulile să urmeze direct după liniile User-agent.",
	"blank-line-in-group.msg":     "O linie goală desparte liniile User-agent pentru {agents} de regulile lor (linia {rule}); RFC 9309 și Google trec peste ea, dar Yandex încheie grupul la linia goală, iar acele crawlere rămân fără reguli.",

	// named-group-replaces-star
	"named-group-replaces-star.summary": "Un crawler cu un grup propriu nu citește grupul \"*\", deci poate prelua ce interzice \"*\", dacă grupul lui nu repetă regula.",
	"named-group-replaces-star.fix":     "Repetați în grup regulile \"*\" pe care crawlerul trebuie să le respecte și el.",
	"named-group-replaces-star.msg":     "{agents} are un grup propriu, deci grupul \"*\" (linia {star}) nu i se aplică și poate prelua căi pe care acel grup le interzice ({count}): {rules}.",

	// ai-token-confusion
	"ai-token-confusion.summary":         "Tokenuri AI încurcate: o căutare AI sau un preluator pentru utilizatori este blocat, în timp ce crawlerul de antrenare al aceluiași operator rămâne deschis; un motor de căutare este blocat împreună cu crawlerele AI; sau este numit un token vechi.",
	"ai-token-confusion.fix":             "Numiți fiecare token al operatorului după ce doriți: antrenare (GPTBot, ClaudeBot, Google-Extended, Applebot-Extended), căutare (OAI-SearchBot, Claude-SearchBot, PerplexityBot) și preluări pentru utilizatori (ChatGPT-User, Claude-User).",
	"ai-token-confusion.msg.reverse":     "Site-ul este închis pentru {closed} (căutarea {operator} sau preluările sale pentru utilizatori), dar {open}, crawlerul de antrenare al {operator}, are în continuare acces: site-ul rămâne în afara răspunsurilor {operator}, dar deschis pentru antrenare — invers față de intenția obișnuită.",
	"ai-token-confusion.fix.reverse":     "Pentru a renunța doar la antrenare, închideți {open} și lăsați {closed} deschis; pentru a renunța la tot, închideți-le pe toate.",
	"ai-token-confusion.msg.google":      "Acest grup închide Googlebot împreună cu crawlerele AI, ceea ce scoate site-ul și din Căutarea Google. Pentru ca Google să nu antreneze Gemini pe conținutul site-ului, numiți în schimb Google-Extended.",
	"ai-token-confusion.fix.google":      "Înlocuiți \"User-agent: Googlebot\" cu \"User-agent: Google-Extended\" în acest grup.",
	"ai-token-confusion.msg.apple":       "Acest grup închide Applebot împreună cu crawlerele AI, ceea ce scoate site-ul și din Siri și Spotlight. Pentru ca Apple să nu-și antreneze modelele pe conținutul site-ului, numiți în schimb Applebot-Extended.",
	"ai-token-confusion.fix.apple":       "Înlocuiți \"User-agent: Applebot\" cu \"User-agent: Applebot-Extended\" în acest grup.",
	"ai-token-confusion.msg.search":      "Acest grup închide {token}, un motor de căutare, împreună cu crawlerele AI, ceea ce scoate site-ul și din rezultatele lui de căutare.",
	"ai-token-confusion.fix.search":      "Mutați {token} într-un grup propriu dacă trebuie să parcurgă în continuare site-ul.",
	"ai-token-confusion.msg.legacy":      "{token} este un token vechi al {operator}, pe care crawlerele sale nu îl mai folosesc: tokenul actual, {current}, nu este numit, deci urmează grupul \"{group}\", nu pe acesta.",
	"ai-token-confusion.msg.legacy-none": "{token} este un token vechi al {operator}, pe care crawlerele sale nu îl mai folosesc: tokenul actual, {current}, nu este numit și niciun grup nu i se aplică, deci poate prelua totul.",
	"ai-token-confusion.fix.legacy":      "Adăugați \"User-agent: {current}\" în grupul care numește {token}.",
	"ai-token-confusion.fix.legacy-none": "Adăugați \"User-agent: {current}\" în grupul care numește {token}.",
	"ai-token-confusion.msg.user-fetch":  "{token} preia pagini în numele utilizatorilor {operator}, iar {operator} spune că robots.txt s-ar putea să nu se aplice acestor preluări: acest grup s-ar putea să nu-l oprească.",
	"ai-token-confusion.fix.user-fetch":  "",

	// content-signal
	"content-signal.summary":        "O linie Content-Signal (search, ai-input, ai-train = yes sau no): este recunoscută și i se verifică sintaxa.",
	"content-signal.fix":            "Scrieți-o sub forma \"Content-Signal: search=yes, ai-input=yes, ai-train=no\": semnalele search, ai-input și ai-train, fiecare cu yes sau no, separate prin virgule.",
	"content-signal.msg.empty":      "Content-Signal nu are valoare.",
	"content-signal.msg.empty-item": "Content-Signal {value} are un element gol (o virgulă la început, la final sau dublată).",
	"content-signal.msg.no-value":   "Elementul Content-Signal {item} nu are \"=yes\" sau \"=no\".",
	"content-signal.msg.typo":       "Content-Signal nu are semnalul {name}; ați vrut să scrieți {suggestion}?",
	"content-signal.fix.typo":       "Scrieți {suggestion}.",
	"content-signal.msg.unknown":    "Content-Signal nu are semnalul {name}; semnalele sunt search, ai-input și ai-train.",
	"content-signal.msg.bad-value":  "Content-Signal {name}={value}: valoarea trebuie să fie yes sau no.",
	"content-signal.msg.twice":      "Content-Signal specifică {name} de două ori.",

	// html-body
	"html-body.summary":  "Fișierul este o pagină HTML (sau alt document), nu robots.txt: de obicei o pagină de eroare sau pagina principală a site-ului, servită la /robots.txt.",
	"html-body.fix":      "Serviți la /robots.txt un robots.txt în text simplu sau răspundeți cu 404 dacă nu există.",
	"html-body.msg.html": "Fișierul este o pagină HTML, nu robots.txt; crawlerele nu găsesc reguli în el, deci pot prelua totul.",
	"html-body.msg.xml":  "Fișierul este un document XML (poate harta site-ului), nu robots.txt; crawlerele nu găsesc reguli în el.",

	// bom
	"bom.summary":     "Fișierul începe cu un marcaj de ordine a octeților (BOM): Google și analizoarele conforme cu RFC 9309 îl ignoră, unele analizoare mai vechi îl citesc ca parte a primei linii.",
	"bom.fix":         "Salvați fișierul în UTF-8 fără BOM.",
	"bom.msg":         "Fișierul începe cu un marcaj de ordine a octeților UTF-8 (BOM); Google și analizoarele conforme cu RFC 9309 îl ignoră, dar unele analizoare mai vechi îl iau drept parte a primei linii și ratează directiva de pe acea linie.",
	"bom.msg.partial": "Fișierul începe cu un marcaj de ordine a octeților (BOM) incomplet: {bytes} din cei 3 octeți ai săi; Google îi ignoră, alte analizoare s-ar putea să nu o facă.",

	// mixed-line-endings
	"mixed-line-endings.summary": "Fișierul amestecă tipuri de sfârșit de linie (LF, CRLF, CR): crawlerele îl acceptă, dar instrumentele și editoarele s-ar putea să nu.",
	"mixed-line-endings.fix":     "Salvați fișierul cu un singur tip de sfârșit de linie ({major}).",
	"mixed-line-endings.msg":     "Fișierul amestecă tipuri de sfârșit de linie ({counts}); aceasta este prima linie care diferă de restul. Analizoarele conforme cu RFC 9309 acceptă asta, dar unele instrumente și editoare nu.",

	// invalid-utf8
	"invalid-utf8.summary":   "Text care nu este UTF-8 valid (RFC 9309 cere UTF-8), inclusiv fișiere în UTF-16.",
	"invalid-utf8.fix":       "Salvați fișierul în UTF-8.",
	"invalid-utf8.msg":       "Această linie nu este UTF-8 valid (fișierul poate fi într-o codificare veche, precum Windows-1250 sau Latin-1); căile cu acești octeți se potrivesc doar cu URL-uri care conțin exact aceiași octeți.",
	"invalid-utf8.msg.many":  "Liniile de la aceasta până la linia {last} ({count} în total) nu sunt UTF-8 valid (fișierul poate fi într-o codificare veche, precum Windows-1250 sau Latin-1); căile cu acești octeți se potrivesc doar cu URL-uri care conțin exact aceiași octeți.",
	"invalid-utf8.msg.utf16": "Fișierul este în UTF-16, nu în UTF-8; crawlerele nu îi pot citi regulile.",

	// line-too-long
	"line-too-long.summary": "O linie mai lungă decât citește analizorul Google (16.663 de octeți): restul liniei este tăiat.",
	"line-too-long.fix":     "Împărțiți regula în mai multe reguli mai scurte.",
	"line-too-long.msg":     "Lungimea acestei linii în octeți: {length}; analizorul Google păstrează doar primii {max}, deci ce citește se termină cu {end}.",

	// empty-file
	"empty-file.summary":           "Fișierul nu are directive: orice crawler poate prelua totul.",
	"empty-file.fix":               "Nu trebuie făcut nimic dacă asta doriți; altfel, adăugați un grup, de exemplu \"User-agent: *\", cu regulile lui.",
	"empty-file.msg.empty":         "Fișierul este gol: orice crawler poate prelua totul.",
	"empty-file.msg.comments":      "Fișierul conține doar comentarii: orice crawler poate prelua totul.",
	"empty-file.msg.no-directives": "Fișierul nu are nicio directivă (nicio linie User-agent, Allow, Disallow sau Sitemap): orice crawler poate prelua totul.",
}
